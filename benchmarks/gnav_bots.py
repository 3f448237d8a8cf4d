"""Gnav's bots against each other: games won and counters kept, and how long the expert thinks.

``.venv/bin/python benchmarks/gnav_bots.py [--games 100] [--players 4] [--guesses 40]``.  In game ``g`` one seat
(``g`` modulo the players, so turning round the table) plays the level under test and every other seat the level it
is measured against; game ``g`` is dealt from the same seed in every pairing (Gnav deals every round from the game's
seed, so the same rounds come to the same seats while the calls agree).  A game is won by the last player in (players
going out together share it).  Printed: the tested seat's mean share of the win with its 95% confidence interval
(1.96 standard errors), the even share (one in ``players``), the share of the rounds the tested seat played in which
it paid a counter, and the rounds per game.  The expert plays the pairings with a fixed number of guesses per
decision (``--guesses``, so the figures do not depend on how busy the machine is); then its time per decision at its
default budget, over ``--timing-games`` games against the strong bot, wall-clock and processor time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot_harness import half_width, ms, p95, random_move, table, timing_line
from machine import describe
from tutor.games import get_game
from tutor.games.gnav.bot import BUDGET, heuristic, search

GAME = get_game("gnav")
SEED = 80_000  # game g is dealt from seed SEED + g in every pairing


def play(test, field, game: int, players: int, times: tuple[list[float], list[float]] | None = None):
    """One game from seed ``SEED + game``, the tested bot in seat ``game % players``: the end state, the rounds
    the tested seat paid in and the rounds it played."""
    rng = random.Random(game)
    state = GAME.start(players=players, seed=SEED + game)
    seat, lost, rounds = game % players, 0, set()
    while not state.is_over:
        if not state.out[seat]:
            rounds.add(state.round)
        if state.current_player == seat:
            began, began_cpu = time.perf_counter(), time.process_time()
            action = test(state, rng)[0]
            if times is not None:
                times[0].append(time.perf_counter() - began)
                times[1].append(time.process_time() - began_cpu)
        else:
            action = field(state, rng)[0]
        before = state.lost[seat]
        state = state.apply(action)
        lost += state.lost[seat] > before
    return state, lost, len(rounds)


def pairing(test, field, games: int, players: int) -> tuple[float, float, float, float]:
    """The tested seat's mean share of the win, its 95% half-width, the share of the rounds it played that it paid
    in, and the rounds per game."""
    shares, lost, played, rounds = [], 0, 0, []
    for game in range(games):
        end, paid, its_rounds = play(test, field, game, players)
        winners = end.result().winners
        shares.append(1 / len(winners) if game % players in winners else 0.0)
        lost += paid
        played += its_rounds
        rounds.append(end.round)
    half = half_width(shares)
    return statistics.fmean(shares), half, lost / max(1, played), statistics.fmean(rounds)


def main() -> None:
    """Print the table and the expert's decision times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--players", type=int, default=GAME.default_players, help="players (default 4)")
    parser.add_argument("--guesses", type=int, default=40, help="the expert's guesses per decision in the pairings")
    parser.add_argument("--timing-games", type=int, default=10, help="games for the decision-time figures")
    args = parser.parse_args()
    players = args.players

    def expert(state, rng):
        return search(state, rng, budget=0, least=args.guesses)

    levels = {"random": random_move, "strong": heuristic, f"expert ({args.guesses} guesses)": expert}
    names = list(levels)
    print(describe())
    print()
    print(f"{args.games} games per pairing, {players} players, the rule book's game (3 counters each); "
          f"even share {1 / players:.3f}.")
    print()
    print(table(["tested", "against", "share won (95% CI)", "paid in (of its rounds)", "rounds/game"]))
    for tested, field in ((names[1], names[0]), (names[2], names[0]), (names[2], names[1]), (names[1], names[1])):
        began = time.perf_counter()
        mean, half, lost, rounds = pairing(levels[tested], levels[field], args.games, players)
        print(f"| {tested} | {field} | {mean:.3f} ± {half:.3f} | {lost:.1%} | {rounds:.1f} |"
              f"  <!-- {time.perf_counter() - began:.0f} s -->", flush=True)
    wall: list[float] = []
    cpu: list[float] = []
    for game in range(args.timing_games):
        play(search, heuristic, 50_000 + game, players, (wall, cpu))  # other deals than the pairings
    wall.sort()
    cpu.sort()
    print()
    print(timing_line(f"Expert at its default budget ({BUDGET * 1000:.0f} ms), over {args.timing_games} games "
                      "against the strong bot, wall-clock", wall))
    if cpu:
        print(f"Processor time per decision: median {ms(statistics.median(cpu))}, p95 {p95(cpu)}, "
              f"slowest {ms(cpu[-1])}.")


if __name__ == "__main__":
    main()
