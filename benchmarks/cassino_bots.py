"""Cassino's bots against each other: deals won and points per deal, and how long the planner thinks.

``.venv/bin/python benchmarks/cassino_bots.py [--deals 1000]``.  Two players, one deal each
(``game="deal"``); the bot under test sits first in even deals and second in odd ones, and the same
deals (seeds) are used for every pairing.  A deal is *won* by the higher score (a tie counts half).
Then the planner's time per decision over whole deals against the greedy bot.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from machine import describe
from tutor.games import get_game
from tutor.games.cassino_bot import greedy, planner

GAME = get_game("cassino")


def random_move(state, rng):
    return rng.choice(state.legal_actions()), ""


def pairing(test: Callable, field: Callable, deals: int) -> tuple[float, float, float, list[float]]:
    """Deals won by the tested bot, its mean points per deal and the field's, and its decision times."""
    won, mine, theirs, times = 0.0, [], [], []
    for deal in range(deals):
        rng = random.Random(deal)
        state = GAME.start(players=2, seed=20_000 + deal, game="deal")
        seat = deal % 2
        while not state.is_over:
            if state.current_player == seat:
                start = time.perf_counter()
                action = test(state, rng)[0]
                times.append(time.perf_counter() - start)
            else:
                action = field(state, rng)[0]
            state = state.apply(action)
        row = state.sheet.rows[0]
        won += 1 if row[seat] > row[1 - seat] else 0.5 if row[seat] == row[1 - seat] else 0
        mine.append(row[seat])
        theirs.append(row[1 - seat])
    return won / deals, statistics.mean(mine), statistics.mean(theirs), sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (default 1000)")
    args = parser.parse_args()
    print(describe())
    print()
    print("| bot | against | deals | deals won (ties half) | its points/deal | theirs | p95 decision |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, test, field_name, field in (("greedy", greedy, "random", random_move),
                                          ("planner", planner, "random", random_move),
                                          ("planner", planner, "greedy", greedy)):
        share, mine, theirs, times = pairing(test, field, args.deals)
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"| {name} | {field_name} | {args.deals} | {share:.1%} | {mine:.2f} | {theirs:.2f} "
              f"| {p95 * 1000:.1f} ms |", flush=True)


if __name__ == "__main__":
    main()
