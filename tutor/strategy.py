"""How to play well, found out by playing many games: what the strategy notebooks (and ``your-own-bot.ipynb``) use.

A strategy notebook asks a question a player asks ("does it matter where I sit?") and answers it by simulation,
with code the learner can change.  Each question is a ``Study``: a function that plays one game from a seed and
returns one row (a dict), a function that sums the rows (a pandas DataFrame, one row per game) into a small table,
and how to chart that table.  ``Study.show()`` draws the table and the chart:

* from the results saved with Gwari when the study's code is exactly the code they were made with (the Voilà
  view opens at once; the caption says how many games and that they were saved), and
* anew otherwise, with tqdm's progress bar, as the *Run it again* button does.

The saved results live in ``tutor/data/strategy/<notebook>.json`` and are made by running the notebook with
``GWARI_STRATEGY_SAVE=1`` (``python -m tutor.strategy notebooks/burn-strategy.ipynb``).  ``GWARI_STRATEGY_GAMES``
caps how many games each study plays (the tests set it small: every study then plays anew, and fails if its
saved results are missing or were made by other code).

Server only: it needs pandas and matplotlib, which the static site does not carry (its build turns these
notebooks into a note that they need the server).

The parts: ``tutor.strategy_games`` plays whole games by bots (``bot_game``, ``Played``), ``tutor.strategy_contest``
sets a learner's bot against them (``challenge``, ``standings``), ``tutor.strategy_charts`` draws a study's table
and chart; this module holds the ``Study``, its saved results and how many games it plays, and re-exports the
rest, so a notebook imports everything from ``tutor.strategy``.
"""

from __future__ import annotations

import hashlib
import html
import inspect
import io
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from tutor.strategy_charts import HATCHES, PALETTE, chart_svg, table_html
from tutor.strategy_contest import challenge, standings
from tutor.strategy_games import MOST_MOVES, Played, bot_game, out_of_turn

RESULTS = Path(__file__).resolve().parent / "data" / "strategy"
GAMES_ENV = "GWARI_STRATEGY_GAMES"
SAVE_ENV = "GWARI_STRATEGY_SAVE"


# ------------------------------------------------------------------------------------------------ how many games


def games(default: int) -> int:
    """How many games a study plays: ``default``, or fewer when ``GWARI_STRATEGY_GAMES`` says so."""
    value = os.environ.get(GAMES_ENV, "")
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{GAMES_ENV} must be a whole number of at least 1, not {value!r}.")
    return min(default, int(value))


def progress(iterable: Any, total: int, what: str, unit: str = "games") -> Any:
    """tqdm's notebook progress bar over ``iterable`` (a plain text bar outside a notebook)."""
    try:
        from IPython import get_ipython
    except ImportError:
        get_ipython = None
    shell = get_ipython() if get_ipython else None
    in_kernel = type(shell).__name__ == "ZMQInteractiveShell"  # a notebook's kernel (JupyterLab, Voilà), not a console
    if in_kernel:
        from tqdm.notebook import tqdm
    else:
        from tqdm import tqdm
    return tqdm(iterable, total=total, desc=what, unit=" " + unit, leave=False)


# ------------------------------------------------------------------------------------------------ a study


def _source(function: Callable) -> str | None:
    """A function's code as written (None when it cannot be found, as for code run from a file that is not Python)."""
    try:
        text = inspect.getsource(function).strip()
    except (OSError, TypeError, IndexError):
        return None
    name = getattr(function, "__name__", "")
    return text if re.match(rf"(async\s+)?def\s+{re.escape(name)}\b", text) else None


@dataclass
class Study:
    """One question answered by simulation.

    ``one_game(seed) -> dict`` plays one game and says what happened in it (or a list of dicts: a row for each
    turn worth counting); ``summary(rows) -> DataFrame`` sums
    the rows into the table shown; ``chart`` is "bar" (the table's rows along the bottom, a bar per column) or
    "line"; ``y_label`` names the values.  ``notebook`` and ``name`` say where its saved results are kept."""

    notebook: str
    name: str
    one_game: Callable[[int], Mapping[str, Any]]
    summary: Callable[[Any], Any]
    games: int = 2000
    chart: str = "bar"
    y_label: str = ""
    title: str = ""
    first_seed: int = 0
    mark: tuple[float, str] | None = None  # a value to draw across the chart, and its name ("an even share")
    uses: tuple[Callable, ...] = ()  # other functions whose code the results depend on (a learner's own bot)
    charted: tuple[str, ...] = ()  # the table's columns to chart (by default every column of numbers)
    unit: str = "games"  # what one_game plays, as the caption says it ("deals" where each game is one deal)

    def __post_init__(self) -> None:
        if self.chart not in ("bar", "line"):
            raise ValueError(f"chart: a study is charted as 'bar' or 'line', not {self.chart!r}.")
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 1:
            raise ValueError(f"games: a study plays a whole number of games, at least 1, not {self.games!r}.")
        if not isinstance(self.unit, str) or not re.fullmatch(r"[a-z ]{1,20}", self.unit):
            raise ValueError(f"unit: what a study plays is a plain word such as 'deals', not {self.unit!r}.")

    @property
    def fingerprint(self) -> str | None:
        """What the saved results were made from: the functions' code, the games, the first seed (None when
        the code cannot be read)."""
        sources = [_source(f) for f in (self.one_game, self.summary, *self.uses)]
        if None in sources:
            return None
        text = "\n".join([*sources, str(self.games), str(self.first_seed)])  # type: ignore[list-item]
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    # -- running

    def rows(self, count: int | None = None, bar: bool = True, first_seed: int | None = None) -> Any:
        """Play ``count`` games (by default ``games(self.games)``) from seeds ``first_seed``, ``first_seed + 1``...
        (by default the study's) and return their rows as a DataFrame."""
        import pandas as pd

        count = games(self.games) if count is None else count
        first = self.first_seed if first_seed is None else first_seed
        seeds = range(first, first + count)
        out = []
        for seed in (progress(seeds, count, self.title or self.name, self.unit) if bar else seeds):
            row = self.one_game(seed)
            rows = row if isinstance(row, (list, tuple)) else [row]  # a game may give several rows (one a turn)
            if not all(isinstance(r, Mapping) for r in rows):
                raise TypeError(f"one_game must return a dict (one row) or a list of dicts, not "
                                f"{type(row).__name__}.")
            out.extend(dict(r) for r in rows)
        return pd.DataFrame(out)

    def run(self, count: int | None = None, bar: bool = True, first_seed: int | None = None) -> "Answer":
        """Play the games and sum them up."""
        start = time.perf_counter()
        count = games(self.games) if count is None else count
        table = self.summary(self.rows(count, bar, first_seed))
        return Answer(table, count, time.perf_counter() - start, saved=False, unit=self.unit)

    # -- saved results

    def saved(self) -> "Answer | None":
        """The saved results, when they were made by this study's code; otherwise None."""
        entry = _load(self.notebook).get(self.name)
        if not entry or self.fingerprint is None or entry.get("fingerprint") != self.fingerprint:
            return None
        import pandas as pd

        table = pd.read_json(io.StringIO(entry["table"]), orient="split")
        table.index.name = entry.get("index") or None
        return Answer(table, entry["games"], entry["seconds"], saved=True, unit=self.unit)

    def save(self, answer: "Answer") -> None:
        """Keep ``answer`` as this study's saved results."""
        data = _load(self.notebook)
        data[self.name] = {"fingerprint": self.fingerprint, "games": answer.games,
                           "seconds": round(answer.seconds, 1), "table": answer.table.to_json(orient="split"),
                           "index": answer.table.index.name}
        RESULTS.mkdir(parents=True, exist_ok=True)
        _path(self.notebook).write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                        encoding="utf-8")

    # -- showing

    def answer(self) -> "Answer":
        """The answer shown first: saved, or played anew (and saved, when ``GWARI_STRATEGY_SAVE`` is set)."""
        if os.environ.get(SAVE_ENV):
            answer = self.run(self.games)
            self.save(answer)
            return answer
        if os.environ.get(GAMES_ENV):  # a shortened run (the tests): play anew, and the saved results must be current
            if self.fingerprint is not None and self.saved() is None:
                raise RuntimeError(f"The saved results of {self.notebook}, {self.name!r}, are missing or were made "
                                   f"by other code: run python -m tutor.strategy notebooks/{self.notebook}.ipynb")
            return self.run()
        return self.saved() or self.run()

    def show(self) -> Any:
        """The table and the chart, with a *Run it again* button; returns the widget."""
        import ipywidgets as w

        out = w.Output()
        table = w.HTML()
        figure = w.HTML()
        caption = w.HTML()
        again = w.Button(description="Run it again", tooltip="Play as many games again, newly dealt",
                         layout=w.Layout(width="auto"))
        runs = [0]

        def draw(answer: Answer) -> None:
            table.value = table_html(answer.table, self.title)
            shown = answer.table[list(self.charted)] if self.charted else answer.table.select_dtypes("number")
            figure.value = chart_svg(shown, self.chart, self.y_label, self.title, self.mark)
            caption.value = f'<p class="gw-small">{html.escape(answer.words())}</p>'

        def on_again(_button: Any) -> None:
            again.disabled = True
            runs[0] += 1
            count = games(self.games)
            try:
                out.clear_output()
                with out:  # new deals each time: how much the answer moves is part of the answer
                    draw(self.run(count, first_seed=self.first_seed + runs[0] * count))
            finally:
                out.clear_output()
                again.disabled = False

        with out:
            answer = self.answer()
        out.clear_output()
        draw(answer)
        again.on_click(on_again)
        side_by_side = w.HBox([table, figure], layout=w.Layout(flex_flow="row wrap", align_items="flex-start",
                                                              grid_gap="0 24px"))
        return w.VBox([out, side_by_side, caption, again],
                      layout=w.Layout(max_width="1100px", align_items="flex-start"))

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.show())


@dataclass
class Answer:
    """A study's table, from how many games, how long they took, and whether it was saved with Gwari."""

    table: Any
    games: int
    seconds: float
    saved: bool
    unit: str = "games"

    def words(self) -> str:
        if self.saved:
            return f"From {self.games:,} {self.unit} (saved with Gwari; press Run it again to play them yourself)."
        return f"From {self.games:,} {self.unit} (just played, in {self.seconds:.0f} s)."


def _path(notebook: str) -> Path:
    if not re.fullmatch(r"[a-z0-9-]+", notebook):
        raise ValueError(f"notebook: a notebook's name is lower-case letters, digits and dashes, not {notebook!r}.")
    return RESULTS / f"{notebook}.json"


def _load(notebook: str) -> dict:
    path = _path(notebook)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ValueError(f"{path.name}: the saved results are not readable JSON ({exc}).") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path.name}: the saved results must be a mapping of study names.")
    return data


# ------------------------------------------------------------------------------------------------ saving


def main(argv: Sequence[str] | None = None) -> int:
    """Run strategy notebooks at their full counts and save what each study found."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m tutor.strategy", description=main.__doc__)
    parser.add_argument("notebooks", nargs="+", help="the notebooks to run, e.g. notebooks/burn-strategy.ipynb")
    args = parser.parse_args(argv)
    import nbformat
    from nbclient import NotebookClient

    os.environ[SAVE_ENV] = "1"
    os.environ.pop(GAMES_ENV, None)
    for name in args.notebooks:
        path = Path(name)
        notebook = nbformat.read(path, as_version=4)
        start = time.perf_counter()
        NotebookClient(notebook, timeout=1800, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        print(f"{path.name}: saved in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["Answer", "HATCHES", "MOST_MOVES", "PALETTE", "Played", "Study", "bot_game", "challenge", "chart_svg",
           "games", "out_of_turn", "progress", "standings", "table_html"]
