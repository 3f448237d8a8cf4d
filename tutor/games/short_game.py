"""A game's short game: one option, ``short``, that sets some of the game's other options at once.

Every game that offers a short game has a yes/no option ``short`` (off by default, so a game started without
options is the rule book's).  Switched on, the rules class sets the options the short game changes
(``SHORT_GAME`` in the game's ``rules.py``), refusing, by name, an option moved from its default that the short
game would change: the learner unticks the short game to choose it.  The play app ticks it by default
(``play_options``, kept here beside the option so that what knows no widget, such as the measure of a game's
minutes in ``tutor.play_minutes``, starts the same game as the play app).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

SHORT = "short"
"""The option's name, the same in every game (and in deal codes: ``4-4821-short``)."""


def apply_short(rules: Any, values: Mapping[str, Any], words: str) -> None:
    """Set ``values`` on a frozen ``rules`` whose ``short`` is on; an option the learner moved is refused.

    ``words`` says what the short game is ("three deals"), for the refusal.
    """
    if getattr(rules, SHORT) is not True:
        return
    defaults = {f.name: f.default for f in dataclasses.fields(rules)}
    for name, value in values.items():
        if getattr(rules, name) != defaults[name]:
            raise ValueError(f"option {name}: the short game is {words}; untick the short game to choose "
                             f"this yourself.")
    for name, value in values.items():
        object.__setattr__(rules, name, value)


def play_options(game: Any, options: dict[str, Any]) -> dict[str, Any]:
    """The options a play app starts with: ``options``, with the game's short game ticked when it has one.

    The short game is left out when ``options`` says otherwise (``short=False``) or chooses what the short game
    would set (Pymtheg's ``rounds=5``): the full game those options ask for is played.  A game started without
    options (``Game.start``) is always the rule book's.
    """
    if SHORT not in game.options() or SHORT in options:
        return dict(options)
    try:
        game.make_rules(**options, **{SHORT: True})
    except ValueError:  # IllegalMove is a ValueError too
        return dict(options)
    return {**options, SHORT: True}
