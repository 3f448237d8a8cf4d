"""The class: who is at this browser, what they did, and what the teacher's page reads from it.

A learner types their name once; the browser remembers it (the widget's
JavaScript keeps it in the page's local storage) and tells every Gwari app it
opens, so the name follows them from lesson to play to drill.  In one kernel the
name is held here, and every widget that shows it is redrawn when it changes.

What a learner does is kept through ``keep_*``: nothing is kept without a name,
and a store that cannot be written never stops a lesson or a game (the app says
so once, in words).  Without ``sqlite3`` (Python in the browser) nothing is kept.

The teacher's side: the class key (``$GWARI_CLASS_KEY``, else the first line
of the file ``class-key`` beside the progress file), the class deal for today,
and the summaries the teacher's page shows.  No widgets and no pandas here.
"""

from __future__ import annotations

import hmac
import json
import os
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from tutor.progress import (BrowserProgress, PlayedGame, Progress, StoreError, learner_name,
                            progress_path, sqlite3)

KEY_ENV = "GWARI_CLASS_KEY"
KEY_FILE = "class-key"
CLASS_DEAL = "class_deal"
REVIEW_STATE = 2  # an FSRS card in its Review state: a word the learner knows

_learner = ""
_listeners: "weakref.WeakSet[Any]" = weakref.WeakSet()
_store: Progress | BrowserProgress | None = None
_store_problem = ""
_restored = False


# ---------------------------------------------------------------- the learner at this browser


def learner() -> str:
    """The name of the learner using this kernel ("" until they give it)."""
    return _learner


def listen(widget: Any) -> None:
    """Redraw ``widget`` (through its ``learner_changed``) whenever the learner's name changes."""
    _listeners.add(widget)


def set_learner(name: Any) -> str:
    """Take the learner's name ("" forgets it); a name that cannot be used is refused in words (ValueError)."""
    global _learner
    new = learner_name(name) if str(name or "").strip() else ""
    if new != _learner:
        _learner = new
        if new:
            _with_store(lambda store: store.add_learner(new))
        for widget in list(_listeners):
            widget.learner_changed(new)
    return new


# ---------------------------------------------------------------- the store


def in_browser() -> bool:
    """Whether progress is kept in the browser's own storage (Python in the browser has no sqlite3)."""
    return sqlite3 is None


def store() -> Progress | BrowserProgress | None:
    """The class's progress store, opened once per kernel (None where progress cannot be kept).  In the browser,
    the records live in the page's storage: every change is handed to the learner's widgets to keep."""
    global _store, _store_problem
    if in_browser():
        if _store is None:
            _store = BrowserProgress(saved=_keep_in_browser)
        return _store
    if _store is None or _store.path != progress_path():
        try:
            _store = Progress()
            _store_problem = _store.report
        except (StoreError, OSError) as exc:
            _store, _store_problem = None, str(exc)
    return _store


def _keep_in_browser(text: str) -> None:
    for widget in list(_listeners):
        widget.kept = text


def kept_in_browser() -> str:
    """The records the page keeps, as text ("" while there are none, so an empty copy never replaces a full one)."""
    progress = store() if in_browser() else None
    return progress.export_json() if isinstance(progress, BrowserProgress) and progress.learners() else ""


def restore(text: str) -> list[str]:
    """The records the browser kept, given back after a reload (once per kernel; later copies are the same)."""
    global _restored
    progress = store()
    if not isinstance(progress, BrowserProgress) or _restored:
        return []
    names = progress.load(text)
    _restored = True
    return names


def store_problem() -> str:
    """Why progress is not being kept, or what happened to a damaged store, in words ("" when all is well)."""
    return _store_problem


def _with_store(action: Callable[[Progress], Any]) -> bool:
    """Run ``action`` on the store; a failing store is noted, never raised into the app."""
    global _store_problem
    progress = store()
    if progress is None:
        return False
    try:
        action(progress)
    except (StoreError, OSError) as exc:
        _store_problem = f"Your progress could not be saved just now ({exc}); tell your teacher."
        return False
    return True


def keep_rule_reached(lesson: str, rule: str) -> bool:
    """The learner reached a rule of a lesson (kept only when the learner has a name)."""
    return bool(_learner) and _with_store(lambda s: s.reach(_learner, lesson, rule))


def keep_check(lesson: str, rule: str, question: str, answer: str, correct: bool) -> bool:
    """The learner answered a lesson's check."""
    return bool(_learner) and _with_store(lambda s: s.answer_check(_learner, lesson, rule, question, answer, correct))


def keep_game(game: PlayedGame) -> bool:
    """The learner finished a game."""
    return bool(_learner) and _with_store(lambda s: s.keep_game(_learner, game))


# ---------------------------------------------------------------- the teacher's settings


def class_key(progress: Progress | None = None) -> str:
    """The key that opens the teacher's page: ``$GWARI_CLASS_KEY``, else ``class-key`` beside the store ("" if none)."""
    key = os.environ.get(KEY_ENV, "").strip()
    if key:
        return key
    path = (progress.path if progress is not None else progress_path()).parent / KEY_FILE
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return ""
    return lines[0].strip() if lines else ""


def key_opens(typed: Any, progress: Progress | None = None) -> bool:
    """Whether a typed key is the class key (compared in constant time; no key set opens nothing)."""
    key = class_key(progress)
    return bool(key) and hmac.compare_digest(str(typed).strip().encode(), key.encode())


def class_deal() -> str:
    """The class deal for today, as a deal code ("" when the teacher has set none).  Asking creates no store."""
    if _store is None and not in_browser() and not progress_path().exists():
        return ""
    progress = store()
    if progress is None:
        return ""
    try:
        return progress.setting(CLASS_DEAL)
    except (StoreError, OSError):
        return ""


# ---------------------------------------------------------------- what the teacher sees


@dataclass
class LearnerSummary:
    """One learner at a glance."""

    learner: str
    lessons_finished: list[str] = field(default_factory=list)
    rules_reached: int = 0
    checks_answered: int = 0
    checks_first_time: int = 0
    games: Counter = field(default_factory=Counter)
    wins: Counter = field(default_factory=Counter)
    words_known: int = 0
    words_due: int = 0
    last_seen: str = ""


def lesson_rules() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """Every lesson's title and its rules as (id, title), in teaching order."""
    from tutor.games import GAMES
    from tutor.lessons import load_lesson

    out = {}
    for slug in GAMES:
        lesson = load_lesson(slug)
        out[slug] = (lesson.title, [(r.id, r.title) for r in lesson.rules])
    return out


def first_answers(checks: list[dict[str, Any]]) -> dict[tuple[str, str, str], dict[str, Any]]:
    """Each learner's first answer to each check: (learner, lesson, rule) → the row."""
    first: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in checks:
        first.setdefault((row["learner"], row["lesson"], row["rule"]), row)
    return first


def summarise_class(records: dict[str, list[dict[str, Any]]], now: datetime | None = None) -> list[LearnerSummary]:
    """One summary per learner, from ``class_records``."""
    now = now or datetime.now(timezone.utc)
    lessons = lesson_rules()
    out = {row["learner"]: LearnerSummary(row["learner"], last_seen=row["since"]) for row in records["learners"]}

    def seen(name: str, at: str) -> LearnerSummary:
        summary = out.setdefault(name, LearnerSummary(name))
        summary.last_seen = max(summary.last_seen, at)
        return summary

    reached: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in records["reached"]:
        seen(row["learner"], row["at"])
        reached[row["learner"]][row["lesson"]].add(row["rule"])
    for name, by_lesson in reached.items():
        summary = out[name]
        summary.rules_reached = sum(len(r) for r in by_lesson.values())
        summary.lessons_finished = [slug for slug, (_title, rules) in lessons.items()
                                    if rules and {rid for rid, _ in rules} <= by_lesson.get(slug, set())]
    for row in records["checks"]:
        seen(row["learner"], row["at"])
    for (name, _lesson, _rule), row in first_answers(records["checks"]).items():
        out[name].checks_answered += 1
        out[name].checks_first_time += bool(row["correct"])
    for row in records["games"]:
        summary = seen(row["learner"], row["at"])
        summary.games[row["game"]] += 1
        summary.wins[row["game"]] += bool(row["won"])
    for row in records["answers"]:
        seen(row["learner"], row["at"])
    for row in records["cards"]:
        card = json.loads(row["card"])
        summary = out.setdefault(row["learner"], LearnerSummary(row["learner"]))
        summary.words_known += card.get("state") == REVIEW_STATE
        due = card.get("due")
        summary.words_due += bool(due) and datetime.fromisoformat(due) <= now
    return sorted(out.values(), key=lambda s: (s.learner.casefold(), s.learner))


@dataclass(frozen=True)
class MissedCheck:
    """A check and how the class did on it."""

    lesson: str
    rule: str
    question: str
    answered: int
    missed_first_time: int
    wrong_answers: int
    learners_missed: tuple[str, ...]


def missed_checks(records: dict[str, list[dict[str, Any]]]) -> list[MissedCheck]:
    """The checks the class gets wrong most: ranked by learners who missed them the first time, then by wrong answers."""
    questions: dict[tuple[str, str], str] = {}
    wrong: Counter = Counter()
    for row in records["checks"]:
        questions.setdefault((row["lesson"], row["rule"]), row["question"])
        wrong[(row["lesson"], row["rule"])] += not row["correct"]
    answered: Counter = Counter()
    missed: dict[tuple[str, str], list[str]] = defaultdict(list)
    for (name, lesson, rule), row in first_answers(records["checks"]).items():
        answered[(lesson, rule)] += 1
        if not row["correct"]:
            missed[(lesson, rule)].append(name)
    items = [MissedCheck(lesson, rule, question, answered[(lesson, rule)], len(missed[(lesson, rule)]),
                         wrong[(lesson, rule)], tuple(sorted(missed[(lesson, rule)])))
             for (lesson, rule), question in questions.items()]
    return sorted((m for m in items if m.wrong_answers),
                  key=lambda m: (-m.missed_first_time, -m.wrong_answers, m.lesson, m.rule))


def activity_by_day(records: dict[str, list[dict[str, Any]]]) -> list[tuple[str, int, int, int, int]]:
    """Per day (oldest first): learners active, checks answered right, games played, drill answers."""
    active: dict[str, set[str]] = defaultdict(set)
    right: Counter = Counter()
    games: Counter = Counter()
    drill: Counter = Counter()
    for table, counter in (("checks", right), ("games", games), ("answers", drill)):
        for row in records[table]:
            day = row["at"][:10]
            active[day].add(row["learner"])
            if table != "checks" or row["correct"]:
                counter[day] += 1
    for row in records["reached"]:
        active[row["at"][:10]].add(row["learner"])
    return [(day, len(active[day]), right[day], games[day], drill[day]) for day in sorted(active)]


def key_file(progress: Progress | None = None) -> Path:
    """Where the class key file goes: beside the progress file."""
    return (progress.path if progress is not None else progress_path()).parent / KEY_FILE
