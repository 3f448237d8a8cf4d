"""The play app's help for the learner: *Hint* (what the stronger bot would do, in the tutor's voice), *Why?* (the
newest bot move's reason, in the bot's words) and *Undo*.

``Advice`` is a part of ``PlayWidget`` (``tutor.widgets.play``); what it says comes from the game's driver
(``tutor.driver``: ``advice``, ``last_reason``, ``undo``), spoken to the page's learner (``PlayWidget.told``).
"""

from __future__ import annotations

from typing import Any

from tutor.widgets.part import Part


class Advice(Part):
    """Hint, Why? and Undo."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.hint = self.why = ""

    def on_hint(self, _value: Any, _inputs: dict) -> None:
        """What the stronger bot would do in the learner's place, and why."""
        app = self.app
        advice = app.driver.advice(app.seat)
        state = app.state
        parts = []
        if advice.offer is not None and advice.offered_why:  # a move the learner may make out of turn
            parts.append(f"{state.prompt(advice.offered or advice.offer)}? {app.advised(advice.offered_why)}")
        if advice.action is not None:
            reason = advice.why
            if app.typed and app.game.inputs.typed is not None:
                reason += f" ({state.prompt(advice.action)}.)"
            said = app.advised(reason)
            if said.startswith(("You ", "Your ")):
                said = said[0].lower() + said[1:]  # after the dash, the sentence goes on
            parts.append(f"{app.told(state.describe(advice.action))} — {said}")
        self.hint = " ".join(parts)
        app.announce(f"Hint: {self.hint}")
        app.refresh()

    def undo_target(self) -> int | None:
        """The undo point Undo would go back to (``None``: none; never in a race, nor with several learners at the
        screen, who have seen the move)."""
        app = self.app
        if app.race_phase() or len(app.humans) > 1:
            return None
        return app.driver.undo_target()

    @property
    def can_undo(self) -> bool:
        """Whether some earlier point can be gone back to (no card hidden there has come into the learner's hand
        since)."""
        return self.undo_target() is not None

    def on_why(self, _value: Any, _inputs: dict) -> None:
        """Why the newest bot move was made, in the bot's words (what it saw, the rule of thumb, or the search's
        figures)."""
        app = self.app
        last = app.driver.last_reason
        if last is None:
            raise ValueError("No bot has moved yet.")
        move, why = last
        move, why = app.told(move), app.told(why)  # the bot's own words, with the learner as "you"
        self.why = f"{move}: {why}" if why else f"{move}: a move the bot chose at random."
        app.announce(f"Why? {self.why}")
        app.refresh()

    def on_undo(self, _value: Any, _inputs: dict) -> None:
        """Go back to the latest point before a move of the learner's where no hidden card has come into their hand
        since, even after the bots answered (their cards go back to their hands)."""
        app = self.app
        if self.undo_target() is None:
            raise ValueError("Undo is not possible: a hidden card has come into your hand since your move.")
        app.turn_mark, marks = app.driver.undo().extra
        app.panels.put_back(marks)
        app.pace.still()
        app.pace.schedule()
        app.error, self.hint, self.why, app.selected = None, "", "", None
        app.announce("Your move is taken back. " + app.told(app.status_line()))
        app.refresh()
