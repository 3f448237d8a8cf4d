"""Choosing a move, the same way for every game: pick a card, then one of its moves.

The moves offered for a card come from the game (``state.candidate_actions``,
legal or not, so a learner can try and be told why not).  Moves that use no
card of the hand (``state.cards_of`` is empty: a pass, standing, touching your
nose) are always offered as buttons.  Moves travel as their canonical text and are parsed back by the game.
"""

from __future__ import annotations

from typing import Any

from tutor.engine import State
from tutor.widgets.base import button, card_buttons, esc


def card_moves(state: State, card: Any) -> list:
    """The moves a learner may try with ``card`` (legal or not; the rules judge)."""
    return list(state.candidate_actions(card))


def free_moves(state: State) -> list:
    """Legal moves that use no card from the hand (passing, knocking, standing…)."""
    return [a for a in state.legal_actions() if not state.cards_of(a)]


def label(state: State, action: Any) -> str:
    """A move as the learner would say it ("Ask Pol for sevens")."""
    return state.prompt(action)


def legal_card_indexes(state: State, hand: tuple) -> set[int]:
    """Indexes of the hand's cards that some legal move uses (highlighted for the learner)."""
    used = set()
    for action in state.legal_actions():
        used.update(state.cards_of(action))
    return {i for i, card in enumerate(hand) if card in used}


def move_panel(state: State, seat: int, selected: int | None, *, width: int = 72) -> str:
    """The learner's hand as buttons and, for the chosen card, its moves; plus card-free moves."""
    hand = state.view(seat).seats[seat].hand
    if selected is None and len(hand) == 1:
        selected = 0  # one card: its moves are the only ones, so show them at once
    legal = {str(a) for a in state.legal_actions()}
    usable = legal_card_indexes(state, hand)
    if len(usable) == len(hand):
        usable = set()  # every card can be used: marking them all would only add noise
    parts = ['<div class="gw-panel"><h3>Your hand</h3>',
             card_buttons(hand, selected=selected, legal=usable, width=width)]
    if selected is not None and 0 <= selected < len(hand):
        card = hand[selected]
        moves = sorted(card_moves(state, card), key=lambda a: str(a) not in legal)
        parts.append(f'<div class="gw-small">With the {esc(card.english)}:</div><div class="gw-row">')
        for action in moves:
            ok = str(action) in legal
            parts.append(button(label(state, action), "move", str(action), primary=ok, muted=not ok,
                                group="moves", title="" if ok else "The rules may not allow this — try it to see why."))
        parts.append("</div>")
    elif hand:
        parts.append('<div class="gw-small">Choose a card (click it, or Tab to the hand, use the arrow keys and Enter).</div>')
    free = free_moves(state)
    if free:
        parts.append('<div class="gw-row">' + "".join(
            button(label(state, a), "move", str(a), primary=True, group="moves") for a in free) + "</div>")
    parts.append("</div>")
    return "".join(parts)
