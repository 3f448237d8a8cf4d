"""Tournaments of Pymtheg and Burn: leagues on rank points, and knock-outs — pure functions over results.

How Gwari settles the tournament rules is in ``docs/rules.md`` (Y16 for
Pymtheg; Burn's tournament form with B7).

*League.*  Every table has its own cards, shuffled once; by a schedule every
team plays once at every table, so all teams play the same hands.  At each
table the teams are ranked by their results there: the best gets 1 rank point,
the next 2, and so on (equal results share the better rank).  The fewest rank
points over all tables wins; there is no official tie-break, so several teams
may share the title.  In Pymtheg only the playing side scores, so results are
compared as North–South's score, East–West scoring its negative; a deal in
which all four pass is not played as Burn and counts as the worst result for
both teams (tied with any other such result, at the worst rank).  In Burn the
lowest score is the best.

*Knock-out.*  Two teams play a set number of games (more in each later round);
the higher total goes through, and a tie is settled by two more games at a
time.  In Burn's knock-out each round is one game to a cap that rises from
round to round; ties in a pool are broken by a game between two tied sides or
a mini-league between more.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Hashable, Iterable, Mapping, NamedTuple, Sequence, TypeVar

from tutor.checks import _is_int, _shown_value

T = TypeVar("T", bound=Hashable)

GAMES = ("pymtheg", "burn")
"""The games whose rule book gives these tournaments (Y16; Burn's with B7): a class plays them at its tables
(``tutor.tables.tournament_play``)."""

# ---------------------------------------------------------------- checking what a teacher passes
# Every public function checks its arguments (a teacher calls them from a notebook cell) and refuses a wrong one
# with a ValueError naming it; nothing here reads a text as a number or a falsy value as empty.


def _whole(value: Any, name: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a yes/no) from ``low`` to ``high``."""
    if not _is_int(value) or (low is not None and value < low) or (high is not None and value > high):
        span = (f" from {low}" if low is not None else "") + (f" to {high}" if high is not None else "")
        raise ValueError(f"{name} must be a whole number{span}, not {_shown_value(value)}.")
    return value


def _yes_no(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {_shown_value(value)}.")
    return value


def _sequence(value: Any, name: str, what: str) -> Sequence:
    """A list or tuple (a text, a mapping or a set is not one: a set has no order)."""
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Sequence):
        raise ValueError(f"{name} must be a list of {what}, not {_shown_value(value)}.")
    return value


def _mapping(value: Any, name: str, what: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a mapping of {what}, not {_shown_value(value)}.")
    return value


def _team(value: Any, name: str) -> Hashable:
    """A team or side: any value that can be a key (a name, a number, a tuple of names)."""
    try:
        hash(value)
    except TypeError:
        raise ValueError(f"{name}: {_shown_value(value)} cannot name a team (use a text or a number).") from None
    return value


def _teams(value: Any, name: str, *, distinct: bool = True) -> Sequence:
    teams = _sequence(value, name, "teams")
    seen = set()
    for i, team in enumerate(teams):
        _team(team, f"{name}[{i}]")
        if distinct and team in seen:
            raise ValueError(f"{name}[{i}]: {_shown_value(team)} is there twice.")
        seen.add(team)
    return teams


def _score(value: Any, name: str, *, none: bool = False) -> int | None:
    """A score: a whole number (or ``None`` for no result, where allowed)."""
    if value is None and none:
        return None
    if not _is_int(value):
        raise ValueError(f"{name} must be a whole number{' or None' * none}, not {_shown_value(value)}.")
    return value


def _results(value: Any, name: str) -> Mapping:
    results = _mapping(value, name, "teams to results")
    for team, result in results.items():
        _team(team, name)
        _score(result, f"{name}[{_shown_value(team)}]", none=True)
    return results


# ---------------------------------------------------------------- scores at a table (Y16)


def ew_score(ns: int) -> int:
    """Y16: East–West score what North–South score, negated."""
    return -_score(ns, "ns")


def ns_score(row: Sequence[int]) -> int:
    """North–South's score for a Pymtheg deal from its row on the sheet (NS team's points, EW team's points):
    only the playing side scores, so NS's result is what NS scored minus what EW scored."""
    row = _sequence(row, "row", "two scores (North–South's, East–West's)")
    if len(row) != 2:
        raise ValueError(f"row must hold two scores (North–South's, East–West's), not {len(row)}.")
    return _score(row[0], "row[0]") - _score(row[1], "row[1]")


class Sitting(NamedTuple):
    """One team's (or several teams') play at one table: ``results`` maps each team to its score there, or to
    ``None`` for a deal without a result (all four passed, in Pymtheg)."""

    table: int
    results: Mapping[Hashable, int | None]


def pair_sitting(table: int, ns: T, ew: T, ns_result: int | None) -> Sitting:
    """A Pymtheg table: NS's score and EW's (its negative), or no result for both when all four passed."""
    _whole(table, "table", 0)
    if _team(ns, "ns") == _team(ew, "ew"):
        raise ValueError("ns and ew: a team cannot sit on both sides of a table.")
    _score(ns_result, "ns_result", none=True)
    if ns_result is None:
        return Sitting(table, {ns: None, ew: None})
    return Sitting(table, {ns: ns_result, ew: ew_score(ns_result)})


# ---------------------------------------------------------------- rank points and the league


def rank_points(results: Mapping[T, int | None], *, lowest_best: bool = False) -> dict[T, int]:
    """Rank points at one table: 1 for the best result, 2 for the next, …; equal results share the better rank
    (1, 1, 3); a missing result (``None``) gets the worst rank, the number of teams ranked.

    ``rank_points({"A": 120, "B": -120, "C": 40})`` → ``{"A": 1, "C": 2, "B": 3}``.
    """
    _results(results, "results")
    _yes_no(lowest_best, "lowest_best")
    worst = len(results)
    scored = sorted(v if lowest_best else -v for v in results.values() if v is not None)  # best first
    out = {}
    for team, value in results.items():
        out[team] = worst if value is None else bisect_left(scored, value if lowest_best else -value) + 1
    return out


class Standings(NamedTuple):
    """A league's outcome: rank points per team, the teams best first, and the champions (several on a tie)."""

    points: dict
    order: tuple
    champions: tuple


def league(sittings: Iterable[Sitting], *, lowest_best: bool = False) -> Standings:
    """Add up each team's rank points over the tables (the results of every sitting at a table are ranked
    together); the fewest points wins, and equal fewest share the title (there is no official tie-break)."""
    _yes_no(lowest_best, "lowest_best")
    if isinstance(sittings, (str, bytes, Mapping)) or not isinstance(sittings, Iterable):
        raise ValueError(f"sittings must be a list of Sitting (pair_sitting makes one), not {_shown_value(sittings)}.")
    by_table: dict[int, dict] = {}
    for i, sitting in enumerate(sittings):
        if not isinstance(sitting, tuple) or len(sitting) != 2:
            raise ValueError(f"sittings[{i}] must be a Sitting (table, results), not {_shown_value(sitting)}.")
        sitting = Sitting(_whole(sitting[0], f"sittings[{i}].table", 0), _results(sitting[1], f"sittings[{i}].results"))
        table = by_table.setdefault(sitting.table, {})
        for team, result in sitting.results.items():
            if team in table:
                raise ValueError(f"results: team {team!r} plays table {sitting.table} twice.")
            table[team] = result
    points: dict = {}
    for table in by_table.values():
        for team, p in rank_points(table, lowest_best=lowest_best).items():
            points[team] = points.get(team, 0) + p
    order = tuple(sorted(points, key=lambda t: (points[t], str(t))))
    best = min(points.values(), default=0)
    return Standings(points, order, tuple(t for t in order if points[t] == best))


def league_schedule(teams: Sequence[T], sides: int = 2) -> tuple[tuple[tuple[T, ...], ...], ...]:
    """A schedule in which every team plays once at every table: ``rounds[r][t]`` is the teams (one per side,
    North–South first) at table ``t`` in round ``r``.  The teams are split into ``sides`` groups, one per side of
    a table; each group moves round the tables at its own pace, so (with three tables or more) the opponents
    change from round to round."""
    _teams(teams, "teams")
    _whole(sides, "sides", 2)
    if not teams or len(teams) % sides:
        raise ValueError(f"teams: {len(teams)} different teams cannot fill tables of {sides} sides.")
    tables = len(teams) // sides
    steps = [step for step in (1, -1, 2, -2, 3, -3, 4, -4) if _coprime(step, tables)][:sides]
    if len(steps) < sides:
        raise ValueError(f"teams: {tables} tables of {sides} sides cannot give every team every table once; "
                         "use another number of teams.")
    groups = [teams[s * tables:(s + 1) * tables] for s in range(sides)]
    rounds = []
    for r in range(tables):
        at_table = []
        for t in range(tables):
            at_table.append(tuple(groups[s][(t - steps[s] * r) % tables] for s in range(sides)))
        rounds.append(tuple(at_table))
    return tuple(rounds)


def _coprime(a: int, b: int) -> bool:
    a, b = abs(a), b
    while b:
        a, b = b, a % b
    return a == 1


def table_seed(event: int, table: int) -> int:
    """The seed of a table's cards: shuffled once for the whole event, so every team plays the same hands there
    (``event`` from 0; ``table`` from 0 to 999)."""
    _whole(event, "event", 0, (2 ** 63 - 1_000) // 1_000)
    _whole(table, "table", 0, 999)
    return event * 1_000 + table


# ---------------------------------------------------------------- knock-out (Pymtheg)


def knockout_games(round_index: int, *, first: int = 5, increase: int = 2) -> int:
    """How many games a knock-out round has: ``first`` (mostly 5) in the first round (index 0), ``increase`` more
    in each later one (the organisers' choice)."""
    _whole(round_index, "round_index", 0, 1_000)
    _whole(first, "first", 1, 1_000)
    _whole(increase, "increase", 0, 1_000)
    return first + increase * round_index


class Knockout(NamedTuple):
    """A knock-out match so far: the winner (0 or 1, ``None`` while undecided), the totals over the games that
    count, and how many games must be played in all before it can be decided."""

    winner: int | None
    totals: tuple[int, int]
    games: int


def knockout_result(results: Sequence[Sequence[int]], games: int) -> Knockout:
    """Decide a knock-out match from each game's ``(first team, second team)`` points: the higher total after
    ``games`` games goes through; on a tie two more games are played, and again, until the totals differ.
    Games after the one that decides it are not counted.  Time linear in the games."""
    _sequence(results, "results", "(first team, second team) points, one pair per game")
    _whole(games, "games", 1)
    for i, game in enumerate(results):
        if not isinstance(game, (list, tuple)) or len(game) != 2:
            raise ValueError(f"results[{i}] must be a pair of points (first team, second team), "
                             f"not {_shown_value(game)}.")
        _score(game[0], f"results[{i}][0]")
        _score(game[1], f"results[{i}][1]")
    first = second = 0
    needed = games
    for played, (a, b) in enumerate(results):
        if played == needed:
            if first != second:
                break
            needed += 2
        first, second = first + a, second + b
    else:
        if len(results) < needed:
            return Knockout(None, (first, second), needed)
        if first == second:
            return Knockout(None, (first, second), needed + 2)
    return Knockout(0 if first > second else 1, (first, second), needed)


def knockout_round(teams: Sequence[T]) -> tuple[tuple[T, ...], ...]:
    """Pair the teams of a knock-out round in order, first against second and so on; an odd team out goes
    through alone (a bye), shown as a pair of one."""
    _teams(teams, "teams")
    return tuple(tuple(teams[i:i + 2]) for i in range(0, len(teams), 2))


def next_round(pairs: Sequence[Sequence[T]], winners: Sequence[int]) -> tuple[T, ...]:
    """The teams of the next round: the winner (0 or 1) of each pair, a bye going through as it is."""
    _sequence(pairs, "pairs", "pairs of teams (knockout_round makes them)")
    _sequence(winners, "winners", "0 or 1, one per pair")
    if len(winners) != len(pairs):
        raise ValueError(f"winners: one per pair ({len(pairs)}), not {len(winners)}.")
    for i, pair in enumerate(pairs):
        if not 1 <= len(_teams(pair, f"pairs[{i}]")) <= 2:
            raise ValueError(f"pairs[{i}] must hold one team or two, not {len(pair)}.")
        _whole(winners[i], f"winners[{i}]", 0, 1)  # a bye goes through whatever its entry says
    return tuple(pair[0] if len(pair) == 1 else pair[w] for pair, w in zip(pairs, winners))


# ---------------------------------------------------------------- Burn's knock-out and tie-breaks

BURN_CAP = 100  # B7: a game of Burn ends when a side reaches 100
BURN_SMALL_RAISES = {1: 25, 2: 100, 3: 250}
"""The smaller rises some Burn knock-outs use, by players in a side: 25 one against one, 100 for pairs, 250 for
teams of three."""


def burn_cap(round_index: int, *, start: int = BURN_CAP, raise_by: int = 100) -> int:
    """The score that ends a Burn knock-out game: 100 in the first round (index 0), ``raise_by`` more in each
    later round."""
    _whole(round_index, "round_index", 0, 1_000)
    _whole(start, "start", 1, 10 ** 9)
    _whole(raise_by, "raise_by", 0, 10 ** 9)
    return start + raise_by * round_index


def tied_groups(points: Mapping[T, int]) -> tuple[tuple[T, ...], ...]:
    """The groups of sides on equal points (two or more), best first, each in the order given."""
    _mapping(points, "points", "sides to points")
    for side, p in points.items():
        _team(side, "points")
        _score(p, f"points[{_shown_value(side)}]")
    groups: dict[int, list] = {}
    for side, p in points.items():
        groups.setdefault(p, []).append(side)
    return tuple(tuple(g) for p, g in sorted(groups.items()) if len(g) > 1)


def tie_break(group: Sequence[T]) -> str:
    """How a Burn pool tie is broken: "duel" — the two play one game to the cap, the other reaching it first
    wins — or "mini-league" among three or more, repeated until no tie is left."""
    if len(_teams(group, "group")) < 2:
        raise ValueError("group: a tie needs two sides or more.")
    return "duel" if len(group) == 2 else "mini-league"


def apply_tie_break(order: Sequence[T], group: Sequence[T], broken: Sequence[T]) -> tuple[T, ...]:
    """The standings with a tied ``group`` replaced, in its place, by the order its tie-break gave."""
    _teams(order, "order")
    tied = set(_teams(group, "group"))
    if not tied:
        raise ValueError("group: a tie needs two sides or more.")
    place = {side: i for i, side in enumerate(order)}
    for i, side in enumerate(group):
        if side not in place:
            raise ValueError(f"group[{i}]: {_shown_value(side)} is not in the standings (order).")
    if len(_teams(broken, "broken")) != len(tied) or set(broken) != tied:
        raise ValueError("broken: the tie-break must order exactly the tied sides.")
    first = min(place[side] for side in group)
    rest = [side for side in order if side not in tied]
    return tuple(rest[:first] + list(broken) + rest[first:])
