"""Refusals and narration in a learner's words: Pymtheg's naming of trump without command syntax, Cârts Tîty's
"Last card!" said once in its line."""

import pytest

from tutor.bots import make_bot
from tutor.engine import IllegalMove
from tutor.games import get_game
from tutor.widgets.base import event_words

from .pymtheg_deals import AUCTION, start
from .scenario import play


def test_pymtheg_asks_for_trump_in_words_not_commands():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    with pytest.raises(IllegalMove) as info:
        play(state, "play F1")
    assert info.value.reason == "First the declarer names trump — Fire, Water, Wind or Earth — or no trump."
    with pytest.raises(IllegalMove) as info:
        play(state, "trump")
    assert "'" not in info.value.reason and "Fire, Water, Wind or Earth" in info.value.reason


def test_carts_tity_says_last_card_once_in_a_line():
    game = get_game("carts-tity")
    for seed in range(30):
        state, bot = game.start(players=3, seed=seed), make_bot("carts-tity", "strong", seed)
        while not state.is_over:
            state = state.apply(bot.choose(state))
            for event in state.events:
                if event.rule.endswith("last-card"):
                    line = event_words(event)
                    assert line.count("Last card!") == 1, line
                    assert line.endswith("announces their last card: Last card!")
                    return
    pytest.fail("no game of thirty announced a last card")
