"""Cârts Tîty's moves: what may go on what (T2, T4, T7, T9), the kinds of move and ``parse_action``, the legal
moves of a position and the refusal of any other, each citing its rule.

Part of ``tutor.games.carts_tity``; it imports only ``rules``.  A position is read by its fields (the state's
order, ``state._Position``), so this file never imports the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.cards import BadNotation, ElementCard
from tutor.cards.elements import ELEMENT_CARDS
from tutor.engine import IllegalMove, _shown_value, check_action
from tutor.mechanics import CardPlay

from .rules import MALFORMED, SIXTEEN, SWAP_MIN, SWAPS, VOID_AT, R, cards_word

# What may go on what (T2), worked out once for every top card: the cards that may be played
# on it, and the follow-ups among them (one above or below; 15 and 1 are not neighbours).
_ALL = tuple(ELEMENT_CARDS.values())
MATCH = {top: frozenset(c for c in _ALL if c.value == top.value or c.element is top.element
                        or abs(c.value - top.value) == 1) for top in _ALL}
FOLLOW = {top: frozenset(c for c in _ALL if abs(c.value - top.value) == 1) for top in _ALL}
SAME_FOLLOW = {top: frozenset(c for c in FOLLOW[top] if c.element is top.element) for top in _ALL}  # T7
SIXTEENS = {top: frozenset(c for c in MATCH[top] if c.element is top.element and c.value + top.value == SIXTEEN)
            for top in _ALL}  # T9


# ---------------------------------------------------------------- the kinds of move


class _Worded:
    """A move with no parts, written as its one ``word``."""

    __slots__ = ()
    word = ""

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Draw(_Worded):
    """Draw one card and end the turn (T3)."""

    word = "draw"


@dataclass(frozen=True, slots=True)
class PayChain:
    """Draw the ``count`` cards a chain of follow-ups costs (T4)."""

    count: int

    def __str__(self) -> str:
        return f"draw {self.count}"


@dataclass(frozen=True, slots=True)
class Skip(_Worded):
    """Miss the turn, as a same-element follow-up demands (T7)."""

    word = "skip"


@dataclass(frozen=True, slots=True)
class Swap(_Worded):
    """Swap the whole hand: under the pile's top card, draw as many, and miss the next turn (T8)."""

    word = "swap"


@dataclass(frozen=True, slots=True)
class Call(_Worded):
    """Announce "Last card!" before playing down to one card (T10)."""

    word = "last card"


Action = CardPlay | Draw | PayChain | Skip | Swap | Call
KINDS = (CardPlay, Draw, PayChain, Skip, Swap, Call)  # what ``tutor.engine.check_action`` lets through to the rules
PLAYS = {card: CardPlay(card) for card in _ALL}
_PLAY_OF = PLAYS.__getitem__
_MATCHES = {top: cards.__contains__ for top, cards in MATCH.items()}  # the tests of the legal moves, made once
_FOLLOWS = {top: cards.__contains__ for top, cards in FOLLOW.items()}
DRAW, SKIP, SWAP, CALL = Draw(), Skip(), Swap(), Call()
PAYS = {n: PayChain(n) for n in range(1, VOID_AT)}


def parse_action(text: Any) -> Action:
    """Read "play F7", "draw", "draw 4", "skip", "swap" or "last card"."""
    if not isinstance(text, str):
        raise IllegalMove(R["play"], f"{text!r} is not a move; write e.g. 'play F7', 'draw' or 'swap'.")
    words = text.strip().lower().rstrip("!").split()
    if words == ["draw"]:
        return DRAW
    if words == ["skip"]:
        return SKIP
    if words == ["swap"]:
        return SWAP
    if words == ["last", "card"]:
        return CALL
    if len(words) == 2 and words[0] == "draw" and words[1].isdigit() and len(words[1]) <= 3:
        n = int(words[1])
        return PAYS.get(n) or PayChain(n)
    if len(words) >= 2 and words[0] == "play":
        try:
            return PLAYS[ElementCard.parse(" ".join(words[1:]))]
        except BadNotation as exc:
            raise IllegalMove(R["play"], str(exc)) from None
    raise IllegalMove(R["play"], f"{text!r} is not a move; write e.g. 'play F7', 'draw', 'draw 4', 'skip', "
                                 "'swap' or 'last card'.")


# ---------------------------------------------------------------- what is legal


def legal_actions(state: Any) -> list[Action]:
    """The moves of the player to move: plays, a draw, a chain to pay or answer, a swap, the announcement."""
    (_, rules, _, decks, hands, stock, pile, me, chain, chain_same, swaps, _, called, _, _, _, _, _, _, _, _, _,
     _, _) = state
    if me is None:
        return []
    hand = hands[me]
    if chain:  # T4, T7: answer with a follow-up, or pay
        legal = list(map(_PLAY_OF, filter(_FOLLOWS[pile[-1]], hand)))
        if chain_same:
            legal.append(SKIP)
        else:  # T10: a player holding one card pays one more
            cost = chain + 1 if len(hand) == 1 and rules.last_card else chain
            legal.append(PAYS.get(cost) or PayChain(cost))
    else:
        legal = list(map(_PLAY_OF, filter(_MATCHES[pile[-1]], hand)))
        if stock or len(pile) > 1 or not legal:  # T3; with nothing to draw, only a stuck player passes
            legal.append(DRAW)
        if len(hand) >= SWAP_MIN and swaps[me]:
            legal.append(SWAP)
    if len(hand) == 2 and rules.last_card and not called[me]:
        legal.append(CALL)
    if decks > 1:
        legal = list(dict.fromkeys(legal))
    return legal


def chain_cost(state: Any, seat: int) -> int:
    """What the pending chain costs ``seat``: its count, one more for a player holding one card (T10)."""
    return state.chain + (state.rules.last_card and len(state.hands[seat]) == 1)


def can_play(state: Any, seat: int) -> bool:
    """``seat`` holds a card that goes on the pile (a follow-up, while a chain waits)."""
    ok = FOLLOW[state.pile[-1]] if state.chain else MATCH[state.pile[-1]]
    return any(c in ok for c in state.hands[seat])


def refusal(state: Any, action: Any) -> IllegalMove:
    """Why ``action`` is not legal now, citing the rule.  First ``check_action`` raises, naming the field, for
    anything but one of ``KINDS`` with every field of its declared type (the state's ``apply`` counts on it)."""
    check_action(action, KINDS, MALFORMED)
    me = state.current
    if me is None:
        return IllegalMove(R["win"], "The game is over: no more moves.")
    kind = type(action)
    hand = state.hands[me]
    chain = state.chain
    if kind is CardPlay:
        card = action.card
        if type(card) is not ElementCard:
            return IllegalMove(R["play"], f"{card!r} is not a card of the element deck.")
        if card not in hand:
            return IllegalMove(R["play"], f"You do not hold {card.english}.")
        top = state.pile[-1]
        if chain:
            values = " or ".join(str(v) for v in (top.value - 1, top.value + 1) if 1 <= v <= 15)
            return IllegalMove(R["chain"], f"A chain is waiting: answer {top.english} with a follow-up (a "
                                           f"{values}), or {'miss your turn' if state.chain_same else 'draw'}.")
        if {card.value, top.value} == {1, 15}:
            return IllegalMove(R["follow-up"], "15 and 1 are not neighbours: a follow-up to 15 is a 14, "
                                               "and to 1 a 2.")
        return IllegalMove(R["play"], f"{card.english} does not go on {top.english}: play the same value, "
                                      "the same element, or one above or below.")
    if kind is Draw:
        if chain:
            return IllegalMove(R["chain"], "A chain is waiting: answer it with a follow-up, or "
                                           f"{'miss your turn' if state.chain_same else 'draw its cards'}.")
        return IllegalMove(R["draw"], "There is nothing left to draw, and you can play a card: play it.")
    if kind is PayChain:
        count = _shown_value(action.count)
        if type(action.count) is not int:  # a kind of int other than a plain one
            return IllegalMove(MALFORMED, f"paychain.count: {count} is not a plain whole number.")
        if not chain or state.chain_same:
            what = "it costs a missed turn, not cards" if chain else "there is no chain to pay"
            return IllegalMove(R["chain.draw"], f"You cannot draw {count} now: {what}.")
        return IllegalMove(R["chain.draw"], f"The chain costs you {cards_word(chain_cost(state, me))}, not {count}.")
    if kind is Skip:
        return IllegalMove(R["chain.skip"], "You miss a turn only when a follow-up of the same element "
                                            "was played on you.")
    if kind is Swap:
        if chain:
            return IllegalMove(R["swap"], "A chain is waiting: answer it or pay it; you cannot swap now.")
        if not state.swaps[me]:
            return IllegalMove(R["swap"], f"You have already swapped your hand {SWAPS} times this round.")
        return IllegalMove(R["swap"], f"You may swap your hand only with {SWAP_MIN} cards or more; "
                                      f"you have {len(hand)}.")
    if kind is Call:
        if not state.rules.last_card:
            return IllegalMove(R["last-card"], "This game is played without announcing the last card.")
        if state.called[me]:
            return IllegalMove(R["last-card"], "You have already said it.")
        return IllegalMove(R["last-card"], "Say “Last card!” when you hold two cards and are about to play "
                                           f"one; you hold {len(hand)}.")
    return IllegalMove(MALFORMED, f"{action!r} is not a move of Cârts Tîty.")
