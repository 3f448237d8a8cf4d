"""The Variants panel and the players list in the learner's words: every value of a menu has words of its own, no
raw value shows, and the players offered are those the game deals."""

import html
import re

import pytest

from tutor.games import GAMES, get_game
from tutor.widgets.options import (option_controls, option_specs, player_counts, players_control, players_words,
                                   read_options)

CHOICES = [(slug, spec) for slug in GAMES for spec in option_specs(GAMES[slug]) if spec.kind == "choice"]


def shown_text(markup):
    """What a learner reads: the text between the tags (attributes and tooltips left out)."""
    return html.unescape(re.sub(r"<[^>]*>", "|", markup))


@pytest.mark.parametrize("slug, spec", CHOICES, ids=[f"{slug}-{spec.name}" for slug, spec in CHOICES])
def test_every_value_of_a_menu_has_learner_words(slug, spec):
    words = get_game(slug).rules_class.choice_words[spec.name]
    assert set(words) == set(spec.choices)
    assert len(set(spec.labels)) == len(spec.labels)
    panel = shown_text(option_controls(get_game(slug), {}))
    for choice, label in zip(spec.choices, spec.labels):
        assert f"|{label}|" in panel
        assert f'"{choice}"' not in spec.doc and f"({choice})" not in spec.doc, spec.doc


@pytest.mark.parametrize("raw", ["|rounds|", "|limit|", "|open|", "|printed|", "|0|", "|2|", "|3|", "|deal|",
                                 "|eleven|", "|twenty-one|", "|no-2-3|", "|five-hundred|", "|pymtheg|"])
def test_no_raw_value_shows_in_any_panel(raw):
    for slug in GAMES:
        assert raw not in shown_text(option_controls(get_game(slug), {})), slug


def test_the_examples_of_the_issue_read_in_words():
    for slug, labels in [("pymtheg", ["after a number of deals", "when a team passes the limit",
                                       "when someone calls time", "corrected", "as printed"]),
                         ("burn", ["everyone alone", "two teams (4 or 6 players)", "three teams of two (6 players)"]),
                         ("cassino", ["each deal a game", "11 up", "21 up"])]:
        panel = shown_text(option_controls(get_game(slug), {}))
        assert all(f"|{label}|" in panel for label in labels), slug


def test_a_menu_still_sends_its_value_and_a_wrong_one_is_refused_in_words():
    game = get_game("pymtheg")
    assert read_options(game, {"option:match": "limit"}) == {"match": "limit"}
    with pytest.raises(ValueError, match="Choose one of: after a number of deals; when a team passes the limit; "
                                         "when someone calls time"):
        read_options(game, {"option:match": "forever"})


def test_the_players_offered_are_those_the_game_deals():
    assert player_counts(get_game("pymtheg"), {}) == (4,)
    assert player_counts(get_game("cassino"), {}) == (2, 3, 4)
    assert player_counts(get_game("burn"), {}) == (3, 4, 5, 6)
    assert player_counts(get_game("burn"), {"two_players": True}) == (2, 3, 4, 5, 6)
    assert player_counts(get_game("burn"), {"teams": 3}) == (6,)


def test_one_number_of_players_is_words_not_a_menu():
    control = players_control(get_game("pymtheg"), 4, {})
    assert "<select" not in control and shown_text(control).strip("|") == "4 players"
    menu = players_control(get_game("cassino"), 3, {})
    assert menu.count("<option") == 3 and '<option value="3" selected>3 players</option>' in menu
    assert 'data-key="players"' in menu


def test_players_in_words():
    assert players_words((4,)) == "4 players"
    assert players_words((3, 4, 5, 6)) == "3–6 players"
    assert players_words((4, 6)) == "4 or 6 players"


NUMBER_BOXES = [(slug, spec) for slug in GAMES for spec in option_specs(GAMES[slug]) if spec.kind in ("int", "number")
                and not spec.optional]


@pytest.mark.parametrize("slug, spec", NUMBER_BOXES, ids=[f"{slug}-{spec.name}" for slug, spec in NUMBER_BOXES])
def test_a_number_box_left_empty_or_filled_with_words_is_refused_by_its_label(slug, spec):
    """The refusal names the box by the first words of its label, as one sentence (not the whole label with "needs a
    whole number" after its full stop), and says what was typed."""
    game = get_game(slug)
    label = shown_text(option_controls(game, {}))
    assert spec.title and spec.title in label
    for typed, says in [("", "it is empty"), ("many", "not “many”")]:
        with pytest.raises(ValueError) as caught:
            read_options(game, {f"option:{spec.name}": typed})
        message = str(caught.value)
        assert message.startswith(f"the box “{spec.title}” needs a") and says in message, message
        assert ". needs" not in message and spec.name not in message.replace(spec.title, "")


def test_the_new_game_button_says_which_box_needs_a_number():
    from tutor.widgets import PlayWidget

    app = PlayWidget("carts-tity", seed=2)
    before = app.state
    assert app.handle("new", None, {"option:scoring": True, "option:rounds": ""})
    assert app.state is before
    assert app.notice == ("That game could not be set up: the box “With scoring, the match is this many rounds” "
                          "needs a whole number; it is empty."), app.notice
    assert app.handle("new", None, {"option:rounds": "-1"}) and app.state is before
    assert app.notice.startswith("That game could not be set up: a match has") and "option" not in app.notice
