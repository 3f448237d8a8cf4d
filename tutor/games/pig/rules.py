"""Pig's rule book in numbers: the table sizes, the hand, the ranks used, the stop, the race clock's limits, and
``Rules``, the options with their defaults (docs/rules.md, Pig, P1–P7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.cards import Card, Rank, french_pack

SLUG = "pig"
PREFIX = "pig"
MALFORMED = f"{PREFIX}.pass"  # the rule a move that is none of the game's, or has a part of the wrong type, cites
HAND = 4
MIN_PLAYERS = 3
MAX_PLAYERS = 13
PACK = french_pack()
STOP_AFTER = 200  # pig.stop: the passing rounds of one deal after which the weakest hand takes the letter
MAX_TICK_MS = 10_000  # the longest race-clock step an option may set
MAX_TICKS = 1_000  # the most ticks an option may give a race
MAX_DELAY_MS = 60_000  # the slowest reaction delay an option or a deal may set
WORDS = ("PIG", "DONKEY")  # P6: the words a player may spell, one letter per lost deal


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the rule book's (or docs/rules.md's) defaults; each range check names its option."""

    word: Literal["PIG", "DONKEY"] = "PIG"
    """P6: the word spelled one letter per lost race: PIG (3 lives) or DONKEY (6)."""
    short: bool = False
    """A short game: one deal, as the rule book plays it; the last to touch their nose is the pig and loses."""

    choice_words = {"word": {"PIG": "PIG (3 lives)", "DONKEY": "DONKEY (6 lives)"}}
    """What a learner reads for each value of a menu (``tutor.widgets.options``)."""
    stale_after: int = 0
    """Our rule: a limit on passing rounds in one deal; when it is reached with no four of a kind,
    the weakest hand takes the letter (0: no limit, as in the rule book; the stop still applies)."""
    tick_ms: int = 250
    """The race clock's step, in milliseconds."""
    max_ticks: int = 16
    """Ticks of the race clock a race may last; in the last one everyone still looking touches their nose."""
    fastest_ms: int = 400
    """The quickest reaction time drawn for a player in a race, in milliseconds."""
    slowest_ms: int = 2400
    """The slowest reaction time drawn for a player in a race, in milliseconds."""

    def __post_init__(self) -> None:
        if not 0 <= self.stale_after <= STOP_AFTER:
            raise ValueError(f"option stale_after: 0 (no limit) or 1 to {STOP_AFTER} passing rounds, "
                             f"not {self.stale_after}.")
        if not 1 <= self.tick_ms <= MAX_TICK_MS:
            raise ValueError(f"option tick_ms: the race clock's step is 1 to {MAX_TICK_MS} ms, not {self.tick_ms}.")
        if not 1 <= self.max_ticks <= MAX_TICKS:
            raise ValueError(f"option max_ticks: a race lasts 1 to {MAX_TICKS} ticks, not {self.max_ticks}.")
        if not 0 <= self.fastest_ms <= MAX_DELAY_MS:
            raise ValueError(f"option fastest_ms: a reaction delay is 0 to {MAX_DELAY_MS} ms, not {self.fastest_ms}.")
        if not 0 <= self.slowest_ms <= MAX_DELAY_MS:
            raise ValueError(f"option slowest_ms: a reaction delay is 0 to {MAX_DELAY_MS} ms, not {self.slowest_ms}.")
        if self.fastest_ms > self.slowest_ms:
            # Name the option that was moved from its default (slowest_ms when both were).
            name = "slowest_ms" if self.slowest_ms != Rules.slowest_ms else "fastest_ms"
            raise ValueError(f"option {name}: the quickest reaction ({self.fastest_ms} ms) cannot be slower "
                             f"than the slowest ({self.slowest_ms} ms).")

    @property
    def passing_limit(self) -> int:
        """The passing rounds after which a deal with no four of a kind ends: the table's limit, else the stop."""
        return self.stale_after or STOP_AFTER


def game_pack(players: int) -> tuple[Card, ...]:
    """The cards of a game for ``players``: four of each of the top ranks (P2, P7)."""
    return french_pack(ranks=top_ranks(players))


def top_ranks(n: int) -> tuple[Rank, ...]:
    """P7: the ``n`` highest ranks, from the ace downward."""
    return tuple(Rank(14 - i) for i in range(n))


# Every deal ends with a letter: at most (players - 1) whole words and one word short of the last player's, each
# deal at most STOP_AFTER passing rounds of 13 choices, one signal and a race of at most MAX_TICKS ticks of 12.
MAX_DEALS = (MAX_PLAYERS - 1) * max(map(len, WORDS)) + max(map(len, WORDS)) - 1
MAX_ACTIONS = MAX_DEALS * (STOP_AFTER * MAX_PLAYERS + 1 + MAX_TICKS * (MAX_PLAYERS - 1))
