"""Dependencies point one way: the engine layers import no notebook machinery, and learner code runs in Pyodide.

The import arrows are also read from the source (every module of tutor/, imports at the top and inside functions,
``importlib.import_module`` with a literal name): the engine names no game, a game's rules import no bot, the cards
import no renderer, the widgets reach games through the registry only.  Every module of tutor/ is in one layer
(``LAYERS``: core, the driver, the server side, drawing, widgets, serving), none imports a layer above its own, and
no import closes a cycle.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ENGINE = ("tutor.cards", "tutor.engine", "tutor.mechanics", "tutor.match", "tutor.tricks", "tutor.games",
          "tutor.lessons", "tutor.bots", "tutor.narration")
FORBIDDEN = ("ipywidgets", "IPython", "anywidget", "traitlets", "pandas", "tutor.widgets", "tutor.render")

#: The ninth game registered as tests/conftest.py registers it, so that each check below runs over it too.
NINTH = """
import sys
sys.path.insert(0, {root!r})
from tutor.games import GAMES, register
register("war", "tests.ninth.war", "WAR", lessons={root!r} + "/tests/ninth/lessons",
         play_minutes="tests.ninth.play_minutes")
assert "war" in GAMES
""".format(root=str(Path(__file__).resolve().parents[1]))

CHECK = """
import sys
{plant}
import {modules}
""" + NINTH + """
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
""" + NINTH + """
from tutor.games import GAMES
from tutor.widgets.play import PlayWidget
for slug, game in GAMES.items():
    game.start(seed=1)
    app = PlayWidget(slug, seed=1)
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
from tutor.widgets import DrillWidget, LessonWidgets, gallery, play as again
print(DrillWidget.__module__, LessonWidgets.__module__, callable(gallery) and callable(again))
"""


def test_a_play_page_imports_its_own_game_and_not_the_other_pages():
    """In the browser every module imported is start-up time: the Gwra Pyskessa play app imports that game and
    its own widgets, not the seven other games, the drill or the lessons; those come when asked for."""
    out = subprocess.run([sys.executable, "-c", PAGE], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    imported, named = out.stdout.strip().splitlines()
    shared = {"tutor.games." + p.stem for p in (TUTOR / "games").glob("*.py")}  # every game's: the short game
    games = [m for m in imported.split(",") if m.startswith("tutor.games.") and m not in shared]
    assert "tutor.games.gwra_pyskessa" in games  # the game's package, and its own modules only
    assert all(m == "tutor.games.gwra_pyskessa" or m.startswith("tutor.games.gwra_pyskessa.") for m in games), games
    assert not {"tutor.widgets.drill", "tutor.widgets.lesson", "tutor.widgets.check"} & set(imported.split(","))
    assert named == "tutor.widgets.drill tutor.widgets.lesson True"


# ---------------------------------------------------------------- the import arrows, read from the source

ROOT = Path(__file__).resolve().parents[1]
TUTOR = ROOT / "tutor"
#: The parts of the engine's contract (tutor.engine and the modules it re-exports): they name no game.
ENGINE_PARTS = ("tutor.engine", "tutor.checks", "tutor.record", "tutor.inputs")


def module_name(path: Path) -> str:
    """The dotted name of a module file of tutor/ (a package's ``__init__.py`` is the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def imported_from(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from … import …`` names, a relative one resolved against ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_in(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """Every module ``source`` (the module named ``module``) imports, with its line: ``import a.b``, ``from a
    import b`` (both ``a`` and ``a.b``, which may be a module), relative imports resolved, at the top or inside a
    function, and ``importlib.import_module``/``__import__`` called with a literal name."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            name = imported_from(node, package)
            found.append((node.lineno, name))
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names if alias.name != "*"]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def game_packages() -> set[str]:
    """The games' packages under tutor/games/ (not the registry's names, such as get_game, nor the modules beside
    the packages that every game shares, such as the short game's ``short_game``)."""
    games = TUTOR / "games"
    return {p.name for p in games.iterdir() if p.is_dir() and (p / "__init__.py").exists()}


def test_the_games_packages_are_the_registered_games_and_no_shared_module():
    from tutor.games import WHERE

    assert game_packages() == {module.rpartition(".")[2] for module, _ in WHERE.values()}


def forbidden(importer: str, imported: str, games: set[str]) -> str:
    """Why ``importer`` may not import ``imported`` ("" when it may)."""
    parts, mine = imported.split("."), importer.split(".")
    if importer in ENGINE_PARTS or importer.startswith("tutor.engine"):
        for layer in ("tutor.games", "tutor.render", "tutor.widgets"):
            if _within(imported, layer):
                return f"the engine imports {layer}: the engine names no game and draws nothing"
    if importer == "tutor.narration" and _within(imported, "tutor"):
        return "the narration layer is pure text: it imports nothing of Gwari, so every layer may use it"
    in_a_game = mine[:2] == ["tutor", "games"] and len(mine) >= 3  # a game's package (its __init__ too) or module
    if (in_a_game and (len(mine) == 3 or mine[3] not in ("bot", "search"))
            and len(parts) >= 4 and parts[:2] == ["tutor", "games"] and parts[3] in ("bot", "search")):
        return "a game's rules import a game's bot or search: only the registry pairs a game with its bots"
    if _within(importer, "tutor.vocab") and _within(imported, "tutor.games"):
        return "the drill's words import a game: the sentences it drills are tutor.cornish's, which the game says too"
    if _within(importer, "tutor.cards") and (_within(imported, "tutor.render") or _within(imported, "tutor.widgets")):
        return "the cards import the renderer or the widgets: drawing is registered from above (tutor.DRAW)"
    if (_within(importer, "tutor.widgets") and len(parts) >= 3 and parts[:2] == ["tutor", "games"]
            and parts[2] in games):
        return "a widget imports a game's module: widgets look games up in the registry (tutor.games)"
    return ""


def arrow_problems(sources: dict[str, tuple[str, bool]], games: set[str]) -> list[str]:
    """Each import against the arrows in ``sources`` (module name -> (source, is a package)), with where and why."""
    problems = []
    for module, (source, is_package) in sorted(sources.items()):
        for line, imported in imports_in(source, module, is_package):
            why = forbidden(module, imported, games)
            if why:
                problems.append(f"{module}:{line} imports {imported}: {why}")
    return problems


def tutor_sources() -> dict[str, tuple[str, bool]]:
    return {module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for path in sorted(TUTOR.rglob("*.py")) if "__pycache__" not in path.parts}


def test_imports_point_one_way():
    """The engine imports no game, renderer or widget; a game's rules import no bot or search; the cards import no
    renderer or widget; the widgets import no game's module (they use the registry); the narration layer imports
    nothing of Gwari; the drill's words import no game."""
    assert arrow_problems(tutor_sources(), game_packages()) == []


PLANTED = [
    ("tutor.engine", False, "from tutor.games import get_game"),
    ("tutor.engine", False, "def f():\n    import tutor.games.gnav\n"),
    ("tutor.engine", False, "import importlib\nimportlib.import_module('tutor.games')\n"),
    ("tutor.record", False, "def replay():\n    from tutor import games\n"),
    ("tutor.engine", False, "from tutor import render"),
    ("tutor.games.gnav.state", False, "from tutor.games.gnav.bot import heuristic"),
    ("tutor.games.gnav.state", False, "def apply(self):\n    from . import bot\n"),
    ("tutor.games.gnav.game", False, "from tutor.games.burn import search"),
    ("tutor.games.gnav", True, "from .bot import heuristic"),
    ("tutor.games.gnav.rules", False, "from importlib import import_module\nimport_module('tutor.games.gnav.search')"),
    ("tutor.cards.base", False, "def _repr_svg_(self):\n    from tutor import render\n"),
    ("tutor.cards.french", False, "import tutor.render.french"),
    ("tutor.cards", True, "from ..widgets import base"),
    ("tutor.cards.gnav", False, "__import__('tutor.widgets')"),
    ("tutor.widgets.play", False, "from tutor.games.gnav import GNAV"),
    ("tutor.widgets.check", False, "def f():\n    import tutor.games.chwech.scoring as s\n"),
    ("tutor.widgets.lesson", False, "from tutor.games import gnav"),
    ("tutor.widgets", True, "import importlib\nimportlib.import_module('tutor.games.pig')"),
    ("tutor.widgets.table", False, "from ..games.cassino import table"),
    ("tutor.narration", False, "from tutor.widgets import base"),
    ("tutor.narration", False, "def f():\n    from tutor.engine import Event\n"),
    ("tutor.vocab.exercises", False, "from tutor.games.gwra_pyskessa.cornish import NO_SAID, ask_said"),
    ("tutor.vocab", True, "def f():\n    from tutor.games import get_game\n"),
]

ALLOWED = [
    ("tutor.widgets.play", False, "from tutor.games import get_game, GAMES\nimport tutor.games\nimport tutor.bots"),
    ("tutor.widgets.play", False, "from tutor import render\nfrom tutor.engine import IllegalMove"),
    ("tutor.games.gnav.bot", False, "from tutor.games.gnav.search import search\nfrom .state import GnavState"),
    ("tutor.games.gnav.search", False, "from . import bot"),
    ("tutor.games.gnav.state", False, "from .turns import GnavTurn\nfrom tutor.search import best"),
    ("tutor.games", True, "def bot_module(slug):\n    importlib.import_module(package + '.bot')\n"),
    ("tutor.cards.base", False, "import tutor\nfrom tutor.cards.french import Card"),
    ("tutor.engine", False, "import tutor\nfrom tutor.checks import IllegalMove"),
    ("tutor.render.table", False, "from tutor.cards import Card\nfrom tutor.engine import TableView"),
    ("tutor.narration", False, "import re\nfrom typing import Any"),
    ("tutor.widgets.base", False, "from tutor.narration import said_to, second_person"),
    ("tutor.vocab.exercises", False, "from tutor.cornish import NO_SAID, ask_said\nfrom tutor.cards import Card"),
]


@pytest.mark.parametrize("module, package, source", PLANTED, ids=[f"{m}: {s.splitlines()[-1].strip()}"
                                                                  for m, _, s in PLANTED])
def test_the_arrow_check_flags_a_planted_import(module, package, source):
    """The check can fail: each forbidden import, in each form (top, inside a function, relative, by
    importlib with a literal name), is flagged."""
    games = {"gnav", "burn", "chwech", "pig", "cassino"}
    problems = arrow_problems({module: (source, package)}, games)
    assert len(problems) >= 1, source


@pytest.mark.parametrize("module, package, source", ALLOWED, ids=[m for m, _, _ in ALLOWED])
def test_the_arrow_check_lets_the_allowed_imports_be(module, package, source):
    games = {"gnav", "burn", "chwech", "pig", "cassino"}
    assert arrow_problems({module: (source, package)}, games) == []


def test_the_arrow_check_reads_every_module_of_tutor():
    sources = tutor_sources()
    assert {"tutor", "tutor.engine", "tutor.cards.base", "tutor.widgets.play", "tutor.games"} <= set(sources)
    assert len(sources) == len([p for p in TUTOR.rglob("*.py") if "__pycache__" not in p.parts])


def names_of_games_in_code(source: str, names: set[str]) -> list[str]:
    """The text constants of ``source`` (docstrings aside) that name a game (a slug or a game's module)."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(names))) + r")(?![\w-])")
    return [f"line {node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and pattern.search(node.value)]


def test_widgets_name_no_game_in_their_code():
    """A widget works for every game: it names none (docstrings aside) and finds games through the registry."""
    from tutor.games import WHERE

    names = set(WHERE) | {module.rpartition(".")[2] for module, _ in WHERE.values()}
    found = {path.name: names_of_games_in_code(path.read_text(encoding="utf-8"), names)
             for path in sorted((TUTOR / "widgets").glob("*.py"))}
    assert {name: hits for name, hits in found.items() if hits} == {}
    planted = 'def f():\n    """For gnav."""\n    return PlayWidget("gwra-pyskessa", rule="chwech.score")\n'
    assert len(names_of_games_in_code(planted, names)) == 2, "the check must catch a game named in code, not in a docstring"


# ---------------------------------------------------------------- every module in a layer, and no import cycle

#: Every module of tutor/ in one layer, lowest first.  A module imports its own layer and the layers below it, never
#: one above (imports at the top and inside functions alike).  An entry is a module and, for a package, every
#: module in it; the most specific entry places a module; the package root ``tutor`` is placed alone.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # The games and all that knows them without drawing or serving: cards, the engine and its parts, the shared
    # mechanics, tricks and matches, the games and their registry, bots and search, the narration's grammar, the
    # Cornish and the drill's words, the lessons, the first games' guides and the estimates of time.
    ("core", ("tutor", "tutor.cards", "tutor.checks", "tutor.record", "tutor.inputs", "tutor.engine",
              "tutor.mechanics", "tutor.tricks", "tutor.match", "tutor.narration", "tutor.games", "tutor.bots",
              "tutor.search", "tutor.cornish", "tutor.vocab", "tutor.data", "tutor.estimate", "tutor.deal_code",
              "tutor.lessons", "tutor.lesson_checks", "tutor.lesson_figures", "tutor.guide", "tutor.play_minutes",
              "tutor.tournament", "tutor.strategy_games")),
    # One game in play with its seats: every way to play goes through it.
    ("driver", ("tutor.driver",)),
    # What a server keeps: the tables of classmates, the learners' records, the class's settings, and the class
    # service's areas that keep them for signed-in people (and the kernel's side of it).
    ("server", ("tutor.addresses", "tutor.tables", "tutor.progress", "tutor.classroom", "tutor.service")),
    # Cards, tables and rule sheets drawn as SVG and HTML.
    ("render", ("tutor.render", "tutor.rulesheet")),
    # What a notebook shows: the apps and pages, built on ipywidgets.
    ("widgets", ("tutor.widgets", "tutor.strategy", "tutor.strategy_charts", "tutor.strategy_contest")),
    # Serving the notebooks (JupyterLab, Voilà, Binder), the class service's web server, and the gwari command.
    ("jupyter", ("tutor.jupyter", "tutor.serving", "tutor.service.app", "tutor.service.__main__", "tutor.cli")),
)

#: The one import allowed to close a cycle: the package root's drawing hook (``tutor.DRAW``) imports the renderer
#: when something is first drawn, inside a function, so that the cards and the engine name no renderer.
LAZY_HOOK = ("tutor", "tutor.render")


def layer_of(module: str) -> str:
    """The layer ``module`` is placed in ("" when none places it)."""
    places = [(len(entry), layer) for layer, entries in LAYERS for entry in entries
              if module == entry or (entry != "tutor" and module.startswith(entry + "."))]
    return max(places)[1] if places else ""


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
                                         or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class Import(NamedTuple):
    """One import of a module of tutor/ by another: where it is, what it imports, and how."""

    module: str
    line: int
    imported: str
    lazy: bool  # inside a function
    typing: bool  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        how = " (inside a function)" if self.lazy else " (for type checking)" if self.typing else ""
        return f"{self.module}:{self.line} imports {self.imported}{how}"


def module_imports(module: str, source: str, is_package: bool, modules: set[str]) -> list[Import]:
    """The modules of ``modules`` that running ``source`` (the module ``module``) imports, each with its line:
    ``from a import b`` imports ``a.b`` when that is a module, else ``a``; importing ``a.b`` also runs the package
    ``a`` (unless ``a`` holds ``module``, and so has run already); relative imports are resolved, and
    ``importlib.import_module``/``__import__`` with a literal name count."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[Import] = []

    def add(node: ast.AST, targets: list[str], lazy: bool, typing: bool) -> None:
        for target in targets:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                name = ".".join(parts[:i])
                own_package = module == name or module.startswith(name + ".")
                if name in modules and name != module and (name == target or not own_package):
                    found.append(Import(module, node.lineno, name, lazy, typing))

    def visit(node: ast.AST, lazy: bool, typing: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                for part in child.body:
                    visit_one(part, lazy, True)
                for part in child.orelse:
                    visit_one(part, lazy, typing)
            else:
                visit_one(child, lazy, typing)

    def visit_one(node: ast.AST, lazy: bool, typing: bool) -> None:
        if isinstance(node, ast.Import):
            add(node, [alias.name for alias in node.names], lazy, typing)
        elif isinstance(node, ast.ImportFrom):
            name = imported_from(node, package)
            subs = [f"{name}.{alias.name}" for alias in node.names if f"{name}.{alias.name}" in modules]
            add(node, subs + ([name] if len(subs) < len(node.names) else []), lazy, typing)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                add(node, [node.args[0].value], lazy, typing)
        visit(node, lazy or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)), typing)

    visit(ast.parse(source), False, False)
    return found


def all_imports(sources: dict[str, tuple[str, bool]], known: set[str] | None = None) -> list[Import]:
    """Every import among the modules of ``sources`` (and ``known``, other modules that exist)."""
    modules = set(sources) | (known or set())
    return [imp for module, (source, is_package) in sorted(sources.items())
            for imp in module_imports(module, source, is_package, modules)]


def layer_problems(sources: dict[str, tuple[str, bool]], known: set[str] | None = None) -> list[str]:
    """Each module in no layer, and each import of a higher layer, with where."""
    order = [layer for layer, _ in LAYERS]
    problems = [f"{module} is in no layer of LAYERS" for module in sorted(sources) if not layer_of(module)]
    for imp in all_imports(sources, known):
        mine, theirs = layer_of(imp.module), layer_of(imp.imported)
        if mine and theirs and order.index(theirs) > order.index(mine) and (imp.module, imp.imported) != LAZY_HOOK:
            problems.append(f"{imp}: the {mine} layer imports the {theirs} layer, above it")
    return problems


def cycles(sources: dict[str, tuple[str, bool]], known: set[str] | None = None) -> list[list[Import]]:
    """The import cycles among ``sources``: each group of modules that import one another (directly or through
    others), as the imports that join them.  Imports for type checking only and the root's drawing hook aside."""
    edges: dict[str, list[Import]] = {}
    for imp in all_imports(sources, known):
        if not imp.typing and not (imp.lazy and (imp.module, imp.imported) == LAZY_HOOK):
            edges.setdefault(imp.module, []).append(imp)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[Import]] = []

    def strong(module: str) -> None:  # Tarjan's strongly connected components
        index[module] = low[module] = len(index)
        stack.append(module)
        for imp in edges.get(module, ()):
            if imp.imported not in index:
                strong(imp.imported)
                low[module] = min(low[module], low[imp.imported])
            elif imp.imported in stack:
                low[module] = min(low[module], index[imp.imported])
        if low[module] == index[module]:
            group = {stack.pop()}
            while module not in group:
                group.add(stack.pop())
            joins = [imp for m in sorted(group) for imp in edges.get(m, ()) if imp.imported in group]
            if joins:
                found.append(joins)

    for module in sorted(edges):
        if module not in index:
            strong(module)
    return found


def test_every_module_of_tutor_is_in_a_layer_and_imports_no_layer_above_its_own():
    """Core (the games and all that knows them), then the driver, the server side, drawing, widgets, serving: a
    module in no layer fails, and so does an import of a layer above the importer's (core never imports the
    driver, the tables or the widgets)."""
    assert layer_problems(tutor_sources()) == []


def test_there_is_no_import_cycle_in_tutor():
    """No module of tutor/ imports itself through others, at the top or inside a function (imports for type
    checking aside, and the package root's drawing hook): each part owns what it names, and the arrows point one
    way.  Each cycle is listed as the imports that close it."""
    assert ["; ".join(map(str, joins)) for joins in cycles(tutor_sources())] == []


def _world(*modules: tuple[str, str]) -> dict[str, tuple[str, bool]]:
    """Planted modules: (name, source); a name ending in "/" is a package."""
    return {name.rstrip("/"): (source, name.endswith("/")) for name, source in modules}


PLANTED_CYCLES = [
    ("top", _world(("tutor.games.ruff.state", "from tutor.games.ruff.turns import _Turn\n"),
                   ("tutor.games.ruff.turns", "from tutor.games.ruff.state import RuffState\n"))),
    ("at the end", _world(("tutor.games.ruff.state", "class RuffState: ...\nfrom .turns import _Turn  # noqa\n"),
                          ("tutor.games.ruff.turns", "from .state import RuffState\n"))),
    ("in a function", _world(("tutor.tables.store", "def pick():\n    from tutor.tables.redis_store import R\n"),
                             ("tutor.tables.redis_store", "from tutor.tables.store import dumps\n"))),
    ("three", _world(("tutor.a", "import tutor.b"), ("tutor.b", "from tutor import c"),
                     ("tutor.c", "from . import a"))),
    ("package", _world(("tutor.games.ruff/", "from .state import RuffState\n"),
                       ("tutor.games.ruff.state", "from tutor.games.ruff import PREFIX\n"))),
    ("importlib", _world(("tutor.a", "import importlib\nimportlib.import_module('tutor.b')"),
                         ("tutor.b", "def f():\n    import tutor.a\n"))),
    ("root, not drawing", _world(("tutor/", "def f():\n    from tutor import widgets\n"),
                                 ("tutor.widgets/", "import tutor\n"))),
]

NO_CYCLES = [
    ("type checking", _world(("tutor.games.ruff.state", "from .turns import _Turn\n"),
                             ("tutor.games.ruff.turns", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                                        "    from .state import RuffState\n"))),
    ("a package's modules", _world(("tutor.games.ruff/", "from .state import RuffState\n"),
                                   ("tutor.games.ruff.state", "from tutor.games.ruff import rules\n"),
                                   ("tutor.games.ruff.rules", "PREFIX = 'ruff'\n"))),
    ("drawing hook", _world(("tutor/", "def draw(x):\n    from tutor import render\n"),
                            ("tutor.render/", "from tutor.cards import Card\n"), ("tutor.cards/", "import tutor\n"))),
]


@pytest.mark.parametrize("world", [w for _, w in PLANTED_CYCLES], ids=[name for name, _ in PLANTED_CYCLES])
def test_the_cycle_check_finds_a_planted_cycle(world):
    """The check can fail: a cycle of imports at the top, at a module's end, inside a function, through three
    modules, through a package's ``__init__``, by importlib, or from the root other than its drawing hook."""
    found = cycles(world)
    assert len(found) == 1 and {imp.module for imp in found[0]} == set(world), found


@pytest.mark.parametrize("world", [w for _, w in NO_CYCLES], ids=[name for name, _ in NO_CYCLES])
def test_the_cycle_check_lets_one_way_imports_be(world):
    assert cycles(world) == []


PLANTED_LAYERS = [
    ("tutor.engine", "def f():\n    from tutor.widgets import base\n"),
    ("tutor.games.gnav.state", "import tutor.widgets.play"),
    ("tutor.play_minutes", "def options():\n    from tutor.widgets.options import labels\n"),
    ("tutor.lessons", "from tutor.driver import Driver"),
    ("tutor.bots", "from tutor.tables import Table"),
    ("tutor.vocab.words", "from tutor.progress import Progress"),
    ("tutor.driver", "from tutor.tables.store import TableError"),
    ("tutor.tables.referee", "from tutor.widgets import base"),
    ("tutor.render.table", "import importlib\nimportlib.import_module('tutor.widgets.base')"),
    ("tutor.widgets.base", "from tutor.jupyter import lab"),
    ("tutor", "def f():\n    from tutor import widgets\n"),
]


@pytest.mark.parametrize("module, source", PLANTED_LAYERS, ids=[m for m, _ in PLANTED_LAYERS])
def test_the_layer_check_flags_an_import_of_a_higher_layer(module, source):
    """The check can fail: core importing the widgets (at the top or inside a function), the driver or the
    tables; the driver importing the tables; the server side, the renderer or the widgets importing above them."""
    known = set(tutor_sources()) | {"tutor.driver", "tutor.widgets.options"}
    problems = layer_problems({module: (source, module == "tutor")}, known)
    assert problems and all("layer imports the" in problem for problem in problems), problems


def test_the_layer_check_flags_a_module_in_no_layer():
    assert layer_problems({"tutor.ruff": ("", False)}) == ["tutor.ruff is in no layer of LAYERS"]
    assert layer_of("tutor.games.ruff.state") == "core" and layer_of("tutor.widgets.play") == "widgets"
    assert layer_of("tutor.strategy_games") == "core" and layer_of("tutor.strategy") == "widgets"


def test_the_layer_check_lets_imports_down_and_the_drawing_hook_be():
    known = set(tutor_sources()) | {"tutor.driver"}
    sources = _world(("tutor/", "def draw(x):\n    from tutor import render\n"),
                     ("tutor.driver", "from tutor.bots import heuristic\nfrom tutor.engine import IllegalMove"),
                     ("tutor.tables.referee", "from tutor.driver import Driver\nfrom tutor.progress import x"),
                     ("tutor.widgets.play", "from tutor.render import table\nfrom tutor.driver import Driver"),
                     ("tutor.jupyter.lab", "from tutor.widgets import gallery"))
    assert layer_problems(sources, known) == []
