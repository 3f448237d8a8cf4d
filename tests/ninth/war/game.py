"""War's entry in the registry: ``War`` and its one instance, ``WAR``."""

from __future__ import annotations

from typing import Any

from tutor.engine import Game, Inputs, Record

from .deal import deal_hands, read_war_deal
from .moves import CardPlay, parse_action
from .rules import HAND, MAX_ACTIONS, PACK, PLAYERS, PREFIX, SLUG, Rules
from .state import WarState
from .turns import WarTurn


class War(Game):
    """Registry entry for War."""

    slug = SLUG
    title = "War"
    min_players = PLAYERS
    max_players = PLAYERS
    default_players = PLAYERS
    rules_class = Rules
    rule_prefix = PREFIX
    inputs = Inputs(cards=True, buttons=False)  # the one move is a card: the top one
    max_actions = MAX_ACTIONS

    def _start(self, *, setup: Record, rules: Rules) -> WarState:
        names, dealer = setup.names, setup.dealer
        assert names is not None and dealer is not None
        if setup.deal is None:
            hands, middle, taken = deal_hands(setup), (), ((), ())
            words = f"{names[dealer]} deals the {len(PACK)} cards, tens to aces, {HAND} to each player."
        else:
            hands, middle, taken = read_war_deal(setup.deal)
            words = f"A prepared deal: {len(hands[0])} cards each."
        blank = WarState(setup, rules, tuple(names), hands, (), middle, taken, dealer, None)
        turn = WarTurn(blank)
        turn.say("deal", words)
        return turn.build((dealer + 1) % PLAYERS)

    def parse_action(self, state: Any, text: str) -> CardPlay:
        """Read ``play 10H``."""
        return parse_action(text)


WAR = War()
