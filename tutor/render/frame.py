"""One card frame for every deck: outline, selection rings, the back, and the accessible name.

A card is a 72×100 ``<g>``: its ``<title>`` (the card's name), the outline, the
face drawn by its deck's face function, then any ring.  A standalone card or
hand is an ``<svg role="img">`` whose first child is a ``<title>`` naming
everything in it, repeated as ``aria-label``, so a screen reader hears the
cards and not just "a hand".  Faces are looked up by the card's ``deck`` in
``FACES``; a deck's module is imported the first time one of its cards is drawn.
"""

from __future__ import annotations

import importlib
import math
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

CARD_W = 72
CARD_H = 100
FONT = "DejaVu Sans, Arial, sans-serif"
SELECT_RING = "#1565c0"
LEGAL_RING = "#b35c00"  # 4.6:1 against white: a ring a learner can see (at least 3:1)
FACE_FILL = "#fffdf7"
OUTLINE = "#444"
BACK_FILL = "#24527a"
BACK_LINE = "#9cc3e6"
FACE_DOWN = "a face-down card"
SVG_NS = "http://www.w3.org/2000/svg"

FaceFunction = Callable[[ET.Element, Any], None]
# Faces drawn so far, by deck; filled from FACE_MODULES on first use.
FACES: dict[str, FaceFunction] = {}
# Where each deck's face is drawn: "deck": "module:function", imported on first use.
FACE_MODULES: dict[str, str] = {
    "french": "tutor.render.french:french_face",
    "five-hundred": "tutor.render.french:french_face",  # the 11s, 12s and 13s of the Five Hundred pack
    "gnav": "tutor.render.gnav:gnav_face",
    "elements": "tutor.render.elements:element_face",
}

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                 "eighteen", "nineteen", "twenty")


def face_for(deck: str) -> FaceFunction:
    """The function that draws a face of ``deck``; ``KeyError`` naming the deck if none is registered."""
    face = FACES.get(deck)
    if face is None:
        if deck not in FACE_MODULES:
            raise KeyError(f"No card face for the deck {deck!r}; "
                           f"the decks drawn are {', '.join(sorted(FACE_MODULES))}.")
        module, name = FACE_MODULES[deck].split(":")
        face = FACES[deck] = getattr(importlib.import_module(module), name)
    return face


def card_title(card: Any) -> str:
    """The accessible name of a card: English, then its own-language name where there is one."""
    if card is None:
        return FACE_DOWN
    native = getattr(card, "native", "") or getattr(card, "cornish", "")
    return f"{card.english} — {native}" if native else card.english


def count_text(n: int, noun: str) -> str:
    """``n`` things in words: "one face-down card", "two face-down cards", "25 cards"."""
    word = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"


def cards_title(cards: Sequence[Any | None], label: str = "") -> str:
    """A hand's accessible name: its label, then each face-up card, then how many are face down.

    ``"Vicki's hand: seven of spades, ten of hearts, two face-down cards"``.
    """
    named = [card.english for card in cards if card is not None]
    hidden = len(cards) - len(named)
    if hidden:
        named.append(count_text(hidden, "face-down card"))
    head = label or f"A hand of {count_text(len(cards), 'card')}"
    return f"{head}: {', '.join(named) if named else 'no cards'}"


def card_svg(card: Any | None, *, width: int = CARD_W, selected: bool = False,
             legal: bool = False, face_down: bool = False, title: str | None = None) -> str:
    """One card as a standalone SVG; ``None`` or ``face_down`` draws its back; ``title`` replaces its name.

    A card's drawing depends on nothing but these values, so each is drawn once and kept (a page redrawn after
    every move shows the same faces again)."""
    try:
        hash(card)
    except TypeError:  # a card that cannot be kept by value is drawn afresh
        return _card_svg.__wrapped__(card, width, selected, legal, face_down, title)
    return _card_svg(card, width, selected, legal, face_down, title)


@lru_cache(maxsize=1024)  # a few thousand bytes each: a kernel keeps at most a few megabytes of faces
def _card_svg(card: Any | None, width: int, selected: bool, legal: bool, face_down: bool,
              title: str | None) -> str:
    root = svg_root(width, width * CARD_H / CARD_W, f"0 0 {CARD_W} {CARD_H}")
    group = card_group(card, selected=selected, legal=legal, face_down=face_down)
    own = group[0]  # the card's <title>, always its group's first child
    if title is not None:
        own.text = title
    _name(root, own.text or "")
    root.append(group)
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
    lift = 10  # room above the row for a selected card, which rises
    root = svg_root(width * view_w / CARD_W, width * (CARD_H + lift) / CARD_W, f"0 {-lift} {view_w} {CARD_H + lift}")
    _name(root, cards_title(cards, label))
    for i, card in enumerate(cards):
        group = card_group(card, selected=i in selected, legal=i in legal)
        group.set("transform", f"translate({i * step:.1f},{-lift if i in selected else 0})")
        group.set("data-index", str(i))
        root.append(group)
    return root


def card_group(card: Any | None, *, selected: bool = False, legal: bool = False,
               face_down: bool = False) -> ET.Element:
    """The ``<g>`` for one card at the origin, 72×100 units, with its name in a ``<title>``."""
    group = ET.Element("g", {"class": "gw-card"})
    title = ET.SubElement(group, "title")
    if card is None or face_down:
        title.text = FACE_DOWN
        back(group)
    else:
        title.text = card_title(card)
        outline(group)
        face_for(card.deck)(group, card)
    ring = SELECT_RING if selected else LEGAL_RING if legal else None
    if ring:  # drawn over the face, inside the card's box, so no viewBox clips it
        ET.SubElement(group, "rect", x="2", y="2", width=str(CARD_W - 4), height=str(CARD_H - 4), rx="5",
                      fill="none", stroke=ring, **{"stroke-width": "4", "class": "gw-ring"})
    return group


def outline(group: ET.Element) -> None:
    """The face's background and border."""
    ET.SubElement(group, "rect", x="0.5", y="0.5", width=str(CARD_W - 1), height=str(CARD_H - 1), rx="6",
                  fill=FACE_FILL, stroke=OUTLINE, **{"stroke-width": "1"})


def back(group: ET.Element) -> None:
    """The back shared by every deck: a blue card with a dashed border and a star."""
    ET.SubElement(group, "rect", x="0.5", y="0.5", width=str(CARD_W - 1), height=str(CARD_H - 1), rx="6",
                  fill=BACK_FILL, stroke="#123", **{"stroke-width": "1"})
    ET.SubElement(group, "rect", x="6", y="6", width=str(CARD_W - 12), height=str(CARD_H - 12), rx="4",
                  fill="none", stroke=BACK_LINE, **{"stroke-width": "1.5", "stroke-dasharray": "4 3"})
    ET.SubElement(group, "path", d=star(CARD_W / 2, CARD_H / 2, 12, 5), fill=BACK_LINE)


def star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> str:
    """An SVG path of a star centred on ``cx, cy``."""
    coords = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        coords.append(f"{cx + r * math.cos(a):.1f} {cy + r * math.sin(a):.1f}")
    return "M" + " L".join(coords) + " Z"


def svg_root(width: float, height: float, view_box: str) -> ET.Element:
    """An ``<svg role="img">`` of the given size in pixels."""
    return ET.Element("svg", xmlns=SVG_NS, width=f"{width:.0f}", height=f"{height:.0f}",
                      viewBox=view_box, role="img")


def text(group: ET.Element, x: float, y: float, content: str, size: float, fill: str, *,
         anchor: str = "middle", bold: bool = True, family: str = FONT) -> ET.Element:
    """A line of text in our font stack."""
    t = ET.SubElement(group, "text", x=f"{x:g}", y=f"{y:g}", fill=fill, **{
        "font-family": family, "font-size": f"{size:g}", "font-weight": "bold" if bold else "normal",
        "text-anchor": anchor})
    t.text = content
    return t


def _name(root: ET.Element, name: str) -> None:
    """Give an ``<svg role="img">`` its name: a first-child ``<title>`` and the same ``aria-label``."""
    title = ET.Element("title")
    title.text = name
    root.insert(0, title)
    root.set("aria-label", name)
