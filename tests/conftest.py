"""Shared test settings: a Hypothesis profile sized for the 10-minute suite.

``GWARI_GAMES`` sets how many random examples (games, deals, inputs) each
property test draws: 25 by default; raise it for a deeper run
(``GWARI_GAMES=500 bash .ci/test tests/test_conformance.py``).  The soak run
(``tests/soak.py``) plays 10,000 games of each game on its own.

A ninth game, a tiny War that lives in ``tests/ninth/`` only, is registered here with its lesson and first game:
every suite that runs over the registry (``tutor.games.GAMES``) runs over it too, which proves that a game needs
nothing but its package, its lesson and its first game (docs/adding-a-game.md).  ``tutor.games.WHERE`` still lists
the games Gwari ships, for the suites of what ships with them (notebooks, the static site).
"""

import os
import shutil
import weakref
from pathlib import Path

import pytest

from hypothesis import HealthCheck, settings

from tutor.games import register

NINTH = Path(__file__).resolve().parent / "ninth"
register("war", "tests.ninth.war", "WAR", lessons=NINTH / "lessons", play_minutes="tests.ninth.play_minutes")


def _examples() -> int:
    value = os.environ.get("GWARI_GAMES", "25")
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"GWARI_GAMES must be a whole number of at least 1, not {value!r}.")
    return int(value)


# The strategy notebooks play a few games per question under nbval (their kernels inherit this), and fail when the
# results saved with Gwari were made by other code (tutor/strategy.py).
os.environ.setdefault("GWARI_STRATEGY_GAMES", "12")

settings.register_profile("gwari", deadline=None, max_examples=_examples(),
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile("gwari")


@pytest.fixture(autouse=True)
def _a_fresh_class(tmp_path, monkeypatch):
    """Every test keeps progress in its own file, with no learner named and no class key set; play apps play at the
    engine's speed (bots at once, windows on the clock) unless a test sets the pace."""
    from tutor import classroom

    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.setenv("GWARI_PACE", "quick")
    monkeypatch.delenv(classroom.KEY_ENV, raising=False)
    monkeypatch.setattr(classroom, "_learner", "")
    monkeypatch.setattr(classroom, "_store", None)
    monkeypatch.setattr(classroom, "_store_problem", "")
    monkeypatch.setattr(classroom, "_listeners", weakref.WeakSet())


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, one per test worker (Playwright's sync API allows one in a process); the tests fail (never
    skip) when it is missing, as the README's test command installs it."""
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    assert shutil.which(CHROMIUM) or os.path.exists(CHROMIUM), (
        "Debian's Chromium is missing: run the README's test command (bash .ci/test), which installs it.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def postgres_url():
    """A real PostgreSQL server (Debian's, started by ``tests/pg_server.py`` in a folder of its own), one per test
    worker, started when a test first asks for it; each test empties what it uses or takes a database of its own."""
    from tests.pg_server import postgres_server

    with postgres_server() as url:
        yield url
