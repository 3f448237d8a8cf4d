"""Dealing (G1), and reading a prepared deal given to ``start(deal=...)``: every error names the field."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tutor.cards import RANKS_BY_CODE, Card, Rank, shuffled
from tutor.engine import IllegalMove, counted
from tutor.mechanics import deal_round_robin, read_deal

from .rules import LOWEST, PACK, PREFIX, hand_size, run

_RULE = f"{PREFIX}.deal"


def deal_hands(seed: int | None, players: int, first: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """A shuffled deal from ``seed`` (G1): seven cards each for two or three players, five for more, one at a
    time from ``first``; the rest is the stock."""
    return deal_round_robin(shuffled(PACK, random.Random(seed)), players, hand_size(players), first)


def read_pyskessa_deal(deal: Mapping[str, Any], players: int, first: int) -> tuple[
        tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[tuple[Rank, ...], ...], int]:
    """A prepared deal: ``hands``, ``stock`` (top first), optional laid ``sets`` (ranks, one list per seat)
    and the ``current`` seat.  A list left out (or ``None``) is empty, and ``current`` then the first player; a
    list given must be one (``0``, ``{}`` or a number is refused).  Every error names the field
    (``deal.sets[0][1]``)."""
    stock = deal.get("stock") if isinstance(deal, Mapping) else None
    if not (stock is None or _is_list(stock) or isinstance(stock, str)):  # a text of cards: "7S KH"
        raise IllegalMove(_RULE, f"deal.stock must be a list of cards such as ['7S', 'KH'] (top first), "
                                 f"not {stock!r}.")
    hands, piles = read_deal(deal, players, Card.parse, PACK, rule=_RULE, others=("sets", "current"))
    sets = _read_sets(deal.get("sets"), players)
    in_play = tuple(sorted(piles["stock"] + sum(hands, ())))
    laid: set[Rank] = set()
    for seat, ranks in enumerate(sets):
        for i, rank in enumerate(ranks):
            if rank in laid:
                raise IllegalMove(_RULE, f"deal.sets[{seat}][{i}]: the {rank.english_plural} are laid down twice; "
                                         "there is one set of each rank.")
            laid.add(rank)
            held = run(in_play, rank)
            if held:
                raise IllegalMove(_RULE, f"deal.sets[{seat}][{i}]: the {rank.english_plural} are laid down as a "
                                         f"set, so {held[0]} cannot also be in a hand or the stock.")
    current = deal.get("current", first)
    if type(current) is not int or not 0 <= current < players:
        raise IllegalMove(_RULE, f"deal.current must be a seat from 0 to {players - 1}, not {current!r}.")
    return hands, piles["stock"], sets, current


def _is_list(given: Any) -> bool:
    """A list or tuple (not ``0``, a number, a text, a dict or a set), so that nothing falsy is read as empty."""
    return isinstance(given, Sequence) and not isinstance(given, (str, bytes))


def _read_sets(given: Any, players: int) -> tuple[tuple[Rank, ...], ...]:
    """The laid sets of a prepared deal: one list of ranks per seat (``[["7", "K"], []]``); none when the field is
    left out, ``None`` or ``[]``."""
    if given is None:
        return ((),) * players
    if not _is_list(given):
        raise IllegalMove(_RULE, f"deal.sets must be a list with one list of ranks per seat, not {given!r}.")
    if not given:
        return ((),) * players
    if len(given) != players:
        raise IllegalMove(_RULE, f"deal.sets has {counted(len(given), 'list')} for {players} players; it needs one per seat.")
    sets = []
    for seat, ranks in enumerate(given):
        if not _is_list(ranks):
            raise IllegalMove(_RULE, f"deal.sets[{seat}] must be a list of ranks such as ['7', 'K'], not {ranks!r}.")
        read = []
        for i, item in enumerate(ranks):
            rank = RANKS_BY_CODE.get(item.strip().upper()) if isinstance(item, str) else item
            if type(rank) is not Rank or rank not in LOWEST:
                raise IllegalMove(_RULE, f"deal.sets[{seat}][{i}]: {item!r} is not a rank of the pack; "
                                         "write 2 to 10, J, Q, K or A.")
            read.append(rank)
        sets.append(tuple(read))
    return tuple(sets)
