"""The play app's next deal, as the learner chooses it: a new game (players, bot level, variants), a deal's code, or
the class deal the teacher set.  A choice that cannot be dealt is refused in words, and the game in play goes on.

A part of ``PlayApp`` (``tutor.widgets.play``), which holds the game and deals it (``new_game``).
"""

from __future__ import annotations

from typing import Any

from tutor import classroom
from tutor.bots import LEVELS
from tutor.deal_code import parse_class_deal, parse_deal_code, plain_reason
from tutor.engine import IllegalMove
from tutor.widgets.base import int_in
from tutor.widgets.options import read_options, variant_for, variant_words


class PlayDeals:
    """New game, Load (a deal's code) and The class deal of ``PlayApp``."""

    game: Any
    players: int
    level: str
    options: dict
    sharing: int
    table: Any
    class_deal: str

    def on_new(self, _value: Any, inputs: dict) -> None:
        """A new deal with the chosen number of players, bot level and variants."""
        self._not_at_table()
        players = int_in(inputs.get("players", self.players), 1, self.game.max_players, "players")
        if "sharing" in inputs:
            self.sharing = int_in(inputs["sharing"], 1, players, "learners at this screen")
        level = str(inputs.get("level", self.level))
        if level not in LEVELS:
            raise ValueError(f"Bot level must be one of {', '.join(LEVELS)}.")
        try:
            options = read_options(self.game, inputs) if any(k.startswith("option:") for k in inputs) else self.options
            ticked = variant_for(self.game, players, options)  # Burn for two: its variant for two
            if ticked is not None:
                options = {**options, ticked.name: True}
            self.game.start(players=players, seed=0, **options)
        except (ValueError, IllegalMove) as exc:
            self._not_dealt(f"That game could not be set up: {plain_reason(exc)}")
            return
        self.options = options
        self.new_game(players, None, level, notice=f"For {players} players this variant is on: {ticked.doc}"
                      if ticked is not None else "")

    def on_load(self, _value: Any, inputs: dict) -> None:
        """Replay a deal from its code (what a teacher gives the class), with the bot level chosen in the menu."""
        self._not_at_table()
        code = str(inputs.get("code", "")).strip()
        level = str(inputs.get("level", self.level))
        try:
            players, seed, options = parse_deal_code(code, self.game)
            self.game.start(players=players, seed=seed, **options)
        except ValueError as exc:  # IllegalMove is a ValueError too
            self._not_dealt(f"That deal code could not be used. {plain_reason(exc)} "
                          f"A code for {self.game.title} looks like {self.game.default_players}-4821.")
            return
        self.options = options
        variants = variant_words(self.game, options)
        self.new_game(players, seed, level, notice=f"This deal's variants: {variants}" if variants else "")

    def on_classdeal(self, _value: Any, inputs: dict) -> None:
        """Deal the class deal the teacher set for today: its players and number, with this app's variants; when its
        players do not fit this game, its number with the players chosen here, and a note saying so."""
        self._not_at_table()
        self.class_deal = classroom.class_deal()
        if not self.class_deal:
            raise ValueError("The teacher has not set a class deal.")
        level = str(inputs.get("level", self.level)) if inputs.get("level") in LEVELS else None
        try:
            players, seed = parse_class_deal(self.class_deal)
        except ValueError as exc:
            self._not_dealt(f"The class deal could not be used. {plain_reason(exc)} Ask your teacher to set it again.")
            return
        note = ""
        try:
            self.game.start(players=players, seed=seed, **self.options)
        except ValueError:  # IllegalMove is a ValueError too
            note = (f"The class deal is for {players} players; {self.game.title} is for {self.game.min_players} to "
                    f"{self.game.max_players}, so it is dealt for your {self.players}.")
            players = self.players
        self.new_game(players, seed, level, notice=note)

    def _not_dealt(self, notice: str) -> None:
        """A deal that cannot be dealt: the notice says why (each reason read by ``plain_reason``, without the name
        of the field it came from), and the game in play goes on."""
        self.notice = notice
        self.announce(self.notice)
        self.refresh()

    def _not_at_table(self) -> None:
        if self.table is not None:
            raise ValueError("You are at a table with classmates: leave the table first.")
