"""Gnav's bot: strategy only, found by the registry (``tutor.games.bot_module``); nothing else in the package
imports it.  ``heuristic`` is the "strong" level (and the "expert" one: Gnav has no search)."""

from __future__ import annotations

import random

from tutor.cards import GnavRank

from .moves import CHANGE, STAND, Call
from .state import GnavState


def heuristic(state: GnavState, rng: random.Random) -> tuple[Call, str]:
    """Stand on a matador or a card of 6 and up; change anything lower, the Fool always."""
    me = state.current
    assert me is not None
    card = state.hands[me]
    assert card is not None
    if card.is_matador:
        return STAND, f"The {card.english} is a matador: it cannot lose and nobody can take it, so stand."
    if card.rank == GnavRank.FOOL:
        return CHANGE, "The Fool is the lowest card and always loses: change it."
    if card.rank >= GnavRank.N6:
        return STAND, (f"A {card.english} is in the upper half of the pack; most cards you could get "
                       "are lower, so stand.")
    where = "the stock" if me == state.dealer else state.names[state.left_of(me)]
    return CHANGE, f"A {card.english} is low and likely to lose the showdown: change with {where}."
