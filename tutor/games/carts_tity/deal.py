"""Cârts Tîty's deal (T1): the seeded shuffles (the deal, and the pile shuffled into a new stock, T12), dealing
eight cards each, and reading a prepared deal given to ``start(deal=...)``.

Part of ``tutor.games.carts_tity``; it imports only ``rules``.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tutor.cards import ElementCard
from tutor.engine import IllegalMove, _shown_value
from tutor.mechanics import read_deal

from .rules import HAND, MAX_SCORE, SWAPS, R


def shuffler(seed: int | None, round_no: int, shuffles: int = -1) -> random.Random:
    """The generator of one shuffle: seeded from the game's seed, the round, and how often the pile was
    shuffled into a new stock before (T12; -1 for the deal), so that a replay shuffles alike."""
    base = -1 if seed is None else seed
    return random.Random((base * 1_000_003 + round_no) * 1_000_003 + shuffles)


# ---------------------------------------------------------------- dealing and the explicit deal (T1)


def deal_from(cards: Sequence[ElementCard], players: int, first: int):
    """T1: eight cards each, one at a time from ``first``; the next card turned up starts the pile."""
    hands: list[list[ElementCard]] = [[] for _ in range(players)]
    for i in range(players * HAND):
        hands[(first + i) % players].append(cards[i])
    rest = tuple(cards[players * HAND:])
    return tuple(tuple(sorted(h)) for h in hands), rest[1:], rest[:1]


def read_carts_deal(deal: Mapping[str, Any], players: int, pack: Sequence[ElementCard], first: int,
                    scoring: bool):
    """An explicit deal: ``hands``, ``stock`` (top first), ``pile`` (its top card last); optional ``current``
    seat, ``swaps`` left per seat, the seats already ``out`` by overflow (their hands empty), and, with
    scoring, each seat's total from earlier rounds (``scores``).  With no pile, the stock's top card is
    turned.  Every error names the field."""
    rule = R["deal"]
    hands, piles = read_deal(deal, players, ElementCard.parse, pack, rule=rule, piles=("stock", "pile"),
                             others=("current", "swaps", "out", "scores"))
    out = [False] * players
    given = deal.get("out")
    if given is None:  # left out, or None: nobody is out
        given = ()
    elif isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence):
        raise IllegalMove(rule, f"deal.out must be a list of seats, not {_shown_value(given)}.")
    for i, seat in enumerate(given):
        if type(seat) is not int or not 0 <= seat < players or out[seat]:
            raise IllegalMove(rule, f"deal.out[{i}] must be a seat from 0 to {players - 1}, each once, "
                                    f"not {_shown_value(seat)}.")
        if hands[seat]:
            raise IllegalMove(rule, f"deal.out[{i}]: seat {seat} is out, so its hand (deal.hands[{seat}]) is empty.")
        out[seat] = True
    if out.count(False) < 2:
        raise IllegalMove(rule, "deal.out: at least two players must still be in.")
    for i, hand in enumerate(hands):
        if not hand and not out[i]:
            raise IllegalMove(rule, f"deal.hands[{i}] is empty: every player still in holds at least one card.")
    stock, pile = piles["stock"], piles["pile"]
    if not pile:
        if not stock:
            raise IllegalMove(rule, "deal.pile is empty and there is no stock to turn a card from: "
                                    "the pile needs a top card.")
        stock, pile = stock[1:], stock[:1]
    current = deal.get("current", first)
    if type(current) is not int or not 0 <= current < players or out[current]:
        raise IllegalMove(rule, f"deal.current must be the seat of a player still in, from 0 to {players - 1}, "
                                f"not {_shown_value(current)}.")
    swaps = _seat_numbers(deal.get("swaps"), "swaps", players, SWAPS)
    scores = _seat_numbers(deal.get("scores"), "scores", players, MAX_SCORE)
    if deal.get("scores") is not None and not scoring:
        raise IllegalMove(rule, "deal.scores: totals from earlier rounds need the scoring option.")
    return (tuple(tuple(sorted(h)) for h in hands), stock, pile, current,
            swaps if deal.get("swaps") is not None else (SWAPS,) * players, tuple(out),
            scores if deal.get("scores") is not None else None)


def _seat_numbers(given: Any, field: str, players: int, most: int) -> tuple[int, ...]:
    """A whole number from 0 to ``most`` per seat (``deal.swaps``, ``deal.scores``); ``None`` gives zeros."""
    if given is None:
        return (0,) * players
    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence) or len(given) != players:
        raise IllegalMove(R["deal"], f"deal.{field} must be a list of {players} numbers, one per seat, "
                                     f"not {_shown_value(given)}.")
    for i, n in enumerate(given):
        if type(n) is not int or not 0 <= n <= most:
            raise IllegalMove(R["deal"], f"deal.{field}[{i}] must be a whole number from 0 to {most}, "
                                         f"not {_shown_value(n)}.")
    return tuple(given)
