"""The play app's work for one click: how often the game's rules apply a move, and how often a view and a status line
are computed, for the learner's move and the bots' replies through ``PlayWidget.handle``.

The aim (issue 42: one driver for every table):

- **Each move is applied once.**  The positions the game goes through in the click (all but the last, the one
  shown) have ``apply`` called exactly as many times as moves were made: the learner's move is checked and applied
  in one call, and each bot reply in one.  The redraw may try the moves it offers on the position shown (the line
  under an untaught move says what it does); those are counted apart.
- **A view is computed once**: no (position, seat) has its ``view`` computed twice in the click, the redraw's
  included.
- **A status line is computed once per position** (the games' own views say the status in them: those calls,
  made inside ``view``, are the view's).

``counts`` measures one click in each game at a fixed deal (the learner's first move, chosen at random among the
legal ones, random bots, so a bot's own thinking applies nothing).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

import pytest

from tutor.games import GAMES
from tutor.widgets import PlayWidget

SEED = 3


@dataclass
class Click:
    """What one click cost: the moves it made, and each call of the game's ``apply``, ``view`` and ``status``."""

    moves: int = 0
    shown: int = 0  # id of the position shown after the click
    applied: list[tuple[int, str]] = field(default_factory=list)  # (id of the position, the move)
    viewed: list[tuple[int, object]] = field(default_factory=list)  # (id of the position, the seat)
    statuses: list[int] = field(default_factory=list)  # id of the position, calls made outside a view
    in_views: int = 0  # status calls made by the games' own views
    kinds: set = field(default_factory=set)  # the classes of the positions met

    def line(self) -> str:
        """The counts in one line, for a failing assertion's message."""
        probes = sum(1 for position, _ in self.applied if position == self.shown)
        learner = self.applied.count(self.applied[0]) if self.applied else 0
        most = max(Counter(self.viewed).values(), default=0)
        said = max(Counter(self.statuses).values(), default=0)
        return (f"moves {self.moves}, apply {len(self.applied)} (the learner's move {learner} times, {probes} on the "
                f"position shown), view {len(self.viewed)} (at most {most} for one position and seat), status "
                f"{len(self.statuses) + self.in_views} ({self.in_views} inside views; at most {said} for one "
                "position outside them)")


@lru_cache(maxsize=None)
def counts(slug: str) -> Click:
    """One click of the learner's in ``slug`` (deal ``SEED``), counted."""
    app = PlayWidget(slug, seed=SEED, level="random")
    rng = random.Random(SEED)
    for _ in range(50):  # the table's clock, until the learner is to move (a race, an offer open to the bots)
        if app.state.current_player == app.seat:
            break
        app.handle("tick")
    move = str(rng.choice(app.state.legal_actions()))
    cls = type(app.state)
    click = Click()
    alive = []  # every position met stays alive until the click is counted, so no id is used twice
    real = {name: getattr(cls, name) for name in ("apply", "view", "status")}
    depth = [0]

    def apply(self, action, *args, **kwargs):
        alive.append(self)
        click.applied.append((id(self), str(action)))
        click.kinds.add(type(self))
        return real["apply"](self, action, *args, **kwargs)

    def view(self, *args, **kwargs):
        alive.append(self)
        click.viewed.append((id(self), args[0] if args else kwargs.get("player")))
        depth[0] += 1
        try:
            return real["view"](self, *args, **kwargs)
        finally:
            depth[0] -= 1

    def status(self, *args, **kwargs):
        alive.append(self)
        if depth[0]:
            click.in_views += 1
        else:
            click.statuses.append(id(self))
        return real["status"](self, *args, **kwargs)

    before = len(app.record.actions)
    try:
        cls.apply, cls.view, cls.status = apply, view, status
        accepted = app.handle("move", move)
    finally:
        cls.apply, cls.view, cls.status = real["apply"], real["view"], real["status"]
    assert accepted, app.last_error
    click.moves = len(app.record.actions) - before
    click.shown = id(app.state)
    click.kinds.add(type(app.state))
    alive.append(app.state)
    return click


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_click_is_counted(slug):
    """What the aims below count is there to count: a move made, applied, viewed and its status said, every
    position of one class (whose methods are the ones counted)."""
    click = counts(slug)
    assert click.moves >= 1 and len(click.applied) >= click.moves, click.line()
    assert click.viewed and (click.statuses or click.in_views), click.line()
    assert len(click.kinds) == 1, click.kinds


@pytest.mark.parametrize("slug", list(GAMES))
def test_each_move_is_applied_once(slug):
    click = counts(slug)
    made = [applied for applied in click.applied if applied[0] != click.shown]
    assert len(made) == click.moves, click.line()
    assert max(Counter(click.applied).values()) == 1, click.line()


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_view_is_computed_once_per_position_and_seat(slug):
    click = counts(slug)
    assert max(Counter(click.viewed).values()) == 1, click.line()


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_status_is_computed_once_per_position(slug):
    click = counts(slug)
    assert max(Counter(click.statuses).values()) == 1, click.line()


def report() -> str:
    """The counts of every game, a line each (``python -m tests.test_move_costs``)."""
    return "\n".join(f"{slug}: {counts(slug).line()}" for slug in GAMES)


if __name__ == "__main__":
    import os

    os.environ.setdefault("GWARI_PACE", "quick")
    print(report())
