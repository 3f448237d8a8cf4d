"""Gwari's Jupyter files: the Voilà page template ``gwari``, under ``voila/templates/gwari`` here, and the served
settings (``voila.json`` here: the repository's own, carried by the wheel beside the notebooks).

Voilà finds it when this folder is on ``JUPYTER_PATH``; ``python -m tutor.jupyter``
prints the folder, so an installed Gwari is served with
``JUPYTER_PATH="$(python -m tutor.jupyter)" voila --VoilaConfiguration.template=gwari notebooks/``.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path


def jupyter_path() -> Path:
    """The folder to put on ``JUPYTER_PATH`` so that Voilà finds the ``gwari`` template."""
    return Path(str(files(__name__)))


def template_dir() -> Path:
    """The ``gwari`` Voilà template folder (``conf.json``, ``index.html.j2``, ``page.html``)."""
    return jupyter_path() / "voila" / "templates" / "gwari"


def served_settings() -> dict:
    """The served-mode settings (voila.json): warm kernels, culling, no tracebacks or sources, cell limits."""
    return json.loads((jupyter_path() / "voila.json").read_text(encoding="utf-8"))


def notebooks_dir() -> Path:
    """The notebooks Gwari serves (the gallery is ``index.ipynb``): those installed in the package (a wheel carries
    them as ``tutor/data/notebooks``), else the checkout's ``notebooks/`` (an editable install cannot import the
    mapped package, as ``tutor.data.data_dir`` says)."""
    installed = Path(str(files("tutor.data"))) / "notebooks"
    if installed.is_dir():
        return installed
    checkout = Path(str(files("tutor"))).parent / "notebooks"
    return checkout if checkout.is_dir() else installed
