"""The Gnav pack (docs/rules.md, N1–N3): 21 ranks, two cards of each, 42 in all.

A card is written by its rank: ``CUCKOO``, ``DRAGOON``, ``CAT``, ``HORSE``,
``HOUSE``, ``12`` … ``0``, ``POT``, ``OWL``, ``FOOL``.  The two cards of a rank
are equal (they are the same interned card), so the pack is a multiset.  Its
own-language names are the Norwegian ones ("Gjøk", "XII", "Narr").
"""

from __future__ import annotations

from enum import IntEnum

from tutor.cards.base import BadNotation, Deck, InternedCard


class GnavRank(IntEnum):
    """The 21 Gnav ranks, Fool (lowest) to Cuckoo (highest) (docs/rules.md, N2)."""

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
        """The five matadors, House and up, block a change (docs/rules.md, N3)."""
        return self >= GnavRank.HOUSE


_GNAV_NUMBER_WORDS = ("nought", "one", "two", "three", "four", "five", "six", "seven", "eight",
                      "nine", "ten", "eleven", "twelve")
_GNAV_NATIVE = {"FOOL": "Narr", "OWL": "Ugle", "POT": "Potte", "HOUSE": "Hus", "HORSE": "Hest",
                "CAT": "Katt", "DRAGOON": "Dragon", "CUCKOO": "Gjøk"}
_ROMAN = ("O", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
GNAV_RANKS_BY_CODE = {rank.code: rank for rank in GnavRank}
COPIES_PER_RANK = 2  # docs/rules.md, N1

# Gnav cards have their own range of orders (see tutor.cards.french.ORDER_BASE).
ORDER_BASE = 2000


class GnavCard(InternedCard):
    """A card of the 42-card Gnav pack; ``GnavCard(rank)`` is the one card of that rank."""

    deck = "gnav"
    __match_args__ = ("rank",)
    rank: GnavRank
    number: int | None
    cornish: str
    is_matador: bool

    def __new__(cls, rank: GnavRank) -> "GnavCard":
        try:
            return GNAV_CARDS[rank]
        except (KeyError, TypeError):
            raise BadNotation(repr(rank), "a Gnav card is one of the 21 Gnav ranks") from None

    @classmethod
    def parse(cls, text: str) -> "GnavCard":
        """Read ``CUCKOO``, ``HORSE``, ``12``, ``0``, ``POT``, ``FOOL`` (case and spaces ignored)."""
        code = str(text).strip().upper()
        if code not in GNAV_RANKS_BY_CODE:
            raise BadNotation(text, "Gnav cards are CUCKOO, DRAGOON, CAT, HORSE, HOUSE, 12…0, POT, OWL, FOOL")
        return GNAV_CARDS[GNAV_RANKS_BY_CODE[code]]


def _make_card(rank: GnavRank) -> GnavCard:
    number = rank - GnavRank.N0 if GnavRank.N0 <= rank <= GnavRank.N12 else None
    english = _GNAV_NUMBER_WORDS[number] if number is not None else rank.name.capitalize()
    native = _ROMAN[number] if number is not None else _GNAV_NATIVE[rank.name]
    return GnavCard._make(ORDER_BASE + int(rank), rank=rank, code=rank.code, number=number, english=english,
                          native=native, cornish="", is_matador=rank.is_matador,
                          label=rank.code if number is not None else english)


GNAV_CARDS: dict[GnavRank, GnavCard] = {rank: _make_card(rank) for rank in GnavRank}


def gnav_pack() -> tuple[GnavCard, ...]:
    """The 42-card Gnav pack, two of each rank, highest first (docs/rules.md, N1)."""
    return tuple(GNAV_CARDS[rank] for rank in reversed(GnavRank) for _ in range(COPIES_PER_RANK))


GNAV_42 = Deck("Gnav 42", gnav_pack(), GnavCard.parse)
