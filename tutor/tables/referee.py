"""The referee of a table of classmates: one seat's hold on a table, every move checked by the game's engine on the
server, and of the game only what that seat may see.

A ``Table`` is made in a learner's kernel (on the server, never in the page) from the store and the seat's key
(``tutor.tables.seating`` opens, joins and starts tables and keeps only the digests of the seats' keys, so a page
can act for one seat only: the one whose key its kernel holds).  The game is played through the driver
(``tutor.driver``), as every table is; the referee adds only what a shared table needs: the store, the seats' keys
and the log.  Nothing of any game is named here; the game's engine decides everything through its contract:

- **A move** (``move``) is the seat's own: the seat to move (``current_player``), a move out of turn the game
  offers that seat (``offers``), or a decision made ahead in a round everyone decides at once
  (``tutor.tables.rounds``).  Every move is appended to the table's log at the version the seat saw
  (``TableStore.append``): two moves made at the same moment give one move and one clear refusal.
- **The state** is the game's start (its seed, names and options are on the table's card) with the log's moves
  applied in order: every seat's kernel, and a server that restarts, replays the same log to the same state.
- **Bots** play the seats nobody took when the host started, and a learner's seat whose page has given no sign of
  life for ``away_ms`` (everyone is told; the learner is told when they are back).  Any page at the table may make
  the bots' moves (``advance``, on every tick of its clock); the log's version lets one of them through.  A bot
  waits ``BOT_STEP_MS`` after the last move, so everyone sees each move, and while a learner has a move out of
  turn open, ``OFFER_WAIT_MS``.
- **A race** (``Game.inputs.race``, Pig's touch your nose) is decided by the store's clock
  (``tutor.tables.rounds``); **a question to a learner** (``Game.inputs.reply``, Gwra Pyskessa's ask) waits for
  that learner's answer (``tutor.tables.questions``).
- **Damage**: each entry read from the log is checked as it is folded, and each appended is checked first; a damaged
  entry or card closes the table in words, keeping the game up to the entry before it (``tutor.tables.damage``).
"""

from __future__ import annotations

import copy
import time
from typing import Any

from tutor.driver import Driver
from tutor.games import get_game
from tutor.inputs import OFFER_WAIT_MS
from tutor.progress.fields import learner_name
from tutor.tables import questions, rounds
from tutor.tables.damage import Damaged, checked_entry, checked_move, closed_for, entry_shape, read_card, record_damaged
from tutor.tables.seating import (AWAY_MS, STATUSES, begin, fill_tables, open_card, open_tables, seat_of, summary_of,
                                  table_codes, take_seat)
from tutor.tables.shown import GameShown
from tutor.tables.store import TableError, TableStore, table_code

__all__ = ["AWAY_MS", "BEAT_MS", "BOT_STEP_MS", "OFFER_WAIT_MS", "ROUND_STEP_MS", "STATUSES", "Table", "TableBusy",
           "class_tables", "fill_tables", "open_tables"]

BOT_STEP_MS = 900  # a bot moves this long after the last move at a table of people, so that everyone sees each
ROUND_STEP_MS = 150  # a bot's hidden decision in a round everyone decides at once (nothing to see)
BEAT_MS = 2_000  # a page's sign of life is kept at most this often


class TableBusy(TableError):
    """Someone else's move reached the table first: nothing of this move was kept."""


class Table(GameShown):
    """A seat at a table (``key``), or a look at it from no seat (the teacher's page: no hand is ever shown).

    ``state`` is the whole game and stays in the kernel; what a page is sent comes from ``view()`` (the seat's
    view), ``lines`` (the narration) and ``summary()``.
    """

    def __init__(self, store: TableStore, code: Any, key: str | None = None) -> None:
        self.store = store
        self.code = table_code(code)
        self.damage: str | None = None  # the sentence naming the damage that closed the table (its card's)
        self.stopped: int | None = None  # the log's damaged entry, where this kernel stopped reading it
        self.meta = self._card(store.meta(self.code))
        self.game = get_game(self.meta["game"]) if self.meta["game"] is not None else None
        self.seat: int | None = None
        self.key = key
        if key is not None and self.meta["players"]:  # a card too damaged to read has no seat to take
            self.seat = seat_of(self.meta, key, self.code)
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
        code, key = open_card(store, game, players, name, options=options, level=level, seed=seed, away_ms=away_ms,
                              seats=seats)
        return cls(store, code, key)

    @classmethod
    def join(cls, store: TableStore, code: Any, name: Any, *, key: str | None = None,
             trusted: bool = False) -> "Table":
        """``name`` sits at table ``code``: their seat again with its ``key`` (after a reload), the seat a class
        table keeps for them, or the first empty seat while the table is open.  ``trusted``: the name is the hub's
        user, so a learner who lost their key gets their seat back by name (with a new key)."""
        code = table_code(code)
        key, late = take_seat(store, code, learner_name(name), key, trusted)
        table = cls(store, code, key)
        for _ in range(20):  # a learner who comes late to a class table: everyone is told (another move may come first)
            if late is None or table.damage is not None or table._keep([{"note": late}]):
                break
            table.sync()
        table.sync()
        store.beat(code, table.seat)
        return table

    def start(self) -> None:
        """The host (or the class's teacher, from no seat) starts the game: seats nobody took are played by bots."""
        if self.seat is not None and self.seat != self.meta.get("host"):
            raise TableError("Only the learner who opened the table starts the game.")
        if self.damage is not None:
            raise TableError(self.damage)
        self.meta = begin(self.store, self.code, self.game.default_names)
        self.sync()

    def close(self) -> None:
        """The host or the teacher closes the table: no more moves; its log stays."""
        if self.seat is not None and self.seat != self.meta.get("host"):
            raise TableError("Only the learner who opened the table, or the teacher, closes it.")
        if self.damage is not None:  # closed already, in words
            return
        self.meta = self.store.change_meta(self.code, lambda meta: {**meta, "status": "closed"})

    # -- the state, from the log

    def sync(self) -> bool:
        """Read what is new at the table (its card and the log's new entries, each checked as it is folded); True if
        anything was.  The first damaged entry closes the table in words and nothing after it is read."""
        meta = self._card(self.store.meta(self.code))
        changed = meta != self.meta
        self.meta = meta
        if meta["status"] == "open" or meta["started"] is None or self.stopped is not None:
            return changed
        if self.driver is None:
            try:
                self.driver = Driver.deal(self.game, players=meta["players"], seed=meta["seed"], names=meta["names"],
                                          options=meta["options"])
            except (ValueError, TypeError, LookupError) as exc:  # options the game refuses
                self.meta = self._card(meta, f"its options cannot deal a game of {self.game.title}: {exc}")
                return True
            self.last_at = meta["started"]
        self.driver.set_bots(self._bot_levels())
        new = self.store.entries(self.code, self.version)
        for entry in new:
            why = self._fold(self.version, entry)
            if why is not None:
                self.stopped = self.version
                if self.damage is None:  # the first to find it closes the table on its card
                    self.meta = closed_for(self.store, self.code, record_damaged(self.code, self.version, why))
                    self.damage = self.meta["damaged"]
                break
            self.version += 1
        return changed or bool(new)

    def _card(self, raw: Any, why: str | None = None) -> dict[str, Any]:
        meta, self.damage = read_card(self.store, self.code, raw, why)  # a damaged card closes the table
        old = getattr(self, "meta", None)
        if meta is not raw and old and old["players"]:  # damaged since it was read: the card read before, closed
            meta = {**old, "status": "closed", "damaged": self.damage}
        return meta

    def _fold(self, number: int, entry: Any) -> str | None:
        """Fold entry ``number`` of the log in, checked: what is wrong with it (nothing of it is kept), or None."""
        why = entry_shape(entry, self.meta["players"])
        if why is not None:
            return why
        saved = self.queued and (copy.copy(self.driver), dict(self.queued), self.race, self.pending, self.last_at)
        try:
            self._folded(number, entry)
        except Damaged as exc:
            if saved:  # a decision made ahead that its turn refused: nothing of the entry is kept
                self.driver, self.queued, self.race, self.pending, self.last_at = saved
            return str(exc)
        return None

    def _folded(self, number: int, entry: dict[str, Any]) -> None:
        if "note" in entry:
            self.last_at = entry.get("at", self.last_at)
            self.driver.note(number, entry["note"])
            if "away" in entry:
                self.away.add(entry["away"])
            if "back" in entry:
                self.away.discard(entry["back"])
            self.driver.set_bots(self._bot_levels())
            return
        action, after, why = checked_entry(self, entry)  # a Damaged names what is wrong; nothing is changed
        seat, kind, text = entry["seat"], entry.get("kind", "move"), entry.get("move", "")
        self.last_at = entry.get("at", self.last_at)
        if kind == "ask":
            self.pending = (seat, text, why)
            return
        if kind == "early":
            self.queued[seat] = text
        else:
            self.pending = None
            self._play(number, action, after, why)
        while self.state.current_player in self.queued and not self.state.is_over:
            mover = self.state.current_player
            self._play(number, *checked_move(self.game, self.state, mover, self.queued.pop(mover)), None)

    def _play(self, number: int, action: Any, after: Any, why: str | None) -> None:
        self.driver.apply(action, why, number=number, after=after)
        self.race = rounds.race_after(self.game, self.state, self.race, number, self.last_at)
        self.queued = rounds.still_queued(self.queued, self.state, self.race is not None)

    # -- what a seat may see and do

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
            raise TableError(self.damage or f"Table {self.code} has been closed.")
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
            self._decides_at().apply(action)  # checked where the seat decides, before anything is kept
        else:
            state.apply(action)  # an illegal move raises here, before anything is kept
            if self._asks_learner(action):
                kind = "ask"
        self._append([{"seat": seat, "move": str(action), "kind": kind, "by": "learner"}])

    def _asks_learner(self, action: Any) -> bool:
        return questions.asks_learner(self.game, self.state, action, self.is_bot)

    @property
    def asked(self) -> int | None:
        """The seat whose answer the table waits for, if any."""
        return questions.asked(self.game, self.state, self.pending)

    def pending_move(self) -> Any:
        """The move asked as a question, awaiting its answer (the asked seat's answer is read against it)."""
        return questions.pending_move(self.game, self.state, self.pending)  # type: ignore[arg-type]

    def _asked_name(self) -> str:
        return self.meta["names"][self.asked] or "The player asked"

    def question(self) -> tuple[int, str, str] | None:
        """The question awaiting its answer: (who asked, what was said, its English); None if there is none."""
        return questions.question(self.game, self.state, self.pending)

    def answers(self) -> tuple[Any, ...]:
        """The answers this seat may give to the question put to it (each an ``Answer``; one is true)."""
        return questions.answers(self.game, self.state, self.pending, self.seat)

    def true_answer(self, seat: int | None = None) -> str:
        """The key of the answer the hand of the seat asked gives (for an away seat's answer, and for tests)."""
        return questions.true_answer(self.game, self.state, self.pending, self.seat if seat is None else seat)

    def answer(self, key: Any) -> None:
        """Answer the question put to this seat: the true answer carries the asker's move out; an answer the hand
        does not allow is refused with its rule (an IllegalMove), and nothing changes."""
        self._need_seat_in_play()
        chosen = questions.chosen_answer(self.answers(), key)
        self._append([{"seat": self.seat, "kind": "answer", "answer": chosen.key, "by": "learner"}])

    def _decides_at(self) -> Any:
        return rounds.decides_at(self.game, self.state, self.seat, self.queued)  # type: ignore[arg-type]

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

    def _keep(self, entries: list[dict[str, Any]]) -> bool:
        """Append ``entries`` at the version this kernel read, each checked first as every kernel will fold it: one
        the table would read as damage is a TableError naming it, and nothing is kept."""
        if self.driver is None or self.damage is not None:
            raise TableError(self.damage or "The game has not started yet: the learner who opened the table starts it.")
        probe = copy.copy(self)
        probe.driver, probe.queued, probe.away = copy.copy(self.driver), dict(self.queued), set(self.away)
        probe.driver.watchers = []
        for offset, entry in enumerate(entries):
            why = probe._fold(self.version + offset, entry)
            if why is not None:
                raise TableError(f"Table {self.code} did not keep that: {why}.")
        return self.store.append(self.code, self.version, entries)

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
        began, started_at = self.race  # type: ignore[misc]
        end = rounds.tick_end(self.driver, started_at)  # type: ignore[arg-type]
        if now < end:
            return 0
        people = [s for s in self.state.current_players if not self.is_bot(s)]
        touches = self.store.touches(self.code, began)
        return self._try_append(rounds.tick_entries(self.driver, touches, people, end))  # type: ignore[arg-type]

    def _try_append(self, entries: list[dict[str, Any]]) -> int:
        kept = self._keep(entries)
        self.sync()
        self._mark_over()
        return len(entries) if kept else 0

    # -- for everyone: the teacher's page and the list of open tables

    def summary(self) -> dict[str, Any]:
        """The table's progress without a card (``tutor.tables.seating.summary_of``)."""
        return summary_of(self)


def class_tables(store: TableStore) -> list[dict[str, Any]]:
    """Every table's progress (``Table.summary``), for the teacher's page: no card of any hand."""
    return [Table(store, code).summary() for code in table_codes(store)]
