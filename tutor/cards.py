"""Cards, packs and card notation.

The French pack is written as rank then suit: ``7S``, ``10H``, ``QD``, ``AC``;
the joker is ``JK``.  ``Card.parse(str(card)) == card`` for every card.  Each
card, rank and suit has an English and a Cornish name; the Cornish comes from
the card table of the Gwra Pyskessa seed ("Seyth an Palyow").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Iterable, Sequence


class BadNotation(ValueError):
    """Text that is not a card (or action) in our notation."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r} is not valid notation: {reason}")
        self.text = text
        self.reason = reason


class Suit(Enum):
    """The four French suits, with the symbol, colour and names used to draw and say them."""

    SPADES = ("S", "♠", "black", "spades", "Palyow")
    HEARTS = ("H", "♥", "red", "hearts", "Kolonnow")
    DIAMONDS = ("D", "♦", "red", "diamonds", "Adamantys")
    CLUBS = ("C", "♣", "black", "clubs", "Mor Du")

    def __init__(self, letter: str, symbol: str, colour: str, english: str, cornish: str) -> None:
        self.letter = letter
        self.symbol = symbol
        self.colour = colour
        self.english = english
        self.cornish = cornish

    def __lt__(self, other: "Suit") -> bool:
        return SUIT_ORDER[self] < SUIT_ORDER[other]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
SUITS_BY_LETTER = {suit.letter: suit for suit in Suit}


class Rank(IntEnum):
    """Ranks with the ace high (14); ``JOKER`` is 15 and has no suit."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def code(self) -> str:
        """The rank's part of the notation: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``, ``JK``."""
        return _RANK_CODES[self]

    @property
    def english(self) -> str:
        """English name of the rank, singular ("seven", "king")."""
        return _RANK_ENGLISH[self][0]

    @property
    def english_plural(self) -> str:
        """English plural ("sevens", "kings")."""
        return _RANK_ENGLISH[self][1]

    @property
    def cornish(self) -> str:
        """Cornish name of the rank as printed on the card table ("Seyth", "Byd")."""
        return _RANK_CORNISH[self]

    def __str__(self) -> str:
        return self.code


_RANK_CODES = {r: str(int(r)) for r in Rank if r <= 10} | {
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "JK",
}
RANKS_BY_CODE = {code: rank for rank, code in _RANK_CODES.items()}
_RANK_ENGLISH = {
    Rank.TWO: ("two", "twos"), Rank.THREE: ("three", "threes"), Rank.FOUR: ("four", "fours"),
    Rank.FIVE: ("five", "fives"), Rank.SIX: ("six", "sixes"), Rank.SEVEN: ("seven", "sevens"),
    Rank.EIGHT: ("eight", "eights"), Rank.NINE: ("nine", "nines"), Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"), Rank.QUEEN: ("queen", "queens"), Rank.KING: ("king", "kings"),
    Rank.ACE: ("ace", "aces"), Rank.JOKER: ("joker", "jokers"),
}
# From the seed's card table; the ace is "Byd" on the cards ("Onan" is the numeral one).
_RANK_CORNISH = {
    Rank.TWO: "Dew", Rank.THREE: "Tri", Rank.FOUR: "Peswar", Rank.FIVE: "Pymp",
    Rank.SIX: "Hwegh", Rank.SEVEN: "Seyth", Rank.EIGHT: "Eth", Rank.NINE: "Naw",
    Rank.TEN: "Deg", Rank.JACK: "Jakka", Rank.QUEEN: "Myghternes", Rank.KING: "Myghtern",
    Rank.ACE: "Byd", Rank.JOKER: "Benni",
}
FRENCH_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A card of the French pack; a joker has ``suit=None``."""

    rank: Rank
    suit: Suit | None = None

    deck = "french"

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise BadNotation(f"{self.rank.code}{self.suit.letter if self.suit else ''}",
                              "a joker has no suit and every other card has one")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read ``7S``, ``10H``, ``QD``, ``AC`` or ``JK`` (case and spaces ignored)."""
        code = text.strip().upper()
        if code in ("JK", "JOKER"):
            return JOKER
        if len(code) < 2:
            raise BadNotation(text, "write a rank then a suit, e.g. 7S, 10H, QD, AC or JK")
        rank_code, suit_letter = code[:-1], code[-1]
        if rank_code == "T":
            rank_code = "10"
        if rank_code == "1" or rank_code not in RANKS_BY_CODE or rank_code == "JK":
            raise BadNotation(text, f"unknown rank {rank_code!r}; ranks are 2–10, J, Q, K, A")
        if suit_letter not in SUITS_BY_LETTER:
            raise BadNotation(text, f"unknown suit {suit_letter!r}; suits are S, H, D, C")
        return CARDS[RANKS_BY_CODE[rank_code], SUITS_BY_LETTER[suit_letter]]

    @property
    def code(self) -> str:
        """The card's notation."""
        return self.rank.code if self.suit is None else self.rank.code + self.suit.letter

    @property
    def english(self) -> str:
        """English name: "seven of spades", "joker"."""
        if self.suit is None:
            return "joker"
        return f"{self.rank.english} of {self.suit.english}"

    @property
    def cornish(self) -> str:
        """Cornish name from the seed's table: "Seyth an Palyow", "Benni"."""
        if self.suit is None:
            return self.rank.cornish
        return f"{self.rank.cornish} an {self.suit.cornish}"

    @property
    def label(self) -> str:
        """Short face text: "7♠", "10♥", "JK"."""
        return self.code if self.suit is None else self.rank.code + self.suit.symbol

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_svg_(self) -> str:
        from tutor import render

        return render.card_svg(self)


CARDS: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): Card(rank, suit) for rank in FRENCH_RANKS for suit in Suit
}
JOKER = Card(Rank.JOKER, None)


def french_pack(jokers: int = 0, ranks: Iterable[Rank] = FRENCH_RANKS) -> tuple[Card, ...]:
    """A French pack in a fixed order (rank by rank, suits S H D C), with ``jokers`` jokers."""
    return tuple(CARDS[rank, suit] for rank in ranks for suit in Suit) + (JOKER,) * jokers


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards: ``parse_cards("7S 10H")`` or ``parse_cards(["7S", "10H"])``."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(item if isinstance(item, Card) else Card.parse(item) for item in items)


def cards_text(cards: Iterable[Card]) -> str:
    """The notation of several cards, space-separated (``parse_cards`` reads it back)."""
    return " ".join(card.code for card in cards)


def shuffled(cards: Sequence, rng: random.Random) -> tuple:
    """A shuffled copy of ``cards`` using only the injected generator."""
    items = list(cards)
    rng.shuffle(items)
    return tuple(items)


class Hand(tuple):
    """A tuple of cards that draws itself in a notebook."""

    def __str__(self) -> str:
        return cards_text(self)

    def _repr_svg_(self) -> str:
        from tutor import render

        return render.hand_svg(self)


# ---------------------------------------------------------------- the Gnav pack (RULE-NOTES §2, N1–N3)


class GnavRank(IntEnum):
    """The 21 Gnav ranks, Fool (lowest) to Cuckoo (highest) (RULE-NOTES N2)."""

    FOOL = 0
    OWL = 1
    POT = 2
    N0 = 3
    N1 = 4
    N2 = 5
    N3 = 6
    N4 = 7
    N5 = 8
    N6 = 9
    N7 = 10
    N8 = 11
    N9 = 12
    N10 = 13
    N11 = 14
    N12 = 15
    HOUSE = 16
    HORSE = 17
    CAT = 18
    DRAGOON = 19
    CUCKOO = 20

    @property
    def code(self) -> str:
        """Notation: ``FOOL``, ``OWL``, ``POT``, ``0``…``12``, ``HOUSE``, ``HORSE``, ``CAT``, ``DRAGOON``, ``CUCKOO``."""
        return self.name[1:] if self.name.startswith("N") else self.name

    @property
    def is_matador(self) -> bool:
        """The five matadors, House and up, block a change (RULE-NOTES N3)."""
        return self >= GnavRank.HOUSE


_GNAV_NUMBER_WORDS = ("nought", "one", "two", "three", "four", "five", "six", "seven", "eight",
                      "nine", "ten", "eleven", "twelve")
_GNAV_NATIVE = {"FOOL": "Narr", "OWL": "Ugle", "POT": "Potte", "HOUSE": "Hus", "HORSE": "Hest",
                "CAT": "Katt", "DRAGOON": "Dragon", "CUCKOO": "Gjøk"}
_ROMAN = ("O", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
GNAV_RANKS_BY_CODE = {rank.code: rank for rank in GnavRank}


@dataclass(frozen=True, order=True, slots=True)
class GnavCard:
    """A card of the 42-card Gnav pack; the two copies of a rank are equal."""

    rank: GnavRank

    deck = "gnav"
    cornish = ""

    @classmethod
    def parse(cls, text: str) -> "GnavCard":
        """Read ``CUCKOO``, ``HORSE``, ``12``, ``0``, ``POT``, ``FOOL`` (case and spaces ignored)."""
        code = str(text).strip().upper()
        if code not in GNAV_RANKS_BY_CODE:
            raise BadNotation(text, "Gnav cards are CUCKOO, DRAGOON, CAT, HORSE, HOUSE, 12…0, POT, OWL, FOOL")
        return GNAV_CARDS[GNAV_RANKS_BY_CODE[code]]

    @property
    def code(self) -> str:
        """The card's notation."""
        return self.rank.code

    @property
    def number(self) -> int | None:
        """The numeral 0–12 on a number card, else ``None``."""
        return self.rank - GnavRank.N0 if GnavRank.N0 <= self.rank <= GnavRank.N12 else None

    @property
    def english(self) -> str:
        """English name: "Cuckoo", "twelve", "Fool"."""
        n = self.number
        return _GNAV_NUMBER_WORDS[n] if n is not None else self.rank.name.capitalize()

    @property
    def native(self) -> str:
        """The Norwegian name (pagat's list): "Gjøk", "XII", "Narr"."""
        n = self.number
        return _ROMAN[n] if n is not None else _GNAV_NATIVE[self.rank.name]

    @property
    def label(self) -> str:
        """Short face text: "Cuckoo", "12"."""
        return self.code if self.number is not None else self.english

    @property
    def is_matador(self) -> bool:
        """Cuckoo, Dragoon, Cat, Horse or House."""
        return self.rank.is_matador

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"GnavCard.parse({self.code!r})"

    def _repr_svg_(self) -> str:
        from tutor import render

        return render.card_svg(self)


GNAV_CARDS: dict[GnavRank, GnavCard] = {rank: GnavCard(rank) for rank in GnavRank}


def gnav_pack() -> tuple[GnavCard, ...]:
    """The 42-card Gnav pack, two of each rank, highest first (RULE-NOTES N1)."""
    return tuple(GNAV_CARDS[rank] for rank in reversed(GnavRank) for _ in range(2))
