"""What every card of every deck is: the card protocol, interned cards, decks and packs as data.

A card is an interned value: each card exists once, and its class is an ``int``
whose value is the card's ``order``.  So sorting a hand, hashing a card and
comparing two cards are done on ints, in C, and two copies of a card in a
multi-deck pack are the same object.  Conservation is therefore checked on
multisets (``counts``): a pack of two decks holds each card twice.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Protocol, Sequence, runtime_checkable

import tutor  # the package root says how a card or a hand draws itself in a notebook (tutor.DRAW)


class BadNotation(ValueError):
    """Text that is not a card (or action) in our notation; ``text`` and ``reason`` say what and why."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r} is not valid notation: {reason}")
        self.text = text
        self.reason = reason


@runtime_checkable
class CardProtocol(Protocol):
    """What the engine, renderers and widgets may rely on for a card of any deck."""

    code: str  # canonical notation; the deck's parser reads it back to this card
    english: str  # the learner-readable name: "seven of spades", "Cuckoo", "Fire 15"
    native: str  # the game's own-language name (Cornish, Norwegian), "" where there is none
    order: int  # sorts and compares cards; equal orders are equal cards
    deck: str  # which deck the card belongs to: "french", "gnav", "elements"

    def __hash__(self) -> int: ...

    def __eq__(self, other: object) -> bool: ...


# Every card class, by its deck name, so that a pickled card comes back as the interned one.
CARD_CLASSES: dict[str, type["InternedCard"]] = {}


class InternedCard(int):
    """The base of every card class: an ``int`` equal to the card's ``order``, made once per card.

    Subclasses set ``deck`` and build their cards with ``_make``; their constructor
    looks the card up instead of making a new one.
    """

    deck: ClassVar[str] = ""
    _by_code: ClassVar[dict[str, "InternedCard"]]
    code: str
    english: str
    native: str
    order: int
    label: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._by_code = {}
        if cls.deck:
            CARD_CLASSES[cls.deck] = cls

    @classmethod
    def _make(cls, order: int, **names: Any) -> Any:
        """Create the one card of this class with ``order``; ``names`` become its attributes."""
        card = int.__new__(cls, order)
        card.__dict__.update(names, order=order)
        cls._by_code[names["code"]] = card
        return card

    @classmethod
    def all_cards(cls) -> tuple:
        """Every distinct card of this class, in order."""
        return tuple(sorted(cls._by_code.values()))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{self.code} is a card; cards cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{self.code} is a card; cards cannot be changed")

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        # An int would format its number; a card formats its notation.
        return format(self.code, spec)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self.code!r})"

    def __reduce__(self) -> tuple:
        return card_of, (self.deck, self.code)

    def __copy__(self) -> "InternedCard":
        return self

    def __deepcopy__(self, memo: dict) -> "InternedCard":
        return self

    def _repr_svg_(self) -> str:
        return tutor.DRAW["card"](self)


def card_of(deck: str, code: str) -> Any:
    """The card of ``deck`` whose canonical notation is ``code`` (how pickled cards come back)."""
    try:
        return CARD_CLASSES[deck]._by_code[code]
    except KeyError:
        raise BadNotation(code, f"no card {code!r} in the deck {deck!r}") from None


# ---------------------------------------------------------------- decks and packs


@dataclass(frozen=True, slots=True)
class Deck:
    """A pack described as data: its name, the cards of one deck, how to read a card, how many decks."""

    name: str
    cards: tuple  # one deck, in a fixed order; a card may appear more than once (Gnav has pairs)
    parse: Callable[[str], Any]
    copies: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.copies, int) or isinstance(self.copies, bool) or self.copies < 1:
            raise ValueError(f"{self.name}: copies must be a whole number of decks, 1 or more, not {self.copies!r}")

    def __len__(self) -> int:
        return len(self.cards) * self.copies

    def times(self, copies: int) -> "Deck":
        """The same deck, ``copies`` of it shuffled together."""
        name = self.name if copies == 1 else f"{self.name} ×{copies}"
        return Deck(name, self.cards, self.parse, copies)

    def pack(self) -> tuple:
        """Every card of the pack: the deck's cards ``copies`` times over."""
        return self.cards * self.copies

    def counts(self) -> Counter:
        """How many of each card the pack holds."""
        return counts(self.pack())


def pack(deck: Deck, copies: int | None = None) -> tuple:
    """The cards of ``copies`` decks (default: the deck's own ``copies``), one deck after another."""
    return (deck if copies is None else deck.times(copies)).pack()


def counts(cards: Iterable[Any]) -> Counter:
    """The multiset of ``cards`` (``None``, a face-down card, is counted too)."""
    return Counter(cards)


def difference(expected: Iterable[Any], actual: Iterable[Any]) -> tuple[Counter, Counter]:
    """What ``actual`` lacks of ``expected`` and what it has beyond it, as multisets."""
    want, have = counts(expected), counts(actual)
    return want - have, have - want


def conserved(expected: Iterable[Any], actual: Iterable[Any]) -> bool:
    """True when ``actual`` holds exactly the cards of ``expected``, each as many times."""
    return counts(expected) == counts(actual)


def difference_text(expected: Iterable[Any], actual: Iterable[Any]) -> str:
    """The multiset difference in words ("missing 2×F15; extra 7S"), or "" when the cards are conserved."""
    missing, extra = difference(expected, actual)

    def say(c: Counter) -> str:
        return " ".join(f"{n}×{card}" if n > 1 else str(card) for card, n in sorted(c.items(), key=_sort_key))

    parts = [f"missing {say(missing)}" if missing else "", f"extra {say(extra)}" if extra else ""]
    return "; ".join(p for p in parts if p)


def _sort_key(item: tuple[Any, int]) -> tuple[int, int, str]:
    card = item[0]
    return (0, int(card), "") if isinstance(card, InternedCard) else (1, 0, str(card))


# ---------------------------------------------------------------- several cards


def cards_text(cards: Iterable[Any]) -> str:
    """The notation of several cards, space-separated (the deck's ``parse_cards`` reads it back)."""
    return " ".join(card.code for card in cards)


def read_cards(text: str | Iterable[Any], parse: Callable[[str], Any]) -> tuple:
    """Several cards of one deck from ``"7S 10H"`` (commas allowed) or a list of codes or cards."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(item if isinstance(item, InternedCard) else parse(item) for item in items)


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
        return tutor.DRAW["hand"](self)
