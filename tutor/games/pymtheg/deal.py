"""Pymtheg's deal: three rounds of five from a full shuffle or a partial reshuffle (Y15), a prepared deal read
and checked field by field (the fields it shares with Burn's deals read as Burn reads them), and when a match ends
(Y14)."""

from __future__ import annotations

import random
from typing import Any, Mapping, NamedTuple, Sequence

from tutor.cards import ElementCard
from tutor.engine import IllegalMove
from tutor.games.burn.deal import read_numbers, read_seat, read_won
from tutor.games.pymtheg.moves import read_trump
from tutor.games.pymtheg.rules import (ELEMENTS, HAND, MAX_DEALS, NO_TRUMP, PACK, PACKET, PLAYERS, PREFIX, Rules,
                                       rule)
from tutor.games.pymtheg.scoring import BID_CODES, BID_NAMES, KIND, LEVEL, RY_BASE, Contract
from tutor.match import EndRule, ScoreSheet
from tutor.mechanics import check_within_pack, read_deal
from tutor.tricks import Trick


# ---------------------------------------------------------------- dealing (Y15)


def deal_by_fives(pack: Sequence[ElementCard], dealer: int) -> tuple[tuple[ElementCard, ...], ...]:
    """Y15: three rounds of five cards to each player, starting on the dealer's left."""
    hands: list[list[ElementCard]] = [[] for _ in range(PLAYERS)]
    at = 0
    for _round in range(HAND // PACKET):
        for i in range(1, PLAYERS + 1):
            hands[(dealer + i) % PLAYERS].extend(pack[at:at + PACKET])
            at += PACKET
    return tuple(tuple(sorted(h)) for h in hands)


def shuffled_pack(seed: Any, deal_no: int) -> list[ElementCard]:
    """A full shuffle for deal ``deal_no`` of the match played from ``seed``."""
    pack = list(PACK)
    random.Random(f"{PREFIX}/{seed}/{deal_no}").shuffle(pack)
    return pack


def gathered(tricks: Sequence[Trick], won: Sequence[Sequence[ElementCard]], plays: Sequence[tuple[int, Any]],
             hands: Sequence[Sequence[ElementCard]]) -> list[ElementCard]:
    """The pack as the table gathers it after a deal: each team's tricks in the order taken, then any cards
    still on the table or in hands, then (after a prepared deal) the cards that were not in play."""
    order: list[ElementCard] = []
    for side in (0, 1):
        for trick in tricks:
            if trick.winner is not None and trick.winner % 2 == side:
                order.extend(trick.cards)
    seen = set(order)
    for card in [c for w in won for c in w] + [c for _s, c in plays] + [c for h in hands for c in h]:
        if card not in seen:
            order.append(card)
            seen.add(card)
    order.extend(c for c in PACK if c not in seen)
    return order


def partly_reshuffled(pack: Sequence[ElementCard], cards: int, rng: random.Random) -> list[ElementCard]:
    """Y15's custom: one run of ``cards`` cards at a random place is re-ordered once, then the pack is cut."""
    out = list(pack)
    start = rng.randrange(len(out) - cards + 1)
    block = out[start:start + cards]
    rng.shuffle(block)
    out[start:start + cards] = block
    cut = rng.randrange(1, len(out))
    return out[cut:] + out[:cut]


def deal_words(names: Sequence[str], dealer: int, partial: int = 0) -> str:
    """How a deal is made, in words."""
    how = (f"gathers the cards without a full shuffle, re-orders {partial} of them once, cuts the pack and deals"
           if partial else "shuffles and deals")
    return f"{names[dealer]} {how} three rounds of five cards, starting on the left: 15 each."


# ---------------------------------------------------------------- a prepared deal


class Prepared(NamedTuple):
    """An explicit deal read and checked: hands, cards and tricks taken, scores brought in, who leads, and the
    contract when the deal starts after the auction (``stage``: where the deal starts)."""

    hands: tuple[tuple[ElementCard, ...], ...]
    won: tuple[tuple[ElementCard, ...], ...]
    taken: tuple[int, ...]
    scores: tuple[int, int] | None
    leader: int
    contract: Contract | None
    stage: str


def read_prepared(deal: Mapping[str, Any], dealer: int) -> Prepared:
    """An explicit deal: ``hands`` (four of the same size), and optionally ``won`` (cards each seat took),
    ``tricks`` (tricks each seat took), ``scores`` (each team's total so far), and to start after the auction a
    ``contract`` ("gam+2", "gam+2 F" with trump named in the bid, "ry2", "lon", or "burn") with its
    ``declarer``, the ``trump`` named after the auction, ``doubled`` (0, 1, 2), ``over_ry`` (Y8) and ``leader``.
    Every error names the field."""
    where = rule("deal")
    others = ("won", "tricks", "scores", "leader", "contract", "declarer", "trump", "doubled", "over_ry")
    hands, _ = read_deal(deal, PLAYERS, ElementCard.parse, PACK, rule=where, piles=(), others=others)
    hands = tuple(tuple(sorted(h)) for h in hands)
    size = len(hands[0])
    if any(len(h) != size for h in hands) or not 1 <= size <= HAND:
        raise IllegalMove(where, f"deal.hands: four hands of the same size, 1 to {HAND} cards, not "
                                 f"{', '.join(str(len(h)) for h in hands)}.")
    won = read_won(deal, PLAYERS, where)
    check_within_pack([c for h in hands + won for c in h], PACK, rule=where)
    taken = read_numbers(deal, "tricks", PLAYERS, tuple(len(w) // PLAYERS for w in won), 0, HAND, where)
    if sum(taken) + size > HAND:
        raise IllegalMove(where, f"deal.tricks: {sum(taken)} tricks taken and {size} still in each hand make more "
                                 f"than {HAND}.")
    scores = read_numbers(deal, "scores", 2, None, -10_000_000, 10_000_000, where)
    first = (dealer + 1) % PLAYERS
    leader = read_seat(deal, "leader", first, PLAYERS, where)
    text = deal.get("contract")
    if text is None:
        extra = [k for k in ("declarer", "trump", "doubled", "over_ry", "leader") if k in deal]
        if extra:
            raise IllegalMove(where, f"deal.{extra[0]}: only with a contract (the deal starts after the auction).")
        if any(taken) or any(won):
            raise IllegalMove(where, "deal.tricks: a deal that starts with the auction has no tricks taken yet.")
        return Prepared(hands, won, taken, scores, first, None, "auction")
    if not isinstance(text, str):
        raise IllegalMove(where, f"deal.contract must be a bid such as 'gam+2 F', 'ry' or 'lon', or 'burn'; "
                                 f"not {text!r}.")
    if text.strip().lower() == "burn":
        extra = [k for k in ("declarer", "trump", "doubled", "over_ry") if k in deal]
        if extra:
            raise IllegalMove(where, f"deal.{extra[0]}: Burn has no declarer, trump or doubling.")
        return Prepared(hands, won, taken, scores, leader, None, "burn")
    contract, stage = _read_contract(deal, text, first)
    return Prepared(hands, won, taken, scores, leader, contract, stage)


def _read_contract(deal: Mapping[str, Any], text: str, first: int) -> tuple[Contract, str]:
    """The contract of a deal that starts after the auction (see ``read_prepared``)."""
    where = rule("deal")
    words = text.strip().lower().replace("â", "a").split()
    code = words[0] if words else ""
    if code not in BID_CODES or len(words) > 2:
        raise IllegalMove(where, f"deal.contract: {text!r} is not a bid; the bids are {', '.join(BID_CODES)}, "
                                 "then for a Gâm the trump named with it (e.g. 'gam+2 F').")
    rank = BID_CODES.index(code)
    kind = KIND[rank]
    during = None
    if len(words) == 2:
        if kind != "gam":
            raise IllegalMove(where, f"deal.contract: {BID_NAMES[rank]} names no trump with the bid.")
        during = read_trump(words[1], "deal.contract", "deal")
    declarer = read_seat(deal, "declarer", first, PLAYERS, where)
    after = deal.get("trump")
    if after is not None:
        if not isinstance(after, str) or kind == "ry" or during is not None:
            raise IllegalMove(where, "deal.trump: the trump named after the auction, for a Gâm whose bid named "
                                     "none, or for Lon ('F', 'Wa', 'Wi', 'E' or 'nt').")
        after = read_trump(after, "deal.trump", "deal")
    named = during if during is not None else after
    trump = None if named in (None, NO_TRUMP) else ELEMENTS[named]
    doubled = deal.get("doubled")
    if doubled is not None and (not isinstance(doubled, int) or isinstance(doubled, bool) or doubled not in (0, 1, 2)):
        raise IllegalMove(where, f"deal.doubled: 0, 1 (doubled) or 2 (redoubled), not {doubled!r}.")
    owed = deal.get("over_ry")
    ry_owed = 0
    if owed is not None:
        if kind != "gam" or owed not in ("ry", "ry2", "ry3"):
            raise IllegalMove(where, "deal.over_ry: 'ry', 'ry2' or 'ry3', the other side's Ry that a Gâm "
                                     "overbid.")
        ry_owed = RY_BASE[LEVEL[BID_CODES.index(owed)]]
    contract = Contract(rank, declarer, trump, during is not None, ry_owed, (1, 2, 4)[doubled or 0])
    # Where the deal starts: the doubling window, unless ``doubled`` (or a trump named after it) says it is over;
    # then naming trump, if the bid did not and ``trump`` does not.
    if doubled is None and after is None:
        return contract, "double"
    return contract, "play" if named is not None or kind == "ry" else "trump"


# ---------------------------------------------------------------- the match's end (Y14)


def end_rule(rules: Rules) -> EndRule:
    """The score sheet's end rule; a limit match, which also ends below −limit, is checked by ``match_over``."""
    if rules.match == "rounds":
        return EndRule(deals=rules.rounds)
    if rules.match == "limit":
        return EndRule(target=rules.limit)
    return EndRule(deals=MAX_DEALS)


def match_over(sheet: ScoreSheet, rules: Rules) -> bool:
    """Y14: after the last of the rounds, once a team's total passes ±limit, or after the bound on deals."""
    if sheet.deals >= MAX_DEALS:
        return True
    if rules.match == "rounds":
        return sheet.deals >= rules.rounds
    if rules.match == "limit":
        return any(abs(total) > rules.limit for total in sheet.totals)
    return False


def team_labels(names: Sequence[str]) -> tuple[str, str]:
    """The two teams' names: "Jory & Pol", "Tamsin & Kerensa"."""
    return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"
