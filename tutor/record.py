"""A game's record: the game, its set-up and the actions taken; JSON both ways, and replay.

A ``Record`` checks every field when it is made (the field named in each
error), so a record read from a file, typed by a teacher or built in a cell is
either sound or refused: a seed or a deal (one of the two), whole numbers in
range, one name per seat, plain values only, no deeper than a deal needs.
``replay(record, game)`` takes the game itself: the registry
(``tutor.games.replay``) looks a record's game up, so this module names no game.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from tutor.checks import DEPTH_LIMIT, IllegalMove, _is_int, _shown_value, check_names, check_plain, check_seed

if TYPE_CHECKING:
    from tutor.engine import Game, State

PLAYERS_LIMIT = 100  # a record's player count is below this (each game checks its own range when it starts)
FIELDS = ("game", "players", "seed", "deal", "names", "dealer", "options", "actions")
NOT_NULL = ("game", "players", "options", "actions")  # null is wrong for these; for the others it is absent


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game: the game, its set-up and the actions taken.

    Hashable (by its JSON text) and JSON both ways for every deck and deal shape:
    cards and ranks become their notation.  Every field is checked when the
    record is made; ``names`` and ``actions`` given as lists become tuples.
    """

    game: str
    players: int
    seed: int | None = None
    deal: Mapping[str, Any] | None = None
    names: tuple[str, ...] | None = None
    dealer: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.names, list):
            object.__setattr__(self, "names", tuple(self.names))
        if isinstance(self.actions, list):
            object.__setattr__(self, "actions", tuple(self.actions))
        _check(self)

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self.to_json() == other.to_json()

    def as_dict(self) -> dict[str, Any]:
        """The record as plain JSON values."""
        return {
            "game": self.game, "players": self.players, "seed": self.seed,
            "deal": _jsonable(self.deal), "names": list(self.names) if self.names else None,
            "dealer": self.dealer, "options": _jsonable(dict(self.options)), "actions": list(self.actions),
        }

    def to_json(self) -> str:
        """JSON text of the record."""
        return json.dumps(self.as_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Record":
        """Read a record from ``to_json`` text; a missing or wrong field is named, and nothing is guessed (a
        field given as ``null`` is absent; ``[]`` where a mapping belongs, or ``0`` where a list does, is wrong)."""
        data = _load(text)
        if not isinstance(data, dict) or "game" not in data or "players" not in data:
            raise ValueError("A game record needs the fields 'game' and 'players'.")
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise ValueError(f"record.{unknown[0][:40]}: a game record has no such field.")
        _refuse_huge(data, "record")
        values = {key: data[key] for key in FIELDS if key in data and (data[key] is not None or key in NOT_NULL)}
        return cls(**values)

    def start(self, game: "Game") -> "State":
        """The first state of the recorded game; ``game`` is the game the record names (``tutor.games`` looks it
        up: ``tutor.games.replay(record)``)."""
        _same_game(self, game)
        return game.start(players=self.players, seed=self.seed, deal=self.deal,
                          names=self.names, dealer=self.dealer, **self.options)

    @classmethod
    def checked(cls, game: str, players: int, seed: int | None, deal: Mapping[str, Any] | None,
                names: tuple[str, ...], dealer: int, options: dict[str, Any]) -> "Record":
        """A set-up record from fields its caller has checked already (``Game.start`` checks every one), made
        without checking them twice."""
        record = object.__new__(cls)
        record.__dict__.update(game=game, players=players, seed=seed, deal=deal, names=names, dealer=dealer,
                               options=options, actions=())
        return record

    def with_action(self, action: Any) -> "Record":
        """A copy with one more action (the fields are already checked, so the copy is not checked again)."""
        copy = object.__new__(Record)
        copy.__dict__.update(self.__dict__)
        object.__setattr__(copy, "actions", self.actions + (str(action),))
        return copy


def replay(record: Record, game: "Game") -> list["State"]:
    """Every state of a recorded game of ``game``, the first state included (index = step)."""
    if not isinstance(record, Record):
        raise ValueError(f"record: a game Record is needed, not {type(record).__name__}.")
    states = [record.start(game)]
    for i, text in enumerate(record.actions):
        try:
            states.append(states[-1].apply(game.parse_action(states[-1], text)))
        except IllegalMove as exc:
            raise IllegalMove(exc.rule, f"record.actions[{i}] {_shown_value(text)}: {exc.reason}") from None
        except ValueError as exc:
            raise ValueError(f"record.actions[{i}] {_shown_value(text)}: {exc}") from None
    return states


def _same_game(record: Record, game: Any) -> None:
    slug = getattr(game, "slug", None)
    if not isinstance(slug, str) or not callable(getattr(game, "start", None)):
        raise ValueError(f"game: a registered game is needed to start the record, not {type(game).__name__}.")
    if slug != record.game:
        raise ValueError(f"record.game: this is a record of {record.game!r}, not of {slug!r}.")


def _check(record: Record) -> None:
    """Every field of a record, in order, each error naming its field."""
    game, players = record.game, record.players
    if not isinstance(game, str) or not 0 < len(game) <= 60:
        raise ValueError(f"record.game must be a game's name, not {_shown_value(game)}.")
    if not _is_int(players) or not 0 < players < PLAYERS_LIMIT:
        raise ValueError(f"record.players must be a whole number from 1 to {PLAYERS_LIMIT - 1}, "
                         f"not {_shown_value(players)}.")
    if record.seed is not None:
        check_seed(record.seed, "record.seed")
    if record.deal is not None:
        if not isinstance(record.deal, Mapping):
            raise ValueError(f"record.deal must be a mapping such as {{'hands': [...]}}, "
                             f"not {_shown_value(record.deal)}.")
        check_plain(record.deal, "record.deal")
    if record.names is not None:
        names = check_names(record.names, players, "record.names")
        if len(names) != players:
            raise ValueError(f"record.names: {players} players need {players} names, not {len(names)}.")
    if record.dealer is not None and (not _is_int(record.dealer) or not 0 <= record.dealer < players):
        raise ValueError(f"record.dealer must be a seat from 0 to {players - 1}, not {_shown_value(record.dealer)}.")
    if not isinstance(record.options, Mapping):
        raise ValueError(f"record.options must be a mapping of option names to values, "
                         f"not {_shown_value(record.options)}.")
    check_plain(record.options, "record.options")
    actions = record.actions
    if not isinstance(actions, tuple) or not all(isinstance(a, str) for a in actions):
        raise ValueError(f"record.actions must be a list of actions written as text, not {_shown_value(actions)}.")
    if (record.seed is None) == (record.deal is None):
        raise ValueError("record.seed: a record needs a seed or a deal" +
                         (" (it has neither)." if record.seed is None else ", not both."))


# ---------------------------------------------------------------- JSON


class _Huge:
    """A number in JSON text too long to read as one (Python refuses over 4,300 digits): named, then refused."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _load(text: Any) -> Any:
    """JSON text to values; the errors that ``json`` gives (or Python's own, for numbers of thousands of digits
    and lists nested thousands deep) become one ``ValueError`` that says what is wrong."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except (UnicodeDecodeError, LookupError) as exc:
            raise ValueError(f"A game record must be JSON text: {exc}") from None
    if not isinstance(text, str):
        raise ValueError(f"A game record must be JSON text, not {type(text).__name__}.")
    if text.count("[") + text.count("{") > DEPTH_LIMIT and _too_deep(text):
        raise ValueError(f"A game record is nested too deeply (more than {DEPTH_LIMIT} levels of lists and "
                         "mappings).")
    try:
        return json.loads(text, parse_int=_read_int)
    except RecursionError:
        raise ValueError("A game record is nested too deeply.") from None
    except ValueError as exc:  # json.JSONDecodeError is one
        raise ValueError(f"A game record must be JSON: {exc}") from None


def _too_deep(text: str) -> bool:
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > DEPTH_LIMIT:
                return True
        else:
            depth -= 1
    return False


def _read_int(digits: str) -> int | _Huge:
    return int(digits) if len(digits) <= 40 else _Huge(len(digits.lstrip("-")))


def _refuse_huge(value: Any, where: str) -> None:
    """Name the first number too long to be read (nesting is already bounded)."""
    if isinstance(value, _Huge):
        raise ValueError(f"{where}: a number of {value.digits} digits is far out of range.")
    if isinstance(value, dict):
        for key, v in value.items():
            _refuse_huge(v, f"{where}.{key}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _refuse_huge(v, f"{where}[{i}]")


def _jsonable(value: Any) -> Any:
    """Cards and ranks of any deck become their notation (``code``), so a deal survives JSON."""
    if value is None or isinstance(value, (bool, int, float, str)) and not hasattr(value, "code"):
        return value
    code = getattr(value, "code", None)
    if isinstance(code, str):
        return code
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    return value
