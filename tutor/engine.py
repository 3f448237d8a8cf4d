"""The contract every game follows, and what tests, bots and widgets rely on.

A game is a ``Game`` object in the registry (``tutor.games.GAMES``).  Its
``start()`` returns an immutable state; ``state.apply(action)`` returns a new
state, or raises ``IllegalMove`` naming the rule and leaves the state as it was.
Each state carries the ``Event``\\ s that its last action caused, each citing a
rule id from the game's lesson.  A ``Record`` (game, options, seed or deal,
actions) round-trips JSON and replays to the same states.

Here: the contract itself (``Game``, the ``State`` protocol and its defaults,
``Event``, ``Result``, what a viewer sees), and ``counted``, a count and its noun in
agreement ("1 deal", "3 deals") for every game's words.  Beside it, each importable from
here too: ``tutor.checks`` (``IllegalMove``, typed options and moves, seeds and
names), ``tutor.record`` (``Record``, its JSON, ``replay``) and
``tutor.inputs`` (how a learner acts).  The engine names no game: the registry
(``tutor.games``) looks a game up, and replays a record by its game's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

# The contract's other parts live in their own modules; every name is also importable from here.
from tutor.checks import (_ACTION_FIELDS, _OPTION_TYPES, DEPTH_LIMIT, NAME_LIMIT, SEED_LIMIT,  # noqa: F401
                          IllegalMove, _action_fields, _fits, _is_int, _kind_words, _option_types, _shown_value,
                          check_action, check_names, check_option, check_plain, check_seed)
from tutor.inputs import Inputs, Misread, RaceInput, TypedInput  # noqa: F401
from tutor.record import Record, _jsonable, replay  # noqa: F401


def counted(n: int, noun: str, plural: str = "") -> str:
    """A count and its noun agreeing in number, for every line an engine writes: ``counted(1, "deal")`` ->
    "1 deal", ``counted(3, "deal")`` -> "3 deals", ``counted(2, "match", "matches")`` -> "2 matches"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


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
    deals: int = 0  # the deals finished so far; a move that makes it grow ended a deal (0 in a game of one deal)

    def _repr_svg_(self) -> str:
        import tutor  # the package root says how a view draws itself in a notebook: the engine names no renderer

        return tutor.DRAW["table_svg"](self)

    def _repr_html_(self) -> str:
        import tutor

        return tutor.DRAW["table_html"](self)


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


class Game:
    """A registered game: metadata that generic tests read, and ``start``.

    Subclasses set the class variables and implement ``_start`` and
    ``parse_action``; ``start`` checks the common arguments once for all games,
    and ``make_rules`` checks every option against its declared type.  A game's
    strategy is not here: the registry pairs each game with its ``bot`` module
    (``tutor.games.bot_module``), so rules never import a bot.
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
                              f"not {_shown_value(players)}.")
        if seed is not None:
            check_seed(seed)
        if deal is not None:
            if not isinstance(deal, Mapping):
                raise IllegalMove(f"{self.rule_prefix}.deal",
                                  f"deal must be a mapping such as {{'hands': [...]}}, not {type(deal).__name__}.")
            try:
                check_plain(deal, "deal")
            except ValueError as exc:
                raise IllegalMove(f"{self.rule_prefix}.deal", str(exc)) from None
        names = self.default_names[:players] if names is None else check_names(names, players)
        if len(names) != players:
            raise IllegalMove(f"{self.rule_prefix}.players",
                              f"names: {players} players need {players} names, not {len(names)}.")
        if dealer is None:
            dealer = players - 1
        if not _is_int(dealer) or not 0 <= dealer < players:
            raise IllegalMove(f"{self.rule_prefix}.players",
                              f"dealer: there is no seat {_shown_value(dealer)} to deal.")
        rules = self.make_rules(**options)
        if deal is None and seed is None:
            seed = 0
        setup = Record.checked(self.slug, players, seed if deal is None else None, deal, names, dealer,
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
            check_plain(value, f"option {name}")
        return self.rules_class(**options)

    def options(self) -> dict[str, Any]:
        """Every option with its default value."""
        rules = self.rules_class()
        return {name: getattr(rules, name) for name in _option_types(self.rules_class)}

    figure_names: ClassVar[Mapping[str, str]] = {}
    """The game's figures: the numbers its lesson may state as fields (``{hand}``), each with what it counts."""

    def figures(self, players: int | None = None, deal: Mapping[str, Any] | None = None,
                **options: Any) -> dict[str, int]:
        """The figures of a table of ``players`` with these options and, where given, this prepared deal (with none
        of them, the rule book's: its usual number of players, its options, a shuffled deal).  A figure the table
        does not have (a target in a game of one deal) is left out."""
        players = self.default_players if players is None else players
        if not _is_int(players) or not 2 <= players <= self.max_players:
            raise ValueError(f"players: {self.title} has figures for 2 to {self.max_players} players, "
                             f"not {_shown_value(players)}.")
        if deal is not None and not isinstance(deal, Mapping):
            raise ValueError(f"deal must be a mapping such as {{'hands': [...]}}, not {type(deal).__name__}.")
        return self.count_figures(self.make_rules(**options), players, deal)

    def count_figures(self, rules: Any, players: int, deal: Mapping[str, Any] | None) -> dict[str, int]:
        """The figures (``figure_names``) for checked rules, players and an optional prepared deal; none here."""
        return {}

    @staticmethod
    def dealt(deal: Mapping[str, Any] | None) -> tuple[int, ...]:
        """The sizes of a prepared deal's hands (``()`` for a shuffled deal, or a deal that gives no hands)."""
        hands = deal.get("hands") if deal is not None else None
        if not isinstance(hands, (list, tuple)) or not all(isinstance(h, (list, tuple)) for h in hands):
            return ()
        return tuple(len(h) for h in hands)

    def _start(self, *, setup: "Record", rules: Any) -> State:
        raise NotImplementedError

    def parse_action(self, state: State, text: str) -> Any:
        """Read an action's canonical text (``str(action)``) back into an action."""
        raise NotImplementedError


def play_to_end(state: State, choose: Any, *, limit: int = 100_000) -> tuple[State, list]:
    """Play ``state`` to the end of the game: ``choose(state)`` picks each action; returns the last state and the
    actions."""
    actions = []
    while not state.is_over:
        if len(actions) >= limit:
            raise RuntimeError(f"The game did not end within {limit} actions.")
        action = choose(state)
        actions.append(action)
        state = state.apply(action)
    return state, actions
