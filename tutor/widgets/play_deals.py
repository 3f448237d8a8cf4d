"""The play app's next deal, as the learner chooses it: a new game (players, bot level, variants), a deal's code, or
the class deal the teacher set.  A choice that cannot be dealt is refused in words, and the game in play goes on.

``Deals`` is a part of ``PlayWidget`` (``tutor.widgets.play``).  Each choice is read once and dealt once: the game's
``start`` both checks it and deals it, and the state it gives is the one played (``PlayWidget.new_game``'s ``dealt``).
"""

from __future__ import annotations

import random
from typing import Any

from tutor import classroom
from tutor.bots import LEVELS
from tutor.deal_code import parse_deal_code, plain_reason
from tutor.engine import IllegalMove
from tutor.widgets.base import int_in
from tutor.widgets.options import read_options, variant_for, variant_words
from tutor.widgets.part import Part


class Deals(Part):
    """New game, Load (a deal's code) and The class deal."""

    def on_new(self, _value: Any, inputs: dict) -> None:
        """A new deal with the chosen number of players, bot level and variants."""
        app = self.app
        self._not_at_table()
        players = int_in(inputs.get("players", app.players), 1, app.game.max_players, "players")
        if "sharing" in inputs:
            app.sharing = int_in(inputs["sharing"], 1, players, "learners at this screen")
        level = str(inputs.get("level", app.level))
        if level not in LEVELS:
            raise ValueError(f"Bot level must be one of {', '.join(LEVELS)}.")
        seed = random.SystemRandom().randrange(10_000)
        try:
            options = read_options(app.game, inputs) if any(k.startswith("option:") for k in inputs) else app.options
            ticked = variant_for(app.game, players, options)  # Burn for two: its variant for two
            if ticked is not None:
                options = {**options, ticked.name: True}
            dealt = app.game.start(players=players, seed=seed, names=app.names_for(players), **options)
        except (ValueError, IllegalMove) as exc:
            self._not_dealt(f"That game could not be set up: {plain_reason(exc)}")
            return
        app.options = options
        app.new_game(players, seed, level, dealt=dealt,
                     notice=f"For {players} players this variant is on: {ticked.doc}" if ticked is not None else "")

    def on_load(self, _value: Any, inputs: dict) -> None:
        """Replay a deal from its code (what a teacher gives the class), with the bot level chosen in the menu."""
        app = self.app
        self._not_at_table()
        code = str(inputs.get("code", "")).strip()
        level = str(inputs.get("level", app.level))
        try:
            players, seed, options = parse_deal_code(code, app.game)
            dealt = app.game.start(players=players, seed=seed, names=app.names_for(players), **options)
        except ValueError as exc:  # IllegalMove is a ValueError too
            self._not_dealt(f"That deal code could not be used. {plain_reason(exc)} "
                            f"A code for {app.game.title} looks like {app.game.default_players}-4821.")
            return
        app.options = options
        variants = variant_words(app.game, options)
        app.new_game(players, seed, level, dealt=dealt,
                     notice=f"This deal's variants: {variants}" if variants else "")

    def on_classdeal(self, _value: Any, inputs: dict) -> None:
        """Deal the class deal the teacher set for today: its players and number, with this app's variants; when its
        players do not fit this game, its number with the players chosen here, and a note saying so."""
        app = self.app
        self._not_at_table()
        deal = classroom.todays_deal()  # read and checked once, when the teacher set it
        app.class_deal = deal.code if deal is not None else ""
        if deal is None:
            raise ValueError("The teacher has not set a class deal.")
        level = str(inputs.get("level", app.level)) if inputs.get("level") in LEVELS else None
        try:
            dealt = deal.deal_for(app.game, app.options, app.players, names=app.names_for)
        except ValueError as exc:  # IllegalMove is a ValueError too
            self._not_dealt(f"The class deal could not be used. {plain_reason(exc)} Ask your teacher to set it again.")
            return
        app.new_game(dealt.players, dealt.seed, level, dealt=dealt.state, notice=dealt.note)

    def _not_dealt(self, notice: str) -> None:
        """A deal that cannot be dealt: the notice says why (each reason read by ``plain_reason``, without the name
        of the field it came from), and the game in play goes on."""
        app = self.app
        app.notice = notice
        app.announce(app.notice)
        app.refresh()

    def _not_at_table(self) -> None:
        if self.app.classmates.table is not None:
            raise ValueError("You are at a table with classmates: leave the table first.")
