"""Gwari's Jupyter files: the Voilà page template ``gwari``, under ``voila/templates/gwari`` here.

Voilà finds it when this folder is on ``JUPYTER_PATH``; ``python -m tutor.jupyter``
prints the folder, so an installed Gwari is served with
``JUPYTER_PATH="$(python -m tutor.jupyter)" voila --VoilaConfiguration.template=gwari notebooks/``.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def jupyter_path() -> Path:
    """The folder to put on ``JUPYTER_PATH`` so that Voilà finds the ``gwari`` template."""
    return Path(str(files(__name__)))


def template_dir() -> Path:
    """The ``gwari`` Voilà template folder (``conf.json``, ``index.html.j2``, ``page.html``)."""
    return jupyter_path() / "voila" / "templates" / "gwari"
