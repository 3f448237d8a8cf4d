"""The class's records opened where ``$GWARI_PROGRESS`` says (``schema.progress_address``): ``Progress`` on an SQLite
file, ``PostgresProgress`` (``pg_store``, imported only then: it needs psycopg) on a PostgreSQL server.  Every
refusal names the variable and shows the address without its password; the server makes the same refusals as it
starts (``tutor.serving.store_problems``), a learner's kernel notes them in words (``tutor.classroom.store``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tutor.addresses import Address, AddressError, not_opened, postgres_missing
from tutor.progress import schema
from tutor.progress.schema import StoreError
from tutor.progress.store import Progress


def open_progress(where: Address | None = None) -> Any:
    """The class's progress store at ``where`` (else where ``$GWARI_PROGRESS`` says).  Refused: an address not
    understood, or PostgreSQL here without its driver (``AddressError``); a server that cannot be reached
    (``ConnectionError``, or the store's own ``StoreError``) or that refuses the store (``ValueError``)."""
    where = schema.progress_address() if where is None else where
    if where.path is not None:
        return Progress(where.path)
    try:
        from tutor.progress.pg_store import PostgresProgress
    except ImportError as exc:
        raise AddressError(f"{where.variable}: {postgres_missing(where, exc)}") from None
    try:
        return PostgresProgress(where.url)
    except (StoreError, ValueError) as exc:  # the store's own refusal, in words: said again naming the variable
        said = f"{where.variable}: {where.scrub(str(exc))}"
        try:
            again = type(exc)(said)
        except Exception:  # an error made otherwise than from its words
            again = ValueError(said)
        raise again from None
    except Exception as exc:  # the driver's own error (psycopg.OperationalError, say), in words
        raise not_opened(where, exc) from None


def local_folder(progress: Any = None) -> Path:
    """The folder on this machine that holds what lives beside the records (the class key's file): the progress
    file's folder, or, when the records are kept by a server or ``$GWARI_PROGRESS`` is not understood, the folder
    the file would be in unset (``schema.default_path``)."""
    if getattr(progress, "path", None) is not None:  # a store on a server has no file to sit beside
        return progress.path.parent
    try:
        where = schema.progress_address().path
    except AddressError:  # refused where the store is opened, and by the server as it starts
        where = None
    return (where or schema.default_path()).parent


def nothing_kept() -> bool:
    """Whether there is no store yet to read: no progress file (a server's store is always there to ask), or an
    address not understood."""
    try:
        where = schema.progress_address()
    except AddressError:
        return True
    return where.path is not None and not where.path.exists()
