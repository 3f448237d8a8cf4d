"""Hand and table widgets: one widget per hand or table, never one per card."""

from __future__ import annotations

from typing import Any, Sequence

import traitlets

from tutor.narration import LEARNER_SEAT, second_person
from tutor.widgets.base import GwariWidget, card_buttons, esc, heading, int_in, table_html


class HandWidget(GwariWidget):
    """A hand of cards; click or keyboard to choose one.  ``selected`` is the chosen index (-1: none)."""

    selected = traitlets.Int(-1)
    accepts = ("card",)

    def __init__(self, cards: Sequence[Any], *, legal: Sequence[int] | None = None, width: int = 72,
                 label: str = "") -> None:
        super().__init__()
        self.cards = tuple(cards)
        self.legal = set(range(len(self.cards)) if legal is None else legal)
        self.width, self.label = width, label
        self.observe(lambda _change: self.refresh(), names="selected")
        self.refresh()

    @traitlets.validate("selected")
    def _clamp(self, proposal: Any) -> int:
        value = proposal["value"]
        return value if 0 <= value < len(self.cards) else -1

    def on_card(self, value: Any, _inputs: dict) -> None:
        """A card was clicked: choose it if the rules allow it to be chosen."""
        index = int_in(value, 0, len(self.cards) - 1, "card")
        if index not in self.legal:
            raise ValueError(f"The {self.cards[index].english} cannot be chosen here.")
        self.selected = index

    @property
    def card(self) -> Any | None:
        """The chosen card, or None."""
        return self.cards[self.selected] if self.selected >= 0 else None

    def render(self) -> str:
        """The hand's cards as buttons, and the card chosen."""
        title = heading(3, self.label) if self.label else ""
        chosen = f'<div class="gw-small">Chosen: {esc(self.card.english)}</div>' if self.card is not None else ""
        return (f'<div class="gw-panel">{title}'
                + card_buttons(self.cards, selected=self.selected if self.selected >= 0 else None,
                               legal=self.legal if len(self.legal) < len(self.cards) else (), width=self.width,
                               label=self.label or "a hand") + chosen + "</div>")


class TableWidget(GwariWidget):
    """The table as one player sees it (``viewer=None`` shows every hand)."""

    def __init__(self, state: Any, viewer: int | None = None, *, width: int = 60) -> None:
        super().__init__()
        self.state, self.viewer, self.width = state, viewer, width
        self.refresh()

    def show(self, state: Any) -> None:
        """Draw another state."""
        self.state = state
        self.refresh()

    def render(self) -> str:
        """The table, and the last thing said at it."""
        view = self.state.view(self.viewer)
        last = next((e for e in reversed(view.events) if e.said), None)
        said = ""
        if last is not None:
            said = (f'<div class="gw-small">Last said: <span class="gw-said" lang="kw">“{esc(last.said)}”</span> '
                    f'<span class="gw-gloss">— {esc(second_person(last.gloss, LEARNER_SEAT))}</span></div>')
        return table_html(view, width=self.width) + said
