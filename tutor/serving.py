"""Serving the notebooks to a class with Voilà: the kernel manager that voila.json names.

Voilà keeps preheated kernels in a pool, idle, and keeps the culler off them.
When it hands one to a learner, the kernel's idle time still counts from when
it was heated, so the culler could shut it down in the seconds before the
learner's page connects and leave a dead page.  This manager starts a handed-out
kernel's idle time again at the hand-over, so a pooled kernel is never culled
while it waits in the pool nor within ``cull_idle_timeout`` of reaching a learner.

The hand-over is noticed when the culler next looks: at the start of every cull
pass and again just before each kernel is judged.  A pass can take seconds (it
waits for each culled kernel to shut down), and a learner may take a kernel from
the pool meanwhile; looking again before each judgement means a kernel taken
mid-pass is counted as active, not as idle since it was heated.  Nothing else
about culling changes.

Warmed for a class: the pools can hold as many kernels as learners are coming
(``bash .ci/serve --class-size=30``).  Voilà replaces each kernel a learner
takes at once, so a class arriving together would set thirty new kernels
starting while the same two cores answer the class's first clicks.  Here:

- the kernels that fill a pool start one at a time: before the class, every
  ``heat_gap`` seconds; once learners are taking kernels, only after nobody has
  taken one for ``refill_quiet`` seconds, and then every ``refill_gap`` seconds,
  so the class's clicks keep the cores;
- a learner is handed only a kernel that has started.  Voilà hands out the
  pool's first entry and waits for it, so a page could wait for a refill still
  queued behind the others; here the started kernels go first, and a pool with
  none started counts as empty, so the page starts a kernel of its own at once
  (as it would with no pool).  Kernels started for a learner never wait.

Every click's answer is sent at once (``PromptKernelConnection``, also named
in voila.json).  A click's answer is a small "busy" message and then the
redrawn table, tens of kilobytes.  Tornado leaves Nagle's algorithm on for a
websocket, so the table waited until the browser acknowledged the "busy"
message, and a browser delays that acknowledgement by 40 ms: every click took
40 ms longer than the kernel needed (benchmarks/RESULTS.md).

The class's stores are checked as the server starts (``store_problems``, when Voilà makes this kernel manager):
``$GWARI_PROGRESS`` or ``$GWARI_TABLES`` not understood, a folder where a file should be, a PostgreSQL or Redis
server that does not answer, stop the server there, the log naming the variable and the address (never its
password), rather than leave each learner's kernel to find out.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

STORES = ("GWARI_PROGRESS", "GWARI_TABLES")  # the variables that say where the class's stores are
PREHEAT = "VOILA_PREHEAT"  # the variable Voilà sets in the environment of a kernel it starts for a pool
DEFAULT_POOL = 2  # voila.json's default_pool_size: what the apps not warmed for the class keep
KERNEL_MB = 60  # about what one kernel of an app takes (benchmarks/RESULTS.md)


def warmed_apps(notebooks: Path, apps: Sequence[str] = ()) -> list[str]:
    """The notebooks warmed for a class: ``apps`` (names with or without ``.ipynb``; blank ones are skipped), or,
    when none is named, every app voila.json preheats (the play apps and the drill; a test keeps the two in step).
    A name with no notebook is refused, naming it."""
    names = [a.strip().removesuffix(".ipynb") + ".ipynb" for a in apps if a.strip()]
    if not names:
        return sorted(p.name for p in notebooks.glob("*.ipynb")
                      if p.stem.endswith("-play") or p.stem == "cornish-drill")
    missing = [n.removesuffix(".ipynb") for n in names if not (notebooks / n).is_file()]
    if missing:
        raise ValueError(f"--class-apps: there is no notebook {', '.join(missing)} in {notebooks}.")
    return names


def class_options(size: int, notebooks: Path, apps: Sequence[str] = ()) -> list[str]:
    """Voilà's options for a class of ``size``: that many kernels heated in each warmed app (the others keep the
    default pool).  The pacing and the started-first hand-out (module notes) apply to every pool."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"--class-size: a whole number of learners (1 or more), not {size!r}.")
    pools = {"default": {"pool_size": DEFAULT_POOL}, **{name: {"pool_size": size}
                                                         for name in warmed_apps(notebooks, apps)}}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tutor.serving --class-size=N [--class-apps=a,b] [--notebooks=DIR]``: print Voilà's options for
    the class, one a line (``.ci/serve`` passes them on), and say on stderr what will be warmed."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tutor.serving", description=main.__doc__)
    parser.add_argument("--class-size", required=True, help="how many learners are coming")
    parser.add_argument("--class-apps", default="", help="comma-separated apps to warm (default: every app)")
    parser.add_argument("--notebooks", default="notebooks", type=Path)
    args = parser.parse_args(argv)
    size = int(args.class_size) if args.class_size.isdigit() else args.class_size  # class_options refuses the rest
    try:
        warmed = warmed_apps(args.notebooks, args.class_apps.split(","))
        options = class_options(size, args.notebooks, warmed)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"Warming {size} kernels in each of {len(warmed)} app(s) before the class (about "
          f"{size * len(warmed) * KERNEL_MB} MB); they start one at a time, and the log says when each app's pool "
          "is full.", file=sys.stderr)
    print("\n".join(options))
    return 0


def store_problems() -> list[str]:
    """What keeps the class's stores from being used, each naming its variable (``STORES``) and showing the address
    without its password ([] when both can be used): an address not understood, a file's path that is a folder, a
    PostgreSQL or Redis server that cannot be reached, or PostgreSQL without its driver.  A server is reached by
    opening its store, as a learner's kernel will (and closed again); a file is only checked, never made."""
    from tutor.addresses import Address
    from tutor.progress.opening import open_progress
    from tutor.progress.schema import progress_address, store_path
    from tutor.tables.store import tables_address, tables_store

    problems: list[str] = []

    def check(variable: str, where: Callable[[], Address], open_store: Callable[[Address], Any]) -> None:
        try:
            address = where()
            if problems and address.variable != variable:  # unset, the tables are where the records are: said
                return
            if address.server:
                close = getattr(open_store(address), "close", None)
                if callable(close):
                    close()
            elif variable == STORES[0]:
                store_path(address.path)
            elif address.path is not None and address.path.is_dir():
                raise ValueError(f"tables file: {address.path} is a folder; give the path of a file in it.")
        except Exception as exc:  # each store's own refusal, in words
            said = str(exc) or type(exc).__name__
            said = said if said.startswith(STORES) else f"{variable}: {said}"
            if said not in problems:  # unset, the tables are where the records are: a problem there is said once
                problems.append(said)

    check(STORES[0], progress_address, open_progress)
    check(STORES[1], tables_address, tables_store)
    return problems


class PromptKernelConnection(ZMQChannelsWebsocketConnection):
    """The websocket between a page and its kernel, sending each message as soon as it is written (TCP_NODELAY)."""

    def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        return super().connect()


def _started(task: asyncio.Future) -> bool:
    """A pool entry whose kernel has started (Voilà's task for it is done and did not fail)."""
    return task.done() and not task.cancelled() and task.exception() is None


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager: a kernel handed from a pool to a learner counts as active, pools fill one kernel at
    a time, and a learner is handed only a started kernel."""

    heat_gap = Float(0.0, config=True, help="Seconds between two kernels started for a pool before any learner came.")
    refill_quiet = Float(8.0, config=True, help="A pool is refilled only once no learner has taken a kernel "
                                                 "from any pool for this many seconds.")
    refill_gap = Float(3.0, config=True, help="Seconds between two kernels started to refill the pools.")

    def __init__(self, **kwargs: Any) -> None:
        """Made once, as the server starts: a store address that cannot be used stops the server there, naming the
        variable (``store_problems``), before any learner's page is served."""
        super().__init__(**kwargs)
        problems = store_problems()
        if problems:
            for problem in problems:
                self.log.critical("The class's store cannot be used: %s", problem)
            raise SystemExit(2)
        self._seen_pooled: set[str] = set()
        self._last_hand_out: float | None = None
        self._last_pool_start = 0.0
        self._pool_starts: asyncio.Lock | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Voilà makes its pooling manager as a subclass of the configured one: its hand-out then takes the started
        kernels first, and its pool size counts only those (the page starts its own kernel when there is none)."""
        super().__init_subclass__(**kwargs)
        hand_out = cls.__dict__.get("get_rendered_notebook")
        if hand_out is not None:
            @functools.wraps(hand_out)
            async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kw: Any) -> Any:
                self.started_first(notebook_name)
                return await hand_out(self, notebook_name, *args, **kw)

            cls.get_rendered_notebook = get_rendered_notebook
        if "get_pool_size" in cls.__dict__:
            cls.get_pool_size = ClassroomKernelManager.started_in_pool

    def _pool(self, notebook_name: str) -> list:
        return getattr(self, "_pools", {}).get(notebook_name, [])

    def started_in_pool(self, notebook_name: str) -> int:
        """How many kernels in the notebook's pool have started (the pool size the page goes by)."""
        return sum(1 for task in self._pool(notebook_name) if _started(task))

    def started_first(self, notebook_name: str) -> None:
        """Put the pool's started kernels before those still queued or starting, each in its order."""
        self._pool(notebook_name).sort(key=lambda task: not _started(task))

    def pooled_kernels(self) -> set[str]:
        """Ids of the heated kernels now waiting in Voilà's pools (none without preheating)."""
        ids = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if _started(task):
                    ids.add(task.result()["kernel_id"])
        return ids

    def note_hand_outs(self) -> set[str]:
        """Kernels seen in a pool before and gone from it now reached a learner: their idle time starts now."""
        pooled = self.pooled_kernels()
        handed = {k for k in self._seen_pooled - pooled if k in self}
        for kernel_id in handed:
            self.get_kernel(kernel_id).last_activity = utcnow()
        if handed:
            self._last_hand_out = time.monotonic()
        self._seen_pooled = pooled
        return handed

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel; one for a pool waits its turn (see the module's notes), one for a learner never waits."""
        if (kwargs.get("env") or {}).get(PREHEAT) != "True":
            return await super().start_kernel(*args, **kwargs)
        if self._pool_starts is None:
            self._pool_starts = asyncio.Lock()
        async with self._pool_starts:
            await self._wait_for_turn()
            self._last_pool_start = time.monotonic()
            return await super().start_kernel(*args, **kwargs)

    async def _wait_for_turn(self) -> None:
        while True:
            self.note_hand_outs()
            now = time.monotonic()
            if self._last_hand_out is None:
                wait = self._last_pool_start + self.heat_gap - now
            else:
                wait = max(self._last_hand_out + self.refill_quiet, self._last_pool_start + self.refill_gap) - now
            if wait <= 0:
                return
            await asyncio.sleep(min(wait, 0.5))

    async def cull_kernels(self) -> None:
        """One cull pass, after noting the kernels handed out since the last look."""
        self.note_hand_outs()
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Judge one kernel (Voilà has already passed over it if it is pooled), after looking at the pools again."""
        self.note_hand_outs()
        await super().cull_kernel_if_idle(kernel_id)


if __name__ == "__main__":
    sys.exit(main())
