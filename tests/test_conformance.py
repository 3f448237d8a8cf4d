"""One conformance suite over every registered game (later games get it for free).

Random games from many seeds: cards are conserved, only legal actions are
accepted, an illegal action raises naming a lesson rule and changes nothing,
every game ends within its bound, the same seed gives the same game, records
round-trip JSON, and every rule id an event cites is in the game's lesson.
"""

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tutor.bots import make_bot
from tutor.engine import IllegalMove, Record
from tutor.games import GAMES, WHERE, register, replay
from tutor.lessons import load_lesson

SLUGS = sorted(GAMES)


def player_counts(game):
    return st.integers(game.min_players, min(game.max_players, game.min_players + 5))


def random_game(game, players, seed, bot_seed, level="random"):
    """Play to the end with bots; return the states and the record."""
    state = game.start(players=players, seed=seed)
    bot = make_bot(game.slug, level, bot_seed)
    states, actions = [state], []
    while not state.is_over:
        assert len(states) <= game.max_actions, f"{game.slug} did not end within {game.max_actions} actions"
        action = bot.choose(state)
        actions.append(str(action))
        state = state.apply(action)
        states.append(state)
    return states, dataclasses.replace(states[0].setup, actions=tuple(actions))  # one copy, not one per action


def allowed_now(state):
    """Every move ``apply`` must accept now: the mover's legal actions and every seat's out-of-turn offers."""
    moves = list(state.legal_actions())
    for seat in state.current_players:
        moves += [a for a in state.offers(seat) if a not in moves]
    return moves


def illegal_candidates(state, game, seen):
    """Well-formed actions the position must refuse: every action legal somewhere earlier in the game,
    and every move a learner may try with a card of the mover's hand, that is not legal now (plus junk)."""
    legal = {str(a) for a in allowed_now(state)}
    out = [None, "not an action", 42]
    tries = list(seen)
    if not state.is_over:
        me = state.current_player
        for card in state.view(me).seats[me].hand:
            tries.extend(str(a) for a in state.candidate_actions(card))
    for text in dict.fromkeys(tries):
        if text in legal:
            continue
        try:
            action = game.parse_action(state, text)
        except (IllegalMove, ValueError):
            continue
        if str(action) not in legal:
            out.append(action)
    return out


@pytest.mark.parametrize("slug", SLUGS)
@given(data=st.data())
def test_random_games_conserve_cards_end_and_replay(slug, data):
    game = GAMES[slug]
    players = data.draw(player_counts(game), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    level = data.draw(st.sampled_from(["random", "strong"]), label="bot")
    states, record = random_game(game, players, seed, seed ^ 1, level)
    start_cards = Counter(states[0].cards())
    lesson_ids = set(load_lesson(slug).ids)
    # The deal says what it did: the play app reads the rules of the first state's events as those that start a deal.
    assert states[0].events, f"{slug}: the start emits no event (the deal's, citing its rule)"
    for state in states:
        assert Counter(state.cards()) == start_cards
        for event in state.events:
            assert event.rule in lesson_ids, f"{event.rule} is not in the {slug} lesson"
        if not state.is_over:
            assert state.legal_actions(), "a game that is not over must offer a move"
            assert state.current_player is not None
    assert states[-1].is_over and states[-1].current_player is None
    assert states[-1].legal_actions() == []
    result = states[-1].result()
    assert len(result.scores) == players and result.winners
    again = Record.from_json(record.to_json())
    assert replay(again)[-1] == states[-1]
    assert random_game(game, players, seed, seed ^ 1, level)[0][-1] == states[-1], "same seed, same game"


def probe(game, seed, steps):
    """Play ``steps`` random moves, trying every well-formed illegal action on the way; count those tried."""
    rng = random.Random(seed)
    state = game.start(players=game.default_players, seed=seed)
    lesson_ids = set(load_lesson(game.slug).ids)
    seen: dict[str, None] = {}
    tried = 0
    for _ in range(steps + 1):
        before = (state, repr(state), hash(state))
        for action in illegal_candidates(state, game, seen):
            with pytest.raises(IllegalMove) as info:
                state.apply(action)
            assert info.value.rule in lesson_ids and info.value.reason
            assert (state, repr(state), hash(state)) == before
            tried += action is not None and not isinstance(action, (str, int))
        if state.is_over:
            break
        seen.update((str(a), None) for a in state.legal_actions())
        state = state.apply(rng.choice(state.legal_actions()))
    return tried


@pytest.mark.parametrize("slug", SLUGS)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 60))
def test_illegal_actions_raise_name_a_lesson_rule_and_change_nothing(slug, seed, steps):
    probe(GAMES[slug], seed, steps)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_illegal_move_probe_finds_well_formed_illegal_actions(slug):
    """The probe above could pass by trying nothing; here it must try real (well-formed) illegal actions."""
    assert sum(probe(GAMES[slug], seed, 40) for seed in range(3)) > 0


@pytest.mark.parametrize("slug", SLUGS)
def test_every_legal_action_applies_and_round_trips_its_text(slug):
    game = GAMES[slug]
    state = game.start(seed=3)
    for _ in range(30):
        if state.is_over:
            break
        for action in state.legal_actions():
            assert game.parse_action(state, str(action)) == action
            state.apply(action)
        state = state.apply(state.legal_actions()[-1])


@pytest.mark.parametrize("slug", SLUGS)
def test_different_seeds_give_different_deals(slug):
    game = GAMES[slug]
    deals = {repr(game.start(seed=s).view(None).seats) for s in range(5)}
    assert len(deals) == 5


@pytest.mark.parametrize("slug", SLUGS)
def test_views_hide_other_hands(slug):
    game = GAMES[slug]
    state = game.start(seed=9)
    for viewer in range(len(state.view(None).seats)):
        view = state.view(viewer)
        for seat, info in enumerate(view.seats):
            if seat != viewer:
                assert all(card is None for card in info.hand)
            else:
                assert None not in info.hand


class GameMachine(RuleBasedStateMachine):
    """Stateful check: random moves, shrinking to a minimal failing move list."""

    @initialize(slug=st.sampled_from(SLUGS), seed=st.integers(0, 10_000))
    def start(self, slug, seed):
        self.game = GAMES[slug]
        self.state = self.game.start(seed=seed)
        self.cards = Counter(self.state.cards())

    @precondition(lambda self: hasattr(self, "state") and self.state.is_over)
    @rule(seed=st.integers(0, 10_000))
    def deal_again(self, seed):
        self.start(self.game.slug, seed)

    @precondition(lambda self: hasattr(self, "state") and not self.state.is_over)
    @rule(pick=st.integers(0, 10_000))
    def move(self, pick):
        legal = self.state.legal_actions()
        self.state = self.state.apply(legal[pick % len(legal)])

    @invariant()
    def conserved(self):
        if hasattr(self, "state"):
            assert Counter(self.state.cards()) == self.cards


TestGameMachine = GameMachine.TestCase


def test_the_registry_holds_gwaris_games_and_the_tests_own_war_which_gwari_never_ships():
    assert "war" in GAMES and "war" not in WHERE and set(WHERE) < set(GAMES)
    register("war", "tests.ninth.war", "WAR", lessons=GAMES.where("war").lessons,
             play_minutes="tests.ninth.play_minutes")  # the same place again: nothing changes
    for slug, module, words in [("war", "elsewhere.war", "already a game"), ("War Two", "x", "lower-case"),
                                ("", "x", "slug"), ("snap", "", "module")]:
        with pytest.raises(ValueError, match=words):
            register(slug, module, "SNAP")
