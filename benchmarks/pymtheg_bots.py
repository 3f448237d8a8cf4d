"""Pymtheg's bots against each other: deals won and points per deal by team, and how long the search bot thinks.

``.venv/bin/python benchmarks/pymtheg_bots.py [--deals 1000] [--budget 0.01]``.  Two teams of two; one team plays
the bot under test, the other the bot it is measured against, and the teams change seats every deal (the tested
team sits North–South in even deals, East–West in odd ones).  Each deal is one deal of a match (the same seeds
for every pairing).  A deal is *won* by the team that scored more in it (only the declarers score, so a made
contract wins it for them and a lost one for the other side; a deal that scores nothing, or Burn with equal
scores, is shared).  Then the search bot's time per card decision at its default budget (100 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from machine import describe
from tutor.games import get_game
from tutor.games.pymtheg_bot import heuristic
from tutor.games.pymtheg_search import search_choice

GAME = get_game("pymtheg")


def random_move(state, rng):
    return rng.choice(state.legal_actions()), ""


def pairing(test: Callable, field: Callable, deals: int, seed: int = 0) -> tuple[float, float, float]:
    """Deals won by the tested team (ties shared), and both teams' mean points per deal."""
    won, mine, theirs = 0.0, [], []
    for deal in range(deals):
        rng = random.Random(seed * 1_000_003 + deal)
        state = GAME.start(seed=seed * 1_000_003 + deal, rounds=1)
        side = deal % 2
        while not state.is_over:
            bot = test if state.current_player % 2 == side else field
            state = state.apply(bot(state, rng)[0])
        row = state.sheet.rows[0]
        us, them = row[side], row[1 - side]
        won += 1.0 if us > them else 0.5 if us == them else 0.0
        mine.append(us)
        theirs.append(them)
    return won / deals, statistics.mean(mine), statistics.mean(theirs)


def decision_times(deals: int, budget: float) -> list[float]:
    """Seconds per search decision (card plays with a real choice) over ``deals`` deals."""
    times = []
    for deal in range(deals):
        rng = random.Random(deal)
        state = GAME.start(seed=10_000 + deal, rounds=1)
        while not state.is_over:
            if (state.current_player % 2 == 0 and state.phase in ("play", "burn")
                    and len(state.legal_actions()) > 1):
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
    parser.add_argument("--budget", type=float, default=0.01, help="search seconds per decision in the pairings")
    parser.add_argument("--timing-deals", type=int, default=10, help="deals for the decision-time figures")
    args = parser.parse_args()

    def search(state, rng):
        return search_choice(state, rng, budget=args.budget)

    print(describe())
    print()
    print("| team tested | against | deals | deals won by the tested team (fair share 50 %) | its points/deal "
          "| theirs |")
    print("|---|---|---:|---:|---:|---:|")
    for name, test, field_name, field in (("rule-based", heuristic, "random", random_move),
                                          ("rule-based", heuristic, "rule-based", heuristic),
                                          (f"search ({args.budget * 1000:.0f} ms)", search, "rule-based", heuristic)):
        start = time.perf_counter()
        share, mine, theirs = pairing(test, field, args.deals)
        print(f"| {name} | {field_name} | {args.deals} | {share:.1%} | {mine:+.1f} | {theirs:+.1f} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    times = decision_times(args.timing_deals, 0.1)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"\nSearch at its default budget (100 ms): {len(times)} decisions, median "
          f"{statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms.")


if __name__ == "__main__":
    main()
