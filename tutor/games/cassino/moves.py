"""Cassino's moves: the kinds of move with their text (``parse_action`` reads it back), every distinct move a card
can make (the engine's move list), and why a move is refused, each check returning its rule id (K1–K9 of
``docs/rules.md``).

The state (``tutor.games.cassino.state``) imports this module, never the other way round; the checks read the
position through its fields.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from tutor.cards import BadNotation, Card
from tutor.engine import IllegalMove
from tutor.games.cassino.rules import _KEY, HIGHEST_BUILD, PREFIX, VALUE, sort_cards, value_word
from tutor.games.cassino.table import (TableBuild, _bits, _cards_code, _cards_label, _in_order, _items_label,
                                       _sum_masks, _union_masks, partition, splits)

if TYPE_CHECKING:
    from tutor.games.cassino.state import CassinoState


# ---------------------------------------------------------------- the kinds of move, and their text


def _all_cards(cards: Any) -> bool:
    return isinstance(cards, tuple) and all(type(c) is Card and c in _KEY for c in cards)


def _canon(cards: Any) -> Any:
    """Cards in table order when they are cards; anything else as it is (``apply`` refuses it)."""
    return sort_cards(cards) if _all_cards(cards) else cards


def _tidy(action: Capture | Build) -> None:
    """Put a capture's or build's table cards, and its builds, in table order (so equal moves compare equal)."""
    object.__setattr__(action, "loose", _canon(action.loose))
    builds = action.builds
    if isinstance(builds, tuple) and all(isinstance(b, tuple) for b in builds):
        builds = tuple(_canon(b) for b in builds)
        if all(b and type(b[0]) is Card for b in builds):
            builds = tuple(sorted(builds, key=lambda b: _KEY.get(b[0], 0)))
        object.__setattr__(action, "builds", builds)


def _builds_code(builds: Any) -> list[str]:
    """Builds named by their cards, each in brackets ("[2C+5C]"); anything but a tuple of them names none."""
    return [f"[{_cards_code(b)}]" for b in builds if isinstance(b, tuple)] if isinstance(builds, tuple) else []


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
        _tidy(self)

    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """The loose cards in groups the card takes: pairs first, then sums (a court's matches one by one)."""
        if not _all_cards(self.loose) or type(self.card) is not Card or self.card not in VALUE:
            return ()
        value = VALUE[self.card]
        if not value:
            return tuple((c,) for c in self.loose)
        return partition(self.loose, value) or ((tuple(self.loose),) if self.loose else ())

    def __str__(self) -> str:
        parts = [_cards_code(g) for g in self.groups()] + _builds_code(self.builds)
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
        _tidy(self)

    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """A multiple build's loose groups, the played card's group first (``()`` when they do not split)."""
        loose = self.loose if isinstance(self.loose, tuple) else ()
        if not (self.multiple and _all_cards(loose + (self.card,)) and type(self.value) is int):
            return ()
        return partition((self.card,) + loose, self.value, first=self.card)

    def __str__(self) -> str:
        card = getattr(self.card, "code", self.card)
        builds = _builds_code(self.builds)
        loose = self.loose if isinstance(self.loose, tuple) else ()
        groups = self.groups()
        if groups:  # the cards put with the played card first, then the other groups
            mates = [c for c in groups[0] if c != self.card]
            parts = ([_cards_code(mates)] if mates else []) + [_cards_code(g) for g in groups[1:]]
            return f"build {self.value}s with {card} on {', '.join(parts + builds)}"
        parts = builds + ([_cards_code(loose)] if loose else [])
        return f"build {self.value}{'s' if self.multiple else ''} with {card} on {'+'.join(parts)}"


Action = Trail | Capture | Build
KINDS = (Trail, Capture, Build)  # what ``check_action`` lets through to the rule checks

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


# ---------------------------------------------------------------- the moves a card can make (the engine's move list)


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


def _keeps_cards(action: Action, owned: Sequence[TableBuild], values: Counter) -> bool:
    """K4: after ``action`` the mover still holds a card of each build they own that stays on the table."""
    gone = set(getattr(action, "builds", ()))
    left = values.copy()
    left[VALUE[action.card]] -= 1
    return all(left[b.value] > 0 for b in owned if b.cards not in gone)


# ---------------------------------------------------------------- why a move is refused (each check names its rule)


def _problem(state: CassinoState, action: Action) -> tuple[str, str] | None:
    """``(rule, reason)`` when ``action`` is not legal here, else ``None``.  ``action`` is one of ``KINDS`` with
    every field of its declared type (``apply`` has ``tutor.engine.check_action`` see to that first)."""
    me = state.current
    if me is None:
        return f"{PREFIX}.game.{state.rules.game}", "The game is over: no more moves."
    card = action.card
    if card not in VALUE:
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


def _table_items(state: CassinoState, loose: tuple[Card, ...], builds: tuple[tuple[Card, ...], ...]):
    """The loose cards and table builds a move names, or ``(rule, reason)`` when they are not on the table."""
    if not all(c in VALUE for c in loose) or not all(b and all(c in VALUE for c in b) for b in builds):
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
