"""Gwra Pyskessa's numbers and options: the pack, the hand sizes, the sets (docs/rules.md G1–G10).

Also how a hand is kept: cards sort by rank, then suit, so the cards of one rank
lie together in a sorted hand, and a rank's run is found by bisection between
its lowest and its highest card (``run``); a hand's ranks are kept as bits
(``rank_bits``), so that the legal asks need no look at the cards.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Sequence

from tutor.cards import CARDS, FRENCH_RANKS, Card, Rank, Suit, french_pack

SLUG = "gwra-pyskessa"
PREFIX = "pyskessa"  # every rule id the game cites is a ``pyskessa.*`` entry of its lesson
SET_SIZE = 4  # G3: a set is every card of one rank
MAX_PLAYERS = 6  # G2
PACK = french_pack()  # the jokers are taken out
ALL_SETS = len(FRENCH_RANKS)  # G9: the game ends when all thirteen are down


def hand_size(players: int) -> int:
    """G1: seven cards each for two or three players, five for four or more."""
    return 7 if players <= 3 else 5


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the defaults of the rule book."""

    lucky_draw_continues: bool = False
    """G4: drawing the rank you asked for lets you show it and ask again (other Go Fish rule books)."""
    ask_empty_hands: bool = True
    """G8: a player with no cards may be asked (the answer is always "Nag eus")."""


# ---------------------------------------------------------------- a hand: sorted cards, its ranks as bits

LOWEST = {rank: min(CARDS[rank, suit] for suit in Suit) for rank in FRENCH_RANKS}
HIGHEST = {rank: max(CARDS[rank, suit] for suit in Suit) for rank in FRENCH_RANKS}
RANK_OF = {card: card.rank for card in PACK}
_BIT_OF = {card: 1 << card.rank for card in PACK}  # a card's rank as a bit of ``rank_bits``


def rank_bits(hand: Sequence[Card]) -> int:
    """The ranks in ``hand`` as a bit mask (bit ``r`` for rank ``r``)."""
    return sum(set(map(_BIT_OF.__getitem__, hand)))


def run(hand: tuple[Card, ...], rank: Rank) -> tuple[Card, ...]:
    """The cards of ``rank`` in a sorted hand."""
    start = bisect_left(hand, LOWEST[rank])
    return hand[start:bisect_right(hand, HIGHEST[rank], start)]

