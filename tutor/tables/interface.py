"""What every store of the tables of classmates offers (``TableStore``), and what the stores share: the error a
table refuses with (``TableError``), the tables' codes, and how a card or an entry is written as text and read back.

Below every store (``tutor.tables.store``'s ``SQLiteTables``, ``tutor.tables.redis_store``'s ``RedisTables`` and
``tutor.tables.pg_store``'s ``PostgresTables``), so that each imports this and none imports another;
``tutor.tables.store`` picks one (``tables_store``).
"""

from __future__ import annotations

import json
import secrets
from typing import Any, Callable, Protocol

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0 or 1: a code read aloud or copied is not misread
CODE_LENGTH = 5


class TableError(ValueError):
    """A table that cannot do what was asked (no such code, full, already started, a wrong key...), in words."""


def new_code() -> str:
    """A short table code, such as ``K7RQM``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def table_code(code: Any) -> str:
    """A table code as typed (spaces and case do not matter), checked: a TableError names what is wrong."""
    if not isinstance(code, str):
        raise TableError(f"table code: type the code of {CODE_LENGTH} letters and digits, such as K7RQM.")
    text = "".join(code.split()).upper()
    if len(text) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in text):
        raise TableError(f"table code: {code[:20]!r} is not a table code; a code has {CODE_LENGTH} letters and "
                         "digits, such as K7RQM.")
    return text


class TableStore(Protocol):
    """What the referee needs of a store; ``SQLiteTables``, ``RedisTables`` and ``PostgresTables`` each give exactly
    this."""

    def now_ms(self) -> int:
        """The store's clock, in milliseconds (every page's moves and touches are timed by it)."""

    def create(self, meta: dict[str, Any]) -> str:
        """Keep a new table with a fresh code (set in ``meta["code"]``); returns the code."""

    def meta(self, code: str) -> dict[str, Any]:
        """A table's card; a TableError when there is no such table."""

    def change_meta(self, code: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
        """Apply ``change`` to the card with nobody changing it in between; returns the new card.  ``change`` may
        raise (a TableError, say) and then nothing changes."""

    def version(self, code: str) -> int:
        """How many entries the table's log holds."""

    def entries(self, code: str, start: int = 0) -> list[dict[str, Any]]:
        """The log's entries from ``start`` on."""

    def append(self, code: str, version: int, entries: list[dict[str, Any]]) -> bool:
        """Add ``entries`` (each stamped ``at`` with the store's clock) if the log still holds ``version`` entries;
        False, changing nothing, if it has moved on."""

    def codes(self) -> list[str]:
        """Every table's code, oldest first."""

    def beat(self, code: str, seat: int) -> int:
        """``seat``'s page is there now; returns the store's time."""

    def beats(self, code: str) -> dict[int, int]:
        """Each seat's last sign of life."""

    def touch(self, code: str, race: int, seat: int) -> int:
        """``seat`` touched in race ``race`` now (by the store's clock); a later touch keeps the first one's time,
        which is returned."""

    def touches(self, code: str, race: int) -> dict[int, int]:
        """The first touch of each seat in race ``race``."""


def loads(text: Any) -> Any:
    """A card or a log entry as a store keeps it, read back; what cannot be read as JSON (a hand edit, a file cut
    short) is given back as it was kept, for the referee to name (``tutor.tables.damage``)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return text


def dumps(value: Any) -> str:
    """A card or a log entry as compact JSON, its keys sorted (what every store keeps)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
