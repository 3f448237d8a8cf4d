"""Burn's deals (B1): a shuffled deal of the whole pack one card at a time, and a prepared deal read field by field.

The readers of the fields a trick game's prepared deal shares (the cards each seat took, a seat, a list of whole
numbers) serve Pymtheg's deals too, whose all-pass deal is Burn.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from tutor.cards import ElementCard
from tutor.engine import IllegalMove, Record
from tutor.games.burn.rules import PACK, PREFIX
from tutor.mechanics import check_within_pack, deal_round_robin, read_cards, read_deal


def deal_hands(setup: Record, players: int, dealer: int, deal_no: int) -> tuple[tuple[ElementCard, ...], ...]:
    """A shuffled deal: the whole pack, one card at a time from the dealer's left (B1)."""
    pack = list(PACK)
    random.Random(f"{PREFIX}/{setup.seed}/{deal_no}").shuffle(pack)
    hands, _ = deal_round_robin(pack, players, len(PACK) // players, (dealer + 1) % players)
    return tuple(tuple(sorted(h)) for h in hands)


def deal_words(names: Sequence[str], dealer: int, each: int) -> str:
    """How a deal is made, in words."""
    return (f"{names[dealer]} deals the whole pack one card at a time, starting on the left: "
            f"{each} cards each.")


def read_prepared(deal: Mapping[str, Any], players: int, sides: int, target: int, first: int):
    """A prepared deal: ``hands`` (equal, at least one card), optional ``won`` per seat, ``scores`` per side
    brought from earlier deals, and the ``leader`` of the next trick.  Every error names the field."""
    rule = f"{PREFIX}.deal"
    hands, _ = read_deal(deal, players, ElementCard.parse, PACK, rule=rule, piles=(),
                         others=("won", "scores", "leader"))
    if len({len(h) for h in hands}) != 1 or not hands[0]:
        raise IllegalMove(rule, "deal.hands: every hand needs the same number of cards, at least one "
                                f"(one for each trick left), not {', '.join(str(len(h)) for h in hands)}.")
    won = read_won(deal, players, rule)
    check_within_pack([c for h in hands + won for c in h], PACK, rule=rule)
    scores = read_numbers(deal, "scores", sides, None, 0, target - 1, rule)
    leader = read_seat(deal, "leader", first, players, rule)
    return tuple(tuple(sorted(h)) for h in hands), won, scores, leader


# ---------------------------------------------------------------- fields a trick game's prepared deal shares


def read_won(deal: Mapping[str, Any], players: int, rule: str) -> tuple[tuple[ElementCard, ...], ...]:
    """``deal.won``: the cards each seat has taken in tricks this deal, one list per seat (none when absent)."""
    won = deal.get("won")
    if won is None:
        return ((),) * players
    if isinstance(won, (str, bytes, Mapping)) or not isinstance(won, Sequence) or len(won) != players:
        raise IllegalMove(rule, f"deal.won must be a list with one list of cards per seat ({players}), "
                                f"not {_shown(won)}.")
    return tuple(read_cards(w, ElementCard.parse, rule=rule, where=f"deal.won[{i}]") for i, w in enumerate(won))


def read_seat(deal: Mapping[str, Any], key: str, default: int, players: int, rule: str) -> int:
    """``deal.<key>``: a seat, 0 to ``players`` − 1 (``default`` when absent)."""
    seat = deal.get(key, default)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise IllegalMove(rule, f"deal.{key} must be a seat from 0 to {players - 1}, not {seat!r}.")
    return seat


def read_numbers(deal: Mapping[str, Any], key: str, count: int, default: Any, low: int, high: int,
                 rule: str) -> Any:
    """``deal.<key>``: a list of ``count`` whole numbers from ``low`` to ``high`` (``default`` when absent)."""
    items = deal.get(key)
    if items is None:
        return default
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Sequence) or len(items) != count:
        raise IllegalMove(rule, f"deal.{key} must be a list of {count} whole numbers, not {_shown(items)}.")
    for i, n in enumerate(items):
        if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
            raise IllegalMove(rule, f"deal.{key}[{i}] must be a whole number from {low:,} to {high:,}, "
                                    f"not {_shown(n)}.")
    return tuple(items)


def _shown(given: Any) -> str:
    """What was given, shortened for an error message."""
    text = repr(given)
    return text if len(text) <= 40 else text[:37] + "..."
