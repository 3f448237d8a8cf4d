"""The vocabulary lists (``vocab/*.tsv``): one entry a line, checked as they are read.

A file has a header row ``cornish, english, category, notes`` (tab-separated).
``cornish``, ``english`` and ``category`` must not be empty; ``notes`` may be.
A malformed row is reported by file and line, and a word listed twice in one
category is refused, so a teacher editing a list finds the mistake at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from tutor.cornish import normalise
from tutor.data import data_dir

VOCAB_DIR = data_dir("vocab")
HEADER = ("cornish", "english", "category", "notes")
CATEGORIES = ("number", "rank", "suit", "card", "phrase")


class VocabError(ValueError):
    """A vocabulary file that cannot be read; names the file and line."""

    def __init__(self, path: Path | str, line: int, reason: str) -> None:
        super().__init__(f"{path}, line {line}: {reason}")
        self.path = str(path)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class Entry:
    """One word or phrase: Cornish, English, its category and a note for the learner."""

    cornish: str
    english: str
    category: str
    notes: str = ""

    @property
    def key(self) -> str:
        """A stable id for progress: ``category:cornish`` in lower case."""
        return f"{self.category}:{self.cornish.lower()}"

    @property
    def code(self) -> str:
        """For a card, its notation (the first word of the notes: ``7S``, ``JK``); else ""."""
        return self.notes.split(";")[0].split()[0] if self.category == "card" and self.notes else ""


def read_vocab(path: Path | str) -> tuple[Entry, ...]:
    """Read one TSV list, checking the header, every row, and duplicates."""
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or tuple(c.strip().lower() for c in lines[0].split("\t")) != HEADER:
        raise VocabError(path, 1, f"the header must be {' / '.join(HEADER)} separated by tabs")
    entries: list[Entry] = []
    seen: dict[tuple[str, str], int] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != len(HEADER):
            raise VocabError(path, number, f"{len(cells)} columns where there should be {len(HEADER)} "
                                           "(cornish, english, category, notes), separated by tabs")
        cornish, english, category, notes = (c.strip() for c in cells)
        for field, value in zip(HEADER[:3], (cornish, english, category)):
            if not value:
                raise VocabError(path, number, f"the {field} field is empty")
        if category not in CATEGORIES:
            raise VocabError(path, number, f"unknown category {category!r}; use one of {', '.join(CATEGORIES)}")
        for side, word in (("cornish", cornish), ("english", english)):
            key = (category, side + ":" + " ".join(word.lower().split()))
            if key in seen:
                raise VocabError(path, number, f"{word!r} is listed twice as a {category} "
                                               f"(first on line {seen[key]})")
            seen[key] = number
        entries.append(Entry(cornish, english, category, notes))
    return tuple(entries)


@lru_cache(maxsize=8)
def load_vocab(name: str = "cornish", folder: Path | str = VOCAB_DIR) -> tuple[Entry, ...]:
    """The entries of ``vocab/<name>.tsv`` (cached)."""
    return read_vocab(Path(folder) / f"{name}.tsv")


def by_category(entries: tuple[Entry, ...], *categories: str) -> tuple[Entry, ...]:
    """The entries of the given categories, in file order."""
    return tuple(e for e in entries if e.category in categories)


def entry_for_word(word: str, entries: Iterable[Entry]) -> Entry | None:
    """The entry a fumbled word belongs to: the number or rank it names, else the first phrase that uses it."""
    target = normalise(word)
    if not target:
        return None
    entries = list(entries)
    for entry in entries:
        if entry.category in ("number", "rank", "suit") and normalise(entry.cornish) == target:
            return entry
    for entry in entries:
        if entry.category == "phrase" and all(w in normalise(entry.cornish) for w in target):
            return entry
    return None
