"""Pig's bot levels against each other: how often the tested seat is the pig, and how long the expert thinks.

``.venv/bin/python benchmarks/pig_bots.py [--deals 400] [--players 4] [--budget 0.1] [--timing-deals 20]``.

In every deal one seat (turning round the table: deal ``d`` gives seat ``d`` modulo the players) plays the level
under test and every other seat the level it is measured against; deal ``d`` is dealt from seed ``d`` in every
pairing, so every pairing plays the same deals.  Only the first deal of each game is played, to its letter.
Printed for each pairing: the share of deals in which the tested seat was the pig (lower is better; an equal
seat's share is 1/players) and the share in which it was the first to collect four of a kind, each with its 95%
confidence interval (normal approximation, 1.96 standard errors).  The race is the strong bot's reaction at every
level above random, so the levels differ in their passing.  For the expert, its decision times (only passes with
more than one rank to choose from; the race is not searched): median and p95.  Then the expert's decision times
at its default budget against the strong bot at each of ``--timing-players`` (the pairings may be run at a
smaller ``--budget`` to play more deals in the time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot_harness import half_width, ms, p95, pairing_arguments, play_pairing, random_move, table, timing_line
from machine import describe
from tutor.games import get_game
from tutor.games.pig import NOSE
from tutor.games.pig.bot import BUDGET, heuristic, search

GAME = get_game("pig")


def deal_over(state) -> bool:
    """A pairing plays the first deal of each game only."""
    return state.deals > 0 or state.current is None


def searched_pass(state) -> bool:
    """A timed decision: a pass with a choice (the race and a forced signal are not searched)."""
    return not state.touched and len(state.legal_actions()) > 1


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = half_width(values)
    return mean, half


class Watched:
    """The tested bot, noting in which deals its seat was the first to touch its nose (the one with four)."""

    def __init__(self, bot) -> None:
        self.bot, self.signalled = bot, set()

    def __call__(self, state, rng: random.Random):
        if not state.touched and state.legal_actions() == [NOSE]:
            self.signalled.add(state.setup.seed)
        return self.bot(state, rng)


def pairing(test, field, deals: int, players: int) -> dict:
    """Play ``deals`` deals, the tested level in one seat turning round the table; its figures."""
    watched = Watched(test)
    ends, times = play_pairing(lambda d: GAME.start(players=players, seed=d), watched, field, deals,
                               lambda s, d: s.current_player == d % players, until=deal_over, timed=searched_pass)
    pig = [float(end.letters[d % players] > 0) for d, end in enumerate(ends)]
    first = [float(d in watched.signalled) for d in range(deals)]
    return {"pig": interval(pig), "first": interval(first), "times": times}


def main() -> None:
    """Print the table of pairings and the expert's decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    pairing_arguments(parser, deals=400, budget=BUDGET, timing_deals=20, timing_players="4,13")
    parser.add_argument("--players", type=int, default=4, help="players, 3 to 13 (default 4)")
    args = parser.parse_args()
    if not 3 <= args.players <= 13:
        parser.error("--players: Pig is for 3 to 13 players")

    def expert(state, rng: random.Random):
        return search(state, rng, budget=args.budget)

    bots = {"random": random_move, "strong": heuristic, "expert": expert}
    print(describe())
    print()
    print(f"{args.deals} deals per pairing at {args.players} players, the same deals (seeds 0 to {args.deals - 1}) "
          f"for every pairing; the expert searches {args.budget * 1000:.0f} ms a pass.")
    print()
    print(table(["one seat", "the others", f"deals it was the pig (95% CI; even {1 / args.players:.1%})",
                 "deals it collected four first (95% CI)", "expert p50 / p95"]))
    for pair in filter(None, args.pairs.split(",")):
        tested, field = pair.split("-")
        start = time.perf_counter()
        figures = pairing(bots[tested], bots[field], args.deals, args.players)
        (pig, pig_half), (first, first_half) = figures["pig"], figures["first"]
        times = figures["times"]
        timing = f"{ms(statistics.median(times))} / {p95(times)}" if tested == "expert" and times else "—"
        print(f"| {tested} | {field} | {pig:.1%} ± {pig_half:.1%} | {first:.1%} ± {first_half:.1%} | {timing} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    print()
    for players in map(int, args.timing_players.split(",")):
        times = pairing(search, heuristic, args.timing_deals, players)["times"]
        print(timing_line(f"The expert at its default budget ({BUDGET * 1000:.0f} ms), {players} players, "
                          f"{args.timing_deals} deals against the strong bot", times), flush=True)


if __name__ == "__main__":
    main()
