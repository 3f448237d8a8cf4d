"""What a widget puts back after a defect: a snapshot of its own state, taken before each message it handles.

``GwariWidget.handle`` refuses only what is refused on purpose (an ``IllegalMove``, a ``ValueError`` in words);
any other exception is a defect.  It is logged here (the ``tutor.widgets`` logger) with its traceback, and the
widget is put back as it was before the message: ``take_snapshot`` keeps every attribute the widget's classes set
and its own traits, copying what a handler could change in place (lists, dicts, sets, mutable dataclasses, random
generators, an object holding one, such as a bot, and an object whose class says how it is copied with
``__copy__``), and sharing what cannot change (a game's states, records, events, tuples, text).  ``put_back`` sets
them again and removes the attributes set since.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import random
from collections import deque
from functools import lru_cache
from typing import Any

import anywidget

LOG = logging.getLogger("tutor.widgets")
DEFECT_WORDS = ("Something went wrong here (nothing you did caused it), and everything is back as it was before. "
                "Try again; if it keeps happening, tell your teacher.")
# Attributes that are not the widget's own state: the count of what was said only grows (the page speaks when it
# changes), and ``_framework`` names what traitlets and ipywidgets keep on the instance.
NOT_KEPT = frozenset({"_said_count", "_framework"})
# Traits kept elsewhere: the page (drawn again after a defect) and the learner's name (the kernel's, in
# ``tutor.classroom``, shown by every widget alike).
TRAITS_NOT_KEPT = frozenset({"html", "gwari_code", "learner", "kept", "keeps_in_browser", "asks_learner"})
_SHARED = frozenset({str, int, float, bool, type(None), tuple, frozenset, bytes})


def own_attributes(widget: Any) -> list[str]:
    """The names of the attributes the widget's own classes set on it (not traitlets' or ipywidgets')."""
    framework = getattr(widget, "_framework", frozenset())
    # ipywidgets sets some private attributes of its own later (``_holding_sync``); a public name is the widget's.
    return [name for name in vars(widget) if name not in framework and name not in NOT_KEPT
            and not (name.startswith("_") and hasattr(anywidget.AnyWidget, name))]


@lru_cache(maxsize=None)
def own_traits(cls: type) -> tuple[str, ...]:
    """The names of the traits a widget class declares itself (the page and the learner's name aside)."""
    base = anywidget.AnyWidget.class_traits()
    return tuple(name for name in cls.class_trait_names() if not name.startswith("_") and name not in TRAITS_NOT_KEPT
                 and name not in base)


def take_snapshot(widget: Any) -> dict[str, Any]:
    """The widget's own state as it is now: attributes (copied where a handler could change them in place), its
    traits' values and the page."""
    return {"attributes": {name: kept_copy(getattr(widget, name)) for name in own_attributes(widget)},
            "traits": {name: getattr(widget, name) for name in own_traits(type(widget))},
            "html": widget.html}


def put_back(widget: Any, kept: dict[str, Any]) -> None:
    """The widget as ``take_snapshot`` found it: attributes set since are removed, the others set back, then the
    traits (whose observers see the attributes already put back) and the page."""
    for name in own_attributes(widget):
        if name not in kept["attributes"]:
            delattr(widget, name)
    for name, value in kept["attributes"].items():
        setattr(widget, name, value)
    for name, value in kept["traits"].items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)
    widget.html = kept["html"]


def kept_copy(value: Any) -> Any:
    """A copy of ``value`` that later changes to the original cannot reach: lists, dicts, sets, deques and mutable
    dataclasses are copied, through nested ones too; a random generator is copied with its state, and so is an
    object holding one (a bot); an object whose class defines ``__copy__`` is copied by it (it says how deep);
    anything else is shared (immutable: states, records, events, tuples, text)."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if isinstance(value, dict):
        out = copy.copy(value)  # a Counter or a defaultdict stays one
        for key, item in value.items():
            if type(item) not in _SHARED:
                out[key] = kept_copy(item)
        return out
    if isinstance(value, list):
        return [item if type(item) in _SHARED else kept_copy(item) for item in value]
    if isinstance(value, (set, deque)):
        return copy.copy(value)  # the members of a set are hashable values
    if isinstance(value, random.Random):
        out = random.Random()
        out.setstate(value.getstate())
        return out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return value
        out = copy.copy(value)
        for field in dataclasses.fields(value):
            setattr(out, field.name, kept_copy(getattr(value, field.name)))
        return out
    if getattr(kind, "__copy__", None) is not None:  # an object that says how it is copied (a game's driver)
        return copy.copy(value)
    holds = getattr(value, "__dict__", None)
    if holds and any(isinstance(item, random.Random) for item in holds.values()):
        out = copy.copy(value)
        for name, item in holds.items():
            if isinstance(item, random.Random):
                setattr(out, name, kept_copy(item))
        return out
    return value
