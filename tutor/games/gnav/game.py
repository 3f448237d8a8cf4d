"""Gnav's entry in the registry: ``Gnav`` and its one instance, ``GNAV``."""

from __future__ import annotations

import random
from typing import Any, Mapping

from tutor.engine import Game, Inputs, Record

from .deal import announce_counters, begin_round, deal_round, read_gnav_deal
from .moves import Call, parse_action
from .turns import _Turn
from .rules import MAX_ACTIONS, MAX_PLAYERS, MIN_PLAYERS, PREFIX, SLUG, Rules
from .state import GnavState


class Gnav(Game):
    """Registry entry for Gnav."""

    slug = SLUG
    title = "Gnav"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    inputs = Inputs(cards=False, buttons=True)  # stand and change are buttons; no card is chosen
    max_actions = MAX_ACTIONS

    figure_names = {"counters": "the counters (or strokes) each player starts with"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """N11: the counters each."""
        return {"counters": rules.counters}

    def _start(self, *, setup: Record, rules: Rules) -> GnavState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        blank = GnavState(setup, rules, names, (None,) * players, (), (), (), (), (0,) * players,
                          (False,) * players, dealer, None)
        turn = _Turn(blank)
        turn.say("pack", "The 42-card pack: two each of Cuckoo, Dragoon, Cat, Horse, House, 12 down to 0, "
                 "Pot, Owl and Fool, highest to lowest.")
        if setup.deal is None:
            announce_counters(turn)
            deal_round(turn, random.Random(f"gnav:{setup.seed}:1"))
        else:
            hands, stock, lost = read_gnav_deal(setup.deal, players, names, dealer, rules)
            turn.lost = list(lost)
            turn.out = [card is None for card in hands]
            announce_counters(turn)
            begin_round(turn, list(hands), list(stock), "deals a prepared round")
        return turn.build(turn.left_of(dealer))

    def parse_action(self, state: Any, text: str) -> Call:
        """Read ``stand`` or ``change``."""
        return parse_action(text)


GNAV = Gnav()
