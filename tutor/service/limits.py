"""How many requests the class service takes from one person: a token bucket each, so a page's tick or a burst of
clicks is served at once while a loop asking thousands of times a second is told to wait, in words, and slows no
one else.

``REQUESTS_PER_SECOND`` refill each person's bucket up to ``BURST``; a request takes one.  Kept in this process
only (one service per class), by the hub name of the person asking.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

REQUESTS_PER_SECOND = 30.0
"""What a person's bucket refills by each second: a page ticking and a learner clicking stay far below it."""
BURST = 120
"""The most requests a person may make at once, after a quiet moment (a notebook's apps all opening together)."""


class Buckets:
    """One token bucket per person's name: ``take(name)`` is False when that person must wait a moment."""

    def __init__(self, rate: float = REQUESTS_PER_SECOND, burst: int = BURST, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("request limit: the rate must be above 0 and the burst at least 1.")
        self.rate, self.burst, self.clock = float(rate), float(burst), clock
        self._held: dict[str, tuple[float, float]] = {}  # name -> (requests left, when last counted)
        self._lock = threading.Lock()

    def take(self, name: str) -> bool:
        """Count one request of ``name``: True when it may be served, False when their bucket is empty."""
        with self._lock:
            now = self.clock()
            left, then = self._held.get(name, (self.burst, now))
            left = min(self.burst, left + max(0.0, now - then) * self.rate)
            served = left >= 1
            self._held[name] = (left - 1 if served else left, now)
            return served

    def words(self, name: str) -> str:
        """What a person over the limit is told."""
        return f"Too many requests from {name}: wait a moment."
