"""Gwra Pyskessa's bot (the "strong" level): it remembers the public record of asks, and asks where a rank is
known to be (as Vicki does in the rule book's example); else for the rank it holds most of."""

from __future__ import annotations

import random

from tutor.cards import Rank

from .moves import Ask
from .state import PyskessaState


def known_holdings(state: PyskessaState) -> dict[tuple[int, Rank], bool]:
    """What the public record shows: (seat, rank) → True if known to hold it, False if known not to.

    A player who asked for a rank holds it; one who was handed cards holds them;
    one who answered "Nag eus" does not.  Handing the rank over, or a set of it
    being laid down, makes the old knowledge stale.
    """
    known: dict[tuple[int, Rank], bool] = {}
    for log in state.asks:
        known[log.asker, log.rank] = True
        known[log.target, log.rank] = False
    scored = {rank for seat_sets in state.sets for rank in seat_sets}
    return {key: value for key, value in known.items() if key[1] not in scored}


def remembering_choice(state: PyskessaState, rng: random.Random) -> tuple[Ask, str]:
    """Ask where a rank is known to be (as Vicki does in the rule book's example); else the rank you hold most of."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    counts = {rank: sum(1 for c in hand if c.rank == rank) for rank in {c.rank for c in hand}}
    legal = state.legal_actions()
    known = known_holdings(state)
    sure = [a for a in legal if known.get((a.target, a.rank)) is True]
    if sure:
        best = max(sure, key=lambda a: (counts[a.rank], len(state.hands[a.target]), -a.target))
        return best, (f"{state.names[best.target]} asked for {best.rank.english_plural} earlier "
                      f"(or was handed them), so they hold some: ask them.")
    open_asks = [a for a in legal if known.get((a.target, a.rank)) is not False and state.hands[a.target]]
    pool = open_asks or legal
    most = max(counts[a.rank] for a in pool)
    pool = [a for a in pool if counts[a.rank] == most]
    choice = rng.choice(pool)
    return choice, (f"Nobody is known to hold {choice.rank.english_plural}; you hold {most} of them, "
                    f"so a catch would bring you closest to a set. "
                    f"{state.names[choice.target]} has not said 'Nag eus' to them.")


def heuristic(state: PyskessaState, rng: random.Random) -> tuple[Ask, str]:
    """The strong bot's ask and its reason in words."""
    return remembering_choice(state, rng)
