"""How strong each bot level is, in every game: each level against each other, the same games for every pairing.

``.venv/bin/python benchmarks/bot_strength.py [--games 2000] [--only burn,pig] [--pairs expert-strong,...] [--progress 100]``

A long pairing may be played in parts, on several cores or days: ``--seeds 0:500 --keep part1.jsonl`` plays the
games dealt from seeds 0 to 499 and keeps each game's result (a JSON line: game, pairing, seed, share, whether it
ended, the expert's decision times); ``--merge part1.jsonl part2.jsonl ...`` prints the table of every pairing
those files hold (each seed counted once) and names any seed missing below the highest.

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
import json
import statistics
import sys
import time
from typing import Any

from bot_harness import half_width, ms, p95, table
from machine import describe
from tutor.bots import LEVELS, make_bot
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


def pairing(slug: str, tested: str, field: str, seeds: range,
            every: int = 0, keep: Any = None) -> tuple[float, float, int, list[float]]:
    """The tested level's mean share over the games dealt from ``seeds``, its 95% half-width, games not ended,
    decision times.

    With ``every``, the running figures go to standard error after every ``every`` games, so a long pairing
    stopped early still tells how far it got and where it stood.  With ``keep`` (an open file), each game's result
    is written to it as a JSON line as soon as the game is over.
    """
    shares, unended, times = [], 0, []
    for seed in seeds:
        mine: list[float] = []
        share, ended = play_game(slug, seed, tested, field, mine)
        shares.append(share)
        unended += not ended
        times += mine
        if keep is not None:
            keep.write(json.dumps({"game": slug, "pair": f"{tested}-{field}", "seed": seed, "share": share,
                                   "ended": ended, "times": [round(t, 5) for t in mine]}) + "\n")
            keep.flush()
        if every and len(shares) % every == 0:
            timing = f", expert p95 {p95(sorted(times))}" if times else ""
            print(f"{slug} {tested}-{field}: {len(shares)} games, {statistics.fmean(shares):.3f} ± "
                  f"{half_width(shares):.3f}{timing}", file=sys.stderr, flush=True)
    return statistics.fmean(shares), half_width(shares), unended, sorted(times)


def row(slug: str, tested: str, field: str, mean: float, half: float, unended: int, times: list[float]) -> str:
    """A line of the strength table."""
    players = GAMES[slug].default_players
    even = 1 / players
    verdict = "yes" if mean - half > even else ("worse" if mean + half < even else "no")
    timing = f"{ms(statistics.median(times))} / {p95(times)}" if times else "—"
    return (f"| {slug} | {tested} vs {field} | {players} | {mean:.3f} ± {half:.3f} | {even:.3f} | {verdict} "
            f"| {unended} | {timing} |")


HEADER = ["game", "tested vs field", "players", "share won (95% CI)", "even", "significant", "not ended",
          "expert p50 / p95"]


def merge(paths: list[str]) -> None:
    """The table of the pairings kept in ``paths`` (JSON lines from ``--keep``), each seed counted once."""
    found: dict[tuple[str, str], dict[int, dict]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                try:
                    game = json.loads(line)
                    key, seed = (str(game["game"]), str(game["pair"])), int(game["seed"])
                    float(game["share"]), bool(game["ended"]), [float(t) for t in game["times"]]
                except (ValueError, KeyError, TypeError):
                    raise SystemExit(f"{path}, line {number}: not a game's result kept by --keep") from None
                if key[0] not in GAMES or key[1].count("-") != 1:
                    raise SystemExit(f"{path}, line {number}: no game {key[0]!r} or no pairing {key[1]!r}")
                found.setdefault(key, {})[seed] = game
    print(table(HEADER))
    for (slug, pair), games in sorted(found.items()):
        tested, field = pair.split("-")
        shares = [g["share"] for g in games.values()]
        times = sorted(t for g in games.values() for t in g["times"])
        print(row(slug, tested, field, statistics.fmean(shares), half_width(shares),
                  sum(not g["ended"] for g in games.values()), times))
        missing = sorted(set(range(max(games) + 1)) - set(games))
        gap = f"; missing seeds: {missing[:10]}{' …' if len(missing) > 10 else ''}" if missing else ""
        print(f"<!-- {slug} {pair}: {len(games)} games, seeds {min(games)}–{max(games)}{gap} -->")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--only", default="", help="comma-separated game slugs (default: every game)")
    parser.add_argument("--pairs", default=",".join(PAIRS), help=f"comma-separated pairings (default {','.join(PAIRS)})")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print the running figures to standard error after every N games")
    parser.add_argument("--seeds", default="", metavar="A:B",
                        help="play the games dealt from seeds A to B-1 only (default 0:GAMES), a part of a pairing")
    parser.add_argument("--keep", default="", metavar="FILE", help="add each game's result to FILE (JSON lines)")
    parser.add_argument("--merge", nargs="+", metavar="FILE", help="print the table of results kept in FILEs; no play")
    args = parser.parse_args()
    if args.merge:
        merge(args.merge)
        return
    slugs = [s for s in args.only.split(",") if s] or sorted(GAMES)
    for slug in slugs:
        if slug not in GAMES:
            parser.error(f"--only: no game {slug!r}; the games are {', '.join(sorted(GAMES))}")
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",") if p]
    for pair in pairs:
        if len(pair) != 2 or not all(level in LEVELS for level in pair):
            parser.error(f"--pairs: {'-'.join(pair)!r} is not two levels of {', '.join(LEVELS)} joined by '-'")
    seeds = range(args.games)
    if args.seeds:
        try:
            first, _, last = args.seeds.partition(":")
            seeds = range(int(first), int(last))
        except ValueError:
            parser.error(f"--seeds: {args.seeds!r} is not A:B (two whole numbers)")
        if not seeds or seeds.start < 0:
            parser.error(f"--seeds: {args.seeds!r} holds no seed (A must be at least 0 and below B)")
    print(describe())
    print()
    print(f"{len(seeds)} games per pairing (seeds {seeds.start}–{seeds.stop - 1}), the play app's default game at the "
          "default number of players.")
    print()
    print(table(HEADER))
    keep = open(args.keep, "a", encoding="utf-8") if args.keep else None
    try:
        for slug in slugs:
            for tested, field in pairs:
                start = time.perf_counter()
                figures = pairing(slug, tested, field, seeds, args.progress, keep)
                print(row(slug, tested, field, *figures), flush=True)
                print(f"<!-- {slug} {tested}-{field}: {time.perf_counter() - start:.0f} s -->", file=sys.stderr)
    finally:
        if keep is not None:
            keep.close()


if __name__ == "__main__":
    main()
