"""Served mode: ``bash .ci/serve`` with voila.json and the ``gwari`` page template.

Learners get preheated kernels for the apps, no tracebacks or sources, no
template or theme chosen from the address bar, a time limit on each cell, idle
kernels culled (never the pooled ones), and pages that ask nothing of any host
but the Voilà server they came from.  Everything runs on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import nbformat
import psutil
import pytest

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, log_path, serving

ROOT = Path(__file__).resolve().parents[1]
CONFIG = json.loads((ROOT / "voila.json").read_text())
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
LOAD_MS = 90_000
SECRET = "secret-detail-4711"
RANKS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
         "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
CULL_IDLE, CULL_INTERVAL = 10, 1  # seconds, for the fault tests (voila.json has the classroom values); long
# enough that a page still loading on a busy machine keeps its kernel


TEMPLATES = ROOT / "tutor" / "jupyter"
SERVED_ENV = {"JUPYTER_PATH": str(TEMPLATES)}  # where .ci/serve tells Voilà to look for the gwari template


def voila_command(root_dir: Path | str, *overrides: str) -> list[str]:
    """Voilà as ``.ci/serve`` starts it (run it from the repository root, so voila.json applies, with SERVED_ENV)."""
    return [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
            "--VoilaConfiguration.template=gwari", str(root_dir), *overrides]


def preheated(name: str) -> bool:
    """Whether voila.json gives notebook ``name`` a pool of preheated kernels."""
    deny = CONFIG["VoilaKernelManager"]["preheat_denylist"]
    return not any(pattern in name or re.match(pattern, name) for pattern in deny)


def kernel_id_of(html: str) -> str:
    """The kernel a rendered Voilà page is connected to."""
    match = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', html, re.S)
    assert match, "the page has no Jupyter config"
    return json.loads(match.group(1))["kernelId"]


def fetch(url: str, timeout: float = 120) -> str:
    """GET a page (for a notebook: rendered, so its kernel has run every cell)."""
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode()


def kernel_alive(url: str, kernel_id: str) -> bool:
    """Whether Voilà still has the kernel."""
    try:
        urllib.request.urlopen(f"{url}/api/kernels/{kernel_id}", timeout=10)
        return True
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def kernel_processes(server_pid: int) -> list[psutil.Process]:
    """The kernels a Voilà server runs (its ipykernel child processes)."""
    found = []
    for process in psutil.Process(server_pid).children(recursive=True):
        try:
            if "ipykernel_launcher" in " ".join(process.cmdline()):
                found.append(process)
        except (psutil.ZombieProcess, psutil.NoSuchProcess, psutil.AccessDenied):
            continue  # a kernel that has just ended
    return found


def server_pid(port_url: str) -> int:
    """The process listening on the server's port."""
    port = int(port_url.rsplit(":", 1)[1])
    for conn in psutil.net_connections("tcp"):
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == port and conn.pid:
            return conn.pid
    raise AssertionError(f"nothing listens on port {port}")


class KernelChannel:
    """A learner's page reduced to its websocket: Jupyter widget messages to and from the kernel."""

    def __init__(self, url: str, kernel_id: str) -> None:
        self.ws_url = url.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        self.session = uuid.uuid4().hex
        self.ws = None

    async def connect(self) -> "KernelChannel":
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        # Generous limits: thirty kernels starting at once on two cores can keep the server busy for a while.
        request = HTTPRequest(self.ws_url, connect_timeout=90, request_timeout=90)
        self.ws = await asyncio.wait_for(websocket_connect(request), 120)
        return self

    async def send(self, msg_type: str, content: dict) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "username": "learner", "session": self.session, "msg_type": msg_type,
                  "version": "5.3", "date": ""}
        await self.ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": {},
                                                "content": content, "channel": "shell", "buffers": []}))
        return msg_id

    async def replies(self, parent: str, seconds: float, reply: str | None = None) -> list[dict]:
        """Messages caused by message ``parent`` within ``seconds``: until the kernel is idle again and,
        if ``reply`` names the shell reply (it may come after the idle status), until that has come too."""
        out, idle, deadline = [], False, time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                raw = await asyncio.wait_for(self.ws.read_message(), left)
            except asyncio.TimeoutError:
                break
            if raw is None:
                raise ConnectionError("the kernel's websocket closed")
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != parent:
                continue
            out.append(msg)
            idle = idle or (msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle")
            if idle and (reply is None or any(m["msg_type"] == reply for m in out)):
                break
        return out

    async def widget_comms(self) -> list[str]:
        """Every widget comm the kernel holds."""
        reply = await self.replies(await self.send("comm_info_request", {"target_name": "jupyter.widget"}), 60,
                                   "comm_info_reply")
        info = [m for m in reply if m["msg_type"] == "comm_info_reply"]
        assert info, "the kernel did not list its widgets within 60 s"
        return list(info[0]["content"]["comms"])

    async def state(self, comm_id: str) -> dict:
        """The widget's synced state, as the page would ask for it."""
        msgs = await self.replies(await self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}}), 60)
        states = [m["content"]["data"]["state"] for m in msgs if m["msg_type"] == "comm_msg"]
        assert states, "the kernel did not send the widget's state within 60 s"
        return states[0]

    async def press(self, comm_id: str, kind: object, value: object = None, inputs: object = None) -> list[dict]:
        """What a click sends (``{kind, value, inputs}``, as gwari.js does); returns the state updates it caused."""
        content = {"kind": kind, "value": value, "inputs": inputs or {}}
        msgs = await self.replies(await self.send("comm_msg", {"comm_id": comm_id,
                                                               "data": {"method": "custom", "content": content}}), 60)
        return [m["content"]["data"]["state"] for m in msgs
                if m["msg_type"] == "comm_msg" and m["content"]["data"].get("method") == "update"]

    async def play_app(self) -> str:
        """The comm of the play app (the widget showing a deal code)."""
        for comm in await self.widget_comms():
            if 'data-testid="code"' in (await self.state(comm)).get("html", ""):
                return comm
        raise AssertionError("no play app among the page's widgets")

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()


def run(coro, seconds: float = 120):
    """Run one coroutine to its end, with a time limit, in a thread of its own (Playwright owns this one's loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, seconds)).result()


class BrowserThread:
    """Debian's Chromium driven by Playwright in a thread of its own.

    The browser tests' session-wide Playwright holds this thread's event loop,
    so these tests run their own beside it: ``chromium.run(lambda browser: ...)``.
    """

    def __init__(self) -> None:
        assert Path(CHROMIUM).exists(), "Debian's Chromium is missing: bash .ci/test installs it."
        self.pool = concurrent.futures.ThreadPoolExecutor(1)
        self.pool.submit(self._start).result(timeout=120)

    def _start(self) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    def run(self, task, timeout: float = 600):
        """Run ``task(browser)`` in the browser's thread and return what it returns."""
        return self.pool.submit(task, self.browser).result(timeout=timeout)

    def close(self) -> None:
        def stop() -> None:
            self.browser.close()
            self.playwright.stop()

        self.pool.submit(stop).result(timeout=120)
        self.pool.shutdown()


@pytest.fixture(scope="module")
def chromium():
    """A Chromium for this module's browser tests."""
    thread = BrowserThread()
    yield thread
    thread.close()


def notebook(path: Path, *sources: str) -> Path:
    """Write a small notebook of code cells."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


# ---------------------------------------------------------------- the settings themselves


def test_settings_are_the_served_mode():
    settings = CONFIG["VoilaConfiguration"]
    assert settings["preheat_kernel"] is True and settings["default_pool_size"] >= 1
    assert settings["show_tracebacks"] is False and settings["strip_sources"] is True
    assert settings["allow_template_override"] == "NO" and settings["allow_theme_override"] == "NO"
    cull = CONFIG["MappingKernelManager"]
    assert cull["cull_idle_timeout"] > 0 and 0 < cull["cull_interval"] <= cull["cull_idle_timeout"]
    assert cull["cull_connected"] is False, "a learner reading a long lesson keeps the kernel"
    assert CONFIG["VoilaExecutor"]["timeout"] > 0
    # After a cell's reply the executor waits this long for the rest of its output (the app's widget among it),
    # and without a word drops what comes later: nbclient's 4 s lost the app of kernels preheated while the server
    # filled every pool at once on a busy machine, and their pages never drew.
    assert CONFIG["VoilaExecutor"]["iopub_timeout"] >= 30


def test_only_the_apps_get_preheated_kernels():
    assert preheated("gwra-pyskessa-play.ipynb") and preheated("gnav-play.ipynb")
    assert preheated("cornish-drill.ipynb")
    for name in ("index.ipynb", "gwra-pyskessa-lesson.ipynb", "chwech-scoring.ipynb", "play.ipynb",
                 "gwra-pyskessa-play.ipynb.bak", "cornish-drill-notes.ipynb"):
        assert not preheated(name), name


def test_voila_finds_the_gwari_template_where_serve_points(monkeypatch):
    from voila.paths import collect_template_paths

    serve = (ROOT / ".ci" / "serve").read_text()
    assert 'JUPYTER_PATH="$PWD/tutor/jupyter' in serve and "--VoilaConfiguration.template=gwari" in serve
    monkeypatch.setenv("JUPYTER_PATH", SERVED_ENV["JUPYTER_PATH"])
    paths = collect_template_paths(["voila", "nbconvert"], "gwari", prune=True)
    assert paths[0] == str(TEMPLATES / "voila" / "templates" / "gwari")
    assert any(p.endswith("voila/templates/lab") for p in paths), "it builds on Voilà's lab template"


# ---------------------------------------------------------------- bash .ci/serve, as a teacher runs it


@pytest.fixture(scope="module")
def served():
    """``bash .ci/serve`` on a free loopback port; yields the URL and the server's log."""
    with serving(["bash", ".ci/serve"], cwd=ROOT, ready="/voila/tree", what="Serve") as url:
        yield url, log_path("Serve")


def test_classroom_mode_listens_on_the_network_and_prints_the_address():
    with serving(["bash", ".ci/serve", "--classroom"], cwd=ROOT, ready="/voila/tree", what="Classroom") as url:
        port = int(url.rsplit(":", 1)[1])
        listening = {c.laddr.ip for c in psutil.net_connections("tcp")
                     if c.status == psutil.CONN_LISTEN and c.laddr.port == port}
        printed = log_path("Classroom").read_text()
    assert listening == {"0.0.0.0"}
    assert "Give the class this address" in printed
    assert re.search(rf"  http://(?!127\.)[\w.-]+:{port}/voila/render/index\.ipynb", printed)


@pytest.mark.browser
def test_no_request_leaves_the_server(served, chromium):
    url, _log = served
    requests: list[str] = []
    failed: list[str] = []

    def visit(browser) -> None:
        context = browser.new_context()
        context.on("request", lambda request: requests.append(request.url))
        # Voilà's page polls the list of kernels, which Voilà does not serve: that 404 is Voilà's own.
        context.on("response", lambda response: failed.append(f"{response.status} {response.url}")
                   if response.status >= 400 and "/api/kernels?" not in response.url else None)
        page = context.new_page()
        try:
            page.goto(f"{url}/voila/tree", timeout=LOAD_MS)
            page.wait_for_load_state("networkidle", timeout=LOAD_MS)
            # The served settings on a lesson and an app (every notebook's requests are checked in the browser
            # tests, tests/browser/test_learners.py, on a Voilà with the same template and settings).
            for name in ("index.ipynb", "gwra-pyskessa-lesson.ipynb", "pig-play.ipynb"):
                page.goto(f"{url}/voila/render/{name}", timeout=LOAD_MS)
                page.wait_for_selector(".gwari", timeout=LOAD_MS)
                page.wait_for_load_state("networkidle", timeout=LOAD_MS)
        finally:
            context.close()

    chromium.run(visit)
    outside = sorted({r for r in requests if not r.startswith((url + "/", "data:", "blob:"))})
    assert outside == [], outside
    assert failed == [], "every request is answered (no missing icon, no missing file)"
    assert len(requests) > 10, "the pages were loaded"


def test_by_default_only_this_machine_is_served(served):
    url, log = served
    port = int(url.rsplit(":", 1)[1])
    assert {c.laddr.ip for c in psutil.net_connections("tcp")
            if c.status == psutil.CONN_LISTEN and c.laddr.port == port} == {"127.0.0.1"}
    assert f"Gwari gallery: http://127.0.0.1:{port}/voila/render/index.ipynb" in log.read_text()


def test_sources_are_stripped_and_the_page_is_ours(served):
    url, _log = served
    html = fetch(f"{url}/voila/render/index.ipynb")
    assert "from tutor.widgets import" not in html and "gallery()" not in html
    assert "cdn.jsdelivr.net" not in html and "https://" not in html
    assert "application/vnd.jupyter.widget-view+json" in html


@pytest.mark.parametrize("query", ["template=classic", "template=reveal", "theme=dark", "template=../../etc"])
def test_template_and_theme_cannot_be_chosen_from_the_address(served, query):
    url, _log = served
    html = fetch(f"{url}/voila/render/index.ipynb?{query}")
    assert "cdn.jsdelivr.net" not in html, "still the gwari template"
    assert 'data-jp-theme-name="JupyterLab Light"' in html
    assert "reveal.js" not in html.lower()


def test_the_play_app_comes_from_the_pool_and_the_lesson_does_not(served):
    url, log = served
    wanted = {n for n in NOTEBOOKS if preheated(n)}
    deadline = time.time() + 240  # every app's pool fills in turn; on a busy machine that takes a while
    while not wanted <= set(re.findall(r"Kernel pool of (\S+) is filled", log.read_text())):
        assert time.time() < deadline, "the apps' pools never filled"
        time.sleep(0.5)
    pools = set(re.findall(r"Kernel pool of (\S+) is filled", log.read_text()))
    assert pools == wanted
    play = kernel_id_of(fetch(f"{url}/voila/render/gwra-pyskessa-play.ipynb"))
    lesson = kernel_id_of(fetch(f"{url}/voila/render/gwra-pyskessa-lesson.ipynb"))
    used = re.findall(r"Using pre-heated kernel: (\S+) for (\S+)", log.read_text())
    assert (play, "gwra-pyskessa-play.ipynb") in used
    assert lesson not in {kernel for kernel, _ in used}


# ---------------------------------------------------------------- faults: errors, time limits, culling, forged messages


@pytest.fixture(scope="module")
def faulty(tmp_path_factory):
    """Served-mode Voilà over the play app and notebooks that fail, with short limits so the tests are quick."""
    folder = tmp_path_factory.mktemp("served")
    (folder / "gwra-pyskessa-play.ipynb").write_bytes((ROOT / "notebooks" / "gwra-pyskessa-play.ipynb").read_bytes())
    notebook(folder / "raises.ipynb", "print('before the error')",
             f"def deep():\n    raise RuntimeError('{SECRET}')\ndeep()", "print('never reached')")
    notebook(folder / "slow.ipynb", "print('starting')", "import time\ntime.sleep(12)")
    notebook(folder / "warns.ipynb", f"import sys\nprint('{SECRET}', file=sys.stderr)\nprint('fine')")
    command = voila_command(folder, "--VoilaExecutor.timeout=4",
                            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
                            f"--MappingKernelManager.cull_interval={CULL_INTERVAL}")
    with serving(command, cwd=ROOT, ready="/voila/tree", what="Voila-faults", env=SERVED_ENV) as url:
        yield url


def test_a_failing_cell_shows_no_traceback(faulty):
    html = fetch(f"{faulty}/voila/render/raises.ipynb")
    assert "before the error" in html
    assert SECRET not in html and "Traceback" not in html and "deep()" not in html and "RuntimeError" not in html
    assert "tell your teacher" in html
    assert "never reached" not in html


def test_stderr_is_not_shown_to_learners(faulty):
    html = fetch(f"{faulty}/voila/render/warns.ipynb")
    assert "fine" in html and SECRET not in html


def test_a_cell_that_runs_too_long_is_stopped_with_a_plain_message(faulty):
    started = time.perf_counter()
    html = fetch(f"{faulty}/voila/render/slow.ipynb")
    assert time.perf_counter() - started < 30
    assert "starting" in html and "timed out" in html and "tell your teacher" in html
    assert "Traceback" not in html and "time.sleep" not in html


@pytest.mark.browser
def test_a_failing_notebook_in_the_browser_shows_no_traceback(faulty, chromium):
    def visit(browser) -> str:
        page = browser.new_page()
        try:
            page.goto(f"{faulty}/voila/render/raises.ipynb", timeout=LOAD_MS)
            page.wait_for_function("() => { const cells = document.querySelector('#rendered_cells');"
                                   " return cells && getComputedStyle(cells).display !== 'none'; }", timeout=LOAD_MS)
            page.wait_for_load_state("networkidle", timeout=LOAD_MS)
            return page.inner_text("body")
        finally:
            page.close()

    text = chromium.run(visit)
    assert "before the error" in text and "tell your teacher" in text
    assert SECRET not in text and "Traceback" not in text


def test_forged_comm_messages_change_nothing(faulty):
    """A page's websocket is the only way in: forged clicks are refused; the game is as it was."""
    html = fetch(f"{faulty}/voila/render/gwra-pyskessa-play.ipynb")

    async def scenario():
        channel = await KernelChannel(faulty, kernel_id_of(html)).connect()
        try:
            app = await channel.play_app()
            before = (await channel.state(app))["html"]
            hand = before.count('class="gw-cardbtn"')
            assert hand >= 1
            for kind, value in [("card", hand), ("card", 99), ("card", -1), ("card", "0; import os"),
                                ("card", [0]), ("card", None), ("_apply", "ask 1 for 2"), ("render", None),
                                ("explode", None), (None, None), ({"kind": "card"}, 0), ("undo", None)]:
                assert await channel.press(app, kind, value) == [], (kind, value)
            assert (await channel.state(app))["html"] == before
            held = set(re.findall(r'aria-label="(\w+) of ', before))
            missing = next(code for code, name in RANKS.items() if name not in held)
            for illegal in (f"ask 1 for {missing}", "ask 7 for 2", "ask 0 for 2", "ask 1 for JK", "grab all"):
                refused = await channel.press(app, "move", illegal)
                assert refused and "Not allowed" in refused[-1]["html"], illegal
                assert _game_part(refused[-1]["html"]) == _game_part(before), illegal
            chosen = await channel.press(app, "card", 0)
            assert chosen and 'aria-pressed="true"' in chosen[-1]["html"], "a real click is still answered"
        finally:
            channel.close()

    run(scenario())


def _game_part(html: str) -> str:
    """The table, the hand and the log: the widget's HTML without the error box and what is said aloud."""
    html = re.sub(r'<div hidden data-gw-say="\d+">.*?</div>', "", html, flags=re.S)
    return re.sub(r'<div class="gw-error".*?</div></div>', "", html, flags=re.S)


def test_pooled_kernels_survive_culling_and_wait_for_their_page(faulty):
    """Pooled kernels idle past the cull window are kept; one handed out is not culled before its page connects."""
    time.sleep(CULL_IDLE + 2 * CULL_INTERVAL)  # the pool's kernels have now been idle longer than the window
    kernel = kernel_id_of(fetch(f"{faulty}/voila/render/gwra-pyskessa-play.ipynb"))
    process = next(p for p in kernel_processes(server_pid(faulty)) if f"kernel-{kernel}.json" in " ".join(p.cmdline()))
    assert time.time() - process.create_time() > CULL_IDLE + CULL_INTERVAL, "it waited in the pool past the window"
    time.sleep(CULL_IDLE - 1.5 * CULL_INTERVAL)  # several cull passes while the page loads its scripts
    assert kernel_alive(faulty, kernel), "the kernel was culled before its page connected"


def test_a_kernel_taken_from_the_pool_during_a_cull_pass_is_not_culled(tmp_path):
    """The race behind a dead page: a pass waits for an idle kernel to shut down, a learner takes a kernel that
    has waited in the pool past the cull window, and the pass then judges that kernel; it must count as active."""
    idle = 8  # seconds; longer than the slow kernel's shutdown (5 s), so the pass judges the kernel within it
    hold = tmp_path / "hold"
    hold.touch()
    notebook(tmp_path / "tiny-play.ipynb", "x = 1")  # a preheated app, as voila.json names them
    # A lesson's kernel that stays busy while ``hold`` exists and then takes the whole shutdown wait to exit.
    notebook(tmp_path / "slow-exit.ipynb",
             "import atexit, signal, threading, time\nfrom pathlib import Path\n"
             "signal.signal(signal.SIGTERM, signal.SIG_IGN)\natexit.register(time.sleep, 30)\n"
             f"hold = Path({str(hold)!r})\n"
             "def keep():\n    while hold.exists():\n        print('.', end='', flush=True)\n        time.sleep(0.3)\n"
             "threading.Thread(target=keep, daemon=True).start()")
    command = voila_command(tmp_path, "--VoilaConfiguration.default_pool_size=1",
                            f"--MappingKernelManager.cull_idle_timeout={idle}", "--MappingKernelManager.cull_interval=1")
    log = log_path("Voila-cull-race")

    def wait_for(predicate, what: str, seconds: float = 120) -> None:
        deadline = time.time() + seconds
        while not predicate():
            assert time.time() < deadline, what
            time.sleep(0.1)

    def filled() -> int:
        return log.read_text().count("Kernel pool of tiny-play.ipynb is filled")

    with serving(command, cwd=ROOT, ready="/voila/tree", what="Voila-cull-race", env=SERVED_ENV) as url:
        wait_for(lambda: filled() >= 1, "the pool never filled")
        slow = kernel_id_of(fetch(f"{url}/voila/render/slow-exit.ipynb"))
        fetch(f"{url}/voila/render/tiny-play.ipynb")  # the first pooled kernel goes; the refill starts after `slow`
        wait_for(lambda: filled() >= 2, "the pool was not refilled")
        time.sleep(idle + 2)  # the refilled kernel has now waited in the pool longer than the cull window
        hold.unlink()  # `slow` goes idle; a pass will cull it and wait for it to exit
        wait_for(lambda: f"({slow}) with" in log.read_text(), "the slow kernel was not culled", idle + 30)
        kernel = kernel_id_of(fetch(f"{url}/voila/render/tiny-play.ipynb"))  # taken while the pass waits
        assert f"Using pre-heated kernel: {kernel}" in log.read_text()
        wait_for(lambda: not kernel_alive(url, slow), "the slow kernel never exited", 60)
        time.sleep(2)  # the pass has gone on to judge the kernel just taken
        assert kernel_alive(url, kernel), "a kernel taken from the pool during a cull pass was culled"
    assert f"({kernel}) with" not in log.read_text()


@pytest.mark.browser
def test_a_learner_who_leaves_frees_the_kernel(faulty, chromium):
    def learner(browser, graceful: bool) -> str:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{faulty}/voila/render/gwra-pyskessa-play.ipynb", timeout=LOAD_MS)
        page.locator(".gwari button.gw-cardbtn").first.wait_for(timeout=LOAD_MS)
        kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        assert kernel_alive(faulty, kernel)
        if graceful:  # the learner played, then went elsewhere: the page shuts its kernel down itself
            page.locator(".gwari button.gw-cardbtn").first.click()
            page.wait_for_selector("button.gw-cardbtn[aria-pressed=true]", timeout=10_000)
            page.goto(f"{faulty}/voila/tree", timeout=LOAD_MS)
        context.close()  # the browser is gone without a word: the culler finds the idle kernel
        return kernel

    ids = [chromium.run(lambda browser: learner(browser, graceful)) for graceful in (True, False)]
    deadline = time.time() + 30
    while any(kernel_alive(faulty, k) for k in ids):
        assert time.time() < deadline, "the learners' kernels were not released within the cull window"
        time.sleep(0.5)
    log = log_path("Voila-faults").read_text()
    assert f"Kernel shutdown: {ids[0]}" in log and f"({ids[0]}) with" not in log, "shut down by its page, not culled"
    assert f"({ids[1]}) with 0 connections" in log, "culled"


def test_pools_fill_one_kernel_at_a_time_and_wait_for_the_class_to_arrive(monkeypatch):
    """Pool kernels start one by one; once learners take kernels, refills wait for a quiet spell and then go
    ``refill_gap`` apart; a kernel started for a learner never waits.  (On a clock the test moves.)"""
    from types import SimpleNamespace

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from tutor.serving import PREHEAT, ClassroomKernelManager

    clock = {"now": 1000.0}
    started: list[tuple[str, float]] = []

    async def fake_start(self, *args, **kwargs):
        started.append(("pool" if (kwargs.get("env") or {}).get(PREHEAT) == "True" else "learner", clock["now"]))
        return f"k{len(started)}"

    async def fake_sleep(seconds):
        clock["now"] += seconds

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", fake_start)
    monkeypatch.setattr(ClassroomKernelManager, "__contains__", lambda self, kernel_id: True, raising=False)
    monkeypatch.setattr(ClassroomKernelManager, "get_kernel", lambda self, kernel_id: SimpleNamespace())
    monkeypatch.setattr("tutor.serving.time.monotonic", lambda: clock["now"])
    monkeypatch.setattr("tutor.serving.asyncio.sleep", fake_sleep)
    manager = ClassroomKernelManager(refill_quiet=8.0, refill_gap=3.0, heat_gap=0.0)
    pooled = {"a", "b", "c"}
    monkeypatch.setattr(manager, "pooled_kernels", lambda: set(pooled))
    pool = {"env": {PREHEAT: "True"}}

    async def scenario() -> None:
        for _ in range(3):  # before the class: one after another, no waiting
            await manager.start_kernel(**pool)
        pooled.difference_update({"a", "b"})  # two learners take a kernel each
        await manager.start_kernel(env={})  # a learner starting a kernel of their own: at once
        await manager.start_kernel(**pool)  # a refill: after a quiet spell
        await manager.start_kernel(**pool)  # the next: a gap later

    run(scenario())
    times = [t for _kind, t in started]
    assert [kind for kind, _t in started] == ["pool"] * 3 + ["learner", "pool", "pool"]
    assert times[:4] == [1000.0] * 4
    assert times[4] >= 1000.0 + 8.0, "the refill did not wait for the class to arrive"
    assert times[5] - times[4] >= 3.0, "two refills started together"


def test_a_learner_is_handed_only_a_started_kernel(tmp_path):
    """Voilà's own pooling manager, made from ours as voila.json asks: the pool size a page goes by counts only
    started kernels, and the hand-out takes a started kernel before a refill still queued ahead of it."""
    from types import SimpleNamespace

    from traitlets import Unicode
    from traitlets.config import Configurable
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from tutor.serving import ClassroomKernelManager

    class App(Configurable):
        root_dir = Unicode(str(tmp_path))  # no notebooks: nothing is heated when the manager starts
        notebook_path = None

    manager_class = voila_kernel_manager_factory(ClassroomKernelManager, preheat_kernel=True, default_pool_size=2)

    async def scenario():
        manager = manager_class(parent=App())
        refills: list[str] = []
        manager.fill_if_needed = lambda **kw: refills.append(kw["notebook_name"])
        loop = asyncio.get_running_loop()
        queued = loop.create_future()  # a refill waiting its turn
        started = loop.create_future()
        started.set_result({"kernel_id": "k-started", "renderer": SimpleNamespace(stop_generator=False),
                            "task": "render"})
        started.result()["renderer"].rendered_cache = ["<p>cell</p>"]
        manager._pools["app.ipynb"] = [queued]
        assert manager.get_pool_size("app.ipynb") == 0, "a pool of queued kernels counts as empty"
        manager._pools["app.ipynb"].append(started)
        assert manager.get_pool_size("app.ipynb") == 1
        task, cache, kernel_id = await asyncio.wait_for(manager.get_rendered_notebook("app.ipynb"), 5)
        assert (kernel_id, cache) == ("k-started", ["<p>cell</p>"]), "handed the started kernel"
        assert manager._pools["app.ipynb"] == [queued], "the queued refill stays for later"
        assert refills == ["app.ipynb"]
        queued.cancel()

    run(scenario())


def test_a_class_size_warms_each_app_named_and_bad_values_are_refused(capsys):
    """``.ci/serve --class-size=N [--class-apps=...]`` asks tutor.serving for Voilà's pool settings."""
    from tutor.serving import DEFAULT_POOL, class_options, main

    pools = json.loads(class_options(30, ROOT / "notebooks", ["pig-play", "cornish-drill.ipynb"])[0].split("=", 1)[1])
    assert pools == {"default": {"pool_size": DEFAULT_POOL}, "pig-play.ipynb": {"pool_size": 30},
                     "cornish-drill.ipynb": {"pool_size": 30}}
    every = json.loads(class_options(5, ROOT / "notebooks", [" ", ""])[0].split("=", 1)[1])  # none named: all
    assert set(every) - {"default"} == {n for n in NOTEBOOKS if preheated(n)}, "every app the pools serve"
    for bad in (0, -3, True, 2.5, "30"):
        with pytest.raises(ValueError, match="--class-size"):
            class_options(bad, ROOT / "notebooks")
    with pytest.raises(ValueError, match="no notebook pig-ply"):
        class_options(30, ROOT / "notebooks", ["pig-ply"])
    assert main(["--class-size=3x", f"--notebooks={ROOT / 'notebooks'}"]) == 2
    assert "not '3x'" in capsys.readouterr().err
    assert main(["--class-size=30", "--class-apps=pig-play", f"--notebooks={ROOT / 'notebooks'}"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("--VoilaKernelManager.kernel_pools_config=") and "30 kernels in each of 1 app" in err


def test_click_answers_are_sent_at_once(monkeypatch):
    """The page's websocket has Nagle's algorithm off, so a redrawn table does not wait for the browser's delayed
    acknowledgement of the "busy" message before it (40 ms a click); voila.json names that connection."""
    from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from traitlets.utils.importstring import import_item

    from tutor.serving import PromptKernelConnection

    named = import_item(CONFIG["Voila"]["kernel_websocket_connection_class"])
    assert named is PromptKernelConnection and issubclass(named, BaseKernelWebsocketConnection)
    calls: list = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connect") or "ok")
    connection = PromptKernelConnection.__new__(PromptKernelConnection)
    connection._trait_values["websocket_handler"] = type("Handler", (), {
        "set_nodelay": lambda self, value: calls.append(("nodelay", value))})()
    assert connection.connect() == "ok"
    assert calls == [("nodelay", True), "connect"], "no delay is set before the kernel's messages start"


# ---------------------------------------------------------------- the class's stores, checked as the server starts

HUSH = "hush-4f1a"


def test_the_server_refuses_at_its_start_a_store_that_does_not_answer(tmp_path):
    """Voilà as ``.ci/serve`` starts it, the tables on a PostgreSQL server that does not answer: the server stops
    before it listens, naming the variable and the address, never the password."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, **SERVED_ENV, "GWARI_PROGRESS": str(tmp_path / "progress.sqlite3"),
           "GWARI_TABLES": f"postgresql://gwari:{HUSH}@127.0.0.1:1/tables"}
    done = subprocess.run(voila_command(ROOT / "notebooks", f"--port={port}"), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode == 2, said[-3000:]
    assert "GWARI_TABLES: " in said and "postgresql://gwari" in said and "127.0.0.1:1" in said and HUSH not in said
    assert "is running at" not in said and not (tmp_path / "progress.sqlite3").exists()


@pytest.mark.parametrize("variable, address", [("GWARI_TABLES", "postgresq://gwari@127.0.0.1:5432/tables"),
                                               ("GWARI_PROGRESS", f"mysql://root:{HUSH}@db/gwari"),
                                               ("GWARI_PROGRESS", "redis://tables.school.internal:6379/0")])
def test_the_kernel_manager_stops_the_start_naming_the_variable(monkeypatch, caplog, variable, address):
    """Voilà makes the kernel manager once, as it starts: an address not understood stops it there."""
    import logging

    from tutor.serving import ClassroomKernelManager

    monkeypatch.setenv(variable, address)
    with caplog.at_level(logging.CRITICAL), pytest.raises(SystemExit) as stopped:
        ClassroomKernelManager()
    assert stopped.value.code == 2
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.CRITICAL]
    assert len(said) == 1 and f"{variable}: " in said[0] and HUSH not in said[0], said


def test_a_jupyter_server_given_the_kernel_manager_checks_the_stores_as_it_starts(tmp_path):
    """As the README's hub configuration starts a learner's server (Voilà as its extension): the same check."""
    env = {**os.environ, "GWARI_PROGRESS": str(tmp_path / "progress.sqlite3"), "JUPYTER_RUNTIME_DIR": str(tmp_path),
           "GWARI_TABLES": f"postgresq://gwari:{HUSH}@127.0.0.1:5432/tables"}
    done = subprocess.run([sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root", "--port=0",
                           "--ServerApp.kernel_manager_class=tutor.serving.ClassroomKernelManager"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode == 2, said[-3000:]
    assert "GWARI_TABLES: postgresq://gwari@127.0.0.1:5432/tables is not an address" in said and HUSH not in said
