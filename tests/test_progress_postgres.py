"""The class's records on PostgreSQL: the schema's versions and migrations, a later schema and an unreachable server
refused in words, moving a class's SQLite file in (every row, counted; a damaged file or a failed count refused,
nothing written), the README's backup with pg_dump, and learner code importing neither the store nor its driver.
The records' own tests run on PostgreSQL too (tests/test_progress_store.py, ``stores``)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.pg_server import binaries
from tests.progress_stores import Stores
from tutor.progress import PlayedGame, Progress, StoreError, StoreVersionError, main, move
from tutor.progress.pg_store import MIGRATIONS, VERSION, PostgresProgress
from tutor.progress.schema import TABLE_NAMES
from tutor.vocab.schedule import ManualClock

NOW = datetime(2026, 11, 20, 12, tzinfo=timezone.utc)
DATA = Path(__file__).parent / "data"


@pytest.fixture
def pg(postgres_url, tmp_path):
    made = Stores("postgresql", tmp_path, postgres_url)
    yield made
    made.close()


def a_class(path: Path) -> Progress:
    """An SQLite class with records of every kind, two of each where a table numbers its rows."""
    store = Progress(path, clock=ManualClock(NOW))
    for name in ("Ana", "Bryok", "Ówen"):
        store.reach(name, "pig", "pig.deal")
        store.answer_check(name, "pig", "pig.nose", "Who is the pig?", "The last", name != "Ana")
        store.answer_check(name, "pig", "pig.nose", "Who is the pig?", "The first", True)
        store.keep_game(name, PlayedGame("pig", {"word": "PIG"}, "4-12", (name, "Jory", "Pol", "Tamsin"), 0,
                                         (0, 1, 1, 1), True, 40, "strong"))
        deck = store.deck(name)
        store.record(name, deck.review("number:seyth", True), deck.cards["number:seyth"])
        store.record_fumbles(name, [("seyth", "seith"), ("byd", "bid")])
    store.set_setting("class_deal", "4-12")
    return store


def counts(rows_of) -> dict[str, int]:
    return {table: rows_of(f"SELECT COUNT(*) FROM {table}")[0][0] for table in TABLE_NAMES}


# ---------------------------------------------------------------- the schema


def test_the_schema_is_made_at_the_first_opening_and_its_version_kept(pg):
    store = pg("a")
    assert store.migrated_from == 0 and VERSION == len(MIGRATIONS) == 1 and store.address == pg.address("a")
    assert pg.sql("a", "SELECT version FROM progress_schema") == [(VERSION,)]
    assert pg("a").migrated_from is None and pg.sql("a", "SELECT version FROM progress_schema") == [(VERSION,)]
    tables = {r[0] for r in pg.sql("a", "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert tables == set(TABLE_NAMES) | {"progress_schema"}


def test_a_schema_from_a_later_release_is_refused_and_left_as_it_is(pg):
    pg.sql("a", "CREATE TABLE progress_schema (version INTEGER NOT NULL)")
    pg.sql("a", f"INSERT INTO progress_schema VALUES ({VERSION + 1})")
    with pytest.raises(StoreVersionError, match="later Gwari"):
        pg("a")
    assert {r[0] for r in pg.sql("a", "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")} == \
        {"progress_schema"}


def test_a_server_that_cannot_be_reached_is_refused_in_words_without_its_password(tmp_path):
    url = f"postgresql://gwari:s3cret@/gwari?host={tmp_path}"  # no server listens in this folder
    with pytest.raises(StoreError, match="cannot be reached") as caught:
        PostgresProgress(url)
    assert "s3cret" not in str(caught.value) and "gwari@" in str(caught.value)


@pytest.mark.parametrize("bad", ["mysql://gwari@db/gwari", "/srv/gwari/progress.sqlite3", None, ""])
def test_what_is_not_a_postgresql_address_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="PostgreSQL records"):
        PostgresProgress(bad)


# ---------------------------------------------------------------- moving a class in


def test_a_class_moves_in_whole_counted_table_by_table(pg, tmp_path):
    path = tmp_path / "class.sqlite3"
    source = a_class(path)
    before = counts(lambda sql: sqlite3.connect(path).execute(sql).fetchall())
    assert main(["move", str(path), pg.address("a")]) == 0
    assert counts(lambda sql: pg.sql("a", sql)) == before and before["answers"] == 3 and before["checks"] == 6
    moved = pg("a")
    assert json.loads(moved.export_json()) == json.loads(source.export_json())
    assert moved.checks("Ana") == source.checks("Ana") and moved.setting("class_deal") == "4-12"
    # written again, the numbered rows go on after the moved ones
    moved.answer_check("Ana", "pig", "pig.nose", "Q", "A", True)
    assert moved.checks("Ana")[-1].answer == "A" and len(moved.checks("Ana")) == 3


def test_a_file_an_earlier_release_wrote_moves_in_brought_up_to_date(pg, tmp_path):
    path = tmp_path / "old.sqlite3"
    path.write_bytes((DATA / "progress-v1.sqlite3").read_bytes())
    raw = path.read_bytes()
    counted = move.move_in(path, pg("a"))
    assert path.read_bytes() == raw  # the file is only read
    assert pg("a").learners() == ["Ana", "Tomos Pengelly"] and counted["answers"] == len(pg("a").answers("Ana")) + 5


def damage(path: Path) -> None:
    """Overwrite the middle of the file (its tables' pages) with noise."""
    data = bytearray(path.read_bytes())
    data[len(data) // 3:] = b"\xa5" * (len(data) - len(data) // 3)
    path.write_bytes(bytes(data))


def test_a_damaged_file_is_refused_and_nothing_is_written(pg, tmp_path, capsys):
    path = tmp_path / "class.sqlite3"
    a_class(path)
    damage(path)
    assert main(["move", str(path), pg.address("a")]) == 1
    assert "python -m tutor.progress: move: " in capsys.readouterr().err
    assert set(counts(lambda sql: pg.sql("a", sql)).values()) == {0}


@pytest.mark.parametrize("value, words", [("se\x00ith", "holds a NUL character"), (b"\x00", "holds bytes, not a text")])
def test_a_row_postgresql_cannot_keep_is_refused_naming_it_and_nothing_is_written(pg, tmp_path, value, words):
    path = tmp_path / "class.sqlite3"
    a_class(path)
    with sqlite3.connect(path) as conn:  # as an earlier release could keep it
        conn.execute("INSERT INTO fumbles (learner, expected, typed, at) VALUES ('Ana', 'seyth', ?, '')", (value,))
    with pytest.raises(ValueError, match=f"the table fumbles, row 7, column 'typed' {words}"):
        move.move_in(path, pg("a"))
    assert set(counts(lambda sql: pg.sql("a", sql)).values()) == {0}


def test_a_count_that_differs_refuses_the_move_and_nothing_is_written(pg, tmp_path, monkeypatch):
    path = tmp_path / "class.sqlite3"
    a_class(path)
    copy = move.copy_rows
    monkeypatch.setattr(move, "copy_rows", lambda conn, table, names, rows: copy(conn, table, names, rows[:-1]))
    with pytest.raises(ValueError, match=r"differ from the file's \(learners 2 of 3, .*games 2 of 3.*nothing was"):
        move.move_in(path, pg("a"))
    assert set(counts(lambda sql: pg.sql("a", sql)).values()) == {0}


def test_a_store_holding_records_is_not_moved_into(pg, tmp_path):
    path = tmp_path / "class.sqlite3"
    a_class(path)
    pg("a").add_learner("Kerensa")
    with pytest.raises(ValueError, match=r"already holds records \(in learners\)"):
        move.move_in(path, pg("a"))
    assert pg("a").learners() == ["Kerensa"]


def test_a_backup_of_a_postgresql_store_points_to_pg_dump(pg, monkeypatch, capsys):
    monkeypatch.setenv("GWARI_PROGRESS", pg.address("a"))
    assert main(["backup", "copy.sqlite3"]) == 1
    assert "pg_dump" in capsys.readouterr().err
    assert main(["where"]) == 0 and capsys.readouterr().out.strip() == pg.address("a")


def test_pg_dump_backs_a_store_up_and_pg_restore_puts_it_back(pg, tmp_path):
    """The README's backup of a PostgreSQL store: pg_dump of its address, pg_restore into an empty database."""
    store = pg("a")
    store.import_json(a_class(tmp_path / "class.sqlite3").export_json())
    dump = tmp_path / "gwari.dump"
    subprocess.run([str(binaries() / "pg_dump"), "--format=custom", "--file", str(dump), pg.address("a")], check=True)
    pg.address("b")  # an empty database
    subprocess.run([str(binaries() / "pg_restore"), "--dbname", pg.address("b"), str(dump)], check=True)
    restored = pg("b")
    assert restored.migrated_from is None and restored.export_json() == store.export_json()


LEARNER = """
import sys
from tutor.widgets.play import PlayWidget
from tutor.widgets import DrillWidget
from tutor import classroom
PlayWidget("pig", seed=1)
print(sorted(m for m in sys.modules if m == "psycopg" or m.startswith(("tutor.progress.pg_store", "tutor.progress.move"))))
"""


@pytest.mark.parametrize("plant", ["", "import tutor.progress.pg_store\n"])
def test_learner_code_imports_neither_the_postgresql_store_nor_its_driver(plant):
    out = subprocess.run([sys.executable, "-c", plant + LEARNER], capture_output=True, text=True,
                         cwd=Path(__file__).parents[1])
    assert out.returncode == 0, out.stderr[-2000:]
    found = out.stdout.strip().splitlines()[-1]
    assert found == ("[]" if not plant else "['psycopg', 'tutor.progress.pg_store']")
