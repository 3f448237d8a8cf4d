"""Pig's kinds of move (``Pass``, ``Nose``, ``Wait``), reading them from text, and what is legal: the legal moves
and the refusals, each citing its rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.cards import BadNotation, Card, Rank
from tutor.engine import IllegalMove

from .rules import HAND, MALFORMED, PACK, PREFIX


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """Choose ``card`` to pass face down to the left (revealed when everyone has chosen)."""

    card: Card

    def __str__(self) -> str:
        return f"pass {self.card.code}"


@dataclass(frozen=True, slots=True)
class Nose:
    """Lay the hand down and touch your nose: the signal, or noticing it in the race."""

    def __str__(self) -> str:
        return "nose"


@dataclass(frozen=True, slots=True)
class Wait:
    """Still looking: let this tick of the race go by."""

    def __str__(self) -> str:
        return "wait"


KINDS = (Pass, Nose, Wait)
NOSE = Nose()
WAIT = Wait()
PASSES = {card: Pass(card) for card in PACK}
"""One ``Pass`` per card, built once (legal actions are listed at every step)."""
READY_MADE = frozenset(map(id, (NOSE, WAIT, *PASSES.values())))
"""The moves ``legal_actions`` hands out: well formed by construction, so ``check_action`` is not repeated on them."""


def parse_action(text: str) -> Pass | Nose | Wait:
    """Read ``pass QS``, ``nose`` or ``wait`` (the forms ``str`` writes)."""
    words = str(text).split()
    if words == ["nose"]:
        return NOSE
    if words == ["wait"]:
        return WAIT
    if len(words) == 2 and words[0] == "pass":
        try:
            card = Card.parse(words[1])
        except BadNotation as exc:
            raise IllegalMove(f"{PREFIX}.pass", f"{text!r}: {exc}") from None
        return PASSES.get(card) or Pass(card)
    raise IllegalMove(f"{PREFIX}.pass", f"{text!r} is not a move; write 'pass QS', 'nose' or 'wait'.")


def has_four(hand: tuple[Card, ...]) -> Rank | None:
    """The rank of which ``hand`` holds four, if any."""
    if len(hand) != HAND:
        return None
    rank = hand[0].rank
    return rank if hand[1].rank is rank and hand[2].rank is rank and hand[3].rank is rank else None


def first_to_move(hands: tuple[tuple[Card, ...], ...], order: list[int]) -> int:
    """Who moves first in a round: a player holding four of a kind (they signal at once), else the dealer's left."""
    return next((p for p in order if has_four(hands[p])), order[0])


def legal_actions(state: Any) -> list[Pass | Nose | Wait]:
    """Passing: any card held, or only ``nose`` with four of a kind.  Racing: ``nose`` or ``wait``."""
    if state.current is None:
        return []
    if state.touched:
        return [NOSE] if state.tick >= state.rules.max_ticks - 1 else [NOSE, WAIT]
    hand = state.hands[state.current]
    if has_four(hand):
        return [NOSE]  # pig.signal.must
    return [PASSES[c] for c in hand]


def problem(state: Any, action: Pass | Nose | Wait) -> IllegalMove | None:
    """Why the rules refuse ``action`` (already one of the game's moves, well formed) now, or ``None``."""
    if state.current is None:
        return IllegalMove(f"{PREFIX}.win", "The game is over: one player is left.")
    if state.touched:
        if type(action) is Pass:
            return IllegalMove(f"{PREFIX}.race", "Someone has touched their nose: no more passing, the race is on.")
        if type(action) is Wait and state.tick >= state.rules.max_ticks - 1:
            return IllegalMove(f"{PREFIX}.race", "The race is at its end: touch your nose now.")
        return None
    if type(action) is Wait:
        return IllegalMove(f"{PREFIX}.race", "Nobody has touched their nose: there is nothing to wait for.")
    hand = state.hands[state.current]
    four = has_four(hand)
    if type(action) is Nose:
        if four is None:
            return IllegalMove(f"{PREFIX}.signal.false",
                               "You may start the race only with four of a kind; your hand would be shown.")
        return None
    if four is not None:
        return IllegalMove(f"{PREFIX}.signal.must", f"You hold four {four.english_plural}: lay your hand down "
                                                    "and touch your nose — no more passing.")
    if action.card not in hand:
        return IllegalMove(f"{PREFIX}.pass", f"You can only pass a card you hold, and you have no "
                                                f"{action.card.label}.")
    return None


__all__ = ["Pass", "Nose", "Wait", "KINDS", "NOSE", "WAIT", "PASSES", "READY_MADE", "MALFORMED", "parse_action",
           "has_four", "first_to_move", "legal_actions", "problem"]
