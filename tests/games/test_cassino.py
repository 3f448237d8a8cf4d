"""Cassino: one scenario per rule id from explicit deals, move counts on hand-worked tables (perft),
the pure scoring functions, the capture exercise, and the move generator against a brute-force oracle."""

import itertools
import random

import pytest

from tutor.cards import Card, parse_cards
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.cassino import (PACK, Build, Capture, TableBuild, Trail, build_options, capture_options, first_deal,
                                 judge_captures, judge_game, parse_action, partition, score_deal, tally)
from tutor.games.cassino.bot import heuristic as greedy
from tutor.games.cassino.bot import search as planner
from tutor.games.cassino.moves import _problem as problem

from .scenario import play, rules_of

GAME = get_game("cassino")


def start(hands, table=(), players=None, builds=(), **kw):
    """A prepared deal: hands and table as text ("7C 3H"), builds as (cards, value, multiple, owner)."""
    options = {k: kw.pop(k) for k in list(kw) if k in GAME.options()}
    deal = {"hands": [h.split() for h in hands], "table": table.split() if isinstance(table, str) else list(table),
            "builds": [{"cards": c.split(), "value": v, "multiple": m, "owner": o} for c, v, m, o in builds]}
    deal.update({k: (v.split() if isinstance(v, str) else v) for k, v in kw.items()})
    return GAME.start(players=players or len(hands), deal=deal, **options)


def refused(state, move, rule):
    with pytest.raises(IllegalMove) as info:
        state.apply(GAME.parse_action(state, move))
    assert info.value.rule == f"cassino.{rule}", info.value.reason
    return info.value.reason


def legal_texts(state):
    return sorted(str(a) for a in state.legal_actions())


BASE = ["AS 3H 7C KD", "2D 5H 9S JC"]

# ---------------------------------------------------------------- setting up (K12)


def test_cassino_players():
    for players in (2, 3, 4):
        assert len(GAME.start(players=players, seed=1).hands) == players
    for players in (1, 5):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "cassino.players"


@pytest.mark.parametrize("players, rounds", [(2, 6), (3, 4), (4, 3)])
def test_cassino_deal(players, rounds):
    state = GAME.start(players=players, seed=42)
    assert rules_of(state)[0] == "cassino.deal"
    assert all(len(h) == 4 for h in state.hands) and len(state.table) == 4
    assert len(state.stock) == 52 - 4 - 4 * players and state.rounds == rounds
    assert state.current_player == (state.dealer + 1) % players
    assert sorted(state.cards()) == sorted(PACK)


def test_cassino_deal_two_at_a_time_table_before_dealer():
    """K12: two to each player from the dealer's left, two to the table, two to the dealer, then again."""
    hands, table, stock = first_deal(PACK, 3, dealer=2)
    p = PACK
    assert hands[0] == p[0:2] + p[8:10] and hands[1] == p[2:4] + p[10:12]
    assert table == p[4:6] + p[12:14] and hands[2] == p[6:8] + p[14:16] and stock == p[16:]


def test_cassino_deal_rejects_a_bad_deal_naming_the_field():
    bad = [
        ({"hands": [["7S"], ["7S"]]}, "7S"),
        ({"hands": [["7S"], ["8S"]], "table": ["JK"]}, "JK"),
        ({"hands": [["9S"], ["8S"]], "builds": [{"cards": ["4H", "5S"], "value": 8, "owner": 0}]}, "deal.builds[0]"),
        ({"hands": [["9S"], ["8S"]], "builds": [{"cards": ["4H", "KS"], "value": 4, "owner": 0}]}, "deal.builds[0]"),
        ({"hands": [["2S"], ["8S"]], "builds": [{"cards": ["4H", "5S"], "value": 9, "owner": 0}]}, "owner"),
        ({"hands": [["9S"], ["8S"]], "builds": [{"cards": ["4H", "5S"], "value": 9, "multiple": True,
                                                  "owner": 0}]}, "multiple build"),
        ({"hands": [["7S"], ["8S"]], "stock": ["2C"]}, "deal.stock"),
        ({"hands": [["7S"], ["8S"]], "current": 2}, "deal.current"),
        ({"hands": [["7S"], ["8S"]], "scores": [[30, 1]]}, "deal.scores"),
        ({"hands": [["7S"], ["8S"]], "scores": [[3]]}, "deal.scores[0]"),
        ({"hands": [["7S"], ["8S"]], "captured": [["7S"], []]}, "7S"),
        ({"hands": [["7S"], ["8S"]], "sweeps": [1]}, "deal.sweeps"),
    ]
    for deal, words in bad:
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=2, deal=deal)
        assert info.value.rule == "cassino.deal" and words in str(info.value), str(info.value)


@pytest.mark.parametrize("field, given, words", [
    ("table", 0, "deal.table"), ("table", 7, "deal.table"), ("table", {"7C": 1}, "deal.table"),
    ("table", "7C ZZ", "deal.table[1]"), ("table", True, "deal.table"), ("stock", 0, "deal.stock"),
    ("stock", [0, 1], "deal.stock[0]"), ("captured", 0, "deal.captured"), ("captured", [0, []], "deal.captured[0]"),
    ("captured", [["2C"], "nothing"], "deal.captured[1]"), ("builds", 0, "deal.builds"),
    ("builds", [{"cards": 0, "value": 9, "owner": 0}], "deal.builds[0].cards"),
    ("builds", [{"cards": ["4H", "5S"], "value": "9", "owner": 0}], "deal.builds[0].value"),
    ("builds", [{"cards": ["4H", "5S"], "value": 9.0, "owner": 0}], "deal.builds[0].value"),
    ("builds", [{"cards": ["4H", "5S"], "value": 9, "owner": 10**9}], "deal.builds[0].owner"),
    ("sweeps", 0, "deal.sweeps"), ("sweeps", [10**9, 0], "deal.sweeps[0] must be a whole number from 0 to 26"),
    ("sweeps", [-1, 0], "deal.sweeps[0]"), ("sweeps", [1.0, 0], "deal.sweeps[0]"),
    ("sweeps", [0, True], "deal.sweeps[1]"),
    ("sweeps", [2, 0], "deal.sweeps[0]: 2 sweeps took at least 4 cards, but deal.captured[0] holds 2"),
    ("scores", 0, "deal.scores"), ("scores", "3 4", "deal.scores"), ("scores", [[10**9, 0]], "deal.scores[0]"),
    ("scores", [[2.5, 0]], "deal.scores[0]"), ("scores", [[19, 19]], "deal.scores[0]: one deal gives out at most 37"),
    ("scores", [[1, 1]] * 12, "a game ends after 12"), ("last", 10**9, "deal.last"), ("last", True, "deal.last"),
    ("current", "0", "deal.current"),
])
def test_cassino_deal_refuses_numbers_out_of_reach_and_non_lists_naming_the_field(field, given, words):
    """Issue 32: a 0 or a number where a list of cards belongs is no empty list; a count must be one the game can
    reach (sweeps: two cards taken each, 26 at most in a deal; a deal's points: 37 at most in all)."""
    deal = {"hands": [["9S", "4C"], ["8S"]], "captured": [["2C", "3C"], []], "builds": [], field: given}
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=2, deal=deal)
    assert info.value.rule == "cassino.deal" and words in str(info.value), str(info.value)


def test_cassino_deal_takes_the_counts_the_game_can_reach():
    taken = [str(c) for c in PACK if c.code not in {"9S", "4C", "8S"}]
    state = GAME.start(players=2, deal={"hands": [["9S", "4C"], ["8S"]], "captured": [taken[:26], taken[26:]],
                                        "sweeps": [13, 11], "scores": [[8, 12]], "last": 1})
    assert state.sweeps == (13, 11) and state.sheet.rows == ((8, 12),) and state.last == 1
    assert GAME.start(players=2, deal={"hands": [["9S"], ["8S"]], "table": None, "scores": None}).table == ()


def test_cassino_partners():
    state = GAME.start(players=4, seed=5)
    assert rules_of(state) == ["cassino.deal", "cassino.partners"]
    assert state.view(None).teams == ((0, 2), (1, 3))
    assert state.result().teams == ((0, 2), (1, 3))
    alone = GAME.start(players=4, seed=5, partnerships=False)
    assert rules_of(alone) == ["cassino.deal"] and alone.view(None).teams == ()
    assert GAME.start(players=3, seed=5).view(None).teams == ()


# ---------------------------------------------------------------- a turn


def test_cassino_turn():
    state = start(BASE, "3S 4D 7H KS")
    refused(state, "trail 5H", "turn")  # not Jory's card
    refused(state, "capture 9H with 7C", "turn")  # not on the table
    for junk in ("play 7C", "capture with 7C", "build x with 3H on 4D", "trail 7Z", "", "capture 7H with JK"):
        with pytest.raises(IllegalMove) as info:
            GAME.parse_action(state, junk)
        assert info.value.rule == "cassino.turn"
    for junk in (None, 7, "trail 7C", Trail("7C"), Capture(Card.parse("7C"), ("7H",))):
        with pytest.raises(ValueError):
            state.apply(junk)


def test_cassino_actions_read_back_and_read_well():
    state = start(["7C 3H KD", "2D 5H"], "3S 4D 7H")
    for action in state.legal_actions():
        assert parse_action(str(action)) == action
    take = parse_action("capture 3S+4D, 7H with 7C")
    assert str(take) == "capture 7H, 3S+4D with 7C" and take == parse_action("capture 7h,4d+3s with 7c")
    assert state.prompt(take) == "Take the 7♥ and 3♠+4♦ with your 7♣ — a sweep!"
    assert state.describe(take) == "Jory takes the 7♥ and 3♠+4♦ with the 7♣ — a sweep!"
    build = parse_action("build 7 with 3H on 4D")
    assert str(build) == "build 7 with 3H on 4D" and state.prompt(build) == "Put your 3♥ on the 4♦: build 7"
    multiple = parse_action("build 7s with 3H on 4D, 7H")
    assert state.prompt(multiple) == "Put your 3♥ on the 4♦, with the 7♥: build sevens"
    assert state.prompt(Trail(Card.parse("KD"))) == "Trail the K♦"
    assert state.cards_of(take) == (Card.parse("7C"),)


def forged_moves():
    """Moves of the right shape in the wrong types, another game's move, and things that are no move at all."""
    from tutor.mechanics import CardPlay

    c7, h7, h3, s3, d4 = parse_cards("7C 7H 3H 3S 4D")
    return [
        (Trail(7), "trail.card"), (Trail(2.0), "trail.card"), (Trail("7C"), "trail.card"),
        (Capture(7, (h7,)), "capture.card"), (Capture(c7, [h7]), "capture.loose"),
        (Capture(c7, (h7.code,)), "capture.loose"), (Capture(c7, (7,)), "capture.loose"),
        (Capture(c7, (), [(s3, d4)]), "capture.builds"), (Capture(c7, (), ((3, 4),)), "capture.builds"),
        (Capture(c7, (), (s3,)), "capture.builds"), (Build(h3, "7", False, (d4,)), "build.value"),
        (Build(h3, 7.0, False, (d4,)), "build.value"), (Build(h3, True, False, (d4,)), "build.value"),
        (Build(h3, 7, 1, (d4,)), "build.multiple"), (Build(h3, 7, False, [d4]), "build.loose"),
        (Build(h3, 7, False, (d4,), [(s3,)]), "build.builds"), (Build(3, 7, False, (d4,)), "build.card"),
        (CardPlay(c7), "not a move of this game"),
        ("trail 7C", "not a move of this game"), (None, "not a move of this game"), (7, "not a move of this game"),
    ]


@pytest.mark.parametrize("index", range(len(forged_moves())))
def test_cassino_forged_moves_are_refused_naming_the_field_and_change_nothing(index):
    """Issue 32: apply checks a move's kind and every field's type first (a plain int or float is no card, a list
    no tuple, a text no build value), with the rule a malformed move cites; the position stays as it was."""
    move, words = forged_moves()[index]
    state = start(["7C 3H KD", "2D 5H"], "3S 4D 7H")
    before, legal = state.view(0), legal_texts(state)
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert info.value.rule == "cassino.turn" and words in str(info.value), str(info.value)
    assert state.view(0) == before and legal_texts(state) == legal and state.current_player == 0
    assert isinstance(state.prompt(move), str) and isinstance(state.describe(move), str)


# ---------------------------------------------------------------- capturing (K1, K3, K9)


def test_cassino_capture_pair():
    after = play(start(BASE, "3S 4D 7H KS"), "capture 7H with 7C")
    assert rules_of(after) == ["cassino.capture.pair"]
    assert sorted(after.won[0]) == sorted(parse_cards("7C 7H")) and after.last == 0
    assert Card.parse("7H") not in after.table and after.current_player == 1


def test_cassino_capture_court():
    state = start(["AS KD", "2D 9S"], "KH KS 4D")
    assert legal_texts(state).count("capture KS, KH with KD") == 1
    after = play(state, "capture KH, KS with KD")
    assert rules_of(after) == ["cassino.capture.court"] and len(after.won[0]) == 3


def test_cassino_capture_court_variant():
    state = start(["AS KD", "2D 9S"], "KH KS 4D", court_pairs="one-or-three")
    refused(state, "capture KH, KS with KD", "capture.court-variant")
    assert {"capture KH with KD", "capture KS with KD"} <= set(legal_texts(state))
    three = start(["KD", "2D"], "KH KS KC", court_pairs="one-or-three")
    assert legal_texts(three) == ["capture KC with KD", "capture KH with KD", "capture KS with KD",
                                  "capture KS, KH, KC with KD"]


def test_cassino_courts():
    state = start(["7C 3H QD", "2D 9S JC"], "3S 4D KS")
    assert "part of a sum" in refused(state, "capture 3S+KS with 7C", "courts")
    refused(state, "build 7 with QD on 3S+4D", "courts")
    refused(state, "build 10 with 3H on KS+3S+4D", "courts")
    refused(state, "capture KS with QD", "capture.court")


def test_cassino_capture_sum():
    state = start(["AS 7C KD", "2D 9S JC"], "3S 4D 9H")
    after = play(state, "capture 3S+4D with 7C")
    assert rules_of(after) == ["cassino.capture.sum"] and after.table == parse_cards("9H")
    refused(state, "capture 3S+9H with 7C", "capture.sum")
    ten = start(["10C", "2D"], "AH 2C 7D")
    assert legal_texts(ten) == ["capture AH+2C+7D with 10C"]


def test_cassino_capture_several():
    state = start(["7C KD", "2D 9S"], "2C 3S 4D 5S 7H KS")
    best = "capture 7H, 2C+5S, 3S+4D with 7C"
    assert best in legal_texts(state)
    after = play(state, best)
    assert rules_of(after) == ["cassino.capture.several"] and after.table == parse_cards("KS")
    refused(state, "capture 2C+3S+4D with 7C", "capture.sum")  # 9 is not 7
    with pytest.raises(IllegalMove) as info:
        state.apply(Capture(Card.parse("7C")))
    assert info.value.rule == "cassino.capture.several"


def test_cassino_capture_build():
    state = start(["9C KD", "2D 9S"], "KS", builds=[("4H 5S", 9, False, 1)])
    after = play(state, "capture [4H+5S] with 9C")
    assert rules_of(after) == ["cassino.capture.build"] and after.builds == ()
    assert sorted(after.won[0]) == sorted(parse_cards("9C 4H 5S"))
    other = start(["8C 9C", "2D 9S"], "KS", builds=[("4H 5S", 9, False, 1)])
    refused(other, "capture [4H+5S] with 8C", "capture.build")


def test_cassino_build_whole():
    state = start(["5C 9C", "2D 9S"], "KS", builds=[("4H 5S", 9, False, 1)])
    refused(state, "capture 5S with 5C", "build.whole")
    refused(state, "capture [5S] with 5C", "build.whole")
    refused(state, "build 9 with 5C on 4H", "build.whole")


# ---------------------------------------------------------------- building (K6–K8)


def test_cassino_build():
    state = start(["4H 9D KD", "2D 8S JC"], "5S 2C")
    assert [t for t in legal_texts(state) if t.startswith("build")] == ["build 9 with 4H on 5S"]
    after = play(state, "build 9 with 4H on 5S")
    assert rules_of(after) == ["cassino.build"] and after.events[0].text.endswith('"Building nine."')
    assert after.builds == (TableBuild(parse_cards("4H 5S"), 9, False, 0),) and after.table == parse_cards("2C")
    pile = after.view(1).piles[-1]
    assert (pile.label, pile.owner, pile.value, pile.cards) == ("Build of 9", 0, 9, parse_cards("4H 5S"))
    refused(state, "build 8 with 4H on 5S", "build")
    refused(state, "build 11 with 4H on 5S+2C", "build")


def test_cassino_build_hold_card():
    state = start(["3H 9D", "2D 8S"], "5S 2C")
    assert "another eight" in refused(state, "build 8 with 3H on 5S", "build.hold-card")
    refused(state, "build 5s with 3H on 2C, 5S", "build.hold-card")


def test_cassino_build_multiple():
    state = start(["6H 6D KD", "2D 8S JC"], "6S 6C 9H")
    after = play(state, "build 6s with 6H on 6S, 6C")
    assert rules_of(after) == ["cassino.build.multiple"] and after.events[0].text.endswith('"Building sixes."')
    assert after.builds == (TableBuild(parse_cards("6S 6H 6C"), 6, True, 0),)
    assert after.view(None).piles[-1].label == "Build of sixes"
    refused(state, "build 6s with 6H on 9H", "build.multiple")
    refused(state, "build 12 with 6H on 6S", "build")  # no build is worth more than 10
    # K6: a 3 on a 3 is "threes" or "six", as announced.
    threes = start(["3H 3D 6C", "2D 8S"], "3S")
    assert {"build 3s with 3H on 3S", "build 6 with 3H on 3S"} <= set(legal_texts(threes))
    assert play(threes, "build 6 with 3H on 3S").builds[0].value == 6
    refused(start(["3H 3D", "2D 8S"], "4S 9C"), "build 3s with 3H on 4S", "build.multiple")
    one = start(["3H 7D", "2D 8S"], "4S")
    assert "only one group" in refused(one, "build 7s with 3H on 4S", "build.multiple")


def test_cassino_build_raise():
    state = start(["2H 9C", "7D 8S"], "KS", builds=[("3S 4D", 7, False, 1)])
    after = play(state, "build 9 with 2H on [3S+4D]")
    assert rules_of(after) == ["cassino.build.raise"]
    assert after.builds == (TableBuild(parse_cards("2H 3S 4D"), 9, False, 0),)  # now Jory's
    # K8: raising your own build needs the card of the new value.
    own = start(["2H 7C 9C", "5D 8S"], "AS", builds=[("3S 4D", 7, False, 0)])
    assert "build 9 with 2H on [3S+4D]" in legal_texts(own)
    assert "build 10 with 2H on [3S+4D]+AS" not in legal_texts(own)
    refused(own, "build 10 with 2H on [3S+4D]+AS", "build.hold-card")
    two = start(["2H 9C", "3C 4D"], "KS", builds=[("AC 2C", 3, False, 1), ("AH 3S", 4, False, 1)])
    refused(two, "build 9 with 2H on [AC+2C]+[AH+3S]", "build.raise")


def test_cassino_build_multiple_fixed():
    state = start(["AH 2H 6H", "6C 8S"], "4C KS", builds=[("6D 6S", 6, True, 1)])
    refused(state, "build 7 with AH on [6D+6S]", "build.multiple-fixed")
    refused(state, "build 7s with AH on [6D+6S]", "build.multiple-fixed")
    after = play(state, "build 6s with 2H on 4C, [6S+6D]")
    assert rules_of(after) == ["cassino.build.multiple"]
    assert after.builds == (TableBuild(parse_cards("2H 4C 6S 6D"), 6, True, 0),)


def test_cassino_build_partner():
    hands = ["7C 2H", "9S JD", "7D 8C", "QS KH"]
    state = start(hands, "KS", builds=[("3S 4D", 7, False, 2)])
    after = play(state, "build 7s with 7C on [3S+4D]")
    assert rules_of(after) == ["cassino.build.partner"]
    assert after.builds == (TableBuild(parse_cards("3S 4D 7C"), 7, True, 2),)  # still Pol's
    # An opponent's build gets no such help, nor does a partner's raised to a new value.
    theirs = start(["7C 2H", "7D JD", "9S 8C", "QS KH"], "KS", builds=[("3S 4D", 7, False, 1)])
    refused(theirs, "build 7s with 7C on [3S+4D]", "build.hold-card")
    refused(state, "build 9 with 2H on [3S+4D]", "build.hold-card")
    alone = start(hands, "KS", builds=[("3S 4D", 7, False, 2)], partnerships=False)
    refused(alone, "build 7s with 7C on [3S+4D]", "build.hold-card")


def test_cassino_build_owner():
    state = start(["9C 2D", "3C 8S"], "KS 9H", builds=[("4H 5S", 9, False, 0)])
    refused(state, "trail 2D", "build.owner")
    assert "last nine" in refused(state, "capture 9H with 9C", "build.owner")
    assert legal_texts(state) == ["capture 9H, [4H+5S] with 9C", "capture [4H+5S] with 9C"]


# ---------------------------------------------------------------- trailing (K2) and sweeps (K11)


def test_cassino_trail():
    after = play(start(["2C KD", "2D 9S"], "7H 3S"), "trail 2C")
    assert rules_of(after) == ["cassino.trail"] and after.table == parse_cards("2C 3S 7H")


def test_cassino_trail_must_capture():
    state = start(["7C 2H KD", "2D 9S JC"], "7H 3S")
    refused(state, "trail 7C", "trail.must-capture")
    assert {t for t in legal_texts(state) if t.startswith("trail")} == {"trail 2H", "trail KD"}
    assert Trail(Card.parse("7C")) in state.candidate_actions(Card.parse("7C"))


def test_cassino_sweep():
    after = play(start(["7C KD", "2D 9S"], "3S 4D"), "capture 3S+4D with 7C")
    assert rules_of(after) == ["cassino.capture.sum", "cassino.sweep"] and after.sweeps == (1, 0)
    assert after.swept and "after a sweep" in after.status()


def test_cassino_sweep_trail():
    after = play(start(["7C KD", "2D 9S"], "3S 4D"), "capture 3S+4D with 7C")
    assert legal_texts(after) == ["trail 2D", "trail 9S"]
    assert rules_of(play(after, "trail 2D")) == ["cassino.sweep.trail"]


# ---------------------------------------------------------------- more cards (K12)


STOCK16 = "2S 5C 2H 5D 9C AC 9D AH 6S 4C 6H 4D 10S QC 10H QD"


def test_cassino_deal_again():
    after = play(start(["3C", "JD"], "8H", stock=STOCK16), "trail 3C", "trail JD")
    assert rules_of(after)[-1] == "cassino.deal.again"
    assert after.hands == (parse_cards("AC 2S 5C 9C"), parse_cards("AH 2H 5D 9D")) and len(after.stock) == 8
    assert after.current_player == 0 and after.round == 2 and after.table == parse_cards("3C 8H JD")


def test_cassino_deal_last():
    after = play(start(["3C", "JD"], "8H", stock=STOCK16.split()[:8]), "trail 3C", "trail JD")
    assert rules_of(after)[-1] == "cassino.deal.last" and '"Last deal!"' in after.events[-1].text
    assert after.stock == () and after.round == after.rounds


@pytest.mark.parametrize("players, rounds", [(2, 6), (3, 4), (4, 3)])
def test_cassino_deal_rounds_in_a_whole_deal(players, rounds):
    state, rng, seen = GAME.start(players=players, seed=11, game="deal"), random.Random(1), []
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        seen += [e.rule for e in state.events if e.rule.startswith("cassino.deal.")]
    assert seen == ["cassino.deal.again"] * (rounds - 2) + ["cassino.deal.last"]


# ---------------------------------------------------------------- the end of a deal (K5, K10, K11)

END = dict(captured=[["AS", "AH", "10D", "5S", "6S", "9C", "9H"], ["2S", "AD", "QC", "QH", "JD", "8S"]])


def end_of_deal(**kw):
    return play(start(["7C", "2D"], "3S 4D KS", game=kw.pop("game", "deal"), **END, **kw),
                "capture 3S+4D with 7C", "trail 2D")


def test_cassino_last_capture():
    state = end_of_deal()
    assert state.is_over and rules_of(state)[1] == "cassino.last-capture"
    assert "not a sweep" in state.events[1].text and state.sweeps == (0, 0)
    assert len(state.won[0]) == 12 and Card.parse("2D") in state.won[0] and state.table == ()


def test_cassino_last_capture_that_clears_the_table_is_a_sweep():
    state = play(start(["2D", "7C"], "5H 7H", game="deal", **END), "trail 2D", "capture 7H, 2D+5H with 7C")
    assert rules_of(state)[:3] == ["cassino.capture.several", "cassino.sweep", "cassino.score.cards"]
    assert state.sweeps == (0, 1) and "Tamsin 1" in state.events[-3].text


def test_cassino_last_capture_nobody_captured():
    state = play(start(["2C", "3D"], "9H", game="deal"), "trail 2C", "trail 3D")
    assert rules_of(state)[1] == "cassino.last-capture" and "count for nobody" in state.events[1].text
    assert sorted(state.cards()) == sorted(parse_cards("2C 3D 9H"))


def test_cassino_score_lines_of_a_deal():
    state = end_of_deal()
    lines = {e.rule: e.text for e in state.events}
    assert lines["cassino.score.cards"] == "Most cards: Jory 12, Tamsin 6, so Jory scores 3."
    assert lines["cassino.score.spades"] == "Most spades: Jory 5, Tamsin 2, so Jory scores 1."
    assert lines["cassino.score.big-cassino"] == "Big Cassino, the 10♦: Jory scores 2."
    assert lines["cassino.score.little-cassino"] == "Little Cassino, the 2♠: Tamsin scores 1."
    assert lines["cassino.score.aces"] == "Aces, 1 point each: Jory 2, Tamsin 1."
    assert lines["cassino.score.sweeps"] == "Sweeps, 1 point each: none."
    assert lines["cassino.score.deal"] == "This deal: Jory 8, Tamsin 2."
    assert state.sheet.rows == ((8, 2),) and state.result().scores == (8, 2)
    assert state.result().breakdown[:2] == (lines["cassino.score.cards"], lines["cassino.score.spades"])


def test_cassino_score_cards():
    pack = list(PACK)
    even = score_deal([tally(pack[:26]), tally(pack[26:])], ["A", "B"])
    assert "a tie, so nobody scores the 3" in even.lines[0][1]
    assert sum(even.points) == 8  # 11 without the 3 for cards (no sweeps): 1 + 2 + 1 + 4


def test_cassino_score_spades():
    """K10: a tie for spades scores nothing; with three players alone it can happen."""
    spades = [c for c in PACK if c.suit.letter == "S"]
    rest = [c for c in PACK if c.suit.letter != "S"]
    piles = [spades[:5] + rest[:13], spades[5:10] + rest[13:26], spades[10:] + rest[26:]]
    result = score_deal([tally(p) for p in piles], ["A", "B", "C"])
    assert result.lines[1] == ("cassino.score.spades", "Most spades: A 5, B 5, C 3: a tie, so nobody scores "
                               "the 1 for spades.")


def test_cassino_score_big_cassino():
    assert score_deal([tally(parse_cards("10D")), tally(())]).points == (5, 0)  # 3 cards, 2 Big Cassino


def test_cassino_score_little_cassino():
    assert score_deal([tally(()), tally(parse_cards("2S"))]).points == (0, 5)  # 3 cards, 1 spade, 1


def test_cassino_score_aces():
    assert score_deal([tally(parse_cards("AH AD")), tally(parse_cards("AC 2C 3C"))]).points == (2, 4)


def test_cassino_score_sweeps():
    assert score_deal([tally((), 2), tally((), 0)]).points == (2, 0)
    off = score_deal([tally((), 2), tally((), 0)], sweeps=False)
    assert off.points == (0, 0) and off.lines[-2][1] == "Sweeps are not scored in this game."
    state = play(start(["7C KD", "2D 9S"], "3S 4D", sweeps=False), "capture 3S+4D with 7C")
    assert "not scored" in state.events[-1].text


def test_cassino_score_deal():
    whole = score_deal([tally(PACK, 3), tally((), 1)])
    assert whole.points == (14, 1)  # 11 for the whole pack, plus sweeps
    with pytest.raises(ValueError):
        score_deal([tally(())])


# ---------------------------------------------------------------- the game (K13)


def test_cassino_game_deal():
    state = end_of_deal()
    assert rules_of(state)[-1] == "cassino.game.deal" and state.result().winners == (0,)
    assert state.result().text == "Each deal is a game: Jory 8, Tamsin 2, so Jory wins."
    assert judge_game([(4, 4)], "deal", ["A", "B"]).winners == (0, 1)


def test_cassino_game_deal_says_who_in_the_status_and_each_number_once():
    """At the end the status says who won (not the result's text again); after one deal the sides' totals are
    not listed a second time below the deal's line ("This deal: Jory 8, Tamsin 2")."""
    state = end_of_deal()
    result = state.result()
    assert state.status() == "Game over: Jory wins." and result.text not in state.status()
    assert result.breakdown[-1] == "This deal: Jory 8, Tamsin 2." and "Jory: 8" not in result.breakdown
    two = end_of_deal(game="twenty-one", scores=[[6, 4], [8, 5]]).result()
    assert two.breakdown[-2:] == ("Jory: 6 + 8 + 8 = 22", "Tamsin: 4 + 5 + 2 = 11")


def test_cassino_game_eleven():
    state = end_of_deal(game="eleven", scores=[[6, 4]])
    assert rules_of(state)[-1] == "cassino.game.eleven" and state.result().winners == (0,)
    outcome = judge_game([(6, 4), (8, 2)], "eleven", ["Jory", "Tamsin"])
    assert outcome.stake == 16 and "a double game" in outcome.text and "Tamsin pays 8 × 2 = 16" in outcome.text
    assert judge_game([(11, 3)], "eleven").stake == 32  # quadruple in one deal
    assert judge_game([(5, 3), (3, 5), (4, 4)], "eleven").stake == 0 and \
        not judge_game([(5, 3), (3, 5), (2, 2)], "eleven").over
    tie = judge_game([(6, 5), (6, 7)], "eleven")
    assert tie.over and tie.winners == (0, 1) and tie.stake == 0 and "no pay-off" in tie.text
    assert judge_game([(6, 5), (6, 8)], "eleven").winners == (1,)  # both over 10: the higher wins
    three = judge_game([(11, 5, 3)], "eleven", ["A", "B", "C"])
    assert three.stake == (6 + 8) * 4


def test_cassino_game_twenty_one():
    state = end_of_deal(game="twenty-one", scores=[[6, 4], [8, 5]])
    assert rules_of(state)[-1] == "cassino.game.twenty-one" and state.result().scores == (22, 11)
    going = end_of_deal(game="twenty-one", scores=[[6, 4]])
    assert not going.is_over and "cassino.game.twenty-one" in rules_of(going)
    assert going.dealer == 0 and going.sheet.rows == ((6, 4), (8, 2)) and going.view(0).scores.totals == (14, 6)
    assert rules_of(going)[-1] == "cassino.deal" and len(going.table) == 4


def test_cassino_game_tie_break():
    state = end_of_deal(game="twenty-one", scores=[[13, 19]])
    assert "cassino.game.tie-break" in rules_of(state) and state.result().winners == (0,)
    spades = judge_game([(21, 21)], "twenty-one", ["A", "B"], tiebreak=[(26, 6), (26, 7)])
    assert spades.winners == (1,) and "most spades" in spades.lines[-1]
    shared = judge_game([(21, 21)], "twenty-one", tiebreak=[(26, 7), (26, 7)])
    assert shared.winners == (0, 1) and "share" in shared.text


def test_cassino_game_stop():
    state = start(["AC 5C", "2D 9S"], "AD KS", scores=[[19, 10]], stock="4H 4D", stop_at_target=True)
    after = play(state, "capture AD with AC")
    assert after.is_over and rules_of(after)[-2:] == ["cassino.game.stop", "cassino.game.twenty-one"]
    assert after.sheet.rows[-1] == (2, 0) and after.result().winners == (0,)
    with pytest.raises(ValueError, match="option stop_at_target"):
        GAME.start(seed=1, game="deal", stop_at_target=True)
    # Most cards counts only once nobody can catch up.
    sure = start(["5C 6D", "2D 9S"], "5D KS", scores=[[18, 10]], stop_at_target=True,
                 captured=[[str(c) for c in PACK if c.code not in {"5C", "6D", "2D", "9S", "5D", "KS", "AS", "AH",
                                                                     "AD", "AC", "10D", "2S"}][:24], []])
    assert play(sure, "capture 5D with 5C").is_over  # 26 + 2 > everything left: 3 points sure


# ---------------------------------------------------------------- perft: hand-counted move lists


def test_perft_captures_on_fixed_tables():
    table = parse_cards("7H 3S 4D 2C 5S")
    assert len(capture_options(Card.parse("7C"), table, ())) == 7  # three disjoint groups: 2³ − 1
    overlapping = parse_cards("AS 2C 4D 5H 6S")  # A+6, 2+5, A+2+4: only A+6 and 2+5 go together
    assert {str(a) for a in capture_options(Card.parse("7C"), overlapping, ())} == {
        "capture AS+2C+4D with 7C", "capture AS+6S with 7C", "capture AS+6S, 2C+5H with 7C",
        "capture 2C+5H with 7C"}
    build = (TableBuild(parse_cards("4H 5S"), 9, False, 1),)
    assert len(capture_options(Card.parse("9C"), parse_cards("KS KH 9D"), build)) == 3
    assert len(capture_options(Card.parse("KD"), parse_cards("KS KH 9D"), build)) == 3
    assert len(capture_options(Card.parse("KD"), parse_cards("KS KH 9D"), build, "one-or-three")) == 2


def test_perft_builds_on_a_fixed_table():
    """3♥ played to 2♣ 3♠ 4♦, holding a 3, 6, 7 and 9: every build counted by hand.

    Single: 3+3 = 6, 3+4 = 7, 3+2+4 = 9 (each value held).  Multiple: threes (3♥, 3♠) and sixes
    (3♥+3♠, 2♣+4♦); sevens fail (3♥+4♦ leaves no other seven apart from 3♠+4♦, which needs the 4♦
    again) and nines too (3♥+2♣+4♦ is a single group).
    """
    moves = {str(a) for a in build_options(Card.parse("3H"), {3, 6, 7, 9}, parse_cards("2C 3S 4D"), ())}
    assert moves == {"build 6 with 3H on 3S", "build 7 with 3H on 4D", "build 9 with 3H on 2C+4D",
                     "build 3s with 3H on 3S", "build 6s with 3H on 3S, 2C+4D"}


@pytest.mark.parametrize("name, hands, table, builds, options, count", [
    # 7C: 7H | 3S+4D | both.  3H: 3S; build 7 on 4D; build sevens on 4D, 7H.  KD: trail.
    ("plain", ["7C 3H KD", "2D"], "7H 3S 4D", [], {}, 7),
    # 5H, 5D each: 5C; build 9 on 4S; fives on 5C; nines on 4S with the build.  9C: 4S+5C, the build, both.
    ("builds", ["5H 5D 9C", "9H"], "4S 5C", [("2H 7S", 9, False, 1)], {}, 11),
    # Jory owns the 9: no trails; 9C must take the build; 2D takes 2C; 7S builds 9 four ways.
    ("owner", ["9C 2D 7S", "3C"], "KS 9H 2C", [("4H 5S", 9, False, 0)], {}, 7),
    # Pol's build of 7: 7C takes 7H, the build, or both, or makes sevens twice; 3D trails.
    ("partner", ["7C 3D", "9S", "7D", "QS"], "7H", [("3S 4D", 7, False, 2)], {}, 6),
    ("courts", ["KD 2C", "9S"], "KS KH", [], {}, 4),
    ("courts one-or-three", ["KD 2C", "9S"], "KS KH", [], {"court_pairs": "one-or-three"}, 3),
])
def test_perft_every_move_once(name, hands, table, builds, options, count):
    state = start(hands, table, builds=builds, **options)
    legal = legal_texts(state)
    assert len(legal) == count, legal
    assert len(set(legal)) == len(legal)


def brute_force(state):
    """Every move the rules allow, found by trying every subset of the table with every value."""
    me = state.current_player
    items = list(state.table) + list(state.builds)
    found = set()
    for card in state.hands[me]:
        if problem(state, Trail(card)) is None:
            found.add(Trail(card))
        for r in range(1, len(items) + 1):
            for sub in itertools.combinations(items, r):
                loose = tuple(x for x in sub if isinstance(x, Card))
                builds = tuple(x.cards for x in sub if isinstance(x, TableBuild))
                for action in [Capture(card, loose, builds)] + [Build(card, v, m, loose, builds)
                                                                for v in range(1, 11) for m in (False, True)]:
                    if problem(state, action) is None:
                        found.add(action)
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_the_move_list_is_exactly_what_the_rules_allow(players):
    """The generator and the rule checks agree, on random positions rich in builds."""
    rng = random.Random(players)
    for seed in range(3):
        state = GAME.start(players=players, seed=seed, game="deal")
        while not state.is_over:
            if len(state.table) + len(state.builds) <= 8:
                assert set(state.legal_actions()) == brute_force(state)
            legal = state.legal_actions()
            builds = [a for a in legal if isinstance(a, Build)]
            state = state.apply(rng.choice(builds if builds and rng.random() < 0.6 else legal))


# ---------------------------------------------------------------- the capture exercise


def test_judge_captures_right_incomplete_wrong():
    state = start(["7C", "7D"], "2C 3S 4D 5S 7H KS", builds=[("AH 6D", 7, False, 1)])
    right = judge_captures(state, "7C", ["7H", "3S+4D", "2C+5S", "[AH+6D]"])
    assert right.mark == "right" and right.best == parse_action("capture 7H, 2C+5S, 3S+4D, [AH+6D] with 7C")
    part = judge_captures(state, "7C", ["7H", "4D+3S"])
    assert part.mark == "incomplete" and set(part.missed) == {"2C+5S", "[AH+6D]"}
    assert judge_captures(state, Card.parse("7C"), [["AH"], "7H", "2C+5S", "3S+4D"]).mark == "right"
    assert judge_captures(state, "7C", []).mark == "incomplete"
    for picked, words in [(["3S+5S"], "makes 8"), (["3S+KS"], "no number value"), (["2C+5S", "5S+2C"], "only one"),
                          (["9H"], "not on the table"), (["AH+3S"], "taken whole")]:
        verdict = judge_captures(state, "7C", picked)
        assert verdict.mark == "wrong" and words in verdict.text, verdict
    by_one_card = judge_captures(state, "7C", ["AH"])  # one card of a build stands for the build
    assert by_one_card.mark == "incomplete" and by_one_card.missed == ("7H", "2C+5S", "3S+4D")
    nothing = start(["8C", "2D"], "KS")
    assert judge_captures(nothing, "8C", []).mark == "right"
    assert judge_captures(nothing, "8C", ["KS"]).mark == "wrong"
    court = start(["KD", "2D"], "KS KH 5C")
    assert judge_captures(court, "KD", ["KS", "KH"]).mark == "right"
    assert judge_captures(court, "KD", ["KS+KH"]).mark == "wrong"


def test_partition_lists_pairs_first():
    assert partition(parse_cards("3S 4D 7H 2C 5S"), 7) == (parse_cards("7H"), parse_cards("2C 5S"),
                                                           parse_cards("3S 4D"))
    assert partition(parse_cards("3S 5D"), 7) == ()


# ---------------------------------------------------------------- view, match, bots


def test_cassino_view_shows_each_card_and_build_with_its_value():
    state = start(["7C", "4D"], "3S QH", builds=[("AH 6D 7S", 7, True, 0), ("2C 2H", 4, False, 1)])
    view = state.view(1)
    assert [(p.label, p.value, p.owner) for p in view.piles] == [
        ("3♠", 3, None), ("Q♥ (pairs only)", None, None), ("Build of sevens", 7, 0), ("Build of 4", 4, 1)]
    assert view.seats[0].hand == (None,) and view.stock == 0 and view.scores is None


def test_cassino_whole_game_between_bots_keeps_the_score_table():
    state = GAME.start(players=2, seed=4)
    bot = random.Random(0)
    while not state.is_over:
        action, reason = greedy(state, bot)
        assert reason
        state = state.apply(action)
    sheet = state.sheet
    assert max(sheet.totals) >= 21 and state.view(0).scores.totals == sheet.totals
    assert state.result().scores == sheet.totals and len(state.result().breakdown) > 7
    assert replay(Record.from_json(state.setup.to_json()))[0] == GAME.start(players=2, seed=4)


def test_cassino_greedy_takes_the_most_points_and_says_why():
    state = start(["10C 7C", "2D"], "10D 3S 4D AH 6S")
    action, reason = greedy(state, random.Random(0))
    assert str(action) == "capture 10D, AH+3S+6S with 10C"
    assert reason == "I take the 10♦ and A♥+3♠+6♠ with my 10♣: 3 points now (Big Cassino, an ace); 5 cards, 2 spades."


def test_the_planner_takes_builds_seriously_and_beats_greedy():
    state = start(["4H 9D KD", "2D 8S JC"], "5S 2C")
    action, reason = planner(state, random.Random(0))
    assert str(action) == "build 9 with 4H on 5S" and reason.startswith("I put my 4♥ on the 5♠: build 9: I keep")
    won = 0.0
    for deal in range(30):
        state, rng, seat = GAME.start(players=2, seed=500 + deal, game="deal"), random.Random(deal), deal % 2
        while not state.is_over:
            state = state.apply((planner if state.current_player == seat else greedy)(state, rng)[0])
        row = state.sheet.rows[0]
        won += 1 if row[seat] > row[1 - seat] else 0.5 if row[seat] == row[1 - seat] else 0
    assert won / 30 > 0.6
