"""A class at once: learners open the play app together, make moves, and leave.

``.venv/bin/python benchmarks/load.py [--learners 30] [--browsers 3] [--moves 3]``
serves the notebooks as ``bash .ci/serve`` does (voila.json, the gwari template)
on a free loopback port, with a short cull window so that departures are seen
quickly.  Most learners are websocket clients doing what a page does (load the
page, which runs the notebook; connect to its kernel; fetch the widgets; click;
tick as the page's clock does while the bots play, until the learner's turn),
so that the server's two cores are not also spent drawing thirty pages, as they
would be on the learners' own machines; ``--browsers`` of them are real Chromium
pages, driven from a process of their own (Playwright's handling of a page's
events would otherwise hold up the websocket learners' clocks in the same event
loop).  It prints time to interactive (p50/p95), click-to-render, errors, peak
server memory and how long the kernels took to be released.
``tests/test_load.py`` runs the same.  Only 127.0.0.1 is contacted; every wait
has a time limit.  ``--smoke`` is the suite's run (tests/test_benchmarks_smoke.py):
two learners, one in Chromium, two moves each, no other app's kernels heated, no
wait for a quiet machine or for the kernels' release.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import re
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, log_path, serving  # noqa: E402
from tutor.serving import class_options  # noqa: E402
from test_serving import (  # noqa: E402
    SERVED_ENV, KernelChannel, fetch, kernel_alive, kernel_id_of, kernel_processes, server_pid, voila_command)

APP = "gwra-pyskessa-play.ipynb"
LOAD_MS = 240_000
TURN_S = 120  # the longest wait for the bots to play before the learner's turn comes again
CULL_IDLE, CULL_INTERVAL = 20, 2  # seconds: a short window (voila.json has 600, 60), so departures show quickly
SMOKE = {"learners": 2, "browsers": 1, "moves": 2, "class_size": 2}  # the suite's run (--smoke)
MOVE = re.compile(r'class="gw-btn gw-primary" data-gw="move" data-value="([^"]+)"')


@dataclass
class Learner:
    """What one learner saw."""

    browser: bool
    kernel: str = ""
    interactive_s: float = 0.0
    moves: int = 0
    click_s: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@dataclass
class LoadResult:
    """What the class saw, and what the server needed."""

    learners: list[Learner]
    peak_rss_mib: float
    peak_kernels: int
    released_s: float | None
    wall_s: float
    pool: int | None = None

    def tti(self, q: float, browser: bool | None = None) -> float:
        """A quantile of time to interactive, in seconds (of the browsers or the websocket learners, or all)."""
        return quantile([x.interactive_s for x in self.learners if browser in (None, x.browser)], q)

    def click(self, q: float, browser: bool | None = None) -> float:
        """A quantile of click-to-render (a move checked and applied, the redraw sent back; the bots' replies follow
        on the page's clock), in seconds (of the browsers, which also draw the redraw, or the websocket learners, or
        all)."""
        return quantile([t for x in self.learners if browser in (None, x.browser) for t in x.click_s], q)

    @property
    def problems(self) -> list[str]:
        return [p for learner in self.learners for p in learner.problems]

    def summary(self) -> str:
        released = f"{self.released_s:.0f} s" if self.released_s is not None else "not within the limit"
        browsers = sum(x.browser for x in self.learners)
        pool = "voila.json's pool" if self.pool is None else f"a pool of {self.pool} heated first"
        return (f"{len(self.learners)} learners ({browsers} in Chromium, {pool}): time to interactive p50 "
                f"{self.tti(0.5):.1f} s, p95 {self.tti(0.95):.1f} s, max {self.tti(1.0):.1f} s "
                f"(Chromium pages p50 {self.tti(0.5, True):.1f} s); click-to-render p50 {self.click(0.5) * 1000:.0f} ms, "
                f"p95 {self.click(0.95) * 1000:.0f} ms (websocket learners p50 {self.click(0.5, False) * 1000:.0f} ms, p95 "
                f"{self.click(0.95, False) * 1000:.0f} ms; Chromium pages p50 {self.click(0.5, True) * 1000:.0f} ms, "
                f"p95 {self.click(0.95, True) * 1000:.0f} ms); {sum(x.moves for x in self.learners)} moves; "
                f"{len(self.problems)} errors; peak server memory "
                f"{self.peak_rss_mib:,.0f} MiB with {self.peak_kernels} kernels; kernels released {released} "
                f"after the last learner left (cull window {CULL_IDLE}+{CULL_INTERVAL} s); wall {self.wall_s:.0f} s")


class MemorySampler(threading.Thread):
    """Samples the RSS of the server and its kernels until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.server = psutil.Process(pid)
        self.peak_rss = 0
        self.peak_kernels = 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.25):
            try:
                kernels = kernel_processes(self.server.pid)
                rss = self.server.memory_info().rss + sum(k.memory_info().rss for k in kernels)
            except psutil.Error:
                continue
            self.peak_rss = max(self.peak_rss, rss)
            self.peak_kernels = max(self.peak_kernels, len(kernels))


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0 < q <= 1), or NaN for no values."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * len(values)) - 1))]


async def learn_over_websocket(url: str, moves: int, graceful: bool) -> Learner:
    """What a page does, without drawing: load it (the kernel runs the notebook), connect, fetch the widgets, click."""
    seen = Learner(browser=False)
    channel = None
    try:
        start = time.perf_counter()
        page = await asyncio.to_thread(fetch, f"{url}/voila/render/{APP}", LOAD_MS / 1000)
        seen.kernel = kernel_id_of(page)
        channel = await KernelChannel(url, seen.kernel).connect()
        app = await channel.play_app()
        state = await channel.state(app)
        seen.interactive_s = time.perf_counter() - start
        for _ in range(moves):
            await your_turn(channel, app, state)
            if 'data-testid="game-over"' in state["html"]:
                break
            chosen = await channel.press(app, "card", 0)
            move = MOVE.search(chosen[-1].get("html", "")) if chosen else None
            if move is None:
                seen.problems.append("no move offered for the chosen card")
                break
            clicked = time.perf_counter()
            updates = await channel.press(app, "move", html.unescape(move.group(1)))
            seen.click_s.append(time.perf_counter() - clicked)
            if not updates:
                seen.problems.append(f"the move {move.group(1)!r} changed nothing")
                break
            for update in updates:
                state.update(update)
            seen.moves += 1
        if "Traceback" in page or "Traceback" in state["html"]:
            seen.problems.append("a traceback is shown")
        if graceful:  # what the page's beacon does on leaving
            request = urllib.request.Request(f"{url}/voila/api/shutdown/{seen.kernel}", data=b"", method="POST")
            await asyncio.to_thread(urllib.request.urlopen, request, None, 30)
    except Exception as exc:  # noqa: BLE001 (a learner's failure is a finding, reported with the rest)
        seen.problems.append(f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
    finally:
        if channel is not None:
            channel.close()  # the rest just go
    return seen


async def your_turn(channel, app: str, state: dict, seconds: float = TURN_S) -> None:
    """Tick as the page's clock does while the app plays (the bots' moves, shown one by one at the learner's pace),
    each tick once the last is answered, until the learner is to move again; ``state`` takes the updates."""
    deadline = time.perf_counter() + seconds
    while state.get("playing") and time.perf_counter() < deadline:
        await asyncio.sleep(max(50, state.get("interval", 1200)) / 1000)
        for update in await channel.press(app, "tick"):
            state.update(update)


async def learn(browser, url: str, moves: int, graceful: bool, context=None) -> Learner:
    """Open the app in Chromium (in ``context``, a learner's signed-in one, else a new one), wait until a card can
    be clicked, make ``moves`` moves, then leave."""
    seen = Learner(browser=True)
    if context is None:
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    here = [True]  # what the page says while the learner is on it counts; once they leave, its kernel going away
    # with messages in flight is no learner's problem
    page.on("pageerror", lambda exc: seen.problems.append(f"page error: {exc}") if here[0] else None)
    page.on("console", lambda msg: seen.problems.append(f"console: {msg.text} ({msg.location.get('url', '')})")
            if msg.type == "error" and here[0] else None)
    try:
        start = time.perf_counter()
        await page.goto(f"{url}/voila/render/{APP}", timeout=LOAD_MS)
        app = page.locator(".gwari:has([data-testid=code])").first
        await app.locator("button.gw-cardbtn").first.wait_for(timeout=LOAD_MS)
        seen.interactive_s = time.perf_counter() - start
        seen.kernel = await page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        for _ in range(moves):
            if await app.locator("[data-testid=game-over]").count():
                break
            await app.locator("button.gw-cardbtn").first.click()
            move = app.locator("button.gw-primary[data-gw=move]").first
            await move.wait_for(timeout=60_000)
            before = await app.inner_html()
            clicked = time.perf_counter()
            await move.click()
            await page.wait_for_function("([el, old]) => el.innerHTML !== old",
                                         arg=[await app.element_handle(), before], timeout=60_000)
            seen.click_s.append(time.perf_counter() - clicked)
            seen.moves += 1
        if "Traceback" in await page.content():
            seen.problems.append("a traceback is shown")
        here[0] = False
        if graceful:  # goes on to another page: Voilà's page shuts its kernel down on leaving
            await page.goto(f"{url}/voila/tree", timeout=LOAD_MS)
    except Exception as exc:  # noqa: BLE001 (a learner's failure is a finding, reported with the rest)
        seen.problems.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    finally:
        here[0] = False
        await context.close()  # the rest just close the browser
    return seen


async def later(seconds: float, learner):
    """A learner who arrives ``seconds`` after the first."""
    await asyncio.sleep(seconds)
    return await learner


async def browser_learners(url: str, arrivals: list[float], moves: int) -> list[Learner]:
    """The Chromium learners, arriving after ``arrivals`` seconds, in one Chromium."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return list(await asyncio.gather(*(later(at, learn(browser, url, moves, i % 2 == 0))
                                               for i, at in enumerate(arrivals))))
        finally:
            await browser.close()


def run_browser_learners(url: str, arrivals: list[float], moves: int) -> list[Learner]:
    """``browser_learners`` in a process of its own (see ``class_of``)."""
    return asyncio.run(browser_learners(url, arrivals, moves))


async def class_of(url: str, learners: int, browsers: int, moves: int, spread: float = 0.0) -> list[Learner]:
    """The learners arriving evenly over ``spread`` seconds (all at once for 0): ``browsers`` in Chromium, the
    rest over websockets; half leave politely.  The Chromium learners are driven from a process of their own, so
    that handling their pages' events (a hundred requests each) does not hold up the websocket learners' clocks
    in this one's event loop."""
    import concurrent.futures
    import multiprocessing

    step = spread / max(learners - 1, 1)
    arrivals = [i * step * learners / max(browsers, 1) for i in range(browsers)]
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as driver:
        in_chromium = (asyncio.get_running_loop().run_in_executor(
            driver, run_browser_learners, url, arrivals, moves) if browsers else asyncio.sleep(0, []))
        over_websockets = asyncio.gather(*(later(i * step, learn_over_websocket(url, moves, i % 2 == 0))
                                           for i in range(learners - browsers)))
        drawn, others = await asyncio.gather(in_chromium, over_websockets)
    return [*drawn, *others]


def run_load(learners: int = 30, browsers: int = 3, moves: int = 3, release_limit: float = 120,
             pool: int | None = None, class_size: int | None = None, spread: float = 0.0,
             settle: bool = True, others: bool = True) -> LoadResult:
    """Serve, let the class play, and watch the kernels go; ``pool`` heats that many kernels per app first;
    ``class_size`` warms that many for the class's app only, as ``bash .ci/serve --class-size=N --class-apps=APP``
    does (the other apps keep voila.json's pool, or none unless ``others``); the class arrives over ``spread``
    seconds, once the machine is quiet unless ``settle`` is false."""
    extra = [] if pool is None else [f"--VoilaConfiguration.default_pool_size={pool}"]
    if not others:
        pool = class_size or pool or 2
        extra = ["--VoilaKernelManager.kernel_pools_config=" + json.dumps(
            {"default": {"pool_size": 0}, APP: {"pool_size": pool}})]
    elif class_size is not None:
        extra += class_options(class_size, ROOT / "notebooks", [APP])
        pool = class_size
    command = voila_command(ROOT / "notebooks", f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
                            f"--MappingKernelManager.cull_interval={CULL_INTERVAL}", *extra)
    with serving(command, cwd=ROOT, ready="/voila/tree", what="Voila-load", env=SERVED_ENV) as url:
        log = log_path("Voila-load")
        deadline = time.time() + 300
        while f"Kernel pool of {APP} is filled with {pool or 2} kernel" not in log.read_text():
            assert time.time() < deadline, "the pool did not fill within 5 minutes"
            time.sleep(0.5)
        # A filled pool has started its kernels; they may still be running the notebook.  The class comes once the
        # machine is quiet, as it would minutes after the teacher started the server.
        while settle and psutil.cpu_percent(interval=1.0) > 15 and time.time() < deadline:
            pass
        sampler = MemorySampler(server_pid(url))
        sampler.start()
        started = time.perf_counter()
        result: list[Learner] = []
        thread = threading.Thread(target=lambda: result.extend(asyncio.run(
            class_of(url, learners, browsers, moves, spread))))
        thread.start()
        thread.join(timeout=900)
        assert result, "the class did not finish within 15 minutes"
        left = time.perf_counter()
        kernels = [x.kernel for x in result if x.kernel]
        released = None
        while time.perf_counter() - left < release_limit:
            if not any(kernel_alive(url, k) for k in kernels):
                released = time.perf_counter() - left
                break
            time.sleep(0.5)
        sampler.done.set()
        sampler.join()
        return LoadResult(result, sampler.peak_rss / 2**20, sampler.peak_kernels, released,
                          time.perf_counter() - started, pool)


def main() -> None:
    """Print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3, help="how many of them use Chromium (default 3)")
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--pool", type=int, default=None, help="preheated kernels per app (default: voila.json's)")
    parser.add_argument("--class-size", type=int, default=None,
                        help="warm this many kernels for the class's app only (as .ci/serve --class-size --class-apps)")
    parser.add_argument("--spread", type=float, default=0.0, help="the class arrives over this many seconds")
    parser.add_argument("--smoke", action="store_true", help="the suite's size: " + ", ".join(
        f"--{k.replace('_', '-')} {v}" for k, v in SMOKE.items()) + "; no other app heated, no wait for a quiet machine or the release")
    args = parser.parse_args()
    from machine import describe

    print(describe())
    if args.smoke:  # the smoke run's size, where no option says otherwise
        vars(args).update({k: v for k, v in SMOKE.items() if getattr(args, k) == parser.get_default(k)})
    result = run_load(args.learners, args.browsers, args.moves, pool=args.pool, class_size=args.class_size,
                      spread=args.spread, settle=not args.smoke, others=not args.smoke,
                      release_limit=0 if args.smoke else 120)
    print(result.summary())
    for problem in result.problems[:20]:
        print("  ", problem)


if __name__ == "__main__":
    main()
