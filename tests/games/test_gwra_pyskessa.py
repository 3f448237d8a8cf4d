"""Gwra Pyskessa: one scenario per rule id, from explicit deals, plus the rule book's own example."""

import random

import pytest

from tutor.bots import make_bot
from tutor.cards import Card, Rank, parse_cards
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.gwra_pyskessa import Ask, score
from tutor.games.gwra_pyskessa.bot import known_holdings, remembering_choice
from tutor.games.gwra_pyskessa.turns import _Turn, _usual_ask

from .scenario import rules_of

GAME = get_game("gwra-pyskessa")
NAMES3 = ["Joe", "Vicki", "Pol"]


def start(hands, stock=(), players=None, sets=None, names=None, **options):
    deal = {"hands": [h.split() if isinstance(h, str) else h for h in hands], "stock": stock.split()
            if isinstance(stock, str) else list(stock)}
    if sets is not None:
        deal["sets"] = sets
    players = players or len(hands)
    return GAME.start(players=players, deal=deal, names=names or (NAMES3 + ["Ann", "Ben", "Cat"])[:players],
                      **options)


def test_pyskessa_players():
    for players in (2, 6):
        assert GAME.start(players=players, seed=1).players == players
    for players in (1, 7):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "pyskessa.players"


@pytest.mark.parametrize("players, size", [(2, 7), (3, 7), (4, 5), (5, 5), (6, 5)])
def test_pyskessa_deal(players, size):
    state = GAME.start(players=players, seed=42)
    assert state.events[0].rule == "pyskessa.deal"
    assert sum(len(s) for s in state.sets) * 4 + sum(len(h) for h in state.hands) == players * size
    assert len(state.stock) == 52 - players * size
    assert all(c.rank is not Rank.JOKER for c in state.cards()) and len(set(state.cards())) == 52


def test_pyskessa_deal_scores_a_dealt_set_at_once():
    state = start(["7S 7H 7D 7C 2S", "3D 4D"], "5C")
    assert state.sets == ((Rank.SEVEN,), ()) and rules_of(state) == ["pyskessa.deal", "pyskessa.set"]


def test_pyskessa_deal_rejects_a_bad_deal_naming_the_rule():
    for deal in ({"hands": [["7S"], ["7S"]]}, {"hands": [["7S"]]}, {"hands": [["JK"], []]},
                 {"hands": [["7Z"], []]}, {"hands": [[], []], "discard": []},
                 {"hands": [["7S"], []], "sets": [["7"], []]}):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=2, deal=deal)
        assert info.value.rule == "pyskessa.deal"


@pytest.mark.parametrize("extra, field", [
    ({"hands": [None, []]}, "deal.hands[0]"),
    ({"hands": [5, []]}, "deal.hands[0]"),
    ({"sets": [["JK"], []]}, "deal.sets[0][0]"),
    ({"sets": [["7", "Z"], []]}, "deal.sets[0][1]"),
    ({"sets": [[None], []]}, "deal.sets[0][0]"),
    ({"sets": [[7], []]}, "deal.sets[0][0]"),
    ({"sets": [[True], []]}, "deal.sets[0][0]"),
    ({"sets": 5}, "deal.sets"),
    ({"sets": "7"}, "deal.sets"),
    ({"sets": {"0": ["7"]}}, "deal.sets"),
    ({"sets": [5, []]}, "deal.sets[0]"),
    ({"sets": [["7"]]}, "deal.sets"),
    ({"sets": [["9"], ["9"]]}, "deal.sets[1][0]"),
    ({"sets": [["7"], []]}, "deal.sets[0][0]"),
    ({"sets": [[], ["K"]]}, "deal.sets[1][0]"),
    ({"current": True}, "deal.current"),
    ({"current": "1"}, "deal.current"),
    ({"current": 2}, "deal.current"),
    ({"stock": 0}, "deal.stock"),
    ({"stock": False}, "deal.stock"),
    ({"stock": 3.5}, "deal.stock"),
    ({"stock": {}}, "deal.stock"),
    ({"stock": b""}, "deal.stock"),
    ({"stock": ["3C", 0]}, "deal.stock[1]"),
    ({"stock": "3C 9Z"}, "deal.stock[1]"),
    ({"hands": 0}, "deal.hands"),
    ({"hands": [0, []]}, "deal.hands[0]"),
    ({"hands": [["7S"], 0.0]}, "deal.hands[1]"),
    ({"sets": 0}, "deal.sets"),
    ({"sets": [0, []]}, "deal.sets[0]"),
    ({"sets": [[], None]}, "deal.sets[1]"),
    ({"sets": [[], {}]}, "deal.sets[1]"),
    ({"sets": [["K"], 7]}, "deal.sets[1]"),
])
def test_pyskessa_deal_names_the_field_that_is_wrong(extra, field):
    deal = {"hands": [["7S", "KH"], ["2D"]], "stock": ["3C"], **extra}
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=2, deal=deal)
    assert info.value.rule == "pyskessa.deal" and field in info.value.reason and "deal" in str(info.value)


def test_pyskessa_deal_fields_left_out_or_given_empty_are_empty():
    for extra in ({}, {"stock": []}, {"stock": None}, {"sets": []}, {"sets": None}, {"sets": [[], []]}):
        state = GAME.start(players=2, deal={"hands": [["7S", "KH"], ["2D"]], **extra})
        assert state.stock == () and state.sets == ((), ()) and state.is_over


def test_pyskessa_deal_with_laid_sets_round_trips_through_a_record():
    deal = {"hands": [["7S", "KH"], ["7C", "2D"]], "stock": ["3C", "5H"], "sets": [[Rank.ACE, "Q"], ["4"]],
            "current": 1}
    state = GAME.start(players=2, deal=deal, names=["Joe", "Vicki"])
    assert state.sets == ((Rank.ACE, Rank.QUEEN), (Rank.FOUR,)) and state.current_player == 1
    record = state.setup.with_action(Ask(0, Rank.SEVEN))
    again = Record.from_json(record.to_json())
    assert again == record and again.deal["sets"] == [["A", "Q"], ["4"]]
    assert again.start(get_game(again.game)) == state
    assert replay(again)[-1] == replay(record)[-1] == state.apply(Ask(0, Rank.SEVEN))


@pytest.mark.parametrize("value", ["no", 2, None, 0])
def test_pyskessa_options_take_only_true_or_false(value):
    for option in ("lucky_draw_continues", "ask_empty_hands"):
        with pytest.raises(ValueError, match=f"option {option}"):
            GAME.start(seed=1, **{option: value})


def test_pyskessa_ask():
    state = start(["7S 9H JD", "4S QH", "7C 2D"], "3C 5H")
    after = state.apply(Ask(2, Rank.SEVEN))
    event = after.events[0]
    assert event.rule == "pyskessa.ask" and event.player == 0
    assert event.said == "Pol, eus seyth genes?" and event.gloss == "Pol, have you got any sevens?"


def test_pyskessa_ask_own_rank():
    state = start(["7S 9H JD", "4S QH", "7C 2D"], "3C 5H")
    with pytest.raises(IllegalMove) as info:
        state.apply(Ask(1, Rank.QUEEN))
    assert info.value.rule == "pyskessa.ask.own-rank" and "no queens" in info.value.reason
    assert Ask(1, Rank.QUEEN) not in state.legal_actions()


def test_pyskessa_ask_other_player():
    state = start(["7S 9H JD", "4S QH", "7C 2D"], "3C 5H")
    for target in (0, 3, -1):
        with pytest.raises(IllegalMove) as info:
            state.apply(Ask(target, Rank.SEVEN))
        assert info.value.rule == "pyskessa.ask.other-player"


def test_pyskessa_ask_other_player_empty_hands_option():
    state = start(["7S 9H", "", "7C 2D"], "3C 5H")
    assert Ask(1, Rank.SEVEN) in state.legal_actions()
    strict = start(["7S 9H", "", "7C 2D"], "3C 5H", ask_empty_hands=False)
    assert Ask(1, Rank.SEVEN) not in strict.legal_actions()
    with pytest.raises(IllegalMove) as info:
        strict.apply(Ask(1, Rank.SEVEN))
    assert info.value.rule == "pyskessa.ask.other-player"


class _Foreign:
    """A move of another game's shape: a card where an ask belongs."""

    def __init__(self, card):
        self.card = card


@pytest.mark.parametrize("action, field", [
    (Ask("2", Rank.SEVEN), "ask.target"), (Ask(2.0, Rank.SEVEN), "ask.target"), (Ask(True, Rank.SEVEN), "ask.target"),
    (Ask(None, Rank.SEVEN), "ask.target"), (Ask(2, 7), "ask.rank"), (Ask(2, "7"), "ask.rank"),
    (Ask(2, 7.0), "ask.rank"), (Ask(2, None), "ask.rank"), (Ask(2, Card.parse("7S")), "ask.rank"),
    ("ask 2 for 7", "not a move of this game"), (None, "not a move of this game"), (Ask, "not a move of this game"),
    (_Foreign(Card.parse("7S")), "not a move of this game"), ((2, Rank.SEVEN), "not a move of this game"),
])
def test_forged_asks_are_refused_naming_the_field_and_change_nothing(action, field):
    state = start(["7S 9H JD", "4S QH", "7C 2D"], "3C 5H")
    before = (state, hash(state), state.legal_actions(), state.events)
    with pytest.raises(IllegalMove) as info:
        state.apply(action)
    assert info.value.rule == "pyskessa.ask" and field in info.value.reason
    assert (state, hash(state), state.legal_actions(), state.events) == before
    str(action)  # an ask's text never fails, even for a forged one


def test_forged_asks_are_refused_when_the_game_is_over_too():
    over = start(["7S", "8S"], "")
    assert over.is_over
    with pytest.raises(IllegalMove) as info:
        over.apply(Ask(1, 7))
    assert info.value.rule == "pyskessa.ask" and "ask.rank" in info.value.reason
    with pytest.raises(IllegalMove) as info:
        over.apply(Ask(1, Rank.SEVEN))
    assert info.value.rule == "pyskessa.end"


def test_pyskessa_give_all():
    state = start(["7S 9H JD", "7D 7H QH", "2D 5C"], "3C 5H")
    after = state.apply(Ask(1, Rank.SEVEN))
    give = after.events[1]
    assert give.rule == "pyskessa.give-all" and give.player == 1
    assert give.said == "Eus. Yma genev vy seyth." and give.gloss == "Yes. I have two sevens."
    assert after.hands[1] == parse_cards("QH")
    assert sorted(after.hands[0]) == sorted(parse_cards("7S 7D 7H 9H JD"))


def test_pyskessa_catch():
    state = start(["7S 9H JD", "7D QH", "9C 5C"], "3C 5H")
    after = state.apply(Ask(1, Rank.SEVEN))
    assert rules_of(after) == ["pyskessa.ask", "pyskessa.give-all", "pyskessa.catch"]
    assert after.current_player == 0 and after.events[-1].said == "Meur ras!"
    again = after.apply(Ask(2, Rank.NINE))
    assert again.current_player == 0


def test_pyskessa_go_fish():
    state = start(["7S KH KD", "4S QH", "7C 2D"], "3C 5H")
    after = state.apply(Ask(1, Rank.KING))
    assert rules_of(after) == ["pyskessa.ask", "pyskessa.go-fish", "pyskessa.go-fish"]
    assert after.events[1].said == "Nag eus. Gwra pyskessa!" and after.events[1].gloss == "No. Go fish!"
    assert Card.parse("3C") in after.hands[0] and after.stock == parse_cards("5H")
    assert after.current_player == 1


def test_pyskessa_go_fish_turn_ends_even_when_the_asked_rank_is_drawn():
    state = start(["7S KH", "7C 2D"], "KS 5H")
    after = state.apply(Ask(1, Rank.KING))
    assert after.current_player == 1 and Card.parse("KS") in after.hands[0]


def test_pyskessa_go_fish_lucky():
    state = start(["7S KH", "7C 2D"], "KS 5H", lucky_draw_continues=True)
    after = state.apply(Ask(1, Rank.KING))
    assert "pyskessa.go-fish.lucky" in rules_of(after) and after.current_player == 0
    unlucky = start(["7S KH", "7C 2D"], "5H KS", lucky_draw_continues=True).apply(Ask(1, Rank.KING))
    assert unlucky.current_player == 1


def test_pyskessa_go_fish_empty_stock():
    state = start(["7S KH", "7C 2D"], "")
    after = state.apply(Ask(1, Rank.KING))
    assert rules_of(after)[-1] == "pyskessa.go-fish.empty-stock" and after.current_player == 1
    assert after.hands == state.hands


def test_pyskessa_set():
    state = start(["7S 7H 7D KH", "7C 2D"], "5H 9C")
    after = state.apply(Ask(1, Rank.SEVEN))
    assert "pyskessa.set" in rules_of(after) and after.sets[0] == (Rank.SEVEN,)
    assert after.hands[0] == parse_cards("KH") and after.current_player == 0


def test_pyskessa_set_from_a_drawn_card():
    state = start(["7S 7H 7D KH", "2D 3S"], "7C 9C")
    after = state.apply(Ask(1, Rank.SEVEN))
    assert rules_of(after)[-2:] == ["pyskessa.set", "pyskessa.go-fish"] and after.sets[0] == (Rank.SEVEN,)
    assert after.current_player == 1


def test_pyskessa_empty_hand_mid_turn():
    state = start(["7S 7H 7D", "7C 2D"], "5H 9C")
    after = state.apply(Ask(1, Rank.SEVEN))
    assert rules_of(after)[-1] == "pyskessa.empty-hand"
    assert after.hands[0] == parse_cards("5H") and after.current_player == 0


def test_pyskessa_empty_hand_at_turn_start():
    state = start(["7S KH", "", "7C 2D"], "5H 9C")
    after = state.apply(Ask(2, Rank.KING))
    assert rules_of(after)[-1] == "pyskessa.empty-hand" and after.current_player == 1
    assert after.hands[1] == parse_cards("9C")


def test_pyskessa_empty_hand_skip():
    state = start(["7S KH", "", "7C KD"], "")
    after = state.apply(Ask(1, Rank.SEVEN))
    assert "pyskessa.empty-hand.skip" in rules_of(after) and after.current_player == 2


def test_pyskessa_empty_hand_skip_mid_turn():
    state = start(["7S 7H 7D", "7C 2D", "2S"], "")
    after = state.apply(Ask(1, Rank.SEVEN))
    assert rules_of(after)[-1] == "pyskessa.empty-hand.skip" and after.current_player == 1


def test_pyskessa_end():
    state = start(["7S 7H 7D", "7C"], "", sets=[["2", "3", "4", "5", "6", "8"], ["9", "10", "J", "Q", "K", "A"]])
    after = state.apply(Ask(1, Rank.SEVEN))
    assert after.is_over and after.current_player is None and after.legal_actions() == []
    end = [e for e in after.events if e.rule == "pyskessa.end"]
    assert end and "All 13 sets" in end[0].text
    with pytest.raises(IllegalMove) as info:
        after.apply(Ask(1, Rank.SEVEN))
    assert info.value.rule == "pyskessa.end"


def test_pyskessa_end_when_no_catch_is_possible_in_a_short_deal():
    state = start(["7S", "8S"], "")
    assert state.is_over and rules_of(state)[-2] == "pyskessa.end"


def test_pyskessa_goal():
    state = start(["7S 7H 7D", "7C 2H"], "", sets=[["K"], []])
    after = state.apply(Ask(1, Rank.SEVEN))
    assert after.is_over and after.result().winners == (0,) and after.result().scores == (2, 0)
    assert after.events[-1].rule == "pyskessa.goal" and after.events[-1].text == "Joe has the most sets, 2."


def test_pyskessa_goal_end_says_who_once_and_why_once():
    """At the end the status says who won, the result's text why ("the most sets"), and the breakdown each seat's
    sets: no line says the winner again ("Most sets: Joe.")."""
    over = start(["7S 7H 7D", "7C"], "", sets=[["2", "3", "4", "5", "6", "8"], ["9", "10", "J", "Q", "K", "A"]])
    over = over.apply(Ask(1, Rank.SEVEN))
    result = over.result()
    assert over.status() == "Game over: Joe wins." and result.text == "Joe has the most sets, 7."
    assert "wins" not in result.text and not any(line.startswith("Most sets") for line in result.breakdown)
    assert result.breakdown[0].startswith("Joe: 7 sets (eights, sevens,")


def test_pyskessa_tie_break():
    state = start(["7S 7H 7D", "7C"], "", sets=[["2", "K"], ["A", "3", "4"]])
    after = state.apply(Ask(1, Rank.SEVEN))
    result = after.result()
    assert result.scores == (3, 3) and result.winners == (1,)
    assert after.events[-1].rule == "pyskessa.tie-break" and "Vicki's aces" in after.events[-1].text
    assert after.status() == "Game over: Vicki wins."
    assert "aces" in after.events[-1].text


def test_score_is_a_pure_function_with_ace_high():
    assert score([[Rank.ACE], [Rank.KING]]).winners == (0,)
    assert score([[Rank.TWO, Rank.KING], [Rank.ACE]]).winners == (0,)
    assert score([[], []]).winners == (0, 1)


def test_rule_book_example_joe_vicki_pol():
    """The rule book's own example (docs/rules.md, Gwra Pyskessa), step by step."""
    deal = {"hands": ["7S 9H JD KC KS".split(), "4S 7D 7C QH AD".split(), "7H 2C 5D 8S 10H".split()],
            "stock": "3D 6S 9C JH QS".split()}
    state = GAME.start(players=3, deal=deal, names=NAMES3)
    state = state.apply(GAME.parse_action(state, "ask 2 for 7"))
    assert [(e.rule, e.said) for e in state.events] == [
        ("pyskessa.ask", "Pol, eus seyth genes?"),
        ("pyskessa.give-all", "Eus. Yma genev vy seyth."),
        ("pyskessa.catch", "Meur ras!")]
    assert state.current_player == 0
    state = state.apply(GAME.parse_action(state, "ask 1 for K"))
    assert [(e.rule, e.said) for e in state.events][:2] == [
        ("pyskessa.ask", "Vicki, eus myghtern genes?"), ("pyskessa.go-fish", "Nag eus. Gwra pyskessa!")]
    assert state.current_player == 1
    state = state.apply(GAME.parse_action(state, "ask 0 for 7"))
    assert state.events[1].gloss == "Yes. I have two sevens."
    assert state.sets[1] == (Rank.SEVEN,)
    assert sorted(state.hands[0]) == sorted(parse_cards("9H JD KC KS 3D"))
    assert state.current_player == 1


def test_memory_bot_asks_where_the_rank_is_known_as_vicki_does():
    deal = {"hands": ["7S 9H JD KC KS".split(), "4S 7D 7C QH AD".split(), "7H 2C 5D 8S 10H".split()],
            "stock": "3D 6S 9C JH QS".split()}
    state = GAME.start(players=3, deal=deal, names=NAMES3)
    state = state.apply(Ask(2, Rank.SEVEN)).apply(Ask(1, Rank.KING))
    assert known_holdings(state)[0, Rank.SEVEN] is True
    assert known_holdings(state)[1, Rank.KING] is False
    action, reason = remembering_choice(state, random.Random(0))
    assert action == Ask(0, Rank.SEVEN) and "Joe" in reason


def test_strong_bot_wins_far_more_than_its_share_against_random_bots():
    """Three players, the strong bot in each seat in turn: a fair share would be one game in three."""
    wins, games = 0, 60
    for seed in range(games):
        state = GAME.start(players=3, seed=seed)
        strong = seed % 3
        bots = [make_bot(GAME.slug, "strong" if seat == strong else "random", seed * 7 + seat) for seat in range(3)]
        while not state.is_over:
            state = state.apply(bots[state.current_player].choose(state))
        wins += strong in state.result().winners
    assert wins > games / 2


def test_the_usual_asks_are_built_as_the_full_rules_build_them():
    """The shortcut for the usual asks gives exactly the state the full transition gives, or stands aside."""
    rng = random.Random(7)
    taken = 0
    for seed in range(120):
        players = 2 + seed % 5
        options = {"lucky_draw_continues": seed % 3 == 0, "ask_empty_hands": seed % 4 != 1}
        state = GAME.start(players=players, seed=seed, **options)
        while not state.is_over:
            for action in state.legal_actions():
                me = state.current_player
                usual = _usual_ask(state, me, action.target, action.rank)
                if usual is not None:
                    taken += 1
                    assert usual == _Turn(state).ask(me, action.target, action.rank)
            state = state.apply(rng.choice(state.legal_actions()))
    assert taken > 10_000


def test_contract_phase_players_prompt_cards_and_candidates():
    state = start(["7S 7H 9H", "4S QH", "7C 2D"], "3C 5H")
    assert state.phase == "play" and state.current_players == (0,) and state.status() == "Joe to ask."
    ask = Ask(2, Rank.SEVEN)
    assert state.prompt(ask) == "Ask Pol for sevens" and state.describe(ask) == "Joe asks Pol for sevens"
    assert state.cards_of(ask) == parse_cards("7S 7H") and state.cards_of("junk") == ()
    assert state.candidate_actions(Card.parse("9H")) == [Ask(0, Rank.NINE), Ask(1, Rank.NINE), Ask(2, Rank.NINE)]
    assert state.candidate_actions(None) == []
    over = start(["7S 7H 7D", "7C"], "", sets=[["2", "3", "4", "5", "6", "8"], ["9", "10", "J", "Q", "K", "A"]])
    over = over.apply(Ask(1, Rank.SEVEN))
    assert over.phase == "over" and over.current_players == () and over.status() == "Game over: Joe wins."


def test_the_result_says_line_by_line_how_it_was_reached():
    result = score([[Rank.TWO, Rank.KING], [Rank.ACE, Rank.THREE]], ["Joe", "Vicki"])
    assert result.winners == (1,) and result.breakdown == (
        "Joe: 2 sets (kings, twos)", "Vicki: 2 sets (aces, threes)",
    )
    assert result.text == "Joe and Vicki tie on 2 sets, and the highest set breaks the tie, aces high: Vicki's aces."
    assert score([[Rank.TWO], []], ["Joe", "Vicki"]).breakdown == ("Joe: 1 set (twos)", "Vicki: 0 sets")
    assert score([[Rank.TWO], []], ["Joe", "Vicki"]).text == "Joe has the most sets, 1."
    assert score([[], []]).text == "No one has made a set, so the game is shared."
