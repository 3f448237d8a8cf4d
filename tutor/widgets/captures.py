"""The "find every capture" exercise: the learner clicks the table's cards into groups, and the engine judges them.

The table comes from the position's own view (its piles: loose cards and
builds), so the widget names no game; the judge is the game's own function,
passed in by the notebook, which checks the groups against the engine's list
of legal moves and says *right*, *incomplete* (and what was missed) or *wrong*
(and why).
"""

from __future__ import annotations

from typing import Any, Callable

from tutor import render
from tutor.widgets.base import GwariWidget, button, esc, heading, int_in, plain

Judge = Callable[[Any, Any, list[str]], Any]


def card_words(card: Any) -> str:
    """A card in plain English ("seven of clubs")."""
    return getattr(card, "english", None) or render.card_title(card)


class CaptureWidget(GwariWidget):
    """A table and a card: click cards (a build as one) into groups, then check them."""

    accepts = ("pick", "group", "clear", "check")

    def __init__(self, state: Any, card: Any, judge: Judge, *, seat: int = 0, level: int = 3) -> None:
        """``card``: the card to capture with (or its notation); ``judge(state, card, groups)`` the game's judge."""
        super().__init__()
        if isinstance(card, str):  # a card's notation: the card itself is in the position
            card = next((c for c in state.cards() if getattr(c, "code", None) == card.strip()), None)
            if card is None:
                raise ValueError("card: not a card of this position.")
        self.state, self.card, self.judge, self.level = state, card, judge, level
        self.piles = state.view(seat).piles
        self.groups: list[list[int]] = [[]]
        self.verdict: Any = None
        self.refresh()

    # ---------------------------------------------------------------- what the learner does

    def on_pick(self, value: Any, _inputs: dict) -> None:
        """Put a table card (or a build) into the open group, or take it out again."""
        index = int_in(value, 0, len(self.piles) - 1, "table card")
        group = self.group_of(index)
        if group is not None:
            self.groups[group].remove(index)
            self.announce(f"{self.pile_name(index)} taken out of group {group + 1}.")
        else:
            self.groups[-1].append(index)
            self.announce(f"{self.pile_name(index)} put in group {len(self.groups)}.")
        self.verdict = None
        self.refresh()

    def on_group(self, _value: Any, _inputs: dict) -> None:
        """Close the open group and start another (an empty open group stays open)."""
        if self.groups[-1]:
            self.groups.append([])
        self.announce(f"Group {len(self.groups)}: click its cards.")
        self.refresh()

    def on_clear(self, _value: Any, _inputs: dict) -> None:
        """Start again with no groups."""
        self.groups = [[]]
        self.verdict = None
        self.announce("All groups cleared.")
        self.refresh()

    def on_check(self, _value: Any, _inputs: dict) -> None:
        """Judge the groups with the game's own list of moves."""
        picked = self.picked()
        if not picked:
            self.verdict = None
            self.last_error = "Click the cards your card can take first."
            self.announce(self.last_error)
            self.refresh()
            return
        self.last_error = ""
        self.verdict = self.judge(self.state, self.card, picked)
        self.announce(f"{self.verdict.mark.capitalize()}. {plain(self.verdict.text)}")
        self.refresh()

    # ---------------------------------------------------------------- reading the groups

    def group_of(self, index: int) -> int | None:
        """The group a table card is in, if any."""
        return next((g for g, members in enumerate(self.groups) if index in members), None)

    def pile_name(self, index: int) -> str:
        """A table card or a build in words."""
        pile = self.piles[index]
        if len(pile.cards) == 1:
            return card_words(pile.cards[0])
        return f"{pile.label.lower()} ({', '.join(card_words(c) for c in pile.cards)})"

    def picked(self) -> list[str]:
        """The groups as the judge reads them: card codes joined by "+" (a build by its cards)."""
        return ["+".join(c.code for i in members for c in self.piles[i].cards)
                for members in self.groups if members]

    # ---------------------------------------------------------------- drawing

    def render(self) -> str:
        """The card, the table as buttons tagged with their group, the groups in words, the verdict."""
        parts = ['<div class="gw-panel">', heading(self.level, "Find every capture")]
        parts.append(f'<p>Your card: {render.card_svg(self.card, width=64)} '
                     f"<b>{esc(card_words(self.card))}</b>. Click the table's cards it can take, one group "
                     "at a time (a build is taken whole: click it once).</p>")
        parts.append('<div class="gw-picks" role="group" aria-label="the table">')
        for i, pile in enumerate(self.piles):
            group = self.group_of(i)
            tag = f"group {group + 1}" if group is not None else ""
            name = self.pile_name(i) + (f", in {tag}" if tag else "")
            svg = (render.card_svg(pile.cards[0], width=64, selected=group is not None) if len(pile.cards) == 1
                   else render.hand_svg(pile.cards, width=64, label=pile.label))
            note = pile.label if len(pile.cards) > 1 else ""
            note = ", ".join(w for w in (note, tag) if w)
            parts.append(f'<button class="gw-pick" data-gw="pick" data-value="{i}" data-key="table-{i}" '
                         f'data-group="table" aria-label="{esc(name)}" '
                         f'aria-pressed="{"true" if group is not None else "false"}">{svg}'
                         f'<span class="gw-pick-note" aria-hidden="true">{esc(note)}</span></button>')
        parts.append("</div>")
        words = [f"Group {g + 1}: " + (" + ".join(self.pile_name(i) for i in members) or "(click its cards)")
                 for g, members in enumerate(self.groups)]
        parts.append("<ul>" + "".join(f"<li>{esc(w)}</li>" for w in words) + "</ul>")
        parts.append('<div class="gw-row">'
                     + button("Start another group", "group", disabled=not self.groups[-1])
                     + button("Clear", "clear", muted=True)
                     + button("Check", "check", primary=True, focus=True) + "</div>")
        if self.last_error:
            parts.append(f'<div class="gw-error">{esc(self.last_error)}</div>')
        if self.verdict is not None:
            cls = {"right": "gw-good", "incomplete": "gw-rule"}.get(self.verdict.mark, "gw-error")
            mark = {"right": "✔ ", "incomplete": "… ", "wrong": "✘ "}.get(self.verdict.mark, "")
            parts.append(f'<div class="{cls}" data-testid="feedback">{mark}<b>{esc(self.verdict.mark.capitalize())}.'
                         f"</b> {esc(self.verdict.text)}</div>")
        parts.append("</div>")
        return "".join(parts)
