"""Gwra Pyskessa's scoring, usable without playing: most sets wins; a tie goes to the highest set, ace high (G9)."""

from __future__ import annotations

from typing import Sequence

from tutor.cards import Rank
from tutor.engine import Result, counted

from .rules import PREFIX

def score(sets: Sequence[Sequence[Rank]], names: Sequence[str] | None = None) -> Result:
    """Scores (sets per seat), winners and the scoring line by line: most sets; a tie goes to the highest set held,
    ace high (G9).

    A pure function: ``score([[Rank.SEVEN], [Rank.KING], []])`` → seat 1 wins the tie
    on kings.  ``names`` (default "Player 1", "Player 2"…) are used in the text and
    the breakdown.
    """
    names = tuple(names) if names is not None else tuple(f"Player {seat + 1}" for seat in range(len(sets)))
    winners, rule, text = verdict(sets, names)
    # A line per seat; why the winners won is the text's, and who won the status line's: neither is said again.
    breakdown = tuple(_sets_line(names[seat], laid) for seat, laid in enumerate(sets))
    return Result(tuple(map(len, sets)), winners, rule, text, breakdown=breakdown)


def verdict(sets: Sequence[Sequence[Rank]], names: Sequence[str]) -> tuple[tuple[int, ...], str, str]:
    """Who wins, the rule that decides it (``goal`` or ``tie-break``) and the sentence that says so (G9)."""
    counts = list(map(len, sets))
    best = max(counts)
    tied = [seat for seat, n in enumerate(counts) if n == best]
    if len(tied) == 1:
        return (tied[0],), f"{PREFIX}.goal", f"{names[tied[0]]} has the most sets, {best}."
    top = {seat: max(sets[seat], default=0) for seat in tied}
    high = max(top.values())
    winners = tuple(seat for seat in tied if top[seat] == high)
    if high == 0:
        return winners, f"{PREFIX}.tie-break", "No one has made a set, so the game is shared."
    return winners, f"{PREFIX}.tie-break", (f"{' and '.join(names[s] for s in tied)} tie on {counted(best, 'set')}, "
                                            f"and the highest set breaks the tie, aces high: {names[winners[0]]}'s "
                                            f"{Rank(high).english_plural}.")


def _sets_line(name: str, laid: Sequence[Rank]) -> str:
    """One line of the breakdown: "Jory: 2 sets (kings, sevens)"."""
    shown = f" ({', '.join(rank.english_plural for rank in sorted(laid, reverse=True))})" if laid else ""
    return f"{name}: {counted(len(laid), 'set')}{shown}"
