"""Pass and play: several learners at one screen, taking turns, each hand hidden until its learner has the screen.

``Sharing`` is a part of ``PlayWidget`` (``tutor.widgets.play``): it seats the learners (the first ``sharing`` seats;
alone, the learner's own seat), covers the screen when it passes from one learner to the next (*I am …: show my
hand*), keeps where each learner's "what just happened" starts, and in a race gives each learner at the screen a
race button of their own, every press counting in the tick of the race clock it came in.
"""

from __future__ import annotations

from typing import Any

from tutor.widgets.base import int_in
from tutor.widgets.part import Part


class Sharing(Part):
    """The learners at this screen and the screen passed between them."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.covered = False  # the screen waits for the next learner to say they are ready
        self.pressed: set[int] = set()  # in a race: the learners at this screen who pressed in this tick
        self.turn_marks: dict[int, int] = {}  # where each learner's "what just happened" starts

    def seat_learners(self, players: int) -> None:
        """A new game: the first ``sharing`` seats are learners at this one screen (each hand hidden until its
        learner has the screen, the first too); alone, the learner's own seat."""
        app = self.app
        if app.sharing > 1:
            app.humans = frozenset(range(min(app.sharing, players)))
            app.seat = 0
        else:
            app.humans = frozenset({app.seat})
        self.covered = app.sharing > 1
        self.pressed = set()
        self.turn_marks = {}

    def hand_over(self) -> None:
        """When another learner at this screen is to move, the screen is theirs, hidden until they press that they
        are ready (in a race everyone races at once: nothing to hand over)."""
        app = self.app
        mover = app.state.current_player
        if mover == app.seat or mover not in app.humans or app.race_phase():
            return
        app.seat = mover
        self.covered = True
        app.selected, app.error = None, None
        app.advice.hint = app.advice.why = ""
        app.turn_mark = self.turn_marks.get(mover, 0)

    def on_ready(self, _value: Any, _inputs: dict) -> None:
        """The learner the screen was passed to shows their hand."""
        app = self.app
        if not self.covered:
            raise ValueError("Your hand is already shown.")
        self.covered = False
        app.announce(f"{app.names_now[app.seat]}, your hand. " + app.told(app.status_line()))
        app.refresh()

    def on_press(self, value: Any, _inputs: dict) -> None:
        """In a race: the learner at ``value`` presses their race button (it counts in this tick of the race
        clock; at a table, with the store's time)."""
        app = self.app
        seat = int_in(value, 0, app.players - 1, "seat")
        if not app.race_phase() or seat not in app.humans:
            raise ValueError("There is no race on for that seat.")
        self.pressed.add(seat)
        if app.classmates.table is not None:
            app.classmates.move(None)  # kept with the store's time; the table settles the race at its clock's tick
            return
        app.refresh()

    def race_tick(self) -> None:
        """One tick of the race settled: each learner at this screen who pressed in it presses, the others let it
        go by; bots decide as they always do."""
        app = self.app
        race = app.game.inputs.race
        moves = app.driver.race_moves(lambda state, seat: race.press(state) if seat in self.pressed
                                      else race.idle(state))
        for seat, action, why in moves:
            app.driver.apply(action, why)
            self.pressed.discard(seat)
