"""The class's records and the teacher's view: one versioned store, names that follow the learner, and the page
behind the class key."""

from __future__ import annotations

import json
import multiprocessing
import re
import shutil
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.progress_stores import open_address, stores  # noqa: F401  (stores: the fixture, SQLite and PostgreSQL)
from tutor import classroom
from tutor.bots import make_bot
from tutor.lessons import load_lesson
from tutor.progress import VERSION, PlayedGame, Progress, StoreVersionError, class_records
from tutor.vocab.schedule import ManualClock
from tutor.widgets import DrillWidget, LessonWidgets, PlayWidget, StepperWidget
from tutor.widgets.teacher import TeacherWidget
from tutor.widgets.teacher_sections import activity_chart

DATA = Path(__file__).parent / "data"
NOW = datetime(2026, 11, 20, 12, tzinfo=timezone.utc)


def a_game(won: bool = True, game: str = "pig") -> PlayedGame:
    return PlayedGame(game, {}, "4-12", ("Jory", "Tamsin", "Pol", "Kerensa"), 0, (0, 1, 1, 1), won, 40, "strong")


# ---------------------------------------------------------------- the store


def test_a_store_written_by_the_first_release_opens_and_loses_nothing(tmp_path):
    """``progress-v1.sqlite3`` was written by the release before class records (schema version 0)."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(DATA / "progress-v1.sqlite3", path)
    with sqlite3.connect(path) as conn:
        before = {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("cards", "answers", "fumbles")}
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    store = Progress(path)
    assert store.migrated_from == 0 and store.recovered is None
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION
        after = {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("cards", "answers", "fumbles")}
    assert after == before
    assert store.learners() == ["Ana", "Tomos Pengelly"]
    assert store.since("Ana") == "2026-11-02T09:00:00+00:00"
    assert len(store.answers("Ana")) == 7 and store.fumbles("Ana") == [("seyth", "seith")]
    assert Progress(path).migrated_from is None  # once only
    # the first release's export reads too
    other = Progress(tmp_path / "other.sqlite3")
    assert other.import_json((DATA / "progress-v1.json").read_text()) == ["Ana", "Tomos Pengelly"]
    assert len(other.answers("Tomos Pengelly")) == 5 and other.deck("Ana").cards.keys() == store.deck("Ana").cards.keys()


def test_a_store_from_a_later_release_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "later.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {VERSION + 1}")
        conn.execute("CREATE TABLE kept (x)")
    raw = path.read_bytes()
    with pytest.raises(StoreVersionError, match="later Gwari"):
        Progress(path)
    assert path.read_bytes() == raw and not list(tmp_path.glob("*.corrupt-*"))


def _kernel(kind: str, address: str, name: str, rounds: int) -> None:
    """One learner's kernel: checks, rules, games and drill answers, as fast as it can."""
    from tutor.vocab.schedule import Deck

    store = open_address(kind, address)
    deck = Deck(clock=lambda: NOW)
    for i in range(rounds):
        store.reach(name, "pig", f"pig.rule{i}")
        store.answer_check(name, "pig", f"pig.rule{i}", "Q?", f"answer {i}", i % 2 == 0)
        store.keep_game(name, a_game(i % 3 == 0))
        answered = deck.review(f"number:{i}", True)
        store.record(name, answered, deck.cards[answered.key])


def test_thirty_learners_kernels_writing_at_once_lose_nothing(stores):
    address = stores.address("class")
    stores("class")
    stores.close_connections()
    ctx = multiprocessing.get_context("fork")
    names = [f"Learner {i}" for i in range(30)]
    procs = [ctx.Process(target=_kernel, args=(stores.kind, address, name, 12)) for name in names]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(120)
        assert proc.exitcode == 0
    store = stores("class")
    if stores.kind == "sqlite":
        with sqlite3.connect(address) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.learners() == sorted(names, key=str.casefold)
    for name in names:
        assert len(store.reached(name)["pig"]) == 12
        assert len(store.checks(name)) == 12 and len(store.games(name)) == 12
        assert len(store.answers(name)) == 12 and len(store.deck(name).cards) == 12


def test_a_corrupt_store_is_reported_backed_up_and_a_fresh_one_started(tmp_path, monkeypatch):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"not a database at all" * 50)
    monkeypatch.setenv("GWARI_PROGRESS", str(path))
    assert classroom.store() is not None
    assert "could not be read" in classroom.store_problem() and ".corrupt-" in classroom.store_problem()
    assert next(tmp_path.glob("progress.sqlite3.corrupt-*")).read_bytes().startswith(b"not a database")
    classroom.set_learner("Ana")
    app = PlayWidget("pig", seed=1)
    assert "could not be read" in app.html  # the learner's app says so, and goes on
    assert Progress(path).learners() == ["Ana"]


def test_export_and_import_carry_every_kind_of_record(stores):
    store = stores("a", clock=lambda: NOW)
    store.reach("Ana", "pig", "pig.deal")
    store.answer_check("Ana", "pig", "pig.nose", "Who is the pig?", "The last to touch", True)
    store.keep_game("Ana", a_game())
    store.add_learner("Bryok")
    text = store.export_json()
    other = stores("b", clock=lambda: NOW)
    assert other.import_json(text) == ["Ana", "Bryok"]
    assert other.import_json(text) == ["Ana", "Bryok"]  # twice adds nothing
    assert json.loads(other.export_json()) == json.loads(text)
    assert other.games("Ana") == store.games("Ana")


@pytest.mark.parametrize("bad, field", [
    ({"games": [{"game": "pig"}]}, "'games' item 1"),
    ({"games": [dict(a_game().row(), seat=9)]}, "'seat'"),
    ({"games": [dict(a_game().row(), won="yes")]}, "'won'"),
    ({"checks": [["pig", "pig.nose"]]}, "'checks' item 1"),
    ({"reached": "pig"}, "'reached' must be a list"),
    ({"cards": {"number:onan": {"nonsense": 1}}}, "drill card"),
])
def test_a_broken_export_is_refused_naming_the_field_and_nothing_is_written(stores, bad, field):
    store = stores("a")
    text = json.dumps({"format": "gwari-progress", "version": VERSION, "learners": {"Good": {}, "Ana": bad}})
    with pytest.raises(ValueError, match=field):
        store.import_json(text)
    assert store.learners() == []


# ---------------------------------------------------------------- the learner's name


def test_a_name_given_once_follows_the_learner_to_every_app():
    overview = LessonWidgets("pig").overview()
    app, drill = PlayWidget("pig", seed=1), DrillWidget(seed=1)
    assert "Save my name" in overview.html and "Save my name" in app.html
    assert overview.handle("learner", "  Ana   Tremayne ")
    assert app.learner == drill.learner == overview.learner == "Ana Tremayne"
    assert "kept under <strong>Ana Tremayne</strong>" in app.html
    assert 'value="Ana Tremayne"' in drill.html  # the drill's box is filled in
    assert Progress().learners() == ["Ana Tremayne"]
    assert app.handle("forget")
    assert app.learner == overview.learner == "" and "Save my name" in overview.html


@pytest.mark.parametrize("bad", ["", "   ", "x" * 41, "Ana\x07"])
def test_a_name_that_cannot_be_used_is_refused_in_words_and_changes_nothing(bad):
    app = PlayWidget("pig", seed=1)
    assert not app.handle("learner", bad)
    assert classroom.learner() == "" and "Save my name" in app.html
    assert ("That name cannot be used" if bad.strip() else "Type your name in the box first") in app.html
    assert not Path(Progress().path).exists() or Progress().learners() == []


def test_without_a_name_nothing_is_kept_and_no_file_is_written(tmp_path):
    lesson = LessonWidgets("pig")
    check = lesson.parts(lesson.lesson.rules[0])[-1]
    check.handle("choose", 0)
    assert not (tmp_path / "progress.sqlite3").exists()


def test_lesson_checks_and_stepped_rules_are_kept_with_the_answer_given():
    lesson = LessonWidgets("pig")
    classroom.set_learner("Ana")
    rule = next(r for r in lesson.lesson.rules if r.check is not None and r.check.choices)
    parts = lesson.parts(rule)
    check = parts[-1]
    wrong = next(i for i in range(len(rule.check.choices)) if not rule.check.is_right(i))
    right = next(i for i in range(len(rule.check.choices)) if rule.check.is_right(i))
    check.handle("choose", wrong)
    check.handle("again")
    check.handle("choose", right)
    kept = Progress().checks("Ana")
    assert [(c.rule, c.answer, c.correct) for c in kept] == [
        (rule.id, rule.check.choices[wrong], False), (rule.id, rule.check.choices[right], True)]
    assert kept[0].question == rule.check.question
    moving = next(r for r in lesson.lesson.rules if r.scenario is not None and len(r.scenario.actions) >= 2)
    stepper = next(p for p in lesson.parts(moving) if isinstance(p, StepperWidget))
    stepper.handle("next")
    assert stepper.step < stepper.last and moving.id not in Progress().reached("Ana").get("pig", set())
    stepper.handle("last")
    assert moving.id in Progress().reached("Ana")["pig"]


def test_a_finished_game_is_kept_once_with_its_deal_seats_and_result():
    classroom.set_learner("Ana")
    app = PlayWidget("gnav", seed=3, level="random")
    bot = make_bot("gnav", "strong", 1)
    for _ in range(500):
        if app.state.is_over:
            break
        assert app.handle("move", str(bot.choose(app.state)))
    assert app.state.is_over
    app.refresh()
    (game,) = Progress().games("Ana")
    result = app.state.result()
    assert (game.game, game.deal, game.seat, game.won, game.moves, game.level) == (
        "gnav", app.code, 0, 0 in result.winners, len(app.record.actions), "random")
    assert game.scores == tuple(result.scores) and len(game.seats) == app.players


# ---------------------------------------------------------------- the teacher's page


def filled_class() -> Progress:
    store = Progress(clock=lambda: NOW)
    for name in ("Ana", "Bryok", "Colan"):
        store.add_learner(name)
    rules = [r.id for r in load_lesson("pig").rules]
    for rule in rules:
        store.reach("Ana", "pig", rule)
    store.answer_check("Ana", "pig", rules[0], "How many?", "Four", True)
    store.answer_check("Bryok", "pig", rules[0], "How many?", "Five", False)
    store.answer_check("Bryok", "pig", rules[0], "How many?", "Four", True)
    store.answer_check("Colan", "pig", rules[0], "How many?", "Six", False)
    store.answer_check("Colan", "pig", rules[1], "Who deals?", "Me", False)
    store.keep_game("Ana", a_game(True))
    store.keep_game("Ana", a_game(False, "gnav"))
    return store


def test_without_a_class_key_the_page_says_so_and_shows_nothing():
    filled_class()
    view = TeacherWidget()
    assert 'data-testid="no-key"' in view.html and str(classroom.key_file()) in view.html
    assert "Ana" not in view.html and "Bryok" not in view.html
    for kind, value in (("key", ""), ("show", "Ana"), ("refresh", None), ("deal", "4-1"), ("ask", "delete")):
        assert not view.handle(kind, value)
    assert not view.unlocked and "Ana" not in view.html


def test_the_key_in_a_file_beside_the_store_opens_it_and_a_wrong_key_does_not(monkeypatch):
    store = filled_class()
    (store.path.parent / classroom.KEY_FILE).write_text("owl-42\n")
    view = TeacherWidget()
    assert 'type="password"' in view.html and "Ana" not in view.html
    assert not view.handle("key", "owl-41") and "That is not the class key" in view.html and "Ana" not in view.html
    assert not view.handle("confirm") and not view.handle("deal", "3-1")
    assert view.handle("key", " owl-42 ") and 'data-testid="class-table"' in view.html
    monkeypatch.setenv(classroom.KEY_ENV, "env-key")  # the environment wins over the file
    assert not TeacherWidget().handle("key", "owl-42") and TeacherWidget().handle("key", "env-key")


def test_the_class_at_a_glance_detail_and_the_checks_missed_most(monkeypatch):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    filled_class()
    view = TeacherWidget(now=NOW)
    view.handle("key", "k")
    frame = view.class_frame().set_index("Learner")
    assert list(frame.index) == ["Ana", "Bryok", "Colan"]
    assert frame.loc["Ana", "Lessons finished"] == 1 and frame.loc["Bryok", "Lessons finished"] == 0
    assert frame.loc["Ana", "Right first time"] == 100 and frame.loc["Bryok", "Right first time"] == 0
    assert frame.loc["Colan", "Checks answered"] == 2
    assert (frame.loc["Ana", "Games played"], frame.loc["Ana", "Games won"]) == (2, 1)
    missed = view.missed_frame()
    assert list(missed["Missed first time"]) == [2, 1] and missed.loc[0, "Who"] == "Bryok, Colan"
    assert view.handle("show", "Colan")
    assert "answered “Six”" in view.html and "How many?" in view.html
    assert not view.handle("show", "Nobody")


def test_rules_met_in_play_and_a_first_game_are_not_counted_as_lesson_rules(monkeypatch):
    """The play app keeps the rules a learner met under ``<slug>/play`` and a finished first game under
    ``<slug>/first-game``: the class table counts the first game in its own column, and neither in the lessons."""
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    store = filled_class()
    rules = [r.id for r in load_lesson("pig").rules]
    store.reach("Bryok", "pig/play", rules[0])
    store.reach("Bryok", "pig/play", rules[1])
    store.reach("Bryok", "pig/first-game", "finished")
    store.reach("Bryok", "pig", rules[0])
    view = TeacherWidget(now=NOW)
    view.handle("key", "k")
    frame = view.class_frame().set_index("Learner")
    assert frame.loc["Bryok", "Rules reached"] == 1 and frame.loc["Bryok", "First games"] == 1
    assert frame.loc["Ana", "Rules reached"] == len(rules) and frame.loc["Ana", "First games"] == 0


def test_reset_and_delete_ask_first_and_cancel_changes_nothing(monkeypatch):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    store = filled_class()
    view = TeacherWidget()
    view.handle("key", "k")
    assert not view.handle("confirm")  # nothing asked yet
    view.handle("show", "Ana")
    view.handle("ask", "reset")
    assert 'data-testid="confirm"' in view.html and "cannot be undone" in view.html
    view.handle("cancel")
    assert len(store.games("Ana")) == 2
    view.handle("ask", "reset")
    view.handle("confirm")
    assert store.games("Ana") == [] and store.reached("Ana") == {} and "Ana" in store.learners()
    view.handle("show", "Bryok")
    view.handle("ask", "delete")
    view.handle("confirm")
    assert "Bryok" not in store.learners() and store.checks("Bryok") == []
    assert not view.handle("ask", "explode")


def test_the_class_deal_is_set_by_the_teacher_and_offered_by_every_play_app(monkeypatch):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    filled_class()
    assert "The class deal" not in PlayWidget("pig", seed=1).html
    view = TeacherWidget()
    view.handle("key", "k")
    assert not view.handle("deal", "four") and "is not a deal code" in view.html
    assert view.handle("deal", "5-2611")
    pig, cassino = PlayWidget("pig", seed=1), PlayWidget("cassino", seed=1)
    assert "The class deal" in pig.html
    assert pig.handle("classdeal") and pig.code == "5-2611"
    assert cassino.handle("classdeal") and cassino.seed == 2611 and cassino.players == 2  # 5 do not fit: its number
    view.handle("nodeal")
    assert not PlayWidget("pig", seed=1).handle("classdeal")


def test_csv_exports_and_the_chart_hold_the_class(monkeypatch):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    filled_class()
    view = TeacherWidget()
    view.handle("key", "k")
    assert "data:text/csv" in view.html and "Colan" in view.csv_links()
    days = classroom.activity_by_day(class_records(Progress()))
    assert days == [("2026-11-20", 3, 2, 2, 0)]
    chart = activity_chart(days)
    assert chart.count("<rect") == 3 and "3 active" in chart and "<table" in chart


def test_teacher_text_is_escaped(monkeypatch):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    store = Progress()
    store.answer_check("<b>Eve</b>", "pig", "pig.deal", "<script>?", "<i>x</i>", False)
    view = TeacherWidget()
    view.handle("key", "k")
    view.handle("show", "<b>Eve</b>")
    assert "<b>Eve</b>" not in view.html and "&lt;b&gt;Eve&lt;/b&gt;" in view.html and "<script>" not in view.html


def test_the_command_line_backs_up_exports_and_imports(tmp_path, capsys):
    from tutor.progress import main

    store = filled_class()
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 0
    assert Progress(tmp_path / "copy.sqlite3").learners() == store.learners()
    assert main(["export"]) == 0
    exported = capsys.readouterr().out.split("\n", 1)[1]
    (tmp_path / "class.json").write_text(exported)
    assert main(["import", str(tmp_path / "class.json")]) == 0 and "3 learners" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("{")
    assert main(["import", str(tmp_path / "bad.json")]) == 1 and "not JSON" in capsys.readouterr().err
    assert main(["backup", str(store.path)]) == 1


# ---------------------------------------------------------------- in the browser (no sqlite3)


def test_in_the_browser_records_are_kept_in_the_pages_storage_and_come_back_after_a_reload(monkeypatch):
    """Python in the browser has no sqlite3: the records go to the widgets (the page keeps them in its storage)
    and, after a reload, come back from the page before the learner starts."""
    from tutor.progress import schema

    monkeypatch.setattr(schema, "sqlite3", None)  # the one place the store and the classroom look for it
    drill = DrillWidget(seed=2, size=3, new=3)
    assert drill.keeps_in_browser and classroom.in_browser()
    assert drill.handle("start", "Ana")
    ex = drill.exercise
    drill.handle("choose", 0) if ex.kind == "choice" else drill.handle("answer", "onan")
    kept = json.loads(drill.kept)
    assert 'data-testid="save-progress"' in PlayWidget("pig", seed=1).html  # the learner can carry it to the teacher
    assert list(kept["learners"]) == ["Ana"] and len(kept["learners"]["Ana"]["answers"]) >= 1
    lesson = LessonWidgets("pig")
    checked = next(r for r in lesson.lesson.rules if r.check is not None and r.check.choices)
    lesson.parts(checked)[-1].handle("choose", 0)
    text = drill.kept
    assert json.loads(text)["learners"]["Ana"]["checks"]
    # a reload: a new kernel, nothing in memory; the page gives the kept records back
    monkeypatch.setattr(classroom, "_store", None)
    monkeypatch.setattr(classroom, "_restored", False)
    monkeypatch.setattr(classroom, "_learner", "")
    again = DrillWidget(seed=2)
    assert again.handle("restore", text) and again.handle("learner", "Ana")
    assert again.handle("start", "Ana") and again.deck.cards.keys() == drill.deck.cards.keys()
    assert classroom.store().checks("Ana")[0].lesson == "pig"
    assert not again.handle("restore", 12)
    monkeypatch.setattr(classroom, "_restored", False)  # a broken copy in a fresh page is refused, changing nothing
    assert not again.handle("restore", "{broken") and classroom.store().learners() == ["Ana"]
    # the browser's records, imported by the teacher's store on the server
    monkeypatch.setattr(schema, "sqlite3", sqlite3)
    assert Progress().import_json(text) == ["Ana"] and Progress().checks("Ana")[0].rule == checked.id


def test_the_teacher_imports_a_file_a_learner_saved_and_a_broken_one_changes_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    other = Progress(tmp_path / "elsewhere.sqlite3", clock=lambda: NOW)
    other.answer_check("Eseld", "gnav", "gnav.pack", "How many cards?", "42", True)
    view = TeacherWidget()
    view.handle("key", "k")
    assert view.handle("import", other.export_json())
    assert "Merged the records of Eseld" in view.html and "Eseld" in view.names
    for bad in ("", "{", json.dumps({"format": "gwari-progress", "version": 2, "learners": {"X": {"games": 3}}})):
        assert not view.handle("import", bad)
        assert "could not be read" in view.html
    assert view.names == ["Eseld"]


# ---------------------------------------------------------------- the class key, tried too often


def test_wrong_keys_wait_longer_and_longer_for_the_whole_server_and_the_teacher_is_told(tmp_path):
    clock = ManualClock(NOW)
    store = Progress(clock=clock)
    classroom.key_file(store).write_text("owl-42\n")
    page, other_page = TeacherWidget(progress=store), TeacherWidget(progress=Progress(clock=clock))  # another kernel
    for wrong in ("owl-1", "owl-2"):
        assert not page.handle("key", wrong) and "That is not the class key." in page.html
        assert "Too many" not in page.html
    assert not page.handle("key", "owl-3") and "Too many wrong keys: try again in 2 s" in page.html
    assert not other_page.handle("key", "owl-42")  # refused without being checked, on every page
    assert "Too many wrong class keys: try again in 2 s" in other_page.html and not other_page.unlocked
    waits = []
    for _ in range(10):
        clock.now += timedelta(seconds=1000)
        page.handle("key", "owl-0")
        clock.now += timedelta(seconds=1)
        page.handle("key", "owl-0")
        waits.append(int(re.search(r"try again in (\d+) s", page.last_error)[1]))
    assert waits == [3, 7, 15, 31, 63, 127, 255, 299, 299, 299]  # 4, 8, … s, one second gone; up to five minutes
    clock.now += timedelta(seconds=300)
    assert other_page.handle("key", "owl-42") and other_page.unlocked
    assert "13 wrong keys were tried since you last opened this page." in other_page.html
    assert page.handle("key", "owl-42") and "wrong keys were tried" not in page.html  # a right key resets it
    for wrong in ("owl-1", "owl-2", "owl-3"):
        page.handle("key", wrong)
    assert "try again in 2 s" in page.html  # the count began again


def test_key_tries_of_every_kind_are_refused_in_words_and_nothing_sleeps():
    store = Progress(clock=ManualClock(NOW))
    with pytest.raises(ValueError, match="class key: no class key is set"):
        classroom.try_key("x", store)
    classroom.key_file(store).write_text("owl-42\n")
    for typed in (None, "", "  ", 42, ["owl-42"], "owl-42" * 100, "\ud800"):
        store.clock.now += timedelta(hours=1)
        with pytest.raises(ValueError, match="class key"):
            classroom.try_key(typed, store)
    store.clock.now += timedelta(hours=1)
    assert classroom.try_key(" owl-42 ", store) == 4  # the four that were typed, not the empty ones


# ---------------------------------------------------------------- under JupyterHub


def test_under_a_hub_the_learner_is_the_hubs_user_and_no_page_claims_another(monkeypatch):
    monkeypatch.setenv(classroom.HUB_ENV, "ana.tremayne")
    app, drill = PlayWidget("pig", seed=1), DrillWidget(seed=1)
    assert app.learner == "ana.tremayne" and "kept under <strong>ana.tremayne</strong>" in app.html
    assert "Not you?" not in app.html and "Save my name" not in app.html
    assert not app.handle("learner", "Bryok") and "signed in to this class server as ana.tremayne" in app.html
    assert not app.handle("forget") and classroom.learner() == "ana.tremayne"
    with pytest.raises(ValueError, match="cannot be changed here"):
        classroom.set_learner("Bryok")
    assert not drill.handle("start", "Bryok") and "signed in" in drill.html and drill.learner == "ana.tremayne"
    assert app.handle("hint", None, {"learner": "Bryok"})  # a name slipped into a message changes nothing
    assert classroom.keep_check("pig", "pig.deal", "Q?", "A", True)
    assert Progress().learners() == ["ana.tremayne"] and Progress().checks("ana.tremayne")[0].answer == "A"
    monkeypatch.setenv(classroom.HUB_ENV, "bad\x07name")  # a hub name that cannot be kept: nothing is, and it says so
    assert classroom.learner() == "" and "cannot be used" in PlayWidget("pig", seed=1).html
    assert not classroom.keep_check("pig", "pig.deal", "Q?", "B", True)
    with pytest.raises(ValueError, match="tell your teacher"):
        classroom.set_learner("Bryok")


# ---------------------------------------------------------------- the class deal


@pytest.mark.parametrize("code", ["4-1-seed=5", "4-1-players=3", "4-1-dealer=2", "4-1-slate", "1-5", "4", "four-1",
                                  "4-" + "9" * 40])
def test_a_class_deal_is_players_and_number_only(monkeypatch, code):
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    filled_class()
    view = TeacherWidget()
    view.handle("key", "k")
    assert view.handle("deal", "4-1821") and classroom.class_deal() == "4-1821"
    assert not view.handle("deal", code) and 'data-testid="teacher-message"' in view.html
    assert "Every play app shows its deal code" in view.html and classroom.class_deal() == "4-1821"


def test_a_class_deal_an_earlier_release_kept_is_not_offered():
    store = Progress()
    store.set_setting(classroom.CLASS_DEAL, "4-1-seed=5")
    assert classroom.class_deal() == ""
    app = PlayWidget("pig", seed=1)
    assert "The class deal" not in app.html and not app.handle("classdeal")
    assert "cannot be used" in TeacherWidget(progress=store)._deal_html(3)


def test_a_class_deal_is_read_once_and_started_once_on_its_way_to_a_learners_table(monkeypatch):
    """The class deal is read and checked once, when the teacher sets it: the page's redraws and the apps of the
    kernel that set it take it as read; a kernel that did not set it reads it once from the store; and it is
    started once for a game whose players it fits."""
    from tutor import deal_code
    from tutor.games import get_game

    monkeypatch.setenv(classroom.KEY_ENV, "k")
    filled_class()
    game = get_game("pig")
    dealt_alone = game.start(players=5, seed=2611)
    reads, starts = [], []
    read, start = deal_code._head, type(game).start
    monkeypatch.setattr(deal_code, "_head", lambda code: reads.append(code) or read(code))
    monkeypatch.setattr(type(game), "start", lambda self, *args, **kwargs: starts.append(kwargs) or start(self, *args,
                                                                                                         **kwargs))
    view = TeacherWidget()
    view.handle("key", "k")
    assert view.handle("deal", "5-2611") and "5-2611" in view.html
    assert view.handle("refresh") and "5-2611" in view.html
    deal = classroom.todays_deal()
    assert deal == (5, 2611) and deal.code == classroom.class_deal() == "5-2611" and classroom.todays_deal() == deal
    assert reads == ["5-2611"]
    monkeypatch.setattr(classroom, "_class_deal_read", ("", None, ""))  # another kernel: only the store's text
    assert classroom.todays_deal() == deal and classroom.class_deal() == "5-2611" and classroom.todays_deal() == deal
    assert "5-2611" in TeacherWidget(progress=view.progress)._deal_html(3)
    assert reads == ["5-2611", "5-2611"]
    dealt = deal.deal_for(game, {}, 4)
    assert len(starts) == 1 and (dealt.players, dealt.seed, dealt.note) == (5, 2611, "")
    assert dealt.state.setup == dealt_alone.setup
