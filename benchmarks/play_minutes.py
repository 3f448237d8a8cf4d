"""The gallery's minutes for a game against the bots, measured: ``tutor/data/play_minutes.py``.

``.venv/bin/python benchmarks/play_minutes.py [--games 1000] [--only burn,pig] [--full] [--write]``.  For each game, at the
play app's default setting (``tutor.play_minutes.default_setting``: the game's usual players, its short game when
it has one), deals 0, 1, 2… are played by strong bots in every seat, the learner's too, each bot seeded as the
play app seeds it; the learner's decisions are the first seat's moves (``tutor.play_minutes.learner_decisions``).
A row per game: the players and options, the median decisions, the 10th and 90th percentiles, the fewest and
most, the minutes the gallery shows (median × its seconds a decision, rounded up to five) and the seconds the
row took.  ``--write`` stores the rows (every game Gwari ships: ``tutor.games.WHERE``; a game registered from another
package keeps its figures in its own module) in ``tutor/data/play_minutes.py``.  ``--full`` measures the rule
book's game instead (no options), to see what the short game saves; it is never written.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from machine import describe
from tutor.games import WHERE
from tutor.play_minutes import default_setting, learner_decisions
from tutor.estimate import SECONDS_A_DECISION, rounded_minutes

DATA = Path(__file__).resolve().parent.parent / "tutor" / "data" / "play_minutes.py"
HEADER = '''"""Measured lengths of a game against the bots, read by ``tutor.play_minutes`` (the gallery's minutes).

Written by ``benchmarks/play_minutes.py --write``; do not edit by hand, run it again after a change to a game,
its short game or its bots.  For each game: {games:,} games (deals 0 to {last}) at the play app's default setting —
``players`` and ``options`` (the short game when the game has one) — with strong bots in every seat, the
learner's too, each bot seeded as the play app seeds it (deal × 31 + seat).  The learner's decisions are the
first seat's moves; ``median``, ``p10`` and ``p90`` (10th and 90th percentiles), ``fewest`` and ``most`` are
over the {games:,} games.  The gallery shows ``median`` × its seconds a decision ({seconds}), rounded up to five
minutes.
"""

MEASURED = '''


def row(slug: str, games: int, full: bool = False) -> dict:
    """One game measured over ``games`` deals at the play app's default setting (``full``: without options)."""
    players, options = default_setting(slug)
    options = {} if full else options
    start = time.perf_counter()
    decisions = sorted(learner_decisions(slug, seed, players, options) for seed in range(games))
    tenths = statistics.quantiles(decisions, n=10) if games > 1 else decisions * 9
    return {"players": players, "options": options, "games": games, "median": statistics.median(decisions),
            "p10": tenths[0], "p90": tenths[-1], "fewest": decisions[0], "most": decisions[-1],
            "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", default="", help="games by slug, comma-separated (default: every game Gwari ships)")
    parser.add_argument("--full", action="store_true", help="the rule book's game (no options), never written")
    parser.add_argument("--write", action="store_true", help="store the rows in tutor/data/play_minutes.py")
    args = parser.parse_args()
    slugs = [s for s in args.only.split(",") if s] or list(WHERE)
    if args.write and (set(slugs) != set(WHERE) or args.full):
        parser.error("--write measures every game at the play app's setting: leave out --only and --full")
    print(describe())
    print("| game | players | options | median | p10 | p90 | fewest | most | gallery minutes | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    rows = {}
    for slug in slugs:
        rows[slug] = r = row(slug, args.games, args.full)
        shown = ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "—"
        minutes = rounded_minutes(r["median"] * SECONDS_A_DECISION / 60)
        print(f"| {slug} | {r['players']} | {shown} | {r['median']} | {r['p10']:g} | {r['p90']:g} | {r['fewest']} | "
              f"{r['most']} | {minutes} | {r['seconds']} |", flush=True)
    if args.write:
        for r in rows.values():
            del r["seconds"]
        lines = [f"    {slug!r}: {{'players': {r['players']}, 'options': {r['options']!r}, 'games': {r['games']},\n"
                 f"        'median': {r['median']!r}, 'p10': {r['p10']!r}, 'p90': {r['p90']!r}, "
                 f"'fewest': {r['fewest']}, 'most': {r['most']}}},\n" for slug, r in rows.items()]
        DATA.write_text(HEADER.format(games=args.games, last=args.games - 1, seconds=SECONDS_A_DECISION)
                        + "{\n" + "".join(lines) + "}\n", encoding="utf-8")
        print(f"Written: {DATA}")


if __name__ == "__main__":
    main()
