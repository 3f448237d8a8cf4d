"""The driver (``tutor.driver``), from explicit deals: a move checked without changing anything and applied once,
the record, narration, steps and bots' reasons kept, one rule for bots' seeds, a bot asked about a move out of turn
once, why ``run_bots`` stops, a race tick's moves, undo points, the view computed once per position and seat, and
the bots' levels checked."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import tutor.driver as driver_module
from tutor.bots import LEVELS
from tutor.driver import BotDefect, Driver, bot_seed
from tutor.engine import IllegalMove
from tutor.games import get_game

PYSKESSA = get_game("gwra-pyskessa")
PYMTHEG = get_game("pymtheg")
PIG = get_game("pig")

# Gwra Pyskessa, three players, the learner (seat 0) first: Tamsin (1) holds no king, so "ask 1 for K" is a
# "Nag eus" and the learner draws the stock's top card, when there is one.
HANDS = [["7S", "KH", "QD"], ["7C", "2D"], ["2C", "3H"]]
# Pymtheg's auction with one card each: whoever wins it names trump while the other side may double, out of turn.
AUCTION = {"hands": [["F1"], ["F2"], ["F3"], ["F4"]]}
# Pig: Ann (0) holds four aces and touches her nose; Ben (1), Cai (2) and Dee (3) race in ticks of the clock.
RACE4 = {"hands": [h.split() for h in ("AS AH AD AC", "KS KH KD QH", "KC QS QD JH", "QC JS JD JC")],
         "delays": [0, 1200, 800, 500]}
# With no stock left, bots that asked the same question at every move would ask it for ever: the scenarios that
# let bots answer stop them this many moves in.
LONG = 60


def pyskessa(stock=(), seed=5, bots=None):
    """A driver of the Gwra Pyskessa deal above, the learner in seat 0 and bots of their own (or random) in 1 and 2."""
    state = PYSKESSA.start(players=3, deal={"hands": HANDS, "stock": list(stock)})
    return Driver(PYSKESSA, state, seed=seed, bots=bots if bots is not None else {1: "random", 2: "random"})


def bounded(driver, **kwargs):
    """``run_bots``, stopped ``LONG`` moves into the game."""
    return driver.run_bots(stop=lambda: driver.moves >= LONG, **kwargs)


def act(driver, text):
    """The game's action written ``text``, read on the driver's position."""
    return driver.game.parse_action(driver.state, text)


def counted(monkeypatch, state, name):
    """Count the calls of the state class's method ``name`` from now on (the method still does its work)."""
    cls = type(state)
    original = getattr(cls, name)
    calls = Counter()

    def wrapper(self, *args, **kwargs):
        calls[name] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, wrapper)
    return calls


def snapshot(driver):
    return (driver.state, driver.record, list(driver.lines), list(driver.steps), dict(driver.reasons))


class AsksBotsOnly:
    """A Gwra Pyskessa bot that never asks the learner (the learner's hand stays as dealt)."""

    def explain(self, state):
        move = next((a for a in state.legal_actions() if a.target != 0), state.legal_actions()[0])
        return move, "It never asks the learner."


class Passer:
    """A Pymtheg bot that passes in the auction (else makes its first legal move) and declines every move out of
    turn, counting how often it is asked."""

    def __init__(self):
        self.offers_asked = 0

    def explain(self, state):
        legal = state.legal_actions()
        return next((a for a in legal if str(a) == "pass"), legal[0]), "I pass."

    def offer(self, state, seat):
        self.offers_asked += 1
        return None, "Not worth it."


class Doubler(Passer):
    """A Pymtheg bot that doubles whenever it may."""

    def offer(self, state, seat):
        self.offers_asked += 1
        return state.offers(seat)[0], "Double: they will not make it."


class Racer:
    """A Pig bot that does in the race what it is told, and says so."""

    def __init__(self, word):
        self.word = word

    def explain(self, state):
        return PIG.parse_action(state, self.word), f"I {self.word}."


# -- check and apply


def test_check_changes_nothing_and_refuses_what_is_not_the_seats_or_illegal():
    driver = pyskessa()
    before = snapshot(driver)
    with pytest.raises(ValueError, match="It is not your turn."):
        driver.check(1, act(driver, "ask 0 for 7"))
    with pytest.raises(IllegalMove) as info:
        driver.check(0, act(driver, "ask 0 for K"))  # asking yourself
    assert info.value.rule == "pyskessa.ask.other-player"
    after = driver.check(0, act(driver, "ask 1 for K"))
    assert after is not driver.state and after.current_player == 1
    assert snapshot(driver) == before, "check changed the driver"


def test_check_takes_a_move_out_of_turn_offered_to_the_seat():
    driver = Driver(PYMTHEG, PYMTHEG.start(players=4, deal=AUCTION), seed=1)
    for text in ("bid gam", "pass", "pass", "pass"):
        driver.move(driver.state.current_player, act(driver, text))
    assert driver.state.current_player == 0
    doubled = driver.check(3, act(driver, "double 3"))
    assert doubled.contract.factor == 2 and driver.state.contract.factor == 1
    with pytest.raises(ValueError, match="It is not your turn."):
        driver.check(2, act(driver, "double 3"))  # the declarer's partner has no double open


def test_check_refuses_every_move_once_the_game_is_over():
    driver = pyskessa(bots={0: "random", 1: "random", 2: "random"})
    assert bounded(driver) == "over"
    with pytest.raises(ValueError, match="The game is over."):
        driver.check(0, driver.steps[-1].action)


def test_a_checked_move_is_applied_once(monkeypatch):
    driver = pyskessa()
    calls = counted(monkeypatch, driver.state, "apply")
    action = act(driver, "ask 1 for K")
    after = driver.check(0, action)
    assert calls["apply"] == 1
    step = driver.apply(action, after=after)
    assert calls["apply"] == 1, "apply applied the checked move again"
    assert driver.state is after and step.after is after
    bounded(driver)
    calls.clear()
    driver.move(0, act(driver, "ask 2 for Q"))
    assert calls["apply"] == 1, "move applies the learner's move once"


def test_apply_keeps_the_record_the_narration_the_steps_and_the_bots_reasons():
    driver = pyskessa(stock=["9H"])
    start = driver.state
    assert driver.lines == [(0, e) for e in start.events] and driver.moves == 0
    learner = driver.move(0, act(driver, "ask 1 for K"))
    assert (learner.before, learner.number, learner.mover, learner.after) == (start, 0, 0, driver.state)
    assert driver.record.actions == ("ask 1 for K",) and driver.moves == 1
    assert driver.lines[len(start.events):] == [(1, e) for e in learner.after.events]
    assert driver.reasons == {}, "a person's move has no bot's reason"
    said = driver.apply(act(driver, "ask 2 for 7"), "Cai might hold a seven.", number=40)
    assert said.mover == 1 and said.number == 1 and driver.steps == [learner, said]
    assert driver.reasons == {1: (learner.after.describe(said.action), "Cai might hold a seven.")}
    assert driver.lines[-len(said.after.events):] == [(40, e) for e in said.after.events], "the caller's number"
    assert driver.last_reason == driver.reasons[1]
    driver.note(40, "Cai is away.")
    assert driver.lines[-1][0] == 40 and driver.lines[-1][1].text == "Cai is away." and driver.moves == 2


def test_watchers_are_told_of_each_step_once_it_is_made():
    driver = pyskessa()
    seen = []
    driver.watchers.append(lambda step: seen.append((step.number, driver.state is step.after)))
    driver.move(0, act(driver, "ask 1 for K"))
    bounded(driver)
    assert seen == [(i, True) for i in range(driver.moves)]


# -- one rule for bots' seeds


def test_bot_seed_gives_every_seat_and_move_of_every_deal_its_own_seed():
    seeds = [bot_seed(seed, seat, moves) for seed in range(4) for seat in range(13) for moves in range(600)]
    assert len(set(seeds)) == len(seeds)


def test_each_bot_decision_is_made_by_a_bot_seeded_by_the_one_rule(monkeypatch):
    made = []
    real = driver_module.make_bot

    def spy(slug, level, seed):
        made.append(seed)
        return real(slug, level, seed)

    monkeypatch.setattr(driver_module, "make_bot", spy)
    driver = pyskessa(seed=77)
    driver.move(0, act(driver, "ask 1 for K"))
    bounded(driver)
    assert made and made == [bot_seed(77, step.mover, step.number) for step in driver.steps[1:]]


def test_the_same_position_gives_the_same_bot_decisions_in_two_drivers_and_after_an_undo():
    def played(driver):
        driver.keep_point(0)
        driver.move(0, act(driver, "ask 1 for K"))
        bounded(driver)
        return driver.record.actions

    one, two = pyskessa(seed=3), pyskessa(seed=3)
    first = played(one)
    assert len(first) > 2, "the bots moved"
    assert played(two) == first
    assert one.undo_target() == 0
    one.undo()
    assert one.record.actions == () and played(one) == first
    assert played(pyskessa(seed=4)) != first, "another deal's seed asks other bots"


# -- a move out of turn: a bot is asked once


def test_a_bot_is_asked_about_a_move_out_of_turn_once_per_position():
    one, three = Passer(), Passer()
    driver = Driver(PYMTHEG, PYMTHEG.start(players=4, deal=AUCTION), seed=1, bots={1: one, 2: Passer(), 3: three})
    driver.move(0, act(driver, "bid gam"))
    assert one.offers_asked == three.offers_asked == 0, "no window is open during the auction"
    assert driver.run_bots() == "person"
    assert driver.state.offers(1) and driver.state.offers(3)
    assert (one.offers_asked, three.offers_asked) == (1, 1)
    assert driver.bot_offer(1) is None and driver.bot_offers() == []
    assert (one.offers_asked, three.offers_asked) == (1, 1), "a bot that said no was asked again"
    assert driver.bot_offer(2) is None, "the declarer's partner has nothing to decide"


def test_a_bot_that_takes_a_move_out_of_turn_makes_it_with_its_reason():
    driver = Driver(PYMTHEG, PYMTHEG.start(players=4, deal=AUCTION), seed=1,
                    bots={1: Passer(), 2: Passer(), 3: Doubler()})
    driver.move(0, act(driver, "bid gam"))
    assert driver.run_bots() == "person"
    doubled = driver.steps[-1]
    assert str(doubled.action) == "double 3" and driver.state.contract.factor == 2
    assert driver.reasons[doubled.number] == ("Kerensa doubles", "Double: they will not make it.")
    assert driver.bot_offers() == [], "once doubled, the double is no longer open"


def test_a_move_out_of_turn_is_the_step_of_the_seat_that_made_it():
    driver = Driver(PYMTHEG, PYMTHEG.start(players=4, deal=AUCTION), seed=1,
                    bots={1: Passer(), 2: Passer(), 3: Doubler()})
    driver.move(0, act(driver, "bid gam"))
    driver.run_bots()
    assert driver.steps[-1].mover == 3


def test_after_an_undo_a_new_position_asks_the_bots_again():
    one = Passer()
    driver = Driver(PYMTHEG, PYMTHEG.start(players=4, deal=AUCTION), seed=1, bots={1: one, 2: Passer(), 3: Passer()})
    driver.keep_point(0)
    driver.move(0, act(driver, "bid gam"))
    driver.run_bots()
    driver.undo()
    driver.move(0, act(driver, "bid ry"))  # another contract: whether to double it is another question
    driver.run_bots()
    assert driver.state.offers(1) and one.offers_asked == 2


# -- why run_bots stops


def test_run_bots_stops_for_a_person_at_the_end_and_when_told_to():
    driver = pyskessa()
    assert bounded(driver) == "person" and driver.moves == 0, "the learner moves first"
    driver.move(0, act(driver, "ask 1 for K"))
    assert driver.run_bots(stop=lambda: True) == "stop" and driver.moves == 1
    assert bounded(driver) == "person" and driver.state.current_player == 0 and driver.moves > 1
    everyone = pyskessa(bots={0: "random", 1: "random", 2: "random"})
    assert bounded(everyone) == "over" and everyone.state.is_over


def test_run_bots_stepping_makes_one_move_that_shows_something_per_step():
    driver = pyskessa()
    driver.move(0, act(driver, "ask 1 for K"))
    assert driver.run_bots(stepping=True) == "step" and driver.moves == 1, "stepping waits for the first tick"
    assert driver.run_bots(stepping=True, step=True) == "step" and driver.moves == 2
    assert driver.run_bots(stepping=True, step=True) in ("step", "person") and driver.moves == 3


def test_run_bots_waits_for_a_move_out_of_turn_open_to_a_person():
    three = Passer()
    driver = Driver(PYMTHEG, PYMTHEG.start(players=4, deal=AUCTION), seed=1, bots={0: Passer(), 2: Passer(), 3: three})
    driver.apply(act(driver, "bid gam"))
    driver.move(1, act(driver, "pass"))
    # Pol and Kerensa pass: Jory (0) names trump while Tamsin (1), a person, may double
    assert driver.run_bots(offer_seat=1) == "offer" and driver.moves == 4
    assert driver.state.offers(1) and driver.state.current_player == 0
    assert driver.run_bots(offer_seat=1) == "offer" and driver.moves == 4
    assert driver.run_bots(offer_seat=1, waited=True) == "person", "the person waited for was not waited for again"
    assert driver.state.current_player == 1 and three.offers_asked == 1


def test_run_bots_takes_the_others_moves_from_a_script():
    driver = pyskessa()
    driver.move(0, act(driver, "ask 1 for K"))
    script = []

    def choose(state):
        move = state.legal_actions()[-1]
        script.append(str(move))
        return move, "The script says so."

    assert bounded(driver, choose=choose) == "person"
    assert [str(a) for a in driver.record.actions[1:]] == script


# -- the race


def test_race_moves_ask_persons_and_bots_and_apply_nothing():
    driver = Driver(PIG, PIG.start(players=4, deal=RACE4), seed=2, bots={2: Racer("nose"), 3: Racer("wait")})
    driver.move(0, act(driver, "nose"))  # four aces: the race is on for Ben, Cai and Dee
    race = PIG.inputs.race
    assert race.clock(driver.state) == 0
    asked = []

    def person(state, seat):
        asked.append((seat, state.current_player))
        return race.press(state)

    before = snapshot(driver)
    moves = driver.race_moves(person)
    assert asked == [(1, 1)]
    assert [(seat, str(move), why) for seat, move, why in moves] == [
        (1, "nose", None), (2, "nose", "I nose."), (3, "wait", "I wait.")]
    assert snapshot(driver) == before, "race_moves applied a move"


# -- undo points


def test_an_undo_point_stays_open_while_no_hidden_card_comes_into_the_hand():
    driver = pyskessa(bots={1: AsksBotsOnly(), 2: AsksBotsOnly()})
    start, lines = driver.state, list(driver.lines)
    driver.keep_point(0, extra="the page's panels")
    driver.move(0, act(driver, "ask 1 for K"))  # "Nag eus" and no stock: nothing new comes into the hand
    bounded(driver)
    assert driver.undo_target() == 0
    point = driver.undo()
    assert point.extra == "the page's panels"
    assert (driver.state, driver.record.actions, driver.lines, driver.steps, driver.reasons) == (
        start, (), lines, [], {})
    assert driver.undo_target() is None and driver.undo_points == []


def test_a_card_drawn_closes_the_points_before_it_and_only_those():
    driver = pyskessa(stock=["9H"], bots={1: AsksBotsOnly(), 2: AsksBotsOnly()})
    driver.keep_point(0)
    driver.move(0, act(driver, "ask 1 for K"))  # "Nag eus": the learner draws the 9 of hearts
    assert driver.undo_points == [] and driver.undo_target() is None
    with pytest.raises(ValueError, match="Undo is not possible"):
        driver.undo()
    bounded(driver)
    middle = driver.state
    driver.keep_point(0)  # the 9 of hearts is in the hand here: seeing it again closes nothing
    driver.move(0, act(driver, "ask 1 for Q"))
    bounded(driver)
    assert driver.undo_target() == 0
    driver.undo()
    assert driver.state is middle


# -- the view, once per position and seat


def test_the_view_is_computed_once_per_position_and_seat(monkeypatch):
    driver = pyskessa()
    calls = counted(monkeypatch, driver.state, "view")
    for _ in range(3):
        driver.view(0)
        driver.view(1)
        assert driver.players == 3 and len(driver.names) == 3
    assert calls["view"] == 2
    before = driver.state
    seen_before = driver.view(0)
    driver.move(0, act(driver, "ask 1 for K"))
    for _ in range(3):
        driver.view(0)
    assert calls["view"] == 3
    assert driver.view_at(before, 0) is seen_before and calls["view"] == 3, "the position before was viewed again"
    driver.view_at(before, 2)
    driver.view_at(before, 2)
    assert calls["view"] == 4


def test_the_position_before_is_not_viewed_again_when_asked_first(monkeypatch):
    driver = pyskessa()
    before = driver.state
    seen_before = driver.view(0)
    driver.move(0, act(driver, "ask 1 for K"))
    calls = counted(monkeypatch, driver.state, "view")
    assert driver.view_at(before, 0) is seen_before and calls["view"] == 0


def test_the_status_is_computed_once_per_position(monkeypatch):
    driver = pyskessa()
    calls = counted(monkeypatch, driver.state, "status")
    assert driver.status() == driver.status() == driver.state.status()
    assert calls["status"] == 2  # the driver's once, and the comparison's own call
    driver.move(0, act(driver, "ask 1 for K"))
    driver.status()
    driver.status()
    assert calls["status"] == 3


# -- a bot's defect, and a copy to put back


class Cheat:
    """A Gwra Pyskessa bot that asks itself: a move the rules refuse."""

    def explain(self, state):
        return PYSKESSA.parse_action(state, f"ask {state.current_player} for 7"), "Asking myself."


def test_a_move_a_bot_chooses_that_the_rules_refuse_is_the_bots_defect_and_changes_nothing():
    driver = pyskessa(bots={1: Cheat(), 2: "random"})
    driver.move(0, act(driver, "ask 1 for K"))
    before = snapshot(driver)
    with pytest.raises(BotDefect, match="pyskessa.ask.other-player") as info:
        driver.run_bots()
    assert not isinstance(info.value, ValueError), "a bot's defect is no refusal of the learner's"
    assert snapshot(driver) == before


def test_a_copy_plays_on_without_reaching_the_driver_it_was_copied_from():
    driver = pyskessa(bots={1: AsksBotsOnly(), 2: AsksBotsOnly()})
    driver.keep_point(0)
    driver.move(0, act(driver, "ask 1 for K"))
    kept, before = copy.copy(driver), snapshot(driver)
    points = [(p.state, p.seen.copy()) for p in driver.undo_points]
    bounded(kept)
    kept.keep_point(0)
    kept.move(0, act(kept, "ask 2 for Q"))
    kept.undo()
    assert kept.moves > driver.moves
    assert snapshot(driver) == before and [(p.state, p.seen) for p in driver.undo_points] == points


# -- the bots' levels


def test_set_bots_refuses_an_unknown_level_and_keeps_the_bots():
    driver = pyskessa()
    with pytest.raises(ValueError) as info:
        driver.set_bots({1: "grandmaster"})
    assert "Bot level" in str(info.value) and all(level in str(info.value) for level in LEVELS)
    assert driver.bots == {1: "random", 2: "random"}
    with pytest.raises(ValueError):
        Driver(PYSKESSA, driver.state, seed=1, bots={2: "grandmaster"})
    driver.set_bots({1: "expert"})
    assert driver.bots == {1: "expert"} and driver.is_bot(1) and not driver.is_bot(2)


def test_set_bots_names_the_level_it_refuses():
    with pytest.raises(ValueError, match="grandmaster"):
        pyskessa().set_bots({1: "grandmaster"})
