"""Gwari's data files: the lessons (``lessons/*.toml``) and the word lists (``vocab/*.tsv``).

Teachers edit them in the folders ``lessons/`` and ``vocab/`` at the top of the
repository.  A wheel carries them inside this package, as ``tutor/data/lessons``
and ``tutor/data/vocab`` (pyproject.toml maps the folders there), so an installed
Gwari needs nothing beside it.  A source checkout, or an editable install of one,
has no copy in the package and reads the top-level folders themselves.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

KINDS = ("lessons", "vocab")


def data_dir(kind: str) -> Path:
    """The folder of ``kind`` (``lessons`` or ``vocab``): the copy installed in the package, else the checkout's."""
    if kind not in KINDS:
        raise ValueError(f"Unknown kind of data {kind!r}: use one of {', '.join(KINDS)}.")
    installed = Path(str(files(__name__))) / kind
    if installed.is_dir():
        return installed
    # An editable install cannot import the mapped ``tutor.data.lessons``: read the top-level folder.
    checkout = Path(str(files("tutor"))).parent / kind
    return checkout if checkout.is_dir() else installed
