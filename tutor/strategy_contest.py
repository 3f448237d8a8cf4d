"""A learner's own bot against Gwari's bots: one game each (``challenge``), and the contest summed by game
(``standings``), as ``your-own-bot.ipynb`` runs them.

A learner's ``choose(state) -> move`` that raises, answers a move the rules refuse or thinks too long loses that
game, and its row says what went wrong; the contest goes on.  Server only for ``standings`` (pandas).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from typing import Any, Callable

from tutor.bots import make_bot
from tutor.engine import IllegalMove
from tutor.games import GAMES
from tutor.strategy_games import MOST_MOVES, out_of_turn


class _TooSlow(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds: float) -> Any:
    """Stop the code inside after ``seconds`` where the clock can interrupt it (the main thread, not in a browser);
    elsewhere the time is only measured afterwards."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def alarm(_signum: int, _frame: Any) -> None:
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def challenge(slug: str, seed: int, choose: Callable, against: str = "strong", *, players: int | None = None,
              seconds: float = 1.0, **options: Any) -> dict[str, Any]:
    """One game of ``slug`` as the play app deals it (the short game where there is one, unless ``options`` say
    otherwise) in which ``choose(state) -> move`` plays one seat (seat ``seed`` modulo the players, so it turns
    round the table) and bots at level ``against`` play the others.

    Returns one row: the game's title, the seat, its share of the win, an even share, the moves made, and the
    problem ("" when none).  A ``choose`` that raises, answers a move the rules refuse, or takes longer than
    ``seconds`` over one move is stopped for this game, which counts as lost; the problem says what happened and
    the next game goes on."""
    game = GAMES[slug] if slug in GAMES else None
    if game is None:
        raise ValueError(f"game: there is no game {slug!r}; the games are {', '.join(sorted(GAMES))}.")
    from tutor.widgets.options import play_options

    state = game.start(players=game.default_players if players is None else players, seed=seed,
                       **play_options(game, options))
    seat = seed % state.players
    bots = {p: make_bot(slug, against, seed * 31 + p) for p in range(state.players) if p != seat}
    row = {"game": game.title, "seat": seat, "won": 0.0, "even": 1 / state.players, "moves": 0, "problem": ""}
    declined: set = set()
    for _ in range(MOST_MOVES):
        if state.is_over:
            winners = state.result().winners
            row["won"] = 1 / len(winners) if seat in winners else 0.0
            return row
        offered = out_of_turn(state, bots, declined)
        if offered is not None:
            state = state.apply(offered[1])
            declined.clear()
            continue
        mover = state.current_player
        if mover is None:
            mover = state.current_players[0]
        if mover != seat:
            state = state.apply(bots[mover].choose(state))
            declined.clear()
            continue
        start = time.perf_counter()
        try:
            with _time_limit(seconds):
                move = choose(state)
            if time.perf_counter() - start > seconds:
                raise _TooSlow
            state = state.apply(move)
            declined.clear()
        except _TooSlow:
            row["problem"] = f"took longer than {seconds:g} s over one move"
            return row
        except IllegalMove as exc:
            row["problem"] = f"answered a move the rules refuse: {exc.reason}"
            return row
        except Exception as exc:  # the learner's code: any mistake is reported, and the tournament goes on
            row["problem"] = f"stopped with {type(exc).__name__}: {exc}"
            return row
        row["moves"] += 1
    row["problem"] = f"the game did not end within {MOST_MOVES} moves"
    return row


def standings(rows: Any) -> Any:
    """A contest's rows summed by game: games played, games won in 100 and an even share in 100, games stopped by a
    problem, and the first problem seen."""
    import pandas as pd

    out = []
    for title, games_of in rows.groupby("game", sort=False):
        problems = games_of[games_of["problem"] != ""]["problem"]
        out.append({"game": title, "games": len(games_of), "won in 100": 100 * games_of["won"].mean(),
                    "an even share in 100": 100 * games_of["even"].mean(), "games stopped": len(problems),
                    "what went wrong": problems.iloc[0] if len(problems) else ""})
    return pd.DataFrame(out).set_index("game")


__all__ = ["challenge", "standings"]
