"""Each learner's progress in SQLite: FSRS cards, answers, and the words fumbled in play.

The file is ``$GWARI_PROGRESS`` if set, else ``$XDG_DATA_HOME/gwari/progress.sqlite3``
(``~/.local/share/gwari/progress.sqlite3``).  Several learners share one file,
each under the name they type.  WAL mode, a busy timeout and one transaction
per write let two notebooks record at once without losing an answer.  A file
that is not a readable database is moved aside (``recovered`` names where) and
a new one is started.  ``export_json``/``import_json`` carry progress between machines.
"""

from __future__ import annotations

import json
import os
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable

from fsrs import Card as FsrsCard

try:
    import sqlite3
except ImportError:  # Python in the browser (Pyodide) has no sqlite3 offline: the apps run, the store does not
    sqlite3 = None  # type: ignore[assignment]

from tutor.cornish import normalise
from tutor.vocab.schedule import Answered, Clock, Deck, utc_now
from tutor.vocab.words import Entry

FORMAT = "gwari-progress"
VERSION = 1
BUSY_MS = 30_000
_SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (learner TEXT NOT NULL, key TEXT NOT NULL, card TEXT NOT NULL,
                                  PRIMARY KEY (learner, key));
CREATE TABLE IF NOT EXISTS answers (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, key TEXT NOT NULL,
                                    correct INTEGER NOT NULL, near INTEGER NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS fumbles (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, expected TEXT NOT NULL,
                                    typed TEXT NOT NULL, at TEXT NOT NULL);
"""


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


class Progress:
    """The progress file; every method opens a short connection, so several processes can share it."""

    def __init__(self, path: Path | str | None = None, *, clock: Clock = utc_now) -> None:
        self.path = Path(path) if path is not None else progress_path()
        self.clock = clock
        self.recovered: Path | None = None
        if sqlite3 is None:
            raise StoreError("Progress cannot be kept here: this Python has no sqlite3.")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._init()
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
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript(_SCHEMA)
        finally:
            conn.close()

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
            conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    conn.execute(sql, args)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        finally:
            conn.close()

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        conn = self._connect()
        try:
            return conn.execute(sql, args).fetchall()
        finally:
            conn.close()

    # ------------------------------------------------------------ learners and cards

    def learners(self) -> list[str]:
        """Every learner with progress in the file, sorted."""
        rows = self._read("SELECT learner FROM cards UNION SELECT learner FROM answers "
                          "UNION SELECT learner FROM fumbles ORDER BY 1")
        return [r[0] for r in rows]

    def deck(self, learner: str, *, clock: Clock | None = None) -> Deck:
        """The learner's cards as a ``Deck`` (empty for a new learner)."""
        name = learner_name(learner)
        rows = self._read("SELECT key, card FROM cards WHERE learner = ?", (name,))
        return Deck({k: FsrsCard.from_json(c) for k, c in rows}, clock=clock or self.clock)

    def record(self, learner: str, answered: Answered, card: FsrsCard) -> None:
        """Keep one answer and the card it scheduled, together."""
        name = learner_name(learner)
        self._write([
            ("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) "
             "ON CONFLICT (learner, key) DO UPDATE SET card = excluded.card", (name, answered.key, card.to_json())),
            ("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, ?, ?, ?)",
             (name, answered.key, int(answered.correct), int(answered.near), answered.when.isoformat())),
        ])

    def answers(self, learner: str) -> list[tuple[str, bool, bool, str]]:
        """The learner's answers as (key, correct, near, ISO time), oldest first."""
        rows = self._read("SELECT key, correct, near, at FROM answers WHERE learner = ? ORDER BY id",
                          (learner_name(learner),))
        return [(k, bool(c), bool(n), at) for k, c, n, at in rows]

    # ------------------------------------------------------------ fumbles from play

    def record_fumbles(self, learner: str, fumbles: Iterable[tuple[str, str]], entries: Iterable[Entry] = (),
                       ) -> list[str]:
        """Keep words fumbled in play (``PlayApp.fumbles``: (expected, typed)); the words they belong to
        are marked for review now (rated Again).  Returns the keys marked."""
        name = learner_name(learner)
        now = self.clock()
        deck = self.deck(name, clock=lambda: now)
        fumbles = [(str(e)[:100], str(t)[:200]) for e, t in fumbles]
        statements: list[tuple[str, tuple]] = [
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
                "cards": {k: json.loads(c) for k, c in self._read(
                    "SELECT key, card FROM cards WHERE learner = ? ORDER BY key", (name,))},
                "answers": [list(a) for a in self.answers(name)],
                "fumbles": [list(f) for f in self.fumbles(name)],
            }
        return json.dumps({"format": FORMAT, "version": VERSION, "learners": learners}, ensure_ascii=False, indent=1)

    def import_json(self, text: str) -> list[str]:
        """Merge exported progress (a card is kept from whichever side reviewed it last); returns the learners."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"progress JSON: not JSON ({exc.msg}, line {exc.lineno}).") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"progress JSON: 'format' must be {FORMAT!r} and 'version' {VERSION}.")
        learners = data.get("learners")
        if not isinstance(learners, dict):
            raise ValueError("progress JSON: 'learners' must be an object of name → progress.")
        statements: list[tuple[str, tuple]] = []
        for raw, part in learners.items():
            name = learner_name(raw)
            mine = self.deck(name).cards
            for key, card_dict in dict(part.get("cards", {})).items():
                theirs = FsrsCard.from_dict(card_dict)
                ours = mine.get(key)
                if ours is None or _last(theirs) > _last(ours):
                    statements.append(("INSERT INTO cards (learner, key, card) VALUES (?, ?, ?) ON CONFLICT "
                                       "(learner, key) DO UPDATE SET card = excluded.card",
                                       (name, str(key), theirs.to_json())))
            known = set(self.answers(name))
            for key, correct, near, at in part.get("answers", []):
                if (str(key), bool(correct), bool(near), str(at)) not in known:
                    statements.append(("INSERT INTO answers (learner, key, correct, near, at) VALUES (?, ?, ?, ?, ?)",
                                       (name, str(key), int(bool(correct)), int(bool(near)), str(at))))
            had = set(self.fumbles(name))
            for expected, typed in part.get("fumbles", []):
                if (str(expected), str(typed)) in had:
                    continue
                statements.append(("INSERT INTO fumbles (learner, expected, typed, at) VALUES (?, ?, ?, ?)",
                                   (name, str(expected), str(typed), self.clock().isoformat())))
        self._write(statements)
        return [learner_name(n) for n in learners]


def _last(card: FsrsCard) -> datetime:
    return card.last_review or card.due


def entry_for_word(word: str, entries: Iterable[Entry]) -> Entry | None:
    """The entry a fumbled word belongs to: the number or rank it names, else the first phrase that uses it."""
    target = normalise(word)
    if not target:
        return None
    entries = list(entries)
    for entry in entries:
        if entry.category in ("number", "rank", "suit") and normalise(entry.cornish) == target:
            return entry
    for entry in entries:
        if entry.category == "phrase" and all(w in normalise(entry.cornish) for w in target):
            return entry
    return None


def keep_fumbles(learner: str, fumbles: Iterable[tuple[str, str]], *, progress: Progress | None = None) -> list[str]:
    """Keep the words a learner fumbled in play (e.g. ``PlayApp.fumbles``) so the drill brings them back now."""
    from tutor.vocab.words import load_vocab

    return (progress or Progress()).record_fumbles(learner, fumbles, load_vocab())
