"""The referee of a table of classmates: one seat's hold on a table, every move checked by the game's engine on the
server, and of the game only what that seat may see.

A ``Table`` is made in a learner's kernel (on the server, never in the page) from the store and the seat's key.
The key is made when the learner opens or joins the table and only its digest is kept in the store, so a page
can act for one seat only: the one whose key its kernel holds.  Nothing of any game is named here; the game's
engine (``tutor.engine``) decides everything through its contract:

- **A move** (``move``) is the seat's own: the seat to move (``current_player``), a move out of turn the game
  offers that seat (``offers``), or, in a round everyone decides at once (several seats in ``current_players``,
  such as Pig's pass), a decision made before the seat's turn comes round: it is checked on the state where that
  seat decides (the others' decisions in the round are hidden from it and do not change what it may do), kept
  unseen, and applied when its turn comes.  Every move is appended to the table's log at the version the seat
  saw (``TableStore.append``): two moves made at the same moment give one move and one clear refusal.
- **The state** is the game's start (its seed, names and options are on the table's card) with the log's moves
  applied in order: every seat's kernel, and a server that restarts, replays the same log to the same state.
- **Bots** play the seats nobody took when the host started, and a learner's seat whose page has given no sign of
  life for ``away_ms`` (everyone is told; the learner is told when they are back).  Any page at the table may make
  the bots' moves (``advance``, on every tick of its clock); the log's version lets one of them through.  A bot
  waits ``BOT_STEP_MS`` after the last move, so everyone sees each move, and while a learner has a move out of
  turn open, ``OFFER_WAIT_MS``.
- **A race** (``Game.inputs.race``, Pig's touch your nose) is decided by the store's clock: a learner's touch is
  kept with the store's time (``touch``), and each tick of the race clock is settled once its time is past, in
  one append: every learner who had touched by then touches in that tick, except that of several learners in one
  tick only the first (by the store's clock) touches there and the others in the next tick, so the order of
  their touches is the order the server saw.  Bots race as they do against one learner.
- **A question to a learner** (``Game.inputs.reply``, Gwra Pyskessa's ask) waits for that learner's answer: the
  move is kept as asked (``pending``), the learner asked answers (``answer``), an answer their hand does not allow
  is refused with its rule, and the true one carries the move out.  A bot asked answers at once (the move is
  carried out as it is made); an away learner's answer is given for them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Any

from tutor.bots import LEVELS
from tutor.checks import IllegalMove, check_seed
from tutor.driver import Driver
from tutor.games import get_game
from tutor.inputs import OFFER_WAIT_MS
from tutor.progress.fields import learner_name
from tutor.tables.store import TableError, TableStore, table_code

BOT_STEP_MS = 900  # a bot moves this long after the last move at a table of people, so that everyone sees each
ROUND_STEP_MS = 150  # a bot's hidden decision in a round everyone decides at once (nothing to see)
AWAY_MS = 30_000  # a learner's page silent this long: a bot plays their seat until they are back
BEAT_MS = 2_000  # a page's sign of life is kept at most this often
STATUSES = ("open", "playing", "over", "closed")


class TableBusy(TableError):
    """Someone else's move reached the table first: nothing of this move was kept."""


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _seat_key(key: Any) -> str:
    if not isinstance(key, str) or not 8 <= len(key) <= 100:
        raise TableError("seat key: that is not a key to a seat at this table.")
    return key


class Table:
    """A seat at a table (``key``), or a look at it from no seat (the teacher's page: no hand is ever shown).

    ``state`` is the whole game and stays in the kernel; what a page is sent comes from ``view()`` (the seat's
    view), ``lines`` (the narration) and ``summary()``.
    """

    def __init__(self, store: TableStore, code: Any, key: str | None = None) -> None:
        self.store = store
        self.code = table_code(code)
        self.meta = store.meta(self.code)
        self.game = get_game(self.meta["game"])
        self.seat: int | None = None
        self.key = key
        if key is not None:
            wanted = _digest(_seat_key(key))
            seats = [i for i, k in enumerate(self.meta["keys"]) if k is not None and hmac.compare_digest(k, wanted)]
            if not seats:
                raise TableError(f"seat key: that is not a key to a seat at table {self.code}.")
            self.seat = seats[0]
        self.version = 0
        # The game, played through the driver as every table is: its state, record, steps (each move applied
        # once), narration (by the log's entry number, notes included) and the bots' reasons.
        self.driver: Driver | None = None
        self.queued: dict[int, str] = {}  # decisions made ahead in a round everyone decides at once
        self.race: tuple[int, int] | None = None  # (the entry that began the race, its time)
        self.pending: tuple[int, str, str | None] | None = None  # a question awaiting its answer: (asker, move, why)
        self.away: set[int] = set()
        self.last_at = 0
        self._beaten = float("-inf")
        self.sync()

    @property
    def state(self) -> Any:
        """The whole game (``None`` until it starts); it stays in the kernel."""
        return None if self.driver is None else self.driver.state

    @property
    def record(self) -> Any:
        """The game's Record: its set-up and the moves in the order they were applied."""
        return None if self.driver is None else self.driver.record

    @property
    def lines(self) -> list[tuple[int, Any]]:
        """The narration: (entry number, Event), a note (someone away or back) as an Event citing no rule."""
        return [] if self.driver is None else self.driver.lines

    @property
    def reasons(self) -> dict[int, tuple[str, str]]:
        """A bot's move's number in the record -> (the move in words, why)."""
        return {} if self.driver is None else self.driver.reasons

    # -- opening, joining, starting, closing

    @classmethod
    def open(cls, store: TableStore, game: str, players: Any, name: Any = None, *, options: dict | None = None,
             level: str = "strong", seed: Any = None, away_ms: Any = AWAY_MS,
             seats: list[Any] | None = None) -> "Table":
        """A new table of ``game`` for ``players``, with ``options`` and bots of ``level`` for empty seats.

        ``name`` (a learner) takes seat 0 and hosts it: the returned table holds their key (``.key``).  Without a
        name the table is opened for a class (the teacher's page): ``seats`` names who sits where (``None``: open to
        anyone), and the returned table is a look from no seat.  Every argument is checked before anything is kept.
        """
        try:
            rules = get_game(game)
        except (KeyError, TypeError):
            raise TableError(f"game: no game {str(game)[:30]!r}; one of the games' names, such as 'burn'.") from None
        if not isinstance(players, int) or isinstance(players, bool):
            raise TableError(f"players: a whole number of players for {rules.title}, from {rules.min_players} to "
                             f"{rules.max_players}.")
        if options is not None and not isinstance(options, dict):
            raise TableError("options: a mapping of option names to values, such as {'short': True}.")
        options = dict(options or {})
        if level not in LEVELS:
            raise TableError(f"bot level: one of {', '.join(LEVELS)}, not {level!r}.")
        if seed is None:
            seed = secrets.randbelow(10_000)
        check_seed(seed)
        if not isinstance(away_ms, int) or isinstance(away_ms, bool) or not 1_000 <= away_ms <= 3_600_000:
            raise TableError("away time: a whole number of milliseconds from 1000 (a second) to 3600000 (an hour).")
        rules.start(players=players, seed=seed, **options)  # the players and options, checked by the game
        names: list[str | None] = [None] * players
        if seats is not None:
            if name is not None:
                raise TableError("seats: a learner opening a table sits at seat 1; only a class table lists seats.")
            if not isinstance(seats, list) or len(seats) != players:
                raise TableError(f"seats: a list of {players} names (None for a seat open to anyone).")
            names = [None if s is None else learner_name(s) for s in seats]
            taken = [s for s in names if s is not None]
            if len(set(taken)) != len(taken):
                raise TableError("seats: each learner sits at one seat only; a name is listed twice.")
        key = None
        keys: list[str | None] = [None] * players
        if name is not None:
            names[0] = learner_name(name)
            key = secrets.token_urlsafe(18)
            keys[0] = _digest(key)
        meta = {"game": rules.slug, "players": players, "options": options, "level": level, "seed": seed,
                "names": names, "keys": keys, "bots": [], "status": "open", "away_ms": away_ms,
                "host": 0 if name is not None else None, "started": None,
                "reserved": [i for i, n in enumerate(names) if n is not None and name is None]}
        code = store.create(meta)
        if key is not None:
            store.beat(code, 0)
        return cls(store, code, key)

    @classmethod
    def join(cls, store: TableStore, code: Any, name: Any, *, key: str | None = None,
             trusted: bool = False) -> "Table":
        """``name`` sits at table ``code``: their seat again with its ``key`` (after a reload), the seat a class
        table keeps for them, or the first empty seat while the table is open.  ``trusted``: the name is the hub's
        user, so a learner who lost their key gets their seat back by name (with a new key)."""
        code = table_code(code)
        name = learner_name(name)
        made: dict[str, str] = {}

        def sit(meta: dict[str, Any]) -> dict[str, Any]:
            names, keys = list(meta["names"]), list(meta["keys"])
            if meta["status"] == "closed":
                raise TableError(f"Table {code} has been closed.")
            if key is not None:
                wanted = _digest(_seat_key(key))
                if not any(k is not None and hmac.compare_digest(k, wanted) for k in keys):
                    raise TableError(f"seat key: that is not a key to a seat at table {code}.")
                made["key"] = key
                return meta
            new = secrets.token_urlsafe(18)
            if name in names:
                seat = names.index(name)
                if keys[seat] is not None and not trusted:
                    raise TableError(f"{name} already sits at table {code}. If that is you, go back to the page you "
                                     "joined from; if not, join under another name.")
                if seat in meta["bots"] and seat not in meta.get("reserved", ()):
                    raise TableError(f"At table {code}, {name} is a bot: join under your own name.")
                if seat in meta["bots"]:
                    made["late"] = f"{name} has come: they take their seat from the bot."
            else:
                if meta["status"] != "open":
                    raise TableError(f"The game at table {code} has started: ask for another table, or open one.")
                free = [i for i, n in enumerate(names) if n is None]
                if not free:
                    raise TableError(f"Table {code} is full: all {meta['players']} seats are taken.")
                seat = free[0]
                names[seat] = name
            keys[seat] = _digest(new)
            made["key"] = new
            return {**meta, "names": names, "keys": keys, "bots": [b for b in meta["bots"] if b != seat]}

        store.change_meta(code, sit)
        table = cls(store, code, made["key"])
        for _ in range(20):  # a learner who comes late to a class table: everyone is told (another move may come first)
            if "late" not in made or store.append(code, table.version, [{"note": made["late"]}]):
                break
            table.sync()
        table.sync()
        store.beat(code, table.seat)
        return table

    def start(self) -> None:
        """The host (or the class's teacher, from no seat) starts the game: seats nobody took are played by bots."""
        if self.seat is not None and self.seat != self.meta.get("host"):
            raise TableError("Only the learner who opened the table starts the game.")
        now = self.store.now_ms()

        def begin(meta: dict[str, Any]) -> dict[str, Any]:
            if meta["status"] != "open":
                raise TableError(f"The game at table {self.code} has already started.")
            names = list(meta["names"])
            bots = [i for i, k in enumerate(meta["keys"]) if k is None]
            spare = [n for n in self.game.default_names if n not in names]
            for i in bots:
                names[i] = names[i] or spare.pop(0)
            return {**meta, "names": names, "bots": bots, "status": "playing", "started": now}

        self.meta = self.store.change_meta(self.code, begin)
        self.sync()

    def close(self) -> None:
        """The host or the teacher closes the table: no more moves; its log stays."""
        if self.seat is not None and self.seat != self.meta.get("host"):
            raise TableError("Only the learner who opened the table, or the teacher, closes it.")
        self.meta = self.store.change_meta(self.code, lambda meta: {**meta, "status": "closed"})

    # -- the state, from the log

    def sync(self) -> bool:
        """Read what is new at the table (its card and the log's new entries); True if anything was."""
        meta = self.store.meta(self.code)
        changed = meta != self.meta
        self.meta = meta
        if meta["status"] == "open" or meta["started"] is None:
            return changed
        if self.driver is None:
            self.driver = Driver.deal(self.game, players=meta["players"], seed=meta["seed"], names=meta["names"],
                                      options=meta["options"])
            self.last_at = meta["started"]
        self.driver.set_bots(self._bot_levels())
        new = self.store.entries(self.code, self.version)
        for entry in new:
            self._fold(entry)
        return changed or bool(new)

    def _fold(self, entry: dict[str, Any]) -> None:
        number = self.version
        self.version += 1
        self.last_at = entry.get("at", self.last_at)
        if "note" in entry:
            self.driver.note(number, entry["note"])
            if "away" in entry:
                self.away.add(entry["away"])
            if "back" in entry:
                self.away.discard(entry["back"])
            self.driver.set_bots(self._bot_levels())
            return
        if entry.get("kind") == "early":
            self.queued[entry["seat"]] = entry["move"]
        elif entry.get("kind") == "ask":
            self.pending = (entry["seat"], entry["move"], entry.get("why"))
            return
        elif entry.get("kind") == "answer":
            if self.pending is None:  # nothing was asked: an answer to nothing changes nothing
                return
            _asker, text, why = self.pending
            self.pending = None
            self._play(number, text, why)
        else:
            self._play(number, entry["move"], entry.get("why"))
        while self.state.current_player in self.queued and not self.state.is_over:
            self._play(number, self.queued.pop(self.state.current_player), None)

    def _play(self, number: int, text: str, why: str | None) -> None:
        self.driver.apply(self.game.parse_action(self.state, text), why, number=number)
        race = self.game.inputs.race
        clock = None if race is None or self.state.is_over else race.clock(self.state)
        if clock is None:
            self.race = None
        elif self.race is None:
            self.race = (number, self.last_at)
        # A decision made ahead belongs to its round: one cut short (a race begins, the game ends, the seat is no
        # longer among those deciding) drops it, in every kernel alike, since each replays the same log.
        if self.queued:
            self.queued = {} if self.race is not None or self.state.is_over else {
                s: m for s, m in self.queued.items() if s in self.state.current_players}

    # -- what a seat may see and do

    @property
    def status(self) -> str:
        """open, playing, over or closed."""
        return self.meta["status"]

    @property
    def names(self) -> list[str | None]:
        return list(self.meta["names"])

    def is_bot(self, seat: int) -> bool:
        """True for a seat a bot plays (nobody took it, or its learner is away)."""
        return seat in self.meta["bots"] or seat in self.away

    def view(self) -> Any:
        """The table as this seat sees it (its own hand only); a look from no seat sees no hand at all."""
        if self.state is None:
            return None
        if self.seat is None:
            raise TableError("A look from no seat sees the table's progress, not its cards (summary()).")
        return self.state.view(self.seat)

    def _need_seat_in_play(self) -> None:
        if self.seat is None:
            raise TableError("You are watching this table: only the players at it make moves.")
        self.sync()
        if self.status == "open":
            raise TableError("The game has not started yet: the learner who opened the table starts it.")
        if self.status == "closed":
            raise TableError(f"Table {self.code} has been closed.")
        if self.state.is_over:
            raise TableError("The game at this table is over.")

    def move(self, action: Any) -> None:
        """Make this seat's move (an action or its text); an IllegalMove (the rule broken), a TableError (not this
        seat's move) or TableBusy (another move came first) changes nothing."""
        self._need_seat_in_play()
        state, seat = self.state, self.seat
        if self.race is not None:
            raise TableError("The race is on: press the race button (touch()); the table settles the race.")
        if self.pending is not None:
            raise TableError(f"{self._asked_name()} is answering a question first.")
        if isinstance(action, str):
            action = self.game.parse_action(state, action)
        offered = seat != state.current_player and str(action) in {str(a) for a in state.offers(seat)}
        if seat in self.queued and not offered:
            raise TableError("You have already chosen; wait for the others.")
        if offered:
            kind = "offer"
        elif seat == state.current_player:
            kind = "move"
        elif seat in state.current_players and not state.offers(seat):
            kind = "early"
        else:
            mover = state.current_player
            raise TableError(f"It is {state.view(seat).seats[mover].name}'s turn, not yours.")
        if kind == "early":
            self._check_early(action)
        else:
            state.apply(action)  # an illegal move raises here, before anything is kept
            if self._asks_learner(action):
                kind = "ask"
        self._append([{"seat": seat, "move": str(action), "kind": kind, "by": "learner"}])

    def _asks_learner(self, action: Any) -> bool:
        """True for a move that puts a question to another learner's seat (who answers it before it is carried out)."""
        reply = self.game.inputs.reply
        asked = reply.asked(self.state, action) if reply is not None else None
        return asked is not None and asked != self.state.current_player and not self.is_bot(asked)

    @property
    def asked(self) -> int | None:
        """The seat whose answer the table waits for, if any."""
        if self.pending is None:
            return None
        return self.game.inputs.reply.asked(self.state, self._pending_move())

    def _pending_move(self) -> Any:
        return self.game.parse_action(self.state, self.pending[1])  # type: ignore[index]

    def _asked_name(self) -> str:
        return self.meta["names"][self.asked] or "The player asked"

    def question(self) -> tuple[int, str, str] | None:
        """The question awaiting its answer: (who asked, what was said, its English); None if there is none."""
        if self.pending is None:
            return None
        said, gloss = self.game.inputs.reply.question(self.state, self._pending_move())
        return self.pending[0], said, gloss

    def answers(self) -> tuple[Any, ...]:
        """The answers this seat may give to the question put to it (each an ``Answer``; one is true)."""
        if self.seat is None or self.asked != self.seat:
            raise TableError("Nobody has asked you anything.")
        return self.game.inputs.reply.answers(self.state, self._pending_move())

    def true_answer(self, seat: int | None = None) -> str:
        """The key of the answer the hand of the seat asked gives (for an away seat's answer, and for tests)."""
        if self.pending is None or self.asked != (self.seat if seat is None else seat):
            raise TableError("Nobody has asked you anything.")
        return next(a.key for a in self.game.inputs.reply.answers(self.state, self._pending_move()) if not a.rule)

    def answer(self, key: Any) -> None:
        """Answer the question put to this seat: the true answer carries the asker's move out; an answer the hand
        does not allow is refused with its rule (an IllegalMove), and nothing changes."""
        self._need_seat_in_play()
        chosen = next((a for a in self.answers() if a.key == key), None)
        if chosen is None:
            raise TableError(f"answer: {str(key)[:20]!r} is not an answer on offer.")
        if chosen.rule:
            raise IllegalMove(chosen.rule, chosen.reason)
        self._append([{"seat": self.seat, "kind": "answer", "answer": chosen.key, "by": "learner"}])

    def _decides_at(self) -> Any:
        """The state where this seat makes its decision in a round everyone decides at once: the others' decisions
        before it taken as queued, or as their first legal move (hidden from this seat, they do not change what
        it may do); a TableError when the decision is not yet this seat's to make."""
        probe = self.state
        while probe.current_player != self.seat:
            mover = probe.current_player
            text = self.queued.get(mover)
            probe = probe.apply(self.game.parse_action(probe, text) if text else probe.legal_actions()[0])
            if probe.is_over or self.seat not in probe.current_players:
                raise TableError("That choice can wait: it is not yet yours to make.")
        return probe

    def _check_early(self, action: Any) -> None:
        """A decision made before this seat's turn in a round everyone decides at once, checked where it counts."""
        self._decides_at().apply(action)

    def early_state(self) -> Any | None:
        """Where this seat may decide now, ahead of its turn, in a round everyone decides at once (None when it
        may not: its turn, no such round, a decision already made, a race or a question waiting)."""
        state = self.state
        if (self.seat is None or state is None or state.is_over or self.race is not None or self.pending is not None
                or self.seat == state.current_player or self.seat not in state.current_players
                or self.seat in self.queued or state.offers(self.seat)):
            return None
        try:
            return self._decides_at()
        except TableError:
            return None

    def _append(self, entries: list[dict[str, Any]]) -> None:
        if not self._try_append(entries):
            raise TableBusy("Someone moved at the same moment and the table has moved on: look again, then make "
                            "your move.")

    def _mark_over(self) -> None:
        """Once the game is over, the table's card says so (for the list of tables and the teacher's page)."""
        if self.state is not None and self.state.is_over and self.meta["status"] == "playing":
            self.meta = self.store.change_meta(
                self.code, lambda meta: {**meta, "status": "over" if meta["status"] == "playing" else meta["status"]})

    def touch(self) -> int:
        """Press the race button: this seat's first touch in the race is kept with the store's time."""
        self._need_seat_in_play()
        if self.race is None:
            raise TableError("There is no race on.")
        return self.store.touch(self.code, self.race[0], self.seat)

    def beat(self) -> None:
        """This seat's page is here (its clock calls this, several times a second); kept at most every
        ``BEAT_MS`` (or a quarter of the away time, if shorter), so the store is written to a few times a minute."""
        if self.seat is None:
            return
        now = time.monotonic()
        if now - self._beaten < min(BEAT_MS, self.meta["away_ms"] / 4) / 1000:
            return
        self._beaten = now
        self.store.beat(self.code, self.seat)

    def hint(self) -> tuple[Any, str]:
        """The strong bot's move for this seat, and why (for this seat only, when it is its move)."""
        self._need_seat_in_play()
        if self.pending is not None:
            raise TableError(f"{self._asked_name()} is answering a question first.")
        if self.state.current_player != self.seat:
            raise TableError("A hint is for your own move; it is not your turn.")
        return self.driver.bot_decides(self.seat, "strong")

    # -- the bots, the away seats and the race: any page at the table calls this on its clock

    def advance(self) -> int:
        """Make the table's next due move that no learner makes (a bot's, an away seat's, a race tick's, a note
        that someone is away or back); returns how many entries were added (0: nothing was due, or another page
        added them first)."""
        self.sync()
        if self.status != "playing" or self.state is None:
            return 0
        if self.state.is_over:
            self._mark_over()
            return 0
        now = self.store.now_ms()
        note = self._away_notes(now)
        if note:
            return self._try_append([note])
        if self.race is not None:
            return self._settle_tick(now)
        if self.pending is not None:  # a question to a learner: answered for them only once they are away
            asked = self.asked
            if self.is_bot(asked) and now - self.last_at >= BOT_STEP_MS:
                answer = self.true_answer(asked)
                return self._try_append([{"seat": asked, "kind": "answer", "answer": answer, "by": "away"}])
            return 0
        state = self.state
        for seat in state.current_players:
            if self.is_bot(seat) and state.offers(seat):
                decided = self._bot_offer(seat)
                if decided:
                    return self._try_append([decided])
        mover = state.current_player
        if mover is None or not self.is_bot(mover):
            return 0
        step = ROUND_STEP_MS if len(state.current_players) > 1 and not any(
            state.offers(s) for s in state.current_players) else BOT_STEP_MS
        if now - self.last_at < step:
            return 0
        if any(state.offers(s) for s in state.current_players if not self.is_bot(s)) and \
                now - self.last_at < OFFER_WAIT_MS:
            return 0
        action, why = self.driver.bot_decides(mover)
        by = "away" if mover in self.away else "bot"
        kind = "ask" if self._asks_learner(action) else "move"
        return self._try_append([{"seat": mover, "move": str(action), "kind": kind, "by": by, "why": why}])

    def _bot_levels(self) -> dict[int, str]:
        """The seats bots play now, and their level: the strong bot for a learner away."""
        return {seat: "strong" if seat in self.away else self.meta["level"]
                for seat in range(self.meta["players"]) if self.is_bot(seat)}

    def _bot_offer(self, seat: int) -> dict[str, Any] | None:
        decided = self.driver.bot_offer(seat)
        if decided is None:
            return None
        action, why = decided
        return {"seat": seat, "move": str(action), "kind": "offer", "by": "bot", "why": why}

    def _away_notes(self, now: int) -> dict[str, Any] | None:
        beats = self.store.beats(self.code)
        limit = self.meta["away_ms"]
        for seat, name in enumerate(self.meta["names"]):
            if seat in self.meta["bots"]:
                continue
            last = max(beats.get(seat, 0), self.meta["started"] or 0)
            if seat not in self.away and now - last > limit:
                return {"note": f"{name} is away: a bot plays for them until they are back.", "away": seat}
            if seat in self.away and now - beats.get(seat, 0) <= limit:
                return {"note": f"{name} is back.", "back": seat}
        return None

    def _settle_tick(self, now: int) -> int:
        race = self.game.inputs.race
        state = self.state
        began, t0 = self.race  # type: ignore[misc]
        tick_ms = race.tick_ms(state)
        tick = race.clock(state) // tick_ms
        end = t0 + (tick + 1) * tick_ms
        if now < end:
            return 0
        touches = self.store.touches(self.code, began)
        looking = [s for s in state.current_players if not self.is_bot(s)]
        touched = sorted((at, s) for s, at in touches.items() if s in looking and at < end)
        first = touched[0][1] if touched else None

        moves = self.driver.race_moves(lambda probe, seat: race.press(probe) if seat == first else race.idle(probe))
        entries = [{"seat": seat, "move": str(action), "kind": "move", "by": "learner"} if why is None else
                   {"seat": seat, "move": str(action), "kind": "move", "by": "bot", "why": why}
                   for seat, action, why in moves]
        return self._try_append(entries)

    def _try_append(self, entries: list[dict[str, Any]]) -> int:
        kept = self.store.append(self.code, self.version, entries)
        self.sync()
        self._mark_over()
        return len(entries) if kept else 0

    # -- for everyone: the teacher's page and the list of open tables

    def summary(self) -> dict[str, Any]:
        """The table's progress without a card: its code, game, seats (who is a bot), state, moves so far, whose
        turn, and the scores once over."""
        meta = self.meta
        out: dict[str, Any] = {
            "code": self.code, "game": self.game.slug, "title": self.game.title, "players": meta["players"],
            "names": list(meta["names"]), "bots": sorted(set(meta["bots"]) | self.away), "status": meta["status"],
            "moves": self.version, "turn": None, "scores": None, "winners": None}
        if self.state is not None:
            if self.state.is_over:
                result = self.state.result()
                out["scores"] = list(result.scores)
                out["winners"] = sorted(result.winners)
            else:
                out["turn"] = meta["names"][self.state.current_player]
        return out


def open_tables(store: TableStore) -> list[dict[str, Any]]:
    """The tables learners may join now: code, game, players, who sits there, in the order they were opened."""
    listing = []
    for code in store.codes():
        meta = store.meta(code)
        if meta["status"] == "open":
            listing.append({"code": code, "game": meta["game"], "title": get_game(meta["game"]).title,
                            "players": meta["players"], "names": list(meta["names"]),
                            "free": sum(k is None for k in meta["keys"])})
    return listing


def class_tables(store: TableStore) -> list[dict[str, Any]]:
    """Every table's progress (``Table.summary``), for the teacher's page: no card of any hand."""
    return [Table(store, code).summary() for code in store.codes()]


def fill_tables(store: TableStore, game: str, learners: list[Any], size: int, **settings: Any) -> list[str]:
    """Open class tables of ``size`` for ``learners`` in the order given (the last table may have bots for the
    seats left); returns their codes."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise TableError("table size: a whole number of players.")
    if not isinstance(learners, (list, tuple)):
        raise TableError("learners: a list of the learners' names.")
    names = [learner_name(n) for n in learners]
    if not names:
        raise TableError("learners: name at least one learner.")
    codes = []
    for i in range(0, len(names), size):
        seats: list[Any] = names[i:i + size]
        seats += [None] * (size - len(seats))
        codes.append(Table.open(store, game, size, seats=seats, **settings).code)
    return codes
