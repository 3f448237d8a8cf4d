"""Cârts Tîty's entry in the registry: ``CartsTity`` (its name, table sizes, options, the start of a game, reading
a typed move) and its one instance ``CARTS``.  The bots are not here: the registry finds them in ``bot``.
"""

from __future__ import annotations

from typing import Any, Mapping

from tutor.cards import element_pack
from tutor.engine import Event, Game, Record
from tutor.match import EndRule, ScoreSheet

from .deal import deal_from, read_carts_deal, shuffler
from .moves import _ALL, Action, parse_action
from .rules import HAND, MAX_PLAYERS, MAX_ROUNDS, PREFIX, ROUND_LIMIT, SLUG, SWAPS, R, Rules, decks_for
from .state import CartsState


class CartsTity(Game):
    """Registry entry for Cârts Tîty."""

    slug = SLUG
    title = "Cârts Tîty"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 3
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_ROUNDS * ROUND_LIMIT

    figure_names = {"hand": "the cards dealt to each player", "target": "the total that ends a match with scoring"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """T1: eight cards each (a prepared deal's own); T13: the target."""
        dealt = self.dealt(deal)
        return {"hand": max(dealt) if dealt else HAND, "target": rules.target}

    def _start(self, *, setup: Record, rules: Rules) -> CartsState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        decks = decks_for(players)
        pack = element_pack(decks)
        first = (dealer + 1) % players
        events = []
        out = (False,) * players
        scores = None
        if setup.deal is None:
            cards = list(pack)
            shuffler(setup.seed, 0).shuffle(cards)
            hands, stock, pile = deal_from(cards, players, first)
            swaps = (SWAPS,) * players
            events.append(Event(R["deal"], f"{names[dealer]} deals {HAND} cards each and turns up "
                                           f"{pile[-1].english} to start the pile; {names[first]} starts."))
        else:
            hands, stock, pile, first, swaps, out, scores = read_carts_deal(setup.deal, players, pack, first,
                                                                             rules.scoring)
            events.append(Event(R["deal"], f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards in "
                                           f"the hands, {len(stock)} in the stock, {pile[-1].english} on top of "
                                           f"the pile; {names[first]} starts."))
        if decks > 1:
            events.append(Event(R["decks"], f"{players} players: {decks} element decks are shuffled together, "
                                            f"{decks * len(_ALL)} cards."))
        sheet = None
        if rules.scoring:
            # Totals carried by a prepared deal are one more row on the sheet, before this match's rounds.
            carried = scores is not None
            end = EndRule(deals=rules.rounds + carried if rules.rounds else None,
                          target=None if rules.rounds else rules.target, lowest_wins=True)
            sheet = ScoreSheet(tuple(names), end)
            if scores is not None:
                sheet = sheet.after(scores)
        no = (False,) * players
        return CartsState(setup, rules, tuple(names), decks, hands, tuple(stock), tuple(pile), first, 0,
                          False, swaps, no, no, -1, out, False, 0, 0, 0, dealer, 0, sheet, None, tuple(events))

    def parse_action(self, state: Any, text: str) -> Action:
        """Read "play F7", "draw", "draw 4", "skip", "swap", "last card"."""
        return parse_action(text)


CARTS = CartsTity()
