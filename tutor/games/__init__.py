"""The registry of games: ``GAMES`` maps a slug to its ``Game``; ``get_game(slug)`` looks one up."""

from __future__ import annotations

from tutor.engine import Game
from tutor.games.burn import BURN
from tutor.games.chwech import CHWECH
from tutor.games.gnav import GNAV
from tutor.games.gwra_pyskessa import PYSKESSA
from tutor.games.pig import PIG
from tutor.games.carts_tity import CARTS
from tutor.games.cassino import CASSINO
from tutor.games.pymtheg import PYMTHEG

GAMES: dict[str, Game] = {game.slug: game for game in (PYSKESSA, CHWECH, GNAV, PIG, BURN, CARTS, CASSINO, PYMTHEG)}


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; an unknown slug lists the known ones."""
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"No game {slug!r}; the games are {', '.join(sorted(GAMES))}.") from None
