"""Burn's bots against each other: points per deal and deals won, and how long the search bot thinks.

``.venv/bin/python benchmarks/burn_bots.py [--deals 1000] [--budget 0.02]``.  Four players, each
alone; in every deal one seat (turning round the table) plays the bot under test and the other
three play the bot it is measured against.  A deal is *won* by the seats with the fewest points in
it (ties share).  The same deals (seeds) are used for every pairing.  Then the search bot's time
per decision at its default budget, over whole deals against the rule-based bot.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from machine import describe
from tutor.games import get_game
from tutor.games.burn_bot import heuristic, search_choice

GAME = get_game("burn")


def random_move(state, rng):
    return rng.choice(state.legal_actions()), ""


def pairing(test: Callable, field: Callable, deals: int, seed: int = 0) -> tuple[float, float, float]:
    """Deals won by the tested seat, and its mean points per deal beside the field's."""
    won, mine, theirs = 0.0, [], []
    for deal in range(deals):
        rng = random.Random(seed * 1_000_003 + deal)
        state = GAME.start(players=4, seed=seed * 1_000_003 + deal)
        seat = deal % 4
        while state.deal_no == 0 and not state.is_over:
            bot = test if state.current_player == seat else field
            state = state.apply(bot(state, rng)[0])
        row = state.sheet.rows[0]
        low = min(row)
        if row[seat] == low:
            won += 1 / row.count(low)
        mine.append(row[seat])
        theirs.extend(p for s, p in enumerate(row) if s != seat)
    return won / deals, statistics.mean(mine), statistics.mean(theirs)


def decision_times(deals: int, budget: float) -> list[float]:
    """Seconds per search decision (the ones with a real choice) over ``deals`` deals."""
    times = []
    for deal in range(deals):
        rng = random.Random(deal)
        state = GAME.start(players=4, seed=10_000 + deal)
        while state.deal_no == 0 and not state.is_over:
            if state.current_player == 0 and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = search_choice(state, rng, budget=budget)[0]
                times.append(time.perf_counter() - start)
            else:
                action = heuristic(state, rng)[0]
            state = state.apply(action)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (default 1000)")
    parser.add_argument("--budget", type=float, default=0.02, help="search seconds per decision in the pairings")
    parser.add_argument("--timing-deals", type=int, default=10, help="deals for the decision-time figures")
    args = parser.parse_args()

    def search(state, rng):
        return search_choice(state, rng, budget=args.budget)

    print(describe())
    print()
    print(f"| one seat | three seats | deals | deals won by the one (fair share 25 %) | its points/deal "
          f"| theirs |")
    print("|---|---|---:|---:|---:|---:|")
    for name, test, field_name, field in (("rule-based", heuristic, "random", random_move),
                                          ("random", random_move, "rule-based", heuristic),
                                          ("rule-based", heuristic, "rule-based", heuristic),
                                          (f"search ({args.budget * 1000:.0f} ms)", search, "rule-based", heuristic)):
        start = time.perf_counter()
        share, mine, theirs = pairing(test, field, args.deals)
        print(f"| {name} | {field_name} | {args.deals} | {share:.1%} | {mine:.2f} | {theirs:.2f} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    times = decision_times(args.timing_deals, 0.1)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"\nSearch at its default budget (100 ms): {len(times)} decisions, median {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms.")


if __name__ == "__main__":
    main()
