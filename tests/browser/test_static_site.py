"""The static site (bash .ci/site: Voici, Python in the browser by Pyodide) works with no host but 127.0.0.1.

The site is built once for the session when site/ is missing or older than its sources, and served by
``python -m http.server`` on a free loopback port.  Every request to another host is blocked and counted, and
none is allowed: a whole game of the Gwra Pyskessa play app by clicking, a lesson's stepper and check, and an
item of the Cornish drill all run from the site's own files.  Python starts from the build's start-up snapshot,
and without it as before.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.browser.clicking import answer_drill_item, play_to_the_end
from tests.browser.conftest import free_port

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
#: What the site is built from: a newer file here means the site is rebuilt first.
SOURCES = ["notebooks", "tutor", "lessons", "vocab", "site-build", "pyproject.toml", ".ci/site"]
STAMP = SITE / "index.html"  # written last by the build
LOAD_MS = 180_000  # Pyodide's cold start takes 10-20 s on two cores; more while the other worker is busy
STEP_MS = 30_000


def newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else (p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        for file in files:
            newest = max(newest, file.stat().st_mtime)
    return newest


@pytest.fixture(scope="session")
def static_site_url():
    """site/ (built by ``bash .ci/site`` when missing or stale; one build at a time across test workers), served
    by http.server on a free loopback port."""
    lock_path = ROOT / ".cache" / "site-build.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not STAMP.exists() or STAMP.stat().st_mtime < newest_source():
            log = ROOT / "tests" / ".site-build-test.log"
            with open(log, "w") as out:
                done = subprocess.run(["bash", ".ci/site"], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
            assert done.returncode == 0, f"bash .ci/site failed; see {log}"
        fcntl.flock(lock, fcntl.LOCK_UN)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(SITE),
                               str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/index.html", timeout=2)
                break
            except OSError:
                assert server.poll() is None and time.time() < deadline, "http.server did not start"
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=10)


@pytest.fixture
def offline_page(page):
    """The conftest's page, with every request to a host other than 127.0.0.1 blocked and recorded."""
    page.outside = []

    def route(route):
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlparse(url).hostname == "127.0.0.1":
            return route.continue_()
        page.outside.append(url)
        return route.abort()

    page.context.route("**/*", route)
    yield page
    assert page.outside == [], f"requests to other hosts: {page.outside}"


def open_static(page, url, stem):
    page.goto(f"{url}/voici/render/{stem}.html", timeout=LOAD_MS)
    page.locator(".gwari").first.wait_for(timeout=LOAD_MS)


def test_site_holds_every_learner_notebook_and_notes_for_server_pages(static_site_url):
    """Every notebook has its page; the ones needing the server say so instead of failing."""
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        page = SITE / "voici" / "render" / f"{notebook.stem}.html"
        assert page.exists(), f"no static page for {notebook.name}"
    teacher = (SITE / "files" / "teacher.ipynb").read_text(encoding="utf-8")
    assert "This page needs the Gwari server (`bash .ci/serve`)" in teacher
    assert "import" not in teacher
    for notebook in ("burn-strategy.ipynb", "your-own-bot.ipynb"):  # pandas, matplotlib: the server's
        assert "This page needs the Gwari server" in (SITE / "files" / notebook).read_text(encoding="utf-8")
    play = (SITE / "files" / "gwra-pyskessa-play.ipynb").read_text(encoding="utf-8")
    assert 'play(\\"gwra-pyskessa\\"' in play


def test_site_python_is_compiled_with_pyodides_own_interpreter(static_site_url):
    """The wheels and the standard library are served as bytecode (sourceless, but Gwari keeps its sources for
    the options panel), jedi and sqlite3 as empty placeholders, IPython's terminal imported only when
    ``IPython.embed`` is called, the kernel's own wheels in the lock file, and the standard library carries the
    sitecustomize that keeps imports out of the notebooks' folder."""
    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    assert {"pyodide-kernel", "piplite", "ipykernel", "gwari", "ipython"} <= set(lock)
    config = json.loads((SITE / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    packages = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    assert {"piplite", "ipykernel", "pyodide_kernel", "gwari"} <= set(packages["packages"])
    for entry in lock.values():
        with zipfile.ZipFile(pyodide / entry["file_name"]) as wheel:
            names = wheel.namelist()
        modules = [n for n in names if n.endswith(".py") and ".dist-info/" not in n]
        compiled = [n for n in names if n.endswith(".pyc")]
        if entry["name"] == "gwari":
            assert "tutor/games/pig/state.py" in names and "tutor/games/pig/__pycache__/state.cpython-313.pyc" in names
            assert len(compiled) == len(modules)
        elif entry["name"] in ("sqlite3", "jedi"):  # the placeholders: metadata, no modules
            assert not compiled and not modules and entry["imports"] == [] and entry["depends"] == []
        else:
            assert compiled and not modules, f"{entry['file_name']}: {modules[:3]} not compiled"
        if entry["name"] == "ipython":
            with zipfile.ZipFile(pyodide / entry["file_name"]) as wheel:
                init = wheel.read("IPython/__init__.pyc")
            assert b"its terminal imported when it is called" in init and b"terminal.embed" in init
    assert "parso" not in lock, "jedi's parser goes with jedi"
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stdlib:
        names = stdlib.namelist()
        assert "sitecustomize.pyc" in names and "json/__init__.pyc" in names
        assert not [n for n in names if n.endswith(".py")]
        header = stdlib.read("json/__init__.pyc")[:16]
    assert header[4:8] == (1).to_bytes(4, "little"), "hash-based bytecode, used without checking any source"


def test_site_starts_python_from_its_snapshot(static_site_url):
    """The kernel's options name the start-up snapshot by its hash, and every copy of the kernel's worker code
    starts Pyodide through the snapshot loader (site-build/build.py, make_snapshot and FRONT_END_CHANGES)."""
    import hashlib

    config = json.loads((SITE / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    address, version = options["memorySnapshotURL"].split("?v=")
    snapshot = SITE / address
    assert snapshot.is_file() and hashlib.sha256(snapshot.read_bytes()).hexdigest().startswith(version)
    with snapshot.open("rb") as data:
        assert data.read(2) == b"\x1f\x8b", "gzip-compressed"
    starts = loaders = 0
    for bundle in (SITE / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static").glob("*.js"):
        text = bundle.read_text(encoding="utf-8")
        starts += text.count("async initRuntime(")
        loaders += text.count("Gwari: start Pyodide from the site's start-up snapshot")
    assert starts >= 1 and loaders == starts, f"{loaders} of the worker's {starts} starts use the snapshot"


def test_whole_game_of_the_play_app_offline(offline_page, static_site_url):
    page = offline_page
    # Each look at the notebooks' folder from Python is a request through JupyterLite's service worker
    # (/api/drive).  Looking for modules there made a hundred of them at each start ("getattr" of the folder, one
    # per module imported); site-build/sitecustomize.py stops it.
    folder_looks = []
    page.context.on("request", lambda request: folder_looks.append(request.post_data or "")
                    if "/api/drive" in request.url and '"getattr"' in (request.post_data or "") else None)
    # Pyodide and the wheels come straight from the browser, not fetched again by the service worker
    # (site-build/build.py, FRONT_END_CHANGES).
    relayed = []
    page.context.on("request", lambda request: relayed.append(request.url)
                    if request.service_worker is not None and "/static/pyodide/" in request.url else None)
    # Python starts from the build's snapshot: its packages are installed from it, not from their wheels.
    fetched = []
    page.context.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    open_static(page, static_site_url, "gwra-pyskessa-play")
    app = page.locator(".gwari:has([data-testid=code])").first
    app.locator("button.gw-cardbtn").first.wait_for(timeout=LOAD_MS)
    assert len(folder_looks) <= 5, f"Python looked in the notebooks' folder {len(folder_looks)} times while starting"
    assert relayed == [], f"the service worker fetched {len(relayed)} of Pyodide's files itself"
    assert [name for name in fetched if name.startswith("gwari-snapshot.dat")], "the snapshot was not fetched"
    assert not [name for name in fetched if ".whl" in name], "wheels fetched at start: the snapshot was not used"
    assert not [text for text in page.warnings if "start-up snapshot" in text], page.warnings
    steps = app.locator("input[data-gw=stepbots]")  # the bots at once, as a learner in a hurry sets it
    if steps.is_checked():
        steps.uncheck()
        app.locator("input[data-gw=stepbots]:not(:checked)").wait_for(timeout=LOAD_MS)
    play_to_the_end(page, app)
    assert app.locator("[data-testid=game-over]").count() == 1
    app.locator("button[data-gw=review]").click()
    page.wait_for_selector("text=Your game, step by step", timeout=STEP_MS)
    assert page.problems == []


def test_without_its_snapshot_the_kernel_starts_from_the_wheels(offline_page, static_site_url):
    """A snapshot the server does not have (a site copied without it, say) costs the learner time, not the
    page: Python starts as it did before there was one, installing the packages from their wheels."""
    page = offline_page
    page.context.route("**/gwari-snapshot.dat*", lambda route: route.fulfill(status=404, body="not here"))
    fetched = []
    page.context.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    open_static(page, static_site_url, "pig-play")
    page.locator(".gwari button").first.wait_for(timeout=LOAD_MS)
    assert [text for text in page.warnings if "starting Python without its start-up snapshot" in text], page.warnings
    assert [name for name in fetched if name.startswith("gwari-") and name.endswith(".whl")], fetched
    assert [text for text in page.problems if "404" not in text] == []


def test_lesson_stepper_and_check_offline(offline_page, static_site_url):
    page = offline_page
    open_static(page, static_site_url, "gwra-pyskessa-lesson")
    page.wait_for_selector(".gwari button[data-gw=next]", timeout=LOAD_MS)
    stepper = page.locator(".gwari:has(button[data-gw=next])").first
    assert "Step 0 of" in stepper.inner_text()
    stepper.locator("button[data-gw=next]").click()
    page.wait_for_function("el => el.innerText.includes('Step 1 of')", arg=stepper.element_handle(), timeout=STEP_MS)
    check = page.locator(".gwari:has(button[data-gw=choose])").first
    check.locator("button[data-gw=choose]").nth(1).click()
    page.wait_for_function("el => el.innerText.includes('right')", arg=check.element_handle(), timeout=STEP_MS)
    assert page.problems == []


def test_drill_answers_one_item_offline(offline_page, static_site_url):
    page = offline_page
    open_static(page, static_site_url, "cornish-drill")
    drill = page.locator(".gwari").filter(has_text="Cornish words").first
    drill.locator("input[data-key=learner]").wait_for(timeout=LOAD_MS)
    drill.locator("input[data-key=learner]").fill("Browser")
    drill.locator("input[data-key=learner]").press("Enter")
    drill.locator("[data-testid=prompt]").wait_for(timeout=STEP_MS)
    assert "1 of" in drill.locator("[data-testid=count]").inner_text()
    answer_drill_item(page, drill, timeout=STEP_MS)
    assert "✔" in drill.inner_text() or "✘" in drill.inner_text()
    assert page.problems == []
    # The session is kept by the browser: after a reload, in a new Python, the name and the answers come back.
    answered = page.evaluate("() => JSON.parse(localStorage.getItem('gwari.progress')).learners.Browser.answers.length")
    assert answered >= 1
    # The next visit uses the service worker the first one registered, without unregistering it and registering
    # it again (site-build/build.py, FRONT_END_CHANGES).
    said = []
    page.on("console", lambda message: said.append(message.text))
    open_static(page, static_site_url, "gwra-pyskessa-play")
    save = page.locator("[data-testid=save-progress]").first
    save.wait_for(timeout=LOAD_MS)
    kept = json.loads(urllib.parse.unquote(save.get_attribute("href").split(",", 1)[1]))
    assert len(kept["learners"]["Browser"]["answers"]) == answered, "the answers came back after the reload"
    assert not [text for text in said if "unregistering" in text], said
    assert page.problems == []
