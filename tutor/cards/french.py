"""The French pack: 52 cards, jokers, and the stripped and extended packs built from them.

A card is written rank then suit: ``7S``, ``10H``, ``QD``, ``AC``; the joker is
``JK``.  ``Card.parse(str(card)) is card`` for every card.  Each card, rank and
suit has an English and a Cornish name; the Cornish comes from the card table
of the Gwra Pyskessa rule text ("Seyth an Palyow").  Cards sort by rank, then suit
in the order spades, hearts, diamonds, clubs; jokers come after the aces.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import Any, Iterable

from tutor.cards.base import BadNotation, Deck, InternedCard, read_cards


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
# From the rule text's card table; the ace is "Byd" on the cards ("Onan" is the numeral one).
_RANK_CORNISH = {
    Rank.TWO: "Dew", Rank.THREE: "Tri", Rank.FOUR: "Peswar", Rank.FIVE: "Pymp",
    Rank.SIX: "Hwegh", Rank.SEVEN: "Seyth", Rank.EIGHT: "Eth", Rank.NINE: "Naw",
    Rank.TEN: "Deg", Rank.JACK: "Jakka", Rank.QUEEN: "Myghternes", Rank.KING: "Myghtern",
    Rank.ACE: "Byd", Rank.JOKER: "Benni",
}
FRENCH_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)

# Each deck's cards have orders in their own range, so no card of one deck equals a card
# of another, and none equals a small number such as a rank.
ORDER_BASE = 1000


class Card(InternedCard):
    """A card of the French pack; a joker has ``suit=None``.  ``Card(rank, suit)`` is the one such card."""

    deck = "french"
    __match_args__ = ("rank", "suit")
    rank: Rank
    suit: Suit | None
    cornish: str

    def __new__(cls, rank: Rank, suit: Suit | None = None) -> "Card":
        try:
            return _BY_RANK_SUIT[rank, suit]
        except (KeyError, TypeError):
            pass
        if rank in RANKS_BY_CODE.values() and (rank == Rank.JOKER) != (suit is None):
            raise BadNotation(f"{Rank(rank).code}{suit.letter if isinstance(suit, Suit) else ''}",
                              "a joker has no suit and every other card has one")
        raise BadNotation(f"{rank!r} {suit!r}", "a French card is a Rank and a Suit (or the joker, with no suit)")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read ``7S``, ``10H``, ``QD``, ``AC`` or ``JK`` (case and spaces ignored; ``T`` is ten)."""
        code = str(text).strip().upper()
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
        return _BY_RANK_SUIT[RANKS_BY_CODE[rank_code], SUITS_BY_LETTER[suit_letter]]


def _make_card(rank: Rank, suit: Suit | None) -> Card:
    if suit is None:
        names = dict(code=rank.code, english="joker", cornish=rank.cornish, label=rank.code)
    else:
        names = dict(code=rank.code + suit.letter, english=f"{rank.english} of {suit.english}",
                     cornish=f"{rank.cornish} an {suit.cornish}", label=rank.code + suit.symbol)
    # Rank first, then suit: the order the pack has always sorted in.
    order = ORDER_BASE + int(rank) * len(Suit) + (SUIT_ORDER[suit] if suit is not None else 0)
    return Card._make(order, rank=rank, suit=suit, native=names["cornish"], **names)


_BY_RANK_SUIT: dict[tuple[Rank, Suit | None], Card] = {
    (rank, suit): _make_card(rank, suit) for rank in FRENCH_RANKS for suit in Suit
}
JOKER: Card = _make_card(Rank.JOKER, None)
_BY_RANK_SUIT[Rank.JOKER, None] = JOKER
CARDS: dict[tuple[Rank, Suit], Card] = {key: card for key, card in _BY_RANK_SUIT.items() if key[1] is not None}


def french_pack(jokers: int = 0, ranks: Iterable[Rank] = FRENCH_RANKS,
                extra: Iterable[Rank] = ()) -> tuple[Card, ...]:
    """A French pack in a fixed order: ``ranks`` rank by rank (suits S H D C), ``jokers`` jokers,
    then a second set of the ``extra`` ranks (Chwech's 63-card pack adds its twos and threes again)."""
    ranks = tuple(ranks)
    for rank in (*ranks, *extra):
        if rank not in FRENCH_RANKS:
            raise ValueError(f"{rank!r} is not a rank of the French pack; ranks are 2 to ace")
    if not isinstance(jokers, int) or jokers < 0:
        raise ValueError(f"jokers must be a whole number, 0 or more, not {jokers!r}")
    return (tuple(CARDS[rank, suit] for rank in ranks for suit in Suit) + (JOKER,) * jokers
            + tuple(CARDS[rank, suit] for rank in extra for suit in Suit))


def parse_cards(text: str | Iterable[Any], parse: Any = None) -> tuple:
    """Read several cards: ``parse_cards("7S 10H")`` or ``parse_cards(["7S", "10H"])``; ``parse`` reads another deck."""
    return read_cards(text, parse or Card.parse)


def _ranks_from(low: Rank) -> tuple[Rank, ...]:
    return tuple(r for r in FRENCH_RANKS if r >= low)


FRENCH_52 = Deck("French 52", french_pack(), Card.parse)
FRENCH_54 = Deck("French 54", french_pack(jokers=2), Card.parse)
# Chwech's packs by table size (its rules C1, C10–C12): sixes up for four players, fours up and a
# joker for five, the 54 for six, and for seven the 54 with a third joker and the twos and threes again.
CHWECH_36 = Deck("Chwech 36", french_pack(ranks=_ranks_from(Rank.SIX)), Card.parse)
CHWECH_45 = Deck("Chwech 45", french_pack(jokers=1, ranks=_ranks_from(Rank.FOUR)), Card.parse)
CHWECH_63 = Deck("Chwech 63", french_pack(jokers=3, extra=(Rank.TWO, Rank.THREE)), Card.parse)
