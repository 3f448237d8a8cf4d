"""Where a Gwra Pyskessa playout spends its time: cProfile over random games, per action.

``.venv/bin/python benchmarks/profile_engine.py [--games 400] [--players 3]``
prints the functions that take most of the time (own time, then with what they
call), in microseconds per action; under the profiler everything runs about
three times slower, so read the shares, not the totals.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from tutor.games import get_game


def playouts(games: int, players: int) -> int:
    """Random games from seeds 0, 1, 2…; returns the number of actions."""
    game = get_game("gwra-pyskessa")
    rng = random.Random(0)
    actions = 0
    for seed in range(games):
        state = game.start(players=players, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def main() -> None:
    """Print the profile."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--top", type=int, default=14)
    args = parser.parse_args()
    profiler = cProfile.Profile()
    actions = profiler.runcall(playouts, args.games, args.players)
    stats = pstats.Stats(profiler).stats  # {(file, line, name): (calls, primitive, own, cumulative, callers)}
    total = sum(own for _calls, _prim, own, _cum, _callers in stats.values())
    rows = sorted(stats.items(), key=lambda item: -item[1][2])[:args.top]
    print(f"{actions:,} actions in {args.games} games of {args.players} players; "
          f"{total / actions * 1e6:.1f} µs per action under the profiler")
    print("| function | calls per action | own µs/action | share | with callees µs/action |")
    print("|---|---:|---:|---:|---:|")
    for (path, line, name), (calls, _prim, own, cum, _callers) in rows:
        where = f"{path.rsplit('/', 1)[-1]}:{line} {name}" if line else name
        print(f"| `{where}` | {calls / actions:.1f} | {own / actions * 1e6:.2f} | {own / total:.0%} | "
              f"{cum / actions * 1e6:.2f} |")


if __name__ == "__main__":
    main()
