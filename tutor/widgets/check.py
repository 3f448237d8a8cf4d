"""A quick check on a rule that teaches: every wrong answer says at once why it is wrong.

Kinds (``tutor.lessons.Check``): pick one answer (``choice``; ``spot``, spot the mistake; ``score``, what
scores), put items in order (``order``: click them in order, with *Start again*), or make the move on a given
position (``move``: the hand does not mark the cards the rules allow; a move the rules refuse is answered with
the rules' own reason, a legal move that is not the answer with the lesson's).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from tutor.engine import IllegalMove
from tutor.lessons import CHOICE_KINDS, Check, load_lesson
from tutor.narration import second_person
from tutor.widgets.base import GwariWidget, button, esc, heading, int_in, plain, rule_html, table_html, turn_told
from tutor.widgets.moves import move_panel

HEADINGS = {"choice": "Check", "spot": "Spot the mistake", "score": "What scores?", "order": "Put them in order",
            "move": "Your move"}


@lru_cache(maxsize=None)
def card_class(game: str) -> Any:
    """The class of the cards ``game`` plays with (its ``parse`` reads a card code), or None."""
    from tutor.games import GAMES

    if game not in GAMES:
        return None
    cards = GAMES[game].start(seed=1).cards()
    return type(cards[0]) if cards else None


def item_labels(items: tuple[str, ...], game: str) -> tuple[str, ...]:
    """An order check's items as the learner reads them: card codes as the cards' names ("HOUSE" → "House",
    "Wa14" → "Water 14") when every item is a card of the game's deck; other texts as they are."""
    cls = card_class(game)
    if cls is None:
        return items
    try:
        names = [cls.parse(item).english for item in items]
    except (ValueError, TypeError, KeyError, AttributeError):
        return items
    return tuple(name[:1].upper() + name[1:] for name in names)


class CheckWidget(GwariWidget):
    """One question with feedback at each answer; the learner may try again as often as they like."""

    accepts = ("choose", "item", "reset", "card", "move", "again")

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
        self.tried: list[int] = []  # wrong choices picked so far, marked ✘
        self.picked: list[int] = []  # an order check's items, in the order clicked
        self.state = check.scenario.states()[-1] if check.kind == "move" and check.scenario else None
        self.labels = item_labels(check.items, self.game) if check.kind == "order" else ()
        self.refresh()

    # ------------------------------------------------------------ answering

    def on_choose(self, value: Any, _inputs: dict) -> None:
        """An answer picked (choice, spot, score): the explanation when right, its own reason when wrong."""
        if self.check.kind not in CHOICE_KINDS:
            raise ValueError("choose: this check has no answers to pick")
        index = int_in(value, 0, len(self.check.choices) - 1, "choice")
        right = self.check.is_right(index)
        self.answer = index
        if not right and index not in self.tried:
            self.tried.append(index)
        self.feedback = self._verdict(right, self.check.reason(index), self.check.choices[index])
        self._answered(self.check.choices[index], right)

    def on_item(self, value: Any, _inputs: dict) -> None:
        """The next item of an order check; the order is judged once every item is placed."""
        if self.check.kind != "order":
            raise ValueError("item: this check has no items to order")
        index = int_in(value, 0, len(self.check.items) - 1, "item")
        if index in self.picked:
            raise ValueError("item: that one is placed already")
        if len(self.picked) == len(self.check.items):
            raise ValueError("item: every item is placed; start again to change the order")
        self.picked.append(index)
        if len(self.picked) < len(self.check.items):
            self.announce(f"{len(self.picked)}: {self.labels[index]}. Choose what comes next.")
            self.refresh()
            return
        right = self.check.is_right(self.picked)
        self.answer = list(self.picked)
        self.feedback = self._verdict(right, self.check.reason(self.picked))
        self._answered(", ".join(self.labels[i] for i in self.picked), right)

    def on_reset(self, _value: Any, _inputs: dict) -> None:
        """Start an order check again from nothing placed."""
        if self.check.kind != "order":
            raise ValueError("reset: this check has no order to reset")
        self.on_again(None, {})

    def on_card(self, value: Any, _inputs: dict) -> None:
        """Choose a card of the position's hand."""
        if self.state is None:
            raise ValueError("card: this check has no hand")
        hand = self.state.view(self.state.current_player).seats[self.state.current_player].hand
        self.selected = int_in(value, 0, len(hand) - 1, "card")
        self.refresh()

    def on_move(self, value: Any, _inputs: dict) -> None:
        """A move tried on the position: one the rules refuse gets their reason, a legal one is judged."""
        if self.state is None:
            raise ValueError("move: this check has no position")
        from tutor.games import get_game

        text = str(value)
        try:
            action = get_game(self.game).parse_action(self.state, text)
            self.state.apply(action)
        except IllegalMove as exc:
            self.answer = text
            self.feedback = (f'<div class="gw-error">✘ Not allowed: {esc(second_person(exc.reason, self.reader))}</div>'
                             + rule_html(load_lesson(self.game), exc.rule))
            self._answered(text, False)
            return
        right = self.check.is_right(text)
        self.answer = text
        what = self.state.describe(action)
        self.feedback = self._verdict(right, self.check.reason(text), second_person(what, self.reader))
        self._answered(what, right)

    def on_again(self, _value: Any, _inputs: dict) -> None:
        """Clear the answer to try again."""
        self.answer, self.feedback, self.selected = None, "", None
        self.picked = []
        self.announce("Try again: " + self.check.question)
        self.refresh()

    def _answered(self, answer: str, right: bool) -> None:
        """Say the verdict, redraw, and tell whoever keeps the learner's answers (the lesson, for the teacher)."""
        self.announce(plain(self.feedback))
        self.refresh()
        if self.on_answer is not None:
            self.on_answer(answer, right)

    @property
    def reader(self) -> str:
        """The seat whose move the learner makes, when the question speaks to the learner as that seat ("You hold
        7♣…"): its lines are then in the second person.  A question about a character ("Make Ola's move") keeps
        the third person ("" here)."""
        if self.state is None or not re.search(r"\byou\b", self.check.question, re.IGNORECASE):
            return ""
        return self.state.view(None).seats[self.state.current_player].name

    @property
    def correct(self) -> bool:
        """Whether the last answer was right."""
        return self.answer is not None and self.check.is_right(self.answer)

    def _verdict(self, right: bool, why: str, what: str = "") -> str:
        head = f"{esc(what)}: " if what else ""
        if right:
            return f'<div class="gw-good">✔ {head}right. {esc(self.check.explain)}</div>'
        return f'<div class="gw-error">✘ {head}not quite. {esc(why or "Try again.")}</div>'

    # ------------------------------------------------------------ drawing

    def render(self) -> str:
        """The question, its answers, items or position, the feedback and Try again."""
        parts = ['<div class="gw-panel">', heading(self.level, HEADINGS[self.check.kind]),
                 f"<p>{esc(self.check.question)}</p>"]
        if self.check.kind in CHOICE_KINDS:
            parts.append(self._choices())
        elif self.check.kind == "order":
            parts.append(self._order())
        else:
            assert self.state is not None
            me = self.state.current_player
            view, status = self.state.view(me), self.state.status()
            parts.append(table_html(view, width=48, own_hand=False, level=self.level + 1, reader=self.reader))
            parts.append(turn_told(move_panel(self.state, me, self.selected, level=self.level + 1, mark_legal=False,
                                              view=view, status=status), status, self.reader))
        parts.append(f'<div data-testid="feedback">{self.feedback}</div>')
        if self.answer is not None:
            parts.append(button("Try again", "again", key="again", focus=self.check.kind == "order"))
        parts.append("</div>")
        return "".join(parts)

    def _choices(self) -> str:
        out = ['<div class="gw-row">']
        for i, choice in enumerate(self.check.choices):
            chosen = self.answer == i
            mark = "✔ " if chosen and self.check.is_right(i) else "✘ " if chosen or i in self.tried else ""
            describe = "(your answer)" if chosen else "(tried: not this one)" if i in self.tried else ""
            out.append(button(mark + choice, "choose", i, primary=chosen, group="choices", pressed=chosen,
                              key=f"choose-{i}", focus=i == 0, describe=describe))
        out.append("</div>")
        return "".join(out)

    def _order(self) -> str:
        items = self.labels
        done = len(self.picked) == len(items)
        left = [i for i in range(len(items)) if i not in self.picked]
        out = ['<div class="gw-small">Click them in order, first to last.</div>'
               '<div class="gw-row" role="group" aria-label="the items">']
        for i, item in enumerate(items):
            placed = i in self.picked
            label = f"{self.picked.index(i) + 1}. {item}" if placed else item
            out.append(button(label, "item", i, group="items", key=f"item-{i}", disabled=placed or done,
                              pressed=placed, focus=bool(left) and i == left[0],
                              describe=f"(placed {self.picked.index(i) + 1})" if placed else ""))
        out.append("</div>")
        if self.picked:
            order = "".join(f"<li>{esc(items[i])}</li>" for i in self.picked)
            out.append(f'<div class="gw-small">Your order:</div><ol data-testid="order">{order}</ol>')
            if not done:
                out.append(button("Start again", "reset", key="reset", focus=not left))
        return "".join(out)
