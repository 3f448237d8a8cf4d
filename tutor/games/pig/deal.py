"""Dealing Pig (one rank per player still in, four cards each: P2, P7), who moves first, and reading a prepared deal
given to ``start(deal=...)``: ``hands``, and optionally ``letters``, ``delays`` and ``passes``."""

from __future__ import annotations

import random
from typing import Any, Mapping

from tutor.cards import Card, shuffled
from tutor.engine import Event, IllegalMove, Record, _shown_value
from tutor.mechanics import deal_round_robin, read_deal

from .moves import first_to_move
from .rules import HAND, MAX_DELAY_MS, PACK, PREFIX, Rules, top_ranks

DEAL = f"{PREFIX}.deal"


def deal(pack: tuple[Card, ...], setup: Record, rules: Rules, letters: tuple[int, ...], dealer: int, deals: int,
         events: list[Event], hands: tuple[tuple[Card, ...], ...] | None = None
         ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int | None]:
    """A new deal from the gathered ``pack`` to the players still in: one rank each, top ranks down (P2, P7).

    Returns the hands, the cards of ``pack`` left aside and who moves first; the deal's event goes on ``events``.
    The position is built by ``PigState.dealt``."""
    names = setup.names
    assert names is not None
    n = len(letters)
    alive = [p for p in range(n) if letters[p] < len(rules.word)]
    order = [(dealer + i) % n for i in range(1, n + 1) if (dealer + i) % n in alive]
    if hands is None:
        ranks = top_ranks(len(alive))
        used = tuple(sorted(c for c in pack if c.rank in ranks))
        dealt, _ = deal_round_robin(shuffled(used, random.Random(f"pig-deal:{setup.seed}:{deals}")), len(alive), HAND)
        full: list[tuple[Card, ...]] = [() for _ in range(n)]
        for seat, hand in zip(order, dealt):
            full[seat] = tuple(sorted(hand))
        hands = tuple(full)
        events.append(Event(DEAL, f"{names[dealer]} deals {HAND * len(alive)} cards, "
                            f"{ranks[0].english_plural} down to {ranks[-1].english_plural}, four to each of "
                            f"the {len(alive)} players."))
    else:
        events.append(Event(DEAL, f"A prepared deal: four cards to each of the {len(alive)} players."))
    in_hands = {c for h in hands for c in h}
    aside = tuple(sorted(c for c in pack if c not in in_hands))
    return hands, aside, first_to_move(hands, order)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(deal_in: Mapping[str, Any], key: str, players: int, low: int, high: int,
            what: str) -> tuple[int, ...] | None:
    """An optional per-seat list of whole numbers ``low``..``high`` in the deal, named ``deal.key`` (or the seat's
    entry, ``deal.key[2]``) when wrong; absent or ``None``: not given."""
    value = deal_in.get(key)
    if value is None:
        return None
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)) or len(value) != players:
        raise IllegalMove(DEAL, f"deal.{key} needs {what} per seat: a list of {players} numbers from {low} to "
                                f"{high}, not {_shown_value(value)}.")
    for seat, v in enumerate(value):
        if not _whole(v) or not low <= v <= high:
            raise IllegalMove(DEAL, f"deal.{key}[{seat}]: {what} is a whole number from {low} to {high}, "
                                    f"not {_shown_value(v)}.")
    return tuple(value)


def read_pig_deal(deal_in: Mapping[str, Any], players: int,
                  rules: Rules) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...], int]:
    """An explicit deal: ``hands``; optional ``letters`` per seat, ``delays`` (ms) for the first race, and
    ``passes``, the passing rounds already gone in this deal (fewer than the limit on passing rounds)."""
    hands, _ = read_deal(deal_in, players, Card.parse, PACK, rule=DEAL, piles=(),
                         others=("letters", "delays", "passes"))
    word = len(rules.word)
    letters = _counts(deal_in, "letters", players, 0, word, "the letters already taken") or (0,) * players
    _counts(deal_in, "delays", players, 0, MAX_DELAY_MS, "a reaction time in ms")
    passes = deal_in.get("passes")
    limit = rules.passing_limit
    if passes is None:
        passes = 0
    elif not _whole(passes) or not 0 <= passes < limit:
        raise IllegalMove(DEAL, f"deal.passes: the passing rounds already gone in this deal are a whole number "
                                f"from 0 to {limit - 1} (a deal stops at {limit}), not {_shown_value(passes)}.")
    alive = [s for s in range(players) if letters[s] < word]
    if len(alive) < 2:
        raise IllegalMove(DEAL, "deal.letters: at least two players must still be in.")
    for seat in range(players):
        want = HAND if seat in alive else 0
        if len(hands[seat]) != want:
            raise IllegalMove(DEAL, f"deal.hands[{seat}] needs {want} cards, not {len(hands[seat])}.")
    ranks = {c.rank for h in hands for c in h}
    if not ranks <= set(top_ranks(players)):
        raise IllegalMove(DEAL, f"deal.hands: {players} players use the {players} top ranks, ace downward.")
    if len(ranks) != len(alive) or any(sum(c.rank == r for h in hands for c in h) != HAND for r in ranks):
        raise IllegalMove(DEAL, f"deal.hands must be {len(alive)} complete ranks, four of each.")
    return tuple(tuple(sorted(h)) for h in hands), letters, passes
