"""Gwari's data files: the lessons (``lessons/*.toml``) and the word lists (``vocab/*.tsv``), and ``read_toml``,
which reads a lesson or a first game for their loaders (``tutor.lessons``, ``tutor.guide``).

Teachers edit them in the folders ``lessons/`` and ``vocab/`` at the top of the
repository.  A wheel carries them inside this package, as ``tutor/data/lessons``
and ``tutor/data/vocab`` (pyproject.toml maps the folders there), so an installed
Gwari needs nothing beside it.  A source checkout, or an editable install of one,
has no copy in the package and reads the top-level folders themselves.
"""

from __future__ import annotations

import os
import tomllib
from importlib.resources import files
from pathlib import Path
from typing import Any

KINDS = ("lessons", "vocab")
LESSONS_ENV = "GWARI_LESSONS"


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


def lessons_dir() -> Path:
    """Where Gwari's lesson files are: ``$GWARI_LESSONS``, else the lessons installed with Gwari."""
    if os.environ.get(LESSONS_ENV):
        return Path(os.environ[LESSONS_ENV])
    return data_dir("lessons")


def read_toml(path: Path, *, source: str, missing: str, error: type[Exception]) -> dict[str, Any]:
    """The table a TOML file holds.  A missing file raises ``error(missing)``; a file that is not TOML raises
    ``error`` naming ``source`` (the file as its loader names it) and the line and column of the fault."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(missing) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: {exc}") from None
