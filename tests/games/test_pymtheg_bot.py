"""Pymtheg's bots: counting a hand, bidding, playing each contract its way, and the search."""

import random
from collections import Counter

from tutor.bots import make_bot
from tutor.games.pymtheg import Bid, CardPlay
from tutor.games.pymtheg.bot import best_trump, heuristic, ry_danger, search, tricks_with

from .pymtheg_deals import AUCTION, GAME, TRICKS, card, start
from .scenario import play


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
    assert state.current_player == 3 and action == CardPlay(card("Wi5")) and "low" in why
    # Jory, the Ry bidder, plays his highest card that still loses.
    ry = play(start(dict(deal, leader=1)), "play Wi9", "play Wi2", "play Wi7")
    action, why = heuristic(ry, random.Random(0))
    assert action == CardPlay(card("Wi1")) and "highest card that still loses" in why


def test_strong_bots_play_whole_matches():
    rng = random.Random(1)
    state = GAME.start(seed=11)
    moves = Counter()
    while not state.is_over:
        action, why = heuristic(state, rng)
        assert why
        moves[type(action).__name__] += 1
        state = state.apply(action)
    assert moves["CardPlay"] > 0 and moves["Call"] > 0


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
    assert action == CardPlay(card("E1"))  # the Earth 12 would take the trick and lose the Ry
