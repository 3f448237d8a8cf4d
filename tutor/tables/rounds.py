"""At a table of classmates, the moments several seats decide at once: a round everyone decides at once (Pig's pass)
and a race against the clock (``Game.inputs.race``, Pig's touch your nose).

- **A decision made ahead.**  In a round everyone decides at once (several seats in ``current_players``), a seat
  may decide before its turn comes round: the decision is checked on the state where that seat decides
  (``decides_at``: the others' decisions in the round are hidden from it and do not change what it may do), kept
  unseen, and applied when its turn comes.  A decision made ahead belongs to its round: one cut short (a race
  begins, the game ends, the seat is no longer among those deciding) drops it (``still_queued``), in every kernel
  alike, since each replays the same log.
- **A race** is decided by the store's clock: a learner's touch is kept with the store's time, and each tick of the
  race clock is settled once its time is past (``tick_end``), in one append (``tick_entries``): every learner who
  had touched by then touches in that tick, except that of several learners in one tick only the first (by the
  store's clock) touches there and the others in the next tick, so the order of their touches is the order the
  server saw.  Bots race as they do against one learner (``Driver.race_moves``).
"""

from __future__ import annotations

from typing import Any, Collection

from tutor.driver import Driver
from tutor.tables.store import TableError

__all__ = ["decides_at", "race_after", "still_queued", "tick_end", "tick_entries"]


def decides_at(game: Any, state: Any, seat: int, queued: dict[int, str]) -> Any:
    """The state where ``seat`` makes its decision in a round everyone decides at once: the others' decisions before
    it taken as ``queued``, or as their first legal move; a TableError when the decision is not yet the seat's."""
    probe = state
    while probe.current_player != seat:
        text = queued.get(probe.current_player)
        probe = probe.apply(game.parse_action(probe, text) if text else probe.legal_actions()[0])
        if probe.is_over or seat not in probe.current_players:
            raise TableError("That choice can wait: it is not yet yours to make.")
    return probe


def still_queued(queued: dict[int, str], state: Any, racing: bool) -> dict[int, str]:
    """The decisions made ahead that still belong to the round being played after a move."""
    if not queued or racing or state.is_over:
        return {}
    return {seat: move for seat, move in queued.items() if seat in state.current_players}


def race_after(game: Any, state: Any, race: tuple[int, int] | None, number: int,
               at: int) -> tuple[int, int] | None:
    """The race on after log entry ``number`` (made at ``at``, the store's time): ``(the entry that began it, its
    time)``, kept from ``race`` while it goes on; ``None`` when no race is on."""
    clock = None if game.inputs.race is None or state.is_over else game.inputs.race.clock(state)
    if clock is None:
        return None
    return race if race is not None else (number, at)


def tick_end(driver: Driver, began_at: int) -> int:
    """When, by the store's clock, the race clock's current tick ends (a race that began at ``began_at``)."""
    race = driver.game.inputs.race
    tick_ms = race.tick_ms(driver.state)
    return began_at + (race.clock(driver.state) // tick_ms + 1) * tick_ms


def tick_entries(driver: Driver, touches: dict[int, int], people: Collection[int], end: int) -> list[dict[str, Any]]:
    """The log's entries that settle the current tick, ending at ``end``: of the ``people`` racing, the first to
    have touched before then (``touches``: each seat's first touch) touches now; the bots race as they decide."""
    race = driver.game.inputs.race
    touched = sorted((at, seat) for seat, at in touches.items() if seat in people and at < end)
    first = touched[0][1] if touched else None
    moves = driver.race_moves(lambda probe, seat: race.press(probe) if seat == first else race.idle(probe))
    return [{"seat": seat, "move": str(action), "kind": "move", "by": "learner"} if why is None else
            {"seat": seat, "move": str(action), "kind": "move", "by": "bot", "why": why}
            for seat, action, why in moves]
