"""A Jupyter server that runs Voilà as an extension (Binder, a hub's single-user server): a page's kernel ends with it.

Voilà starts one kernel for each page it renders.  When the page is left, its
code asks the server to shut that kernel down; inside a Jupyter server the
request is refused unless the browser holds the server's ``_xsrf`` cookie, which
a learner who went straight to a Voilà page does not have (a known Voilà bug).
The kernels of the pages left then stay, tens of megabytes each, until the
culler takes them.

``LeftPageConnection`` is the websocket between a page and its kernel (sending
each message at once, as ``tutor.serving.PromptKernelConnection`` does).  When
the last page connected to a kernel closes and the kernel belongs to no session
(JupyterLab's notebooks and consoles each have one; Voilà's pages have none),
the kernel is shut down ``grace`` seconds later unless a page has connected to
it again meanwhile (a dropped connection is re-opened within seconds).  Kernels
whose page never connected (a page closed while it was still being drawn) are
left to the culler, which binder/postBuild turns on with voila.json's settings.
"""

from __future__ import annotations

import asyncio
from typing import Any

from traitlets import Float

from tutor.serving import PromptKernelConnection

GRACE = 10.0
_CHECKS: set[asyncio.Task] = set()  # the pending checks, held until done (the event loop holds tasks weakly)


class LeftPageConnection(PromptKernelConnection):
    """A page's connection to its kernel; a kernel of no session is shut down once its last page has gone."""

    grace = Float(GRACE, config=True,
                  help="Seconds a kernel of no session stays after its last page closed, for that page to reconnect.")

    def disconnect(self) -> Any:
        result = super().disconnect()
        manager, kernel_id = self.multi_kernel_manager, self.kernel_id
        if manager._kernel_connections.get(kernel_id) == 0:
            sessions = self.websocket_handler.settings.get("session_manager")

            def check() -> None:
                task = asyncio.ensure_future(shut_down_if_left(manager, sessions, kernel_id, self.log))
                _CHECKS.add(task)
                task.add_done_callback(_CHECKS.discard)

            asyncio.get_running_loop().call_later(self.grace, check)
        return result


async def shut_down_if_left(manager: Any, sessions: Any, kernel_id: str, log: Any) -> bool:
    """Shut the kernel down if it still has no connection and belongs to no session; whether it was."""
    if kernel_id not in manager or manager._kernel_connections.get(kernel_id, 0) > 0:
        return False
    if sessions is not None and any(s["kernel"]["id"] == kernel_id for s in await sessions.list_sessions()):
        return False
    log.info("Shutting down kernel %s: its page was left", kernel_id)
    try:
        await manager.shutdown_kernel(kernel_id)
    except KeyError:  # shut down meanwhile (the page's own request got through, or the culler took it)
        return False
    return True
