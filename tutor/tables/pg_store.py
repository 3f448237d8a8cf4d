"""The tables of classmates in PostgreSQL, for learners' servers spread over several machines (JupyterHub's spawner)
that already keep the class in a PostgreSQL database, or that want one store they can back up with ``pg_dump``.

The same calls as ``SQLiteTables`` (``tutor.tables.interface.TableStore``), with the same promises:

- every change is one transaction (a change that raises, such as a card change refused, leaves nothing behind);
- a table's log is appended to only at the version the mover read: the table's row holds the log's length, and
  ``UPDATE … SET version = version + n WHERE version = <read>`` lets one of two moves made at once through (the
  other waits for it, finds the version moved on and changes nothing), so two moves give one move and one refusal;
- one clock for every server: the database server's ``clock_timestamp()`` stamps entries, beats and touches, and
  ``now_ms`` reads it, so Pig's race is ordered by the store and not by the machines the kernels run on;
- a race's first touch is kept (``ON CONFLICT DO NOTHING``), and read back in a statement of its own, which sees
  the row another kernel wrote in between.

The schema has a version (the row ``tables`` of ``schema_version``; the tables' own names all begin ``gwari_table``,
so the class's records can share the database); ``MIGRATIONS`` are applied in order when a server connects, under
an advisory lock, so that servers starting at once do not apply one twice.  A database written by a
later Gwari is refused by name, never changed.  Nobody listens: each kernel at a table reads the table's version
(one row, by its key) at its page's tick, as with Redis (``benchmarks/tables_notify.py`` measures why).
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Callable
from urllib.parse import urlsplit, urlunsplit

from tutor.tables.interface import TableError, dumps, loads, new_code

PART = "tables"
LOCK = 0x6777_7461_626C  # the advisory lock held while the tables' schema is brought up to date ("gwtabl")

TIMEOUT_MS = 10_000  # the longest a statement may take (as long as the Redis store waits for its server)

# The database server's own clock, in whole milliseconds (clock_timestamp moves within a transaction; now() does not).
CLOCK = "floor(extract(epoch from clock_timestamp()) * 1000)::bigint"

# Each migration takes the schema from the version before it to its own number; applied once, in order, never
# edited after a release (a change is a new migration).
MIGRATIONS: tuple[tuple[int, str], ...] = (
    (1, """
CREATE TABLE gwari_tables (code text PRIMARY KEY, seq bigserial NOT NULL, meta text NOT NULL,
                           version integer NOT NULL DEFAULT 0, made bigint NOT NULL);
CREATE TABLE gwari_table_log (code text NOT NULL, n integer NOT NULL, entry text NOT NULL, PRIMARY KEY (code, n));
CREATE TABLE gwari_table_beats (code text NOT NULL, seat integer NOT NULL, at bigint NOT NULL,
                                PRIMARY KEY (code, seat));
CREATE TABLE gwari_table_touches (code text NOT NULL, race integer NOT NULL, seat integer NOT NULL,
                                  at bigint NOT NULL, PRIMARY KEY (code, race, seat));
"""),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]

NO_TABLE = "There is no table {code}: check the code with whoever opened it."


def shown(url: str) -> str:
    """The address without its password, for messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.netloc.rsplit("@", 1)[1]
        return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))
    except ValueError:
        return "the address given"


def migrate(conn: Any) -> int:
    """Bring the tables' part of the database up to ``SCHEMA_VERSION`` (each migration in one transaction, under
    the advisory lock); returns the version found.  A later version than this Gwari knows is refused."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (part text PRIMARY KEY, version integer NOT NULL)")
        row = conn.execute("SELECT version FROM schema_version WHERE part = %s", (PART,)).fetchone()
        found = 0 if row is None else row[0]
        if found > SCHEMA_VERSION:
            raise TableError(f"tables store: the database's tables are at schema version {found}, made by a later "
                             f"Gwari (this one knows up to {SCHEMA_VERSION}); update Gwari on this server.")
        for number, script in MIGRATIONS:
            if number > found:
                conn.execute(script)
        if found < SCHEMA_VERSION:
            conn.execute("INSERT INTO schema_version (part, version) VALUES (%s, %s) ON CONFLICT (part) "
                         "DO UPDATE SET version = EXCLUDED.version", (PART, SCHEMA_VERSION))
    return found


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _close_all(conns: list[tuple[Any, Any]]) -> None:
    for _thread, conn in conns:
        conn.close()
    conns.clear()


class PostgresTables:
    """Tables kept in a PostgreSQL database at ``url`` (``postgresql://gwari@db.school.internal/gwari``; a socket
    folder as ``?host=/run/postgresql``).  Each thread keeps its own connection (a page asks several times a
    second) until it ends (the next connection made closes those of threads that have ended); ``close()`` closes
    them all."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:  # pragma: no cover - the postgres extra brings it
            raise TableError("tables store: a PostgreSQL address was given, but the psycopg package is not "
                             "installed (pip install 'gwari[postgres]').") from None
        if not isinstance(url, str) or not url.startswith(("postgresql://", "postgres://")):
            raise TableError(f"tables store: {str(url)[:60]!r} is not a PostgreSQL address (postgresql://…).")
        self.url = url
        self._psycopg = psycopg
        self._local = threading.local()
        self._conns: list[tuple[Any, Any]] = []  # (the thread, weakly; its connection)
        self._lock = threading.Lock()
        self._closer = weakref.finalize(self, _close_all, self._conns)
        try:
            self.found_version = self._run(migrate)
        except psycopg.Error as exc:
            self.close()
            raise TableError(f"tables store: the PostgreSQL database at {shown(url)} could not be made ready for "
                             f"the tables ({_first_line(exc)}).") from None

    # -- connections

    def _connect(self) -> Any:
        psycopg = self._psycopg
        try:
            conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            conn.execute(f"SET statement_timeout = {TIMEOUT_MS}")  # a page's tick is never held for long
        except (psycopg.Error, ValueError) as exc:
            raise TableError(f"tables store: the PostgreSQL server at {shown(self.url)} cannot be reached "
                             f"({_first_line(exc)}).") from None
        with self._lock:  # a thread that has ended gives its connection back to the server
            for thread, old in [pair for pair in self._conns if pair[0]() is None or not pair[0]().is_alive()]:
                old.close()
                self._conns.remove((thread, old))
            self._conns.append((weakref.ref(threading.current_thread()), conn))
        return conn

    def _run(self, action: Callable[[Any], Any], write: bool = False) -> Any:
        """``action(conn)`` on this thread's connection (in one transaction if ``write``); a lost server is a
        TableError naming it (the next call connects again)."""
        psycopg = self._psycopg
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed or conn.broken:
            conn = self._local.conn = self._connect()
        try:
            if not write:
                return action(conn)
            with conn.transaction():
                return action(conn)
        except psycopg.OperationalError as exc:
            lost = conn.broken or conn.closed
            if lost:
                self._local.conn = None
            raise TableError(f"tables store: the PostgreSQL server at {shown(self.url)} "
                             f"{'cannot be reached' if lost else 'did not answer'} ({_first_line(exc)}).") from None

    def close(self) -> None:
        """Close every thread's connection (a later call connects again)."""
        with self._lock:
            _close_all(self._conns)
        self._local = threading.local()

    # -- the store

    def now_ms(self) -> int:
        return self._run(lambda conn: conn.execute(f"SELECT {CLOCK}").fetchone()[0])

    def create(self, meta: dict[str, Any]) -> str:
        def make(conn: Any) -> str | None:
            code = new_code()
            row = conn.execute(f"INSERT INTO gwari_tables (code, meta, made) VALUES (%s, %s, {CLOCK}) "
                               "ON CONFLICT (code) DO NOTHING RETURNING code",
                               (code, dumps({**meta, "code": code}))).fetchone()
            return None if row is None else code
        while True:
            code = self._run(make, write=True)
            if code is not None:
                return code

    def meta(self, code: str) -> dict[str, Any]:
        row = self._run(lambda conn: conn.execute("SELECT meta FROM gwari_tables WHERE code = %s",
                                                  (code,)).fetchone())
        if row is None:
            raise TableError(NO_TABLE.format(code=code))
        return loads(row[0])

    def change_meta(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        def run(conn: Any) -> dict[str, Any]:
            row = conn.execute("SELECT meta FROM gwari_tables WHERE code = %s FOR UPDATE", (code,)).fetchone()
            if row is None:
                raise TableError(NO_TABLE.format(code=code))
            new = change(loads(row[0]))
            conn.execute("UPDATE gwari_tables SET meta = %s WHERE code = %s", (dumps(new), code))
            return new
        return self._run(run, write=True)

    def version(self, code: str) -> int:
        row = self._run(lambda conn: conn.execute("SELECT version FROM gwari_tables WHERE code = %s",
                                                  (code,)).fetchone())
        return 0 if row is None else row[0]

    def entries(self, code: str, start: int = 0) -> list[dict[str, Any]]:
        rows = self._run(lambda conn: conn.execute("SELECT entry FROM gwari_table_log WHERE code = %s AND n >= %s "
                                                   "ORDER BY n", (code, start)).fetchall())
        return [loads(row[0]) for row in rows]

    def append(self, code: str, version: int, entries: list[dict[str, Any]]) -> bool:
        def run(conn: Any) -> bool:
            row = conn.execute(f"UPDATE gwari_tables SET version = version + %s WHERE code = %s AND version = %s "
                               f"RETURNING {CLOCK}", (len(entries), code, version)).fetchone()
            if row is None:  # the log has moved on (or there is no such table): nothing is written
                return False
            at = row[0]
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO gwari_table_log (code, n, entry) VALUES (%s, %s, %s)",
                                [(code, version + i, dumps({**entry, "at": at})) for i, entry in enumerate(entries)])
            return True
        return self._run(run, write=True)

    def codes(self) -> list[str]:
        rows = self._run(lambda conn: conn.execute("SELECT code FROM gwari_tables ORDER BY seq").fetchall())
        return [row[0] for row in rows]

    def beat(self, code: str, seat: int) -> int:
        return self._run(lambda conn: conn.execute(
            f"INSERT INTO gwari_table_beats (code, seat, at) VALUES (%s, %s, {CLOCK}) ON CONFLICT (code, seat) "
            "DO UPDATE SET at = EXCLUDED.at RETURNING at", (code, seat)).fetchone()[0], write=True)

    def beats(self, code: str) -> dict[int, int]:
        rows = self._run(lambda conn: conn.execute("SELECT seat, at FROM gwari_table_beats WHERE code = %s",
                                                   (code,)).fetchall())
        return {seat: at for seat, at in rows}

    def touch(self, code: str, race: int, seat: int) -> int:
        def run(conn: Any) -> int:
            conn.execute(f"INSERT INTO gwari_table_touches (code, race, seat, at) VALUES (%s, %s, %s, {CLOCK}) "
                         "ON CONFLICT DO NOTHING", (code, race, seat))
            # A statement of its own: it sees a first touch another kernel committed while this one waited.
            return conn.execute("SELECT at FROM gwari_table_touches WHERE code = %s AND race = %s AND seat = %s",
                                (code, race, seat)).fetchone()[0]
        return self._run(run, write=True)

    def touches(self, code: str, race: int) -> dict[int, int]:
        rows = self._run(lambda conn: conn.execute("SELECT seat, at FROM gwari_table_touches WHERE code = %s AND "
                                                   "race = %s", (code, race)).fetchall())
        return {seat: at for seat, at in rows}
