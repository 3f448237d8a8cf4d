"""Cassino's rule book in numbers: the pack and card values (K9), the deal (K12), the points (K10), the targets
(K13), the rule-id prefix, and ``Rules``, the options with their defaults (``docs/rules.md``, Cassino).

The lowest module of ``tutor.games.cassino``: it imports no other part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal

from tutor.cards import CARDS, Card, Rank, Suit, french_pack
from tutor.games.short_game import apply_short

SLUG = "cassino"  # the game's name in the registry
PREFIX = "cassino"  # every rule id here starts "cassino." (lessons/cassino.toml)
PACK: tuple[Card, ...] = french_pack()
HAND = 4  # K12: four cards each, every deal
BATCH = 2  # K12: dealt two at a time
FIRST_TABLE = 4  # K12: four cards to the table, in the first deal only
MAX_PLAYERS = 4
HIGHEST_BUILD = 10  # a build is taken by a number card, so its value is at most ten
BIG_CASSINO = CARDS[Rank.TEN, Suit.DIAMONDS]
LITTLE_CASSINO = CARDS[Rank.TWO, Suit.SPADES]
MOST_CARDS, MOST_SPADES, BIG_POINTS, LITTLE_POINTS, ACE_POINTS, SWEEP_POINTS = 3, 1, 2, 1, 1, 1
TARGETS = {"deal": None, "eleven": 11, "twenty-one": 21}  # K13
# Points every deal hands out even when cards and spades are tied: the two Cassinos and four aces (7).
LEAST_PER_DEAL = BIG_POINTS + LITTLE_POINTS + 4 * ACE_POINTS
MAX_DEALS = -(-TARGETS["twenty-one"] * MAX_PLAYERS // LEAST_PER_DEAL)  # 12: some side has reached 21 by then
MAX_ACTIONS = MAX_DEALS * len(PACK)
# A sweep takes the card played and at least one from the table, so one deal has at most 26 (one seat's or all).
MOST_SWEEPS = len(PACK) // 2
# The most one side can score in a deal: every point of the deal and every sweep there can be.
MOST_PER_DEAL = MOST_CARDS + MOST_SPADES + LEAST_PER_DEAL + SWEEP_POINTS * MOST_SWEEPS

# A card's number value: ace 1, two to ten at face value; a court card (jack, queen, king) has none (K9).
VALUE: dict[Card, int] = {card: 1 if card.rank is Rank.ACE else int(card.rank) if card.rank <= Rank.TEN else 0
                          for card in PACK}
# The order cards are listed in on the table and in moves: by value (ace first), courts last, then suit.
_KEY: dict[Card, int] = {card: (VALUE[card] or int(card.rank)) * 4 + list(Suit).index(card.suit) for card in PACK}
_VALUE_WORDS = {1: (Rank.ACE.english, Rank.ACE.english_plural)} | {
    v: (Rank(v).english, Rank(v).english_plural) for v in range(2, HIGHEST_BUILD + 1)}


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in table order: by value (ace first, courts last), then suit."""
    return tuple(sorted(cards, key=_KEY.__getitem__))


def value_word(value: int, plural: bool = False) -> str:
    """A value in words: "nine", "nines", "ace"."""
    words = _VALUE_WORDS.get(value)
    return str(value) if words is None else words[plural]


# ---------------------------------------------------------------- rules (options)


SHORT_GAME = {"game": "deal", "stop_at_target": False}
"""The options the short game sets (the option ``short``; docs/rules.md, "Short games")."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a Cassino game, each defaulting as docs/rules.md (K1, K13) settles it."""

    game: Literal["deal", "eleven", "twenty-one"] = "twenty-one"
    """K13: how a game is won: each deal a game ("deal"), 11 up, double in two deals and quadruple in one
    ("eleven"), or 21 up ("twenty-one")."""
    stop_at_target: bool = False
    """K13: stop the moment a capture brings a side to the target with points already sure (11 or 21 up)."""
    sweeps: bool = True
    """Sweeps score a point each; the rule book lets two players ignore them."""
    court_pairs: Literal["any", "one-or-three"] = "any"
    """K1: how many cards of its rank a court card takes: any number ("any"), or one or three, never two
    ("one-or-three")."""
    partnerships: bool = True
    """Four players play as two partnerships, partners sitting opposite (off: each plays alone)."""
    short: bool = False
    """A short game: one deal, its points deciding the game (the rule book plays on to 21)."""

    choice_words = {"game": {"deal": "each deal a game", "eleven": "11 up", "twenty-one": "21 up"},
                    "court_pairs": {"any": "any number", "one-or-three": "one or three, never two"}}
    """What a learner reads for each value of a menu (``tutor.widgets.options``)."""

    def __post_init__(self) -> None:
        apply_short(self, SHORT_GAME, "one deal")
        if self.stop_at_target is True and self.game == "deal":
            raise ValueError("option stop_at_target: a game of one deal has no target to stop at; "
                             "choose game='eleven' or game='twenty-one'.")

    @property
    def target(self) -> int | None:
        """The score that ends the game (``None``: the game is one deal)."""
        return TARGETS[self.game]


def sides_of(players: int, rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The sides: two partnerships, partners opposite, at four players (unless they play alone); else each seat."""
    if players == MAX_PLAYERS and rules.partnerships:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))
