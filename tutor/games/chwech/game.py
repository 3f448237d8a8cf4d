"""Chwech's entry in the registry: ``Chwech`` and its one instance, ``CHWECH``."""

from __future__ import annotations

from typing import Any, Mapping

from tutor.engine import Event, Game, Record
from tutor.match import EndRule, ScoreSheet

from .deal import deal_hands, read_hands
from .moves import CardPlay, Pass, parse_action
from .packs import HAND_SIZE, pack_words
from .rules import MAX_ACTIONS_PER_DEAL, MAX_DEALS, PREFIX, SLUG, Rules
from .state import ChwechState


class Chwech(Game):
    """Registry entry for Chwech."""

    slug = SLUG
    title = "Chwech"
    min_players = 4
    max_players = 7
    default_players = 6
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_DEALS * MAX_ACTIONS_PER_DEAL

    figure_names = {"hand": "the cards dealt to each player", "pack": "the cards of the pack, all dealt",
                    "deals": "the deals of a match"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """C1, C10–C12: nine cards each from the table's pack, all dealt (a prepared deal's own); C10: the deals."""
        dealt = self.dealt(deal)
        if dealt:
            return {"hand": max(dealt), "pack": sum(dealt), "deals": rules.deals_for(players)}
        return {"hand": HAND_SIZE, "pack": len(rules.pack(players)), "deals": rules.deals_for(players)}

    def _start(self, *, setup: Record, rules: Rules) -> ChwechState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        eldest = (dealer + 1) % players
        if setup.deal is None:
            hands = deal_hands(setup, rules, dealer, 0)
            text = (f"{names[dealer]} deals {HAND_SIZE} cards each from a {len(rules.pack(players))}-card pack; "
                    f"{names[eldest]} must lead.")
        else:
            hands = read_hands(setup, rules)
            text = f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards; {names[eldest]} must lead."
        events = (Event(f"{PREFIX}.deal", text),)
        if players != 6:  # C10–C12: the other tables' packs
            events += (Event(f"{PREFIX}.pack", pack_words(players, rules.five_pack, rules.seven_pack,
                                                          rules.thirteens_jokers)),)
        sheet = ScoreSheet(names, EndRule(deals=rules.deals_for(players)))
        return ChwechState(setup, rules, names, hands, ((),) * players, tuple(len(h) for h in hands), sheet,
                           dealer, offer=(eldest,), events=events)

    def parse_action(self, state: Any, text: str) -> CardPlay | Pass:
        """Read "pass", "play 7S", "play AS high", "play JK as H", "play 11H"."""
        return parse_action(text)


CHWECH = Chwech()
