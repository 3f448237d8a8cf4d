"""What a seat at a table shows of the game its driver holds, the same for a table played here (``Table``) and one
the class service keeps (``tutor.service.remote.RemoteTable``): nothing until the game starts."""

from __future__ import annotations

from typing import Any

__all__ = ["GameShown"]


class GameShown:
    """The game at a table, read from its ``driver`` (``None`` until the game starts)."""

    driver: Any

    @property
    def state(self) -> Any:
        """The game's position (``None`` until it starts): the whole game at a table played here, what the seat
        sees of it at one the class service keeps."""
        return None if self.driver is None else self.driver.state

    @property
    def record(self) -> Any:
        """The game's Record: its set-up and the moves in the order they were applied."""
        return None if self.driver is None else self.driver.record

    @property
    def lines(self) -> list[tuple[int, Any]]:
        """The narration: (entry number, Event), a note (someone away or back) as an Event citing no rule."""
        return [] if self.driver is None else self.driver.lines

    @property
    def reasons(self) -> dict[int, tuple[str, str]]:
        """A bot's move's number in the record -> (the move in words, why)."""
        return {} if self.driver is None else self.driver.reasons
