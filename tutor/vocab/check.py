"""Checking a typed answer: tolerant where a learner would expect it, exact about the words.

Case, spacing, commas and final punctuation never matter (``tutor.cornish.normalise``).
The optional words "neb" (any) and "vy" (me) may be said or left out, and
"Gwra pyskessa!" and the seed example's short "Pyskessa!" are the same reply
(docs/rules.md#gwra-pyskessa-text).  A word one or two letters
off is a near miss ("Almost — “seyth”, not “seith”."), unless it is another
word of the list (a wrong rank or suit is wrong, not a slip).  Typed text is
only compared, never evaluated; ``Verdict.html`` is escaped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Iterable

from tutor.cornish import normalise

OPTIONAL_WORDS = frozenset({"neb", "vy"})
MAX_TYPED = 200
_NUMBERS = {str(i): w for i, w in enumerate(
    "nought one two three four five six seven eight nine ten".split())}
_ENGLISH_FILLERS = frozenset({"the", "a", "an", "any"})


@dataclass(frozen=True)
class Verdict:
    """The outcome of one answer: right or not, a near miss, and a message (plain and HTML)."""

    correct: bool
    near: bool
    expected: str
    typed: str
    message: str
    slips: tuple[tuple[str, str], ...] = ()
    """Near-miss words as (expected, typed)."""

    @property
    def html(self) -> str:
        """The message, escaped, in a feedback box."""
        cls = "gw-good" if self.correct else "gw-error"
        mark = "✔" if self.correct else "✘"
        return f'<div class="{cls}">{mark} {html.escape(self.message, quote=True)}</div>'


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance between two words (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def canonical(text: str, language: str = "kw") -> tuple[str, ...]:
    """The words that matter: normalised, optional words dropped, "gwra pyskessa" read as "pyskessa"."""
    words = normalise(text)
    if language == "en":
        words = [_NUMBERS.get(w, w) for w in words if w not in _ENGLISH_FILLERS]
        return tuple(words)
    out: list[str] = []
    for i, word in enumerate(words):
        if word in OPTIONAL_WORDS:
            continue
        if word == "gwra" and i + 1 < len(words) and words[i + 1] == "pyskessa":
            continue
        out.append(word)
    return tuple(out)


def check_answer(expected: str, typed: str, *, accepted: Iterable[str] = (), language: str = "kw",
                 known: Iterable[str] = ()) -> Verdict:
    """Judge ``typed`` against ``expected`` (and other ``accepted`` forms); ``known`` lists words that are never slips."""
    typed = str(typed)[:MAX_TYPED]
    got = canonical(typed, language)
    if not got:
        return Verdict(False, False, expected, typed, f"Type your answer, e.g. the word for “{expected}”."
                       if language == "en" else "Type your answer.")
    forms = [expected, *accepted]
    for form in forms:
        if canonical(form, language) == got:
            return Verdict(True, False, expected, typed, f"Right: “{expected}”.")
    known_words = {w for k in known for w in canonical(k, language)}
    for form in forms:
        slips = _slips(canonical(form, language), got, known_words)
        if slips:
            said = "; ".join(f"“{want}”, not “{have}”" for want, have in slips)
            return Verdict(False, True, expected, typed, f"Almost — {said}. The answer is “{expected}”.", slips)
    return Verdict(False, False, expected, typed, f"Not quite — the answer is “{expected}”.")


def _slips(want: tuple[str, ...], got: tuple[str, ...], known: set[str]) -> tuple[tuple[str, str], ...]:
    """The words typed one or two letters off, when every other word is right; () if it is not a near miss."""
    if len(want) != len(got):
        return ()
    slips = []
    for w, g in zip(want, got):
        if w == g:
            continue
        if g in known or edit_distance(w, g) > (1 if len(w) <= 3 else 2):
            return ()
        slips.append((w, g))
    return tuple(slips)
