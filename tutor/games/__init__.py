"""The registry of games: ``GAMES`` maps a slug to its ``Game``; ``get_game(slug)`` looks one up, and
``replay(record)`` replays a record of any game (the engine's own ``replay`` takes the game: it names none).

A game's module is imported the first time the game is asked for, so a page showing one game imports that game
only (in the browser each module imported is start-up time: benchmarks/RESULTS.md, "With no server").  The
registry still lists every game, in the gallery's order, without importing any.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Iterator, Mapping

from tutor import engine
from tutor.engine import Game, Record, State

#: Each game's slug, and where its ``Game`` is defined (module, name), in the gallery's order.
WHERE: dict[str, tuple[str, str]] = {
    "gwra-pyskessa": ("tutor.games.gwra_pyskessa", "PYSKESSA"),
    "chwech": ("tutor.games.chwech", "CHWECH"),
    "gnav": ("tutor.games.gnav", "GNAV"),
    "pig": ("tutor.games.pig", "PIG"),
    "burn": ("tutor.games.burn", "BURN"),
    "carts-tity": ("tutor.games.carts_tity", "CARTS"),
    "cassino": ("tutor.games.cassino", "CASSINO"),
    "pymtheg": ("tutor.games.pymtheg", "PYMTHEG"),
}


class Registry(Mapping[str, Game]):
    """The games by slug; a game's module is imported when the game is first looked up."""

    def __init__(self, where: Mapping[str, tuple[str, str]]) -> None:
        self._where = dict(where)
        self._games: dict[str, Game] = {}

    def __getitem__(self, slug: str) -> Game:
        game = self._games.get(slug)
        if game is None:
            module, name = self._where[slug]  # KeyError for a slug that is no game
            game = self._games[slug] = getattr(importlib.import_module(module), name)
        return game

    def __contains__(self, slug: object) -> bool:
        return slug in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __repr__(self) -> str:
        return f"Registry({', '.join(self._where)})"


GAMES: Mapping[str, Game] = Registry(WHERE)


def bot_module(slug: str) -> ModuleType | None:
    """The module of game ``slug``'s bots (``<package>.bot``: ``heuristic``, and ``search`` or ``offer_choice`` where
    the game has them), imported when first asked for; ``None`` for a game with no bot module.

    The registry pairs a game with its bots, so that a game's rules never import its strategy."""
    package = WHERE[get_game(slug).slug][0]
    try:
        return importlib.import_module(package + ".bot")
    except ModuleNotFoundError as exc:
        if exc.name not in (package + ".bot", package):
            raise
        return None


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; an unknown slug lists the known ones."""
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        raise KeyError(f"No game {engine._shown_value(slug)}; the games are {', '.join(sorted(GAMES))}.") from None


def game_of(record: Record) -> Game:
    """The game a record is of; a record of no registered game is refused naming ``record.game``."""
    if not isinstance(record, Record):
        raise ValueError(f"record: a game Record is needed, not {type(record).__name__}.")
    try:
        return get_game(record.game)
    except KeyError as exc:
        raise ValueError(f"record.game: {exc.args[0]}") from None


def replay(record: Record) -> list[State]:
    """Every state of a recorded game of any registered game, the first state included (index = step)."""
    return engine.replay(record, game_of(record))

