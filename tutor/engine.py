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
from types import UnionType
from typing import (Any, Callable, ClassVar, Literal, Mapping, NamedTuple, Protocol, Sequence, Union,
                    get_args, get_origin, get_type_hints, runtime_checkable)



class IllegalMove(ValueError):
    """An action the rules forbid; ``rule`` is the rule id, ``reason`` a sentence for the learner."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


class Event(NamedTuple):
    """One thing that happened: the rule applied, narration, what was said and its meaning.

    A NamedTuple rather than a dataclass: games make several per action, and a
    tuple is built in a third of the time.
    """

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
    """The outcome of a finished game: a score per seat, the winning seats, and how it was reached.

    ``teams`` lists the seats playing together (empty when everyone plays alone)
    and ``team_scores`` one score per team; ``breakdown`` is the scoring line by
    line, in words a learner reads ("Fire cards won: 7", "Most cards: +3").
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rule: str = ""
    text: str = ""
    teams: tuple[tuple[int, ...], ...] = ()
    team_scores: tuple[int, ...] = ()
    breakdown: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as a viewer may see it: hidden cards are ``None``."""

    name: str
    hand: tuple[Any, ...]
    melds: tuple[tuple[Any, ...], ...] = ()
    info: str = ""


@dataclass(frozen=True, slots=True)
class Pile:
    """Cards lying together on the table: a pile, a build, a discard pile, a captured stack."""

    label: str
    cards: tuple[Any, ...]  # ``None`` for a face-down card
    owner: int | None = None  # the seat a build belongs to
    value: int | None = None  # a build's value
    top_only: bool = False  # show only the top card and the count (a discard pile)


@dataclass(frozen=True, slots=True)
class TrickView:
    """The trick on the table: who played what, in order, who led, and who won it once complete."""

    plays: tuple[tuple[int, Any], ...]
    leader: int
    winner: int | None = None
    trumps: str = ""  # the trump suit or element in words, "" without trumps


@dataclass(frozen=True, slots=True)
class AuctionView:
    """The bidding so far: each call in order, and the contract once it is settled."""

    calls: tuple[tuple[int, str], ...]
    contract: str = ""


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """A running score table: a row per deal, a column per seat or team, and the totals."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class TableView:
    """What one player (or an onlooker, ``viewer=None`` with everything shown) may see."""

    game: str
    viewer: int | None
    seats: tuple[SeatView, ...]
    current: int | None
    stock: int = 0
    centre: tuple[Any, ...] = ()
    centre_label: str = ""
    events: tuple[Event, ...] = ()
    status: str = ""
    has_stock: bool = True  # False for games dealt out whole, which have no stock to show
    piles: tuple[Pile, ...] = ()
    trick: TrickView | None = None
    teams: tuple[tuple[int, ...], ...] = ()
    auction: AuctionView | None = None
    scores: ScoreTable | None = None

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
    """Everything widgets, bots, lessons and tests use of a game's position; nothing else is probed.

    States are immutable and hashable; ``apply`` returns the next one or raises
    ``IllegalMove`` and changes nothing.
    """

    events: tuple[Event, ...]  # what the last action did, in the order it happened
    setup: "Record"  # how this game began: a Record with no actions

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""

    @property
    def current_players(self) -> tuple[int, ...]:
        """Every seat that may act now (several for simultaneous moves); empty once over."""

    @property
    def phase(self) -> str:
        """The part of the game now, as the game names it: "deal", "auction", "play", "race", "score"…"""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""

    def legal_actions(self) -> list:
        """The actions the current player may take, each once."""

    def apply(self, action: Any) -> "State":
        """The next state; an illegal or malformed action raises and changes nothing."""

    def result(self) -> Result:
        """Scores per seat (and team), the winners and the scoring line by line."""

    def view(self, player: int | None) -> TableView:
        """What ``player`` may see (``None``: everything)."""

    def cards(self) -> list:
        """Every card of the game, wherever it is (for conservation checks)."""

    def status(self) -> str:
        """One line for the table: whose turn and what to do, or who won."""

    def prompt(self, action: Any) -> str:
        """The action as the player to move would choose it ("Ask Pol for sevens")."""

    def describe(self, action: Any) -> str:
        """The action in the third person ("Jory asks Pol for sevens")."""

    def cards_of(self, action: Any) -> tuple:
        """The cards of the mover's hand that ``action`` uses (highlighted by widgets); ``()`` for none."""

    def candidate_actions(self, card: Any) -> list:
        """The moves a learner may try with ``card``, legal or not (the rules then judge)."""

    def offers(self, seat: int) -> list:
        """Card-free moves ``seat`` may make now even when it is not their turn (a double, say).

        Nobody is asked for them: the table shows a button, and play goes on if it is not pressed.  ``apply``
        takes them (each names its seat); ``current_players`` includes every seat with an offer.
        """


class SeatedState:
    """Defaults of the ``State`` protocol for states that keep ``current`` (``None`` once over) and ``hands``.

    A game overrides what differs (its phase names, the cards an action uses);
    everything here derives from the game's own methods, so no game repeats it.
    """

    __slots__ = ()
    current: int | None
    hands: tuple

    @property
    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the game is over."""
        return self.current

    @property
    def current_players(self) -> tuple[int, ...]:
        """The one seat to move (games with simultaneous moves override this)."""
        return () if self.current is None else (self.current,)

    @property
    def phase(self) -> str:
        """"play" until the game ends, then "over"; games with more phases override this."""
        return "over" if self.current is None else "play"

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.current is None

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def cards_of(self, action: Any) -> tuple:
        """No cards, unless the game says otherwise."""
        return ()

    def candidate_actions(self, card: Any) -> list:
        """The legal actions that use ``card``."""
        return [a for a in self.legal_actions() if card in self.cards_of(a)]  # type: ignore[attr-defined]

    def offers(self, seat: int) -> list:
        """No moves out of turn, unless the game says otherwise."""
        return []

    def prompt(self, action: Any) -> str:
        """The action as the mover would say it; by default its description."""
        return self.describe(action)  # type: ignore[attr-defined]


class Turn:
    """Scratch space for one transition, shared by every game: events in the order things happen.

    A game's transition class subclasses this, copies the parts of the state it
    changes, calls ``say`` as rules apply, and builds the next state once.
    """

    prefix: ClassVar[str] = ""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.events: list[Event] = []

    def say(self, rule: str, text: str, said: tuple[str, str] = ("", ""), player: int | None = None) -> None:
        """Record that ``rule`` (relative to the game's prefix) applied, with narration and speech."""
        self.events.append(Event(f"{self.prefix}.{rule}", text, said[0], said[1], player))


# ---------------------------------------------------------------- how a learner acts


class Misread(ValueError):
    """Typed text that could not be read as a move: ``hint`` corrects it; ``expected``/``typed`` name a fumbled word."""

    def __init__(self, hint: str, expected: str = "", typed: str = "") -> None:
        super().__init__(hint)
        self.hint = hint
        self.expected = expected
        self.typed = typed


@dataclass(frozen=True)
class TypedInput:
    """A move typed as a phrase in the game's language (Gwra Pyskessa: the ask in Cornish)."""

    label: str  # the switch that turns the mode on ("Ask in Cornish (type the question)")
    lang: str  # BCP 47 code of the language typed ("kw")
    placeholder: str  # an example of what to type
    pattern: str  # the shape of a phrase, shown beside the box
    read: Callable[[Any, int, str], Any]  # (state, seat, text) -> action; raises Misread
    card_help: Callable[[Any], str]  # what clicking a card of the hand says (its name in the language)
    drill: bool = False  # fumbled words go to the learner's vocabulary drill
    drill_notebook: str = ""  # the drill's notebook (without .ipynb), linked beside the box


@dataclass(frozen=True)
class RaceInput:
    """A phase played against the clock: while ``clock(state)`` is not ``None`` the browser ticks."""

    tick_ms: Callable[[Any], int]  # milliseconds per tick in this state
    clock: Callable[[Any], int | None]  # milliseconds on the race clock, ``None`` outside a race
    idle: Callable[[Any], Any]  # what a player who does nothing in a tick does
    button: str = "Touch your nose!"  # the one control a learner presses in the race


@dataclass(frozen=True)
class Inputs:
    """How a learner acts in a game; the play app builds its controls from this and names no game."""

    cards: bool = True  # choose a card of the hand, then one of its moves
    buttons: bool = True  # moves that use no card appear as buttons
    typed: TypedInput | None = None
    race: RaceInput | None = None
    bids: bool = False  # moves are calls on a ladder (an auction)


class Game:
    """A registered game: metadata that generic tests read, and ``start``.

    Subclasses set the class variables and implement ``_start`` and
    ``parse_action``; ``start`` checks the common arguments once for all games,
    and ``make_rules`` checks every option against its declared type.
    """

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    rules_class: ClassVar[type]
    max_actions: ClassVar[int]  # a bound on the length of any game (conformance tests use it)
    rule_prefix: ClassVar[str]
    inputs: ClassVar[Inputs] = Inputs()
    extra_notebooks: ClassVar[tuple[tuple[str, str, str], ...]] = ()  # (stem, title, one line) for the gallery
    default_names: ClassVar[tuple[str, ...]] = (
        "Jory", "Tamsin", "Pol", "Kerensa", "Morwenna", "Derwa", "Kitto", "Elowen",
        "Peder", "Wenna", "Steren", "Massen", "Ygerna", "Tristan", "Jenifer", "Hedra",
        "Ruan", "Lowena", "Bryok", "Senara",
    )

    def start(self, players: int | None = None, seed: int | None = None,
              deal: Mapping[str, Any] | None = None, names: Sequence[str] | None = None,
              dealer: int | None = None, **options: Any) -> State:
        """A new game: a shuffled deal from ``seed`` or the explicit ``deal``.

        Every argument is checked before anything is built; a wrong one raises
        ``IllegalMove`` (citing the game's players or deal rule) or ``ValueError``,
        naming the argument.
        """
        players = self.default_players if players is None else players
        if not _is_int(players) or not self.min_players <= players <= self.max_players:
            raise IllegalMove(f"{self.rule_prefix}.players",
                              f"players: {self.title} is for {self.min_players} to {self.max_players} players, "
                              f"not {players!r}.")
        if seed is not None and not _is_int(seed):
            raise ValueError(f"seed must be a whole number, not {seed!r}.")
        if deal is not None and not isinstance(deal, Mapping):
            raise IllegalMove(f"{self.rule_prefix}.deal",
                              f"deal must be a mapping such as {{'hands': [...]}}, not {type(deal).__name__}.")
        if names is None:
            names = self.default_names[:players]
        if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
            raise ValueError(f"names must be a list of {players} names, not {names!r}.")
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise ValueError("names: every name must be a non-empty text.")
        names = tuple(names)
        if len(names) != players:
            raise IllegalMove(f"{self.rule_prefix}.players",
                              f"names: {players} players need {players} names, not {len(names)}.")
        if dealer is None:
            dealer = players - 1
        if not _is_int(dealer) or not 0 <= dealer < players:
            raise IllegalMove(f"{self.rule_prefix}.players", f"dealer: there is no seat {dealer!r} to deal.")
        rules = self.make_rules(**options)
        if deal is None and seed is None:
            seed = 0
        setup = Record(self.slug, players, seed if deal is None else None, deal, names, dealer,
                       dict(options))
        return self._start(setup=setup, rules=rules)

    def make_rules(self, **options: Any) -> Any:
        """The rules object for these options; an unknown option, or a value of the wrong type, names itself."""
        hints = _option_types(self.rules_class)
        unknown = sorted(set(options) - set(hints))
        if unknown:
            raise ValueError(f"option {unknown[0]}: {self.title} has no such option; "
                             f"its options are {', '.join(sorted(hints)) or 'none'}.")
        for name, value in options.items():
            check_option(name, value, hints[name])
        return self.rules_class(**options)

    def options(self) -> dict[str, Any]:
        """Every option with its default value."""
        rules = self.rules_class()
        return {name: getattr(rules, name) for name in _option_types(self.rules_class)}

    def _start(self, *, setup: "Record", rules: Any) -> State:
        raise NotImplementedError

    def parse_action(self, state: State, text: str) -> Any:
        """Read an action's canonical text (``str(action)``) back into an action."""
        raise NotImplementedError

    def heuristic(self, state: Any, rng: Any) -> tuple[Any, str] | None:
        """The rule-based bot's move and its reason in words; ``None`` when the game has no heuristic."""
        return None

    def search(self, state: Any, rng: Any) -> tuple[Any, str] | None:
        """The searching bot's move and its reason (a fixed time budget); ``None`` when the game has no search."""
        return None

    def offer_choice(self, state: Any, seat: int, rng: Any) -> tuple[Any, str]:
        """Whether a rule-based bot at ``seat`` takes one of its ``offers`` now: the move (``None``: not) and why."""
        return None, ""


def _is_int(value: Any) -> bool:
    """A whole number that is not a yes/no (``True`` is an ``int`` in Python, but not a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


_OPTION_TYPES: dict[type, dict[str, Any]] = {}


def _option_types(rules_class: type) -> dict[str, Any]:
    """The declared type of each option of a rules dataclass (cached)."""
    if rules_class not in _OPTION_TYPES:
        hints = get_type_hints(rules_class)
        _OPTION_TYPES[rules_class] = {name: hints[name] for name in rules_class.__dataclass_fields__}
    return _OPTION_TYPES[rules_class]


def check_option(name: str, value: Any, kind: Any) -> None:
    """Refuse ``value`` unless it is of the option's declared type; a yes/no takes only ``True``/``False``."""
    if _fits(value, kind):
        return
    raise ValueError(f"option {name}: {value!r} is not {_kind_words(kind)}.")


def _fits(value: Any, kind: Any) -> bool:
    origin = get_origin(kind)
    if origin is Literal:
        return any(value == choice and type(value) is type(choice) for choice in get_args(kind))
    if origin in (Union, UnionType):
        return any(_fits(value, k) for k in get_args(kind))
    if kind is type(None):
        return value is None
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return _is_int(value)
    if kind is float:
        return (_is_int(value) or isinstance(value, float)) and value == value
    if kind is str:
        return isinstance(value, str)
    if origin is tuple:
        args = get_args(kind)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, k) for v, k in zip(value, args))
    if origin in (frozenset, list, set):
        return isinstance(value, origin) and all(_fits(v, get_args(kind)[0]) for v in value) if get_args(kind) \
            else isinstance(value, origin)
    if isinstance(kind, type):
        return isinstance(value, kind)
    return True


_ACTION_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _action_fields(kind: type) -> tuple[tuple[str, Any], ...]:
    """Each field of an action class (a dataclass or a NamedTuple) with its declared type (cached)."""
    fields = _ACTION_FIELDS.get(kind)
    if fields is None:
        hints = get_type_hints(kind)
        names = getattr(kind, "__dataclass_fields__", None) or getattr(kind, "_fields", ())
        fields = _ACTION_FIELDS[kind] = tuple((name, hints.get(name, Any)) for name in names)
    return fields


def check_action(action: Any, kinds: tuple[type, ...], rule: str) -> None:
    """Refuse, with ``IllegalMove`` citing ``rule``, anything that is not one of the game's own kinds of move with
    every field of its declared type (a card where a card belongs, a whole number where a count does: ``2.0`` or
    ``5`` for a card is not taken).  What the rules then allow is the game's to judge."""
    kind = type(action)
    if kind not in kinds:
        raise IllegalMove(rule, f"That is not a move of this game ({kind.__name__}); "
                                f"a move is one of: {', '.join(k.__name__ for k in kinds)}.")
    for name, declared in _action_fields(kind):
        value = getattr(action, name)
        if not _fits(value, declared):
            raise IllegalMove(rule, f"{kind.__name__.lower()}.{name}: {_shown_value(value)} is not "
                                    f"{_kind_words(declared)}.")


def _shown_value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind_words(kind: Any) -> str:
    origin = get_origin(kind)
    if origin is Literal:
        return "one of " + ", ".join(repr(c) for c in get_args(kind))
    if origin is tuple:
        return "a tuple of " + " and ".join(dict.fromkeys(_kind_words(k) for k in get_args(kind) if k is not ...))
    if origin in (Union, UnionType):
        return " or ".join(_kind_words(k) for k in get_args(kind))
    words = {bool: "True or False", int: "a whole number", float: "a number", str: "a text",
             type(None): "None"}.get(kind)
    if words is None:
        name = getattr(kind, "__name__", str(kind))
        words = "a card" if isinstance(kind, type) and issubclass(kind, int) and "Card" in name else f"a {name}"
    return words


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game: the game, its set-up and the actions taken.

    Hashable (by its JSON text) and JSON both ways for every deck and deal shape:
    cards and ranks become their notation.
    """

    game: str
    players: int
    seed: int | None = None
    deal: Mapping[str, Any] | None = None
    names: tuple[str, ...] | None = None
    dealer: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()

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
        """Read a record from ``to_json`` text; a missing or wrong field is named, and nothing is guessed."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise ValueError(f"A game record must be JSON text, not {type(text).__name__}.")
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(f"A game record must be JSON: {exc}") from exc
        if not isinstance(data, dict) or "game" not in data or "players" not in data:
            raise ValueError("A game record needs the fields 'game' and 'players'.")
        unknown = sorted(set(data) - {"game", "players", "seed", "deal", "names", "dealer", "options", "actions"})
        if unknown:
            raise ValueError(f"record.{unknown[0]}: a game record has no such field.")
        game, players = data["game"], data["players"]
        if not isinstance(game, str):
            raise ValueError(f"record.game must be a game's name, not {game!r}.")
        if not _is_int(players):
            raise ValueError(f"record.players must be a whole number, not {players!r}.")
        for key in ("seed", "dealer"):
            if data.get(key) is not None and not _is_int(data[key]):
                raise ValueError(f"record.{key} must be a whole number or null, not {data[key]!r}.")
        names = data.get("names")
        if names is not None and (not isinstance(names, list) or not all(isinstance(n, str) for n in names)):
            raise ValueError("record.names must be a list of names.")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ValueError("record.options must be a mapping of option names to values.")
        deal = data.get("deal")
        if deal is not None and not isinstance(deal, dict):
            raise ValueError("record.deal must be a mapping such as {'hands': [...]}.")
        actions = data.get("actions") or []
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("record.actions must be a list of actions written as text.")
        return cls(game=game, players=players, seed=data.get("seed"), deal=deal,
                   names=tuple(names) if names else None, dealer=data.get("dealer"), options=options,
                   actions=tuple(actions))

    def start(self) -> State:
        """The first state of the recorded game."""
        from tutor.games import get_game

        try:
            game = get_game(self.game)
        except KeyError as exc:
            raise ValueError(f"record.game: {exc.args[0]}") from None
        return game.start(players=self.players, seed=self.seed, deal=self.deal,
                          names=self.names, dealer=self.dealer, **self.options)

    def with_action(self, action: Any) -> "Record":
        """A copy with one more action."""
        return Record(self.game, self.players, self.seed, self.deal, self.names, self.dealer,
                      self.options, self.actions + (str(action),))


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


def replay(record: Record) -> list[State]:
    """Every state of a recorded game, the first state included (index = step)."""
    from tutor.games import get_game

    try:
        game = get_game(record.game)
    except KeyError as exc:
        raise ValueError(f"record.game: {exc.args[0]}") from None
    states = [record.start()]
    for i, text in enumerate(record.actions):
        try:
            states.append(states[-1].apply(game.parse_action(states[-1], text)))
        except IllegalMove as exc:
            raise IllegalMove(exc.rule, f"record.actions[{i}] {text!r}: {exc.reason}") from None
        except ValueError as exc:
            raise ValueError(f"record.actions[{i}] {text!r}: {exc}") from None
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
