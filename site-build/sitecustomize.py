"""Python in the static site's browser: never look for modules in the notebooks' folder.

The Pyodide kernel works in ``/drive``, JupyterLite's view of the site's notebooks, and ``''`` (the working
folder) is first on ``sys.path``.  So every module Python has not imported yet was first looked for there, and
each look is a synchronous request from the kernel's worker through JupyterLite's service worker to the page:
over a hundred of them while the kernel starts and the first notebook runs (benchmarks/RESULTS.md, "With no
server").  The site's notebooks import only installed packages (``tutor`` and what it needs), so for folders
under ``/drive`` a finder that finds nothing, without touching the file system, stands in for the usual one.

site-build/build.py compiles this file into the site's copy of Python's standard library, where ``site``
imports it as ``sitecustomize`` when Python starts in the browser.
"""

from __future__ import annotations

import sys

#: Where the Pyodide kernel mounts JupyterLite's contents (jupyterlite-pyodide-kernel's worker: ``/drive``).
DRIVE = "/drive"


class NothingHere:
    """A path entry finder for the notebooks' folder: no module is ever found there."""

    @staticmethod
    def find_spec(fullname: str, target: object = None) -> None:
        return None

    @staticmethod
    def invalidate_caches() -> None:
        return None


def no_modules_in_drive(entry: str) -> type[NothingHere]:
    """A ``sys.path_hooks`` hook: ``NothingHere`` for ``/drive`` and the folders in it; any other entry is left to
    the hooks after this one (``ImportError`` is how a hook declines)."""
    if entry == DRIVE or entry.startswith(DRIVE + "/"):
        return NothingHere
    raise ImportError(f"not in {DRIVE}: {entry!r}")


if __name__ == "sitecustomize":
    sys.path_hooks.insert(0, no_modules_in_drive)
    sys.path_importer_cache.clear()
