"""The tournament utility: league rank points, NS/EW scores, all-pass rounds, schedules, knock-outs (Y16, Burn)."""

from collections import Counter

import pytest

from tutor.games import get_game
from tutor.tournament import (BURN_SMALL_RAISES, Knockout, Sitting, apply_tie_break, burn_cap, ew_score, knockout_games,
                              knockout_result, knockout_round, league, league_schedule, next_round, ns_score,
                              pair_sitting, rank_points, table_seed, tie_break, tied_groups)


def test_east_west_score_what_north_south_score_negated():
    assert ew_score(120) == -120 and ew_score(-42) == 42
    assert ns_score((0, 21)) == -21 and ns_score((150, 0)) == 150  # only the playing side scores
    assert pair_sitting(1, "A", "B", 30).results == {"A": 30, "B": -30}
    with pytest.raises(ValueError, match="ns and ew"):
        pair_sitting(1, "A", "A", 30)


def test_rank_points_best_first_with_shared_ranks():
    assert rank_points({"A": 120, "B": -120, "C": 40}) == {"A": 1, "C": 2, "B": 3}
    assert rank_points({"A": 50, "B": 50, "C": 10, "D": -5}) == {"A": 1, "B": 1, "C": 3, "D": 4}
    assert rank_points({"A": 3, "B": 0, "C": 12}, lowest_best=True) == {"B": 1, "A": 2, "C": 3}  # Burn


def test_a_round_where_all_pass_is_the_worst_result_for_both():
    results = {**pair_sitting(1, "A", "B", None).results, **pair_sitting(1, "C", "D", -500).results}
    assert rank_points(results) == {"D": 1, "C": 2, "A": 4, "B": 4}  # tied at the worst: the highest points
    # Even a very bad score beats passing out.
    assert rank_points({"A": -9_999, "B": None}) == {"A": 1, "B": 2}


def test_league_adds_rank_points_and_the_fewest_wins():
    sittings = [
        pair_sitting(0, "A", "B", 100), pair_sitting(0, "C", "D", -20),
        pair_sitting(1, "B", "C", 60), pair_sitting(1, "D", "A", None),
    ]
    standings = league(sittings)
    # Table 0: A 100 (1), D 20 (2), C -20 (3), B -100 (4). Table 1: B 60 (1), C -60 (2), D and A passed (4, 4).
    assert standings.points == {"A": 5, "B": 5, "C": 5, "D": 6}
    assert standings.champions == ("A", "B", "C") and standings.order[-1] == "D"  # several champions
    with pytest.raises(ValueError, match="twice"):
        league([pair_sitting(0, "A", "B", 1), pair_sitting(0, "A", "C", 2)])


def test_league_schedule_sends_every_team_to_every_table_once():
    teams = [f"T{i}" for i in range(8)]
    rounds = league_schedule(teams)
    assert len(rounds) == 4 and all(len(r) == 4 for r in rounds)
    for team in teams:
        tables = [t for r in rounds for t, seated in enumerate(r) if team in seated]
        assert sorted(tables) == [0, 1, 2, 3]
    for r in rounds:  # everyone plays in every round
        assert Counter(team for seated in r for team in seated) == Counter(teams)
    meetings = {frozenset(seated) for r in rounds for seated in r}
    assert len(meetings) > 4  # opponents change
    burn = league_schedule(list(range(9)), sides=3)  # Burn, three sides a table
    assert all(len(seated) == 3 for r in burn for seated in r)
    with pytest.raises(ValueError, match="teams"):
        league_schedule(["A", "B", "C"])


def test_the_same_hands_at_every_table():
    game = get_game("pymtheg")
    first = game.start(seed=table_seed(7, 2), rounds=1, burn=False)
    again = game.start(seed=table_seed(7, 2), rounds=1, burn=False)
    assert first.hands == again.hands and table_seed(7, 2) != table_seed(7, 3)


def test_knockout_games_and_ties():
    assert [knockout_games(r) for r in range(3)] == [5, 7, 9]
    assert knockout_games(1, first=5, increase=3) == 8
    games = [(20, 0), (0, 41), (22, 0)]
    assert knockout_result(games, 3) == Knockout(0, (42, 41), 3)
    tied = [(30, 0), (0, 30)]
    assert knockout_result(tied, 2) == Knockout(None, (30, 30), 4)  # two more games
    assert knockout_result(tied + [(0, 0), (0, 0)], 2) == Knockout(None, (30, 30), 6)  # tied again: two more
    assert knockout_result(tied + [(0, 0), (0, 0), (10, 0), (0, 0)], 2).winner == 0
    with pytest.raises(ValueError):
        knockout_result([], 0)


def test_knockout_bracket():
    pairs = knockout_round(["A", "B", "C", "D", "E"])
    assert pairs == (("A", "B"), ("C", "D"), ("E",))
    assert next_round(pairs, [1, 0, 0]) == ("B", "C", "E")
    with pytest.raises(ValueError, match="winners"):
        next_round(pairs, [0])


def test_burn_knockout_cap_and_tie_breaks():
    assert [burn_cap(r) for r in range(3)] == [100, 200, 300]
    assert burn_cap(2, raise_by=BURN_SMALL_RAISES[1]) == 150
    burn = get_game("burn").start(players=4, seed=1, target=burn_cap(1))
    assert burn.rules.target == 200
    points = {"A": 5, "B": 7, "C": 7, "D": 9, "E": 9, "F": 9}
    assert tied_groups(points) == (("B", "C"), ("D", "E", "F"))
    assert tie_break(("B", "C")) == "duel" and tie_break(("D", "E", "F")) == "mini-league"
    order = ("A", "B", "C", "D", "E", "F")
    assert apply_tie_break(order, ("D", "E", "F"), ("F", "D", "E")) == ("A", "B", "C", "F", "D", "E")
    with pytest.raises(ValueError):
        apply_tie_break(order, ("B", "C"), ("B", "D"))
    with pytest.raises(ValueError):
        tie_break(("A",))


def test_a_whole_league_played_by_bots():
    from tutor.bots import make_bot

    game = get_game("pymtheg")
    teams = ["N1", "N2", "E1", "E2"]
    sittings = []
    for r, tables in enumerate(league_schedule(teams)):
        for t, (ns, ew) in enumerate(tables):
            state = game.start(seed=table_seed(3, t), rounds=1, burn=False)
            bots = [make_bot("pymtheg", "strong", seat) for seat in range(4)]
            while not state.is_over:
                state = state.apply(bots[state.current_player].choose(state))
            passed = any(e.rule == "pymtheg.no-burn" for e in state.events)
            sittings.append(pair_sitting(t, ns, ew, None if passed else ns_score(state.sheet.rows[-1])))
    standings = league(sittings)
    assert set(standings.points) == set(teams) and all(2 <= p <= 8 for p in standings.points.values())
    fewest = min(standings.points.values())
    assert standings.champions == tuple(t for t in standings.order if standings.points[t] == fewest)
    assert isinstance(sittings[0], Sitting)


class Counted(list):
    """A list that counts how many of its items are read (through indexing, slicing or iterating)."""

    reads = 0

    def __getitem__(self, index):
        got = super().__getitem__(index)
        Counted.reads += len(got) if isinstance(index, slice) else 1
        return got

    def __iter__(self):
        for item in super().__iter__():
            Counted.reads += 1
            yield item


def test_knockout_result_reads_a_long_match_a_few_times_over_not_once_per_tie():
    games = Counted([(1, 0), (0, 1)] * 10_000)  # tied after every even game: two more, and again
    Counted.reads = 0
    assert knockout_result(games, 2) == Knockout(None, (10_000, 10_000), 20_002)
    assert Counted.reads <= 3 * len(games)
    decided = Counted([(1, 0), (0, 1)] * 5_000 + [(3, 0), (0, 0)] + [(0, 9)] * 100)
    assert knockout_result(decided, 2) == Knockout(0, (5_003, 5_000), 10_002)  # later games do not count


@pytest.mark.parametrize("call, name", [
    (lambda: knockout_games("1"), "round_index"), (lambda: knockout_games(1.0), "round_index"),
    (lambda: knockout_games(-1), "round_index"), (lambda: knockout_games(True), "round_index"),
    (lambda: knockout_games(1, first=0), "first"), (lambda: knockout_games(1, increase="2"), "increase"),
    (lambda: knockout_games(10 ** 5000), "round_index"),
    (lambda: rank_points([]), "results"), (lambda: rank_points(None), "results"),
    (lambda: rank_points({"A": "3"}), "results"), (lambda: rank_points({"A": 1.5}), "results"),
    (lambda: rank_points({"A": 1}, lowest_best="yes"), "lowest_best"),
    (lambda: rank_points({"A": []}), "results"),
    (lambda: ew_score("3"), "ns"), (lambda: ns_score((1,)), "row"), (lambda: ns_score("12"), "row"),
    (lambda: ns_score((1, None)), "row[1]"),
    (lambda: pair_sitting("1", "A", "B", 3), "table"), (lambda: pair_sitting(1, ["A"], "B", 3), "ns"),
    (lambda: pair_sitting(1, "A", "B", "3"), "ns_result"),
    (lambda: league("AB"), "sittings"), (lambda: league([("x", {"A": 1})]), "sittings[0].table"),
    (lambda: league([(0, {"A": "1"})]), "sittings[0].results"), (lambda: league([5]), "sittings[0]"),
    (lambda: league([], lowest_best=None), "lowest_best"),
    (lambda: league_schedule("ABCD"), "teams"), (lambda: league_schedule([]), "teams"),
    (lambda: league_schedule(["A", "B"], sides="2"), "sides"), (lambda: league_schedule([["A"], ["B"]]), "teams"),
    (lambda: league_schedule(["A", "A"]), "teams"),
    (lambda: table_seed(-1, 0), "event"), (lambda: table_seed(1, 1_000), "table"), (lambda: table_seed(2 ** 63, 0), "event"),
    (lambda: knockout_result([(1, 0)], "1"), "games"), (lambda: knockout_result("10", 1), "results"),
    (lambda: knockout_result([(1, 0), (1,)], 1), "results[1]"), (lambda: knockout_result([(1, "0")], 1), "results[0][1]"),
    (lambda: knockout_result([None], 1), "results[0]"),
    (lambda: knockout_round("ABCD"), "teams"), (lambda: knockout_round(["A", "A"]), "teams[1]"),
    (lambda: next_round("AB", [0]), "pairs"), (lambda: next_round([("A", "B")], [2]), "winners[0]"),
    (lambda: next_round([("A", "B")], ["1"]), "winners[0]"), (lambda: next_round([("A", "B", "C")], [0]), "pairs[0]"),
    (lambda: next_round([("A", "B")], 0), "winners"),
    (lambda: burn_cap("1"), "round_index"), (lambda: burn_cap(1, start=0), "start"),
    (lambda: burn_cap(1, raise_by=-1), "raise_by"),
    (lambda: tied_groups([("A", 1)]), "points"), (lambda: tied_groups({"A": None}), "points"),
    (lambda: tie_break("AB"), "group"), (lambda: tie_break(["A", "A"]), "group"), (lambda: tie_break(3), "group"),
    (lambda: apply_tie_break(("A", "B"), ("A", "C"), ("C", "A")), "group[1]"),
    (lambda: apply_tie_break(("1", "B"), ("1", "B"), (1, "B")), "broken"),
    (lambda: apply_tie_break("AB", ("A", "B"), ("B", "A")), "order"),
])
def test_every_helper_refuses_a_wrong_argument_by_name(call, name):
    with pytest.raises(ValueError) as info:
        call()
    assert name in str(info.value)
    assert "limit" not in str(info.value)


def test_rank_points_of_a_large_table_shares_ranks_as_before():
    results = {f"T{i}": (i * 7919) % 101 - 50 for i in range(3_000)}
    points = rank_points(results)
    for team in list(results)[:50]:
        assert points[team] == 1 + sum(1 for v in results.values() if v > results[team])
    assert apply_tie_break(tuple(range(2_000)), (5, 6), (6, 5))[4:8] == (4, 6, 5, 7)
    assert next_round([("A",), ("B", "C")], [1, 1]) == ("A", "C")  # a bye goes through whatever its entry
