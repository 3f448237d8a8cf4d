"""The fields of the class's records and what each may hold.

Every record goes through the same checks whether an app writes it or an export brings it back, so whatever the
store keeps, its export imports again.  Written by an app (``clip=True``), a text that is too long is cut to its
length and a character that is not text (half of a surrogate pair) becomes "?"; read from an export, both are
refused.  Anything of the wrong kind or out of range is refused both ways, with a ``ValueError`` naming the field.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Iterable, Mapping

from fsrs import Card as FsrsCard

NAME_LIMIT = 40
RAW_NAME_LIMIT = 1000  # a name is read only up to this length (then refused), so a huge text costs nothing
MAX_TEXT = 400  # a check's question and answer, a setting's value
LIMITS = {"lesson": 60, "rule": 80, "question": MAX_TEXT, "answer": MAX_TEXT, "key": 200, "expected": 100,
          "typed": 200, "game": 60, "deal": 200, "seats": 60, "level": 20, "options": 200}
TIME_LIMIT = 40
MAX_SEATS = 99
MAX_SCORE = 10 ** 9
MAX_MOVES = 10 ** 7
MAX_OPTIONS = 40
MAX_CARD_ID = 2 ** 63 - 1
MAX_STEP = 1000
MAX_FIGURE = 1e9  # a drill card's stability and difficulty

#: The rows of each kind of record, in an export: the name of each place.
ROWS: dict[str, tuple[str, ...]] = {
    "answers": ("key", "correct", "near", "at"),
    "fumbles": ("expected", "typed"),
    "reached": ("lesson", "rule", "at"),
    "checks": ("lesson", "rule", "question", "answer", "correct", "at"),
}
CARD_FIELDS = ("card_id", "state", "step", "stability", "difficulty", "due", "last_review")
GAME_FIELDS = ("game", "options", "deal", "seats", "seat", "scores", "won", "moves", "level", "at")
GAME_DEFAULTS = {"options": {}, "level": "", "at": ""}
_OPTION_NAME = re.compile(r"[a-z][a-z0-9_]*")


def kind_of(value: Any) -> str:
    """What a value is, in a few words, for an error (never the value itself, which may be huge)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value[:20]!r}" + ("…" if len(value) > 20 else "")
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 20 else text[:17] + '…'}"
    return {"list": "a list", "tuple": "a list", "dict": "an object"}.get(type(value).__name__,
                                                                         f"a {type(value).__name__}")


def learner_name(name: Any) -> str:
    """A learner's typed name, spaces trimmed and runs of spaces made one; anything but text, an empty name, a name
    over 40 characters or one holding a control character (a tab, a line break...) is refused."""
    if not isinstance(name, str):
        raise ValueError(f"learner name: a name is text, not {kind_of(name)}.")
    if len(name) > RAW_NAME_LIMIT:
        raise ValueError(f"learner name: at most {NAME_LIMIT} characters.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValueError("learner name: letters, digits, spaces and punctuation only (no tabs, line breaks or "
                         "other control characters).")
    text = " ".join(name.split())
    if not text:
        raise ValueError("learner name: type your name first.")
    if len(text) > NAME_LIMIT:
        raise ValueError(f"learner name: at most {NAME_LIMIT} characters.")
    return text


def text(value: Any, field: str, *, limit: int | None = None, clip: bool = False, empty: bool = True) -> str:
    """A text field: text, at most ``limit`` characters (``LIMITS[field]`` by default), holding only characters
    that can be kept; with ``clip`` a longer text is cut and an unkeepable character becomes "?"."""
    limit = LIMITS.get(field, MAX_TEXT) if limit is None else limit
    if not isinstance(value, str):
        raise ValueError(f"{field!r} must be text, not {kind_of(value)}.")
    if clip:
        value = value[:limit].encode("utf-8", "replace").decode("utf-8")
    elif len(value) > limit:
        raise ValueError(f"{field!r} must be at most {limit} characters, not {len(value)}.")
    else:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"{field!r} holds a character that is not text (half of a surrogate pair).") from None
    if not empty and not value.strip():
        raise ValueError(f"{field!r} must not be empty.")
    return value


def when(value: Any, field: str = "at", *, empty: bool = False, zone: bool = False) -> str:
    """A time, as ISO text (``2026-11-20T12:00:00+00:00``); ``empty``: "" is allowed; ``zone``: it must say its
    time zone."""
    if empty and value == "":
        return ""
    if not isinstance(value, str) or len(value) > TIME_LIMIT:
        raise ValueError(f"{field!r} must be a time as text, like 2026-11-20T12:00:00+00:00, not {kind_of(value)}.")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{field!r} must be a time like 2026-11-20T12:00:00+00:00, not {kind_of(value)}.") from None
    if zone and moment.tzinfo is None:
        raise ValueError(f"{field!r} must say its time zone, like 2026-11-20T12:00:00+00:00.")
    return value


def yes_no(value: Any, field: str) -> bool:
    """A yes/no field: true or false only (not 0, 1, "no" or null)."""
    if not isinstance(value, bool):
        raise ValueError(f"{field!r} must be true or false, not {kind_of(value)}.")
    return value


def whole(value: Any, field: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (not a yes/no, not 2.0)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{field!r} must be a whole number, not {kind_of(value)}.")
    if not low <= value <= high:
        raise ValueError(f"{field!r} must be from {low} to {high}, not {kind_of(value)}.")
    return value


def figure(value: Any, field: str, low: float, high: float, *, none: bool = False) -> float | int | None:
    """A number (whole or not, never infinite or NaN) from ``low`` to ``high``; ``none``: null is allowed."""
    if value is None and none:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"{field!r} must be a number, not {kind_of(value)}.")
    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{field!r} must be from {low:g} to {high:g}, not {kind_of(value)}.")
    return value


def card(value: Any, field: str = "card") -> FsrsCard:
    """A drill card (FSRS), every field checked; refused naming the field."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{field!r} must be an object with {', '.join(CARD_FIELDS)}, not {kind_of(value)}.")
    _only(value, CARD_FIELDS, field)
    for name in CARD_FIELDS:
        if name not in value:
            raise ValueError(f"{field!r} has no {name!r}.")
    whole(value["card_id"], f"{field} card_id", 0, MAX_CARD_ID)
    whole(value["state"], f"{field} state", 1, 3)
    if value["step"] is not None:
        whole(value["step"], f"{field} step", 0, MAX_STEP)
    figure(value["stability"], f"{field} stability", 0, MAX_FIGURE, none=True)
    figure(value["difficulty"], f"{field} difficulty", 0, MAX_FIGURE, none=True)
    when(value["due"], f"{field} due", zone=True)
    if value["last_review"] is not None:
        when(value["last_review"], f"{field} last_review", zone=True)
    return FsrsCard.from_dict(dict(value))


def row(kind: str, value: Any, *, clip: bool = False) -> list:
    """One row of answers, fumbles, reached or checks (a list, one value per place of ``ROWS[kind]``)."""
    places = ROWS[kind]
    if not isinstance(value, (list, tuple)) or len(value) != len(places):
        raise ValueError(f"must be a list of {len(places)} ({', '.join(places)}), not {kind_of(value)}.")
    out = []
    for place, item in zip(places, value):
        if place in ("correct", "near"):
            out.append(yes_no(item, place))
        elif place == "at":
            out.append(when(item))
        else:
            out.append(text(item, place, clip=clip, empty=place not in ("key",)))
    return out


def fumbles(value: Any) -> list[list]:
    """Words fumbled in play, as an app gives them: (expected, typed) pairs, texts cut to their lengths."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ValueError(f"'fumbles' must be a list of (expected, typed), not {kind_of(value)}.")
    out = []
    for i, pair in enumerate(value):
        try:
            out.append(row("fumbles", pair, clip=True))
        except ValueError as exc:
            raise ValueError(f"'fumbles' item {i + 1}: {exc}") from None
    return out


def _only(data: Mapping, fields: tuple[str, ...], where: str) -> None:
    for name in data:
        if name not in fields:
            shown = name[:30] if isinstance(name, str) else kind_of(name)
            raise ValueError(f"{where}: {shown!r} is not a field here (the fields: {', '.join(fields)}).")


def options(value: Any, *, clip: bool = False) -> dict[str, Any]:
    """A game's variants: names to yes/no, numbers, text or null."""
    if not isinstance(value, Mapping):
        raise ValueError(f"'options' must be an object of variant → value, not {kind_of(value)}.")
    if len(value) > MAX_OPTIONS:
        raise ValueError(f"'options' holds at most {MAX_OPTIONS} variants, not {len(value)}.")
    out: dict[str, Any] = {}
    for name, item in value.items():
        if not isinstance(name, str) or len(name) > 60 or not _OPTION_NAME.fullmatch(name):
            shown = name[:30] if isinstance(name, str) else kind_of(name)
            raise ValueError(f"'options': {shown!r} is not a variant's name (small letters, digits and _).")
        try:
            if isinstance(item, str):
                item = text(item, "options", clip=clip)
            elif isinstance(item, float):
                figure(item, "options", -MAX_FIGURE, MAX_FIGURE)
            elif isinstance(item, int) and not isinstance(item, bool):
                whole(item, "options", -MAX_CARD_ID, MAX_CARD_ID)
            elif item is not None and not isinstance(item, bool):
                raise ValueError(f"'options' takes yes/no, a number, text or null, not {kind_of(item)}.")
        except ValueError as exc:
            raise ValueError(f"{str(exc).rstrip('.')} (the variant {name}).") from None
        out[name] = item
    return out


@dataclass(frozen=True)
class CheckAnswer:
    """One answer to a lesson's check."""

    lesson: str
    rule: str
    question: str
    answer: str
    correct: bool
    at: str


@dataclass(frozen=True)
class PlayedGame:
    """One finished game against the bots, as the learner played it."""

    game: str
    options: Mapping[str, Any]
    deal: str
    seats: tuple[str, ...]
    seat: int
    scores: tuple[int, ...]
    won: bool
    moves: int
    level: str
    at: str = ""

    def row(self) -> dict[str, Any]:
        """As JSON-ready data."""
        return {"game": self.game, "options": dict(self.options), "deal": self.deal, "seats": list(self.seats),
                "seat": self.seat, "scores": list(self.scores), "won": self.won, "moves": self.moves,
                "level": self.level, "at": self.at}

    @classmethod
    def from_row(cls, data: Any, where: str = "game", *, clip: bool = False) -> PlayedGame:
        """Read one game back, every field checked (types strictly, numbers in range, the seat one of the seats);
        a bad one is refused naming the field."""
        if isinstance(data, PlayedGame):
            data = {name: getattr(data, name) for name in GAME_FIELDS}
        if not isinstance(data, Mapping):
            raise ValueError(f"{where}: must be an object with game, deal, seats, seat, scores, won, moves, not "
                             f"{kind_of(data)}.")
        _only(data, GAME_FIELDS, where)
        for name in GAME_FIELDS:
            if name not in data and name not in GAME_DEFAULTS:
                raise ValueError(f"{where}: {name!r} is missing.")
        get = {name: data.get(name, GAME_DEFAULTS.get(name)) for name in GAME_FIELDS}
        try:
            seats, scores = get["seats"], get["scores"]
            if not isinstance(seats, (list, tuple)) or not 1 <= len(seats) <= MAX_SEATS:
                raise ValueError(f"'seats' must be a list of 1 to {MAX_SEATS} names, not {kind_of(seats)}.")
            if not isinstance(scores, (list, tuple)) or len(scores) != len(seats):
                got = f"a list of {len(scores)}" if isinstance(scores, (list, tuple)) else kind_of(scores)
                raise ValueError(f"'scores' must be a list of one whole number for each of the {len(seats)} 'seats', "
                                 f"not {got}.")
            return cls(text(get["game"], "game", clip=clip, empty=False), options(get["options"], clip=clip),
                       text(get["deal"], "deal", clip=clip),
                       tuple(text(s, "seats", clip=clip) for s in seats),
                       whole(get["seat"], "seat", 0, len(seats) - 1),
                       tuple(whole(s, "scores", -MAX_SCORE, MAX_SCORE) for s in scores),
                       yes_no(get["won"], "won"), whole(get["moves"], "moves", 0, MAX_MOVES),
                       text(get["level"], "level", clip=clip), when(get["at"], empty=True))
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
