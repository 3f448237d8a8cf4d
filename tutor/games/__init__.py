"""The registry of games: ``GAMES`` maps a slug to its ``Game``; ``get_game(slug)`` looks one up, and
``replay(record)`` replays a record of any game (the engine's own ``replay`` takes the game: it names none).

A game's module is imported the first time the game is asked for, so a page showing one game imports that game
only (in the browser each module imported is start-up time: benchmarks/RESULTS.md, "With no server").  The
registry still lists every game, in the gallery's order, without importing any.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Iterator, Mapping

from tutor import engine
from tutor.data import lessons_dir
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


#: The default module of a game's measured play minutes (``MEASURED[slug]``: ``tutor.play_minutes``).
PLAY_MINUTES = "tutor.data.play_minutes"
FIRST_GAMES = "first-games"  # the first games' folder, beside the lessons


@dataclass(frozen=True)
class Where:
    """Where a registered game's parts are: its ``Game`` (``name`` in ``module``, whose ``bot`` submodule holds its
    bots), the folder of its lesson (``<slug>.toml``) and first game (``first-games/<slug>.toml``), ``None`` for
    Gwari's lessons, and the module of its measured play minutes (``MEASURED[slug]``)."""

    module: str
    name: str
    lessons: Path | None = None
    play_minutes: str = PLAY_MINUTES


class Registry(Mapping[str, Game]):
    """The games by slug; a game's module is imported when the game is first looked up."""

    def __init__(self, where: Mapping[str, tuple[str, str]]) -> None:
        self._where = {slug: Where(*place) for slug, place in where.items()}
        self._games: dict[str, Game] = {}

    def __getitem__(self, slug: str) -> Game:
        game = self._games.get(slug)
        if game is None:
            place = self._where[slug]  # KeyError for a slug that is no game
            game = getattr(importlib.import_module(place.module), place.name)
            if game.slug != slug:
                raise ValueError(f"{place.module}.{place.name} is the game {game.slug!r}, registered as {slug!r}.")
            self._games[slug] = game
        return game

    def where(self, slug: str) -> Where:
        """Where game ``slug``'s parts are; an unknown slug is a ``KeyError`` naming the games."""
        place = self._where.get(slug) if isinstance(slug, str) else None
        if place is None:
            raise KeyError(f"No game {engine._shown_value(slug)}; the games are {', '.join(sorted(self._where))}.")
        return place

    def add(self, slug: str, place: Where) -> None:
        """Register a game (``register`` checks the arguments)."""
        self._where[slug] = place

    def __contains__(self, slug: object) -> bool:
        return slug in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __repr__(self) -> str:
        return f"Registry({', '.join(self._where)})"


GAMES: Registry = Registry(WHERE)

SLUG = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def register(slug: str, module: str, name: str, *, lessons: Path | str | None = None,
             play_minutes: str = PLAY_MINUTES) -> None:
    """Add a game from another package than Gwari's: ``name`` in ``module`` is its ``Game`` (imported when first
    looked up), ``lessons`` the folder of its lesson ``<slug>.toml`` and its first game ``first-games/<slug>.toml``
    (``None``: Gwari's lessons), ``play_minutes`` the module whose ``MEASURED[slug]`` holds its measured play
    minutes.  Registering a game again, in the same place, changes nothing; a slug another game has, or one not
    written in lower-case words joined by hyphens, is refused."""
    for field, value in (("slug", slug), ("module", module), ("name", name), ("play_minutes", play_minutes)):
        if not isinstance(value, str) or not value:
            raise ValueError(f"{field}: non-empty text is needed, not {engine._shown_value(value)}.")
    if not SLUG.fullmatch(slug):
        raise ValueError(f"slug: {slug!r} is not lower-case words joined by hyphens, such as 'carts-tity'.")
    if lessons is not None and not isinstance(lessons, (str, Path)):
        raise ValueError(f"lessons: a folder is needed, not {engine._shown_value(lessons)}.")
    place = Where(module, name, None if lessons is None else Path(lessons), play_minutes)
    if slug in GAMES:
        if GAMES.where(slug) == place:
            return
        raise ValueError(f"slug: {slug!r} is already a game.")
    GAMES.add(slug, place)


def lesson_file(slug: str) -> Path:
    """Game ``slug``'s lesson file: ``<slug>.toml`` in its lessons' folder (Gwari's: ``tutor.data.lessons_dir``)."""
    folder = GAMES.where(slug).lessons
    return (lessons_dir() if folder is None else folder) / f"{slug}.toml"


def first_game_file(slug: str) -> Path:
    """Game ``slug``'s first-game file: ``first-games/<slug>.toml`` beside its lesson."""
    return lesson_file(slug).parent / FIRST_GAMES / f"{slug}.toml"


def play_minutes_module(slug: str) -> str:
    """The module whose ``MEASURED[slug]`` holds game ``slug``'s measured play minutes."""
    return GAMES.where(slug).play_minutes


def bot_module(slug: str) -> ModuleType | None:
    """The module of game ``slug``'s bots (``<package>.bot``: ``heuristic``, and ``search`` or ``offer_choice`` where
    the game has them), imported when first asked for; ``None`` for a game with no bot module.

    The registry pairs a game with its bots, so that a game's rules never import its strategy."""
    package = GAMES.where(get_game(slug).slug).module
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

