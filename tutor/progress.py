"""What each learner of a class did, kept in one SQLite file: lessons, checks, games and the Cornish drill.

The file is ``$GWARI_PROGRESS`` if set, else ``$XDG_DATA_HOME/gwari/progress.sqlite3``
(``~/.local/share/gwari/progress.sqlite3``).  Several learners share one file,
each under the name they type once in their browser.  Kept per learner:

- the rules of each lesson they reached and every check they answered (the
  answer given, right or wrong, in order, so "right first time" can be told);
- every game they finished against the bots (game, options, deal code, seats,
  scores, whether they won, its length);
- the drill's FSRS cards and answers, and the words fumbled in play;
- and, for the whole class, a few settings (the class deal for today).

One schema, versioned with SQLite's ``user_version``: a store written by an
earlier release is brought up to date when it is opened, losing nothing (the
first release's store has version 0).  A store written by a later release is
refused, untouched.  WAL mode, a busy timeout and one transaction per write let
many kernels record at once without losing anything.  A file that is not a
readable database is moved aside (``recovered`` names where) and a new one is
started.  ``export_json``/``import_json`` carry progress between machines.

Python in the browser (Pyodide) has no ``sqlite3`` offline: the learner apps
run there without a store, and ``Progress`` says it cannot keep progress.
"""

from __future__ import annotations

import contextlib
import json
import os
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from fsrs import Card as FsrsCard

try:
    import sqlite3
except ImportError:  # Python in the browser (Pyodide) has no sqlite3 offline: the apps run, the store does not
    sqlite3 = None  # type: ignore[assignment]

from tutor.vocab.schedule import Answered, Clock, Deck, utc_now
from tutor.vocab.words import Entry, entry_for_word

FORMAT = "gwari-progress"
VERSION = 2
"""The store's schema version (SQLite ``user_version``) and the export format's version."""
BUSY_MS = 30_000
MAX_TEXT = 400

_TABLES = """
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
_LEARNER_TABLES = ("cards", "answers", "fumbles", "reached", "checks", "games")


def progress_path() -> Path:
    """Where progress is kept: ``$GWARI_PROGRESS``, else the XDG data folder."""
    if os.environ.get("GWARI_PROGRESS"):
        return Path(os.environ["GWARI_PROGRESS"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gwari" / "progress.sqlite3"


def learner_name(name: Any) -> str:
    """A learner's typed name, trimmed; empty, over-long or control characters are refused."""
    text = " ".join(str(name).split())
    if not text:
        raise ValueError("learner name: type your name first.")
    if len(text) > 40:
        raise ValueError("learner name: at most 40 characters.")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ValueError("learner name: letters, digits and spaces only.")
    return text


StoreError: type[Exception] = sqlite3.Error if sqlite3 is not None else OSError
"""What a failing progress store raises (sqlite3's error where there is sqlite3)."""


class StoreVersionError(StoreError):  # type: ignore[misc, valid-type]
    """A store written by a later release of Gwari: it is left as it is."""


@dataclass(frozen=True)
class CheckAnswer:
    """One answer to a lesson's check."""

    lesson: str
    rule: str
    question: str
    answer: str
    correct: bool
    at: str


@dataclass(frozen=True)
class PlayedGame:
    """One finished game against the bots, as the learner played it."""

    game: str
    options: Mapping[str, Any]
    deal: str
    seats: tuple[str, ...]
    seat: int
    scores: tuple[int, ...]
    won: bool
    moves: int
    level: str
    at: str = ""

    def row(self) -> dict[str, Any]:
        """As JSON-ready data."""
        return {"game": self.game, "options": dict(self.options), "deal": self.deal, "seats": list(self.seats),
                "seat": self.seat, "scores": list(self.scores), "won": self.won, "moves": self.moves,
                "level": self.level, "at": self.at}

    @classmethod
    def from_row(cls, data: Any, where: str = "game") -> PlayedGame:
        """Read one game back, every field checked; a bad one names the field."""
        if not isinstance(data, Mapping):
            raise ValueError(f"{where}: must be an object with game, deal, seats, seat, scores, won, moves.")

        def need(key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
            value = data.get(key, default)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise ValueError(f"{where}: {key!r} is missing or of the wrong type.")
            return value

        seats = need("seats", list)
        scores = need("scores", list)
        if not all(isinstance(s, str) for s in seats) or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in scores):
            raise ValueError(f"{where}: 'seats' must be names and 'scores' whole numbers.")
        seat = need("seat", int)
        if not 0 <= seat < len(seats):
            raise ValueError(f"{where}: 'seat' must be one of the seats.")
        return cls(need("game", str)[:60], dict(need("options", dict, {})), need("deal", str)[:200],
                   tuple(s[:60] for s in seats), seat, tuple(scores), need("won", bool), need("moves", int),
                   need("level", str, "")[:20], need("at", str, "")[:40])


class Progress:
    """The progress file; every method opens a short connection, so several processes can share it."""

    def __init__(self, path: Path | str | None = None, *, clock: Clock = utc_now) -> None:
        self.path = Path(path) if path is not None else progress_path()
        self.clock = clock
        self.recovered: Path | None = None
        self.migrated_from: int | None = None
        if sqlite3 is None:
            raise StoreError("Progress cannot be kept here: this Python has no sqlite3.")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._init()
        except StoreVersionError:
            raise
        except sqlite3.DatabaseError:
            self.recovered = self._move_aside()
            self._init()

    @property
    def report(self) -> str:
        """What happened to a damaged file, in words ("" when nothing did)."""
        if self.recovered is None:
            return ""
        return f"The progress file {self.path} could not be read; it was moved to {self.recovered} and a new one started."

    def _connect(self) -> Any:
        conn = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        return conn

    def _init(self) -> None:
        conn = self._connect()
        try:
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > VERSION:
                raise StoreVersionError(f"The progress file {self.path} was written by a later Gwari (its version "
                                        f"{version}, this one reads up to {VERSION}); it was left as it is.")
            if version == VERSION:
                return
            conn.execute("PRAGMA journal_mode = WAL")
            with _immediate(conn):
                version = conn.execute("PRAGMA user_version").fetchone()[0]  # another kernel may have migrated it
                if version < VERSION:
                    self._migrate(conn, version)
                    self.migrated_from = version
        finally:
            conn.close()

    def _migrate(self, conn: Any, version: int) -> None:
        """Bring a store of an earlier version (0: the first release, drill only) up to ``VERSION``."""
        for statement in _TABLES.split(";"):
            if statement.strip():
                conn.execute(statement)
        if version < 2:  # the first release knew learners only by their drill records
            now = self.clock().isoformat()
            conn.execute("INSERT OR IGNORE INTO learners (name, since) SELECT learner, MIN(at) FROM "
                         "(SELECT learner, at FROM answers UNION ALL SELECT learner, at FROM fumbles) GROUP BY learner")
            conn.execute("INSERT OR IGNORE INTO learners (name, since) SELECT DISTINCT learner, ? FROM cards", (now,))
        conn.execute(f"PRAGMA user_version = {VERSION}")

    def _move_aside(self) -> Path:
        stamp = self.clock().strftime("%Y%m%dT%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        self.path.rename(target)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        return target

    def _write(self, statements: Iterable[tuple[str, tuple]]) -> None:
        """Run statements in one immediate transaction (all or nothing)."""
        conn = self._connect()
        try:
            with _immediate(conn):
                for sql, args in statements:
                    conn.execute(sql, args)
        finally:
            conn.close()

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        conn = self._connect()
        try:
            return conn.execute(sql, args).fetchall()
        finally:
            conn.close()

    def _now(self) -> str:
        return self.clock().isoformat()

    def _named(self, name: str) -> tuple[str, tuple]:
        return ("INSERT OR IGNORE INTO learners (name, since) VALUES (?, ?)", (name, self._now()))

    # ------------------------------------------------------------ learners

    def add_learner(self, learner: str) -> str:
        """Name a learner (nothing changes if the name is known); returns the name as kept."""
        name = learner_name(learner)
        self._write([self._named(name)])
        return name

    def learners(self) -> list[str]:
        """Every learner named in the file, sorted."""
        return [r[0] for r in self._read("SELECT name FROM learners ORDER BY name COLLATE NOCASE, name")]

    def since(self, learner: str) -> str:
        """When the learner was first named (ISO time; "" for an unknown name)."""
        rows = self._read("SELECT since FROM learners WHERE name = ?", (learner_name(learner),))
        return rows[0][0] if rows else ""

    def reset(self, learner: str) -> None:
        """Clear everything the learner did; the name stays on the class list."""
        name = learner_name(learner)
        self._write([(f"DELETE FROM {table} WHERE learner = ?", (name,)) for table in _LEARNER_TABLES])

    def delete(self, learner: str) -> None:
        """Remove the learner and everything they did."""
        name = learner_name(learner)
        self._write([(f"DELETE FROM {table} WHERE learner = ?", (name,)) for table in _LEARNER_TABLES]
                    + [("DELETE FROM learners WHERE name = ?", (name,))])

    # ------------------------------------------------------------ lessons

    def reach(self, learner: str, lesson: str, rule: str) -> None:
        """The learner reached one rule of a lesson (kept once, at the first time)."""
        name = learner_name(learner)
        self._write([self._named(name), ("INSERT OR IGNORE INTO reached (learner, lesson, rule, at) VALUES (?, ?, ?, ?)",
                                         (name, str(lesson)[:60], str(rule)[:80], self._now()))])

    def reached(self, learner: str) -> dict[str, set[str]]:
        """The rules the learner reached, by lesson."""
        out: dict[str, set[str]] = {}
        for lesson, rule in self._read("SELECT lesson, rule FROM reached WHERE learner = ?", (learner_name(learner),)):
            out.setdefault(lesson, set()).add(rule)
        return out

    def answer_check(self, learner: str, lesson: str, rule: str, question: str, answer: str, correct: bool) -> None:
        """One answer to a lesson's check; answering it also reaches its rule."""
        name = learner_name(learner)
        lesson, rule, now = str(lesson)[:60], str(rule)[:80], self._now()
        self._write([self._named(name),
                     ("INSERT OR IGNORE INTO reached (learner, lesson, rule, at) VALUES (?, ?, ?, ?)",
                      (name, lesson, rule, now)),
                     ("INSERT INTO checks (learner, lesson, rule, question, answer, correct, at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (name, lesson, rule, str(question)[:MAX_TEXT], str(answer)[:MAX_TEXT], int(bool(correct)), now))])

    def checks(self, learner: str) -> list[CheckAnswer]:
        """The learner's answers to checks, oldest first."""
        rows = self._read("SELECT lesson, rule, question, answer, correct, at FROM checks WHERE learner = ? ORDER BY id",
                          (learner_name(learner),))
        return [CheckAnswer(lesson, rule, q, a, bool(c), at) for lesson, rule, q, a, c, at in rows]

    # ------------------------------------------------------------ games

    def keep_game(self, learner: str, game: PlayedGame) -> None:
        """One finished game."""
        name = learner_name(learner)
        self._write([self._named(name), self._game_row(name, game, game.at or self._now())])

    @staticmethod
    def _game_row(name: str, game: PlayedGame, at: str) -> tuple[str, tuple]:
        return ("INSERT INTO games (learner, game, options, deal, seats, seat, scores, won, moves, level, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (name, game.game, json.dumps(dict(game.options), sort_keys=True), game.deal,
                 json.dumps(list(game.seats), ensure_ascii=False), game.seat, json.dumps(list(game.scores)),
                 int(game.won), game.moves, game.level, at))

    def games(self, learner: str) -> list[PlayedGame]:
        """The learner's finished games, oldest first."""
        rows = self._read("SELECT game, options, deal, seats, seat, scores, won, moves, level, at FROM games "
                          "WHERE learner = ? ORDER BY id", (learner_name(learner),))
        return [PlayedGame(g, json.loads(o), d, tuple(json.loads(s)), seat, tuple(json.loads(sc)), bool(w), m, lv, at)
                for g, o, d, s, seat, sc, w, m, lv, at in rows]

    # ------------------------------------------------------------ the class's settings

    def setting(self, key: str) -> str:
        """A class setting ("" when unset)."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (str(key),))
        return rows[0][0] if rows else ""

    def set_setting(self, key: str, value: str) -> None:
        """Set a class setting; an empty value clears it."""
        if value:
            self._write([("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                          "value = excluded.value", (str(key), str(value)[:MAX_TEXT]))])
        else:
            self._write([("DELETE FROM settings WHERE key = ?", (str(key),))])

    # ------------------------------------------------------------ the drill

    def deck(self, learner: str, *, clock: Clock | None = None) -> Deck:
        """The learner's cards as a ``Deck`` (empty for a new learner)."""
        name = learner_name(learner)
        rows = self._read("SELECT key, card FROM cards WHERE learner = ?", (name,))
        return Deck({k: FsrsCard.from_json(c) for k, c in rows}, clock=clock or self.clock)

    def record(self, learner: str, answered: Answered, card: FsrsCard) -> None:
        """Keep one drill answer and the card it scheduled, together."""
        name = learner_name(learner)
        self._write([
            self._named(name),
            ("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) "
             "ON CONFLICT (learner, key) DO UPDATE SET card = excluded.card", (name, answered.key, card.to_json())),
            ("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, ?, ?, ?)",
             (name, answered.key, int(answered.correct), int(answered.near), answered.when.isoformat())),
        ])

    def answers(self, learner: str) -> list[tuple[str, bool, bool, str]]:
        """The learner's drill answers as (key, correct, near, ISO time), oldest first."""
        rows = self._read("SELECT key, correct, near, at FROM answers WHERE learner = ? ORDER BY id",
                          (learner_name(learner),))
        return [(k, bool(c), bool(n), at) for k, c, n, at in rows]

    def record_fumbles(self, learner: str, fumbles: Iterable[tuple[str, str]], entries: Iterable[Entry] = (),
                       ) -> list[str]:
        """Keep words fumbled in play (``PlayApp.fumbles``: (expected, typed)); the words they belong to
        are marked for review now (rated Again).  Returns the keys marked."""
        name = learner_name(learner)
        now = self.clock()
        deck = self.deck(name, clock=lambda: now)
        fumbles = [(str(e)[:100], str(t)[:200]) for e, t in fumbles]
        statements: list[tuple[str, tuple]] = [self._named(name)] + [
            ("INSERT INTO fumbles (learner, expected, typed, at) VALUES (?, ?, ?, ?)", (name, e, t, now.isoformat()))
            for e, t in fumbles]
        marked: list[str] = []
        for expected, _typed in fumbles:
            entry = entry_for_word(expected, entries)
            if entry is None or entry.key in marked:
                continue
            answered = deck.review(entry.key, False)
            marked.append(entry.key)
            statements += [
                ("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) ON CONFLICT (learner, key) "
                 "DO UPDATE SET card = excluded.card", (name, entry.key, deck.cards[entry.key].to_json())),
                ("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, 0, 0, ?)",
                 (name, entry.key, answered.when.isoformat())),
            ]
        self._write(statements)
        return marked

    def fumbles(self, learner: str) -> list[tuple[str, str]]:
        """The words the learner fumbled in play, as (expected, typed), oldest first."""
        return [(e, t) for e, t in self._read("SELECT expected, typed FROM fumbles WHERE learner = ? ORDER BY id",
                                               (learner_name(learner),))]

    # ------------------------------------------------------------ export and import

    def export_json(self) -> str:
        """Every learner's progress as JSON."""
        learners: dict[str, Any] = {}
        for name in self.learners():
            learners[name] = {
                "since": self.since(name),
                "cards": {k: json.loads(c) for k, c in self._read(
                    "SELECT key, card FROM cards WHERE learner = ? ORDER BY key", (name,))},
                "answers": [list(a) for a in self.answers(name)],
                "fumbles": [list(f) for f in self.fumbles(name)],
                "reached": [list(r) for r in self._read(
                    "SELECT lesson, rule, at FROM reached WHERE learner = ? ORDER BY lesson, rule", (name,))],
                "checks": [[c.lesson, c.rule, c.question, c.answer, c.correct, c.at] for c in self.checks(name)],
                "games": [g.row() for g in self.games(name)],
            }
        return json.dumps({"format": FORMAT, "version": VERSION, "learners": learners}, ensure_ascii=False, indent=1)

    def import_json(self, text: str) -> list[str]:
        """Merge exported progress (version 1 or 2): a drill card is kept from whichever side reviewed it last,
        and a record already here is not added twice.  Returns the learners.  Nothing is written unless all of
        it can be read."""
        parsed = _read_export(text)
        statements: list[tuple[str, tuple]] = []
        for name, part in parsed.items():
            statements.append(("INSERT OR IGNORE INTO learners (name, since) VALUES (?, ?)",
                               (name, part["since"] or self._now())))
            mine = self.deck(name).cards
            for key, card_dict in part["cards"].items():
                theirs = FsrsCard.from_dict(card_dict)
                ours = mine.get(key)
                if ours is None or _last(theirs) > _last(ours):
                    statements.append(("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) ON CONFLICT "
                                       "(learner, key) DO UPDATE SET card = excluded.card",
                                       (name, str(key), theirs.to_json())))
            known = set(self.answers(name))
            for key, correct, near, at in part["answers"]:
                if (key, correct, near, at) not in known:
                    statements.append(("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, ?, ?, ?)",
                                       (name, key, int(correct), int(near), at)))
            had = set(self.fumbles(name))
            for expected, typed in part["fumbles"]:
                if (expected, typed) not in had:
                    statements.append(("INSERT INTO fumbles (learner, expected, typed, at) VALUES (?, ?, ?, ?)",
                                       (name, expected, typed, self._now())))
            for lesson, rule, at in part["reached"]:
                statements.append(("INSERT OR IGNORE INTO reached (learner, lesson, rule, at) VALUES (?, ?, ?, ?)",
                                   (name, lesson, rule, at)))
            checked = {(c.lesson, c.rule, c.question, c.answer, c.correct, c.at) for c in self.checks(name)}
            for lesson, rule, question, answer, correct, at in part["checks"]:
                if (lesson, rule, question, answer, correct, at) not in checked:
                    statements.append(("INSERT INTO checks (learner, lesson, rule, question, answer, correct, at) "
                                       "VALUES (?, ?, ?, ?, ?, ?, ?)", (name, lesson, rule, question, answer,
                                                                         int(correct), at)))
            played = {json.dumps(g.row(), sort_keys=True) for g in self.games(name)}
            for row in part["games"]:
                game = PlayedGame.from_row(row)
                if json.dumps(game.row(), sort_keys=True) not in played:
                    statements.append(self._game_row(name, game, game.at or self._now()))
        self._write(statements)
        return list(parsed)


@contextlib.contextmanager
def _immediate(conn: Any) -> Iterator[Any]:
    """One immediate transaction: all of it, or nothing (a failure rolls it back and is raised)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _list(part: dict, key: str, where: str) -> list:
    value = part.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{where}: {key!r} must be a list.")
    return value


def _rows(part: dict, key: str, width: int, where: str) -> list[list]:
    rows = _list(part, key, where)
    for i, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != width:
            raise ValueError(f"{where}: {key!r} item {i + 1} must be a list of {width}.")
    return rows


def _last(card: FsrsCard) -> datetime:
    return card.last_review or card.due


def keep_fumbles(learner: str, fumbles: Iterable[tuple[str, str]], *, progress: Progress | None = None) -> list[str]:
    """Keep the words a learner fumbled in play (e.g. ``PlayApp.fumbles``) so the drill brings them back now."""
    from tutor.vocab.words import load_vocab

    return (progress or Progress()).record_fumbles(learner, fumbles, load_vocab())


def class_records(progress: Progress) -> dict[str, list[dict[str, Any]]]:
    """Everything in the store for the teacher's view, table by table, as rows of plain values."""
    def rows(sql: str, names: tuple[str, ...]) -> list[dict[str, Any]]:
        return [dict(zip(names, r)) for r in progress._read(sql)]

    return {
        "learners": rows("SELECT name, since FROM learners ORDER BY name", ("learner", "since")),
        "reached": rows("SELECT learner, lesson, rule, at FROM reached", ("learner", "lesson", "rule", "at")),
        "checks": rows("SELECT learner, lesson, rule, question, answer, correct, at FROM checks ORDER BY id",
                       ("learner", "lesson", "rule", "question", "answer", "correct", "at")),
        "games": rows("SELECT learner, game, deal, won, moves, level, at FROM games ORDER BY id",
                      ("learner", "game", "deal", "won", "moves", "level", "at")),
        "answers": rows("SELECT learner, key, correct, at FROM answers ORDER BY id", ("learner", "key", "correct", "at")),
        "cards": rows("SELECT learner, key, card FROM cards", ("learner", "key", "card")),
    }


def backup(progress: Progress, target: Path | str) -> Path:
    """Copy the store to ``target`` safely while apps are writing to it (SQLite's online backup)."""
    target = Path(target)
    if target.resolve() == progress.path.resolve():
        raise ValueError("backup: the copy must go to another file.")
    target.parent.mkdir(parents=True, exist_ok=True)
    source, copy = progress._connect(), sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
        source.close()
    return target


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.progress``: where the class's records are, a backup, export and import."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m tutor.progress",
                                     description="The class's records: where they are, a safe backup, export, import.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("where", help="print the progress file's path")
    copy = sub.add_parser("backup", help="copy the progress file safely, even while the server runs")
    copy.add_argument("target")
    sub.add_parser("export", help="print every learner's records as JSON")
    merge = sub.add_parser("import", help="merge records exported elsewhere (a JSON file)")
    merge.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "where":
        print(progress_path())
        return 0
    try:
        progress = Progress()
        if args.command == "backup":
            print(f"Backed up to {backup(progress, args.target)}")
        elif args.command == "export":
            print(progress.export_json())
        else:
            names = progress.import_json(Path(args.file).read_text(encoding="utf-8"))
            print(f"Merged the records of {len(names)} learners.")
    except (ValueError, OSError, StoreError) as exc:
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


class BrowserProgress:
    """The class's records where there is no ``sqlite3`` (Python in the browser): the same calls as ``Progress``,
    kept in memory as the export format and handed to ``saved`` after every change, so the page can keep them in
    the browser's own storage and give them back after a reload (``load``).  Export and import as ``Progress``."""

    path = Path("browser-storage")
    report = ""
    recovered = None

    def __init__(self, *, clock: Clock = utc_now, saved: Any = None) -> None:
        self.clock = clock
        self.saved = saved
        self.data: dict[str, dict[str, Any]] = {}
        self.settings: dict[str, str] = {}

    def _now(self) -> str:
        return self.clock().isoformat()

    def _learner(self, learner: str) -> dict[str, Any]:
        name = learner_name(learner)
        return self.data.setdefault(name, {"since": self._now(), "cards": {}, "answers": [], "fumbles": [],
                                           "reached": [], "checks": [], "games": []})

    def _changed(self) -> None:
        if self.saved is not None:
            self.saved(self.export_json())

    def load(self, text: str) -> list[str]:
        """Take back what the browser kept (a store's export); anything unreadable is refused and changes nothing."""
        return self.import_json(text)

    # the same calls as Progress
    def add_learner(self, learner: str) -> str:
        new = learner_name(learner) not in self.data
        self._learner(learner)
        if new:
            self._changed()
        return learner_name(learner)

    def learners(self) -> list[str]:
        return sorted(self.data, key=lambda n: (n.casefold(), n))

    def since(self, learner: str) -> str:
        return self.data.get(learner_name(learner), {}).get("since", "")

    def reset(self, learner: str) -> None:
        since = self._learner(learner)["since"]
        self.data[learner_name(learner)] = {"since": since, "cards": {}, "answers": [], "fumbles": [], "reached": [],
                                            "checks": [], "games": []}
        self._changed()

    def delete(self, learner: str) -> None:
        self.data.pop(learner_name(learner), None)
        self._changed()

    def reach(self, learner: str, lesson: str, rule: str) -> None:
        part = self._learner(learner)
        if not any(r[:2] == [str(lesson)[:60], str(rule)[:80]] for r in part["reached"]):
            part["reached"].append([str(lesson)[:60], str(rule)[:80], self._now()])
            self._changed()

    def reached(self, learner: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for lesson, rule, _at in self.data.get(learner_name(learner), {}).get("reached", []):
            out.setdefault(lesson, set()).add(rule)
        return out

    def answer_check(self, learner: str, lesson: str, rule: str, question: str, answer: str, correct: bool) -> None:
        part = self._learner(learner)
        lesson, rule, now = str(lesson)[:60], str(rule)[:80], self._now()
        if not any(r[:2] == [lesson, rule] for r in part["reached"]):
            part["reached"].append([lesson, rule, now])
        part["checks"].append([lesson, rule, str(question)[:MAX_TEXT], str(answer)[:MAX_TEXT], bool(correct), now])
        self._changed()

    def checks(self, learner: str) -> list[CheckAnswer]:
        return [CheckAnswer(*row) for row in self.data.get(learner_name(learner), {}).get("checks", [])]

    def keep_game(self, learner: str, game: PlayedGame) -> None:
        row = game.row()
        row["at"] = game.at or self._now()
        self._learner(learner)["games"].append(row)
        self._changed()

    def games(self, learner: str) -> list[PlayedGame]:
        return [PlayedGame.from_row(row) for row in self.data.get(learner_name(learner), {}).get("games", [])]

    def setting(self, key: str) -> str:
        return self.settings.get(str(key), "")

    def set_setting(self, key: str, value: str) -> None:
        if value:
            self.settings[str(key)] = str(value)[:MAX_TEXT]
        else:
            self.settings.pop(str(key), None)

    def deck(self, learner: str, *, clock: Clock | None = None) -> Deck:
        cards = self.data.get(learner_name(learner), {}).get("cards", {})
        return Deck({k: FsrsCard.from_dict(c) for k, c in cards.items()}, clock=clock or self.clock)

    def record(self, learner: str, answered: Answered, card: FsrsCard) -> None:
        part = self._learner(learner)
        part["cards"][answered.key] = json.loads(card.to_json())
        part["answers"].append([answered.key, bool(answered.correct), bool(answered.near), answered.when.isoformat()])
        self._changed()

    def answers(self, learner: str) -> list[tuple[str, bool, bool, str]]:
        return [tuple(a) for a in self.data.get(learner_name(learner), {}).get("answers", [])]  # type: ignore[misc]

    def record_fumbles(self, learner: str, fumbles: Iterable[tuple[str, str]], entries: Iterable[Entry] = (),
                       ) -> list[str]:
        part = self._learner(learner)
        now = self.clock()
        deck = self.deck(learner, clock=lambda: now)
        marked: list[str] = []
        for expected, typed in [(str(e)[:100], str(t)[:200]) for e, t in fumbles]:
            part["fumbles"].append([expected, typed])
            entry = entry_for_word(expected, entries)
            if entry is None or entry.key in marked:
                continue
            answered = deck.review(entry.key, False)
            marked.append(entry.key)
            part["cards"][entry.key] = json.loads(deck.cards[entry.key].to_json())
            part["answers"].append([entry.key, False, False, answered.when.isoformat()])
        self._changed()
        return marked

    def fumbles(self, learner: str) -> list[tuple[str, str]]:
        return [tuple(f) for f in self.data.get(learner_name(learner), {}).get("fumbles", [])]  # type: ignore[misc]

    def export_json(self) -> str:
        learners = {name: self.data[name] for name in self.learners()}
        return json.dumps({"format": FORMAT, "version": VERSION, "learners": learners}, ensure_ascii=False, indent=1)

    def import_json(self, text: str) -> list[str]:
        """Merge an export, every part checked first as ``Progress.import_json`` checks it; nothing is counted twice."""
        parsed = _read_export(text)
        merged = {name: dict(part) for name, part in self.data.items()}
        for name, part in parsed.items():
            mine = merged.setdefault(name, {"since": part.get("since") or self._now(), "cards": {}, "answers": [],
                                            "fumbles": [], "reached": [], "checks": [], "games": []})
            for key, card in part.get("cards", {}).items():
                theirs = FsrsCard.from_dict(card)
                ours = mine["cards"].get(key)
                if ours is None or _last(theirs) > _last(FsrsCard.from_dict(ours)):
                    mine["cards"] = {**mine["cards"], key: card}
            for field_name in ("answers", "fumbles", "reached", "checks"):
                seen = {json.dumps(r) for r in mine[field_name]}
                mine[field_name] = mine[field_name] + [r for r in part.get(field_name, []) if json.dumps(r) not in seen]
            seen_games = {json.dumps(g, sort_keys=True) for g in mine["games"]}
            mine["games"] = mine["games"] + [g for g in part.get("games", [])
                                             if json.dumps(g, sort_keys=True) not in seen_games]
        self.data = merged
        self._changed()
        return list(parsed)


def _read_export(text: str) -> dict[str, dict[str, Any]]:
    """An export (version 1 or 2) read and checked, field by field; a bad one raises ValueError naming the field."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise ValueError(f"progress JSON: not JSON ({getattr(exc, 'msg', exc)}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") not in (1, VERSION):
        raise ValueError(f"progress JSON: 'format' must be {FORMAT!r} and 'version' 1 or {VERSION}.")
    learners = data.get("learners")
    if not isinstance(learners, dict):
        raise ValueError("progress JSON: 'learners' must be an object of name → progress.")
    out: dict[str, dict[str, Any]] = {}
    for raw, part in learners.items():
        name = learner_name(raw)
        where = f"progress JSON: learner {name!r}"
        if not isinstance(part, dict):
            raise ValueError(f"{where}: must be an object.")
        cards = part.get("cards", {})
        if not isinstance(cards, dict):
            raise ValueError(f"{where}: 'cards' must be an object of word → card.")
        for key, card in cards.items():
            try:
                FsrsCard.from_dict(card)
            except (TypeError, KeyError, ValueError, AttributeError):
                raise ValueError(f"{where}: the drill card {key!r} cannot be read.") from None
        clean: dict[str, Any] = {"since": str(part.get("since") or "")[:40], "cards": dict(cards)}
        clean["answers"] = [[str(k), bool(c), bool(n), str(at)] for k, c, n, at in _rows(part, "answers", 4, where)]
        clean["fumbles"] = [[str(e), str(t)] for e, t in _rows(part, "fumbles", 2, where)]
        clean["reached"] = [[str(a), str(b), str(c)] for a, b, c in _rows(part, "reached", 3, where)]
        clean["checks"] = [[str(a), str(b), str(q), str(ans), bool(c), str(at)]
                           for a, b, q, ans, c, at in _rows(part, "checks", 6, where)]
        clean["games"] = [PlayedGame.from_row(row, f"{where}, game {i + 1}").row()
                          for i, row in enumerate(_list(part, "games", where))]
        out[name] = clean
    return out
