"""Gwra Pyskessa's bots against each other: games won and sets laid, and how long the expert thinks.

``.venv/bin/python benchmarks/gwra_pyskessa_bots.py [--games 60] [--players 3] [--guesses 8]``.  In game ``g`` one
seat (``g`` modulo the players, so turning round the table) plays the level under test and every other seat the level
it is measured against; game ``g`` is dealt from the same seed in every pairing.  A game's win goes to the most sets
(the tie-break of the rules decides a tie; a shared win is split).  Printed: the tested seat's mean share of the win
with its 95% confidence interval (1.96 standard errors), the even share (one in ``players``), and the sets the tested
seat and an average other seat laid per game.  The expert plays the pairings with a fixed number of guesses per
decision (``--guesses``, so the figures do not depend on how busy the machine is); then its time per decision
(those with more than one legal ask) at its default budget, over ``--timing-games`` games against the strong bot,
wall-clock and processor time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot_harness import half_width, ms, p95, play_pairing, random_move, table, timing_line
from machine import describe
from tutor.games import get_game
from tutor.games.gwra_pyskessa.bot import BUDGET, heuristic, search

GAME = get_game("gwra-pyskessa")
SEED = 70_000  # game g is dealt from seed SEED + g in every pairing


def pairing(test, field, games: int, players: int) -> tuple[float, float, float, float]:
    """The tested seat's mean share of the win, its 95% half-width, and the sets per game it and the others laid."""
    ends, _ = play_pairing(lambda g: GAME.start(players=players, seed=SEED + g), test, field, games,
                           lambda s, g: s.current_player == g % players, timed=lambda s: False)
    shares, mine, theirs = [], [], []
    for g, end in enumerate(ends):
        seat, winners = g % players, end.result().winners
        shares.append(1 / len(winners) if seat in winners else 0.0)
        mine.append(len(end.sets[seat]))
        theirs += [len(laid) for s, laid in enumerate(end.sets) if s != seat]
    half = half_width(shares)
    return statistics.fmean(shares), half, statistics.fmean(mine), statistics.fmean(theirs)


def decision_times(games: int, players: int) -> tuple[list[float], list[float]]:
    """Wall-clock and processor seconds per expert decision with a choice, at the default budget, against the
    strong bot (sorted)."""
    wall, cpu = [], []

    def timed(state, rng):
        began, began_cpu = time.perf_counter(), time.process_time()
        choice = search(state, rng)
        if len(state.legal_actions()) > 1:
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - began_cpu)
        return choice

    play_pairing(lambda g: GAME.start(players=players, seed=SEED + 50_000 + g), timed, heuristic, games,
                 lambda s, g: s.current_player == g % players, timed=lambda s: False)
    return sorted(wall), sorted(cpu)


def main() -> None:
    """Print the table and the expert's decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per pairing (default 60)")
    parser.add_argument("--players", type=int, default=GAME.default_players, help="players (default 3)")
    parser.add_argument("--guesses", type=int, default=8, help="the expert's guesses per decision in the pairings")
    parser.add_argument("--timing-games", type=int, default=4, help="games for the decision-time figures")
    args = parser.parse_args()
    players = args.players

    def expert(state, rng):
        return search(state, rng, budget=0, least=args.guesses)

    levels = {"random": random_move, "strong": heuristic, f"expert ({args.guesses} guesses)": expert}
    names = list(levels)
    print(describe())
    print()
    print(f"{args.games} games per pairing, {players} players, the rule book's game; even share {1 / players:.3f}.")
    print()
    print(table(["tested", "against", "share won (95% CI)", "sets/game: tested", "others"]))
    for tested, field in ((names[1], names[0]), (names[2], names[0]), (names[2], names[1]), (names[1], names[1])):
        began = time.perf_counter()
        mean, half, mine, theirs = pairing(levels[tested], levels[field], args.games, players)
        print(f"| {tested} | {field} | {mean:.3f} ± {half:.3f} | {mine:.2f} | {theirs:.2f} |"
              f"  <!-- {time.perf_counter() - began:.0f} s -->", flush=True)
    wall, cpu = decision_times(args.timing_games, players)
    print()
    print(timing_line(f"Expert at its default budget ({BUDGET * 1000:.0f} ms), over {args.timing_games} games "
                      "against the strong bot, wall-clock", wall))
    if cpu:
        print(f"Processor time per decision: median {ms(statistics.median(cpu))}, p95 {p95(cpu)}, "
              f"slowest {ms(cpu[-1])}.")


if __name__ == "__main__":
    main()
