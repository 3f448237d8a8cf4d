"""Play a whole game against bots, in one seat, with hints, undo, variants and shareable deal codes.

Here the game's flow and what the learner may do; the page is drawn by ``tutor.widgets.play_page``, *Hint*,
*Why?* and *Undo* are ``tutor.widgets.play_advice``, the next deal chosen is ``tutor.widgets.play_deals``, and deal
codes are read and written by ``tutor.deal_code``.  Alone against bots the learner's seat is called "You", and every
line of the page speaks of it in the second person (``tutor.narration``).

The controls come from the game's ``inputs`` (``tutor.engine.Inputs``): a hand
of card buttons with each card's moves, buttons for moves that use no card, a
box to type a move as a phrase (``inputs.typed``), and a race clock
(``inputs.race``) that ticks from the browser.  The variants come from the
game's rules class.  No game is named here.

Undo keeps a stack of points, one before each of the learner's moves.  A point
can be gone back to only while no card that was hidden there has come into the
learner's hand since (a card drawn or caught cannot be unseen; the cards the bots
played in answer go back to their hands); Undo goes back to the latest such point.

The pace is the learner's: each bot's move is a step the browser's clock brings
(``step_bots``), a deal that ends stops on its summary until *Next deal*
(``pause_deals``), the last trick can be looked at again, and a chance to move
out of turn (a double) or a race waits for the learner unless they play against
the clock (``clock``).  ``$GWARI_PACE=quick`` makes the table play at the
engine's speed by default (bots at once, windows on the clock, a deal's summary
shown without stopping), as tests and benchmarks want.  What the panels beside
the table follow, and the learner's answers to them, are in
``tutor.widgets.play_pace``; rules met for the first time show as rule cards,
remembered per learner (``tutor.classroom``).
"""

from __future__ import annotations

import random

import traitlets
from typing import Any, Callable

from tutor import classroom
from tutor.bots import LEVELS
from tutor.deal_code import deal_code, parse_class_deal, parse_deal_code  # noqa: F401  (also importable from here)
from tutor.driver import Driver, Step, seats_of
from tutor.engine import IllegalMove, Misread, State
from tutor.games import get_game
from tutor.lesson_figures import rule_words
from tutor.lessons import load_lesson
from tutor.narration import solo_names
from tutor.progress import PlayedGame
from tutor.widgets.base import GwariWidget, event_words, int_in, rule_title
from tutor.widgets.play_advice import PlayAdvice
from tutor.widgets.play_deals import PlayDeals
from tutor.widgets.play_page import PlayPage
from tutor.widgets.play_pace import (BOT_STEP_MS, OFFER_WAIT_MS, PACE_ENV, PLAY_RULES, PlayPace,  # noqa: F401
                                     default_pace, yes_no)
from tutor.widgets.play_panels import DealSummary, SeatNote
from tutor.widgets.play_table import TablePlay


class PlayApp(TablePlay, PlayPace, PlayAdvice, PlayDeals, PlayPage, GwariWidget):
    """The learner in ``seat`` against bots; every move goes through the game's rules.

    Moves a seat may make out of turn (``state.offers``, such as a double) are never asked for: the learner sees a
    button while one is open, and the table waits for the learner (*Play on* lets it go on) or, on the clock,
    ``OFFER_WAIT_MS``; bots decide on theirs once, before the move that would close them.  ``step_bots`` and
    ``clock`` and ``pause_deals`` set the pace (``None``: as ``$GWARI_PACE`` says).
    """

    accepts = ("card", "move", "say", "mode", "hint", "undo", "new", "load", "classdeal", "review", "tick",
               "nextdeal", "goon", "stepbots", "clock", "lasttrick", "rulemore", "rules", "why", "ready", "press",
               "classmates", "opentable", "jointable", "seats", "starttable", "leavetable", "answer",
               "answersay")
    table_seats = traitlets.Unicode("").tag(sync=True)  # this browser's seats at tables: {code: key}, for a reload
    asks_seats = traitlets.Bool(False).tag(sync=True)

    def __init__(self, slug: str, *, players: int | None = None, level: str = "strong",
                 seat: int = 0, seed: int | None = None, names: list[str] | None = None,
                 on_review: Callable[[Record, int, dict[int, str]], None] | None = None, typed: bool = False,
                 heading_level: int = 2, step_bots: bool | None = None, clock: bool | None = None,
                 pause_deals: bool | None = None, sharing: int = 1, **options: Any) -> None:
        super().__init__(asks_learner=True)
        self.asks_seats = self.can_meet()
        self.seats_known: dict[str, str] = {}
        self.sharing = int_in(sharing, 1, 100, "learners at this screen")
        self.game = get_game(slug)
        if typed and self.game.inputs.typed is None:
            raise ValueError(f"{self.game.title} has no moves to type; choose them with the buttons.")
        steps, timed, pauses = default_pace()
        self.step_bots = steps if step_bots is None else yes_no(step_bots, "step_bots")
        self.clock = timed if clock is None else yes_no(clock, "clock")
        self.pause_deals = pauses if pause_deals is None else yes_no(pause_deals, "pause_deals")
        self.typed = typed
        self.said = ""
        self.correction = ""
        self.fumbles: list[tuple[str, str]] = []
        self.lesson = load_lesson(slug)
        self.game.make_rules(**options)
        self.options = options
        self.names = names
        self.seat = seat
        self.level_h = heading_level
        self.on_review_cb = on_review
        self.page_met: set[str] = set()  # rules met on this page, for a learner who has given no name
        self._learner_met: tuple[str, set[str]] | None = None
        self.lesson_rules = frozenset(rule.id for rule in self.lesson.rules)
        self.card_more: set[str] = set()
        self.rules_open = False
        self.had_window = False  # a move out of turn has been offered here: the clock setting is worth showing
        self.new_game(players or self.game.default_players, seed, level)

    # -- game flow

    def new_game(self, players: int, seed: int | None = None, level: str | None = None, *, notice: str = "") -> None:
        """Deal a new game (a fresh seed unless one is given) and let the bots move until it is the learner's turn
        (one at a time with ``step_bots``); ``notice`` is shown above the table and said first."""
        if level is not None:
            if level not in LEVELS:
                raise ValueError(f"Bot level must be one of {', '.join(LEVELS)}.")
            self.level = level
        self.seed = random.SystemRandom().randrange(10_000) if seed is None else seed
        names = self.names if self.names and len(self.names) == players else None
        if names is None and self.sharing == 1:  # alone against bots the learner's seat is "You"
            names = solo_names(self.game.default_names, players, self.seat)
        # Pass and play: the first ``sharing`` seats are learners at this one screen; each hand is hidden until its
        # learner has the screen (``covered``), and a race among them has one button each (``pressed``).
        self.humans = frozenset(range(min(self.sharing, players))) if self.sharing > 1 else frozenset({self.seat})
        if self.sharing > 1:
            self.seat = 0
        self.covered = self.sharing > 1  # the first hand too is shown only once its learner has the screen
        self.pressed: set[int] = set()
        self.turn_marks: dict[int, int] = {}  # pass and play: where each learner's "what just happened" starts
        self.driver = Driver.deal(self.game, players=players, seed=self.seed, names=names, options=self.options,
                                  bots=seats_of(self.humans, players, self.level))
        self.driver.watchers.append(self._followed)
        self.players = players
        self.turn_mark = 0
        self.selected: int | None = None
        self.error: IllegalMove | None = None
        self.hint = self.why = ""
        self.notice = notice
        self.learner_moves = 0
        self.waiting = False  # on the clock: the table waits a few seconds for an offered move
        self.holding = False  # off the clock: the table waits until the learner makes the offered move or plays on
        self.stepping = False  # a bot's move is due at the browser's next tick
        self.game_kept = False
        self.class_deal = classroom.class_deal()
        self.deal_rules = frozenset(e.rule for e in self.state.events)  # the rules that start a deal
        self.summary: DealSummary | None = None
        self.last_trick: tuple[Any, str] | None = None  # the last trick taken and what was said as it was taken
        self.trick_open = False
        self.seat_notes: dict[int, SeatNote] = {}
        self.met: list[str] = []  # the rules met in this game, in the order met
        self.new_cards: list[str] = []  # the rules met for the first time since the learner's last move
        self.fresh_cards: list[str] = []  # of those, the ones not yet said aloud
        self._meet(self.state.events)
        self._run_bots()
        self._tell(0, f"{notice} New deal, code {self.code}." if notice else f"New deal, code {self.code}.")
        self.refresh()

    # -- the driver's game, as this page reads it

    @property
    def state(self) -> State:
        return self.driver.state

    @property
    def record(self) -> Any:
        return self.driver.record

    @property
    def lines(self) -> list[tuple[int, Any]]:
        return self.driver.lines

    @property
    def reasons(self) -> dict[int, tuple[str, str]]:
        return self.driver.reasons

    def seat_view(self) -> Any:
        """The table as this page's seat sees it (computed once per position)."""
        return self.driver.view(self.seat)

    def status_line(self) -> str:
        """Whose turn it is, or the result (computed once per position)."""
        return self.driver.status()

    def play_from(self, state: State) -> None:
        """Play on from ``state`` (a prepared deal, such as one a test or a scenario sets out): the game's record,
        narration, undo points and bots start again from it; the page is redrawn."""
        self.driver = Driver(self.game, state, seed=self.seed, bots=seats_of(self.humans, self.players, self.level))
        self.driver.watchers.append(self._followed)
        self.turn_mark = 0
        self.driver.lines.clear()
        self.refresh()

    def _followed(self, step: Step) -> None:
        """Each move the driver makes here: what the panels beside the table follow, the rules it cites, the end."""
        driver = self.driver
        self._follow(step.before, driver.view_at(step.before, self.seat), driver.view_at(step.after, self.seat),
                     step.mover, step.action, step.after.events)
        self._meet(step.after.events)
        if step.after.is_over and not self.game_kept:
            self.game_kept = True
            self._keep_game()

    def _keep_game(self) -> None:
        """A finished game goes to the learner's record for the teacher (when the learner has given a name; in pass
        and play, the named learner is the first seat's)."""
        result = self.state.result()
        view = self.seat_view()
        seat = 0 if len(self.humans) > 1 else self.seat
        classroom.keep_game(PlayedGame(
            self.game.slug, dict(self.options), self.code, tuple(seat.name for seat in view.seats), seat,
            tuple(result.scores), seat in result.winners, len(self.record.actions), self.level))

    def _run_bots(self, waited: bool = False, step: bool = False) -> None:
        """Bots move until it is the learner's turn.  One at a time with ``step_bots``: each move that shows
        something waits for the browser's next tick (``step``: this call may make one).  Play stops at a deal's
        summary; before a move that may close an offer the learner has open, the table waits for the learner (on
        the clock, a few seconds; the browser's clock brings it back with ``waited``)."""
        self.waiting = self.holding = self.stepping = False
        stopped = self.driver.run_bots(offer_seat=self.seat, stepping=self.step_bots and not self._race_phase(),
                                       step=step, waited=waited, stop=lambda: self.deal_waits)
        if stopped == "offer":
            self.waiting, self.holding = self.clock, not self.clock
            self.had_window = True
        elif stopped == "step":
            self.stepping = True
        elif stopped == "person":
            self._hand_over()
        self._schedule()

    def _hand_over(self) -> None:
        """Pass and play: when another learner at this screen is to move, the screen is theirs, hidden until they
        press that they are ready (in a race everyone races at once: nothing to hand over)."""
        mover = self.state.current_player
        if mover == self.seat or mover not in self.humans or self._race_phase():
            return
        self.seat = mover
        self.covered = True
        self.selected, self.hint, self.why, self.error = None, "", "", None
        self.turn_mark = self.turn_marks.get(mover, 0)

    def on_ready(self, _value: Any, _inputs: dict) -> None:
        """Pass and play: the learner the screen was passed to shows their hand."""
        if not self.covered:
            raise ValueError("Your hand is already shown.")
        self.covered = False
        self.announce(f"{self.names_now[self.seat]}, your hand. " + self.told(self.status_line()))
        self.refresh()

    def on_press(self, value: Any, _inputs: dict) -> None:
        """Pass and play, in a race: the learner at ``value`` presses their race button (it counts in this tick of
        the race clock)."""
        seat = int_in(value, 0, self.players - 1, "seat")
        if not self._race_phase() or seat not in self.humans:
            raise ValueError("There is no race on for that seat.")
        self.pressed.add(seat)
        if self.table is not None:
            self._table_move(None)  # kept with the store's time; the table settles the race at its clock's tick
            return
        self.refresh()

    def _race_phase(self) -> bool:
        """Whether a race is on and it is the learner's decision (a move in a race cannot be taken back)."""
        race = self.game.inputs.race
        if self.table is not None:  # at a table: the race is on for this seat until it has touched
            return race is not None and self.table.race is not None and self.seat in self.state.current_players
        return (race is not None and not self.state.is_over and self.state.current_player in self.humans
                and race.clock(self.state) is not None)

    def _racing(self) -> bool:
        """Whether the race clock runs in the browser: a race on, the learner's decision, and playing on the clock
        (off the clock each tick of the race waits for the learner's choice)."""
        return (self.clock or len(self.humans) > 1 or self.table is not None) and self._race_phase()

    @property
    def names_now(self) -> list[str]:
        """The players' names in seat order."""
        return self.driver.names

    def _tell(self, start: int, head: str = "") -> None:
        """Announce the events from ``start`` in the log, and what the learner is to do."""
        reader = self.reader
        lines = [event_words(e, gloss_hidden=self.typed, names=self.names_now, reader=reader)
                 for _step, e in self.lines[start:]]
        lines += [f"New rule: {rule_words(self.lesson, rule, self.state)[0]}." for rule in self.fresh_cards]
        self.fresh_cards = []
        if self.deal_waits:
            lines.append(f"Deal {self.summary.number} is over: read how it went, then press Next deal.")
        elif self.state.is_over or (self.state.current_player == self.seat and not self._racing()):
            lines.append(self.told(self.status_line()))
        self.announce(" ".join(([head] if head else []) + lines))

    # -- what the browser may ask

    def on_card(self, value: Any, _inputs: dict) -> None:
        """Choose a card of the learner's hand."""
        hand = self.seat_view().seats[self.seat].hand
        index = int_in(value, 0, len(hand) - 1, "card")
        self.selected = None if self.selected == index else index
        self.refresh()

    def on_move(self, value: Any, _inputs: dict) -> None:
        """Try a move given as its text; an illegal one is explained with its rule and changes nothing."""
        self._try(lambda: self.game.parse_action(self.state, str(value)))

    def on_say(self, value: Any, inputs: dict) -> None:
        """A move typed as a phrase: a phrase that cannot be read gets a correction, never a guess."""
        typed = self.game.inputs.typed
        if typed is None or not self.typed:
            raise ValueError("Typing a move is not switched on.")
        text = str(value if value not in (None, "") else inputs.get("said", ""))[:200]
        if self.state.is_over or self.state.current_player != self.seat:
            raise ValueError("It is not your turn.")
        self.said, self.correction = text, ""
        try:
            action = typed.read(self.state, self.seat, text)
        except Misread as exc:
            self.correction = exc.hint
            if exc.expected:
                self.fumbles.append((exc.expected, exc.typed))
                if typed.drill:
                    self._keep_for_drill(exc.expected, exc.typed)
            self.error = None
            self.announce(f"You typed {text}. {self.correction}")
            self.refresh()
            return
        self._try(lambda: action)

    def _keep_for_drill(self, expected: str, typed: str) -> None:
        """A fumbled word goes to the learner's drill schedule, when the learner has given a name."""
        if not self.learner:
            return
        from tutor.progress import StoreError, keep_fumbles

        try:
            keep_fumbles(self.learner, [(expected, typed)], progress=classroom.store())
        except (ValueError, StoreError) as exc:  # a name the store refuses, or no store here
            self.correction += f" (Not kept for the drill: {exc})"

    def on_mode(self, value: Any, _inputs: dict) -> None:
        """Switch between choosing moves by clicking and typing them (for games that offer it)."""
        if self.game.inputs.typed is None:
            raise ValueError(f"{self.game.title} has no moves to type.")
        self.typed = str(value).lower() == "true"
        self.said = self.correction = ""
        self.refresh()

    def on_tick(self, _value: Any, _inputs: dict) -> None:
        """A tick of the browser's clock: the bots' next step; or, on the clock, the table's wait for an offered
        move is over and play goes on; or a tick of the race went by without a click (the learner's idle move, then
        the bots)."""
        if self.table is not None:  # at a table the table paces the game, never this page's own bots
            self._table_tick()
            return
        if self.waiting or self.stepping:
            self._go_on(waited=self.waiting)
            return
        if self.lobby:
            self.refresh()  # the list of open tables, fresh
            return
        if not self._racing():
            self.playing = False
            return
        start = len(self.lines)
        if len(self.humans) > 1:
            self._shared_tick()
        else:
            self.driver.apply(self.game.inputs.race.idle(self.state))
        self._run_bots()
        self.error = None
        if len(self.lines) > start:
            self._tell(start)
        self.refresh()

    def _shared_tick(self) -> None:
        """Pass and play: one tick of the race settled — each learner at this screen who pressed in it presses,
        the others let it go by; bots decide as they always do."""
        race = self.game.inputs.race
        moves = self.driver.race_moves(lambda state, seat: race.press(state) if seat in self.pressed
                                       else race.idle(state))
        for seat, action, why in moves:
            self.driver.apply(action, why)
            self.pressed.discard(seat)

    def _checked(self, make_action: Callable[[], Any]) -> tuple[Any, State] | None:
        """The learner's move and the position after it, checked by the driver (it must be theirs: their turn, or a
        move offered to them; and legal), nothing changed.  A refusal is shown with its rule, and ``None``
        returned."""
        try:
            action = make_action()
            return action, self.driver.check(self.seat, action)
        except IllegalMove as exc:
            self._refused(exc)
            self.refresh()
            return None

    def _refused(self, exc: IllegalMove) -> None:
        """A move the rules refuse: shown by the controls with its rule's title, and said."""
        self.error = exc
        title = rule_title(self.lesson, exc.rule)
        self.announce(f"Not allowed: {self.told(exc.reason)}" + (f" Rule: {title}." if title else ""))

    def _try(self, make_action: Callable[[], Any]) -> None:
        self.hint = self.why = ""
        if self.state.is_over:
            raise ValueError("The game is over.")
        if self.deal_waits:
            self.notice = "This deal is over: read how it went, then press Next deal."
            self.announce(self.notice)
            self.refresh()
            return
        if self.covered:
            self.notice = f"The screen is {self.names_now[self.seat]}'s now: they press that they are ready first."
            self.announce(self.notice)
            self.refresh()
            return
        if self.table is not None:
            try:
                action = make_action()
            except IllegalMove as exc:
                self.error = exc
                self.refresh()
                return
            self._table_move(action)
            return
        checked = self._checked(make_action)
        if checked is None:
            return
        action, after = checked
        self.said = self.correction = ""
        self.error = None
        self.notice = ""
        if not self._race_phase():  # a move in a race cannot be taken back
            self.driver.keep_point(self.seat, extra=(self.turn_mark, self._marks()))
        self.turn_mark = start = len(self.lines)
        self.turn_marks[self.seat] = start
        self.learner_moves += 1
        self.new_cards, self.fresh_cards, self.seat_notes, self.summary = [], [], {}, None
        self.driver.apply(action, after=after)
        self._run_bots()
        self.selected = None
        self._tell(start)
        self.refresh()

    def on_review(self, _value: Any, _inputs: dict) -> None:
        """Hand the finished game's record to whoever shows a step-through, with the bots' reasons for their moves
        (by move number, for *Why?* there)."""
        if self.on_review_cb is not None:
            reasons = {i: why for i, (_move, why) in self.reasons.items() if i < len(self.record.actions) and why}
            self.on_review_cb(self.record, self.seat, reasons)

    # -- drawing: tutor.widgets.play_page, and the panels beside the table (tutor.widgets.play_pace)

    @property
    def code(self) -> str:
        """This deal's code (its variants in letters and digits: ``tutor.deal_code``)."""
        return deal_code(self.players, self.seed, self.options, self.game)
