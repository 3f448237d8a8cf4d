"""Pymtheg: one scenario per rule id, from explicit deals: the deal, tricks, the auction and doubling; moves and
deals that are not well formed (contracts and the match, the score table and the bots in test_pymtheg_*.py)."""

import random

import pytest

from tutor.bots import make_bot
from tutor.cards import ElementCard
from tutor.engine import IllegalMove
from tutor.games.pymtheg import BIDS, DOUBLE, PASS, STAKES, Bid, Call, CardPlay, NameTrump, Stake, parse_action
from tutor.games.pymtheg.deal import deal_by_fives, gathered, partly_reshuffled, shuffled_pack
from tutor.games.pymtheg.scoring import BID_CODES, BID_NAMES, Contract, bid_rank

from .pymtheg_deals import AUCTION, GAM, GAM_PLAY, GAME, TRICKS, UNDER, card, start
from .scenario import play, rules_of


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
    assert rules_of(state) == ["pymtheg.bid", "pymtheg.table"] and state.high_bid() == (1, BIDS[1, None])
    assert state.view(0).auction.calls == ((0, "Gâm"), (1, "Gâm + 1"))
    assert [BID_NAMES[bid_rank(c)] for c in BID_CODES] == list(BID_NAMES)
    assert bid_rank("ry") < bid_rank("gam+4") < bid_rank("ry2") < bid_rank("gam+5") < bid_rank("ry3")


@pytest.mark.parametrize("move, rule, words", [
    ("bid ry", "pymtheg.ry", "A Ry: {me} must take no trick, and {partner}'s tricks do not count; made, it scores "
                             "{ry}, and lost it costs {ry}."),
    ("bid ry2", "pymtheg.ry2.partner", "A Ry 2: {me} must take no trick, and each trick {partner} takes costs {cost}; "
                                       "made, it scores {ry2}, and lost it costs {ry2}."),
    ("bid ry3", "pymtheg.ry3.partner", "A Ry 3: neither {me} nor {partner} may take a trick; made, it scores {ry3}, "
                                       "and lost it costs {ry3}."),
    ("bid lon", "pymtheg.lon", "A Lon: {me} must take all {tricks} tricks alone; made, it scores {lon} ({lon2} without "
                               "trump)."),
])
def test_pymtheg_ry_ry2_ry3_and_lon_bids_cite_the_rule_that_says_what_they_score(move, rule, words):
    """After the bid's own event, one more by the bidder cites the rule saying what the bid is and scores, with
    the scoring's numbers (a learner offered the bid is told from that rule)."""
    from tutor.games.pymtheg.scoring import LON_BASE, PARTNER_COST, RY_BASE, TRICKS as ALL_TRICKS

    state = play(start(AUCTION), move)
    names = state.names
    assert [(e.rule, e.player) for e in state.events] == [("pymtheg.bid", 0), (rule, 0)]
    assert state.events[1].text == words.format(me=names[0], partner=names[2], ry=RY_BASE[1], ry2=RY_BASE[2],
                                                ry3=RY_BASE[3], cost=PARTNER_COST, tricks=ALL_TRICKS, lon=LON_BASE,
                                                lon2=2 * LON_BASE)


def test_pymtheg_table_cited_by_a_higher_gam_bid_with_its_base():
    """Gâm + N cites the score table's rule, with the base the table gives (as printed, with the option)."""
    state = play(start(AUCTION), "bid gam")
    names = state.names
    up = play(state, "bid gam+1")
    assert [e.rule for e in up.events] == ["pymtheg.bid", "pymtheg.table"] and up.events[1].player == 1
    assert up.events[1].text == (f"A Gâm + 1: {names[1]}'s side must take 10 of the 15 tricks; made, it scores 30 "
                                 "with trump named after the auction or 60 without trump, and more for each trick over.")
    named = play(state, "bid gam+1 nt")
    assert [e.rule for e in named.events] == ["pymtheg.bid", "pymtheg.table", "pymtheg.bid.trump"]
    assert "made, it scores 100," in named.events[1].text
    assert [e.rule for e in play(start(AUCTION), "bid gam").events] == ["pymtheg.bid"]  # a plain Gâm: the bid's rule


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
    first = play(doubled, str(next(a for a in doubled.legal_actions() if type(a) is CardPlay)))
    assert first.window == () and first.offers(0) == [] and first.contract.trump.english == "Fire"
    plain = play(state, str(next(a for a in state.legal_actions() if type(a) is CardPlay)))
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


# ---------------------------------------------------------------- moves and deals that are not well formed


def test_bad_objects_are_refused_naming_a_rule():
    state = start(AUCTION)
    for junk in (Bid(99), Bid([1]), Bid(0, "Q"), NameTrump("F"), CardPlay("F1"), object()):
        with pytest.raises(IllegalMove):
            state.apply(junk)


FORGED = [
    (Call(5), "call.word"), (Call(None), "call.word"), (Call("maybe"), "call.word"), (Call(["pass"]), "call.word"),
    (CardPlay("F3"), "cardplay.card"), (CardPlay(3), "cardplay.card"), (CardPlay(2.0), "cardplay.card"),
    (CardPlay(None), "cardplay.card"),
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
    for action in (CardPlay(Card.parse("3H")), Pit("minus"), "pass", "play F1", 5, None, object()):
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
    assert start(TRICKS).apply(CardPlay(card("Wi3"))) == play(start(TRICKS), "play Wi3")
