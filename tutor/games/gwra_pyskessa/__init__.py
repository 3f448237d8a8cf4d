"""Gwra Pyskessa: Go Fish, asked in Cornish.

The rules as Gwari settles them are in ``docs/rules.md`` (Gwra Pyskessa,
G1–G10): ask another player for a rank you hold; they hand over every card of
it and you ask again, or they say "Nag eus. Gwra pyskessa!" and you draw one
card and your turn ends.  Four of a kind is laid down at once.  Most sets wins;
a tie goes to the tied player holding the highest set, ace high.  Every rule id
the game cites is a ``pyskessa.*`` entry of ``lessons/gwra-pyskessa``.

Which file holds what:

- ``rules.py``: the numbers (hand sizes, set size, players), the rule-id prefix, the options (``Rules``), and how
  a hand is kept (sorted, its ranks as bits);
- ``cornish.py`` (the game's own part): what is said at the table in Cornish and English (the sentences made by
  ``tutor.cornish``, which the drill shares), and reading an ask typed in Cornish;
- ``moves.py``: the move, ``Ask``, ``parse_action``, the legal asks and the refusals, and the public record of an
  ask (``AskLog``);
- ``deal.py``: dealing, and reading a prepared deal;
- ``state.py``: the immutable state (``PyskessaState``);
- ``turns.py``: applying an ask (``_Turn``, and the shortcut for the usual asks), the next state built as
  ``type(state)``: ``state.py`` imports it, never the other way;
- ``scoring.py``: ``score`` and ``verdict``, pure functions;
- ``game.py``: the registry's ``GwraPyskessa`` and its instance ``PYSKESSA``;
- ``bot.py``: the strong bot (``heuristic``) and the expert (``search``: the hidden hands guessed from the record of
  asks, each ask played out), paired with the game by ``tutor.games.bot_module``.
"""

from tutor.cornish import NO_SAID, THANKS_SAID, ask_said, yes_said

from .cornish import card_help, read_typed_ask
from .game import PYSKESSA, GwraPyskessa
from .moves import Ask, AskLog, parse_action
from .rules import PREFIX, Rules, hand_size, rank_bits
from .scoring import score, verdict
from .state import PyskessaState

__all__ = ["NO_SAID", "PREFIX", "PYSKESSA", "THANKS_SAID", "Ask", "AskLog", "GwraPyskessa", "PyskessaState", "Rules",
           "ask_said", "card_help", "hand_size", "parse_action", "rank_bits", "read_typed_ask", "score", "verdict",
           "yes_said"]
