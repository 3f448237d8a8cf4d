"""Chwech: one scenario per rule id, from explicit deals; the seed's score table; RULE-NOTES §3.4."""

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from tutor.cards import Card, Rank, Suit, parse_cards
from tutor.engine import IllegalMove
from tutor.games import get_game
from tutor.games.chwech import (PACKS, PASS, Play, card_power, deal_score, deal_score_breakdown, match_result,
                                parse_action)
from tutor.games.chwech_bot import heuristic

from .scenario import rules_of

GAME = get_game("chwech")
SCORE_TABLE = Path(__file__).resolve().parents[1] / "data" / "chwech-score-table.csv"  # the seed's table, copied
# A six-player deal used by many tests: seat 0 leads hearts; seats 1, 3 and 4 hold one heart each, seats 2 and 5 none.
BASE = ["7H 2S", "9H 3S", "4C 5S", "KH 6S", "2H 8S", "5D 9S"]


def start(hands, players=None, **options):
    players = players or len(hands)
    return GAME.start(players=players, deal={"hands": [h.split() for h in hands]}, **options)


def run(state, *moves):
    for move in moves:
        state = state.apply(parse_action(move))
    return state


def refused(state, move):
    with pytest.raises(IllegalMove) as info:
        state.apply(parse_action(move))
    return info.value.rule


# ---------------------------------------------------------------- setting up


def test_chwech_players():
    for players in (4, 5, 6, 7):
        assert GAME.start(players=players, seed=1).players == players
    for players in (3, 8):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "chwech.players"
    assert GAME.default_players == 6


@pytest.mark.parametrize("players, size, jokers, deals", [(4, 36, 0, 8), (5, 45, 1, 5), (6, 54, 2, 6), (7, 63, 3, 7)])
def test_chwech_deal(players, size, jokers, deals):
    state = GAME.start(players=players, seed=42)
    assert state.events[0].rule == "chwech.deal"
    assert all(len(h) == 9 for h in state.hands)
    assert Counter(state.cards()) == Counter(PACKS[players]) and len(PACKS[players]) == size
    assert sum(c.rank is Rank.JOKER for c in PACKS[players]) == jokers
    assert state.current_player == 0 and state.leading
    # a full match lasts the seed's number of deals
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(heuristic(state, rng)[0])
    assert len(state.history) == deals


def test_chwech_deal_packs_in_detail():
    assert {c.rank for c in PACKS[4]} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                                          Rank.EIGHT, Rank.SEVEN, Rank.SIX}
    assert not {Rank.TWO, Rank.THREE} & {c.rank for c in PACKS[5]}
    seven = Counter(PACKS[7])
    assert seven[Card.parse("2S")] == 2 and seven[Card.parse("3D")] == 2 and seven[Card.parse("4S")] == 1


def test_chwech_deal_rejects_bad_deals_naming_the_rule():
    for deal in ({"hands": [["7H"]] * 6}, {"hands": [["7H"], ["8H"]]}, {"hands": [["2H"], ["3S"], ["4S"], ["5S"]]},
                 {"hands": [["7H"], [], ["4S"], ["5S"], ["6S"], ["8S"]]}, {"hands": [["7Z"]] + [["8H"]] * 5}):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=len(deal["hands"]) if len(deal["hands"]) >= 4 else 6, deal=deal)
        assert info.value.rule == "chwech.deal"


# ---------------------------------------------------------------- a trick


def test_chwech_lead():
    state = start(BASE)
    assert refused(state, "pass") == "chwech.lead"
    assert PASS not in state.legal_actions()
    after = run(state, "play 7H")
    assert rules_of(after) == ["chwech.lead"] and after.led is Suit.HEARTS and after.current_player == 1


def test_chwech_follow():
    state = run(start(BASE), "play 7H")
    assert refused(state, "play 3S") == "chwech.follow"  # another suit, never
    after = run(state, "play 9H")
    assert rules_of(after) == ["chwech.follow"]
    assert refused(after, "play 5S") == "chwech.follow" and refused(after, "play 4C") == "chwech.follow"
    assert after.legal_actions() == [PASS]  # void in hearts, no joker: only a pass
    assert refused(after, "play KH") == "chwech.follow"  # not in this hand


def test_chwech_pass():
    after = run(start(BASE), "play 7H", "play 9H", "pass")
    assert rules_of(after) == ["chwech.pass"] and after.current_player == 3
    assert [seat for seat, _ in after.trick] == [0, 1]


def test_chwech_trick():
    after = run(start(BASE), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert rules_of(after)[-1] == "chwech.trick" and after.events[-1].player == 3
    assert sorted(after.won[3]) == sorted(parse_cards("7H 9H KH"))
    assert after.current_player == 3 and after.leading and after.trick == ()


def test_chwech_one_card():
    hands = ["7H 2S", "3S 4S", "4C 5S", "6S 8S", "10S JS", "5D 9S"]
    after = run(start(hands), "play 7H", *["pass"] * 5)
    assert rules_of(after)[-1] == "chwech.one-card" and after.won[0] == parse_cards("7H")
    # C7b with the revised rule: a led ace alone still wins, and so does a led joker
    ace = run(start(["AH 2S"] + hands[1:]), "play AH", *["pass"] * 5)
    assert rules_of(ace)[-1] == "chwech.one-card" and ace.won[0] == parse_cards("AH")
    joker = run(start(["JK 2S"] + hands[1:]), "play JK as H", *["pass"] * 5)
    assert rules_of(joker)[-1] == "chwech.one-card" and joker.won[0] == parse_cards("JK")


# ---------------------------------------------------------------- leading


def test_chwech_lead_pass():
    won = run(start(BASE), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    after = run(won, "pass")
    assert rules_of(after) == ["chwech.lead-pass"] and after.current_player == 4 and after.sat_out == (3,)
    led = run(after, "play 8S")
    # seat 3 passed the lead, so it sits out: the trick goes 5, 0, 1, 2 and ends
    assert led.queue == (5, 0, 1, 2)
    done = run(led, "play 9S", "play 2S", "play 3S", "play 5S")
    trick = [e for e in done.events if e.rule == "chwech.trick"]
    assert trick and trick[0].player == 5 and "5 cards" in trick[0].text
    assert done.deal_no == 1  # seat 0 played its last card (2S), so a new deal began
    assert done.history[0][3] == deal_score(3, 8)  # seat 3 sat out with one card left


def test_chwech_deadlock():
    won = run(start(BASE, deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    after = run(won, *["pass"] * 6)
    assert rules_of(after) == ["chwech.deadlock", "chwech.score", "chwech.match"]
    # short prepared hands count the cards played out: one each for seats 0, 1 and 3
    assert after.is_over and after.history == ((9, 9, 0, 3, 0, 0),)
    assert after.totals[3] == deal_score(3, 8) == 3 and after.result().winners == (0, 1)


def test_chwech_last_card():
    hands = ["7H"] + BASE[1:]
    state = run(start(hands, deals=1), "play 7H")
    assert rules_of(state) == ["chwech.lead", "chwech.last-card"] and not state.is_over
    after = run(state, "play 9H", "pass", "play KH", "pass", "pass")
    assert rules_of(after) == ["chwech.pass", "chwech.trick", "chwech.score", "chwech.match"] and after.is_over
    assert after.history[0][0] == deal_score(0, 8) == 9


def test_chwech_score():
    hands = ["7H"] + BASE[1:]
    after = run(start(hands, deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert after.events[-2].rule == "chwech.score"
    assert after.history == ((9, 9, 0, 3, 0, 0),)
    assert after.result().scores == after.totals


def test_chwech_match():
    hands = ["7H"] + BASE[1:]
    after = run(start(hands, deals=2), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert rules_of(after)[-1] == "chwech.match" and not after.is_over
    assert after.dealer == 0 and after.current_player == 1 and after.deal_no == 1
    assert all(len(h) == 9 for h in after.hands) and after.won == ((),) * 6
    assert Counter(after.cards()) == Counter(PACKS[6])


def test_chwech_match_ties_share():
    res = match_result((40, 63, 63, 10))
    assert res.winners == (1, 2) and "share" in res.text


def test_chwech_match_over_refuses_moves():
    after = run(start(["7H"] + BASE[1:], deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert after.legal_actions() == [] and after.current_player is None
    assert refused(after, "pass") == "chwech.match"


# ---------------------------------------------------------------- aces and jokers


def test_chwech_ace():
    hands = ["AH 2S"] + BASE[1:]
    original = start(hands, aces_jokers="original")
    assert refused(original, "play AH") == "chwech.ace"
    assert refused(original, "play 2S high") == "chwech.ace"
    high = run(original, "play AH high", "play 9H", "pass", "play KH", "pass", "pass")
    assert high.events[-1].player == 0  # high ace beats the king
    low = run(original, "play AH low", "play 9H", "pass", "play KH", "pass", "pass")
    assert low.events[-1].player == 3  # a low ace is below the 2
    assert rules_of(run(original, "play AH high")) == ["chwech.ace"]
    revised = start(hands)
    assert refused(revised, "play AH high") == "chwech.ace"
    assert {str(a) for a in revised.legal_actions()} == {"play AH", "play 2S"}


def test_chwech_ace_last():
    hands = ["7H 2S", "AH 3S", "9H 4S", "6S 8S", "10S JS", "5D 9S"]
    wins = run(start(hands), "play 7H", "play AH", "play 9H", "pass", "pass", "pass")
    assert rules_of(wins)[-1] == "chwech.ace-last" and wins.events[-1].player == 1
    hands = ["7H 2S", "9H 3S", "AH 4S", "6S 8S", "10S JS", "5D 9S"]
    loses = run(start(hands), "play 7H", "play 9H", "play AH", "pass", "pass", "pass")
    assert rules_of(loses)[-1] == "chwech.ace-last" and loses.events[-1].player == 1


def test_chwech_joker():
    hands = ["JK 2S"] + BASE[1:]
    revised = start(hands)
    assert refused(revised, "play JK") == "chwech.joker"
    led = run(revised, "play JK as H")
    assert rules_of(led) == ["chwech.joker"] and led.led is Suit.HEARTS
    assert refused(led, "play 3S") == "chwech.follow"
    original = start(hands, aces_jokers="original")
    assert refused(original, "play JK as H") == "chwech.joker"
    assert refused(original, "play JK") == "chwech.joker"
    # original: the joker follows as the suit led, between the 7 and the 8
    hands = ["7H 2S", "JK 3S", "4C 5S", "6S 8S", "10S JS", "5D 9S"]
    after = run(start(hands, aces_jokers="original"), "play 7H", "play JK")
    assert rules_of(after) == ["chwech.joker"]
    assert refused(run(start(hands, aces_jokers="original"), "play 7H"), "play JK as H") == "chwech.joker"
    done = run(after, *["pass"] * 4)
    assert done.events[-1].player == 1  # 7½ beats the 7
    eight = ["8H 2S"] + hands[1:]
    done = run(start(eight, aces_jokers="original"), "play 8H", "play JK", *["pass"] * 4)
    assert done.events[-1].player == 0  # the 8 beats 7½
    # revised: a joker not played last loses (here to a 4 played after it)
    hands = ["7H 2S", "JK 3S", "4H 5S", "6S 8S", "10S JS", "5D 9S"]
    done = run(start(hands), "play 7H", "play JK", "play 4H", "pass", "pass", "pass")
    assert rules_of(done)[-1] == "chwech.trick" and done.events[-1].player == 0


def test_chwech_joker_last():
    hands = ["7H 2S", "AH 3S", "4S 5S", "6S 8S", "9S 10S", "JK JS"]
    after = run(start(hands), "play 7H", "play AH", "pass", "pass", "pass", "play JK")
    assert rules_of(after)[-2:] == ["chwech.joker", "chwech.joker-last"] and after.events[-1].player == 5


def test_chwech_c7a_power_order():
    rules = GAME.make_rules()
    j, a, k, lo = (Play(Card.parse(c)) for c in ("JK", "AH", "KH", "2H"))
    assert card_power(j, 3, 4, rules) > card_power(a, 1, 4, rules) > card_power(k, 2, 4, rules)
    assert card_power(lo, 0, 4, rules) > card_power(j, 1, 4, rules) > card_power(a, 3, 4, rules)


def test_chwech_two_jokers():
    hands = ["7H 2S", "JK 3S", "JK 4S", "6S 8S", "9S 10S", "5D JS"]
    for options in ({}, {"aces_jokers": "original"}):
        state = run(start(hands, **options), "play 7H", "play JK")
        assert refused(state, "play JK") == "chwech.two-jokers"
        assert state.legal_actions() == [PASS]


def test_chwech_equal():
    hands = ["2H 5S", "2H 6S", "7S 8S", "9S 10S", "JS QS", "KS 4S", "3S 2S"]
    after = run(start(hands), "play 2H", "play 2H", *["pass"] * 5)
    assert rules_of(after)[-1] == "chwech.equal" and after.events[-1].player == 0


# ---------------------------------------------------------------- actions, views, bot


@pytest.mark.parametrize("text", ["pass", "play 7S", "play AS high", "play AS low", "play JK as H", "play 10D"])
def test_action_text_round_trips(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "play", "play 7Z", "play JK as X", "lead 7S", "play 7S sideways", 42])
def test_bad_action_text_is_an_illegal_move(text):
    with pytest.raises(IllegalMove):
        parse_action(text)


def test_candidate_actions_action_cards_prompt_describe():
    state = start(["AH JK"] + BASE[1:])
    ace, joker = parse_cards("AH JK")
    assert [str(a) for a in state.candidate_actions(ace)] == ["play AH", "play AH high", "play AH low"]
    assert len(state.candidate_actions(joker)) == 5
    assert state.action_cards(Play(ace)) == (ace,) and state.action_cards(PASS) == ()
    assert state.prompt(Play(joker, suit=Suit.HEARTS)) == "Play the joker as hearts"
    assert state.describe(Play(ace)) == "Jory plays the A♥"
    won = run(start(BASE), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert won.prompt(PASS) == "Pass the lead" and won.describe(PASS) == "Kerensa passes the lead"


def test_view_shows_the_trick_and_cards_won():
    state = run(start(BASE), "play 7H", "play 9H")
    view = state.view(2)
    assert view.centre == parse_cards("7H 9H") and "Jory led hearts" == view.centre_label
    assert view.seats[2].hand == state.hands[2] and view.seats[0].hand == (None,)
    assert view.seats[0].info.startswith("won 0")


def test_heuristic_gives_legal_moves_with_reasons():
    rng = random.Random(5)
    state = GAME.start(seed=5)
    for _ in range(200):
        if state.is_over:
            break
        action, reason = heuristic(state, rng)
        assert action in state.legal_actions() and reason
        state = state.apply(action)


def test_heuristic_sheds_a_losing_card_and_wins_to_reach_nine():
    hands = ["KH 2S", "3H 3S", "4C 5S", "6S 8S", "9S 10S", "5D JS"]
    state = run(start(hands), "play KH")
    action, _ = heuristic(state, random.Random(0))
    assert str(action) == "play 3H"  # sheds the 3♥ under the king


# ---------------------------------------------------------------- scoring: the seed's table and §3.4


def seed_table():
    rows = {}
    lines = [line for line in SCORE_TABLE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    for line in lines[1:]:
        won, *scores = (int(x) for x in line.split(","))
        rows[won] = scores
    return rows


def test_seed_score_table_all_90_cells():
    rows = seed_table()
    assert sorted(rows) == list(range(0, 9))
    cells = 0
    for won, scores in rows.items():
        for left, value in enumerate(scores):
            assert deal_score(won, left) == value, (won, left)
            assert deal_score(won + 9, left) == value and deal_score(won + 18, left) == value
            cells += 1
    assert cells == 90


@pytest.mark.parametrize("won, left, score", [(13, 0, 36), (18, 2, 63), (10, 0, 9), (26, 4, 40), (0, 9, 0)])
def test_rule_notes_3_4_examples(won, left, score):
    assert deal_score(won, left) == score
    assert deal_score_breakdown(won, left)[-1].endswith(f"= {score}.")


def test_deal_score_rejects_nonsense():
    with pytest.raises(ValueError):
        deal_score(3, 10)
    with pytest.raises(ValueError):
        deal_score(-1, 0)
