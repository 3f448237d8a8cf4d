"""GWARI_TABLES and GWARI_PROGRESS are read as what they are: a file's path or ``sqlite:``, ``postgresql://``,
``redis://`` (the tables only); anything else is refused naming the variable, never taken as a file's name, and a
server that does not answer is refused when the server starts, the address shown without its password."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from tutor import classroom
from tutor.progress import Progress, progress_path
from tutor.tables import SQLiteTables, TableError, tables_store

PASSWORD = "hush-4f1a"
#: Nothing listens on port 1 of this machine: a server there does not answer.
NOBODY_PG = f"postgresql://gwari:{PASSWORD}@127.0.0.1:1/tables"
NOBODY_REDIS = f"redis://:{PASSWORD}@127.0.0.1:1/0"


def files_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.fixture
def here(tmp_path, monkeypatch):
    """An empty working folder: an address taken as a relative file's name would land in it."""
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.delenv("GWARI_TABLES", raising=False)
    return folder


class Opened:
    """A stand-in for a PostgreSQL store, keeping the address it was opened with."""

    def __init__(self, url: str, **_: object) -> None:
        self.url = url


@pytest.fixture
def postgres_stores(monkeypatch):
    """Gwari's PostgreSQL stores replaced by stand-ins that reach nothing: what the address was mapped to."""
    monkeypatch.setitem(sys.modules, "tutor.tables.pg_store", types.SimpleNamespace(PostgresTables=Opened))
    monkeypatch.setitem(sys.modules, "tutor.progress.pg_store", types.SimpleNamespace(PostgresProgress=Opened))


# ---------------------------------------------------------------- the tables


def test_a_postgresql_address_for_the_tables_is_not_taken_as_a_file(here, monkeypatch, postgres_stores):
    """The issue's case: this address was a relative SQLite file named after it, so servers never met."""
    monkeypatch.setenv("GWARI_TABLES", "postgresql://gwari@127.0.0.1:5432/tables")
    store = tables_store()
    assert isinstance(store, Opened) and store.url == "postgresql://gwari@127.0.0.1:5432/tables"
    assert files_in(here) == []
    monkeypatch.setenv("GWARI_TABLES", "postgres://gwari@db.school.internal/tables")
    assert isinstance(tables_store(), Opened) and files_in(here) == []


@pytest.mark.parametrize("address", ["http://tables.school.internal/", "mysql://root@db/tables",
                                     "postgresq://gwari@127.0.0.1:5432/tables", "redis:tables", "postgresql:tables",
                                     "file:tables.sqlite3", "sqlite://db.school.internal/tables.sqlite3"])
def test_an_address_not_understood_for_the_tables_is_refused_by_name(here, monkeypatch, address):
    monkeypatch.setenv("GWARI_TABLES", address)
    with pytest.raises(TableError, match=r"^GWARI_TABLES: "):
        tables_store()
    assert files_in(here) == []


def test_an_unknown_scheme_names_the_schemes_understood(here, monkeypatch):
    monkeypatch.setenv("GWARI_TABLES", "postgresq://gwari@127.0.0.1:5432/tables")
    with pytest.raises(TableError) as refused:
        tables_store()
    said = str(refused.value)
    assert "postgresq:" in said and all(f"{scheme}:" in said for scheme in ("sqlite", "postgresql", "redis", "unix"))


def test_a_path_or_sqlite_address_is_an_sqlite_file(here, monkeypatch):
    """Written ``sqlite:PATH`` or as a bare path (a file whose name holds a colon written ./name) alike."""
    for written, where in [("sqlite:class/tables.sqlite3", "class/tables.sqlite3"),
                           ("sqlite:~/tables.sqlite3", "home/tables.sqlite3"), ("tables.sqlite3", "tables.sqlite3"),
                           ("./a:b.sqlite3", "a:b.sqlite3")]:
        monkeypatch.setenv("HOME", str(here / "home"))
        monkeypatch.setenv("GWARI_TABLES", written)
        store = tables_store()
        assert isinstance(store, SQLiteTables) and (here / where).is_file(), written
    assert files_in(here) == ["a:b.sqlite3", "class", "class/tables.sqlite3", "home", "home/tables.sqlite3",
                              "tables.sqlite3"]


def test_an_sqlite_file_uri_is_an_absolute_path(here, tmp_path, monkeypatch):
    target = tmp_path / "class" / "tables.sqlite3"
    for written in (f"sqlite://{target}", f"sqlite://localhost{target}"):
        monkeypatch.setenv("GWARI_TABLES", written)
        store = tables_store()
        assert isinstance(store, SQLiteTables) and store.path == target and target.is_file()
    assert files_in(here) == []


def test_a_redis_address_for_the_tables_opens_redis_and_passes_the_start_check(here, tmp_path, monkeypatch):
    from tests.redis_server import SERVER, redis_server
    from tutor.serving import store_problems
    from tutor.tables.redis_store import RedisTables

    if not Path(SERVER).exists():
        pytest.fail("redis-server is not installed: `bash .ci/test` installs Debian's redis-server for these tests.")
    with redis_server(tmp_path) as url:
        monkeypatch.setenv("GWARI_TABLES", url)
        assert store_problems() == []
        assert isinstance(tables_store(), RedisTables)
    assert files_in(here) == []


def test_postgresql_without_its_store_or_driver_is_refused_by_name(here, monkeypatch):
    monkeypatch.setitem(sys.modules, "tutor.tables.pg_store", None)  # as where psycopg is not installed
    monkeypatch.setenv("GWARI_TABLES", f"postgresql://gwari:{PASSWORD}@db.school.internal/tables")
    with pytest.raises(TableError, match=r"^GWARI_TABLES: PostgreSQL needs ") as refused:
        tables_store()
    assert PASSWORD not in str(refused.value) and files_in(here) == []


@pytest.mark.parametrize("address", [NOBODY_PG, NOBODY_REDIS])
def test_a_server_that_does_not_answer_is_refused_by_name_without_the_password(here, monkeypatch, address):
    monkeypatch.setenv("GWARI_TABLES", address)
    with pytest.raises(TableError, match=r"^GWARI_TABLES: .*cannot be reached") as refused:
        tables_store()
    assert PASSWORD not in str(refused.value) and "127.0.0.1:1" in str(refused.value)
    assert files_in(here) == []


def test_unset_the_tables_are_kept_where_the_records_are(here, tmp_path, monkeypatch, postgres_stores):
    from tutor.tables.store import tables_path

    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "class" / "progress.sqlite3"))
    assert tables_path() == tmp_path / "class" / "tables.sqlite3"
    monkeypatch.setenv("GWARI_PROGRESS", "postgresql://gwari@db.school.internal/gwari")
    store = tables_store()
    assert isinstance(store, Opened) and store.url == "postgresql://gwari@db.school.internal/gwari"
    assert tables_path() is None and files_in(here) == []


# ---------------------------------------------------------------- the records


def test_a_postgresql_address_for_the_records_is_not_taken_as_a_file(here, monkeypatch, postgres_stores):
    monkeypatch.setenv("GWARI_PROGRESS", "postgresql://gwari@127.0.0.1:5432/gwari")
    with pytest.raises(ValueError, match=r"^GWARI_PROGRESS: "):
        progress_path()
    with pytest.raises(ValueError, match=r"^GWARI_PROGRESS: "):
        Progress()
    store = classroom.store()
    assert isinstance(store, Opened) and store.url == "postgresql://gwari@127.0.0.1:5432/gwari"
    assert classroom.store() is store  # opened once per kernel
    assert files_in(here) == []


@pytest.mark.parametrize("address, why", [("mysql://root@db/gwari", "not an address Gwari reads"),
                                          ("redis://tables.school.internal:6379/0", "Redis server, which does not"),
                                          ("unix:///run/redis/redis.sock", "Redis server, which does not keep"),
                                          ("postgresq://gwari@127.0.0.1/gwari", "not an address Gwari reads")])
def test_an_address_not_understood_for_the_records_is_refused_by_name(here, monkeypatch, address, why):
    monkeypatch.setenv("GWARI_PROGRESS", address)
    assert classroom.store() is None
    assert classroom.store_problem().startswith("GWARI_PROGRESS: ") and why in classroom.store_problem()
    assert files_in(here) == []


def test_the_records_on_postgresql_without_the_driver_are_refused_by_name(here, monkeypatch):
    monkeypatch.setitem(sys.modules, "tutor.progress.pg_store", None)
    monkeypatch.setenv("GWARI_PROGRESS", f"postgresql://gwari:{PASSWORD}@db.school.internal/gwari")
    assert classroom.store() is None
    assert classroom.store_problem().startswith("GWARI_PROGRESS: PostgreSQL needs ")
    assert PASSWORD not in classroom.store_problem()


def test_sqlite_addresses_for_the_records_are_files(here, tmp_path, monkeypatch):
    monkeypatch.setenv("GWARI_PROGRESS", "sqlite:records/progress.sqlite3")
    assert progress_path() == Path("records/progress.sqlite3")
    assert isinstance(classroom.store(), Progress) and (here / "records" / "progress.sqlite3").is_file()
    monkeypatch.setenv("GWARI_PROGRESS", f"sqlite://{tmp_path}/elsewhere.sqlite3")
    assert classroom.store().path == tmp_path / "elsewhere.sqlite3"


def test_the_class_key_file_stays_on_this_machine_when_the_records_are_on_a_server(tmp_path, monkeypatch,
                                                                                    postgres_stores):
    monkeypatch.delenv("GWARI_CLASS_KEY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("GWARI_PROGRESS", "postgresql://gwari@db.school.internal/gwari")
    assert classroom.key_file() == tmp_path / "data" / "gwari" / "class-key"
    classroom.key_file().parent.mkdir(parents=True)
    classroom.key_file().write_text("kernow\n", encoding="utf-8")
    assert classroom.class_key() == "kernow"


# ---------------------------------------------------------------- what an address is, and how it is shown


@pytest.mark.parametrize("written, kind", [
    ("postgresql://gwari@127.0.0.1:5432/tables", "postgresql"), ("postgres://gwari@db/gwari", "postgresql"),
    ("postgresql://gwari@/gwari?host=%2Frun%2Fpostgresql", "postgresql"), ("redis://tables:6379/0", "redis"),
    ("rediss://tables:6380/0", "redis"), ("unix:///run/redis/redis.sock", "redis"), ("tables.sqlite3", "sqlite"),
    ("/srv/gwari/tables.sqlite3", "sqlite"), ("sqlite:tables.sqlite3", "sqlite"),
    ("sqlite:///srv/gwari/tables.sqlite3", "sqlite")])
def test_each_address_is_read_as_what_it_is(written, kind):
    from tutor.addresses import read_address

    address = read_address("GWARI_TABLES", written)
    assert address.kind == kind and address.variable == "GWARI_TABLES"
    assert (address.path is None) == (kind != "sqlite") and address.url == ("" if kind == "sqlite" else written)


@pytest.mark.parametrize("written", ["", "  ", "sqlite:", "sqlite:///", "unix://", "redis://tables:port/0",
                                     "a\x00b", 7, None])
def test_what_cannot_be_an_address_is_refused_by_name(written):
    from tutor.addresses import AddressError, read_address

    with pytest.raises(AddressError, match=r"^GWARI_TABLES: "):
        read_address("GWARI_TABLES", written)


@pytest.mark.parametrize("written, seen", [
    (f"postgresql://gwari:{PASSWORD}@db:5432/gwari", "postgresql://gwari@db:5432/gwari"),
    (f"postgresql://gwari@db/gwari?sslmode=require&password={PASSWORD}", "postgresql://gwari@db/gwari?sslmode=require"),
    (f"redis://:{PASSWORD}@tables:6379/0", "redis://tables:6379/0"),
    (f"rediss://default:{PASSWORD}@tables:6380/0", "rediss://default@tables:6380/0"),
    ("postgresql://gwari@/gwari?host=%2Frun%2Fpostgresql", "postgresql://gwari@/gwari?host=%2Frun%2Fpostgresql"),
    ("unix:///run/redis/redis.sock", "unix:///run/redis/redis.sock")])
def test_an_address_is_shown_without_its_password(written, seen):
    from tutor.addresses import read_address

    address = read_address("GWARI_TABLES", written)
    assert address.shown == seen == str(address)
    if PASSWORD in written:  # a driver's words may hold the address, or the password alone
        assert PASSWORD not in address.scrub(f"could not log in to {written} with {PASSWORD}")


def test_a_refused_address_is_shown_without_its_password():
    from tutor.addresses import AddressError, read_address

    for written in (f"mysql://root:{PASSWORD}@db/gwari", f"redis://:{PASSWORD}@tables/0"):
        with pytest.raises(AddressError) as refused:
            read_address("GWARI_PROGRESS", written, kinds=("sqlite", "postgresql"))
        assert PASSWORD not in str(refused.value)


# ---------------------------------------------------------------- when the server starts


def test_the_start_check_names_each_address_that_cannot_be_used(here, tmp_path, monkeypatch):
    from tutor.serving import store_problems

    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))
    assert store_problems() == [] and files_in(tmp_path) == ["work"]  # files are checked, not made
    monkeypatch.setenv("GWARI_TABLES", NOBODY_REDIS)
    monkeypatch.setenv("GWARI_PROGRESS", "http://records.school.internal/")
    problems = store_problems()
    assert [p.split(":")[0] for p in problems] == ["GWARI_PROGRESS", "GWARI_TABLES"], problems
    assert "cannot be reached" in problems[1] and PASSWORD not in problems[1]
    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path))
    monkeypatch.setenv("GWARI_TABLES", str(tmp_path))
    assert [p.split(":")[0] for p in store_problems()] == ["GWARI_PROGRESS", "GWARI_TABLES"]


def test_the_start_check_reaches_postgresql(here, monkeypatch):
    """The real PostgreSQL stores: a server that does not answer is named, without the password."""
    from tutor.serving import store_problems

    monkeypatch.setenv("GWARI_PROGRESS", NOBODY_PG)
    problems = store_problems()  # unset, the tables are on the same server: said once
    assert len(problems) == 1 and problems[0].startswith("GWARI_PROGRESS: ") and "cannot be reached" in problems[0]
    assert PASSWORD not in problems[0] and "127.0.0.1:1" in problems[0]
    monkeypatch.setenv("GWARI_TABLES", NOBODY_PG)
    assert [p.split(":")[0] for p in store_problems()] == ["GWARI_PROGRESS", "GWARI_TABLES"]
    assert files_in(here) == []


def test_a_class_on_a_postgresql_server_opens_both_stores(here, monkeypatch, postgres_url):
    from tutor.progress.pg_store import PostgresProgress
    from tutor.serving import store_problems
    from tutor.tables.pg_store import PostgresTables

    monkeypatch.setenv("GWARI_PROGRESS", postgres_url)
    assert store_problems() == []
    assert isinstance(classroom.store(), PostgresProgress) and isinstance(tables_store(), PostgresTables)
    assert files_in(here) == []
