"""The static site (``bash .ci/site``): load times, click-to-render, bytes fetched and size, for one app.

``.venv/bin/python benchmarks/static_site.py [--loads 3] [--moves 10] [--app gwra-pyskessa-play]`` builds
site/ when it is missing (``bash .ci/site``), serves it with ``python -m http.server`` on a free loopback port,
and opens the app in Debian's Chromium, counting any request to another host (there should be none).  Figures are medians over ``--loads`` fresh browser contexts:

* cold load: from ``goto`` in a new context (empty cache) to the first card of the hand (``button.gw-cardbtn``)
  visible: Pyodide starts, loads its packages and runs the notebook, all in the browser;
* warm reload: the same page reloaded in the same context (the HTTP cache holds what the cold load fetched);
* click-to-render: from clicking the move button (after choosing a card) to the app's redraw, which includes
  the bots' turns, computed by Python in the browser (median of ``--moves`` moves in the first context);
* bytes fetched: the responses' sizes as transferred (headers and bodies; nothing for what the cache
  answered), per load (cold, and warm);
* site size: the whole of site/, and Pyodide with the wheels (site/static/pyodide).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from machine import describe  # noqa: E402

SITE = ROOT / "site"
READY = "button.gw-cardbtn"
LOAD_MS = 180_000


def folder_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


class Traffic:
    """Counts what a context fetched (bytes as transferred, requests) and any request to another host.

    It watches rather than routes: Playwright's routing turns the HTTP cache off, which would make every
    warm reload a cold one.  (tests/browser/test_static_site.py routes, and blocks other hosts.)"""

    def __init__(self, context):
        self.bytes = 0
        self.requests = 0
        self.outside: list[str] = []
        context.on("request", self._request)
        context.on("requestfinished", self._finished)

    def _request(self, request):
        url = request.url
        if not url.startswith(("data:", "blob:")) and urlparse(url).hostname != "127.0.0.1":
            self.outside.append(url)

    def _finished(self, request):
        try:
            sizes = request.sizes()
        except Exception:  # the page may be gone
            return
        self.requests += 1
        self.bytes += sizes.get("responseBodySize", 0) + sizes.get("responseHeadersSize", 0)

    def take(self) -> tuple[int, int]:
        got = (self.bytes, self.requests)
        self.bytes = self.requests = 0
        return got


def ready_ms(page, start: float) -> float:
    page.locator(READY).first.wait_for(timeout=LOAD_MS)
    return (time.perf_counter() - start) * 1000


def moves_ms(page, moves: int) -> list[float]:
    """Milliseconds from clicking the move button to the app's redraw, for up to ``moves`` moves."""
    app = page.locator(".gwari:has([data-testid=code])").first
    times = []
    for _ in range(moves):
        if app.locator("[data-testid=game-over]").count():
            break
        app.locator("button.gw-cardbtn").first.click()
        move = app.locator("button.gw-primary[data-gw=move]").first
        move.wait_for(timeout=30_000)
        before = app.inner_html()
        start = time.perf_counter()
        move.click()
        page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[app.element_handle(), before],
                               timeout=30_000)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="fresh contexts (cold load, then warm reload)")
    parser.add_argument("--moves", type=int, default=10, help="moves timed for click-to-render")
    parser.add_argument("--app", default="gwra-pyskessa-play", help="the app notebook's name, without .ipynb")
    args = parser.parse_args()

    if not (SITE / "index.html").exists():
        subprocess.run(["bash", ".ci/site"], cwd=ROOT, check=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                               str(SITE), str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/voici/render/{args.app}.html"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        from playwright.sync_api import sync_playwright

        cold, warm, cold_bytes, warm_bytes, cold_requests, warm_requests, clicks, outside = [], [], [], [], [], [], [], []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for load in range(args.loads):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                traffic = Traffic(context)
                page = context.new_page()
                start = time.perf_counter()
                page.goto(url, timeout=LOAD_MS)
                cold.append(ready_ms(page, start))
                page.wait_for_timeout(500)  # let the last responses finish before counting them
                got, count = traffic.take()
                cold_bytes.append(got), cold_requests.append(count)
                if load == 0:
                    clicks = moves_ms(page, args.moves)
                traffic.take()
                start = time.perf_counter()
                page.reload(timeout=LOAD_MS)
                warm.append(ready_ms(page, start))
                page.wait_for_timeout(500)
                got, count = traffic.take()
                warm_bytes.append(got), warm_requests.append(count)
                outside += traffic.outside
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)

    med = statistics.median
    print(f"Static site (Voici + Pyodide 0.29.0), {args.app}, median of {args.loads} loads; {describe()}")
    print()
    print("| figure | value |")
    print("|---|---|")
    print(f"| cold load to first card | {med(cold) / 1000:.1f} s (each: {', '.join(f'{t / 1000:.1f}' for t in cold)}) |")
    print(f"| warm reload to first card | {med(warm) / 1000:.1f} s (each: {', '.join(f'{t / 1000:.1f}' for t in warm)}) |")
    if clicks:
        print(f"| click-to-render (a move and the bots' turns) | {med(clicks):.0f} ms median, "
              f"{max(clicks):.0f} ms slowest, {len(clicks)} moves |")
    print(f"| bytes fetched, cold load | {mib(med(cold_bytes))} in {med(cold_requests):.0f} requests |")
    print(f"| bytes fetched, warm reload | {mib(med(warm_bytes))} in {med(warm_requests):.0f} requests |")
    print(f"| requests to other hosts | {len(outside)} |")
    print(f"| site size | {mib(folder_bytes(SITE))} (Pyodide and wheels: {mib(folder_bytes(SITE / 'static' / 'pyodide'))}) |")


if __name__ == "__main__":
    main()
