"""Malformed input to the class's records: only a ValueError naming the field comes out, and the store is unchanged.

The entry points: a learner's name (every method that takes one), the store's path, an export read back (a field of
the wrong type, a number out of range, a field missing or unknown, nesting deep or very deep, text that is not
JSON), the records an app writes, and tries at the class key.  "Unchanged" is checked on the export: the same
text before and after a refused input.  An input that happens to be valid may be accepted; then the store's export
must still import back.

The inputs are drawn with ``random.Random`` (Hypothesis hands one over through ``st.randoms``, so a failure shrinks
and replays), which lets ``tests/fuzz_soak.py`` draw many more of the same outside the suite:
``store_entry_points()`` gives it (name, run) pairs.  ``GWARI_GAMES`` sets the examples per test (tests/conftest.py).
The runs that exercise the store itself (``STORE_RUNS``) run on every store alike: an SQLite file and a PostgreSQL
database (tests/progress_stores.py).
"""

from __future__ import annotations

import atexit
import json
import os
import random
import shutil
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.progress_stores import KINDS, Stores
from tutor import classroom
from tutor.progress import PlayedGame, Progress, learner_name
from tutor.progress.schema import TABLE_NAMES
from tutor.progress.store import Records
from tutor.vocab.schedule import ManualClock

NOW = datetime(2026, 11, 20, 12, tzinfo=timezone.utc)
KEY = "owl-42"
TEXTS = ("", " ", "None", "no", "yes", "0", "\x00", "\t", "Ana\nBryok", "\u202e", "\u200b", "\ud800", "A" * 41,
         "9" * 5000, "x" * 401, "2026-13-40", "2026-11-20T12:00:00", "[]", "{}", "🂡", "Ówen")


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A value of any kind a caller or a file might give by mistake."""
    kind = rng.randrange(10 if depth < 2 else 7)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.choice([-1, 0, 1, 2, 9, 2 ** 31, 2 ** 63, -2 ** 63 - 1, 10 ** 30])
    if kind == 2:
        return rng.choice([float("nan"), float("inf"), -0.0, 1.5, 2.0, 1e300])
    if kind == 3:
        return rng.choice(TEXTS)
    if kind == 4:
        low = 0x20 if rng.random() < 0.7 else 0
        return "".join(chr(rng.randrange(low, 0xE000)) for _ in range(rng.randrange(12)))
    if kind == 5:
        return rng.choice([b"Ana", bytearray(b"x"), object(), Path("p"), {1, 2}])
    if kind == 6:
        return rng.choice(["2026-11-20T12:00:00+00:00", "4-1821", "number:onan"])
    if kind == 7:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 8:
        return {rng.choice(["a", "", "0", "seat", "won"]): junk(rng, depth + 1) for _ in range(rng.randrange(3))}
    return tuple(junk(rng, depth + 1) for _ in range(rng.randrange(3)))


def _say(rng: random.Random, what: Any) -> None:
    """Describe the input for the soak's report."""
    try:
        rng.input = what  # type: ignore[attr-defined]
    except AttributeError:
        pass


class Class:
    """A store with a record of every kind, and a class key beside it, in ``root``: an SQLite file there, or the
    store ``stores`` opens (a PostgreSQL database)."""

    def __init__(self, root: Path, stores: Stores | None = None) -> None:
        self.root = Path(root)
        self.clock = ManualClock(NOW)
        self.stores = stores
        self._again: Records | None = None
        self.store: Records = (stores("class", clock=self.clock) if stores is not None else
                               Progress(self.root / "class" / "progress.sqlite3", clock=self.clock))
        (self.root / "class").mkdir(exist_ok=True)
        (self.root / "class" / classroom.KEY_FILE).write_text(KEY + "\n")
        self.store.answer_check("Ana", "pig", "pig.nose", "Who is the pig?", "The last", False)
        self.store.keep_game("Ana", PlayedGame("pig", {"word": "PIG"}, "4-12", ("Ana", "Jory", "Pol", "Tamsin"), 0,
                                               (0, 1, 1, 1), True, 40, "strong"))
        deck = self.store.deck("Bryok")
        self.store.record("Bryok", deck.review("number:seyth", True), deck.cards["number:seyth"])
        self.store.record_fumbles("Bryok", [("seyth", "seith")])
        self.store.reach("Bryok", "gnav", "gnav.pack")
        self.valid = self.store.export_json()

    def empty(self) -> Records:
        """A store of the same kind holding nothing, to import the class's export into (the same one each time)."""
        if self._again is None:
            self._again = (self.stores("again") if self.stores is not None else
                           Progress(self.root / "class" / f"again-{os.getpid()}.sqlite3"))
        self._again._write([(f"DELETE FROM {table}", ()) for table in TABLE_NAMES])
        return self._again


def refused(run: Callable[[], Any], names: tuple[str, ...], cls: Class) -> bool:
    """Run ``run``: accepted, or refused with a ValueError naming one of ``names`` and the store's export unchanged
    (then the ValueError goes on, for the soak to count).  Accepted, the export must still import back."""
    store = cls.store
    before = store.export_json()
    try:
        run()
    except ValueError as exc:
        text = str(exc)
        assert any(n in text for n in names), f"{text!r} names none of {names}"
        assert store.export_json() == before, "a refused input changed the store"
        raise
    after = store.export_json()
    if after != before:
        fresh = cls.empty()
        fresh.import_json(after)
        assert json.loads(fresh.export_json()) == json.loads(after), "the export did not import back as it was"
    return True


# ---------------------------------------------------------------- the runs (one malformed input each)

NAME_CALLS = ("add_learner", "since", "reset", "delete", "reached", "checks", "games", "deck", "answers", "fumbles")


def run_name(cls: Class, rng: random.Random) -> None:
    """A name of any kind to a method that takes one."""
    name = junk(rng)
    call = rng.choice(NAME_CALLS)
    if call in ("reset", "delete") and isinstance(name, str) and name.strip() in ("Ana", "Bryok"):
        name = name + "\x07"  # a known learner's records are not to be cleared by a fuzz input
    _say(rng, (call, name))
    refused(lambda: getattr(cls.store, call)(name), ("learner name",), cls)


def _tree(root: Path) -> dict[str, Any]:
    return {str(p.relative_to(root)): p.is_dir() or p.read_bytes() for p in sorted(root.rglob("*"))}


def run_path(cls: Class, rng: random.Random) -> None:
    """A store path that cannot be a store: a folder, a path through a file, empty, NUL, too long, not text."""
    root = cls.root / "class"
    path = rng.choice([
        lambda: root, lambda: str(root) + "/", lambda: root / "progress.sqlite3" / "deeper.sqlite3",
        lambda: root / classroom.KEY_FILE / "a" / "b.sqlite3", lambda: "", lambda: " " * rng.randrange(1, 4),
        lambda: str(root / "a\x00b"), lambda: root / ("n" * rng.randrange(256, 400)), lambda: str(root / "\ud800"),
        lambda: rng.choice([0, 1.5, b"p.sqlite3", ["p"], {"p": 1}, object(), True]),
        lambda: str(root / ".." / "class"),
    ])()
    _say(rng, path)
    before = _tree(root)
    try:
        refused(lambda: Progress(path), ("progress file",), cls)
    finally:
        assert _tree(root) == before, "a refused path changed the files"
    raise AssertionError(f"the path {path!r} was taken as a store")


def _places(data: dict[str, Any]) -> list[tuple[tuple, tuple[str, ...]]]:
    """Every place in an export where a field sits, with the words a refusal of it must hold."""
    out: list[tuple[tuple, tuple[str, ...]]] = [(("format",), ("'format'",)), (("version",), ("'version'",)),
                                                (("learners",), ("'learners'", "progress JSON: learner '"))]  # junk that is an object names its learner
    for name, part in data["learners"].items():
        here = ("learners", name)
        out.append((here, (f"learner {name!r}",)))
        for field in part:
            out.append((here + (field,), (f"'{field}'",)))
        for key, card in part["cards"].items():
            out += [(here + ("cards", key, f), (f"card {f}", f"'card' has no '{f}'")) for f in card]
        for kind in ("answers", "fumbles", "reached", "checks"):
            for i, row in enumerate(part[kind]):
                out.append((here + (kind, i), (f"'{kind}' item {i + 1}",)))
                places = {"answers": ("key", "correct", "near", "at"), "fumbles": ("expected", "typed"),
                          "reached": ("lesson", "rule", "at"),
                          "checks": ("lesson", "rule", "question", "answer", "correct", "at")}[kind]
                out += [(here + (kind, i, j), (f"'{p}'",)) for j, p in enumerate(places)]
        for i, game in enumerate(part["games"]):
            out.append((here + ("games", i), (f"'games' item {i + 1}",)))
            for f in game:
                words = (f"'{f}'", "'seats'") if f in ("seats", "seat") else (f"'{f}'",)
                out.append((here + ("games", i, f), words))
    return out


def _put(data: Any, place: tuple, value: Any, *, drop: bool = False) -> None:
    for step in place[:-1]:
        data = data[step]
    if drop and isinstance(data, dict):
        del data[place[-1]]
    else:
        data[place[-1]] = value


OUT_OF_RANGE = {"seat": [-1, 4, 99, 2 ** 63], "moves": [-1, 10 ** 8, 2 ** 64], "scores": [[0, 1, 1, 10 ** 10]],
                "state": [0, 4, -1], "step": [-1, 10 ** 6], "stability": [-1.0, 1e12], "difficulty": [-0.5, 1e10],
                "card_id": [-1, 2 ** 63], "version": [0, 3, 1.0, True], "won": [0, 1, "no", "true", None],
                "correct": [0, 1, "no", None], "near": [0, "yes"], "at": ["yesterday", "2026-02-30T00:00:00"],
                "since": ["today", 2026], "due": ["2026-11-20T12:00:00", "soon"], "typed": ["t" * 201],
                "question": ["q" * 401], "game": ["", "g" * 61], "level": ["l" * 21]}


def run_import(cls: Class, rng: random.Random) -> None:
    """The class's own export with one field broken: another type, out of range, missing, unknown, nested."""
    data = json.loads(cls.valid)
    place, words = rng.choice(_places(data))
    how = rng.choice(["junk", "range", "drop", "unknown", "deep", "text"])
    last = place[-1]
    if how == "range" and last in OUT_OF_RANGE:
        _put(data, place, rng.choice(OUT_OF_RANGE[last]))
    elif how == "drop" and isinstance(last, str):
        _put(data, place, None, drop=True)
    elif how == "unknown":
        _put(data, place[:-1] + ("colour",) if isinstance(last, str) else place, {"colour": "red"})
        words += ("'colour'",)
    elif how == "deep":
        _put(data, place, "@@deep@@")
    else:
        _put(data, place, junk(rng))
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5, allow_nan=True, default=repr)
    if how == "deep":
        depth = rng.choice([2, 50, 5000, 100_000])
        text = text.replace('"@@deep@@"', "[" * depth + "]" * depth)
        words += ("nested",)
    elif how == "text":
        cut = rng.randrange(len(text))
        text = rng.choice([text[:cut], text[:cut] + "\x00" + text[cut:], text.encode("utf-8"), b"\xff" + text.encode(),
                           junk(rng)])
        words = ("progress JSON",)
    _say(rng, (how, place, text if not isinstance(text, (str, bytes)) or len(text) < 300 else text[:300]))
    refused(lambda: cls.store.import_json(text), words + ("'learners'", "progress JSON: learner name", "NaN",
                                                          "Infinity", "given twice", "'format'"),
            cls)


RECORD_CALLS: dict[str, tuple[tuple[str, ...], Callable[[Progress, list], Any]]] = {
    "reach": (("lesson", "rule"), lambda s, a: s.reach("Ana", a[0], a[1])),
    "answer_check": (("lesson", "rule", "question", "answer", "correct"),
                     lambda s, a: s.answer_check("Ana", *a)),
    "record_fumbles": (("fumbles",), lambda s, a: s.record_fumbles("Ana", a[0])),
    "set_setting": (("setting", "setting value"), lambda s, a: s.set_setting(a[0], a[1])),
    "keep_game": (("game", "options", "deal", "seats", "seat", "scores", "won", "moves", "level", "at"),
                  lambda s, a: s.keep_game("Ana", PlayedGame(*a))),
}
GOOD = {"lesson": "pig", "rule": "pig.deal", "question": "Q?", "answer": "A", "correct": True,
        "fumbles": [("seyth", "seith")], "setting": "class_deal", "setting value": "4-12", "game": "pig",
        "options": {}, "deal": "4-12", "seats": ("Ana", "Jory"), "seat": 0, "scores": (1, 0), "won": True,
        "moves": 9, "level": "strong", "at": ""}


def run_record(cls: Class, rng: random.Random) -> None:
    """A record an app writes, one argument of the wrong kind or range."""
    call = rng.choice(sorted(RECORD_CALLS))
    names, write = RECORD_CALLS[call]
    bad = rng.choice(names)
    args = [junk(rng) if n == bad else GOOD[n] for n in names]
    if bad == "fumbles" and rng.random() < 0.5:
        args[0] = [junk(rng) for _ in range(rng.randrange(1, 3))]
    _say(rng, (call, bad, args[names.index(bad)]))
    words = {"seats": ("'seats'", "'seat'"), "scores": ("'scores'",), "fumbles": ("'fumbles'", "'expected'", "'typed'"),
             "setting": ("'setting'",)}.get(bad, (f"'{bad}'",))
    refused(lambda: write(cls.store, args), words, cls)


def run_key(cls: Class, rng: random.Random) -> None:
    """A try at the class key: anything but the key, at any moment (during a wait or not)."""
    cls.clock.now += timedelta(seconds=rng.choice([0, 1, 3, 60, 10_000]))
    typed = junk(rng)
    if typed == KEY or isinstance(typed, str) and typed.strip() == KEY:
        typed = KEY + "?"
    _say(rng, typed)
    refused(lambda: classroom.try_key(typed, cls.store), ("class key",), cls)
    raise AssertionError(f"{typed!r} opened the teacher's page")


RUNS = {"store.names": run_name, "store.paths": run_path, "store.import": run_import, "store.records": run_record,
        "store.key": run_key}
STORE_RUNS = ("store.import", "store.names", "store.records")  # the paths and the key file are an SQLite file's
_soak_class: Class | None = None
_soak_runs = 0
SOAK_CLASS_RUNS = 250


def store_entry_points() -> list[tuple[str, Callable[[random.Random], Any]]]:
    """(name, run) for the soak (tests/fuzz_soak.py): ``run(draw)`` draws one malformed input from a
    ``random.Random`` and runs it on one class kept in a temporary folder, letting the ValueError of a refusal out;
    a failed check raises AssertionError."""
    def bound(run: Callable[[Class, random.Random], Any]) -> Callable[[random.Random], Any]:
        def one(draw: random.Random) -> Any:
            global _soak_class, _soak_runs
            # A fresh class every SOAK_CLASS_RUNS inputs: accepted inputs add learners and games, and every check
            # exports the whole store, so one class for 10,000 inputs would time the store's size, not the input.
            if _soak_class is None or _soak_runs >= SOAK_CLASS_RUNS:
                root = tempfile.mkdtemp(prefix="gwari-fuzz-store-")
                atexit.register(shutil.rmtree, root, ignore_errors=True)
                _soak_class, _soak_runs = Class(Path(root)), 0
            _soak_runs += 1
            return run(_soak_class, draw)
        return one

    return [(name, bound(run)) for name, run in RUNS.items()]


# ---------------------------------------------------------------- the tests


@pytest.fixture
def cls(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """The class, on the store ``request.param`` names (an SQLite file unless a test says)."""
    kind = getattr(request, "param", "sqlite")
    stores = Stores(kind, tmp_path, request.getfixturevalue("postgres_url")) if kind != "sqlite" else None
    yield Class(tmp_path, stores)
    if stores is not None:
        stores.close()


def outcome(run: Callable[[Class, random.Random], Any], cls: Class, rng: random.Random) -> None:
    try:
        run(cls, rng)
    except ValueError:
        pass


@pytest.mark.parametrize("name, cls", [(name, "sqlite") for name in sorted(RUNS)]
                         + [(name, kind) for kind in KINDS[1:] for name in STORE_RUNS], indirect=["cls"])
@given(rng=st.randoms(use_true_random=False))
def test_malformed_input_is_refused_by_name_and_changes_nothing(cls, name, rng):
    outcome(RUNS[name], cls, rng)


@pytest.mark.parametrize("cls", KINDS, indirect=True)
@given(name=st.one_of(st.text(st.characters(codec=None), max_size=60), st.none(), st.integers(), st.binary()))
def test_any_text_is_a_name_or_refused_by_name(cls, name):
    try:
        kept = cls.store.add_learner(name)
    except ValueError as exc:
        assert str(exc).startswith("learner name: ")
        assert cls.store.learners() == ["Ana", "Bryok"]
        return
    assert learner_name(kept) == kept and kept in cls.store.learners() and 0 < len(kept) <= 40
    cls.store.delete(kept) if kept not in ("Ana", "Bryok") else None


def test_the_entry_points_run_for_the_soak():
    """The soak's entry points run, each input refused (never crashing, never accepted where it must not be)."""
    draw = random.Random(5)
    for name, run in store_entry_points():
        for _ in range(5):
            try:
                run(draw)
            except ValueError:
                pass
