"""The gallery's links work wherever the page is shown: bare file names where the page's address is the notebook's
own (Voilà, the static site, nbval), addresses from the server's root in JupyterLab (whose address may be /lab)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from tutor.widgets.gallery import gallery, link_base

ROOT = Path(__file__).resolve().parents[1]


def jupyterlab(monkeypatch, tmp_path, root: Path, notebook: Path, base_url: str = "/") -> None:
    """The kernel's surroundings in JupyterLab: its notebook's session, and its server's runtime file."""
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / f"jpserver-{os.getppid()}.json").write_text(json.dumps({"root_dir": str(root), "base_url": base_url}))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv("JPY_SESSION_NAME", str(notebook))


def test_links_are_bare_names_outside_jupyterlab(monkeypatch):
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    page = gallery(ROOT / "notebooks").html
    assert 'href="pig-first-game.ipynb"' in page and "/lab/tree/" not in page


def test_links_start_from_the_server_root_in_jupyterlab(monkeypatch, tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "notebooks", repo / "notebooks")
    jupyterlab(monkeypatch, tmp_path, repo, repo / "notebooks" / "index.ipynb", base_url="/user/ann/")
    page = gallery(repo / "notebooks").html
    assert 'href="/user/ann/lab/tree/notebooks/pig-first-game.ipynb"' in page
    assert 'href="pig-first-game.ipynb"' not in page
    assert link_base(repo) == "", "a gallery of another folder than the session's notebook links by bare names"


def test_a_gallery_at_the_root_or_outside_it(monkeypatch, tmp_path):
    notebooks = tmp_path / "my notebooks"
    notebooks.mkdir()
    jupyterlab(monkeypatch, tmp_path, notebooks, notebooks / "index.ipynb")
    assert link_base(notebooks) == "/lab/tree/"
    jupyterlab(monkeypatch, tmp_path / "runtime", tmp_path / "elsewhere", notebooks / "index.ipynb")
    assert link_base(notebooks) == "", "outside the server's root: bare names"


def test_the_gallery_lists_the_games_gwari_ships_in_their_order_and_no_game_registered_elsewhere(tmp_path):
    """A game registered from another package (the tests' War) keeps its notebooks elsewhere: the gallery's rows and
    its links are Gwari's own games' (``WHERE``), in order, with or without the notebooks beside it."""
    from tutor.games import GAMES, WHERE
    from tutor.widgets.base import esc

    assert "war" in GAMES
    for folder in (ROOT / "notebooks", tmp_path):
        page = gallery(folder).html
        rows = re.findall(r'<th scope="row">([^<]*)<br>', page)
        assert rows == [esc(GAMES[slug].title) for slug in WHERE]
        assert "war-" not in page
