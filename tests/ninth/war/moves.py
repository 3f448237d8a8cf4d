"""War's one kind of move, ``CardPlay`` (the top card of your hand; the shared one of ``tutor.mechanics``), reading it
from text, and the legal move."""

from __future__ import annotations

from typing import Any

from tutor.cards import BadNotation, Card
from tutor.engine import IllegalMove
from tutor.mechanics import CardPlay

from .rules import MALFORMED


KINDS = (CardPlay,)  # the top card of your hand is the only one you may play (war.turn)


def parse_action(text: Any) -> CardPlay:
    """Read ``play 10H``."""
    if not isinstance(text, str):
        raise IllegalMove(MALFORMED, f"A move is text such as 'play 10H', not {type(text).__name__}.")
    words = text.split()
    if len(words) != 2 or words[0].lower() != "play":
        raise IllegalMove(MALFORMED, f"{text[:40]!r} is not a move; say 'play' and a card, such as 'play 10H'.")
    try:
        return CardPlay(Card.parse(words[1]))
    except BadNotation as exc:
        raise IllegalMove(MALFORMED, f"{text[:40]!r}: {exc}") from None


def legal_actions(state: Any) -> list[CardPlay]:
    """The top card of the mover's hand (war.turn)."""
    return [] if state.current is None else [CardPlay(state.hands[state.current][0])]
