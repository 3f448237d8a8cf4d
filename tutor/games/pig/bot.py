"""Pig's bot: strategy only, found by the registry (``tutor.games.bot_module``); nothing else in the package
imports it.  ``heuristic`` is the "strong" level (and the "expert" one: Pig has no search)."""

from __future__ import annotations

import random
from typing import Any

from tutor.cards import Rank

from .moves import NOSE, PASSES, WAIT, has_four
from .state import PigState


def heuristic(state: PigState, rng: random.Random) -> tuple[Any, str]:
    """Signal with four; collect a rank held most (ties drawn at random) by passing a card of a rank held fewest;
    in a race, react when your delay has run out."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    if state.touched:
        clock = state.tick * state.rules.tick_ms
        if state.delays[me] < clock + state.rules.tick_ms or state.tick >= state.rules.max_ticks - 1:
            return NOSE, (f"Someone has touched their nose; {state.delays[me]} ms is my reaction time, "
                          "so I touch mine at once — the last to do it is the pig.")
        return WAIT, f"I have not noticed yet: my reaction takes {state.delays[me]} ms."
    rank = has_four(hand)
    if rank is not None:
        return NOSE, f"I hold four {rank.english_plural}: lay the hand down and touch my nose."
    counts: dict[Rank, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    keep = max(counts.values())
    # A random choice among the ranks held most: two neighbours who always chose the same rank could
    # hold two of it each and pass for ever.
    target = rng.choice(sorted(r for r in counts if counts[r] == keep))
    fewest = min(n for r, n in counts.items() if r != target)
    card = rng.choice([c for c in hand if c.rank != target and counts[c.rank] == fewest])
    return PASSES[card], (f"I collect {target.english_plural} (I hold {keep}); the {card.label} is an odd "
                          "card, so I pass it on.")
