"""Chwech: David Parlett's plain-trick game for six (also four, five or seven), where you may pass.

The rules are Parlett's, with his later change to aces and jokers as the
default; docs/rules.md (C1–C12) says how Gwari settles what they leave open.
Nine cards each; in a trick everyone after the leader gets one chance to play
the suit led (or a joker) or pass; the winner may lead or pass the lead, and a
player who passes the lead sits that trick out.  A deal ends by deadlock, or
when a trick in which someone played their last card is taken, and scores
cards played out × (cards won beyond a multiple of nine, or nine).  A match is
several deals, the deal passing left.  Every rule id the game cites is a
``chwech.*`` entry of the Chwech lesson.

Which file holds what:

- ``rules.py``: the rule-id prefix, the longest match, and the options (``Rules``);
- ``packs.py`` (Chwech's own part): the 36-, 45-, 54- and 63-card packs, the Five Hundred pack's number cards
  (``NumberCard``), the hand size and the usual number of deals;
- ``moves.py``: the moves, ``CardPlay`` and ``Pass``, ``parse_action``, the legal moves and the refusals;
- ``deal.py``: dealing, and reading a prepared deal;
- ``state.py``: the immutable state (``ChwechState``);
- ``turns.py``: applying a move (``_Turn``: leads, plays, passes, tricks taken, deals scored), the next state
  built as ``type(state)``: ``state.py`` imports it, never the other way;
- ``scoring.py``: who takes a trick, what a deal scores, who wins the match: pure functions;
- ``game.py``: the registry's ``Chwech`` and its instance ``CHWECH``;
- ``bot.py``: the strong bot (``heuristic``) and the expert (``search``: the other hands guessed from the unseen
  cards, each move played out to the end of the deal), paired with the game by ``tutor.games.bot_module``.
"""

from .game import CHWECH, Chwech
from .moves import PASS, CardPlay, Pass, parse_action
from .packs import HAND_SIZE, Number, NumberCard, pack_for, parse_card
from .rules import PREFIX, Rules
from .scoring import card_power, deal_score, deal_score_breakdown, match_result, multiplier, who_takes
from .state import ChwechState

__all__ = ["CHWECH", "HAND_SIZE", "PASS", "PREFIX", "Chwech", "ChwechState", "Number", "NumberCard", "Pass", "CardPlay",
           "Rules", "card_power", "deal_score", "deal_score_breakdown", "match_result", "multiplier", "pack_for",
           "parse_action", "parse_card", "who_takes"]
