"""Cassino's bots against each other: deals won and points per deal, and how long the planner thinks.

``.venv/bin/python benchmarks/cassino_bots.py [--deals 1000]``.  Two players, one deal each
(``game="deal"``); the bot under test sits first in even deals and second in odd ones, and the same
deals (seeds) are used for every pairing.  A deal is *won* by the higher score (a tie counts half).
Then the planner's time per decision over whole deals against the greedy bot.
"""

from __future__ import annotations

import argparse
import statistics

from bot_harness import p95, play_pairing, random_move, share_won, table
from machine import describe
from tutor.games import get_game
from tutor.games.cassino.bot import heuristic as greedy
from tutor.games.cassino.bot import search as planner

GAME = get_game("cassino")


def pairing(test, field, deals: int) -> tuple[float, float, float, list[float]]:
    """Deals won by the tested bot, its mean points per deal and the field's, and its decision times."""
    ends, times = play_pairing(lambda d: GAME.start(players=2, seed=20_000 + d, game="deal"), test, field, deals,
                               lambda s, d: s.current_player == d % 2, timed=lambda s: True)
    rows = [(end.sheet.rows[0], d % 2) for d, end in enumerate(ends)]
    won = share_won(1 if row[seat] > row[1 - seat] else 0.5 if row[seat] == row[1 - seat] else 0
                    for row, seat in rows)
    return (won, statistics.mean(row[seat] for row, seat in rows),
            statistics.mean(row[1 - seat] for row, seat in rows), times)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (default 1000)")
    args = parser.parse_args()
    print(describe())
    print()
    print(table(["bot", "against", "deals", "deals won (ties half)", "its points/deal", "theirs", "p95 decision"]))
    for name, test, field_name, field in (("greedy", greedy, "random", random_move),
                                          ("planner", planner, "random", random_move),
                                          ("planner", planner, "greedy", greedy)):
        share, mine, theirs, times = pairing(test, field, args.deals)
        print(f"| {name} | {field_name} | {args.deals} | {share:.1%} | {mine:.2f} | {theirs:.2f} "
              f"| {p95(times)} |", flush=True)


if __name__ == "__main__":
    main()
