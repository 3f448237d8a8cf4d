"""Cassino's entry in the registry: ``Cassino`` (its name, table sizes, options, the start of a game, reading a
typed move) and its one instance ``CASSINO``.  The bots are not here: the registry finds them in ``bot``.
"""

from __future__ import annotations

from typing import Any, Mapping

from tutor.engine import Event, Game, Record
from tutor.games.cassino.deal import read_cassino_deal, rounds_in, shuffled_deal
from tutor.games.cassino.moves import Action, parse_action
from tutor.games.cassino.turns import _Turn
from tutor.games.cassino.rules import (FIRST_TABLE, HAND, MAX_ACTIONS, MAX_PLAYERS, PACK, PREFIX, SLUG, SWEEP_POINTS,
                                       Rules, sides_of, sort_cards)
from tutor.games.cassino.state import CassinoState
from tutor.games.cassino.table import TableBuild
from tutor.match import EndRule, ScoreSheet


class Cassino(Game):
    """Registry entry for Cassino."""

    slug = SLUG
    title = "Cassino"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 2
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_ACTIONS

    figure_names = {"hand": "the cards dealt to each player", "deals": "the deals one pack gives",
                    "target": "the total that wins the game", "table": "the cards laid on the table in the first deal",
                    "sweep": "what a sweep scores"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """K12: four cards each and four on the table, and the deals the pack gives (a prepared deal's own); K13: the target (none in a
        game of one deal); K10: a sweep's point (0 without sweeps)."""
        stock = deal.get("stock") if deal is not None else None
        if isinstance(stock, (list, tuple)):
            deals = 1 + rounds_in(len(stock), players)
        else:
            deals = 1 + rounds_in(len(PACK) - FIRST_TABLE - HAND * players, players)
        table = deal.get("table") if deal is not None else None
        out = {"hand": max(self.dealt(deal) or (HAND,)), "deals": deals, "sweep": SWEEP_POINTS if rules.sweeps else 0,
               "table": len(table) if isinstance(table, (list, tuple)) else FIRST_TABLE}
        return out if rules.target is None else {**out, "target": rules.target}

    def _start(self, *, setup: Record, rules: Rules) -> CassinoState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        sides = sides_of(players, rules)
        columns = tuple(" & ".join(names[s] for s in side) for side in sides)
        end = EndRule(deals=1) if rules.target is None else EndRule(target=rules.target)
        sheet = ScoreSheet(columns, end)
        eldest = (dealer + 1) % players
        events: list[Event] = []
        if setup.deal is None:
            hands, table, stock = shuffled_deal(setup.seed, 0, players, dealer)
            won, sweeps, last, current, rows = ((),) * players, (0,) * players, None, eldest, ()
            builds: tuple[TableBuild, ...] = ()
            events.append(Event(f"{PREFIX}.deal", f"{names[dealer]} deals four cards each, two at a time, and four "
                                                  "face up on the table."))
        else:
            d = read_cassino_deal(setup.deal, players, rules, eldest)
            hands, table, builds, stock = d["hands"], d["table"], d["builds"], d["stock"]
            won, sweeps, last, current, rows = d["won"], d["sweeps"], d["last"], d["current"], d["rows"]
            for row in rows:
                sheet = sheet.after(row)
            events.append(Event(f"{PREFIX}.deal", f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards "
                                                  f"in the hands, {len(table) + sum(len(b.cards) for b in builds)} "
                                                  f"on the table and {len(stock)} still to deal."))
        if len(sides) < players:
            events.append(Event(f"{PREFIX}.partners", "Two partnerships, partners sitting opposite: "
                                + "; ".join(columns) + ". Partners pool the cards they take."))
        state = CassinoState(setup, rules, names, hands, sort_cards(table), builds, tuple(stock), won, sweeps, last,
                             dealer, 1, 1 + rounds_in(len(stock), players), sheet, current, events=tuple(events))
        if state.hands[current]:
            return state
        turn = _Turn(state)
        turn.events = list(events)
        return turn.next_turn((current - 1) % players)

    def parse_action(self, state: Any, text: str) -> Action:
        """Read ``trail 2C``, ``capture 7H, 3S+4D with 7C``, ``build 9 with 4H on 5S``, ``build 9s with …``."""
        return parse_action(text)


CASSINO = Cassino()
