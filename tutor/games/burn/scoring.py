"""Burn's scoring as pure functions: a deal scored from the Fire and Water each side took, and the pit (B4–B6).

The same functions score Pymtheg's all-pass sub-game with ``PYMTHEG_SCORING`` (Y11).
``docs/rules.md`` (Burn) says how each open point is settled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from tutor.games.burn.rules import ALL_FIRE, ALL_WATER, PIT, PIT_TABLE


@dataclass(frozen=True)
class BurnScoring:
    """How a deal of Burn is scored: the one thing that differs between Burn alone and inside Pymtheg."""

    name: str
    per_fire: int
    """Points per Fire card taken: +1 in Burn (points are bad), −5 in Pymtheg (minus points)."""
    pit_bonus: int | None
    """Points for taking every Fire and Water card; ``None``: the side chooses what to do with its pit (B5)."""
    lowest_wins: bool
    """Whether the lowest total wins (Burn) or the highest (Pymtheg)."""


BURN_SCORING = BurnScoring("burn", 1, None, True)
PYMTHEG_SCORING = BurnScoring("pymtheg", -5, 10_000, False)
SCORINGS = {s.name: s for s in (BURN_SCORING, PYMTHEG_SCORING)}


class SideScore(NamedTuple):
    """One side's deal: the Fire and Water it took, its points, the rule that decided them and why in words."""

    fire: int
    water: int
    points: int
    rule: str
    text: str


def score_deal(taken: Sequence[tuple[int, int]], scoring: BurnScoring = BURN_SCORING) -> tuple[SideScore, ...]:
    """Score a deal from the ``(fire, water)`` cards each side took — a pure function.

    ``score_deal([(7, 8), (8, 7)])``: the first side took more Water than Fire
    and scores 0; the second 8.  A side with every Fire and every Water card has
    a pit: in Burn its points wait for its choice (``pit_choices``), in Pymtheg
    it scores the bonus and no minus points.
    """
    out = []
    for fire, water in taken:
        if not (0 <= fire <= ALL_FIRE and 0 <= water <= ALL_WATER):
            raise ValueError(f"A side takes 0 to {ALL_FIRE} Fire and 0 to {ALL_WATER} Water cards, "
                             f"not {fire} and {water}.")
        per, burn = scoring.per_fire, fire * scoring.per_fire
        times = f"{fire} × {signed(per)} = {signed(burn)}"
        if fire == ALL_FIRE and water == ALL_WATER:
            if scoring.pit_bonus is None:
                out.append(SideScore(fire, water, 0, "pit", "took every Fire and every Water card: a pit"))
            else:
                out.append(SideScore(fire, water, scoring.pit_bonus, "pymtheg",
                                     f"took every Fire and every Water card: {scoring.pit_bonus:+,d}, "
                                     "and the Fire costs nothing"))
        elif water > fire and fire:
            out.append(SideScore(fire, water, 0, "water",
                                 f"{fire} Fire, {water} Water: more Water than Fire, so the Fire costs nothing: 0"))
        elif water == fire and fire:
            out.append(SideScore(fire, water, burn, "water.equal",
                                 f"{fire} Fire, {water} Water: equal is not more, so the Fire counts: {times}"))
        elif fire:
            water_words = f" ({water} Water is not more)" if water else ""
            out.append(SideScore(fire, water, burn, "fire", f"{fire} Fire{water_words}: {times}"))
        else:
            out.append(SideScore(fire, water, 0, "fire", "no Fire: 0"))
    return tuple(out)


def signed(points: int) -> str:
    """A number of points with a true minus sign and thousands separated ("−1,200")."""
    return f"{points:,d}".replace("-", "−")


def points_words(points: int) -> str:
    """A number of points and the word, agreeing: "1 point", "−3 points", "1,200 points"."""
    return f"{signed(points)} point{'s' * (abs(points) != 1)}"


def pit_value(players: int, teams: int, table: bool) -> int | None:
    """What a pit is worth at this table: 30, or by the variant table (B6); ``None`` is the instant win."""
    if not table:
        return PIT
    sides = teams or players
    return PIT_TABLE[sides, players // sides]


def pit_choices(totals: Sequence[int], side: int, worth: int, target: int = 100) -> tuple[str, ...]:
    """What a side with a pit may do (B5): "minus" (``worth`` off its own total), "plus" (onto every other side's).

    Neither may push another side past ``target`` nor the side itself below 0;
    when both would, not going below 0 comes first, so "plus" is the only way.
    """
    minus = totals[side] - worth >= 0
    plus = all(t + worth <= target for i, t in enumerate(totals) if i != side)
    if minus and plus:
        return ("minus", "plus")
    return ("minus",) if minus else ("plus",)


def pit_row(sides: int, side: int, choice: str, worth: int) -> tuple[int, ...]:
    """The deal's row on the score sheet after a pit choice."""
    if choice == "minus":
        return tuple(-worth if i == side else 0 for i in range(sides))
    return tuple(0 if i == side else worth for i in range(sides))
