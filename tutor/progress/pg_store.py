"""The class's records in a PostgreSQL database, for a class whose learners' servers run on several machines.

``PostgresProgress`` keeps the same records with the same promises as the SQLite file (``Progress``): every method
of ``Records`` runs here unchanged, on the same SQL; this module supplies only the connection and the transactions.
Each write is one transaction, and writers take their turn (a transaction-scoped advisory lock, as SQLite's
``BEGIN IMMEDIATE``): what a write reads, nobody changes before it writes.  An export reads at one moment
(``REPEATABLE READ``).  A lock held longer than ``BUSY_MS`` is given up with an error, as SQLite's busy timeout.

The schema has its own versions, kept in the table ``progress_schema``: ``MIGRATIONS`` are applied in order when a
store is opened (one opening at a time, under a lock), and a database a later Gwari wrote is refused, untouched.
A server that cannot be reached, and any error of the database, is a ``StoreError`` saying so in words.

One connection per store object, kept open and shared by its threads in turn; one that broke (a server restarted)
is opened again at the next call.  The server side imports this module when an address is ``postgresql://…``
(importing it needs psycopg, the postgres extra); learner code never does.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from typing import Any, Iterator

import psycopg

from tutor.addresses import read_address, shown
from tutor.progress.schema import BUSY_MS, StoreError, StoreVersionError, tables
from tutor.progress.store import Records
from tutor.vocab.schedule import Clock, utc_now

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    tuple(tables("postgresql")),  # 1: the records' tables as SQLite's version 2 has them
)
"""The schema's migrations, in order: the statements that bring version n to version n + 1."""
VERSION = len(MIGRATIONS)
WRITE_LOCK = 0x677761726901  # the advisory lock a write holds ("gwari", 1)
MIGRATE_LOCK = 0x677761726902  # the one an opening holds while it reads and brings up the schema


class PostgresStoreError(StoreError):  # type: ignore[misc, valid-type]
    """A PostgreSQL store that cannot be reached, or an error of its database, in words."""


def postgres_url(url: Any) -> str:
    """A PostgreSQL address (``postgresql://…`` or ``postgres://…``), checked as ``tutor.addresses`` reads one; else
    an ``AddressError`` (a ValueError) saying why."""
    return read_address("PostgreSQL records", url, kinds=("postgresql",)).url


@functools.lru_cache(maxsize=512)
def _pg_sql(sql: str) -> str:
    """The store's SQL (``?`` for a value) in psycopg's words (``%s``)."""
    return sql.replace("%", "%%").replace("?", "%s")


class _Connection:
    """A psycopg connection that takes the store's SQL, as an SQLite connection does."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def execute(self, sql: str, args: tuple | list = ()) -> Any:
        return self.raw.execute(_pg_sql(sql), tuple(args))

    def executemany(self, sql: str, rows: Any) -> None:
        with self.raw.cursor() as cursor:
            cursor.executemany(_pg_sql(sql), rows)


class PostgresProgress(Records):
    """The records in a PostgreSQL database named by ``url`` (``postgresql://user@host/database``)."""

    def __init__(self, url: str, *, clock: Clock = utc_now) -> None:
        self.url = postgres_url(url)
        self.address = shown(self.url)
        self.clock = clock
        self.left_out = []
        self.recovered = None  # PostgreSQL looks after its own files: nothing is ever moved aside
        self.migrated_from: int | None = None
        self._lock = threading.RLock()
        self._conn: _Connection | None = None
        self.migrated_from = self._change_schema()

    @property
    def report(self) -> str:
        """What happened to a damaged store, in words: always "" (nothing is moved aside)."""
        return ""

    def __repr__(self) -> str:
        return f"PostgresProgress({self.address!r})"

    def close(self) -> None:
        """Close the connection (the next call opens another)."""
        with self._lock:
            if self._conn is not None:
                self._conn.raw.close()
                self._conn = None

    # ------------------------------------------------------------ what Records asks of a store

    def _open(self) -> _Connection:
        try:
            raw = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            raise PostgresStoreError(f"The class's records at {self.address} cannot be reached: "
                                     f"{_first_line(exc)}") from None
        raw.execute(f"SET lock_timeout = {int(BUSY_MS)}")
        return _Connection(raw)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[_Connection]:
        with self._lock:
            if self._conn is None or self._conn.raw.closed or self._conn.raw.broken:
                self._conn = self._open()
            try:
                yield self._conn
            except psycopg.Error as exc:
                raise PostgresStoreError(f"The class's records at {self.address}: {_first_line(exc)}") from exc

    @contextlib.contextmanager
    def _writing(self, conn: _Connection) -> Iterator[_Connection]:
        with conn.raw.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK,))
            yield conn

    @contextlib.contextmanager
    def _reading(self, conn: _Connection) -> Iterator[_Connection]:
        with conn.raw.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield conn

    # ------------------------------------------------------------ the schema

    def _change_schema(self) -> int | None:
        """Bring the schema up to ``VERSION``: returns the version it was at (None when it was up to date)."""
        def migrate(conn: _Connection) -> int | None:
            conn.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATE_LOCK,))
            conn.execute("CREATE TABLE IF NOT EXISTS progress_schema (version INTEGER NOT NULL)")
            row = conn.execute("SELECT MAX(version) FROM progress_schema").fetchone()
            version = row[0] or 0
            if version > VERSION:
                raise StoreVersionError(f"The class's records at {self.address} were written by a later Gwari (their "
                                        f"version {version}, this one reads up to {VERSION}); they were left as "
                                        "they are.")
            if version == VERSION:
                return None
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    conn.execute(statement)
            conn.execute("DELETE FROM progress_schema")
            conn.execute("INSERT INTO progress_schema (version) VALUES (?)", (VERSION,))
            return version

        with self._connection() as conn, conn.raw.transaction():
            return migrate(conn)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
