"""Widgets for notebooks and Voilà apps: thin views over the engine, drawn by ``tutor.render``.

Each widget's module is imported the first time its name is asked for (``from tutor.widgets import
DrillWidget``), so a page imports what it shows and no more: a play app does not import the drill's word lists
(in the browser, every module imported is start-up time: benchmarks/RESULTS.md, "With no server").  The play
app and the gallery are imported at once: their modules are named like the functions ``play`` and ``gallery``
exported here, and importing such a module later would put the module in the function's place.
"""

from __future__ import annotations

import importlib
from typing import Any

from tutor.deal_code import deal_code, parse_class_deal, parse_deal_code
from tutor.widgets.gallery import gallery
from tutor.widgets.play import PlayWidget

#: The widgets imported when first asked for, and the module of each.
LAZY = {"GwariWidget": "base", "CheckWidget": "check", "DrillWidget": "drill", "FirstGameWidget": "guide", "LessonWidgets": "lesson",
        "PanelWidget": "lesson", "StepperWidget": "stepper", "HandWidget": "table", "TableWidget": "table"}

__all__ = ["GwariWidget", "CheckWidget", "DrillWidget", "FirstGameWidget", "LessonWidgets", "PanelWidget", "PlayWidget", "StepperWidget", "HandWidget",
           "TableWidget", "deal_code", "gallery", "parse_class_deal", "parse_deal_code", "play"]


def __getattr__(name: str) -> Any:
    if name not in LAZY:
        raise AttributeError(f"module 'tutor.widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"tutor.widgets.{LAZY[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *LAZY})


def play(slug: str, **kwargs):
    """The play app with a step-through of each finished game shown below it (from the end, as the game left it).

    The app starts on the game's short game, when it has one and ``kwargs`` choose nothing it would change
    (``tutor.widgets.options.play_options``); the Variants panel unticks it for the full game.
    """
    import ipywidgets

    from tutor.widgets.stepper import StepperWidget

    review = ipywidgets.VBox([])

    def show_review(record, seat, reasons):
        """Show the finished game's step-through below the app (*Why?* at each bot move)."""
        review.children = [StepperWidget(record, viewer=seat, reveal=False, title="Your game, step by step", level=2,
                                   at_end=True, reasons=reasons)]

    from tutor.games import get_game
    from tutor.widgets.options import play_options

    game = get_game(slug)
    options = play_options(game, {k: v for k, v in kwargs.items() if k in game.options()})  # the short game
    app = PlayWidget(slug, on_review=show_review, **{**kwargs, **options})
    return ipywidgets.VBox([app, review])
