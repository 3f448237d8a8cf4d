"""Gnav: the Scandinavian cuckoo game, one card each, lowest card loses.

The rules, and how Gwari settles what the printed paragraph leaves open, are in
docs/rules.md (Gnav, notes N1–N12): everyone gets one card from the 42-card
pack and a supply of counters; from the dealer's left each player stands or
changes with the left-hand neighbour, and the dealer stands or changes with the
stock.  The five matadors block a change, each with its own effect.  At the
showdown the lowest card pays a counter; a player who has paid the last one is
out, and the last player in wins.  Every rule id this package emits is a
``gnav.*`` entry of the Gnav lesson.

Counters and the deal (``gnav.counters``, N11): a player is out only after
paying the last counter, so at the start of a round every seat dealt a card has
at least one counter and every seat out has none.  An explicit deal that breaks
this is refused, naming the field (``deal.counters[2]``).

Which file holds what (``turns`` builds the next state as ``type(state)``):

- ``rules.py``: the pack, the table sizes, the counters' limit, ``Rules``, and the bound on a game's length.
- ``moves.py``: the one kind of move, ``Call`` (``STAND``, ``CHANGE``), ``parse_action``, the legal moves, and
  whose turn follows (``left_of``).
- ``scoring.py``: ``round_losers`` (who loses a showdown) and ``score`` (counters left, the winners).
- ``deal.py``: dealing a round, the Fools' knocks, the counters announced, and reading a prepared round.
- ``state.py``: ``GnavState``: the position, ``legal_actions``/``apply``, ``view``, ``status``, ``result``, and
  turns in words (``prompt``, ``describe``).
- ``turns.py``: applying a turn (``_Turn``): standing, changing and the matadors, the dealer and the stock,
  paying, the showdown and the next round; the words said at the table.
- ``game.py``: the registry entry ``Gnav`` and its instance ``GNAV``.
- ``bot.py``: strategy only, found by the registry: ``heuristic`` ("strong") and ``search`` (rounds guessed from
  what the seat knows and played out, "expert"); nothing else in the package imports it.
"""

from tutor.games.gnav.deal import read_gnav_deal
from tutor.games.gnav.game import GNAV, Gnav
from tutor.games.gnav.moves import CHANGE, KINDS, STAND, Call, left_of, legal_actions, parse_action
from tutor.games.gnav.rules import MAX_COUNTERS, MAX_PLAYERS, MIN_PLAYERS, PACK, PREFIX, SLUG, Rules, counters_word
from tutor.games.gnav.scoring import round_losers, score
from tutor.games.gnav.state import GnavState

__all__ = ["GNAV", "Gnav", "GnavState", "Rules", "Call", "STAND", "CHANGE", "KINDS", "parse_action", "left_of",
           "legal_actions", "round_losers", "score", "read_gnav_deal", "MAX_COUNTERS", "MAX_PLAYERS", "MIN_PLAYERS",
           "PACK", "PREFIX", "SLUG", "counters_word"]
