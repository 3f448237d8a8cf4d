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
import statistics
import time

from bot_harness import play_pairing, random_move, share_won, table, timing_line, with_choice
from machine import describe
from tutor.games import get_game
from tutor.games.pymtheg.bot import heuristic, search

GAME = get_game("pymtheg")


def pairing(test, field, deals: int, seed: int = 0) -> tuple[float, float, float]:
    """Deals won by the tested team (ties shared), and both teams' mean points per deal."""
    ends, _ = play_pairing(lambda d: GAME.start(seed=seed * 1_000_003 + d, rounds=1), test, field, deals,
                           lambda s, d: s.current_player % 2 == d % 2, timed=lambda s: False)
    rows = [(end.sheet.rows[0], d % 2) for d, end in enumerate(ends)]
    won = share_won(1.0 if row[side] > row[1 - side] else 0.5 if row[side] == row[1 - side] else 0.0
                    for row, side in rows)
    return won, statistics.mean(row[side] for row, side in rows), statistics.mean(row[1 - side] for row, side in rows)


def decision_times(deals: int, budget: float) -> list[float]:
    """Seconds per search decision (card plays with a real choice) over ``deals`` deals."""
    def card_play(state) -> bool:
        return state.phase in ("play", "burn") and with_choice(state)

    def searched(state, rng):
        return search(state, rng, budget=budget)

    return play_pairing(lambda d: GAME.start(seed=10_000 + d, rounds=1), searched, heuristic, deals,
                        lambda s, d: s.current_player % 2 == 0, timed=card_play)[1]


def main() -> None:
    """Print the table and the search bot's decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per pairing (default 1000)")
    parser.add_argument("--budget", type=float, default=0.01, help="search seconds per decision in the pairings")
    parser.add_argument("--timing-deals", type=int, default=10, help="deals for the decision-time figures")
    args = parser.parse_args()

    def searched(state, rng):
        return search(state, rng, budget=args.budget)

    print(describe())
    print()
    print(table(["team tested", "against", "deals", "deals won by the tested team (fair share 50 %)",
                 "its points/deal", "theirs"]))
    for name, test, field_name, field in (("rule-based", heuristic, "random", random_move),
                                          ("rule-based", heuristic, "rule-based", heuristic),
                                          (f"search ({args.budget * 1000:.0f} ms)", searched, "rule-based", heuristic)):
        start = time.perf_counter()
        share, mine, theirs = pairing(test, field, args.deals)
        print(f"| {name} | {field_name} | {args.deals} | {share:.1%} | {mine:+.1f} | {theirs:+.1f} |"
              f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    print()
    print(timing_line("Search at its default budget (100 ms)", decision_times(args.timing_deals, 0.1)))


if __name__ == "__main__":
    main()
