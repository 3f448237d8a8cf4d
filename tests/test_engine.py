"""The engine contract: records, replay, start arguments and errors."""

import json

import pytest

from tutor.engine import IllegalMove, Record, replay
from tutor.games import GAMES, get_game


def test_registry_lookup_names_the_known_games():
    assert get_game("gwra-pyskessa") is GAMES["gwra-pyskessa"]
    for slug in ("snap", ["pig"], None):
        with pytest.raises(KeyError, match="gwra-pyskessa"):
            get_game(slug)


def test_the_registry_lists_each_game_under_its_own_slug_in_the_gallerys_order():
    assert list(GAMES) == ["gwra-pyskessa", "chwech", "gnav", "pig", "burn", "carts-tity", "cassino", "pymtheg"]
    assert len(GAMES) == 8 and "pig" in GAMES and "snap" not in GAMES
    assert [game.slug for game in GAMES.values()] == list(GAMES)


def test_record_round_trips_json_and_replays_to_the_same_states():
    game = get_game("gwra-pyskessa")
    state = game.start(players=3, seed=5)
    record = state.setup
    for _ in range(10):
        action = state.legal_actions()[0]
        record = record.with_action(action)
        state = state.apply(action)
    again = Record.from_json(record.to_json())
    assert again == record
    assert replay(again)[-1] == state


def test_record_of_an_explicit_deal_survives_json():
    game = get_game("gwra-pyskessa")
    from tutor.cards import parse_cards

    deal = {"hands": [parse_cards("7S 7H"), ["7D", "KS"]], "stock": ["2C"]}
    state = game.start(players=2, deal=deal)
    record = state.setup.with_action("ask 1 for 7")
    text = record.to_json()
    assert json.loads(text)["deal"]["hands"][0] == ["7S", "7H"]
    assert replay(Record.from_json(text))[-1].hands[0] == state.apply(game.parse_action(state, "ask 1 for 7")).hands[0]


def test_bad_record_json_is_reported():
    with pytest.raises(ValueError, match="JSON"):
        Record.from_json("{not json")
    with pytest.raises(ValueError, match="'game'"):
        Record.from_json("{}")


@pytest.mark.parametrize("players", [1, 7, "3"])
def test_player_count_outside_the_rules_names_the_rule(players):
    with pytest.raises(IllegalMove) as info:
        get_game("gwra-pyskessa").start(players=players)
    assert info.value.rule == "pyskessa.players"


def test_names_must_match_the_player_count():
    with pytest.raises(IllegalMove, match="3 players need 3 names"):
        get_game("gwra-pyskessa").start(players=3, names=["A", "B"])


def test_unknown_option_is_named():
    with pytest.raises(ValueError, match="option jokers"):
        get_game("gwra-pyskessa").start(players=3, jokers=True)


def test_the_dealer_left_starts_and_default_dealer_is_the_last_seat():
    game = get_game("gwra-pyskessa")
    assert game.start(players=4, seed=1).current_player == 0
    assert game.start(players=4, seed=1, dealer=0).current_player == 1


def test_illegal_move_is_a_value_error_with_rule_and_reason():
    exc = IllegalMove("pyskessa.ask", "Because.")
    assert isinstance(exc, ValueError) and exc.rule == "pyskessa.ask" and exc.reason == "Because."


def test_option_types_are_checked_by_name():
    game = get_game("gwra-pyskessa")
    for value in ("no", 2, None, 1.0):
        with pytest.raises(ValueError, match="option lucky_draw_continues"):
            game.start(players=3, lucky_draw_continues=value)
    assert game.start(players=3, lucky_draw_continues=True).rules.lucky_draw_continues is True


@pytest.mark.parametrize("field, value", [("seed", "1"), ("seed", True), ("dealer", "1"), ("dealer", True),
                                          ("names", "Jory"), ("names", [1, 2, 3]), ("players", True)])
def test_start_arguments_of_the_wrong_type_are_named(field, value):
    with pytest.raises(ValueError, match=field):
        get_game("gwra-pyskessa").start(**{"players": 3, field: value})


def test_records_are_hashable_and_equal_by_content():
    a = get_game("gwra-pyskessa").start(players=3, seed=5).setup
    b = Record.from_json(a.to_json())
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


@pytest.mark.parametrize("text, field", [
    ('{"game": "gwra-pyskessa", "players": "3"}', "record.players"),
    ('{"game": "gwra-pyskessa", "players": 3, "actions": [1]}', "record.actions"),
    ('{"game": "gwra-pyskessa", "players": 3, "names": "abc"}', "record.names"),
    ('{"game": "gwra-pyskessa", "players": 3, "colour": 1}', "record.colour"),
    ('{"game": "snap", "players": 3}', "record.game"),
])
def test_broken_record_fields_are_named(text, field):
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        replay(Record.from_json(text))


def test_replay_names_the_action_that_fails():
    record = get_game("gwra-pyskessa").start(players=3, seed=5).setup.with_action("ask 9 for 7")
    with pytest.raises(IllegalMove, match=r"record\.actions\[0\]"):
        replay(record)


def test_match_sheet_ends_by_deals_or_target_and_names_the_leaders():
    from tutor.match import EndRule, ScoreSheet, next_dealer

    sheet = ScoreSheet(("A", "B"), EndRule(target=100, lowest_wins=True))
    sheet = sheet.after([40, 70]).after([30, 35])
    assert sheet.totals == (70, 105) and sheet.is_over and sheet.leaders() == (0,)
    table = sheet.table()
    assert table.rows[1] == ("Deal 2", (30, 35)) and "lowest" in table.note
    fixed = ScoreSheet(("A", "B", "C"), EndRule(deals=2)).after([1, 1, 0])
    assert not fixed.is_over and fixed.after([0, 0, 0]).is_over and fixed.leaders() == (0, 1)
    assert next_dealer(2, 3) == 0 and next_dealer(0, 3, out=[False, True, False]) == 2
    with pytest.raises(ValueError):
        sheet.after([1])


def test_out_of_turn_offers_are_empty_unless_a_game_has_them():
    from tutor.games import GAMES

    for slug, game in GAMES.items():
        state = game.start(seed=1)
        for seat in range(len(state.view(None).seats)):
            offers = state.offers(seat)
            assert isinstance(offers, list)
            assert all(seat in state.current_players for _ in offers), "a seat with an offer may act now"
        assert game.offer_choice(state, 0, None)[0] is None or slug == "pymtheg"
