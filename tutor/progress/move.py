"""Moving a class's records from an SQLite file into another store (a PostgreSQL database): everything, as it is.

The file is read at one moment (SQLite's online backup into memory, so apps may go on writing to it) and never
written; its copy is checked as a database (``quick_check``), brought up to the current schema if an earlier Gwari
wrote it, and every value is checked against its column (a text where a text goes, holding no NUL, which PostgreSQL
cannot keep; a whole number of 64 bits where one goes) before anything is written.  The target must hold no
records.  Then every row is copied, table by table in the order of each table's rows, in one transaction of the
target, and the rows of each table are counted there before it commits: a count that differs from the file's
refuses the move, and nothing is written.  A refusal is a ``ValueError`` (or the store's own error) saying why.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tutor.progress import schema
from tutor.progress.schema import TABLE_NAMES, TABLES_OF, VERSION, StoreError
from tutor.progress.fields import kind_of
from tutor.progress.store import Records
from tutor.vocab.schedule import utc_now

PREFIX = "move"
INT64 = 2 ** 63
_TABLE = re.compile(r"CREATE TABLE IF NOT EXISTS (\w+) \((.*?)\);", re.S)
_COLUMN = re.compile(r"(?:^|,)\s*(\w+ )?\{(id|text|int)\}")


def columns() -> dict[str, list[tuple[str, str]]]:
    """Each table's columns and their kinds ("text" or "int"), read from the schema; the row's number (``id``) is
    left out: the target numbers the rows again, in the same order."""
    out: dict[str, list[tuple[str, str]]] = {}
    for table, body in _TABLE.findall(TABLES_OF):
        out[table] = [(name.strip(), kind) for name, kind in _COLUMN.findall(body) if kind != "id"]
    return out


def read_file(path: Path | str) -> tuple[Any, dict[str, list[tuple]]]:
    """The file's rows, table by table (in order), read from a copy made in memory and checked; returns the copy's
    connection (closed by the caller) and the rows."""
    path = schema.store_path(path)
    if not path.is_file():
        raise ValueError(f"{PREFIX}: {path} is not a file of records.")
    copy = schema.sqlite3.connect(":memory:", isolation_level=None)
    try:
        source = schema.connect(path)
        try:
            source.backup(copy)
        finally:
            source.close()
        if copy.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise ValueError(f"{PREFIX}: {path} is damaged (SQLite's check fails); nothing was written.")
        version = copy.execute("PRAGMA user_version").fetchone()[0]
    except schema.sqlite3.DatabaseError as exc:
        copy.close()
        raise ValueError(f"{PREFIX}: {path} cannot be read as a file of records ({exc}); nothing was written.") \
            from None
    except BaseException:
        copy.close()
        raise
    if version > VERSION:
        copy.close()
        raise ValueError(f"{PREFIX}: {path} was written by a later Gwari (its version {version}, this one reads up "
                         f"to {VERSION}); nothing was written.")
    if version < VERSION:
        with schema.immediate(copy):
            schema._migrate(copy, version, utc_now)
    rows = {}
    for table, cols in columns().items():
        names = ", ".join(name for name, _ in cols)  # in the order of the rows' numbers (a table's id is its rowid)
        rows[table] = copy.execute(f"SELECT {names} FROM {table} ORDER BY rowid").fetchall()
        for number, row in enumerate(rows[table], 1):
            for (name, kind), value in zip(cols, row):
                _check(value, kind, f"{PREFIX}: {path}: the table {table}, row {number}, column {name!r}")
    return copy, rows


def _check(value: Any, kind: str, where: str) -> None:
    if kind == "text":
        if not isinstance(value, str):
            raise ValueError(f"{where} holds {_kind(value)}, not a text; nothing was written.")
        if "\x00" in value:
            raise ValueError(f"{where} holds a NUL character, which PostgreSQL cannot keep; nothing was written.")
    elif isinstance(value, bool) or not isinstance(value, int) or not -INT64 <= value < INT64:
        raise ValueError(f"{where} holds {_kind(value)}, not a whole number of 64 bits; nothing was written.")


def _kind(value: Any) -> str:
    return "bytes" if isinstance(value, bytes) else kind_of(value)


def move_in(path: Path | str, target: Records) -> dict[str, int]:
    """Copy every record of the SQLite file ``path`` into ``target``, which must hold none: returns the rows copied,
    table by table, counted in the target before it committed.  Refused, writing nothing, as the module says."""
    copy, rows = read_file(path)
    copy.close()
    wanted = {table: len(found) for table, found in rows.items()}
    layout = columns()

    def write(conn: Any) -> dict[str, int]:
        held = [table for table in TABLE_NAMES if conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()]
        if held:
            raise ValueError(f"{PREFIX}: the store to move into already holds records (in {', '.join(held)}): move "
                             "into an empty one, or merge with export and import; nothing was written.")
        for table, found in rows.items():
            copy_rows(conn, table, [name for name, _ in layout[table]], found)
        counted = {table: conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in rows}
        differ = [f"{table} {counted[table]} of {wanted[table]}" for table in rows if counted[table] != wanted[table]]
        if differ:
            raise ValueError(f"{PREFIX}: the rows counted after copying differ from the file's ({', '.join(differ)}); "
                             "nothing was written.")
        return counted

    try:
        return target._change(write)
    except StoreError as exc:
        raise type(exc)(f"{exc}; nothing was written.") from exc


def copy_rows(conn: Any, table: str, names: list[str], rows: list[tuple]) -> None:
    """Insert ``rows`` into ``table`` through ``conn``, in order."""
    if rows:
        marks = ", ".join("?" for _ in names)
        conn.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)
