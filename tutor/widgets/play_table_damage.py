"""What the play app says of a table of classmates that cannot be played on (``tutor.widgets.play_table``): a table
closed because its record or its card is damaged (``tutor.tables.damage``), or one that cannot be read just now.

The learner is told at the table's place, in words, with what to do (open a new table or join another), and is
never moved into an ordinary game against bots in its place.
"""

from __future__ import annotations

from typing import Any

from tutor.widgets.base import button, esc, heading

__all__ = ["ELSEWHERE", "LEAVE", "TRY_AGAIN", "damage_of", "damaged_html", "unreadable"]

ELSEWHERE = "Open a new table or join another one below."
LEAVE = "Leave the table, then open a new table or join another one."
TRY_AGAIN = "The page tries again in a moment; or leave the table, then open a new table or join another one."

# A kept seat these refusals speak of is simply no longer this browser's (its key given again, a table gone, or,
# under the class service, no seat of this learner's there any more, or the table closed): the page passes over
# it, as it does over a table whose game is over.
PASSED_OVER = ("seat key", "There is no table", "table code", "You are signed in as")
CLOSED = "has been closed."


def damage_of(table: Any) -> str | None:
    """The sentence naming the damage that closed ``table`` (its card's), or ``None``."""
    if table is None:
        return None
    damage = getattr(table, "damage", None)
    if damage is None and isinstance(getattr(table, "meta", None), dict):
        damage = table.meta.get("damaged")  # a seat at the class service: the card as the service sent it
    return damage if isinstance(damage, str) and damage else None


def unreadable(exc: Exception) -> bool:
    """True when a kept seat's table could not be read (its store not reached, or what it keeps not understood),
    rather than refused for a reason of its own (a seat given to another key, a table gone)."""
    said = str(exc)
    return not (said.startswith(PASSED_OVER) or (said.startswith("Table ") and said.endswith(CLOSED)))


def damaged_html(code: str, why: str, h: int, note: str) -> str:
    """The table's place when what is known of it is only that it was closed for damage (its card unreadable)."""
    return (f'<section class="gw-panel gw-lobby" data-testid="waiting">{heading(h, f"Table {code}")}{note}'
            f'<p class="gw-error" data-testid="table-damaged">{esc(why)}</p><p>{esc(LEAVE)}</p>'
            f'<div class="gw-row">{button("Leave the table", "leavetable", key="leavetable")}</div></section>')
