"""The measured length of a game against the bots (tutor/data/play_minutes.py for Gwari's games, the module its
registration names for another): every game, at the play app's default setting, and a fresh measure of a few games
agrees with the stored median."""

import importlib

import pytest

import tutor.data.play_minutes as data
from tutor.games import GAMES, WHERE, play_minutes_module
from tutor.play_minutes import default_setting, game_minutes, learner_decisions, measured, median_decisions
from tutor.estimate import SECONDS_A_DECISION, rounded_minutes


def test_every_game_is_measured_at_the_play_apps_default_setting_over_1000_games():
    assert set(data.MEASURED) == set(WHERE), "Gwari's own file holds its own games, each of them"
    for slug in GAMES:
        assert slug in importlib.import_module(play_minutes_module(slug)).MEASURED, f"{slug}: measure it"
        row = measured(slug)
        assert (row["players"], row["options"]) == default_setting(slug), f"{slug}: measure it again"
        assert row["games"] == 1000
        assert row["fewest"] <= row["p10"] <= row["median"] <= row["p90"] <= row["most"]


def test_the_data_file_says_how_it_was_made():
    assert "benchmarks/play_minutes.py" in data.__doc__ and "1,000 games" in data.__doc__


def test_the_short_game_is_the_play_apps_default():
    assert default_setting("burn") == (4, {"short": True})
    assert default_setting("gwra-pyskessa") == (3, {})  # no short game: the rule book's


@pytest.mark.parametrize("slug", ["burn", "cassino", "chwech", "gwra-pyskessa", "carts-tity", "war"])
def test_a_fresh_measure_agrees_with_the_stored_median(slug):
    stored = measured(slug)["median"]
    fresh = median_decisions(slug, range(1000, 1040))  # other deals than the stored ones
    assert abs(fresh - stored) <= max(3, stored / 5), (slug, fresh, stored)


def test_learner_decisions_counts_the_first_seats_moves():
    assert learner_decisions("cassino", 3) == 24  # one deal of two-player Cassino: six rounds of four cards
    assert learner_decisions("cassino", 3, options={}) > 24  # the rule book's game goes on to 21


def test_game_minutes_are_the_median_times_the_gallerys_seconds_rounded_as_the_gallery_rounds():
    for slug in GAMES:
        assert game_minutes(slug) == rounded_minutes(measured(slug)["median"] * SECONDS_A_DECISION / 60)
    assert game_minutes("pymtheg") == 10 and game_minutes("burn") == 5


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(ValueError, match="There is no game 'snap'"):
        game_minutes("snap")


def test_a_game_registered_from_elsewhere_has_its_figures_from_the_module_its_registration_names():
    assert play_minutes_module("burn") == "tutor.data.play_minutes"
    assert play_minutes_module("war") == "tests.ninth.play_minutes"
    assert "war" not in data.MEASURED and measured("war")["median"] == 10 and game_minutes("war") == 5
