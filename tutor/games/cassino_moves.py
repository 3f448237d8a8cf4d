"""Cassino's moves: every distinct move a card can make (the engine's move list), why a move is refused (each
check returns its rule id), and moves in words; the rules are K1–K9 of ``docs/rules.md``.

Part of ``tutor.games.cassino``, which re-exports its public names; a position is read through
``CassinoPosition``, so this module never imports the state.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Iterable, Sequence

from tutor.cards import Card
from tutor.games.cassino_actions import (HIGHEST_BUILD, PREFIX, VALUE, _KEY, Action, Build, Capture, CassinoPosition,
                                         TableBuild, Trail, _bits, _cards_label, _shown, _subsets_summing, _unions,
                                         splits, value_word)


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


def _keeps_cards(action: Action, owned: Sequence[TableBuild], values: Counter) -> bool:
    """K4: after ``action`` the mover still holds a card of each build they own that stays on the table."""
    gone = set(getattr(action, "builds", ()))
    left = values.copy()
    left[VALUE[action.card]] -= 1
    return all(left[b.value] > 0 for b in owned if b.cards not in gone)


# ---------------------------------------------------------------- why a move is refused (each check names its rule)


def _problem(state: CassinoPosition, action: Any) -> tuple[str, str] | None:
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


def _table_items(state: CassinoPosition, loose: Any, builds: Any):
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


def _capture_problem(state: CassinoPosition, card: Card, loose: tuple[Card, ...],
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


def _build_problem(state: CassinoPosition, me: int, action: Build, loose: tuple[Card, ...],
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


# ---------------------------------------------------------------- moves in words


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


def _group_words(groups: Sequence[Sequence[Card]], builds: Sequence[TableBuild | tuple], names: Sequence[str] = (),
                 you: int | None = None, mover: int | None = None) -> str:
    parts = [f"the {g[0].label}" if len(g) == 1 else _cards_label(g) for g in groups]
    parts += [_build_words(b, names, you, mover) for b in builds]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _move_words(state: CassinoPosition, action: Any, *, you: bool) -> str:
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
