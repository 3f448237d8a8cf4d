"""Binder: binder/ builds an environment in which every notebook runs and Voilà serves the apps.

The environment is built as mybinder.org builds it: a fresh virtual environment,
``pip install -r binder/requirements.txt``, then ``binder/postBuild`` run from the
repository root.  Building takes about half a minute from the package index, so
the environment is kept in ``tests/.artifacts/binder-<hash>`` (the hash of
runtime.txt, requirements.txt and the Python version) and reused while those are
unchanged; postBuild runs every time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

from browser.conftest import serving

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
_spec = importlib.util.spec_from_file_location("binder_badges", BINDER / "badges.py")
badges = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(badges)
ARTIFACTS = ROOT / "tests" / ".artifacts"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# One notebook of each kind runs in the Binder environment (every notebook runs under nbval in the test run):
# the gallery, a lesson, a play app, a scoring notebook with pandas, the drill, the teacher's page, the rule sheets.
KINDS = ["index.ipynb", "gwra-pyskessa-lesson.ipynb", "gwra-pyskessa-play.ipynb", "chwech-scoring.ipynb",
         "cornish-drill.ipynb", "teacher.ipynb", "rule-sheets.ipynb"]
EXECUTE = """
import sys, nbformat
from nbclient import NotebookClient
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": "notebooks"}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, (path, errors)
    print("ran", path)
"""


def pins(lines: list[str]) -> dict[str, str]:
    """Requirement lines ``name==version`` as a dict (comments and blanks skipped)."""
    out = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{line!r} is not pinned with =="
            out[name.strip().lower()] = version.strip()
    return out


def test_requirements_pin_what_pyproject_pins():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert pins((BINDER / "requirements.txt").read_text().splitlines()) == pins(
        project["dependencies"] + project["optional-dependencies"]["server"])


def test_runtime_is_python_3_11_and_postbuild_installs_gwari():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "postBuild must be executable"
    assert "pip install --no-deps ." in post.read_text(), "a normal install, as a wheel user has"
    assert "-e ." not in post.read_text()


def _clean_env(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "VIRTUAL_ENV", "PYTHONPATH"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    return env


@pytest.fixture(scope="module")
def binder_env() -> Path:
    """The Binder environment: built once per requirements hash, then postBuild run in it."""
    key = hashlib.sha256((BINDER / "runtime.txt").read_bytes() + (BINDER / "requirements.txt").read_bytes()
                         + sys.version.encode()).hexdigest()[:16]
    venv = ARTIFACTS / f"binder-{key}"
    if not (venv / ".complete").exists():
        shutil.rmtree(venv, ignore_errors=True)
        for old in ARTIFACTS.glob("binder-*"):
            shutil.rmtree(old, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-r",
                        str(BINDER / "requirements.txt")], check=True, timeout=480, env=_clean_env(venv))
        (venv / ".complete").write_text(key)
    subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, check=True, timeout=240, env=_clean_env(venv),
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return venv


def test_a_notebook_of_each_kind_runs_in_the_binder_environment(binder_env):
    chosen = [ROOT / "notebooks" / name for name in KINDS]
    assert all(path in NOTEBOOKS for path in chosen)
    out = subprocess.run([str(binder_env / "bin" / "python"), "-c", EXECUTE, *map(str, chosen)], cwd=ROOT,
                         env=_clean_env(binder_env), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.count("ran ") == len(chosen)
    where = subprocess.run([str(binder_env / "bin" / "python"), "-c", "import tutor; print(tutor.__file__)"],
                           cwd=binder_env, env=_clean_env(binder_env), capture_output=True, text=True, check=True)
    installed = Path(where.stdout.strip())
    assert installed.is_relative_to(binder_env) and "site-packages" in installed.parts, "postBuild installed Gwari"
    template = binder_env / "share" / "jupyter" / "voila" / "templates" / "gwari"
    assert sorted(p.name for p in template.iterdir()) == ["conf.json", "index.html.j2", "page.html"]
    assert (template / "page.html").read_bytes() == (installed.parent / "jupyter" / "voila" / "templates" / "gwari"
                                                     / "page.html").read_bytes()
    server_config = json.loads((binder_env / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert server_config["ServerApp"]["kernel_websocket_connection_class"] == "tutor.jupyter.binder.LeftPageConnection"
    served = json.loads((ROOT / "voila.json").read_text())
    assert server_config["MappingKernelManager"] == served["MappingKernelManager"], "voila.json's culling on Binder"
    lab = json.loads((binder_env / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "gwari.json").read_text())
    assert lab["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    assert lab["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True


def test_voila_inside_jupyter_serves_the_apps_as_binder_links_open_them(binder_env):
    """What ``?urlpath=voila/render/notebooks/...`` opens: Voilà as a Jupyter server extension, from the repo root."""
    command = [str(binder_env / "bin" / "jupyter"), "server", "--allow-root", "--no-browser", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={ROOT}",
               "--ServerApp.port_retries=0"]
    env = _clean_env(binder_env)
    with serving(command, cwd=ROOT, ready="/api/status", what="Binder", env=env) as url:
        for name in ("index.ipynb", "gwra-pyskessa-play.ipynb"):
            with urllib.request.urlopen(f"{url}/voila/render/notebooks/{name}?template=classic", timeout=180) as r:
                html = r.read().decode()
            assert "application/vnd.jupyter.widget-view+json" in html, name
            assert not re.search(r'(href|src)="https?://', html), "the gwari template, whatever the address asks for"
            config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                                          html, re.S).group(1))
            assert not [k for k, v in config.items() if str(v).startswith(("http:", "https:", "//"))], \
                "nothing fetched from outside (MathJax from the page's own bundle)"
            assert "Traceback" not in html and "from tutor.widgets import" not in html
            assert not re.search(r'"output_type":\s*"error"', html)
        for label, path in badges.BADGES:  # every address a README badge opens
            with urllib.request.urlopen(f"{url}/{path}", timeout=180) as r:
                assert r.status == 200, label


def test_badges_are_built_from_the_repositorys_address(tmp_path):
    for address in ("https://github.com/ann/gwari", "git@github.com:ann/gwari.git", "ann/gwari"):
        assert badges.repository(address) == ("ann", "gwari")
    with pytest.raises(ValueError, match="Not a GitHub repository"):
        badges.repository("https://example.org/ann/gwari")
    text = badges.badges("ann", "gwari")
    assert text.count("https://mybinder.org/v2/gh/ann/gwari/HEAD?urlpath=") == len(badges.BADGES) == 4
    assert "urlpath=lab/tree/notebooks/index.ipynb" in text and "urlpath=voila/render/notebooks/index.ipynb" in text
    readme = (ROOT / "README.md").read_text()
    assert "OWNER" not in readme and badges.START in readme and badges.END in readme
    copy = tmp_path / "README.md"
    copy.write_text(readme)
    badges.write_readme(text, copy)
    badges.write_readme(text, copy)  # again: the badges are replaced, not added
    assert copy.read_text().count("mybinder.org/v2/gh/ann/gwari") == 4


# Pages a learner opens in turn on Binder: the gallery, a lesson, a first game, a play app.
PAGES = ["index.ipynb", "pig-lesson.ipynb", "gnav-first-game.ipynb", "gwra-pyskessa-play.ipynb"]


def _kernels(url: str) -> list[str]:
    with urllib.request.urlopen(f"{url}/api/kernels", timeout=10) as r:
        return [k["id"] for k in json.load(r)]


def _wait_for_kernels(url: str, at_most: int, seconds: float = 60) -> list[str]:
    """The server's kernels once there are no more than ``at_most`` (or, past ``seconds``, as they are)."""
    deadline = time.monotonic() + seconds
    while len(kernels := _kernels(url)) > at_most and time.monotonic() < deadline:
        time.sleep(0.5)
    return kernels


@pytest.mark.browser
def test_the_kernels_of_pages_left_are_shut_down_on_binder(binder_env, browser):
    """Each page a learner leaves gives its kernel back, although Voilà's own shutdown request is refused inside a
    Jupyter server (here after 1 s instead of 10, the time a dropped connection has to come back)."""
    command = [str(binder_env / "bin" / "jupyter"), "server", "--allow-root", "--no-browser",
               "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
               f"--ServerApp.root_dir={ROOT}", "--ServerApp.port_retries=0", "--LeftPageConnection.grace=1"]
    with serving(command, cwd=ROOT, ready="/api/status", what="Binder-kernels", env=_clean_env(binder_env)) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        try:
            seen = []
            for name in PAGES:
                page.goto(f"{url}/voila/render/notebooks/{name}", timeout=120_000)
                page.locator(".gwari").first.wait_for(timeout=120_000)  # drawn: its kernel is connected
                kernels = _wait_for_kernels(url, at_most=1)
                assert len(kernels) == 1, f"after opening {name}: {len(kernels)} kernels, the pages left kept theirs"
                assert kernels[0] not in seen, "the page open has its own kernel"
                seen += kernels
            page.goto("about:blank")
            assert _wait_for_kernels(url, at_most=0) == [], "the last page's kernel went with it"
        finally:
            context.close()
