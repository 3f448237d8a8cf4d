"""Determinized search, shared by the expert bots: guess the hidden cards, play each move out, keep the best.

A game gives two functions: ``guess()`` deals the cards the mover cannot see in
one way consistent with what the table has shown, and ``play_out(world, action)``
plays ``action`` in that guessed world to the end with a quick policy and returns
the outcome for the mover's side (higher is better).  Every legal action is played
out in the same guessed worlds, so their means compare fairly.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence


def determinized(legal: Sequence[Any], guess: Callable[[], Any], play_out: Callable[[Any, Any], float], *,
                 budget: float, least: int = 1) -> tuple[dict[Any, float], int]:
    """Each legal action's mean outcome over guessed worlds, and how many worlds were guessed.

    Guesses until ``budget`` seconds are spent, and at least ``least`` times.
    """
    deadline = time.perf_counter() + budget
    totals = dict.fromkeys(legal, 0.0)
    guesses = 0
    while guesses < least or time.perf_counter() < deadline:
        world = guess()
        for action in totals:
            totals[action] += play_out(world, action)
        guesses += 1
    return {action: total / guesses for action, total in totals.items()}, guesses
