"""How long each strategy notebook (and the bot notebook) takes to answer all its questions anew at full counts, as
a learner pressing every *Run it again* would wait: wall-clock and processor seconds per notebook.

``.venv/bin/python benchmarks/strategy_notebooks.py [notebooks/burn-strategy.ipynb ...]``

Each notebook runs in a fresh kernel (nbclient) with every study playing its full count of games
(``GWARI_STRATEGY_GAMES`` set above every count; its saved results must be current, as under the tests).  The
kernel's start and imports are counted in; the aim is under a minute for each on two cores.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from machine import describe

ROOT = Path(__file__).resolve().parents[1]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or sorted([*(ROOT / "notebooks").glob("*-strategy.ipynb"),
                                                       ROOT / "notebooks" / "your-own-bot.ipynb"])
    os.environ["GWARI_STRATEGY_GAMES"] = str(10**9)
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
