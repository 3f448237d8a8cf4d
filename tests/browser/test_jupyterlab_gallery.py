"""JupyterLab opened at the repository's root (as Binder's JupyterLab badge and a teacher's checkout open it): the
gallery's links open their notebooks from wherever the page's address is, and nothing stands in the learner's way
(no news question, no kernel dialog) with Gwari's JupyterLab settings (tutor/jupyter/lab.py)."""

from __future__ import annotations

import shutil
import sys

import pytest

from tests.browser.conftest import ROOT, serving
from tutor.jupyter.lab import write_settings

pytestmark = pytest.mark.browser
LOAD_MS = 90_000
CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"


@pytest.fixture(scope="module")
def lab_at_root(tmp_path_factory):
    """JupyterLab with Gwari's settings (written as bash .ci/lab and binder/postBuild write them), over a scratch copy
    of the repository's notebooks/ at its root, with a workspace and settings of its own."""
    write_settings()
    root = tmp_path_factory.mktemp("repo")
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    command = [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}"]
    with serving(command, cwd=root, ready="/api/status", what="JupyterLab-root",
                 env={"GWARI_PROGRESS": str(root / "progress.sqlite3"),
                      "JUPYTERLAB_WORKSPACES_DIR": str(root / ".workspaces"),
                      "JUPYTERLAB_SETTINGS_DIR": str(root / ".settings")}) as url:
        yield url


def run_all(page) -> None:
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=LOAD_MS)
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_text("Run All Cells", exact=True).click()


def test_a_gallery_link_opens_its_notebook_from_the_repository_root(page, lab_at_root):
    # The learner opens the gallery from JupyterLab's file browser, then comes back later: JupyterLab restores the
    # gallery (once its layout is saved) at the address /lab, not the notebook's own.
    page.goto(f"{lab_at_root}/lab", timeout=LOAD_MS)
    page.locator(".jp-DirListing-item", has_text="notebooks").first.dblclick(timeout=LOAD_MS)
    page.locator(".jp-DirListing-item", has_text="index.ipynb").first.dblclick(timeout=LOAD_MS)
    page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=LOAD_MS)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=LOAD_MS)
    page.wait_for_function(f"""async () => {{
        const saved = await (await fetch('{lab_at_root}/lab/api/workspaces/default')).json();
        return JSON.stringify(((saved.data || {{}})['layout-restorer:data'] || {{}}).main || {{}})
            .includes('notebooks/index.ipynb');
    }}""", timeout=LOAD_MS, polling=500)
    page.goto(f"{lab_at_root}/lab", timeout=LOAD_MS)
    page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=LOAD_MS)
    run_all(page)
    pig = page.locator(".gwari tr", has_text="Pig").get_by_role("link", name="Play your first game")
    pig.wait_for(timeout=LOAD_MS)
    pig.click()
    page.locator(".lm-TabBar-tab.lm-mod-current", has_text="pig-first-game.ipynb").wait_for(timeout=LOAD_MS)
    page.locator(f"{CURRENT} .jp-Notebook").wait_for(timeout=LOAD_MS)
    assert page.url.endswith("/lab/tree/notebooks/pig-first-game.ipynb")
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").all_inner_texts()
    assert page.locator(".Toastify__toast", has_text="news").count() == 0, "no question about Jupyter's news"
    assert page.problems == []
