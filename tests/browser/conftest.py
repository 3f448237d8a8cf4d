"""A Voilà server on a free loopback port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def log_path(what: str) -> Path:
    """Where a server's output goes: one file per server and per test worker (two workers may run the same server)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return ROOT / "tests" / f".{what.lower()}{'-' + worker if worker else ''}-test.log"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serving(command: list[str], *, cwd: Path, ready: str, what: str, env: dict | None = None):
    """Run a server until the block ends; ``ready`` is a path that answers once it is up."""
    port = free_port()
    log_file = log_path(what)
    with open(log_file, "w") as log:
        proc = subprocess.Popen([*command, f"--port={port}"], cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                env={**os.environ, **(env or {})})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.time() + 120
            while True:
                try:
                    urllib.request.urlopen(url + ready, timeout=2)
                    break
                except OSError:
                    if proc.poll() is not None:
                        raise RuntimeError(f"{what} stopped while starting; see {log_file}") from None
                    if time.time() > deadline:
                        raise RuntimeError(f"{what} did not start within 120 s; see {log_file}") from None
                    time.sleep(0.3)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture(scope="session")
def class_store(tmp_path_factory) -> Path:
    """The progress file the served notebooks keep the class's records in (no class key beside it at first)."""
    return tmp_path_factory.mktemp("class") / "progress.sqlite3"


@pytest.fixture(scope="session")
def voila_url(class_store):
    """Serve notebooks/ as ``.ci/serve`` does: from the repository root (its voila.json), with the gwari template,
    keeping progress in ``class_store``, with no class key in the environment, and play apps at the engine's speed
    (bots at once, windows on the clock: ``GWARI_PACE=quick``)."""
    command = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1",
               "--VoilaConfiguration.template=gwari", str(ROOT / "notebooks")]
    os.environ.pop("GWARI_CLASS_KEY", None)
    with serving(command, cwd=ROOT, ready="/voila/tree", what="Voila",
                 env={"JUPYTER_PATH": str(ROOT / "tutor" / "jupyter"), "GWARI_PROGRESS": str(class_store),
                      "GWARI_STRATEGY_GAMES": "",  # the strategy pages show the saved results, as learners see them
                      "GWARI_PACE": "quick"}) as url:
        wait_for_the_pools(log_path("Voila"))
        yield url


def wait_for_the_pools(log_file: Path, seconds: float = 300) -> None:
    """Wait until Voilà has filled the preheated kernel pool of every app (its log says so for each), as a class's
    server is warmed before the lesson: a page opened while the pools still fill would wait for a kernel among
    kernels that are busy running their notebooks.  Past ``seconds`` the tests go on (and a slow page fails them)."""
    config = json.loads((ROOT / "voila.json").read_text())
    deny = re.compile(config["VoilaKernelManager"]["preheat_denylist"][0])
    apps = {p.name for p in (ROOT / "notebooks").glob("*.ipynb") if not deny.search(p.name)}
    deadline = time.time() + seconds
    while time.time() < deadline:
        filled = set(re.findall(r"Kernel pool of (\S+) is filled", log_file.read_text(errors="replace")))
        if apps <= filled:
            return
        time.sleep(0.5)


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory):
    """JupyterLab on a free loopback port, with no token, over a scratch copy of notebooks/, with Gwari's JupyterLab
    settings written first (as ``bash .ci/lab`` writes them): the same settings whichever JupyterLab test runs first,
    on a fresh environment too."""
    from tutor.jupyter.lab import write_settings

    write_settings()
    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    command = [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser", "--ServerApp.ip=127.0.0.1",
               "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={work}",
               "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    with serving(command, cwd=work, ready="/api/status", what="JupyterLab",
                 env={"GWARI_LESSONS": str(ROOT / "lessons"), "GWARI_PROGRESS": str(work / "progress.sqlite3")}) as url:
        yield url




@pytest.fixture
def page(browser):
    """A fresh page that records errors in the page and the console."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    record_problems(page, lambda msg: f"console: {msg.text} ({(msg.location or {}).get('url', '')})")
    yield page
    try:
        assert_no_output_left_broken(page)
    finally:
        context.close()


RACE = "widget model not found"
SHOWN_RACE = ("() => [...document.querySelectorAll('.jupyter-widgets')]"
              ".filter(n => n.textContent.includes('model not found')).length")


def record_problems(page, describe=lambda msg: msg.text) -> None:
    """Errors in the page and the console go to ``page.problems``, warnings to ``page.warnings``.  Voilà's renderer
    logs "widget model not found" when it draws an output after the widgets were restored on a busy server; the page
    template draws such an output again, so that error goes to ``page.redrawn`` and is checked by
    ``assert_no_output_left_broken`` (no output may still show it)."""
    page.problems, page.warnings, page.redrawn = [], [], []

    def on_console(msg):
        if msg.type == "error":
            (page.redrawn if RACE in msg.text else page.problems).append(describe(msg))
        elif msg.type == "warning":
            page.warnings.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))


def assert_no_output_left_broken(page, timeout: int = 15_000) -> None:
    """Every output that Voilà's renderer could not draw has been drawn again by the page template."""
    if page.redrawn and not page.is_closed():
        page.wait_for_function(f"({SHOWN_RACE})() === 0", timeout=timeout)

