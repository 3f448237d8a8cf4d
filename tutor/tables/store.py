"""Where the tables of classmates live: one interface, ``TableStore`` (``tutor.tables.interface``, with the error
and the codes every store shares), and its three services.

- ``SQLiteTables``: a file on the server's disk (WAL, one immediate transaction per change), the default on one
  machine, needing no set-up.  Its clock is the machine's.
- ``RedisTables`` (``tutor.tables.redis_store``): a Redis server that the learners' servers on several machines all
  reach; every change that must not race is one Lua script run by Redis, and its clock is Redis's ``TIME``.
- ``PostgresTables`` (``tutor.tables.pg_store``): a PostgreSQL database that the learners' servers on several
  machines all reach (the class's store beyond one machine, beside the records); every change is one transaction,
  its tables' schema carries a version, and its clock is the database server's ``clock_timestamp()``.

``tables_store()`` chooses by ``$GWARI_TABLES``, read as what it is (``tutor.addresses``): the path of an SQLite
file (or ``sqlite:PATH``), a ``redis://``, ``rediss://`` or ``unix://`` address for Redis, a ``postgresql://`` one
for PostgreSQL (``tutor.tables.pg_store``, imported only then); any other scheme is refused, naming the variable.
Unset, the tables are kept beside the records: ``tables.sqlite3`` beside the class's progress file, or the same
PostgreSQL database.

A table is kept as three things: its card (``meta``: the game, its players and options, the seats' names and keys,
its state of play), its log (entries appended in order; the log's length is the table's *version*, and
``append`` adds to it only at the version the caller read, so two moves made at once give one move and one
refusal, never a corrupted table), and the seats' last signs of life and race touches (each seat's first touch
in a race is kept with the store's own clock, so the order of touches is the server's, not the pages').  The
store knows nothing of any game: the referee (``tutor.tables.referee``) reads and writes it.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any, Callable

from tutor.addresses import Address, AddressError, not_opened, postgres_missing, read_address
from tutor.tables.interface import TableError, TableStore, dumps, loads, new_code, table_code
from tutor.tables.redis_store import RedisTables

__all__ = ["STORE_ENV", "SQLiteTables", "TableError", "TableStore", "table_code", "tables_address", "tables_path",
           "tables_store"]

STORE_ENV = "GWARI_TABLES"

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, meta TEXT NOT NULL, made INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS entries (code TEXT NOT NULL, n INTEGER NOT NULL, entry TEXT NOT NULL,
                                    PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS beats (code TEXT NOT NULL, seat INTEGER NOT NULL, at INTEGER NOT NULL,
                                  PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS touches (code TEXT NOT NULL, race INTEGER NOT NULL, seat INTEGER NOT NULL,
                                    at INTEGER NOT NULL, PRIMARY KEY (code, race, seat));
"""


class SQLiteTables:
    """Tables in one SQLite file on the server (the default on one machine): every kernel of the server opens it;
    one immediate transaction per change keeps two kernels' changes apart."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        from tutor.progress.schema import connect, sqlite3

        if sqlite3 is None:
            raise TableError("Tables of classmates need a server; here, play with the people beside you "
                             "(pass and play).")
        if not isinstance(path, (str, os.PathLike)) or not os.fspath(path).strip() or "\x00" in os.fspath(path):
            raise TableError(f"tables file: {path!r} is not the path of a file.")
        self.path = Path(path)
        if self.path.is_dir():
            raise TableError(f"tables file: {self.path} is a folder; give the path of a file in it.")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._open = lambda: connect(self.path)
        self._local = threading.local()  # one connection per thread, kept: a page asks several times a second
        conn = self._open()
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript(SCHEMA)
        finally:
            conn.close()

    def _run(self, action: Callable[[Any], Any], write: bool = True) -> Any:
        from tutor.progress.schema import immediate

        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._open()
        if not write:
            return action(conn)
        with immediate(conn):
            return action(conn)

    def now_ms(self) -> int:
        return int(time.time() * 1000)

    def create(self, meta: dict[str, Any]) -> str:
        def make(conn: Any) -> str:
            while True:
                code = new_code()
                if conn.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is None:
                    conn.execute("INSERT INTO tables (code, meta, made) VALUES (?, ?, ?)",
                                 (code, dumps({**meta, "code": code}), self.now_ms()))
                    return code
        return self._run(make)

    def _meta(self, conn: Any, code: str) -> dict[str, Any]:
        row = conn.execute("SELECT meta FROM tables WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise TableError(f"There is no table {code}: check the code with whoever opened it.")
        return loads(row[0])

    def meta(self, code: str) -> dict[str, Any]:
        return self._run(lambda conn: self._meta(conn, code), write=False)

    def change_meta(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        def run(conn: Any) -> dict[str, Any]:
            new = change(self._meta(conn, code))
            conn.execute("UPDATE tables SET meta = ? WHERE code = ?", (dumps(new), code))
            return new
        return self._run(run)

    def version(self, code: str) -> int:
        return self._run(lambda conn: conn.execute("SELECT COUNT(*) FROM entries WHERE code = ?",
                                                   (code,)).fetchone()[0], write=False)

    def entries(self, code: str, start: int = 0) -> list[dict[str, Any]]:
        rows = self._run(lambda conn: conn.execute("SELECT entry FROM entries WHERE code = ? AND n >= ? ORDER BY n",
                                                   (code, start)).fetchall(), write=False)
        return [loads(row[0]) for row in rows]

    def append(self, code: str, version: int, entries: list[dict[str, Any]]) -> bool:
        def run(conn: Any) -> bool:
            now = conn.execute("SELECT COUNT(*) FROM entries WHERE code = ?", (code,)).fetchone()[0]
            if now != version:
                return False
            at = self.now_ms()
            conn.executemany("INSERT INTO entries (code, n, entry) VALUES (?, ?, ?)",
                             [(code, version + i, dumps({**entry, "at": at})) for i, entry in enumerate(entries)])
            return True
        return self._run(run)

    def codes(self) -> list[str]:
        rows = self._run(lambda conn: conn.execute("SELECT code FROM tables ORDER BY rowid").fetchall(),  # as made
                         write=False)
        return [row[0] for row in rows]

    def beat(self, code: str, seat: int) -> int:
        at = self.now_ms()
        self._run(lambda conn: conn.execute("INSERT OR REPLACE INTO beats (code, seat, at) VALUES (?, ?, ?)",
                                            (code, seat, at)))
        return at

    def beats(self, code: str) -> dict[int, int]:
        rows = self._run(lambda conn: conn.execute("SELECT seat, at FROM beats WHERE code = ?", (code,)).fetchall(),
                         write=False)
        return {seat: at for seat, at in rows}

    def touch(self, code: str, race: int, seat: int) -> int:
        def run(conn: Any) -> int:
            conn.execute("INSERT OR IGNORE INTO touches (code, race, seat, at) VALUES (?, ?, ?, ?)",
                         (code, race, seat, self.now_ms()))
            return conn.execute("SELECT at FROM touches WHERE code = ? AND race = ? AND seat = ?",
                                (code, race, seat)).fetchone()[0]
        return self._run(run)

    def touches(self, code: str, race: int) -> dict[int, int]:
        rows = self._run(lambda conn: conn.execute("SELECT seat, at FROM touches WHERE code = ? AND race = ?",
                                                   (code, race)).fetchall(), write=False)
        return {seat: at for seat, at in rows}


def tables_address(address: str | os.PathLike[str] | Address | None = None) -> Address:
    """Where the class's tables are: ``address`` (or ``$GWARI_TABLES``) read as what it is (``tutor.addresses``: a
    file's path or ``sqlite:``, ``postgresql://``, ``redis://``/``rediss://``/``unix://``), anything else refused with
    an ``AddressError`` naming the variable.  Unset, the tables are kept beside the records: the SQLite file
    ``tables.sqlite3`` beside the progress file, or the PostgreSQL database that keeps the records."""
    if isinstance(address, Address):
        return address
    if address is None:
        address = os.environ.get(STORE_ENV, "")
    if isinstance(address, str) and not address.strip():
        from tutor.progress.schema import progress_address

        records = progress_address()
        if records.path is None:
            return records
        return Address(records.variable, "sqlite", path=records.path.with_name("tables.sqlite3"))
    return read_address(STORE_ENV, address)


def tables_path() -> Path | None:
    """The SQLite file of the class's tables (``$GWARI_TABLES``, else beside the progress file); None when the
    tables are kept by a server."""
    return tables_address().path


def tables_store(address: str | os.PathLike[str] | Address | None = None) -> TableStore:
    """The class's tables, opened where ``tables_address`` says (``address``, else ``$GWARI_TABLES``): an SQLite file,
    a Redis server or a PostgreSQL server.  An address not understood, a server that cannot be reached, or one
    whose driver is not installed is refused with a ``TableError`` naming the variable, the address shown without
    its password."""
    try:
        where = tables_address(address)
    except AddressError as exc:
        raise TableError(str(exc)) from None
    if where.path is not None:
        return SQLiteTables(where.path)
    try:
        if where.kind == "redis":
            return RedisTables(where.url)
        try:
            from tutor.tables.pg_store import PostgresTables
        except ImportError as exc:
            raise TableError(postgres_missing(where, exc)) from None
        return PostgresTables(where.url)
    except TableError as exc:  # the store's own refusal, in words
        raise TableError(f"{where.variable}: {where.scrub(str(exc)).removeprefix('tables store: ')}") from None
    except Exception as exc:  # the driver's own error (psycopg.OperationalError, say), in words
        raise TableError(str(not_opened(where, exc))) from None
