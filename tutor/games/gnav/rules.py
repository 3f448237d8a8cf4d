"""Gnav's rule book in numbers: the pack, the table sizes, the counters, and ``Rules``, the options with their
defaults (docs/rules.md, Gnav, N1–N12)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import gnav_pack
from tutor.engine import IllegalMove, counted
from tutor.games.short_game import apply_short

SLUG = "gnav"
PREFIX = "gnav"
MALFORMED = f"{PREFIX}.turn"  # the rule a move that is none of the game's, or has a part of the wrong type, cites
PACK = gnav_pack()
MIN_PLAYERS = 2
MAX_PLAYERS = 20
MAX_COUNTERS = 99
"""The most counters (or strokes) an option may give each player."""


SHORT_GAME = {"counters": 2}
"""The options the short game sets (the option ``short``; docs/rules.md, "Short games")."""


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the defaults of docs/rules.md (Gnav); a value out of range names its option."""

    counters: int = 3
    """N11: the counters each player starts with (with the slate, the strokes that put a player out)."""
    slate: bool = False
    """N11: keep score with chalk strokes on a slate instead of paying counters to a pool."""
    cat_as_dragoon: bool = False
    """N8: the Danish rule of 1917 — the Cat acts like the Dragoon, with no changing back."""
    short: bool = False
    """A short game: two counters each, so two lost rounds put a player out (the rule book's game uses three)."""

    def __post_init__(self) -> None:
        apply_short(self, SHORT_GAME, "played with two counters each")
        counters = self.counters
        if not isinstance(counters, int) or isinstance(counters, bool) or not 1 <= counters <= MAX_COUNTERS:
            raise IllegalMove(f"{PREFIX}.counters", f"option counters: each player starts with 1 to {MAX_COUNTERS} "
                                                    f"counters, not {counters!r}.")


def counters_word(n: int) -> str:
    """"1 counter", "3 counters"."""
    return counted(n, "counter")


# Every round someone pays a counter, so a game has at most players × counters rounds, each of at
# most one turn per player: 20 × 20 × 3 actions with the default counters.
MAX_ACTIONS = MAX_PLAYERS * MAX_PLAYERS * Rules.counters
