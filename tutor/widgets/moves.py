"""Choosing a move, the same way for every game: pick a card, then one of its moves.

The moves offered for a card come from the game (``state.candidate_actions``,
legal or not, so a learner can try and be told why not).  Moves that use no
card of the hand (``state.cards_of`` is empty: a pass, standing, touching your
nose) are always offered as buttons.  Moves travel as their canonical text and are parsed back by the game.
"""

from __future__ import annotations

from typing import Any, Collection

from tutor import render
from tutor.engine import State
from tutor.widgets.base import button, card_buttons, esc, heading
from tutor.widgets.move_notes import notes_for


def card_moves(state: State, card: Any) -> list:
    """The moves a learner may try with ``card`` (legal or not; the rules judge)."""
    return list(state.candidate_actions(card))


def free_moves(state: State, seat: int | None = None) -> list:
    """Moves that use no card from the hand (passing, knocking, standing…): the legal ones when it is ``seat``'s
    turn, and what ``seat`` may do out of turn (a double) — never another player's moves."""
    mine = seat is None or state.current_player == seat
    moves = [a for a in state.legal_actions() if not state.cards_of(a)] if mine else []
    if seat is not None:
        moves += [a for a in state.offers(seat) if a not in moves]
    return moves


def label(state: State, action: Any) -> str:
    """A move as the learner would say it ("Ask Pol for sevens")."""
    return state.prompt(action)


def legal_card_indexes(state: State, hand: tuple) -> set[int]:
    """Indexes of the hand's cards that some legal move uses (highlighted for the learner)."""
    used = set()
    for action in state.legal_actions():
        used.update(state.cards_of(action))
    return {i for i, card in enumerate(hand) if card in used}


def move_panel(state: State, seat: int, selected: int | None, *, width: int = 72, level: int = 3,
               race_idle: Any = None, notes: str = "", cards: bool = True, mark_legal: bool = True,
               teach: bool = True, chapters: Collection[int] | None = None, view: Any = None,
               status: str | None = None) -> str:
    """The learner's hand as buttons and, for the chosen card, its moves; plus card-free moves.

    ``race_idle`` is the move the race clock makes for a learner who does nothing (not offered as a button:
    the one button is the move that beats the clock).  ``notes`` (a refusal, a hint) go right below the moves.
    ``cards=False`` (a game whose moves never start from a card) shows the hand as a picture, moves as buttons.
    ``mark_legal=False`` (a check asking which move is allowed) rings no card and shows every move of a card alike.
    ``teach``: beside a move the rules allow that the learner has not been taught, the first time its kind is offered,
    one line says what it is and scores (never in a check or a race); ``chapters``: the lesson's chapters the learner
    knows (``None``: chapter 1 and those the named learner finished, from the class's progress).
    ``view`` and ``status``: ``seat``'s view of ``state`` and its status line, when the caller has them already
    (computed here otherwise).
    """
    hand = (state.view(seat) if view is None else view).seats[seat].hand
    if selected is None and len(hand) == 1:
        selected = 0  # one card: its moves are the only ones, so show them at once
    my_turn = state.current_player == seat
    legal = {str(a) for a in state.legal_actions()} if my_turn else set()
    playable = legal_card_indexes(state, hand) if my_turn else set()  # none in an auction: no card is played
    usable = playable if mark_legal else set()  # every playable card, even when that is every card: no mark says none
    free = free_moves(state, seat)
    racing = race_idle is not None
    if racing and len(free) > 1:
        free = [a for a in free if str(a) != str(race_idle)]
    moves: list = []
    if cards and selected is not None and 0 <= selected < len(hand):
        moves = card_moves(state, hand[selected])
    told = {}
    if teach and mark_legal and not racing:
        told = notes_for(state, seat, [a for a in moves if str(a) in legal] + free, chapters=chapters)
    parts = ['<div class="gw-panel gw-movebox">', heading(level, "Your hand"),
             f'<p class="gw-turn">{esc(state.status() if status is None else status)}</p>'
             if state.current_player == seat else ""]
    if not cards:
        parts.append(render.hand_svg(hand, width=width, label="Your hand", legal=usable) if hand else "")
        selected = None
    else:
        parts.append(card_buttons(hand, selected=selected, legal=usable, width=width, focus=not racing))
    if selected is not None and 0 <= selected < len(hand):
        card = hand[selected]
        if mark_legal:
            moves.sort(key=lambda a: str(a) not in legal)
        parts.append(f'<div class="gw-small">With the {esc(card.english)}:</div><div class="gw-row gw-moves">')
        for action in moves:
            ok = str(action) in legal or not mark_legal
            parts.append(beside(button(label(state, action), "move", str(action), primary=ok, muted=not ok,
                                       group="moves",
                                       title="" if ok else "The rules may not allow this — try it to see why.",
                                       describe="" if ok else "(the rules may not allow this)",
                                       then=f"hand-{selected}" if cards else ""), told.get(str(action), "")))
        parts.append("</div>")
    elif hand and cards and not racing and playable:
        parts.append('<div class="gw-small">Click a card, then the move it offers (or Tab to your hand, the arrow '
                     "keys, Enter).</div>")
    if free:
        parts.append('<div class="gw-row gw-moves">' + "".join(
            beside(button(label(state, a), "move", str(a), primary=True, group="free", fast=racing,
                          focus=racing or not cards), told.get(str(a), ""))
            for a in free) + "</div>")
    parts.append(notes)
    parts.append("</div>")
    return "".join(parts)


def beside(move_button: str, note: str) -> str:
    """A move's button, and right under it, in the same cell of the moves, the line saying what an untaught move is
    (one line high; the whole line in its tooltip)."""
    return f'<span class="gw-movecell">{move_button}{note}</span>' if note else move_button
