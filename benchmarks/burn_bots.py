"""Burn's bots against each other: points per deal and deals won, and how long the search bot thinks.

``.venv/bin/python benchmarks/burn_bots.py [--deals 1000] [--budget 0.02]``.  Four players, each
alone; in every deal one seat (turning round the table) plays the bot under test and the other
three play the bot it is measured against.  A deal is *won* by the seats with the fewest points in
it (ties share).  The same deals (seeds) are used for every pairing.  Then the search bot's time
per decision at its default budget, over whole deals against the rule-based bot.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot_harness import play_pairing, random_move, share_won, table, timing_line
from machine import describe
from tutor.games import get_game
from tutor.games.burn.bot import heuristic, search

GAME = get_game("burn")


def first_deal(state) -> bool:
    """The pairings and timings look at the first deal of each game only."""
    return state.deal_no > 0 or state.is_over


def pairing(test, field, deals: int, seed: int = 0) -> tuple[float, float, float]:
    """Deals won by the tested seat (the fewest points; ties share), its mean points per deal beside the field's."""
    ends, _ = play_pairing(lambda d: GAME.start(players=4, seed=seed * 1_000_003 + d), test, field, deals,
                           lambda s, d: s.current_player == d % 4, until=first_deal, timed=lambda s: False)
    rows = [(end.sheet.rows[0], d % 4) for d, end in enumerate(ends)]
    won = share_won(1 / row.count(min(row)) if row[seat] == min(row) else 0 for row, seat in rows)
    mine = [row[seat] for row, seat in rows]
    theirs = [p for row, seat in rows for s, p in enumerate(row) if s != seat]
    return won, statistics.mean(mine), statistics.mean(theirs)


def decision_times(deals: int, budget: float) -> list[float]:
    """Seconds per search decision (the ones with a real choice) over ``deals`` deals against the rule-based bot."""
    return play_pairing(lambda d: GAME.start(players=4, seed=10_000 + d),
                        lambda s, r: search(s, r, budget=budget), heuristic, deals,
                        lambda s, d: s.current_player == 0, until=first_deal)[1]


def main() -> None:
    """Print the table and the search bot's decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (default 1000)")
    parser.add_argument("--budget", type=float, default=0.02, help="search seconds per decision in the pairings")
    parser.add_argument("--timing-deals", type=int, default=10, help="deals for the decision-time figures")
    args = parser.parse_args()

    def searched(state, rng):
        return search(state, rng, budget=args.budget)

    print(describe())
    print()
    print(table(["one seat", "three seats", "deals", "deals won by the one (fair share 25 %)", "its points/deal",
                 "theirs"]))
    for name, test, field_name, field in (("rule-based", heuristic, "random", random_move),
                                          ("random", random_move, "rule-based", heuristic),
                                          ("rule-based", heuristic, "rule-based", heuristic),
                                          (f"search ({args.budget * 1000:.0f} ms)", searched, "rule-based", heuristic)):
        start = time.perf_counter()
        share, mine, theirs = pairing(test, field, args.deals)
        print(f"| {name} | {field_name} | {args.deals} | {share:.1%} | {mine:.2f} | {theirs:.2f} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    print()
    print(timing_line("Search at its default budget (100 ms)", decision_times(args.timing_deals, 0.1)))


if __name__ == "__main__":
    main()
