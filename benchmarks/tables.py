"""Tables of classmates under a class's load: 30 learners at 8 tables (or 60 at 16) on this machine, on each store.

``.venv/bin/python benchmarks/tables.py [--seconds 60] [--stores sqlite,redis,postgresql] [--trials 200]
[--learners 30] [--servers 1]``

Each learner is a process of its own, as each learner's kernel is: it holds its seat (``tutor.tables.Table``) and
does what the play app does at a table on every tick of its page's clock (``TABLE_TICK_MS``): says it is there,
lets the table make a due bot move, reads what is new, and, when it is its turn, makes its move at once (the
strong bot's, as fast as a learner clicks).  Six tables of Burn for four and two of Gwra Pyskessa for three (30
learners, no bots; ``--learners 60`` doubles them); a finished game is followed by a new table of the same
learners.

With ``--servers 2`` the learners' kernels are started by two server processes, as two learners' servers (on two
machines) start their kernels: each server starts half of them, seat by seat alternately, so every table seats
learners of both servers and each move reaches the other server's kernels only through the shared store.  With one
server (the default) the benchmark starts the kernels itself.

Printed per store: moves made, the time from a move kept by the store to its being read by each other learner at
its table (p50, p95, max; the page's redraw is not included: ``benchmarks/serving.py`` times a click-to-render),
refused moves and errors, and each learner process's memory (RSS, after importing Gwari, and its growth while
playing).  Then Pig's race, decided by the store's clock: in each trial three learners reach the same race and
two touch 50 ms apart, while the class plays on; the trial is fair when the later one is the pig.

The three stores are the peers of each other: SQLite on this machine's disk (the default), and a Redis server and a
PostgreSQL server (``tests/redis_server.py``, ``tests/pg_server.py``) started here on sockets of their own (what
learners' servers on several machines share).  Only this machine is used.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from machine import describe  # noqa: E402
from tests.pg_server import postgres_server  # noqa: E402
from tests.redis_server import redis_server  # noqa: E402

TABLES = [("burn", 4)] * 6 + [("gwra-pyskessa", 3)] * 2  # 30 learners
SMOKE_TABLES = [("burn", 4), ("gwra-pyskessa", 3)]  # the suite's run (--smoke): 7 learners
SMOKE = {"seconds": 6.0, "trials": 2, "think": 0.1, "servers": 2}
STORES = ("sqlite", "redis", "postgresql")


def class_tables(learners: int) -> list[tuple[str, int]]:
    """``TABLES`` once for each 30 learners."""
    if learners <= 0 or learners % 30:
        raise ValueError(f"--learners must be a multiple of 30 (tables of Burn for four and Gwra Pyskessa for three), "
                         f"not {learners}")
    return TABLES * (learners // 30)


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def learner(address: str, game: str, players: int, seat: int, codes, seconds: float, think: float, out) -> None:
    """One learner's kernel: tick, read, move when it is this seat's turn; report what it saw."""
    os.environ["GWARI_TABLES"] = address
    from tutor.tables import Table, TableBusy, tables_store
    from tutor.widgets.play_pace import TABLE_TICK_MS

    store = tables_store()
    imported = rss_mib()
    seen, moves, refused, errors, problems = [], 0, 0, 0, []
    keys = codes  # a queue of (code, key) for this seat's tables, one per game played
    code, key = keys.get()
    table = Table(store, code, key)
    known = table.version
    turn = None  # when this seat's turn was first seen
    began = resource.getrusage(resource.RUSAGE_SELF)
    end = time.time() + seconds
    while time.time() < end:
        tick = time.time()
        try:
            table.beat()
            table.advance()  # reads what is new first, as the play app's tick does
            now = time.time() * 1000
            for entry in store.entries(table.code, known) if table.version > known else []:
                if entry.get("seat") != seat and "at" in entry:
                    seen.append(now - entry["at"])
            known = table.version
            if table.state is not None and table.state.is_over:
                code, key = keys.get()
                table = Table(store, code, key)
                known = table.version
                continue
            if table.state is not None and (table.asked == seat if table.pending is not None
                                            else table.state.current_player == seat):
                if turn is None:
                    turn = time.time()
            else:
                turn = None
            if turn is not None and time.time() - turn >= think:
                turn = None
                try:
                    if table.pending is not None:  # a question put to this seat: the hand's true answer
                        table.answer(table.true_answer())
                    else:
                        table.move(table.hint()[0])
                    moves += 1
                    known = table.version
                except TableBusy:
                    refused += 1
        except Exception as exc:  # counted, not hidden: the figure is printed, with the first few
            errors += 1
            if len(problems) < 3:
                problems.append(f"{game}, seat {seat}: {type(exc).__name__}: {exc}")
        time.sleep(max(0.0, TABLE_TICK_MS / 1000 - (time.time() - tick)))
    use = resource.getrusage(resource.RUSAGE_SELF)
    cpu = use.ru_utime + use.ru_stime - began.ru_utime - began.ru_stime  # while playing, not importing
    out.put((game, seen, moves, refused, errors, imported, rss_mib(), cpu / seconds, problems))


def host(address: str, seconds: float, tables: list[tuple[str, int]], queues, ready) -> None:
    """Opens each table's games, one after another: a new table of the same learners when a game ends."""
    os.environ["GWARI_TABLES"] = address
    from tutor.tables import Table, tables_store

    store = tables_store()
    names = iter(f"Learner {i}" for i in range(10_000))
    end = time.time() + seconds

    def open_for(index: int) -> None:
        game, players = tables[index]
        first = Table.open(store, game, players, next(names), seed=index)
        seats = [first] + [Table.join(store, first.code, next(names)) for _ in range(players - 1)]
        first.start()
        for seat, table in enumerate(seats):
            queues[index][seat].put((table.code, table.key))

    for index in range(len(tables)):
        for _ in range(6):  # enough games queued for the run
            open_for(index)
    ready.set()
    while time.time() < end:
        time.sleep(0.5)


def server(kernels: list[tuple], out) -> None:
    """One learners' server: starts its kernels (``learner`` processes) and waits for them."""
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=learner, args=(*args, out)) for args in kernels]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join()


def race_trials(address: str, trials: int) -> tuple[int, int]:
    """Pig's race with three learners: reach a race, two looking learners touch 50 ms apart; fair trials."""
    os.environ["GWARI_TABLES"] = address
    import tutor.tables.referee as referee
    from tutor.tables import Table, tables_store

    referee.BOT_STEP_MS = referee.ROUND_STEP_MS = referee.OFFER_WAIT_MS = 0
    store = tables_store()
    fair = done = 0
    for trial in range(trials):
        first = Table.open(store, "pig", 3, "Ana", seed=3)
        seats = [first] + [Table.join(store, first.code, n) for n in ("Bryok", "Colan")]
        first.start()
        for _ in range(500):
            for t in seats:
                t.sync()
            if first.race is not None or first.state.is_over:
                break
            mover = seats[first.state.current_player]
            mover.move(mover.hint()[0])
        if first.race is None:
            continue
        looking = [t for t in seats if t.seat in first.state.current_players]
        if len(looking) < 2:
            continue
        early, late = looking[trial % 2], looking[1 - trial % 2]
        early.touch()
        time.sleep(0.05)
        late.touch()
        while first.race is not None:
            first.advance()
            time.sleep(0.01)
        pigs = [e.player for _n, e in first.lines if getattr(e, "rule", "") == "pig.pig"]
        done += 1
        fair += bool(pigs) and pigs[-1] == late.seat
    return fair, done


def run(address: str, seconds: float, trials: int, think: float, tables: list[tuple[str, int]] = TABLES,
        servers: int = 1) -> dict:
    """The class at ``tables`` (game, players) for ``seconds``, its kernels started by ``servers`` server processes
    (or by this one), while Pig's race is run ``trials`` times, on the store at ``address``: the figures of one
    row."""
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    queues = [[ctx.Queue() for _ in range(players)] for _game, players in tables]
    ready = ctx.Event()
    opener = ctx.Process(target=host, args=(address, seconds + 30, tables, queues, ready))
    opener.start()
    if not ready.wait(120):
        opener.terminate()
        raise RuntimeError("the tables were not opened within 120 s (the opener's error is above)")
    kernels = [(address, game, players, seat, queues[i][seat], seconds, think)
               for i, (game, players) in enumerate(tables) for seat in range(players)]
    if servers > 1:  # seat by seat alternately: every table has learners of each server
        procs = [ctx.Process(target=server, args=([k for k in kernels if k[3] % servers == n], out))
                 for n in range(servers)]
    else:
        procs = [ctx.Process(target=learner, args=(*k, out)) for k in kernels]
    for proc in procs:
        proc.start()
    fair, done = race_trials(address, trials)
    results = [out.get(timeout=seconds + 120) for _ in kernels]
    for proc in procs:
        proc.join(30)
    opener.terminate()
    seen = sorted(s for r in results for s in r[1])
    return {"moves": sum(r[2] for r in results), "refused": sum(r[3] for r in results),
            "errors": sum(r[4] for r in results), "seen": seen,
            "imported": statistics.median(r[5] for r in results),
            "grown": statistics.median(r[6] - r[5] for r in results), "fair": fair, "trials": done,
            "cpu": sum(r[7] for r in results), "problems": [p for r in results for p in r[8]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--stores", default=",".join(STORES))
    parser.add_argument("--learners", type=int, default=30, help="a multiple of 30")
    parser.add_argument("--servers", type=int, default=1, help="learners' servers starting the kernels, sharing "
                        "the store")
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--think", type=float, default=0.5, help="seconds from a learner's turn to their click")
    parser.add_argument("--smoke", action="store_true", help="the suite's size: a table of each game, " + ", ".join(
        f"--{k} {v}" for k, v in SMOKE.items()))
    args = parser.parse_args()
    if args.smoke:
        vars(args).update(SMOKE)
        tables = SMOKE_TABLES
    else:
        try:
            tables = class_tables(args.learners)
        except ValueError as exc:
            parser.error(str(exc))
    unknown = [name for name in args.stores.split(",") if name not in STORES]
    if unknown:
        parser.error(f"--stores: unknown {', '.join(unknown)} (known: {', '.join(STORES)})")
    print(describe())
    where = "their kernels started by " + (f"{args.servers} servers sharing the store" if args.servers > 1
                                           else "one server")
    print(f"\n{sum(p for _g, p in tables)} learners at {len(tables)} tables, {where}, each clicking {args.think} s "
          f"after their turn comes (or a question to them), "
          f"{args.seconds:.0f} s a store; Pig's race: {args.trials} trials, touches 50 ms "
          "apart.\n")
    print("| store | moves | seen by the others p50 / p95 / max | refused | errors | learner's memory (after "
          "import + while playing) | the learners' CPU | race fair |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    problems: list[str] = []
    for name in args.stores.split(","):
        with tempfile.TemporaryDirectory() as folder:
            with contextlib.ExitStack() as stack:
                address = (stack.enter_context(redis_server(Path(folder))) if name == "redis"
                           else stack.enter_context(postgres_server()) if name == "postgresql"
                           else str(Path(folder) / "tables.sqlite3"))
                r = run(address, args.seconds, args.trials, args.think, tables, args.servers)
        seen = r["seen"] or [float("nan")]
        p50, p95 = statistics.median(seen), seen[int(0.95 * (len(seen) - 1))]
        problems += [f"{name}: {p}" for p in r["problems"]]
        print(f"| {name} | {r['moves']} | {p50:.0f} / {p95:.0f} / {seen[-1]:.0f} ms | {r['refused']} | {r['errors']} "
              f"| {r['imported']:.0f} MiB + {r['grown']:.1f} MiB | {r['cpu']:.2f} cores | {r['fair']} of {r['trials']} "
              f"({100 * r['fair'] / max(1, r['trials']):.1f}%) |", flush=True)
    for problem in problems[:20]:
        print("  ", problem)


if __name__ == "__main__":
    main()
