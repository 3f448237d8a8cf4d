"""The records of the class's learners in the store: names, lessons and checks, games, the drill, the class's
settings, and what the teacher's page reads.

``Records`` holds all of it once, in SQL both databases speak (``?`` for a value, ``ON CONFLICT`` for a row kept
once); a store supplies only its connection and its transactions: ``Progress`` one SQLite file, ``PostgresProgress``
(``tutor.progress.pg_store``) a PostgreSQL database.  Each write is one transaction that no other writer
interleaves with (all of it, or nothing), and every field is checked first (``fields``): a value of the wrong kind
or out of range is refused with a ``ValueError`` naming it, and nothing is written.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterable, Iterator, Mapping

from fsrs import Card as FsrsCard

from tutor.progress import fields, schema, transfer
from tutor.progress.fields import MAX_TEXT, CheckAnswer, PlayedGame, learner_name
from tutor.progress.schema import LEARNER_TABLES, StoreError, connect, game_row, immediate
from tutor.vocab.schedule import Answered, Clock, Deck, utc_now
from tutor.vocab.words import Entry, entry_for_word

SETTING_LIMIT = 60  # the longest name of a setting
REACH = "INSERT INTO reached (learner, lesson, rule, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"


class Records:
    """The records of a class's learners, whatever database keeps them.  A store supplies ``_connection`` (a
    connection whose ``execute(sql, args)`` takes ``?`` for each value), ``_writing`` (one transaction no other
    writer interleaves with) and ``_reading`` (reads at one moment); everything else is here, once."""

    clock: Clock
    left_out: list[str]  # what the last export left out (records that could not be read back)
    address: str  # where the records are, as it may be shown (never a password)

    def _connection(self) -> ContextManager[Any]:
        raise NotImplementedError

    def _writing(self, conn: Any) -> ContextManager[Any]:
        raise NotImplementedError

    def _reading(self, conn: Any) -> ContextManager[Any]:
        raise NotImplementedError

    def _write(self, statements: Iterable[tuple[str, tuple]]) -> None:
        """Run statements in one transaction (all or nothing)."""
        self._change(lambda conn: [conn.execute(sql, args) for sql, args in statements])

    def _change(self, action: Callable[[Any], Any]) -> Any:
        """Run ``action(conn)`` in one write transaction: what it reads, nobody changes before it writes."""
        with self._connection() as conn, self._writing(conn):
            return action(conn)

    def _look(self, action: Callable[[Any], Any]) -> Any:
        """Run ``action(conn)`` reading the store at one moment."""
        with self._connection() as conn, self._reading(conn):
            return action(conn)

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._connection() as conn:
            return conn.execute(sql, args).fetchall()

    def _now(self) -> str:
        return self.clock().isoformat()

    def _named(self, name: str) -> tuple[str, tuple]:
        return ("INSERT INTO learners (name, since) VALUES (?, ?) ON CONFLICT DO NOTHING", (name, self._now()))

    # ------------------------------------------------------------ learners

    def add_learner(self, learner: str) -> str:
        """Name a learner (nothing changes if the name is known); returns the name as kept."""
        name = learner_name(learner)
        self._write([self._named(name)])
        return name

    def learners(self) -> list[str]:
        """Every learner named in the file, sorted."""
        return sorted((r[0] for r in self._read("SELECT name FROM learners")), key=transfer.by_name)

    def since(self, learner: str) -> str:
        """When the learner was first named (ISO time; "" for an unknown name)."""
        rows = self._read("SELECT since FROM learners WHERE name = ?", (learner_name(learner),))
        return rows[0][0] if rows else ""

    def reset(self, learner: str) -> None:
        """Clear everything the learner did; the name stays on the class list."""
        name = learner_name(learner)
        self._write([(f"DELETE FROM {table} WHERE learner = ?", (name,)) for table in LEARNER_TABLES])

    def delete(self, learner: str) -> None:
        """Remove the learner and everything they did."""
        name = learner_name(learner)
        self._write([(f"DELETE FROM {table} WHERE learner = ?", (name,)) for table in LEARNER_TABLES]
                    + [("DELETE FROM learners WHERE name = ?", (name,))])

    # ------------------------------------------------------------ lessons

    def reach(self, learner: str, lesson: str, rule: str) -> None:
        """The learner reached one rule of a lesson (kept once, at the first time)."""
        name = learner_name(learner)
        lesson, rule, now = fields.row("reached", [lesson, rule, self._now()], clip=True)
        self._write([self._named(name), (REACH, (name, lesson, rule, now))])

    def reached(self, learner: str) -> dict[str, set[str]]:
        """The rules the learner reached, by lesson."""
        out: dict[str, set[str]] = {}
        for lesson, rule in self._read("SELECT lesson, rule FROM reached WHERE learner = ?", (learner_name(learner),)):
            out.setdefault(lesson, set()).add(rule)
        return out

    def answer_check(self, learner: str, lesson: str, rule: str, question: str, answer: str, correct: bool) -> None:
        """One answer to a lesson's check; answering it also reaches its rule."""
        name = learner_name(learner)
        lesson, rule, question, answer, correct, now = fields.row(
            "checks", [lesson, rule, question, answer, correct, self._now()], clip=True)
        self._write([self._named(name),
                     (REACH, (name, lesson, rule, now)),
                     ("INSERT INTO checks (learner, lesson, rule, question, answer, correct, at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)", (name, lesson, rule, question, answer, int(correct), now))])

    def checks(self, learner: str) -> list[CheckAnswer]:
        """The learner's answers to checks, oldest first."""
        rows = self._read("SELECT lesson, rule, question, answer, correct, at FROM checks WHERE learner = ? ORDER BY id",
                          (learner_name(learner),))
        return [CheckAnswer(lesson, rule, q, a, bool(c), at) for lesson, rule, q, a, c, at in rows]

    # ------------------------------------------------------------ games

    def keep_game(self, learner: str, game: PlayedGame) -> None:
        """One finished game, every field checked (a seat that is not one of the seats is refused)."""
        name = learner_name(learner)
        game = PlayedGame.from_row(game, clip=True)
        self._write([self._named(name), game_row(name, game, game.at or self._now())])

    def games(self, learner: str) -> list[PlayedGame]:
        """The learner's finished games, oldest first."""
        rows = self._read("SELECT game, options, deal, seats, seat, scores, won, moves, level, at FROM games "
                          "WHERE learner = ? ORDER BY id", (learner_name(learner),))
        return [PlayedGame(g, json.loads(o), d, tuple(json.loads(s)), seat, tuple(json.loads(sc)), bool(w), m, lv, at)
                for g, o, d, s, seat, sc, w, m, lv, at in rows]

    # ------------------------------------------------------------ the class's settings

    def setting(self, key: str) -> str:
        """A class setting ("" when unset)."""
        rows = self._read("SELECT value FROM settings WHERE key = ?", (setting_key(key),))
        return rows[0][0] if rows else ""

    def set_setting(self, key: str, value: str) -> None:
        """Set a class setting; an empty value clears it."""
        self.update_settings((key,), lambda _now: {key: value})

    def update_settings(self, keys: Iterable[str], change: Callable[[dict[str, str]], Mapping[str, str]],
                        ) -> dict[str, str]:
        """Read the settings ``keys`` and write what ``change`` makes of them (a value "" clears one), in one
        transaction: another kernel doing the same waits, so no change is lost.  Returns the values written."""
        keys = [setting_key(k) for k in keys]

        def action(conn: Any) -> dict[str, str]:
            now = {k: (conn.execute("SELECT value FROM settings WHERE key = ?", (k,)).fetchone() or ("",))[0]
                   for k in keys}
            new = {setting_key(k): setting_value(v) for k, v in change(dict(now)).items()}
            for k, v in new.items():
                if v:
                    conn.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                                 "value = excluded.value", (k, v))
                else:
                    conn.execute("DELETE FROM settings WHERE key = ?", (k,))
            return new

        return self._change(action)

    # ------------------------------------------------------------ the drill

    def deck(self, learner: str, *, clock: Clock | None = None) -> Deck:
        """The learner's cards as a ``Deck`` (empty for a new learner)."""
        name = learner_name(learner)
        rows = self._read("SELECT key, card FROM cards WHERE learner = ?", (name,))
        return Deck({k: FsrsCard.from_json(c) for k, c in rows}, clock=clock or self.clock)

    def record(self, learner: str, answered: Answered, card: FsrsCard) -> None:
        """Keep one drill answer and the card it scheduled, together."""
        name = learner_name(learner)
        key, correct, near, at = fields.row("answers", [answered.key, answered.correct, answered.near,
                                                        answered.when.isoformat()], clip=True)
        checked = fields.card(card.to_dict())
        self._write([
            self._named(name),
            ("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) "
             "ON CONFLICT (learner, key) DO UPDATE SET card = excluded.card", (name, key, checked.to_json())),
            ("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, ?, ?, ?)",
             (name, key, int(correct), int(near), at)),
        ])

    def answers(self, learner: str) -> list[tuple[str, bool, bool, str]]:
        """The learner's drill answers as (key, correct, near, ISO time), oldest first."""
        rows = self._read("SELECT key, correct, near, at FROM answers WHERE learner = ? ORDER BY id",
                          (learner_name(learner),))
        return [(k, bool(c), bool(n), at) for k, c, n, at in rows]

    def record_fumbles(self, learner: str, fumbles: Iterable[tuple[str, str]], entries: Iterable[Entry] = (),
                       ) -> list[str]:
        """Keep words fumbled in play (``PlayWidget.fumbles``: (expected, typed)); the words they belong to
        are marked for review now (rated Again).  Returns the keys marked."""
        name = learner_name(learner)
        now = self.clock()
        deck = self.deck(name, clock=lambda: now)
        fumbles = fields.fumbles(fumbles)
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
        """Every learner's progress as JSON (read at one moment).  A record that could not be read back (kept by
        an earlier release that checked less) is left out and named in ``left_out``."""
        data, self.left_out = self._look(transfer.export_data)
        return transfer.dump(data)

    def import_json(self, text: str) -> list[str]:
        """Merge exported progress (version 1 or 2): a drill card is kept from whichever side reviewed it last,
        and a record already here is not added twice.  Returns the learners.  Every field of every record is
        checked before anything is written, and all of it is written in one transaction, or nothing."""
        parsed = transfer.read_export(text)
        self._change(lambda conn: transfer.merge(conn, parsed, self._now()))
        return list(parsed)


class Progress(Records):
    """The records in one SQLite file; every method opens a short connection, so several processes can share it."""

    def __init__(self, path: Path | str | None = None, *, clock: Clock = utc_now) -> None:
        self.path = schema.store_path(schema.progress_path() if path is None else path)
        self.clock = clock
        self.recovered: Path | None = None
        self.migrated_from: int | None = None
        self.left_out = []
        if schema.sqlite3 is None:
            raise StoreError("Progress cannot be kept here: this Python has no sqlite3.")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.migrated_from, self.recovered = schema.open_store(self.path, self.clock)

    @property
    def address(self) -> str:
        """Where the records are, as it may be shown (the file's path; a server's store shows its address)."""
        return str(self.path)

    @property
    def report(self) -> str:
        """What happened to a damaged file, in words ("" when nothing did)."""
        if self.recovered is None:
            return ""
        return f"The progress file {self.path} could not be read; it was moved to {self.recovered} and a new one started."

    def _connect(self) -> Any:
        return connect(self.path)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:
        conn = self._connect()
        try:
            yield conn
        finally:
            conn.close()

    def _writing(self, conn: Any) -> ContextManager[Any]:
        return immediate(conn)  # BEGIN IMMEDIATE: one writer at a time, from its first read

    @contextlib.contextmanager
    def _reading(self, conn: Any) -> Iterator[Any]:
        conn.execute("BEGIN")
        try:
            yield conn
        finally:
            conn.execute("COMMIT")


def setting_key(key: Any) -> str:
    """A setting's name: text of 1 to 60 characters."""
    return fields.text(key, "setting", limit=SETTING_LIMIT, empty=False)


def setting_value(value: Any) -> str:
    """A setting's value: text of at most 400 characters ("" clears it)."""
    return fields.text(value, "setting value", limit=MAX_TEXT)


def class_records(progress: Records) -> dict[str, list[dict[str, Any]]]:
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


def keep_fumbles(learner: str, fumbles: Iterable[tuple[str, str]], *, progress: Records | None = None) -> list[str]:
    """Keep the words a learner fumbled in play (e.g. ``PlayWidget.fumbles``) so the drill brings them back now."""
    from tutor.vocab.words import load_vocab

    return (progress or Progress()).record_fumbles(learner, fumbles, load_vocab())
