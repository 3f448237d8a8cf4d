"""How strong each bot level is, in every game: each level against each other, the same games for every pairing.

``.venv/bin/python benchmarks/bot_strength.py [--games 2000] [--only burn,pig] [--pairs expert-strong,...] [--progress 100]``

A pairing plays ``--games`` games of the play app's default game (the short game where the game has one, at the
game's default number of players).  In game ``g`` one seat (``g`` modulo the players, so turning round the
table) plays the level under test and every other seat the level it is measured against; game ``g`` is dealt from
seed ``g`` in every pairing.  A game's share goes to its winners (one winner: 1; two sharing: ½ each).  Printed:
the tested seat's mean share with its 95% confidence interval (normal approximation, 1.96 standard errors), the
share an equal seat would expect (the mean winners' share a seat gets when every seat plays the same level is not
known in advance, so the table gives 1/players as the even line), and for the expert its decision times (only
decisions with more than one legal move; median and p95).  Out-of-turn offers are left to the play app: here
every move is the one asked of the player to move.

Significance: a level beats another significantly when the interval lies wholly above the even line.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bot_harness import half_width, ms, p95, table
from machine import describe
from tutor.bots import make_bot
from tutor.games import GAMES
from tutor.widgets.options import play_options

PAIRS = ("expert-strong", "strong-random", "expert-random")
MOST_MOVES = 20_000  # a game that has not ended after this many moves is counted as lost (and reported)


def play_game(slug: str, seed: int, tested: str, field: str, times: list[float]) -> tuple[float, bool]:
    """One game from ``seed``: the tested seat's share of the win, and whether the game ended."""
    game = GAMES[slug]
    players = game.default_players
    state = game.start(players=players, seed=seed, **play_options(game, {}))
    me = seed % players
    bots = {p: make_bot(slug, tested if p == me else field, seed * 31 + p) for p in range(players)}
    for _ in range(MOST_MOVES):
        if state.is_over:
            winners = state.result().winners
            return (1 / len(winners) if me in winners else 0.0), True
        mover = state.current_player
        if mover == me and tested == "expert" and len(state.legal_actions()) > 1:
            start = time.perf_counter()
            action = bots[mover].choose(state)
            times.append(time.perf_counter() - start)
        else:
            action = bots[mover].choose(state)
        state = state.apply(action)
    return 0.0, False


def pairing(slug: str, tested: str, field: str, games: int,
            every: int = 0) -> tuple[float, float, int, list[float]]:
    """The tested level's mean share over ``games`` games, its 95% half-width, games not ended, decision times.

    With ``every``, the running figures go to standard error after every ``every`` games, so a long pairing
    stopped early still tells how far it got and where it stood.
    """
    shares, unended, times = [], 0, []
    for seed in range(games):
        share, ended = play_game(slug, seed, tested, field, times)
        shares.append(share)
        unended += not ended
        if every and len(shares) % every == 0:
            timing = f", expert p95 {p95(sorted(times))}" if times else ""
            print(f"{slug} {tested}-{field}: {len(shares)} games, {statistics.fmean(shares):.3f} ± "
                  f"{half_width(shares):.3f}{timing}", file=sys.stderr, flush=True)
    mean = statistics.fmean(shares)
    half = half_width(shares)
    return mean, half, unended, sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--only", default="", help="comma-separated game slugs (default: every game)")
    parser.add_argument("--pairs", default=",".join(PAIRS), help=f"comma-separated pairings (default {','.join(PAIRS)})")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print the running figures to standard error after every N games")
    args = parser.parse_args()
    slugs = [s for s in args.only.split(",") if s] or sorted(GAMES)
    for slug in slugs:
        if slug not in GAMES:
            parser.error(f"--only: no game {slug!r}; the games are {', '.join(sorted(GAMES))}")
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",") if p]
    print(describe())
    print()
    print(f"{args.games} games per pairing, the play app's default game at the default number of players.")
    print()
    print(table(["game", "tested vs field", "players", "share won (95% CI)", "even", "significant", "not ended",
                 "expert p50 / p95"]))
    for slug in slugs:
        players = GAMES[slug].default_players
        for tested, field in pairs:
            start = time.perf_counter()
            mean, half, unended, times = pairing(slug, tested, field, args.games, args.progress)
            even = 1 / players
            verdict = "yes" if mean - half > even else ("worse" if mean + half < even else "no")
            timing = f"{ms(statistics.median(times))} / {p95(times)}" if times else "—"
            print(f"| {slug} | {tested} vs {field} | {players} | {mean:.3f} ± {half:.3f} | {even:.3f} | {verdict} "
                  f"| {unended} | {timing} |", flush=True)
            print(f"<!-- {slug} {tested}-{field}: {time.perf_counter() - start:.0f} s -->", file=sys.stderr)


if __name__ == "__main__":
    main()
