"""Pig's scoring, a pure function of the letters taken (P6): lives left per seat, the winner, a line per seat."""

from __future__ import annotations

from tutor.engine import Result

from .rules import PREFIX


def score(letters: tuple[int, ...], word: str = "PIG", names: tuple[str, ...] | None = None, *,
          short: bool = False) -> Result:
    """Lives left per seat; the winners are the seats still in with the fewest letters (one, at the end).

    ``short``: the short game of one deal, where everyone but the pig wins once the pig is found.

    The breakdown has a line per seat: the letters spelled and the lives left.
    """
    lives = tuple(len(word) - n for n in letters)
    alive = tuple(s for s, n in enumerate(lives) if n > 0)
    best = max(lives)
    winners = alive if len(alive) == 1 else tuple(s for s in alive if lives[s] == best)
    names = names or tuple(f"Seat {s + 1}" for s in range(len(letters)))
    lines = []
    for seat, n in enumerate(letters):
        if short:
            lines.append(f"{names[seat]}: {'the pig' if n else 'not the pig'}")
            continue
        spelled = word[:n] if n else "no letters"
        left = "out" if lives[seat] == 0 else f"{lives[seat]} {'life' if lives[seat] == 1 else 'lives'} left"
        lines.append(f"{names[seat]}: {spelled} — {left}")
    if short and any(letters):
        rule, text = f"{PREFIX}.win", "The short game is one deal: everyone but the pig wins."
    elif len(alive) == 1:
        rule, text = f"{PREFIX}.win", f"The last player without the whole of {word} wins."
    else:
        rule, text = f"{PREFIX}.letters", "Several players are still in: the fewest letters lead."
    return Result(lives, winners, rule, text, breakdown=tuple(lines))
