"""Games made of several deals: the running score table, the dealer's turn, and when the match ends.

Pure values: a ``ScoreSheet`` grows by one row a deal and says whether the
match is over and who won, under an ``EndRule`` built from a game's options
(a fixed number of deals, a target score, or the first past a mark; highest or
lowest wins).  A game keeps its sheet in its state; the table view shows
``sheet.table()`` and the play app shows it between deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tutor.checks import _is_int, _shown_value
from tutor.engine import ScoreTable

DEALS_LIMIT = 10_000  # the most deals a match may be set to


def _count(value: object, name: str, *, low: int = 1, high: int | None = None) -> None:
    if not _is_int(value) or value < low or (high is not None and value > high):
        span = f"from {low}" + (f" to {high}" if high is not None else "")
        raise ValueError(f"{name} must be a whole number {span}, not {_shown_value(value)}.")


def _scores(values: object, name: str, count: int) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ValueError(f"{name} must be a list of {count} whole numbers, not {_shown_value(values)}.")
    row = tuple(values)
    if len(row) != count:
        raise ValueError(f"{name}: a deal's scores need {count} values, not {len(row)}.")
    for i, v in enumerate(row):
        if not _is_int(v):
            raise ValueError(f"{name}[{i}] must be a whole number, not {_shown_value(v)}.")
    return row


@dataclass(frozen=True, slots=True)
class EndRule:
    """When a match ends and who wins it.

    ``deals``: the match is that many deals (``None``: no fixed number).
    ``target``: the match ends after the deal in which a total reaches it
    (``>= target`` when ``lowest_wins`` is false, and likewise for a game to 100
    where the lowest total wins: the match still ends when someone reaches it).
    ``lowest_wins``: the lowest total wins (Burn), else the highest.
    """

    deals: int | None = None
    target: int | None = None
    lowest_wins: bool = False

    def __post_init__(self) -> None:
        if self.deals is None and self.target is None:
            raise ValueError("deals and target: a match needs a number of deals or a target score.")
        if self.deals is not None:
            _count(self.deals, "deals", high=DEALS_LIMIT)
        if self.target is not None:
            _count(self.target, "target", high=10 ** 9)
        if not isinstance(self.lowest_wins, bool):
            raise ValueError(f"lowest_wins must be True or False, not {_shown_value(self.lowest_wins)}.")

    def words(self) -> str:
        """The end rule as a learner reads it: "8 deals; highest total wins"."""
        parts = []
        if self.deals is not None:
            parts.append(f"{self.deals} deal{'s' * (self.deals != 1)}")
        if self.target is not None:
            parts.append(f"until someone reaches {self.target}")
        return "; ".join(parts) + ("; lowest total wins" if self.lowest_wins else "; highest total wins")


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The scores of a match so far: one row per deal, a column per seat (or team)."""

    columns: tuple[str, ...]
    rule: EndRule
    rows: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        columns = self.columns
        if isinstance(columns, (str, bytes)) or not isinstance(columns, Sequence) or not columns \
                or not all(isinstance(c, str) for c in columns):
            raise ValueError(f"columns must be a list of names (a seat's or a team's), not {_shown_value(columns)}.")
        if not isinstance(self.rule, EndRule):
            raise ValueError(f"rule must be an EndRule, not {_shown_value(self.rule)}.")
        rows = self.rows
        if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
            raise ValueError(f"rows must be a list of deals' scores, not {_shown_value(rows)}.")
        object.__setattr__(self, "columns", tuple(columns))
        object.__setattr__(self, "rows", tuple(_scores(row, f"rows[{i}]", len(columns)) for i, row in enumerate(rows)))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each column's total so far."""
        return tuple(sum(row[i] for row in self.rows) for i in range(len(self.columns)))

    @property
    def deals(self) -> int:
        """Deals scored so far."""
        return len(self.rows)

    def after(self, scores: Sequence[int]) -> "ScoreSheet":
        """The sheet with one more deal's scores."""
        row = _scores(scores, "scores", len(self.columns))
        sheet = object.__new__(ScoreSheet)  # the earlier rows are checked already: only the new one is
        object.__setattr__(sheet, "columns", self.columns)
        object.__setattr__(sheet, "rule", self.rule)
        object.__setattr__(sheet, "rows", self.rows + (row,))
        return sheet

    @property
    def is_over(self) -> bool:
        """True once the end rule is met."""
        if self.rule.deals is not None and self.deals >= self.rule.deals:
            return True
        return self.rule.target is not None and self.deals > 0 and any(
            t >= self.rule.target for t in self.totals)

    def leaders(self) -> tuple[int, ...]:
        """The columns with the best total (several on a tie)."""
        totals = self.totals
        best = min(totals) if self.rule.lowest_wins else max(totals)
        return tuple(i for i, t in enumerate(totals) if t == best)

    def table(self, *, label: str = "Deal") -> ScoreTable:
        """The sheet for the table view: "Deal 1", "Deal 2"…, the totals and the end rule in words."""
        if not isinstance(label, str):
            raise ValueError(f"label must be a text, not {_shown_value(label)}.")
        rows = tuple((f"{label} {i + 1}", row) for i, row in enumerate(self.rows))
        return ScoreTable(self.columns, rows, self.totals, self.rule.words().capitalize() + ".")


def next_dealer(dealer: int, players: int, *, out: Sequence[bool] = ()) -> int:
    """The next dealer clockwise (to the left), skipping seats marked out (``out``: one yes/no per seat, or none)."""
    _count(players, "players", high=100)
    _count(dealer, "dealer", low=0, high=players - 1)
    if isinstance(out, (str, bytes)) or not isinstance(out, Sequence) or len(out) not in (0, players) \
            or not all(isinstance(o, bool) for o in out):
        raise ValueError(f"out must be a list of {players} yes/no (True: the seat is out), not {_shown_value(out)}.")
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if not (out and out[seat]):
            return seat
    raise ValueError("Every seat is out: nobody can deal.")
