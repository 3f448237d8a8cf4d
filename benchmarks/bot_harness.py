"""What every bot-against-bot benchmark shares: the random mover, one loop that plays a pairing, the figures.

A pairing plays ``games`` games; in each, ``tested(state, game)`` says whether the
seat to move belongs to the bot under test (it turns round the table from game to
game, so no seat is favoured), and the same seeds serve every pairing.  The loop
times the tested bot's decisions where ``timed(state)`` says the decision is a
real one.  Each benchmark reads its own figures (deals won, points) off the end
states it gets back.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any, Callable, Iterable

Bot = Callable[[Any, random.Random], tuple[Any, str]]


def random_move(state: Any, rng: random.Random) -> tuple[Any, str]:
    """A random legal move (no reason)."""
    return rng.choice(state.legal_actions()), ""


def with_choice(state: Any) -> bool:
    """A decision is a real one when there is more than one legal move."""
    return len(state.legal_actions()) > 1


def play_pairing(start: Callable[[int], Any], test: Bot, field: Bot, games: int,
                 tested: Callable[[Any, int], bool], *, until: Callable[[Any], bool] = lambda s: s.is_over,
                 timed: Callable[[Any], bool] = with_choice) -> tuple[list[Any], list[float]]:
    """Play ``games`` games from ``start(game)``; the end states, and the tested bot's decision times (sorted)."""
    ends, times = [], []
    for game in range(games):
        rng = random.Random(game)
        state = start(game)
        while not until(state):
            if tested(state, game):
                if timed(state):
                    began = time.perf_counter()
                    action = test(state, rng)[0]
                    times.append(time.perf_counter() - began)
                else:
                    action = test(state, rng)[0]
            else:
                action = field(state, rng)[0]
            state = state.apply(action)
        ends.append(state)
    return ends, sorted(times)


def share_won(outcomes: Iterable[float]) -> float:
    """The mean of per-game outcomes (1 won, 0 lost, a part for a shared win)."""
    values = list(outcomes)
    return sum(values) / len(values) if values else 0.0


def half_width(values: list[float]) -> float:
    """The 95% confidence interval's half-width of the mean of ``values`` (normal approximation: 1.96 standard
    errors; NaN with fewer than two values)."""
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")


def ms(seconds: float) -> str:
    """Seconds as milliseconds (a tenth of one below 10 ms)."""
    return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


def p95(times: list[float]) -> str:
    """The 95th percentile of sorted times, in milliseconds ("—" with none)."""
    return ms(times[int(0.95 * (len(times) - 1))]) if times else "—"


def timing_line(what: str, times: list[float]) -> str:
    """One sentence of decision times: how many, median, p95, slowest."""
    if not times:
        return f"{what}: no decisions timed."
    return (f"{what}: {len(times)} decisions, median {ms(statistics.median(times))}, p95 {p95(times)}, "
            f"slowest {ms(times[-1])}.")


def table(header: list[str], numeric_from: int = 2) -> str:
    """A Markdown table head: the column names and the alignment row (numbers right-aligned)."""
    align = ["---" if i < numeric_from else "---:" for i in range(len(header))]
    return "| " + " | ".join(header) + " |\n|" + "|".join(align) + "|"


def pairing_arguments(parser: Any, *, deals: int, budget: float, timing_deals: int,
                      timing_players: str) -> None:
    """The options every per-game bot benchmark takes: deals per pairing, the expert's budget, the timing runs and
    the pairings (each script adds its own ``--players``)."""
    parser.add_argument("--deals", type=int, default=deals, help=f"deals per pairing (default {deals})")
    parser.add_argument("--budget", type=float, default=budget,
                        help=f"the expert's search seconds per decision (default {budget})")
    parser.add_argument("--timing-deals", type=int, default=timing_deals,
                        help=f"deals per table size for the decision times at the default budget (default "
                             f"{timing_deals})")
    parser.add_argument("--timing-players", default=timing_players,
                        help=f"table sizes for the decision times (default {timing_players})")
    parser.add_argument("--pairs", default="strong-random,expert-random,expert-strong",
                        help="comma-separated tested-field pairings of random, strong and expert")

