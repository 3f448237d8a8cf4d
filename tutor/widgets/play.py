"""Play a whole game against bots, in one seat, with hints, undo, variants and shareable deal codes.

``PlayWidget`` is the widget: it holds the game's driver (``tutor.driver``: every move checked and applied once, the
bots' decisions, offers, races, undo points, hints and reasons) and what the learner at this screen is doing, and
turns the browser's clicks into calls.  It is composed of parts (``tutor.widgets.part``), each with its own state:
the pace (``play_pace.Pace``), the panels beside the table (``play_panels.Panels``), *Hint*, *Why?* and *Undo*
(``play_advice.Advice``), the next deal (``play_deals.Deals``), pass and play (``play_sharing.Sharing``), the table
of classmates (``play_table.Classmates``) and the page's drawing (``play_page.PlayPage``).  Alone against bots the
learner's seat is called "You", and every line of the page speaks of it in the second person
(``tutor.narration``).  Deal codes are read and written by ``tutor.deal_code``.

The controls come from the game's ``inputs`` (``tutor.engine.Inputs``): a hand of card buttons with each card's
moves, buttons for moves that use no card, a box to type a move as a phrase (``inputs.typed``), and a race clock
(``inputs.race``) that ticks from the browser.  The variants come from the game's rules class.  No game is named
here.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import traitlets

from tutor import classroom
from tutor.bots import LEVELS
from tutor.deal_code import deal_code
from tutor.driver import Driver, Step, seats_of
from tutor.engine import IllegalMove, Misread, Record, State
from tutor.games import get_game
from tutor.lessons import load_lesson
from tutor.narration import in_tutor_voice, second_person, solo_names
from tutor.progress import PlayedGame
from tutor.widgets.base import GwariWidget, event_words, int_in, rule_title
from tutor.widgets.play_advice import Advice
from tutor.widgets.play_deals import Deals
from tutor.widgets.play_page import PlayPage
from tutor.widgets.play_pace import Pace
from tutor.widgets.play_panels import Panels
from tutor.widgets.play_sharing import Sharing
from tutor.widgets.play_table import Classmates


class PlayWidget(GwariWidget):
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
        self.sharing = int_in(sharing, 1, 100, "learners at this screen")
        self.game = get_game(slug)
        if typed and self.game.inputs.typed is None:
            raise ValueError(f"{self.game.title} has no moves to type; choose them with the buttons.")
        self.pace = Pace(self, step_bots, clock, pause_deals)
        self.panels = Panels(self)
        self.advice = Advice(self)
        self.deals = Deals(self)
        self.shared = Sharing(self)
        self.classmates = Classmates(self)
        self.page = PlayPage(self)
        self.parts = (self.pace, self.panels, self.advice, self.deals, self.shared, self.classmates)
        self.asks_seats = self.classmates.can_meet()
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
        self.lesson_rules = frozenset(rule.id for rule in self.lesson.rules)
        self.new_game(players or self.game.default_players, seed, level)

    def handler(self, kind: str) -> Any:
        """The part's ``on_<kind>`` that answers ``kind``, else the widget's own."""
        for part in self.parts:
            method = part.handles(kind)
            if method is not None:
                return method
        return super().handler(kind)

    # -- game flow

    def names_for(self, players: int) -> list[str] | None:
        """The seats' names for a game of ``players``: those given, if they fit; alone against bots the learner's
        seat is "You"; else the game's own (``None``)."""
        names = self.names if self.names and len(self.names) == players else None
        if names is None and self.sharing == 1:
            names = solo_names(self.game.default_names, players, self.seat)
        return names

    def new_game(self, players: int, seed: int | None = None, level: str | None = None, *, notice: str = "",
                 dealt: State | None = None) -> None:
        """Deal a new game (a fresh seed unless one is given; ``dealt``: the game as already dealt for these players
        and seed) and let the bots move until it is the learner's turn (one at a time with ``step_bots``);
        ``notice`` is shown above the table and said first."""
        if level is not None:
            if level not in LEVELS:
                raise ValueError(f"Bot level must be one of {', '.join(LEVELS)}.")
            self.level = level
        self.seed = random.SystemRandom().randrange(10_000) if seed is None else seed
        self.shared.seat_learners(players)
        state = dealt if dealt is not None else self.game.start(players=players, seed=self.seed,
                                                               names=self.names_for(players), **self.options)
        self.driver = Driver(self.game, state, seed=self.seed, bots=seats_of(self.humans, players, self.level))
        self.driver.watchers.append(self._followed)
        self.players = players
        self.turn_mark = 0
        self.selected: int | None = None
        self.error: IllegalMove | None = None
        self.advice.hint = self.advice.why = ""
        self.notice = notice
        self.learner_moves = 0
        self.pace.still()
        self.game_kept = False
        self.class_deal = classroom.class_deal()
        self.deal_rules = frozenset(e.rule for e in self.state.events)  # the rules that start a deal
        self.panels.start()
        self.panels.meet(self.state.events)
        self.run_bots()
        self.tell(0, f"{notice} New deal, code {self.code}." if notice else f"New deal, code {self.code}.")
        self.refresh()

    def play_from(self, state: State) -> None:
        """Play on from ``state`` (a prepared deal, such as one a test or a scenario sets out): the game's record,
        narration, undo points and bots start again from it; the page is redrawn."""
        self.driver = Driver(self.game, state, seed=self.seed, bots=seats_of(self.humans, self.players, self.level))
        self.driver.watchers.append(self._followed)
        self.turn_mark = 0
        self.driver.lines.clear()
        self.refresh()

    # -- the driver's game, as this page reads it

    @property
    def state(self) -> State:
        return self.driver.state

    @property
    def record(self) -> Record:
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

    @property
    def names_now(self) -> list[str]:
        """The players' names in seat order."""
        return self.driver.names

    @property
    def reader(self) -> str:
        """The name of the seat of the learner reading this page (who is "you" in every line it shows)."""
        return self.names_now[self.seat]

    def told(self, text: str) -> str:
        """An engine's line as this page's learner reads it: their seat in the second person."""
        return second_person(text, self.reader)

    def advised(self, reason: str) -> str:
        """A bot's reason as the tutor's advice to this page's learner: "you" for the learner's seat, and the
        bot's "I" as "you"."""
        return in_tutor_voice(self.told(reason))

    def _followed(self, step: Step) -> None:
        """Each move the driver makes here: what the panels beside the table follow, the rules it cites, the end."""
        driver = self.driver
        self.panels.follow(step.before, driver.view_at(step.before, self.seat), driver.view_at(step.after, self.seat),
                           step.mover, step.action, step.after.events)
        self.panels.meet(step.after.events)
        if step.after.is_over:
            self.keep_game()

    def keep_game(self) -> None:
        """A finished game goes to the learner's record for the teacher, once (when the learner has given a name;
        in pass and play, the named learner is the first seat's)."""
        if self.game_kept:
            return
        self.game_kept = True
        result = self.state.result()
        seat = 0 if len(self.humans) > 1 else self.seat
        classroom.keep_game(PlayedGame(
            self.game.slug, dict(self.options), self.code, tuple(self.names_now), seat,
            tuple(result.scores), seat in result.winners, len(self.record.actions), self.level))

    def run_bots(self, waited: bool = False, step: bool = False) -> None:
        """Bots move until it is the learner's turn.  One at a time with ``step_bots``: each move that shows
        something waits for the browser's next tick (``step``: this call may make one).  Play stops at a deal's
        summary; before a move that may close an offer the learner has open, the table waits for the learner (on
        the clock, a few seconds; the browser's clock brings it back with ``waited``)."""
        pace = self.pace
        pace.still()
        stopped = self.driver.run_bots(offer_seat=self.seat, stepping=pace.step_bots and not self.race_phase(),
                                       step=step, waited=waited, stop=lambda: pace.deal_waits)
        pace.stopped(stopped)
        if stopped == "person":
            self.shared.hand_over()
        pace.schedule()

    def go_on(self, waited: bool = False) -> None:
        """The table's next step (a bot's move shown, or the table going on past an offer), said and drawn."""
        start = len(self.lines)
        self.run_bots(waited=waited, step=True)
        if len(self.lines) > start:
            self.tell(start)
        self.refresh()

    def race_phase(self) -> bool:
        """Whether a race is on and it is the learner's decision (a move in a race cannot be taken back)."""
        race = self.game.inputs.race
        table = self.classmates.table
        if table is not None:  # at a table: the race is on for this seat until it has touched
            return race is not None and table.race is not None and self.seat in self.state.current_players
        return (race is not None and not self.state.is_over and self.state.current_player in self.humans
                and race.clock(self.state) is not None)

    def racing(self) -> bool:
        """Whether the race clock runs in the browser: a race on, the learner's decision, and playing on the clock
        (off the clock each tick of the race waits for the learner's choice)."""
        return ((self.pace.clock or len(self.humans) > 1 or self.classmates.table is not None)
                and self.race_phase())

    def tell(self, start: int, head: str = "") -> None:
        """Announce the events from ``start`` in the log, and what the learner is to do."""
        reader = self.reader
        lines = [event_words(e, gloss_hidden=self.typed, names=self.names_now, reader=reader)
                 for _step, e in self.lines[start:]]
        lines += self.panels.told_fresh()
        if self.pace.deal_waits:
            lines.append(f"Deal {self.panels.summary.number} is over: read how it went, then press Next deal.")
        elif self.state.is_over or (self.state.current_player == self.seat and not self.racing()):
            lines.append(self.told(self.status_line()))
        self.announce(" ".join(([head] if head else []) + lines))

    def answers_ticks(self) -> bool:
        """At a table most ticks find nothing new, and the next must still come at the table's pace."""
        return self.classmates.table is not None

    # -- what the browser may ask

    def on_card(self, value: Any, _inputs: dict) -> None:
        """Choose a card of the learner's hand."""
        hand = self.seat_view().seats[self.seat].hand
        index = int_in(value, 0, len(hand) - 1, "card")
        self.selected = None if self.selected == index else index
        self.refresh()

    def on_move(self, value: Any, _inputs: dict) -> None:
        """Try a move given as its text; an illegal one is explained with its rule and changes nothing."""
        self.try_move(lambda: self.game.parse_action(self.state, str(value)))

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
            self.misread(exc, text)
            return
        self.try_move(lambda: action)

    def misread(self, exc: Misread, text: str) -> None:
        """A phrase typed that could not be read: the correction is shown and said, and the word fumbled goes to
        the learner's drill."""
        self.correction = exc.hint
        if exc.expected:
            self.fumbles.append((exc.expected, exc.typed))
            typed = self.game.inputs.typed
            if typed is not None and typed.drill:
                self.keep_for_drill(exc.expected, exc.typed)
        self.error = None
        self.announce(f"You typed {text}. {self.correction}")
        self.refresh()

    def keep_for_drill(self, expected: str, typed: str) -> None:
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
        if self.classmates.table is not None:  # at a table the table paces the game, never this page's own bots
            self.classmates.tick()
            return
        if self.pace.waiting or self.pace.stepping:
            self.go_on(waited=self.pace.waiting)
            return
        if self.classmates.lobby:
            self.refresh()  # the list of open tables, fresh
            return
        if not self.racing():
            self.playing = False
            return
        start = len(self.lines)
        if len(self.humans) > 1:
            self.shared.race_tick()
        else:
            self.driver.apply(self.game.inputs.race.idle(self.state))
        self.run_bots()
        self.error = None
        if len(self.lines) > start:
            self.tell(start)
        self.refresh()

    def checked(self, make_action: Callable[[], Any]) -> tuple[Any, State] | None:
        """The learner's move and the position after it, checked by the driver (it must be theirs: their turn, or a
        move offered to them; and legal), nothing changed.  A refusal is shown with its rule, and ``None``
        returned."""
        try:
            action = make_action()
            return action, self.driver.check(self.seat, action)
        except IllegalMove as exc:
            self.refused(exc)
            self.refresh()
            return None

    def refused(self, exc: IllegalMove) -> None:
        """A move the rules refuse: shown by the controls with its rule's title, and said."""
        self.error = exc
        title = rule_title(self.lesson, exc.rule)
        self.announce(f"Not allowed: {self.told(exc.reason)}" + (f" Rule: {title}." if title else ""))

    def try_move(self, make_action: Callable[[], Any]) -> None:
        """The learner's move: refused with its rule, or made (an undo point kept before it) and the bots answer."""
        self.advice.hint = self.advice.why = ""
        if self.state.is_over:
            raise ValueError("The game is over.")
        if self.pace.deal_waits:
            self.notice = "This deal is over: read how it went, then press Next deal."
            self.announce(self.notice)
            self.refresh()
            return
        if self.shared.covered:
            self.notice = f"The screen is {self.names_now[self.seat]}'s now: they press that they are ready first."
            self.announce(self.notice)
            self.refresh()
            return
        if self.classmates.table is not None:
            try:
                action = make_action()
            except IllegalMove as exc:
                self.error = exc
                self.refresh()
                return
            self.classmates.move(action)
            return
        checked = self.checked(make_action)
        if checked is None:
            return
        action, after = checked
        self.said = self.correction = ""
        self.error = None
        self.notice = ""
        if not self.race_phase():  # a move in a race cannot be taken back
            self.driver.keep_point(self.seat, extra=(self.turn_mark, self.panels.marks()))
        self.turn_mark = start = len(self.lines)
        self.shared.turn_marks[self.seat] = start
        self.learner_moves += 1
        self.panels.turn()
        self.driver.apply(action, after=after)
        self.run_bots()
        self.selected = None
        self.tell(start)
        self.refresh()

    def on_review(self, _value: Any, _inputs: dict) -> None:
        """Hand the finished game's record to whoever shows a step-through, with the bots' reasons for their moves
        (by move number, for *Why?* there)."""
        if self.on_review_cb is not None:
            reasons = {i: why for i, (_move, why) in self.reasons.items() if i < len(self.record.actions) and why}
            self.on_review_cb(self.record, self.seat, reasons)

    # -- drawing

    def render(self) -> str:
        """The page (``PlayPage``), with each seat's note in that seat's box."""
        return self.panels.with_seat_notes(self.page.html())

    @property
    def code(self) -> str:
        """This deal's code (its variants in letters and digits: ``tutor.deal_code``)."""
        return deal_code(self.players, self.seed, self.options, self.game)

    # -- what tests and notebooks read of the parts

    @property
    def hint(self) -> str:
        return self.advice.hint

    @property
    def why(self) -> str:
        return self.advice.why

    @property
    def can_undo(self) -> bool:
        return self.advice.can_undo

    @property
    def last_reason(self) -> tuple[str, str] | None:
        return self.driver.last_reason

    @property
    def table(self) -> Any:
        """The table of classmates this page holds a seat at (``None``: none)."""
        return self.classmates.table
