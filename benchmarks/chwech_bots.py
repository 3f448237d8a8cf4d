"""Chwech's bot levels against each other: points per deal and deals won, and how long the expert thinks.

``.venv/bin/python benchmarks/chwech_bots.py [--deals 60] [--players 6] [--budget 0.1] [--timing-deals 10]``.

In every deal one seat (turning round the table: deal ``d`` gives seat ``d`` modulo the players) plays the level
under test and every other seat the level it is measured against; deal ``d`` is dealt from seed ``d`` in every
pairing, so every pairing plays the same deals.  Only the first deal of each match is played.  Printed for each
pairing: the tested seat's points per deal beside the others' mean, the difference (its points less the others'
mean in the same deal) with its 95% confidence interval (normal approximation, 1.96 standard errors), and its
share of the deals won (the highest score in the deal; ties share) with its interval, beside the fair share
1/players.  For the expert, its decision times (only decisions with more than one legal move): median and p95.
Then the expert's decision times at its default budget against the strong bot at each of ``--timing-players``
(the pairings may be run at a smaller ``--budget`` to play more deals in the time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot_harness import half_width, ms, p95, pairing_arguments, play_pairing, random_move, table, timing_line
from machine import describe
from tutor.games import get_game
from tutor.games.chwech.bot import BUDGET, heuristic, search

GAME = get_game("chwech")


def deal_over(state) -> bool:
    """A pairing plays the first deal of each match only."""
    return state.deal_no > 0 or state.is_over


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = half_width(values)
    return mean, half


def pairing(test, field, deals: int, players: int) -> dict:
    """Play ``deals`` deals, the tested level in one seat turning round the table; its figures."""
    ends, times = play_pairing(lambda d: GAME.start(players=players, seed=d), test, field, deals,
                               lambda s, d: s.current_player == d % players, until=deal_over)
    mine, theirs, edge, won = [], [], [], []
    for d, end in enumerate(ends):
        row, seat = end.sheet.rows[0], d % players
        others = [p for s, p in enumerate(row) if s != seat]
        mine.append(row[seat])
        theirs.append(statistics.fmean(others))
        edge.append(row[seat] - theirs[-1])
        best = max(row)
        won.append(1 / row.count(best) if row[seat] == best else 0.0)
    return {"mine": statistics.fmean(mine), "theirs": statistics.fmean(theirs), "edge": interval(edge),
            "won": interval(won), "times": times}


def main() -> None:
    """Print the table of pairings and the expert's decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    pairing_arguments(parser, deals=60, budget=BUDGET, timing_deals=10, timing_players="4,6,7")
    parser.add_argument("--players", type=int, default=6, choices=(4, 5, 6, 7), help="players (default 6)")
    args = parser.parse_args()

    def expert(state, rng: random.Random):
        return search(state, rng, budget=args.budget)

    bots = {"random": random_move, "strong": heuristic, "expert": expert}
    print(describe())
    print()
    print(f"{args.deals} deals per pairing at {args.players} players, the same deals (seeds 0 to {args.deals - 1}) "
          f"for every pairing; the expert searches {args.budget * 1000:.0f} ms a decision.")
    print()
    print(table(["one seat", "the others", "its points/deal", "theirs", "its edge (95% CI)",
                 f"deals won (95% CI; fair {1 / args.players:.1%})", "expert p50 / p95"]))
    for pair in filter(None, args.pairs.split(",")):
        tested, field = pair.split("-")
        start = time.perf_counter()
        figures = pairing(bots[tested], bots[field], args.deals, args.players)
        edge, half = figures["edge"]
        won, won_half = figures["won"]
        times = figures["times"]
        timing = f"{ms(statistics.median(times))} / {p95(times)}" if tested == "expert" and times else "—"
        print(f"| {tested} | {field} | {figures['mine']:.1f} | {figures['theirs']:.1f} | {edge:+.1f} ± {half:.1f} "
              f"| {won:.1%} ± {won_half:.1%} | {timing} |  <!-- {time.perf_counter() - start:.0f} s -->",
              flush=True)
    print()
    for players in map(int, args.timing_players.split(",")):
        times = pairing(search, heuristic, args.timing_deals, players)["times"]
        print(timing_line(f"The expert at its default budget ({BUDGET * 1000:.0f} ms), {players} players, "
                          f"{args.timing_deals} deals against the strong bot", times), flush=True)


if __name__ == "__main__":
    main()
