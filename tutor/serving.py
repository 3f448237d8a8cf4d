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
starting while the same two cores answer the class's first clicks.  Here the
kernels that fill a pool are started one at a time: before the class, every
``heat_gap`` seconds; once learners are taking kernels, only after nobody has
taken one for ``refill_quiet`` seconds and then every ``refill_gap`` seconds, so
the class's clicks keep the cores.  Kernels started for a learner directly (the
pool empty, or a notebook that is not preheated) never wait.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

PREHEAT = "VOILA_PREHEAT"  # the variable Voilà sets in the environment of a kernel it starts for a pool


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager, with a kernel handed from a pool to a learner counted as active, and pools filled
    one kernel at a time."""

    heat_gap = Float(0.0, config=True, help="Seconds between two kernels started for a pool before any learner came.")
    refill_quiet = Float(8.0, config=True, help="A pool is refilled only once no learner has taken a kernel "
                                                 "from any pool for this many seconds.")
    refill_gap = Float(3.0, config=True, help="Seconds between two kernels started to refill the pools.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_pooled: set[str] = set()
        self._last_hand_out: float | None = None
        self._last_pool_start = 0.0
        self._pool_starts: asyncio.Lock | None = None

    def pooled_kernels(self) -> set[str]:
        """Ids of the heated kernels now waiting in Voilà's pools (none without preheating)."""
        ids = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
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
