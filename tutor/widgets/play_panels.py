"""The play app's panels beside the table: the pace settings, the deal summary, the last trick, what happened to
a seat, the table waiting for an offered move, rule cards and the Rules panel.

``Panels`` is the play app's part that follows each move for them (a deal scored, a trick taken, a hand grown out
of turn, rules met) and answers the learner's clicks on them (the last trick, a rule's *more*, the Rules panel).  A
rule met for the first time is kept in the class's records under the learner's name, beside the lessons' rules
reached (as ``PLAY_RULES``), or for the page without a name.  The HTML comes from pure functions of plain values
below.  Learner words only: a rule is shown by its lesson title and text, its id kept in a data attribute for
tests and teachers.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Sequence

from tutor import classroom, render
from tutor.engine import ScoreTable, State, TrickView
from tutor.lesson_figures import rule_words
from tutor.progress import StoreError
from tutor.widgets.base import button, esc, heading, prose
from tutor.widgets.part import Part

PLAY_RULES = "{slug}/play"  # where the rules a learner met in play are kept, beside the lessons' rules reached


@dataclass(frozen=True)
class DealSummary:
    """A deal just scored: its number, what the engine said while scoring it, and the score table's row and totals
    (``scores`` is None in a game that keeps no score table: Pig's letters and Gnav's counters stand by each seat).

    ``over``: the match ended with this deal (no next deal to wait for).
    """

    number: int
    lines: tuple[str, ...]
    scores: ScoreTable | None
    over: bool = False


@dataclass(frozen=True)
class SeatNote:
    """Something that happened to a seat's hand out of its own turn (a penalty): how many cards came, and why."""

    seat: int
    cards: int
    reason: str


def first_sentence(text: str) -> str:
    """The first sentence of a lesson text, without its markup ("" for no text)."""
    flat = " ".join(re.sub(r"\*+", "", text).split())
    match = re.match(r"(.+?[.!?])(?:\s|$)", flat)
    return match.group(1) if match else flat


def summary_of(number: int, events: Sequence[Any], deal_rules: frozenset[str], scores: ScoreTable | None,
               over: bool) -> DealSummary:
    """The summary of deal ``number`` from the events of the move that ended it: what was said after the move itself
    up to the next deal's first event (a rule in ``deal_rules``), and the score table's newest row with the
    totals."""
    lines = []
    for event in events[1:]:
        if event.rule in deal_rules:
            break
        lines.append(event.text)
    if scores is None:
        return DealSummary(number, tuple(lines), None, over)
    row = scores.rows[-1:] if scores.rows else ()
    return DealSummary(number, tuple(lines), ScoreTable(scores.columns, row, scores.totals, scores.note), over)


def summary_html(summary: DealSummary, *, next_deal: bool, level: int) -> str:
    """The deal summary: how the deal went and scored, in the game's own words, the deal's row and the totals, and
    (``next_deal``: play waits for it) *Next deal*, which takes the focus."""
    lines = "".join(f"<li>{esc(line)}</li>" for line in summary.lines)
    table = "" if summary.scores is None else render.scores_html(summary.scores).replace(
        '<div class="gw-scorebox">', '<div class="gw-scorebox" tabindex="0" role="region" aria-label="scores">')
    action = button("Next deal", "nextdeal", primary=True, key="nextdeal", focus=True) if next_deal else ""
    waits = " gw-waits" if next_deal else ""  # on a phone a summary waiting for Next deal comes before the hand
    return (f'<section class="gw-summary{waits}" data-testid="deal-summary" data-gw-reveal><div class="gw-row">'
            f"{heading(level, f'Deal {summary.number} is over')}{action}</div>{table}<ul>{lines}</ul></section>")


def trick_panel_html(view: Any, trick: TrickView, words: str, *, shown: bool, level: int) -> str:
    """The last trick taken: open (``shown``) with its cards and who took it, or a button to look at it again."""
    label = "Hide the last trick" if shown else "Last trick"
    toggle = button(label, "lasttrick", "hide" if shown else "show", key="lasttrick", pressed=shown)
    if not shown:
        return f'<section class="gw-panel gw-lasttrick" data-testid="last-trick">{toggle}</section>'
    drawn = render.trick_html(_with_trick(view, trick))
    drawn = re.sub(r"<(/?)h4([ >])", lambda m: f"<{m.group(1)}h{level + 1}{m.group(2)}", drawn)
    drawn = drawn.replace(">Trick<", ">Last trick<", 1)
    said = f'<p class="gw-small">{esc(words)}</p>' if words else ""
    return (f'<section class="gw-panel gw-lasttrick" data-testid="last-trick">{toggle}{drawn}{said}</section>')


def _with_trick(view: Any, trick: TrickView) -> Any:
    from dataclasses import replace

    return replace(view, trick=trick)


def seat_note_html(note: SeatNote, name: str) -> str:
    """What happened to a seat's hand, with the reason, to stand by that seat."""
    cards = f"+{note.cards} card{'s' if note.cards != 1 else ''}"
    return (f'<div class="gw-seatnote" data-testid="seat-note" data-seat="{note.seat}"><strong>{esc(name)}: '
            f"{cards}.</strong> {esc(note.reason)}</div>")


def holding_html(status: str) -> str:
    """The table waits while the learner may make a move out of turn (no clock): *Play on* lets it go on."""
    return (f'<section class="gw-panel" data-testid="table-holds"><p>{esc(status)} You may make your move out of '
            "turn now (the button by your hand); the table waits for you.</p>"
            + button("Play on", "goon", key="goon", title="Let the table go on without that move") + "</section>")


def pace_html(step_bots: bool, clock: bool | None) -> str:
    """The learner's pace settings: the bots' moves one at a time, and (``clock`` not ``None``: the game has a race
    or a move out of turn) playing against the clock."""
    steps = " checked" if step_bots else ""
    timed = ("" if clock is None else f'<label><input type="checkbox" data-gw="clock" data-key="clock"'
             f'{" checked" if clock else ""}> Play against the clock (a chance to move out of turn, or a race, '
             "does not wait for you)</label>")
    return ('<div class="gw-row gw-pace gw-small" data-testid="pace">'
            f'<label><input type="checkbox" data-gw="stepbots" data-key="stepbots"{steps}> '
            f"Show the bots’ moves one at a time</label>{timed}</div>")


def rule_card_html(lesson: Any, rule_id: str, *, more: bool, level: int, table: Any = None) -> str:
    """A rule met for the first time: its title and first sentence, and the whole text behind *more*.

    ``table`` (the game's state): its numbers are the table's, the rule book's beside any that differ
    (``tutor.lesson_figures``); ``None``: the rule book's."""
    title, text = rule_words(lesson, rule_id, table)
    body = prose(text) if more else f"<p>{esc(first_sentence(text))}</p>"
    toggle = button("less" if more else "more", "rulemore", rule_id, key=f"rulemore-{rule_id}", pressed=more,
                    describe=f"about {title}")
    return (f'<section class="gw-rulecard" data-testid="rule-card" data-rule="{esc(rule_id)}">'
            f"{heading(level, 'New rule: ' + title)}{body}{toggle}</section>")


def rules_panel_html(lesson: Any, met: Sequence[str], *, shown: bool, table: Any = None) -> str:
    """The rules met so far in this game, each by its title and first sentence (behind a toggle); ``table`` as for
    ``rule_card_html``."""
    toggle = button(f"Rules met in this game ({len(met)})", "rules", "hide" if shown else "show", key="rules",
                    pressed=shown)
    items = ""
    if shown:
        worded = [(rid, *rule_words(lesson, rid, table)) for rid in met]
        items = "<ul>" + "".join(
            f'<li data-rule="{esc(rid)}"><strong>{esc(title)}</strong> — {esc(first_sentence(text))}</li>'
            for rid, title, text in worded) + "</ul>"
    return f'<section class="gw-panel gw-rules" data-testid="rules">{toggle}{items}</section>'


class Panels(Part):
    """The panels beside the table, and what they follow of each move."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.page_met: set[str] = set()  # rules met on this page, for a learner who has given no name
        self._learner_met: tuple[str, set[str]] | None = None
        self.card_more: set[str] = set()
        self.rules_open = False
        self.start()

    def start(self) -> None:
        """A new game: nothing to show yet."""
        self.summary: DealSummary | None = None
        self.last_trick: tuple[Any, str] | None = None  # the last trick taken and what was said as it was taken
        self.trick_open = False
        self.seat_notes: dict[int, SeatNote] = {}
        self.met: list[str] = []  # the rules met in this game, in the order met
        self.new_cards: list[str] = []  # the rules met for the first time since the learner's last move
        self.fresh_cards: list[str] = []  # of those, the ones not yet said aloud

    def turn(self) -> None:
        """The learner moves: what the panels said of the moves before is read."""
        self.new_cards, self.fresh_cards, self.seat_notes, self.summary = [], [], {}, None

    def follow(self, before: State, old: Any, view: Any, mover: int | None, action: Any, events: tuple) -> None:
        """What the panels show after a move (``events``: what it did; ``old`` and ``view``: the table before and
        after as the page's seat sees it): a deal scored (its summary), a trick taken, a hand grown out of turn."""
        rows = len(old.scores.rows) if old.scores else 0
        now = len(view.scores.rows) if view.scores else 0
        deal_over = now > rows or view.deals > old.deals
        if deal_over:
            self.summary = summary_of(max(now, view.deals), events, self.app.deal_rules, view.scores,
                                      self.app.state.is_over)
        taken = trick_taken(before, old.trick, view.trick, mover, action, events)
        if taken is not None:
            self.last_trick = taken
            self.trick_open = False
        grown = {s: len(view.seats[s].hand) - len(old.seats[s].hand) for s in range(len(view.seats))}
        if deal_over or all(g > 0 for g in grown.values()) or any(e.rule in self.app.deal_rules for e in events):
            return  # a new deal, not a penalty
        for seat, more in grown.items():
            if more >= 2 and seat != mover:
                reason = next((e.text for e in reversed(events) if e.player == seat), events[0].text if events else "")
                self.seat_notes[seat] = SeatNote(seat, more, reason)

    def meet(self, events: tuple) -> None:
        """Rules cited by these events and not met before in this game join the Rules panel; those this learner
        (or, without a name, this page) never met before show as rule cards, and are remembered."""
        app = self.app
        known = self._known_rules()
        for event in events:
            rule = event.rule
            if rule in self.met or rule not in app.lesson_rules:
                continue
            self.met.append(rule)
            if rule not in known:
                known.add(rule)
                self.new_cards.append(rule)
                self.fresh_cards.append(rule)
                if app.learner:
                    classroom.keep_rule_reached(PLAY_RULES.format(slug=app.game.slug), rule)

    def _known_rules(self) -> set[str]:
        """The rules this learner met in play before (kept in the class's records), or, without a name, on this
        page."""
        name = classroom.learner()
        if not name:
            return self.page_met
        if self._learner_met is None or self._learner_met[0] != name:
            kept: set[str] = set()
            progress = classroom.store()
            if progress is not None:
                try:
                    kept = set(progress.reached(name).get(PLAY_RULES.format(slug=self.app.game.slug), ()))
                except (StoreError, OSError, ValueError):  # a store that cannot be read: the cards show again
                    kept = set()
            self._learner_met = (name, kept)
        return self._learner_met[1]

    def marks(self) -> tuple:
        """The panels' part of the game's position, kept with an undo point and put back with it."""
        return (self.last_trick, self.trick_open, dict(self.seat_notes))

    def put_back(self, marks: tuple) -> None:
        """The panels as they were at an undo point."""
        self.last_trick, self.trick_open, self.seat_notes = marks[0], marks[1], dict(marks[2])
        self.summary, self.new_cards, self.fresh_cards = None, [], []

    def told_fresh(self) -> list[str]:
        """The rules met for the first time and not yet said aloud ("New rule: …" lines); said from now on."""
        app = self.app
        lines = [f"New rule: {rule_words(app.lesson, rule, app.state)[0]}." for rule in self.fresh_cards]
        self.fresh_cards = []
        return lines

    # -- what the learner may ask of them

    def on_lasttrick(self, value: Any, _inputs: dict) -> None:
        """Show the last trick taken again, or hide it."""
        if self.last_trick is None:
            raise ValueError("No trick has been taken yet.")
        if value not in ("show", "hide"):
            raise ValueError("lasttrick must be show or hide.")
        self.trick_open = value == "show"
        self.app.refresh()

    def on_rulemore(self, value: Any, _inputs: dict) -> None:
        """A rule card's whole text, or only its first sentence again."""
        rule = str(value)
        if rule not in self.met:
            raise ValueError("That rule has not come up in this game.")
        self.card_more ^= {rule}
        self.app.refresh()

    def on_rules(self, value: Any, _inputs: dict) -> None:
        """Open or close the list of rules met in this game."""
        if value not in ("show", "hide"):
            raise ValueError("rules must be show or hide.")
        self.rules_open = value == "show"
        self.app.refresh()

    # -- drawing

    def html(self, view: Any) -> str:
        """Beside the table: the deal's summary, the table waiting for an offered move, the last trick, the rules
        met for the first time (rule cards), the rules met in this game, and the pace settings."""
        app = self.app
        h = app.level_h
        parts = ['<div class="gw-panels" data-testid="panels">']
        if self.summary is not None:
            summary = dataclasses.replace(self.summary, lines=tuple(app.told(line) for line in self.summary.lines))
            parts.append(summary_html(summary, next_deal=app.pace.deal_waits, level=h))
        if app.pace.holding:
            parts.append(holding_html(app.told(app.status_line())))
        if self.last_trick is not None and view.trick != self.last_trick[0]:
            led = view.trick is not None and bool(view.trick.plays)
            trick, words = self.last_trick
            parts.append(trick_panel_html(view, trick, app.told(words), shown=self.trick_open or not led, level=h))
        parts.extend(rule_card_html(app.lesson, rule, more=rule in self.card_more, level=h, table=app.state)
                     for rule in self.new_cards)
        if self.met:
            parts.append(rules_panel_html(app.lesson, self.met, shown=self.rules_open, table=app.state))
        if app.classmates.table is None:  # at a table the table keeps the pace for everyone
            pace = app.pace
            clock = pace.clock or app.game.inputs.race is not None or pace.had_window
            parts.append(pace_html(pace.step_bots, pace.clock if clock else None))
        parts.append("</div>")
        return "".join(parts)

    def with_seat_notes(self, page: str) -> str:
        """The page with each seat's note in that seat's box, under its name."""
        app = self.app
        for seat, note in self.seat_notes.items():
            note = dataclasses.replace(note, reason=app.told(note.reason))
            page = by_seat(page, seat, seat_note_html(note, app.names_now[seat]))
        return page


def by_seat(page: str, seat: int, note: str) -> str:
    """``note`` placed in the table's box of ``seat``, under its name."""
    box = re.search(rf'<div class="gw-seat[^"]*" data-seat="{seat}">.*?</h\d>', page)
    return page[:box.end()] + note + page[box.end():] if box else page


def trick_taken(before: State, old: Any, new: Any, mover: int | None, action: Any,
                events: tuple) -> tuple[TrickView, str] | None:
    """The trick this move completed, and what was said as it was taken (``None`` if it completed none)."""
    if new is not None and new.winner is not None and new.plays and (old is None or old.winner is None):
        return new, ""  # the table shows the trick taken, with its winner, until the next lead
    if old is None or not old.plays or old.winner is not None:
        return None
    if new is not None and new.leader == old.leader and new.plays[:len(old.plays)] == old.plays:
        return None  # the same trick goes on
    cards = before.cards_of(action)
    plays = old.plays + (((mover, cards[0]),) if cards and mover is not None else ())
    return TrickView(plays, old.leader, None, old.trumps), events[1].text if len(events) > 1 else ""
