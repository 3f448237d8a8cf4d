"""Gnav's expert (``search``): a legal call with its reason in words, no look at hidden cards, better calls than
the rule of thumb where what the table has shown settles it, and whole games that end."""

import random
import re

import pytest

from tutor.bots import make_bot
from tutor.cards import GnavCard
from tutor.games import get_game
from tutor.games.gnav import CHANGE, STAND, bot
from tutor.games.gnav.bot import RoundReading, heuristic, search

from .scenario import play

GAME = get_game("gnav")
NAMES = ["Ola", "Kari", "Per", "Liv", "Ann", "Ben"]
LEAST = 40  # guesses per decision in these tests (budget 0: exactly this many, so a seed fixes the answer)


def start(hands, stock=(), counters=None):
    """A prepared round: one card per seat; the dealer is the last seat, so Ola (seat 0) moves first."""
    deal = {"hands": [h.split() for h in hands], "stock": stock.split() if isinstance(stock, str) else list(stock)}
    if counters is not None:
        deal["counters"] = list(counters)
    return GAME.start(players=len(hands), deal=deal, names=NAMES[:len(hands)])


def plain_words(reason):
    """One or two sentences a learner reads: no rule ids, no code."""
    assert reason and reason[0].isupper() and reason.rstrip().endswith(".")
    assert not re.search(r"gnav\.|_|\(\)|heuristic|search|Call\(", reason)
    assert len(re.findall(r"[.!?](\s|$)", reason)) <= 2


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_expert_calls_legally_and_says_why(players):
    rng = random.Random(players)
    state = GAME.start(players=players, seed=players)
    for _ in range(30):
        if state.is_over:
            break
        action, reason = search(state, rng, budget=0, least=4)
        assert action in state.legal_actions()
        plain_words(reason)
        assert "4 guessed rounds" in reason
        state = state.apply(action)


def test_the_reason_names_both_calls_with_how_often_each_paid():
    state = start(["5", "9", "2", "7"])
    action, reason = search(state, random.Random(1), budget=0, least=LEAST)
    assert re.fullmatch(r"(Standing on the five|Changing with Kari) made me pay a counter in \d+% of 40 guessed "
                        r"rounds; (standing on the five|changing with Kari), in \d+%\.", reason)
    assert reason.lower().startswith("standing" if action == STAND else "changing")
    dealer = play(start(["5", "9", "2", "7"]), "stand", "stand", "stand")
    assert "changing with the stock" in search(dealer, random.Random(1), budget=0, least=4)[1].lower()


def test_the_search_is_repeatable_with_a_fixed_number_of_guesses():
    state = start(["4", "9", "2", "7", "OWL"])
    first = search(state, random.Random(7), budget=0, least=LEAST)
    assert first == search(state, random.Random(7), budget=0, least=LEAST)


# ---------------------------------------------------------------- what the table has shown


def test_a_knocked_neighbour_still_holds_the_fool():
    """Kari knocked (she was dealt a Fool) and has not moved: changing with her takes the Fool, which always loses.
    The rule of thumb changes a three; the search stands."""
    state = start(["3", "FOOL", "9", "7"])
    assert state.knocked == (1,)
    assert heuristic(state, random.Random(0))[0] == CHANGE
    for seed in range(3):
        action, reason = search(state, random.Random(seed), budget=0, least=LEAST)
        assert action == STAND, reason
        paid = [int(n) for n in re.findall(r"(\d+)%", reason)]
        assert reason.startswith("Standing on the three") and paid[0] < paid[1]
        assert paid[1] >= 90  # only a Cat further on, sending every card back, saves the Fool
        plain_words(reason)


def test_the_dealer_knows_where_the_card_they_were_dealt_went():
    """Ola changed with Kari, the dealer: Ola now holds the two Kari was dealt, so Kari's four cannot lose by
    standing, while changing with the stock might.  The rule of thumb changes a four."""
    state = play(start(["4", "2"]), "change")
    assert state.current == 1 and state.hands[1] == GnavCard.parse("4")
    assert heuristic(state, random.Random(0))[0] == CHANGE
    action, reason = search(state, random.Random(0), budget=0, least=LEAST)
    assert action == STAND and reason.startswith("Standing on the four made me pay a counter in 0% of 40")


def test_the_reading_deals_only_what_the_mover_cannot_see():
    state = play(start(["5", "2", "FOOL", "9", "OWL"], "HORSE 12"), "change")  # Ola changes with Kari
    assert state.current == 1 and state.hands[1] == GnavCard.parse("5")
    reading = RoundReading(state)
    rng = random.Random(3)
    for _ in range(50):
        world = reading.guess(rng)
        assert world.hands[1] == state.hands[1] and world.dealt[1] == state.dealt[1]  # Kari's own cards
        assert world.hands[0] == GnavCard.parse("2")  # Ola took the two Kari was dealt
        assert world.hands[2] == GnavCard.parse("FOOL")  # Per knocked and has not moved
        assert GnavCard.parse("FOOL") not in (world.hands[3], world.hands[4])  # nobody else knocked
        assert sorted(c for c in world.cards()) == sorted(GAME.start(players=5, seed=1).cards())


# ---------------------------------------------------------------- no look at the hidden cards


def _two_tables():
    """Two rounds alike in everything Ola can see (her card, the dealer, the counters, nobody knocked); Kari, her
    left-hand neighbour, holds a twelve in one and the Pot in the other, and the stocks differ."""
    one = start(["5", "12", "2", "7"], "9 3 HOUSE")
    two = start(["5", "POT", "2", "7"], "12 CUCKOO 1")
    assert one.hands[0] == two.hands[0] and one.knocked == two.knocked == () and one.hands != two.hands
    assert len(one.stock) == len(two.stock) and one.aside == two.aside
    return one, two


def test_the_expert_never_looks_at_hidden_cards():
    one, two = _two_tables()
    for seed in range(3):
        assert search(one, random.Random(seed), budget=0, least=LEAST) == \
            search(two, random.Random(seed), budget=0, least=LEAST)


def test_a_bot_that_looked_would_be_caught(monkeypatch):
    """The same comparison finds a search that plays its rounds out in the real deal: it changes for Kari's twelve
    and stands rather than take her Pot."""
    one, two = _two_tables()
    monkeypatch.setattr(bot.RoundReading, "guess", lambda self, rng: self.state)
    assert search(one, random.Random(0), budget=0, least=LEAST)[0] == CHANGE
    assert search(two, random.Random(0), budget=0, least=LEAST)[0] == STAND


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_game_of_experts_ends(players):
    state = GAME.start(players=players, seed=200 + players)
    rng = random.Random(players)
    for _ in range(GAME.max_actions):
        if state.is_over:
            break
        state = state.apply(search(state, rng, budget=0, least=2)[0])
    assert state.is_over and state.result().winners


def test_the_expert_level_uses_the_search():
    state = start(["5", "9", "2", "7"])
    action, reason = make_bot(GAME.slug, "expert", 1).explain(state)
    assert action in state.legal_actions() and "guessed rounds" in reason
