"""Real-time races in the play app: the learner's clock runs while a game is in a timed phase.

A game opts in with two State hooks: ``race_clock`` (milliseconds on the race
clock, ``None`` outside a race) and ``idle_action()`` (what a player who does
nothing in one tick does).  While the learner is to decide in a race, the browser
sends ``tick`` every ``rules.tick_ms``; a tick with no click plays the idle action
for the learner, and a click plays the chosen move (e.g. "nose") in that tick.
The rules stay in the engine: this only supplies the learner's timing.
"""

from __future__ import annotations

from typing import Any

from tutor.widgets.play import PlayApp


def in_race(state: Any) -> bool:
    """True while ``state`` is in a timed phase that the learner's clock drives."""
    return getattr(state, "race_clock", None) is not None and not state.is_over


class RaceApp(PlayApp):
    """The play app, with the learner's clock running during races."""

    accepts = PlayApp.accepts + ("tick",)

    def _run_bots(self) -> None:
        super()._run_bots()
        racing = in_race(self.state) and self.state.current_player == self.seat
        if racing:
            self.interval = int(getattr(self.state.rules, "tick_ms", 250))
        self.playing = racing

    def on_tick(self, _value: Any, _inputs: dict) -> None:
        """A tick of the race clock went by without a click: the learner's idle action, then the bots."""
        if not (in_race(self.state) and self.state.current_player == self.seat):
            self.playing = False
            return
        self._apply(self.state.idle_action())
        self._run_bots()
        self.refresh()


def play_race(slug: str = "pig", **kwargs: Any) -> Any:
    """The race-aware play app with a step-through of each finished game shown below it."""
    import ipywidgets

    from tutor.widgets.stepper import Stepper

    review = ipywidgets.VBox([])

    def show_review(record: Any, seat: int) -> None:
        review.children = [Stepper(record, viewer=seat, reveal=False, title="Your game, step by step")]

    app = RaceApp(slug, on_review=show_review, **kwargs)
    return ipywidgets.VBox([app, review])
