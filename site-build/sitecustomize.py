"""Python in the static site's browser: never look for modules in the notebooks' folder.

The Pyodide kernel works in ``/drive``, JupyterLite's view of the site's notebooks, and ``''`` (the working
folder) is first on ``sys.path``.  So every module Python has not imported yet was first looked for there, and
each look is a synchronous request from the kernel's worker through JupyterLite's service worker to the page:
over a hundred of them while the kernel starts and the first notebook runs (benchmarks/RESULTS.md, "With no
server").  The site's notebooks import only installed packages (``tutor`` and what it needs), so for folders
under ``/drive`` a finder that finds nothing, without touching the file system, stands in for the usual one.

The same goes for installed packages' metadata: ``importlib.metadata.version()`` (anywidget and psygnal ask it
for their own version when imported) lists every folder on ``sys.path``, the notebooks' folder too, and listing
it costs a request for the folder and one for each notebook in it.  Nothing is installed there, so the search
for distributions leaves the notebooks' folder out.

site-build/build.py compiles this file into the site's copy of Python's standard library, where ``site``
imports it as ``sitecustomize`` when Python starts in the browser.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder

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


def in_drive(path: str) -> bool:
    """Whether ``path`` (absolute) is ``/drive`` or a folder in it."""
    return path == DRIVE or path.startswith(DRIVE + "/")


def no_modules_in_drive(entry: str) -> type[NothingHere]:
    """A ``sys.path_hooks`` hook: ``NothingHere`` for ``/drive`` and the folders in it; any other entry is left to
    the hooks after this one (``ImportError`` is how a hook declines)."""
    if in_drive(entry):
        return NothingHere
    raise ImportError(f"not in {DRIVE}: {entry!r}")


def distributions_outside_drive(context: object = None, **kwargs: object) -> object:
    """``PathFinder.find_distributions`` (what ``importlib.metadata`` asks of the path) searching every entry of the
    path but ``/drive`` and the folders in it (``''`` is the working folder)."""
    from importlib.metadata import DistributionFinder, MetadataPathFinder

    if context is None:
        context = DistributionFinder.Context(**kwargs)
    path = [entry for entry in context.path if not in_drive(os.path.abspath(entry or "."))]
    return MetadataPathFinder.find_distributions(DistributionFinder.Context(**{**vars(context), "path": path}))


if __name__ == "sitecustomize":
    sys.path_hooks.insert(0, no_modules_in_drive)
    sys.path_importer_cache.clear()
    PathFinder.find_distributions = staticmethod(distributions_outside_drive)
