"""Widgets for notebooks and Voilà apps: thin views over the engine, drawn by ``tutor.render``."""

from tutor.widgets.base import GwariWidget
from tutor.widgets.check import CheckWidget
from tutor.widgets.drill import DrillWidget
from tutor.widgets.gallery import gallery
from tutor.widgets.lesson import LessonView, Panel
from tutor.widgets.play import PlayApp, deal_code, parse_deal_code
from tutor.widgets.stepper import Stepper
from tutor.widgets.table import HandWidget, TableWidget

__all__ = ["GwariWidget", "CheckWidget", "DrillWidget", "LessonView", "Panel", "PlayApp", "Stepper", "HandWidget",
           "TableWidget", "deal_code", "gallery", "parse_deal_code", "play"]


def play(slug: str, **kwargs):
    """The play app with a step-through of each finished game shown below it (from the end, as the game left it)."""
    import ipywidgets

    review = ipywidgets.VBox([])

    def show_review(record, seat):
        """Show the finished game's step-through below the app."""
        review.children = [Stepper(record, viewer=seat, reveal=False, title="Your game, step by step", level=2,
                                   at_end=True)]

    app = PlayApp(slug, on_review=show_review, **kwargs)
    return ipywidgets.VBox([app, review])
