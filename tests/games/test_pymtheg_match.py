"""Pymtheg: the contracts, Burn when all pass, revokes, the match, notation, views and records, from explicit
deals."""

import pytest

from tutor.bots import make_bot
from tutor.engine import IllegalMove, Record
from tutor.games import replay
from tutor.games.pymtheg import BIDS, MAX_DEALS, PASS, STOP, NameTrump, parse_action

from .pymtheg_deals import (AUCTION, FIRE_WATER, GAM, GAM_PLAY, GAME, LOW, LOW_PLAY, REVOKE, RY2, RY2_PLAY, TRICKS, card,
                            row, start)
from .scenario import play, rules_of


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


def test_pymtheg_end_of_a_one_deal_match_speaks_in_the_singular_and_says_who_then_why():
    """A match of one deal: "The one deal is played" (never "All 1 deals"), its end rule "1 deal"; the status
    says who won, the result's text why with the totals and their unit, not the same sentence again."""
    state = play(start(GAM, rounds=1), *GAM_PLAY)
    end = state.events[-1]
    assert end.rule == "pymtheg.end" and end.text.startswith("The one deal is played.")
    assert "1 deals" not in end.text and state.end_rule_words() == "1 deal; the higher total wins."
    assert state.status() == "Match over: Tamsin & Kerensa win."
    assert state.result().text == "Tamsin & Kerensa have the higher total, +21 points against 0."
    assert start(GAM, rounds=2).end_rule_words() == "2 deals; the higher total wins."
    tie = play(start({"hands": [["Wi1"], ["Wi2"], ["Wi3"], ["Wi4"]]}, rounds=1),
               "pass", "pass", "pass", "pass", "play Wi1", "play Wi2", "play Wi3", "play Wi4")
    assert tie.status() == "Match over: both teams share the win."
    assert tie.result().text == "Both teams end on 0 points: a tie."


def test_the_rounds_option_reads_for_a_learner():
    from tutor.widgets.options import option_specs

    rounds = next(spec for spec in option_specs(GAME) if spec.name == "rounds")
    assert rounds.doc == "How many deals the match lasts, when it ends after a set number (twenty in the rule book)."


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
