"""Mechanics shared by many games: reading an explicit deal, dealing, drawing.

Each function is pure; a game module calls them rather than repeating them.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from tutor.cards import BadNotation, InternedCard
from tutor.engine import IllegalMove

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Play:
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
    """Read a list of cards (notation or card objects) for an explicit deal; errors name ``where``.

    ``card_type``: the card class(es) of the game's deck; anything else in the list is refused.
    """
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    if isinstance(items, Mapping) or not isinstance(items, Iterable):
        raise IllegalMove(rule, f"{where} must be a list of cards, not {type(items).__name__}.")
    out = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            try:
                out.append(parse(item))
            except BadNotation as exc:
                raise IllegalMove(rule, f"{where}[{i}]: {exc}") from None
        elif card_type is not None and isinstance(item, card_type):
            out.append(item)
        elif card_type is None and getattr(item, "deck", None) is not None:
            try:
                out.append(parse(item.code))
            except BadNotation as exc:
                raise IllegalMove(rule, f"{where}[{i}]: {exc}") from None
        else:
            raise IllegalMove(rule, f"{where}[{i}]: {item!r} is not a card of this game's pack.")
    return tuple(out)


def read_deal(deal: Mapping[str, Any], players: int, parse: Callable[[str], C], pack: Sequence[C],
              *, rule: str, piles: Sequence[str] = ("stock",), others: Sequence[str] = (),
              ) -> tuple[tuple[tuple[C, ...], ...], dict[str, tuple[C, ...]]]:
    """Read ``{"hands": [...], "stock": [...]}``: one hand per seat; no card more often than the pack has it.

    ``piles`` are other lists of cards; ``others`` are further fields the game reads
    itself.  Returns the hands and a dict of the piles (missing piles are empty).
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
        raise IllegalMove(rule, f"deal.hands must be a list with one list of cards per seat, not {hands_in!r}.")
    if len(hands_in) != players:
        raise IllegalMove(rule, f"deal.hands has {len(hands_in)} hands for {players} players.")
    hands = tuple(read_cards(h, parse, rule=rule, where=f"deal.hands[{i}]") for i, h in enumerate(hands_in))
    rest = {name: read_cards(deal.get(name) or (), parse, rule=rule, where=f"deal.{name}") for name in piles}
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
