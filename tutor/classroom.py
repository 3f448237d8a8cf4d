"""The class: who is at this browser, what they did, and what the teacher's page reads from it.

A learner types their name once; the browser remembers it (the widget's
JavaScript keeps it in the page's local storage) and tells every Gwari app it
opens, so the name follows them from lesson to play to drill.  In one kernel the
name is held here, and every widget that shows it is redrawn when it changes.

What a learner does is kept through ``keep_*``: nothing is kept without a name,
and a store that cannot be written never stops a lesson or a game (the app says
so once, in words).  Without ``sqlite3`` (Python in the browser) nothing is kept.

Under JupyterHub (``$JUPYTERHUB_USER`` set) the learner is already known: the
name is the one they signed in with (under the class service, ``$GWARI_SERVICE_URL``, the name the service tells
from the hub token, and the records are kept there), and no page can claim another; only without a hub is it typed.

The teacher's side: the class key (``$GWARI_CLASS_KEY``, else the first line
of the file ``class-key`` beside the progress file), the class deal for today
(checked when the teacher sets it, and read once in each kernel: ``todays_deal``),
and the summaries the teacher's page shows.  Wrong keys are slowed down for the
whole server, in the store: after a few, each further try must wait, the wait
doubling with each wrong key up to a cap, and tries during a wait are refused
without being checked; the right key clears it and says how many wrong keys
were tried since the page was last opened.  No widgets and no pandas here.
"""

from __future__ import annotations

import hmac
import json
import math
import os
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from tutor.addresses import Address
from tutor.deal_code import ClassDeal, parse_class_deal
from tutor.progress import BrowserProgress, PlayedGame, Progress, StoreError, learner_name, schema
from tutor.progress.fields import NAME_LIMIT
from tutor.progress.opening import local_folder, nothing_kept, open_progress
from tutor.service.remote_records import open_remote, service_learner, service_url, whoami_problem

KEY_ENV = "GWARI_CLASS_KEY"
KEY_FILE = "class-key"
KEY_LIMIT = 200  # a typed key longer than this is wrong without being compared
HUB_ENV = "JUPYTERHUB_USER"
CLASS_DEAL = "class_deal"
REVIEW_STATE = 2  # an FSRS card in its Review state: a word the learner knows
KEY_FREE_TRIES = 3  # wrong keys before the first wait
KEY_FIRST_WAIT = 2  # seconds: the first wait, doubled with each wrong key after it
KEY_LONGEST_WAIT = 300  # seconds: the cap
KEY_TRIES = ("class_key_wrong", "class_key_wait_until", "class_key_unseen")
"""The settings that count wrong keys: in a row, until when tries wait, and since the page was last opened."""

_learner = ""
_listeners: "weakref.WeakSet[Any]" = weakref.WeakSet()
_store: Progress | BrowserProgress | None = None
_store_where: Address | None = None  # where the store open in this kernel is
_store_problem = ""
_restored = False
_key_tries: dict[str, str] = {}  # the wrong keys, when there is no store to count them in
_class_deal_read: tuple[str, ClassDeal | None, str] = ("", None, "")  # the class deal last read: text, deal, problem


# ---------------------------------------------------------------- the learner at this browser


def under_hub() -> bool:
    """Whether this kernel runs under JupyterHub (``$JUPYTERHUB_USER`` set): the learner is the hub's user."""
    return bool(os.environ.get(HUB_ENV, "").strip()) or service_url() is not None


def hub_learner() -> str:
    """The name the learner signed in to the hub with ("" without a hub, or when that name cannot be used: over
    40 characters it is cut to 40; one holding a control character is not used, and nothing is kept)."""
    raw = os.environ.get(HUB_ENV, "") if service_url() is None else service_learner()
    try:
        return learner_name(" ".join(raw.split())[:NAME_LIMIT]) if raw.strip() else ""
    except ValueError:
        return ""


def learner() -> str:
    """The name of the learner using this kernel ("" until they give it).  Under a hub, the hub's name (put on
    the class list the first time it is asked for)."""
    global _learner
    if under_hub():
        hub = hub_learner()
        if hub and _learner != hub:
            _learner = hub
            _with_store(lambda store: store.add_learner(hub))
        return hub
    return _learner


def listen(widget: Any) -> None:
    """Redraw ``widget`` (through its ``learner_changed``) whenever the learner's name changes."""
    _listeners.add(widget)


def set_learner(name: Any) -> str:
    """Take the learner's name ("" forgets it); a name that cannot be used is refused in words (ValueError).
    Under a hub only the hub's own name is taken: another, or forgetting it, is refused."""
    global _learner
    new = learner_name(name) if not isinstance(name, str) or name.strip() else ""
    if under_hub():
        hub = learner()
        if not hub:
            raise ValueError("learner name: the name you signed in to this class server with cannot be used to keep "
                             "progress; tell your teacher.")
        if new != hub:
            raise ValueError(f"learner name: you signed in to this class server as {hub}, and your progress is kept "
                             "under that name; it cannot be changed here.")
        return hub
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
    return schema.sqlite3 is None


def store() -> Progress | BrowserProgress | None:
    """The class's progress store, opened once per kernel (None where progress cannot be kept).  In the browser,
    the records live in the page's storage: every change is handed to the learner's widgets to keep."""
    global _store, _store_problem, _store_where
    if in_browser():
        if _store is None:
            _store = BrowserProgress(saved=_keep_in_browser)
        return _store
    try:
        where = service_url() or schema.progress_address()
        if _store is None or _store_where != where:
            _store_where, _store = where, open_remote(where) if isinstance(where, str) else open_progress(where)
            _store_problem = getattr(_store, "report", "")
    except (StoreError, OSError, ValueError) as exc:  # ValueError: $GWARI_PROGRESS not understood, or a folder
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
    return _store_problem or (whoami_problem() if service_url() is not None else "")


def _with_store(action: Callable[[Progress], Any]) -> bool:
    """Run ``action`` on the store; a failing store, or a record the store refuses, is noted in words, never raised
    into the app."""
    global _store_problem
    progress = store()
    if progress is None:
        return False
    try:
        action(progress)
    except (StoreError, OSError, ValueError) as exc:
        _store_problem = f"Your progress could not be saved just now ({exc}); tell your teacher."
        return False
    return True


def keep_rule_reached(lesson: str, rule: str) -> bool:
    """The learner reached a rule of a lesson (kept only when the learner has a name)."""
    name = learner()
    return bool(name) and _with_store(lambda s: s.reach(name, lesson, rule))


def keep_check(lesson: str, rule: str, question: str, answer: str, correct: bool) -> bool:
    """The learner answered a lesson's check."""
    name = learner()
    return bool(name) and _with_store(lambda s: s.answer_check(name, lesson, rule, question, answer, correct))


def keep_game(game: PlayedGame) -> bool:
    """The learner finished a game."""
    name = learner()
    return bool(name) and _with_store(lambda s: s.keep_game(name, game))


# ---------------------------------------------------------------- the teacher's settings


def class_key(progress: Progress | None = None) -> str:
    """The key that opens the teacher's page: ``$GWARI_CLASS_KEY``, else ``class-key`` beside the store ("" if none)."""
    key = os.environ.get(KEY_ENV, "").strip()
    if key:
        return key
    path = key_file(progress)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return ""
    return lines[0].strip() if lines else ""


def key_opens(typed: Any, progress: Progress | None = None) -> bool:
    """Whether a typed key is the class key (compared in constant time; no key set opens nothing).  The teacher's
    page goes through ``try_key``, which also slows down wrong keys."""
    key = class_key(progress)
    if not key or not isinstance(typed, str) or len(typed) > KEY_LIMIT:
        return False
    return hmac.compare_digest(typed.strip().encode("utf-8", "replace"), key.encode("utf-8", "replace"))


def key_wait(wrong: int) -> int:
    """Seconds every try must wait after ``wrong`` wrong keys in a row: none for the first few, then doubling."""
    if wrong < KEY_FREE_TRIES:
        return 0
    return min(KEY_LONGEST_WAIT, KEY_FIRST_WAIT * 2 ** min(wrong - KEY_FREE_TRIES, 30))


def try_key(typed: Any, progress: Progress | BrowserProgress | None = None) -> int:
    """Open the teacher's page with a typed key: returns how many wrong keys were tried since it was last opened.

    Refused with a ValueError in words (naming the class key): no key set; an empty box; a wrong key (counted,
    for the whole server, in the store); and, while a wait runs after too many wrong keys, any try at all, not
    checked.  Nothing sleeps: a try during a wait is simply refused, saying how long is left."""
    if not class_key(progress if isinstance(progress, Progress) else None):
        raise ValueError("class key: no class key is set on this server.")
    if typed is None or isinstance(typed, str) and not typed.strip():
        raise ValueError("class key: type the class key first.")
    kept = progress if progress is not None else store()
    clock = getattr(kept, "clock", None) or (lambda: datetime.now(timezone.utc))
    now = clock()
    outcome: dict[str, int] = {}

    def change(values: dict[str, str]) -> dict[str, str]:
        wrong, unseen = _count(values[KEY_TRIES[0]]), _count(values[KEY_TRIES[2]])
        until = _moment(values[KEY_TRIES[1]])
        if until is not None and now < until:
            outcome["wait"] = math.ceil((until - now).total_seconds())
            return {}
        if key_opens(typed, progress if isinstance(progress, Progress) else None):
            outcome["unseen"] = unseen
            return {name: "" for name in KEY_TRIES}
        wait = key_wait(wrong + 1)
        outcome["wrong"], outcome["next"] = wrong + 1, wait
        return {KEY_TRIES[0]: str(wrong + 1), KEY_TRIES[2]: str(unseen + 1),
                KEY_TRIES[1]: (now + timedelta(seconds=wait)).isoformat() if wait else ""}

    if kept is None:
        _key_tries.update(change({name: _key_tries.get(name, "") for name in KEY_TRIES}))
    else:
        kept.update_settings(KEY_TRIES, change)
    if "wait" in outcome:
        raise ValueError(f"Too many wrong class keys: try again in {outcome['wait']} s.")
    if "wrong" in outcome:
        then = f" Too many wrong keys: try again in {outcome['next']} s." if outcome["next"] else ""
        raise ValueError(f"That is not the class key.{then}")
    return outcome["unseen"]


def _count(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 10 else 0


def _moment(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def wrong_keys_words(count: int) -> str:
    """What the teacher's page says on opening about the wrong keys tried since it was last opened."""
    if count <= 0:
        return ""
    return (f"{count} wrong key{' was' if count == 1 else 's were'} tried since you last opened this page.")


def read_class_deal(text: str) -> tuple[ClassDeal | None, str]:
    """The class deal kept as ``text``: the deal, or None and why it cannot be used ("" when nothing is kept).
    Read once in a kernel while what is kept stays the same (and not at all once the teacher has set it here)."""
    global _class_deal_read
    if not text:
        return None, ""
    if text != _class_deal_read[0]:
        try:
            _class_deal_read = (text, parse_class_deal(text), "")
        except ValueError as exc:  # kept by an earlier release, which took any deal code
            _class_deal_read = (text, None, str(exc))
    return _class_deal_read[1], _class_deal_read[2]


def _kept_class_deal() -> tuple[str, ClassDeal | None]:
    """What the store keeps as the class deal, and the deal it is (None when none is kept or it cannot be used).
    Asking creates no store."""
    if _store is None and not in_browser() and service_url() is None and nothing_kept():
        return "", None
    progress = store()
    if progress is None:
        return "", None
    try:
        text = progress.setting(CLASS_DEAL)
    except (StoreError, OSError, ValueError):
        return "", None
    return text, read_class_deal(text)[0]


def todays_deal() -> ClassDeal | None:
    """The class deal for today, read and checked (None when the teacher has set none, or when what is kept is not
    a class deal, as an earlier release could keep): ``todays_deal().deal_for(game, options, players)`` deals it."""
    return _kept_class_deal()[1]


def class_deal() -> str:
    """The class deal for today, as a deal code ("" when the teacher has set none, or when what is kept is not a
    class deal, as an earlier release could keep).  Asking creates no store."""
    text, deal = _kept_class_deal()
    return text if deal is not None else ""


def set_class_deal(code: Any, progress: Progress | BrowserProgress | None = None) -> str:
    """Set the class deal from a deal code: the number of players and the deal's number only (``4-1821``); anything
    else is refused in words (ValueError).  "" clears it.  Returns the code as kept, and keeps the deal read."""
    global _class_deal_read
    kept = progress if progress is not None else store()
    if kept is None:
        raise ValueError(f"The class's records cannot be written: {store_problem()}")
    if code == "":
        kept.set_setting(CLASS_DEAL, "")
        return ""
    deal = parse_class_deal(code)
    kept.set_setting(CLASS_DEAL, deal.code)
    _class_deal_read = (deal.code, deal, "")
    return deal.code


# ---------------------------------------------------------------- what the teacher sees


@dataclass
class LearnerSummary:
    """One learner at a glance."""

    learner: str
    lessons_finished: list[str] = field(default_factory=list)
    first_games: list[str] = field(default_factory=list)
    rules_reached: int = 0
    checks_answered: int = 0
    checks_first_time: int = 0
    games: Counter = field(default_factory=Counter)
    wins: Counter = field(default_factory=Counter)
    words_known: int = 0
    words_due: int = 0
    last_seen: str = ""


def lesson_rules() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """Every lesson's title and its rules as (id, title), in teaching order (Gwari's own games)."""
    from tutor.games import WHERE
    from tutor.lessons import load_lesson

    out = {}
    for slug in WHERE:
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
        # Only a lesson's own rules count: the rules met in play (``<slug>/play``) and a finished first game
        # (``<slug>/first-game``) are kept beside them under keys of their own.
        summary.rules_reached = sum(len(by_lesson.get(slug, set()) & {rid for rid, _ in rules})
                                    for slug, (_title, rules) in lessons.items())
        summary.first_games = [slug for slug in lessons if by_lesson.get(f"{slug}/first-game")]
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
    """Where the class key file goes: beside the progress file, or where it would be (``opening.local_folder``)."""
    return local_folder(progress) / KEY_FILE
