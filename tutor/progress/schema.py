"""The store's file: where it is, its one schema (versioned with SQLite's ``user_version``), opening it, bringing
an earlier release's file up to date, and moving aside a file that really is a broken database; and the statement
that keeps a game (``game_row``), which the store and an import both write with.

A path that cannot be a store (a folder, a path through a file, an empty or malformed path) is refused with a
``ValueError`` naming it, and nothing on disk is touched.  Only a file SQLite reads as "not a database" or
"malformed" is moved aside; a file that is locked, or cannot be opened for want of permission, is left alone and
its error raised (``StoreError``).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any, Callable, Iterator

from tutor.progress.fields import PlayedGame

try:
    import sqlite3
except ImportError:  # Python in the browser (Pyodide) has no sqlite3 offline: the apps run, the store does not
    sqlite3 = None  # type: ignore[assignment]

FORMAT = "gwari-progress"
VERSION = 2
"""The store's schema version (SQLite ``user_version``) and the export format's version."""
BUSY_MS = 30_000
NAME_MAX_BYTES = 255  # the longest name of a file or folder most file systems take

TABLES = """
CREATE TABLE IF NOT EXISTS learners (name TEXT PRIMARY KEY, since TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards (learner TEXT NOT NULL, key TEXT NOT NULL, card TEXT NOT NULL,
                                  PRIMARY KEY (learner, key));
CREATE TABLE IF NOT EXISTS answers (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, key TEXT NOT NULL,
                                    correct INTEGER NOT NULL, near INTEGER NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fumbles (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, expected TEXT NOT NULL,
                                    typed TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reached (learner TEXT NOT NULL, lesson TEXT NOT NULL, rule TEXT NOT NULL,
                                    at TEXT NOT NULL, PRIMARY KEY (learner, lesson, rule));
CREATE TABLE IF NOT EXISTS checks (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, lesson TEXT NOT NULL,
                                   rule TEXT NOT NULL, question TEXT NOT NULL, answer TEXT NOT NULL,
                                   correct INTEGER NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, game TEXT NOT NULL,
                                  options TEXT NOT NULL, deal TEXT NOT NULL, seats TEXT NOT NULL,
                                  seat INTEGER NOT NULL, scores TEXT NOT NULL, won INTEGER NOT NULL,
                                  moves INTEGER NOT NULL, level TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
LEARNER_TABLES = ("cards", "answers", "fumbles", "reached", "checks", "games")
_BROKEN = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB: the file's bytes are not a sound database


StoreError: type[Exception] = sqlite3.Error if sqlite3 is not None else OSError
"""What a failing progress store raises (sqlite3's error where there is sqlite3)."""


class StoreVersionError(StoreError):  # type: ignore[misc, valid-type]
    """A store written by a later release of Gwari: it is left as it is."""


class _Broken(Exception):
    """The file is not a sound database (raised inside ``open_store`` only)."""


def game_row(name: str, game: PlayedGame, at: str) -> tuple[str, tuple]:
    """The statement that keeps one (checked) game."""
    return ("INSERT INTO games (learner, game, options, deal, seats, seat, scores, won, moves, level, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (name, game.game, json.dumps(dict(game.options), sort_keys=True), game.deal,
             json.dumps(list(game.seats), ensure_ascii=False), game.seat, json.dumps(list(game.scores)),
             int(game.won), game.moves, game.level, at))


def progress_path() -> Path:
    """Where progress is kept: ``$GWARI_PROGRESS``, else the XDG data folder."""
    if os.environ.get("GWARI_PROGRESS"):
        return Path(os.environ["GWARI_PROGRESS"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gwari" / "progress.sqlite3"


def store_path(path: Any) -> Path:
    """The path of a store file, checked before anything on disk is touched: a folder, a path through a file, an
    empty path or one holding a NUL or an over-long name is refused with a ValueError naming it."""
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"progress file: give the file's path as text, not a {type(path).__name__}.")
    raw = os.fspath(path)
    if not isinstance(raw, str):
        raise ValueError("progress file: give the file's path as text, not bytes.")
    shown = repr(raw[:200])
    if not raw.strip():
        raise ValueError("progress file: the path is empty; give the path of a file, like progress.sqlite3.")
    if "\x00" in raw:
        raise ValueError(f"progress file: the path {shown} holds a NUL character.")
    try:
        parts = [os.fsencode(part) for part in Path(raw).parts]
    except UnicodeEncodeError:
        raise ValueError(f"progress file: the path {shown} holds a character no file name can hold.") from None
    if any(len(part) > NAME_MAX_BYTES for part in parts):
        raise ValueError(f"progress file: a name in the path {shown} is longer than {NAME_MAX_BYTES} bytes.")
    target = Path(raw)
    try:
        if target.is_dir():
            raise ValueError(f"progress file: {target} is a folder; give the path of a file in it, like "
                             f"{target / 'progress.sqlite3'}.")
        folder = target.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if folder.exists() and not folder.is_dir():
            raise ValueError(f"progress file: {target} cannot be made: {folder} is a file, not a folder.")
    except OSError as exc:
        raise ValueError(f"progress file: the path {shown} cannot be used ({exc.strerror or exc}).") from None
    return target


def connect(path: Path) -> Any:
    """A short connection to the store, waiting up to ``BUSY_MS`` for another kernel's write."""
    conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return conn


@contextlib.contextmanager
def immediate(conn: Any) -> Iterator[Any]:
    """One immediate transaction: all of it, or nothing (a failure rolls it back and is raised)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def open_store(path: Path, now: Callable[[], Any]) -> tuple[int | None, Path | None]:
    """Open (or start) the store at ``path``: returns the version it was migrated from (None when it was up to
    date) and where a broken file was moved (None when none was)."""
    try:
        return _init(path, now), None
    except _Broken:
        moved = _move_aside(path, now())
        return _init(path, now), moved


def _broken(exc: BaseException) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BROKEN
    message = str(exc).lower()
    return "not a database" in message or "malformed" in message


def _init(path: Path, now: Callable[[], Any]) -> int | None:
    conn = connect(path)
    try:
        try:
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise _Broken()
            version = conn.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            if _broken(exc) and path.is_file():
                raise _Broken() from None
            raise
        if version > VERSION:
            raise StoreVersionError(f"The progress file {path} was written by a later Gwari (its version "
                                    f"{version}, this one reads up to {VERSION}); it was left as it is.")
        if version == VERSION:
            return None
        conn.execute("PRAGMA journal_mode = WAL")
        with immediate(conn):
            version = conn.execute("PRAGMA user_version").fetchone()[0]  # another kernel may have migrated it
            if version >= VERSION:
                return None
            _migrate(conn, version, now)
            return version
    finally:
        conn.close()


def _migrate(conn: Any, version: int, now: Callable[[], Any]) -> None:
    """Bring a store of an earlier version (0: the first release, drill only) up to ``VERSION``."""
    for statement in TABLES.split(";"):
        if statement.strip():
            conn.execute(statement)
    if version < 2:  # the first release knew learners only by their drill records
        conn.execute("INSERT OR IGNORE INTO learners (name, since) SELECT learner, MIN(at) FROM "
                     "(SELECT learner, at FROM answers UNION ALL SELECT learner, at FROM fumbles) GROUP BY learner")
        conn.execute("INSERT OR IGNORE INTO learners (name, since) SELECT DISTINCT learner, ? FROM cards",
                     (now().isoformat(),))
    conn.execute(f"PRAGMA user_version = {VERSION}")


def _move_aside(path: Path, moment: Any) -> Path:
    stamp = moment.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target
