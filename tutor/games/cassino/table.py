"""Cassino's table, the part only this game has: the builds on it (``TableBuild``), the sums that captures and
builds make of its cards (K3, K6: groups each worth a value, whether cards split into such groups, one way to split
them, and the bit masks the move list is made from), and its cards, groups and builds in words.

It reads only ``rules``; ``moves``, ``state`` and ``play`` build on it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, NamedTuple, Sequence

from tutor.cards import Card
from tutor.games.cassino.rules import _KEY, VALUE, sort_cards, value_word

# ---------------------------------------------------------------- builds on the table


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


def _in_order(builds: Iterable[TableBuild]) -> tuple[TableBuild, ...]:
    """Table builds in the order moves list them (by their first card)."""
    return tuple(sorted(builds, key=lambda b: _KEY[b.cards[0]]))


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


# ---------------------------------------------------------------- the table's cards, groups and builds in words


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
