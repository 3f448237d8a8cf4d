"""Served speed and size: kernel memory per notebook, time to interactive and click-to-render per app.

``.venv/bin/python benchmarks/serving.py [--loads 7]`` serves a copy of
notebooks/ plus ``bare-play.ipynb`` (an ipywidgets button and label, the least a
Voilà app can be; its name gives it a preheated pool like the apps) from the
repository root as ``bash .ci/serve`` does, once with voila.json's preheated
kernels and once without.  One headless Chromium loads each app and the bare
notebook in turn; the figures are medians of ``--loads`` loads.  Only 127.0.0.1
is contacted.  ``--only a.ipynb,b.ipynb`` serves those notebooks (and the bare
one) alone; ``--smoke`` is the suite's run (tests/test_benchmarks_smoke.py): one
app, one load.

* time to interactive: from navigation start to the first control drawn from
  the kernel's widgets (a card of the hand; the bare button), in the page's clock;
* click-to-render: from the click to the redraw the kernel sent back (choosing a
  card; making a move, which also plays the bots' turns; the bare button's label);
* kernel memory: RSS (and USS, memory not shared with other processes) of the
  kernel once the notebook has run.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, log_path, serving  # noqa: E402
from machine import describe  # noqa: E402
from test_serving import SERVED_ENV, fetch, kernel_id_of, notebook, preheated, server_pid, voila_command  # noqa: E402

BARE = "bare-play.ipynb"
BARE_CELLS = (
    "import ipywidgets as widgets\n"
    "label = widgets.Label('0')\n"
    "button = widgets.Button(description='Click')\n"
    "button.on_click(lambda _: setattr(label, 'value', str(int(label.value) + 1)))\n"
    "widgets.VBox([button, label])",
)
LOAD_MS = 120_000
SMOKE_APP = "gwra-pyskessa-play.ipynb"  # the suite's run (--smoke) serves this app and the bare notebook only
READY = {  # the first control drawn from the kernel's widgets
    "app": ".gwari button",
    "bare": ".widget-button",
}


def apps(folder: Path) -> list[str]:
    """The app notebooks (those voila.json preheats), the bare one last."""
    return sorted(p.name for p in folder.glob("*.ipynb") if preheated(p.name) and p.name != BARE) + [BARE]


def kernel_memory(url: str, folder: Path) -> list[tuple[str, float, float]]:
    """(notebook, RSS MiB, USS MiB) of each notebook's kernel once it has run every cell."""
    pid = server_pid(url)
    out = []
    for name in sorted(p.name for p in folder.glob("*.ipynb")):
        kernel = kernel_id_of(fetch(f"{url}/voila/render/{name}"))
        time.sleep(1)
        process = next(p for p in psutil.Process(pid).children(recursive=True)
                       if f"kernel-{kernel}.json" in " ".join(p.cmdline()))
        info = process.memory_full_info()
        out.append((name, info.rss / 2**20, info.uss / 2**20))
    return out


def one_load(page, url: str, name: str) -> dict[str, float]:
    """Load one notebook and click: milliseconds to interactive, and for each click to its redraw."""
    bare = name == BARE
    page.goto(f"{url}/voila/render/{name}", timeout=LOAD_MS)
    ready = READY["bare" if bare else "app"]
    figures = {"tti": page.wait_for_function(
        f"() => document.querySelector({ready!r}) ? performance.now() : null", timeout=LOAD_MS,
        polling="raf").json_value()}
    if bare:
        figures["click"] = click(page, ".widget-button",
                                 "() => [...document.querySelectorAll('.widget-label')].some(l => l.textContent === '1')")
        return figures
    if page.locator("button.gw-cardbtn").count():
        figures["click"] = click(page, "button.gw-cardbtn", "() => document.querySelector("
                                 "'button.gw-cardbtn[aria-pressed=true]')")
        app = page.locator(".gwari:has(button.gw-cardbtn)").first
        page.evaluate("el => { window.__before = el.innerHTML; }", app.element_handle())
        figures["move"] = click(page, ".gwari button.gw-primary[data-gw=move]",
                                "() => [...document.querySelectorAll('.gwari')].every(el => el.innerHTML !== '')"
                                " && document.querySelector('.gwari:has(button.gw-cardbtn)').innerHTML !== window.__before")
    return figures


def click(page, selector: str, done: str) -> float:
    """Milliseconds from clicking ``selector`` until ``done`` holds, in the page's clock."""
    page.locator(selector).first.wait_for(timeout=LOAD_MS)
    start = page.evaluate("performance.now()")
    page.locator(selector).first.click()
    page.wait_for_function(done, timeout=60_000, polling="raf")
    return page.evaluate("performance.now()") - start


def measure(loads: int, preheat: bool, only: list[str] = ()) -> tuple[dict[str, dict[str, list[float]]],
                                                                      list[tuple[str, float, float]]]:
    """Serve a copy of notebooks/ (or of the notebooks named in ``only``) with the bare notebook; load each app
    ``loads`` times."""
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="gwari-bench-"))
    try:
        for path in (ROOT / "notebooks").glob("*.ipynb"):
            if not only or path.name in only:
                shutil.copy(path, folder / path.name)
        notebook(folder / BARE, *BARE_CELLS)
        extra = [] if preheat else ["--VoilaConfiguration.preheat_kernel=False"]
        with serving(voila_command(folder, *extra), cwd=ROOT, ready="/voila/tree", what="Voila-bench",
                     env=SERVED_ENV) as url:
            log = log_path("Voila-bench")
            names = apps(folder)
            results: dict[str, dict[str, list[float]]] = {n: {} for n in names}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for _ in range(loads):
                    for name in names:
                        if preheat:
                            wait_for_pool(log, name)
                        context = browser.new_context(viewport={"width": 1280, "height": 800})
                        for key, value in one_load(context.new_page(), url, name).items():
                            results[name].setdefault(key, []).append(value)
                        context.close()
                browser.close()
            memory = kernel_memory(url, folder) if preheat else []
        return results, memory
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def wait_for_pool(log: Path, name: str, seconds: float = 120) -> None:
    """Wait until the notebook's pool is full again (as a learner arriving a little later finds it)."""
    deadline = time.time() + seconds
    while True:
        text = log.read_text()
        filled = text.count(f"Kernel pool of {name} is filled")
        taken = text.count(f"for {name}\n")
        if filled > taken:
            time.sleep(2)  # "filled" is logged once the kernels start; let them finish running the notebook
            return
        if time.time() > deadline:
            raise TimeoutError(f"the pool of {name} did not refill within {seconds} s")
        time.sleep(0.25)


def median(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f}" if values else "—"


def report(loads: int, only: list[str] = ()) -> str:
    """Both runs as Markdown tables."""
    lines = [describe(), ""]
    memory: list[tuple[str, float, float]] = []
    for preheat in (True, False):
        results, mem = measure(loads, preheat, only)
        memory = memory or mem
        lines += [f"Voilà {'with preheated kernels (voila.json)' if preheat else 'without preheating'}, "
                  f"median of {loads} loads, milliseconds:", "",
                  "| notebook | time to interactive | choose a card | make a move (bots reply) | bare button |",
                  "|---|---:|---:|---:|---:|"]
        for name, figures in results.items():
            lines.append(f"| {name} | {median(figures.get('tti', []))} | {median(figures.get('click', []) if name != BARE else [])} | "
                         f"{median(figures.get('move', []))} | {median(figures.get('click', []) if name == BARE else [])} |")
        lines.append("")
    lines += ["Kernel memory once the notebook has run (MiB):", "", "| notebook | RSS | USS |", "|---|---:|---:|"]
    lines += [f"| {name} | {rss:,.0f} | {uss:,.0f} |" for name, rss, uss in memory]
    return "\n".join(lines)


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="loads per notebook (default 7)")
    parser.add_argument("--only", default="", help="comma-separated notebooks to serve (default: all of notebooks/)")
    parser.add_argument("--smoke", action="store_true", help=f"the suite's size: --loads 1 --only {SMOKE_APP}")
    args = parser.parse_args()
    if args.smoke:
        args.loads, args.only = 1, SMOKE_APP
    only = [name for name in args.only.split(",") if name]
    missing = [name for name in only if not (ROOT / "notebooks" / name).exists()]
    if missing:
        parser.error(f"--only: no notebook {', '.join(missing)} in notebooks/")
    print(report(args.loads, only))


if __name__ == "__main__":
    main()
