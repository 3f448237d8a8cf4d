"""Burn's deals (B1): a shuffled deal of the whole pack one card at a time, and an explicit deal read field by field."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tutor.cards import ElementCard
from tutor.engine import IllegalMove, Record
from tutor.games.burn_scoring import PACK
from tutor.mechanics import check_within_pack, deal_round_robin, read_cards, read_deal

PREFIX = "burn"


def deal_hands(setup: Record, players: int, dealer: int, deal_no: int) -> tuple[tuple[ElementCard, ...], ...]:
    """A shuffled deal: the whole pack, one card at a time from the dealer's left (B1)."""
    pack = list(PACK)
    random.Random(f"{PREFIX}/{setup.seed}/{deal_no}").shuffle(pack)
    hands, _ = deal_round_robin(pack, players, len(PACK) // players, (dealer + 1) % players)
    return tuple(tuple(sorted(h)) for h in hands)


def deal_words(names: Sequence[str], dealer: int, each: int) -> str:
    """How a deal is made, in words."""
    return (f"{names[dealer]} deals the whole pack one card at a time, starting on the left: "
            f"{each} cards each.")


def read_burn_deal(deal: Mapping[str, Any], players: int, sides: int, target: int, first: int):
    """An explicit deal: ``hands`` (equal, at least one card), optional ``won`` per seat, ``scores`` per side
    brought from earlier deals, and the ``leader`` of the next trick.  Every error names the field."""
    rule = f"{PREFIX}.deal"
    hands, _ = read_deal(deal, players, ElementCard.parse, PACK, rule=rule, piles=(),
                         others=("won", "scores", "leader"))
    if len({len(h) for h in hands}) != 1 or not hands[0]:
        raise IllegalMove(rule, "deal.hands: every hand needs the same number of cards, at least one "
                                f"(one for each trick left), not {', '.join(str(len(h)) for h in hands)}.")
    won_in = deal.get("won")
    if won_in is None:
        won: tuple[tuple[ElementCard, ...], ...] = ((),) * players
    else:
        if isinstance(won_in, (str, bytes, Mapping)) or not isinstance(won_in, Sequence) or len(won_in) != players:
            raise IllegalMove(rule, f"deal.won must be a list with one list of cards per seat ({players}).")
        won = tuple(read_cards(w, ElementCard.parse, rule=rule, where=f"deal.won[{i}]") for i, w in enumerate(won_in))
    check_within_pack([c for h in hands + won for c in h], PACK, rule=rule)
    scores = deal.get("scores")
    if scores is not None:
        if isinstance(scores, (str, bytes, Mapping)) or not isinstance(scores, Sequence) or len(scores) != sides:
            raise IllegalMove(rule, f"deal.scores must be a list of {sides} totals, one per side.")
        for i, total in enumerate(scores):
            if not isinstance(total, int) or isinstance(total, bool) or not 0 <= total < target:
                raise IllegalMove(rule, f"deal.scores[{i}] must be a whole number from 0 to {target - 1}, "
                                        f"not {total!r}.")
        scores = tuple(scores)
    leader = deal.get("leader", first)
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < players:
        raise IllegalMove(rule, f"deal.leader must be a seat from 0 to {players - 1}, not {leader!r}.")
    return tuple(tuple(sorted(h)) for h in hands), won, scores, leader
