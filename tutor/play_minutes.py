"""How long a game against the bots takes, from measured games: what the gallery's minutes should come from.

The figures of Gwari's games are in ``tutor.data.play_minutes`` (written by ``benchmarks/play_minutes.py``, which says
how; a game registered from another package names its own module: ``tutor.games.play_minutes_module``): for each
game, many games at the play app's default setting — the game's usual number of players, its short game when it
has one (``tutor.games.short_game.play_options``), strong bots in every seat, the learner's too, each seeded as
the play app seeds it — and the median of the learner's decisions (the moves of the first seat).  A game's minutes
are that median times the gallery's seconds a decision, rounded as the gallery rounds.

``learner_decisions`` plays one such game; the benchmark and the tests use it, so a re-measure is the same code.
"""

from __future__ import annotations

import importlib
import statistics
from typing import Any

from tutor.bots import make_bot
from tutor.estimate import SECONDS_A_DECISION, rounded_minutes
from tutor.games import GAMES, get_game, play_minutes_module
from tutor.games.short_game import play_options  # the play app's own choice of the short game

LEVEL = "strong"  # the play app's default bot level
MOVE_LIMIT = 20_000  # a bound on one measured game (far beyond any game at the default setting)


def default_setting(slug: str) -> tuple[int, dict[str, Any]]:
    """The players and options a play app starts with when a notebook names only the game."""
    game = get_game(slug)
    return game.default_players, play_options(game, {})


def learner_decisions(slug: str, seed: int, players: int | None = None, options: dict[str, Any] | None = None) -> int:
    """The learner's decisions (moves of seat 0) in one game of deal ``seed`` played by strong bots in every seat,
    seeded as the play app seeds them; by default at the play app's default setting."""
    if players is None or options is None:
        default_players, default_options = default_setting(slug)
        players = default_players if players is None else players
        options = default_options if options is None else options
    game = get_game(slug)
    state = game.start(players=players, seed=seed, **options)
    bots = {p: make_bot(slug, LEVEL, seed * 31 + p) for p in range(players)}
    decisions = 0
    for _ in range(MOVE_LIMIT):
        if state.is_over:
            return decisions
        decisions += state.current_player == 0
        state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"{game.title}, deal {seed}: no end within {MOVE_LIMIT} moves.")


def median_decisions(slug: str, seeds: range, players: int | None = None,
                     options: dict[str, Any] | None = None) -> float:
    """The median of the learner's decisions over the games of ``seeds``."""
    return statistics.median(learner_decisions(slug, seed, players, options) for seed in seeds)


def measured(slug: str) -> dict[str, Any]:
    """The stored measurement of ``slug`` (players, options, games, median and spread of the learner's decisions),
    from the module its registration names (``tutor.games.play_minutes_module``: ``tutor.data.play_minutes``)."""
    if not isinstance(slug, str) or slug not in GAMES:
        raise ValueError(f"There is no game {slug!r}; the games are {', '.join(GAMES)}.")
    module = play_minutes_module(slug)
    stored = getattr(importlib.import_module(module), "MEASURED", {})
    if slug not in stored:
        raise ValueError(f"{GAMES[slug].title} has not been measured yet: run benchmarks/play_minutes.py "
                         f"(its figures go in {module}).")
    return stored[slug]


def game_minutes(slug: str) -> int:
    """About how long a game against the bots takes at the play app's default setting: the measured median of the
    learner's decisions times the gallery's seconds a decision, rounded up to five minutes as the gallery rounds."""
    return rounded_minutes(measured(slug)["median"] * SECONDS_A_DECISION / 60)
