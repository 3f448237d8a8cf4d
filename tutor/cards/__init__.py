"""Cards of every deck: one protocol, interned cards ordered by an int, packs as data.

``base`` holds what all decks share (the protocol, ``InternedCard``, ``Deck``,
pack and conservation helpers, ``BadNotation``); ``french``, ``gnav`` and
``elements`` each hold one deck.  Everything is re-exported here, so
``from tutor.cards import Card, GnavCard, ElementCard`` works.
"""

from tutor.cards.base import (
    CARD_CLASSES,
    BadNotation,
    CardProtocol,
    Deck,
    Hand,
    InternedCard,
    card_of,
    cards_text,
    conserved,
    counts,
    difference,
    difference_text,
    pack,
    read_cards,
    shuffled,
)
from tutor.cards.elements import (
    ELEMENT_CARDS,
    ELEMENT_ORDER,
    ELEMENTS_60,
    Element,
    ElementCard,
    element_named,
    element_pack,
)
from tutor.cards.french import (
    CARDS,
    CHWECH_36,
    CHWECH_45,
    CHWECH_63,
    FRENCH_52,
    FRENCH_54,
    FRENCH_RANKS,
    JOKER,
    RANKS_BY_CODE,
    SUIT_ORDER,
    SUITS_BY_LETTER,
    Card,
    Rank,
    Suit,
    french_pack,
    parse_cards,
)
from tutor.cards.gnav import GNAV_42, GNAV_CARDS, GNAV_RANKS_BY_CODE, GnavCard, GnavRank, gnav_pack

DECKS: dict[str, Deck] = {deck.name: deck for deck in (
    FRENCH_52, FRENCH_54, CHWECH_36, CHWECH_45, CHWECH_63, GNAV_42, ELEMENTS_60)}

__all__ = [
    "BadNotation", "CardProtocol", "InternedCard", "CARD_CLASSES", "card_of", "Deck", "DECKS", "pack",
    "counts", "difference", "difference_text", "conserved", "cards_text", "read_cards", "shuffled", "Hand",
    "Card", "Rank", "Suit", "JOKER", "CARDS", "FRENCH_RANKS", "RANKS_BY_CODE", "SUIT_ORDER", "SUITS_BY_LETTER",
    "french_pack", "parse_cards", "FRENCH_52", "FRENCH_54", "CHWECH_36", "CHWECH_45", "CHWECH_63",
    "GnavRank", "GnavCard", "GNAV_CARDS", "GNAV_RANKS_BY_CODE", "gnav_pack", "GNAV_42",
    "Element", "ElementCard", "ELEMENT_CARDS", "ELEMENT_ORDER", "element_named", "element_pack", "ELEMENTS_60",
]
