"""Step through a recorded game: first, back, next, last, a slider and autoplay.

Each step shows the table, what happened in words, what was said and what it
means, and the rule applied (title and text from the game's lesson).
"""

from __future__ import annotations

from typing import Any, Mapping

import traitlets

from tutor.engine import Record
from tutor.games import replay
from tutor.lessons import load_lesson
from tutor.narration import second_person
from tutor.widgets.base import GwariWidget, button, esc, event_html, event_words, heading, int_in, rule_html, table_html


class StepperWidget(GwariWidget):
    """Walks a ``Record``; ``step`` is the one source of truth for where we are."""

    step = traitlets.Int(0)
    reveal = traitlets.Bool(True)
    accepts = ("first", "back", "next", "last", "step", "reveal", "play", "tick", "why")

    def __init__(self, record: Record, *, viewer: int | None = None, reveal: bool = True,
                 title: str = "", interval: int = 1500, intro: str = "", focus: str = "", level: int = 3,
                 at_end: bool = False, reasons: Mapping[int, str] | None = None) -> None:
        """``at_end``: open at the game's last step, scrolled into view with the focus on *Back* (a step-through
        the learner asked for).  ``reasons``: what the bots said of their moves, by move number (0 for the first
        move), offered behind *Why?* at those steps."""
        super().__init__()
        self.reasons = {}
        for key, why in (reasons or {}).items():
            if type(key) is not int or not 0 <= key < len(record.actions) or not isinstance(why, str):
                raise ValueError(f"reasons: {key!r} must be a move number of the record (0 to "
                                 f"{len(record.actions) - 1}) with its reason in words.")
            self.reasons[key] = why
        self.asked = -1  # the step whose reason is shown
        self.level = level
        self.record = record
        self.states = replay(record)
        self.game = record.game
        self.lesson = load_lesson(record.game)
        self.viewer, self.title = viewer, title
        # The learner whose game this is reads it in the second person (their seat is "you").
        self.reader = "" if viewer is None else self.states[0].view(None).seats[viewer].name
        self.intro, self.focus = intro, focus
        self.interval = interval
        self.arrive = at_end  # shown at the learner's asking (a finished game): it opens where it is seen
        with self.hold_trait_notifications():
            self.reveal = reveal
            if at_end:
                self.step = self.last
        self.observe(self._changed, names=["step", "reveal", "playing"])
        self.refresh()

    def _changed(self, change: Any) -> None:
        if change["name"] == "step":
            self.announce(plain_step(self))
        self.refresh()

    def on_why(self, _value: Any, _inputs: dict) -> None:
        """The reason the bot gave for this step's move."""
        why = self.reasons.get(self.step - 1)
        if why is None:
            raise ValueError("This move was not a bot's, or the bot gave no reason.")
        self.asked = self.step
        self.announce(f"Why? {second_person(why, self.reader)}")
        self.refresh()

    @property
    def last(self) -> int:
        """The index of the final step."""
        return len(self.states) - 1

    @traitlets.validate("step")
    def _clamp(self, proposal: Any) -> int:
        return max(0, min(self.last, int(proposal["value"])))

    def on_first(self, _value: Any, _inputs: dict) -> None:
        """Go to the deal."""
        self.step = 0

    def on_back(self, _value: Any, _inputs: dict) -> None:
        """One step back."""
        self.step -= 1

    def on_next(self, _value: Any, _inputs: dict) -> None:
        """One step on."""
        self.step += 1

    def on_last(self, _value: Any, _inputs: dict) -> None:
        """Go to the end."""
        self.step = self.last

    def on_step(self, value: Any, _inputs: dict) -> None:
        """Go to a step chosen on the slider."""
        self.step = int_in(value, 0, self.last, "step")

    def on_reveal(self, value: Any, _inputs: dict) -> None:
        """Show or hide the other players' hands."""
        self.reveal = str(value).lower() == "true"

    def on_play(self, _value: Any, _inputs: dict) -> None:
        """Start or pause autoplay (from the deal again when at the end); nothing to play without moves."""
        if self.last == 0:
            raise ValueError("There are no moves to play through.")
        if not self.playing and self.step == self.last:
            self.step = 0
        self.playing = not self.playing

    def on_tick(self, _value: Any, _inputs: dict) -> None:
        """Autoplay's clock: one step on, stopping at the end."""
        if self.step >= self.last:
            self.playing = False
        else:
            self.step += 1

    def narration(self) -> str:
        """What the current step did, in words, with what was said and the rules applied."""
        state = self.states[self.step]
        lines = [heading(self.level + 1 if self.title else self.level, self.head())]
        why = self.reasons.get(self.step - 1)
        if why is not None and self.asked == self.step:
            lines.append(f'<p class="gw-small" data-testid="why"><strong>Why?</strong> '
                         f'{esc(second_person(why, self.reader))}</p>')
        elif why is not None:
            lines.append(button("Why?", "why", key="why", title="Why the bot made this move"))
        for event in state.events:
            lines.append(event_html(event, reader=self.reader))
        if self.step == 0 and self.intro:
            return "".join(lines) + f'<p class="gw-small">{esc(self.intro)}</p>'
        rules = list(dict.fromkeys(event.rule for event in state.events))
        if self.focus in rules:  # the rule being taught comes first
            rules.remove(self.focus)
            rules.insert(0, self.focus)
        lines.extend(rule_html(self.lesson, rule, focus=rule == self.focus) for rule in rules)
        return "".join(lines)

    def head(self) -> str:
        """The current step in a few words: "The deal", "Move 3: Jory asks Pol for sevens"."""
        if self.step == 0:
            return "The deal" if self.last else "The deal (no moves yet)"
        before = self.states[self.step - 1]
        action = replay_action(before, self.record.actions[self.step - 1])
        return f"Move {self.step}: {second_person(before.describe(action), self.reader)}"

    def render(self) -> str:
        """The controls, the table at this step and what happened in words."""
        state = self.states[self.step]
        viewer = None if self.reveal else self.viewer
        at_start, at_end, empty = self.step == 0, self.step == self.last, self.last == 0
        controls = [
            button("◀◀ First", "first", disabled=at_start, key="first"),
            button("◀ Back", "back", disabled=at_start, key="back", focus=at_end),
            button("Next ▶", "next", primary=True, disabled=at_end, key="next", focus=not at_end),
            button("Last ▶▶", "last", disabled=at_end, key="last"),
            button("❚❚ Pause" if self.playing else "▶ Autoplay", "play", key="play", disabled=empty,
                   pressed=self.playing),
        ]
        if empty:
            controls.append('<span class="gw-small" data-testid="where">No moves to step through yet.</span>')
        else:
            controls += [
                f'<input type="range" min="0" max="{self.last}" value="{self.step}" data-gw="step" '
                f'data-key="slider" aria-label="step" aria-valuetext="step {self.step} of {self.last}">',
                f'<span class="gw-small" data-testid="where">Step {self.step} of {self.last}</span>',
            ]
        if self.viewer is not None:
            checked = " checked" if self.reveal else ""
            controls.append(f'<label class="gw-small"><input type="checkbox" data-gw="reveal" data-key="reveal"{checked}> '
                            "reveal all hands</label>")
        title = heading(self.level, self.title) if self.title else ""
        arrive = " data-gw-arrive" if self.arrive else ""
        return (f'<div class="gw-panel"{arrive}>{title}<div class="gw-row">{"".join(controls)}</div></div>'
                f'<div class="gw-panel">{table_html(state.view(viewer), level=self.level + 1, reader=self.reader)}</div>'
                f'<div class="gw-panel gw-narration">{self.narration()}</div>')


def plain_step(stepper: StepperWidget) -> str:
    """The current step as words for a screen reader: where we are and what happened."""
    state = stepper.states[stepper.step]
    return " ".join([stepper.head() + "."] + [event_words(e, reader=stepper.reader) for e in state.events])


def replay_action(state: Any, text: str) -> Any:
    """The recorded action ``text`` as the game's action object."""
    from tutor.games import get_game

    return get_game(state.setup.game).parse_action(state, text)
