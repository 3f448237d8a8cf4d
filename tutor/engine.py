"""The contract every game follows, and what tests, bots and widgets rely on.

A game is a ``Game`` object in the registry (``tutor.games.GAMES``).  Its
``start()`` returns an immutable state; ``state.apply(action)`` returns a new
state, or raises ``IllegalMove`` naming the rule and leaves the state as it was.
Each state carries the ``Event``\\ s that its last action caused, each citing a
rule id from the game's lesson.  A ``Record`` (game, options, seed or deal,
actions) round-trips JSON and replays to the same states.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Protocol, Sequence, runtime_checkable

from tutor.cards import Card


class IllegalMove(ValueError):
    """An action the rules forbid; ``rule`` is the rule id, ``reason`` a sentence for the learner."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: the rule applied, narration, what was said and its meaning."""

    rule: str
    text: str
    said: str = ""
    gloss: str = ""
    player: int | None = None

    def to_json(self) -> dict[str, Any]:
        """A plain dict for JSON."""
        return {"rule": self.rule, "text": self.text, "said": self.said,
                "gloss": self.gloss, "player": self.player}


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game: a score per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rule: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as a viewer may see it: hidden cards are ``None``."""

    name: str
    hand: tuple[Card | None, ...]
    melds: tuple[tuple[Card, ...], ...] = ()
    info: str = ""


@dataclass(frozen=True, slots=True)
class TableView:
    """What one player (or an onlooker, ``viewer=None`` with everything shown) may see."""

    game: str
    viewer: int | None
    seats: tuple[SeatView, ...]
    current: int | None
    stock: int = 0
    centre: tuple[Card, ...] = ()
    centre_label: str = ""
    events: tuple[Event, ...] = ()
    status: str = ""
    has_stock: bool = True  # False for games dealt out whole, which have no stock to show

    def _repr_svg_(self) -> str:
        from tutor import render

        return render.table_svg(self)

    def _repr_html_(self) -> str:
        from tutor import render

        return render.table_html(self)


def shown_to(viewer: int | None, seat: int, hand: tuple) -> tuple:
    """A seat's hand as ``viewer`` sees it: their own (or, for ``None``, every) hand face up, others face down."""
    return hand if viewer is None or viewer == seat else (None,) * len(hand)


@runtime_checkable
class Action(Protocol):
    """An action has a canonical text form (``str``) that its game's ``parse_action`` reads back."""

    def __str__(self) -> str: ...


@runtime_checkable
class State(Protocol):
    """The state protocol that every game's state class implements."""

    events: tuple[Event, ...]
    setup: "Record"  # how this game began: a Record with no actions

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list: ...

    def apply(self, action: Any) -> "State": ...

    def result(self) -> Result: ...

    def view(self, player: int | None) -> TableView: ...

    def cards(self) -> list[Card]: ...

    def describe(self, action: Any) -> str: ...


class SeatedState:
    """What states that keep ``current`` (the seat to move, ``None`` once over) and ``hands`` share."""

    __slots__ = ()
    current: int | None
    hands: tuple

    @property
    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.current is None

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)


class Game:
    """A registered game: metadata that generic tests read, and ``start``.

    Subclasses set the class variables and implement ``_start`` and
    ``parse_action``; ``start`` checks the common arguments once for all games.
    """

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_class: ClassVar[type]
    max_actions: ClassVar[int]  # a bound on the length of any game (conformance tests use it)
    rule_prefix: ClassVar[str]
    default_names: ClassVar[tuple[str, ...]] = (
        "Jory", "Tamsin", "Pol", "Kerensa", "Morwenna", "Derwa", "Kitto", "Elowen",
        "Peder", "Wenna", "Steren", "Massen", "Ygerna", "Tristan", "Jenifer", "Hedra",
        "Ruan", "Lowena", "Bryok", "Senara",
    )

    def start(self, players: int | None = None, seed: int | None = None,
              deal: Mapping[str, Any] | None = None, names: Sequence[str] | None = None,
              dealer: int | None = None, **options: Any) -> State:
        """A new game: a shuffled deal from ``seed`` or the explicit ``deal``."""
        players = self.default_players if players is None else players
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalMove(f"{self.rule_prefix}.players",
                              f"{self.title} is for {self.min_players} to {self.max_players} players, "
                              f"not {players}.")
        if names is None:
            names = self.default_names[:players]
        names = tuple(str(n) for n in names)
        if len(names) != players:
            raise IllegalMove(f"{self.rule_prefix}.players",
                              f"{players} players need {players} names, not {len(names)}.")
        if dealer is None:
            dealer = players - 1
        if not 0 <= dealer < players:
            raise IllegalMove(f"{self.rule_prefix}.players", f"There is no seat {dealer} to deal.")
        rules = self.make_rules(**options)
        if deal is None and seed is None:
            seed = 0
        setup = Record(self.slug, players, seed if deal is None else None, deal, names, dealer,
                       dict(options))
        return self._start(setup=setup, rules=rules)

    def make_rules(self, **options: Any) -> Any:
        """The rules object for these options; an unknown option names itself."""
        known = set(self.rules_class.__dataclass_fields__)
        unknown = set(options) - known
        if unknown:
            raise TypeError(f"{self.title} has no option {sorted(unknown)[0]!r}; "
                            f"its options are {', '.join(sorted(known)) or 'none'}.")
        return self.rules_class(**options)

    def _start(self, *, setup: "Record", rules: Any) -> State:
        raise NotImplementedError

    def parse_action(self, state: State, text: str) -> Any:
        """Read an action's canonical text (``str(action)``) back into an action."""
        raise NotImplementedError


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game: the game, its set-up and the actions taken."""

    game: str
    players: int
    seed: int | None = None
    deal: Mapping[str, Any] | None = None
    names: tuple[str, ...] | None = None
    dealer: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()

    def to_json(self) -> str:
        """JSON text of the record."""
        return json.dumps({
            "game": self.game, "players": self.players, "seed": self.seed,
            "deal": _jsonable(self.deal), "names": list(self.names) if self.names else None,
            "dealer": self.dealer, "options": dict(self.options), "actions": list(self.actions),
        }, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """Read a record from ``to_json`` text; a missing or wrong field is named."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"A game record must be JSON: {exc}") from exc
        if not isinstance(data, dict) or "game" not in data or "players" not in data:
            raise ValueError("A game record needs the fields 'game' and 'players'.")
        return cls(game=data["game"], players=data["players"], seed=data.get("seed"),
                   deal=data.get("deal"), names=tuple(data["names"]) if data.get("names") else None,
                   dealer=data.get("dealer"), options=data.get("options") or {},
                   actions=tuple(data.get("actions") or ()))

    def start(self) -> State:
        """The first state of the recorded game."""
        from tutor.games import get_game

        return get_game(self.game).start(players=self.players, seed=self.seed, deal=self.deal,
                                         names=self.names, dealer=self.dealer, **self.options)

    def with_action(self, action: Any) -> "Record":
        """A copy with one more action."""
        return Record(self.game, self.players, self.seed, self.deal, self.names, self.dealer,
                      self.options, self.actions + (str(action),))


def _jsonable(value: Any) -> Any:
    """Cards become their notation so a deal survives JSON."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def replay(record: Record) -> list[State]:
    """Every state of a recorded game, the first state included (index = step)."""
    from tutor.games import get_game

    game = get_game(record.game)
    states = [record.start()]
    for text in record.actions:
        states.append(states[-1].apply(game.parse_action(states[-1], text)))
    return states


def play(state: State, choose: Any, *, limit: int = 100_000) -> tuple[State, list]:
    """Play to the end: ``choose(state)`` picks each action; returns the last state and the actions."""
    actions = []
    while not state.is_over:
        if len(actions) >= limit:
            raise RuntimeError(f"The game did not end within {limit} actions.")
        action = choose(state)
        actions.append(action)
        state = state.apply(action)
    return state, actions
