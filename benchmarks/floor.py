"""The floor under any engine that keeps Gwari's contract in pure Python: how fast can a step be?

A step of a Gwari game makes a new immutable state and the events that narrate
it, and the next step asks that state for its legal actions.  ``Bare`` does
only that — no rules at all: one frozen state with Gwra Pyskessa's fields, the
three events an ask usually makes (same texts, same Cornish), a list of twelve
legal asks made in advance — driven by the same loop as ``engine.py``.  Its
actions per second bound what the real engine can reach on this machine.
"""

from __future__ import annotations

import random
import time
from tutor.cards import FRENCH_RANKS
from tutor.engine import Event
from tutor.games.gwra_pyskessa import NO_SAID, Ask, PyskessaState, ask_said

ACTIONS_PER_GAME = 58  # Gwra Pyskessa's mean for three players (engine.py)
NAMES = ("Jory", "Tamsin", "Pol")
ASKS = [Ask(target, rank) for target in (1, 2) for rank in FRENCH_RANKS[:6]]


class Bare(PyskessaState):
    """Gwra Pyskessa's state (the same class, built the same way) with no rules."""

    __slots__ = ()

    def legal_actions(self) -> list[Ask]:
        return list(ASKS)

    def apply(self, action: Ask) -> "Bare":
        me, them, rank = self.current, action.target, action.rank
        events = (
            Event("pyskessa.ask", f"{self.names[me]} asks {self.names[them]} for {rank.english_plural}.",
                  *ask_said(self.names[them], rank), me),
            Event("pyskessa.go-fish", f"{self.names[them]} has no {rank.english_plural}.", *NO_SAID, them),
            Event("pyskessa.go-fish", f"{self.names[me]} draws a card and the turn ends.", "", "", me),
        )
        left = len(self.asks) + 1
        return Bare(self.setup, self.rules, self.names, tuple(map(tuple, self.hands)), self.held, tuple(self.stock),
                    tuple(map(tuple, self.sets)), None if left >= ACTIONS_PER_GAME else (me + 1) % 3, events,
                    self.asks + (left,))


def bare_actions_per_second(seconds: float = 3.0) -> float:
    """The contract alone, driven like engine.py's playouts."""
    rng = random.Random(0)
    hands = (tuple(range(7)),) * 3
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = Bare(None, None, NAMES, hands, (0, 0, 0), tuple(range(31)), ((), (), ()), 0)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


if __name__ == "__main__":
    print(f"Contract floor (no rules): {bare_actions_per_second():,.0f} actions/s")
