"""Pymtheg: one scenario per rule id, from explicit deals, plus the score table, the worked examples and the bot."""

import random
from collections import Counter

import pytest

from tutor.bots import make_bot
from tutor.cards import Element, ElementCard
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.pymtheg import (BIDS, DOUBLE, MAX_DEALS, PASS, REDOUBLE, STAKES, STOP, Bid, Call, NameTrump, Play,
                                 Stake, parse_action)
from tutor.games.pymtheg.bot import best_trump, heuristic, ry_danger, search, tricks_with
from tutor.games.pymtheg.scoring import (BID_CODES, BID_NAMES, CORRECTED_GAM, PRINTED_GAM, TABLE_SLIPS, Contract,
                                         bid_rank, burn_scores, gam_base, most_lost, most_won, pattern_base,
                                         revoke_score, score_contract, score_gam, score_lon, score_ry)
from tutor.games.pymtheg.deal import deal_by_fives, gathered, partly_reshuffled, shuffled_pack

from .scenario import play, rules_of

GAME = get_game("pymtheg")
# Trick play: Tamsin (1) declares Gâm, Fire trumps named after the auction; Jory (0) leads.
TRICKS = {"hands": [["Wi3", "E2", "Wa1"], ["Wi12", "Wa4", "E3"], ["F5", "Wa6", "E4"], ["F9", "F2", "E7"]],
          "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
UNDER = {"hands": [["Wi3", "E2"], ["Wi12", "Wa4"], ["F5", "Wa6"], ["F2", "F1"]],
         "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
AUCTION = {"hands": [["F1"], ["F2"], ["F3"], ["F4"]]}
# Tamsin's Gâm with Water trumps, two tricks left; her side has 8 (5 + 3) and takes both.
GAM = {"hands": [["Wi3", "E2"], ["Wi12", "Wa14"], ["Wi4", "E5"], ["Wi6", "Wa2"]],
       "contract": "gam", "declarer": 1, "trump": "Wa", "doubled": 0, "tricks": [2, 5, 3, 3]}
GAM_PLAY = ["play Wi3", "play Wi12", "play Wi4", "play Wi6", "play Wa14", "play E5", "play Wa2", "play E2"]
LOW = [["Wi1", "E1"], ["Wi9", "E9"], ["Wi2", "E2"], ["Wi5", "E5"]]
LOW_PLAY = ["play Wi1", "play Wi9", "play Wi2", "play Wi5", "play E9", "play E2", "play E5", "play E1"]
RY2 = [["Wi1", "E1"], ["Wi9", "E2"], ["Wi12", "E9"], ["Wi5", "E5"]]
RY2_PLAY = ["play Wi1", "play Wi9", "play Wi12", "play Wi5", "play E9", "play E5", "play E1", "play E2"]
REVOKE = {"hands": [["Wi3", "E2", "E6"], ["Wi12", "Wa4", "E3"], ["Wi4", "Wa6", "E4"], ["Wi6", "Wa2", "E7"]],
          "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
FIRE_WATER = [f"F{v}" for v in range(1, 15)] + [f"Wa{v}" for v in range(1, 16)]


def start(deal, **options):
    return GAME.start(players=4, deal=deal, **options)


def card(code):
    return ElementCard.parse(code)


def row(state):
    """The last deal's row on the score sheet."""
    return state.sheet.rows[-1]


# ---------------------------------------------------------------- setting up


def test_pymtheg_players():
    assert GAME.start(seed=1).players == 4
    for players in (3, 5):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "pymtheg.players"


def test_pymtheg_teams():
    state = GAME.start(seed=2)
    assert "pymtheg.teams" in rules_of(state) and state.teams == ((0, 2), (1, 3))
    view = state.view(0)
    assert view.teams == ((0, 2), (1, 3)) and view.scores.columns == ("Jory & Pol", "Tamsin & Kerensa")


def test_pymtheg_deal():
    state = GAME.start(seed=42)
    assert rules_of(state) == ["pymtheg.deal", "pymtheg.teams", "pymtheg.auction"]
    assert [len(h) for h in state.hands] == [15] * 4
    assert sorted(state.cards()) == sorted(ElementCard.all_cards())
    assert state.current_player == 0 and state.phase == "auction"  # the dealer (seat 3) has Jory on the left


def test_pymtheg_deal_is_three_rounds_of_five_from_the_dealers_left():
    pack = shuffled_pack(9, 0)
    state = GAME.start(seed=9, dealer=1)
    # Seat 2, on the dealer's left, gets cards 0–4, 20–24 and 40–44.
    assert state.hands[2] == tuple(sorted(pack[0:5] + pack[20:25] + pack[40:45]))
    assert state.hands[1] == tuple(sorted(pack[15:20] + pack[35:40] + pack[55:60]))
    assert state.current_player == 2
    assert deal_by_fives(pack, 1) == state.hands


def test_pymtheg_deal_partial():
    state = play(start(GAM, dealing="partial"), *GAM_PLAY)
    assert "pymtheg.deal.partial" in rules_of(state) and state.deal_no == 1
    assert sorted(state.cards()) == sorted(ElementCard.all_cards())
    # The custom keeps most of the gathered order: only one run of cards is mixed, then the pack is cut.
    order = list(ElementCard.all_cards())
    again = partly_reshuffled(order, 10, random.Random(1))
    assert sorted(again) == order
    cut = again.index(order[0])
    uncut = again[cut:] + again[:cut]
    assert sum(a == b for a, b in zip(uncut, order)) >= 50
    full = state.setup.options == {"dealing": "partial"}
    assert full and GAME.start(seed=3, dealing="partial").hands == GAME.start(seed=3).hands  # deal 1: shuffled


def test_gathered_pack_keeps_each_teams_tricks_together():
    state = play(start(TRICKS), "play Wi3", "play Wi12", "play F5", "play F9")
    order = gathered(state.tricks, state.won, state.plays, state.hands)
    assert order[:4] == [card("Wi3"), card("Wi12"), card("F5"), card("F9")] and len(set(order)) == 60


def test_pymtheg_deal_rejects_malformed_deals_naming_the_field():
    bad = [
        ({"hands": [["F1"], ["F1"], ["F2"], ["F3"]]}, "F1"),
        ({"hands": [["F1"], ["F2"], ["F3"]]}, "deal.hands"),
        ({"hands": [["F1", "F5"], ["F2"], ["F3"], ["F4"]]}, "deal.hands"),
        ({"hands": [[], [], [], []]}, "deal.hands"),
        ({"hands": [["F1"], ["W2"], ["F3"], ["F4"]]}, "deal.hands[1]"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam+7"}, "deal.contract"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "ry F"}, "deal.contract"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": 5}, "deal.contract"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam", "declarer": 4}, "deal.declarer"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "ry", "trump": "F"}, "deal.trump"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam F", "trump": "Wa"}, "deal.trump"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam", "trump": "X"}, "deal.trump"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam", "doubled": 3}, "deal.doubled"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "ry", "over_ry": "ry"}, "deal.over_ry"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "declarer": 1}, "deal.declarer"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "tricks": [1, 0, 0, 0]}, "deal.tricks"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam", "tricks": [5, 5, 5, 0]}, "deal.tricks"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "gam", "tricks": [1, 0, -1, 0]}, "deal.tricks[2]"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "scores": [1]}, "deal.scores"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "scores": [1, True]}, "deal.scores[1]"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "burn", "won": [["F1"], [], [], []]}, "F1"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "contract": "burn", "declarer": 0}, "deal.declarer"),
        ({"hands": [["F1"], ["F2"], ["F3"], ["F4"]], "stock": []}, "deal.stock"),
    ]
    for deal, field in bad:
        with pytest.raises(IllegalMove) as info:
            start(deal)
        assert info.value.rule == "pymtheg.deal" and field in str(info.value), (deal, info.value)


ONE_EACH = [["F1"], ["F2"], ["F3"], ["F4"]]


@pytest.mark.parametrize("field, given", [
    ("hands", 0), ("hands", None), ("hands", 4), ("hands", {"F1": 1}), ("hands", [0, 0, 0, 0]),
    ("won", 0), ("won", 5), ("won", "F5"), ("won", {}), ("won", [0, [], [], []]), ("won", [None, [], [], []]),
    ("tricks", 0), ("tricks", "0000"), ("tricks", {}), ("tricks", [0.0, 0, 0, 0]), ("tricks", [0, 0, 0, 16]),
    ("scores", 0), ("scores", "10"), ("scores", [1.5, 0]), ("scores", [None, 0]), ("scores", [10 ** 9, 0]),
    ("leader", "1"), ("leader", 1.0), ("leader", None), ("leader", True), ("leader", 4),
    ("contract", 0), ("contract", ["gam"]), ("contract", {}), ("contract", ""),
    ("declarer", "1"), ("declarer", 1.0), ("declarer", None), ("declarer", -1),
    ("trump", 0), ("trump", ["F"]), ("trump", "Q"),
    ("doubled", "1"), ("doubled", 1.0), ("doubled", True), ("doubled", 3),
    ("over_ry", 0), ("over_ry", ["ry"]), ("over_ry", "gam"),
])
def test_pymtheg_deal_refuses_fields_of_the_wrong_kind_naming_them(field, given):
    """A number, nothing or a mapping where a list belongs, a string that is no cards or no bid, a number out of
    range: refused naming the field (never read as empty).  The deal starts after the auction, so every field
    may be given."""
    deal = {"hands": ONE_EACH, "contract": "gam", "declarer": 1, "trump": "F", "doubled": 0}
    deal = {k: v for k, v in deal.items() if k != "trump" or field != "over_ry"}
    deal[field] = given
    with pytest.raises(IllegalMove) as info:
        start(deal)
    assert info.value.rule == "pymtheg.deal" and f"deal.{field}" in str(info.value), info.value


# ---------------------------------------------------------------- tricks (Y2, Y13)


def test_pymtheg_lead():
    state = start(TRICKS)
    assert state.phase == "play" and state.current_player == 0  # Tamsin declares, Jory leads (Y2)
    assert rules_of(play(state, "play Wi3")) == ["pymtheg.lead"]


def test_pymtheg_follow():
    state = play(start(TRICKS), "play Wi3")
    assert [str(a) for a in state.legal_actions()] == ["play Wi12"]
    with pytest.raises(IllegalMove) as info:
        play(state, "play Wa4")
    assert info.value.rule == "pymtheg.follow" and "must follow with Wind" in info.value.reason
    assert rules_of(play(state, "play Wi12")) == ["pymtheg.follow"]
    with pytest.raises(IllegalMove, match="do not hold"):
        play(state, "play F15")


def test_pymtheg_discard():
    state = play(start(TRICKS), "play Wi3", "play Wi12", "play Wa6")
    assert rules_of(state) == ["pymtheg.discard"]


def test_pymtheg_trump():
    before = play(start(TRICKS), "play Wi3", "play Wi12")
    assert {str(a) for a in before.legal_actions()} == {"play F5", "play Wa6", "play E4"}  # never compulsory
    assert rules_of(play(before, "play F5")) == ["pymtheg.trump"]


def test_pymtheg_over_trump():
    state = play(start(TRICKS), "play Wi3", "play Wi12", "play F5", "play F9")
    assert rules_of(state) == ["pymtheg.over-trump", "pymtheg.trick"] and state.taken[3] == 1


def test_pymtheg_under_trump():
    before = play(start(TRICKS), "play Wi3", "play Wi12", "play F5")
    assert {str(a) for a in before.legal_actions()} == {"play F9", "play E7"}
    with pytest.raises(IllegalMove) as info:
        play(before, "play F2")
    assert info.value.rule == "pymtheg.under-trump"
    # Y13: holding nothing but lower trumps, under-trumping is the only way.
    forced = play(start(UNDER), "play Wi3", "play Wi12", "play F5")
    assert {str(a) for a in forced.legal_actions()} == {"play F2", "play F1"}
    assert rules_of(play(forced, "play F2"))[0] == "pymtheg.under-trump"


def test_pymtheg_trick():
    state = play(start(TRICKS), "play Wi3", "play Wi12", "play Wa6", "play E7")
    assert rules_of(state)[-1] == "pymtheg.trick" and state.taken == (0, 1, 0, 0)  # the highest Wind
    state = play(start(TRICKS), "play Wi3", "play Wi12", "play F5", "play E7")
    assert state.taken == (0, 0, 1, 0) and "a trump" in state.events[-1].text
    assert state.view(None).trick.trumps == "Fire"


def test_pymtheg_winner_leads():
    state = play(start(TRICKS), "play Wi3", "play Wi12", "play F5", "play F9")
    assert state.current_player == 3
    assert rules_of(play(state, "play E7")) == ["pymtheg.winner-leads"]


# ---------------------------------------------------------------- the auction (Y3, Y4, Y5)


def test_pymtheg_auction():
    state = start(AUCTION)
    assert rules_of(state)[-1] == "pymtheg.auction" and state.phase == "auction" and state.current_player == 0
    with pytest.raises(IllegalMove) as info:
        play(state, "play F1")
    assert info.value.rule == "pymtheg.auction"
    assert [str(a) for a in state.legal_actions()] == [
        "bid gam", "bid gam F", "bid gam Wa", "bid gam Wi", "bid gam E", "bid gam nt", "bid ry", "bid ry2",
        "bid ry3", "bid lon", "pass"]


def test_pymtheg_bid():
    state = play(start(AUCTION), "bid gam", "bid gam+1")
    assert rules_of(state) == ["pymtheg.bid"] and state.high_bid() == (1, BIDS[1, None])
    assert state.view(0).auction.calls == ((0, "Gâm"), (1, "Gâm + 1"))
    assert [BID_NAMES[bid_rank(c)] for c in BID_CODES] == list(BID_NAMES)
    assert bid_rank("ry") < bid_rank("gam+4") < bid_rank("ry2") < bid_rank("gam+5") < bid_rank("ry3")


def test_pymtheg_bid_rank():
    state = play(start(AUCTION), "bid gam", "bid gam+1")
    for text in ("bid gam F", "bid gam+1"):
        with pytest.raises(IllegalMove) as info:
            play(state, text)
        assert info.value.rule == "pymtheg.bid.rank"


def test_pymtheg_bid_step():
    state = play(start(AUCTION), "bid gam")
    with pytest.raises(IllegalMove) as info:
        play(state, "bid gam+2")
    assert info.value.rule == "pymtheg.bid.step"
    assert "bid gam+1" in {str(a) for a in state.legal_actions()}
    assert "bid gam+2" not in {str(a) for a in state.legal_actions()}
    # Over a Ry, the next Gâm is Gâm + 4, which needs Gâm + 3 first.
    state = play(start(AUCTION), "bid ry")
    assert not any(str(a).startswith("bid gam") for a in state.legal_actions())


def test_pymtheg_pass():
    state = play(start(AUCTION), "bid gam", "pass")
    assert rules_of(state) == ["pymtheg.pass"] and state.passed == 0b10
    state = play(state, "bid gam+1", "pass")  # Pol, Kerensa
    assert state.current_player == 0  # Tamsin, who passed, is skipped


def test_pymtheg_bid_trump():
    state = play(start(AUCTION), "bid gam Wa")
    assert rules_of(state) == ["pymtheg.bid", "pymtheg.bid.trump"]
    state = play(state, "pass", "pass", "pass")
    assert state.phase == "play" and state.contract.trump.english == "Water" and state.contract.during
    with pytest.raises(IllegalMove) as info:
        play(start(AUCTION), "bid lon F")
    assert info.value.rule == "pymtheg.bid.trump"


def test_pymtheg_contract():
    state = play(start(AUCTION), "bid gam", "bid gam+1", "pass", "pass", "pass")
    assert rules_of(state) == ["pymtheg.pass", "pymtheg.contract"]
    assert state.contract == Contract(1, 1, None, False, 0, 1) and state.phase == "trump"
    assert state.view(0).auction.contract.startswith("Gâm + 1 by Tamsin")
    with pytest.raises(IllegalMove) as info:
        play(state, "bid lon")
    assert info.value.rule == "pymtheg.contract"


def test_pymtheg_trump_name():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    assert state.phase == "trump" and state.current_player == 0
    assert len(state.legal_actions()) == 5  # the five ways to name trump (the declarer has no double to make)
    with pytest.raises(IllegalMove) as info:
        play(state, "play F1")
    assert info.value.rule == "pymtheg.trump.name"
    named = play(state, "trump nt")
    assert rules_of(named) == ["pymtheg.double.none", "pymtheg.trump.name"]
    assert named.contract.trump is None and named.phase == "play"
    with pytest.raises(IllegalMove) as info:
        play(named, "trump F")
    assert info.value.rule == "pymtheg.trump.name"


def test_pymtheg_ry_no_trump():
    state = play(start(AUCTION), "bid ry", "pass", "pass", "pass")
    assert rules_of(state)[-1] == "pymtheg.ry.no-trump"
    assert state.phase == "play" and state.contract.trump is None  # no trump is named for a Ry
    with pytest.raises(IllegalMove) as info:
        parse_action("bid ry2 Fire")
    assert info.value.rule == "pymtheg.ry.no-trump"


def test_pymtheg_gam_over_ry():
    state = play(start(AUCTION), "bid gam", "bid gam+1", "bid gam+2", "bid gam+3", "bid ry", "bid gam+4",
                 "pass", "pass", "pass")
    assert rules_of(state)[-2:] == ["pymtheg.contract", "pymtheg.gam.over-ry"]
    assert state.contract.ry_owed == 150 and state.contract.declarer == 1
    # A Gâm over the declarer's own side's Ry owes nothing.
    own = play(start(AUCTION), "bid gam", "bid gam+1", "bid gam+2", "bid gam+3", "pass", "bid ry", "pass",
               "bid gam+4", "pass")
    assert own.contract.declarer == 3 and own.contract.ry_owed == 0


# ---------------------------------------------------------------- doubling (Y7): offered, never asked


def test_pymtheg_double():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    # The game goes on (Jory names trump) and either opponent may double meanwhile, out of turn.
    assert state.phase == "trump" and state.current_player == 0
    assert state.current_players == (0, 1, 3) and state.offers(1) == [STAKES["double", 1]]
    assert state.offers(0) == [] and state.offers(2) == []
    with pytest.raises(IllegalMove) as info:
        play(state, "redouble 0")
    assert info.value.rule == "pymtheg.redouble"
    with pytest.raises(IllegalMove) as info:
        play(state, "double 2")  # the declarer's partner
    assert info.value.rule == "pymtheg.double"
    doubled = play(state, "double 3")
    assert rules_of(doubled) == ["pymtheg.double"] and doubled.contract.factor == 2
    assert doubled.current_player == 0 and doubled.phase == "trump", "still Jory's turn to name trump"
    assert doubled.events[0].player == 3
    with pytest.raises(IllegalMove) as info:
        play(start(AUCTION), "double 1")
    assert info.value.rule == "pymtheg.double"


def test_pymtheg_double_none():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    named = play(state, "trump F")  # nobody doubled: naming trump closes the window, and nobody was asked
    assert rules_of(named) == ["pymtheg.double.none", "pymtheg.trump.name"] and named.contract.factor == 1
    for text, rule in (("double 1", "pymtheg.double"), ("redouble 0", "pymtheg.redouble")):
        with pytest.raises(IllegalMove) as info:
            play(named, text)
        assert info.value.rule == rule and "Too late" in info.value.reason


def test_pymtheg_redouble():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass", "double 1")
    assert state.offers(0) == [STAKES["redouble", 0]] and state.offers(2) == [STAKES["redouble", 2]]
    assert STAKES["redouble", 0] in state.legal_actions(), "the declarer, to move, may redouble with the trump call"
    again = play(state, "redouble 2")  # the declarer's partner may redouble too
    assert rules_of(again) == ["pymtheg.redouble"] and again.contract.factor == 4 and again.phase == "trump"
    assert again.offers(0) == again.offers(1) == []
    with pytest.raises(IllegalMove) as info:
        play(state, "redouble 1")
    assert info.value.rule == "pymtheg.redouble"
    late = play(state, "trump F")
    assert late.contract.factor == 2 and rules_of(late) == ["pymtheg.trump.name"]
    with pytest.raises(IllegalMove) as info:
        play(late, "redouble 0")
    assert info.value.rule == "pymtheg.redouble" and "Too late" in info.value.reason


def test_doubling_window_comes_before_the_first_card_when_trump_came_with_the_bid():
    state = play(start(AUCTION), "bid gam F", "pass", "pass", "pass")
    assert state.phase == "play" and state.current_player == state.leader == 0
    assert state.offers(1) == [STAKES["double", 1]] and state.offers(3) == [STAKES["double", 3]]
    assert STAKES["redouble", 0] not in state.legal_actions()
    doubled = play(state, "double 3")
    assert doubled.contract.factor == 2 and doubled.current_player == 0
    assert STAKES["redouble", 0] in doubled.legal_actions(), "the leader, a declarer, may redouble before leading"
    first = play(doubled, str(next(a for a in doubled.legal_actions() if type(a) is Play)))
    assert first.window == () and first.offers(0) == [] and first.contract.trump.english == "Fire"
    plain = play(state, str(next(a for a in state.legal_actions() if type(a) is Play)))
    assert rules_of(plain)[0] == "pymtheg.double.none" and plain.offers(3) == []


def test_the_table_never_prompts_for_a_double():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    assert "double" not in state.status().lower()
    assert state.prompt(STAKES["double", 1]) == "Double" and state.cards_of(DOUBLE) == ()
    # Nobody has to say anything: every seat's turn goes on without a word about doubling.
    named = play(state, "trump Wa")
    assert named.current_player == named.leader and named.phase == "play"
    assert not any("double" in str(a) for a in named.legal_actions())


def test_a_bare_double_is_read_as_the_first_seat_that_may():
    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    assert GAME.parse_action(state, "double") == STAKES["double", 1]
    assert str(STAKES["double", 3]) == "double 3" and parse_action("double 3") == STAKES["double", 3]
    for text in ("double 7", "double me", "redouble 0 1"):
        with pytest.raises(IllegalMove):
            parse_action(text)


def test_bots_decide_once_out_of_turn_and_say_why():
    from tutor.bots import make_bot

    state = play(start(AUCTION), "bid gam", "pass", "pass", "pass")
    action, reason = make_bot("pymtheg", "strong").offer(state, 1)
    assert action in (None, STAKES["double", 1]) and reason
    assert make_bot("pymtheg", "strong").offer(state, 0) == (None, "")


def test_pymtheg_burn_no_double():
    state = play(start(AUCTION), "pass", "pass", "pass", "pass")
    assert all(state.offers(seat) == [] for seat in range(4))
    for text in ("double 1", "redouble 0"):
        with pytest.raises(IllegalMove) as info:
            play(state, text)
        assert info.value.rule == "pymtheg.burn.no-double"


# ---------------------------------------------------------------- contracts (Y1, Y6, Y8, Y9, Y10)


def test_pymtheg_gam():
    state = play(start(GAM), *GAM_PLAY)
    assert "pymtheg.gam" in rules_of(state) and row(state) == (0, 21)  # 10 tricks: 20 + 1


def test_pymtheg_gam_lost():
    state = play(start(dict(GAM, tricks=[4, 3, 5, 1])), *GAM_PLAY)
    assert "pymtheg.gam.lost" in rules_of(state) and row(state) == (0, -23)  # 6 of 9: −(20 + 3)


def test_gam_over_ry_loses_the_ry_base_only_when_it_fails():
    lost = play(start(dict(GAM, tricks=[4, 3, 5, 1], over_ry="ry2")), *GAM_PLAY)
    assert "pymtheg.gam.over-ry" in rules_of(start(dict(GAM, over_ry="ry2")))
    assert row(lost) == (0, -223)
    made = play(start(dict(GAM, over_ry="ry3")), *GAM_PLAY)
    assert row(made) == (0, 21)


def test_pymtheg_table():
    deal = {"hands": LOW, "contract": "gam+4", "declarer": 0, "trump": "nt", "doubled": 0, "tricks": [7, 0, 6, 0]}
    state = play(start(deal), *LOW_PLAY)
    rules = rules_of(state)
    assert rules.index("pymtheg.table") + 1 == rules.index("pymtheg.gam") and row(state) == (120, 0)
    printed = play(start(deal, table="printed"), *LOW_PLAY)
    assert row(printed) == (20, 0) and any("printed table's 20" in e.text for e in printed.events)


def test_pymtheg_ry():
    deal = {"hands": LOW, "contract": "ry", "declarer": 0, "doubled": 0, "tricks": [0, 5, 4, 4]}
    state = play(start(deal), *LOW_PLAY)
    assert "pymtheg.ry" in rules_of(state) and row(state) == (150, 0)


def test_pymtheg_ry_lost():
    deal = {"hands": [["Wi15", "E1"], ["Wi9", "E9"], ["Wi2", "E2"], ["Wi5", "E5"]], "contract": "ry",
            "declarer": 0, "doubled": 1, "tricks": [0, 5, 4, 4]}
    state = play(start(deal), "play Wi15", "play Wi9", "play Wi2", "play Wi5")
    assert rules_of(state)[-5:-3] == ["pymtheg.ry.lost", "pymtheg.ry.lost"]
    assert row(state) == (-300, 0) and state.deal_no == 1  # doubled; the deal ended at once


def test_pymtheg_ry2_partner():
    deal = {"hands": RY2, "contract": "ry2", "declarer": 0, "doubled": 0, "tricks": [0, 5, 4, 4]}
    state = play(start(deal), *RY2_PLAY[:4])
    assert rules_of(state)[-1] == "pymtheg.ry2.partner" and state.phase == "play"  # it goes on
    state = play(state, *RY2_PLAY[4:])
    assert row(state) == (80, 0)  # 200 − 6 × 20: made, yet worth less


def test_pymtheg_ry3_partner():
    deal = {"hands": RY2, "contract": "ry3", "declarer": 0, "doubled": 0, "tricks": [0, 5, 4, 4]}
    state = play(start(deal), *RY2_PLAY[:4])
    assert "pymtheg.ry3.partner" in rules_of(state) and row(state) == (-1000, 0) and state.deal_no == 1


def test_pymtheg_lon():
    deal = {"hands": [["F15", "F14"], ["F1", "Wi2"], ["F2", "Wi3"], ["F3", "Wi4"]], "contract": "lon",
            "declarer": 0, "trump": "F", "doubled": 0, "tricks": [13, 0, 0, 0]}
    state = play(start(deal), "play F15", "play F1", "play F2", "play F3", "play F14", "play Wi2", "play Wi3",
                 "play Wi4")
    assert "pymtheg.lon" in rules_of(state) and row(state) == (2500, 0)


def test_pymtheg_lon_lost():
    deal = {"hands": [["Wi2", "F15"], ["Wi9", "E1"], ["Wi3", "E2"], ["Wi4", "E3"]], "contract": "lon",
            "declarer": 0, "trump": "nt", "doubled": 0, "tricks": [13, 0, 0, 0]}
    state = play(start(deal), "play Wi2", "play Wi9", "play Wi3", "play Wi4")
    assert rules_of(state)[-1] == "pymtheg.lon.lost" and state.phase == "play"  # played on: tricks still count
    state = play(state, "play E1", "play E2", "play E3", "play F15")
    assert row(state) == (-5200, 0)  # no trump: −(5000 + 2 × 100)


def test_lon_needs_the_bidder_alone():
    deal = {"hands": [["Wi2", "E9"], ["Wi1", "E1"], ["Wi9", "E2"], ["Wi4", "E3"]], "contract": "lon",
            "declarer": 0, "trump": "F", "doubled": 0, "tricks": [13, 0, 0, 0]}
    state = play(start(deal), "play Wi2", "play Wi1", "play Wi9", "play Wi4")  # the partner takes it
    assert rules_of(state)[-1] == "pymtheg.lon.lost"
    state = play(state, "play E2", "play E3", "play E9", "play E1")
    assert row(state) == (-2500, 0)  # the partner's trick spoils the Lon but costs no 50


# ---------------------------------------------------------------- Burn (Y11, Y16)


def test_pymtheg_burn_start():
    state = play(start(AUCTION), "pass", "pass", "pass", "pass")
    assert rules_of(state) == ["pymtheg.pass", "pymtheg.burn.start"]
    assert state.phase == "burn" and state.current_player == 0 and state.contract is None
    with pytest.raises(IllegalMove) as info:
        play(state, "pass")
    assert info.value.rule == "pymtheg.burn.start"


def test_pymtheg_burn():
    state = play(start(AUCTION), "pass", "pass", "pass", "pass", "play F1", "play F2", "play F3", "play F4")
    assert rules_of(state).count("pymtheg.burn") == 2 and row(state) == (0, -20)  # both teams score


def test_pymtheg_burn_water():
    deal = {"hands": [["F9"], ["F3"], ["Wi2"], ["E5"]], "contract": "burn", "won": [["Wa1", "Wa2", "Wa3"], [], [], []]}
    state = play(start(deal), "play F9", "play F3", "play Wi2", "play E5")
    assert "pymtheg.burn.water" in rules_of(state) and row(state) == (0, 0)


def test_pymtheg_burn_all():
    deal = {"hands": [["F15"], ["E2"], ["E3"], ["Wi4"]], "contract": "burn", "won": [FIRE_WATER, [], [], []]}
    state = play(start(deal), "play F15", "play E2", "play E3", "play Wi4")
    assert "pymtheg.burn.all" in rules_of(state) and row(state) == (10_000, 0)


def test_burn_follows_the_element_even_with_the_revoke_option():
    state = play(start({"hands": [["F1", "E2"], ["F2", "Wa2"], ["F3", "E3"], ["F4", "E4"]]}, revoke=True),
                 "pass", "pass", "pass", "pass", "play F1")
    with pytest.raises(IllegalMove):
        play(state, "play Wa2")


def test_pymtheg_no_burn():
    state = play(start(AUCTION, burn=False), "pass", "pass", "pass", "pass")
    assert "pymtheg.no-burn" in rules_of(state) and row(state) == (0, 0) and state.deal_no == 1


# ---------------------------------------------------------------- revoke (Y12)

REVOKE_PLAY = ["play Wi3", "play Wa4", "play Wi4", "play Wi6", "play E7", "play E2", "play E3", "play E4",
               "play Wa2", "play E6"]


def test_pymtheg_revoke():
    state = play(start(REVOKE, revoke=True), "play Wi3", "play Wa4")
    assert len(state.offences) == 1 and state.offences[0].kind == "follow"
    assert rules_of(state) == ["pymtheg.discard"]  # nobody sees it yet
    state = play(state, *REVOKE_PLAY[2:], "play Wi12")
    rules = rules_of(state)
    assert rules.index("pymtheg.revoke") + 1 == rules.index("pymtheg.revoke.penalty")
    assert row(state) == (0, -129) and state.deal_no == 1  # −(20 + 9 + 100), and the deal ended at once


def test_pymtheg_revoke_penalty():
    # Tamsin, an opponent of Jory's Ry, fails to follow Wind; Jory then takes the trick, which ends the deal,
    # and the revoke comes out at the end: the declarers get the most their Ry could win, doubled, plus 100.
    deal = {"hands": [["Wi15", "E1"], ["Wi9", "E9"], ["Wi2", "E2"], ["Wi5", "E5"]], "contract": "ry",
            "declarer": 0, "doubled": 1, "tricks": [0, 5, 4, 4]}
    state = play(start(deal, revoke=True), "play Wi15", "play E9", "play Wi2", "play Wi5")
    rules = rules_of(state)
    assert "pymtheg.ry.lost" in rules and rules.index("pymtheg.revoke") < rules.index("pymtheg.revoke.penalty")
    assert "pymtheg.ry.lost" not in rules[rules.index("pymtheg.revoke"):]  # the penalty replaces the Ry's score
    assert row(state) == (150 * 2 + 100, 0)
    assert not play(start(deal, revoke=True), "play Wi15").offences  # a lead is never a revoke
    with pytest.raises(IllegalMove):  # without the option the card is refused
        play(start(REVOKE), "play Wi3", "play Wa4")


# ---------------------------------------------------------------- the match (Y14)


def test_pymtheg_match():
    state = play(start(dict(GAM, scores=[100, -50])), *GAM_PLAY)
    assert "pymtheg.match" in rules_of(state) and state.sheet.totals == (100, -29)
    assert state.dealer == 0 and state.current_player == 1 and state.phase == "auction"
    assert [len(h) for h in state.hands] == [15] * 4


def test_pymtheg_end():
    state = play(start(GAM, rounds=1), *GAM_PLAY)
    assert rules_of(state)[-1] == "pymtheg.end" and state.is_over and state.result().winners == (1, 3)
    result = state.result()
    assert result.team_scores == (0, 21) and result.scores == (0, 21, 0, 21) and result.teams == ((0, 2), (1, 3))
    with pytest.raises(IllegalMove) as info:
        state.apply(PASS)
    assert info.value.rule == "pymtheg.end"


def test_pymtheg_end_tie():
    state = play(start({"hands": [["Wi1"], ["Wi2"], ["Wi3"], ["Wi4"]]}, rounds=1),
                 "pass", "pass", "pass", "pass", "play Wi1", "play Wi2", "play Wi3", "play Wi4")
    assert rules_of(state)[-1] == "pymtheg.end.tie" and state.result().winners == (0, 1, 2, 3)


def test_limit_match_ends_past_the_limit_either_way():
    state = play(start(dict(GAM, tricks=[4, 3, 5, 1], scores=[0, -99_990]), match="limit"), *GAM_PLAY)
    assert state.is_over and state.sheet.totals == (0, -100_013) and state.result().winners == (0, 2)
    state = play(start(dict(GAM, scores=[0, 99_979]), match="limit"), *GAM_PLAY)
    assert not state.is_over  # exactly 100,000 is not past it


def test_pymtheg_stop():
    state = play(start(GAM, match="open"), *GAM_PLAY)
    assert STOP in state.legal_actions()
    after = play(state, "stop")
    assert rules_of(after) == ["pymtheg.stop", "pymtheg.end"] and after.is_over
    with pytest.raises(IllegalMove) as info:
        play(start(AUCTION, match="open"), "stop")
    assert info.value.rule == "pymtheg.stop"
    assert STOP not in play(state, "pass").legal_actions()


def test_twenty_rounds_by_default():
    assert GAME.options()["rounds"] == 20 and GAME.options()["match"] == "rounds"
    state = GAME.start(seed=4)
    bot = make_bot("pymtheg", "random", 4)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    assert state.sheet.deals == 20 and len(state.result().breakdown) == 21


@pytest.mark.parametrize("option, value, field", [
    ("rounds", 0, "rounds"), ("rounds", MAX_DEALS + 1, "rounds"), ("limit", 0, "limit"),
    ("mixed", 1, "mixed"), ("match", "forever", "match"), ("dealing", "riffle", "dealing"),
    ("revoke", "yes", "revoke"),
])
def test_options_are_checked_by_name(option, value, field):
    with pytest.raises(ValueError, match=f"option {field}"):
        GAME.start(seed=1, **{option: value})


# ---------------------------------------------------------------- notation, views, records


def test_actions_read_back_and_are_described():
    state = start(AUCTION)
    for text in ("bid gam", "bid gâm + 1 fire", "bid gam+2 nt", "bid ry2", "bid lon", "pass", "trump Wa",
                 "trump no trump", "play F1", "double", "redouble", "stop"):
        action = parse_action(text)
        assert parse_action(str(action)) == action
    assert str(parse_action("bid gâm + 1 fire")) == "bid gam+1 F"
    assert state.describe(BIDS[0, "nt"]) == "Jory bids Gâm, without trump"
    assert state.prompt(BIDS[1, "F"]) == "Bid Gâm + 1, naming Fire as trump"
    assert state.describe(NameTrump("E")) == "Jory names Earth as trump"
    for text in ("bid", "bid gam+9", "bid gam Q", "trump", "play X1", "hello", ""):
        with pytest.raises(IllegalMove):
            parse_action(text)


def test_bad_objects_are_refused_naming_a_rule():
    state = start(AUCTION)
    for junk in (Bid(99), Bid([1]), Bid(0, "Q"), NameTrump("F"), Play("F1"), object()):
        with pytest.raises(IllegalMove):
            state.apply(junk)


FORGED = [
    (Call(5), "call.word"), (Call(None), "call.word"), (Call("maybe"), "call.word"), (Call(["pass"]), "call.word"),
    (Play("F3"), "play.card"), (Play(3), "play.card"), (Play(2.0), "play.card"), (Play(None), "play.card"),
    (Bid("3"), "bid.rank"), (Bid(2.0), "bid.rank"), (Bid(True), "bid.rank"), (Bid(None), "bid.rank"),
    (Bid(0, 5), "bid.trump"), (Bid(0, True), "bid.trump"),
    (Stake("double", "1"), "stake.seat"), (Stake("double", 1.0), "stake.seat"), (Stake("double", True), "stake.seat"),
    (Stake(5), "stake.word"), (Stake("triple"), "stake.word"), (Stake(None, 1), "stake.word"),
    (NameTrump(None), "nametrump.code"), (NameTrump(5), "nametrump.code"), (NameTrump(["F"]), "nametrump.code"),
]
STAGES = {  # a position at each stage of a deal, and its phase
    "auction": (lambda: start(AUCTION), "auction"),
    "window": (lambda: play(start(AUCTION), "bid gam", "pass", "pass", "pass"), "trump"),  # doubles open
    "trump": (lambda: start(dict(TRICKS, trump=None)), "trump"),
    "play": (lambda: start(TRICKS), "play"),
    "burn": (lambda: play(start(AUCTION), "pass", "pass", "pass", "pass"), "burn"),
    "over": (lambda: play(start(dict(GAM, scores=[10, 20]), rounds=1), *GAM_PLAY), "over"),
}


@pytest.mark.parametrize("stage", STAGES)
def test_forged_moves_are_refused_naming_the_field_and_change_nothing(stage):
    """A call, bid, double, trump or card whose parts are of the wrong type, a move of another game, or not a move
    at all: ``IllegalMove`` naming the part (under the rule for a malformed move) at every stage of a deal, and the
    position stays as it was (no AttributeError from reading a part that is not there)."""
    from tutor.cards import Card
    from tutor.games.burn import Pit

    fresh, phase = STAGES[stage]
    state = fresh()
    assert state.phase == phase
    for action, field in FORGED:
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "pymtheg.follow" and field in info.value.reason, (action, info.value)
    for action in (Play(Card.parse("3H")), Pit("minus"), "pass", "play F1", 5, None, object()):
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "pymtheg.follow", (action, info.value)
    assert state == fresh() and state.legal_actions() == fresh().legal_actions()


def test_moves_of_the_right_kinds_but_no_such_value_are_refused_naming_the_field():
    auction = start(AUCTION)
    for bid, field in ((Bid(99), "bid.rank"), (Bid(-1), "bid.rank"), (Bid(0, "Q"), "bid.trump"),
                       (Bid(4, "F"), "bid.trump")):
        with pytest.raises(IllegalMove) as info:
            auction.apply(bid)
        assert info.value.rule == "pymtheg.bid" and field in info.value.reason
    window = STAGES["window"][0]()
    with pytest.raises(IllegalMove) as info:
        window.apply(Stake("double", 7))
    assert info.value.rule == "pymtheg.double" and "stake.seat" in info.value.reason
    naming = STAGES["trump"][0]()
    with pytest.raises(IllegalMove) as info:
        naming.apply(NameTrump("Q"))
    assert info.value.rule == "pymtheg.trump.name" and "nametrump.code" in info.value.reason


def test_a_well_formed_move_made_elsewhere_is_taken_as_the_games_own():
    state = start(AUCTION)
    assert state.apply(Call("pass")) == state.apply(PASS)
    assert state.apply(Bid(0)) == state.apply(BIDS[0, None])
    window = STAGES["window"][0]()
    assert window.apply(Stake("double", 1)) == window.apply(STAKES["double", 1])
    assert start(TRICKS).apply(Play(card("Wi3"))) == play(start(TRICKS), "play Wi3")


def test_view_hides_hands_and_shows_the_auction_and_scores():
    state = play(start(dict(GAM, scores=[10, 20])), "play Wi3")
    view = state.view(2)
    assert view.seats[0].hand == (None,) and view.seats[2].hand == (card("Wi4"), card("E5"))
    assert view.trick.plays == ((0, card("Wi3")),) and view.trick.trumps == "Water"
    assert view.scores.totals == (10, 20) and "20 deals" in view.scores.note
    assert "declarer" in view.seats[1].info and state.status().startswith("Deal 1, Gâm by Tamsin")


def test_records_replay():
    state = play(start(TRICKS), "play Wi3", "play Wi12")
    record = Record("pymtheg", 4, deal=TRICKS, actions=("play Wi3", "play Wi12"))
    assert replay(Record.from_json(record.to_json()))[-1] == state


# ---------------------------------------------------------------- the score table, checked cell by cell


def test_printed_table_cell_by_cell():
    printed = {  # (N, trump, named with the bid): the rule book's cells
        0: (20, 30, 40, 60), 1: (30, 50, 60, 100), 2: (40, 70, 80, 140), 3: (50, 90, 100, 180),
        4: (60, 110, 20, 220), 5: (70, 130, 140, 260), 6: (80, 140, 160, 280)}
    for level, cells in printed.items():
        keys = [(level, True, False), (level, True, True), (level, False, False), (level, False, True)]
        assert [PRINTED_GAM[k] for k in keys] == list(cells)
        for key in keys:
            assert gam_base(*key, printed=True) == PRINTED_GAM[key]
            assert gam_base(*key) == CORRECTED_GAM[key] == pattern_base(*key)
    differs = {key for key in PRINTED_GAM if PRINTED_GAM[key] != CORRECTED_GAM[key]}
    assert differs == set(TABLE_SLIPS) == {(4, False, False), (6, True, True), (6, False, True)}
    assert [CORRECTED_GAM[k] for k in ((4, False, False), (6, True, True), (6, False, True))] == [120, 150, 300]


@pytest.mark.parametrize("score, points", [
    (lambda: score_gam(0, True, False, 11), 22),
    (lambda: score_gam(0, True, False, 11, factor=2), 44),
    (lambda: score_gam(0, True, False, 11, factor=4), 88),
    (lambda: score_gam(0, False, True, 12), 66),
    (lambda: score_gam(2, True, False, 9), -42),
    (lambda: score_gam(4, False, False, 13), 120),
    (lambda: score_gam(4, False, False, 13, printed=True), 20),
    (lambda: score_gam(4, True, False, 12, ry_owed=150), -211),
    (lambda: score_ry(2, bidder_took=False, partner_tricks=3), 140),
    (lambda: score_ry(3, bidder_took=True), -1000),
    (lambda: score_lon(True, made=False, opponent_tricks=2), -2600),
    (lambda: score_lon(False, made=False, opponent_tricks=2), -5200),
])
def test_worked_examples(score, points):
    assert score().points == points


def test_burn_worked_examples():
    assert [s.points for s in burn_scores([(6, 4), (6, 7)])] == [-30, 0]
    assert burn_scores([(15, 15), (0, 0)])[0].points == 10_000


def test_score_contract_reads_the_tricks_by_seat():
    gam = Contract(BID_CODES.index("gam+2"), 1, Element.FIRE)
    assert score_contract(gam, (1, 6, 2, 5)).points == 40  # Tamsin 6 and Kerensa 5: the 11 needed
    lon = Contract(BID_CODES.index("lon"), 0, None)
    assert score_contract(lon, (15, 0, 0, 0)).points == 5000


def test_revoke_maximum_stakes():
    gam6 = Contract(BID_CODES.index("gam+6"), 0, None, True, 0, 2)  # no trump, named with the bid, doubled
    assert most_lost(gam6) == 300 + 15 * 2 and most_won(gam6) == 300
    assert revoke_score(gam6, by_declarers=True).points == -(330 * 2 + 100)
    ry2 = Contract(BID_CODES.index("ry2"), 0)
    assert most_lost(ry2) == 200 + 20 * 14 and most_won(ry2) == 200
    lon = Contract(BID_CODES.index("lon"), 0, Element.FIRE)
    assert most_lost(lon) == 2500 + 50 * 15 and revoke_score(lon, by_declarers=False).points == 2600
    over = Contract(BID_CODES.index("gam+4"), 0, Element.FIRE, False, 200)
    assert most_lost(over) == 60 + 13 + 200


def test_scores_refuse_impossible_figures():
    for call in (lambda: score_gam(7, True, False, 9), lambda: score_gam(0, True, False, 16),
                 lambda: score_ry(4, bidder_took=False), lambda: score_lon(True, made=True, factor=3),
                 lambda: bid_rank("gam+7")):
        with pytest.raises(ValueError):
            call()


# ---------------------------------------------------------------- the bot


def test_bot_counts_the_hand():
    hand = [card(c) for c in ["F15", "F14", "F13", "F12", "F11", "F10", "Wa15", "Wa14", "Wi15", "E15",
                              "E2", "Wi2", "Wa2", "F2", "F3"]]
    trump, est = best_trump(hand)
    assert trump.english == "Fire" and est > 8 and tricks_with(hand, None) < est
    low = [card(c) for c in ["F1", "F2", "F3", "F4", "Wa1", "Wa2", "Wa3", "Wa4", "Wi1", "Wi2", "Wi3", "Wi4",
                             "E1", "E2", "E3"]]
    assert ry_danger(low) == 0 and ry_danger(hand) > 30


def test_bot_bids_with_a_strong_hand_and_says_why():
    hands = [["F15", "F14", "F13", "F12", "F11", "F10", "F9", "Wa15", "Wa14", "Wi15", "E15", "E2", "Wi2", "Wa2",
              "F3"], [f"Wa{v}" for v in range(3, 13)] + ["Wi3", "Wi4", "Wi5", "Wi6", "Wi7"],
             [f"Wi{v}" for v in range(8, 15)] + ["E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10"],
             [f"E{v}" for v in (1, 11, 12, 13, 14)] + ["Wi1", "Wa1", "Wa13", "F1", "F2"] + ["F4", "F5", "F6", "F7",
                                                                                             "F8"]]
    state = start({"hands": hands})
    action, why = heuristic(state, random.Random(0))
    assert isinstance(action, Bid) and action.rank == 0 and "tricks" in why


def test_bot_plays_its_contract_way():
    deal = {"hands": [["Wi1", "Wi13"], ["Wi9", "E9"], ["Wi2", "E2"], ["Wi5", "Wi7"]], "contract": "ry",
            "declarer": 0, "doubled": 0, "tricks": [0, 5, 4, 4]}
    # Kerensa, against Jory's Ry, stays under nobody: the Ry bidder is not winning, so she plays low.
    state = play(start(deal), "play Wi1", "play Wi9", "play Wi2")
    action, why = heuristic(state, random.Random(0))
    assert state.current_player == 3 and action == Play(card("Wi5")) and "low" in why
    # Jory, the Ry bidder, plays his highest card that still loses.
    ry = play(start(dict(deal, leader=1)), "play Wi9", "play Wi2", "play Wi7")
    action, why = heuristic(ry, random.Random(0))
    assert action == Play(card("Wi1")) and "highest card that still loses" in why


def test_strong_bots_play_whole_matches():
    rng = random.Random(1)
    state = GAME.start(seed=11)
    moves = Counter()
    while not state.is_over:
        action, why = heuristic(state, rng)
        assert why
        moves[type(action).__name__] += 1
        state = state.apply(action)
    assert moves["Play"] > 0 and moves["Call"] > 0


def test_search_bot_plays_a_legal_card_and_says_why():
    rng = random.Random(2)
    state = play(start(TRICKS), "play Wi3", "play Wi12")
    action, why = search(state, rng, budget=0.02)
    assert action in state.legal_actions() and "ways" in why
    auction = start(AUCTION)
    assert search(auction, rng)[0] in auction.legal_actions()  # the auction is the rule-based bot's
    burn = play(start({"hands": [["F1", "E2"], ["F2", "Wa2"], ["F3", "E3"], ["F4", "E4"]]}),
                "pass", "pass", "pass", "pass")
    assert search(burn, rng, budget=0.01)[0] in burn.legal_actions()
    expert = make_bot("pymtheg", "expert", 1)
    assert expert.choose(state) in state.legal_actions()


def test_search_bot_keeps_a_ry_bidder_out_of_tricks():
    deal = {"hands": [["Wi1", "E1", "E12"], ["Wi9", "E9", "E10"], ["Wi2", "E2", "E3"], ["Wi5", "E5", "E6"]],
            "contract": "ry", "declarer": 0, "doubled": 0, "tricks": [0, 4, 4, 4]}
    state = play(start(deal), "play Wi1", "play Wi9", "play Wi2", "play Wi5", "play E9", "play E2", "play E5")
    assert len(state.legal_actions()) == 2
    action, _why = search(state, random.Random(0), budget=0.02)
    assert action == Play(card("E1"))  # the Earth 12 would take the trick and lose the Ry
