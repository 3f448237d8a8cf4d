"""Burn's rule book in numbers (the pack, the pit's worth, the limits), its rule ids, and its options (``Rules``)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Literal

from tutor.cards import Element, ElementCard, element_pack

PREFIX = "burn"
"""The game's slug, and the prefix of every rule id it emits (the ``burn.*`` entries of ``lessons/burn``)."""
PACK: tuple[ElementCard, ...] = tuple(element_pack())
FIRE, WATER = Element.FIRE, Element.WATER
ALL_FIRE = sum(1 for card in PACK if card.element is FIRE)
ALL_WATER = sum(1 for card in PACK if card.element is WATER)
MAX_PLAYERS = 6
PIT = 30  # B5: the pit's value without the variant table
# B6, the variant pit table: (teams, players in a team) -> value; None is the six-player instant win.
PIT_TABLE: dict[tuple[int, int], int | None] = {
    (2, 3): 30, (2, 2): 40, (3, 2): 50, (3, 1): 50, (4, 1): 60, (5, 1): 70, (6, 1): None, (2, 1): PIT,
}
SHORT_DEALS = 3  # the short game's deals (the option ``short``; docs/rules.md, "Short games")
MAX_DEALS = 200  # a bound so that every game ends (far beyond any real game to 100)
R_LEAD, R_WINNER_LEADS, R_FOLLOW, R_DISCARD, R_TRICK = (
    f"{PREFIX}.{r}" for r in ("lead", "winner-leads", "follow", "discard", "trick"))
R_PIT, R_END = f"{PREFIX}.pit", f"{PREFIX}.end"

element = attrgetter("element")
"""How the trick core reads a card's suit: its element."""
value = attrgetter("value")
"""How the trick core reads a card's rank: its number, 1 to 15."""


@dataclass(frozen=True)
class Rules:
    """Burn's options, with the defaults of the rule book."""

    teams: Literal[0, 2, 3] = 0
    """Playing alone or in teams: everyone alone (0); two teams (2), of two at 4 players, partners opposite, or of
    three at 6, seated ABABAB; three teams of two (3), 6 players seated ABCABC."""
    two_players: bool = False
    """B8: allow a game for two (30 cards each, a pit worth 30)."""
    pit_table: bool = False
    """B6: the pit is worth more the less likely it is (40 to 70 points; with six players it wins the game)."""
    target: int = 100
    """The game ends after the deal in which a side reaches this total (tournaments raise it)."""
    scoring: Literal["burn", "pymtheg"] = "burn"
    """How the game is scored: as Burn ("burn"), or as Pymtheg's sub-game, one deal with −5 per Fire card and
    +10,000 for every Fire and Water card ("pymtheg")."""
    short: bool = False
    """A short game: three deals, or fewer if a side reaches the target first (the rule book plays on to 100)."""

    choice_words = {"teams": {0: "everyone alone", 2: "two teams (4 or 6 players)",
                              3: "three teams of two (6 players)"},
                    "scoring": {"burn": "as Burn", "pymtheg": "as Pymtheg's sub-game (one deal)"}}
    """What a learner reads for each value of a menu (``tutor.widgets.options``)."""

    def __post_init__(self) -> None:
        if not 1 <= self.target <= 100_000:
            raise ValueError(f"option target: a game goes to 1 to 100,000 points, not {self.target}.")
