"""The play app's help for the learner: *Hint* (what the stronger bot would do, in the tutor's voice), *Why?* (the
newest bot move's reason, in the bot's words) and *Undo*; and the page's reader, the learner whose seat every line
speaks of as "you" (``tutor.narration``).

A part of ``PlayApp`` (``tutor.widgets.play``), which holds the game and sets every attribute used here.
"""

from __future__ import annotations

from typing import Any

from tutor.narration import in_tutor_voice, second_person


class PlayAdvice:
    """Hint, Why? and Undo of ``PlayApp``, and the words as its learner reads them."""

    state: Any
    seat: int
    game: Any
    driver: Any
    typed: bool
    humans: frozenset
    names_now: list

    @property
    def reader(self) -> str:
        """The name of the seat of the learner reading this page (who is "you" in every line it shows)."""
        return self.names_now[self.seat]

    def told(self, text: str) -> str:
        """An engine's line as this page's learner reads it: their seat in the second person."""
        return second_person(text, self.reader)

    def on_hint(self, _value: Any, _inputs: dict) -> None:
        """What the stronger bot would do in the learner's place, and why."""
        advice = self.driver.advice(self.seat)
        parts = []
        if advice.offer is not None and advice.offered_why:  # a move the learner may make out of turn
            parts.append(f"{self.state.prompt(advice.offered or advice.offer)}? {self.advised(advice.offered_why)}")
        if advice.action is not None:
            reason = advice.why
            if self.typed and self.game.inputs.typed is not None:
                reason += f" ({self.state.prompt(advice.action)}.)"
            said = self.advised(reason)
            if said.startswith(("You ", "Your ")):
                said = said[0].lower() + said[1:]  # after the dash, the sentence goes on
            parts.append(f"{self.told(self.state.describe(advice.action))} — {said}")
        self.hint = " ".join(parts)
        self.announce(f"Hint: {self.hint}")
        self.refresh()

    def advised(self, reason: str) -> str:
        """A bot's reason as the tutor's advice to this page's learner: "you" for the learner's seat, and the
        bot's "I" as "you"."""
        return in_tutor_voice(self.told(reason))

    def _undo_target(self) -> int | None:
        if self._race_phase() or len(self.humans) > 1:
            return None
        return self.driver.undo_target()

    @property
    def can_undo(self) -> bool:
        """Whether some earlier point can be gone back to (no card hidden there has come into the learner's hand
        since)."""
        return self._undo_target() is not None

    @property
    def last_reason(self) -> tuple[str, str] | None:
        """The newest bot move still in the game, in words, and the bot's reason for it."""
        return self.driver.last_reason

    def on_why(self, _value: Any, _inputs: dict) -> None:
        """Why the newest bot move was made, in the bot's words (what it saw, the rule of thumb, or the search's
        figures)."""
        last = self.last_reason
        if last is None:
            raise ValueError("No bot has moved yet.")
        move, why = last
        move, why = self.told(move), self.told(why)  # the bot's own words, with the learner as "you"
        self.why = f"{move}: {why}" if why else f"{move}: a move the bot chose at random."
        self.announce(f"Why? {self.why}")
        self.refresh()

    def on_undo(self, _value: Any, _inputs: dict) -> None:
        """Go back to the latest point before a move of the learner's where no hidden card has come into their hand
        since, even after the bots answered (their cards go back to their hands)."""
        if self._undo_target() is None:
            raise ValueError("Undo is not possible: a hidden card has come into your hand since your move.")
        self.turn_mark, marks = self.driver.undo().extra
        self.last_trick, self.trick_open, self.seat_notes = marks[0], marks[1], dict(marks[2])
        self.summary, self.new_cards, self.fresh_cards = None, [], []
        self.waiting = self.holding = self.stepping = False
        self._schedule()
        self.error, self.hint, self.why, self.selected = None, "", "", None
        self.announce("Your move is taken back. " + self.told(self.status_line()))
        self.refresh()
