"""JupyterLab for a learner (bash .ci/lab, python -m tutor.jupyter.lab): their own copy of the notebooks, made on the
first start and kept after, JupyterLab opened on it at the gallery; the repository's notebooks are never touched."""

from __future__ import annotations

import hashlib
import json
import sys
import urllib.request
from pathlib import Path

import pytest

from browser.conftest import serving
from tutor.jupyter.lab import SETTINGS, copy_notebooks, settings_file

ROOT = Path(__file__).resolve().parents[1]


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.ipynb"))}


def test_the_copy_is_made_once_and_the_learners_notebooks_are_kept(tmp_path):
    source, mine = tmp_path / "notebooks", tmp_path / "mine"
    source.mkdir()
    (source / "index.ipynb").write_text("{}")
    (source / "pig-play.ipynb").write_text("{}")
    assert copy_notebooks(source, mine) == ["index.ipynb", "pig-play.ipynb"]
    (mine / "pig-play.ipynb").write_text('{"outputs": "the learner\'s game"}')
    (source / "pig-lesson.ipynb").write_text("{}")  # a teacher's git pull brings a new notebook
    assert copy_notebooks(source, mine) == ["pig-lesson.ipynb"]
    assert (mine / "pig-play.ipynb").read_text() == '{"outputs": "the learner\'s game"}'
    with pytest.raises(ValueError, match="holds no .ipynb file"):
        copy_notebooks(tmp_path / "nothing", mine)


def test_jupyterlab_opens_the_learners_copy_at_the_gallery(tmp_path):
    mine = tmp_path / "home" / "gwari-notebooks"
    before = digest(ROOT / "notebooks")
    command = [sys.executable, "-m", "tutor.jupyter.lab", "--notebooks", str(ROOT / "notebooks"), "--to", str(mine),
               "--allow-root", "--no-browser", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
               "--ServerApp.password="]
    with serving(command, cwd=ROOT, ready="/api/status", what="JupyterLab-copy",
                 env={"JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}) as url:
        with urllib.request.urlopen(f"{url}/api/contents/", timeout=30) as r:
            listed = {item["name"] for item in json.load(r)["content"]}
        with urllib.request.urlopen(f"{url}/", timeout=30) as r:
            landed = r.url
    assert set(digest(ROOT / "notebooks")) <= listed, "JupyterLab's root is the learner's copy"
    assert digest(mine) == before, "a fresh copy of every notebook"
    assert landed.endswith("/lab/tree/index.ipynb"), "the gallery first"
    assert json.loads(settings_file(sys.prefix).read_text()) == SETTINGS
    assert digest(ROOT / "notebooks") == before
