"""War's rule book in numbers: the pack, the hand, and ``Rules`` (War has no options)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import Rank, french_pack

SLUG = "war"
PREFIX = "war"
MALFORMED = f"{PREFIX}.turn"  # the rule a move that is none of the game's, or has a part of the wrong type, cites
RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
PACK = tuple(c for c in french_pack() if c.rank in RANKS)
PLAYERS = 2
HAND = len(PACK) // PLAYERS
MAX_ACTIONS = len(PACK)  # every move plays one card, and a played card is never played again


@dataclass(frozen=True)
class Rules:
    """War has no options: the rules object is empty."""
