"""Cassino's fixed pieces: constants and card values, the options (``Rules``), builds on the table, the moves as
typed values with their canonical text, and the sums that captures and builds rest on (K3, K6).

The rules are in ``docs/rules.md`` (Cassino, K1–K13).  This is the lowest of the Cassino modules: it imports no
other, and ``tutor.games.cassino`` re-exports its public names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Literal, NamedTuple, Protocol, Sequence

from tutor.cards import CARDS, BadNotation, Card, Rank, Suit, french_pack
from tutor.engine import IllegalMove

PREFIX = "cassino"
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
    """K1: a court card takes any number of cards of its rank ("any"), or one or three, never two."""
    partnerships: bool = True
    """Four players play as two partnerships, partners sitting opposite (off: each plays alone)."""

    def __post_init__(self) -> None:
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


# ---------------------------------------------------------------- table builds and actions


class TableBuild(NamedTuple):
    """A build on the table: its cards, its value, single or multiple (K6), and the seat that owns it."""

    cards: tuple[Card, ...]
    value: int
    multiple: bool
    owner: int

    @property
    def name(self) -> str:
        """"the build of 9" or "the build of nines"."""
        return f"the build of {value_word(self.value, True) if self.multiple else self.value}"


def _cards_code(cards: Iterable[Any]) -> str:
    return "+".join(getattr(c, "code", str(c)) for c in cards)


def _cards_label(cards: Iterable[Any]) -> str:
    return "+".join(getattr(c, "label", str(c)) for c in cards)


def _all_cards(cards: Any) -> bool:
    return isinstance(cards, tuple) and all(type(c) is Card and c in _KEY for c in cards)


def _canon(cards: Any) -> Any:
    """Cards in table order when they are cards; anything else as it is (``apply`` refuses it)."""
    if isinstance(cards, tuple) and all(type(c) is Card and c in _KEY for c in cards):
        return sort_cards(cards)
    return cards


def _canon_builds(builds: Any) -> Any:
    if isinstance(builds, tuple) and all(isinstance(b, tuple) for b in builds):
        builds = tuple(_canon(b) for b in builds)
        if all(b and type(b[0]) is Card for b in builds):
            return tuple(sorted(builds, key=lambda b: _KEY.get(b[0], 0)))
    return builds


@dataclass(frozen=True, slots=True)
class Trail:
    """Play ``card`` face up to the table, capturing nothing."""

    card: Card

    def __str__(self) -> str:
        return f"trail {getattr(self.card, 'code', self.card)}"


@dataclass(frozen=True, slots=True)
class Capture:
    """Play ``card`` and take the ``loose`` table cards and the ``builds`` (each given by its cards).

    Two captures are the same move when they take the same cards, however the
    cards are grouped; ``str`` writes the groups (``capture 7H, 3S+4D with 7C``).
    """

    card: Card
    loose: tuple[Card, ...] = ()
    builds: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "loose", _canon(self.loose))
        object.__setattr__(self, "builds", _canon_builds(self.builds))

    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """The loose cards in groups the card takes: pairs first, then sums (a court's matches one by one)."""
        if not _all_cards(self.loose) or type(self.card) is not Card or self.card not in VALUE:
            return ()
        value = VALUE[self.card]
        if not value:
            return tuple((c,) for c in self.loose)
        return partition(self.loose, value) or ((tuple(self.loose),) if self.loose else ())

    def __str__(self) -> str:
        parts = [_cards_code(g) for g in self.groups()] + [f"[{_cards_code(b)}]" for b in self.builds]
        return f"capture {', '.join(parts)} with {getattr(self.card, 'code', self.card)}"


@dataclass(frozen=True, slots=True)
class Build:
    """Play ``card`` onto ``loose`` table cards and ``builds``, making a build of ``value``.

    A single build adds up to its value; a multiple build (``multiple``) is
    groups each worth the value, taken later by one card of it (K6).
    """

    card: Card
    value: int
    multiple: bool = False
    loose: tuple[Card, ...] = ()
    builds: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "loose", _canon(self.loose))
        object.__setattr__(self, "builds", _canon_builds(self.builds))

    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """A multiple build's loose groups, the played card's group first (``()`` when they do not split)."""
        loose = self.loose if isinstance(self.loose, tuple) else ()
        if not (self.multiple and _all_cards(loose + (self.card,)) and type(self.value) is int):
            return ()
        return partition((self.card,) + loose, self.value, first=self.card)

    def __str__(self) -> str:
        card = getattr(self.card, "code", self.card)
        builds = [f"[{_cards_code(b)}]" for b in self.builds] if isinstance(self.builds, tuple) else []
        loose = self.loose if isinstance(self.loose, tuple) else ()
        groups = self.groups()
        if groups:  # the cards put with the played card first, then the other groups
            mates = [c for c in groups[0] if c != self.card]
            parts = ([_cards_code(mates)] if mates else []) + [_cards_code(g) for g in groups[1:]]
            return f"build {self.value}s with {card} on {', '.join(parts + builds)}"
        parts = builds + ([_cards_code(loose)] if loose else [])
        return f"build {self.value}{'s' if self.multiple else ''} with {card} on {'+'.join(parts)}"


Action = Trail | Capture | Build

_TRAIL_RE = re.compile(r"\s*trail\s+(\S+)\s*", re.IGNORECASE)
_CAPTURE_RE = re.compile(r"\s*capture\s+(.+?)\s+with\s+(\S+)\s*", re.IGNORECASE)
_BUILD_RE = re.compile(r"\s*build\s+(\d{1,2})(s?)\s+with\s+(\S+)\s+on\s+(.+?)\s*", re.IGNORECASE)
EXAMPLES = "'capture 7H, 3S+4D with 7C', 'build 9 with 4H on 5S', 'build 9s with 9H on 4C+5D, 9S' or 'trail 2C'"


def _read_card(text: str) -> Card:
    try:
        card = Card.parse(text)
    except BadNotation as exc:
        raise IllegalMove(f"{PREFIX}.turn", str(exc)) from None
    if card not in VALUE:
        raise IllegalMove(f"{PREFIX}.turn", f"{text!r}: Cassino is played without jokers.")
    return card


def _read_items(text: str) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """Table cards and builds written ``7H, 3S+4D, [2C+5C]`` (a build in brackets); ',' and '+' both separate."""
    loose: list[Card] = []
    builds: list[tuple[Card, ...]] = []
    rest = text.replace(" ", "")
    while rest:
        if rest[0] in ",+":
            rest = rest[1:]
            continue
        if rest[0] == "[":
            end = rest.find("]")
            if end < 0:
                raise IllegalMove(f"{PREFIX}.turn", f"{text!r}: a build written in brackets needs its ']'.")
            inner = [c for c in rest[1:end].split("+") if c]
            if not inner:
                raise IllegalMove(f"{PREFIX}.turn", f"{text!r}: name the cards of the build inside the brackets.")
            builds.append(tuple(_read_card(c) for c in inner))
            rest = rest[end + 1:]
            continue
        match = re.match(r"[^,+\[\]]+", rest)
        if match is None:
            raise IllegalMove(f"{PREFIX}.turn", f"{text!r} is not a list of table cards.")
        loose.append(_read_card(match.group(0)))
        rest = rest[match.end():]
    if not loose and not builds:
        raise IllegalMove(f"{PREFIX}.turn", f"{text!r} names no table cards.")
    return tuple(loose), tuple(builds)


def parse_action(text: Any) -> Action:
    """Read an action's canonical text: ``trail 2C``, ``capture 7H, 3S+4D with 7C``, ``build 9 with 4H on 5S``."""
    if not isinstance(text, str):
        raise IllegalMove(f"{PREFIX}.turn", f"{_shown(text)} is not a move; write e.g. {EXAMPLES}.")
    if match := _TRAIL_RE.fullmatch(text):
        return Trail(_read_card(match.group(1)))
    if match := _CAPTURE_RE.fullmatch(text):
        loose, builds = _read_items(match.group(1))
        return Capture(_read_card(match.group(2)), loose, builds)
    if match := _BUILD_RE.fullmatch(text):
        loose, builds = _read_items(match.group(4))
        return Build(_read_card(match.group(3)), int(match.group(1)), bool(match.group(2)), loose, builds)
    raise IllegalMove(f"{PREFIX}.turn", f"{text!r} is not a move; write e.g. {EXAMPLES}.")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- sums and groups (K3, K6)


def _subsets_summing(items: Sequence[tuple[int, int]], target: int) -> list[int]:
    """Bit masks of the ``(bit, value)`` items (values positive) whose values add up to ``target``."""
    out: list[int] = []
    n = len(items)

    def grow(start: int, total: int, mask: int) -> None:
        if total == target:
            out.append(mask)
            return
        for j in range(start, n):
            bit, value = items[j]
            if total + value <= target:
                grow(j + 1, total + value, mask | bit)

    grow(0, 0, 0)
    return out


def _unions(groups: Sequence[int]) -> set[int]:
    """Every union of disjoint groups (bit masks), the empty union included."""
    unions = {0}
    for group in groups:
        unions |= {u | group for u in unions if not u & group}
    return unions


@lru_cache(maxsize=8192)
def _splits(values: tuple[int, ...], target: int) -> bool:
    """Whether the values (sorted, largest first) split into groups each adding up to ``target``."""
    if not values:
        return True
    if sum(values) % target:
        return False
    first, rest = values[0], values[1:]
    if first > target:
        return False
    items = [(1 << i, v) for i, v in enumerate(rest)]
    for mask in _subsets_summing(items, target - first):
        if _splits(tuple(v for i, v in enumerate(rest) if not mask >> i & 1), target):
            return True
    return False


def splits(values: Iterable[int], target: int) -> bool:
    """Whether number values split into groups each worth ``target`` (a court, worth 0, never does)."""
    values = tuple(sorted(values, reverse=True))
    return target > 0 and all(values) and _splits(values, target)


def partition(cards: Sequence[Card], target: int, first: Card | None = None) -> tuple[tuple[Card, ...], ...]:
    """One way to split number cards into groups each worth ``target`` (``()`` if none): single cards first,
    then the groups of the highest card; ``first``'s group leads when given.  Each group is in table order."""
    if target <= 0 or any(not VALUE.get(c) for c in cards):
        return ()
    rest = sorted(cards, key=lambda c: (c != first, -VALUE[c], _KEY[c]))

    def split(pool: list[Card]) -> list[tuple[Card, ...]] | None:
        if not pool:
            return []
        head, others = pool[0], pool[1:]
        items = [(1 << i, VALUE[c]) for i, c in enumerate(others)]
        for mask in sorted(_subsets_summing(items, target - VALUE[head]), key=lambda m: bin(m).count("1")):
            group = (head,) + tuple(c for i, c in enumerate(others) if mask >> i & 1)
            tail = split([c for i, c in enumerate(others) if not mask >> i & 1])
            if tail is not None:
                return [sort_cards(group)] + tail
        return None

    found = split(rest)
    return tuple(found) if found else ()


def _bits(mask: int) -> Iterable[int]:
    i = 0
    while mask:
        if mask & 1:
            yield i
        mask >>= 1
        i += 1


# ---------------------------------------------------------------- what the rule checks read of a position


class CassinoPosition(Protocol):
    """The parts of a position that the rule checks, moves in words and the capture exercise read
    (``tutor.games.cassino.CassinoState`` has them; the lower modules never import it)."""

    @property
    def rules(self) -> Rules:
        """The options of the game."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand."""

    @property
    def table(self) -> tuple[Card, ...]:
        """The loose cards on the table, in table order."""

    @property
    def builds(self) -> tuple[TableBuild, ...]:
        """The builds on the table."""

    @property
    def current(self) -> int | None:
        """The seat to move (``None`` once the game is over)."""

    def partner(self, seat: int) -> int | None:
        """The seat's partner in the partnership game, else ``None``."""
