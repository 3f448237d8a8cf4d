"""Dealing Gnav (one card to each player still in, the rest the stock: N12), the Fools knocked (N4), the counters
announced (N11), and reading a prepared round given to ``start(deal=...)``: ``hands``, ``stock``, ``counters``.

The dealing functions fill in a transition (``turns._Turn``): its hands, stock and events."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from tutor.cards import GnavCard, GnavRank, shuffled
from tutor.engine import IllegalMove, _shown_value
from tutor.mechanics import read_deal

from .rules import PACK, PREFIX, Rules, counters_word

if TYPE_CHECKING:
    from .turns import _Turn

DEAL = f"{PREFIX}.deal"


def deal_round(turn: _Turn, rng: random.Random) -> None:
    """gnav.deal: mix the whole pack and give one card to each player still in, from the dealer's left (N12)."""
    pack = list(shuffled(PACK, rng))
    hands: list[GnavCard | None] = [None] * len(turn.hands)
    seat = turn.dealer
    for _ in range(turn.out.count(False)):
        seat = turn.left_of(seat)
        hands[seat] = pack.pop(0)
    begin_round(turn, hands, pack, "deals one card to each player")


def begin_round(turn: _Turn, hands: list[GnavCard | None], stock: list[GnavCard], how: str) -> None:
    """gnav.deal, gnav.fool: the round's cards are laid out; whoever was dealt a Fool knocks (N4)."""
    turn.hands, turn.stock, turn.aside = hands, stock, []
    turn.dealt, turn.dealt_stock = tuple(hands), tuple(stock)
    turn.say("deal", f"{turn.names[turn.dealer]} {how}; the other {len(stock)} cards are the stock.",
             player=turn.dealer)
    turn.knocked = tuple(s for s, c in enumerate(hands) if c is not None and c.rank == GnavRank.FOOL)
    for seat in turn.knocked:
        turn.say("fool", f"{turn.names[seat]} knocks on the table: a Fool has been dealt.", player=seat)


def announce_counters(turn: _Turn) -> None:
    """gnav.counters: how many counters (or strokes) each player has as the game begins (N11)."""
    rules, names, lost = turn.rules, turn.names, turn.lost
    if not any(lost):
        if rules.slate:
            turn.say("counters", f"Losses are chalked on a slate: {rules.counters} stroke"
                                 f"{'s' * (rules.counters != 1)} put a player out.")
        else:
            turn.say("counters", f"Everyone starts with {counters_word(rules.counters)}.")
        return
    parts = []
    for seat, name in enumerate(names):
        if turn.out[seat]:
            parts.append(f"{name} is out")
        elif rules.slate:
            parts.append(f"{name} {'/' * lost[seat] or 'no strokes'}")
        else:
            parts.append(f"{name} {rules.counters - lost[seat]}")
    if rules.slate:
        turn.say("counters", f"Strokes on the slate: {', '.join(parts)}; {rules.counters} put a player out.")
    else:
        turn.say("counters", f"Counters: {', '.join(parts)}.")


def read_gnav_deal(deal: Mapping[str, Any], players: int, names: Sequence[str], dealer: int,
                   rules: Rules) -> tuple[tuple[GnavCard | None, ...], tuple[GnavCard, ...], tuple[int, ...]]:
    """``hands`` (one card per seat, none for a player out), ``stock`` (its top cards; the rest of the pack
    lies under them) and ``counters`` (per seat; by default, all of them for a seat with a card, none for one out).

    Returns the hands, the whole stock and the counters paid per seat.  The counters must agree with the
    hands (gnav.counters, N11): a seat with a card is still in, so has at least one; a seat out has none.
    """
    hands_in, piles = read_deal(deal, players, GnavCard.parse, PACK, rule=DEAL, others=("counters",))
    hands: list[GnavCard | None] = []
    for seat, hand in enumerate(hands_in):
        if len(hand) > 1:
            raise IllegalMove(DEAL, f"deal.hands[{seat}]: a Gnav hand is one card (or none for a player "
                                    f"who is out), not {len(hand)}.")
        hands.append(hand[0] if hand else None)
    if sum(card is not None for card in hands) < 2:
        raise IllegalMove(DEAL, "deal.hands: a round needs at least two players with a card.")
    if hands[dealer] is None:
        raise IllegalMove(DEAL, f"deal.hands[{dealer}]: the dealer, {names[dealer]}, must have a card.")
    counters = read_counters(deal, players, names, hands, rules)
    rest = list(PACK)
    for card in [c for c in hands if c is not None] + list(piles["stock"]):
        rest.remove(card)
    return tuple(hands), tuple(piles["stock"]) + tuple(rest), tuple(rules.counters - n for n in counters)


def read_counters(deal: Mapping[str, Any], players: int, names: Sequence[str], hands: Sequence[GnavCard | None],
                  rules: Rules) -> tuple[int, ...]:
    """``deal.counters``: a whole number per seat, 0 to ``rules.counters``, agreeing with the hands (N11)."""
    rule = f"{PREFIX}.counters"
    if deal.get("counters") is None:
        return tuple(0 if card is None else rules.counters for card in hands)
    counters = deal["counters"]
    if isinstance(counters, (str, bytes, Mapping)) or not isinstance(counters, (list, tuple)) \
            or len(counters) != players:
        raise IllegalMove(DEAL, f"deal.counters needs one number per seat ({players} numbers), "
                                f"not {_shown_value(counters)}.")
    for seat, n in enumerate(counters):
        where = f"deal.counters[{seat}]"
        if not isinstance(n, int) or isinstance(n, bool):
            raise IllegalMove(DEAL, f"{where} must be a whole number of counters, not {_shown_value(n)}.")
        if not 0 <= n <= rules.counters:
            raise IllegalMove(rule, f"{where}: a player has 0 to {rules.counters} counters (the number everyone "
                                    f"starts with), not {_shown_value(n)}.")
        if hands[seat] is not None and n == 0:
            raise IllegalMove(rule, f"{where}: {names[seat]} holds a card, so is still in and has at least one "
                                    "counter; a player with none left is out and gets no card.")
        if hands[seat] is None and n > 0:
            raise IllegalMove(rule, f"{where}: {names[seat]} has no card, so is out of the game — but a player is "
                                    f"out only after paying the last counter, so this must be 0, not {n}.")
    return tuple(counters)
