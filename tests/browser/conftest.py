"""A Voilà server on a free loopback port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url():
    """Serve notebooks/ with Voilà from the repository root (so its voila.json applies)."""
    port = free_port()
    log = open(ROOT / "tests" / ".voila-test.log", "w") if os.access(ROOT / "tests", os.W_OK) else subprocess.DEVNULL
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "notebooks/"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url + "/voila/tree", timeout=2)
            break
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("Voilà stopped while starting; see tests/.voila-test.log")
            time.sleep(0.3)
    else:
        proc.terminate()
        raise RuntimeError("Voilà did not start within 120 s")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory):
    """JupyterLab on a free loopback port, with no token, over a scratch copy of notebooks/."""
    work = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={work}", "--LabApp.news_url=", "--LabApp.check_for_updates_class="
         "jupyterlab.NeverCheckForUpdate"],
        cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "GWARI_LESSONS": str(ROOT / "lessons")})
    url = f"http://127.0.0.1:{port}"
    _wait_for(url + "/api/status", proc, "JupyterLab")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


def _wait_for(url: str, proc: subprocess.Popen, what: str) -> None:
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"{what} stopped while starting")
            time.sleep(0.3)
    proc.terminate()
    raise RuntimeError(f"{what} did not start within 120 s")


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium; the tests fail (never skip) when it is missing, as the README's test command installs it."""
    assert shutil.which(CHROMIUM) or os.path.exists(CHROMIUM), (
        "Debian's Chromium is missing: run the README's test command (bash .ci/test), which installs it.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page that records errors in the page and the console."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.problems = []

    def on_console(msg):
        url = (msg.location or {}).get("url", "")
        if msg.type == "error" and not _outside_request(msg.text, url):
            page.problems.append(f"console: {msg.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    yield page
    context.close()


def _outside_request(text: str, url: str) -> bool:
    """A failed load of an outside host (the serving tests check that none is even attempted)."""
    return "Failed to load resource" in text and not url.startswith("http://127.0.0.1")
