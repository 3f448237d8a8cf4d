"""The short games: an option ``short`` that a game started without options leaves off (the rule book's game), the
play app ticks by default, and the Variants panel unticks for the full game."""

import pytest

from tutor.bots import make_bot
from tutor.games import GAMES, get_game
from tutor.widgets import PlayWidget, parse_deal_code, play
from tutor.widgets.options import option_controls, play_options, read_options

SHORT = tuple(slug for slug in GAMES if "short" in GAMES[slug].options())  # each game says so by its options
NO_SHORT = tuple(slug for slug in GAMES if slug not in SHORT)  # one short deal already (Gwra Pyskessa: docs/rules.md)


def played(slug, seed, **options):
    game = get_game(slug)
    state = game.start(seed=seed, **options)
    bot = make_bot(slug, "strong", seed)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    return state


def test_the_games_of_several_deals_have_a_short_game():
    assert {"burn", "pymtheg", "cassino", "chwech", "gnav", "pig", "carts-tity"} <= set(SHORT)
    for slug in NO_SHORT:  # a game without a short game is one deal
        assert played(slug, 1).view(None).deals == 0, f"{slug}: a game of several deals offers a short game"


@pytest.mark.parametrize("slug", SHORT)
def test_a_game_started_without_options_is_the_rule_books(slug):
    game = get_game(slug)
    assert game.options()["short"] is False
    assert game.start(seed=3).rules == game.make_rules() == game.make_rules(short=False)
    assert game.make_rules(short=True) != game.make_rules()


@pytest.mark.parametrize("slug", NO_SHORT)
def test_games_of_one_deal_have_no_short_option(slug):
    assert "short" not in get_game(slug).options()
    assert play_options(get_game(slug), {}) == {}


@pytest.mark.parametrize("seed", [1, 2])
def test_short_burn_is_three_deals_unless_someone_reaches_100(seed):
    state = played("burn", seed, short=True)
    assert len(state.sheet.rows) == 3 and max(state.sheet.totals) < 100
    assert "All 3 deals of the short game are played." in state.events[-1].text
    assert len(played("burn", seed).sheet.rows) > 3  # the rule book's game goes on to 100


def test_short_burn_still_ends_at_the_target():
    state = get_game("burn").start(seed=1, short=True, deal={"hands": [["F1"], ["F2"], ["F3"], ["F4"]],
                                                              "scores": [0, 0, 0, 97]})
    for card in ("F1", "F2", "F3", "F4"):
        state = state.apply(get_game("burn").parse_action(state, f"play {card}"))
    assert state.is_over and "Kerensa reached 100, so the game is over." in state.events[-1].text


@pytest.mark.parametrize("slug, deals", [("pymtheg", 4), ("cassino", 1), ("chwech", 3)])
def test_short_matches_have_fewer_deals(slug, deals):
    assert len(played(slug, 5, short=True).sheet.rows) == deals
    assert len(played(slug, 5).sheet.rows) > deals


def test_short_gnav_gives_two_counters():
    state = get_game("gnav").start(players=4, seed=1, short=True)
    assert [state.counters_left(p) for p in range(4)] == [2, 2, 2, 2]
    assert get_game("gnav").start(players=4, seed=1).counters_left(0) == 3


def test_short_pig_is_one_deal_and_everyone_but_the_pig_wins():
    state = played("pig", 4, short=True)
    pig = next(seat for seat, n in enumerate(state.letters) if n)
    assert sum(state.letters) == 1 and state.deals == 0
    result = state.result()
    assert set(result.winners) == set(range(state.players)) - {pig}
    assert "everyone but the pig wins" in result.text
    assert f"{state.names[pig]}: the pig" in result.breakdown
    assert state.status().startswith("Game over: ") and state.status().endswith(" win.")
    assert state.view(0).seats[pig].info == "the pig"
    assert sum(played("pig", 4).letters) > 1  # the rule book's game: letters until one player is left


def test_short_carts_tity_stops_the_round_after_25_turns_each():
    long = [played("carts-tity", seed) for seed in range(40, 60)]
    short = [played("carts-tity", seed, short=True) for seed in range(40, 60)]
    stopped = [state for state in short if any("The short game's 25 turns each are played" in e.text
                                               for e in state.events)]
    assert stopped, "some short games reach the stop"
    for state in stopped:
        assert state.is_over and state.events[-1].text.endswith("The fewest cards win it.")
        fewest = min(len(hand) for hand in state.hands)
        assert all(len(state.hands[w]) == fewest for w in state.result().winners)
    assert all(state.is_over for state in long)
    assert not any("short game" in e.text for state in long for e in state.events)


@pytest.mark.parametrize("slug, option, value, words", [
    ("pymtheg", "rounds", 5, "four deals"), ("pymtheg", "match", "limit", "four deals"),
    ("cassino", "game", "eleven", "one deal"), ("cassino", "stop_at_target", True, "one deal"),
    ("chwech", "deals", 2, "three deals"), ("gnav", "counters", 4, "two counters each")])
def test_the_short_game_refuses_what_it_would_change_in_words(slug, option, value, words):
    with pytest.raises(ValueError, match=f"^option {option}: the short game is .*{words}; untick the short game"):
        get_game(slug).start(seed=1, short=True, **{option: value})
    get_game(slug).start(seed=1, **{option: value})  # the full game takes it


def test_play_options_tick_the_short_game_unless_told_otherwise():
    pymtheg = get_game("pymtheg")
    assert play_options(pymtheg, {}) == {"short": True}
    assert play_options(pymtheg, {"dealing": "partial"}) == {"dealing": "partial", "short": True}
    assert play_options(pymtheg, {"rounds": 5}) == {"rounds": 5}  # the notebook asked for five deals
    assert play_options(pymtheg, {"short": False}) == {"short": False}


def test_the_play_app_starts_on_the_short_game_and_the_full_game_is_one_untick_away():
    app = play("cassino", players=2, seed=4).children[0]
    assert app.options == {"short": True} and app.state.rules.game == "deal"
    assert app.code == "2-4-f1" and parse_deal_code(app.code, app.game) == (2, 4, {"short": True})
    panel = option_controls(app.game, app.options)
    assert 'data-key="option:short" title="short" checked' in panel
    assert panel.index("option:short") < panel.index("option:game")  # the short game comes first
    inputs = {f"option:{name}": value for name, value in app.game.options().items()}  # everything at its default
    inputs["option:short"] = False
    assert read_options(app.game, inputs) == {}
    app.handle("new", None, {**inputs, "players": 2})
    assert app.options == {} and app.state.rules.game == "twenty-one"


def test_a_play_app_built_directly_plays_the_options_it_is_given():
    assert PlayWidget("burn", players=4, seed=1).state.rules.short is False
