"""The element deck of Pymtheg, Burn and Cârts Tîty: Fire, Water, Wind and Earth, each 1 to 15, 15 high.

Notation: the element, then the value, with no space: ``F15`` (Fire 15),
``Wa3`` (Water 3), ``Wi7`` (Wind 7), ``E12`` (Earth 12).  The element is
written with the shortest start of its English name that no other element
shares, so Fire is ``F`` and Earth ``E``, while Water and Wind, which share
the W, are ``Wa`` and ``Wi``.  Reading is kinder than writing: case and spaces
are ignored and any unambiguous start of the name will do, so ``f15``,
``Fire 15``, ``wind 7`` and ``WAT 3`` are read too; a lone ``W`` is refused
because it could be either.

Cards sort by element (Fire, Water, Wind, Earth, the rule book's order), then by
value.  Cârts Tîty shuffles two or more decks together for six players or
more; the copies of a card are the same card, so a pack is a multiset.
"""

from __future__ import annotations

import re
from enum import Enum

from tutor.cards.base import BadNotation, Deck, InternedCard


class Element(Enum):
    """The four elements, in the rule book's order, with their notation and English name."""

    FIRE = ("F", "Fire")
    WATER = ("Wa", "Water")
    WIND = ("Wi", "Wind")
    EARTH = ("E", "Earth")

    def __init__(self, code: str, english: str) -> None:
        self.code = code
        self.english = english

    def __repr__(self) -> str:
        return f"Element.{self.name}"

    def __str__(self) -> str:
        return self.english


ELEMENT_ORDER = {element: i for i, element in enumerate(Element)}
LOW, HIGH = 1, 15
VALUES = range(LOW, HIGH + 1)
_WRITTEN = ", ".join(f"{e.code} ({e.english})" for e in Element)
_NOTATION = re.compile(r"([^\W\d_]*)\s*(\d*)")

# Element cards have their own range of orders (see tutor.cards.french.ORDER_BASE).
ORDER_BASE = 3000


class ElementCard(InternedCard):
    """A card of the element deck; ``ElementCard(Element.FIRE, 15)`` is the one Fire 15."""

    deck = "elements"
    __match_args__ = ("element", "value")
    element: Element
    value: int

    def __new__(cls, element: Element, value: int) -> "ElementCard":
        try:
            return ELEMENT_CARDS[element, value]
        except (KeyError, TypeError):
            raise BadNotation(f"{element!r} {value!r}",
                              f"an element card is an Element and a value {LOW}–{HIGH}") from None

    @classmethod
    def parse(cls, text: str) -> "ElementCard":
        """Read ``F15``, ``Wa3``, ``Wi7``, ``E12``, or the names: ``Fire 15``, ``wind 7`` (case and spaces ignored)."""
        written = str(text).strip()
        match = _NOTATION.fullmatch(written)
        if not written:
            raise BadNotation(text, f"write an element then a value, e.g. F15 or Wi7; the elements are {_WRITTEN}")
        if match is None:
            if re.fullmatch(r"\d+\s*[^\W\d_]+", written):
                raise BadNotation(text, "write the element first, then the value, e.g. F15 or Wi7")
            raise BadNotation(text, f"write an element then a value {LOW}–{HIGH}, e.g. F15 or Wi7, and nothing else")
        word, number = match.groups()
        if not word:
            raise BadNotation(text, f"no element before the value; the elements are {_WRITTEN}")
        element = element_named(word, text)
        if not number:
            raise BadNotation(text, f"no value after {element.english}; values are {LOW}–{HIGH}")
        value = int(number)
        if value not in VALUES:
            raise BadNotation(text, f"value {value} is out of range; values are {LOW}–{HIGH}")
        return ELEMENT_CARDS[element, value]


def element_named(word: str, text: str | None = None) -> Element:
    """The element whose English name starts with ``word`` (case ignored); ``BadNotation`` if none or two do."""
    found = [e for e in Element if e.english.lower().startswith(word.lower())]
    if len(found) == 1:
        return found[0]
    shown = word if text is None else text
    if not found:
        raise BadNotation(shown, f"unknown element {word!r}; the elements are {_WRITTEN}")
    raise BadNotation(shown, f"{word!r} could be " + " or ".join(e.english for e in found)
                      + "; write " + " or ".join(e.code for e in found))


def _make_card(element: Element, value: int) -> ElementCard:
    english = f"{element.english} {value}"
    # Element first, then value: one block of HIGH + 1 orders per element.
    order = ORDER_BASE + ELEMENT_ORDER[element] * (HIGH + 1) + value
    return ElementCard._make(order, element=element, value=value, code=f"{element.code}{value}",
                             english=english, native="", cornish="", label=english)


ELEMENT_CARDS: dict[tuple[Element, int], ElementCard] = {
    (element, value): _make_card(element, value) for element in Element for value in VALUES
}


def element_pack(copies: int = 1) -> tuple[ElementCard, ...]:
    """``copies`` element decks one after another (60 cards each), each in order: Fire 1…15, Water, Wind, Earth."""
    return ELEMENTS_60.times(copies).pack()


ELEMENTS_60 = Deck("Elements 60", tuple(ELEMENT_CARDS.values()), ElementCard.parse)
