"""Pig (or Donkey): pass cards left together, collect four of a kind, don't be last to touch your nose.

The rules, and how Gwari settles what the rule book leaves open, are in
docs/rules.md (notes P1–P7).  Every rule id emitted here is in the Pig lesson.
Simultaneous moves inside a one-player-at-a-time contract (the OpenSpiel way):

* **Passing (P3).**  Each player still in, clockwise from the dealer's left,
  commits a card (``pass QS``), hidden until the last one has chosen; then every
  chosen card moves one seat left at once.
* **The signal (P4, P5).**  Whoever holds four of a kind moves first in the round
  (or the deal) and may only lay the hand down and touch their nose (``nose``,
  ``pig.signal.must``).  A first signal without four of a kind is refused.
* **The race (P5).**  Then, tick by tick (``Rules.tick_ms``), each player still
  looking decides ``nose`` or ``wait``; those who touch in the same tick are
  ordered by reaction delays drawn at the signal from the game's seed.  The last
  one is the pig; ``wait`` is not offered in the last tick (``Rules.max_ticks``).
  The play app races a learner in real time through ``Pig.inputs.race``.
* **Letters (P6, P7).**  The pig takes a letter of PIG (or DONKEY); the whole word
  puts a player out; the rest play on with one rank per player; the last one wins.
* **Passing for ever.**  As in the rule book, passing goes on until somebody holds
  four of a kind.  The option ``Rules.stale_after`` (off by default) ends a deal
  after that many rounds (``pig.stale``): the weakest hand takes the letter.  The
  stop, ``STOP_AFTER`` rounds of one deal, does the same whatever the options
  (``pig.stop``), so that every deal ends with a letter and ``Pig.max_actions`` is
  a true bound.  Players who collect never come near it (the strong bots' longest
  deal in 10,000 games of thirteen is a few dozen rounds: benchmarks/pig_stop.py);
  passing at random does (a deal takes 55 rounds on average with three players,
  570 with eight, 1,700 with thirteen).

Which file holds what (``turns`` builds the next state as ``type(state)``; ``deal`` builds a new deal's state):

- ``rules.py``: the rule book's numbers (hand, players, the stop, the race clock's limits), ``Rules``, the ranks
  used (``top_ranks``, ``game_pack``) and the bound on a game's length.
- ``moves.py``: the kinds of move (``Pass``, ``Nose``, ``Wait``), ``parse_action``, the legal moves and the
  refusals, each citing its rule; who moves first in a round.
- ``scoring.py``: ``score``, lives left and the winner from the letters taken (P6).
- ``state.py``: ``PigState``: the position (a deal's first one: ``PigState.dealt``), ``legal_actions``/``apply``,
  ``view``, ``status``, ``result``, and moves in words (``prompt``, ``describe``).
- ``turns.py``: applying a move (``_Turn``): the pass, a deal that goes nowhere, the signal and the race, letters;
  the next state built as ``type(state)``: ``state.py`` imports it, never the other way.
- ``deal.py``: dealing one rank per player (the hands, not the position), and reading a prepared deal given to
  ``start(deal=...)``.
- ``game.py``: the registry entry ``Pig``, its instance ``PIG``, and the race's hooks for the play app.
- ``bot.py``: strategy only, found by the registry: ``heuristic`` (collect a rank; "strong") and ``search`` (the
  pass chosen over guessed hands, each played out; "expert", the race left to the rule of thumb); nothing else in
  the package imports it.
"""

from tutor.games.pig.deal import deal, read_pig_deal
from tutor.games.pig.game import PIG, Pig, race_clock, race_idle, race_tick_ms
from tutor.games.pig.moves import (KINDS, NOSE, PASSES, WAIT, Nose, Pass, Wait, first_to_move, has_four,
                                   legal_actions, parse_action)
from tutor.games.pig.rules import (HAND, MAX_PLAYERS, MIN_PLAYERS, PACK, PREFIX, SLUG, STOP_AFTER, Rules, game_pack,
                                   top_ranks)
from tutor.games.pig.scoring import score
from tutor.games.pig.state import PigState

__all__ = ["PIG", "Pig", "PigState", "Rules", "Pass", "Nose", "Wait", "KINDS", "NOSE", "WAIT", "PASSES",
           "parse_action", "has_four", "first_to_move", "legal_actions", "score", "deal", "read_pig_deal",
           "race_clock", "race_idle", "race_tick_ms", "HAND", "MAX_PLAYERS", "MIN_PLAYERS", "PACK", "PREFIX", "SLUG",
           "STOP_AFTER", "game_pack", "top_ranks"]
