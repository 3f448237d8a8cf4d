"""Who asks the class service (``Person``), and the refusal it answers with (``Refused``), in words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    """A signed-in user of the service: their hub name, and whether they are one of the class's teachers (a hub
    group)."""

    name: str
    teacher: bool = False


class Refused(PermissionError):
    """What a person may not do, in words ("You are signed in as ann: …"); ``status`` is the HTTP status sent."""

    def __init__(self, words: str, status: int = 403) -> None:
        super().__init__(words)
        self.status = status
