"""Dealing (C1), and reading a prepared deal given to ``start(deal=...)``: every error names the field."""

from __future__ import annotations

import random
from typing import Any

from tutor.cards import shuffled
from tutor.engine import IllegalMove, Record
from tutor.mechanics import deal_round_robin, read_deal

from .packs import HAND_SIZE, is_joker, parse_card, sort_key
from .rules import PREFIX, Rules


def deal_hands(setup: Record, rules: Rules, dealer: int, deal_no: int) -> tuple[tuple[Any, ...], ...]:
    """A shuffled deal: the pack for the players, nine each, dealt round from the dealer's left (C1)."""
    players = setup.players
    rng = random.Random(f"{PREFIX}/{setup.seed}/{deal_no}")
    hands, _ = deal_round_robin(shuffled(rules.pack(players), rng), players, HAND_SIZE, (dealer + 1) % players)
    # French cards sort by their own order; the Five Hundred pack's numbers need the key that puts them by the 10.
    key = sort_key if players == 7 and rules.seven_pack == "five-hundred" else None
    return tuple(tuple(sorted(h, key=key)) for h in hands)


def read_hands(setup: Record, rules: Rules) -> tuple[tuple[Any, ...], ...]:
    """A prepared deal, ``{"hands": [...]}`` and nothing else: 1 to 9 cards a hand from the players' pack, eldest
    able to lead (C1, C2, C6)."""
    players, deal = setup.players, setup.deal
    assert deal is not None and setup.names is not None and setup.dealer is not None
    dealt, _ = read_deal(deal, players, parse_card, rules.pack(players), rule=f"{PREFIX}.deal", piles=())
    for seat, hand in enumerate(dealt):
        if not 0 < len(hand) <= HAND_SIZE:
            raise IllegalMove(f"{PREFIX}.deal", f"deal.hands[{seat}]: a prepared hand holds 1 to {HAND_SIZE} cards, "
                                                f"not {len(hand)}.")
    eldest = (setup.dealer + 1) % players
    if not rules.revised and all(is_joker(c, rules.thirteens_jokers) for c in dealt[eldest]):
        # C2 + C6: eldest must lead the first trick, and the original rule forbids leading a joker.
        raise IllegalMove(f"{PREFIX}.joker", f"deal.hands[{eldest}]: {setup.names[eldest]} must lead the first "
                                             "trick but holds only jokers, and under the original rule a joker "
                                             "may not be led.")
    return tuple(tuple(sorted(h, key=sort_key)) for h in dealt)
