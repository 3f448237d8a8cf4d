"""Helpers the rule scenario tests share: play moves by their text, list the rules an action applied."""

from tutor.games import get_game


def play(state, *moves):
    """The state after making ``moves`` (each in the game's own notation) one after another."""
    game = get_game(state.setup.game)
    for move in moves:
        state = state.apply(game.parse_action(state, move))
    return state


def rules_of(state):
    """The rule ids of the events the last action caused, in order."""
    return [e.rule for e in state.events]
