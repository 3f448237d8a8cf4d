"""Pymtheg's rule book in numbers (four players, the pack, the hand, the trumps, the bounds), its rule ids, and its
options (``Rules``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.cards import Element, ElementCard
from tutor.games.burn.rules import PACK as BURN_PACK
from tutor.games.pymtheg.scoring import BID_CODES, TRICKS
from tutor.games.short_game import apply_short

PREFIX = "pymtheg"
"""The game's slug, and the prefix of every rule id it emits (the ``pymtheg.*`` entries of ``lessons/pymtheg``)."""
PLAYERS = 4
TEAMS = ((0, 2), (1, 3))  # partners sit opposite
PACK: tuple[ElementCard, ...] = BURN_PACK  # the 60 element cards, as in Burn
HAND = TRICKS  # Y1: fifteen cards each
PACKET = 5  # Y15: dealt in three rounds of five
MAX_DEALS = 200  # a bound so that every match ends (an open match, or one to ±100,000)
CALLS_PER_DEAL = len(BID_CODES) + PLAYERS + 1  # at most every bid once, every pass, and a stop
ACTIONS_PER_DEAL = CALLS_PER_DEAL + 4 + 1 + len(PACK)  # calls, the doubling window, naming trump, the cards
ELEMENTS = {e.code: e for e in Element}
NO_TRUMP = "nt"
TRUMP_CODES = tuple(ELEMENTS) + (NO_TRUMP,)


def rule(name: str) -> str:
    """The full rule id of one of this game's rules."""
    return f"{PREFIX}.{name}"


MALFORMED = rule("follow")  # the rule a move that is no move of Pymtheg (or has parts of the wrong type) is refused by
R_LEAD, R_WINNER_LEADS, R_FOLLOW, R_DISCARD, R_TRUMP, R_OVER, R_UNDER, R_TRICK = (
    rule(r) for r in ("lead", "winner-leads", "follow", "discard", "trump", "over-trump", "under-trump", "trick"))


SHORT_GAME = {"match": "rounds", "rounds": 4}
"""The options the short game sets (the option ``short``; docs/rules.md, "Short games")."""


@dataclass(frozen=True)
class Rules:
    """Pymtheg's options, with the defaults Gwari settles on (docs/rules.md, Y12–Y16)."""

    match: Literal["rounds", "limit", "open"] = "rounds"
    """Y14: how the match ends: after a number of deals ("rounds"), once a team's total passes the limit, up or
    down ("limit"), or when someone calls time between deals ("open")."""
    rounds: int = 20
    """Y14: how many deals the match lasts, when it ends after a set number (twenty in the rule book)."""
    limit: int = 100_000
    """Y14: a match to a limit ends once a team's total passes this, up or down."""
    table: Literal["corrected", "printed"] = "corrected"
    """Y6: the Gâm score table, corrected to follow its pattern everywhere ("corrected") or as printed, with three
    cells that break it: 20, 140 and 280 instead of 120, 150 and 300 ("printed")."""
    dealing: Literal["shuffle", "partial"] = "shuffle"
    """Y15: how the cards are shuffled: fully before every deal ("shuffle"), or by the custom of gathering them and
    re-ordering only a few once ("partial"; the first deal is always fully shuffled)."""
    mixed: int = 10
    """Y15: how many of the gathered cards a partial reshuffle re-orders."""
    revoke: bool = False
    """Y12: a card that breaks the rules of following may be played; it comes out by the end of the deal at the
    latest and costs its side the penalty."""
    burn: bool = True
    """Y16: play Burn when all four pass (Y11); off for a tournament, where such a deal scores nothing."""
    short: bool = False
    """A short game: four deals, each player dealing once (the rule book's match is twenty deals)."""

    choice_words = {"match": {"rounds": "after a number of deals", "limit": "when a team passes the limit",
                              "open": "when someone calls time"},
                    "table": {"corrected": "corrected", "printed": "as printed"},
                    "dealing": {"shuffle": "a full shuffle every deal", "partial": "re-order a few cards (the custom)"}}
    """What a learner reads for each value of a menu (``tutor.widgets.options``)."""

    def __post_init__(self) -> None:
        apply_short(self, SHORT_GAME, "four deals")
        if not 1 <= self.rounds <= MAX_DEALS:
            raise ValueError(f"option rounds: a match has 1 to {MAX_DEALS} deals, not {self.rounds}.")
        if not 1 <= self.limit <= 10_000_000:
            raise ValueError(f"option limit: a limit from 1 to 10,000,000 points, not {self.limit}.")
        if not 2 <= self.mixed <= len(PACK):
            raise ValueError(f"option mixed: 2 to {len(PACK)} cards, not {self.mixed}.")
