"""Every benchmark in benchmarks/ runs in the suite at a tiny size, so that none can stop working unseen.

Each script runs as ``bash benchmarks/run`` runs it (its own process, from the repository root) at the size in
``SMOKE``: seconds, not minutes (those that serve pages or start many processes have a ``--smoke`` size of their
own).  A run passes when the script ends without an error and every error it counts is 0 (``COUNTED``: the load
test's errors, the tables' errors columns, the static site's requests to other hosts).  No time is asserted: the
figures a smoke run prints mean nothing on a busy machine.

The last tests plant a failure in a benchmark's own processes (a ``sitecustomize`` module on ``PYTHONPATH``, which
every Python process of the run imports first, the Voilà server's kernels and the learners' processes too) and check
that the smoke run then fails: the check is not one that cannot fail.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.browser.test_static_site import static_site_url  # noqa: F401 (the fixture that builds site/ when stale)

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
HELPERS = {"bot_harness.py", "machine.py"}  # imported by the benchmarks, not run

#: Each benchmark's arguments at the suite's size.
SMOKE: dict[str, list[str]] = {
    "app_moves.py": ["--games", "1", "--only", "gwra-pyskessa,pig"],
    "bot_strength.py": ["--games", "1", "--only", "cassino,gnav", "--pairs", "strong-random"],
    "burn_bots.py": ["--deals", "1", "--timing-deals", "1", "--budget", "0.001"],
    "carts_tity_bots.py": ["--games", "1", "--timing-games", "1", "--budget", "0.001"],
    "cassino_bots.py": ["--deals", "1"],
    "chwech_bots.py": ["--deals", "1", "--timing-deals", "1", "--players", "4", "--budget", "0.001",
                       "--timing-players", "4"],
    "engine.py": ["--seconds", "0.05"],
    "floor.py": [],
    "gnav_bots.py": ["--games", "1", "--timing-games", "1", "--guesses", "1"],
    "gwra_pyskessa_bots.py": ["--games", "1", "--timing-games", "1", "--guesses", "1"],
    "hub_load.py": ["--smoke"],
    "lesson_times.py": [],
    "load.py": ["--smoke"],
    "page_weight.py": [],
    "pig_bots.py": ["--deals", "1", "--timing-deals", "1", "--players", "3", "--budget", "0.001",
                    "--timing-players", "3"],
    "pig_stop.py": ["--games", "2", "--players", "3", "--levels", "random,strong"],
    "play_minutes.py": ["--games", "1"],
    "profile_engine.py": ["--games", "2"],
    "pymtheg_bots.py": ["--deals", "1", "--timing-deals", "1", "--budget", "0.001"],
    "serving.py": ["--smoke"],
    "static_site.py": ["--smoke"],
    "strategy_notebooks.py": ["--smoke"],
    "tables.py": ["--smoke", "--stores", "sqlite,redis,postgresql"],
    "tables_notify.py": ["--learners", "4", "--moves", "8", "--gap", "0.05"],
}
#: Those that serve pages in Chromium or start a class of processes: the heaviest, started first.
HEAVY = ("hub_load.py", "load.py", "serving.py", "static_site.py", "tables.py", "tables_notify.py", "strategy_notebooks.py")


def load_errors(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"; (\d+) errors?;", out)]


def tables_errors(out: str) -> list[int]:
    head = next(line for line in out.splitlines() if line.startswith("| store |"))
    column = [c.strip() for c in head.strip("|").split("|")].index("errors")
    rows = [line for line in out.splitlines() if re.match(r"\| (sqlite|redis|postgresql) \|", line)]
    return [int(line.strip("|").split("|")[column]) for line in rows]


def notify_errors(out: str) -> list[int]:
    rows = [line for line in out.splitlines() if re.match(r"\| (pg|redis|sqlite)-", line)]
    return [int(line.strip().strip("|").split("|")[-1]) for line in rows]


def outside_requests(out: str) -> list[int]:
    line = next(line for line in out.splitlines() if line.startswith("| requests to other hosts |"))
    return [int(c) for c in line.strip("|").split("|")[1:]]


#: The errors a benchmark counts, read off its output: one figure a run (a store, a way of serving), each must be 0.
COUNTED = {"load.py": load_errors, "hub_load.py": load_errors, "tables.py": tables_errors,
           "tables_notify.py": notify_errors, "static_site.py": outside_requests}


def run_benchmark(script: str, args: list[str], plant: str = "", folder: Path | None = None,
                  timeout: float = 600) -> subprocess.CompletedProcess:
    """The benchmark as ``bash benchmarks/run`` runs it; ``plant`` is code every Python process of the run executes
    first (kept in ``folder``)."""
    env = dict(os.environ)
    if plant:
        assert folder is not None
        (folder / "sitecustomize.py").write_text(textwrap.dedent(plant), encoding="utf-8")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, str(BENCHMARKS / script), *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=timeout)


def failures(script: str, done: subprocess.CompletedProcess) -> list[str]:
    """What is wrong with a smoke run: the script failed, printed nothing, or counted an error."""
    if done.returncode != 0:
        return [f"{script} ended with {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"]
    if not done.stdout.strip():
        return [f"{script} printed nothing:\n{done.stderr[-3000:]}"]
    wrong = []
    if script in COUNTED:
        counts = COUNTED[script](done.stdout)
        if not counts:
            wrong.append(f"{script} printed no count of its errors")
        if any(counts):
            wrong.append(f"{script} counted errors {counts}:\n{done.stdout[-3000:]}")
    return wrong


def test_every_benchmark_has_a_smoke_run():
    scripts = {p.name for p in BENCHMARKS.glob("*.py")} - HELPERS
    assert set(SMOKE) == scripts, "a benchmark without a smoke run here, or one listed here that is gone"


@pytest.mark.parametrize("script", [*HEAVY, *sorted(set(SMOKE) - set(HEAVY))])
def test_a_benchmark_runs_at_a_tiny_size_with_no_error(script, request):
    if script == "static_site.py":
        request.getfixturevalue("static_site_url")  # site/ built (and fresh) once, for the browser suite too
    done = run_benchmark(script, SMOKE[script])
    assert failures(script, done) == []


# -- each check fails when its benchmark counts an error, or fails: failures planted in the run's processes

REFUSE_A_CARD = """
    from tutor.widgets.play import PlayWidget
    _handle = PlayWidget.handle
    def handle(self, kind, *args, **kwargs):
        return False if kind == "card" else _handle(self, kind, *args, **kwargs)
    PlayWidget.handle = handle
"""
NEVER_ANSWER = """
    import tutor.tables.referee as referee
    def answer(self, key):
        raise referee.TableError("planted: this learner cannot answer")
    referee.Table.answer = answer
"""
A_BROKEN_BOT = """
    import tutor.bots
    def make_bot(*args, **kwargs):
        raise RuntimeError("planted: no bot")
    tutor.bots.make_bot = make_bot
"""


def test_the_load_check_fails_when_a_learner_finds_no_move(tmp_path):
    """What the issue saw: the chosen card offers no move (the kernels refuse it here; no Chromium page, which would
    wait a minute for the move)."""
    done = run_benchmark("load.py", [*SMOKE["load.py"], "--browsers", "0"], REFUSE_A_CARD, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "no move offered for the chosen card" in done.stdout
    assert load_errors(done.stdout) and all(load_errors(done.stdout))
    assert failures("load.py", done)


def test_the_tables_check_fails_when_a_question_is_not_answered(tmp_path):
    """What the issue saw: a Gwra Pyskessa table stalls at its first question (on PostgreSQL, the row of the store
    added last, shared by two servers' kernels)."""
    done = run_benchmark("tables.py", ["--smoke", "--stores", "postgresql"], NEVER_ANSWER, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "planted: this learner cannot answer" in done.stdout
    assert tables_errors(done.stdout) and all(tables_errors(done.stdout))
    assert failures("tables.py", done)


def test_a_benchmark_that_fails_fails_its_smoke_run(tmp_path):
    done = run_benchmark("pig_stop.py", SMOKE["pig_stop.py"], A_BROKEN_BOT, tmp_path)
    assert done.returncode != 0 and "planted: no bot" in done.stderr
    assert failures("pig_stop.py", done)


def test_the_static_site_check_counts_requests_to_other_hosts():
    out = "| figure | Static site |\n|---|---:|\n| requests to other hosts | 2 |\n"
    assert outside_requests(out) == [2]
    assert failures("static_site.py", subprocess.CompletedProcess([], 0, out, "")) == [
        f"static_site.py counted errors [2]:\n{out}"]
