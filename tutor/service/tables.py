"""The class service's tables: every table of classmates is kept and refereed here, and a learner's kernel asks for
its own seat only, as the person the hub signed in.

``TablesArea(store).call(person, op, args)`` answers one request (``tutor.service.app`` routes ``tables`` requests
here).  A learner opens a table (and hosts it), joins one by its code, or takes their seat back, always by their hub
name (``person.name``): a seat held by another name is never theirs, and a name given in a request is refused unless
it is their own.  The seats' keys stay in the service, which holds one referee (``tutor.tables.Table``) per table
and seat; what a seat's kernel is sent is what that seat may see (``tutor.service.seen``): never the deal's seed,
the whole state or another seat's hand while the game is in play.  The finished game's record may be read once it is
over.  A move comes as its text and is parsed, checked and kept here; a refusal is in words (an illegal move with
its rule).  A teacher may list every table and read its summary (no hand).

Ops for a learner: ``open_tables``, ``open``, ``join``, ``seat``, ``start``, ``close``, ``leave``; for their own
seat: ``sync`` and ``advance`` (the page's tick: any move due, then what is new), ``beat``, ``move``, ``answer``,
``touch``, ``hint``, ``record``.  For a teacher: ``list``, ``summary``, ``fill`` (the class seated at tables),
``start``, ``close``, ``record``.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

from tutor.checks import IllegalMove
from tutor.progress.fields import learner_name
from tutor.service.people import Person, Refused
from tutor.driver import visible_cards
from tutor.service.seen import cards_in, pack, public_move, seen, told
from tutor.tables import (Table, TableBusy, TableError, TableStore, class_tables, fill_tables, open_tables,
                          table_code)

__all__ = ["REFEREES_KEPT", "TablesArea", "public_meta"]

REFEREES_KEPT = 512  # referees (a table's seat each) kept in memory; one forgotten is made again from the store
TEXT_LIMIT = 200  # a move's or an answer's text
HIDDEN_META = ("seed", "keys")  # never sent to a kernel: the deal's seed and the digests of the seats' keys


def public_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """A table's card without its seed and its seats' keys' digests (``seed`` is None: the record gives it once the
    game is over)."""
    out = {k: v for k, v in meta.items() if k not in HIDDEN_META}
    out["seed"] = None
    return out


def _tag(meta: dict[str, Any], away: Any) -> str:
    """A short digest of what a page shows of a table's card (a change means the page draws again)."""
    text = json.dumps([meta, sorted(away)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class _Reading:
    """The real state as the game's race input reads it (its clock, its step, what doing nothing does), noting what
    it reads: an attribute, or what a method without arguments gives."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self.read: dict[str, tuple[str, Any]] = {}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._state, name)
        if not callable(value):
            self.read[name] = ("value", value)
            return value

        def asked() -> Any:
            result = value()
            self.read[name] = ("call", result)
            return result

        return asked


def race_reads(game: Any, state: Any) -> dict[str, tuple[str, Any]]:
    """What the game's race input (``Game.inputs.race``) reads of ``state``, for a seat's kernel to read the same:
    numbers and yes/no, the rules (which the table's options make, known to every seat) and moves that use no card
    (doing nothing in a tick).  Anything else it reads is not sent (the race is not drawn in the kernel then)."""
    race = game.inputs.race
    if race is None or state.is_over:
        return {}
    reading = _Reading(state)
    if race.clock(reading) is not None:
        race.tick_ms(reading)
        race.idle(reading)
    rules = game.make_rules(**dict(state.setup.options or {}))

    def public(value: Any) -> bool:
        if value is None or type(value) in (bool, int, float) or value == rules:  # a card is an int: not here
            return True
        try:  # a move of the game that uses no card
            return str(game.parse_action(state, str(value))) == str(value) and not state.cards_of(value)
        except (ValueError, TypeError, AttributeError):
            return False

    return {name: read for name, read in reading.read.items() if public(read[1])}


def _count(args: dict[str, Any], name: str) -> int:
    value = args.get(name, 0)
    if type(value) is not int or value < 0:
        raise TableError(f"{name}: a whole number from 0.")
    return value


def _text(args: dict[str, Any], name: str, example: str) -> str:
    value = args.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > TEXT_LIMIT:
        raise TableError(f"{name}: the text of your {name}, such as {example!r}.")
    return value


class TablesArea:
    """The tables of a class, refereed in the service for the people the hub signs in."""

    LEARNER_OPS = ("open_tables", "open", "join", "seat", "start", "close", "leave", "sync", "advance", "beat", "move",
                   "answer", "touch", "hint", "record")
    TEACHER_OPS = ("list", "summary", "fill")
    ops = LEARNER_OPS + TEACHER_OPS  # what the service's web server routes here

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.keys: dict[tuple[str, int], str] = {}  # (code, seat) -> the seat's key, kept here only
        self.referees: OrderedDict[tuple[str, int], Table] = OrderedDict()
        self._lock = threading.Lock()
        self._seat_locks: dict[tuple[str, int], threading.Lock] = {}

    def call(self, person: Person, op: str, args: dict[str, Any]) -> Any:
        """Do ``op`` for ``person`` with ``args`` (JSON values); a refusal is ``Refused`` (what the person may not
        do) or a ``TableError``/``ValueError`` (a bad request), in words."""
        if not isinstance(person, Person):
            raise Refused("Sign in through the hub first.")
        if not isinstance(args, dict):
            raise TableError("A request to the tables is a mapping of names to values.")
        if op in self.TEACHER_OPS and not person.teacher:
            raise Refused(f"You are signed in as {person.name}: only a teacher sees every table or seats the class.")
        if op not in self.LEARNER_OPS + self.TEACHER_OPS:
            raise TableError(f"The tables have no request {str(op)[:30]!r}.")
        return getattr(self, f"_{op}")(person, args)

    # -- who sits where

    def _own_name(self, person: Person, args: dict[str, Any]) -> str:
        """The person's hub name; a request naming someone else is refused."""
        name = learner_name(person.name)
        given = args.get("name")
        if given is not None and (not isinstance(given, str) or " ".join(given.split()) != name):
            raise Refused(f"You are signed in as {name}: you sit at a table under your own name only.")
        return name

    def _seat_of(self, person: Person, code: str) -> int:
        """The seat ``person`` holds at table ``code`` (taken by their name); refused when they hold none."""
        meta = self.store.meta(code)
        name = learner_name(person.name)
        seats = [i for i, n in enumerate(meta["names"]) if n == name and meta["keys"][i] is not None]
        if not seats:
            raise Refused(f"You are signed in as {name} and have no seat at table {code}: join it first.")
        return seats[0]

    def _keep(self, table: Table) -> Table:
        """A referee just made by opening or joining: its key is kept here, never sent."""
        key = (table.code, table.seat)
        with self._lock:
            self.keys[key] = table.key  # type: ignore[assignment]
            self.referees[key] = table
            self.referees.move_to_end(key)
            while len(self.referees) > REFEREES_KEPT:
                self.referees.popitem(last=False)
        return table

    def _referee(self, person: Person, code: str) -> Table:
        """The referee of ``person``'s own seat at ``code``: kept, made again from the kept key, or (a key this
        service no longer holds) taken back by the person's name, as the hub's user."""
        seat = self._seat_of(person, code)
        key = (code, seat)
        with self._lock:
            table = self.referees.get(key)
            if table is not None:
                self.referees.move_to_end(key)
                return table
            kept = self.keys.get(key)
        if kept is not None:
            try:
                return self._keep(Table(self.store, code, kept))
            except TableError:
                pass  # the key is no longer the seat's: taken back by name below
        return self._keep(Table.join(self.store, code, learner_name(person.name), trusted=True))

    def _locked(self, table: Table) -> threading.Lock:
        with self._lock:
            return self._seat_locks.setdefault((table.code, table.seat), threading.Lock())  # type: ignore[arg-type]

    # -- the lobby

    def _open_tables(self, person: Person, args: dict[str, Any]) -> list[dict[str, Any]]:
        game = args.get("game")
        return [t for t in open_tables(self.store) if game is None or t["game"] == game]

    def _open(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        name = self._own_name(person, args)
        unknown = sorted(set(args) - {"game", "players", "options", "level", "name"})
        if "seed" in unknown:
            raise TableError("seed: the deal at a table is chosen by the class service, never by a player.")
        if unknown:
            raise TableError(f"{unknown[0][:30]}: a table is opened with its game, players, options and bot level.")
        table = Table.open(self.store, args.get("game"), args.get("players"), name, options=args.get("options"),
                           level=args.get("level", "strong"))
        return self._sat(self._keep(table))

    def _join(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        name = self._own_name(person, args)
        table = Table.join(self.store, table_code(args.get("code")), name, trusted=True)
        with self._lock:
            self.referees.pop((table.code, table.seat), None)  # a new key: the referee of the old one is gone
        return self._sat(self._keep(table))

    def _seat(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        code = table_code(args.get("code"))
        return self._sat(self._referee(person, code))

    def _sat(self, table: Table) -> dict[str, Any]:
        return {"code": table.code, "seat": table.seat, "game": table.game.slug}

    def _start(self, person: Person, args: dict[str, Any]) -> Any:
        return self._from_seat_or_teacher(person, args, Table.start)

    def _close(self, person: Person, args: dict[str, Any]) -> Any:
        return self._from_seat_or_teacher(person, args, Table.close)

    def _from_seat_or_teacher(self, person: Person, args: dict[str, Any], act: Any) -> None:
        """Start or close (``act``) a table: by a teacher who does not sit there, from no seat; else from the
        person's own seat (refused when they hold none)."""
        code = table_code(args.get("code"))
        if person.teacher and not self._sits(person, code):
            act(Table(self.store, code))
            return
        table = self._referee(person, code)
        with self._locked(table):
            act(table)

    def _leave(self, person: Person, args: dict[str, Any]) -> Any:
        """The person leaves: a table still open that they host is closed (nobody else could start it); a bot plays
        their seat once it has been away a while."""
        code = table_code(args.get("code"))
        table = self._referee(person, code)
        with self._locked(table):
            table.sync()
            if table.status == "open" and table.seat == table.meta.get("host"):
                table.close()
        with self._lock:
            self.referees.pop((table.code, table.seat), None)
        return None

    def _sits(self, person: Person, code: str) -> bool:
        try:
            self._seat_of(person, code)
        except Refused:
            return False
        return True

    # -- the game at the person's own seat

    def _sync(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        table = self._referee(person, table_code(args.get("code")))
        with self._locked(table):
            table.sync()
            return self._news(table, args)

    def _advance(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        table = self._referee(person, table_code(args.get("code")))
        with self._locked(table):
            table.advance()
            return self._news(table, args)

    def _beat(self, person: Person, args: dict[str, Any]) -> Any:
        table = self._referee(person, table_code(args.get("code")))
        table.beat()
        return None

    def _move(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        table = self._referee(person, table_code(args.get("code")))
        text = _text(args, "move", "play 7H")
        with self._locked(table):
            return self._refused_or_done(lambda: table.move(text))

    def _answer(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        table = self._referee(person, table_code(args.get("code")))
        key = _text(args, "answer", "yes")
        with self._locked(table):
            return self._refused_or_done(lambda: table.answer(key))

    def _touch(self, person: Person, args: dict[str, Any]) -> Any:
        table = self._referee(person, table_code(args.get("code")))
        with self._locked(table):
            return table.touch()

    @staticmethod
    def _refused_or_done(act: Any) -> dict[str, Any]:
        """A move or an answer: done, refused by the rules (with the rule, for the page to show), or beaten to the
        table by another move; any other refusal is raised in words."""
        try:
            act()
        except TableBusy as exc:
            return {"busy": str(exc)}
        except IllegalMove as exc:
            return {"illegal": {"rule": exc.rule, "reason": exc.reason}}
        except TableError:
            raise
        except ValueError as exc:  # a move's text the game cannot read
            return {"illegal": {"rule": "", "reason": str(exc)}}
        return {"done": True}

    def _hint(self, person: Person, args: dict[str, Any]) -> str:
        """The strong bot's advice for the person's own seat (its move, and any move out of turn open to it)."""
        table = self._referee(person, table_code(args.get("code")))
        with self._locked(table):
            table.sync()
            if table.state is None or table.status != "playing" or table.state.is_over:
                raise TableError("A hint is for a game in play.")
            if table.pending is not None or table.race is not None:
                raise TableError("A hint waits until the question or the race is settled.")
            return pack(table.driver.advice(table.seat))  # type: ignore[union-attr]

    def _record(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        """The finished game's record (its seed and every move) and the bots' reasons: only once it is over."""
        code = table_code(args.get("code"))
        if person.teacher and not self._sits(person, code):
            table = Table(self.store, code)
        else:
            table = self._referee(person, code)
        with self._locked(table):
            table.sync()
            if table.state is None or not table.state.is_over:
                raise Refused("The game's record is read once the game is over.")
            reasons = {str(i): list(r) for i, r in table.reasons.items()}
            return {"record": table.record.to_json(), "reasons": reasons}

    # -- for a teacher: every table's progress, no hand

    def _list(self, person: Person, args: dict[str, Any]) -> list[dict[str, Any]]:
        return class_tables(self.store)

    def _summary(self, person: Person, args: dict[str, Any]) -> dict[str, Any]:
        return Table(self.store, table_code(args.get("code"))).summary()

    def _fill(self, person: Person, args: dict[str, Any]) -> list[str]:
        """Seat the class at tables of ``size`` of ``game``, ``learners`` in order (the teacher's page); their
        codes."""
        return fill_tables(self.store, args.get("game"), args.get("learners"), args.get("size"))

    # -- what a seat is sent

    @staticmethod
    def _asked_move(table: Table) -> Any:
        """The move put as a question, for the seat asked to read its answer against (a move naming a card this
        seat cannot see is not sent)."""
        if table.pending is None:
            return None
        move = table.pending_move()
        shown = visible_cards(table.view())
        return move if table.pending[0] == table.seat or all(c in shown for c in cards_in(move)) else None

    def _news(self, table: Table, args: dict[str, Any]) -> dict[str, Any]:
        """What is new at the table for its seat since what the page holds (``version`` of the log and ``tag`` of the
        card; ``lines`` and ``steps``: how many of each it has)."""
        meta = public_meta(table.meta)
        tag = _tag(meta, table.away)
        if args.get("version") == table.version and args.get("tag") == tag:
            return {"same": True, "version": table.version}
        out: dict[str, Any] = {
            "same": False, "code": table.code, "seat": table.seat, "version": table.version, "tag": tag,
            "meta": meta, "away": sorted(table.away), "race": table.race is not None, "asked": None,
            "question": None, "queued": table.queued.get(table.seat), "pending": None, "seen": None, "lines": 0,
            "steps": 0, "record": None}  # type: ignore[arg-type]
        driver = table.driver
        if driver is None:
            return out
        seat, game = table.seat, table.game
        lines, steps = min(_count(args, "lines"), len(driver.lines)), min(_count(args, "steps"), len(driver.steps))
        views: dict[int, Any] = {}

        def light(state: Any, action: Any = None) -> Any:
            """A position a step passed through (with the step's move, when this seat may be told it)."""
            if action is not None:
                return seen(state, seat, game, full=False, also=(action,))
            if id(state) not in views:
                views[id(state)] = seen(state, seat, game, full=False)
            return views[id(state)]

        steps_told = []
        for step in driver.steps[steps:]:
            action = step.action if public_move(step.before, step.after, step.action, step.mover, seat) else None
            before = light(step.before, action)
            if action is not None and step.mover != seat:  # the cards it uses that this seat may see, only
                shown = told(step.before, step.after, seat)
                words = before["moves"][str(action)]
                before["moves"][str(action)] = (*words[:3], tuple(c for c in words[3] if shown(c)))
            steps_told.append((step.number, before, light(step.after), step.mover, action))
        # A bot's reason speaks of its hand: the reasons are sent once the game is over.
        reasons = dict(driver.reasons) if table.state.is_over else {}
        early = table.early_state()
        queued = table.queued.get(seat)
        also = [game.parse_action(table.state, queued)] if queued else []  # worded for "You have chosen: ..."
        payload: dict[str, Any] = {
            "lines": driver.lines[lines:], "steps": steps_told, "reasons": reasons,
            "state": seen(table.state, seat, game, also=also, attrs=race_reads(game, table.state)),
            "early": None if early is None else seen(early, seat, game),
            "answers": table.answers() if table.asked == seat else None,
            "pending_move": self._asked_move(table)}
        question = table.question()
        out.update(lines=lines, steps=steps, asked=table.asked, seen=pack(payload),
                   question=None if question is None else list(question),
                   pending=None if table.pending is None else [table.pending[0], table.pending[1]])
        if table.state.is_over:
            out["record"] = table.record.to_json()
        return out

