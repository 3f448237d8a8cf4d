"""War's scoring, pure: the cards each player took, and the winners (war.end)."""

from __future__ import annotations

from typing import Sequence

from tutor.engine import Result, counted

from .rules import PREFIX


def score(taken: Sequence[Sequence[object]], names: Sequence[str]) -> Result:
    """Cards taken per seat; the player who took more wins, both on equal counts (war.end)."""
    scores = tuple(len(t) for t in taken)
    best = max(scores)
    winners = tuple(seat for seat, n in enumerate(scores) if n == best)
    lines = tuple(f"{name} took {counted(n, 'card')}" for name, n in zip(names, scores))
    why = "more cards taken" if len(winners) == 1 else "as many cards taken: a draw"
    return Result(scores, winners, f"{PREFIX}.end", why, breakdown=lines)
