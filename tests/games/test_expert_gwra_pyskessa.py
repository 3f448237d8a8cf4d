"""Gwra Pyskessa's expert (``search``): legal asks with reasons in words, no look at hidden cards, a better ask than
the rule of thumb where the arithmetic of the hands shows one, and whole games that end."""

import random
import re

import pytest

from tutor.bots import make_bot
from tutor.cards import Rank
from tutor.games import get_game
from tutor.games.gwra_pyskessa import Ask, bot
from tutor.games.gwra_pyskessa.bot import (heuristic, known_holdings, quick_ask, remembering_choice, search,
                                           what_the_record_shows)

GAME = get_game("gwra-pyskessa")
NAMES3 = ["Joe", "Vicki", "Pol"]
LEAST = 12  # guesses per decision in these tests (budget 0: exactly this many, so a seed fixes the answer)


def start(hands, stock=(), sets=None, current=None):
    deal = {"hands": [h.split() for h in hands], "stock": stock.split() if isinstance(stock, str) else list(stock)}
    if sets is not None:
        deal["sets"] = sets
    if current is not None:
        deal["current"] = current
    return GAME.start(players=len(hands), deal=deal, names=(NAMES3 + ["Ann", "Ben", "Cat"])[:len(hands)])


def plain_words(reason):
    """One or two sentences a learner reads: no rule ids, no code."""
    assert reason and reason[0].isupper() and reason.rstrip().endswith(".")
    assert not re.search(r"pyskessa\.|_|\(\)|heuristic|search|Ask\(", reason)
    assert len(re.findall(r"[.!?](\s|$)", reason)) <= 2


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_expert_asks_legally_and_says_why(players):
    rng = random.Random(players)
    state = GAME.start(players=players, seed=players)
    searched = 0
    for _ in range(40):
        if state.is_over:
            break
        action, reason = search(state, rng, budget=0, least=2)
        assert action in state.legal_actions()
        plain_words(reason)
        searched += "ways" in reason
        state = state.apply(action)
    assert searched


def test_the_searched_reason_names_the_two_best_asks_with_their_results():
    state = start(["7S 9H KC KS", "4S 7D QH AD", "2C 5D 8S 10H"], "3D 6S 9C JH QS")
    action, reason = search(state, random.Random(3), budget=0, least=LEAST)
    asks = re.findall(r"asking (Vicki|Pol) for (\w+)", reason)
    assert len(asks) == 2 and asks[0] != asks[1]
    assert asks[0] == (state.names[action.target], action.rank.english_plural)
    assert reason.startswith(f"Guessing the hidden cards {LEAST} ways")
    assert len(re.findall(r"\d+%", reason)) == 2


def test_a_single_legal_ask_is_made_at_once():
    state = start(["7S", "7H 2C"], "3D 6S")
    assert state.legal_actions() == [Ask(1, Rank.SEVEN)]
    action, reason = search(state, random.Random(0), budget=0, least=LEAST)
    assert action == Ask(1, Rank.SEVEN) and "only" in reason
    plain_words(reason)


def test_an_ask_sure_to_fail_is_not_weighed():
    """Vicki has no cards, so asking her is sure to get "Nag eus": the one other ask is made at once."""
    state = GAME.start(players=3, deal={"hands": [["7S"], [], ["KC", "7H"]], "stock": ["3D", "6S"], "current": 0},
                       names=NAMES3)
    assert state.legal_actions() == [Ask(1, Rank.SEVEN), Ask(2, Rank.SEVEN)]
    action, reason = search(state, random.Random(0), budget=0, least=LEAST)
    assert action == Ask(2, Rank.SEVEN) and reason.startswith("Every other ask is sure to get 'Nag eus'; Pol")
    plain_words(reason)


def test_a_certain_catch_is_taken():
    """The rule book's example: Joe's ask showed he holds sevens, so Vicki asks him for them (nothing to guess)."""
    deal = {"hands": ["7S 9H JD KC KS".split(), "4S 7D 7C QH AD".split(), "7H 2C 5D 8S 10H".split()],
            "stock": "3D 6S 9C JH QS".split()}
    state = GAME.start(players=3, deal=deal, names=NAMES3)
    state = state.apply(Ask(2, Rank.SEVEN)).apply(Ask(1, Rank.KING))  # Joe catches Pol's seven, then fishes
    assert state.current == 1
    action, reason = search(state, random.Random(0), budget=0, least=LEAST)
    assert action == Ask(0, Rank.SEVEN)
    assert "Joe" in reason and "sevens" in reason
    plain_words(reason)


# ---------------------------------------------------------------- what the record shows


def test_the_record_shows_who_holds_a_rank_and_who_cannot():
    deal = {"hands": ["7S 9H JD KC KS".split(), "4S 7D 7C QH AD".split(), "7H 2C 5D 8S 10H".split()],
            "stock": "3D 6S 9C JH QS".split()}
    state = GAME.start(players=3, deal=deal, names=NAMES3)
    state = state.apply(Ask(2, Rank.SEVEN))  # Joe: Pol hands over a seven
    least, most = what_the_record_shows(state)
    assert least[0, Rank.SEVEN] == 2 and most[2, Rank.SEVEN] == 0
    state = state.apply(Ask(1, Rank.KING))  # Joe: "Nag eus", and Joe draws
    least, most = what_the_record_shows(state)
    assert least[0, Rank.KING] == 1 and most[1, Rank.KING] == 0
    assert most[2, Rank.SEVEN] == 0  # Pol has not drawn since
    state = state.apply(Ask(0, Rank.QUEEN))  # Vicki asks Joe for queens: "Nag eus", Vicki draws
    least, most = what_the_record_shows(state)
    assert most[0, Rank.QUEEN] == 0 and most[1, Rank.KING] == 1  # Vicki's draw may have been a king
    assert least[1, Rank.QUEEN] == 1


def test_the_play_out_rule_of_thumb_is_the_strong_bots_own():
    """``quick_ask``, fed the record as it grows, asks exactly what ``remembering_choice`` asks."""
    for seed in range(20):
        players = 2 + seed % 5
        state = GAME.start(players=players, seed=seed, ask_empty_hands=seed % 4 != 1)
        slow, quick = random.Random(seed), random.Random(seed)
        while not state.is_over:
            known = {}  # the whole record, read as known_holdings reads it (a laid rank is never asked for)
            for asker, target, rank, _given in state.asks:
                known[asker, rank], known[target, rank] = True, False
            assert {k: v for k, v in known.items() if k[1] not in sum(state.sets, ())} == known_holdings(state)
            action = remembering_choice(state, slow)[0]
            assert quick_ask(state, known, quick) == action
            state = state.apply(action)


# ---------------------------------------------------------------- no look at the hidden cards


def _two_tables():
    """Two tables alike in everything Joe can know, after the same three asks: Joe's hand, the hand sizes, the
    stock's size and the record.  Only the seven Joe is missing lies with Vicki in one and with Pol in the other."""
    joe, top = "7S 9H JD KC KS", "AH 6S 3D"
    dealt = set((joe + " " + top + " QH 4S 7D 2D 8C 4H 10S 3C 5C 6D").split())
    rest = " ".join(str(c) for c in GAME.start(players=3, seed=0).cards() if str(c) not in dealt)
    one = start([joe, "QH 4S 7D 2D 8C", "4H 10S 3C 5C 6D"], f"{top} {rest}", current=0)
    two = start([joe, "QH 4S 10S 2D 8C", "4H 7D 3C 5C 6D"], f"{top} {rest}", current=0)
    tables = []
    for state in (one, two):
        # Joe asks Vicki for nines (no: Joe draws the ace); Vicki asks Pol for queens (no); Pol asks Joe for fours.
        state = state.apply(Ask(1, Rank.NINE)).apply(Ask(2, Rank.QUEEN)).apply(Ask(0, Rank.FOUR))
        tables.append(state)
    one, two = tables
    assert one.current == two.current == 0 and one.hands[0] == two.hands[0] and one.asks == two.asks
    assert [len(h) for h in one.hands] == [len(h) for h in two.hands] and len(one.stock) == len(two.stock)
    assert one.sets == two.sets and one.hands != two.hands
    return one, two


def test_the_expert_never_looks_at_hidden_cards():
    one, two = _two_tables()
    for seed in range(3):
        assert search(one, random.Random(seed), budget=0, least=LEAST) == \
            search(two, random.Random(seed), budget=0, least=LEAST)


def test_a_bot_that_looked_would_be_caught(monkeypatch):
    """The same comparison finds a search that plays its games out in the real deal instead of guessed ones."""
    one, two = _two_tables()
    monkeypatch.setattr(bot._Table, "guess", lambda self, rng: (self.state, rng.randrange(1 << 30)))
    looked = [(search(one, random.Random(seed), budget=0, least=LEAST),
               search(two, random.Random(seed), budget=0, least=LEAST)) for seed in range(3)]
    assert any(a != b for a, b in looked)
    assert any(a[0] != b[0] for a, b in looked)


# ---------------------------------------------------------------- a better ask than the rule of thumb


def test_the_expert_asks_the_full_hand_where_the_rule_of_thumb_may_not():
    """The stock is empty and ten ranks are down.  Joe holds three kings and a seven; the eight cards he cannot see
    (a king, three sevens, four twos) are all in Vicki's one card and Pol's seven, so Pol surely holds sevens and
    almost surely the king.  The rule of thumb asks for kings, of Vicki or of Pol at random; the search asks Pol."""
    state = start(["KS KH KD 7S", "2S", "KC 7H 7D 7C 2H 2D 2C"], "",
                  sets=[["3", "4", "5"], ["6", "8", "9", "10"], ["J", "Q", "A"]], current=0)
    picks = {remembering_choice(state, random.Random(seed))[0] for seed in range(20)}
    assert picks == {Ask(1, Rank.KING), Ask(2, Rank.KING)}  # Vicki half the time: one chance in eight
    for seed in range(3):
        action, reason = search(state, random.Random(seed), budget=0, least=LEAST)
        assert action.target == 2, reason
        plain_words(reason)


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_game_of_experts_ends(players):
    state = GAME.start(players=players, seed=100 + players)
    rng = random.Random(players)
    for _ in range(GAME.max_actions):
        if state.is_over:
            break
        state = state.apply(search(state, rng, budget=0, least=1)[0])
    assert state.is_over and state.result().winners


def test_the_expert_level_uses_the_search():
    state = start(["7S 9H KC KS", "4S 7D QH AD", "2C 5D 8S 10H"], "3D 6S 9C JH QS")
    action, reason = make_bot(GAME.slug, "expert", 1).explain(state)
    assert action in state.legal_actions() and reason.startswith("Guessing the hidden cards")
    assert heuristic(state, random.Random(0))[1] != reason
