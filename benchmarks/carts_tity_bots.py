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

from bot_harness import p95, play_pairing, random_move, share_won, table, timing_line
from machine import describe
from tutor.games import get_game
from tutor.games.carts_tity.bot import BUDGET, heuristic, search

GAME = get_game("carts-tity")


def pairing(test, field, games: int) -> tuple[float, list[float]]:
    """The share of games the tested bot won, and its decision times (moves with a choice only)."""
    ends, times = play_pairing(lambda g: GAME.start(players=2, seed=30_000 + g), test, field, games,
                               lambda s, g: s.current_player == g % 2)
    won = share_won(1 / len(w) if g % 2 in w else 0 for g, w in enumerate(e.result().winners for e in ends))
    return won, times


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing (default 1000)")
    parser.add_argument("--budget", type=float, default=0.02, help="expert's seconds per decision in the pairings")
    parser.add_argument("--timing-games", type=int, default=10, help="games for the decision-time figures")
    args = parser.parse_args()

    def expert(state, rng):
        """The expert at the pairings' budget."""
        return search(state, rng, budget=args.budget)

    print(describe())
    print()
    print(table(["bot", "against", "games", "games won (fair share 50 %)", "p95 decision"]))
    for name, test, field_name, field in (("rule-based", heuristic, "random", random_move),
                                          (f"expert ({args.budget * 1000:.0f} ms)", expert, "rule-based",
                                           heuristic)):
        share, times = pairing(test, field, args.games)
        print(f"| {name} | {field_name} | {args.games:,} | {share:.1%} | {p95(times)} |", flush=True)
    _, times = pairing(search, heuristic, args.timing_games)
    print()
    print(timing_line(f"Expert at its default budget ({BUDGET * 1000:.0f} ms), over {args.timing_games} games "
                      "against the rule-based bot", times))


if __name__ == "__main__":
    main()
