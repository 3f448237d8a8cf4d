"""Chwech's expert bot: a determinized search over what the mover may know, from explicit deals and seeds."""

import random

from tutor.bots import make_bot
from tutor.games.chwech import PASS, CardPlay, Pass, parse_action
from tutor.games.chwech import bot as chwech_bot
from tutor.games.chwech.bot import heuristic, search
from tutor.games.chwech.packs import sort_key

from .test_chwech import BASE, GAME, run, start  # the rule scenarios' deal and how they play one out

# Four players: Jory (seat 0) wins the hearts and diamonds while Pol (seat 2) sheds four low cards under them; the
# spades are then all played but Pol's 9♠ and 10♠, and Tamsin passes the lead to Pol.
SPADES = ["KH QH KD QD 6S QS 6C 7C", "7S KS AS 8C 9C", "6H 7H 6D 7D 9S 10S", "8S JS 10C JC"]
SPADES_MOVES = ["play KH", "pass", "play 6H", "pass", "play QH", "pass", "play 7H", "pass",
                "play KD", "pass", "play 6D", "pass", "play QD", "pass", "play 7D", "pass",
                "play 6S", "play 7S", "pass", "play 8S", "play JS", "play QS", "play KS", "pass",
                "play AS", "pass", "pass", "pass", "pass"]


def middle_of_a_deal(seed=4, moves=14):
    """Six players dealt from ``seed``, ``moves`` rule-of-thumb moves in, at a move with a choice."""
    rng = random.Random(seed)
    state = GAME.start(players=6, seed=seed)
    for _ in range(moves):
        state = state.apply(heuristic(state, rng)[0])
    while len(state.legal_actions()) < 3:
        state = state.apply(heuristic(state, rng)[0])
    return state


def plain_words(reason):
    assert reason and reason[0].isupper() and reason.endswith(".")
    assert "chwech." not in reason and "_" not in reason and "heuristic" not in reason and "search" not in reason


def test_expert_plays_a_legal_move_and_says_why_in_plain_words():
    for state in (middle_of_a_deal(), GAME.start(players=4, seed=2), GAME.start(players=7, seed=3)):
        action, reason = search(state, random.Random(1), 0, 3)
        assert action in state.legal_actions()
        plain_words(reason)
        assert reason.startswith("In 3 guessed deals, ") and "points on average" in reason
    only = run(start(BASE), "play 7H", "play 9H")  # seat 2 holds no heart: passing is the only move
    assert only.legal_actions() == [PASS]
    action, reason = search(only, random.Random(1), 0, 3)
    assert action is PASS and "pass" in reason
    plain_words(reason)


def test_expert_names_the_two_best_moves_and_how_they_scored():
    state = middle_of_a_deal()
    _, reason = search(state, random.Random(2), 0, 5)
    first, second = reason.split("; ")
    assert first.startswith("In 5 guessed deals, ") and " scored me " in first
    assert any(second.startswith(w) for w in ("playing the ", "passing")) and second.rstrip(".").split(", ")[-1]


def with_other_hands_dealt_again(state, seed):
    """The same position, the cards the mover cannot see dealt again among the other seats (each to its size)."""
    me = state.current_player
    hidden = [c for seat, hand in enumerate(state.hands) if seat != me for c in hand]
    random.Random(seed).shuffle(hidden)
    hands, at = [], 0
    for seat, hand in enumerate(state.hands):
        if seat == me:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(hidden[at:at + len(hand)], key=sort_key)))
            at += len(hand)
    twin = state._replace(hands=tuple(hands))
    assert twin.hands != state.hands and twin.hands[me] == state.hands[me]
    assert [len(h) for h in twin.hands] == [len(h) for h in state.hands]
    return twin


class Peeking(chwech_bot._Deal):
    """A search that cheats: every guessed deal is the real one."""

    def guess(self, rng):
        world, seed = super().guess(rng)
        return world._replace(hands=self.state.hands), seed


def test_expert_never_peeks_at_the_hidden_hands(monkeypatch):
    for state in (middle_of_a_deal(), run(start(SPADES), *SPADES_MOVES[:17])):
        twin = with_other_hands_dealt_again(state, 11)
        assert search(state, random.Random(3), 0, 6) == search(twin, random.Random(3), 0, 6)
    # The test can tell: a search that reads the real hands answers the two positions differently.
    state = middle_of_a_deal()
    twin = with_other_hands_dealt_again(state, 11)
    monkeypatch.setattr(chwech_bot, "_Deal", Peeking)
    assert search(state, random.Random(3), 0, 6) != search(twin, random.Random(3), 0, 6)


def test_expert_passes_the_lead_rather_than_take_its_own_lead():
    state = run(start(SPADES), *SPADES_MOVES)
    # Pol has won nothing (a multiplier of 9) and holds only spades, every other spade is played: a spade led now
    # is a one-card trick Pol takes.  The rule of thumb leads low anyway; passing keeps 4 played × 9 = 36.
    assert state.current_player == 2 and state.leading and state.won[2] == ()
    assert sorted(map(str, state.legal_actions())) == ["pass", "play 10S", "play 9S"]
    assert heuristic(state, random.Random(0))[0] == CardPlay(parse_action("play 9S").card)
    action, reason = search(state, random.Random(0), 0, 8)
    assert isinstance(action, Pass)
    assert reason == ("In 8 guessed deals, passing the lead scored me 36.0 points on average by the end of the "
                      "deal; playing the 9♠, 12.0.")


def test_expert_bots_play_a_whole_match_to_its_end():
    rng = random.Random(5)
    state = GAME.start(players=4, seed=8, short=True)
    moves = 0
    while not state.is_over:
        action, reason = search(state, rng, 0, 1)
        assert action in state.legal_actions() and reason
        state = state.apply(action)
        moves += 1
    assert state.sheet.deals == 3 and moves <= 3 * GAME.max_actions
    expert = make_bot("chwech", "expert", 0)
    position = middle_of_a_deal()
    action, reason = expert.explain(position)
    assert action in position.legal_actions() and "guessed deals" in reason
