"""Trick-taking helpers shared by trick games: seat order, winners by a power key.

Pure functions over plain tuples; a game supplies its own idea of a card's power.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

C = TypeVar("C")


def seats_from(seat: int, players: int, *, include: bool = True) -> tuple[int, ...]:
    """Seats clockwise (to the left) starting at ``seat`` (or just after it when ``include`` is false)."""
    start = 0 if include else 1
    return tuple((seat + i) % players for i in range(start, players))


def seats_between(first: int, stop: int, players: int) -> tuple[int, ...]:
    """Seats clockwise from just after ``first`` up to, not including, ``stop`` (all others if equal)."""
    out = []
    seat = (first + 1) % players
    while seat != stop:
        out.append(seat)
        seat = (seat + 1) % players
    return tuple(out)


def trick_winner(plays: Sequence[tuple[int, C]], power: Callable[[int, C], float]) -> int:
    """Index into ``plays`` of the winning play: highest ``power(index, card)``; equal powers go to the first played."""
    if not plays:
        raise ValueError("An empty trick has no winner.")
    best = 0
    best_power = power(0, plays[0][1])
    for i in range(1, len(plays)):
        p = power(i, plays[i][1])
        if p > best_power:
            best, best_power = i, p
    return best
