"""The server's work per learner move: processor time of one move through the play app, the bots' replies and the
redraw included.

``.venv/bin/python benchmarks/app_moves.py [--games 20] [--only chwech,pig] [--level strong] [--profile chwech]``.
For each game, at the play app's default setting (the game's usual players, its short game when it has one, strong
bots), deals 0, 1, 2… are played to the end in a ``PlayWidget`` at ``$GWARI_PACE=quick`` (the bots answer at once, as a
learner who does not step through their moves sees them).  The learner's move is a legal move chosen at random, sent
as the browser sends it (``handle("move", …)``): the move is checked and applied, the bots answer until the learner
is to move again, and the page is drawn.  When the table waits on its clock (a move out of turn open to the learner,
a race), the learner makes the move offered or lets it go at random; the clock's ticks are timed too.

A row per game: the players, the games, the learner's moves and the clock's ticks they took, the processor
milliseconds (``time.process_time``) per learner move — all the work of the games (moves and ticks) over the
learner's moves — and the median and 90th percentile of one move's own milliseconds.  A game's first deal is played
once untimed before the timed ones (imports, caches).  The first lines say which ``tutor`` was imported (a tree
exported from another commit is measured with ``PYTHONPATH`` set to it).

``--profile SLUG`` plays one game of SLUG under cProfile instead (after the untimed deal) and prints the functions
that took the most cumulative time (``--top``, default 25).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import time
from dataclasses import dataclass, field

from machine import describe

os.environ["GWARI_PACE"] = "quick"  # before the app reads it

import tutor  # noqa: E402
from tutor.games import GAMES, get_game  # noqa: E402
from tutor.widgets.options import play_options  # noqa: E402
from tutor.widgets.play import PlayWidget  # noqa: E402

MAX_MESSAGES = 20_000  # a game that takes more has gone wrong: stop it and say so


@dataclass
class Played:
    """What the timed games of one game took."""

    games: int = 0
    moves: int = 0
    ticks: int = 0
    seconds: float = 0.0  # processor seconds, moves and ticks
    each: list[float] = field(default_factory=list)  # one learner move's processor seconds, each move

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.seconds / max(self.moves, 1)


def send(app: PlayWidget, played: Played, kind: str, value: str = "") -> None:
    """One message as the browser sends it, timed; a refused one is a fault of the benchmark."""
    start = time.process_time()
    accepted = app.handle(kind, value)
    spent = time.process_time() - start
    if not accepted:
        raise RuntimeError(f"{app.game.slug}: the app refused {kind} {value!r}: {app.last_error}")
    played.seconds += spent
    if kind == "move":
        played.moves += 1
        played.each.append(spent)
    else:
        played.ticks += 1


def play_one(slug: str, seed: int, level: str, played: Played) -> None:
    """One game of ``slug`` dealt from ``seed``, the learner's moves chosen at random, to its end."""
    game = get_game(slug)
    rng = random.Random(seed)
    app = PlayWidget(slug, players=game.default_players, seed=seed, level=level, **play_options(game, {}))
    for _ in range(MAX_MESSAGES):
        state = app.state
        if state.is_over:
            played.games += 1
            return
        if state.current_player == app.seat:
            send(app, played, "move", str(rng.choice(state.legal_actions())))
            continue
        offers = state.offers(app.seat)
        choice = rng.choice([*offers, None]) if offers else None
        if choice is not None:
            send(app, played, "move", str(choice))
        else:
            send(app, played, "tick")  # the table's clock: it goes on without the learner
    raise RuntimeError(f"{slug}, deal {seed}: not over after {MAX_MESSAGES} messages")


def row(slug: str, games: int, level: str) -> Played:
    """The timed games of ``slug``, after one untimed warm-up deal."""
    play_one(slug, 10_000, level, Played())
    played = Played()
    for seed in range(games):
        play_one(slug, seed, level, played)
    return played


def profile(slug: str, level: str, top: int) -> None:
    """One game of ``slug`` (deal 0) under cProfile, after the untimed deal: the functions by cumulative time."""
    play_one(slug, 10_000, level, Played())
    profiler = cProfile.Profile()
    played = Played()
    profiler.enable()
    play_one(slug, 0, level, played)
    profiler.disable()
    print(f"{slug}: {played.moves} learner moves, {played.ticks} ticks")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", default="", help="games by slug, comma-separated (default: every game)")
    parser.add_argument("--level", default="strong", help="the bots' level (the play app's default: strong)")
    parser.add_argument("--profile", default="", metavar="SLUG", help="one game of SLUG under cProfile instead")
    parser.add_argument("--top", type=int, default=25, help="with --profile: how many functions to print")
    args = parser.parse_args()
    unknown = [s for s in [*args.only.split(","), args.profile] if s and s not in GAMES]
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    print(f"tutor: {os.path.dirname(tutor.__file__)}")
    if args.profile:
        profile(args.profile, args.level, args.top)
        return
    slugs = [s for s in args.only.split(",") if s] or list(GAMES)
    print(describe())
    print("| game | players | games | learner moves | ticks | ms per move | median ms | p90 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for slug in slugs:
        played = row(slug, args.games, args.level)
        each = sorted(1000 * s for s in played.each)
        p90 = statistics.quantiles(each, n=10)[-1] if len(each) > 1 else each[0]
        print(f"| {slug} | {get_game(slug).default_players} | {played.games} | {played.moves} | {played.ticks} | "
              f"{played.ms_per_move:.2f} | {statistics.median(each):.2f} | {p90:.2f} |", flush=True)


if __name__ == "__main__":
    main()
