"""Cassino: capture cards from the table by pairing and summing, build for later, sweep the table.

The rules as Gwari settles them are in ``docs/rules.md`` (Cassino, K1–K13): a
52-card pack; four cards each, dealt in twos, and four face up on the table in
the first deal only; four more each until the pack is out.  A turn plays one
card: it captures (pairing, or summing number cards; several groups at once),
builds (a single or multiple build the player can take later), or trails.  A
card that could capture may not be trailed (K2); a build's owner may not trail
and keeps a card that takes it (K4).  Clearing the table is a sweep.  At the end
the last capturer takes what is left (not a sweep, K11).  Each deal scores 3 for
most cards, 1 for most spades, 2 for the 10♦, 1 for the 2♠, 1 per ace and 1 per
sweep; a game is one deal, 11 up or 21 up (K13).  Four players play as two
partnerships, partners opposite.  Every rule id emitted here is a ``cassino.*``
entry of ``lessons/cassino``.

Which file holds what (each imports only files above it; ``turns`` builds the next state as ``type(state)``):

- ``rules.py``: the rule book's numbers (pack, card values, hand, points, targets), the rule-id prefix, ``Rules``.
- ``table.py``: the part only Cassino has: builds on the table (``TableBuild``), the sums captures and builds rest
  on (``splits``, ``partition``, the move list's bit masks), and table cards, groups and builds in words.
- ``moves.py``: the kinds of move (``Trail``, ``Capture``, ``Build``) and ``parse_action``; the move list
  (``capture_options``, ``build_options``) and the refusal checks (``_problem``), each citing its rule.
- ``deal.py``: dealing in twos, and reading a prepared deal given to ``start(deal=...)``.
- ``scoring.py``: pure scoring (``tally``, ``score_deal``, ``judge_game``) and the "find every capture" exercise
  (``judge_captures``), which judges a learner's groups against the move list.
- ``turns.py``: applying a move (``_Turn``, one method per kind of move), dealing again and ending a deal.
- ``state.py``: ``CassinoState``: the position, ``legal_actions``/``apply``, ``view``, ``status``, ``result``, and
  moves in words (``prompt``, ``describe``).
- ``game.py``: the registry entry ``Cassino`` and its instance ``CASSINO``.
- ``bot.py``: strategy only, found by the registry: ``heuristic`` (greedy, "strong") and ``search`` (the planner,
  "expert"); nothing else in the package imports it.
"""

from tutor.games.cassino.deal import first_deal
from tutor.games.cassino.game import CASSINO, Cassino
from tutor.games.cassino.moves import Action, Build, Capture, Trail, build_options, capture_options, parse_action
from tutor.games.cassino.rules import PACK, VALUE, Rules
from tutor.games.cassino.scoring import (DealScore, Outcome, Tally, Verdict, judge_captures, judge_game, score_deal,
                                         tally)
from tutor.games.cassino.state import CassinoState
from tutor.games.cassino.table import TableBuild, partition

__all__ = ["CASSINO", "Cassino", "CassinoState", "Rules", "Action", "Trail", "Capture", "Build", "TableBuild",
           "parse_action", "capture_options", "build_options", "first_deal", "partition", "PACK", "VALUE", "tally",
           "score_deal", "judge_game", "judge_captures", "Tally", "DealScore", "Outcome", "Verdict"]
