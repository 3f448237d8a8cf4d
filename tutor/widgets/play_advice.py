"""The play app's help for the learner: *Hint* (what the stronger bot would do, in the tutor's voice), *Why?* (the
newest bot move's reason, in the bot's words) and *Undo*; and the page's reader, the learner whose seat every line
speaks of as "you" (``tutor.narration``).

A part of ``PlayApp`` (``tutor.widgets.play``), which holds the game and sets every attribute used here.
"""

from __future__ import annotations

from typing import Any

from tutor.bots import make_bot
from tutor.narration import in_tutor_voice, second_person


class PlayAdvice:
    """Hint, Why? and Undo of ``PlayApp``, and the words as its learner reads them."""

    state: Any
    seat: int
    game: Any
    seed: int
    typed: bool
    record: Any
    reasons: dict
    undo_points: list
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
        offers = [] if self.state.is_over else self.state.offers(self.seat)
        if self.state.is_over or (self.state.current_player != self.seat and not offers):
            raise ValueError("It is not your turn.")
        bot = make_bot(self.game.slug, "strong", self.seed)
        parts = []
        if offers:  # a move the learner may make out of turn: what the stronger bot would do with it
            offered, why = bot.offer(self.state, self.seat)
            if why:
                parts.append(f"{self.state.prompt(offered or offers[0])}? {self.advised(why)}")
        if self.state.current_player == self.seat:
            action, reason = bot.explain(self.state)
            if self.typed and self.game.inputs.typed is not None:
                reason += f" ({self.state.prompt(action)}.)"
            advice = self.advised(reason)
            if advice.startswith(("You ", "Your ")):
                advice = advice[0].lower() + advice[1:]  # after the dash, the sentence goes on
            parts.append(f"{self.told(self.state.describe(action))} — {advice}")
        self.hint = " ".join(parts)
        self.announce(f"Hint: {self.hint}")
        self.refresh()

    def advised(self, reason: str) -> str:
        """A bot's reason as the tutor's advice to this page's learner: "you" for the learner's seat, and the
        bot's "I" as "you"."""
        return in_tutor_voice(self.told(reason))

    def _undo_target(self) -> int | None:
        if self.state.is_over or self._race_phase() or len(self.humans) > 1:
            return None
        return next((i for i in range(len(self.undo_points) - 1, -1, -1) if self.undo_points[i].open), None)

    @property
    def can_undo(self) -> bool:
        """Whether some earlier point can be gone back to (no card hidden there has come into the learner's hand
        since)."""
        return self._undo_target() is not None

    def _keep_reason(self, action: Any, why: str) -> None:
        """What a bot says of the move it is about to make, kept for *Why?* under the move's number."""
        self.reasons[len(self.record.actions)] = (self.state.describe(action), why)

    @property
    def last_reason(self) -> tuple[str, str] | None:
        """The newest bot move still in the game, in words, and the bot's reason for it."""
        moves = [i for i in self.reasons if i < len(self.record.actions)]
        return self.reasons[max(moves)] if moves else None

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
        target = self._undo_target()
        if target is None:
            raise ValueError("Undo is not possible: a hidden card has come into your hand since your move.")
        point = self.undo_points[target]
        del self.undo_points[target:]
        self.state, self.record, self.turn_mark = point.state, point.record, point.turn_mark
        del self.lines[point.lines:]
        self.last_trick, self.trick_open, self.seat_notes = point.table[0], point.table[1], dict(point.table[2])
        self.summary, self.new_cards, self.fresh_cards = None, [], []
        self.waiting = self.holding = self.stepping = False
        self._schedule()
        self.error, self.hint, self.why, self.selected = None, "", "", None
        self.reasons = {i: r for i, r in self.reasons.items() if i < len(self.record.actions)}
        self.announce("Your move is taken back. " + self.told(self.state.status()))
        self.refresh()
