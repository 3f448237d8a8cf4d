"""A guided first game: ``lessons/first-games/<slug>.toml``, a prepared deal played move by move with the tutor.

The file gives the set-up (players, the learner's seat, names, options, and a prepared ``deal`` or a ``seed``),
an ``intro`` and an ``end``, and every move of the game in order as ``[[step]]`` tables: ``move`` (the text the
game's ``parse_action`` reads), ``say`` (what to do and why; required on the learner's moves, optional on the
bots') and ``other`` (on the learner's moves: another legal move -> what it would change).

``load_first_game`` reads and checks a file: every field, every step replayed from the deal (an illegal move is
refused with the rules' own reason), the last step ending the deal or the game, and every rule the game's events
cite taught in the game's lesson.  Every error names the file, the step and the field.  ``guide_minutes(slug)``
(``FirstGame.minutes``) is the tutor's estimate (``tutor.estimate``) of how long the game takes a learner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from tutor.data import lessons_dir, read_toml
from tutor.engine import IllegalMove, Record, State
from tutor.estimate import minutes, words
from tutor.games import FIRST_GAMES, GAMES, first_game_file, get_game
from tutor.lessons import LessonError, load_lesson

FOLDER = FIRST_GAMES
TOP_FIELDS = ("slug", "title", "players", "seat", "names", "options", "deal", "seed", "intro", "end", "step")
STEP_FIELDS = ("move", "say", "other", "play_out")


class FirstGameError(LessonError):
    """A first-game file that cannot be used; the message names the file, the step and the field."""


@dataclass(frozen=True)
class Step:
    """One move of the guided game: the move's text, whose it is, and what the tutor says."""

    move: str
    seat: int | None  # the seat that makes it
    learner: bool
    say: str = ""
    other: Mapping[str, str] = field(default_factory=dict)  # another legal move's text -> what it changes
    play_out: str = ""  # said after this step, when the tutor plays every step left at once (the outcome is settled)


@dataclass(frozen=True)
class FirstGame:
    """A game's guided first game, checked: its set-up, words and steps, and every state it passes through."""

    slug: str
    title: str
    players: int
    seat: int
    intro: str
    end: str
    steps: tuple[Step, ...]
    names: tuple[str, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    deal: Mapping[str, Any] | None = None
    seed: int | None = None
    source: str = ""
    played: tuple = field(default=(), compare=False, repr=False)  # every state, the dealt position first

    def record(self) -> Record:
        """The set-up as a game record, with no moves."""
        return Record(self.slug, self.players, self.seed, self.deal, self.names, None, dict(self.options), ())

    def start(self) -> State:
        """The dealt position."""
        return get_game(self.slug).start(players=self.players, seed=self.seed, deal=self.deal, names=self.names,
                                          **dict(self.options))

    def states(self) -> list[State]:
        """Every state of the guided game, the dealt position first (one more than there are steps)."""
        if not self.played:
            game = get_game(self.slug)
            state = self.start()
            out = [state]
            for step in self.steps:
                state = state.apply(game.parse_action(state, step.move))
                out.append(state)
            object.__setattr__(self, "played", tuple(out))
        return list(self.played)

    @property
    def learner_steps(self) -> tuple[int, ...]:
        """The indices of the learner's own steps (those the learner makes: not the ones the tutor plays out)."""
        return tuple(i for i, step in enumerate(self.steps[:self.played_out_from]) if step.learner)

    @property
    def played_out_from(self) -> int:
        """The index of the first step the tutor plays out at once (after a step with ``play_out``); the number of
        steps when every step is played one by one."""
        for i, step in enumerate(self.steps):
            if step.play_out:
                return i + 1
        return len(self.steps)

    def cited_rules(self) -> tuple[str, ...]:
        """Every rule id the game's events cite, in the order first cited."""
        out: dict[str, None] = {}
        for state in self.states():
            for event in state.events:
                out.setdefault(event.rule, None)
        return tuple(out)

    def words(self) -> int:
        """The words a learner reads: intro, end, every ``say`` and ``other``, and the title and first sentence
        of each lesson rule the game's events cite."""
        lesson = load_lesson(self.slug)
        texts = [self.intro, self.end]
        for step in self.steps:
            texts += [step.say, step.play_out]
            texts.extend(step.other.values())
        for rule_id in self.cited_rules():
            rule = lesson.rule(rule_id)
            texts += [rule.title, first_sentence(rule.text)]
        return words(*texts)

    def minutes(self) -> float:
        """The tutor's estimate of the game's length: reading, the learner's moves, the bots' steps that say something."""
        bot_says = sum(1 for step in self.steps[:self.played_out_from] if not step.learner and step.say)
        return minutes(words=self.words(), moves=len(self.learner_steps), steps=bot_says)


def guide_minutes(slug: str) -> float:
    """The tutor's estimate of game ``slug``'s first game, in minutes (``FirstGame.minutes``): reading its intro,
    end, every ``say`` and ``other`` and the title and first sentence of each rule its events cite; 10 seconds for
    each of the learner's moves; 6 for each bots' step that says something."""
    return load_first_game(slug).minutes()


def first_sentence(text: str) -> str:
    """The first sentence of a rule's text (all of it when it has one sentence)."""
    text = " ".join(text.split())
    match = re.search(r"(?<=[.!?])[\"”’)]?\s+(?=[A-Z0-9\"“‘(])", text)
    return text[:match.start()].strip() if match else text


def first_games_dir() -> Path:
    """Where the first-game files of Gwari's games are: ``first-games/`` beside its lessons."""
    return lessons_dir() / FOLDER


def first_games() -> tuple[str, ...]:
    """The slugs of the games that have a first-game file, in the gallery's order."""
    return tuple(slug for slug in GAMES if first_game_file(slug).is_file())


def has_first_game(slug: str) -> bool:
    """Whether game ``slug`` has a first-game file (``tutor.games.first_game_file``)."""
    return slug in GAMES and first_game_file(slug).is_file()


@lru_cache(maxsize=None)
def load_first_game(slug: str) -> FirstGame:
    """Read and check game ``slug``'s first game (``tutor.games.first_game_file``: Gwari's
    ``lessons/first-games/<slug>.toml``)."""
    try:
        path = first_game_file(slug)
    except KeyError as exc:
        raise FirstGameError(f"No first game for {slug!r}: {exc.args[0]}") from None
    source = f"{FOLDER}/{path.name}"
    data = read_toml(path, source=source, missing=f"No first game for {slug!r}: expected {path}.",
                     error=FirstGameError)
    game = parse_first_game(data, source=source)
    if game.slug != slug:
        raise FirstGameError(f"{FOLDER}/{path.name}: 'slug' must be {slug!r}, the file's name, not {game.slug!r}.")
    return game


def parse_first_game(data: Mapping[str, Any], *, source: str) -> FirstGame:
    """Build a first game from parsed TOML, checking every field and replaying every step; errors name ``source``,
    the step and the field."""
    if not isinstance(data, Mapping):
        raise FirstGameError(f"{source}: a first game is a table of fields, not {type(data).__name__}.")
    _only(data, TOP_FIELDS, f"{source}: unknown field {{}}; the fields are")
    slug = _text(data, "slug", source)
    if slug not in GAMES:
        raise FirstGameError(f"{source}: 'slug' {slug!r} is no game; the games are {', '.join(GAMES)}.")
    game = get_game(slug)
    title, intro, end = (_text(data, key, source).strip() for key in ("title", "intro", "end"))
    players = _whole(data, "players", source)
    if not game.min_players <= players <= game.max_players:
        raise FirstGameError(f"{source}: 'players' must be from {game.min_players} to {game.max_players} for "
                             f"{game.title}, not {players}.")
    seat = _whole(data, "seat", source)
    if not 0 <= seat < players:
        raise FirstGameError(f"{source}: 'seat' must be a seat from 0 to {players - 1}, not {seat}.")
    names = data.get("names")
    if names is not None:
        if not isinstance(names, list) or len(names) != players or not all(
                isinstance(n, str) and n.strip() for n in names):
            raise FirstGameError(f"{source}: 'names' must be a list of {players} non-empty names.")
        names = tuple(names)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise FirstGameError(f"{source}: 'options' must be a table of the game's options.")
    deal, seed = data.get("deal"), data.get("seed")
    if (deal is None) == (seed is None):
        raise FirstGameError(f"{source}: give a prepared 'deal' or a 'seed' (one of the two).")
    if deal is not None and not isinstance(deal, Mapping):
        raise FirstGameError(f"{source}: 'deal' must be a table, the game's prepared deal.")
    if seed is not None:
        _whole(data, "seed", source)
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise FirstGameError(f"{source}: a first game needs its moves as [[step]] tables, at least one.")
    try:
        state = game.start(players=players, seed=seed, deal=deal, names=names, **dict(options))
    except (IllegalMove, ValueError, TypeError) as exc:
        field_name = ("options" if str(exc).startswith("option") else "names" if str(exc).startswith("names")
                      else "deal")
        raise FirstGameError(f"{source} '{field_name}': the game cannot start: {_reason(exc)}") from None
    states = [state]
    steps = []
    played_out = False  # whether an earlier step has 'play_out': the tutor plays the steps after it
    for i, raw in enumerate(raw_steps):
        where = f"{source} step {i + 1}"
        if not isinstance(raw, Mapping):
            raise FirstGameError(f"{where}: a step is a table with 'move' (and 'say', 'other').")
        _only(raw, STEP_FIELDS, f"{where}: unknown field {{}}; a step has")
        move = _text(raw, "move", where)
        if state.is_over:
            raise FirstGameError(f"{where} 'move': the game is already over; the steps must end with it.")
        try:
            action = game.parse_action(state, move)
            offered = action in state.offers(seat) if state.current_player != seat else False
            after = state.apply(action)
        except (IllegalMove, ValueError, TypeError) as exc:
            raise FirstGameError(f"{where} 'move' {move!r} is refused: {_reason(exc)}") from None
        learner = state.current_player == seat or offered
        mover = seat if learner else state.current_player
        say = raw.get("say", "")
        if played_out and ("say" in raw or "other" in raw):
            raise FirstGameError(f"{where}: the tutor plays this step out at once (after 'play_out'), so it has no "
                                 f"'say' or 'other'.")
        if not isinstance(say, str) or (learner and not played_out and not say.strip()):
            raise FirstGameError(f"{where} 'say': " + ("the learner's move needs non-empty text: what to do and why."
                                                       if learner else "must be text."))
        other = raw.get("other", {})
        if not isinstance(other, Mapping):
            raise FirstGameError(f"{where} 'other': must be a table of a legal move -> what it changes.")
        if other and not learner:
            raise FirstGameError(f"{where} 'other': only the learner's moves have other moves to explain.")
        for text, why in other.items():
            if not isinstance(why, str) or not why.strip():
                raise FirstGameError(f"{where} 'other' {text!r}: must be non-empty text, what that move changes.")
            try:
                alternative = game.parse_action(state, text)
                state.apply(alternative)
            except (IllegalMove, ValueError, TypeError) as exc:
                raise FirstGameError(f"{where} 'other' {text!r} is not a legal move here: {_reason(exc)}") from None
            if str(alternative) == str(action):
                raise FirstGameError(f"{where} 'other' {text!r} is the step's own move.")
        play_out = raw.get("play_out", "")
        if not isinstance(play_out, str) or "play_out" in raw and not play_out.strip():
            raise FirstGameError(f"{where} 'play_out': must be non-empty text, said when the tutor plays the rest.")
        if play_out and played_out:
            raise FirstGameError(f"{where} 'play_out': only one step may have it; the steps after the first are "
                                 f"already played out.")
        if play_out and i == len(raw_steps) - 1:
            raise FirstGameError(f"{where} 'play_out': the last step leaves nothing to play out.")
        steps.append(Step(move, mover, learner, " ".join(say.split()),
                          {str(k): " ".join(v.split()) for k, v in other.items()}, " ".join(play_out.split())))
        played_out = played_out or bool(play_out)
        state = after
        states.append(state)
    last_mark = _deal_mark(states[-2])
    if not state.is_over and _deal_mark(state) == last_mark:
        raise FirstGameError(f"{source} step {len(steps)} 'move': the last step must end the deal or the game; "
                             f"after it the game goes on ({state.status()}).")
    if not any(step.learner for step in steps):
        raise FirstGameError(f"{source}: no step is the learner's (seat {seat}); the learner makes moves too.")
    first = FirstGame(slug, title, players, seat, intro, end, tuple(steps), names, dict(options),
                      dict(deal) if deal is not None else None, seed, source, tuple(states))
    lesson = load_lesson(slug)
    for i, st in enumerate(states):
        for event in st.events:
            if event.rule not in lesson.ids:
                where = f"{source} step {i}" if i else f"{source} 'deal'"
                raise FirstGameError(f"{where}: the game cites the rule {event.rule!r}, which the {slug} lesson does "
                                     f"not teach.")
    return first


def _only(data: Mapping[str, Any], fields: tuple[str, ...], words: str) -> None:
    """Refuse a field not among ``fields``: ``words`` with the first unknown name in its ``{}``, then the fields."""
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise FirstGameError(f"{words.format(repr(unknown[0]))} {', '.join(fields)}.")


def _deal_mark(state: State) -> tuple:
    """What changes when a deal ends: the score table's rows and the view's count of deals finished."""
    view = state.view(None)
    return (len(view.scores.rows) if view.scores else 0, view.deals)


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise FirstGameError(f"{where}: '{key}' must be non-empty text.")
    return value


def _whole(data: Mapping[str, Any], key: str, where: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise FirstGameError(f"{where}: '{key}' must be a whole number, not {value!r}.")
    return value


def _reason(exc: Exception) -> str:
    return getattr(exc, "reason", None) or str(exc)
