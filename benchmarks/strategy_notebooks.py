"""How long each strategy notebook (and the bot notebook) takes to answer all its questions anew at full counts, as
a learner pressing every *Run it again* would wait: wall-clock and processor seconds per notebook.

``.venv/bin/python benchmarks/strategy_notebooks.py [notebooks/burn-strategy.ipynb ...] [--games N] [--smoke]``

Each notebook runs in a fresh kernel (nbclient) with every study playing its full count of games
(``GWARI_STRATEGY_GAMES`` set above every count; its saved results must be current, as under the tests).  The
kernel's start and imports are counted in; the aim is under a minute for each on two cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from machine import describe

ROOT = Path(__file__).resolve().parents[1]
SMOKE = ROOT / "notebooks" / "your-own-bot.ipynb"  # the suite's run (--smoke)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="the notebooks (default: every strategy notebook and "
                        "the bot notebook)")
    parser.add_argument("--games", type=int, default=10**9, help="games a study plays at most (default: its full "
                        "count)")
    parser.add_argument("--smoke", action="store_true", help=f"the suite's size: {SMOKE.name} at --games 2")
    args = parser.parse_args()
    if args.smoke:
        args.notebooks, args.games = [SMOKE], 2
    paths = args.notebooks or sorted([*(ROOT / "notebooks").glob("*-strategy.ipynb"),
                                      ROOT / "notebooks" / "your-own-bot.ipynb"])
    os.environ["GWARI_STRATEGY_GAMES"] = str(args.games)
    os.environ.pop("GWARI_STRATEGY_SAVE", None)
    print(describe())
    print()
    print("| notebook | wall s | processor s | under a minute |")
    print("|---|---:|---:|---|")
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        cpu, start = children_cpu(), time.perf_counter()
        NotebookClient(notebook, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        wall = time.perf_counter() - start
        print(f"| {path.name} | {wall:.0f} | {children_cpu() - cpu:.0f} | {'yes' if wall < 60 else 'no'} |",
              flush=True)


if __name__ == "__main__":
    main()
