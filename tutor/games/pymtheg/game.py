"""Pymtheg's entry in the registry: the ``Game`` subclass (what it is, who plays, the first position, reading a
typed move against the position) and ``PYMTHEG``."""

from __future__ import annotations

from typing import Any, Mapping

from tutor.cards import ElementCard
from tutor.engine import Event, Game, Inputs, Record
from tutor.games.pymtheg.deal import deal_by_fives, deal_words, end_rule, read_prepared, shuffled_pack, team_labels
from tutor.games.pymtheg.moves import STAKES, Bid, Call, CardPlay, NameTrump, Stake, parse_action
from tutor.games.pymtheg.rules import ACTIONS_PER_DEAL, HAND, MAX_DEALS, PLAYERS, PREFIX, Rules, rule
from tutor.games.pymtheg.scoring import TRICKS
from tutor.games.pymtheg.state import PymthegState
from tutor.games.pymtheg.turns import _Turn
from tutor.match import ScoreSheet


def start_state(setup: Record, rules: Rules) -> PymthegState:
    """The first position: a shuffled deal and the auction, or a prepared deal where it says."""
    names, dealer = setup.names, setup.dealer
    assert names is not None and dealer is not None
    labels = team_labels(names)
    sheet = ScoreSheet(labels, end_rule(rules))
    first = (dealer + 1) % PLAYERS
    events = []
    contract = None
    if setup.deal is None:
        hands = deal_by_fives(shuffled_pack(setup.seed, 0), dealer)
        won: tuple[tuple[ElementCard, ...], ...] = ((),) * PLAYERS
        taken = (0,) * PLAYERS
        leader, stage, current = first, "auction", first
        events.append(Event(rule("deal"), deal_words(names, dealer)))
    else:
        prepared = read_prepared(setup.deal, dealer)
        hands, won, taken, leader = prepared.hands, prepared.won, prepared.taken, prepared.leader
        if prepared.scores is not None:
            sheet = sheet.after(prepared.scores)
        events.append(Event(rule("deal"), f"A prepared deal: {len(hands[0])} card{'s' * (len(hands[0]) != 1)} "
                                          f"each; {names[dealer]} dealt."))
        contract = prepared.contract
        stage, current = prepared.stage, leader
    events.append(Event(rule("teams"), f"Partners sit opposite: {labels[0]} against {labels[1]}."))
    if stage == "auction":
        events.append(Event(rule("auction"), f"{names[first]}, on the dealer's left, opens the auction."))
        return PymthegState(setup, rules, names, hands, won, taken, (), leader, (), dealer, 0, sheet, first,
                            "auction", events=tuple(events))
    if stage == "burn":
        events.append(Event(rule("burn.start"), "All four passed: the deal is played as Burn, without trump; "
                                                f"{names[leader]} leads."))
        return PymthegState(setup, rules, names, hands, won, taken, (), leader, (), dealer, 0, sheet, leader,
                            "burn", events=tuple(events))
    assert contract is not None
    state = PymthegState(setup, rules, names, hands, won, taken, (), leader, (), dealer, 0, sheet, leader,
                         "auction", contract=contract)
    turn = _Turn(state)
    turn.events = events
    turn.announce(contract)
    if stage == "double":
        return turn.open_window()
    return turn.after_window(named=stage == "play")


class Pymtheg(Game):
    """Registry entry for Pymtheg."""

    slug = PREFIX
    title = "Pymtheg"
    min_players = PLAYERS
    max_players = PLAYERS
    default_players = PLAYERS
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_DEALS * ACTIONS_PER_DEAL
    inputs = Inputs(cards=True, buttons=True, bids=True)

    figure_names = {"hand": "the cards dealt to each player", "tricks": "the tricks of a deal",
                    "deals": "the deals of a match of so many deals",
                    "limit": "the total, up or down, that ends a match to a limit"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """Y1: fifteen cards each (a prepared deal's own), fifteen tricks; Y14: the match's deals (none in a match
        that is not of so many deals) and the limit."""
        dealt = self.dealt(deal)
        out = {"hand": max(dealt) if dealt else HAND, "tricks": TRICKS, "limit": rules.limit}
        return {**out, "deals": rules.rounds} if rules.match == "rounds" else out

    def _start(self, *, setup: Record, rules: Rules) -> PymthegState:
        return start_state(setup, rules)

    def parse_action(self, state: Any, text: str) -> Bid | Call | Stake | NameTrump | CardPlay:
        """Read "bid gam+1 F", "pass", "double 1", "redouble 0", "trump nt", "play F7", "stop"; a bare "double" or
        "redouble" is the first seat that may make it now (in play order from the player to move)."""
        action = parse_action(text)
        if type(action) is Stake and action.seat is None and isinstance(state, PymthegState):
            order = state.current_players
            seat = next((s for s in order if STAKES[action.word, s] in state.offers(s)), None)
            if seat is not None:
                return STAKES[action.word, seat]
        return action


PYMTHEG = Pymtheg()
