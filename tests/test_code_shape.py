"""The code's shape as the next engineer reads it: modules of tutor/ short enough to read, widget classes named one
way, and widgets composed of parts rather than stacked from mixins.

Each check is a function of plain values, so a planted fault shows it can fail.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import ipywidgets
import pytest

import tutor.widgets

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 500


def too_long(lengths: dict[str, int]) -> list[str]:
    """The modules over ``MOST_LINES`` lines, with their length."""
    return [f"{name}: {n} lines" for name, n in sorted(lengths.items()) if n > MOST_LINES]


def test_no_module_of_tutor_is_over_500_lines():
    lengths = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
               for p in (ROOT / "tutor").rglob("*.py") if "__pycache__" not in p.parts}
    assert len(lengths) > 100
    assert too_long(lengths) == []


def test_a_module_over_500_lines_is_caught():
    assert too_long({"tutor/big.py": 501, "tutor/small.py": 500}) == ["tutor/big.py: 501 lines"]


def widget_classes() -> list[type]:
    """Every class of tutor.widgets' modules that a page shows (an ipywidgets DOM widget or an anywidget)."""
    found = {}
    for info in pkgutil.iter_modules(tutor.widgets.__path__):
        module = importlib.import_module(f"tutor.widgets.{info.name}")
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, ipywidgets.DOMWidget):
                found[cls.__qualname__] = cls
    return list(found.values())


def misnamed(classes: list[type]) -> list[str]:
    """The widget classes not named as every other: ``…Widget``."""
    return [cls.__name__ for cls in classes if not cls.__name__.endswith("Widget")]


def stacked(classes: list[type]) -> list[str]:
    """The widget classes that combine more than two of the project's classes (their own aside)."""
    return [cls.__name__ for cls in classes
            if len([c for c in cls.__mro__[1:] if c.__module__.startswith("tutor.")]) > 2]


def test_every_widget_class_is_named_the_same_way():
    classes = widget_classes()
    assert {"PlayWidget", "FirstGameWidget", "TeacherWidget", "CheckWidget", "GwariWidget"} <= {c.__name__ for c in classes}
    assert misnamed(classes) == []


def test_no_widget_class_stacks_more_than_two_of_the_projects_classes():
    assert stacked(widget_classes()) == []


@pytest.mark.parametrize("check", [misnamed, stacked])
def test_the_shape_checks_catch_a_planted_class(check):
    class Mixin:
        pass

    class Another:
        pass

    Mixin.__module__ = Another.__module__ = "tutor.widgets.planted"
    planted = type("PlayApp", (Mixin, Another, tutor.widgets.GwariWidget), {"__module__": "tutor.widgets.planted"})
    assert check([planted]) == ["PlayApp"]
