"""A class tournament of Pymtheg or Burn played live at the class's tables: the rule book's league (docs/rules.md Y16
and Burn's tournament form with B7), its rounds opened as tables of classmates, results read from the finished
tables, standings by rank points, and the final between the league's two best teams.

The rules themselves are ``tutor.tournament``'s pure functions: the schedule (``league_schedule``), each table's
seed (``table_seed``: every team meets the same hands at the same table), rank points and ties (``league``), the
knock-out's pairing and result (``knockout_round``, ``knockout_games``, ``knockout_result``, ``burn_cap``).  This
module runs them over a store of tables (``tutor.tables.store``): it opens and starts each round's tables, lets bots
play where no learner is left, and reads what the tables say.

*Where its state lives.*  A tournament's record is a card of its own kind (``kind: "tournament"``) in the tables'
store, beside the tables' cards: every server of the class (every learner's kernel on one machine, each machine on
Redis or PostgreSQL, the class service under a hub) reads the same record, a restarted kernel finds it again, and
no store needed a new table or a new script.  The lists of tables skip it (``tutor.tables.seating.table_codes``).
The record keeps the teams, the schedule, the event's number (from which each table's seed is made: so it is never
sent to a learner), the codes of each round's tables, and each table's result once its game is over.

*Seats.*  Teams are of two; a team sits on one side of a table, partners opposite, always in the same order
(the team's first learner at seat 1 for North–South, seat 2 for East–West), so a seat at a table gets the same
cards whichever team sits there.  An odd learner gets a bot for a partner, and an odd number of teams a team of
bots.  A learner who never sits down, or who leaves mid-round, is played by a bot (the tables' own away rule), and
the standings name them.  A table at which every seat is a bot (nobody sat, or everyone left) is played out at
once: nobody is there to watch each move.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from tutor import tournament as rules
from tutor.bots import LEVELS
from tutor.progress.fields import learner_name
from tutor.tables.referee import AWAY_MS, Table
from tutor.tables.seating import open_card
from tutor.tables.store import TableError, TableStore, table_code

__all__ = ["GAMES", "KIND", "TEAM", "advance", "begin_round", "final_result", "form_teams", "is_tournament",
           "latest", "open_final", "open_round", "public", "record", "standings", "start"]

KIND = "tournament"
TEAM = 2  # learners in a team: partners sit opposite
SEATS = 4
GAMES = {  # the options every table of a league plays: one deal of Pymtheg (no Burn when all pass), Burn's short game
    "pymtheg": {"match": "rounds", "rounds": 1, "burn": False},
    "burn": {"teams": 2, "short": True},
}
PLAY_OUT = 2_000  # the most moves played out at once at a table where nobody is left
EVENTS = 10 ** 9  # the event's number is drawn below this (each table's seed is made from it)


def is_tournament(meta: Any) -> bool:
    """Whether a card of the tables' store is a tournament's record (not a table's card)."""
    return isinstance(meta, dict) and meta.get("kind") == KIND


def form_teams(learners: Any, drawn: Any = False, rng: random.Random | None = None) -> list[list[str | None]]:
    """Teams of two from ``learners``, in the order given or ``drawn`` at random: an odd learner gets a bot partner
    (``None``), and an odd number of teams a team of bots, so that the league's tables fill."""
    if not isinstance(learners, (list, tuple)):
        raise TableError("learners: a list of the learners' names.")
    if not isinstance(drawn, bool):
        raise TableError("teams: drawn (True) or in the order of the list (False).")
    names = []
    for name in learners:
        try:
            names.append(learner_name(name))
        except ValueError as exc:
            raise TableError(f"learners: {exc}") from None
    if len(names) < 2:
        raise TableError("learners: a tournament needs at least two learners.")
    if len({n.casefold() for n in names}) != len(names):
        raise TableError("learners: each learner plays in one team only; a name is listed twice.")
    if len(names) > 2 * TEAM * 999:
        raise TableError("learners: at most 3996 learners (999 tables).")
    if drawn:
        (rng or random.SystemRandom()).shuffle(names)
    teams: list[list[str | None]] = [list(names[i:i + TEAM]) for i in range(0, len(names), TEAM)]
    teams[-1] += [None] * (TEAM - len(teams[-1]))
    if len(teams) % 2:
        teams.append([None] * TEAM)
    return teams


def start(store: TableStore, game: Any, learners: Any, *, drawn: Any = False, level: Any = "strong",
          away_ms: Any = AWAY_MS, rng: random.Random | None = None) -> str:
    """Keep a new tournament of ``game`` for ``learners`` (teams formed or drawn, the league's schedule made) and
    open its first round's tables; returns the tournament's code.  Every argument is checked first."""
    if game not in GAMES:
        raise TableError(f"game: a tournament is of Pymtheg or Burn (the rule book's tournaments), not {game!r}.")
    if level not in LEVELS:
        raise TableError(f"bot level: one of {', '.join(LEVELS)}, not {level!r}.")
    if not isinstance(away_ms, int) or isinstance(away_ms, bool) or not 1_000 <= away_ms <= 3_600_000:
        raise TableError("away time: a whole number of milliseconds from 1000 (a second) to 3600000 (an hour).")
    teams = form_teams(learners, drawn, rng)
    schedule = rules.league_schedule(list(range(len(teams))), 2)
    meta = {"kind": KIND, "game": game, "event": secrets.randbelow(EVENTS), "teams": teams, "drawn": drawn,
            "schedule": [[list(pair) for pair in at] for at in schedule], "rounds": [], "results": {},
            "level": level, "away_ms": away_ms, "final": None, "made": store.now_ms()}
    code = store.create(meta)
    open_round(store, code)
    return code


def record(store: TableStore, code: Any) -> dict[str, Any]:
    """The tournament's record kept under ``code``; a TableError when there is none."""
    code = table_code(code)
    meta = store.meta(code)
    if not is_tournament(meta):
        raise TableError(f"tournament: {code} is a table, not a tournament.")
    return meta


def latest(store: TableStore, game: str | None = None) -> dict[str, Any] | None:
    """The tournament kept last (of ``game``, or of any game), or None."""
    found = None
    for code in store.codes():
        meta = store.meta(code)
        if is_tournament(meta) and (game is None or meta["game"] == game):
            found = meta
    return found


def seats_of(teams: list[list[str | None]], ns: int, ew: int) -> list[str | None]:
    """A table's four seats: North–South's team at seats 1 and 3, East–West's at 2 and 4, each in its order."""
    return [teams[ns][0], teams[ew][0], teams[ns][1], teams[ew][1]]


def _round_over(meta: dict[str, Any]) -> bool:
    return all(code in meta["results"] for code in meta["rounds"][-1]) if meta["rounds"] else True


def open_round(store: TableStore, code: Any) -> list[str]:
    """Open the next round's tables (each with its table's prepared hands); refused while a table of the round
    before is still being played, and once every round has been."""
    meta = record(store, code)
    number = len(meta["rounds"])
    if number >= len(meta["schedule"]):
        raise TableError("round: every round of the league has been played; the final is next.")
    if not _round_over(meta):
        waiting = [c for c in meta["rounds"][-1] if c not in meta["results"]]
        raise TableError(f"round: round {number} is still being played at table{'s' * (len(waiting) > 1)} "
                         f"{', '.join(waiting)}; wait for it to end, or close the table.")
    codes = []
    for t, (ns, ew) in enumerate(meta["schedule"][number]):
        seats = seats_of(meta["teams"], ns, ew)
        codes.append(open_card(store, meta["game"], SEATS, options=dict(GAMES[meta["game"]]), level=meta["level"],
                               seed=rules.table_seed(meta["event"], t), away_ms=meta["away_ms"], seats=seats)[0])

    def add(now: dict[str, Any]) -> dict[str, Any]:
        if len(now["rounds"]) != number:
            raise TableError(f"round: round {number + 1} has just been opened from another page.")
        return {**now, "rounds": now["rounds"] + [codes]}

    try:
        store.change_meta(meta["code"], add)
    except TableError:
        for made in codes:
            Table(store, made).close()
        raise
    return codes


def begin_round(store: TableStore, code: Any) -> list[str]:
    """Start the games at the round's tables that are still waiting (seats nobody took are played by bots);
    their codes."""
    meta = record(store, code)
    started = []
    for made in (meta["final"] or {}).get("tables", [])[-1:] or (meta["rounds"][-1] if meta["rounds"] else []):
        table = Table(store, made)
        if table.status == "open":
            table.start()
            started.append(made)
    return started


# ---------------------------------------------------------------- playing and reading the tables


def play_out(table: Table) -> int:
    """Any move due at ``table``; where every seat is a bot (nobody sat, or every learner has left), the bots play
    on to the game's end at once.  Returns how many entries were added."""
    added = 0
    for _ in range(PLAY_OUT):  # learners gone quiet are noted away first, one entry at a time
        if table.status != "playing" or table.state is None or table.state.is_over:
            break
        if all(table.is_bot(seat) for seat in range(table.meta["players"])):
            table.last_at = 0  # nobody is at the table to watch each move: no pause between them
        step = table.advance()  # where a learner is there, the bots keep the table's pace: the next is not due yet
        if not step:
            break
        added += step
    return added


def _table_result(meta: dict[str, Any], table: Table, at: tuple[int, int]) -> dict[str, Any] | None:
    """What a finished or closed table says for the standings, or None while it is being played."""
    r, t = at
    ns, ew = meta["schedule"][r][t]
    closed = table.status == "closed" or table.damage is not None
    if not closed and (table.state is None or not table.state.is_over):
        return None
    scores: list[int | None] = [None, None]
    if not closed:
        points = table.state.result().scores
        if meta["game"] == "burn":
            scores = [points[0], points[1]]
        elif table.state.contract is not None:  # all four passed: no result (Y16)
            ns_result = rules.ns_score((points[0], points[1]))
            scores = [ns_result, rules.ew_score(ns_result)]
    bots = [table.meta["names"][s] for s in table.meta["bots"]]
    away: dict[int, bool] = {}  # a seat noted away: True while it still is, False once its learner came back
    for entry in table.store.entries(table.code):
        if isinstance(entry, dict) and isinstance(entry.get("away"), int):
            away[entry["away"]] = True
        elif isinstance(entry, dict) and isinstance(entry.get("back"), int) and entry["back"] in away:
            away[entry["back"]] = False
    names = table.meta["names"]
    left = sorted(names[s] for s, still in away.items() if still)
    return {"round": r, "table": t, "teams": [ns, ew], "scores": scores, "bots": bots, "left": left,
            "back": sorted(names[s] for s, still in away.items() if not still),
            "reserved": [table.meta["names"][s] for s in table.meta.get("reserved", []) if s in table.meta["bots"]],
            "closed": closed}


def advance(store: TableStore, code: Any, kept: dict[str, Table] | None = None) -> dict[str, Any]:
    """The tournament's tick (the teacher's page calls it on its clock): each table of the round still on plays
    any move due (out to its end where nobody is left), and each finished table's result is kept in the record.
    ``kept``: the referees of earlier ticks, by code (a table's log is not read again from the start)."""
    meta = record(store, code)
    kept = {} if kept is None else kept
    where = {c: (r, t) for r, codes in enumerate(meta["rounds"]) for t, c in enumerate(codes)}
    new = {}
    for made in [c for c in where if c not in meta["results"]]:
        table = kept.get(made) or kept.setdefault(made, Table(store, made))
        table.sync()
        if table.status == "playing":
            play_out(table)
        result = _table_result(meta, table, where[made])
        if result is not None:
            new[made] = result
            kept.pop(made, None)
    final = meta["final"]
    if final is not None and final["winner"] is None and final["tables"]:
        table = Table(store, final["tables"][-1])
        if table.status == "playing":
            play_out(table)
    if new:
        store.change_meta(meta["code"], lambda now: {**now, "results": {**now["results"], **new}})
    return read_final(store, meta["code"])


def _sittings(meta: dict[str, Any], rounds: int) -> list[rules.Sitting]:
    out = []
    for result in meta["results"].values():
        if result["round"] >= rounds:
            continue
        (ns, ew), (a, b) = result["teams"], result["scores"]
        if meta["game"] == "pymtheg":
            out.append(rules.pair_sitting(result["table"], ns, ew, a))
        else:
            out.append(rules.Sitting(result["table"], {ns: a, ew: b}))
    return out


def rounds_done(meta: dict[str, Any]) -> int:
    """How many rounds have ended at every table."""
    done = 0
    for codes in meta["rounds"]:
        if not all(c in meta["results"] for c in codes):
            break
        done += 1
    return done


def team_name(meta: dict[str, Any], team: int) -> str:
    """A team as the standings name it: its number and its learners (a bot where it has none)."""
    members = [n for n in meta["teams"][team] if n is not None]
    if not members:
        return f"Team {team + 1} (bots)"
    return f"Team {team + 1}: " + " & ".join(members) + (" & a bot" if len(members) < TEAM else "")


def standings(meta: dict[str, Any]) -> rules.Standings:
    """The league over the rounds ended at every table, by rank points (``tutor.tournament.league``)."""
    return rules.league(_sittings(meta, rounds_done(meta)), lowest_best=meta["game"] == "burn")


def _notes(meta: dict[str, Any], rounds: int) -> dict[int, list[str]]:
    """Per team: where bots played for it (a learner who never sat down, a learner who left mid-round)."""
    notes: dict[int, list[str]] = {i: [] for i in range(len(meta["teams"]))}
    for result in sorted(meta["results"].values(), key=lambda r: (r["round"], r["table"])):
        if result["round"] >= rounds:
            continue
        for team in result["teams"]:
            members = set(n for n in meta["teams"][team] if n)
            said = f"round {result['round'] + 1}"
            left = [n for n in result["left"] if n in members]
            absent = [n for n in result["reserved"] if n in members]
            if left:
                notes[team].append(f"{said}: {' and '.join(left)} left during the round; a bot played for "
                                   "them to its end")
            if absent:
                notes[team].append(f"{said}: {' and '.join(absent)} did not sit down; a bot played instead")
            back = [n for n in result.get("back", []) if n in members]
            if back:
                notes[team].append(f"{said}: {' and '.join(back)} went away for a while; a bot played for them "
                                   "until they were back")
            if result["closed"]:
                notes[team].append(f"{said}: the table was closed before the end (the worst rank there)")
    for team, members in enumerate(meta["teams"]):
        if None in members:
            which = "every seat of this team is" if all(m is None for m in members) else "one seat of this team is"
            notes[team].insert(0, f"{which} played by a bot")
    return notes


def public(meta: dict[str, Any], *, teacher: bool = False) -> dict[str, Any]:
    """What a page shows of a tournament (no event number, so no seed; no hand): its teams, the rounds' tables, the
    standings over the rounds ended (each team's rank points at each table, its total and place, where bots played
    for it), each table's result per team once the league is over (or for a teacher), and the final."""
    done = rounds_done(meta)
    table = standings(meta)
    place = {}
    for team in table.order:
        place[team] = 1 + sum(table.points[o] < table.points[team] for o in table.order)
    by_table: dict[int, dict[int, Any]] = {}
    for result in meta["results"].values():
        if result["round"] < done:
            at = by_table.setdefault(result["table"], {})
            for team, score in zip(result["teams"], result["scores"]):
                at[team] = score
    points = {t: rules.rank_points(at, lowest_best=meta["game"] == "burn") for t, at in by_table.items()}
    notes = _notes(meta, done)
    rows = [{"team": team, "name": team_name(meta, team), "place": place.get(team), "points": table.points.get(team),
             "tables": [points.get(t, {}).get(team) for t in range(len(meta["schedule"][0]))],
             "notes": notes[team]} for team in (list(table.order) + [t for t in range(len(meta["teams"]))
                                                                     if t not in table.points])]
    over = done == len(meta["schedule"])
    hands = None
    if over or teacher:
        hands = [{"table": t, "results": [{"team": team, "name": team_name(meta, team), "score": score,
                                           "points": points.get(t, {}).get(team)}
                                          for team, score in sorted(at.items())]}
                 for t, at in sorted(by_table.items())]
    names = [team_name(meta, t) for t in range(len(meta["teams"]))]
    return {"code": meta["code"], "game": meta["game"], "teams": names,
            "rounds": len(meta["schedule"]), "opened": len(meta["rounds"]), "done": done,
            "tables": [{"code": c, "table": t, "done": c in meta["results"],
                        "teams": [team_name(meta, team) for team in meta["schedule"][len(meta["rounds"]) - 1][t]],
                        "names": [n for team in meta["schedule"][len(meta["rounds"]) - 1][t]
                                  for n in meta["teams"][team] if n is not None]}
                       for t, c in enumerate(meta["rounds"][-1] if meta["rounds"] else [])],
            "standings": rows,
            "champions": [team_name(meta, t) for t in table.champions] if over else [],
            "lowest_best": meta["game"] == "burn", "hands": hands, "final": _final_public(meta)}


# ---------------------------------------------------------------- the final: the knock-out of the league's best two


def open_final(store: TableStore, code: Any) -> str:
    """Open the knock-out's table for the league's two best teams (``knockout_round`` on the standings' order):
    Pymtheg's first knock-out round of ``knockout_games(0)`` deals (Burn played when all pass), or one game of Burn
    to ``burn_cap(0)``; a tie is played off at another table (two more deals, or another game)."""
    meta = record(store, code)
    if rounds_done(meta) < len(meta["schedule"]):
        raise TableError("final: the league's rounds come first; the final is played once every round has ended.")
    final = meta["final"] or {"pair": list(rules.knockout_round(list(standings(meta).order[:2]))[0]), "tables": [],
                              "winner": None, "totals": None}
    if final["winner"] is not None:
        raise TableError(f"final: {team_name(meta, final['winner'])} has won the final.")
    if final["tables"] and final_result(store, meta, final)[0] is None and final["totals"] is None:
        raise TableError(f"final: the final is still being played at table {final['tables'][-1]}.")
    more = len(final["tables"])
    if meta["game"] == "pymtheg":
        options = {"match": "rounds", "rounds": rules.knockout_games(0) if not more else 2, "burn": True}
    else:
        options = {"teams": 2, "target": rules.burn_cap(0)}
    first, second = final["pair"]
    seats = seats_of(meta["teams"], first, second)
    made = open_card(store, meta["game"], SEATS, options=options, level=meta["level"],
                     seed=rules.table_seed(meta["event"], len(meta["schedule"][0]) + more), away_ms=meta["away_ms"],
                     seats=seats)[0]
    store.change_meta(meta["code"], lambda now: {**now, "final": {**final, "tables": final["tables"] + [made],
                                                                  "totals": None}})
    return made


def final_result(store: TableStore, meta: dict[str, Any], final: dict[str, Any]) -> tuple[int | None, Any]:
    """The final's winner (0: the first team of the pair, 1: the second; None while undecided) and its totals, read
    from its tables (``knockout_result`` on every deal of Pymtheg; the lower total of a Burn game)."""
    rows: list[tuple[int, int]] = []
    for made in final["tables"]:
        table = Table(store, made)
        if table.state is None or not table.state.is_over:
            return None, None
        if meta["game"] == "pymtheg":
            rows += [tuple(row) for row in table.state.sheet.rows]
        else:
            points = table.state.result().scores
            rows = [(points[0], points[1])]
    if meta["game"] == "pymtheg":
        decided = rules.knockout_result(rows, rules.knockout_games(0))
        return decided.winner, list(decided.totals)
    a, b = rows[-1]
    return (None if a == b else 0 if a < b else 1), [a, b]


def _final_public(meta: dict[str, Any]) -> dict[str, Any] | None:
    final = meta["final"]
    if final is None:
        return None
    pair = [team_name(meta, t) for t in final["pair"]]
    return {"pair": pair, "tables": final["tables"], "totals": final["totals"],
            "winner": None if final["winner"] is None else pair[final["winner"]]}


def read_final(store: TableStore, code: Any) -> dict[str, Any]:
    """Read the final's tables into the record once they are over (its winner, or a tie to play off)."""
    meta = record(store, code)
    final = meta["final"]
    if final is None or final["winner"] is not None or not final["tables"]:
        return meta
    winner, totals = final_result(store, meta, final)
    if totals is None:
        return meta
    return store.change_meta(meta["code"], lambda now: {**now, "final": {**now["final"], "winner": winner,
                                                                         "totals": totals}})

