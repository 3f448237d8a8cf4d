"""Gwra Pyskessa's scoring, usable without playing: most sets wins; a tie goes to the highest set, ace high (G9)."""

from __future__ import annotations

from typing import Sequence

from tutor.cards import Rank
from tutor.engine import Result

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
    breakdown = [_sets_line(names[seat], laid) for seat, laid in enumerate(sets)]
    if rule == f"{PREFIX}.goal":
        breakdown.append(f"Most sets: {names[winners[0]]}.")
    elif not any(sets):
        breakdown.append("No sets at all: the game is shared.")
    else:
        best = max(map(len, sets))
        high = Rank(max(max(laid) for laid in sets if len(laid) == best))
        breakdown.append(f"A tie on {best} set{'s' * (best != 1)}: the highest set wins, aces high — "
                         f"{names[winners[0]]}'s {high.english_plural}.")
    return Result(tuple(map(len, sets)), winners, rule, text, breakdown=tuple(breakdown))


def verdict(sets: Sequence[Sequence[Rank]], names: Sequence[str]) -> tuple[tuple[int, ...], str, str]:
    """Who wins, the rule that decides it (``goal`` or ``tie-break``) and the sentence that says so (G9)."""
    counts = list(map(len, sets))
    best = max(counts)
    tied = [seat for seat, n in enumerate(counts) if n == best]
    plural = "set" if best == 1 else "sets"
    if len(tied) == 1:
        return (tied[0],), f"{PREFIX}.goal", f"{names[tied[0]]} wins with {best} {plural}."
    top = {seat: max(sets[seat], default=0) for seat in tied}
    high = max(top.values())
    winners = tuple(seat for seat in tied if top[seat] == high)
    if high == 0:
        return winners, f"{PREFIX}.tie-break", f"No one has a set, so {' and '.join(names[w] for w in winners)} " \
                                               "share the game."
    return winners, f"{PREFIX}.tie-break", (f"{' and '.join(names[s] for s in tied)} tie on {best} {plural}; "
                                            f"{names[winners[0]]} wins with the highest set, "
                                            f"the {Rank(high).english_plural}.")


def _sets_line(name: str, laid: Sequence[Rank]) -> str:
    """One line of the breakdown: "Jory: 2 sets (kings, sevens)"."""
    shown = f" ({', '.join(rank.english_plural for rank in sorted(laid, reverse=True))})" if laid else ""
    return f"{name}: {len(laid)} set{'s' * (len(laid) != 1)}{shown}"
