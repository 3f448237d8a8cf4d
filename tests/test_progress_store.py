"""The store refuses what cannot be kept, by name, and changes nothing: a folder or malformed path, a name that is not
a name, a record of the wrong kind or range, an export with any field wrong; and whatever it keeps, its export
imports back.  The tests of records run on every store alike (``stores``: an SQLite file, a PostgreSQL database)."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tutor import classroom
from tests.progress_stores import open_address, stores  # noqa: F401  (stores: the fixture)
from tutor.progress import VERSION, PlayedGame, Progress, StoreError, main, schema
from tutor.progress.store import Records
from tutor.vocab.schedule import ManualClock

NOW = datetime(2026, 11, 20, 12, tzinfo=timezone.utc)


def a_game(**changes) -> PlayedGame:
    fields = dict(game="pig", options={}, deal="4-12", seats=("Jory", "Tamsin", "Pol", "Kerensa"), seat=0,
                  scores=(0, 1, 1, 1), won=True, moves=40, level="strong")
    return PlayedGame(**{**fields, **changes})


def filled(open_store) -> Records:
    """A store with a record of every kind, some of its texts odd but allowed (``open_store(clock=...)`` opens it)."""
    clock = ManualClock(NOW)
    store = open_store(clock=clock)
    store.reach("Ana", "pig", "pig.deal")
    store.answer_check("Ana", "pig", "pig.nose", "Who is the pig? " * 40, "“The last” 🂡", False)
    store.keep_game("Ana", a_game(seats=("J" * 90, "Tamsin", "Pol", "Kerensa"), options={"word": "PIG", "slate": True}))
    deck = store.deck("Bryok Pengelly")
    clock.now += timedelta(minutes=5)
    store.record("Bryok Pengelly", deck.review("number:seyth", True), deck.cards["number:seyth"])
    store.record_fumbles("Bryok Pengelly", [("seyth", "se\ud800ith"), ("byd", "x" * 500)])
    store.add_learner("Ówen")
    return store


def export_of(path: Path) -> str:
    return Progress(path).export_json()


# ---------------------------------------------------------------- where the store is


def test_a_folder_is_refused_by_name_and_left_as_it_is(tmp_path, monkeypatch):
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    with pytest.raises(ValueError, match=f"progress file: {folder} is a folder"):
        Progress(folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records"] and (folder / "keep.txt").read_text() == "mine"
    # as $GWARI_PROGRESS: the apps say so and go on, keeping nothing
    monkeypatch.setenv("GWARI_PROGRESS", str(folder))
    assert classroom.store() is None and "is a folder" in classroom.store_problem()
    classroom.set_learner("Ana")
    assert not classroom.keep_check("pig", "pig.deal", "Q?", "A", True)
    assert main(["export"]) == 1 and sorted(p.name for p in folder.iterdir()) == ["keep.txt"]


@pytest.mark.parametrize("bad, words", [
    (5, "as text"), (b"p.sqlite3", "as text"), ("", "empty"), ("  ", "empty"), ("a\x00b", "NUL"),
    ("n" * 300, "longer than 255"), ("bad\ud800", "no file name can hold"),
])
def test_a_malformed_path_is_refused_by_name(tmp_path, monkeypatch, bad, words):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=f"progress file: .*{words}"):
        Progress(bad)
    assert list(tmp_path.iterdir()) == []


def test_a_path_through_a_file_is_refused(tmp_path):
    (tmp_path / "notes").write_text("x")
    with pytest.raises(ValueError, match="progress file: .* is a file, not a folder"):
        Progress(tmp_path / "notes" / "deeper" / "p.sqlite3")
    assert (tmp_path / "notes").read_text() == "x"


def test_a_locked_store_is_not_taken_for_a_broken_one(tmp_path, monkeypatch):
    """Only a file SQLite reads as not a database is moved aside; one another kernel holds locked is left alone."""
    path = tmp_path / "p.sqlite3"
    filled(lambda clock: Progress(path, clock=clock))
    before = export_of(path)
    monkeypatch.setattr(schema, "BUSY_MS", 50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked"):
            Progress(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not list(tmp_path.glob("*.corrupt-*")) and export_of(path) == before


def test_the_command_runs_as_a_module(tmp_path):
    env = {"GWARI_PROGRESS": str(tmp_path / "p.sqlite3"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-m", "tutor.progress", "where"], capture_output=True, text=True, env=env,
                         cwd=Path(__file__).parents[1])
    assert out.returncode == 0 and out.stdout.strip() == str(tmp_path / "p.sqlite3")


# ---------------------------------------------------------------- names


@pytest.mark.parametrize("bad, words", [
    (None, "a name is text, not nothing"), (5, "a name is text"), (["Ana"], "a name is text"), ("", "type your name"),
    ("\t ", "control characters"), ("Ana\nBryok", "control characters"), ("x" * 41, "at most 40"),
    ("x" * 5000, "at most 40"), ("Ana\u200b", "control characters"), ("\ud800", "control characters"),
])
def test_a_name_must_be_text_of_at_most_40_characters_without_control_characters(stores, bad, words):
    store = stores()
    with pytest.raises(ValueError, match=f"learner name: .*{words}"):
        store.add_learner(bad)
    assert store.learners() == []
    assert store.add_learner("None") == "None" and store.add_learner(" Ówen  O'Neil ") == "Ówen O'Neil"


# ---------------------------------------------------------------- records an app writes


@pytest.mark.parametrize("changes, field", [
    ({"seats": ("Ana",), "scores": (0,), "seat": 9}, "'seat' must be from 0 to 0"),
    ({"won": "no"}, "'won' must be true or false"),
    ({"scores": (1, 2)}, "'scores' must be a list of one whole number for each of the 4 'seats'"),
    ({"moves": 2 ** 70}, "'moves' must be from"),
    ({"options": {"word": ["P"]}}, "'options'"),
    ({"at": "yesterday"}, "'at' must be a time"),
    ({"game": ""}, "'game' must not be empty"),
])
def test_a_game_of_the_wrong_kind_or_range_is_not_kept(stores, changes, field):
    store = filled(stores)
    before = store.export_json()
    with pytest.raises(ValueError, match=field):
        store.keep_game("Ana", a_game(**changes))
    assert store.export_json() == before


def test_texts_of_the_wrong_kind_are_refused_and_long_ones_cut(stores):
    store = filled(stores)
    before = store.export_json()
    for call in (lambda: store.reach("Ana", None, "pig.deal"), lambda: store.answer_check("Ana", "pig", "r", "Q", "A", 1),
                 lambda: store.record_fumbles("Ana", None), lambda: store.set_setting("class_deal", 4)):
        with pytest.raises(ValueError, match="'lesson'|'correct'|'fumbles'|'setting value'"):
            call()
    assert store.export_json() == before
    assert store.checks("Ana")[0].question == ("Who is the pig? " * 40)[:400]


def test_whatever_the_store_keeps_its_export_imports_back(stores):
    text = filled(lambda clock: stores("a", clock=clock)).export_json()
    other = stores("b")
    assert other.import_json(text) == ["Ana", "Bryok Pengelly", "Ówen"]
    assert json.loads(other.export_json()) == json.loads(text)
    assert other.import_json(text) and json.loads(other.export_json()) == json.loads(text)  # twice adds nothing


def test_a_record_an_earlier_release_kept_badly_is_left_out_of_the_export_and_named(stores):
    store = filled(lambda clock: stores("a", clock=clock))
    # as the release before this one could keep them
    stores.sql("a", "INSERT INTO games (learner, game, options, deal, seats, seat, scores, won, moves, level, at) "
                    "VALUES ('Ana', 'pig', '{}', '4-1', '[\"Ana\"]', 9, '[0]', 1, 3, '', '')")
    stores.sql("a", "INSERT INTO answers (learner, key, correct, near, at) VALUES ('Ana', 'k', 1, 0, 'yes')")
    text = store.export_json()
    assert sorted(store.left_out) == [
        "learner 'Ana', answers: 'at' must be a time like 2026-11-20T12:00:00+00:00, not the text 'yes'.",
        "learner 'Ana', game: 'seat' must be from 0 to 0, not the number 9."]
    assert stores("b").import_json(text) == ["Ana", "Bryok Pengelly", "Ówen"]


def test_a_game_with_no_time_is_not_merged_twice(stores):
    row = dict(a_game().row(), at="")
    text = json.dumps({"format": "gwari-progress", "version": VERSION, "learners": {"Ana": {"games": [row]}}})
    store = stores()
    store.import_json(text)
    store.import_json(text)
    assert len(store.games("Ana")) == 1


# ---------------------------------------------------------------- reading an export


def export_with(**learner) -> str:
    return json.dumps({"format": "gwari-progress", "version": VERSION, "learners": {"Good": {}, "Eve": learner}})


CARD = {"card_id": 1, "state": 1, "step": 0, "stability": 0.2, "difficulty": 6.4, "due": "2026-11-20T12:00:00+00:00",
        "last_review": "2026-11-20T11:59:00+00:00"}
GAME = a_game().row()


@pytest.mark.parametrize("text, field", [
    (export_with(answers=[["number:onan", "no", False, "2026-11-20T12:00:00+00:00"]]), "'correct' must be true or false"),
    (export_with(answers=[["number:onan", True, 0, "2026-11-20T12:00:00+00:00"]]), "'near' must be true or false"),
    (export_with(checks=[["pig", "r", "Q", "A", None, "2026-11-20T12:00:00+00:00"]]), "'checks' item 1: 'correct'"),
    (export_with(games=[dict(GAME, won="no")]), "'games' item 1: 'won' must be true or false"),
    (export_with(games=[dict(GAME, seats=["Ana"], scores=[0], seat=9)]), "'seat' must be from 0 to 0"),
    (export_with(games=[dict(GAME, seat=1.0)]), "'seat' must be a whole number"),
    (export_with(games=[dict(GAME, moves=-1)]), "'moves' must be from 0"),
    (export_with(games=[dict(GAME, scores=[0, 1, 1, 10 ** 30])]), "'scores' must be from"),
    (export_with(games=[{k: v for k, v in GAME.items() if k != "deal"}]), "'deal' is missing"),
    (export_with(games=[dict(GAME, colour="red")]), "'colour' is not a field"),
    (export_with(reached=[["pig", "r", "last Tuesday"]]), "'at' must be a time"),
    (export_with(fumbles=[["seyth", "s" * 201]]), "'typed' must be at most 200"),
    (export_with(since=20261120), "'since' must be a time"),
    (export_with(cards={"number:onan": dict(CARD, state=7)}), "'card state' must be from 1 to 3"),
    (export_with(cards={"number:onan": dict(CARD, due="2026-11-20T12:00:00")}), "'card due' must say its time zone"),
    (export_with(cards={"number:onan": {k: v for k, v in CARD.items() if k != "due"}}), "'card' has no 'due'"),
    (export_with(cards={"": CARD}), "'key' must not be empty"),
    (export_with(drill=[]), "'drill' is not a field"),
    ('{"format": "gwari-progress", "version": true, "learners": {}}', "'version' 1 or 2"),
    ('{"format": "gwari-progress", "version": 2, "learners": {"A": {}, "A": {}}}', "given twice"),
    ('{"format": "gwari-progress", "version": 2, "learners": {"A": {}, " A ": {}}}', "learner 'A' is given twice"),
    ('{"format": "gwari-progress", "version": 2, "learners": {"A": {"games": [{"moves": NaN}]}}}', "NaN"),
    ('{"format": "gwari-progress", "version": 2, "learners": {"\\ud800": {}}}', "learner name"),
    ('{"format": "gwari-progress", "version": 2, "learners": {"A": {"fumbles": [["\\ud800", "x"]]}}}', "'expected'"),
    ("[" * 100_000 + "]" * 100_000, "nested far too deeply"),
    ('{"format": "gwari-progress", "version": 2, "learners": {"A": {"since": ' + "9" * 5000 + "}}}", "not JSON"),
    (None, "must be the text of an export"),
])
def test_a_broken_export_is_refused_naming_the_field_and_nothing_is_written(stores, text, field):
    store = filled(stores)
    before = store.export_json()
    with pytest.raises(ValueError, match=field):
        store.import_json(text)
    assert store.export_json() == before


# ---------------------------------------------------------------- kernels writing at once


def _count_up(kind: str, address: str, times: int) -> None:
    """One kernel adding one to a setting, ``times`` times, each a read and a write."""
    store = open_address(kind, address)
    for _ in range(times):
        store.update_settings(["count"], lambda now: {"count": str(int(now["count"] or "0") + 1)})


def test_kernels_changing_one_setting_at_once_lose_no_change(stores):
    """What a write reads, no other kernel changes before it writes: four kernels counting in one setting lose no
    count (each reads the count and writes it plus one)."""
    address = stores.address()
    stores().set_setting("count", "0")
    stores.close_connections()
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_count_up, args=(stores.kind, address, 30)) for _ in range(4)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
        assert proc.exitcode == 0
    assert stores().setting("count") == "120"
