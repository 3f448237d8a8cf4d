"""Cassino: capture cards from the table by pairing and summing, build for later, sweep the table.

The rules as Gwari settles them are in ``docs/rules.md`` (Cassino, K1–K13): a
52-card pack; four cards each, dealt in twos, and four face up on the table in
the first deal only; four more each until the pack is out.  A turn plays one
card: it captures (pairing, or summing number cards; several groups at once),
builds (a single or multiple build the player can take later), or trails.  A
card that could capture may not be trailed (K2); a build's owner may not trail
and keeps a card that takes it (K4).  Clearing the table is a sweep.  At the end
the last capturer takes what is left (not a sweep, K11).  Each deal scores 3 for
most cards, 1 for most spades, 2 for the 10♦, 1 for the 2♠, 1 per ace and 1 per
sweep; a game is one deal, 11 up or 21 up (K13).  Four players play as two
partnerships, partners opposite.  Every rule id emitted here is a ``cassino.*``
entry of ``lessons/cassino``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Literal, Mapping, NamedTuple, Sequence

from tutor.cards import CARDS, BadNotation, Card, Rank, Suit, french_pack, shuffled
from tutor.engine import (Event, Game, IllegalMove, Pile, Record, Result, SeatedState, SeatView, TableView, Turn,
                          shown_to)
from tutor.match import EndRule, ScoreSheet, next_dealer
from tutor.mechanics import check_within_pack, read_cards, read_deal

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


# ---------------------------------------------------------------- the moves a card can make (the engine's move list)


@lru_cache(maxsize=1 << 16)
def _sum_masks(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Bit masks of the positions whose values (0, a court, is never used) add up to ``target``.

    Cached: the same table values come back move after move.  ``target`` 0 gives the empty set alone.
    """
    return tuple(_subsets_summing([(1 << i, v) for i, v in enumerate(values) if 0 < v <= target], target))


@lru_cache(maxsize=1 << 16)
def _union_masks(values: tuple[int, ...], target: int) -> tuple[int, ...]:
    """Every union of disjoint groups worth ``target`` (the empty union too), as bit masks, in order."""
    return tuple(sorted(_unions(_sum_masks(values, target))))


_set = object.__setattr__


def _capture(card: Card, loose: tuple[Card, ...], builds: tuple[tuple[Card, ...], ...]) -> Capture:
    """A capture built from parts already in table order (the move list's fast path)."""
    action = object.__new__(Capture)
    _set(action, "card", card)
    _set(action, "loose", loose)
    _set(action, "builds", builds)
    return action


def _build(card: Card, value: int, multiple: bool, loose: tuple[Card, ...],
           builds: tuple[tuple[Card, ...], ...]) -> Build:
    """A build move from parts already in table order (the move list's fast path)."""
    action = object.__new__(Build)
    for name, part in (("card", card), ("value", value), ("multiple", multiple), ("loose", loose),
                       ("builds", builds)):
        _set(action, name, part)
    return action


def _in_order(builds: Iterable[TableBuild]) -> tuple[TableBuild, ...]:
    """Table builds in the order moves list them (by their first card)."""
    return tuple(sorted(builds, key=lambda b: _KEY[b.cards[0]]))


def capture_options(card: Card, loose: Sequence[Card], builds: Sequence[TableBuild],
                    court_pairs: str = "any") -> list[Capture]:
    """Every distinct capture ``card`` can make on this table, each once (K1, K3, K9).

    A court card takes cards of its rank (with ``court_pairs="one-or-three"`` one
    or three, never two); a number card takes any disjoint groups of number
    cards adding up to its value and any builds of that value, at least one.
    ``loose`` is in table order (``sort_cards``).
    """
    loose = tuple(loose)
    return _captures(card, loose, tuple(VALUE[c] for c in loose), _in_order(builds), court_pairs)


def _captures(card: Card, loose: tuple[Card, ...], values: tuple[int, ...], builds: tuple[TableBuild, ...],
              court_pairs: str) -> list[Capture]:
    value = VALUE[card]
    out: list[Capture] = []
    if not value:  # K1, K9: a court pairs only
        same = [c for c in loose if c.rank is card.rank]
        for mask in range(1, 1 << len(same)):
            if court_pairs == "one-or-three" and bin(mask).count("1") == 2:
                continue
            out.append(_capture(card, tuple(same[i] for i in _bits(mask)), ()))
        return out
    mine = [b.cards for b in builds if b.value == value]
    for union in _union_masks(values, value):
        taken = tuple(loose[i] for i in _bits(union))
        if not mine:
            if union:
                out.append(_capture(card, taken, ()))
            continue
        for bmask in range(1 << len(mine)):
            if union or bmask:
                out.append(_capture(card, taken, tuple(mine[k] for k in _bits(bmask))))
    return out


def can_capture(card: Card, loose: Sequence[Card], builds: Sequence[TableBuild]) -> bool:
    """Whether ``card`` could take anything on this table (K2)."""
    value = VALUE[card]
    if not value:
        return any(c.rank is card.rank for c in loose)
    return any(b.value == value for b in builds) or bool(_sum_masks(tuple(VALUE[c] for c in loose), value))


def build_options(card: Card, held: set[int], loose: Sequence[Card], builds: Sequence[TableBuild],
                  partner: int | None = None) -> list[Build]:
    """Every distinct build ``card`` can make, each once (K6–K9).

    ``held``: the values of the mover's other cards (a build needs one that
    takes it, K7); ``partner``: the mover's partner's seat, whose builds may be
    made multiple without holding the card (the partner's evident build).
    ``loose`` is in table order (``sort_cards``).
    """
    loose = tuple(loose)
    return _builds(card, held, loose, tuple(VALUE[c] for c in loose), _in_order(builds), partner)


def _builds(card: Card, held: set[int], loose: tuple[Card, ...], values: tuple[int, ...],
            builds: tuple[TableBuild, ...], partner: int | None) -> list[Build]:
    # Sets of small ints iterate in a fixed order, so the move list is the same on every run.
    w = VALUE[card]
    out: list[Build] = []
    # Single builds: the card, some loose cards and at most one single build, adding up to a value held (K6–K8).
    for value in held:
        if not w < value <= HIGHEST_BUILD:
            continue
        for mask in _sum_masks(values, value - w):
            out.append(_build(card, value, False, tuple(loose[i] for i in _bits(mask)), ()))
        for b in builds:
            if not b.multiple and b.value <= value - w:
                for mask in _sum_masks(values, value - w - b.value):
                    out.append(_build(card, value, False, tuple(loose[i] for i in _bits(mask)), (b.cards,)))
    # Multiple builds: groups each worth the value, the card in one of them, with any builds of that value.
    targets = {v for v in held if v >= w}
    if partner is not None:
        targets |= {b.value for b in builds if b.owner == partner and b.value >= w}
    for value in targets:
        mates = _sum_masks(values, value - w)
        same = [b for b in builds if b.value == value]
        if not mates or (len(mates) == 1 and not same and len(_union_masks(values, value)) == 1):
            continue  # nothing to put the card with
        groups = _union_masks(values, value)
        for combo in {m | g for m in mates for g in groups if not m & g}:
            taken = tuple(loose[i] for i in _bits(combo))
            extra = (sum(values[i] for i in _bits(combo)) - (value - w)) // value
            for bmask in range(1 << len(same)):
                chosen = [same[k] for k in _bits(bmask)]
                if 1 + extra + len(chosen) < 2:
                    continue
                if value in held or any(b.owner == partner for b in chosen):
                    out.append(_build(card, value, True, taken, tuple(b.cards for b in chosen)))
    return out


# ---------------------------------------------------------------- state


class _Position(NamedTuple):
    """The fields of a Cassino position (see ``CassinoState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]  # loose cards, in table order
    builds: tuple[TableBuild, ...]
    stock: tuple[Card, ...]  # top card first
    won: tuple[tuple[Card, ...], ...]  # each seat's captured cards
    sweeps: tuple[int, ...]  # each seat's sweeps this deal
    last: int | None  # the seat that made the last capture this deal
    dealer: int
    round: int  # the deal of four cards each being played, from 1
    rounds: int  # how many such deals this pack gives
    sheet: ScoreSheet
    current: int | None
    swept: bool = False  # the last move swept the table: the next player can only trail
    scored: tuple[str, ...] = ()  # the last scored deal, line by line
    tiebreak: tuple[tuple[int, int], ...] = ()  # (cards, spades) per side in the last scored deal
    stopped: int | None = None  # the side whose capture stopped play at the target (K13)
    events: tuple[Event, ...] = ()


class CassinoState(_Position, SeatedState):
    """A position of a Cassino game; immutable and hashable, ``apply`` returns the next one."""

    __slots__ = ()

    # -- sides

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats playing together (each seat alone, or two partnerships)."""
        return sides_of(len(self.hands), self.rules)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % 2 if len(self.sides) == 2 and len(self.hands) == MAX_PLAYERS else seat

    def partner(self, seat: int) -> int | None:
        """The seat's partner in the partnership game, else ``None``."""
        return (seat + 2) % MAX_PLAYERS if len(self.hands) == MAX_PLAYERS and self.rules.partnerships else None

    @property
    def deal_no(self) -> int:
        """The deal being played, from 0 (after the last deal, the number of deals)."""
        return self.sheet.deals

    # -- the contract

    def legal_actions(self) -> list[Action]:
        """Every move of the player to act, each once: captures, builds, trails (K2, K4)."""
        if _MEMO[0] is self:
            return list(_MEMO[1])
        moves = self._moves()
        _MEMO[:] = [self, moves, {id(a) for a in moves}]
        return list(moves)

    def _moves(self) -> list[Action]:
        me = self.current
        if me is None:
            return []
        hand = self.hands[me]
        loose, court_pairs = self.table, self.rules.court_pairs
        builds = _in_order(self.builds) if len(self.builds) > 1 else self.builds
        table_values = tuple(VALUE[c] for c in loose)
        owned = [b for b in builds if b.owner == me]
        partner = self.partner(me)
        values: Counter = Counter()
        for card in hand:
            values[VALUE[card]] += 1
        out: list[Action] = []
        for card in hand:
            caps = _captures(card, loose, table_values, builds, court_pairs)
            w = VALUE[card]
            held = {v for v, n in values.items() if v and (n > 1 or v != w)}
            out += caps
            if w:
                out += _builds(card, held, loose, table_values, builds, partner)
            if not caps and not owned:  # K2, K4
                out.append(_TRAILS[card])
        if owned:  # K4: keep a card that takes each build you own
            out = [a for a in out if _keeps_cards(a, owned, values)]
        return out

    def apply(self, action: Any) -> "CassinoState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing."""
        if not (_MEMO[0] is self and id(action) in _MEMO[2]):  # a move just listed here needs no second check
            problem = _problem(self, action)
            if problem is not None:
                raise IllegalMove(*problem)
        turn = _Turn(self)
        if type(action) is Trail:
            return turn.trail(action)
        if type(action) is Capture:
            return turn.capture(action)
        return turn.build_move(action)

    def result(self) -> Result:
        """Totals per seat (each side's), the winners, and the scoring line by line (K13)."""
        outcome = judge_game(self.sheet.rows, self.rules.game, self.sheet.columns, tiebreak=self.tiebreak,
                             stopped=self.stopped, final=self.current is None)
        sides = self.sides
        totals = self.sheet.totals
        scores = tuple(totals[self.side_of(seat)] for seat in range(len(self.hands)))
        winners = tuple(seat for side in outcome.winners for seat in sides[side])
        team = len(sides) < len(self.hands)
        return Result(scores, tuple(sorted(winners)), outcome.rule, outcome.text, sides if team else (),
                      totals if team else (), self.scored + outcome.lines)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: own hand, the table's loose cards and builds, the cards each seat took."""
        seats = []
        for seat, hand in enumerate(self.hands):
            won = self.won[seat]
            spades = sum(1 for c in won if c.suit is Suit.SPADES)
            sweeps = self.sweeps[seat]
            info = f"took {len(won)} card{'s' * (len(won) != 1)}, {spades} spade{'s' * (spades != 1)}"
            if sweeps:
                info += f", {sweeps} sweep{'s' * (sweeps != 1)}"
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (), info))
        piles = [Pile(c.label if VALUE[c] else f"{c.label} (pairs only)", (c,), None, VALUE[c] or None)
                 for c in self.table]
        piles += [Pile(f"Build of {value_word(b.value, True) if b.multiple else b.value}", b.cards, b.owner, b.value)
                  for b in self.builds]
        sides = self.sides
        return TableView(game=CASSINO.slug, viewer=player, seats=tuple(seats), current=self.current,
                         stock=len(self.stock), events=self.events, status=self.status(), piles=tuple(piles),
                         teams=sides if len(sides) < len(self.hands) else (),
                         scores=self.sheet.table() if self.sheet.rows else None)

    def cards(self) -> list[Card]:
        """Every card: hands, stock, table, builds and the cards each seat took."""
        return ([c for h in self.hands for c in h] + list(self.stock) + list(self.table)
                + [c for b in self.builds for c in b.cards] + [c for w in self.won for c in w])

    def cards_of(self, action: Any) -> tuple[Card, ...]:
        """The card of the hand a move plays."""
        card = getattr(action, "card", None) if type(action) in (Trail, Capture, Build) else None
        return (card,) if type(card) is Card else ()

    def candidate_actions(self, card: Any) -> list[Action]:
        """The legal moves with ``card``, and trailing it even where the rules forbid that (they then say why)."""
        if type(card) is not Card or card not in VALUE:
            return []
        moves: list[Action] = [a for a in self.legal_actions() if a.card == card]
        if Trail(card) not in moves:
            moves.append(Trail(card))
        return moves

    def prompt(self, action: Any) -> str:
        """The move as the player would choose it: "Take the 7♥ and 3♠+4♦ with your 7♣"."""
        return _move_words(self, action, you=True)

    def describe(self, action: Any) -> str:
        """The move in the third person: "Jory takes the 7♥ and 3♠+4♦ with the 7♣"."""
        return _move_words(self, action, you=False)

    def status(self) -> str:
        """One line: the deal, the round and whose turn, or who won."""
        if self.current is None:
            return self.result().text
        text = f"Deal {self.deal_no + 1}, round {self.round} of {self.rounds}: {self.names[self.current]} to play"
        if self.swept:
            return text + " (after a sweep: trail a card)."
        return text + "."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()


# The last position asked for its moves, the moves, and their ids: asking again costs nothing, and
# applying one of those very move objects skips the rule checks it has already passed.
_MEMO: list[Any] = [None, [], set()]
_TRAILS = {card: Trail(card) for card in PACK}


def _keeps_cards(action: Action, owned: Sequence[TableBuild], values: Counter) -> bool:
    """K4: after ``action`` the mover still holds a card of each build they own that stays on the table."""
    gone = set(getattr(action, "builds", ()))
    left = values.copy()
    left[VALUE[action.card]] -= 1
    return all(left[b.value] > 0 for b in owned if b.cards not in gone)


# ---------------------------------------------------------------- why a move is refused (each check names its rule)


def _problem(state: CassinoState, action: Any) -> tuple[str, str] | None:
    """``(rule, reason)`` when ``action`` is not legal here, else ``None``."""
    me = state.current
    if me is None:
        return f"{PREFIX}.game.{state.rules.game}", "The game is over: no more moves."
    if type(action) not in (Trail, Capture, Build):
        return f"{PREFIX}.turn", f"{_shown(action)} is not a move; a turn captures, builds or trails one card."
    card = action.card
    if type(card) is not Card or card not in VALUE:
        return f"{PREFIX}.turn", f"{_shown(card)} is not a card of the pack."
    if card not in state.hands[me]:
        return f"{PREFIX}.turn", f"You do not hold the {card.label}."
    owned = [b for b in state.builds if b.owner == me]
    if type(action) is Trail:
        if owned:
            return (f"{PREFIX}.build.owner", f"You own {owned[0].name} on the table, so you may not trail: "
                    "take it, or capture or build with another card.")
        if can_capture(card, state.table, state.builds):
            return (f"{PREFIX}.trail.must-capture", f"The {card.label} could capture from the table, so it may "
                    "not be trailed: take with it, or play another card.")
        return None
    found = _table_items(state, action.loose, action.builds)
    if isinstance(found, tuple) and isinstance(found[0], str):
        return found  # type: ignore[return-value]
    loose, builds = found  # type: ignore[misc]
    if type(action) is Capture:
        problem = _capture_problem(state, card, loose, builds)
    else:
        problem = _build_problem(state, me, action, loose, builds)
    if problem is None and owned:
        values = Counter(VALUE[c] for c in state.hands[me])
        if not _keeps_cards(action, owned, values):
            keep = next(b for b in owned if b.cards not in set(action.builds)
                        and values[b.value] - (VALUE[card] == b.value) <= 0)
            return (f"{PREFIX}.build.owner", f"You own {keep.name}, so you must keep a card that takes it; "
                    f"this would play your last {value_word(keep.value)}.")
    return problem


def _table_items(state: CassinoState, loose: Any, builds: Any):
    """The loose cards and table builds a move names, or ``(rule, reason)`` when they are not on the table."""
    if not isinstance(loose, tuple) or not isinstance(builds, tuple) or \
            not all(type(c) is Card and c in VALUE for c in loose) or \
            not all(isinstance(b, tuple) and b and all(type(c) is Card and c in VALUE for c in b) for b in builds):
        return f"{PREFIX}.turn", "Name the table cards as cards, and each build by its cards."
    in_build = {c: b for b in state.builds for c in b.cards}
    if len(set(loose)) != len(loose):
        return f"{PREFIX}.turn", "Each table card can be named only once."
    for c in loose:
        if c in in_build:
            return (f"{PREFIX}.build.whole", f"The {c.label} is part of {in_build[c].name}: a build is taken "
                    "or built on only as a whole.")
        if c not in state.table:
            return f"{PREFIX}.turn", f"The {c.label} is not on the table."
    found = []
    for b in builds:
        match = next((t for t in state.builds if set(t.cards) == set(b)), None)
        if match is None:
            if all(c in in_build for c in b):
                return (f"{PREFIX}.build.whole", f"{_cards_label(b)} is not a whole build on the table: "
                        "a build is taken or built on only as a whole.")
            return f"{PREFIX}.turn", f"There is no build {_cards_label(b)} on the table."
        if match in found:
            return f"{PREFIX}.turn", "Each build can be named only once."
        found.append(match)
    return loose, tuple(found)


def _capture_problem(state: CassinoState, card: Card, loose: tuple[Card, ...],
                     builds: tuple[TableBuild, ...]) -> tuple[str, str] | None:
    if not loose and not builds:
        return f"{PREFIX}.capture.several", "A capture takes at least one card or build."
    value = VALUE[card]
    if not value:
        if builds:
            return f"{PREFIX}.courts", f"A {card.rank.english} has no number value, so it cannot take a build."
        other = next((c for c in loose if c.rank is not card.rank), None)
        if other is not None:
            return (f"{PREFIX}.capture.court", f"A {card.rank.english} takes only {card.rank.english_plural}, "
                    f"by pairing; it cannot take the {other.label}.")
        if state.rules.court_pairs == "one-or-three" and len(loose) == 2:
            return (f"{PREFIX}.capture.court-variant", f"In this game a {card.rank.english} takes one "
                    f"{card.rank.english} or three, never two.")
        return None
    court = next((c for c in loose if not VALUE[c]), None)
    if court is not None:
        return (f"{PREFIX}.courts", f"The {court.label} has no number value: court cards are never part of a "
                "sum, and pair only with their own rank.")
    wrong = next((b for b in builds if b.value != value), None)
    if wrong is not None:
        return (f"{PREFIX}.capture.build", f"{wrong.name.capitalize()} is taken only with a "
                f"{value_word(wrong.value)}, not with the {card.label}.")
    if not splits((VALUE[c] for c in loose), value):
        return (f"{PREFIX}.capture.sum", f"{_cards_label(loose)} cannot be split into groups each worth "
                f"{value}, so the {card.label} cannot take them all.")
    return None


def _build_problem(state: CassinoState, me: int, action: Build, loose: tuple[Card, ...],
                   builds: tuple[TableBuild, ...]) -> tuple[str, str] | None:
    card, value, multiple = action.card, action.value, action.multiple
    w = VALUE[card]
    if not w:
        return f"{PREFIX}.courts", f"The {card.label} has no number value, so it cannot be built with."
    court = next((c for c in loose if not VALUE[c]), None)
    if court is not None:
        return f"{PREFIX}.courts", f"The {court.label} has no number value, so it cannot be part of a build."
    if type(value) is not int or type(multiple) is not bool:
        return f"{PREFIX}.turn", "A build names its value as a whole number."
    if not loose and not builds:
        return (f"{PREFIX}.build", "A build puts your card with cards from the table; playing it alone "
                "is a trail.")
    if not 1 <= value <= HIGHEST_BUILD:
        return f"{PREFIX}.build", f"A build is worth 1 to {HIGHEST_BUILD}, since a number card must take it."
    held = Counter(VALUE[c] for c in state.hands[me])
    held[w] -= 1
    if not multiple:
        fixed = next((b for b in builds if b.multiple), None)
        if fixed is not None:
            return (f"{PREFIX}.build.multiple-fixed", f"{fixed.name.capitalize()} keeps its value: it grows only "
                    f"by another {value_word(fixed.value)}.")
        if len(builds) > 1:
            return f"{PREFIX}.build.raise", "A single build raises one build at a time."
        total = w + sum(VALUE[c] for c in loose) + sum(b.value for b in builds)
        if total != value:
            return (f"{PREFIX}.build", f"The {card.label} with {_items_label(loose, builds)} makes {total}, "
                    f"not {value}.")
        if held[value] <= 0:
            return (f"{PREFIX}.build.hold-card", f"You may build {value} only while holding another "
                    f"{value_word(value)} to take it with.")
        return None
    wrong = next((b for b in builds if b.value != value), None)
    if wrong is not None:
        if wrong.multiple:
            return (f"{PREFIX}.build.multiple-fixed", f"{wrong.name.capitalize()} grows only by "
                    f"{value_word(wrong.value, True)}, not by {value_word(value, True)}.")
        return (f"{PREFIX}.build.multiple", f"{wrong.name.capitalize()} is worth {wrong.value}, so it cannot be a "
                f"group of {value_word(value, True)}.")
    if not splits([w] + [VALUE[c] for c in loose], value):
        with_loose = f"The {card.label} and {_items_label(loose, ())} do not" if loose else \
            f"The {card.label} on its own does not"
        return f"{PREFIX}.build.multiple", f"{with_loose} split into groups each worth {value}."
    groups = (w + sum(VALUE[c] for c in loose)) // value + len(builds)
    if groups < 2:
        return (f"{PREFIX}.build.multiple", f"That is only one group of {value}: a single build, "
                f"'build {value}'.")
    partner = state.partner(me)
    if held[value] <= 0 and not any(b.owner == partner for b in builds):
        return (f"{PREFIX}.build.hold-card", f"You may build {value_word(value, True)} only while holding another "
                f"{value_word(value)} to take them with.")
    return None


def _build_words(build: TableBuild | tuple, names: Sequence[str] = (), you: int | None = None,
                 mover: int | None = None) -> str:
    """A build in words: "the build of 9", or with its owner: "Tamsin's build of 9", "your build of nines",
    or (``mover``'s own, told in the third person) "their own build of 9"."""
    if not isinstance(build, TableBuild):
        return f"the build {_cards_label(build)}"
    if not names:
        return build.name
    whose = "your" if build.owner == you else "their own" if build.owner == mover else f"{names[build.owner]}'s"
    return f"{whose} {build.name.removeprefix('the ')}"


def _items_label(loose: Sequence[Card], builds: Sequence[TableBuild | tuple], names: Sequence[str] = (),
                 you: int | None = None, mover: int | None = None) -> str:
    parts = [f"the {c.label}" for c in loose] + [_build_words(b, names, you, mover) for b in builds]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ---------------------------------------------------------------- moves in words


def _group_words(groups: Sequence[Sequence[Card]], builds: Sequence[TableBuild | tuple], names: Sequence[str] = (),
                 you: int | None = None, mover: int | None = None) -> str:
    parts = [f"the {g[0].label}" if len(g) == 1 else _cards_label(g) for g in groups]
    parts += [_build_words(b, names, you, mover) for b in builds]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _move_words(state: CassinoState, action: Any, *, you: bool) -> str:
    who = "" if you else (state.names[state.current] if state.current is not None else "Someone")
    if type(action) not in (Trail, Capture, Build) or type(action.card) is not Card or action.card not in VALUE:
        return str(action)
    card = action.card
    mine = f"your {card.label}" if you else f"the {card.label}"
    names, seat = state.names, state.current if you else None
    mover = None if you else state.current
    table_builds = {b.cards: b for b in state.builds}
    builds = [table_builds.get(b, b) for b in action.builds] if type(action) is not Trail else []
    if type(action) is Trail:
        return f"Trail the {card.label}" if you else f"{who} trails the {card.label}"
    if type(action) is Capture:
        taken = _group_words(action.groups(), builds, names, seat, mover)
        sweep = (len(action.loose) == len(state.table) and len(action.builds) == len(state.builds)
                 and set(action.loose) == set(state.table))
        text = f"Take {taken} with {mine}" if you else f"{who} takes {taken} with {mine}"
        return text + (" — a sweep!" if sweep else "")
    if action.multiple:
        groups = action.groups()
        mates = [c for c in groups[0] if c != card] if groups else []
        others = [g for g in groups[1:]]
        rest = _group_words(others, builds, names, seat, mover) if (others or builds) else ""
        what = f"build {value_word(action.value, True)}"
        if mates:
            put = f"on {_group_words([[c] for c in mates], [])}" + (f", with {rest}" if rest else "")
        else:
            put = f"with {rest}" if rest else f"with {_items_label(action.loose, [])}"
    else:
        put = f"on {_items_label(action.loose, builds, names, seat, mover)}"
        what = f"raise it to {action.value}" if builds else f"build {action.value}"
    if you:
        return f"Put {mine} {put}: {what}"
    return f"{who} puts {mine} {put}: {what}"


# ---------------------------------------------------------------- dealing (K12) and the explicit-deal reader


def first_deal(pack: Sequence[Card], players: int, dealer: int
               ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """K12: two to each player from the dealer's left, two to the table, two to the dealer; then again.
    Returns the hands, the table and the stock (top first)."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    table: list[Card] = []
    i = 0
    for _ in range(HAND // BATCH):
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if seat == dealer:
                table += pack[i:i + BATCH]
                i += BATCH
            hands[seat] += pack[i:i + BATCH]
            i += BATCH
    return tuple(tuple(h) for h in hands), tuple(table), tuple(pack[i:])


def deal_again(stock: Sequence[Card], players: int, dealer: int
               ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """K12: four more each, in twos from the dealer's left (fewer, shared equally, from a short prepared stock)."""
    each = min(HAND, len(stock) // players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    i = 0
    while i < each * players:
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            batch = min(BATCH, each - len(hands[seat]))
            hands[seat] += stock[i:i + batch]
            i += batch
    return tuple(tuple(h) for h in hands), tuple(stock[i:])


def rounds_in(stock: int, players: int) -> int:
    """How many more deals of four each a stock gives."""
    return -(-stock // (players * HAND))


def _read_builds(given: Any, players: int, rule: str) -> tuple[TableBuild, ...]:
    """Builds of a prepared deal: ``[{"cards": [...], "value": 9, "multiple": false, "owner": 0}]``."""
    if given is None:
        return ()
    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence):
        raise IllegalMove(rule, f"deal.builds must be a list of builds, not {_shown(given)}.")
    builds = []
    for i, raw in enumerate(given):
        where = f"deal.builds[{i}]"
        if not isinstance(raw, Mapping) or set(raw) - {"cards", "value", "multiple", "owner"}:
            raise IllegalMove(rule, f"{where} must be a mapping with cards, value, multiple and owner.")
        cards = sort_cards(read_cards(raw.get("cards", ()), Card.parse, rule=rule, where=f"{where}.cards"))
        value, multiple, owner = raw.get("value"), raw.get("multiple", False), raw.get("owner")
        if any(c not in VALUE for c in cards):
            raise IllegalMove(rule, f"{where}.cards: Cassino is played without jokers.")
        if len(cards) < 2:
            raise IllegalMove(rule, f"{where}.cards: a build holds two cards or more.")
        if type(value) is not int or not 1 <= value <= HIGHEST_BUILD:
            raise IllegalMove(rule, f"{where}.value must be a whole number from 1 to {HIGHEST_BUILD}.")
        if type(multiple) is not bool:
            raise IllegalMove(rule, f"{where}.multiple must be true or false.")
        if type(owner) is not int or not 0 <= owner < players:
            raise IllegalMove(rule, f"{where}.owner must be a seat from 0 to {players - 1}.")
        values = [VALUE[c] for c in cards]
        if not all(values):
            raise IllegalMove(rule, f"{where}.cards: court cards are never part of a build.")
        if multiple and not (splits(values, value) and sum(values) >= 2 * value):
            raise IllegalMove(rule, f"{where}: a multiple build is two or more groups each worth {value}.")
        if not multiple and sum(values) != value:
            raise IllegalMove(rule, f"{where}: its cards add up to {sum(values)}, not {value}.")
        builds.append(TableBuild(cards, value, multiple, owner))
    return tuple(builds)


def _read_seat_ints(given: Any, players: int, rule: str, field: str) -> tuple[int, ...]:
    if given is None:
        return (0,) * players
    if not isinstance(given, Sequence) or isinstance(given, (str, bytes)) or len(given) != players \
            or not all(type(n) is int and n >= 0 for n in given):
        raise IllegalMove(rule, f"deal.{field} must be a list of {players} whole numbers, 0 or more.")
    return tuple(given)


def read_cassino_deal(deal: Mapping[str, Any], players: int, rules: Rules, first: int) -> dict[str, Any]:
    """A prepared deal: ``hands``, loose ``table`` cards, ``builds``, ``stock`` (top first), the cards each seat
    ``captured`` and its ``sweeps``, the ``last`` capturer, earlier deals' ``scores`` (one row per deal, a
    value per side) and the ``current`` seat.  Every error names the field (``deal.builds[0].value``)."""
    rule = f"{PREFIX}.deal"
    hands, piles = read_deal(deal, players, Card.parse, PACK, rule=rule, piles=("stock", "table"),
                             others=("builds", "captured", "sweeps", "last", "scores", "current"))
    builds = _read_builds(deal.get("builds"), players, rule)
    captured_in = deal.get("captured")
    if captured_in is None:
        captured: tuple[tuple[Card, ...], ...] = ((),) * players
    elif isinstance(captured_in, (str, bytes, Mapping)) or not isinstance(captured_in, Sequence) \
            or len(captured_in) != players:
        raise IllegalMove(rule, f"deal.captured must be a list with one list of cards per seat ({players}).")
    else:
        captured = tuple(read_cards(c, Card.parse, rule=rule, where=f"deal.captured[{i}]")
                         for i, c in enumerate(captured_in))
    everything = [c for h in hands for c in h] + list(piles["stock"]) + list(piles["table"]) + \
        [c for b in builds for c in b.cards] + [c for w in captured for c in w]
    check_within_pack(everything, PACK, rule=rule)
    if len(piles["stock"]) % players:
        raise IllegalMove(rule, f"deal.stock: {len(piles['stock'])} cards cannot be dealt equally to "
                                f"{players} players.")
    for i, b in enumerate(builds):
        if not any(VALUE[c] == b.value for c in hands[b.owner]):
            raise IllegalMove(rule, f"deal.builds[{i}].owner: seat {b.owner} owns a build of {b.value}, so must "
                                    f"hold a {value_word(b.value)} to take it.")
    sweeps = _read_seat_ints(deal.get("sweeps"), players, rule, "sweeps")
    last = deal.get("last")
    if last is not None and (type(last) is not int or not 0 <= last < players):
        raise IllegalMove(rule, f"deal.last must be a seat from 0 to {players - 1}, or left out.")
    current = deal.get("current", first)
    if type(current) is not int or not 0 <= current < players:
        raise IllegalMove(rule, f"deal.current must be a seat from 0 to {players - 1}, not {_shown(current)}.")
    nsides = len(sides_of(players, rules))
    rows_in = deal.get("scores") or []
    if isinstance(rows_in, (str, bytes, Mapping)) or not isinstance(rows_in, Sequence):
        raise IllegalMove(rule, "deal.scores must be a list of earlier deals' scores, one value per side.")
    rows = []
    for i, row in enumerate(rows_in):
        if not isinstance(row, Sequence) or isinstance(row, (str, bytes)) or len(row) != nsides \
                or not all(type(n) is int and n >= 0 for n in row):
            raise IllegalMove(rule, f"deal.scores[{i}] must be {nsides} whole numbers, one per side.")
        rows.append(tuple(row))
    if rows and (rules.target is None or any(sum(r[s] for r in rows) >= rules.target for s in range(nsides))):
        raise IllegalMove(rule, "deal.scores: with these earlier deals the game would already be over.")
    return dict(hands=tuple(sort_cards(h) for h in hands), table=sort_cards(piles["table"]), builds=builds,
                stock=tuple(piles["stock"]), won=captured, sweeps=sweeps, last=last, rows=tuple(rows),
                current=current)


# ---------------------------------------------------------------- apply: one method per kind of move


class _Turn(Turn):
    """One transition: the parts of the state it changes, the events it causes, then the next state."""

    prefix = PREFIX

    def __init__(self, state: CassinoState) -> None:
        super().__init__(state)
        self.s = state
        self.names = state.names
        self.hands = list(state.hands)
        self.table = state.table
        self.builds = state.builds
        self.stock = state.stock
        self.won = list(state.won)
        self.sweeps = list(state.sweeps)
        self.last = state.last
        self.dealer = state.dealer
        self.round = state.round
        self.rounds = state.rounds
        self.sheet = state.sheet
        self.swept = False
        self.scored = state.scored
        self.tiebreak = state.tiebreak
        self.stopped: int | None = None
        self.over = False

    def play_out(self, me: int, card: Card) -> None:
        """The played card leaves the mover's hand."""
        hand = self.hands[me]
        i = hand.index(card)
        self.hands[me] = hand[:i] + hand[i + 1:]

    def trail(self, action: Trail) -> CassinoState:
        """Trail: the card joins the table's loose cards (K2: only a card that could not capture)."""
        me, card = self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        self.table = sort_cards(self.table + (card,))
        if self.s.swept:
            self.say("sweep.trail", f"The table is empty after the sweep, so {self.names[me]} can only trail: "
                     f"the {card.label}.", player=me)
        else:
            self.say("trail", f"{self.names[me]} trails the {card.label}.", player=me)
        return self.next_turn(me)

    def capture(self, action: Capture) -> CassinoState:
        """Take the named groups and builds with the played card (K1, K3); a cleared table is a sweep."""
        s, me, card = self.s, self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        taken_builds = [b for b in self.builds if b.cards in set(action.builds)]
        self.table = tuple(c for c in self.table if c not in set(action.loose))
        self.builds = tuple(b for b in self.builds if b.cards not in set(action.builds))
        taken = list(action.loose) + [c for b in taken_builds for c in b.cards]
        self.won[me] += (card, *taken)
        self.last = me
        groups = action.groups()
        words = _group_words(groups, taken_builds, self.names, mover=me)
        value = VALUE[card]
        if not value:
            rule = "capture.court"
        elif taken_builds and not action.loose:
            rule = "capture.build"
        elif len(groups) + len(taken_builds) > 1:
            rule = "capture.several"
        elif len(groups[0]) > 1:
            rule = "capture.sum"
        else:
            rule = "capture.pair"
        self.say(rule, f"{self.names[me]} takes {words} with the {card.label}.", player=me)
        if not self.table and not self.builds:
            self.sweeps[me] += 1
            self.swept = True
            counted = "" if s.rules.sweeps else " (sweeps are not scored in this game)"
            self.say("sweep", f"{self.names[me]} clears the table: a sweep{counted}! The {card.label} lies face up "
                     "in the cards taken, to mark it.", player=me)
        if s.rules.stop_at_target and self.reaches_target(me):
            return self.stop(me)
        return self.next_turn(me)

    def build_move(self, action: Build) -> CassinoState:
        """Make a single or multiple build, or raise one (K6–K8); a partner's evident build stays theirs."""
        s, me, card = self.s, self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        old = [b for b in self.builds if b.cards in set(action.builds)]
        self.table = tuple(c for c in self.table if c not in set(action.loose))
        self.builds = tuple(b for b in self.builds if b.cards not in set(action.builds))
        holds = any(VALUE[c] == action.value for c in self.hands[me])
        partner = s.partner(me)
        owner = me if holds else next(b.owner for b in old if b.owner == partner)
        cards = sort_cards((card, *action.loose, *(c for b in old for c in b.cards)))
        self.builds += (TableBuild(cards, action.value, action.multiple, owner),)
        items = _items_label(action.loose, old, self.names, mover=me)
        name = self.names[me]
        if action.multiple:
            said = f"Building {value_word(action.value, True)}."
            if owner != me:
                self.say("build.partner", f"{name} puts the {card.label} with {items} and announces \"{said}\" "
                         f"{self.names[owner]} announced that build, so still holds a {value_word(action.value)} "
                         "to take it.", player=me)
            else:
                self.say("build.multiple", f"{name} puts the {card.label} with {items} and announces \"{said}\"",
                         player=me)
        else:
            said = f"Building {value_word(action.value)}."
            rule = "build.raise" if old else "build"
            self.say(rule, f"{name} puts the {card.label} on {items} and announces \"{said}\"", player=me)
        return self.next_turn(me)

    # -- what follows a move

    def next_turn(self, me: int) -> CassinoState:
        """The next player with cards plays; with every hand empty, deal again or end the deal (K12)."""
        players = len(self.hands)
        for step in range(1, players + 1):
            seat = (me + step) % players
            if self.hands[seat]:
                return self.make(seat)
        if self.stock:
            return self.deal_round()
        return self.end_deal()

    def deal_round(self) -> CassinoState:
        """K12: four more cards each, in twos; the dealer says so when this is the last of the pack."""
        players = len(self.hands)
        hands, self.stock = deal_again(self.stock, players, self.dealer)
        self.hands = [sort_cards(h) for h in hands]
        self.round += 1
        dealer = self.names[self.dealer]
        each = len(self.hands[0])
        if self.stock:
            self.say("deal.again", f"Every hand is empty: {dealer} deals {each} more cards each, two at a time "
                     f"(round {self.round} of {self.rounds}); none go to the table.")
        else:
            self.round = self.rounds
            self.say("deal.last", f"{dealer} deals {each} more cards each and says \"Last deal!\": this is the "
                     "rest of the pack.")
        return self.next_turn(self.dealer)

    def reaches_target(self, me: int) -> bool:
        """K13, the stopping option: the mover's side has reached the target with points already sure."""
        side = self.s.side_of(me)
        sure = self.sure_points()
        target = self.s.rules.target
        assert target is not None
        return self.sheet.totals[side] + sure[side] >= target

    def sure_points(self) -> tuple[int, ...]:
        """Each side's points this deal that nothing can take away any more (K13, the stopping option)."""
        sides = self.s.sides
        tallies = [tally([c for seat in side for c in self.won[seat]], sum(self.sweeps[seat] for seat in side))
                   for side in sides]
        out_cards = len(self.s.cards()) - sum(t.cards for t in tallies)
        out_spades = sum(1 for c in self.s.cards() if c.suit is Suit.SPADES) - sum(t.spades for t in tallies)
        points = []
        for i, t in enumerate(tallies):
            others = [u for j, u in enumerate(tallies) if j != i]
            p = ACE_POINTS * t.aces + BIG_POINTS * t.big + LITTLE_POINTS * t.little
            p += SWEEP_POINTS * t.sweeps if self.s.rules.sweeps else 0
            if t.cards > max(u.cards for u in others) + out_cards:
                p += MOST_CARDS
            if t.spades > max(u.spades for u in others) + out_spades:
                p += MOST_SPADES
            points.append(p)
        return tuple(points)

    def stop(self, me: int) -> CassinoState:
        """K13: play stops at once; the deal so far is scored with the points already sure."""
        sure = self.sure_points()
        self.sheet = self.sheet.after(sure)
        side = self.s.sides[self.s.side_of(me)]
        who = " and ".join(self.names[seat] for seat in side)
        self.say("game.stop", f"That capture brings {who} to {self.sheet.totals[self.s.side_of(me)]} with points "
                 "already sure, so play stops here.", player=me)
        self.scored = tuple(f"Sure points this deal: " + ", ".join(
            f"{col} {p}" for col, p in zip(self.sheet.columns, sure)),)
        self.stopped = self.s.side_of(me)
        return self.finish()

    def end_deal(self) -> CassinoState:
        """The last capturer takes what is left (K5, K11); the deal is scored; the game ends or goes on."""
        s = self.s
        left = list(self.table) + [c for b in self.builds for c in b.cards]
        if left:
            shown = ", ".join(c.label for c in sort_cards(left))
            if self.last is not None:
                self.won[self.last] += tuple(left)
                what = "the card left" if len(left) == 1 else f"the {len(left)} cards left"
                self.say("last-capture", f"{self.names[self.last]} made the last capture, so takes {what} on the "
                         f"table ({shown}); that is not a sweep.", player=self.last)
                self.table, self.builds = (), ()
            else:  # they stay where they are, counted for nobody
                self.say("last-capture", f"Nobody captured anything this deal, so the cards left on the table "
                         f"({shown}) count for nobody.")
        sides = s.sides
        tallies = [tally([c for seat in side for c in self.won[seat]], sum(self.sweeps[seat] for seat in side))
                   for side in sides]
        result = score_deal(tallies, self.sheet.columns, sweeps=s.rules.sweeps)
        for rule, text in result.lines:
            self.events.append(Event(rule, text))
        self.sheet = self.sheet.after(result.points)
        self.scored = tuple(text for _, text in result.lines)
        self.tiebreak = tuple((t.cards, t.spades) for t in tallies)
        outcome = judge_game(self.sheet.rows, s.rules.game, self.sheet.columns, tiebreak=self.tiebreak)
        if outcome.over or self.sheet.deals >= MAX_DEALS:
            return self.finish()
        self.say(f"game.{s.rules.game}", outcome.text)
        return self.next_deal()

    def finish(self) -> CassinoState:
        """The game is over (K13): who won, and why."""
        outcome = judge_game(self.sheet.rows, self.s.rules.game, self.sheet.columns, tiebreak=self.tiebreak,
                             stopped=self.stopped, final=True)
        for rule, text in outcome.events:
            self.events.append(Event(rule, text))
        self.over = True
        return self.make(None)

    def next_deal(self) -> CassinoState:
        """The deal passes to the left; a new shuffled pack, four to the table again (K12)."""
        s = self.s
        players = len(self.hands)
        self.dealer = next_dealer(self.dealer, players)
        hands, table, stock = first_deal(shuffled(PACK, random.Random(f"{PREFIX}/{s.setup.seed}/{self.sheet.deals}")),
                                         players, self.dealer)
        self.hands = [sort_cards(h) for h in hands]
        self.table, self.builds, self.stock = sort_cards(table), (), stock
        self.won, self.sweeps, self.last, self.swept = [()] * players, [0] * players, None, False
        self.round, self.rounds = 1, 1 + rounds_in(len(stock), players)
        self.say("deal", f"{self.names[self.dealer]} deals deal {self.sheet.deals + 1}: four cards each, two at a "
                 "time, and four face up on the table.")
        return self.make((self.dealer + 1) % players)

    def make(self, current: int | None) -> CassinoState:
        """The next state, with ``current`` to move (none once the game is over)."""
        s = self.s
        return CassinoState(s.setup, s.rules, s.names, tuple(self.hands), self.table, self.builds, self.stock,
                            tuple(self.won), tuple(self.sweeps), self.last, self.dealer, self.round, self.rounds,
                            self.sheet, None if self.over else current, self.swept, self.scored, self.tiebreak,
                            self.stopped, tuple(self.events))


# ---------------------------------------------------------------- scoring: a deal, then the game (pure functions)


class Tally(NamedTuple):
    """What one side took in a deal, as scoring needs it."""

    cards: int
    spades: int
    big: bool  # the 10♦, Big Cassino
    little: bool  # the 2♠, Little Cassino
    aces: int
    sweeps: int


def tally(cards: Iterable[Card], sweeps: int = 0) -> Tally:
    """Count a side's cards for scoring."""
    cards = list(cards)
    return Tally(len(cards), sum(1 for c in cards if c.suit is Suit.SPADES), BIG_CASSINO in cards,
                 LITTLE_CASSINO in cards, sum(1 for c in cards if c.rank is Rank.ACE), sweeps)


class DealScore(NamedTuple):
    """A deal's points per side and the scoring line by line, each line with the rule it applies."""

    points: tuple[int, ...]
    lines: tuple[tuple[str, str], ...]


def score_deal(tallies: Sequence[Tally], names: Sequence[str] | None = None, *, sweeps: bool = True) -> DealScore:
    """Score one deal — a pure function: 3 for most cards and 1 for most spades (nothing on a tie, K10),
    2 for Big Cassino, 1 for Little Cassino, 1 per ace, 1 per sweep (unless sweeps are off).

    ``score_deal([tally(cards_a, 1), tally(cards_b)])`` → ``DealScore((8, 4), lines)``.
    """
    names = tuple(names) if names is not None else tuple(f"Side {i + 1}" for i in range(len(tallies)))
    n = len(tallies)
    if n < 2 or len(names) != n:
        raise ValueError("score_deal needs two or more sides, and one name per side.")
    points = [0] * n
    lines: list[tuple[str, str]] = []

    def most(field: str, worth: int, rule: str, what: str) -> None:
        counts = [getattr(t, field) for t in tallies]
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        shown = ", ".join(f"{names[i]} {counts[i]}" for i in range(n))
        if len(leaders) == 1:
            points[leaders[0]] += worth
            lines.append((rule, f"Most {what}: {shown}, so {names[leaders[0]]} scores {worth}."))
        else:
            lines.append((rule, f"Most {what}: {shown}: a tie, so nobody scores the {worth} for {what}."))

    most("cards", MOST_CARDS, f"{PREFIX}.score.cards", "cards")
    most("spades", MOST_SPADES, f"{PREFIX}.score.spades", "spades")
    for field, worth, rule, what in (("big", BIG_POINTS, "big-cassino", "Big Cassino, the 10♦"),
                                     ("little", LITTLE_POINTS, "little-cassino", "Little Cassino, the 2♠")):
        holder = next((i for i, t in enumerate(tallies) if getattr(t, field)), None)
        if holder is None:
            lines.append((f"{PREFIX}.score.{rule}", f"{what[0].upper() + what[1:]}: nobody took it."))
        else:
            points[holder] += worth
            lines.append((f"{PREFIX}.score.{rule}", f"{what[0].upper() + what[1:]}: {names[holder]} scores {worth}."))
    aces = [f"{names[i]} {t.aces}" for i, t in enumerate(tallies) if t.aces]
    for i, t in enumerate(tallies):
        points[i] += ACE_POINTS * t.aces
    lines.append((f"{PREFIX}.score.aces", "Aces, 1 point each: " + (", ".join(aces) if aces else "none taken") + "."))
    swept = [f"{names[i]} {t.sweeps}" for i, t in enumerate(tallies) if t.sweeps]
    if not sweeps:
        lines.append((f"{PREFIX}.score.sweeps", "Sweeps are not scored in this game."))
    else:
        for i, t in enumerate(tallies):
            points[i] += SWEEP_POINTS * t.sweeps
        lines.append((f"{PREFIX}.score.sweeps", "Sweeps, 1 point each: " + (", ".join(swept) if swept else "none")
                       + "."))
    lines.append((f"{PREFIX}.score.deal", "This deal: " + ", ".join(f"{names[i]} {points[i]}" for i in range(n))
                  + "."))
    return DealScore(tuple(points), tuple(lines))


class Outcome(NamedTuple):
    """Where a game stands after some deals (K13): over or not, the winning sides, and why in words."""

    over: bool
    winners: tuple[int, ...]
    rule: str
    text: str
    lines: tuple[str, ...]
    stake: int = 0  # eleven up: the points the winner collects (margin × 1, 2 or 4); 0 on a tie
    events: tuple[tuple[str, str], ...] = ()


def judge_game(rows: Sequence[Sequence[int]], game: str = "twenty-one", names: Sequence[str] | None = None, *,
               tiebreak: Sequence[tuple[int, int]] = (), stopped: int | None = None, final: bool = False) -> Outcome:
    """The game after the deals ``rows`` (points per side per deal) — a pure function (K13).

    ``game``: "deal" (each deal a game), "eleven" (11 up; double if reached in two
    deals, quadruple in one; the margin is the winner's total less the loser's;
    equal leaders: no pay-off) or "twenty-one" (21 up; equal leaders: most cards
    in the last deal, then most spades — ``tiebreak`` gives ``(cards, spades)``
    per side).  ``stopped``: the side whose capture stopped play at the target.  ``final``: the game
    has ended anyway (after the longest game Gwari plays), so the highest total wins.
    """
    if game not in TARGETS:
        raise ValueError(f"game must be one of {', '.join(TARGETS)}, not {game!r}.")
    rows = [tuple(r) for r in rows]
    n = len(rows[0]) if rows else len(names or ())
    names = tuple(names) if names is not None else tuple(f"Side {i + 1}" for i in range(n))
    rule = f"{PREFIX}.game.{game}"
    totals = tuple(sum(r[i] for r in rows) for i in range(n))
    lines = tuple(f"{names[i]}: " + " + ".join(str(r[i]) for r in rows) + (f" = {totals[i]}" if len(rows) > 1 else "")
                  for i in range(n)) if rows else ()
    standing = ", ".join(f"{names[i]} {totals[i]}" for i in range(n))
    target = TARGETS[game]
    if not rows:
        return Outcome(False, (), rule, "No deal has been scored yet.", ())
    if target is not None and stopped is None and max(totals) < target and not final:
        return Outcome(False, (), rule, f"After deal {len(rows)}: {standing}. Nobody has {target} yet, so "
                       "the deal passes to the left.", lines)
    best = max(totals)
    leaders = [i for i in range(n) if totals[i] == best] if stopped is None else [stopped]
    events: list[tuple[str, str]] = []
    if game == "deal":
        if len(leaders) > 1:
            text = f"Each deal is a game: {standing}: a tie, so " + " and ".join(names[i] for i in leaders) + \
                " share it."
        else:
            text = f"Each deal is a game: {standing}, so {_wins(names[leaders[0]])}."
        return Outcome(True, tuple(leaders), rule, text, lines, 0, ((rule, text),))
    if game == "eleven":
        if len(leaders) > 1:
            text = f"Game: {standing}: a tie over 10, so there is no pay-off."
            return Outcome(True, tuple(leaders), rule, text, lines, 0, ((rule, text),))
        win = leaders[0]
        times = {1: 4, 2: 2}.get(len(rows), 1)
        kind = {4: "a quadruple game (in one deal)", 2: "a double game (in two deals)", 1: "a single game"}[times]
        margins = [(i, totals[win] - totals[i]) for i in range(n) if i != win]
        stake = sum(m for _, m in margins) * times
        paid = "; ".join(f"{names[i]} pays {m} × {times} = {m * times}" for i, m in margins)
        how = "has the higher total, both being over 10" if sum(t >= 11 for t in totals) > 1 else "reaches 11"
        text = f"Game: {standing}. {names[win]} {how}: {kind}. {paid}."
        return Outcome(True, (win,), rule, text, lines + (f"{names[win]} wins {kind}: {paid}.",), stake,
                       ((rule, text),))
    if len(leaders) > 1 and tiebreak:
        for what, k in (("cards", 0), ("spades", 1)):
            top = max(tiebreak[i][k] for i in leaders)
            narrowed = [i for i in leaders if tiebreak[i][k] == top]
            if len(narrowed) < len(leaders):
                shown = ", ".join(f"{names[i]} {tiebreak[i][k]}" for i in leaders)
                events.append((f"{PREFIX}.game.tie-break", f"A tie on {best}: most {what} in the last deal decides "
                               f"({shown})."))
                leaders = narrowed
            if len(leaders) == 1:
                break
    if len(leaders) > 1:
        text = f"Game: {standing}: still tied after cards and spades, so " + \
            " and ".join(names[i] for i in leaders) + " share the win."
    else:
        text = f"Game: {standing}, so {_wins(names[leaders[0]])}."
    events.append((rule, text))
    return Outcome(True, tuple(leaders), rule, text, lines + tuple(t for _, t in events[:-1]), 0, tuple(events))


def _wins(name: str) -> str:
    """"Jory wins", "Jory & Pol win"."""
    return f"{name} win" if " & " in name else f"{name} wins"


# ---------------------------------------------------------------- the "find every capture" exercise


class Verdict(NamedTuple):
    """How a learner's capture was judged: "right", "incomplete" or "wrong", why, and the groups missed."""

    mark: Literal["right", "incomplete", "wrong"]
    text: str
    missed: tuple[str, ...] = ()
    best: Capture | None = None


def _read_group(group: Any) -> tuple[Card, ...]:
    if isinstance(group, str):
        group = group.replace("[", "").replace("]", "").replace(",", "+").split("+")
    if isinstance(group, Card):
        group = (group,)
    if not isinstance(group, Iterable):
        raise ValueError(f"picked: {_shown(group)} is not a group of cards.")
    out = []
    for item in group:
        card = item if type(item) is Card else _read_card(str(item).strip()) if str(item).strip() else None
        if card is not None:
            out.append(card)
    if not out:
        raise ValueError("picked: an empty group.")
    return tuple(out)


def judge_captures(state: CassinoState, card: Any, picked: Iterable[Any]) -> Verdict:
    """Judge the groups a learner picked for ``card`` on ``state``'s table against the engine's own move list.

    ``picked``: groups such as ``["7H", "3S+4D", "[2C+5C]"]`` (a build by its cards).
    Right: a capture taking as many cards as any; incomplete: a legal capture
    that takes fewer (the missed groups are shown); wrong: a group that is not
    a capture, with the rule's reason.
    """
    card = _read_card(card) if isinstance(card, str) else card
    if type(card) is not Card or card not in VALUE:
        raise ValueError(f"card: {_shown(card)} is not a card of the pack.")
    options = capture_options(card, state.table, state.builds, state.rules.court_pairs)
    size = {a: len(a.loose) + sum(len(b) for b in a.builds) for a in options}
    most = max(size.values(), default=0)
    by_cards = {c: b for b in state.builds for c in b.cards}
    loose: list[Card] = []
    builds: list[TableBuild] = []
    value = VALUE[card]
    for raw in picked:
        group = _read_group(raw)
        if any(c in by_cards for c in group):
            build = by_cards.get(group[0])
            if build is None or set(group) - set(build.cards):
                return Verdict("wrong", "A build is taken whole, on its own, by a card of its value.")
            if build in builds:
                return Verdict("wrong", f"{build.name.capitalize()} is picked twice.")
            if build.value != value:
                return Verdict("wrong", f"{build.name.capitalize()} is taken only with a {value_word(build.value)}.")
            builds.append(build)
            continue
        missing = next((c for c in group if c not in state.table), None)
        if missing is not None:
            return Verdict("wrong", f"The {missing.label} is not on the table.")
        twice = next((c for c in group if c in loose), None)
        if twice is not None or len(set(group)) < len(group):
            return Verdict("wrong", f"The {(twice or group[0]).label} can be in only one group.")
        if not value:
            if len(group) > 1 or group[0].rank is not card.rank:
                return Verdict("wrong", f"A {card.rank.english} takes only {card.rank.english_plural}, one by one.")
        else:
            court = next((c for c in group if not VALUE[c]), None)
            if court is not None:
                return Verdict("wrong", f"The {court.label} has no number value: courts are never part of a sum.")
            total = sum(VALUE[c] for c in group)
            if total != value:
                return Verdict("wrong", f"{_cards_label(group)} makes {total}, not {value}.")
        loose.extend(group)
    if not value and state.rules.court_pairs == "one-or-three" and len(loose) == 2:
        return Verdict("wrong", f"In this game a {card.rank.english} takes one or three, never two.")
    mine = set(loose) | {c for b in builds for c in b.cards}
    if not options:
        if mine:
            return Verdict("wrong", f"The {card.label} can take nothing here.")
        return Verdict("right", f"Right: the {card.label} can take nothing here.")
    best = [a for a in options if size[a] == most]
    if len(mine) == most:
        chosen = next(a for a in best if set(a.loose) | {c for b in a.builds for c in b} == mine)
        return Verdict("right", f"Right: that takes every card the {card.label} can take ({most}).", (), chosen)
    holding = [a for a in best if mine <= set(a.loose) | {c for b in a.builds for c in b}]
    target = holding[0] if holding else best[0]
    missed_loose = [c for c in target.loose if c not in mine]
    missed = [_cards_code(g) for g in partition(missed_loose, value)] if value else [c.code for c in missed_loose]
    missed += [f"[{_cards_code(b)}]" for b in target.builds if set(b) - mine]
    how = "You missed" if holding else "Another choice of groups takes more; the best takes"
    return Verdict("incomplete", f"{how}: {', '.join(missed)} — {most} cards in all, not {len(mine)}.",
                   tuple(missed), target)


# ---------------------------------------------------------------- the game


class Cassino(Game):
    """Registry entry for Cassino."""

    slug = "cassino"
    title = "Cassino"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 2
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_ACTIONS

    def _start(self, *, setup: Record, rules: Rules) -> CassinoState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        sides = sides_of(players, rules)
        columns = tuple(" & ".join(names[s] for s in side) for side in sides)
        end = EndRule(deals=1) if rules.target is None else EndRule(target=rules.target)
        sheet = ScoreSheet(columns, end)
        eldest = (dealer + 1) % players
        events: list[Event] = []
        if setup.deal is None:
            rng = random.Random(f"{PREFIX}/{setup.seed}/0")
            hands, table, stock = first_deal(shuffled(PACK, rng), players, dealer)
            hands = tuple(sort_cards(h) for h in hands)
            won, sweeps, last, current, rows = ((),) * players, (0,) * players, None, eldest, ()
            builds: tuple[TableBuild, ...] = ()
            events.append(Event(f"{PREFIX}.deal", f"{names[dealer]} deals four cards each, two at a time, and four "
                                                  "face up on the table."))
        else:
            d = read_cassino_deal(setup.deal, players, rules, eldest)
            hands, table, builds, stock = d["hands"], d["table"], d["builds"], d["stock"]
            won, sweeps, last, current, rows = d["won"], d["sweeps"], d["last"], d["current"], d["rows"]
            for row in rows:
                sheet = sheet.after(row)
            events.append(Event(f"{PREFIX}.deal", f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards "
                                                  f"in the hands, {len(table) + sum(len(b.cards) for b in builds)} "
                                                  f"on the table and {len(stock)} still to deal."))
        if len(sides) < players:
            events.append(Event(f"{PREFIX}.partners", "Two partnerships, partners sitting opposite: "
                                + "; ".join(columns) + ". Partners pool the cards they take."))
        state = CassinoState(setup, rules, names, hands, sort_cards(table), builds, tuple(stock), won, sweeps, last,
                             dealer, 1, 1 + rounds_in(len(stock), players), sheet, current, events=tuple(events))
        if state.hands[current]:
            return state
        turn = _Turn(state)
        turn.events = list(events)
        return turn.next_turn((current - 1) % players)

    def parse_action(self, state: Any, text: str) -> Action:
        """Read ``trail 2C``, ``capture 7H, 3S+4D with 7C``, ``build 9 with 4H on 5S``, ``build 9s with …``."""
        return parse_action(text)

    def heuristic(self, state: CassinoState, rng: random.Random) -> tuple[Action, str]:
        """The greedy bot: the capture worth most now, and why (``tutor.games.cassino_bot``)."""
        from tutor.games.cassino_bot import greedy

        return greedy(state, rng)

    def search(self, state: CassinoState, rng: random.Random) -> tuple[Action, str]:
        """The expert bot: the planner, which weighs builds and what the next player could take."""
        from tutor.games.cassino_bot import planner

        return planner(state, rng)


CASSINO = Cassino()
