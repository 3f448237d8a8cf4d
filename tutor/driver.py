"""One driver for every table: a game in play, who plays each seat, and what one step of play does.

Below the widgets and above the games.  Solo play against bots, the guided first game, pass and play at one screen
(``tutor.widgets.play`` and ``tutor.widgets.guide``) and a table of classmates (``tutor.tables.referee``, which adds
only what a shared table needs: the store, the seats' keys and the log) all play through a ``Driver``:

- **Seats.**  A seat is played by a bot of a level (``bots``: seat -> level) or by a person: the learner at this
  screen, a classmate, or a seat whose moves come from elsewhere (a table's log).  The driver never moves a
  person's seat.
- **A move is applied once.**  ``check`` tries a move on the position and gives the state after it, changing
  nothing (an illegal move raises ``IllegalMove`` with its rule); ``apply`` takes that state, so a checked move is
  never applied again.  Each move is kept in the game's record, its events in the narration (``lines``), what a
  bot said of it in ``reasons`` (for *Why?*), and the position before it in ``steps``.
- **One rule for bots.**  A bot's decision is made by a fresh bot seeded by the deal's seed, the seat and the
  move's number (``bot_seed``): the same position asks the same question of the same bot in every kernel, after an
  undo, and at a table whichever page asks.  *Hint* is the strong bot's decision for the learner's seat.
- **One step.**  ``run_bots`` lets the bots move until a person is to move, stopping where the page wants to show
  something first (a move out of turn open to the learner, the next bot move waiting for the browser's tick, a
  deal's summary); a bot with a move out of turn open decides on it once (``bot_offers``).  A race tick
  (``race_moves``) asks each seat in the race what it does, the persons' answers given by the caller.
- **Undo points** (``keep_point``/``undo``): one before each of the learner's moves, open while no card hidden
  there has come into the learner's hand since.
- **The view is computed once per position and seat** (``view``), and the status once per position.

Pure Python over the engine's contract: it runs in the browser (Pyodide) as on a server.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Collection

from tutor.bots import LEVELS, make_bot
from tutor.engine import Event, IllegalMove, Record, State

__all__ = ["Advice", "BotDefect", "Driver", "Step", "UndoPoint", "bot_seed", "visible_cards"]


class BotDefect(RuntimeError):
    """A bot chose a move the rules refuse, or could not choose: a defect of the bot's, never a refusal of anything
    a learner did (the page that asked is put back as it was, and the defect logged)."""


def bot_seed(seed: int, seat: int, moves: int) -> int:
    """The seed of the bot that makes ``seat``'s decision after ``moves`` moves of the deal dealt from ``seed``:
    the one rule for every bot at every table."""
    return seed * 1_000_003 + moves * 101 + seat


def visible_cards(view: Any) -> Counter:
    """Every face-up card in a view: hands shown to the viewer, sets, the centre, piles and the trick."""
    cards = [c for seat in view.seats for c in seat.hand if c is not None]
    cards += [c for seat in view.seats for meld in seat.melds for c in meld if c is not None]
    cards += [c for c in view.centre if c is not None]
    cards += [c for pile in view.piles for c in pile.cards if c is not None]
    if view.trick is not None:
        cards += [c for _seat, c in view.trick.plays if c is not None]
    return Counter(cards)


@dataclass(frozen=True)
class Step:
    """One move applied: the position before it, the move, who made it, and its number in the record (from 0)."""

    before: State
    action: Any
    mover: int | None
    number: int
    after: State


@dataclass
class UndoPoint:
    """Where the game stood before one of the learner's moves, and every card that has come into their hand since."""

    state: State
    record: Record
    lines: int
    shown: Counter  # the cards the learner could see at this point
    seen: Counter = field(default_factory=Counter)
    extra: Any = None  # what the page keeps with the point (its panels), put back with it

    @property
    def open(self) -> bool:
        """True while no card hidden at this point has been seen since."""
        return not (self.seen - self.shown)


@dataclass(frozen=True)
class Advice:
    """What the strong bot would do in a seat's place: its move (``None`` when it is not the seat's turn) and why,
    and for a move out of turn open to the seat, whether to make it (``offered``, ``None``: not) and why."""

    action: Any
    why: str
    offer: Any = None
    offered: Any = None
    offered_why: str = ""


class Driver:
    """A game in play: its state and record, who plays each seat, and every step of play.

    ``bots`` maps the seats bots play to their level (or to a player of their own); every other seat is a person's.  ``lines`` is the narration:
    ``(number, event)`` pairs, ``number`` the move's place as the caller counts it (the record's length after the
    move by default; a table counts its log's entries)."""

    def __init__(self, game: Any, state: State, *, seed: int, bots: dict[int, str] | None = None) -> None:
        """A driver of ``state``, the first position of a deal (the record starts there; ``deal`` deals one)."""
        self.game = game
        self.state = state
        self.record: Record = state.setup
        self.seed = seed
        self.bots: dict[int, str] = {}
        self.set_bots(bots or {})
        self.lines: list[tuple[int, Any]] = [(0, e) for e in state.events]
        self.reasons: dict[int, tuple[str, str]] = {}  # a bot's move's number -> (the move in words, why)
        self.steps: list[Step] = []
        self.declined: set[tuple[int, int, str]] = set()  # (moves, seat, offers) a bot said no to
        self.undo_points: list[UndoPoint] = []
        self.undo_seat: int | None = None
        self.watchers: list[Callable[[Step], None]] = []  # told of every step made, once it is made
        self._views: dict[int, Any] = {}
        self._viewed: State | None = None
        self._before: tuple[State | None, dict[int, Any]] = (None, {})  # the views of the position before
        self._status: tuple[State, str] | None = None

    def __copy__(self) -> "Driver":
        """A copy whose play cannot reach this one (what a page keeps to put back after a defect): the lists and maps
        it changes are copied; the states, records and events, which never change, are shared."""
        out = object.__new__(Driver)
        out.__dict__.update(self.__dict__)
        out.bots, out.lines, out.reasons = dict(self.bots), list(self.lines), dict(self.reasons)
        out.steps, out.declined, out.watchers = list(self.steps), set(self.declined), list(self.watchers)
        out.undo_points = [UndoPoint(p.state, p.record, p.lines, p.shown, p.seen.copy(), p.extra)
                           for p in self.undo_points]
        out._views, out._before = dict(self._views), (self._before[0], dict(self._before[1]))
        return out

    @classmethod
    def deal(cls, game: Any, *, players: int, seed: int, names: list[str] | None = None,
             options: dict | None = None, bots: dict[int, str] | None = None) -> "Driver":
        """A new game of ``game`` dealt from ``seed`` (the game checks the players and options: nothing is dealt
        from a bad one)."""
        state = game.start(players=players, seed=seed, names=names, **(options or {}))
        return cls(game, state, seed=seed, bots=bots)

    def set_bots(self, bots: dict[int, str]) -> None:
        """Who bots play now (a seat taken over by a bot, or given back to its person)."""
        for level in bots.values():
            if isinstance(level, str):
                if level not in LEVELS:
                    raise ValueError(f"Bot level {level[:20]!r}: it must be one of {', '.join(LEVELS)}.")
            elif not callable(getattr(level, "explain", None)):
                raise ValueError(f"Bot level {str(level)[:20]!r}: a level ({', '.join(LEVELS)}) or a player that "
                                 "explains its moves (and, to move out of turn, its offers).")
        self.bots = dict(bots)

    # -- reading the position

    @property
    def players(self) -> int:
        return len(self.view(0).seats)

    @property
    def moves(self) -> int:
        """How many moves have been made."""
        return len(self.record.actions)

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def view(self, seat: int) -> Any:
        """What ``seat`` sees of the position, computed once per position."""
        return self.view_at(self.state, seat)

    def view_at(self, state: State, seat: int) -> Any:
        """What ``seat`` sees of ``state``: the position now or the one before the last move are computed once."""
        if self._viewed is not self.state:  # the position has moved on: its views become the position before's
            self._before = (self._viewed, self._views)
            self._viewed, self._views = self.state, {}
        if state is self.state:
            views = self._views
        elif state is self._before[0]:
            views = self._before[1]
        else:
            return state.view(seat)
        view = views.get(seat)
        if view is None:
            view = views[seat] = state.view(seat)
        return view

    def status(self) -> str:
        """The position's status line (whose turn, or the result), computed once per position."""
        if self._status is None or self._status[0] is not self.state:
            self._status = (self.state, self.state.status())
        return self._status[1]

    @property
    def names(self) -> list[str]:
        """The players' names in seat order."""
        return [seat.name for seat in self.view(0).seats]

    # -- moves

    def check(self, seat: int, action: Any) -> State:
        """The state after ``seat``'s move ``action``, changing nothing: it must be the seat's (its turn, or a move
        offered to it out of turn) and legal (else ``IllegalMove`` with the rule, or ``ValueError`` in words)."""
        if self.state.is_over:
            raise ValueError("The game is over.")
        if self.state.current_player != seat and action not in self.state.offers(seat):
            raise ValueError("It is not your turn.")
        return self.state.apply(action)

    def apply(self, action: Any, why: str | None = None, *, after: State | None = None,
              number: int | None = None, seat: int | None = None) -> Step:
        """Make ``action`` (``after``: the state ``check`` gave for it, so the move is applied once); ``why``: what
        the bot that chose it said; ``seat``: who made it (the seat to move, or the one a move out of turn is
        offered to).  Returns the step made."""
        before = self.state
        mover = self.mover_of(action) if seat is None else seat
        if after is None:
            after = before.apply(action)
        step = Step(before, action, mover, len(self.record.actions), after)
        if why:
            self.reasons[step.number] = (before.describe(action), why)
        self.state = after
        self.record = self.record.with_action(action)
        self.steps.append(step)
        at = len(self.record.actions) if number is None else number
        self.lines.extend((at, e) for e in after.events)
        self._close_points()
        for watcher in self.watchers:
            watcher(step)
        return step

    def move(self, seat: int, action: Any) -> Step:
        """A person's move: checked, then applied once."""
        return self.apply(action, after=self.check(seat, action), seat=seat)

    def mover_of(self, action: Any) -> int | None:
        """Who makes ``action`` now: the seat to move, unless it is a move out of turn offered to another seat."""
        state = self.state
        mover = state.current_player
        if state.is_over:
            return mover
        for seat in state.current_players:
            if seat != mover and action in state.offers(seat):
                return seat
        return mover

    def note(self, number: int, words: str) -> None:
        """A line of the narration that is no move of the game (someone away, someone back)."""
        self.lines.append((number, Event("", words, "", "", None)))

    # -- bots

    def bot(self, seat: int, level: str | None = None) -> Any:
        """The bot that makes ``seat``'s next decision (of its level, or ``level``).  A seat's entry in ``bots`` may
        also be a player of its own (any object that decides as a bot does: ``explain`` and ``offer``)."""
        player = self.bots.get(seat, "strong") if level is None else level
        if not isinstance(player, str):
            return player
        return make_bot(self.game.slug, player, bot_seed(self.seed, seat, self.moves))

    def bot_decides(self, seat: int | None = None, level: str | None = None) -> tuple[Any, str]:
        """The move the bot of ``seat`` (the seat to move) makes now, and why."""
        seat = self.state.current_player if seat is None else seat
        return self._asked(seat, lambda: self.bot(seat, level).explain(self.state))

    def _asked(self, seat: int | None, decide: Callable[[], Any]) -> Any:
        """A bot's decision; a bot's refusal in words (``ValueError``, ``IllegalMove``) is the bot's defect."""
        try:
            return decide()
        except ValueError as exc:  # IllegalMove is a ValueError too
            raise BotDefect(f"the bot of seat {seat} could not decide: {exc}") from exc

    def bot_apply(self, action: Any, why: str | None = None, seat: int | None = None) -> Step:
        """A bot's move (``seat``'s: by default the seat to move), applied once; one the rules refuse is the bot's
        defect."""
        seat = self.state.current_player if seat is None else seat
        return self.apply(action, why, after=self._asked(seat, lambda: self.state.apply(action)), seat=seat)

    def bot_offer(self, seat: int, level: str | None = None) -> tuple[Any, str] | None:
        """Whether the bot of ``seat`` makes a move out of turn open to it now (once per position: a bot that said
        no is not asked again until the position changes); ``None``: not."""
        offers = self.state.offers(seat)
        if not offers:
            return None
        key = (self.moves, seat, ",".join(str(a) for a in offers))
        if key in self.declined:
            return None
        bot = self.bot(seat, level)
        if not callable(getattr(bot, "offer", None)):  # a player of its own that never moves out of turn
            return None
        action, why = self._asked(seat, lambda: bot.offer(self.state, seat))
        if action is None:
            self.declined.add(key)
            return None
        return action, why

    def bot_offers(self) -> list[Step]:
        """Each bot with a move out of turn open decides on it (before the next ordinary move); those made."""
        made = []
        for seat in self.state.current_players:
            if seat in self.bots:
                decided = self.bot_offer(seat)
                if decided is not None:
                    made.append(self.bot_apply(*decided, seat=seat))
        return made

    def run_bots(self, *, offer_seat: int | None = None, stepping: bool = False, step: bool = False,
                 waited: bool = False, stop: Callable[[], bool] = lambda: False,
                 choose: Callable[[State], tuple[Any, str]] | None = None) -> str:
        """Bots move until a person is to move.  Returns why play stopped: ``"over"``, ``"person"`` (a person's
        turn), ``"stop"`` (``stop()`` said so, such as a deal's summary to read), ``"offer"`` (a move out of turn is
        open to ``offer_seat``: the table waits for it, unless it ``waited`` already) or ``"step"`` (with
        ``stepping`` each bot move that shows something waits for the next call with ``step``).  ``choose`` gives
        the others' moves instead of their bots (a guided game's script)."""
        while True:
            if self.state.is_over:
                return "over"
            if stop():
                return "stop"
            if self.state.current_player not in self.bots:
                self.bot_offers()
                return "over" if self.state.is_over else "person"
            self.bot_offers()
            if offer_seat is not None and self.state.offers(offer_seat) and not waited:
                return "offer"
            if stepping and not step:
                return "step"
            waited = False
            shown = len(self.lines)
            self.bot_apply(*(choose(self.state) if choose is not None else self.bot_decides()))
            if len(self.lines) > shown:
                step = False

    def race_moves(self, person: Callable[[State, int], Any]) -> list[tuple[int, Any, str | None]]:
        """The moves that settle the race clock's tick: ``(seat, move, why)`` for each seat in the race, bots as
        their bots decide, persons as ``person(state, seat)`` says (``why`` ``None``); nothing is applied."""
        race = self.game.inputs.race

        def choose(state: State, seat: int) -> tuple[Any, Any]:
            if seat in self.bots:
                return self._asked(seat, lambda: self.bot(seat).explain(state))
            return person(state, seat), None

        return race.tick_moves(self.state, choose)

    # -- the learner's help

    def advice(self, seat: int) -> Advice:
        """What the strong bot would do in ``seat``'s place (``ValueError`` when nothing is the seat's to do)."""
        offers = [] if self.state.is_over else self.state.offers(seat)
        if self.state.is_over or (self.state.current_player != seat and not offers):
            raise ValueError("It is not your turn.")
        bot = self.bot(seat, "strong")
        offered, offered_why = self._asked(seat, lambda: bot.offer(self.state, seat)) if offers else (None, "")
        action, why = (self._asked(seat, lambda: bot.explain(self.state)) if self.state.current_player == seat
                       else (None, ""))
        return Advice(action, why, offers[0] if offers else None, offered, offered_why)

    @property
    def last_reason(self) -> tuple[str, str] | None:
        """The newest bot move still in the game, in words, and the bot's reason for it."""
        moves = [i for i in self.reasons if i < self.moves]
        return self.reasons[max(moves)] if moves else None

    # -- undo

    def keep_point(self, seat: int, extra: Any = None) -> None:
        """A point to come back to, before ``seat``'s move (one learner's undo)."""
        self.undo_seat = seat
        self.undo_points.append(UndoPoint(self.state, self.record, len(self.lines),
                                          visible_cards(self.view(seat)), extra=extra))

    def _close_points(self) -> None:
        if not self.undo_points or self.undo_seat is None:
            return
        # Only a card that came into the learner's hand closes a point: the cards others played in answer go back
        # to their hands, but a card drawn or caught cannot be unseen.  A closed point never opens again.
        seat = self.undo_seat
        now = Counter(c for c in self.view(seat).seats[seat].hand if c is not None)
        for point in self.undo_points:
            point.seen |= now
        self.undo_points = [point for point in self.undo_points if point.open]

    def undo_target(self) -> int | None:
        """The latest point that can be gone back to (``None``: none)."""
        if self.state.is_over:
            return None
        return next((i for i in range(len(self.undo_points) - 1, -1, -1) if self.undo_points[i].open), None)

    def undo(self) -> UndoPoint:
        """Go back to the latest open point (the bots' answers go back with it); returns it."""
        target = self.undo_target()
        if target is None:
            raise ValueError("Undo is not possible: a hidden card has come into your hand since your move.")
        point = self.undo_points[target]
        del self.undo_points[target:]
        self.state, self.record = point.state, point.record
        del self.lines[point.lines:]
        del self.steps[len(point.record.actions):]
        self.reasons = {i: r for i, r in self.reasons.items() if i < self.moves}
        # A bot's "no" to a move out of turn was said of a position now gone: the positions played from here are
        # new questions.
        self.declined = {key for key in self.declined if key[0] < self.moves}
        return point

    def forget_points(self) -> None:
        self.undo_points = []


def seats_of(people: Collection[int], players: int, level: str) -> dict[int, str]:
    """The bots' seats of a game of ``players`` where ``people`` play: every other seat, at ``level``."""
    return {seat: level for seat in range(players) if seat not in people}
