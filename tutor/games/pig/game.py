"""Pig's entry in the registry: ``Pig`` and its one instance, ``PIG``; the race's hooks for the play app."""

from __future__ import annotations

from typing import Any, Mapping

from tutor.engine import Game, Inputs, RaceInput, Record

from .deal import read_pig_deal
from .moves import Nose, Pass, Wait, parse_action
from .rules import HAND, MAX_ACTIONS, MAX_PLAYERS, MIN_PLAYERS, PREFIX, SLUG, STOP_AFTER, Rules, game_pack
from .state import PigState


def race_tick_ms(state: PigState) -> int:
    """The race clock's step in this game."""
    return state.rules.tick_ms


def race_clock(state: PigState) -> int | None:
    """Milliseconds on the race clock, ``None`` outside a race."""
    return state.race_clock


def race_idle(state: PigState) -> Nose | Wait | None:
    """What a learner who does nothing in this tick of the race does."""
    return state.idle_action()


class Pig(Game):
    """Registry entry for Pig / Donkey."""

    slug = SLUG
    title = "Pig"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    inputs = Inputs(race=RaceInput(tick_ms=race_tick_ms, clock=race_clock, idle=race_idle,
                                   button="Touch your nose!"))
    max_actions = MAX_ACTIONS  # every deal ends with a letter, within the stop (rules.py)

    figure_names = {"hand": "the cards dealt to each player",
                    "letters": "the letters of the word, one for each deal lost",
                    "stop": "the passing rounds after which a deal stops"}

    def count_figures(self, rules: Rules, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """P2: four cards each; P6: the word's letters; the stop."""
        return {"hand": HAND, "letters": len(rules.word), "stop": STOP_AFTER}

    def _start(self, *, setup: Record, rules: Rules) -> PigState:
        players = setup.players
        assert setup.dealer is not None
        if setup.deal is None:
            return PigState.dealt(game_pack(players), setup, rules, (0,) * players, setup.dealer, 0, [])
        hands, letters, passes = read_pig_deal(setup.deal, players, rules)
        return PigState.dealt(game_pack(players), setup, rules, letters, setup.dealer, 0, [], hands, passes)

    def parse_action(self, state: Any, text: str) -> Pass | Nose | Wait:
        """Read ``pass QS``, ``nose`` or ``wait``."""
        return parse_action(text)


PIG = Pig()
