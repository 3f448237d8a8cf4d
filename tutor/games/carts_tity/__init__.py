"""Cârts Tîty ("crazy cards"): a shedding game of the Mau-Mau family with the element deck.

The rules, and how Gwari settles what the rule book leaves open, are in
``docs/rules.md`` (Cârts Tîty, T1–T13).  Eight cards each; play a card of the
same value or element as the pile's top card, or a *follow-up* (one above or
below, any element), or draw one.  A follow-up makes the next player draw 2
unless they answer with a follow-up too (4, 6, 8, 10; past 10 the chain
breaks); a follow-up of the same element makes them miss the turn instead.  A
player may swap the whole hand three times a round.  Options: the 16 rule, the
last card (announced with the ``last card`` move, which a player can forget),
overflow past 25 cards, doubling chains, and scoring over several rounds.
Every rule id the game cites is a ``carts.*`` entry of ``lessons/carts-tity``.

Which file holds what (each imports only files above it; ``turns`` builds the next state as ``type(state)``):

- ``rules.py``: the rule book's numbers (hand, chains, swaps, the last card, overflow, points), the rule ids,
  ``Rules``.
- ``moves.py``: what may go on what (``MATCH``, ``FOLLOW``, ``SIXTEENS``), the kinds of move (``CardPlay``, ``Draw``,
  ``PayChain``, ``Skip``, ``Swap``, ``Call``) and ``parse_action``; the legal moves and the refusals, each citing
  its rule.
- ``scoring.py``: ``score_round``, the pure scoring of a round (T13).
- ``deal.py``: the seeded shuffles, dealing, and reading a prepared deal given to ``start(deal=...)``.
- ``turns.py``: applying a move the long way (``_Turn``, one method per kind of move), the end of a round and the
  next; the words of the common moves, made once per table.
- ``state.py``: ``CartsState``: the position, ``legal_actions``/``apply`` (the common moves made quickly),
  ``view``, ``status``, ``result``, and moves in words (``prompt``, ``describe``).
- ``game.py``: the registry entry ``CartsTity`` and its instance ``CARTS``.
- ``bot.py``: strategy only, found by the registry: ``heuristic`` ("strong") and ``search`` (games imagined to
  the end of the round, "expert"); nothing else in the package imports it.
"""

from tutor.games.carts_tity.deal import deal_from, read_carts_deal, shuffler
from tutor.games.carts_tity.game import CARTS, CartsTity
from tutor.games.carts_tity.moves import (CALL, DRAW, FOLLOW, KINDS, MATCH, PAYS, PLAYS, SAME_FOLLOW, SIXTEENS, SKIP,
                                          SWAP, Action, Call, CardPlay, Draw, PayChain, Skip, Swap, parse_action)
from tutor.games.carts_tity.rules import (CHAIN_CAP, CHAIN_STEP, FORGOT, FORGOT_MORE, FORGOT_OVER, HAND, MAX_PLAYERS,
                                          OUT_POINTS, OVERFLOW, PREFIX, SURVIVOR_PLAYERS, SURVIVOR_POINTS, SWAP_MIN,
                                          SWAPS, VOID_AT, R, Rules, cards_word, decks_for)
from tutor.games.carts_tity.scoring import RoundScore, score_round
from tutor.games.carts_tity.state import CartsState

__all__ = ["CARTS", "CartsTity", "CartsState", "Rules", "Action", "CardPlay", "Draw", "PayChain", "Skip", "Swap",
           "Call", "CALL", "DRAW", "SKIP", "SWAP", "PAYS", "PLAYS", "KINDS", "parse_action", "MATCH", "FOLLOW",
           "SAME_FOLLOW", "SIXTEENS", "RoundScore", "score_round", "deal_from", "read_carts_deal", "shuffler",
           "CHAIN_CAP", "CHAIN_STEP", "FORGOT", "FORGOT_MORE", "FORGOT_OVER", "HAND", "MAX_PLAYERS", "OUT_POINTS",
           "OVERFLOW", "PREFIX", "SURVIVOR_PLAYERS", "SURVIVOR_POINTS", "SWAP_MIN", "SWAPS", "VOID_AT", "R",
           "cards_word", "decks_for"]
