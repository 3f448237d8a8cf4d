"""Burn: a trick game with the element deck in which every Fire card you take burns you.

The rules as Gwari settles them are in ``docs/rules.md`` (Burn, B1–B8; tricks
as in Pymtheg, Y13): the whole pack dealt one card at a time; no trumps; follow
the element led, or play anything and lose the trick; the dealer's left leads,
then each trick's winner.  A side scores 1 for each Fire card it took, or
nothing if it took more Water than Fire; partners pool their cards.  A side that
takes every Fire and every Water card has a *pit*: 30 off its own score or 30
onto each opponent's, never pushing anyone past 100 nor itself below 0.  Deals
go on until a side reaches 100; the lowest total wins.  The same play is
Pymtheg's sub-game with another ``BurnScoring``.  Every rule id emitted here
is a ``burn.*`` entry of ``lessons/burn``.

Which file holds what:

- ``rules.py``: the pack, the pit's worth and the limits, the rule ids, the options (``Rules``);
- ``moves.py``: the kinds of move (``CardPlay``, ``Pit``), ``parse_action``, the legal moves and the refusals;
- ``deal.py``: the shuffled deal, and a prepared deal read field by field;
- ``state.py``: the position (``BurnState``), what each seat sees, the moves in words;
- ``turns.py``: the ``Turn`` that makes each move (the trick core's ``TrickTurn`` with the pit and the deal's end),
  the next state built as ``type(state)``: ``state.py`` imports it, never the other way;
- ``scoring.py``: a deal's score and the pit as pure functions (Pymtheg's sub-game scores with them too);
- ``game.py``: the ``Game`` subclass and ``BURN``;
- ``bot.py``: the rule-based bot (``heuristic``) and the search bot (``search``), paired with the game by the
  registry.
"""

from tutor.games.burn.game import BURN, Burn
from tutor.games.burn.moves import KINDS, PITS, PLAYS, CardPlay, Pit, parse_action
from tutor.games.burn.rules import (ALL_FIRE, ALL_WATER, FIRE, MAX_DEALS, MAX_PLAYERS, PACK, PIT, PIT_TABLE, PREFIX,
                                    WATER, Rules, element, value)
from tutor.games.burn.scoring import (BURN_SCORING, PYMTHEG_SCORING, SCORINGS, BurnScoring, SideScore, pit_choices,
                                      pit_row, pit_value, score_deal, signed)
from tutor.games.burn.state import BurnState

__all__ = [
    "ALL_FIRE", "ALL_WATER", "BURN", "BURN_SCORING", "Burn", "BurnScoring", "BurnState", "FIRE", "KINDS",
    "MAX_DEALS", "MAX_PLAYERS", "PACK", "PIT", "PITS", "PIT_TABLE", "PLAYS", "PREFIX", "PYMTHEG_SCORING", "Pit",
    "CardPlay", "Rules", "SCORINGS", "SideScore", "WATER", "element", "parse_action", "pit_choices", "pit_row",
    "pit_value", "score_deal", "signed", "value",
]
