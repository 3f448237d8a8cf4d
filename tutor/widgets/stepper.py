"""Step through a recorded game: first, back, next, last, a slider and autoplay.

Each step shows the table, what happened in words, what was said and what it
means, and the rule applied (title and text from the game's lesson).
"""

from __future__ import annotations

from typing import Any

import traitlets

from tutor import render
from tutor.engine import Record, replay
from tutor.lessons import load_lesson
from tutor.widgets.base import GwariWidget, button, esc, int_in, event_html, rule_html


class Stepper(GwariWidget):
    """Walks a ``Record``; ``step`` is the one source of truth for where we are."""

    step = traitlets.Int(0)
    reveal = traitlets.Bool(True)
    accepts = ("first", "back", "next", "last", "step", "reveal", "play", "tick")

    def __init__(self, record: Record, *, viewer: int | None = None, reveal: bool = True,
                 title: str = "", interval: int = 1500, intro: str = "", focus: str = "") -> None:
        super().__init__()
        self.record = record
        self.states = replay(record)
        self.game = record.game
        self.lesson = load_lesson(record.game)
        self.viewer, self.title = viewer, title
        self.intro, self.focus = intro, focus
        self.interval = interval
        with self.hold_trait_notifications():
            self.reveal = reveal
        self.observe(lambda _change: self.refresh(), names=["step", "reveal", "playing"])
        self.refresh()

    @property
    def last(self) -> int:
        """The index of the final step."""
        return len(self.states) - 1

    @traitlets.validate("step")
    def _clamp(self, proposal: Any) -> int:
        return max(0, min(self.last, int(proposal["value"])))

    def on_first(self, _value: Any, _inputs: dict) -> None:
        self.step = 0

    def on_back(self, _value: Any, _inputs: dict) -> None:
        self.step -= 1

    def on_next(self, _value: Any, _inputs: dict) -> None:
        self.step += 1

    def on_last(self, _value: Any, _inputs: dict) -> None:
        self.step = self.last

    def on_step(self, value: Any, _inputs: dict) -> None:
        self.step = int_in(value, 0, self.last, "step")

    def on_reveal(self, value: Any, _inputs: dict) -> None:
        self.reveal = str(value).lower() == "true"

    def on_play(self, _value: Any, _inputs: dict) -> None:
        if not self.playing and self.step == self.last:
            self.step = 0
        self.playing = not self.playing

    def on_tick(self, _value: Any, _inputs: dict) -> None:
        if self.step >= self.last:
            self.playing = False
        else:
            self.step += 1

    def narration(self) -> str:
        """What the current step did, in words, with what was said and the rules applied."""
        state = self.states[self.step]
        if self.step == 0:
            head = "The deal"
        else:
            before = self.states[self.step - 1]
            action = replay_action(before, self.record.actions[self.step - 1])
            head = f"Move {self.step}: {before.describe(action)}"
        lines = [f"<h3>{esc(head)}</h3>"]
        for event in state.events:
            lines.append(event_html(event))
        if self.step == 0 and self.intro:
            return "".join(lines) + f'<p class="gw-small">{esc(self.intro)}</p>'
        rules = list(dict.fromkeys(event.rule for event in state.events))
        if self.focus in rules:  # the rule being taught comes first
            rules.remove(self.focus)
            rules.insert(0, self.focus)
        lines.extend(rule_html(self.lesson, rule, focus=rule == self.focus) for rule in rules)
        return "".join(lines)

    def render(self) -> str:
        state = self.states[self.step]
        viewer = None if self.reveal else self.viewer
        controls = [
            button("◀◀ First", "first", disabled=self.step == 0, key="first"),
            button("◀ Back", "back", disabled=self.step == 0, key="back"),
            button("Next ▶", "next", primary=True, disabled=self.step == self.last, key="next"),
            button("Last ▶▶", "last", disabled=self.step == self.last, key="last"),
            button("❚❚ Pause" if self.playing else "▶ Autoplay", "play", key="play"),
            f'<input type="range" min="0" max="{self.last}" value="{self.step}" data-gw="step" '
            f'data-key="slider" aria-label="step">',
            f'<span class="gw-small">Step {self.step} of {self.last}</span>',
        ]
        if self.viewer is not None:
            checked = " checked" if self.reveal else ""
            controls.append(f'<label class="gw-small"><input type="checkbox" data-gw="reveal" data-key="reveal"{checked}> '
                            "reveal all hands</label>")
        title = f"<h3>{esc(self.title)}</h3>" if self.title else ""
        return (f'<div class="gw-panel">{title}<div class="gw-row">{"".join(controls)}</div></div>'
                f'<div class="gw-panel">{render.table_html(state.view(viewer), style=False)}</div>'
                f'<div class="gw-panel" aria-live="polite">{self.narration()}</div>')


def replay_action(state: Any, text: str) -> Any:
    """The recorded action ``text`` as the game's action object."""
    from tutor.games import get_game

    return get_game(state.setup.game).parse_action(state, text)
