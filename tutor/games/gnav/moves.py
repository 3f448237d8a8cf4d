"""Gnav's one kind of move, ``Call`` (``stand`` or ``change``), reading it from text, and the legal moves."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from tutor.engine import IllegalMove

from .rules import MALFORMED


@dataclass(frozen=True, slots=True)
class Call:
    """A turn: ``stand`` (keep your card) or ``change`` (with your left-hand neighbour, or the stock if you deal)."""

    word: Literal["stand", "change"]

    def __str__(self) -> str:
        return self.word

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Read ``stand`` or ``change`` (the printed "jeg står" / "jeg byte" are read too)."""
        word = re.sub(r"[\s.!]+", " ", str(text)).strip().lower()
        word = {"jeg står": "stand", "jeg star": "stand", "jeg byte": "change"}.get(word, word)
        if word not in ("stand", "change"):
            raise IllegalMove(MALFORMED, f"{text!r} is not a turn; say 'stand' or 'change'.")
        return STAND if word == "stand" else CHANGE


KINDS = (Call,)
STAND = Call("stand")
CHANGE = Call("change")


def parse_action(text: str) -> Call:
    """Read ``stand`` or ``change``."""
    return Call.parse(text)


def left_of(seat: int, out: tuple[bool, ...] | list[bool]) -> int:
    """The next player still in, clockwise (to the left) of ``seat`` (``out``: per seat, True for a player out)."""
    n = len(out)
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if not out[nxt]:
            return nxt
    raise ValueError("Every seat is out: nobody is to the left.")


def legal_actions(state: Any) -> list[Call]:
    """Stand or change, for the player to move (gnav.turn)."""
    return [] if state.current is None else [STAND, CHANGE]
