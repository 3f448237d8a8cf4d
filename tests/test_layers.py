"""Dependencies point one way: the engine layers import no notebook machinery, and learner code runs in Pyodide."""

import subprocess
import sys

import pytest

ENGINE = ("tutor.cards", "tutor.engine", "tutor.mechanics", "tutor.match", "tutor.tricks", "tutor.games",
          "tutor.lessons", "tutor.bots")
FORBIDDEN = ("ipywidgets", "IPython", "anywidget", "traitlets", "pandas", "tutor.widgets", "tutor.render")

CHECK = """
import sys
{plant}
import {modules}
from tutor.games import GAMES
for slug, game in GAMES.items():
    state = game.start(seed=1)
    state.view(0); state.legal_actions(); state.status()
forbidden = {forbidden!r}
bad = sorted(m for m in sys.modules if any(m == f or m.startswith(f + ".") for f in forbidden))
print(",".join(bad))
"""


def imported_forbidden(plant: str = "") -> str:
    """Which forbidden modules importing the engine layers pulls in (``plant`` runs first, to prove the check)."""
    code = CHECK.format(plant=plant, modules=", ".join(ENGINE), forbidden=FORBIDDEN)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_cards_engine_and_games_import_no_widgets_ipython_or_renderer():
    assert imported_forbidden() == ""


@pytest.mark.parametrize("module", ["tutor.widgets", "IPython", "tutor.render"])
def test_the_layer_check_fails_when_an_engine_imports_a_widget(module):
    """A check that cannot fail proves nothing: plant the import an engine must not make, and it is caught."""
    assert module in imported_forbidden(f"import {module}")


PYODIDE = """
import sys, threading
for m in ("sqlite3", "_sqlite3", "pandas"):
    sys.modules[m] = None
def _no_thread(*a, **k):
    raise RuntimeError("can't start new thread")
threading.Thread.start = _no_thread
import tutor.widgets
from tutor.games import GAMES
from tutor.widgets.play import PlayApp
for slug, game in GAMES.items():
    game.start(seed=1)
    app = PlayApp(slug, seed=1)
    app.handle("hint")
print("ok")
"""


def test_learner_code_needs_no_sqlite_pandas_or_threads():
    """The learner apps must also run in the browser (Pyodide): no sqlite3, pandas or threads at import or play."""
    out = subprocess.run([sys.executable, "-c", PYODIDE], capture_output=True, text=True)
    assert out.stdout.strip().endswith("ok"), out.stderr[-2000:]


PAGE = """
import sys
from tutor.widgets import play
play("gwra-pyskessa", players=3)
print(",".join(sorted(m for m in sys.modules if m.startswith(("tutor.games.", "tutor.widgets.")))))
from tutor.widgets import DrillWidget, LessonView, gallery, play as again
print(DrillWidget.__module__, LessonView.__module__, callable(gallery) and callable(again))
"""


def test_a_play_page_imports_its_own_game_and_not_the_other_pages():
    """In the browser every module imported is start-up time: the Gwra Pyskessa play app imports that game and
    its own widgets, not the seven other games, the drill or the lessons; those come when asked for."""
    out = subprocess.run([sys.executable, "-c", PAGE], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    imported, named = out.stdout.strip().splitlines()
    games = [m for m in imported.split(",") if m.startswith("tutor.games.")]
    assert "tutor.games.gwra_pyskessa" in games  # the game's package, and its own modules only
    assert all(m == "tutor.games.gwra_pyskessa" or m.startswith("tutor.games.gwra_pyskessa.") for m in games), games
    assert not {"tutor.widgets.drill", "tutor.widgets.lesson", "tutor.widgets.check"} & set(imported.split(","))
    assert named == "tutor.widgets.drill tutor.widgets.lesson True"
