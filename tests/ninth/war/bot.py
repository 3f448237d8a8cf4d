"""War's bot: strategy only, found by the registry.  There is nothing to choose in War: the top card is the one
move, and the bot says so."""

from __future__ import annotations

import random

from tutor.bots import Said, said

from .moves import CardPlay
from .state import WarState


def heuristic(state: WarState, rng: random.Random) -> tuple[CardPlay, Said]:
    """The one legal move: the top card of the hand."""
    move = state.legal_actions()[0]
    return move, said(f"The {move.card.english} is my top card, and the top card is the only one I may play.",
                      ("only-move",))
