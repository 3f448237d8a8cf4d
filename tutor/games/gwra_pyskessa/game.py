"""Gwra Pyskessa's entry in the registry: ``GwraPyskessa`` and its one instance, ``PYSKESSA``."""

from __future__ import annotations

from typing import Any, Mapping

from tutor.cornish import EXAMPLE
from tutor.engine import Event, Game, Inputs, Record, TypedInput
from tutor.inputs import ReplyInput

from .cornish import answers_to, asked_seat, card_help, question_said, read_typed_answer, read_typed_ask
from .deal import deal_hands, read_pyskessa_deal
from .moves import Ask, parse_action
from .turns import _Turn
from .rules import ALL_SETS, MAX_PLAYERS, PREFIX, SET_SIZE, SLUG, Rules, hand_size, rank_bits
from .state import PyskessaState


class GwraPyskessa(Game):
    """Registry entry for Gwra Pyskessa."""

    slug = SLUG
    title = "Gwra Pyskessa"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 3
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = 2_000
    inputs = Inputs(typed=TypedInput(
        label="Ask in Cornish (type the question)", lang="kw", placeholder=EXAMPLE, pattern="Name, eus … genes?",
        read=read_typed_ask, card_help=card_help, drill=True, drill_notebook="cornish-drill"),
        reply=ReplyInput(asked=asked_seat, question=question_said, answers=answers_to, read=read_typed_answer,
                         pattern="Eus. Yma genev vy … / Nag eus. Gwra pyskessa!"))

    figure_names = {"hand": "the cards dealt to each player",
                    "sets": "the sets of four in the pack, all laid down by the end"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """G1, G9: seven or five cards each (a prepared deal's own), thirteen sets."""
        dealt = self.dealt(deal)
        return {"hand": max(dealt) if dealt else hand_size(players), "sets": ALL_SETS}

    def _start(self, *, setup: Record, rules: Rules) -> PyskessaState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        first = (dealer + 1) % players
        if setup.deal is None:
            hands, stock = deal_hands(setup.seed, players, first)
            dealt = Event(f"{PREFIX}.deal", f"{names[dealer]} deals {hand_size(players)} cards "
                          f"to each player; the other {len(stock)} cards are the stock.")
            sets: tuple[tuple[Any, ...], ...] = ((),) * players
        else:
            hands, stock, sets, first = read_pyskessa_deal(setup.deal, players, first)
            dealt = Event(f"{PREFIX}.deal", f"A prepared deal: {', '.join(str(len(h)) for h in hands)} "
                          f"cards in the hands and {len(stock)} in the stock.")
        hands = tuple(tuple(sorted(h)) for h in hands)
        held = tuple(map(rank_bits, hands))
        state = PyskessaState(setup, rules, names, hands, held, tuple(stock), sets, first, (dealt,))
        if stock and hands[first] and all(len(h) - b.bit_count() < SET_SIZE - 1 for h, b in zip(hands, held)):
            return state  # the usual deal: no hand can hold four of a kind, and the first player asks
        turn = _Turn(state)
        turn.events.append(dealt)
        for seat in range(players):
            turn.score_sets(seat)
        # The first player is treated like any player starting a turn (an empty hand draws, G6).
        return turn.pass_turn((first - 1) % players)

    def parse_action(self, state: Any, text: str) -> Ask:
        """Read ``ask 2 for 7``."""
        return parse_action(text)


PYSKESSA = GwraPyskessa()
