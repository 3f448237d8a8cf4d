"""The Chwech bot: shed cards, and take a trick only when the cards won land on (or just below) a multiple of nine."""

from __future__ import annotations

import random

from tutor.cards import Rank

from .moves import PASS, Pass, Play
from .packs import HAND_SIZE, is_joker, rank_value
from .scoring import card_power, multiplier
from .state import ChwechState


def heuristic(state: ChwechState, rng: random.Random) -> tuple[Play | Pass, str]:
    """Shed cards, and take a trick only when it brings the cards won to (or just below) a multiple of nine."""
    me = state.current_player
    assert me is not None
    legal = state.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    won = len(state.won[me])
    if state.leading:
        if not plays:
            return PASS, "Nothing to lead."
        low = min(plays, key=lambda a: (_lead_value(a, state.rules.thirteens_jokers), rng.random()))
        return low, "Leading sheds a card, and a low one is unlikely to win cards you do not want."
    n = len(state.trick) + 1
    last = len(state.queue) == 1
    gain = multiplier(won + n, HAND_SIZE) >= multiplier(won, HAND_SIZE)
    current = [card_power(p, k, n, state.rules) for k, (_, p) in enumerate(state.trick)]
    top = max(current) if current else -10
    losing, winning = [], []
    for a in plays:
        p = card_power(a, n - 1, n, state.rules) if last else card_power(a, n - 1, n + 1, state.rules)
        (winning if p > top else losing).append((p, a))
    if gain and winning:
        p, a = max(winning, key=lambda x: x[0])
        return a, (f"Taking these {n} cards makes {won + n} won, a multiplier of {multiplier(won + n, HAND_SIZE)} "
                   f"(now {multiplier(won, HAND_SIZE)}): worth winning, and a card is shed.")
    if losing:
        p, a = max(losing, key=lambda x: x[0])
        return a, "This card should not win the trick, so it sheds a card without taking unwanted cards."
    return PASS, "Every card you could play would win cards that spoil your count: pass."


def _lead_value(action: Play, thirteens_jokers: bool) -> float:
    """How low a lead is: jokers count as 7½, an ace declared low as 1."""
    if is_joker(action.card, thirteens_jokers):
        return 7.5
    return 1 if action.card.rank is Rank.ACE and action.ace == "low" else rank_value(action.card)
