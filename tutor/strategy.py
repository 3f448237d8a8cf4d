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
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import inspect
import io
import json
import os
import re
import signal
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from tutor.bots import make_bot
from tutor.engine import Event, IllegalMove, Result
from tutor.games import GAMES

RESULTS = Path(__file__).resolve().parent / "data" / "strategy"
GAMES_ENV = "GWARI_STRATEGY_GAMES"
SAVE_ENV = "GWARI_STRATEGY_SAVE"
#: Okabe and Ito's colours, told apart with every common colour blindness; the bars also differ in hatching.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
HATCHES = ("", "//", "..", "xx", "\\\\", "--", "++", "oo")
MOST_MOVES = 20_000


# ------------------------------------------------------------------------------------------------ playing a game


@dataclass
class Played:
    """A finished game: its result, every event in order (each naming its rule), the moves, who played what."""

    slug: str
    seed: int
    players: int
    result: Result
    events: list[Event] = field(default_factory=list)
    moves: list[tuple[int | None, Any]] = field(default_factory=list)
    state: Any = None

    def count(self, rule: str, player: int | None = None) -> int:
        """How many events applied ``rule`` (a rule id, or its last part: ``"pit"`` finds ``"burn.pit"``), by
        ``player`` when given."""
        return sum(1 for e in self.events if _rule_is(e.rule, rule) and (player is None or e.player == player))

    def share(self, seat: int) -> float:
        """``seat``'s share of the win: 1 alone, ½ when two share it, 0 when it lost."""
        winners = self.result.winners
        return 1 / len(winners) if seat in winners else 0.0


def out_of_turn(state: Any, bots: Mapping[int, Any], declined: set) -> tuple[int, Any] | None:
    """A move a bot makes out of turn (a double in Pymtheg), as the play app asks for them: each bot with such a
    move open decides once per position, before the next ordinary move; ``declined`` remembers the chances let go
    in this position (the caller empties it after each move).
    Returns (seat, move), or None when no bot takes one."""
    for seat, bot in bots.items():
        if seat == state.current_player:
            continue
        for offer in state.offers(seat):
            key = (seat, str(offer))
            if key in declined:
                continue
            move, _why = bot.offer(state, seat)
            if move is None:
                declined.add(key)
                break
            return seat, move
    return None


def _rule_is(rule: str, wanted: str) -> bool:
    return rule == wanted or rule.endswith("." + wanted)


def play(slug: str, seed: int, levels: str | Sequence[str | Callable] = "strong", *, players: int | None = None,
         **options: Any) -> Played:
    """One game of ``slug`` dealt from ``seed``, played to the end by bots.

    ``levels`` is one level for every seat ("random", "strong", "expert") or one per seat; a seat may also be
    played by a function ``choose(state) -> move``.  Options are the game's own (``target=50``...)."""
    if slug not in GAMES:
        raise ValueError(f"game: there is no game {slug!r}; the games are {', '.join(sorted(GAMES))}.")
    game = GAMES[slug]
    players = game.default_players if players is None else players
    state = game.start(players=players, seed=seed, **options)
    seats = [levels] * state.players if isinstance(levels, str) or callable(levels) else list(levels)
    if len(seats) != state.players:
        raise ValueError(f"levels: {state.players} players need {state.players} levels, not {len(seats)}.")
    bots = {i: make_bot(slug, seat, seed * 31 + i) for i, seat in enumerate(seats) if not callable(seat)}
    choosers = [seat if callable(seat) else bots[i].choose for i, seat in enumerate(seats)]
    played = Played(slug, seed, state.players, None)  # type: ignore[arg-type]
    declined: set = set()
    for _ in range(MOST_MOVES):
        if state.is_over:
            break
        offered = out_of_turn(state, bots, declined)
        if offered is not None:
            mover, move = offered
        else:
            mover = state.current_player
            if mover is None:  # moves made at once (a simultaneous pass): the first seat asked moves first
                mover = state.current_players[0]
            move = choosers[mover](state)
        state = state.apply(move)
        declined.clear()
        played.moves.append((mover, move))
        played.events.extend(state.events)
    else:
        raise RuntimeError(f"{game.title} from seed {seed} did not end within {MOST_MOVES} moves.")
    played.result, played.state = state.result(), state
    return played


# ------------------------------------------------------------------------------------------------ your own bot


class _TooSlow(Exception):
    pass


@contextlib.contextmanager
def _time_limit(seconds: float) -> Any:
    """Stop the code inside after ``seconds`` where the clock can interrupt it (the main thread, not in a browser);
    elsewhere the time is only measured afterwards."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def alarm(_signum: int, _frame: Any) -> None:
        raise _TooSlow

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def challenge(slug: str, seed: int, choose: Callable, against: str = "strong", *, players: int | None = None,
              seconds: float = 1.0, **options: Any) -> dict[str, Any]:
    """One game of ``slug`` as the play app deals it (the short game where there is one, unless ``options`` say
    otherwise) in which ``choose(state) -> move`` plays one seat (seat ``seed`` modulo the players, so it turns
    round the table) and bots at level ``against`` play the others.

    Returns one row: the game's title, the seat, its share of the win, an even share, the moves made, and the
    problem ("" when none).  A ``choose`` that raises, answers a move the rules refuse, or takes longer than
    ``seconds`` over one move is stopped for this game, which counts as lost; the problem says what happened and
    the next game goes on."""
    game = GAMES[slug] if slug in GAMES else None
    if game is None:
        raise ValueError(f"game: there is no game {slug!r}; the games are {', '.join(sorted(GAMES))}.")
    from tutor.widgets.options import play_options

    state = game.start(players=game.default_players if players is None else players, seed=seed,
                       **play_options(game, options))
    seat = seed % state.players
    bots = {p: make_bot(slug, against, seed * 31 + p) for p in range(state.players) if p != seat}
    row = {"game": game.title, "seat": seat, "won": 0.0, "even": 1 / state.players, "moves": 0, "problem": ""}
    declined: set = set()
    for _ in range(MOST_MOVES):
        if state.is_over:
            winners = state.result().winners
            row["won"] = 1 / len(winners) if seat in winners else 0.0
            return row
        offered = out_of_turn(state, bots, declined)
        if offered is not None:
            state = state.apply(offered[1])
            declined.clear()
            continue
        mover = state.current_player
        if mover is None:
            mover = state.current_players[0]
        if mover != seat:
            state = state.apply(bots[mover].choose(state))
            declined.clear()
            continue
        start = time.perf_counter()
        try:
            with _time_limit(seconds):
                move = choose(state)
            if time.perf_counter() - start > seconds:
                raise _TooSlow
            state = state.apply(move)
            declined.clear()
        except _TooSlow:
            row["problem"] = f"took longer than {seconds:g} s over one move"
            return row
        except IllegalMove as exc:
            row["problem"] = f"answered a move the rules refuse: {exc.reason}"
            return row
        except Exception as exc:  # the learner's code: any mistake is reported, and the tournament goes on
            row["problem"] = f"stopped with {type(exc).__name__}: {exc}"
            return row
        row["moves"] += 1
    row["problem"] = f"the game did not end within {MOST_MOVES} moves"
    return row


def standings(rows: Any) -> Any:
    """A contest's rows summed by game: games played, games won in 100 and an even share in 100, games stopped by a
    problem, and the first problem seen."""
    import pandas as pd

    out = []
    for title, games_of in rows.groupby("game", sort=False):
        problems = games_of[games_of["problem"] != ""]["problem"]
        out.append({"game": title, "games": len(games_of), "won in 100": 100 * games_of["won"].mean(),
                    "an even share in 100": 100 * games_of["even"].mean(), "games stopped": len(problems),
                    "what went wrong": problems.iloc[0] if len(problems) else ""})
    return pd.DataFrame(out).set_index("game")


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


# ------------------------------------------------------------------------------------------------ drawing


def _number(value: Any) -> str:
    if isinstance(value, float) and value != value:  # NaN: nothing to show in this cell
        return ""
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def table_html(table: Any, title: str = "") -> str:
    """A study's table as the scoring notebooks draw theirs (``score_table``), numbers rounded for reading."""
    from tutor.widgets.calculator import score_table

    columns = [str(table.index.name or ""), *(str(c) for c in table.columns)]
    rows = [[str(index), *(_number(v.item() if hasattr(v, "item") else v) for v in row)]
            for index, row in zip(table.index, table.itertuples(index=False))]
    return score_table(title, columns, rows)


def chart_svg(table: Any, kind: str = "bar", y_label: str = "", title: str = "",
              mark: tuple[float, str] | None = None) -> str:
    """The table as a chart (an SVG figure with its title as its accessible name): a bar or a line per column, and
    ``mark`` (a value and its name) as a dashed line across."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.4, 3.0), dpi=96, layout="constrained")
    axes = figure.add_subplot()
    labels = [str(i) for i in table.index]
    columns = list(table.columns)
    width = 0.8 / max(1, len(columns))
    for n, column in enumerate(columns):
        colour = PALETTE[n % len(PALETTE)]
        values = list(table[column])
        if kind == "bar":
            offsets = [i + (n - (len(columns) - 1) / 2) * width for i in range(len(labels))]
            axes.bar(offsets, values, width=width, color=colour, hatch=HATCHES[n % len(HATCHES)],
                     edgecolor="white" if n % len(HATCHES) == 0 else "#333333", linewidth=0.6, label=str(column))
        else:
            axes.plot(range(len(labels)), values, color=colour, marker="osD^v<>p"[n % 8], label=str(column))
    if mark is not None:
        axes.axhline(mark[0], color="#444444", linestyle=(0, (5, 3)), linewidth=1.2, label=mark[1])
    # labels that would run into each other (about 6.5 px a letter, 520 px of axes) are set aslant, unless they are
    # already broken into lines
    widest = max((len(label) for label in labels), default=0)
    long = len(labels) * widest >= 60 and "\n" not in "".join(labels)
    axes.set_xticks(range(len(labels)), labels, rotation=25 if long else 0, ha="right" if long else "center")
    axes.set_xlabel(str(table.index.name or ""))
    axes.set_ylabel(y_label)
    axes.grid(axis="y", color="#dddddd", linewidth=0.6)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    if len(columns) > 1 or mark is not None:
        axes.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg[svg.index("<svg"):], flags=re.S)
    name = html.escape(title or y_label or "chart", quote=True)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{name}" style="max-width:100%;height:auto" ', 1)
    return f'<figure class="gw-chart">{svg}</figure>'


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


__all__ = ["Answer", "PALETTE", "Played", "Study", "challenge", "chart_svg", "games", "play", "progress", "standings",
           "table_html"]
