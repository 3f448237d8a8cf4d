"""The gallery: every game with links to its notebooks, built from the registry and the notebooks folder."""

from __future__ import annotations

from pathlib import Path

from tutor.games import GAMES
from tutor.lessons import LessonError, load_lesson
from tutor.widgets.base import esc, prose
from tutor.widgets.lesson import Panel

KINDS = (("lesson", "Learn the rules"), ("play", "Play against bots"), ("scoring", "Scoring, worked"))


def gallery(folder: Path | str | None = None) -> Panel:
    """A table of the games and the other notebooks, with links that work in JupyterLab and in Voilà.

    ``folder`` holds the notebooks; by default the folder the gallery notebook runs in.
    """
    folder = Path.cwd() if folder is None else Path(folder)
    rows = []
    for slug, game in GAMES.items():
        links = [f'<a href="{slug}-{kind}.ipynb">{label}</a>' for kind, label in KINDS
                 if (folder / f"{slug}-{kind}.ipynb").exists()]
        try:
            summary = prose(load_lesson(slug).summary)
        except LessonError:
            summary = ""
        rows.append(f"<tr><td><strong>{esc(game.title)}</strong><br><span class='gw-small'>"
                    f"{game.min_players}–{game.max_players} players</span></td><td>{summary}</td>"
                    f"<td>{' · '.join(links)}</td></tr>")
    for stem, title, text in (extra for game in GAMES.values() for extra in game.extra_notebooks):
        if (folder / f"{stem}.ipynb").exists():
            rows.append(f'<tr><td><strong>{esc(title)}</strong></td><td><p>{esc(text)}</p></td>'
                        f'<td><a href="{stem}.ipynb">Open</a></td></tr>')
    return Panel('<div class="gw-panel"><table class="gw-gallery"><thead><tr><th>Game</th><th>What it is</th>'
                 f'<th>Notebooks</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
