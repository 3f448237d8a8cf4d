"""Rule sheets to print: a teacher picks a game (or every game) and prints its sheet from the browser.

The sheets are drawn by ``tutor.rulesheet``; this widget only offers the choice
of game and shows the chosen sheet(s) with their print styles.  When the page
is printed, only the sheets are printed: the choice and the hint above them
are marked ``gw-noprint``.
"""

from __future__ import annotations

from typing import Any

from tutor.games import GAMES
from tutor.rulesheet import PRINT_CSS, check_game, rule_sheets
from tutor.widgets.base import GwariWidget, esc

EVERY_GAME = "all"


class RuleSheetsWidget(GwariWidget):
    """The rule sheet of one game, or of every game, ready to print.  ``game`` is a game's name or ``"all"``."""

    accepts = ("game",)

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.game = self._checked(next(iter(GAMES)) if game is None else game)
        self.refresh()

    @staticmethod
    def _checked(value: Any) -> str:
        """A game the sheets can show, or ``EVERY_GAME``; anything else is refused naming it."""
        if value == EVERY_GAME:
            return EVERY_GAME
        return check_game(value)

    def on_game(self, value: Any, _inputs: dict) -> None:
        """Show another game's sheet (or every game's)."""
        game = self._checked(value)
        self.game = game
        if game == EVERY_GAME:
            self.announce("The sheets of every game are shown, each on its own pages.")
        else:
            self.announce(f"The rule sheet of {GAMES[game].title} is shown.")
        self.refresh()

    def render(self) -> str:
        """The choice of game, how to print, and the chosen sheet(s)."""
        ident = f"gw-sheets-game-{id(self) % 100000}"
        options = [(slug, game.title) for slug, game in GAMES.items()] + [(EVERY_GAME, "Every game")]
        choices = "".join(f'<option value="{esc(value)}"{" selected" if value == self.game else ""}>{esc(label)}'
                          "</option>" for value, label in options)
        chooser = (f'<div class="gw-panel gw-noprint"><div class="gw-row"><label for="{ident}">Rule sheet for</label>'
                   f'<select id="{ident}" data-gw="game" data-key="game">{choices}</select></div>'
                   '<p class="gw-small">To print the sheet, use your browser’s Print (Ctrl+P, or ⌘+P on a Mac): '
                   "only the sheet below is printed, on A4 paper, each game starting on a new page.</p></div>")
        sheets = rule_sheets(None if self.game == EVERY_GAME else [self.game])
        return f"<style>{PRINT_CSS}</style>{chooser}{sheets}"
