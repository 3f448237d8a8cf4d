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
"""

from __future__ import annotations

from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager, with a kernel handed from a pool to a learner counted as active."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_pooled: set[str] = set()

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
        self._seen_pooled = pooled
        return handed

    async def cull_kernels(self) -> None:
        """One cull pass, after noting the kernels handed out since the last look."""
        self.note_hand_outs()
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Judge one kernel (Voilà has already passed over it if it is pooled), after looking at the pools again."""
        self.note_hand_outs()
        await super().cull_kernel_if_idle(kernel_id)
