"""Chwech's packs: 36, 45, 54 or 63 cards by the number of players (docs/rules.md C1, C10–C12).

Four players use the A–6 of each suit; five a 45-card pack with one joker and
two ranks left out (the 2s and 3s, or the 7s and 8s); six the 52 cards and two
jokers; seven a 63-card pack: the Five Hundred pack (the 52, an 11 and a 12 in
every suit, a red 13 in hearts and in diamonds, one joker; the two 13s may be
made jokers), or the 52 with three jokers and a second set of 2s and 3s.

The French ``Card`` has no eleven, twelve or thirteen of a suit (its 11–13 are
the jack, queen and king), so the Five Hundred pack's extra cards are
``NumberCard``\\ s: French-suited number cards written ``11H``, ``12S``, ``13D``
that rank between the 10 and the jack (13 above 12 above 11).
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import Any

from tutor.cards import FRENCH_RANKS, JOKER, SUIT_ORDER, BadNotation, Card, InternedCard, Rank, Suit, french_pack

# Which two ranks the five-player pack leaves out, by the value of the option ``five_pack`` (C11).
FIVE_PACK_DROPS: dict[str, tuple[Rank, Rank]] = {"no-2-3": (Rank.TWO, Rank.THREE), "no-7-8": (Rank.SEVEN, Rank.EIGHT)}
HAND_SIZE = 9  # every pack gives each player nine cards (C1, C10–C12)
DEALS_BY_PLAYERS = {4: 8, 5: 5, 6: 6, 7: 7}  # C10


class Number(IntEnum):
    """The Five Hundred pack's extra ranks: the numbers 11, 12 and 13 (not the jack, queen and king).

    As ints they equal ``Rank.JACK``… ``Rank.KING``, so test a rank with ``is``, never ``==``.
    """

    ELEVEN = 11
    TWELVE = 12
    THIRTEEN = 13

    @property
    def code(self) -> str:
        """The rank's part of the notation: ``11``, ``12``, ``13``."""
        return str(int(self))

    @property
    def english(self) -> str:
        """English name of the rank ("eleven")."""
        return self.name.lower()

    @property
    def english_plural(self) -> str:
        """English plural ("elevens")."""
        return self.name.lower() + "s"

    @property
    def trick_value(self) -> float:
        """Where the rank stands among the French ranks: above the 10, below the jack (C12)."""
        return Rank.TEN + (self - Rank.TEN) / 4

    def __str__(self) -> str:
        return self.code


# Number cards have their own range of orders (see tutor.cards.french.ORDER_BASE).
ORDER_BASE = 4000


class NumberCard(InternedCard):
    """An 11, 12 or 13 of a French suit, from the Five Hundred pack; ``NumberCard(rank, suit)`` is the one card."""

    deck = "five-hundred"
    __match_args__ = ("rank", "suit")
    rank: Number
    suit: Suit
    cornish: str

    def __new__(cls, rank: Number, suit: Suit) -> "NumberCard":
        try:
            return _NUMBERS[rank, suit]
        except (KeyError, TypeError):
            raise BadNotation(f"{rank!r} {suit!r}", "the Five Hundred pack's number cards are the 11s and 12s "
                                                    "of every suit and the 13s of hearts and diamonds") from None

    @classmethod
    def parse(cls, text: str) -> "NumberCard":
        """Read ``11S``, ``12H``, ``13D`` (case and spaces ignored)."""
        code = str(text).strip().upper()
        card = cls._by_code.get(code)
        if card is None:
            raise BadNotation(text, "the number cards are 11 and 12 of S, H, D or C, and 13 of H or D")
        return card


def _make_number(rank: Number, suit: Suit) -> NumberCard:
    order = ORDER_BASE + int(rank) * len(Suit) + SUIT_ORDER[suit]
    return NumberCard._make(order, rank=rank, suit=suit, code=rank.code + suit.letter,
                            english=f"{rank.english} of {suit.english}", native="", cornish="",
                            label=rank.code + suit.symbol)


_NUMBERS: dict[tuple[Number, Suit], NumberCard] = {
    (rank, suit): _make_number(rank, suit)
    for rank in Number for suit in Suit if rank is not Number.THIRTEEN or suit.colour == "red"
}
RED_THIRTEENS: tuple[NumberCard, ...] = (_NUMBERS[Number.THIRTEEN, Suit.HEARTS], _NUMBERS[Number.THIRTEEN, Suit.DIAMONDS])


def parse_card(text: str) -> Card | NumberCard:
    """Read any card of Chwech's packs: ``7S``, ``10H``, ``QD``, ``AC``, ``JK``, and ``11H``, ``12S``, ``13D``."""
    code = str(text).strip().upper()
    if code[:2] in ("11", "12", "13"):
        return NumberCard.parse(code)
    return Card.parse(code)


CARD_TYPES = (Card, NumberCard)


def rank_value(card: Any) -> float:
    """The card's place in its suit, 2 up to the ace (14), with 11, 12 and 13 between the 10 and the jack."""
    rank = card.rank
    return rank.trick_value if type(rank) is Number else int(rank)


def sort_key(card: Any) -> tuple[float, int]:
    """How a hand is sorted: by rank (numbers between the 10 and the jack), then suit; jokers last."""
    return rank_value(card), SUIT_ORDER[card.suit] if card.suit is not None else -1


def is_joker(card: Any, thirteens_jokers: bool) -> bool:
    """A joker, or a red 13 made a joker by agreement (C12)."""
    rank = card.rank
    return rank is Rank.JOKER or (thirteens_jokers and rank is Number.THIRTEEN)


@lru_cache(maxsize=None)
def pack_for(players: int, five_pack: str = "no-2-3", seven_pack: str = "five-hundred") -> tuple[Any, ...]:
    """The pack for a number of players, in a fixed order: 36, 45, 54 or 63 cards (C1, C10–C12)."""
    if players not in DEALS_BY_PLAYERS:
        raise ValueError(f"Chwech has packs for 4 to 7 players, not {players!r}.")
    if players == 4:
        return french_pack(ranks=[r for r in FRENCH_RANKS if r >= Rank.SIX])
    if players == 5:
        dropped = FIVE_PACK_DROPS[five_pack]
        return french_pack(jokers=1, ranks=[r for r in FRENCH_RANKS if r not in dropped])
    if players == 6:
        return french_pack(jokers=2)
    if seven_pack == "doubled-2-3":
        return french_pack(jokers=3, extra=(Rank.TWO, Rank.THREE))
    return french_pack() + tuple(sorted(_NUMBERS.values(), key=sort_key)) + (JOKER,)


def pack_words(players: int, five_pack: str, seven_pack: str, thirteens_jokers: bool) -> str:
    """The pack in a learner's words, for the deal's narration (four, five and seven players)."""
    if players == 4:
        return "Four players use 36 cards: the A K Q J 10 9 8 7 6 of each suit, and no joker."
    if players == 5:
        low, high = FIVE_PACK_DROPS[five_pack]
        return f"Five players use 45 cards: the pack without its {low.english_plural} and {high.english_plural}, " \
               "and one joker."
    if players == 7 and seven_pack == "doubled-2-3":
        return "Seven players use 63 cards: the 52, three jokers, and a second set of 2s and 3s."
    if players == 7:
        thirteens = ("the two red 13s, which count as jokers" if thirteens_jokers
                     else "a 13 of hearts and of diamonds")
        return ("Seven players use the 63-card Five Hundred pack: the 52, an 11 and a 12 of every suit, "
                f"{thirteens}, and one joker.")
    return "Six players use the 52 cards and two jokers."

