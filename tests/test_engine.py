"""The engine contract: records, replay, start arguments and errors."""

import json

import pytest

from tutor.engine import IllegalMove, Record
from tutor.games import GAMES, get_game, replay


def test_registry_lookup_names_the_known_games():
    assert get_game("gwra-pyskessa") is GAMES["gwra-pyskessa"]
    for slug in ("snap", ["pig"], None):
        with pytest.raises(KeyError, match="gwra-pyskessa"):
            get_game(slug)


def test_the_registry_lists_each_game_under_its_own_slug_in_the_gallerys_order():
    """Gwari's own games (``WHERE``) in the gallery's order; the registry holds them first, then any game registered
    from another package (the tests' War, tests/conftest.py)."""
    from tutor.games import WHERE

    assert list(WHERE) == ["gwra-pyskessa", "chwech", "gnav", "pig", "burn", "carts-tity", "cassino", "pymtheg"]
    assert list(GAMES)[:len(WHERE)] == list(WHERE) and "war" in GAMES
    assert "pig" in GAMES and "snap" not in GAMES and "snap" not in WHERE
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


GOOD = {"game": "gwra-pyskessa", "players": 3, "seed": 5}


@pytest.mark.parametrize("changes, field", [
    ({"seed": None}, "record.seed"),  # neither a seed nor a deal: refused, not read as seed 0
    ({"deal": {"hands": [[], [], []]}}, "record.seed"),  # both
    ({"options": []}, "record.options"), ({"options": None}, "record.options"), ({"options": 0}, "record.options"),
    ({"actions": {}}, "record.actions"), ({"actions": None}, "record.actions"), ({"actions": ""}, "record.actions"),
    ({"seed": None, "deal": 0}, "record.deal"), ({"seed": None, "deal": []}, "record.deal"),
    ({"names": []}, "record.names"), ({"names": ["A", "a ", "B"]}, "record.names"),
    ({"names": ["A", "B", "C" * 41]}, "record.names"), ({"names": ["A", "B\u0007", "C"]}, "record.names"),
    ({"seed": -1}, "record.seed"), ({"seed": 2 ** 63}, "record.seed"), ({"seed": 1.5}, "record.seed"),
    ({"players": 0}, "record.players"), ({"players": 10 ** 30}, "record.players"),
    ({"dealer": 3}, "record.dealer"), ({"dealer": -1}, "record.dealer"), ({"dealer": True}, "record.dealer"),
    ({"game": ""}, "record.game"), ({"game": None}, "record.game"), ({"players": None}, "record.players"),
    ({"options": {"x": float("inf")}}, "record.options.x"), ({"options": {"x": {"y": [1, {}]}}}, None),
])
def test_each_record_field_is_checked_and_named(changes, field):
    data = {**GOOD, **changes}
    if field is None:
        assert Record.from_json(json.dumps(data)).options == changes["options"]
        return
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        Record.from_json(json.dumps(data))
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):  # made directly, the same checks apply
        Record(**data)


@pytest.mark.parametrize("field", ["seed", "players", "dealer", "options"])
def test_numbers_of_thousands_of_digits_are_named_not_pythons_limit(field):
    digits = "7" * 5000
    text = json.dumps(GOOD)[:-1] + (f', "{field}": {digits}}}' if field != "options" else f', "options": {{"counters": {digits}}}}}')
    text = text.replace(f'"{field}": 3, ', "") if field == "players" else text
    with pytest.raises(ValueError) as info:
        Record.from_json(text)
    assert f"record.{field}" in str(info.value) and "5000 digits" in str(info.value)
    assert "limit" not in str(info.value)
    with pytest.raises(ValueError, match="seed"):
        get_game("gnav").start(seed=int("7" * 20))
    with pytest.raises(ValueError, match="seed") as info:
        get_game("gnav").start(seed=10 ** 5000)
    assert "limit" not in str(info.value)


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' * 100_000, '{"game": "pig", "players": 3, "deal": '
                                  + "[" * 40 + "]" * 40 + "}", b"[" * 100_000])
def test_records_nested_too_deeply_are_refused(text):
    with pytest.raises(ValueError, match="nested too deeply"):
        Record.from_json(text)


def test_brackets_inside_texts_do_not_count_as_nesting():
    record = Record("gwra-pyskessa", 3, seed=1, actions=("[" * 50 + "{" * 50,))
    assert Record.from_json(record.to_json()) == record


@pytest.mark.parametrize("names, why", [
    (["Jory", "Tamsin", "P" * 41], "at most 40"), (["Jory", "jory ", "Pol"], "also seat 0"),
    (["Jory", "Tam\nsin", "Pol"], "control"), (["Jory", "Tam\x00", "Pol"], "control"),
    (["Jory", "\u202eniamsaT", "Pol"], "control"), (["Jory", " ", "Pol"], "non-empty"),
])
def test_seat_names_are_short_plain_and_different(names, why):
    with pytest.raises(ValueError, match="names") as info:
        get_game("gwra-pyskessa").start(players=3, names=names)
    assert why in str(info.value)
    assert get_game("gwra-pyskessa").start(players=3, names=["Jory", "Tamsin", "P" * 40]).setup.names[2] == "P" * 40


@pytest.mark.parametrize("seed", [-1, 2 ** 63, 10 ** 100])
def test_seeds_are_bounded(seed):
    with pytest.raises(ValueError, match="seed"):
        get_game("pig").start(seed=seed)
    assert get_game("pig").start(seed=2 ** 63 - 1).setup.seed == 2 ** 63 - 1


@pytest.mark.parametrize("deal", [{"hands": [[[[]]]] * 1 + [[]] * 2, "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
                                  {"hands": [[], [], []], "stock": [object()]}, {1: [], "hands": [[], [], []]},
                                  {"hands": [[], [], [10 ** 5000]]}])
def test_a_deal_a_record_cannot_hold_is_refused_naming_the_deal(deal):
    with pytest.raises(IllegalMove, match="deal") as info:
        get_game("gwra-pyskessa").start(players=3, deal=deal)
    assert "limit" not in str(info.value)


def test_an_option_a_record_cannot_hold_is_refused_by_name():
    with pytest.raises(ValueError, match="option counters"):
        get_game("gnav").start(counters=10 ** 5000)


def test_the_engine_replays_a_record_of_the_game_it_is_given():
    from tutor import engine

    record = get_game("pig").start(seed=3).setup
    assert engine.replay(record, get_game("pig"))[0] == record.start(get_game("pig")) == replay(record)[0]
    with pytest.raises(ValueError, match=r"record\.game"):
        engine.replay(record, get_game("gnav"))
    with pytest.raises(ValueError, match="game"):
        record.start("pig")
    with pytest.raises(ValueError, match="record"):
        replay(record.to_json())


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
    ('{"game": "snap", "players": 3, "seed": 1}', "record.game"),
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
    from tutor.bots import make_bot
    from tutor.games import GAMES

    for slug, game in GAMES.items():
        state = game.start(seed=1)
        for seat in range(len(state.view(None).seats)):
            offers = state.offers(seat)
            assert isinstance(offers, list)
            assert all(seat in state.current_players for _ in offers), "a seat with an offer may act now"
        bot = make_bot(slug, "strong", 1)
        assert bot.offer(state, 0)[0] is None or slug == "pymtheg"


@pytest.mark.parametrize("value", [0, None, 5, 2.5, True, {"7S": 1}, {"7S"}, b"7S", "hello", "", "  ", "7S nine",
                                   [0], [None], ["7S", 7], [["7S"]], "a huge number"])
def test_a_list_of_cards_takes_nothing_else_and_names_the_field(value):
    from tutor.cards import Card
    from tutor.mechanics import read_cards

    value = 10 ** 5000 if value == "a huge number" else value
    with pytest.raises(IllegalMove, match=r"deal\.stock") as info:
        read_cards(value, Card.parse, rule="x.deal", where="deal.stock")
    assert "limit" not in str(info.value)


def test_a_deals_pile_of_zero_or_an_empty_text_is_refused_and_none_is_empty():
    from tutor.cards import Card, french_pack
    from tutor.mechanics import read_deal

    def read(stock):
        return read_deal({"hands": [["7S"], []], "stock": stock}, 2, Card.parse, french_pack(), rule="x.deal")

    for stock in (0, "", {}, False, 5, set()):
        with pytest.raises(IllegalMove, match=r"deal\.stock"):
            read(stock)
    assert read(None)[1]["stock"] == read([])[1]["stock"] == () and read("2C 3C")[1]["stock"][1] == Card.parse("3C")
    for hands in (0, None, "7S", {"a": []}, [["7S"]]):
        with pytest.raises(IllegalMove, match=r"deal\.hands"):
            read_deal({"hands": hands}, 2, Card.parse, french_pack(), rule="x.deal")


@pytest.mark.parametrize("call, name", [
    (lambda m: m.EndRule(deals="3"), "deals"), (lambda m: m.EndRule(deals=0), "deals"),
    (lambda m: m.EndRule(deals=2.0), "deals"), (lambda m: m.EndRule(target=True), "target"),
    (lambda m: m.EndRule(target=10 ** 5000), "target"), (lambda m: m.EndRule(), "deals"),
    (lambda m: m.EndRule(deals=1, lowest_wins="no"), "lowest_wins"),
    (lambda m: m.next_dealer(7, 3), "dealer"), (lambda m: m.next_dealer(-1, 3), "dealer"),
    (lambda m: m.next_dealer(0, "3"), "players"), (lambda m: m.next_dealer(0, 0), "players"),
    (lambda m: m.next_dealer(0, 3, out=[True]), "out"), (lambda m: m.next_dealer(0, 3, out="yes"), "out"),
    (lambda m: m.next_dealer(0, 2, out=[0, 1]), "out"),
    (lambda m: m.ScoreSheet("AB", m.EndRule(deals=1)), "columns"), (lambda m: m.ScoreSheet((), m.EndRule(deals=1)), "columns"),
    (lambda m: m.ScoreSheet(("A", 2), m.EndRule(deals=1)), "columns"), (lambda m: m.ScoreSheet(("A",), "3 deals"), "rule"),
    (lambda m: m.ScoreSheet(("A",), m.EndRule(deals=1), rows=((1, 2),)), "rows[0]"),
    (lambda m: m.ScoreSheet(("A", "B"), m.EndRule(deals=1)).after(["1", 2]), "scores[0]"),
    (lambda m: m.ScoreSheet(("A", "B"), m.EndRule(deals=1)).after(12), "scores"),
    (lambda m: m.ScoreSheet(("A", "B"), m.EndRule(deals=1)).table(label=3), "label"),
])
def test_match_helpers_refuse_a_wrong_argument_by_name(call, name):
    from tutor import match

    with pytest.raises(ValueError, match=name.replace("[", r"\[").replace("]", r"\]")):
        call(match)
    assert match.next_dealer(1, 3, out=(False, False, True)) == 0


def test_play_to_end_plays_a_game_out_with_the_chooser_given():
    from tutor.engine import play_to_end

    state = get_game("gnav").start(players=3, seed=5)
    last, actions = play_to_end(state, lambda s: s.legal_actions()[0])
    assert last.is_over and actions
    again = state
    for action in actions:
        again = again.apply(action)
    assert again == last
    with pytest.raises(RuntimeError, match="within 2 actions"):
        play_to_end(state, lambda s: s.legal_actions()[0], limit=2)
