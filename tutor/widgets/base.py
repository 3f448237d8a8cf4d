"""The base of every Gwari widget: Python renders escaped HTML; one small JS file shows it.

The browser only reports what the learner did (``{kind, value, inputs}``);
``GwariWidget`` routes it to an ``on_<kind>`` method listed in ``accepts``.
Anything else — an unknown kind, a bad value, an illegal move — is refused
there, so a forged message cannot change a game.  Only what is refused on purpose
is refused: an ``IllegalMove``, or a ``ValueError`` whose words say what was wrong
with the input.  Any other exception is a defect: it is logged with its traceback
(the ``tutor.widgets`` logger), the widget is put back as it was before the
message (``snapshot``/``restore``), and the learner is told in words that
something went wrong (``show_defect``).

What a screen reader should hear after a redraw is given to ``announce``; the
JS speaks it through one live region that lasts as long as the widget.
Elements marked ``data-gw-focus`` take the keyboard focus when the element that
had it is gone or disabled after a redraw.

A widget with ``asks_learner`` shows who is learning (``learner_html``): the
browser remembers the name typed once and gives it to every such widget it
draws (``tutor.classroom`` holds it for the kernel).
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Iterable, Sequence
from urllib.parse import quote

import anywidget
import ipywidgets
import traitlets

from tutor import classroom, render
from tutor.engine import IllegalMove
from tutor.narration import LEARNER_SEAT, said_to, second_person
from tutor.widgets.dispatch import DEFECT_WORDS, LOG, put_back, take_snapshot

HERE = Path(__file__).parent


class GwariCode(ipywidgets.Widget):
    """The view's code and style, sent to the browser once and shared by every Gwari widget on the page.

    A model with no view (no layout either): each widget names it in its ``gwari_code`` trait, and ``loader.js``
    imports the code from it the first time a page draws a Gwari widget.
    """

    esm = traitlets.Unicode((HERE / "gwari.js").read_text(encoding="utf-8")).tag(sync=True)
    css = traitlets.Unicode((HERE / "gwari.css").read_text(encoding="utf-8") + render.TABLE_CSS).tag(sync=True)


_shared_code: GwariCode | None = None


def shared_code() -> GwariCode:
    """The one ``GwariCode`` of this kernel (made again if it was closed)."""
    global _shared_code
    if _shared_code is None or _shared_code.comm is None:
        _shared_code = GwariCode()
    return _shared_code


class GwariWidget(anywidget.AnyWidget):
    """A widget whose whole face is the ``html`` trait, redrawn by Python."""

    _esm = (HERE / "loader.js").read_text(encoding="utf-8")
    gwari_code = traitlets.Instance(GwariCode).tag(sync=True, **ipywidgets.widget_serialization)
    html = traitlets.Unicode("").tag(sync=True)
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(1200).tag(sync=True)
    learner = traitlets.Unicode("").tag(sync=True)
    asks_learner = traitlets.Bool(False).tag(sync=True)
    keeps_in_browser = traitlets.Bool(False).tag(sync=True)
    kept = traitlets.Unicode("").tag(sync=True)
    accepts: tuple[str, ...] = ()
    learner_purpose = "so your teacher sees your progress"

    @traitlets.default("gwari_code")
    def _default_code(self) -> GwariCode:
        return shared_code()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._framework = frozenset(vars(self))  # what traitlets and ipywidgets keep on the instance, not a snapshot
        self.last_error = ""
        self.defect = ""  # words telling the learner that something went wrong (``show_defect``)
        self.said_aloud = ""
        self._said_count = 0
        self.learner_problem = ""
        if self.asks_learner:
            self.learner = classroom.learner()
            self.keeps_in_browser = classroom.in_browser()
            if self.keeps_in_browser:
                self.kept = classroom.kept_in_browser()
            classroom.listen(self)
        self.on_msg(self._receive)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Route a browser message; a forged or stale one is refused without changing anything."""
        if not isinstance(content, dict):
            return
        accepted = self.handle(content.get("kind"), content.get("value"), content.get("inputs") or {})
        if content.get("kind") == "tick" and accepted and self.playing and self.answers_ticks():
            self.send({"ticked": True})  # even when nothing changed: the page's clock goes on at its pace

    def answers_ticks(self) -> bool:
        """Whether each tick of the page's clock gets a word back even when it changed nothing on the page (where
        most ticks change nothing, as at a table of classmates); else such a tick is followed by the next only
        after the page's fallback wait."""
        return False

    def handle(self, kind: Any, value: Any = None, inputs: dict | None = None) -> bool:
        """Act on one message as the browser would send it; returns whether it was accepted.

        Refused (``False``, nothing else done here): a kind this widget does not accept, an ``IllegalMove``, or a
        ``ValueError`` saying what was wrong with the input (the handler shows it where it means to).  Any other
        exception is a defect (``False`` too): logged with its traceback, the widget put back as it was before the
        message, and the learner told in words (``show_defect``).
        """
        known = self.accepts + (("learner", "forget", "restore") if self.asks_learner else ())
        if kind not in known or not isinstance(inputs or {}, dict):
            return False
        inputs = inputs or {}
        kept = self.snapshot()
        try:
            if kind != "tick":  # the learner did something: an earlier defect's notice has been read
                self.defect = ""
            typed = str(inputs.get("learner") or "").strip()
            if self.asks_learner and kind not in ("learner", "forget", "restore") and typed and typed != self.learner:
                try:  # a name typed in the box and not saved counts from the learner's next action
                    classroom.set_learner(typed)
                except ValueError:
                    pass
            self.handler(kind)(value, inputs)
        except (IllegalMove, ValueError) as exc:  # refused on purpose, in words
            self.last_error = str(exc)
            return False
        except Exception as exc:  # a defect, never the learner's doing
            self._defect(kind, value, exc, kept)
            return False
        return True

    def handler(self, kind: str) -> Any:
        """The method that answers a message of ``kind``: the widget's own ``on_<kind>``.  A widget composed of parts
        (``tutor.widgets.part``) looks in them too."""
        return getattr(self, f"on_{kind}")

    def snapshot(self) -> dict[str, Any]:
        """The widget's own state, to put back after a defect (``tutor.widgets.dispatch.take_snapshot``: its
        attributes and traits, mutable containers, mutable dataclasses and random generators copied).  A subclass
        holding other mutable objects extends this and ``restore``."""
        return take_snapshot(self)

    def restore(self, kept: dict[str, Any]) -> None:
        """Put back what ``snapshot`` took."""
        put_back(self, kept)

    def _defect(self, kind: str, value: Any, exc: Exception, kept: dict[str, Any]) -> None:
        """A handler failed: log it with its traceback, put the widget back as it was, and tell the learner."""
        shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
        LOG.error("%s could not act on a %r message (value %s): a defect; the widget is put back as it was",
                  type(self).__name__, kind, shown, exc_info=exc)
        try:
            self.restore(kept)
        except Exception:
            LOG.exception("%s could not be put back as it was after the defect", type(self).__name__)
        self.show_defect(DEFECT_WORDS)
        self.announce(DEFECT_WORDS)
        try:
            self.refresh()
        except Exception:  # the drawing itself fails: the page as it was, with the notice above it
            LOG.exception("%s could not be drawn again after the defect", type(self).__name__)
            self.html = self.defect_html() + self.say_html() + re.sub(r"<div hidden data-gw-say=[^>]*>.*?</div>", "",
                                                                       kept["html"], flags=re.S)

    def show_defect(self, words: str) -> None:
        """Show the learner that something went wrong (``words``), until their next action.  By default the notice
        stands above the widget (``defect_html``); a subclass may show it in its own place instead."""
        self.defect = words

    def defect_html(self) -> str:
        """The notice that something went wrong, above the widget ("" when nothing did)."""
        if not self.defect:
            return ""
        return (f'<div class="gw-error gw-notice" role="alert" data-gw-reveal data-testid="defect">'
                f"{esc(self.defect)}</div>")

    def on_learner(self, value: Any, inputs: dict) -> None:
        """The learner gave their name (typed, or remembered by the browser); every app of this kernel takes it."""
        raw = str(value if value not in (None, "") else inputs.get("learner", "") or "")
        try:
            if not raw.strip():
                raise ValueError("learner name: type your name in the box first.")
            name = classroom.set_learner(raw)
        except ValueError as exc:
            reason = str(exc).removeprefix("learner name: ")
            self.learner_problem = ("Type your name in the box first, then save it." if not raw.strip()
                                    else f"That name cannot be used: {reason}")
            self.announce(self.learner_problem)
            self.refresh()
            raise
        self.learner_problem = ""
        self.announce(f"Your progress is kept under {name}.")
        self.refresh()

    def on_restore(self, value: Any, _inputs: dict) -> None:
        """The records this browser kept (Python in the browser keeps no file): taken back once per page."""
        if not isinstance(value, str) or len(value) > 5_000_000:
            raise ValueError("restore: the kept records must be text")
        classroom.restore(value)
        self.refresh()

    def on_forget(self, _value: Any, _inputs: dict) -> None:
        """Not this learner: the name is forgotten here and in the browser, and asked for again."""
        classroom.set_learner("")
        self.announce("Name forgotten. Type your name to keep your progress.")
        self.refresh()

    def learner_changed(self, name: str) -> None:
        """The kernel's learner changed (here or in another app on the page): show it."""
        self.learner = name
        self.learner_problem = ""
        self.refresh()

    def learner_html(self) -> str:
        """Who is learning, with "Not you?"; or a box to give a name, saying why.  Under a hub, the name the
        learner signed in with, which cannot be changed here (no "Not you?")."""
        problem = (f'<span class="gw-error" data-gw-reveal>{esc(self.learner_problem)}</span>'
                   if self.learner_problem else "")
        store = classroom.store_problem()
        store = f'<span class="gw-small" data-testid="store-problem">{esc(store)}</span>' if store else ""
        if classroom.under_hub():
            hub = classroom.learner()
            said = (f"Your progress is kept under <strong>{esc(hub)}</strong>, the name you signed in with." if hub
                    else "Your progress is not kept: the name you signed in with cannot be used; tell your teacher.")
            return f'<div class="gw-row gw-learner gw-small" data-testid="learner">{said}{problem}{store}</div>'
        if self.learner:
            save = ""
            if self.keeps_in_browser and self.kept:  # no server: the learner carries their records to the teacher
                save = (f'<a download="gwari-progress.json" data-testid="save-progress" href="data:application/json;'
                        f'charset=utf-8,{quote(self.kept)}">Save my progress to a file</a> (for your teacher)')
            return (f'<div class="gw-row gw-learner gw-small" data-testid="learner">Your progress is kept under '
                    f'<strong>{esc(self.learner)}</strong>.'
                    + button("Not you?", "forget", key="forget", title="Forget this name on this computer")
                    + f"{save}{store}</div>")
        box = f"gw-learner-{id(self) % 100000}"
        return (f'<div class="gw-row gw-learner gw-small" data-testid="learner"><label for="{box}">Your name, '
                f'{esc(self.learner_purpose)}:</label><input type="text" id="{box}" data-gw-input="learner" '
                f'data-gw-submit="learner" data-key="learner-name" class="gw-name" autocomplete="name" maxlength="40">'
                + button("Save my name", "learner", key="learner-save") + f"{problem}{store}</div>")

    def announce(self, text: str) -> None:
        """What a screen reader says after the next redraw (said again even when the words repeat)."""
        self.said_aloud = " ".join(str(text).split())
        self._said_count += 1

    def refresh(self) -> None:
        """Redraw from the current Python state (a defect's notice above it, while there is one)."""
        self.html = self.defect_html() + self.render() + self.say_html()

    def say_html(self) -> str:
        """What a screen reader says after this redraw, hidden from sight."""
        return (f'<div hidden data-gw-say="{self._said_count}">{esc(self.said_aloud)}</div>'
                if self._said_count else "")

    def render(self) -> str:
        """The widget's HTML; subclasses build it from their state."""
        raise NotImplementedError


# ---------------------------------------------------------------- HTML pieces (all text escaped)


def esc(text: Any) -> str:
    """Escape text for HTML."""
    return html.escape(str(text), quote=True)


def plain(markup: str) -> str:
    """The text of an HTML fragment, for announcing it."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def prose(text: str) -> str:
    """Lesson text to HTML: escaped, then **bold**, *italic*, and blank-line paragraphs."""
    out = []
    for para in re.split(r"\n\s*\n", text.strip()):
        safe = esc(" ".join(para.split()))
        safe = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", safe)
        safe = re.sub(r"\*(.+?)\*", r"<em>\1</em>", safe)
        out.append(f"<p>{safe}</p>")
    return "".join(out)


def heading(level: int, text: str, *, cls: str = "", title: str = "") -> str:
    """A heading at ``level`` (the page's outline decides it, so headings never skip a level)."""
    level = max(1, min(6, level))
    attrs = (f' class="{esc(cls)}"' if cls else "") + (f' title="{esc(title)}"' if title else "")
    return f"<h{level}{attrs}>{esc(text)}</h{level}>"


def button(label: str, kind: str, value: Any = "", *, primary: bool = False, muted: bool = False,
           disabled: bool = False, key: str = "", title: str = "", group: str = "", focus: bool = False,
           pressed: bool | None = None, fast: bool = False, describe: str = "", then: str = "") -> str:
    """A button that sends ``kind``/``value`` when pressed.

    ``group``: one Tab stop with its siblings (arrow keys inside); ``focus``: where the keyboard focus
    lands when it has nowhere else to go; ``fast``: acts on press, not release (for a race); ``then``: the
    ``data-key`` of the control that takes the focus after this one is used.
    """
    cls = "gw-btn" + (" gw-primary" if primary else "") + (" gw-muted" if muted else "")
    attrs = [f'class="{cls}"', f'data-gw="{esc(kind)}"', f'data-value="{esc(value)}"',
             f'data-key="{esc(key or f"{kind}-{value}")}"']
    if group:
        attrs.append(f'data-group="{esc(group)}"')
    if title:
        attrs.append(f'title="{esc(title)}"')
    if focus:
        attrs.append("data-gw-focus")
    if pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    if fast:
        attrs.append('data-gw-press="down"')
    if then:
        attrs.append(f'data-gw-then="{esc(then)}"')
    if disabled:
        attrs.append("disabled")
    extra = f'<span class="gw-sr"> {esc(describe)}</span>' if describe else ""
    return f"<button {' '.join(attrs)}>{esc(label)}{extra}</button>"


def card_buttons(cards: Sequence[Any], *, kind: str = "card", selected: int | None = None,
                 legal: Iterable[int] = (), width: int = 72, group: str = "hand", label: str = "your hand",
                 focus: bool = False) -> str:
    """A hand whose cards are buttons: one Tab stop, arrow keys to move, Enter to choose.

    Cards in ``legal`` are ringed and named "playable" for screen readers.
    """
    legal = set(legal)
    parts = [f'<div class="gw-hand" role="group" aria-label="{esc(label)}">']
    for i, card in enumerate(cards):
        svg = render.card_svg(card, width=width, selected=i == selected, legal=i in legal)
        name = render.card_title(card) if card is not None else "a face-down card"
        if i in legal:
            name += ", playable"
        first = focus and (i == selected or (selected is None and i == min(legal, default=0)))
        parts.append(f'<button class="gw-cardbtn" data-gw="{esc(kind)}" data-value="{i}" data-key="{esc(group)}-{i}" '
                     f'data-group="{esc(group)}" aria-label="{esc(name)}"{" data-gw-focus" if first else ""} '
                     f'aria-pressed="{"true" if i == selected else "false"}">{svg}</button>')
    parts.append("</div>")
    return "".join(parts)


def speaker(event: Any, names: Sequence[str], reader: str = "") -> str:
    """Who said an event's words ("" when the event names no one); "You" when it is the ``reader``'s seat."""
    player = event.player
    who = names[player] if isinstance(player, int) and 0 <= player < len(names) else ""
    return "You" if who and who == reader else who


def said_html(event: Any, *, gloss_hidden: bool = False, narration: str = "", reader: str = "") -> str:
    """What was said at the table and what it means (behind a click when ``gloss_hidden``), as the learner whose
    seat is ``reader`` hears it (``tutor.narration.said_to``)."""
    if not event.said:
        return ""
    said = f'<span class="gw-said" lang="kw">“{esc(said_to(event.said, reader))}”</span> '
    gloss = second_person(said_to(event.gloss, reader), reader)  # "(Tamsin pays a counter)" read by Tamsin: "you pay"
    if gloss_hidden:
        english = esc(gloss) + (f" ({esc(narration)})" if narration else "")
        return said + f'<details class="gw-gloss-toggle"><summary>English</summary>{english}</details>'
    return said + f'<span class="gw-gloss">— {esc(gloss)}</span>'


def event_html(event: Any, *, gloss_hidden: bool = False, names: Sequence[str] = (), reader: str = "") -> str:
    """One event as a line: the narration, then what was said and its meaning.

    With ``gloss_hidden`` (a learner practising the language) the words said come first,
    after the speaker's name; the English and the narration wait behind a click.  ``reader``: the seat name of
    the learner reading it, who is "you" in it (``tutor.narration``); "" leaves the engine's words as they are.
    """
    text = second_person(event.text, reader)
    if gloss_hidden and event.said:
        who = speaker(event, names, reader)
        name = f'<span class="gw-speaker">{esc(who)}:</span> ' if who else ""
        return f"<p>{name}{said_html(event, gloss_hidden=True, narration=text, reader=reader)}</p>"
    return f"<p>{esc(text)} {said_html(event, reader=reader)}</p>"


def event_words(event: Any, *, gloss_hidden: bool = False, names: Sequence[str] = (), reader: str = "") -> str:
    """One event as plain words, for a screen reader (``reader`` as in ``event_html``)."""
    said = said_to(event.said, reader)
    if gloss_hidden and event.said:
        who = speaker(event, names, reader)
        return f"{who}: {said}" if who else said
    return f"{second_person(event.text, reader)} {said}".strip()


def turn_told(panel: str, status: str, reader: str) -> str:
    """A move panel (``tutor.widgets.moves``) whose line of whose turn it is (``status``, the engine's words) is
    read by the learner whose seat is ``reader``: "You to play." -> "Your turn to play."."""
    return panel.replace(f'<p class="gw-turn">{esc(status)}</p>',
                         f'<p class="gw-turn">{esc(second_person(status, reader))}</p>', 1)


RULE_TIP = "A rule of the game, as its lesson teaches it"


def rule_html(lesson: Any, rule_id: str, *, focus: bool = False) -> str:
    """The rule a step applied: its title and text from the lesson (``focus``: the rule being taught).

    A learner reads the rule's title (and, on hover, words about it); its id stays in the code, in ``data-rule``.
    """
    rule = f'data-rule="{esc(rule_id)}" title="{RULE_TIP}"'
    try:
        entry = lesson.rule(rule_id)
    except KeyError:
        return f'<div class="gw-rule" {rule}>One of the game’s rules.</div>'
    if focus:
        return (f'<div class="gw-rule gw-focus" {rule}><div class="gw-rule-title">★ This is the rule: '
                f"{esc(entry.title)}</div></div>")
    return (f'<div class="gw-rule" {rule}><div class="gw-rule-title">Rule: {esc(entry.title)}</div>'
            f'{prose(entry.text)}</div>')


def rule_title(lesson: Any, rule_id: str) -> str:
    """A rule's title for a learner ("" when the lesson has no such rule)."""
    try:
        return lesson.rule(rule_id).title
    except KeyError:
        return ""


def table_html(view: Any, *, level: int = 3, width: int = 60, own_hand: bool = True, part: str = "all",
               compact: bool = False, reader: str = "") -> str:
    """The table drawn by ``render`` (scores included), its headings moved to ``level`` to fit the page's outline;
    ``part`` and ``compact`` as in ``render.table_html``.  ``reader``: the seat name of the learner looking at it,
    who is "you" in the table's words ("won by you", "Your hand"), though their seat keeps its name."""
    out = render.table_html(view, width=width, style=False, own_hand=own_hand, part=part, compact=compact)
    # A wide score table scrolls sideways on a phone: the keyboard must reach it too.
    out = out.replace('<div class="gw-scorebox">', '<div class="gw-scorebox" tabindex="0" role="region" '
                                                    'aria-label="scores">')
    out = re.sub(r"<(/?)h4([ >])", lambda m: f"<{m.group(1)}h{level}{m.group(2)}", out)
    return words_told(out, reader)


def words_told(markup: str, reader: str) -> str:
    """An HTML fragment whose words (text and accessible names) the learner whose seat is ``reader`` reads in the
    second person; a text that is the seat's name alone (a seat's heading, a label) keeps it."""
    if not reader or reader not in html.unescape(markup):
        return markup

    def told(text: str) -> str | None:
        plain_text = html.unescape(text)
        if plain_text.strip() == f"{LEARNER_SEAT} (you)" == f"{reader} (you)":
            return LEARNER_SEAT  # the seat called "You" needs no "(you)" after its name
        if reader not in plain_text or plain_text.strip() == reader:
            return None
        return second_person(plain_text, reader)

    def text_node(match: re.Match) -> str:
        new = told(match.group(1))
        return match.group(0) if new is None else f">{html.escape(new, quote=False)}<"

    def attribute(match: re.Match) -> str:
        new = told(match.group(2))
        return match.group(0) if new is None else f'{match.group(1)}"{esc(new)}"'

    markup = re.sub(r">([^<>]+)<", text_node, markup)
    return re.sub(r'(\b(?:aria-label|title)=)"([^"]*)"', attribute, markup)


def int_in(value: Any, low: int, high: int, field: str) -> int:
    """A whole number from the browser, within [low, high]; anything else is refused naming the field."""
    text = str(value).strip()
    if isinstance(value, bool) or not re.fullmatch(r"[+-]?[0-9]{1,9}", text):
        raise ValueError(f"{field} must be a whole number.")
    number = int(text)
    if not low <= number <= high:
        raise ValueError(f"{field} must be from {low} to {high}.")
    return number

