"""Faces of the Gnav pack: our own simple geometric pictures, each with its name.

``gnav_face(group, card)`` draws into a 72×100 ``<g>`` whose outline
``tutor.render.frame.card_group`` has already drawn.  Matadors have a gold band,
the three low pictures (Pot, Owl, Fool) a grey one, so the card's class shows
at a glance; the name label is large enough to read at 60 px.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable

from tutor.cards.gnav import GnavCard, GnavRank
from tutor.render.frame import CARD_W as W
from tutor.render.frame import FONT

INK = "#1a1a1a"
MATADOR_BAND = "#e0b100"
LOW_BAND = "#9e9e9e"
NUMBER_INK = "#0b5cad"


def _el(group: ET.Element, tag: str, **attrs: str) -> ET.Element:
    return ET.SubElement(group, tag, {k.replace("_", "-"): v for k, v in attrs.items()})


def _text(group: ET.Element, x: float, y: float, text: str, size: float, fill: str = INK, bold: bool = True) -> None:
    t = _el(group, "text", x=f"{x:g}", y=f"{y:g}", fill=fill, font_family=FONT, font_size=f"{size:g}",
            text_anchor="middle", font_weight="bold" if bold else "normal")
    t.text = text


def _cuckoo(g: ET.Element) -> None:
    _el(g, "ellipse", cx="34", cy="50", rx="17", ry="11", fill="#8d6e63", stroke=INK)
    _el(g, "circle", cx="50", cy="40", r="8", fill="#8d6e63", stroke=INK)
    _el(g, "path", d="M57 39 L66 42 L57 44 Z", fill="#f2a900", stroke=INK)
    _el(g, "circle", cx="52", cy="38", r="1.8", fill=INK)
    _el(g, "path", d="M18 48 L6 42 L8 54 Z", fill="#5d4037", stroke=INK)
    _el(g, "path", d="M30 61 L28 68 M38 61 L40 68", stroke=INK, stroke_width="2")


def _dragoon(g: ET.Element) -> None:
    _el(g, "path", d="M20 66 Q44 50 56 26 L59 28 Q49 54 23 69 Z", fill="#cfd8dc", stroke=INK)
    _el(g, "path", d="M16 60 L28 72", stroke=INK, stroke_width="4", stroke_linecap="round")
    _el(g, "path", d="M14 72 L20 66", stroke="#6d4c41", stroke_width="5", stroke_linecap="round")


def _cat(g: ET.Element) -> None:
    _el(g, "circle", cx="36", cy="48", r="15", fill="#ff9800", stroke=INK)
    _el(g, "path", d="M23 40 L24 26 L33 34 Z M49 40 L48 26 L39 34 Z", fill="#ff9800", stroke=INK)
    _el(g, "circle", cx="30", cy="46", r="2", fill=INK)
    _el(g, "circle", cx="42", cy="46", r="2", fill=INK)
    _el(g, "path", d="M34 52 L38 52 L36 55 Z M20 53 L30 54 M20 57 L30 56 M52 53 L42 54 M52 57 L42 56",
        fill=INK, stroke=INK, stroke_width="1")


def _horse(g: ET.Element) -> None:
    _el(g, "path", d="M24 70 L26 46 Q28 30 42 26 L54 36 L50 42 L42 38 L40 52 L46 70 Z",
        fill="#a1887f", stroke=INK)
    _el(g, "path", d="M30 34 Q26 44 26 52", stroke="#4e342e", stroke_width="4", fill="none")
    _el(g, "circle", cx="45", cy="31", r="1.8", fill=INK)


def _house(g: ET.Element) -> None:
    _el(g, "rect", x="20", y="44", width="32", height="26", fill="#ef9a9a", stroke=INK)
    _el(g, "path", d="M16 46 L36 28 L56 46 Z", fill="#8d6e63", stroke=INK)
    _el(g, "rect", x="32", y="56", width="8", height="14", fill="#5d4037")
    _el(g, "rect", x="23", y="50", width="6", height="6", fill="#fff9c4", stroke=INK)


def _pot(g: ET.Element) -> None:
    _el(g, "path", d="M22 40 L50 40 L47 66 Q36 72 25 66 Z", fill="#90a4ae", stroke=INK)
    _el(g, "path", d="M50 44 Q60 50 48 58", fill="none", stroke=INK, stroke_width="3")
    _el(g, "rect", x="20", y="36", width="32", height="5", rx="2", fill="#607d8b", stroke=INK)


def _owl(g: ET.Element) -> None:
    _el(g, "ellipse", cx="36", cy="50", rx="15", ry="19", fill="#8d6e63", stroke=INK)
    _el(g, "path", d="M22 36 L26 28 L31 34 Z M50 36 L46 28 L41 34 Z", fill="#8d6e63", stroke=INK)
    for cx in ("30", "42"):
        _el(g, "circle", cx=cx, cy="44", r="5", fill="#fff9c4", stroke=INK)
        _el(g, "circle", cx=cx, cy="44", r="2", fill=INK)
    _el(g, "path", d="M34 50 L38 50 L36 55 Z", fill="#f2a900")


def _fool(g: ET.Element) -> None:
    _el(g, "path", d="M20 54 Q22 34 36 30 Q26 40 30 54 Z M52 54 Q50 34 36 30 Q46 40 42 54 Z",
        fill="#c8102e", stroke=INK)
    _el(g, "path", d="M30 54 L36 28 L42 54 Z", fill="#16783a", stroke=INK)
    _el(g, "rect", x="18", y="54", width="36", height="8", rx="3", fill="#f2a900", stroke=INK)
    for cx in ("20", "36", "52"):
        _el(g, "circle", cx=cx, cy="32" if cx == "36" else "54", r="3", fill="#f2a900", stroke=INK)


PICTURES: dict[GnavRank, Callable[[ET.Element], None]] = {
    GnavRank.CUCKOO: _cuckoo, GnavRank.DRAGOON: _dragoon, GnavRank.CAT: _cat, GnavRank.HORSE: _horse,
    GnavRank.HOUSE: _house, GnavRank.POT: _pot, GnavRank.OWL: _owl, GnavRank.FOOL: _fool,
}


def gnav_face(group: ET.Element, card: GnavCard) -> None:
    """Draw a Gnav card's face: a band, the picture or numeral, and the name."""
    number = card.number
    if number is not None:
        _text(group, W / 2, 64, str(number), 40, NUMBER_INK)
        _text(group, W / 2, 88, card.native, 13, INK, bold=False)
        _text(group, 12, 16, str(number), 12, NUMBER_INK)
        return
    band = MATADOR_BAND if card.is_matador else LOW_BAND
    _el(group, "rect", x="3", y="3", width=f"{W - 6}", height="16", rx="4", fill=band)
    _text(group, W / 2, 15.5, card.english.upper(), 11 if len(card.english) <= 7 else 10)
    PICTURES[card.rank](group)
    _text(group, W / 2, 90, card.native, 13, INK, bold=False)
