"""How long a learner takes: the one estimate the gallery, the lessons, the first games and the tests all use.

A learner reads 200 words a minute, spends 30 seconds on a check, 6 seconds on each step of a scenario they
click through (a move shown, a refused try), and 10 seconds on each move they make themselves in a first game
(their own decision; the words the tutor says at that move are counted as reading).  A game against the bots
takes 6 seconds a decision of the learner's (tutor/play_minutes.py counts them in measured games); the gallery
rounds a game's minutes up to five, as an estimate rather than a promise.
"""

from __future__ import annotations

import math
import re

WORDS_PER_MINUTE = 200
SECONDS_A_CHECK = 30
SECONDS_A_STEP = 6
SECONDS_A_MOVE = 10
SECONDS_A_DECISION = 6

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def words(*texts: str) -> int:
    """How many words the texts hold (a card code such as ``Wa14`` or a number is one word)."""
    return sum(len(_WORD.findall(text)) for text in texts if text)


def minutes(*, words: int = 0, checks: int = 0, steps: int = 0, moves: int = 0) -> float:
    """Minutes to read ``words``, answer ``checks``, click through ``steps`` and make ``moves``."""
    for name, value in (("words", words), ("checks", checks), ("steps", steps), ("moves", moves)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number of 0 or more, not {value!r}.")
    seconds = words * 60 / WORDS_PER_MINUTE + checks * SECONDS_A_CHECK + steps * SECONDS_A_STEP
    return (seconds + moves * SECONDS_A_MOVE) / 60


def rounded_minutes(minutes: float) -> int:
    """Minutes rounded up to a multiple of five (at least five): an estimate, not a promise."""
    return max(5, 5 * math.ceil(minutes / 5))
