"""How a learner acts in a game: ``Inputs`` lists the controls the play app builds, and names no game.

Cards of the hand, buttons, a phrase typed in the game's language (``TypedInput``, whose reader raises
``Misread`` with a hint), a race against the clock (``RaceInput``), calls on a bidding ladder, or a question put
to another seat that its player answers aloud (``ReplyInput``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


class Misread(ValueError):
    """Typed text that could not be read as a move: ``hint`` corrects it; ``expected``/``typed`` name a fumbled word."""

    def __init__(self, hint: str, expected: str = "", typed: str = "") -> None:
        super().__init__(hint)
        self.hint = hint
        self.expected = expected
        self.typed = typed


@dataclass(frozen=True)
class TypedInput:
    """A move typed as a phrase in the game's language (Gwra Pyskessa: the ask in Cornish)."""

    label: str  # the switch that turns the mode on ("Ask in Cornish (type the question)")
    lang: str  # BCP 47 code of the language typed ("kw")
    placeholder: str  # an example of what to type
    pattern: str  # the shape of a phrase, shown beside the box
    read: Callable[[Any, int, str], Any]  # (state, seat, text) -> action; raises Misread
    card_help: Callable[[Any], str]  # what clicking a card of the hand says (its name in the language)
    drill: bool = False  # fumbled words go to the learner's vocabulary drill
    drill_notebook: str = ""  # the drill's notebook (without .ipynb), linked beside the box


OFFER_WAIT_MS = 6000
"""How long a table waits, on the clock, while a learner may make a move offered out of turn (a double) before the
next move closes it: the play app against bots and a table of classmates alike."""


@dataclass(frozen=True)
class RaceInput:
    """A phase played against the clock: while ``clock(state)`` is not ``None`` the browser ticks."""

    tick_ms: Callable[[Any], int]  # milliseconds per tick in this state
    clock: Callable[[Any], int | None]  # milliseconds on the race clock, ``None`` outside a race
    idle: Callable[[Any], Any]  # what a player who does nothing in a tick does
    button: str = "Touch your nose!"  # the one control a learner presses in the race

    def press(self, state: Any) -> Any:
        """What pressing the race button does now: the race's one move that is not doing nothing."""
        idle = self.idle(state)
        pressed = [a for a in state.legal_actions() if str(a) != str(idle)]
        return pressed[0] if pressed else idle

    def tick_moves(self, state: Any, choose: Callable[[Any, int], tuple[Any, Any]]) -> list[tuple[int, Any, Any]]:
        """The moves that settle the race clock's current tick, in the order the seats decide in it:
        ``choose(state, seat) -> (move, why)`` for each; returns ``(seat, move, why)`` for each, ``state`` unchanged."""
        tick, moves = self.clock(state), []
        while not state.is_over and self.clock(state) == tick:
            seat = state.current_player
            move, why = choose(state, seat)
            moves.append((seat, move, why))
            state = state.apply(move)
        return moves


@dataclass(frozen=True)
class Answer:
    """One answer a seat asked may give: its key, what is said (in the game's language, and in English), and, for
    an answer the rules do not allow here, the rule and the reason it is refused with."""

    key: str
    said: str
    gloss: str
    rule: str = ""  # empty for the true answer
    reason: str = ""


@dataclass(frozen=True)
class ReplyInput:
    """A move that puts a question to another seat, whose player answers it aloud (Gwra Pyskessa's ask: "Eus"
    or "Nag eus").  Against bots the move carries its answer; at a table of classmates the learner asked gives it,
    and the move is carried out once the true answer is given."""

    asked: Callable[[Any, Any], int | None]  # (state, move) -> the seat asked; None for a move that asks nobody
    question: Callable[[Any, Any], tuple[str, str]]  # (state, move) -> the question said, and its English
    answers: Callable[[Any, Any], tuple[Answer, ...]]  # (state, move) -> the answers on offer, the true one among them
    read: Callable[[Any, Any, str], str] | None = None  # (state, move, typed) -> an answer's key; raises Misread
    pattern: str = ""  # the shape of a typed answer, shown beside the box


@dataclass(frozen=True)
class Inputs:
    """How a learner acts in a game; the play app builds its controls from this and names no game."""

    cards: bool = True  # choose a card of the hand, then one of its moves
    buttons: bool = True  # moves that use no card appear as buttons
    typed: TypedInput | None = None
    race: RaceInput | None = None
    bids: bool = False  # moves are calls on a ladder (an auction)
    reply: ReplyInput | None = None
