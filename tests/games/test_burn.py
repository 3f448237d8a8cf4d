"""Burn: one scenario per rule id, from explicit deals, plus the rule book's worked examples and the bot."""

import random

import pytest

from tutor.bots import make_bot
from tutor.cards import ElementCard
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.burn import (BURN_SCORING, MAX_DEALS, PIT_TABLE, PYMTHEG_SCORING, CardPlay, Pit, pit_choices, pit_row,
                              pit_value, score_deal)
from tutor.games.burn.bot import heuristic, quick_card, search

from .scenario import play, rules_of

GAME = get_game("burn")
# Every Fire and Water card but the Fire 15: a seat that has taken these and takes the Fire 15 has a pit.
ALMOST_PIT = [f"F{v}" for v in range(1, 15)] + [f"Wa{v}" for v in range(1, 16)]
TRICKS = ["Wi3 F9", "E14 Wa2", "Wi12 Wa4", "Wi5 F1"]


def start(hands, *, won=None, scores=None, leader=None, players=None, **options):
    deal = {"hands": [h.split() for h in hands]}
    if won is not None:
        deal["won"] = [w.split() if isinstance(w, str) else w for w in won]
    if scores is not None:
        deal["scores"] = scores
    if leader is not None:
        deal["leader"] = leader
    return GAME.start(players=players or len(hands), deal=deal, **options)


def pit_deal(scores, players=4, **options):
    """Jory (seat 0) has taken every Fire and Water card but the Fire 15, which he leads to the last trick."""
    hands = ["F15", "E2", "E3", "Wi4", "E5", "E6"][:players]
    state = start(hands, won=[ALMOST_PIT] + [[]] * (players - 1), scores=scores, leader=0, **options)
    return play(state, *[f"play {h}" for h in hands])


def card(code):
    return ElementCard.parse(code)


# ---------------------------------------------------------------- setting up


def test_burn_players():
    for players in (3, 6):
        assert GAME.start(players=players, seed=1).players == players
    for players in (1, 2, 7):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "burn.players" and "players" in info.value.reason
    two = GAME.start(players=2, seed=1, two_players=True)
    assert [len(h) for h in two.hands] == [30, 30]
    assert replay(Record.from_json(two.setup.to_json()))[0] == two


@pytest.mark.parametrize("players, each", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_burn_deal(players, each):
    state = GAME.start(players=players, seed=42)
    assert rules_of(state) == ["burn.deal"] and "one card at a time" in state.events[0].text
    assert [len(h) for h in state.hands] == [each] * players
    assert sorted(state.cards()) == sorted(ElementCard.all_cards())
    assert state.current_player == 0 and state.phase == "play"  # the dealer (last seat) has the first on the left


def test_burn_deal_is_dealt_one_at_a_time_from_the_dealers_left():
    import tutor.games.burn as burn

    pack = list(burn.PACK)
    random.Random("burn/9/0").shuffle(pack)
    state = GAME.start(players=4, seed=9, dealer=1)
    assert state.hands[2] == tuple(sorted(pack[0::4])) and state.hands[1] == tuple(sorted(pack[3::4]))
    assert state.current_player == 2


def test_burn_deal_rejects_malformed_deals_naming_the_field():
    bad = [
        ({"hands": [["F1"], ["F1"], ["F2"]]}, "F1"),
        ({"hands": [["F1"], ["F2"]]}, "deal.hands"),
        ({"hands": [["F1", "F3"], ["F2"], ["F4"]]}, "deal.hands"),
        ({"hands": [[], [], []]}, "deal.hands"),
        ({"hands": [["F1"], ["W2"], ["F4"]]}, "deal.hands[1]"),
        ({"hands": [["F1"], ["7S"], ["F4"]]}, "deal.hands[1]"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "won": [["F1"], [], []]}, "F1"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "won": [[], []]}, "deal.won"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "won": [["Fx"], [], []]}, "deal.won[0]"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "scores": [1, 2]}, "deal.scores"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "scores": [1, 2, 100]}, "deal.scores[2]"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "scores": [1, True, 3]}, "deal.scores[1]"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "leader": 3}, "deal.leader"),
        ({"hands": [["F1"], ["F2"], ["F3"]], "stock": []}, "deal.stock"),
    ]
    for deal, field in bad:
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=3, deal=deal)
        assert info.value.rule == "burn.deal" and field in str(info.value), (deal, info.value)


@pytest.mark.parametrize("field, given", [
    ("hands", 0), ("hands", None), ("hands", 3), ("hands", {"F1": 1}), ("hands", "F1 F2 F3"), ("hands", [0, 0, 0]),
    ("won", 0), ("won", 5), ("won", "F4"), ("won", {}), ("won", [0, [], []]), ("won", [None, [], []]),
    ("won", [["F4"], [], 2.0]),
    ("scores", 0), ("scores", "10"), ("scores", {}), ("scores", [1.5, 0, 0]), ("scores", [None, 0, 0]),
    ("scores", [0, 0, -1]), ("leader", None), ("leader", "1"), ("leader", 1.0), ("leader", True), ("leader", -1),
])
def test_burn_deal_refuses_fields_of_the_wrong_kind_naming_them(field, given):
    """A number, nothing or a mapping where a list belongs, a string that is no cards, a number out of range:
    refused naming the field (never read as an empty list)."""
    deal = {"hands": [["F1"], ["F2"], ["F3"]], field: given}
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=3, deal=deal)
    assert info.value.rule == "burn.deal" and f"deal.{field}" in str(info.value), info.value


def test_burn_teams():
    state = GAME.start(players=4, seed=3, teams=2)
    assert rules_of(state) == ["burn.deal", "burn.teams"] and "opposite" in state.events[1].text
    assert state.sides == (0, 1, 0, 1) and state.teams == ((0, 2), (1, 3))
    assert GAME.start(players=6, seed=3, teams=3).sides == (0, 1, 2, 0, 1, 2)  # ABCABC
    assert GAME.start(players=6, seed=3, teams=2).sides == (0, 1, 0, 1, 0, 1)  # ABABAB
    view = state.view(0)
    assert view.teams == ((0, 2), (1, 3)) and view.scores.columns == ("Jory & Pol", "Tamsin & Kerensa")
    for players, teams in ((3, 2), (5, 2), (4, 3), (2, 2)):
        with pytest.raises(ValueError, match="option teams"):
            GAME.start(players=players, seed=1, teams=teams, two_players=True)


# ---------------------------------------------------------------- tricks


def test_burn_lead():
    state = play(start(TRICKS), "play Wi3")
    assert rules_of(state) == ["burn.lead"] and "dealer's left" in state.events[0].text
    assert state.current_player == 1 and state.plays == ((0, card("Wi3")),)


def test_burn_follow():
    state = play(start(TRICKS), "play Wi3", "play E14", "play Wi12")
    assert rules_of(state) == ["burn.follow"]
    assert [str(a) for a in state.legal_actions()] == ["play Wi5"]
    with pytest.raises(IllegalMove) as info:
        state.apply(CardPlay(card("F1")))
    assert info.value.rule == "burn.follow" and "must follow with Wind" in info.value.reason
    with pytest.raises(IllegalMove) as info:
        state.apply(CardPlay(card("F2")))
    assert info.value.rule == "burn.follow" and "do not hold" in info.value.reason


def test_burn_discard():
    state = play(start(TRICKS), "play Wi3")
    assert {str(a) for a in state.legal_actions()} == {"play E14", "play Wa2"}
    after = play(state, "play E14")
    assert rules_of(after) == ["burn.discard"] and "cannot win" in after.events[0].text


def test_burn_trick():
    state = play(start(TRICKS), "play Wi3", "play E14", "play Wi12", "play Wi5")
    assert rules_of(state) == ["burn.follow", "burn.trick"]
    assert "Pol takes the trick with the Wind 12" in state.events[1].text
    assert state.won[2] == tuple(card(c) for c in ("Wi3", "E14", "Wi12", "Wi5"))
    assert state.plays == () and state.current_player == 2
    view = state.view(0)  # the trick just taken stays on show until the next lead
    assert view.trick.winner == 2 and view.trick.leader == 0 and len(view.trick.plays) == 4


def test_burn_winner_leads():
    state = play(start(TRICKS), "play Wi3", "play E14", "play Wi12", "play Wi5", "play Wa4")
    assert rules_of(state) == ["burn.winner-leads"] and state.leader == 2
    assert len(state.tricks) == 1 and state.tricks[0].winner == 2


# ---------------------------------------------------------------- scoring a deal


def test_burn_fire():
    state = play(start(["F3", "F9", "Wi2", "E5"]), "play F3", "play F9", "play Wi2", "play E5")
    assert rules_of(state)[:6] == ["burn.discard", "burn.trick", "burn.fire", "burn.fire", "burn.fire", "burn.fire"]
    assert state.sheet.rows == ((0, 2, 0, 0),)
    assert "Tamsin: 2 Fire: 2 × 1 = 2." in [e.text for e in state.events]


def test_burn_water():
    state = play(start(["F9", "F3", "Wi2", "E5"], won=["Wa1 Wa2 Wa3", "", "", ""]),
                 "play F9", "play F3", "play Wi2", "play E5")
    assert "burn.water" in rules_of(state) and state.sheet.rows == ((0, 0, 0, 0),)


def test_burn_water_equal():
    state = play(start(["F9", "F3", "Wi2", "E5"], won=["Wa1 Wa2", "", "", ""]),
                 "play F9", "play F3", "play Wi2", "play E5")
    assert "burn.water.equal" in rules_of(state) and state.sheet.rows == ((2, 0, 0, 0),)


def test_burn_pool():
    """The rule book's team example: 6 Fire, and 1 Fire with 8 Water, make 7 Fire and 8 Water: nothing."""
    won = ["F1 F2 F3 F4 F5 F6", "", "F7 Wa1 Wa2 Wa3 Wa4 Wa5 Wa6 Wa7 Wa8", ""]
    state = play(start(["E1", "E2", "E3", "E4"], won=won, teams=2), "play E1", "play E2", "play E3", "play E4")
    rules = rules_of(state)
    assert rules.index("burn.pool") < rules.index("burn.water")
    assert "Jory & Pol 7 Fire, 8 Water" in state.events[rules.index("burn.pool")].text
    assert state.sheet.rows == ((0, 0),)
    result = state.result()
    assert result.teams == ((0, 2), (1, 3)) and result.team_scores == (0, 0) and result.scores == (0, 0, 0, 0)


# ---------------------------------------------------------------- the worked examples


def test_worked_example_team_7_fire_8_water_scores_nothing_and_no_sum_is_involved():
    # Printed: "7 fire + 8 water in total 9 and thus no score".  "In total 9" is a slip (7 + 8 is 15, and
    # nothing is added up anyway): the team scores 0 because 8 Water is more than 7 Fire.
    (team,) = score_deal([(6 + 1, 0 + 8)])
    assert team.points == 0 and team.rule == "water" and "9" not in team.text


@pytest.mark.parametrize("taken, points, rule", [
    ((5, 5), 5, "water.equal"), ((5, 6), 0, "water"), ((7, 8), 0, "water"), ((0, 0), 0, "fire"),
    ((0, 9), 0, "fire"), ((3, 2), 3, "fire"), ((15, 14), 15, "fire"), ((15, 15), 0, "pit"),
])
def test_worked_examples_stand_alone(taken, points, rule):
    (side,) = score_deal([taken], BURN_SCORING)
    assert (side.points, side.rule) == (points, rule)


@pytest.mark.parametrize("taken, points, rule", [
    ((6, 4), -30, "fire"), ((6, 7), 0, "water"), ((15, 15), 10_000, "pymtheg"), ((4, 4), -20, "water.equal"),
])
def test_worked_examples_as_pymtheg_sub_game(taken, points, rule):
    (side,) = score_deal([taken], PYMTHEG_SCORING)
    assert (side.points, side.rule) == (points, rule)


def test_score_deal_refuses_impossible_counts():
    for taken in ((16, 0), (-1, 0), (0, 16)):
        with pytest.raises(ValueError):
            score_deal([taken])


# ---------------------------------------------------------------- the pit


def test_burn_pit():
    state = pit_deal([40, 20, 30, 50])
    assert rules_of(state)[-1] == "burn.pit" and state.phase == "pit" and state.current_player == 0
    assert {str(a) for a in state.legal_actions()} == {"pit minus", "pit plus"}
    assert state.cards_of(Pit("minus")) == () and state.prompt(Pit("minus")) == "Take 30 off your own score"
    with pytest.raises(IllegalMove) as info:
        state.apply(CardPlay(card("E2")))
    assert info.value.rule == "burn.pit"
    minus = play(state, "pit minus")
    assert minus.sheet.totals == (10, 20, 30, 50) and rules_of(minus)[0] == "burn.pit"
    plus = play(state, "pit plus")
    assert plus.sheet.totals == (40, 50, 60, 80) and plus.phase == "play"


def test_burn_pit_on_a_team_is_chosen_by_the_partner_nearest_the_dealers_left():
    state = pit_deal([40, 20], teams=2, dealer=0)
    assert state.phase == "pit" and state.pit == 0 and state.current_player == 2


def test_burn_pit_cap():
    state = pit_deal([40, 20, 30, 85])
    assert [str(a) for a in state.legal_actions()] == ["pit minus"]
    with pytest.raises(IllegalMove) as info:
        state.apply(Pit("plus"))
    assert info.value.rule == "burn.pit.cap" and "Kerensa (85) past 100" in info.value.reason
    # Exactly 100 is not past 100.
    assert pit_choices((40, 20, 30, 70), 0, 30) == ("minus", "plus")


def test_burn_pit_floor():
    state = pit_deal([10, 20, 30, 50])
    assert [str(a) for a in state.legal_actions()] == ["pit plus"]
    with pytest.raises(IllegalMove) as info:
        state.apply(Pit("minus"))
    assert info.value.rule == "burn.pit.floor"
    assert pit_choices((30, 0, 0), 0, 30) == ("minus", "plus")  # exactly 0 is allowed


def test_burn_pit_floor_first():
    state = pit_deal([10, 20, 30, 85])
    assert [str(a) for a in state.legal_actions()] == ["pit plus"]
    after = play(state, "pit plus")
    assert rules_of(after)[0] == "burn.pit.floor-first" and after.is_over
    assert after.sheet.totals == (10, 50, 60, 115) and after.result().winners == (0,)


def test_burn_pit_table():
    state = pit_deal([70, 20, 30, 35], pit_table=True)
    assert "burn.pit.table" in rules_of(state) and state.prompt(Pit("minus")) == "Take 60 off your own score"
    assert play(state, "pit minus").sheet.totals == (10, 20, 30, 35)
    assert [pit_value(p, 0, True) for p in (2, 3, 4, 5, 6)] == [30, 50, 60, 70, None]
    assert [pit_value(6, 2, True), pit_value(4, 2, True), pit_value(6, 3, True)] == [30, 40, 50]
    assert all(pit_value(p, t, False) == 30 for p, t in ((3, 0), (6, 0), (6, 2), (4, 2)))
    assert len(PIT_TABLE) == 8


def test_burn_pit_instant():
    state = pit_deal(None, players=6, pit_table=True)
    assert rules_of(state)[-2:] == ["burn.pit.table", "burn.pit.instant"]
    assert state.is_over and state.result().winners == (0,) and "at once" in state.result().text
    assert state.status() == "Game over: Jory wins."


def test_pit_rows():
    assert pit_row(3, 1, "minus", 30) == (0, -30, 0) and pit_row(3, 1, "plus", 40) == (40, 0, 40)


# ---------------------------------------------------------------- the game


def test_burn_match():
    state = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 20, 30, 40]), "play F3", "play F9", "play Wi2", "play E5")
    assert rules_of(state)[-3:] == ["burn.match", "burn.match", "burn.deal"]
    assert state.sheet.totals == (10, 22, 30, 40) and state.dealer == 0 and state.current_player == 1
    assert [len(h) for h in state.hands] == [15] * 4 and state.won == ((),) * 4 and state.tricks == ()
    table = state.view(None).scores
    assert [label for label, _ in table.rows] == ["Earlier deals", "Deal 1"] and table.totals == (10, 22, 30, 40)


def test_burn_end():
    state = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98, 30, 40]), "play F3", "play F9", "play Wi2", "play E5")
    assert rules_of(state)[-1] == "burn.end" and state.is_over and state.phase == "over"
    result = state.result()
    assert result.winners == (0,) and result.scores == (10, 100, 30, 40) and result.rule == "burn.end"
    assert result.breakdown[0].startswith("Earlier deals") and result.breakdown[-1].startswith("Totals")
    with pytest.raises(IllegalMove) as info:
        state.apply(CardPlay(card("F1")))
    assert info.value.rule == "burn.end" and state.legal_actions() == []


def test_burn_end_tie():
    state = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98, 10, 40]), "play F3", "play F9", "play Wi2", "play E5")
    assert rules_of(state)[-1] == "burn.end.tie" and state.result().winners == (0, 2)


def test_burn_end_says_who_in_the_status_and_why_in_the_result():
    """The status says who won; the result's text why, with the totals and their unit, not the status again."""
    deal = ("play F3", "play F9", "play Wi2", "play E5")
    state = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98, 30, 40]), *deal)
    assert state.status() == "Game over: Jory wins."
    assert state.result().text == "Jory has the lowest total, 10 points."
    tie = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98, 10, 40]), *deal)
    assert tie.status() == "Game over: Jory and Pol share the win."
    assert tie.result().text == "Jory and Pol share the lowest total, 10 points each."
    teams = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98], teams=2), *deal)
    assert teams.status() == "Game over: Jory & Pol win."
    assert teams.result().text == "Jory & Pol have the lowest total, 10 points."


def test_burn_end_in_teams_names_every_partner_a_winner():
    state = play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98], teams=2),
                 "play F3", "play F9", "play Wi2", "play E5")
    result = state.result()
    assert result.winners == (0, 2) and result.team_scores == (10, 100) and result.scores == (10, 100, 10, 100)


def test_target_option_and_every_game_ends():
    state = GAME.start(players=3, seed=5, target=10)
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert max(state.sheet.totals) >= 10 and state.sheet.deals < MAX_DEALS
    with pytest.raises(ValueError, match="option target"):
        GAME.start(seed=1, target=0)


def test_burn_pymtheg():
    state = play(start(["F3", "F9", "Wi2", "E5"], teams=2, scoring="pymtheg"), "play F3", "play F9", "play Wi2",
                 "play E5")
    rules = rules_of(state)
    assert "burn.pymtheg" in rules and rules[-1] == "burn.end" and state.is_over
    result = state.result()
    assert result.team_scores == (0, -10) and result.winners == (0, 2)


def test_pymtheg_all_fire_and_water_scores_ten_thousand_with_no_choice():
    state = pit_deal(None, teams=2, scoring="pymtheg")
    assert state.is_over and state.sheet.totals == (10_000, 0) and "burn.pit" not in rules_of(state)


# ---------------------------------------------------------------- actions, views, notation


FORGED = [
    (CardPlay(5), "cardplay.card"), (CardPlay(2.0), "cardplay.card"), (CardPlay("F3"), "cardplay.card"),
    (CardPlay(None), "cardplay.card"),
    (Pit(5), "pit.choice"), (Pit("maybe"), "pit.choice"), (Pit(None), "pit.choice"), (Pit(["minus"]), "pit.choice"),
]


@pytest.mark.parametrize("where", ["play", "pit", "over"])
def test_forged_moves_are_refused_naming_the_field_and_change_nothing(where):
    """A move whose parts are of the wrong type, a move of another game, or not a move at all: ``IllegalMove``
    naming the part (under the rule for a malformed move), in every phase, and the position stays as it was."""
    from tutor.cards import Card
    from tutor.games.chwech.moves import Pass
    from tutor.mechanics import CardPlay as SharedPlay

    def fresh():
        if where == "play":
            return start(TRICKS)
        if where == "pit":
            return pit_deal([40, 20, 30, 50])
        return play(start(["F3", "F9", "Wi2", "E5"], scores=[10, 98, 30, 40]), "play F3", "play F9", "play Wi2",
                    "play E5")

    state = fresh()
    for action, field in FORGED:
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "burn.follow" and field in info.value.reason, (action, info.value)
    for action in (Pass(), "play F3", 5, None, object()):
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "burn.follow", (action, info.value)
    if where == "play":  # a card, but of another deck
        with pytest.raises(IllegalMove) as info:
            state.apply(SharedPlay(Card.parse("3H")))
        assert "cardplay.card" in info.value.reason and "element deck" in info.value.reason
    assert state == fresh() and state.legal_actions() == fresh().legal_actions()


def test_actions_read_back_and_describe_themselves():
    state = start(TRICKS)
    for action in state.legal_actions():
        assert GAME.parse_action(state, str(action)) == action
    assert GAME.parse_action(state, "play fire 9") == CardPlay(card("F9"))
    assert GAME.parse_action(state, " Pit  Plus ") == Pit("plus")
    for text in ("play", "play W3", "pit", "pit maybe", "discard F9", None):
        with pytest.raises(IllegalMove):
            GAME.parse_action(state, text)
    assert state.describe(CardPlay(card("Wi3"))) == "Jory plays the Wind 3"
    assert state.prompt(CardPlay(card("Wi3"))) == "Play the Wind 3"
    assert state.cards_of(CardPlay(card("Wi3"))) == (card("Wi3"),)
    assert state.candidate_actions(card("F9")) == [CardPlay(card("F9"))]


def test_views_hide_hands_and_show_the_trick():
    state = GAME.start(players=4, seed=2)
    first = state.legal_actions()[0]
    state = state.apply(first)
    view = state.view(1)
    assert all(c is None for c in view.seats[0].hand) and None not in view.seats[1].hand
    assert view.trick.plays == ((0, first.card),) and view.trick.winner is None and view.trick.trumps == ""
    assert view.centre == (first.card,) and not view.has_stock


def test_random_games_from_every_set_up_end_and_conserve_cards():
    for players, options in ((2, {"two_players": True}), (3, {}), (4, {"teams": 2}), (5, {}),
                             (6, {"teams": 3}), (6, {"teams": 2, "pit_table": True}), (4, {"scoring": "pymtheg"})):
        state = GAME.start(players=players, seed=players, **options)
        rng = random.Random(players)
        while not state.is_over:
            assert sorted(state.cards()) == sorted(ElementCard.all_cards())
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.result().winners


# ---------------------------------------------------------------- the bot


def test_heuristic_moves_are_legal_and_explained():
    state = GAME.start(players=4, seed=11)
    rng = random.Random(1)
    while not state.is_over:
        action, reason = heuristic(state, rng)
        assert action in state.legal_actions() and reason and "burn." not in reason
        state = state.apply(action)


def test_heuristic_ducks_fire_and_takes_helpful_water():
    # Fire 9 led, Tamsin Fire 3; Pol holds Fire 12 and Fire 2: he ducks with the Fire 2.
    state = play(start(["F9 E9", "F3 E3", "F12 F2", "Wi1 E1"]), "play F9", "play F3")
    action, reason = heuristic(state, random.Random(0))
    assert action == CardPlay(card("F2")) and "duck" in reason
    # Void in the element led, Kerensa sheds her highest card that is not Water.
    state = play(start(["F9 E9", "F3 E3", "F12 F2", "Wi1 Wa7"]), "play F9", "play F3", "play F2")
    action, reason = heuristic(state, random.Random(0))
    assert action == CardPlay(card("Wi1")) and "no Fire" in reason
    # Water led and nothing else in the trick, last to play, more Water would put her Fire out: she takes it.
    state = play(start(["Wa3 E9", "Wa2 E3", "Wa1 E4", "Wa9 Wa4"], won=["", "", "", "F1"]),
                 "play Wa3", "play Wa2", "play Wa1")
    action, reason = heuristic(state, random.Random(0))
    assert action == CardPlay(card("Wa4")) and "Water" in reason


def test_heuristic_pit_choice_follows_the_standings():
    ahead = pit_deal([40, 50, 60, 70])
    action, reason = heuristic(ahead, random.Random(0))
    assert action == Pit("plus") and "lowest" in reason
    behind = pit_deal([60, 20, 30, 50])
    action, reason = heuristic(behind, random.Random(0))
    assert action == Pit("minus") and "not in the lead" in reason
    forced = pit_deal([10, 20, 30, 50])
    assert heuristic(forced, random.Random(0))[0] == Pit("plus")


def test_strong_bots_beat_random_bots():
    wins = 0
    for seed in range(6):
        state = GAME.start(players=4, seed=seed)
        bots = [make_bot("burn", "strong" if seat % 2 == 0 else "random", seed + seat) for seat in range(4)]
        while not state.is_over:
            state = state.apply(bots[state.current_player].choose(state))
        wins += any(w % 2 == 0 for w in state.result().winners)
    assert wins >= 5


def test_search_bot_plays_legal_explained_moves():
    state = GAME.start(players=4, seed=21)
    rng = random.Random(2)
    for _ in range(12):
        action, reason = search(state, rng, budget=0.01)
        assert action in state.legal_actions() and reason and "burn." not in reason
        state = state.apply(action)


def test_search_bot_ducks_a_fire_trick_it_can_see_through():
    # Three cards each; Kerensa is last to the Fire 9 trick and can duck with the Fire 2 or win with the Fire 12.
    state = play(start(["F9 E9 E10", "F3 E3 E11", "Wi2 Wi3 Wi4", "F12 F2 E1"]), "play F9", "play F3", "play Wi2")
    action, reason = search(state, random.Random(0), budget=0.05)
    assert action == CardPlay(card("F2")) and "ways" in reason
    assert search(pit_deal([40, 50, 60, 70]), random.Random(0))[0] == Pit("plus")


def test_quick_card_follows_the_rules():
    rng = random.Random(3)
    hand = [card(c) for c in ("F2", "F12", "E1")]
    plays = [(0, card("F9"))]
    for _ in range(50):
        assert quick_card(hand, plays, rng) in (card("F2"), card("F12"))
