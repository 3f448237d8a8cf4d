"""What a seat at a table shows of the game its driver holds and of the table's card, the same for a table played
here (``Table``) and one the class service keeps (``tutor.service.remote.RemoteTable``)."""

from __future__ import annotations

from typing import Any

__all__ = ["GameShown"]


class GameShown:
    """The game at a table, read from its ``driver`` (``None`` until the game starts), and who sits there, read from
    its card (``meta``) and the seats noted away."""

    driver: Any
    meta: dict[str, Any]
    away: set[int]

    @property
    def status(self) -> str:
        """open, playing, over or closed."""
        return self.meta["status"]

    @property
    def names(self) -> list[str | None]:
        return list(self.meta["names"])

    def is_bot(self, seat: int) -> bool:
        """True for a seat a bot plays (nobody took it, or its learner is away)."""
        return seat in self.meta["bots"] or seat in self.away

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
