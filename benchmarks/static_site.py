"""The static site (``bash .ci/site``): load times, click-to-render, bytes fetched and size, for one app.

``.venv/bin/python benchmarks/static_site.py [--loads 3] [--moves 10] [--app gwra-pyskessa-play]`` builds
site/ when it is missing (``bash .ci/site``), serves it with ``python -m http.server`` on a free loopback port,
and opens the app in Debian's Chromium, counting any request to another host (there should be none).  Figures
are medians over ``--loads`` browsers, each with a new profile:

* cold load: from ``goto`` in a new context (empty cache) to the first card of the hand (``button.gw-cardbtn``)
  visible: Pyodide starts, loads its packages and runs the notebook, all in the browser;
* warm reload: the same page reloaded in the same browser (its HTTP cache, on disk as in a learner's
  browser, holds what the cold load fetched);
* click-to-render: from clicking the move button (after choosing a card) to the app's redraw, which includes
  the bots' turns, computed by Python in the browser (median of ``--moves`` moves in the first context);
* bytes fetched: the responses' sizes as transferred (headers and bodies; nothing for what the cache
  answered), per load (cold, and warm);
* site size: the whole of site/, and Pyodide with the wheels and the start-up snapshot (site/static/pyodide).

In the same run, the same app served by Voilà as ``bash .ci/serve`` serves it is measured the same way: once
cold (no preheated kernel: the page starts a kernel, which runs the notebook) and once as served (a kernel
waiting in the pool).  The last lines give the ratios the static site aims at: cold first card within twice
Voilà's cold time, warm reload within one and a half times.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.clicking import click_a_move  # noqa: E402
from browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port, serving  # noqa: E402
from machine import describe  # noqa: E402
from test_serving import SERVED_ENV, voila_command  # noqa: E402

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
        times.append(click_a_move(page, app) * 1000)
    return times


def measure(pw, url: str, loads: int, moves: int) -> dict[str, list]:
    """Cold loads, warm reloads, bytes and requests of each, click-to-render, and any request to another host.

    Each load is a browser with a new profile of its own on disk, as a learner's browser has: its HTTP cache is
    on disk, so the warm reload can take Pyodide's 8.6 MB WebAssembly (and the code compiled from it) from the
    cache.  (A Playwright ``new_context`` keeps its cache in memory, where an entry that large is not kept.)"""
    out: dict[str, list] = {k: [] for k in ("cold", "warm", "cold_bytes", "warm_bytes", "cold_requests",
                                            "warm_requests", "clicks", "outside")}
    for load in range(loads):
        with tempfile.TemporaryDirectory(prefix="gwari-bench-profile-") as profile:
            context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                            viewport={"width": 1280, "height": 800})
            traffic = Traffic(context)
            page = context.pages[0] if context.pages else context.new_page()
            start = time.perf_counter()
            page.goto(url, timeout=LOAD_MS)
            out["cold"].append(ready_ms(page, start))
            page.wait_for_timeout(500)  # let the last responses finish before counting them
            got, count = traffic.take()
            out["cold_bytes"].append(got), out["cold_requests"].append(count)
            if load == 0:
                out["clicks"] = moves_ms(page, moves)
            traffic.take()
            start = time.perf_counter()
            page.reload(timeout=LOAD_MS)
            out["warm"].append(ready_ms(page, start))
            page.wait_for_timeout(500)
            got, count = traffic.take()
            out["warm_bytes"].append(got), out["warm_requests"].append(count)
            out["outside"] += traffic.outside
            context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="fresh contexts (cold load, then warm reload)")
    parser.add_argument("--moves", type=int, default=10, help="moves timed for click-to-render")
    parser.add_argument("--app", default="gwra-pyskessa-play", help="the app notebook's name, without .ipynb")
    parser.add_argument("--smoke", action="store_true",
                        help="the suite's size: --loads 1 --moves 1, the static site only (no Voilà beside it)")
    args = parser.parse_args()
    if args.smoke:
        args.loads, args.moves = 1, 1

    if not (SITE / "index.html").exists():
        subprocess.run(["bash", ".ci/site"], cwd=ROOT, check=True)
    from playwright.sync_api import sync_playwright

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                               str(SITE), str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/voici/render/{args.app}.html"
    results: dict[str, dict[str, list]] = {}
    with sync_playwright() as pw:
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(url, timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            results["Static site"] = measure(pw, url, args.loads, args.moves)
        finally:
            server.terminate()
            server.wait(timeout=10)
        for name, overrides in () if args.smoke else (("Voilà, cold", ["--VoilaConfiguration.preheat_kernel=False"]),
                                                      ("Voilà, as served (pool)", [])):
            command = voila_command(ROOT / "notebooks", *overrides)
            with serving(command, cwd=ROOT, ready="/voila/tree", what="Voila-static-bench", env=SERVED_ENV) as voila:
                if overrides == []:
                    time.sleep(20)  # the pools fill
                results[name] = measure(pw, f"{voila}/voila/render/{args.app}.ipynb", args.loads, args.moves)

    med = statistics.median
    names = list(results)
    print(f"{args.app}, median of {args.loads} loads each; {describe()}")
    print()
    print("| figure | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))

    def row(label: str, cell) -> None:
        print(f"| {label} | " + " | ".join(cell(results[n]) for n in names) + " |")

    row("cold load to first card", lambda r: f"{med(r['cold']) / 1000:.1f} s")
    row("warm reload to first card", lambda r: f"{med(r['warm']) / 1000:.1f} s")
    row("click-to-render, median / slowest",
        lambda r: f"{med(r['clicks']):.0f} / {max(r['clicks']):.0f} ms" if r["clicks"] else "–")
    row("bytes fetched, cold", lambda r: f"{mib(med(r['cold_bytes']))} ({med(r['cold_requests']):.0f} requests)")
    row("bytes fetched, warm", lambda r: f"{mib(med(r['warm_bytes']))} ({med(r['warm_requests']):.0f} requests)")
    row("requests to other hosts", lambda r: str(len(r["outside"])))
    print()
    print(f"Site size {mib(folder_bytes(SITE))} (Pyodide, wheels and snapshot: {mib(folder_bytes(SITE / 'static' / 'pyodide'))}).")
    if args.smoke:
        return
    site, cold = results["Static site"], results["Voilà, cold"]
    print(f"Static site ÷ Voilà cold: first card {med(site['cold']) / med(cold['cold']):.1f}× (aim ≤ 2), "
          f"warm reload {med(site['warm']) / med(cold['warm']):.1f}× (aim ≤ 1.5).")


if __name__ == "__main__":
    main()
