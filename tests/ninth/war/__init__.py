"""War, tiny: two players each turn over the top card of their hand; the higher card takes both.

A game written to prove that a game needs nothing but its package, its lesson and its first game: the
shared suites run over it as over every game.  The rules are in its lesson (``tests/ninth/lessons/war.toml``):
twenty cards (tens to aces), ten each, kept in order; the players take turns to play the top card of their hand;
the higher of the two cards takes both, and a pair of equal ranks stays in the middle for whoever takes the next
pair; when both hands are empty, the player who took more cards wins.  Won cards are not played again, so a game
is ten pairs.  Every rule id this package emits is a ``war.*`` rule of the lesson.

Which file holds what (``turns`` builds the next state as ``type(state)`` and imports nothing of ``state``, which
imports it at its top):

- ``rules.py``: the pack, the hand, the bound on a game's length, ``Rules`` (no options).
- ``moves.py``: the one kind of move, ``CardPlay`` (a card), ``parse_action`` and the legal move.
- ``deal.py``: dealing, and reading a prepared deal (``hands``, ``middle``, ``taken``).
- ``state.py``: ``WarState``: the position, ``legal_actions``/``apply``, ``view``, ``status``, ``result``.
- ``turns.py``: applying a move (``WarTurn``): the card played, the pair taken or left, the end.
- ``scoring.py``: the result from the cards each player took.
- ``game.py``: the registry entry ``War`` and its instance ``WAR``.
- ``bot.py``: strategy only (there is no choice to make: the bot says so).
"""

from tests.ninth.war.game import WAR, War
from tests.ninth.war.moves import KINDS, CardPlay, parse_action
from tests.ninth.war.rules import HAND, PACK, PREFIX, SLUG, Rules
from tests.ninth.war.state import WarState

__all__ = ["WAR", "War", "WarState", "CardPlay", "KINDS", "parse_action", "HAND", "PACK", "PREFIX", "SLUG", "Rules"]
