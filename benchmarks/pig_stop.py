"""Pig's stop: how many games reach it, per bot level and table size.

``.venv/bin/python benchmarks/pig_stop.py [--games 10000] [--players 3-13] [--levels random,strong,expert]
[--one-collector] [--budget SECONDS]``.  Every seat plays a bot of the level (``tutor.bots.make_bot("pig",
level, seed)``, a seed of its own per seat); with ``--one-collector`` seat 0 plays the strong bot and the others
the level, as a learner who collects among the bots they chose.  For each row: the games played (seeds 0, 1,
2…), how many reached the stop in some deal (``pig.stop``: a deal of 200 passing rounds with no four of a kind;
before, 500 rounds called the game off),
the deals and those stopped, the longest deal in passing rounds, and the seconds.  ``--budget`` ends a row
early after that many seconds (the games column says how many were played).
"""

from __future__ import annotations

import argparse
import time

from machine import describe
from tutor.bots import make_bot
from tutor.games import get_game

try:
    from tutor.games.pig.rules import STOP_AFTER as STOP  # the passing rounds of one deal at which the stop applies
except ImportError:  # the code before Pig was a package, where the stop called the game off at 500
    STOP = 500

GAME = get_game("pig")


def play_row(level: str, players: int, games: int, one_collector: bool, budget: float | None) -> dict:
    """Play up to ``games`` games; count those that reached the stop."""
    start = time.perf_counter()
    played = reached = deals = stopped = longest = 0
    for seed in range(games):
        if budget is not None and time.perf_counter() - start > budget:
            break
        bots = [make_bot("pig", level, seed * 13 + seat) for seat in range(players)]
        if one_collector:
            bots[0] = make_bot("pig", "strong", seed * 13)
        state = GAME.start(players=players, seed=seed)
        stops = 0
        while not state.is_over:
            before = state.passes
            state = state.apply(bots[state.current].choose(state))
            if before >= STOP - 1 and any(e.rule == "pig.stop" for e in state.events):
                stops += 1
                longest = max(longest, STOP)
            elif state.passes > longest:
                longest = state.passes
        played += 1
        reached += stops > 0
        stopped += stops
        deals += state.deals + 1
    return {"level": level, "players": players, "games": played, "reached": reached, "deals": deals,
            "stopped": stopped, "longest": longest, "seconds": time.perf_counter() - start}


def players_list(text: str) -> list[int]:
    """"3-13" or "4,8,13"."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(p) for p in text.split(",")]


def main() -> None:
    """Print one row per level and table size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per row (default 10000)")
    parser.add_argument("--players", default="3-13", help="table sizes: 3-13 (default) or a list, 4,8,13")
    parser.add_argument("--levels", default="random,strong,expert", help="bot levels (default all three)")
    parser.add_argument("--one-collector", action="store_true", help="seat 0 plays the strong bot")
    parser.add_argument("--budget", type=float, default=None, help="seconds at most per row")
    args = parser.parse_args()
    print(describe())
    try:
        from tutor.games.pig import bot
    except ImportError:  # the code before Pig was a package
        bot = None
    if bot is not None and not hasattr(bot, "search"):
        print("Pig has no search: the expert level plays as the strong one.")
    table = "seat 0 strong, the others" if args.one_collector else "every seat"
    print()
    print(f"| level ({table}) | players | games | games that reached the stop | deals | deals stopped | "
          "longest deal (rounds) | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for level in args.levels.split(","):
        for players in players_list(args.players):
            r = play_row(level, players, args.games, args.one_collector, args.budget)
            print(f"| {r['level']} | {r['players']} | {r['games']:,} | {r['reached']:,} | {r['deals']:,} | "
                  f"{r['stopped']:,} | {r['longest']} | {r['seconds']:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
