"""A class under JupyterHub: what the hub costs a learner (time to a working gallery, memory), and the play app's
load under it.

``.venv/bin/python benchmarks/hub_load.py [--learners 6] [--spread 10] [--moves 3]`` (as root: the hub starts each
learner's server as their own account) starts JupyterHub from the README's recipe (docs/jupyterhub_config.py, run
as ``tests/test_hub.py`` runs it: ``tests/hub_server.py``), with the class service, and makes an account for each
learner.  The learners arrive evenly over ``--spread`` seconds, each a Chromium page: it signs in, waits for its
server to be spawned and the gallery to be drawn (the time to a working gallery), then opens the Gwra Pyskessa play
app and plays as ``benchmarks/load.py``'s Chromium learners do (time to interactive, click-to-render).  Sampled
every half second: each learner's processes (their server and its kernels, by their account) and the hub's own
(the hub, its proxy, the class service).  It prints the figures; any error a learner met is printed and the run
ends with 1.  ``--smoke`` is the suite's size (tests/test_benchmarks_smoke.py): one learner, one move.  Only
127.0.0.1 is contacted; every wait has a time limit.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pwd
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from hub_server import PASSWORD, running_hub  # noqa: E402
from load import Learner, learn, quantile  # noqa: E402
from tutor.engine import counted  # noqa: E402

SMOKE = {"learners": 1, "moves": 1, "spread": 0.0}
SPAWN_MS = 240_000  # a learner's server spawned and the gallery drawn, on a busy machine
TEACHER = "gwb-teacher"


@dataclass
class Arrival:
    """One learner under the hub: their sign-in to a working gallery, then the play app as load.py plays it."""

    name: str
    gallery_s: float = float("nan")
    play: Learner = field(default_factory=lambda: Learner(browser=True))
    problems: list[str] = field(default_factory=list)


class Sampler(threading.Thread):
    """The peak memory (RSS, MiB) of each learner's processes (by account) and of the hub's own (hub, proxy,
    class service: root's processes started under the hub)."""

    def __init__(self, names: list[str], hub_pid: int) -> None:
        super().__init__(daemon=True)
        self.uids = {pwd.getpwnam(n).pw_uid: n for n in names}
        self.hub = psutil.Process(hub_pid)
        self.peak = {n: 0.0 for n in names}
        self.parts: dict[str, tuple[float, int, float]] = {}  # at each learner's peak: server MiB, kernels, their MiB
        self.hub_peak = 0.0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.5):
            per = dict.fromkeys(self.peak, 0)
            parts = {n: [0, 0, 0] for n in self.peak}
            for proc in psutil.process_iter(["uids", "memory_info", "cmdline"]):
                owner = self.uids.get(proc.info["uids"].real if proc.info["uids"] else -1)
                if owner is not None and proc.info["memory_info"] is not None:
                    rss = proc.info["memory_info"].rss
                    per[owner] += rss
                    if "ipykernel_launcher" in " ".join(proc.info["cmdline"] or ()):
                        parts[owner][1] += 1
                        parts[owner][2] += rss
                    else:
                        parts[owner][0] += rss
            try:
                hub = [self.hub, *self.hub.children(recursive=True)]
                ours = sum(p.memory_info().rss for p in hub if p.uids().real == 0)
            except psutil.Error:
                continue
            for name, rss in per.items():
                if rss / 2**20 > self.peak[name]:
                    self.peak[name] = rss / 2**20
                    server, kernels, kernels_rss = parts[name]
                    self.parts[name] = (server / 2**20, kernels, kernels_rss / 2**20)
            self.hub_peak = max(self.hub_peak, ours / 2**20)


def hub_pid() -> int:
    """The JupyterHub process this run started (the newest one of this process's children)."""
    hubs = [p for p in psutil.Process().children() if "jupyterhub" in " ".join(p.cmdline())]
    return max(hubs, key=lambda p: p.create_time()).pid


async def arrive(browser, url: str, name: str, moves: int) -> Arrival:
    """Sign in as ``name``, wait for the gallery, then play the app."""
    seen = Arrival(name)
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = await context.new_page()
        start = time.perf_counter()
        await page.goto(f"{url}/hub/login", timeout=60_000)
        await page.fill("input[name=username]", name)
        await page.fill("input[name=password]", PASSWORD)
        await page.click("input[type=submit], button[type=submit]")
        await page.wait_for_url(re.compile(rf"/user/{name}/voila/render/index\.ipynb"), timeout=SPAWN_MS)
        await page.locator(".gwari").first.wait_for(timeout=SPAWN_MS)
        seen.gallery_s = time.perf_counter() - start
        await page.close()
    except Exception as exc:  # noqa: BLE001 (a learner's failure is a finding, reported with the rest)
        seen.problems.append(f"{name}, signing in: {type(exc).__name__}: {str(exc).splitlines()[0]}")
        await context.close()
        return seen
    seen.play = await learn(browser, f"{url}/user/{name}", moves, graceful=False, context=context)
    seen.problems += [f"{name}, playing: {p}" for p in seen.play.problems]
    return seen


async def class_arrives(url: str, names: list[str], moves: int, spread: float) -> list[Arrival]:
    from playwright.async_api import async_playwright

    step = spread / max(len(names) - 1, 1)

    async def later(i: int, name: str) -> Arrival:
        await asyncio.sleep(i * step)
        return await arrive(browser, url, name, moves)

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return list(await asyncio.gather(*(later(i, n) for i, n in enumerate(names))))
        finally:
            await browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=6)
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--spread", type=float, default=10.0, help="the class arrives over this many seconds")
    parser.add_argument("--smoke", action="store_true", help="the suite's size: " + ", ".join(
        f"{k} {v}" for k, v in SMOKE.items()))
    args = parser.parse_args()
    if args.smoke:
        for key, value in SMOKE.items():
            setattr(args, key, value)
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        print("Run as root: the hub starts each learner's server as their own account.")
        return 2
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    names = [f"gwb-{i:02d}{'-' + worker if worker else ''}" for i in range(args.learners)]
    teacher = f"{TEACHER}{'-' + worker if worker else ''}"
    from machine import describe  # the machine's line, as every benchmark prints it

    print(describe())
    print(f"{counted(args.learners, 'learner')} under JupyterHub (the README's recipe, apps only), arriving over "
          f"{args.spread:.0f} s, {counted(args.moves, 'move')} each in the Gwra Pyskessa play app")
    with running_hub(tuple(names), teacher) as hub:
        sampler = Sampler(names, hub_pid())
        sampler.start()
        started = time.perf_counter()
        class_ = asyncio.run(class_arrives(hub.url, names, args.moves, args.spread))
        wall = time.perf_counter() - started
        sampler.done.set()
        sampler.join()
    galleries = [a.gallery_s for a in class_ if a.gallery_s == a.gallery_s]
    ttis = [a.play.interactive_s for a in class_ if a.play.interactive_s]
    clicks = [t for a in class_ for t in a.play.click_s]
    memory = sorted(sampler.peak.values())
    problems = [p for a in class_ for p in a.problems]
    print(f"| figure | p50 | p95 | max |\n|---|---|---|---|\n"
          f"| sign-in to a working gallery (spawn included) | {quantile(galleries, 0.5):.1f} s | "
          f"{quantile(galleries, 0.95):.1f} s | {quantile(galleries, 1.0):.1f} s |\n"
          f"| the play app's time to interactive (its kernel started as the page opens) | {quantile(ttis, 0.5):.1f} s | "
          f"{quantile(ttis, 0.95):.1f} s | {quantile(ttis, 1.0):.1f} s |\n"
          f"| click-to-render | {quantile(clicks, 0.5) * 1000:.0f} ms | {quantile(clicks, 0.95) * 1000:.0f} ms | "
          f"{quantile(clicks, 1.0) * 1000:.0f} ms |\n"
          f"| a learner's memory (their server, its warm kernel and the app's, peak RSS) | "
          f"{quantile(memory, 0.5):.0f} MiB | {quantile(memory, 0.95):.0f} MiB | {quantile(memory, 1.0):.0f} MiB |")
    middle = sorted(sampler.parts.values())[len(sampler.parts) // 2] if sampler.parts else (0.0, 0, 0.0)
    print(f"A learner at their peak: the server {middle[0]:.0f} MiB, {counted(middle[1], 'kernel')} "
          f"{middle[2]:.0f} MiB (the gallery's, the warm one kept for today's app, the app's own).")
    print(f"The hub, its proxy and the class service: {sampler.hub_peak:.0f} MiB at most; "
          f"{counted(sum(a.play.moves for a in class_), 'move')}; {counted(len(problems), 'error')}; "
          f"wall {wall:.0f} s")
    for problem in problems[:10]:
        print(f"  - {problem}")
    return 1 if problems or len(galleries) != len(names) else 0


if __name__ == "__main__":
    sys.exit(main())
