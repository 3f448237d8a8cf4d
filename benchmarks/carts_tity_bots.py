"""Cârts Tîty's bots against each other: rounds won, and how long the expert thinks.

``.venv/bin/python benchmarks/carts_tity_bots.py [--games 1000] [--budget 0.02]``.  Two players, one
round each; the bot under test sits first in even games and second in odd ones, and the same deals
(seeds) are used for every pairing.  A game is *won* by the player out of cards first (a stuck round
shared by the fewest cards counts a part).  The expert plays the pairings at ``--budget`` seconds a
decision, to keep the run short; then its time per decision at its default budget, over whole games
against the rule-based bot.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable

from machine import describe
from tutor.games import get_game
from tutor.games.carts_tity_bot import BUDGET, heuristic, search_choice

GAME = get_game("carts-tity")


def random_move(state, rng):
    """A random legal move (no reason)."""
    return rng.choice(state.legal_actions()), ""


def pairing(test: Callable, field: Callable, games: int) -> tuple[float, list[float]]:
    """The share of games the tested bot won, and its decision times (moves with a choice only)."""
    won, times = 0.0, []
    for game in range(games):
        rng = random.Random(game)
        state = GAME.start(players=2, seed=30_000 + game)
        seat = game % 2
        while not state.is_over:
            if state.current_player == seat and len(state.legal_actions()) > 1:
                start = time.perf_counter()
                action = test(state, rng)[0]
                times.append(time.perf_counter() - start)
            else:
                action = (test if state.current_player == seat else field)(state, rng)[0]
            state = state.apply(action)
        winners = state.result().winners
        won += 1 / len(winners) if seat in winners else 0
    return won / games, sorted(times)


def p95(times: list[float]) -> str:
    """The 95th percentile of sorted times, in milliseconds."""
    return f"{times[int(len(times) * 0.95)] * 1000:.0f} ms" if times else "—"


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--budget", type=float, default=0.02, help="expert's seconds per decision in the pairings")
    parser.add_argument("--timing-games", type=int, default=10, help="games for the decision-time figures")
    args = parser.parse_args()

    def expert(state, rng):
        """The expert at the pairings' budget."""
        return search_choice(state, rng, budget=args.budget)

    print(describe())
    print()
    print("| bot | against | games | games won (fair share 50 %) | p95 decision |")
    print("|---|---|---:|---:|---:|")
    for name, test, field_name, field in (("rule-based", heuristic, "random", random_move),
                                          (f"expert ({args.budget * 1000:.0f} ms)", expert, "rule-based",
                                           heuristic)):
        share, times = pairing(test, field, args.games)
        print(f"| {name} | {field_name} | {args.games:,} | {share:.1%} | {p95(times)} |", flush=True)
    _, times = pairing(search_choice, heuristic, args.timing_games)
    print()
    print(f"Expert at its default budget ({BUDGET * 1000:.0f} ms), {len(times)} decisions over "
          f"{args.timing_games} games against the rule-based bot: median {times[len(times) // 2] * 1000:.0f} ms, "
          f"p95 {p95(times)}, slowest {times[-1] * 1000:.0f} ms.")


if __name__ == "__main__":
    main()
