"""Gnav's scoring, pure: who loses a showdown (N4, N5), and counters left with the winners (N11)."""

from __future__ import annotations

from typing import Sequence

from tutor.cards import GnavCard, GnavRank
from tutor.engine import Result

from tutor.engine import counted

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
    seat's score is the strokes it may still take before it is out.  Each line
    is a sentence about its seat in the third person ("Ola has 2 counters
    left", "Kari is out: no counters left"), so that it reads as well for the
    seat's own reader in the second person ("You have 2 counters left"); the
    status says who won, and the result's text why, not again who.
    """
    scores = tuple(0 if out[s] else rules.counters - lost[s] for s in range(len(lost)))
    lines = []
    for seat, name in enumerate(names):
        if rules.slate:
            held = f"{'/' * lost[seat]} on the slate ({counted(lost[seat], 'stroke')})" if lost[seat] else "no strokes"
        else:
            held = f"{counters_word(scores[seat])} left" if scores[seat] else "no counters left"
        if out[seat] and seat in winners:
            others = " and ".join(names[w] for w in winners if w != seat)
            line = f"{name} shares the win: out in the same round as {others}, with {held}"
        elif out[seat]:
            line = f"{name} is out, with {held}"
        else:
            line = f"{name} has {held}"
        lines.append(line)
    if not winners:
        return Result(scores, tuple(s for s in range(len(lost)) if not out[s]), f"{PREFIX}.win",
                      "The game is still going on.", breakdown=tuple(lines))
    return Result(scores, winners, f"{PREFIX}.win", why_won(winners, lost, out, rules, names),
                  breakdown=tuple(lines))


def winners_words(winners: Sequence[int], names: Sequence[str]) -> str:
    """"Ola wins", "Ola and Kari share the win": the end of the game in the status line."""
    who = " and ".join(names[w] for w in winners)
    return f"{who} {'wins' if len(winners) == 1 else 'share the win'}"


def why_won(winners: Sequence[int], lost: Sequence[int], out: Sequence[bool], rules: Rules,
            names: Sequence[str]) -> str:
    """Why the winners won, with the counters (or strokes) that decided it; who won is the status line's."""
    if len(winners) == 1 and not out[winners[0]]:
        seat = winners[0]
        left = rules.counters - lost[seat]
        held = (f"{counted(lost[seat], 'stroke')} on the slate" if rules.slate else f"{counters_word(left)} left")
        return f"{names[seat]} is the last player in, with {held}."
    who = " and ".join(names[w] for w in winners)
    last = "take the last strokes" if rules.slate else "pay the last counters"
    return f"{who} {last} in the same round, and no one else is left in."
