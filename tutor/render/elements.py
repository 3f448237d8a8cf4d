"""Faces of the element deck: Fire, Water, Wind and Earth told apart by shape and by colour.

Each element has its own symbol (a flame with side tongues, a smooth drop,
three open gusts drawn as lines, a flat-based pair of peaks) and its own
colour.  The colours are Okabe–Ito vermilion and blue for Fire and Water, a
grey-teal for Wind and a dark brown for Earth: chosen so that every pair stays
apart under simulated protanopia, deuteranopia and tritanopia, and each has at
least 3:1 contrast on the card for the large value.  The shapes alone tell the
elements apart in greyscale.  The value is printed large in the corner (which
a fanned hand still shows) and again under the symbol.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tutor.cards.elements import Element, ElementCard
from tutor.render.frame import CARD_H, CARD_W, text

INK = {
    Element.FIRE: "#D55E00",
    Element.WATER: "#0072B2",
    Element.WIND: "#6E7F7A",
    Element.EARTH: "#6B4423",
}
NAME_INK = "#333"

# Symbols in a 0..20 box, as SVG paths (no font or emoji needed).
ELEMENT_PATHS = {
    Element.FIRE: "M10 0 C11 4 15 6.5 16.5 10 C17.4 8.6 17.4 7.2 17 5.8 C19.4 8.4 20 12 19 15 "
                  "C17.8 18.2 14.4 20 10 20 C5.6 20 2.2 18.2 1 15 C0 12 0.8 8.6 3 6.4 "
                  "C3 8 3.4 9.2 4.4 10 C5 6 8 4 10 0 Z",
    Element.WATER: "M10 0 C12.5 5 17 9.5 17 13.5 C17 17.4 13.9 20 10 20 C6.1 20 3 17.4 3 13.5 "
                   "C3 9.5 7.5 5 10 0 Z",
    Element.WIND: "M1 5 H12 C15 5 16 2 14 1 M1 10 H16 C19.5 10 20 14 17 15 M1 15 H8 C11 15 12 18.5 9.5 19.5",
    Element.EARTH: "M0 19 L7 5 L11 12 L14 8 L20 19 Z",
}
# Wind is drawn as lines, the others filled: a second cue that survives greyscale.
STROKED = frozenset({Element.WIND})


def element_face(group: ET.Element, card: ElementCard) -> None:
    """Draw an element card's face: the value and symbol in the corner, a large symbol, the value and name."""
    ink = INK[card.element]
    value = str(card.value)
    text(group, 5, 21, value, 22 if len(value) == 1 else 20, ink, anchor="start")
    symbol(group, card.element, 5, 25, 0.6)
    symbol(group, card.element, CARD_W / 2 - 14, 26, 1.4)
    text(group, CARD_W / 2, 80, value, 28, ink)
    text(group, CARD_W / 2, CARD_H - 6, card.element.english, 11, NAME_INK, bold=False)


def symbol(group: ET.Element, element: Element, x: float, y: float, scale: float) -> None:
    """One element symbol with its top-left corner at ``x, y``, ``scale`` times its 20-unit size."""
    attrs = {"d": ELEMENT_PATHS[element], "transform": f"translate({x:g},{y:g}) scale({scale:g})"}
    if element in STROKED:
        attrs.update({"fill": "none", "stroke": INK[element], "stroke-width": "2.4", "stroke-linecap": "round"})
    else:
        attrs["fill"] = INK[element]
    ET.SubElement(group, "path", attrs)
