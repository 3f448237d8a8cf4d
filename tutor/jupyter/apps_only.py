"""Apps only (``gwari singleuser --apps-only``): a learner's server that shows Gwari's apps and runs no code the
learner sends.

- ``AppsOnlyAuthorizer``: the server's API (contents, sessions, kernels, terminals, kernel specs, files, settings)
  is refused in words; the pages of Voilà and a page's kernel websocket are the doors left open;
- ``PAGE_MESSAGES``: what a page's websocket may carry to its kernel, the list Voilà's own standalone server lets
  through; an ``execute_request`` is dropped by the Jupyter server, never run (given to
  ``MappingKernelManager.allowed_message_types``);
- ``RefusedPage``: JupyterLab's, the notebook's and the terminals' pages answered with a refusal and the gallery.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.auth.authorizer import Authorizer
from tornado import web

# What a page may send down its kernel's websocket: the list Voilà's standalone server gives its kernel manager
# (voila/app.py, Voila.init_settings): widgets' messages, the kernel's info, shutting it down; no execute_request.
PAGE_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
                 "shutdown_request"]
GALLERY = "/voila/render/index.ipynb"
REFUSED = ("This server shows the class's apps only: {what} is not open to you here.  Your apps are in the "
           "gallery.")
WHAT = {"kernels": "starting or running code", "contents": "the files", "sessions": "notebooks of your own",
        "terminals": "the terminal", "kernelspecs": "the list of kernels", "api": "the server's own interface",
        "files": "the files", "nbconvert": "converting notebooks", "config": "the server's settings"}
# The pages of JupyterLab, the classic notebook and the terminals (and the terminals' API, switched off with them),
# answered in words under --apps-only.
UI_PATHS = r"/(lab|tree|notebooks|edit|doc|terminals|consoles|nbclassic|retro|api/terminals)(/.*)?"


class AppsOnlyAuthorizer(Authorizer):
    """Apps only: a learner reaches the pages of Voilà and their kernels' websockets, and nothing else of the
    server's API (contents, sessions, kernels, terminals, kernel specs, files, settings), each refused in words.  A
    page may read its own kernel's state (``GET /api/kernels/<id>``), as a standalone Voilà lets it."""

    def is_authorized(self, handler: web.RequestHandler, user: Any, action: str, resource: str) -> bool:
        from jupyter_server.services.kernels.handlers import KernelHandler
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

        if isinstance(handler, KernelWebsocketHandler) or type(handler).__module__.startswith("voila."):
            return True
        if isinstance(handler, KernelHandler) and handler.request.method == "GET":
            return True  # a page reads its own kernel's state (its name, busy or idle) as it connects
        raise web.HTTPError(403, REFUSED.format(what=WHAT.get(resource, f"the server's {resource}")))


class RefusedPage(web.RequestHandler):
    """JupyterLab's, the notebook's and the terminals' pages under --apps-only: refused in words, with the gallery."""

    def get(self, *args: Any) -> None:
        gallery = self.settings.get("base_url", "/").rstrip("/") + GALLERY
        self.set_status(403)
        if args and args[0] == "api/terminals":
            self.finish({"message": REFUSED.format(what="the terminal"), "reason": None})
            return
        self.finish(f"<!doctype html><title>Apps only</title><p>{REFUSED.format(what='this page')}</p>"
                    f'<p><a href="{gallery}">Open the gallery</a></p>')

    post = put = delete = patch = get
