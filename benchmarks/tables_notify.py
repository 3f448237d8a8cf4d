"""How a move reaches the other pages at a table: polling the table's version at the page's tick, or being told.

``.venv/bin/python benchmarks/tables_notify.py [--learners 60] [--moves 60] [--ways pg-poll,pg-notify,...]``

Each learner is a process of its own (as each learner's kernel is), seated at a table of four; one more process
makes the moves, one every ``--gap`` seconds, at each table in turn (``append`` at the version it read, as the
referee does).  A learner finds a new move one of these ways:

- ``pg-poll``, ``redis-poll``, ``sqlite-poll``: at each tick of its page's clock (``TABLE_TICK_MS``, 150 ms, each
  learner's clock started at a moment of its own, as pages open when they open), it reads the table's version
  (one row, or Redis's ``LLEN``), and the new entries when it has moved on: what the play app does today;
- ``pg-notify``: it waits on ``LISTEN`` for the table's channel (on its store's own connection, so one connection a
  learner, as when polling); the mover sends ``pg_notify`` after each move;
- ``redis-pubsub``: it waits on a Redis channel; the mover ``PUBLISH``es after each move.

Printed per way: the time from the mover's ``append`` being called to each other learner having read the entry
(p50, p95, max; the page's redraw is not included), how long one read of the version takes while the class reads
(p50, p95), how long what a page's tick reads when nothing is due takes (the card, the log from the version known,
the store's clock, the seats' signs of life: ``Table.advance``), the server's processor time for all the learners
(PostgreSQL: the learners' own server processes, read from /proc; Redis: ``INFO cpu``), each learner process's own
processor time, and the errors (a learner that cannot connect among them).  PostgreSQL and Redis are started here
on sockets of their own (``tests/pg_server.py``, ``tests/redis_server.py``); only this machine is used.  It exits
with 1 when any error was counted or a move was not read by every other learner at its table.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
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
from tutor.widgets.play_pace import TABLE_TICK_MS  # noqa: E402

WAYS = ("pg-poll", "pg-notify", "redis-poll", "redis-pubsub", "sqlite-poll")
SEATS = 4


def open_store(way: str, address: str):
    if way.startswith("pg-"):
        from tutor.tables.pg_store import PostgresTables

        return PostgresTables(address)
    if way.startswith("redis-"):
        from tutor.tables.redis_store import RedisTables

        return RedisTables(address)
    from tutor.tables.store import SQLiteTables

    return SQLiteTables(address)


def server_cpu(pids: list[int]) -> float:
    """Processor seconds used so far by these processes (user and system), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def learner(way: str, address: str, code: str, seat: int, ready, go, ends, out) -> None:
    """One learner's kernel at table ``code``: find each new move by ``way``, note how late it was read."""
    late: list[float] = []
    reads: list[float] = []
    try:
        store = open_store(way, address)
        known = store.version(code)
        pids = [store._run(lambda conn: conn.info.backend_pid)] if way.startswith("pg-") else []
        listener = None
        if way == "pg-notify":  # the store's own connection listens: one connection a learner, as when polling
            listener = store._run(lambda conn: conn)
            listener.execute(f'LISTEN "table_{code}"')
        elif way == "redis-pubsub":
            listener = store.redis.pubsub(ignore_subscribe_messages=True)
            listener.subscribe(f"gwari:table:{code}")
    except Exception as exc:  # a learner that cannot even sit down is counted, with why
        ready.put([])
        out.put((late, reads, 1, [f"{way}, seat {seat}: {type(exc).__name__}: {exc}"], 0.0))
        return
    errors, problems = 0, []

    def read_new() -> None:
        nonlocal known
        started = time.perf_counter()
        version = store.version(code)
        reads.append((time.perf_counter() - started) * 1000)
        if version > known:
            now = time.time()
            # The log may have grown since its version was read: what was read is what is known, as Table.sync
            # counts it (known = version would read a move appended in between a second time).
            new = store.entries(code, known)
            for entry in new:
                if entry["seat"] != seat:
                    late.append((now - entry["sent"]) * 1000)
            known += len(new)

    ready.put(pids)
    go.wait()
    began = resource.getrusage(resource.RUSAGE_SELF)
    end = ends.value
    seconds = end - time.time()
    time.sleep(random.random() * TABLE_TICK_MS / 1000)  # each page's clock began when the page opened
    while time.time() < end:
        tick = time.time()
        try:
            if way == "pg-notify":
                # Taken whole before reading: the generator holds the connection the reads need.
                if list(listener.notifies(timeout=min(1.0, max(0.0, end - time.time())), stop_after=1)):
                    read_new()
            elif way == "redis-pubsub":
                if listener.get_message(timeout=min(1.0, max(0.0, end - time.time()))) is not None:
                    read_new()
            else:
                read_new()
                time.sleep(max(0.0, TABLE_TICK_MS / 1000 - (time.time() - tick)))
        except Exception as exc:  # counted, not hidden: the figure is printed, with the first few
            errors += 1
            if len(problems) < 3:
                problems.append(f"{way}, seat {seat}: {type(exc).__name__}: {exc}")
            time.sleep(0.1)
    use = resource.getrusage(resource.RUSAGE_SELF)
    cpu = use.ru_utime + use.ru_stime - began.ru_utime - began.ru_stime
    out.put((late, reads, errors, problems, cpu / seconds))


def mover(way: str, address: str, codes: list[str], moves: int, gap: float) -> tuple[int, list[str]]:
    """Make ``moves`` moves, one every ``gap`` seconds, at each table in turn (a seat whose turn it is moves)."""
    store = open_store(way, address)
    errors, problems = 0, []
    for n in range(moves):
        code = codes[n % len(codes)]
        try:
            version = store.version(code)
            sent = time.time()
            if not store.append(code, version, [{"seat": version % SEATS, "move": "play", "sent": sent}]):
                raise RuntimeError("the append was refused: nobody else moves here")
            if way == "pg-notify":
                store._run(lambda conn: conn.execute("SELECT pg_notify(%s, %s)", (f"table_{code}", str(version + 1))))
            elif way == "redis-pubsub":
                store.redis.publish(f"gwari:table:{code}", version + 1)
        except Exception as exc:  # counted, not hidden
            errors += 1
            if len(problems) < 3:
                problems.append(f"{way}, mover: {type(exc).__name__}: {exc}")
        time.sleep(gap)
    return errors, problems


def run(way: str, address: str, learners: int, moves: int, gap: float) -> dict:
    """``learners`` at tables of four, ``moves`` moves in all; the figures of one row."""
    store = open_store(way, address)
    codes = [store.create({"game": "burn", "players": SEATS}) for _ in range(max(1, learners // SEATS))]
    seconds = moves * gap + 2.0
    ctx = mp.get_context("fork")
    ready, out, go, ends = ctx.Queue(), ctx.Queue(), ctx.Event(), ctx.Value("d", 0.0)
    procs = [ctx.Process(target=learner, args=(way, address, codes[i // SEATS], i % SEATS, ready, go, ends, out))
             for i in range(len(codes) * SEATS)]
    for proc in procs:
        proc.start()
    pids = [pid for _ in procs for pid in ready.get(timeout=120)]  # the learners' own server processes
    cpu_before = redis_cpu(store) if way.startswith("redis-") else server_cpu(pids)
    started = time.time()
    ends.value = started + seconds
    go.set()
    errors, problems = mover(way, address, codes, moves, gap)
    while time.time() < started + seconds - 1.0:
        time.sleep(0.1)
    cpu_after = redis_cpu(store) if way.startswith("redis-") else server_cpu(pids)
    elapsed = time.time() - started
    results = [out.get(timeout=seconds + 60) for _ in procs]
    for proc in procs:
        proc.join(30)
    late = sorted(x for r in results for x in r[0])
    reads = sorted(x for r in results for x in r[1])
    expected = moves * (SEATS - 1)
    return {"late": late, "reads": reads, "expected": expected, "errors": errors + sum(r[2] for r in results),
            "problems": problems + [p for r in results for p in r[3]], "learners": len(procs),
            "server": (cpu_after - cpu_before) / elapsed if not way.startswith("sqlite") else None,
            "client": statistics.mean(r[4] for r in results), "tick": tick_reads(store, codes[0])}


def tick_reads(store, code: str, times: int = 200) -> list[float]:
    """What a page's tick reads when nothing is due (``Table.advance``: the card, the log from the version known,
    the store's clock, the seats' signs of life), timed one after another; sorted, in ms."""
    known = store.version(code)
    out = []
    for _ in range(times):
        started = time.perf_counter()
        store.meta(code)
        store.entries(code, known)
        store.now_ms()
        store.beats(code)
        out.append((time.perf_counter() - started) * 1000)
    return sorted(out)


def redis_cpu(store) -> float:
    info = store.redis.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=60)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--gap", type=float, default=0.25, help="seconds between two moves (at tables in turn)")
    parser.add_argument("--ways", default=",".join(WAYS))
    args = parser.parse_args()
    ways = args.ways.split(",")
    unknown = sorted(set(ways) - set(WAYS))
    if unknown:
        parser.error(f"--ways: {', '.join(unknown)} is not one of {', '.join(WAYS)}")
    print(describe())
    print(f"{args.learners} learners at tables of {SEATS}, {args.moves} moves, one every {args.gap} s\n")
    print("| way | moves read | read after (p50 / p95 / max) | one version read (p50 / p95) | "
          "a tick's reads (p50 / p95) | server CPU, all learners | CPU per learner process | errors |")
    print("|---|---|---|---|---|---|---|---|")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="gwari-notify-") as folder:
        for way in ways:
            if way.startswith("pg-"):
                with postgres_server() as url:
                    row = run(way, url, args.learners, args.moves, args.gap)
            elif way.startswith("redis-"):
                (Path(folder) / way).mkdir()
                with redis_server(Path(folder) / way) as url:
                    row = run(way, url, args.learners, args.moves, args.gap)
            else:
                row = run(way, str(Path(folder) / f"{way}.sqlite3"), args.learners, args.moves, args.gap)
            late, reads = row["late"], row["reads"]
            server = "—" if row["server"] is None else f"{row['server'] * 100:.2f} %"
            print(f"| {way} | {len(late)} of {row['expected']} | {pct(late, 0.5):.0f} / {pct(late, 0.95):.0f} / "
                  f"{max(late, default=float('nan')):.0f} ms | {pct(reads, 0.5):.2f} / {pct(reads, 0.95):.2f} ms | "
                  f"{pct(row['tick'], 0.5):.2f} / {pct(row['tick'], 0.95):.2f} ms | {server} | "
                  f"{row['client'] * 100:.2f} % | {row['errors']} |", flush=True)
            for problem in row["problems"]:
                print(f"  {problem}")
            failures += row["errors"] + (len(late) != row["expected"])
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
