"""*Why?* after a bot's move: the bot's own reason for its newest move, in words, for every game; refused before any
bot has moved; gone with a move taken back."""

import pytest

from tutor.bots import make_bot
from tutor.driver import bot_seed
from tutor.games import GAMES
from tutor.widgets import PlayWidget


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_why_tells_the_newest_bot_moves_reason_as_the_bot_gave_it(slug):
    app = PlayWidget(slug, seed=4, level="strong", step_bots=False, pause_deals=False)
    for _ in range(200):  # until a bot has moved
        if app.last_reason is not None:
            break
        assert app.handle("move", str(app.state.legal_actions()[0])), app.last_error
    move, why = app.last_reason
    assert move and why, "the move in words and the bot's reason"
    assert 'data-gw="why"' in app.html
    assert app.handle("why")
    assert app.why == f"{app.told(move)}: {app.told(why)}" and 'data-testid="why"' in app.html
    assert f"Why? {app.told(move)}" in app.said_aloud


def test_the_reason_is_the_one_the_bot_gave_for_that_position():
    app = PlayWidget("gnav", players=3, seed=2, level="strong", step_bots=False, pause_deals=False)
    while app.last_reason is None:
        assert app.handle("move", str(app.state.legal_actions()[0]))
    index = max(app.reasons)
    from tutor.games import replay
    before = replay(app.record)[index]
    bot = make_bot("gnav", "strong", bot_seed(app.seed, before.current_player, index))
    action, why = bot.explain(before)
    assert app.reasons[index] == (before.describe(action), why)
    assert str(app.record.actions[index]) == str(action)


def test_why_before_any_bot_move_is_refused_in_words_and_a_move_clears_it():
    app = PlayWidget("cassino", players=2, seed=1, level="strong", step_bots=False, pause_deals=False)
    if app.last_reason is None:
        assert 'data-gw="why"' not in app.html
        assert not app.handle("why") and "No bot has moved yet" in str(app.last_error)
    while app.last_reason is None:
        assert app.handle("move", str(app.state.legal_actions()[0]))
    assert app.handle("why") and app.why
    assert app.handle("move", str(app.state.legal_actions()[0]))
    assert app.why == "" and 'data-testid="why"' not in app.html


def test_the_step_through_of_a_finished_game_offers_why_at_each_bot_move():
    from tutor.widgets.stepper import StepperWidget

    app = PlayWidget("gnav", players=3, seed=2, level="strong", step_bots=False, pause_deals=False, short=True)
    shown = []
    app.on_review_cb = lambda record, seat, reasons: shown.append(StepperWidget(record, viewer=seat, reasons=reasons))
    while not app.state.is_over:
        assert app.handle("move", str(app.state.legal_actions()[0]))
    assert app.handle("review")
    stepper = shown[0]
    bot_move = min(stepper.reasons)
    stepper.step = bot_move + 1
    assert 'data-gw="why"' in stepper.html and 'data-testid="why"' not in stepper.html
    assert stepper.handle("why") and stepper.reasons[bot_move] in stepper.html
    stepper.step = 0
    assert 'data-gw="why"' not in stepper.html and not stepper.handle("why"), "the deal is nobody's move"
    with pytest.raises(ValueError, match="reasons"):
        StepperWidget(stepper.record, reasons={len(stepper.record.actions): "a move that never happened"})


def test_the_play_notebooks_app_shows_the_step_through_with_the_bots_reasons():
    from tutor.widgets import play

    box = play("gnav", players=3, seed=2, level="strong", step_bots=False, pause_deals=False)
    app, review = box.children
    while not app.state.is_over:
        assert app.handle("move", str(app.state.legal_actions()[0]))
    assert app.handle("review")
    (stepper,) = review.children
    assert stepper.reasons and set(stepper.reasons) <= set(range(len(app.record.actions)))
