"""Pig's expert bot: the pass chosen by a determinized search over what the mover may know, from explicit deals."""

import random
from dataclasses import replace

from tutor.bots import make_bot
from tutor.cards import Card, parse_cards
from tutor.games import get_game
from tutor.games.pig import NOSE, Pass
from tutor.games.pig import bot as pig_bot
from tutor.games.pig.bot import _pass_ranks, heuristic, search

from .scenario import play

GAME = get_game("pig")
# Four players, the dealer seat 3, so seats pass in the order 0, 1, 2, 3.  In the first round seat 0 passes the
# Q♠, seat 1 the A♦, seat 2 the Q♦ and seat 3 the Q♣: seat 2 is handed the A♦ and knows seat 3 holds the Q♦.  In
# the second round seats 0 and 1 have chosen their cards (face down) and seat 2 is to pass.
DEAL = ["AS AH KS QS", "AD KH KD QH", "AC KC QD JS", "QC JH JD JC"]
FIRST_ROUND = ["pass QS", "pass AD", "pass QD", "pass QC"]


def start(hands, **options):
    return GAME.start(players=len(hands), deal={"hands": [h.split() for h in hands]}, **options)


def seat_2_to_pass():
    state = play(start(DEAL), *FIRST_ROUND, "pass QC", "pass QS")
    assert state.current_player == 2 and state.chosen[:2] != (None, None)
    assert state.hands[2] == tuple(sorted(parse_cards("AC KC JS AD"))) and state.received[2] == Card.parse("AD")
    return state


def hands(*texts):
    return tuple(tuple(sorted(parse_cards(t))) for t in texts)


def plain_words(reason):
    assert reason and reason[0].isupper() and reason.endswith(".")
    assert "pig." not in reason and "_" not in reason and "heuristic" not in reason and "search" not in reason


def test_expert_passes_a_card_it_holds_and_says_why_in_plain_words():
    for state in (seat_2_to_pass(), start(DEAL), GAME.start(players=13, seed=3), GAME.start(players=3, seed=1)):
        action, reason = search(state, random.Random(1), 0, 20)
        assert action in state.legal_actions() and isinstance(action, Pass)
        plain_words(reason)
        first, second = reason.split("; ")
        assert first.startswith("In 20 guessed deals, passing the ") and "left me the pig" in first
        assert second.startswith("passing the ") and second.endswith("%.")


def test_expert_leaves_the_signal_and_the_race_to_the_rule_of_thumb():
    four = start(["AS AH AD AC", "KS KH KD QH", "KC QS QD QC"])
    assert search(four, random.Random(0), 0, 5) == heuristic(four, random.Random(0))
    assert search(four, random.Random(0), 0, 5)[0] is NOSE
    race = play(four, "nose")
    assert race.touched and search(race, random.Random(2)) == heuristic(race, random.Random(2))


def test_expert_keeps_three_of_a_kind():
    state = start(["AS AH AD KS", "KH KD QH QS", "AC KC QD QC"])
    action, reason = search(state, random.Random(4), 0, 30)
    assert action == Pass(Card.parse("KS"))
    assert reason.startswith("In 30 guessed deals, passing the K♠ left me the pig ")
    assert "; passing the A♠, " in reason


def twin_of(state):
    """The same position as seat 2 sees it: the cards it cannot see dealt otherwise (seat 3 still holds the Q♦ seat
    2 passed it), seats 0 and 1 having chosen other cards, and the others handed other cards in the last pass."""
    assert state.hands == hands("AS AH KS QC", "KH KD QH QS", "AC KC JS AD", "JH JD JC QD")
    twin = replace(state, hands=hands("AS KH KD QS", "AH KS QC JH", "AC KC JS AD", "QH JD JC QD"),
                   chosen=(Card.parse("KD"), Card.parse("JH"), None, None),
                   received=(Card.parse("KH"), Card.parse("KS"), state.received[2], state.received[3]))
    assert twin.hands[2] == state.hands[2] and sorted(twin.cards()) == sorted(state.cards())
    return twin


class Peeking(pig_bot._Table):
    """A search that cheats: every guessed deal is the real one."""

    def __init__(self, state):
        super().__init__(state)
        self.real = [[int(c.rank) for c in state.hands[seat]] for seat in self.order]

    def guess(self, rng):
        return [h[:] for h in self.real], rng.randrange(1 << 30)


def test_expert_never_peeks_at_the_hidden_hands_or_the_chosen_cards(monkeypatch):
    state = seat_2_to_pass()
    twin = twin_of(state)
    assert search(state, random.Random(7), 0, 40) == search(twin, random.Random(7), 0, 40)
    # The test can tell: a search that reads the real hands answers the two positions differently.
    monkeypatch.setattr(pig_bot, "_Table", Peeking)
    assert search(state, random.Random(7), 0, 40) != search(twin, random.Random(7), 0, 40)


def test_the_played_out_passes_follow_the_rule_of_thumb():
    rng = random.Random(0)
    for seed in range(40):
        state = GAME.start(players=5, seed=seed)
        if len(state.legal_actions()) == 1:
            continue
        hand = state.hands[state.current]
        drawn = {int(heuristic(state, rng)[0].card.rank) for _ in range(60)}
        assert drawn == set(_pass_ranks(tuple(sorted(int(c.rank) for c in hand))))


def test_expert_bots_play_whole_games_to_their_end():
    rng = random.Random(3)
    for players, options in ((3, {}), (13, {"short": True})):
        state = GAME.start(players=players, seed=5, **options)
        while state.current is not None:
            action, reason = search(state, rng, 0, 3)
            assert action in state.legal_actions() and reason
            state = state.apply(action)
        assert len(state.result().winners) >= 1
    expert = make_bot("pig", "expert", 0)
    position = seat_2_to_pass()
    action, reason = expert.explain(position)
    assert action in position.legal_actions() and "guessed deals" in reason
