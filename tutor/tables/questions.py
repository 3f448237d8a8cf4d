"""At a table of classmates, a question one seat puts to another learner's seat (``Game.inputs.reply``, Gwra
Pyskessa's ask), which waits for that learner's answer.

The move is kept as asked (the table's ``pending``: who asked, the move's text, the bot's reason if a bot asked),
the learner asked answers, an answer their hand does not allow is refused with its rule, and the true one carries
the move out.  A bot asked answers at once (the move is carried out as it is made: ``asks_learner`` is false); an
away learner's answer is given for them (``true_answer``).
"""

from __future__ import annotations

from typing import Any, Callable

from tutor.checks import IllegalMove
from tutor.tables.store import TableError

__all__ = ["answers", "asked", "asks_learner", "chosen_answer", "pending_move", "question", "true_answer"]

Pending = tuple[int, str, str | None]  # (the seat that asked, the move's text, why a bot asked it)


def asks_learner(game: Any, state: Any, action: Any, is_bot: Callable[[int], bool]) -> bool:
    """True for a move that puts a question to another learner's seat (who answers it before it is carried out)."""
    reply = game.inputs.reply
    seat = reply.asked(state, action) if reply is not None else None
    return seat is not None and seat != state.current_player and not is_bot(seat)


def pending_move(game: Any, state: Any, pending: Pending) -> Any:
    """The move waiting for its answer."""
    return game.parse_action(state, pending[1])


def asked(game: Any, state: Any, pending: Pending | None) -> int | None:
    """The seat whose answer the table waits for, if any."""
    if pending is None:
        return None
    return game.inputs.reply.asked(state, pending_move(game, state, pending))


def question(game: Any, state: Any, pending: Pending | None) -> tuple[int, str, str] | None:
    """The question awaiting its answer: (who asked, what was said, its English); None if there is none."""
    if pending is None:
        return None
    said, gloss = game.inputs.reply.question(state, pending_move(game, state, pending))
    return pending[0], said, gloss


def answers(game: Any, state: Any, pending: Pending | None, seat: int | None) -> tuple[Any, ...]:
    """The answers ``seat`` may give to the question put to it (each an ``Answer``; one is true)."""
    if seat is None or pending is None or asked(game, state, pending) != seat:
        raise TableError("Nobody has asked you anything.")
    return game.inputs.reply.answers(state, pending_move(game, state, pending))


def true_answer(game: Any, state: Any, pending: Pending | None, seat: int | None) -> str:
    """The key of the answer the hand of ``seat``, the seat asked, gives."""
    return next(a.key for a in answers(game, state, pending, seat) if not a.rule)


def chosen_answer(offered: tuple[Any, ...], key: Any) -> Any:
    """The answer of ``key`` among those ``offered``: one not on offer is a TableError, one the hand does not allow
    an IllegalMove naming its rule."""
    chosen = next((a for a in offered if a.key == key), None)
    if chosen is None:
        raise TableError(f"answer: {str(key)[:20]!r} is not an answer on offer.")
    if chosen.rule:
        raise IllegalMove(chosen.rule, chosen.reason)
    return chosen
