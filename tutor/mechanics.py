"""Mechanics shared by many games: reading an explicit deal, dealing, drawing.

Each function is pure; a game module calls them rather than repeating them.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from tutor.cards import BadNotation, InternedCard
from tutor.engine import IllegalMove, _shown_value

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class CardPlay:
    """Play ``card`` from the hand: to the trick, or onto the pile (one action class for every game that needs no more)."""

    card: InternedCard  # a card of any deck; which cards the game takes is the game's to judge

    def __str__(self) -> str:
        return f"play {self.card.code}"


def deal_round_robin(pack: Sequence[C], players: int, per_hand: int,
                     first: int = 0) -> tuple[tuple[tuple[C, ...], ...], tuple[C, ...]]:
    """Deal ``per_hand`` cards one at a time, starting with seat ``first``; return hands and the rest."""
    needed = players * per_hand
    if needed > len(pack):
        raise ValueError(f"{players} hands of {per_hand} need {needed} cards; the pack has {len(pack)}.")
    hands: list[list[C]] = [[] for _ in range(players)]
    for i, card in enumerate(pack[:needed]):
        hands[(first + i) % players].append(card)
    return tuple(tuple(h) for h in hands), tuple(pack[needed:])


def read_cards(items: Any, parse: Callable[[str], C], *, rule: str, where: str,
               card_type: type | tuple[type, ...] | None = None) -> tuple[C, ...]:
    """Read a list of cards (notation or card objects), or one text of notation ("7S 10H"), for an explicit deal;
    errors name ``where``.

    Nothing else is taken for a list: not ``None``, ``0`` or ``""`` read as empty, not a number, a mapping, a
    set (it has no order) or bytes.  ``card_type``: the card class(es) of the game's deck; anything else in the
    list is refused.
    """
    if isinstance(items, str):
        items = items.replace(",", " ").split()
        if not items:
            raise IllegalMove(rule, f"{where} must be a list of cards; an empty text is not one (use []).")
    if isinstance(items, (bytes, bytearray, Mapping)) or not isinstance(items, Sequence):
        raise IllegalMove(rule, f"{where} must be a list of cards, not {_shown(items)}.")
    out = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            try:
                out.append(parse(item))
            except BadNotation as exc:
                raise IllegalMove(rule, f"{where}[{i}]: {exc}") from None
        elif card_type is not None and isinstance(item, card_type):
            out.append(item)
        elif card_type is None and isinstance(getattr(item, "code", None), str) \
                and getattr(item, "deck", None) is not None:
            try:
                out.append(parse(item.code))
            except BadNotation as exc:
                raise IllegalMove(rule, f"{where}[{i}]: {exc}") from None
        else:
            raise IllegalMove(rule, f"{where}[{i}]: {_shown(item)} is not a card of this game's pack.")
    return tuple(out)


def _shown(value: Any) -> str:
    """A value in an error message: short, and never Python's own failure to write it."""
    return _shown_value(value) if isinstance(value, (int, float, str)) or value is None \
        else f"{_shown_value(value)} ({type(value).__name__})"


def read_deal(deal: Mapping[str, Any], players: int, parse: Callable[[str], C], pack: Sequence[C],
              *, rule: str, piles: Sequence[str] = ("stock",), others: Sequence[str] = (),
              ) -> tuple[tuple[tuple[C, ...], ...], dict[str, tuple[C, ...]]]:
    """Read ``{"hands": [...], "stock": [...]}``: one hand per seat; no card more often than the pack has it.

    ``piles`` are other lists of cards; ``others`` are further fields the game reads
    itself.  Returns the hands and a dict of the piles (a pile missing, or ``None``,
    is empty; ``0``, ``""`` or ``{}`` is refused).
    Every error names the field (``deal.hands[2]``, ``deal.stock[0]``).
    """
    if not isinstance(deal, Mapping) or "hands" not in deal:
        raise IllegalMove(rule, "deal.hands is missing: a deal needs one list of cards per seat.")
    unknown = sorted(str(k) for k in set(deal) - {"hands", *piles, *others})
    if unknown:
        raise IllegalMove(rule, f"deal.{unknown[0]}: a deal has no such field; "
                                f"it may have {', '.join(['hands', *piles, *others])}.")
    hands_in = deal["hands"]
    if isinstance(hands_in, (str, bytes, Mapping)) or not isinstance(hands_in, Sequence):
        raise IllegalMove(rule, f"deal.hands must be a list with one list of cards per seat, not {_shown(hands_in)}.")
    if len(hands_in) != players:
        raise IllegalMove(rule, f"deal.hands has {len(hands_in)} hands for {players} players.")
    hands = tuple(read_cards(h, parse, rule=rule, where=f"deal.hands[{i}]") for i, h in enumerate(hands_in))
    rest = {name: () if deal.get(name) is None else read_cards(deal[name], parse, rule=rule, where=f"deal.{name}")
            for name in piles}
    check_within_pack([c for h in hands for c in h] + [c for p in rest.values() for c in p], pack, rule=rule)
    return hands, rest


def check_within_pack(cards: Iterable[C], pack: Sequence[C], *, rule: str) -> None:
    """Every card is in the pack, and none appears more often than the pack holds it."""
    have = Counter(pack)
    for card, n in Counter(cards).items():
        if have[card] == 0:
            raise IllegalMove(rule, f"deal: {card} is not in this game's pack.")
        if n > have[card]:
            raise IllegalMove(rule, f"deal: {card} is there {n} times; the pack has it {have[card]} time(s).")


def insert_sorted(hand: list, card: Any) -> None:
    """Put ``card`` into a sorted hand (hands are kept sorted for display and speed)."""
    bisect.insort(hand, card)
