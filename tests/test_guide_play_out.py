"""A first game whose outcome is settled before its last move: after the step with ``play_out`` the tutor plays
every step left at once (the learner's too), says the step's words, and folds those moves in the log."""

from __future__ import annotations

import copy
import html
import tomllib

import pytest

from tests.test_guide import click, refused, shown_suggestion
from tutor.games import get_game
from tutor.guide import first_games_dir, parse_first_game
from tutor.widgets import FirstGameWidget

SOURCE = "first-games/burn.toml"


def burn_data() -> dict:
    """The Burn first game with every step played one by one (its own ``play_out`` taken away, the learner's steps
    after it given words)."""
    data = tomllib.loads((first_games_dir() / "burn.toml").read_text(encoding="utf-8"))
    first = parse_first_game(copy.deepcopy(data), source=SOURCE)
    for i, step in enumerate(data["step"]):
        step.pop("play_out", None)
        if first.steps[i].seat == first.seat and not step.get("say"):
            step["say"] = "Play it."
    return data


def with_play_out(data: dict, at: int) -> dict:
    """The Burn first game with the tutor playing out every step after step ``at`` (0-based); the steps after it
    lose their words."""
    data = copy.deepcopy(data)
    data["step"][at]["play_out"] = "The rest is settled: the last cards are played out for you."
    for step in data["step"][at + 1:]:
        step.pop("say", None)
        step.pop("other", None)
    return data


def learner_index_before_last(data: dict) -> int:
    """A step some way before the end, so learner's steps come after it."""
    first = parse_first_game(burn_data(), source=SOURCE)
    return first.learner_steps[len(first.learner_steps) // 2]


def test_the_steps_after_play_out_are_not_the_learners_to_make_and_the_estimate_leaves_them_out():
    plain = parse_first_game(burn_data(), source=SOURCE)
    at = learner_index_before_last(burn_data())
    first = parse_first_game(with_play_out(burn_data(), at), source=SOURCE)
    assert first.played_out_from == at + 1 < len(first.steps)
    assert first.learner_steps == tuple(i for i in plain.learner_steps if i <= at)
    assert len(first.learner_steps) < len(plain.learner_steps)
    assert first.minutes() < plain.minutes()
    assert first.states()[-1] == plain.states()[-1]  # the same moves, to the same end


@pytest.mark.parametrize("change, words", [
    (lambda d: d["step"][-1].update(play_out="Played out."), "'play_out': the last step leaves nothing"),
    (lambda d: d["step"][0].update(play_out=""), "'play_out': must be non-empty text"),
    (lambda d: d["step"][0].update(play_out=3), "'play_out': must be non-empty text"),
])
def test_a_bad_play_out_is_refused_naming_the_step_and_the_field(change, words):
    data = burn_data()
    change(data)
    assert words in refused(data)


def test_a_played_out_step_with_words_or_a_second_play_out_is_refused():
    at = learner_index_before_last(burn_data())
    data = with_play_out(burn_data(), at)
    data["step"][at + 1]["say"] = "This would never be shown."
    assert f"step {at + 2}: the tutor plays this step out at once" in refused(data)
    data = with_play_out(burn_data(), at)
    data["step"][at + 1]["play_out"] = "Again."
    assert f"step {at + 2}: the tutor plays this step out at once" not in refused(data)
    assert "only one step may have it" in refused(data)


def test_the_widget_plays_out_the_rest_says_so_shows_the_result_first_and_folds_the_moves(monkeypatch):
    at = learner_index_before_last(burn_data())
    first = parse_first_game(with_play_out(burn_data(), at), source=SOURCE)
    monkeypatch.setattr("tutor.widgets.guide.load_first_game", lambda slug: first)
    app = FirstGameWidget("burn")
    for i in first.learner_steps:
        move, say = shown_suggestion(app)
        assert say == first.steps[i].say
        click(app, move)
    assert app.finished and app.on_script and app.state == first.states()[-1]
    page = app.html
    assert html.escape(first.steps[at].play_out) in page
    assert page.index('data-testid="guide-end"') < page.index("gw-tablebox")  # the result where the move was made
    recent, _, rest = page.partition("Every move of the game")
    assert rest and "<details>" in recent[-200:], "at the end the moves, those played out too, are folded"
    game = get_game("burn")
    last = first.states()[-2]
    assert html.escape(last.describe(game.parse_action(last, first.steps[-1].move))) not in recent.split(
        'data-testid="recent"')[-1]
