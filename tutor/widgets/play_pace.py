"""The play app's pace: the bots' moves one at a time on the browser's clock, a deal's end waiting for *Next deal*,
a move out of turn (a double) or a race waiting for the learner unless they play against the clock.

``Pace`` is a part of ``PlayWidget`` (``tutor.widgets.play``): it keeps the learner's settings and what the table
waits for, tells the browser whether its clock ticks and how often (``schedule``), and answers *Play on*, *Next
deal* and the two settings.  ``$GWARI_PACE=quick`` makes the table play at the engine's speed by default (bots at
once, windows on the clock, a deal's summary shown without stopping), as tests and benchmarks want.
"""

from __future__ import annotations

import os
from typing import Any

from tutor.inputs import OFFER_WAIT_MS
from tutor.widgets.part import Part

TABLE_TICK_MS = 150  # at a table of classmates: how often the page asks the table what is new
BOT_STEP_MS = 1200  # one bot's move at a time: how long each stays on show before the next
PACE_ENV = "GWARI_PACE"
PACES = ("learner", "quick")  # the learner's pace (the default), or the engine's speed (tests, benchmarks)


def default_pace() -> tuple[bool, bool, bool]:
    """(bots one at a time, on the clock, a deal's end waits for Next deal) as ``$GWARI_PACE`` sets them: the
    learner's pace unless "quick"."""
    pace = os.environ.get(PACE_ENV, "").strip() or "learner"
    if pace not in PACES:
        raise ValueError(f"{PACE_ENV} must be one of {', '.join(PACES)}, not {pace!r}.")
    learner = pace == "learner"
    return (learner, not learner, learner)


def yes_no(value: Any, field: str) -> bool:
    """A checkbox's value from the browser ("true"/"false"); anything else is refused naming the field."""
    text = str(value).strip().lower()
    if isinstance(value, bool) or text in ("true", "false"):
        return value if isinstance(value, bool) else text == "true"
    raise ValueError(f"{field} must be true or false.")


class Pace(Part):
    """The learner's pace at the table: the settings, and what the table waits for now."""

    def __init__(self, app: Any, step_bots: bool | None, clock: bool | None, pause_deals: bool | None) -> None:
        super().__init__(app)
        steps, timed, pauses = default_pace()
        self.step_bots = steps if step_bots is None else yes_no(step_bots, "step_bots")
        self.clock = timed if clock is None else yes_no(clock, "clock")
        self.pause_deals = pauses if pause_deals is None else yes_no(pause_deals, "pause_deals")
        self.had_window = False  # a move out of turn has been offered here: the clock setting is worth showing
        self.still()

    def still(self) -> None:
        """Nothing waits: no offer held open, no bot's move due at the next tick."""
        self.waiting = False  # on the clock: the table waits a few seconds for an offered move
        self.holding = False  # off the clock: the table waits until the learner makes the offered move or plays on
        self.stepping = False  # a bot's move is due at the browser's next tick

    def stopped(self, why: str) -> None:
        """Where the driver stopped the bots (``Driver.run_bots``): an offer open to the learner waits for them (a
        few seconds on the clock), the next bot move waits for the browser's tick."""
        if why == "offer":
            self.waiting, self.holding = self.clock, not self.clock
            self.had_window = True
        elif why == "step":
            self.stepping = True

    @property
    def deal_waits(self) -> bool:
        """Whether play stops on a deal's summary until the learner presses Next deal."""
        summary = self.app.panels.summary
        return (self.pause_deals and self.app.classmates.table is None  # at a table the summary stays in view
                and summary is not None and not summary.over)

    def schedule(self) -> None:
        """Whether the browser's clock ticks, and how often: a race on the clock, a wait on the clock for an
        offered move, or the bots' next step."""
        app = self.app
        if app.classmates.table is not None:  # at a table of classmates the page's clock always ticks
            app.playing, app.interval = True, TABLE_TICK_MS
            return
        racing = app.racing()
        if racing:
            app.interval = int(app.game.inputs.race.tick_ms(app.state))
        elif self.waiting:
            app.interval = OFFER_WAIT_MS
        elif self.stepping:
            app.interval = BOT_STEP_MS
        app.playing = racing or self.waiting or self.stepping

    # -- what the learner may ask

    def on_goon(self, _value: Any, _inputs: dict) -> None:
        """The learner lets the table go on without the move they were offered out of turn."""
        if not self.holding:
            raise ValueError("The table is not waiting for you.")
        self.app.go_on(waited=True)

    def on_nextdeal(self, _value: Any, _inputs: dict) -> None:
        """The learner has read the deal's summary: the next deal is played."""
        if not self.deal_waits:
            raise ValueError("There is no next deal to start.")
        app = self.app
        app.panels.summary = None
        app.panels.seat_notes = {}
        app.notice = ""
        start = len(app.lines)
        app.run_bots()
        app.tell(start, "Next deal.")
        app.refresh()

    def on_stepbots(self, value: Any, _inputs: dict) -> None:
        """The learner's setting: the bots' moves one at a time, or all at once (the table catches up now)."""
        self.step_bots = yes_no(value, "Show the bots' moves one at a time")
        if self.stepping and not self.step_bots:
            self.app.go_on()
            return
        self.app.refresh()

    def on_clock(self, value: Any, _inputs: dict) -> None:
        """The learner's setting: play against the clock (an offer and a race run in real time), or not."""
        self.clock = yes_no(value, "Play against the clock")
        if self.waiting or self.holding:
            self.waiting, self.holding = self.clock, not self.clock
        self.schedule()
        self.app.refresh()
