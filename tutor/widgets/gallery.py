"""The gallery: where to start, then every game with links to its notebooks, from the registry and the notebooks folder.

The games are those Gwari ships (``tutor.games.WHERE``, in the gallery's order), whose notebooks are in its
folder; a game registered from another package (``tutor.games.register``) keeps its notebooks elsewhere.
"Start here" follows the first of them: its guided first game,
its lesson, then a game against the bots, then its word drill when it has one.
Every game offers its guided first game, its lesson, play and scoring.  Times
are estimates from the content: a first game's from its file
(``tutor.guide.guide_minutes``), a lesson's and each of its chapters' from the
lesson file (``tutor.lessons.lesson_minutes``, ``chapter_minutes``, in whole
minutes rounded up), and for a game against the bots the measured median of a
learner's decisions at the play app's default setting (``tutor.play_minutes``).

Links name notebooks beside the gallery.  Where the page's address is the
notebook's own (Voilà's ``voila/render/<folder>/index.ipynb``, the static site)
a bare file name is right.  JupyterLab's address is not always the notebook's:
it is ``/lab`` once a workspace is restored, where a bare name leads nowhere.  In
JupyterLab (the kernel runs for a notebook session of a Jupyter server) each
link is built from the gallery's own place under the server's root instead:
``<base url>lab/tree/<folder>/<name>``, wherever JupyterLab was started.
"""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote
from typing import TYPE_CHECKING, Callable

from tutor.games import GAMES, WHERE
from tutor import lessons
from tutor.lessons import LessonError, load_lesson, whole_minutes
from tutor.play_minutes import game_minutes
from tutor.tournament import GAMES as TOURNAMENTS
from tutor.widgets.base import esc, heading, prose

if TYPE_CHECKING:
    from tutor.widgets.lesson import PanelWidget

FIRST_GAME = "Play your first game"
#: Notebooks of no one game: (stem, title, one line).
OTHER = (("your-own-bot", "Write your own bot",
          "The engine in ten lines; your own bot against Gwari's in every game, for those who like to code."),)
KINDS = (("lesson", "Learn the rules"), ("play", "Play against bots"), ("scoring", "Scoring, worked"),
         ("strategy", "How to play well"))
DRILL_MINUTES = 5


@lru_cache(maxsize=None)
def lesson_time(slug: str) -> tuple[int, tuple[int, ...]] | None:
    """About how long a game's lesson takes, and each of its chapters, in whole minutes (``None`` without a
    lesson that loads)."""
    try:
        lesson = load_lesson(slug)
    except LessonError:
        return None
    chapters = tuple(whole_minutes(lessons.chapter_minutes(lesson, n)) for n in range(1, len(lesson.chapters) + 1))
    return whole_minutes(lessons.lesson_minutes(lesson)), chapters


@lru_cache(maxsize=None)
def first_game_time(slug: str) -> int | None:
    """About how long a game's guided first game takes, in whole minutes (``None`` without one that loads)."""
    from tutor.guide import guide_minutes

    try:
        return whole_minutes(guide_minutes(slug))
    except LessonError:
        return None


def lesson_time_words(slug: str) -> str:
    """The lesson's time as the gallery says it: "about 24 min in 3 chapters: 9, 8 and 7 min" ("" without one)."""
    time = lesson_time(slug)
    if time is None:
        return ""
    total, chapters = time
    if len(chapters) < 2:
        return f"about {total} min"
    each = ", ".join(map(str, chapters[:-1])) + f" and {chapters[-1]}"
    return f"about {total} min in {len(chapters)} chapters: {each} min"


def tournament_words() -> str:
    """What the gallery says of a class tournament: played at the class's tables, so it needs a server (Python in
    the browser, the static site, has none)."""
    if sys.platform == "emscripten":
        return ("A class tournament needs a server: your teacher runs it from the teacher's page on the class's "
                "server, not here in your browser.")
    return ("A class tournament: your teacher starts it from the teacher's page; you play your rounds under Play "
            "with classmates.")


def players_words(low: int, high: int) -> str:
    """How many play: "4 players", or "2–6 players"."""
    return f"{low} players" if low == high else f"{low}–{high} players"


def link_base(folder: Path) -> str:
    """What goes before a notebook's file name in a link from the gallery in ``folder``: ``""`` where the page's
    address is the notebook's own, else (JupyterLab) ``<base url>lab/tree/<folder under the server's root>/``."""
    session = os.environ.get("JPY_SESSION_NAME")  # set by a Jupyter server for a notebook session's kernel
    if not session:
        return ""
    try:
        folder = folder.resolve()
        if Path(session).expanduser().resolve().parent != folder:
            return ""
        from jupyter_core.paths import jupyter_runtime_dir

        info = json.loads((Path(jupyter_runtime_dir()) / f"jpserver-{os.getppid()}.json").read_text(encoding="utf-8"))
        place = folder.relative_to(Path(info["root_dir"]).expanduser().resolve()).as_posix()
        base = info["base_url"]
    except (OSError, ValueError, KeyError, ImportError):  # no server of ours, or the folder is outside its root
        return ""
    return f"{base.rstrip('/')}/lab/tree/" + ("" if place == "." else quote(place) + "/")


def gallery(folder: Path | str | None = None) -> PanelWidget:
    """Where to start, then a table of the games and the other notebooks, with links for JupyterLab and Voilà.

    ``folder`` holds the notebooks; by default the folder the gallery notebook runs in.
    """
    from tutor.widgets.lesson import PanelWidget  # imported with the gallery, not with every page (tutor.widgets)

    folder = Path.cwd() if folder is None else Path(folder)

    def has(stem: str) -> bool:
        """Whether the folder holds the notebook ``stem``."""
        return (folder / f"{stem}.ipynb").exists()

    base = link_base(folder)
    return PanelWidget(f'<div class="gw-panel">{start_here(has, base)}{heading(2, "All the games")}'
                 f'{games_table(has, base)}</div>')


def start_here(has: Callable[[str], bool], base: str = "") -> str:
    """Three steps for a newcomer: the first game's lesson, a game against the bots, its word drill."""
    first = next((slug for slug in WHERE if has(f"{slug}-lesson") and has(f"{slug}-play")), None)
    if first is None:
        return ""
    game, to = GAMES[first], esc(base)
    steps = [f'<li><a href="{to}{first}-first-game.ipynb">Play your first game of {esc(game.title)}</a>: a short game '
             "in which the tutor says what to do and why at each of your turns"
             + (f" (about {first_game_time(first)} minutes)" if first_game_time(first) else "") + ".</li>",
             f'<li><a href="{to}{first}-lesson.ipynb">Learn the rules of {esc(game.title)}</a>: short chapters, '
             f"each rule shown on cards, with a few checks ({esc(lesson_time_words(first))}).</li>",
             f'<li><a href="{to}{first}-play.ipynb">Play {esc(game.title)} against the bots</a>: Hint says what a good '
             f"player would do (a game takes about {game_minutes(first)} minutes).</li>"]
    typed = game.inputs.typed
    if typed is not None and typed.drill and typed.drill_notebook and has(typed.drill_notebook):
        steps.append(f'<li><a href="{to}{esc(typed.drill_notebook)}.ipynb">Practise the words</a> you need to play in '
                     f"the language of the game (about {DRILL_MINUTES} minutes a session).</li>")
    steps.append("<li>Then the other games below, in the same order: your first game, the lesson, then a real game.</li>")
    return heading(2, "Start here") + f'<ol class="gw-start">{"".join(steps)}</ol>'


def games_table(has: Callable[[str], bool], base: str = "") -> str:
    """Every game Gwari ships with its notebooks (and how long each takes), then the other notebooks."""
    rows = []
    for slug, game in ((slug, GAMES[slug]) for slug in WHERE):
        first = first_game_time(slug)
        first_time = f' <span class="gw-small">(about {first} min)</span>' if first else ""
        links = [f'<li><a href="{esc(base)}{slug}-first-game.ipynb">{FIRST_GAME}</a>{first_time}</li>']
        for kind, label in KINDS:
            if not has(f"{slug}-{kind}"):
                continue
            time = (lesson_time_words(slug) if kind == "lesson"
                    else f"about {game_minutes(slug)} min" if kind == "play" else "")
            time = f' <span class="gw-small">({esc(time)})</span>' if time else ""
            links.append(f'<li><a href="{esc(base)}{slug}-{kind}.ipynb">{label}</a>{time}</li>')
        if slug in TOURNAMENTS:
            links.append(f'<li class="gw-small" data-testid="tournament-{slug}">{tournament_words()}</li>')
        try:
            summary = prose(load_lesson(slug).summary)
        except LessonError:
            summary = ""
        rows.append(f'<tr><th scope="row">{esc(game.title)}<br><span class="gw-small">'
                    f"{players_words(game.min_players, game.max_players)}</span></th><td>{summary}</td>"
                    f"<td><ul>{''.join(links)}</ul></td></tr>")
    for stem, title, text in (*(extra for slug in WHERE for extra in GAMES[slug].extra_notebooks), *OTHER):
        if has(stem):
            rows.append(f'<tr><th scope="row">{esc(title)}</th><td><p>{esc(text)}</p></td>'
                        f'<td><ul><li><a href="{esc(base)}{stem}.ipynb">Open</a></li></ul></td></tr>')
    return ('<table class="gw-gallery"><thead><tr><th scope="col">Game</th><th scope="col">What it is</th>'
            f'<th scope="col">Notebooks</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
