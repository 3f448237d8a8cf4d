"""A quick check on a rule: multiple choice, or "make the right move" on a given position."""

from __future__ import annotations

from typing import Any, Callable

from tutor.engine import IllegalMove
from tutor.lessons import Check, load_lesson
from tutor.widgets.base import GwariWidget, button, esc, heading, int_in, plain, rule_html, table_html
from tutor.widgets.moves import move_panel


class CheckWidget(GwariWidget):
    """One question with feedback; the learner may try again."""

    accepts = ("choose", "card", "move", "again")

    def __init__(self, check: Check, *, game: str = "", level: int = 3,
                 on_answer: Callable[[str, bool], Any] | None = None) -> None:
        super().__init__()
        self.on_answer = on_answer
        self.level = level
        self.check = check
        self.game = game or (check.scenario.game if check.scenario else "")
        self.answer: Any = None
        self.feedback = ""
        self.selected: int | None = None
        self.state = check.scenario.states()[-1] if check.scenario else None
        self.refresh()

    def on_choose(self, value: Any, _inputs: dict) -> None:
        """A multiple-choice answer."""
        index = int_in(value, 0, len(self.check.choices) - 1, "choice")
        self.answer = index
        self.feedback = self._verdict(self.check.is_right(index))
        self._answered(self.check.choices[index], self.check.is_right(index))
        self.announce(plain(self.feedback))
        self.refresh()

    def on_card(self, value: Any, _inputs: dict) -> None:
        """Choose a card of the position's hand."""
        assert self.state is not None
        hand = self.state.view(self.state.current_player).seats[self.state.current_player].hand
        self.selected = int_in(value, 0, len(hand) - 1, "card")
        self.refresh()

    def on_move(self, value: Any, _inputs: dict) -> None:
        """A move tried on the position: illegal ones are explained, legal ones judged."""
        assert self.state is not None
        from tutor.games import get_game

        text = str(value)
        try:
            action = get_game(self.game).parse_action(self.state, text)
            self.state.apply(action)
        except IllegalMove as exc:
            self.answer = text
            self.feedback = (f'<div class="gw-error">Not allowed: {esc(exc.reason)}</div>'
                             + rule_html(load_lesson(self.game), exc.rule))
            self._answered(text, False)
            self.announce(plain(self.feedback))
            self.refresh()
            return
        self.answer = text
        self.feedback = self._verdict(self.check.is_right(text), self.state.describe(action))
        self._answered(self.state.describe(action), self.check.is_right(text))
        self.announce(plain(self.feedback))
        self.refresh()

    def _answered(self, answer: str, right: bool) -> None:
        """Tell whoever keeps the learner's answers (the lesson, for the teacher)."""
        if self.on_answer is not None:
            self.on_answer(answer, right)

    def on_again(self, _value: Any, _inputs: dict) -> None:
        """Clear the answer to try again."""
        self.answer, self.feedback, self.selected = None, "", None
        self.announce("Try again: " + self.check.question)
        self.refresh()

    @property
    def correct(self) -> bool:
        """Whether the last answer was right."""
        return self.answer is not None and self.check.is_right(self.answer)

    def _verdict(self, right: bool, what: str = "") -> str:
        head = f"{esc(what)}: " if what else ""
        if right:
            return f'<div class="gw-good">✔ {head}right. {esc(self.check.explain)}</div>'
        return f'<div class="gw-error">✘ {head}not quite. Try again.</div>'

    def render(self) -> str:
        """The question, its answers or position, the feedback and Try again."""
        parts = ['<div class="gw-panel">', heading(self.level, "Check"), f"<p>{esc(self.check.question)}</p>"]
        if self.check.kind == "choice":
            parts.append('<div class="gw-row">')
            for i, choice in enumerate(self.check.choices):
                chosen = self.answer == i
                mark = ("✔ " if self.check.is_right(i) else "✘ ") if chosen else ""
                parts.append(button(mark + choice, "choose", i, primary=chosen, group="choices", pressed=chosen,
                                    key=f"choose-{i}", focus=i == 0,
                                    describe="(your answer)" if chosen else ""))
            parts.append("</div>")
        else:
            assert self.state is not None
            me = self.state.current_player
            parts.append(table_html(self.state.view(me), width=48, own_hand=False, level=self.level + 1))
            parts.append(move_panel(self.state, me, self.selected, level=self.level + 1))
        parts.append(f'<div data-testid="feedback">{self.feedback}</div>')
        if self.answer is not None:
            parts.append(button("Try again", "again", key="again"))
        parts.append("</div>")
        return "".join(parts)
