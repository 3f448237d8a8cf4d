"""Gwari: a Jupyter tutor that teaches card games rule by rule.

The package root also says how cards, hands and table views draw themselves in a notebook: their ``_repr_svg_``
and ``_repr_html_`` call the functions registered here in ``DRAW``, which import ``tutor.render`` the first time
something is drawn.  So the cards and the engine name no renderer, and ``import tutor`` imports nothing more (in
the browser every module imported is start-up time).
"""

from __future__ import annotations

from typing import Any, Callable

__version__ = "0.1.0"


def _drawn_by(name: str) -> Callable[[Any], str]:
    """The drawing function ``tutor.render.<name>``, imported when first called."""

    def draw(thing: Any) -> str:
        from tutor import render

        return getattr(render, name)(thing)

    draw.__name__ = draw.__qualname__ = name
    return draw


#: How each kind of thing draws itself in a notebook (by ``tutor.render``): a card and a hand as SVG, a table view
#: as HTML (and as SVG, for frontends that show no HTML).
DRAW: dict[str, Callable[[Any], str]] = {kind: _drawn_by(name) for kind, name in (
    ("card", "card_svg"), ("hand", "hand_svg"), ("table_html", "table_html"), ("table_svg", "table_svg"))}
