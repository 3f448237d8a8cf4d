"""A part of a widget: an object holding one concern's own state and acting for the widget it belongs to.

The play app is composed of parts (its pace, the panels beside the table, the learner's help, the next deal, the
table of classmates, the page's drawing) instead of inheriting them: each part keeps what it changes, and the
widget routes the browser's messages to the part that answers them (``GwariWidget.handler``).  A part says how it
is copied, so a widget put back after a defect (``tutor.widgets.dispatch``) has each part as it was.
"""

from __future__ import annotations

from typing import Any

from tutor.widgets.dispatch import kept_copy


class Part:
    """One concern of a widget (``app``), with its own state."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __copy__(self) -> "Part":
        out = object.__new__(type(self))
        out.__dict__.update({name: value if name == "app" else kept_copy(value) for name, value in vars(self).items()})
        return out

    def handles(self, kind: str) -> Any:
        """The method answering a message of ``kind`` (``on_<kind>``), or None."""
        return getattr(self, f"on_{kind}", None)
