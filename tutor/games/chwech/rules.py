"""Chwech's numbers and options: the rule-id prefix, the longest match, and ``Rules`` (docs/rules.md C5–C12).

The packs, the hand size and the usual number of deals for each table are in ``packs.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tutor.games.short_game import apply_short

from .packs import DEALS_BY_PLAYERS, pack_for

SLUG = "chwech"
PREFIX = "chwech"  # every rule id the game cites is a ``chwech.*`` entry of its lesson
REVISED = "revised"
MAX_DEALS = 24  # the longest match the ``deals`` option allows, so that every match ends
# A deal's longest course: 63 cards played, each in a trick of its own with six lead passes before it and six
# passes after it, and a last round of seven lead passes (deadlock).
MAX_ACTIONS_PER_DEAL = 63 * 13 + 7


SHORT_GAME = {"deals": 3}
"""The options the short game sets (the option ``short``; docs/rules.md, "Short games")."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of a Chwech match, each defaulting to the rule book (docs/rules.md C5–C12)."""

    aces_jokers: Literal["revised", "original"] = REVISED
    """C7: aces and jokers, revised: an ace loses only when played last, a joker wins only when played last
    ("revised"); or as first published: an ace is high or low as its player says, a joker ranks between the 7 and
    the 8 ("original")."""
    deals: int | None = None
    """C10: how many deals the match lasts (1 to 24); left empty, the usual number for the players."""
    five_pack: Literal["no-2-3", "no-7-8"] = "no-2-3"
    """C11: which two ranks the five-player pack leaves out: the 2s and 3s, or the 7s and 8s."""
    seven_pack: Literal["five-hundred", "doubled-2-3"] = "five-hundred"
    """C12: the seven-player pack: the Five Hundred pack (with 11s, 12s and red 13s), or 52 cards with three jokers
    and a second set of 2s and 3s."""
    thirteens_jokers: bool = False
    """C12: with the Five Hundred pack, the two red 13s count as jokers."""
    short: bool = False
    """A short game: three deals (the rule book's match has a deal for each player, eight at four)."""

    choice_words = {"aces_jokers": {"revised": "revised (played last)", "original": "as first published"},
                    "five_pack": {"no-2-3": "without the 2s and 3s", "no-7-8": "without the 7s and 8s"},
                    "seven_pack": {"five-hundred": "the Five Hundred pack",
                                   "doubled-2-3": "52 cards, three jokers, extra 2s and 3s"}}
    """What a learner reads for each value of a menu (``tutor.widgets.options``)."""

    def __post_init__(self) -> None:
        apply_short(self, SHORT_GAME, "three deals")
        deals = self.deals
        if deals is not None and (type(deals) is not int or not 1 <= deals <= MAX_DEALS):
            raise ValueError(f"option deals: a match is 1 to {MAX_DEALS} deals (or None for the rule book's "
                             f"number), not {deals!r}.")
        if self.thirteens_jokers is True and self.seven_pack != "five-hundred":
            raise ValueError("option thirteens_jokers: only the Five Hundred pack has red 13s to make jokers; "
                             "choose seven_pack='five-hundred' or leave the 13s alone.")

    @property
    def revised(self) -> bool:
        """True under Parlett's revised aces and jokers (C7)."""
        return self.aces_jokers == REVISED

    def pack(self, players: int) -> tuple[Any, ...]:
        """The pack these options give ``players`` players."""
        return pack_for(players, self.five_pack, self.seven_pack)

    def deals_for(self, players: int) -> int:
        """How many deals the match lasts (C10)."""
        return self.deals or DEALS_BY_PLAYERS[players]
