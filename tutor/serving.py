"""Serving the notebooks to a class with Voilà: the kernel manager that voila.json names.

Voilà keeps preheated kernels in a pool, idle, and keeps the culler off them.
When it hands one to a learner, the kernel's idle time still counts from when
it was heated; a cull pass in the second or two before the learner's page
connects would shut it down and leave a dead page.  This manager counts the
hand-over as activity: a kernel seen in a pool at one cull pass and gone from
it at the next starts its idle time again.  Nothing else about culling changes.
"""

from __future__ import annotations

from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager, with a kernel handed from a pool to a learner counted as active."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pooled_at_last_pass: set[str] = set()

    def pooled_kernels(self) -> set[str]:
        """Ids of the heated kernels now waiting in Voilà's pools (none without preheating)."""
        ids = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    async def cull_kernels(self) -> None:
        """One cull pass; kernels handed out of a pool since the last pass are active as of now."""
        pooled = self.pooled_kernels()
        for kernel_id in self._pooled_at_last_pass - pooled:
            if kernel_id in self:
                self.get_kernel(kernel_id).last_activity = utcnow()
        self._pooled_at_last_pass = pooled
        await super().cull_kernels()
