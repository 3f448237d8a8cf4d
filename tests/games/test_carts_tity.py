"""Cârts Tîty: one scenario per rule id from explicit deals, the six chain cases, and random games with every
option on."""

import random
from collections import Counter

import pytest

from tutor.bots import make_bot
from tutor.cards import ElementCard, element_pack
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.carts_tity import (CALL, DRAW, SKIP, SWAP, CardPlay, PayChain, decks_for, parse_action,
                                    score_round)
from tutor.games.carts_tity.bot import heuristic

from .scenario import play, rules_of

GAME = get_game("carts-tity")
# Twenty-five cards with no 6 and no 8 (nothing that answers Water 7), for overflow scenarios.
BIG = ("F2 F3 F4 F5 F7 F9 F10 F11 F12 F14 F15 Wa1 Wa2 Wa3 Wa4 Wa5 Wa9 Wa10 Wa11 Wa12 Wa13 Wa14 Wa15 Wi1 "
       "Wi4").split()


def cards(text):
    return tuple(ElementCard.parse(c) for c in text.split())


def start(hands, pile="F6", stock="", players=None, **fields_and_options):
    """A prepared deal: hands as text or lists, the pile's top card last, the stock's top card first."""
    deal_fields = {k: fields_and_options.pop(k) for k in ("out", "scores", "current", "swaps")
                   if k in fields_and_options}
    deal = {"hands": [h.split() if isinstance(h, str) else list(h) for h in hands],
            "pile": pile.split(), "stock": stock.split(), **deal_fields}
    return GAME.start(players=players or len(hands), deal=deal, **fields_and_options)


def refused(state, move):
    with pytest.raises(IllegalMove) as info:
        state.apply(parse_action(move))
    return info.value.rule


def all_rules(state):
    return [e.rule for e in state.events]


# ---------------------------------------------------------------- setting up (T1)


def test_carts_players():
    for players in (2, 5, 6, 20):
        assert len(GAME.start(players=players, seed=1).hands) == players
    for players in (1, 21):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "carts.players"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_carts_deal(players):
    state = GAME.start(players=players, seed=42)
    assert rules_of(state) == ["carts.deal"]
    assert all(len(h) == 8 for h in state.hands)
    assert len(state.pile) == 1 and len(state.stock) == 60 - 8 * players - 1
    assert state.current == 0 and state.chain == 0  # the turned card has no effect
    assert Counter(state.cards()) == Counter(element_pack())


def test_carts_deal_rejects_a_bad_deal_naming_the_field():
    for deal, field in (({"hands": [["F6"], ["F6"]], "pile": ["F1"]}, "F6"),
                        ({"hands": [["F6"], []], "pile": ["F1"]}, "deal.hands[1]"),
                        ({"hands": [["F6"], ["F7"]]}, "deal.pile"),
                        ({"hands": [["F6"], ["F7"]], "pile": ["F1"], "current": 2}, "deal.current"),
                        ({"hands": [["F6"], ["F7"]], "pile": ["F1"], "swaps": [4, 0]}, "deal.swaps[0]"),
                        ({"hands": [["F6"], ["F7"]], "pile": ["F1"], "out": [1]}, "deal.out"),
                        ({"hands": [["F6"], ["F7"]], "pile": ["F1"], "scores": [1, 2]}, "deal.scores"),
                        ({"hands": [["F6"], ["F7"]], "pile": ["F1"], "discard": []}, "deal.discard")):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=2, deal=deal)
        assert info.value.rule == "carts.deal" and field in info.value.reason


@pytest.mark.parametrize("extra, field", [
    ({"stock": 0}, "deal.stock"), ({"stock": 5}, "deal.stock"), ({"stock": False}, "deal.stock"),
    ({"stock": {}}, "deal.stock"), ({"stock": ""}, "deal.stock"), ({"stock": ["F1", 0]}, "deal.stock[1]"),
    ({"pile": 0}, "deal.pile"), ({"pile": 2.5}, "deal.pile"), ({"pile": {"F1": 1}}, "deal.pile"),
    ({"pile": ["F1", 7]}, "deal.pile[1]"),
    ({"hands": 0}, "deal.hands"), ({"hands": [0, ["F7"]]}, "deal.hands[0]"), ({"hands": [["F6"], 7]}, "deal.hands[1]"),
    ({"hands": [["F6"], "F7 X9"]}, "deal.hands[1]"), ({"hands": [["F6"], None]}, "deal.hands[1]"),
    ({"current": 1.0}, "deal.current"), ({"current": True}, "deal.current"), ({"current": "1"}, "deal.current"),
    ({"current": None}, "deal.current"), ({"current": -1}, "deal.current"), ({"current": 2}, "deal.current"),
    ({"out": 0}, "deal.out"), ({"out": 1}, "deal.out"), ({"out": ""}, "deal.out"), ({"out": {}}, "deal.out"),
    ({"out": [1.0]}, "deal.out[0]"), ({"out": [True]}, "deal.out[0]"), ({"out": [3]}, "deal.out[0]"),
    ({"out": [-1]}, "deal.out[0]"),
    ({"swaps": 0}, "deal.swaps"), ({"swaps": [1]}, "deal.swaps"), ({"swaps": {0: 1, 1: 1}}, "deal.swaps"),
    ({"swaps": [1, 1.0]}, "deal.swaps[1]"), ({"swaps": [True, 1]}, "deal.swaps[0]"), ({"swaps": [-1, 0]},
                                                                                       "deal.swaps[0]"),
    ({"scores": 0}, "deal.scores"), ({"scores": [0, 2.5]}, "deal.scores[1]"), ({"scores": [10_001, 0]},
                                                                             "deal.scores[0]"),
])
def test_carts_deal_refuses_a_field_of_the_wrong_kind_naming_it(extra, field):
    deal = {"hands": [["F6"], ["F7"]], "pile": ["F1"], "stock": ["Wa1"], **extra}
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=2, deal=deal, scoring=True)
    assert info.value.rule == "carts.deal" and field in info.value.reason


def test_carts_deal_fields_left_out_or_none_take_their_defaults():
    for extra in ({}, {"stock": None}, {"out": None}, {"out": []}, {"swaps": None}, {"scores": None}):
        state = GAME.start(players=2, deal={"hands": [["F6"], ["F7"]], "pile": ["F1"], **extra})
        assert state.swaps == (3, 3) and state.out == (False, False) and state.current == 0


def test_carts_deal_turns_the_stock_top_when_no_pile_is_given():
    state = start(["F1 F2", "Wa1"], pile="", stock="E5 E6")
    assert state.pile == cards("E5") and state.stock == cards("E6")


@pytest.mark.parametrize("players, decks", [(2, 1), (5, 1), (6, 2), (11, 2), (12, 3), (17, 3), (18, 4), (20, 4)])
def test_carts_decks(players, decks):
    assert decks_for(players) == decks
    state = GAME.start(players=players, seed=3)
    assert Counter(state.cards()) == Counter(element_pack(decks))
    assert ("carts.decks" in rules_of(state)) == (decks > 1)


def test_carts_decks_equal_cards_are_one_move():
    state = GAME.start(players=6, deal={"hands": [["F7", "F7", "Wa2"], ["E1"], ["E2"], ["E3"], ["E4"], ["E5"]],
                                        "pile": ["F9"], "stock": ["Wi1"]})
    legal = [str(a) for a in state.legal_actions()]
    assert legal.count("play F7") == 1


# ---------------------------------------------------------------- forged moves


class _Int(int):
    """A kind of int other than a plain one."""


def _chain_waiting():
    """Fire 7 played on Water 6: a chain of 2 waits on Player 2, who may answer with Fire 8 or pay."""
    return start(["F7 Wa2 Wi9", "F8 F9"], pile="Wa6", stock="F1 F2 F3").apply(parse_action("play F7"))


@pytest.mark.parametrize("action, field", [
    (PayChain(2.0), "paychain.count"), (PayChain(True), "paychain.count"), (PayChain("2"), "paychain.count"),
    (PayChain(None), "paychain.count"), (PayChain(_Int(2)), "paychain.count"), (PayChain(2 + 0j), "paychain.count"),
    (CardPlay(5), "cardplay.card"), (CardPlay(2.0), "cardplay.card"), (CardPlay("F8"), "cardplay.card"),
    (CardPlay(None), "cardplay.card"),
    ("draw 2", "not a move of this game"), (2, "not a move of this game"), (None, "not a move of this game"),
    (PayChain, "not a move of this game"), (type(SKIP), "not a move of this game"),
    (("draw", 2), "not a move of this game"),
])
def test_forged_moves_are_refused_naming_the_field_and_change_nothing(action, field):
    state = _chain_waiting()
    assert state.legal_actions() == [CardPlay(ElementCard.parse("F8")), PayChain(2), CALL]
    before = (state, hash(state), state.legal_actions(), state.events, state.status())
    with pytest.raises(IllegalMove) as info:
        state.apply(action)
    assert info.value.rule == "carts.play" and field in info.value.reason
    assert (state, hash(state), state.legal_actions(), state.events, state.status()) == before


def test_a_chain_paid_with_a_count_that_is_not_a_whole_number_is_not_recorded():
    """Paying the chain with 2.0 once passed (2.0 == 2) and recorded "draw 2.0", which does not replay."""
    state = _chain_waiting()
    for count in (2.0, 2.5, True):
        with pytest.raises(IllegalMove):
            state.apply(PayChain(count))
    paid = state.apply(PayChain(2))
    record = Record("carts-tity", 2, deal={"hands": [["F7", "Wa2", "Wi9"], ["F8", "F9"]], "pile": ["Wa6"],
                                           "stock": ["F1", "F2", "F3"]}, actions=("play F7", str(PayChain(2))))
    assert replay(Record.from_json(record.to_json()))[-1] == paid


def test_moves_of_another_game_or_deck_are_refused():
    from tutor.cards import Card
    from tutor.games.cassino import Trail
    from tutor.games.gwra_pyskessa import Ask

    state = _chain_waiting()
    for action in (Trail(Card.parse("7S")), Ask(1, Card.parse("7S").rank)):
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "carts.play" and "not a move of this game" in info.value.reason
    with pytest.raises(IllegalMove) as info:
        state.apply(CardPlay(Card.parse("8S")))  # a card, but not of the element deck
    assert info.value.rule == "carts.play" and "element deck" in info.value.reason


@pytest.mark.parametrize("action", [DRAW, SKIP, SWAP, CALL, PayChain(2), CardPlay(ElementCard.parse("F8"))])
def test_moves_are_refused_once_the_game_is_over_forged_ones_as_malformed(action):
    over = start(["F7", "Wa2"], pile="F6", stock="F1").apply(parse_action("play F7"))
    assert over.is_over
    with pytest.raises(IllegalMove) as info:
        over.apply(action)
    assert info.value.rule == "carts.win"
    for forged in (PayChain(2.0), CardPlay(7)):
        with pytest.raises(IllegalMove) as info:
            over.apply(forged)
        assert info.value.rule == "carts.play"


# ---------------------------------------------------------------- a turn (T2, T3, T8, T12)


def test_carts_play():
    state = start(["E9 Wa6 F12 Wi3", "Wi2 E1 Wa11 F4"], pile="F9", stock="E5 Wi13 Wa1")
    assert {str(a) for a in state.legal_actions() if type(a) is CardPlay} == {"play E9", "play F12"}
    after = play(state, "play E9")
    assert rules_of(after) == ["carts.play"] and after.pile[-1] == ElementCard.parse("E9")
    assert after.current == 1 and after.chain == 0
    assert refused(after, "play Wa11") == "carts.play"
    assert refused(after, "play F12") == "carts.play"  # not in Tamsin's hand


def test_carts_follow_up():
    state = start(["Wa7 Wa15 F3 E12", "E1 Wi9 F10 E5"], stock="E4 Wi2 F13 Wa12 E8")
    after = play(state, "play Wa7")
    assert rules_of(after) == ["carts.follow-up", "carts.chain"]
    after = play(after, "draw 2", "play Wa15")
    assert refused(after, "play E1") == "carts.follow-up"  # 15 and 1 are not neighbours
    on_one = start(["Wa15 E3 F9", "E1 Wi9 F10"], pile="F1", stock="E4")
    assert refused(on_one, "play Wa15") == "carts.follow-up"


def test_carts_draw():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1 E2"], pile="F7", stock="Wi8 E9 F1")
    assert state.legal_actions()[-2:] == [DRAW, SWAP]
    after = play(state, "draw")
    assert rules_of(after) == ["carts.draw"] and ElementCard.parse("Wi8") in after.hands[0]
    assert after.current == 1 and after.stock == cards("E9 F1")


def test_carts_draw_allowed_with_a_playable_card_but_not_to_pass():
    state = start(["F9 Wa2 Wi3 E1", "F5 E6 Wi1 E2"], pile="F7", stock="Wi8")
    assert DRAW in state.legal_actions()  # drawing while holding a card that fits is allowed
    empty = start(["F9 Wa2 Wi3 E1", "F5 E6 Wi1 E2"], pile="F7")
    assert DRAW not in empty.legal_actions()  # nothing to draw: play the card that fits
    assert refused(empty, "draw") == "carts.draw"


def test_carts_stock():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1 E2"], pile="Wa3 E8 F11 F7")
    after = play(state, "draw")
    assert rules_of(after) == ["carts.stock", "carts.draw"]
    assert after.pile == cards("F7") and len(after.stock) == 2 and after.shuffles == 1
    assert Counter(after.cards()) == Counter(state.cards())
    again = play(start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1 E2"], pile="Wa3 E8 F11 F7"), "draw")
    assert again == after  # the reshuffle is seeded: a replay shuffles alike


def test_carts_stock_draws_what_there_is():
    state = start(["Wa7 E13 Wi2 F1", "Wa12 F3 Wi14 E1"], pile="E11 F6", stock="")
    after = play(state, "play Wa7", "draw 2")
    assert "carts.stock" in rules_of(after) and len(after.hands[1]) == 6  # the pile under the top was enough
    short = play(start(["Wa7 E13 Wi2 F1", "Wa12 F3 Wi14 E1"], pile="F6"), "play Wa7", "draw 2")
    assert len(short.hands[1]) == 5  # the pile held one card under the top: one drawn, not two
    assert "only 1 could be drawn" in short.events[-1].text


def test_carts_swap():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1"], pile="F7", stock="Wi8 E9 F1 Wa11 E2 Wi6")
    after = play(state, "swap")
    assert rules_of(after) == ["carts.swap"]
    assert sorted(after.hands[0]) == sorted(cards("Wi8 E9 F1 Wa11"))
    assert after.pile == state.hands[0] + cards("F7")  # under the top card
    assert after.swaps == (2, 3) and after.owes == (True, False)
    assert refused(after, "swap") == "carts.swap"  # Tamsin holds three cards
    used_up = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1"], pile="F7", stock="Wi8", swaps=[0, 3])
    assert SWAP not in used_up.legal_actions() and refused(used_up, "swap") == "carts.swap"


def test_carts_swap_three_times_a_round():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1 E3 Wa13"], pile="F7", stock=" ".join(
        c.code for c in element_pack() if c.code not in "Wa2 Wi10 E13 Wa4 F5 E6 Wi1 E3 Wa13 F7".split()))
    for _ in range(3):
        state = play(state, "swap", "draw")  # Jory swaps, Tamsin draws; Jory's turn is missed, Tamsin draws
        state = play(state, "draw")
    assert state.swaps[0] == 0 and refused(state, "swap") == "carts.swap"


def test_carts_skip():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1"], pile="F7", stock="Wi8 E9 F1 Wa11 E2 Wi6")
    after = play(state, "swap", "play F5")
    assert rules_of(after) == ["carts.play", "carts.skip"]
    assert after.current == 1 and after.owes == (False, False)


# ---------------------------------------------------------------- chains (T4–T7): the six cases


def test_chain_case_1_a_different_element_follow_up_costs_two():
    state = start(["Wa7 E13 Wi2 F1", "Wa12 F3 Wi14 E1"], stock="E5 Wi6 F13")
    after = play(state, "play Wa7")
    assert after.chain == 2 and not after.chain_same
    assert [str(a) for a in after.legal_actions()] == ["draw 2"]
    paid = play(after, "draw 2")
    assert len(paid.hands[1]) == 6 and paid.current == 0


def test_chain_case_2_three_follow_ups_cost_six():
    state = start(["Wa7 E13 Wi2 F1", "E8 Wa12 F3 Wi11", "F9 Wa1 E4 Wi14", "Wa2 E11 Wi5 F14"],
                  stock="E6 Wi7 F4 Wa5 E3 Wi12 F2")
    after = play(state, "play Wa7", "play E8", "play F9")
    assert after.chain == 6 and after.current == 3
    paid = play(after, "draw 6")
    assert len(paid.hands[3]) == 10 and paid.current == 0


def test_chain_case_3_the_sixth_follow_up_breaks_the_chain():
    state = start(["Wa7 F9 E11 Wi2 Wi4", "E8 Wa10 F12 Wi13 E1"], stock="E5 Wa3")
    at_ten = play(state, "play Wa7", "play E8", "play F9", "play Wa10", "play E11")
    assert at_ten.chain == 10
    broken = play(at_ten, "play F12")
    assert rules_of(broken)[-1] == "carts.chain.break" and broken.chain == 0
    assert broken.current == 0 and len(broken.hands[0]) == 2  # Jory draws nothing and plays as usual


def test_chain_case_4_a_same_element_follow_up_costs_the_turn():
    state = start(["F7 Wa13 Wi2 E4", "Wa2 E11 Wi4 F14"], stock="E5 Wa3")
    after = play(state, "play F7")
    assert after.chain_same and after.legal_actions() == [SKIP]
    missed = play(after, "skip")
    assert rules_of(missed) == ["carts.chain.skip"] and missed.current == 0 and len(missed.hands[1]) == 4


def test_chain_case_5_no_skip_while_someone_holds_one_card():
    state = start(["F7 Wa13 Wi2 E4", "Wa2 E11 Wi4 F14", "E9"], stock="E5 Wa3")
    after = play(state, "play F7")
    assert rules_of(after)[-1] == "carts.one-card"
    assert after.current == 1 and after.chain == 0 and len(after.hands[1]) == 4  # plays as usual, draws nothing
    assert SKIP not in after.legal_actions()


def test_chain_case_6_ten_facing_one_card_is_void():
    state = start(["Wa7 F9 E11 Wi2 Wi4", "E8 Wa10 Wi3"], stock="E5 Wa2 Wi1 F1 E2 E3 E4 E6 E7 E9 E10 E12 E13")
    at_ten = play(state, "play Wa7", "play E8", "play F9", "last card", "play Wa10", "play E11")
    assert rules_of(at_ten)[-1] == "carts.last-card.draw-one" and "11" in at_ten.events[-1].text
    assert at_ten.chain == 0 and at_ten.current == 1 and at_ten.hands[1] == cards("Wi3")  # void: plays as usual
    assert "carts.last-card.forgot" not in all_rules(at_ten)


# ---------------------------------------------------------------- chain rules, one by one


def test_carts_chain():
    state = start(["Wa7 E13 Wi2 F1", "E8 Wa12 F3 Wi11", "F9 Wa1 E4 Wi14", "Wa2 E11 Wi5 F14"],
                  stock="E6 Wi7 F4 Wa5 E3 Wi12 F2")
    after = play(state, "play Wa7", "play E8")
    assert rules_of(after) == ["carts.follow-up", "carts.chain"] and after.chain == 4
    assert "grows to 4" in after.events[-1].text
    assert refused(after, "play Wa1") == "carts.chain"  # facing a chain: only a follow-up
    assert refused(after, "draw") == "carts.chain"
    assert refused(after, "swap") == "carts.swap"
    assert after.view(None).piles[0].label == "Pile · chain: draw 4"


def test_carts_chain_draw():
    state = start(["Wa7 E13 Wi2 F1", "E8 Wa12 F3 Wi11", "F9 Wa1 E4 Wi14", "Wa2 E11 Wi5 F14"],
                  stock="E6 Wi7 F4 Wa5 E3 Wi12 F2")
    after = play(state, "play Wa7", "play E8", "play F9")
    assert refused(after, "draw 4") == "carts.chain.draw"
    paid = play(after, "draw 6")
    assert rules_of(paid) == ["carts.chain.draw"] and paid.current == 0 and paid.chain == 0


def test_carts_chain_break():
    state = start(["Wa7 F9 E11 Wi2 Wi4", "E8 Wa10 F12 Wi13 E1"], stock="E5 Wa3")
    broken = play(state, "play Wa7", "play E8", "play F9", "play Wa10", "play E11", "play F12")
    assert rules_of(broken) == ["carts.follow-up", "carts.chain.break"]


def test_carts_chain_skip():
    state = start(["F7 Wa13 Wi2 E4", "Wa2 E11 Wi4 F8"], stock="E5 Wa3")
    after = play(state, "play F7")
    assert rules_of(after) == ["carts.follow-up", "carts.chain.skip"]
    assert refused(after, "draw 2") == "carts.chain.draw"
    answered = play(after, "play F8")  # an answer: the chain goes on, the last follow-up decides (same element)
    assert answered.chain == 4 and answered.chain_same and answered.current == 0
    assert refused(start(["F7 Wa13", "Wa2 E11"]), "skip") == "carts.chain.skip"


def test_carts_chain_skip_then_different_element_costs_cards():
    state = start(["F7 Wa13 Wi2 E4", "Wa2 E11 Wi4 Wa8"], stock="E5 Wa3 Wi1 F1")
    after = play(state, "play F7", "play Wa8")
    assert after.chain == 4 and not after.chain_same
    assert [str(a) for a in after.legal_actions()] == ["draw 4"]


def test_carts_chain_double():
    state = start(["Wa7 F9 Wi2 E13", "E8 Wa12 F3 Wi14"], stock="E5 Wa3 Wi6 F1 E2 Wa9 Wi11 F13 E3",
                  chain_doubles=True)
    after = play(state, "play Wa7", "play E8")
    assert after.chain == 4 and rules_of(after)[-1] == "carts.chain.double"
    after = play(after, "play F9")
    assert after.chain == 8
    paid = play(after, "draw 8")
    assert len(paid.hands[1]) == 11
    breaks = start(["Wa7 F9 Wi2 E13", "E8 Wa10 F3 Wi14"], stock="E5", chain_doubles=True)
    assert rules_of(play(breaks, "play Wa7", "play E8", "play F9", "play Wa10"))[-1] == "carts.chain.break"


def test_carts_chain_plays_on():
    state = start(["Wa7 E13 Wi2 F1", "Wa12 F3 Wi14 E1"], stock="E5 Wi6 F13", penalised_plays=True)
    paid = play(state, "play Wa7", "draw 2")
    assert rules_of(paid) == ["carts.chain.draw", "carts.chain.plays-on"] and paid.current == 1
    after = play(paid, "play Wa12")
    assert after.current == 0
    default = play(start(["Wa7 E13 Wi2 F1", "Wa12 F3 Wi14 E1"], stock="E5 Wi6 F13"), "play Wa7", "draw 2")
    assert default.current == 0


# ---------------------------------------------------------------- the 16 rule (T9)


def test_carts_sixteen():
    state = start(["F7 Wi7 E3 Wa1", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4", sixteen=True)
    after = play(state, "play F7")
    assert rules_of(after) == ["carts.play", "carts.sixteen"] and after.current == 0 and after.extra
    assert "extra turn" in after.status()
    again = play(after, "play Wi7")
    assert again.current == 1 and not again.extra
    off = play(start(["F7 Wi7 E3 Wa1", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4"), "play F7")
    assert off.current == 1  # an optional rule, off by default
    other = play(start(["Wa8 Wi7 E3 Wa1", "E12 Wa5 Wi13 F2"], pile="F8", stock="E6 Wa4", sixteen=True),
                 "play Wa8")
    assert other.current == 1  # 8 and 8 make 16, but 16 needs the same element


def test_carts_sixteen_void_while_someone_holds_one_card():
    state = start(["F7 Wi7 E3 Wa1", "E12"], pile="F9", stock="E6 Wa4", sixteen=True)
    after = play(state, "play F7")
    assert rules_of(after) == ["carts.play", "carts.one-card"] and after.current == 1


def test_carts_sixteen_overflow_is_checked_after_the_extra_turn():
    jory = [c for c in BIG if c not in ("F7", "F9")] + ["F7", "E2", "E3"]  # 26 cards
    state = start([jory, "E10 E12"], pile="F9", stock="E6 Wi5 Wi3 E1", sixteen=True)
    after = play(state, "play F7")  # 25 left, and an extra turn
    assert after.current == 0 and not any(after.out) and after.extra
    drew = play(after, "draw")  # 26 at the end of the turn, extra turn included: out
    assert "carts.overflow" in rules_of(drew) and drew.is_over


# ---------------------------------------------------------------- the last card (T10)


def test_carts_last_card():
    state = start(["F7 E3", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4")
    assert CALL in state.legal_actions() and state.cards_of(CALL) == ()
    called = play(state, "last card")
    assert rules_of(called) == ["carts.last-card"] and called.events[0].said == "Last card!"
    assert called.current == 0 and CALL not in called.legal_actions()
    after = play(called, "play F7", "play F2")
    assert "carts.last-card.forgot" not in rules_of(after) and len(after.hands[0]) == 1
    assert "Last card!" in after.view(None).seats[0].info and "Jory: Last card!" in after.status()
    assert refused(start(["F7 E3 Wa1", "E12"]), "last card") == "carts.last-card"
    assert CALL not in start(["F7 E3", "E12 Wa5"], last_card=False).legal_actions()


def test_carts_last_card_forgot():
    state = start(["F7 E3", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4 Wi8 E11 Wa14 F5")
    forgot = play(state, "play F7")
    assert forgot.due == 0 and "not announced" in forgot.view(None).seats[0].info
    caught = play(forgot, "play F2")
    assert rules_of(caught) == ["carts.play", "carts.last-card.forgot"] and len(caught.hands[0]) == 6


def test_carts_last_card_forgot_costs_seven_when_another_holds_more_than_ten():
    many = "E12 Wa5 Wi13 F2 E1 E2 E4 E5 E7 Wa1 Wa2 Wa3"  # 12 cards: 11 once one is played
    state = start(["F7 E3", many], pile="F9", stock="E6 Wa4 Wi8 E11 Wa14 F5 Wi1 Wi2")
    caught = play(state, "play F7", "play F2")
    assert len(caught.hands[0]) == 8 and "more than 10" in caught.events[-1].text


def test_carts_one_card():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6"], pile="F7", stock="Wi8 E9 F1 Wa11 E2 Wi6")
    swapped = play(state, "swap", "last card", "play F5")
    assert swapped.current == 0  # Tamsin holds one card: Jory's missed turn does not happen
    assert rules_of(swapped)[-1] == "carts.one-card" and swapped.owes == (False, False)


def test_carts_last_card_draw_one():
    state = start(["Wa7 E13 Wi2 F1", "E12"], stock="E5 Wi6 F13 Wa3")
    after = play(state, "play Wa7")
    assert [str(a) for a in after.legal_actions()] == ["draw 3"]
    assert "must draw 3" in after.status()
    paid = play(after, "draw 3")
    assert rules_of(paid) == ["carts.last-card.draw-one", "carts.chain.draw"] and len(paid.hands[1]) == 4


# ---------------------------------------------------------------- overflow and the end (T11, T13)


def test_carts_overflow():
    state = start(["Wa7 E13 Wi2", BIG, "E9 Wi3 F1"], stock="E5 Wi6 F13")
    after = play(state, "play Wa7", "draw 2")
    assert rules_of(after) == ["carts.chain.draw", "carts.overflow"]
    assert after.out == (False, True, False) and after.hands[1] == () and after.current == 2
    assert Counter(after.cards()) == Counter(state.cards())  # the hand went under the pile
    assert after.view(None).seats[1].info.startswith("out")
    assert play(after, "draw").current == 0  # Tamsin is out: Pol, then Jory
    off = play(start(["Wa7 E13 Wi2", BIG, "E9 Wi3 F1"], stock="E5 Wi6 F13", overflow=False),
               "play Wa7", "draw 2")
    assert not any(off.out)


def test_carts_overflow_checked_between_turns_of_a_double_turn():
    jory = [c for c in BIG if c != "F7"] + ["E13"]  # 25 cards
    state = start([jory, "F7 Wa6 Wi3 E1"], stock="E5 Wi6 F13 E2 E3", current=1)
    state = play(state, "swap")  # Tamsin will miss her next turn, so Jory plays twice in a row
    after = play(state, "draw")  # 26 at the end of Jory's first turn: out before his second
    assert rules_of(after)[-2:] == ["carts.overflow", "carts.last-standing"]


def test_carts_win():
    after = play(start(["F7", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4"), "play F7")
    assert rules_of(after) == ["carts.play", "carts.win"] and after.is_over
    assert after.result().winners == (0,) and after.result().scores == (0, 4)
    assert after.legal_actions() == [] and refused(after, "draw") == "carts.win"
    assert after.status() == "Game over: Jory wins."


def test_carts_win_result_says_why_and_what_each_number_is():
    """The end: the status says who won, the result's text why (not the same sentence again), and each seat's
    line says what its numbers are: cards left and points."""
    after = play(start(["F7", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4"), "play F7")
    result = after.result()
    assert after.status() == "Game over: Jory wins."
    assert result.text == "Jory is the first player out of cards." and result.text not in after.status()
    assert result.breakdown == ("Jory: no cards left, 0 points", "Tamsin: 4 cards left, 4 points")
    one = play(start(["F7", "E12"], pile="F9", stock="E6 Wa4"), "play F7").result()
    assert one.breakdown[1] == "Tamsin: 1 card left, 1 point"
    stuck = play(start(["Wa2 Wi10", "E13"], pile="F6"), "draw", "draw")
    assert stuck.status() == "Game over: Tamsin wins."
    assert stuck.result().text == "The round cannot end, so the fewest cards win it: Tamsin holds 1 card."
    alone = play(start(["Wa7 E13 Wi2", BIG[:24] + ["F1"]], stock="E5 Wi6 F13"), "play Wa7", "draw 2").result()
    assert alone.text == "Jory is the last player left: everyone else is out by overflow."
    assert alone.breakdown[1] == "Tamsin: out by overflow, 30 points"


def test_carts_last_standing():
    state = start(["Wa7 E13 Wi2", BIG[:24] + ["F1"]], stock="E5 Wi6 F13")
    after = play(state, "play Wa7", "draw 2")
    assert rules_of(after)[-2:] == ["carts.overflow", "carts.last-standing"] and after.is_over
    assert after.result().winners == (0,)


def test_carts_stuck():
    after = play(start(["Wa2 Wi10", "E13"], pile="F6"), "draw", "draw")
    assert rules_of(after)[-1] == "carts.stuck" and after.is_over and after.result().winners == (1,)


# ---------------------------------------------------------------- scoring (T13)


def test_carts_score():
    state = start(["F7", "E3 Wa5 Wi9 E10 F2", "Wi4 E1 F13"], pile="F9", stock="E2 E5", scoring=True, rounds=1)
    after = play(state, "play F7")
    assert rules_of(after) == ["carts.play", "carts.win", "carts.score", "carts.score", "carts.score",
                               "carts.match"]
    assert after.result().scores == (0, 5, 3) and after.result().winners == (0,)
    assert after.view(None).scores.rows == (("Round 1", (0, 5, 3)),)


def test_score_round_is_pure():
    assert score_round([0, 5, 12], [False, False, False], 0).points == (0, 5, 12)
    assert score_round([0, 5, 0], [False, False, True], 0).points == (0, 5, 30)
    # a stuck round: the fewest cards win
    assert score_round([3, 2, 2], [False, False, False], None).winners == (1, 2)
    # the last player left with fewer than four players counts their cards
    assert score_round([4, 0, 0], [False, True, True], 0, survivor=True).points == (4, 30, 30)


def test_carts_score_survivor():
    state = start(["Wa7 E13 Wi2", "", "", " ".join(BIG[:24]) + " F1"], stock="E5 Wi6 F13", out=[1, 2],
                  scores=[12, 40, 35, 50], scoring=True)
    after = play(state, "play Wa7", "draw 2")
    assert "carts.score.survivor" in rules_of(after)
    assert after.sheet.totals == (0, 70, 65, 80)  # 12 − 20 stops at 0
    assert not after.is_over and after.round_no == 1  # nobody has 100: the next round is dealt
    assert score_round([3, 0, 0, 0], [False, True, True, True], 0, totals=[50, 0, 0, 0],
                       survivor=True).points == (-20, 30, 30, 30)


def test_carts_match():
    state = start(["F7", "E3 Wa5 Wi9 E10 F2", "Wi4 E1 F13"], pile="F9", stock="E2 E5", scores=[20, 96, 60],
                  scoring=True)
    after = play(state, "play F7")
    assert after.is_over and after.result().scores == (20, 101, 63) and after.result().winners == (0,)
    assert after.result().breakdown[0].startswith("Earlier rounds")
    assert "reached 100" in after.events[-1].text


def test_carts_match_of_rounds_deals_again_to_the_left():
    state = GAME.start(players=3, seed=5, scoring=True, rounds=2)
    bot = make_bot("carts-tity", "strong", 1)
    while state.round_no == 0:
        state = state.apply(bot.choose(state))
    assert state.dealer == 0 and state.current == 1 and state.swaps == (3, 3, 3)
    assert all(len(h) == 8 for h in state.hands) and "Round 2" in state.status()
    while not state.is_over:
        state = state.apply(bot.choose(state))
    assert len(state.sheet.rows) == 2


@pytest.mark.parametrize("option, value", [("rounds", -1), ("rounds", 101), ("target", 0)])
def test_options_out_of_range_are_refused_by_name(option, value):
    with pytest.raises(ValueError, match=f"option {option}"):
        GAME.start(seed=1, **{option: value})


# ---------------------------------------------------------------- the table, notation, bots


def test_view_shows_stock_pile_chain_swaps_and_markers():
    state = start(["Wa2 Wi10 E13 Wa4", "F5 E6 Wi1"], pile="F7", stock="Wi8 E9 F1 Wa11 E2 Wi6")
    after = play(state, "swap")
    view = after.view(1)
    assert view.stock == 2 and view.piles[0].top_only and view.piles[0].cards[-1] == ElementCard.parse("F7")
    assert view.seats[0].info == "2 swaps left · misses the next turn"
    assert all(c is None for c in view.seats[0].hand) and None not in view.seats[1].hand
    assert "Jory misses the next turn" in after.status()


def test_notation_round_trips():
    for text in ("play F7", "draw", "draw 4", "skip", "swap", "last card"):
        assert str(parse_action(text)) == text
    assert parse_action("Last card!") == CALL and parse_action("play wind 7") == CardPlay(ElementCard.parse("Wi7"))
    assert parse_action("draw 3") == PayChain(3)
    for bad in ("play", "play X9", "jump", "draw x", 5):
        with pytest.raises(IllegalMove):
            parse_action(bad)


def test_heuristic_remembers_the_last_card_and_says_why():
    state = start(["F7 E3", "E12 Wa5 Wi13 F2"], pile="F9", stock="E6 Wa4")
    action, reason = heuristic(state, random.Random(0))
    assert action == CALL and "Last card" in reason
    action, reason = heuristic(play(state, "last card"), random.Random(0))
    assert action == CardPlay(ElementCard.parse("F7")) and reason


def test_heuristic_answers_a_chain_and_swaps_a_bad_hand():
    state = play(start(["Wa7 E13 Wi2 F1", "E8 Wa12 F3 Wi11"], stock="E6 Wi7"), "play Wa7")
    action, reason = heuristic(state, random.Random(0))
    assert action == CardPlay(ElementCard.parse("E8")) and "Answer" in reason
    bad = start(["Wa2 Wi10 E13 Wa4 E1 Wi1 Wa1 E2 Wi3", "F5 E6"], pile="F7", stock="Wi8 E9 F1 Wa11 E3 Wi6 Wa9 E5 Wi5")
    action, reason = heuristic(bad, random.Random(0))
    assert action == SWAP and "swap" in reason


def test_the_random_bot_forgets_the_last_card_and_the_heuristic_does_not():
    forgot = remembered = 0
    for seed in range(60):
        for level in ("random", "strong"):
            state = GAME.start(players=2, seed=seed)
            bot = make_bot("carts-tity", level, seed)
            while not state.is_over:
                state = state.apply(bot.choose(state))
                if "carts.last-card.forgot" in rules_of(state):
                    if level == "random":
                        forgot += 1
                    else:
                        remembered += 1
    assert forgot > 0 and remembered == 0


def test_the_heuristic_beats_random_play():
    wins = 0
    for seed in range(40):
        state = GAME.start(players=2, seed=100 + seed)
        bots = [make_bot("carts-tity", "strong", seed), make_bot("carts-tity", "random", seed)]
        while not state.is_over:
            state = state.apply(bots[state.current].choose(state))
        wins += 0 in state.result().winners
    assert wins >= 30


# ---------------------------------------------------------------- every option on, random games


ALL_OPTIONS = dict(sixteen=True, last_card=True, overflow=True, penalised_plays=True, scoring=True, rounds=1,
                   survivor=True)


def test_random_games_with_every_option_conserve_cards_end_and_replay():
    """A few hundred random games, every option on (chains doubling in half of them): cards are conserved
    as multisets, every game ends, only legal moves are made, and the record replays from JSON."""
    seen = set()
    for seed in range(240):
        players = 2 + seed % 6
        state = GAME.start(players=players, seed=seed, chain_doubles=seed % 2 == 1, **ALL_OPTIONS)
        rng = random.Random(seed)
        pack = Counter(state.cards())
        moves = []
        while not state.is_over:
            legal = state.legal_actions()
            assert legal and len(moves) <= GAME.max_actions
            action = rng.choice(legal)
            moves.append(str(action))
            state = state.apply(action)
            seen.update(rules_of(state))
            if len(moves) % 25 == 0:
                assert Counter(state.cards()) == pack
        assert Counter(state.cards()) == pack and state.result().winners
        if seed % 20 == 0:
            record = Record.from_json(Record("carts-tity", players, seed, options=dict(
                ALL_OPTIONS, chain_doubles=seed % 2 == 1), actions=tuple(moves)).to_json())
            assert replay(record)[-1] == state
    assert {"carts.sixteen", "carts.chain.double", "carts.chain.plays-on", "carts.last-card.forgot",
            "carts.one-card", "carts.overflow", "carts.score", "carts.stock", "carts.swap"} <= seen


def test_the_quick_moves_agree_with_the_full_transition():
    """The common moves are made quickly in ``apply``; ``_Turn`` makes every move the long way.  Both must give
    the same state and the same events, whatever the options."""
    from tutor.games.carts_tity.turns import _Turn

    for seed in range(30):
        options = dict(sixteen=seed % 2 == 0, chain_doubles=seed % 3 == 0, penalised_plays=seed % 4 == 0,
                       last_card=seed % 5 != 0, overflow=seed % 7 != 0)
        state = GAME.start(players=2 + seed % 4, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            me, kind = state.current, type(action)
            quick = state.apply(action)
            if kind is CardPlay:
                assert quick == _Turn(state).play(me, action.card)
            elif kind is type(DRAW):
                assert quick == _Turn(state).draw_one(me)
            elif kind is PayChain:
                assert quick == _Turn(state).pay(me)
            elif kind is type(SKIP):
                assert quick == _Turn(state).skip(me)
            state = quick


def test_the_expert_tries_moves_in_imagined_games():
    from tutor.games.carts_tity.bot import search

    state = GAME.start(players=2, seed=8)
    rng = random.Random(1)
    for _ in range(6):
        legal = state.legal_actions()
        action, reason = search(state, rng, budget=0.01)
        assert action in legal and reason
        state = state.apply(action)
    bot = make_bot("carts-tity", "expert", 3)
    assert bot.choose(state) in state.legal_actions()
