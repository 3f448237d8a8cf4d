"""A seat at a table the class service keeps, as a learner's kernel holds it: ``RemoteTable`` answers what the play
app asks of a table (``tutor.tables.Table``) and ``RemoteDriver`` what it asks of the table's driver
(``tutor.driver.Driver``), both from what the service sends this seat (``tutor.service.seen``), over a ``Transport``.

The kernel holds no key, no seed and no other seat's hand: it sends its moves as their text and the answers' keys,
and the service, which holds the game, checks and keeps them (``tutor.service.tables``).  Refusals come back in
words: a move the rules refuse as an ``IllegalMove`` with its rule, another move that reached the table first as
``TableBusy``, anything else as a ``TableError``.  Undo is off at a table (the others have seen the move); *Hint* is
the service's strong bot for this seat.  Nothing here is imported by learner code in the browser (Pyodide).
"""

from __future__ import annotations

import time
from typing import Any

from tutor.checks import IllegalMove
from tutor.driver import Advice, Step
from tutor.games import get_game
from tutor.record import Record
from tutor.service.people import Refused
from tutor.service.seen import SeenState, unpack
from tutor.tables import TableBusy, TableError, table_code
from tutor.tables.referee import BEAT_MS
from tutor.tables.shown import GameShown

__all__ = ["RemoteDriver", "RemoteTable", "ask_tables", "open_tables"]


def _ask(transport: Any, op: str, args: dict[str, Any]) -> Any:
    """One request to the service's tables; its refusal becomes a ``TableError`` in its own words."""
    try:
        return transport.call("tables", op, args)
    except Refused as exc:
        raise TableError(str(exc)) from None
    except ConnectionError as exc:  # the service could not be reached (ServiceError)
        raise TableError(str(exc)) from None


def ask_tables(op: str, args: dict[str, Any]) -> Any:
    """One request to the tables of the service named by ``$GWARI_SERVICE_URL`` (the teacher's page: ``list``,
    ``fill``, ``start``, ``close``); a refusal or a service out of reach is a ``TableError`` in words."""
    from tutor.service.transport import transport

    way = transport()
    if way is None:
        raise TableError("There is no class service here: the tables are kept on this machine.")
    return _ask(way, op, args)


def open_tables(transport: Any, game: str | None = None) -> list[dict[str, Any]]:
    """The tables learners may join now (of ``game``, or all), as ``tutor.tables.open_tables`` lists them."""
    return _ask(transport, "open_tables", {} if game is None else {"game": game})


class RemoteDriver:
    """The game at the table as this seat knows it: the narration, the steps (each position as this seat saw it),
    the bots' reasons for the moves this seat was told, and the position now (a ``SeenState``)."""

    def __init__(self, table: "RemoteTable") -> None:
        self.table = table
        self.game = table.game
        self.seat = table.seat
        self.state: Any = None
        self.early: Any = None
        self.record: Any = None
        self.lines: list[tuple[int, Any]] = []
        self.steps: list[Step] = []
        self.reasons: dict[int, tuple[str, str]] = {}
        self.bots: dict[int, str] = {}
        self.watchers: list = []

    def __copy__(self) -> "RemoteDriver":
        out = object.__new__(RemoteDriver)
        out.__dict__.update(self.__dict__)
        out.lines, out.steps, out.reasons = list(self.lines), list(self.steps), dict(self.reasons)
        return out

    def take(self, start_lines: int, start_steps: int, payload: dict[str, Any]) -> None:
        """What the service sent since this seat's ``start_lines`` lines and ``start_steps`` steps."""
        del self.lines[start_lines:]
        self.lines.extend(payload["lines"])
        del self.steps[start_steps:]
        for number, before, after, mover, action in payload["steps"]:
            self.steps.append(Step(SeenState(before), action, mover, number, SeenState(after)))
        self.reasons.update(payload["reasons"])
        self.state = SeenState(payload["state"])
        self.early = None if payload["early"] is None else SeenState(payload["early"])
        if self.record is None or not self.state.is_over:
            self.record = self.state.setup

    # -- reading the position, as ``Driver`` does

    @property
    def players(self) -> int:
        return len(self.state.view(self.seat).seats)

    @property
    def moves(self) -> int:
        return len(self.steps)

    def is_bot(self, seat: int) -> bool:
        return self.table.is_bot(seat)

    def view(self, seat: int) -> Any:
        return self.state.view(seat)

    def view_at(self, state: Any, seat: int) -> Any:
        return state.view(seat)

    def status(self) -> str:
        return self.state.status()

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.state.view(self.seat).seats]

    @property
    def last_reason(self) -> tuple[str, str] | None:
        """The newest bot move this seat was told, in words, and the bot's reason for it."""
        return self.reasons[max(self.reasons)] if self.reasons else None

    # -- the learner's help: Hint from the service; no undo at a table

    def advice(self, seat: int) -> Advice:
        """The strong bot's advice for this seat, computed by the service."""
        if seat != self.seat:
            raise ValueError("A hint is for your own seat.")
        advice = self.table.hint()
        for action in (advice.action, advice.offer, advice.offered):
            if action is not None:
                self.state.prompt(action)  # a move this seat's position words (else a refusal in words)
        return advice

    def undo_target(self) -> None:
        return None

    def undo(self) -> Any:
        raise ValueError("Undo is off at a table: your classmates have seen your move.")

    def keep_point(self, seat: int, extra: Any = None) -> None:
        """No undo points at a table."""

    def forget_points(self) -> None:
        """No undo points at a table."""


class RemoteTable(GameShown):
    """This learner's seat at a table the class service keeps (``Table``'s attributes and methods, from the
    service): ``store`` is the way to the service (a ``Transport``)."""

    def __init__(self, store: Any, code: Any, key: str | None = None) -> None:
        """Take this learner's own seat at ``code`` back (after a reload); ``key`` is not used: the service seats
        the learner by the name the hub signed them in with."""
        self._made(store, _ask(store, "seat", {"code": table_code(code)}))

    def _made(self, store: Any, sat: dict[str, Any]) -> None:
        self.store = store
        self.code: str = sat["code"]
        self.seat: int = sat["seat"]
        self.key = None  # the seat's key stays in the service
        self.game = get_game(sat["game"])
        self.meta: dict[str, Any] = {}
        self.tag = ""
        self.version = -1
        self.driver: RemoteDriver | None = None
        self.queued: dict[int, str] = {}
        self.race: Any = None
        self.pending: tuple[int, str, None] | None = None
        self.asked: int | None = None
        self.away: set[int] = set()
        self._question: tuple[int, str, str] | None = None
        self._answers: tuple = ()
        self._pending_move: Any = None
        self._beaten = float("-inf")
        self.sync()

    @classmethod
    def _sat(cls, store: Any, sat: dict[str, Any]) -> "RemoteTable":
        table = object.__new__(cls)
        table._made(store, sat)
        return table

    @classmethod
    def open(cls, store: Any, game: str, players: Any, name: Any = None, *, options: dict | None = None,
             level: str = "strong") -> "RemoteTable":
        """Open a table of ``game`` at the service; this learner (the hub's user, ``name``) hosts it at seat 0."""
        args = {"game": game, "players": players, "options": options or {}, "level": level}
        if name is not None:
            args["name"] = name
        return cls._sat(store, _ask(store, "open", args))

    @classmethod
    def join(cls, store: Any, code: Any, name: Any = None, *, key: str | None = None,
             trusted: bool = False) -> "RemoteTable":
        """Sit at table ``code`` under the hub's user's name (their seat again, or a free seat while it is open)."""
        args: dict[str, Any] = {"code": table_code(code)}
        if name is not None:
            args["name"] = name
        return cls._sat(store, _ask(store, "join", args))

    # -- what is new

    def _counts(self) -> dict[str, Any]:
        driver = self.driver
        return {"code": self.code, "version": self.version, "tag": self.tag,
                "lines": 0 if driver is None else len(driver.lines), "steps": 0 if driver is None else len(driver.steps)}

    def _take(self, news: dict[str, Any]) -> bool:
        if news["same"]:
            return False
        self.version, self.tag, self.seat = news["version"], news["tag"], news["seat"]
        self.away = set(news["away"])
        self.race = (0, 0) if news["race"] else None
        self.asked = news["asked"]
        question = news["question"]
        self._question = None if question is None else tuple(question)  # type: ignore[assignment]
        pending = news["pending"]
        self.pending = None if pending is None else (pending[0], pending[1], None)
        self.queued = {} if news["queued"] is None else {self.seat: news["queued"]}
        meta = dict(news["meta"])
        if news["seen"] is not None:
            payload = unpack(news["seen"])
            if self.driver is None:
                self.driver = RemoteDriver(self)
            self.driver.take(news["lines"], news["steps"], payload)
            self._answers = payload["answers"] or ()
            self._pending_move = payload["pending_move"]
            if news["record"] is not None:
                record = Record.from_json(news["record"])
                self.driver.record = record
                meta["seed"] = record.seed  # the game is over: its deal may be known
        self.meta = meta
        return True

    def sync(self) -> bool:
        """Read what is new at the table for this seat; True if anything was."""
        return self._take(_ask(self.store, "sync", self._counts()))

    def advance(self) -> int:
        """The page's tick: the service makes any move that is due, and this seat reads what is new."""
        return int(self._take(_ask(self.store, "advance", self._counts())))

    def beat(self) -> None:
        """This seat's page is here (sent at most every ``BEAT_MS``)."""
        now = time.monotonic()
        if now - self._beaten < min(BEAT_MS, self.meta.get("away_ms", BEAT_MS * 4) / 4) / 1000:
            return
        self._beaten = now
        _ask(self.store, "beat", {"code": self.code})

    # -- the table, as ``Table`` answers

    def view(self) -> Any:
        return None if self.state is None else self.state.view(self.seat)

    def early_state(self) -> Any:
        return None if self.driver is None else self.driver.early

    def question(self) -> tuple[int, str, str] | None:
        return self._question

    def answers(self) -> tuple:
        if self.asked != self.seat:
            raise TableError("Nobody has asked you anything.")
        return self._answers

    def pending_move(self) -> Any:
        return self._pending_move

    def summary(self) -> dict[str, Any]:
        return _ask(self.store, "summary", {"code": self.code})

    # -- this seat's doings, checked and kept by the service

    def start(self) -> None:
        _ask(self.store, "start", {"code": self.code})
        self.sync()

    def close(self) -> None:
        _ask(self.store, "close", {"code": self.code})
        self.sync()

    def leave(self) -> None:
        _ask(self.store, "leave", {"code": self.code})

    def _done(self, answer: dict[str, Any]) -> None:
        if "illegal" in answer:
            raise IllegalMove(answer["illegal"]["rule"], answer["illegal"]["reason"])
        if "busy" in answer:
            raise TableBusy(answer["busy"])
        self.sync()

    def move(self, action: Any) -> None:
        """Make this seat's move (an action or its text): the service parses, checks and keeps it."""
        self._done(_ask(self.store, "move", {"code": self.code, "move": str(action)}))

    def answer(self, key: Any) -> None:
        self._done(_ask(self.store, "answer", {"code": self.code, "answer": str(key)}))

    def touch(self) -> int:
        return _ask(self.store, "touch", {"code": self.code})

    def hint(self) -> Advice:
        return unpack(_ask(self.store, "hint", {"code": self.code}))

    def read_record(self) -> tuple[Record, dict[int, tuple[str, str]]]:
        """The finished game's record and the bots' reasons (the service gives them once the game is over)."""
        answer = _ask(self.store, "record", {"code": self.code})
        return Record.from_json(answer["record"]), {int(i): tuple(r) for i, r in answer["reasons"].items()}
