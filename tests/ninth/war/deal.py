"""Dealing War (the twenty cards, ten each, in order: war.deal) and reading a prepared deal: ``hands``, and
optionally ``middle`` (cards left by a tie, war.tie) and ``taken`` (the cards each player has taken, war.higher)."""

from __future__ import annotations

import random
from typing import Any, Mapping

from tutor.cards import Card, shuffled
from tutor.engine import IllegalMove, Record
from tutor.mechanics import check_within_pack, deal_round_robin, read_cards, read_deal

from .rules import HAND, PACK, PREFIX, PLAYERS

DEAL = f"{PREFIX}.deal"


def deal_hands(setup: Record) -> tuple[tuple[Card, ...], ...]:
    """A shuffled deal: the twenty cards, one at a time, ten each; a hand stays in the order dealt (war.deal)."""
    hands, _ = deal_round_robin(shuffled(PACK, random.Random(f"war:{setup.seed}")), PLAYERS, HAND)
    return tuple(tuple(hand) for hand in hands)


def read_war_deal(deal: Mapping[str, Any]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...],
                                                    tuple[tuple[Card, ...], ...]]:
    """The hands (top card first), the middle and the cards each player took; every field checked by name."""
    hands, piles = read_deal(deal, PLAYERS, Card.parse, PACK, rule=DEAL, piles=("middle",), others=("taken",))
    given = deal.get("taken")
    if given is None:
        taken: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
    elif isinstance(given, (str, bytes, Mapping)) or not isinstance(given, (list, tuple)) or len(given) != PLAYERS:
        raise IllegalMove(DEAL, f"deal.taken needs one list of cards per player ({PLAYERS}).")
    else:
        taken = tuple(read_cards(t, Card.parse, rule=DEAL, where=f"deal.taken[{i}]") for i, t in enumerate(given))
    check_within_pack([c for h in (*hands, piles["middle"], *taken) for c in h], PACK, rule=DEAL)
    if len(hands[0]) != len(hands[1]) or not hands[0]:
        raise IllegalMove(DEAL, f"deal.hands: both hands hold the same number of cards, at least one, not "
                                f"{len(hands[0])} and {len(hands[1])}.")
    return hands, piles["middle"], taken
