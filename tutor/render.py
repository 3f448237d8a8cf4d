"""Drawing cards, hands and tables: pure functions that return SVG or HTML text.

Everything is drawn by this module (no copied artwork, no web fonts).  Suits
differ in shape *and* colour (a four-colour pack: spades black, hearts red,
diamonds blue, clubs green), so no one needs to tell red from green.  Each
card carries a ``<title>`` with its English and Cornish names, which screen
readers read and tests search.  Other packs (the Gnav pictures, the element
deck) register a face-drawing function in ``FACES``.
"""

from __future__ import annotations

import html
import importlib
import xml.etree.ElementTree as ET
from typing import Any, Callable, Iterable, Sequence

from tutor.cards import Card, Rank, Suit

CARD_W = 72
CARD_H = 100
INK = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#0b5cad", Suit.CLUBS: "#16783a"}
JOKER_INK = "#6a1b9a"
SELECT_RING = "#1565c0"
LEGAL_RING = "#f2a900"

# Suit shapes in a 0..20 box, as SVG paths, so no font is needed for the pips.
SUIT_PATHS = {
    Suit.HEARTS: "M10 19 C2 12 0 9 0 5.5 C0 2.5 2.4 0 5.2 0 C7.4 0 9 1.4 10 3.4 "
                 "C11 1.4 12.6 0 14.8 0 C17.6 0 20 2.5 20 5.5 C20 9 18 12 10 19 Z",
    Suit.DIAMONDS: "M10 0 L18 10 L10 20 L2 10 Z",
    Suit.SPADES: "M10 0 C6 5 0 8.5 0 12.5 C0 15.3 2.2 17 4.6 17 C6.6 17 8 16 9 14.6 "
                 "L8 20 L12 20 L11 14.6 C12 16 13.4 17 15.4 17 C17.8 17 20 15.3 20 12.5 C20 8.5 14 5 10 0 Z",
    Suit.CLUBS: "M10 0.5 A4.6 4.6 0 0 1 13.7 7.9 A4.6 4.6 0 1 1 11.3 15 L12.4 20 L7.6 20 L8.7 15 "
                "A4.6 4.6 0 1 1 6.3 7.9 A4.6 4.6 0 0 1 10 0.5 Z",
}


def card_title(card: Any) -> str:
    """The accessible name of a card: English, then Cornish where there is one."""
    cornish = getattr(card, "cornish", "")
    return f"{card.english} — {cornish}" if cornish else card.english


def card_svg(card: Any | None, *, width: int = CARD_W, selected: bool = False,
             legal: bool = False, face_down: bool = False) -> str:
    """One card as a standalone SVG; ``None`` or ``face_down`` draws its back."""
    root = _svg_root(width, width * CARD_H / CARD_W, f"0 0 {CARD_W} {CARD_H}")
    root.append(card_group(card, selected=selected, legal=legal, face_down=face_down))
    return ET.tostring(root, encoding="unicode")


def hand_svg(cards: Sequence[Any | None], *, width: int = CARD_W, overlap: float = 0.45,
             selected: Iterable[int] = (), legal: Iterable[int] = (), label: str = "") -> str:
    """A row of cards, overlapping by ``overlap`` of a card's width; indexes pick the selected and legal ones."""
    return ET.tostring(hand_element(cards, width=width, overlap=overlap, selected=selected,
                                    legal=legal, label=label), encoding="unicode")


def hand_element(cards: Sequence[Any | None], *, width: int = CARD_W, overlap: float = 0.45,
                 selected: Iterable[int] = (), legal: Iterable[int] = (), label: str = "") -> ET.Element:
    """The ``<svg>`` element behind ``hand_svg`` (so it can be placed inside a larger drawing)."""
    selected, legal = set(selected), set(legal)
    step = CARD_W * (1 - overlap)
    n = max(len(cards), 1)
    view_w = CARD_W + step * (n - 1)
    lift = 10
    root = _svg_root(width * view_w / CARD_W, width * (CARD_H + lift) / CARD_W, f"0 {-lift} {view_w} {CARD_H + lift}")
    ET.SubElement(root, "title").text = label or f"A hand of {len(cards)} card{'s' * (len(cards) != 1)}"
    for i, card in enumerate(cards):
        group = card_group(card, selected=i in selected, legal=i in legal)
        group.set("transform", f"translate({i * step:.1f},{-lift if i in selected else 0})")
        group.set("data-index", str(i))
        root.append(group)
    return root


def card_group(card: Any | None, *, selected: bool = False, legal: bool = False,
               face_down: bool = False) -> ET.Element:
    """The ``<g>`` for one card at the origin, 72×100 units."""
    group = ET.Element("g", {"class": "gw-card"})
    title = ET.SubElement(group, "title")
    ring = SELECT_RING if selected else LEGAL_RING if legal else None
    rings: list[str] = []
    if ring:  # drawn over the face, inside the card's box, so no viewBox clips it
        rings.append(ring)
    if card is None or face_down:
        title.text = "a face-down card"
        _back(group)
    else:
        title.text = card_title(card)
        ET.SubElement(group, "rect", x="0.5", y="0.5", width=str(CARD_W - 1), height=str(CARD_H - 1), rx="6",
                      fill="#fffdf7", stroke="#444", **{"stroke-width": "1"})
        face = FACES.get(card.deck)
        if face is None:
            module, name = FACE_MODULES[card.deck].split(":")
            face = FACES[card.deck] = getattr(importlib.import_module(module), name)
        face(group, card)
    for colour in rings:
        ET.SubElement(group, "rect", x="2", y="2", width=str(CARD_W - 4), height=str(CARD_H - 4), rx="5",
                      fill="none", stroke=colour, **{"stroke-width": "4", "class": "gw-ring"})
    return group


def _french_face(group: ET.Element, card: Card) -> None:
    if card.suit is None:
        _joker_face(group)
        return
    ink = INK[card.suit]
    text = card.rank.code
    size = "22" if len(text) == 1 else "19"
    for x, y, rotate in ((4, 22, ""), (CARD_W - 4, CARD_H - 22, f"rotate(180 {CARD_W - 4} {CARD_H - 22})")):
        t = ET.SubElement(group, "text", x=str(x), y=str(y), fill=ink, **{
            "font-family": "DejaVu Sans, Arial, sans-serif", "font-size": size, "font-weight": "bold",
            "text-anchor": "start" if not rotate else "start"})
        if rotate:
            t.set("transform", rotate)
        t.text = text
    _pip(group, card.suit, 5, 26, 0.6)
    _pip(group, card.suit, CARD_W - 17, CARD_H - 38, 0.6, flip=True)
    if card.rank >= Rank.JACK and card.rank != Rank.ACE:
        ET.SubElement(group, "rect", x="18", y="24", width="36", height="52", rx="4", fill="none",
                      stroke=ink, **{"stroke-width": "1.5"})
        letter = ET.SubElement(group, "text", x=str(CARD_W / 2), y="58", fill=ink, **{
            "font-family": "DejaVu Serif, Georgia, serif", "font-size": "26", "font-weight": "bold",
            "text-anchor": "middle"})
        letter.text = text
        _pip(group, card.suit, CARD_W / 2 - 6, 62, 0.6)
    else:
        scale = 1.9 if card.rank == Rank.ACE else 1.4
        _pip(group, card.suit, CARD_W / 2 - 10 * scale, CARD_H / 2 - 10 * scale, scale)


def _joker_face(group: ET.Element) -> None:
    ET.SubElement(group, "path", fill=JOKER_INK, d=_star(CARD_W / 2, CARD_H / 2, 20, 8))
    for y, text in ((22, "JK"), (CARD_H - 8, "JOKER")):
        t = ET.SubElement(group, "text", x=str(CARD_W / 2), y=str(y), fill=JOKER_INK, **{
            "font-family": "DejaVu Sans, Arial, sans-serif", "font-size": "15" if y > 50 else "19",
            "font-weight": "bold", "text-anchor": "middle"})
        t.text = text


def _pip(group: ET.Element, suit: Suit, x: float, y: float, scale: float, flip: bool = False) -> None:
    transform = f"translate({x:.1f},{y:.1f}) scale({scale})"
    if flip:
        transform += " rotate(180 10 10)"
    ET.SubElement(group, "path", d=SUIT_PATHS[suit], fill=INK[suit], transform=transform)


def _back(group: ET.Element) -> None:
    ET.SubElement(group, "rect", x="0.5", y="0.5", width=str(CARD_W - 1), height=str(CARD_H - 1), rx="6",
                  fill="#24527a", stroke="#123", **{"stroke-width": "1"})
    ET.SubElement(group, "rect", x="6", y="6", width=str(CARD_W - 12), height=str(CARD_H - 12), rx="4",
                  fill="none", stroke="#9cc3e6", **{"stroke-width": "1.5", "stroke-dasharray": "4 3"})
    ET.SubElement(group, "path", d=_star(CARD_W / 2, CARD_H / 2, 12, 5), fill="#9cc3e6")


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> str:
    import math

    coords = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        coords.append(f"{cx + r * math.cos(a):.1f} {cy + r * math.sin(a):.1f}")
    return "M" + " L".join(coords) + " Z"


def _svg_root(width: float, height: float, view_box: str) -> ET.Element:
    return ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=f"{width:.0f}", height=f"{height:.0f}",
                      viewBox=view_box, role="img")


FACES: dict[str, Callable[[ET.Element, Any], None]] = {"french": _french_face}
# Other packs draw themselves from their own modules, imported on first use: "deck": "module:function".
FACE_MODULES: dict[str, str] = {}
FACE_MODULES["gnav"] = "tutor.render_gnav:gnav_face"


# ---------------------------------------------------------------- tables (HTML around SVG)

TABLE_CSS = """
.gw-table{font-family:system-ui,'DejaVu Sans',sans-serif;display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.gw-seat{border:2px solid #ccd;border-radius:10px;padding:6px 8px;background:#f7f9fc;min-width:150px;max-width:100%}
.gw-seat.gw-current{border-color:#1565c0;background:#e8f1fd}
.gw-seat h4{margin:0 0 4px 0;font-size:15px}
.gw-info{font-size:13px;color:#333}
.gw-melds{display:flex;flex-wrap:wrap;gap:4px;margin-top:4px}
.gw-centre{border:2px dashed #aab;border-radius:10px;padding:6px 8px;min-width:120px}
.gw-status{width:100%;font-weight:600;font-size:15px}
.gw-table svg{max-width:100%;height:auto}
"""


def table_html(view: Any, *, width: int = 60, style: bool = True, own_hand: bool = True) -> str:
    """A table view as HTML: one box per seat (hand, sets, info), the stock, and a status line.

    ``style=False`` leaves out the ``<style>`` block (the widgets ship the same rules in their CSS);
    ``own_hand=False`` leaves the viewer's hand out (a play app shows it larger, as buttons).
    """
    parts = [f"<style>{TABLE_CSS}</style>" if style else "", '<div class="gw-table">',
             f'<div class="gw-status">{html.escape(view.status)}</div>']
    for seat, info in enumerate(view.seats):
        current = " gw-current" if seat == view.current else ""
        you = " (you)" if seat == view.viewer else ""
        parts.append(f'<div class="gw-seat{current}" data-seat="{seat}">'
                     f"<h4>{html.escape(info.name)}{you}</h4>"
                     f'<div class="gw-info">{len(info.hand)} in hand · {html.escape(info.info)}</div>')
        if info.hand and (own_hand or seat != view.viewer):
            parts.append(hand_svg(info.hand, width=width, label=f"{info.name}'s hand"))
        if info.melds:
            parts.append('<div class="gw-melds">' + "".join(
                hand_svg(m, width=width // 2, overlap=0.7, label=f"{info.name}'s set") for m in info.melds) + "</div>")
        parts.append("</div>")
    if view.has_stock or view.centre:
        parts.append('<div class="gw-centre">')
        if view.has_stock:
            parts.append(f'<h4>Stock</h4><div class="gw-info">{view.stock} cards</div>')
            if view.stock:
                parts.append(card_svg(None, width=width // 2 + 10))
        if view.centre:
            parts.append(f'<div class="gw-info">{html.escape(view.centre_label)}</div>'
                         + hand_svg(view.centre, width=width))
        parts.append("</div>")
    parts.append("</div>")
    return "".join(parts)


def table_svg(view: Any) -> str:
    """A compact SVG of the table for ``_repr_svg_``: each seat's hand in a row, labelled."""
    row_h = 90
    root = _svg_root(560, row_h * len(view.seats), f"0 0 560 {row_h * len(view.seats)}")
    ET.SubElement(root, "title").text = view.status
    for i, info in enumerate(view.seats):
        t = ET.SubElement(root, "text", x="0", y=str(i * row_h + 14), **{
            "font-size": "13", "font-family": "DejaVu Sans, Arial, sans-serif"})
        t.text = f"{info.name} — {info.info}" + ("  ◀ to play" if i == view.current else "")
        row = hand_element(info.hand, width=48, label=f"{info.name}'s hand")
        row.attrib.pop("xmlns", None)
        row.set("x", "0")
        row.set("y", str(i * row_h + 18))
        root.append(row)
    return ET.tostring(root, encoding="unicode")
