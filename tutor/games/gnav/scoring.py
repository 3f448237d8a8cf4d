"""Gnav's scoring, pure: who loses a showdown (N4, N5), and counters left with the winners (N11)."""

from __future__ import annotations

from typing import Sequence

from tutor.cards import GnavCard, GnavRank
from tutor.engine import Result

from .rules import PREFIX, Rules, counters_word


def round_losers(cards: Sequence[GnavCard | None]) -> tuple[int, ...]:
    """The seats that lose the showdown (``None`` = a seat not in the round).

    The lowest card loses, and both holders if two tie (N5).  If the lowest is
    the Fool, the holder(s) of the lowest card that is not a Fool lose as well
    (N4): ``round_losers([5, Fool, 0, Owl])`` → the Fool and the Owl.
    """
    held = [(seat, card.rank) for seat, card in enumerate(cards) if card is not None]
    if not held:
        return ()
    lowest = min(rank for _, rank in held)
    losers = {seat for seat, rank in held if rank == lowest}
    if lowest == GnavRank.FOOL:
        others = [rank for _, rank in held if rank != GnavRank.FOOL]
        if others:
            low = min(others)
            losers |= {seat for seat, rank in held if rank == low}
    return tuple(sorted(losers))


def score(lost: Sequence[int], out: Sequence[bool], winners: tuple[int, ...], rules: Rules,
          names: Sequence[str]) -> Result:
    """Counters left per seat (0 for a player out), the winners, and a line per seat (gnav.win, N11).

    Before the end the winners are the players still in.  With the slate, a
    seat's score is the strokes it may still take before it is out.
    """
    scores = tuple(0 if out[s] else rules.counters - lost[s] for s in range(len(lost)))
    lines = []
    for seat, name in enumerate(names):
        if rules.slate:
            marks = f"{'/' * lost[seat]} ({lost[seat]} stroke{'s' * (lost[seat] != 1)})" if lost[seat] else "no strokes"
            line = f"{name}: {marks}"
        else:
            line = f"{name}: {counters_word(scores[seat])} left"
        if seat in winners:
            line += " — wins" if len(winners) == 1 else " — out in the same round as the others: shares the win"
        elif out[seat]:
            line += " — out"
        lines.append(line)
    if not winners:
        return Result(scores, tuple(s for s in range(len(lost)) if not out[s]), f"{PREFIX}.win",
                      "The game is still going on.", breakdown=tuple(lines))
    who = " and ".join(names[w] for w in winners)
    return Result(scores, winners, f"{PREFIX}.win", f"{who} {'wins' if len(winners) == 1 else 'share the win'}.",
                  breakdown=tuple(lines))
