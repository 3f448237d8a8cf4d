"""Pymtheg: a partnership trick game with an auction, played with the 60 element cards.

The rules as Gwari settles them are in ``docs/rules.md`` (Pymtheg, Y1–Y16).
Four players, partners opposite, get three rounds of five cards.  From the
dealer's left each bids or passes (a pass is final): Gâm (nine tricks with the
partner) and its raises, Ry (take no trick), Lon (all fifteen alone).  The
opponents may double the contract and the declarers redouble; the declarer
names trump or no trump, with the bid for a higher score or after the auction;
then fifteen tricks are played: follow the element led, trump if you like,
over-trump freely, under-trump only when nothing else is left.  Only the
playing side scores.  If all four pass, the deal is played as Burn (whose
package this one borrows from).  Every rule id emitted here is a ``pymtheg.*``
entry of ``lessons/pymtheg``.

Which file holds what:

- ``rules.py``: four players, the pack, the hand, the trumps, the bounds, the rule ids, the options (``Rules``);
- ``moves.py``: the kinds of move (``Bid``, ``Call``, ``Stake``, ``NameTrump``, ``CardPlay``), ``parse_action``, the
  legal moves (the bids open, the doubles on offer, the cards) and the refusals, and a card played against the
  rules (``Offence``);
- ``deal.py``: three rounds of five, the partial reshuffle, a prepared deal read field by field, the match's end;
- ``state.py``: the position (``PymthegState``), what each seat sees, the moves and the contract in words, and the
  most common cards made in one step;
- ``auction.py`` (Pymtheg's own part): the auction's moves, doubling out of turn and naming trump;
- ``turns.py``: the ``Turn`` that makes each move (the trick core's ``TrickTurn`` with the auction's part, a Ry's
  and a Lon's tricks, revokes, the end of a deal), the next state built as ``type(state)``: ``state.py`` imports
  it, never the other way;
- ``scoring.py``: the bids in order, the score table and every score as pure functions;
- ``game.py``: the ``Game`` subclass and ``PYMTHEG``;
- ``bot.py``: the rule-based bot (``heuristic``, ``offer_choice``) and the search bot (``search``, its search for a
  card in ``search.py``), paired with the game by the registry.
"""

from tutor.games.pymtheg.game import PYMTHEG, Pymtheg
from tutor.games.pymtheg.moves import (BIDS, CALLS, DOUBLE, KINDS, PASS, PLAYS, REDOUBLE, STAKES, STOP, TRUMPS, Bid,
                                       Call, CardPlay, NameTrump, Stake, parse_action)
from tutor.games.pymtheg.rules import MAX_DEALS, NO_TRUMP, PACK, PLAYERS, PREFIX, TEAMS, Rules
from tutor.games.pymtheg.scoring import (BID_CODES, BID_NAMES, CORRECTED_GAM, GAM_RANK, KIND, LEVEL, PRINTED_GAM,
                                         TABLE_SLIPS, Contract, Score, burn_scores, revoke_score, score_contract,
                                         score_gam, score_lon, score_ry, signed)
from tutor.games.pymtheg.state import PymthegState, bid_words

__all__ = [
    "BIDS", "BID_CODES", "BID_NAMES", "CALLS", "CORRECTED_GAM", "Contract", "DOUBLE", "GAM_RANK", "KIND", "KINDS",
    "LEVEL", "MAX_DEALS", "NO_TRUMP", "PACK", "PASS", "PLAYERS", "PLAYS", "PREFIX", "PRINTED_GAM", "PYMTHEG",
    "Pymtheg", "PymthegState", "REDOUBLE", "Rules", "STAKES", "STOP", "Score", "TABLE_SLIPS", "TEAMS", "TRUMPS",
    "Bid", "Call", "NameTrump", "CardPlay", "Stake", "bid_words", "burn_scores", "parse_action", "revoke_score",
    "score_contract", "score_gam", "score_lon", "score_ry", "signed",
]
