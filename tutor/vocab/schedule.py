"""Spaced repetition with FSRS-6 (the ``fsrs`` package, default parameters) and an injectable clock.

A right answer is rated Good, a near miss (one slip of spelling) Hard, anything
else Again.  Fuzzing is off so the same answers at the same times give the
same schedule; randomness (which new words to add) comes only from an
injected ``random.Random``.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Callable, Iterable, Sequence

from fsrs import Card as FsrsCard
from fsrs import Rating, Scheduler

from tutor.vocab.words import Entry

Clock = Callable[[], datetime]
INTRODUCE = ("number", "rank", "suit", "phrase", "card")
SOON = timedelta(seconds=60)
"""A word due within this is due now: the summary says "now", and the next session brings it back."""


def utc_now() -> datetime:
    """The current time, in UTC (the default clock)."""
    return datetime.now(timezone.utc)


class ManualClock:
    """A clock that stays where it is put (for tests and demonstrations): ``clock.now += timedelta(days=1)``."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def make_scheduler() -> Scheduler:
    """The FSRS-6 scheduler with its default parameters, without fuzzing."""
    return Scheduler(enable_fuzzing=False)


def rating_for(correct: bool, near: bool = False) -> Rating:
    """Good for a right answer, Hard for a near miss, Again otherwise."""
    return Rating.Good if correct else Rating.Hard if near else Rating.Again


def new_card(key: str, now: datetime) -> FsrsCard:
    """A fresh card for a word, with an id derived from its key (no wall clock involved)."""
    return FsrsCard(card_id=zlib.crc32(key.encode("utf-8")) + 1, due=now)


@dataclass(frozen=True)
class Answered:
    """One answer in a session: the word's key, whether it was right, a near miss, and when."""

    key: str
    correct: bool
    near: bool
    when: datetime
    due: datetime


@dataclass
class Deck:
    """A learner's cards (word key → FSRS card), scheduled by FSRS with an injectable clock."""

    cards: dict[str, FsrsCard] = field(default_factory=dict)
    clock: Clock = utc_now
    scheduler: Scheduler = field(default_factory=make_scheduler)

    def due(self, now: datetime | None = None) -> list[str]:
        """Keys of the cards due now (or within ``SOON``, which the summary calls now), the most overdue first."""
        now = (now or self.clock()) + SOON
        return [k for k, c in sorted(self.cards.items(), key=lambda kc: (kc[1].due, kc[0])) if c.due <= now]

    def review(self, key: str, correct: bool, near: bool = False) -> Answered:
        """Schedule ``key`` after an answer; a word never seen gets a new card first."""
        now = self.clock()
        card = self.cards.get(key) or new_card(key, now)
        card, _log = self.scheduler.review_card(card, rating_for(correct, near), review_datetime=now)
        self.cards[key] = card
        return Answered(key, correct, near, now, card.due)

    def session(self, entries: Sequence[Entry], rng: random.Random, *, size: int = 10,
                new: int = 3) -> list[Entry]:
        """A session: due words first (most overdue first), then up to ``new`` words not seen yet."""
        by_key = {e.key: e for e in entries}
        due = [by_key[k] for k in self.due() if k in by_key][:size]
        unseen = sorted((e for e in entries if e.key not in self.cards),
                        key=lambda e: INTRODUCE.index(e.category) if e.category in INTRODUCE else len(INTRODUCE))
        room = max(0, min(new, size - len(due)))
        # New words come a few at a time (numbers, then ranks, suits, phrases, cards), shuffled within the session.
        chosen = due + unseen[:room]
        rng.shuffle(chosen)
        return chosen


@dataclass(frozen=True)
class Summary:
    """How a session went and what is due when."""

    answered: int
    right: int
    near: int
    accuracy: float
    missed: tuple[str, ...]
    due_later: tuple[tuple[str, datetime], ...]
    """(key, due) of the words answered, soonest first."""

    def lines(self, now: datetime) -> list[str]:
        """The summary in words: "7 of 10 right (70%)", and when the words come back."""
        return [score_line(self.right, self.answered, self.near)] + self.due_lines(now)

    def due_lines(self, now: datetime) -> list[str]:
        """When the words answered come back: "2 words due now", "3 words due in 10 minutes"."""
        buckets: dict[str, int] = {}
        for _key, due in self.due_later:
            buckets[when_text(due - now)] = buckets.get(when_text(due - now), 0) + 1
        return [f"{count} {'word' if count == 1 else 'words'} due {when}" for when, count in buckets.items()]


def score_line(right: int, out_of: int, near: int = 0) -> str:
    """ "7 of 10 right (70%), 1 almost." """
    share = right / out_of if out_of else 0.0
    return f"{right} of {out_of} right ({share:.0%})" + (f", {near} almost" if near else "") + "."


def summarise(answers: Iterable[Answered]) -> Summary:
    """Accuracy and the next due time of each word answered (its last answer counts)."""
    answers = list(answers)
    right = sum(a.correct for a in answers)
    near = sum(a.near for a in answers)
    last = {a.key: a for a in answers}
    return Summary(len(answers), right, near, right / len(answers) if answers else 0.0,
                   tuple(dict.fromkeys(a.key for a in answers if not a.correct)),
                   tuple(sorted(((k, a.due) for k, a in last.items()), key=lambda kd: (kd[1], kd[0]))))


def when_text(delta: timedelta) -> str:
    """A time from now in words: "now", "in 10 minutes", "in 3 days"."""
    seconds = delta.total_seconds()
    if seconds <= SOON.total_seconds():
        return "now"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            n = round(seconds / size)
            return f"in {n} {unit}{'s' if n != 1 else ''}"
    return "now"
