"""The play app's panels beside the table: the pace settings, the deal summary, the last trick, what happened to
a seat, the table waiting for an offered move, rule cards and the Rules panel.

Pure functions of plain values returning escaped HTML; the values come from ``tutor.widgets.play`` (which decides
when each panel shows).  Learner words only: a rule is shown by its lesson title and text, its id kept in a data
attribute for tests and teachers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from tutor import render
from tutor.engine import ScoreTable, TrickView
from tutor.lesson_figures import rule_words
from tutor.widgets.base import button, esc, heading, prose


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
