"""Faces of the French pack: a four-colour pack whose suits differ in shape and colour.

Spades are black, hearts red, diamonds blue and clubs green, so no one needs
to tell red from green; the pips are SVG paths, so no font is needed for them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tutor.cards.french import Card, Rank, Suit
from tutor.render.frame import CARD_H, CARD_W, star

INK = {Suit.SPADES: "#1a1a1a", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#0b5cad", Suit.CLUBS: "#16783a"}
JOKER_INK = "#6a1b9a"

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


def french_face(group: ET.Element, card: Card) -> None:
    """Draw a French card's face: corner indexes, pips, a framed letter on court cards, or the joker."""
    if card.suit is None:
        joker_face(group)
        return
    ink = INK[card.suit]
    text = card.rank.code
    size = "22" if len(text) == 1 else "19"
    for x, y, rotate in ((4, 22, ""), (CARD_W - 4, CARD_H - 22, f"rotate(180 {CARD_W - 4} {CARD_H - 22})")):
        t = ET.SubElement(group, "text", x=str(x), y=str(y), fill=ink, **{
            "font-family": "DejaVu Sans, Arial, sans-serif", "font-size": size, "font-weight": "bold",
            "text-anchor": "start"})
        if rotate:
            t.set("transform", rotate)
        t.text = text
    pip(group, card.suit, 5, 26, 0.6)
    pip(group, card.suit, CARD_W - 17, CARD_H - 38, 0.6, flip=True)
    if text in ("J", "Q", "K"):  # courts only: the numbered 11, 12 and 13 of the Five Hundred pack have pips
        ET.SubElement(group, "rect", x="18", y="24", width="36", height="52", rx="4", fill="none",
                      stroke=ink, **{"stroke-width": "1.5"})
        letter = ET.SubElement(group, "text", x=str(CARD_W / 2), y="58", fill=ink, **{
            "font-family": "DejaVu Serif, Georgia, serif", "font-size": "26", "font-weight": "bold",
            "text-anchor": "middle"})
        letter.text = text
        pip(group, card.suit, CARD_W / 2 - 6, 62, 0.6)
    else:
        scale = 1.9 if card.rank == Rank.ACE else 1.4
        pip(group, card.suit, CARD_W / 2 - 10 * scale, CARD_H / 2 - 10 * scale, scale)


def joker_face(group: ET.Element) -> None:
    """The joker: a purple star in the middle and in each corner, and the word JOKER at the top and (upside down) at
    the bottom; the card's name is in its title, so no letters stand for it."""
    ET.SubElement(group, "path", fill=JOKER_INK, d=star(CARD_W / 2, CARD_H / 2, 20, 8))
    for x, y in ((9, 10), (CARD_W - 9, CARD_H - 10)):
        ET.SubElement(group, "path", fill=JOKER_INK, d=star(x, y, 5, 2))
    for y, rotate in ((27, ""), (CARD_H - 27, f"rotate(180 {CARD_W / 2} {CARD_H - 27})")):
        t = ET.SubElement(group, "text", x=str(CARD_W / 2), y=str(y), fill=JOKER_INK, **{
            "font-family": "DejaVu Sans, Arial, sans-serif", "font-size": "13", "font-weight": "bold",
            "text-anchor": "middle", "letter-spacing": "1"})
        if rotate:
            t.set("transform", rotate)
        t.text = "JOKER"


def pip(group: ET.Element, suit: Suit, x: float, y: float, scale: float, flip: bool = False) -> None:
    """One suit symbol with its top-left corner at ``x, y``, ``scale`` times its 20-unit size."""
    transform = f"translate({x:.1f},{y:.1f}) scale({scale})"
    if flip:
        transform += " rotate(180 10 10)"
    ET.SubElement(group, "path", d=SUIT_PATHS[suit], fill=INK[suit], transform=transform)
