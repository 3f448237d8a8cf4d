"""Pig / Donkey: one scenario per rule id, from explicit deals."""

import random
from collections import Counter

import pytest

from tutor.cards import Card, Rank, parse_cards
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.pig import NOSE, PIG, STOP_AFTER, WAIT, Nose, Pass, Wait, score, top_ranks
from tutor.games.pig.bot import heuristic as collecting_choice

from .scenario import play, rules_of

GAME = get_game("pig")
NAMES = ["Ann", "Ben", "Cai", "Dee"]
PASSING = ["AS AH KS QS", "AD KH KD QH", "AC KC QD QC"]
DEALT_FOUR = ["AS AH AD AC", "KS KH KD QH", "KC QS QD QC"]
BEN_COLLECTS = ["AS AH KS QS", "KH KD KC AD", "AC QD QC QH"]  # Ann passes KS: Ben holds four kings
RACE4 = ["AS AH AD AC", "KS KH KD QH", "KC QS QD JH", "QC JS JD JC"]


def start(hands, letters=None, delays=None, passes=None, **options):
    deal = {"hands": [h.split() for h in hands]}
    for key, value in (("letters", letters), ("delays", delays), ("passes", passes)):
        if value is not None:
            deal[key] = value
    players = len(hands)
    names = (NAMES + [f"P{i}" for i in range(4, 13)])[:players]
    return GAME.start(players=players, deal=deal, names=names, **options)


def test_pig_players():
    for players in (3, 13):
        state = GAME.start(players=players, seed=1)
        assert len(state.hands) == players and all(len(h) == 4 for h in state.hands)
        assert {c.rank for c in state.cards()} == set(top_ranks(players))
    for players in (2, 14):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "pig.players"


def test_pig_deal():
    state = GAME.start(players=5, seed=4)
    assert rules_of(state) == ["pig.deal"]
    assert sorted({c.rank for h in state.hands for c in h}) == [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    assert sorted(c for h in state.hands for c in h) == sorted(state.cards()) and len(state.cards()) == 20
    for bad in ({"hands": [["AS"], ["AH"], ["AD"]]}, {"hands": [h.split() for h in ["AS AH AD AC", "KS KH KD KC",
                                                                                         "2S 2H 2D 2C"]]},
                {"hands": [h.split() for h in PASSING], "letters": [0, 0]}):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=3, deal=bad)
        assert info.value.rule == "pig.deal"


def test_pig_pass_is_simultaneous_and_hidden():
    state = start(PASSING)
    assert state.current_player == 0
    one = play(state, "pass QS")
    assert one.hands == state.hands  # nothing moves until everyone has chosen
    assert "QS" not in repr(one.view(1)) and "Q♠" not in one.view(1).events[0].text
    assert "ready to pass" in one.view(1).seats[0].info
    two = play(one, "pass AD")
    assert two.hands == state.hands and two.current_player == 2
    three = play(two, "pass KC")
    assert three.hands == tuple(tuple(sorted(parse_cards(h))) for h in ["AS AH KS KC", "KH KD QH QS",
                                                                          "AC QD QC AD"])
    assert rules_of(three) == ["pig.pass", "pig.pass"] and three.current_player == 0
    with pytest.raises(IllegalMove) as info:
        state.apply(Pass(Card.parse("JS")))
    assert info.value.rule == "pig.pass" and info.value.reason.endswith("you have no J♠.")  # its name, not "JS"
    with pytest.raises(IllegalMove) as info:
        state.apply(WAIT)
    assert info.value.rule == "pig.race"


def test_pig_pass_on():
    state = play(start(PASSING), "pass QS", "pass AD", "pass KC")
    assert Card.parse("KC") in state.hands[0]  # just received
    state = play(state, "pass KC", "pass QS", "pass AD")
    assert rules_of(state).count("pig.pass.on") == 3
    assert state.hands[0] == tuple(sorted(parse_cards("AS AH KS AD")))  # Cai passed on the AD he was given


def test_pig_signal():
    state = play(start(["AS AH AD KS", "KH KD QH QS", "AC KC QD QC"]), "pass KS", "pass QS", "pass AC")
    assert NOSE in state.legal_actions()
    assert state.legal_actions() == [NOSE] and state.cards_of(NOSE) == ()
    state = play(state, "nose")
    assert rules_of(state) == ["pig.signal"] and state.touched == (0,) and state.racing
    assert state.current_player == 1 and state.legal_actions() == [NOSE, WAIT]


def test_pig_signal_must():
    state = play(start(BEN_COLLECTS), "pass KS", "pass AD", "pass AC")
    assert state.hands[1] == tuple(sorted(parse_cards("KS KH KD KC")))
    # Ben does not wait for his turn to pass: he lays the hand down at once, and may do nothing else.
    assert state.current_player == 1 and state.legal_actions() == [NOSE]
    for card in state.hands[1]:
        with pytest.raises(IllegalMove) as info:
            state.apply(Pass(card))
        assert info.value.rule == "pig.signal.must" and "four kings" in info.value.reason
    with pytest.raises(IllegalMove) as info:
        state.apply(WAIT)
    assert info.value.rule == "pig.race"
    after = play(state, "nose")
    assert rules_of(after) == ["pig.signal"] and after.touched == (1,) and after.phase == "race"
    # A four in the deal, not in the first seat: that player moves first.
    dealt = start(["AS AH QS QH", "KS KH KD KC", "AD AC QD QC"])
    assert dealt.current_player == 1 and dealt.legal_actions() == [NOSE]
    assert rules_of(play(dealt, "nose")) == ["pig.signal.dealt", "pig.signal"]


def test_pig_signal_dealt():
    state = start(DEALT_FOUR)
    assert state.legal_actions() == [NOSE]
    state = play(state, "nose")
    assert rules_of(state) == ["pig.signal.dealt", "pig.signal"]


def test_pig_signal_false():
    state = start(PASSING)
    assert NOSE not in state.legal_actions()
    with pytest.raises(IllegalMove) as info:
        state.apply(NOSE)
    assert info.value.rule == "pig.signal.false"


def test_pig_race():
    state = play(start(RACE4, delays=[0, 1200, 800, 500]), "nose", "wait", "wait", "nose")
    assert state.touched == (0, 3) and state.race_clock == 250 and state.current_player == 1
    assert state.events[-1].text.startswith("Dee notices") and "without four of a kind" in state.events[-1].text
    with pytest.raises(IllegalMove) as info:
        state.apply(Pass(Card.parse("KS")))
    assert info.value.rule == "pig.race"
    end = play(state, "nose", "nose")  # same tick: the delays order them, Ben (1200 ms) is slower
    pig = next(e for e in end.events if e.rule == "pig.pig")
    assert pig.player == 1 and end.letters == (0, 1, 0, 0)


def test_pig_race_ends_by_the_last_tick():
    state = play(start(RACE4, delays=[0, 1, 2, 3], max_ticks=2), "nose", "wait", "wait", "wait")
    assert state.legal_actions() == [NOSE]
    with pytest.raises(IllegalMove) as info:
        state.apply(WAIT)
    assert info.value.rule == "pig.race"


def test_pig_pig():
    state = play(start(DEALT_FOUR), "nose", "nose", "wait")
    assert rules_of(state) == ["pig.race", "pig.pig", "pig.letters", "pig.deal"]
    assert "Cai" in state.events[1].text and state.letters == (0, 0, 1)


def test_pig_letters():
    state = play(start(DEALT_FOUR, letters=[0, 0, 2], word="DONKEY"), "nose", "nose", "wait")
    letter = next(e for e in state.events if e.rule == "pig.letters")
    assert letter.text.endswith("DON.") and state.letters == (0, 0, 3) and not state.is_over
    assert state.result().scores == (6, 6, 3)
    pig = play(start(DEALT_FOUR, letters=[0, 0, 2]), "nose", "nose", "wait")
    assert "pig.out" in rules_of(pig)


def test_pig_out():
    state = play(start(RACE4, letters=[0, 0, 2, 0]), "nose", "nose", "wait", "nose")
    assert rules_of(state)[-3:] == ["pig.letters", "pig.out", "pig.deal"]
    assert state.hands[2] == () and sorted(len(h) for h in state.hands) == [0, 4, 4, 4]
    assert {c.rank for h in state.hands for c in h} == {Rank.ACE, Rank.KING, Rank.QUEEN}
    assert Counter(state.cards()) == Counter(start(RACE4).cards())
    assert state.current_player == 1  # Ann deals now, so Ben chooses first
    state = play(state, str(state.legal_actions()[0]))
    assert state.current_player == 3  # Cai, who is out, is skipped


def test_pig_win():
    state = start(["AS AH AD AC", "KS KH KD KC", ""], letters=[0, 2, 3])
    assert state.current_player == 0
    state = play(state, "nose")
    assert rules_of(state)[-3:] == ["pig.letters", "pig.out", "pig.win"]
    assert state.is_over and state.result().winners == (0,) and state.legal_actions() == []
    with pytest.raises(IllegalMove) as info:
        state.apply(NOSE)
    assert info.value.rule == "pig.win"
    result = score((3, 0, 3), "PIG", ("Ann", "Ben", "Cai"))
    assert result.winners == (1,) and result.scores == (0, 3, 0)
    assert result.breakdown == ("Ann: PIG — out", "Ben: no letters — 3 lives left", "Cai: PIG — out")
    assert state.result().breakdown[1] == "Ben: PIG — out" and state.status() == "Game over: Ann wins."


def pass_on(state):
    """Pass the card just received (the first card before any is received): no four of a kind ever forms."""
    me = state.current_player
    card = state.received[me] or state.hands[me][0]
    return state.apply(Pass(card))


def test_pig_stale():
    state = play(start(PASSING, stale_after=1), "pass QS", "pass AD", "pass KC")
    assert rules_of(state)[2:5] == ["pig.stale", "pig.letters", "pig.deal"]
    assert state.letters == (1, 0, 0)  # everyone holds at most a pair; Ann is first from the dealer's left
    # Off by default: as in the rule book, passing goes on until somebody holds four of a kind.
    assert GAME.options()["stale_after"] == 0
    state = start(PASSING)
    for _ in range(3 * 100):
        state = pass_on(state)
        assert not any(e.rule in ("pig.stale", "pig.letters", "pig.stop") for e in state.events)
    assert state.passes == 100 and state.letters == (0, 0, 0) and state.phase == "passing"


def test_pig_stop():
    # The stop ends a deal that goes nowhere as the table's limit would: the weakest hand takes the letter.
    state = play(start(PASSING, letters=[1, 0, 1], passes=STOP_AFTER - 1), "pass QS", "pass AD")
    assert state.phase == "passing"
    state = play(state, "pass KC")
    assert rules_of(state)[:5] == ["pig.pass", "pig.pass", "pig.stop", "pig.letters", "pig.deal"]
    stop = state.events[2]
    assert stop.text.startswith(f"{STOP_AFTER} passing rounds and still nobody has four of a kind")
    assert "so that the game can go on" in stop.text and "Ann holds the weakest (at most 2 of a rank)" in stop.text
    assert stop.player == 0 and state.letters == (2, 0, 1)  # everyone holds pairs: Ann, first from Cai's left
    assert state.phase == "passing" and state.passes == 0 and state.deals == 1
    assert Counter(state.cards()) == Counter(start(PASSING).cards())
    # Whatever the options: a table's own limit, when set, comes first (pig.stale).
    limited = play(start(PASSING, passes=2, stale_after=3), "pass QS", "pass AD", "pass KC")
    assert "pig.stale" in rules_of(limited) and "pig.stop" not in rules_of(limited)
    # Passing that never collects: every deal stops at the limit with a letter, and the game ends with a winner.
    state = start(PASSING)
    stops = 0
    while not state.is_over:
        state = pass_on(state)
        stops += "pig.stop" in rules_of(state)
        assert state.passes <= STOP_AFTER
    assert stops == sum(state.letters) and sum(state.letters) <= 3 + 3 + 2
    assert len(state.result().winners) == 1 and state.result().rule == "pig.win"
    assert state.status() == f"Game over: {NAMES[state.result().winners[0]]} wins."
    with pytest.raises(IllegalMove) as info:
        state.apply(NOSE)
    assert info.value.rule == "pig.win"
    # Every deal ends with a letter within the stop: a game of thirteen playing for DONKEY is bounded.
    assert GAME.max_actions >= (12 * 6 + 5) * (STOP_AFTER * 13 + 1 + 1000 * 12)


def test_pig_donkey_match_is_longer_and_thirteen_players_play_out():
    for players, word in ((3, "PIG"), (13, "DONKEY")):
        state = GAME.start(players=players, seed=8, word=word)
        rng = random.Random(1)
        cards = Counter(state.cards())
        steps = 0
        while not state.is_over:
            state = state.apply(collecting_choice(state, rng)[0])
            steps += 1
            assert Counter(state.cards()) == cards
        assert sum(state.letters) == len(word) * (players - 1) + state.letters[state.result().winners[0]]
        assert steps <= GAME.max_actions
    with pytest.raises(ValueError, match="option word"):
        GAME.start(players=3, seed=1, word="HORSE")


@pytest.mark.parametrize("options, name", [
    ({"fastest_ms": -1}, "fastest_ms"), ({"fastest_ms": 3000}, "fastest_ms"), ({"slowest_ms": 100}, "slowest_ms"),
    ({"stale_after": -1}, "stale_after"), ({"stale_after": "3"}, "stale_after"), ({"tick_ms": 0}, "tick_ms"),
    ({"max_ticks": 0}, "max_ticks"), ({"max_ticks": True}, "max_ticks"), ({"word": "pig"}, "word"),
])
def test_pig_options_are_checked_by_name(options, name):
    with pytest.raises(ValueError) as info:
        GAME.start(players=3, seed=1, **options)
    assert str(info.value).startswith(f"option {name}:")


@pytest.mark.parametrize("field, value", [("letters", [0, 0]), ("letters", [True, 0, 0]), ("letters", 5),
                                          ("letters", [0, 0, 4]), ("delays", "fast"), ("delays", [1, 2, -3]),
                                          ("passes", -1), ("passes", STOP_AFTER), ("passes", "7")])
def test_pig_deal_fields_are_checked_by_name(field, value):
    with pytest.raises(IllegalMove) as info:
        start(PASSING, **{field: value})
    assert info.value.rule == "pig.deal" and f"deal.{field}" in str(info.value)



@pytest.mark.parametrize("deal, field", [
    ({"hands": 0}, "deal.hands"),
    ({"hands": None}, "deal.hands"),
    ({"hands": {"0": PASSING[0].split()}}, "deal.hands"),
    ({"hands": [0, PASSING[1].split(), PASSING[2].split()]}, "deal.hands[0]"),
    ({"hands": [PASSING[0].split(), 7, PASSING[2].split()]}, "deal.hands[1]"),
    ({"hands": [PASSING[0].split(), "ZZ YY", PASSING[2].split()]}, "deal.hands[1][0]"),
    ({"hands": [["AS", "AH", "KS", 5], PASSING[1].split(), PASSING[2].split()]}, "deal.hands[0][3]"),
    ({"hands": [h.split() for h in PASSING], "letters": 0}, "deal.letters"),
    ({"hands": [h.split() for h in PASSING], "letters": {}}, "deal.letters"),
    ({"hands": [h.split() for h in PASSING], "letters": "000"}, "deal.letters"),
    ({"hands": [h.split() for h in PASSING], "letters": [0, 0, 1.0]}, "deal.letters[2]"),
    ({"hands": [h.split() for h in PASSING], "letters": [0, None, 0]}, "deal.letters[1]"),
    ({"hands": [h.split() for h in PASSING], "letters": [0, -1, 0]}, "deal.letters[1]"),
    ({"hands": [h.split() for h in PASSING], "delays": 0}, "deal.delays"),
    ({"hands": [h.split() for h in PASSING], "delays": [0, 0, 0.5]}, "deal.delays[2]"),
    ({"hands": [h.split() for h in PASSING], "delays": [0, 0, 60_001]}, "deal.delays[2]"),
    ({"hands": [h.split() for h in PASSING], "passes": 2.0}, "deal.passes"),
    ({"hands": [h.split() for h in PASSING], "passes": True}, "deal.passes"),
    ({"hands": [h.split() for h in PASSING], "passes": [3]}, "deal.passes"),
    ({"hands": [h.split() for h in PASSING], "passes": 10**50}, "deal.passes"),
    ({"hands": [h.split() for h in PASSING], "stock": []}, "deal.stock"),
])
def test_pig_malformed_deal_fields_are_refused_by_name(deal, field):
    """A falsy or wrong-typed field is never read as empty or as a count: each is refused naming the field."""
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=3, deal=deal)
    assert info.value.rule == "pig.deal" and field in info.value.reason, info.value.reason


def test_pig_passes_in_a_deal_stay_below_the_limit_on_passing_rounds():
    assert start(PASSING, passes=2, stale_after=3).passes == 2
    with pytest.raises(IllegalMove) as info:
        start(PASSING, passes=3, stale_after=3)
    assert info.value.rule == "pig.deal" and "deal.passes" in info.value.reason and "0 to 2" in info.value.reason


def forged_moves(state):
    """Moves of the wrong shape: a card that is a plain number (equal to a card held), a float, text, None,
    a card of another deck, a move of another game, text and junk."""
    from tutor.cards import GnavCard
    from tutor.games.gnav import STAND

    held = state.hands[state.current_player][0]
    return [Pass(int(held)), Pass(float(held)), Pass(2.0), Pass("QS"), Pass(held.code), Pass(None),
            Pass(GnavCard.parse("CUCKOO")), Pass((held,)), STAND, "pass QS", str(Pass(held)), 42, None, Nose]


@pytest.mark.parametrize("moment", ["passing", "ready", "race"])
def test_pig_forged_moves_are_refused_naming_the_field_and_change_nothing(moment):
    state = {"passing": lambda: start(PASSING), "ready": lambda: play(start(PASSING), "pass QS"),
             "race": lambda: play(start(RACE4, delays=[0, 1200, 800, 500]), "nose")}[moment]()
    before = (repr(state), hash(state))
    for action in forged_moves(state):
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "pig.pass", action
        if isinstance(action, Pass):
            assert info.value.reason.startswith("pass.card: ") and "is not a card" in info.value.reason, action
        else:
            assert "not a move of this game" in info.value.reason
        assert (repr(state), hash(state)) == before
    # The state plays on as before: Pass(5) was once taken when 5 equalled a card's number, and broke the next round.
    move = state.legal_actions()[0]
    assert state.apply(move) == state.apply(Pass(move.card) if isinstance(move, Pass) else type(move)())


def test_pig_a_pass_of_a_card_that_is_a_plain_number_is_refused_every_round():
    state = start(PASSING)
    for _ in range(9):
        card = state.hands[state.current_player][0]
        with pytest.raises(IllegalMove) as info:
            state.apply(Pass(int(card)))
        assert info.value.rule == "pig.pass" and "pass.card" in info.value.reason
        state = state.apply(Pass(card))
    assert all(type(c) is Card for hand in state.hands for c in hand)

def test_pig_state_contract():
    state = start(PASSING)
    assert state.phase == "passing" and state.current_players == (0, 1, 2)
    state = play(state, "pass QS")
    assert state.current_players == (1, 2)
    assert state.cards_of(Pass(Card.parse("AD"))) == (Card.parse("AD"),)
    assert state.cards_of(NOSE) == state.cards_of(WAIT) == ()
    assert state.candidate_actions(Card.parse("AD")) == [Pass(Card.parse("AD"))]
    assert state.prompt(Pass(Card.parse("AD"))) == "Pass the A♦" and state.prompt(NOSE) == "Touch your nose!"
    assert state.race_clock is None and state.idle_action() is None
    race = play(start(RACE4, delays=[0, 1200, 800, 500]), "nose")
    assert race.phase == "race" and race.current_players == (1, 2, 3)
    assert race.legal_actions() == [NOSE, WAIT] and race.race_clock == 0 and race.idle_action() == WAIT
    race = play(race, "wait")
    assert race.current_players == (2, 3)
    inputs = PIG.inputs.race
    assert inputs is not None and inputs.button == "Touch your nose!"
    assert inputs.tick_ms(race) == 250 and inputs.clock(race) == 0 and inputs.idle(race) == WAIT
    assert inputs.clock(start(PASSING)) is None
    assert hash(race) == hash(play(start(RACE4, delays=[0, 1200, 800, 500]), "nose", "wait"))


def test_pig_same_seed_same_race_and_record_replays():
    def race(seed):
        state = GAME.start(players=6, seed=seed)
        rng = random.Random(seed)
        record = state.setup
        while not state.is_over:
            action = collecting_choice(state, rng)[0]
            record, state = record.with_action(action), state.apply(action)
        return state, record
    a, record = race(3)
    b, _ = race(3)
    assert a == b and replay(Record.from_json(record.to_json()))[-1] == a


def test_pig_heuristic_collects_and_explains():
    state = start(PASSING)
    action, reason = collecting_choice(state, random.Random(0))
    assert action in (Pass(Card.parse("KS")), Pass(Card.parse("QS"))) and "aces" in reason
    action, reason = collecting_choice(start(DEALT_FOUR), random.Random(0))
    assert action == NOSE and "four aces" in reason


def test_pig_race_in_real_time_in_the_play_app():
    from tutor.widgets import PlayWidget as RaceApp

    app = RaceApp("pig", players=3, seed=2, level="strong")
    for _ in range(400):
        if app.state.is_over or app.playing:
            break
        assert app.handle("move", str(app.state.legal_actions()[0]))
    assert app.playing and app.interval == 250 and app.state.current_player == 0
    tick = app.state.tick
    assert app.handle("tick")  # no click in this quarter second: still looking
    assert app.state.tick > tick or not app.state.racing
    if app.playing:
        before = len(app.record.actions)
        assert app.handle("move", "nose")
        assert app.record.actions[before] == "nose"  # the learner's click, in the tick it came
