"""The base of every Gwari widget: Python renders escaped HTML; one small JS file shows it.

The browser only reports what the learner did (``{kind, value, inputs}``);
``GwariWidget`` routes it to an ``on_<kind>`` method listed in ``accepts``.
Anything else — an unknown kind, a bad value, an illegal move — is refused
there, so a forged message cannot change a game.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Iterable, Sequence

import anywidget
import traitlets

from tutor import render
from tutor.engine import IllegalMove

HERE = Path(__file__).parent


class GwariWidget(anywidget.AnyWidget):
    """A widget whose whole face is the ``html`` trait, redrawn by Python."""

    _esm = HERE / "gwari.js"
    _css = HERE / "gwari.css"
    html = traitlets.Unicode("").tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(1200).tag(sync=True)
    accepts: tuple[str, ...] = ()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.last_error = ""
        self.on_msg(self._receive)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Route a browser message; a forged or stale one is refused without changing anything."""
        if not isinstance(content, dict):
            return
        self.handle(content.get("kind"), content.get("value"), content.get("inputs") or {})

    def handle(self, kind: Any, value: Any = None, inputs: dict | None = None) -> bool:
        """Act on one message as the browser would send it; returns whether it was accepted."""
        if kind not in self.accepts or not isinstance(inputs or {}, dict):
            return False
        try:
            getattr(self, f"on_{kind}")(value, inputs or {})
        except (ValueError, TypeError, KeyError, IndexError, IllegalMove) as exc:
            self.last_error = str(exc)
            return False
        return True

    def refresh(self) -> None:
        """Redraw from the current Python state."""
        self.html = self.render()

    def render(self) -> str:
        """The widget's HTML; subclasses build it from their state."""
        raise NotImplementedError


# ---------------------------------------------------------------- HTML pieces (all text escaped)


def esc(text: Any) -> str:
    """Escape text for HTML."""
    return html.escape(str(text), quote=True)


def prose(text: str) -> str:
    """Lesson text to HTML: escaped, then **bold**, *italic*, and blank-line paragraphs."""
    out = []
    for para in re.split(r"\n\s*\n", text.strip()):
        safe = esc(" ".join(para.split()))
        safe = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", safe)
        safe = re.sub(r"\*(.+?)\*", r"<em>\1</em>", safe)
        out.append(f"<p>{safe}</p>")
    return "".join(out)


def button(label: str, kind: str, value: Any = "", *, primary: bool = False, muted: bool = False,
           disabled: bool = False, key: str = "", title: str = "", group: str = "") -> str:
    """A button that sends ``kind``/``value`` when pressed."""
    cls = "gw-btn" + (" gw-primary" if primary else "") + (" gw-muted" if muted else "")
    attrs = [f'class="{cls}"', f'data-gw="{esc(kind)}"', f'data-value="{esc(value)}"',
             f'data-key="{esc(key or f"{kind}-{value}")}"']
    if group:
        attrs.append(f'data-group="{esc(group)}"')
    if title:
        attrs.append(f'title="{esc(title)}"')
    if disabled:
        attrs.append("disabled")
    return f"<button {' '.join(attrs)}>{esc(label)}</button>"


def card_buttons(cards: Sequence[Any], *, kind: str = "card", selected: int | None = None,
                 legal: Iterable[int] = (), width: int = 72, group: str = "hand") -> str:
    """A hand whose cards are buttons (Tab to reach, arrows to move, Enter to choose)."""
    legal = set(legal)
    parts = ['<div class="gw-hand" role="group" aria-label="your hand">']
    for i, card in enumerate(cards):
        svg = render.card_svg(card, width=width, selected=i == selected, legal=i in legal)
        name = render.card_title(card) if card is not None else "a face-down card"
        parts.append(f'<button class="gw-cardbtn" data-gw="{esc(kind)}" data-value="{i}" data-key="{esc(group)}-{i}" '
                     f'data-group="{esc(group)}" aria-label="{esc(name)}" '
                     f'aria-pressed="{"true" if i == selected else "false"}">{svg}</button>')
    parts.append("</div>")
    return "".join(parts)


def said_html(event: Any, *, gloss_hidden: bool = False) -> str:
    """What was said at the table and what it means (behind a click when ``gloss_hidden``)."""
    if not event.said:
        return ""
    said = f'<span class="gw-said" lang="kw">“{esc(event.said)}”</span> '
    if gloss_hidden:
        return said + f'<details class="gw-gloss-toggle"><summary>English</summary>{esc(event.gloss)}</details>'
    return said + f'<span class="gw-gloss">— {esc(event.gloss)}</span>'


def event_html(event: Any, *, gloss_hidden: bool = False) -> str:
    """One event as a line: the narration, then what was said and its meaning."""
    if gloss_hidden and event.said:
        return f"<p>{said_html(event, gloss_hidden=True)}</p>"
    return f"<p>{esc(event.text)} {said_html(event)}</p>"


def rule_html(lesson: Any, rule_id: str, *, focus: bool = False) -> str:
    """The rule a step applied: its title and text from the lesson (``focus``: the rule being taught)."""
    try:
        entry = lesson.rule(rule_id)
    except KeyError:
        return f'<div class="gw-rule"><span class="gw-code">{esc(rule_id)}</span></div>'
    if focus:
        return (f'<div class="gw-rule gw-focus"><div class="gw-rule-title">★ This is the rule: {esc(entry.title)}'
                f"</div></div>")
    return (f'<div class="gw-rule"><div class="gw-rule-title">Rule: {esc(entry.title)}</div>'
            f'{prose(entry.text)}</div>')


def int_in(value: Any, low: int, high: int, field: str) -> int:
    """A whole number from the browser, within [low, high]; anything else is refused naming the field."""
    if isinstance(value, bool):
        raise ValueError(f"{field} must be a whole number.")
    number = int(str(value).strip())
    if not low <= number <= high:
        raise ValueError(f"{field} must be from {low} to {high}.")
    return number
