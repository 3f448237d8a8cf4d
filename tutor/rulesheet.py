"""Printable rule sheets for teachers: one game on at most four A4 pages, built from its lesson, with the cards drawn.

``rule_sheet(slug)`` is one game's sheet as HTML: the lesson's title and summary,
then every rule grouped by section (its title in bold, then its text), and for a
rule with a scenario a small drawing of the scenario's cards, drawn by the
renderer the lessons use (``tutor.render.table_html``).  ``rule_sheets(slugs)``
puts several sheets one after another, each starting on a new printed page.
``PRINT_CSS`` is their look on screen and on paper; when printing, a page that
holds a ``.gw-sheets`` element prints only that.

To fit four pages, a sheet first draws its cards smaller (never below a size
that still prints legibly), then shortens the rules' texts, whole sentences
first; it then says that rules were shortened.  A position drawn already is not
drawn again: the sheet names the rule where it is.  How much fits is estimated
from the number of characters and cards; ``tests/test_rulesheet.py`` prints
every sheet in Chromium and counts the pages.

Everything here is a pure function of the lesson files: no widgets, no notebook.
All text is escaped; rule ids appear only in ``title`` tooltips.
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
from typing import Any, Sequence

from tutor.games import GAMES
from tutor.lessons import Lesson, RuleEntry, load_lesson
from tutor.render import CARD_H, CARD_W, count_text, table_html

# ---------------------------------------------------------------- the look, on screen and on paper

PRINT_CSS = """
.gw-sheets{color:#000;background:#fff}
.gw-sheet{box-sizing:border-box;max-width:210mm;margin:0 auto 8mm auto;padding:8mm;background:#fff;color:#000;
  border:1px solid #bbb;font-family:'DejaVu Sans',Arial,sans-serif;font-size:8.5pt;line-height:1.3;text-align:left}
.gw-sheet *{color:#000}
.gw-sheet h2{font-size:15pt;margin:0 0 1mm 0;line-height:1.2}
.gw-sheet .gw-sheet-summary{margin:0 0 2mm 0;font-size:9pt}
.gw-sheet .gw-sheet-summary p{margin:0 0 1mm 0}
.gw-sheet .gw-sheet-body{columns:2;column-gap:6mm}
.gw-sheet h3{font-size:10.5pt;margin:2mm 0 1mm 0;padding-bottom:0.5mm;border-bottom:1px solid #000;
  break-after:avoid;page-break-after:avoid}
.gw-sheet .gw-sheet-rule{break-inside:avoid;page-break-inside:avoid;margin:0 0 1.5mm 0}
.gw-sheet .gw-sheet-rule p{margin:0 0 0.8mm 0}
.gw-sheet .gw-sheet-same{font-style:italic}
.gw-sheet .gw-sheet-foot{margin:2mm 0 0 0;font-style:italic}
.gw-sheet .gw-sheet-cards .gw-table{display:flex;flex-wrap:wrap;gap:1mm;align-items:center;font-family:inherit}
.gw-sheet .gw-sheet-cards .gw-status,.gw-sheet .gw-sheet-cards .gw-seat>.gw-info,
.gw-sheet .gw-sheet-cards .gw-seat .gw-team{display:none}
.gw-sheet .gw-sheet-cards .gw-seat,.gw-sheet .gw-sheet-cards .gw-centre,.gw-sheet .gw-sheet-cards .gw-pile,
.gw-sheet .gw-sheet-cards .gw-trick{border:1px solid #888;border-radius:2mm;padding:0.3mm 1mm;background:#fff;
  min-width:0;max-width:100%;box-sizing:border-box}
.gw-sheet .gw-sheet-cards .gw-seat,.gw-sheet .gw-sheet-cards .gw-centre{display:flex;flex-wrap:wrap;
  align-items:center;gap:0 1mm}
.gw-sheet .gw-sheet-cards .gw-seat.gw-current{border:2px solid #000;background:#fff}
.gw-sheet .gw-sheet-cards .gw-centre,.gw-sheet .gw-sheet-cards .gw-trick{border-style:dashed}
.gw-sheet .gw-sheet-cards .gw-pile.gw-owned{border-style:solid;background:#fff}
.gw-sheet .gw-sheet-cards .gw-pile,.gw-sheet .gw-sheet-cards .gw-trick{display:grid;grid-template-columns:auto auto;
  column-gap:1mm;align-items:start;justify-content:start}
.gw-sheet .gw-sheet-cards .gw-pile>h4,.gw-sheet .gw-sheet-cards .gw-trick>h4{grid-column:1;grid-row:1}
.gw-sheet .gw-sheet-cards .gw-pile>.gw-info,.gw-sheet .gw-sheet-cards .gw-trick>.gw-info{grid-column:1;grid-row:2;
  max-width:20mm}
.gw-sheet .gw-sheet-cards .gw-pile>svg,.gw-sheet .gw-sheet-cards .gw-trick>ol{grid-column:2;grid-row:1 / span 2}
.gw-sheet .gw-sheet-cards .gw-pile:not(.gw-owned){display:block}
.gw-sheet .gw-sheet-cards .gw-pile:not(.gw-owned)>h4,.gw-sheet .gw-sheet-cards .gw-pile:not(.gw-owned)>.gw-info{
  display:none}
.gw-sheet .gw-sheet-cards h4{font-size:7pt;font-weight:bold;margin:0;line-height:1.2}
.gw-sheet .gw-sheet-cards .gw-info,.gw-sheet .gw-sheet-cards .gw-play,.gw-sheet .gw-sheet-cards .gw-teams{
  font-size:6.5pt;line-height:1.2}
.gw-sheet .gw-sheet-cards .gw-teams{width:100%}
.gw-sheet .gw-sheet-cards .gw-plays{display:flex;flex-wrap:wrap;gap:1mm;list-style:none;margin:0;padding:0}
.gw-sheet .gw-sheet-cards .gw-play{display:flex;flex-direction:column;align-items:center;border:1px solid transparent;
  border-radius:1mm;padding:0;max-width:15mm;text-align:center}
.gw-sheet .gw-sheet-cards .gw-play.gw-won{border:2px solid #000;background:#fff}
.gw-sheet .gw-sheet-cards .gw-melds{display:flex;flex-wrap:wrap;gap:1mm;margin:0}
.gw-sheet .gw-sheet-cards svg{max-width:100%;height:auto;display:block}
.gw-sheet .gw-sheet-cards .gw-melds svg{height:calc(var(--gw-card, 28px) * 110 / 72);width:auto}
@media screen and (max-width:700px){.gw-sheet .gw-sheet-body{columns:1}.gw-sheet{padding:3mm}}
@page{size:A4;margin:12mm}
@media print{
  body:has(.gw-sheets) *{visibility:hidden}
  body:has(.gw-sheets) .gw-sheets,body:has(.gw-sheets) .gw-sheets *{visibility:visible}
  body:has(.gw-sheets) *:not(:has(.gw-sheets)):not(.gw-sheets):not(.gw-sheets *){display:none !important}
  html:has(.gw-sheets),body:has(.gw-sheets),body *:has(.gw-sheets){position:static !important;display:block !important;
    overflow:visible !important;contain:none !important;height:auto !important;min-height:0 !important;
    max-height:none !important;width:auto !important;margin:0 !important;padding:0 !important;border:0 !important;
    transform:none !important;background:#fff !important}
  .gw-sheets{position:static;left:0;top:0;width:100%;margin:0;padding:0}
  .gw-noprint,.gw-sheets .gw-noprint{display:none !important}
  .gw-sheet{max-width:none;width:100%;margin:0;padding:0;border:0}
  .gw-sheet-next{break-before:page;page-break-before:always}
  .gw-sheet-rule{break-inside:avoid;page-break-inside:avoid}
  html,body{background:#fff !important;color:#000 !important}
}
"""

# ---------------------------------------------------------------- sizes on paper

PAGES = 4  # a sheet fits on this many A4 pages (two sheets of paper printed on both sides)
CARD_WIDTHS = (28, 26, 24, 22)  # px a card, largest first; at 22 px a card's corner index prints at 5 pt
ENOUGH_TEXT = 240  # characters: a rule text cut to this still says the rule; below it, the cards are drawn smaller
MIN_TEXT = 120  # characters: the shortest a rule's text is cut to
BIG = 24  # a last position with more cards than this (a fresh deal) is drawn as dealt, when that has fewer

# CSS px (96 an inch) on A4 with 12 mm margins (186 mm × 273 mm), in two columns 6 mm apart.
_MM = 96 / 25.4
_PT = 96 / 72
_COLUMN_W = (186 - 6) / 2 * _MM
_PAGE_H = 273 * _MM
_TEXT_LINE = 8.5 * 1.3 * _PT
_TEXT_CHAR = 8.5 * _PT * 0.535  # the average width of a character of rule text (its title in bold too)
_SMALL_LINE = 7 * 1.2 * _PT  # a name or a label beside the cards
_SMALL_CHAR = 7 * _PT * 0.6  # bold, as names are
_INFO_CHAR = 6.5 * _PT * 0.6  # a line of smaller plain text beside the cards
_GAP = 1 * _MM
_ROOM = 1.0  # of a column's height, for what the estimates miss
_PAD = 0.6 * _MM + 2  # a box's padding and border, top and bottom
_PAD_W = 2 * _MM + 2  # and left and right
_INFO_W = 20 * _MM  # the widest a label beside a pile or the trick gets before it wraps
_PLAY_W = 15 * _MM  # and the name under a card of the trick


# ---------------------------------------------------------------- the sheets


def games() -> list[str]:
    """The games there are sheets for, in the gallery's order."""
    return list(GAMES)


def check_game(slug: Any) -> str:
    """``slug`` if it names a game; else ``ValueError`` naming it and the games there are."""
    if not isinstance(slug, str) or slug not in GAMES:
        raise ValueError(f"rule sheet: no game {slug!r}; games are: {', '.join(GAMES)}.")
    return slug


def rule_sheet(slug: str) -> str:
    """One game's rule sheet as HTML: an ``<article class="gw-sheet">``.

    ``PRINT_CSS`` styles it; to print it alone, show it inside ``rule_sheets([slug])``'s ``.gw-sheets``.
    """
    return _sheet(load_lesson(check_game(slug)))


def rule_sheets(slugs: Sequence[str] | None = None) -> str:
    """Several games' sheets in one ``<div class="gw-sheets">``, each after the first starting a new printed page.

    ``None`` means every game.  An unknown game is refused (``ValueError``) before anything is drawn.
    """
    if isinstance(slugs, str):
        raise ValueError("rule sheets: give a list of games, not one name.")
    chosen = games() if slugs is None else [check_game(slug) for slug in slugs]
    parts = [_sheet(load_lesson(slug), first=i == 0) for i, slug in enumerate(chosen)]
    return f'<div class="gw-sheets">{"".join(parts)}</div>'


@dataclasses.dataclass(frozen=True)
class Layout:
    """How a sheet fits its pages: the card size, the longest rule text (``None``: whole) and each drawing."""

    card_width: int
    cap: int | None
    views: dict[str, Any]  # rule id -> the table view to draw
    same_as: dict[str, str]  # rule id -> the title of an earlier rule whose drawing shows the same cards


def layout(lesson: Lesson) -> Layout:
    """The largest cards, then the longest texts, with which the lesson's sheet fits ``PAGES`` pages."""
    views = {rule.id: scenario_view(rule) for rule in lesson.rules if rule.scenario is not None}
    same_as: dict[str, str] = {}
    drawn: dict[tuple, str] = {}
    for rule in lesson.rules:
        if rule.id in views:
            key = _cards_key(views[rule.id])
            if key in drawn:
                same_as[rule.id] = drawn[key]
            else:
                drawn[key] = rule.title
    teams: tuple = ()
    for rule_id, view in views.items():  # who plays with whom is said once, until it changes
        if rule_id not in same_as:
            if view.teams and view.teams == teams:
                views[rule_id] = dataclasses.replace(view, teams=())
            teams = view.teams or teams
    best = None
    for width in CARD_WIDTHS:
        cap = _fitting_cap(lesson, views, same_as, width)
        best = Layout(width, cap, views, same_as)
        if cap is None or cap >= ENOUGH_TEXT:
            break
    assert best is not None
    return best


def _sheet(lesson: Lesson, *, first: bool = True) -> str:
    plan = layout(lesson)
    shortened = False
    sections = []
    for section, rules in lesson.sections.items():
        items = []
        for rule in rules:
            text = shorten(rule.text, plan.cap)
            shortened |= text != rule.text
            items.append(_rule_html(rule, text, plan))
        sections.append(f'<section class="gw-sheet-section"><h3>{_e(section)}</h3>{"".join(items)}</section>')
    foot = ('<p class="gw-sheet-foot">Some rules are shortened here so that the game fits on four pages; '
            "the lesson gives them in full.</p>" if shortened else "")
    cls = "gw-sheet" if first else "gw-sheet gw-sheet-next"
    summary = "".join(f"<p>{para}</p>" for para in _paragraphs(lesson.summary))
    return (f'<article class="{cls}" data-game="{_e(lesson.slug)}" style="--gw-card:{plan.card_width}px">'
            f'<h2>{_e(lesson.title)}</h2><div class="gw-sheet-summary">{summary}</div>'
            f'<div class="gw-sheet-body">{"".join(sections)}{foot}</div></article>')


def _rule_html(rule: RuleEntry, text: str, plan: Layout) -> str:
    """A rule: its title in bold running into its text, then its cards (or the rule where they are drawn)."""
    title = " ".join(rule.title.split())
    stop = "" if title[-1:] in ".?!:" else "."
    paras = _paragraphs(text)
    body = f"<p><strong>{_e(title)}{stop}</strong> {paras[0]}</p>" + "".join(f"<p>{p}</p>" for p in paras[1:])
    cards = ""
    if rule.id in plan.same_as:
        cards = f'<p class="gw-sheet-same">Cards as for “{_e(plan.same_as[rule.id])}”.</p>'
    elif rule.id in plan.views:
        cards = f'<div class="gw-sheet-cards">{draw(plan.views[rule.id], plan.card_width)}</div>'
    return f'<div class="gw-sheet-rule" data-rule="{_e(rule.id)}">{body}{cards}</div>'


# ---------------------------------------------------------------- the cards of a scenario


def scenario_view(rule: RuleEntry) -> Any:
    """The position a rule's scenario shows, as a table view with every hand face up.

    The last position (the rule has just happened), unless it shows no card at all (the deal is
    over) or the scenario ran on into a fresh deal with many more cards: then the dealt position.
    The sheet draws the cards, so the scores, the bidding and the status line are left out.
    """
    if rule.scenario is None:
        raise ValueError(f"rule sheet: the rule “{rule.title}” has no scenario to draw.")
    states = rule.scenario.states()
    dealt, last = states[0].view(None), states[-1].view(None)
    fresh_deal = count_cards(last) > BIG and count_cards(dealt) < count_cards(last)
    view = dealt if fresh_deal or count_cards(last) == 0 else last
    return dataclasses.replace(view, scores=None, auction=None, status="")


def draw(view: Any, width: int = CARD_WIDTHS[0]) -> str:
    """A small drawing of a table view: the lessons' table renderer at ``width`` px a card, without its styles."""
    return table_html(view, width=width, style=False)


def count_cards(view: Any) -> int:
    """How many cards a view draws, face up or down."""
    n = sum(len(seat.hand) + sum(len(m) for m in seat.melds) for seat in view.seats)
    n += len(view.centre) + sum(len(p.cards[-1:] if p.top_only else p.cards) for p in view.piles)
    return n + (len(view.trick.plays) if view.trick is not None else 0)


def _cards_key(view: Any) -> tuple:
    """What a drawing shows apart from whose turn it is: two views with the same key look the same."""
    trick = view.trick
    return (tuple((s.name, tuple(map(str, s.hand)), tuple(tuple(map(str, m)) for m in s.melds)) for s in view.seats),
            view.stock if view.has_stock else None, view.centre_label, tuple(map(str, view.centre)),
            tuple((p.label, tuple(map(str, p.cards)), p.owner, p.value, p.top_only) for p in view.piles),
            None if trick is None else (tuple((s, str(c)) for s, c in trick.plays), trick.leader, trick.winner,
                                        trick.trumps),
            view.teams)


# ---------------------------------------------------------------- fitting the pages


def _hand_width(n: int, width: float) -> float:
    """A row of ``n`` cards as the renderer draws it, each overlapping the last by 45 %."""
    return width + width * 0.55 * max(n - 1, 0) if n else 0.0


def _label(text: str, limit: float | None = None, char: float = _SMALL_CHAR) -> tuple[float, int]:
    """The width and number of lines of a small label, wrapped at ``limit`` px."""
    width = len(text) * char + 2
    if limit is None or width <= limit:
        return width, 1
    return limit, math.ceil(1.15 * width / limit)  # a wrapped line rarely ends full


def drawing_height(view: Any, width: int) -> float:
    """About how tall a view's drawing is on paper, in px: its boxes laid out in rows across a column."""
    hand_h = width * (CARD_H + 10) / CARD_W
    card_h = width * CARD_H / CARD_W
    boxes: list[tuple[float, float]] = []  # (width, height) of each box
    for seat in view.seats:
        name_w, hand_w = _label(seat.name)[0], _hand_width(len(seat.hand), width)
        w = name_w + _GAP + hand_w
        h = hand_h if seat.hand else _SMALL_LINE
        if w + _PAD_W > _COLUMN_W:  # the name goes above the hand, drawn smaller if it is still too wide
            w = min(hand_w, _COLUMN_W - _PAD_W)
            h = _SMALL_LINE + hand_h * w / hand_w
        for meld in seat.melds:  # a set is drawn with its cards closer together, as tall as a hand here
            w += _GAP + width + width * 0.3 * max(len(meld) - 1, 0)
            h = hand_h
        boxes.append((w + _PAD_W, h + _PAD))
    if view.has_stock or view.centre:
        items = []
        if view.has_stock:
            count = _label(f"{view.stock} cards", None, _INFO_CHAR)[0]
            items += [(_label("Stock")[0], _SMALL_LINE), (count, _SMALL_LINE)]
            if view.stock:
                items.append((width // 2 + 10, (width // 2 + 10) * CARD_H / CARD_W))
        if view.centre:
            label = _label(view.centre_label, None, _INFO_CHAR)[0]
            items += [(label, _SMALL_LINE), (_hand_width(len(view.centre), width), hand_h)]
        boxes.extend(_wrap(items, _COLUMN_W - _PAD_W, _GAP, _PAD_W, _PAD, box=True))
    names = [seat.name for seat in view.seats]

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"

    if view.trick is not None:
        trick = view.trick
        facts = [f"{name(trick.leader)} led"] + ([f"trumps: {trick.trumps}"] if trick.trumps else [])
        facts += [f"won by {name(trick.winner)}"] if trick.winner is not None else []
        info_w, info_lines = _label(" · ".join(facts), _INFO_W, _INFO_CHAR)
        left = max(info_w, _label("Trick")[0])
        plays = []
        for seat, _card in trick.plays:
            words = " · ".join([name(seat)] + (["led"] if seat == trick.leader else [])
                               + (["won"] if seat == trick.winner else []))
            label_w, label_lines = _label(words, _PLAY_W, _INFO_CHAR)
            plays.append((max(width, label_w) + 2, card_h + label_lines * _SMALL_LINE + 2))
        rows = _wrap(plays, _COLUMN_W - _PAD_W - left - _GAP, _GAP, 0, 0)
        h = max(_SMALL_LINE * (1 + info_lines), sum(r[1] for r in rows) + _GAP * (len(rows) - 1))
        boxes.append((left + _GAP + max(r[0] for r in rows) + _PAD_W, h + _PAD))
    for pile in view.piles:
        n = 1 if pile.top_only else len(pile.cards)
        facts = [count_text(len(pile.cards), "card")] + ([f"{name(pile.owner)}'s"] if pile.owner is not None else [])
        facts += [f"value {pile.value}"] if pile.value is not None else []
        if pile.owner is None:  # a loose card or a pile: its cards only (its name is the drawing's tooltip)
            boxes.append((_hand_width(n, width) + _PAD_W, (hand_h if n else _SMALL_LINE) + _PAD))
            continue
        info_w, info_lines = _label(" · ".join(facts), _INFO_W, _INFO_CHAR)
        head_w, head_lines = _label(pile.label, _INFO_W)
        h = max(hand_h if n else 0, _SMALL_LINE * (head_lines + info_lines))
        boxes.append((max(info_w, head_w) + _GAP + _hand_width(n, width) + _PAD_W, h + _PAD))
    height = 0.0
    if view.teams:
        teams = " · ".join(f"Team {i + 1}: {' and '.join(name(s) for s in team)}" for i, team in enumerate(view.teams))
        height += _SMALL_LINE * _label(teams, _COLUMN_W, _INFO_CHAR)[1] + _GAP
    rows = _wrap(boxes, _COLUMN_W, _GAP, 0, 0)
    return height + sum(r[1] for r in rows) + _GAP * (len(rows) - 1) + 0.8 * _MM


def _wrap(items: list[tuple[float, float]], room: float, gap: float, pad_w: float, pad_h: float,
          box: bool = False) -> list[tuple[float, float]]:
    """Items laid out left to right, wrapping at ``room``: each row's (width, height), padded."""
    rows: list[tuple[float, float]] = []
    row_w = row_h = 0.0
    for w, h in items:
        w = min(w, room)
        if row_w and row_w + gap + w > room:
            rows.append((row_w, row_h))
            row_w = row_h = 0.0
        row_w += (gap if row_w else 0) + w
        row_h = max(row_h, h)
    if row_w or not rows:
        rows.append((row_w, row_h))
    if box:  # one box holding every row
        return [(max(r[0] for r in rows) + pad_w, sum(r[1] for r in rows) + pad_h)]
    return [(w + pad_w, h + pad_h) for w, h in rows]


def _text_height(title: str, text: str) -> float:
    """About how tall a rule's title and text are on paper, in px."""
    lines = 0
    paras = _plain_paragraphs(text)
    for i, para in enumerate(paras):
        chars = len(para) + (len(title) + 2 if i == 0 else 0)
        lines += max(1, math.ceil(chars * _TEXT_CHAR / (_COLUMN_W - 4)))
    return lines * _TEXT_LINE + 0.8 * _MM * len(paras)


def _columns(lesson: Lesson, drawings: dict[str, float], cap: int | None) -> int:
    """How many printed columns the sheet fills, placing its rules as the browser does.

    Columns fill one after another, two a page, the first page's below the title and summary.  A rule
    that does not fit the rest of a column starts the next one, and a section's heading stays with its
    first rule.
    """
    summary = sum(math.ceil(len(p) * 9 * _PT * 0.56 / (186 * _MM)) for p in _plain_paragraphs(lesson.summary))
    header = 15 * 1.2 * _PT + 1 * _MM + summary * 9 * 1.3 * _PT + 2 * _MM
    blocks = []
    for _section, rules in lesson.sections.items():
        heading = 10.5 * 1.2 * _PT + 3.5 * _MM + 2
        for rule in rules:
            height = _text_height(rule.title, shorten(rule.text, cap)) + drawings.get(rule.id, 0.0)
            blocks.append(heading + height)
            heading = 0.0
    blocks.append(2 * _TEXT_LINE + 1.5 * _MM)  # the closing line, which may say that rules were shortened
    columns, used = 1, 0.0
    for block in blocks:
        room = _ROOM * (_PAGE_H - (header if columns <= 2 else 0))
        if used and used + block > room:
            columns, used = columns + 1, 0.0
        used += block + 1.5 * _MM
    return columns


def _fitting_cap(lesson: Lesson, views: dict[str, Any], same_as: dict[str, str], width: int) -> int | None:
    """The longest a rule's text may be, in characters, for the sheet to fit; ``None``: every text whole."""
    drawings = {rule_id: _text_height("Cards as for", f"“{same_as[rule_id]}”.") if rule_id in same_as
                else drawing_height(view, width) for rule_id, view in views.items()}
    most = PAGES * 2
    if _columns(lesson, drawings, None) <= most:
        return None
    low, high = MIN_TEXT, max(len(rule.text) for rule in lesson.rules)
    if _columns(lesson, drawings, low) > most:
        return low
    while high - low > 8:  # the longest cap that fits, found by halving
        mid = (low + high) // 2
        if _columns(lesson, drawings, mid) <= most:
            low = mid
        else:
            high = mid
    return low


# ---------------------------------------------------------------- text


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _plain_paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]


def _paragraphs(text: str) -> list[str]:
    """Lesson text as escaped paragraphs, **bold** and *italic* kept, any stray mark dropped."""
    out = []
    for para in _plain_paragraphs(text):
        safe = _e(para)
        safe = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", safe)
        safe = re.sub(r"\*(.+?)\*", r"<em>\1</em>", safe)
        out.append(safe.replace("*", ""))
    return out or [""]


_BETWEEN_SENTENCES = re.compile(r"(?<=[.!?…])[”’)\"']?\s+(?=[A-Z0-9“‘(\"'*])")


def shorten(text: str, cap: int | None) -> str:
    """``text`` cut to at most about ``cap`` characters: whole sentences while they fit, else whole words, then "…".

    ``None`` (or a text that fits) leaves it as it is.
    """
    flat = " ".join(text.split())
    if cap is None or len(flat) <= cap:
        return text
    kept = ""
    for sentence in _sentences(flat):
        if len(kept) + len(sentence) + 1 > cap:
            break
        kept = f"{kept} {sentence}".strip()
    if not kept:  # the first sentence alone is too long: cut it between words
        kept = flat[:cap].rsplit(" ", 1)[0].rstrip(",;:—–- ")
    return _balance(kept + " …")


def _sentences(text: str) -> list[str]:
    out, start = [], 0
    for match in _BETWEEN_SENTENCES.finditer(text):
        out.append(text[start:match.start()] + match.group(0).strip())
        start = match.end()
    out.append(text[start:])
    return [s for s in out if s]


def _balance(text: str) -> str:
    """Drop an emphasis mark a cut left open."""
    if text.count("**") % 2:
        i = text.rfind("**")
        text = text[:i] + text[i + 2:]
    if text.replace("**", "").count("*") % 2:
        i = text.replace("**", "\0\0").rfind("*")
        text = text[:i] + text[i + 1:]
    return text
