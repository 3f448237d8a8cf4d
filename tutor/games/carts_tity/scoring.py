"""Cârts Tîty's scoring of a round (T13), pure: what the notebooks call without playing, and what the end of a
round applies.

Part of ``tutor.games.carts_tity``; it imports only ``rules``.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .rules import OUT_POINTS, SURVIVOR_PLAYERS, SURVIVOR_POINTS, cards_word, points_word


class RoundScore(NamedTuple):
    """One round scored: points per seat, the seats that won the round, the lines that explain it, and
    the rule behind each seat's line ("score", or "score.survivor" for the last player left)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]
    lines: tuple[str, ...]
    kinds: tuple[str, ...]


def score_round(cards_left: Sequence[int], out: Sequence[bool], winner: int | None, *,
                totals: Sequence[int] | None = None, survivor: bool = False,
                names: Sequence[str] | None = None) -> RoundScore:
    """Score a round (T13): a point per card left, 30 for an overflow, nothing for the player out of cards.

    ``winner`` emptied their hand or is the last player left (``None``: a stuck
    round, which the fewest cards win).  With ``survivor``, four players or more
    and the others all out by overflow, the last player left takes 20 off their
    total ``totals`` instead of counting cards, never going below 0.
    ``score_round([0, 5, 12], [False, False, False], 0)`` → points (0, 5, 12).
    """
    players = len(cards_left)
    names = tuple(names) if names is not None else tuple(f"Player {s + 1}" for s in range(players))
    totals = tuple(totals) if totals is not None else (0,) * players
    if len(out) != players or len(totals) != players:
        raise ValueError("cards_left, out and totals need one entry per seat.")
    alone = winner is not None and all(out[s] for s in range(players) if s != winner)
    points, lines = [], []
    kinds = ["score"] * players
    for seat in range(players):
        n = cards_left[seat]
        if out[seat]:
            points.append(OUT_POINTS)
            lines.append(f"{names[seat]}: out by overflow, {points_word(OUT_POINTS)}")
        elif seat == winner and not alone:
            points.append(0)
            lines.append(f"{names[seat]}: no cards left, {points_word(0)}")
        elif seat == winner and survivor and players >= SURVIVOR_PLAYERS:
            kinds[seat] = "score.survivor"
            off = min(SURVIVOR_POINTS, totals[seat])
            points.append(-off)
            floor = "" if off == SURVIVOR_POINTS else f" (only {off}: no total goes below 0)"
            lines.append(f"{names[seat]}: the only one left, so {SURVIVOR_POINTS} off and no cards counted{floor}, "
                         f"{points_word(-off)}")
        else:
            points.append(n)
            lines.append(f"{names[seat]}: {cards_word(n)} left, {points_word(n)}")
    if winner is not None:
        winners: tuple[int, ...] = (winner,)
    else:
        live = [s for s in range(players) if not out[s]]
        fewest = min(cards_left[s] for s in live)
        winners = tuple(s for s in live if cards_left[s] == fewest)
    return RoundScore(tuple(points), winners, tuple(lines), tuple(kinds))
