"""Lessons: rule-by-rule teaching content from ``lessons/<slug>.toml``.

A lesson lists a game's rules in teaching order, each with the rule id the
engine cites, our own text, an optional scenario (a prepared deal and moves that
show the rule happening, plus tries the rules refuse) and an optional check.
``load_lesson`` reads and checks a file; every problem names the file and field.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from tutor.data import data_dir
from tutor.engine import IllegalMove, Record, State

LESSONS_ENV = "GWARI_LESSONS"


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Scenario:
    """A prepared position: a deal (or seed), options, the moves to make, and tries that must fail."""

    game: str
    players: int
    deal: Mapping[str, Any] | None = None
    seed: int | None = None
    names: tuple[str, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()

    def record(self) -> Record:
        """The scenario as a game record (set-up and moves)."""
        return Record(self.game, self.players, self.seed, self.deal, self.names, None,
                      dict(self.options), self.actions)

    def states(self) -> list[State]:
        """Every state of the scenario, the dealt position first."""
        from tutor.games import replay

        return replay(self.record())

    def refusals(self) -> list[IllegalMove]:
        """What the rules say to each illegal try, made in the scenario's last position."""
        from tutor.games import get_game

        game = get_game(self.game)
        last = self.states()[-1]
        out = []
        for text in self.illegal:
            try:
                last.apply(game.parse_action(last, text))
            except IllegalMove as exc:
                out.append(exc)
            else:
                raise LessonError(f"{self.game}: the try {text!r} is legal, but the lesson says it is refused.")
        return out


@dataclass(frozen=True)
class Check:
    """A quick question: ``choice`` (pick one of ``choices``) or ``move`` (make an accepted move)."""

    kind: str
    question: str
    explain: str
    choices: tuple[str, ...] = ()
    answer: int | None = None
    scenario: Scenario | None = None
    accept: tuple[str, ...] = ()

    def is_right(self, reply: int | str) -> bool:
        """Whether a reply (a choice index, or a move's text) is right."""
        if self.kind == "choice":
            return reply == self.answer
        from tutor.games import get_game

        assert self.scenario is not None
        state = self.scenario.states()[-1]
        try:
            action = get_game(self.scenario.game).parse_action(state, str(reply))
        except IllegalMove:
            return False
        return str(action) in self.accept


@dataclass(frozen=True)
class RuleEntry:
    """One rule of a game, as taught."""

    id: str
    section: str
    title: str
    text: str
    scenario: Scenario | None = None
    check: Check | None = None


@dataclass(frozen=True)
class Note:
    """A note on a choice we made where the seed is open or wrong."""

    title: str
    text: str


@dataclass(frozen=True)
class Example:
    """A worked example to step through (the seed's own, where it has one)."""

    title: str
    text: str
    scenario: Scenario


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: rules in teaching order, worked examples and notes."""

    slug: str
    title: str
    summary: str
    rules: tuple[RuleEntry, ...]
    notes: tuple[Note, ...] = ()
    examples: tuple[Example, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        """Every rule id, in teaching order."""
        return tuple(rule.id for rule in self.rules)

    def rule(self, rule_id: str) -> RuleEntry:
        """The entry for a rule id; an unknown id is a ``KeyError`` naming it."""
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"The {self.slug} lesson has no rule {rule_id!r}.")

    @property
    def sections(self) -> dict[str, list[RuleEntry]]:
        """Rules grouped by section, in teaching order."""
        out: dict[str, list[RuleEntry]] = {}
        for rule in self.rules:
            out.setdefault(rule.section, []).append(rule)
        return out


def lessons_dir() -> Path:
    """Where lesson files are: ``$GWARI_LESSONS``, else the lessons installed with Gwari (``tutor.data``)."""
    if os.environ.get(LESSONS_ENV):
        return Path(os.environ[LESSONS_ENV])
    return data_dir("lessons")


@lru_cache(maxsize=None)
def load_lesson(slug: str) -> Lesson:
    """Read and check ``lessons/<slug>.toml``."""
    path = lessons_dir() / f"{slug}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LessonError(f"No lesson file for {slug!r}: expected {path}.") from None
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{path.name}: {exc}") from None
    return parse_lesson(data, source=path.name)


def parse_lesson(data: Mapping[str, Any], *, source: str) -> Lesson:
    """Build a lesson from parsed TOML, checking every field; errors name ``source`` and the field."""
    slug = _text(data, "slug", source)
    rules = []
    seen = set()
    for i, raw in enumerate(data.get("rule", [])):
        where = f"{source} rule {i + 1}"
        rule_id = _text(raw, "id", where)
        where = f"{source} rule {rule_id!r}"
        if rule_id in seen:
            raise LessonError(f"{where}: the id appears twice.")
        seen.add(rule_id)
        scenario = _scenario(raw["scenario"], slug, f"{where} scenario") if "scenario" in raw else None
        check = _check(raw["check"], slug, f"{where} check") if "check" in raw else None
        rules.append(RuleEntry(rule_id, _text(raw, "section", where), _text(raw, "title", where),
                               _text(raw, "text", where).strip(), scenario, check))
    if not rules:
        raise LessonError(f"{source}: a lesson needs at least one [[rule]].")
    notes = tuple(Note(_text(n, "title", f"{source} note"), _text(n, "text", f"{source} note").strip())
                  for n in data.get("note", []))
    raw_examples = data.get("example", [])
    if isinstance(raw_examples, Mapping):
        raw_examples = [raw_examples]
    examples = tuple(Example(_text(e, "title", f"{source} example"), _text(e, "text", f"{source} example").strip(),
                             _scenario(e, slug, f"{source} example")) for e in raw_examples)
    return Lesson(slug, _text(data, "title", source), _text(data, "summary", source).strip(),
                  tuple(rules), notes, examples)


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: '{key}' must be non-empty text.")
    return value


def _scenario(raw: Mapping[str, Any], slug: str, where: str) -> Scenario:
    players = raw.get("players")
    if not isinstance(players, int):
        raise LessonError(f"{where}: 'players' must be a whole number.")
    if "deal" not in raw and "seed" not in raw:
        raise LessonError(f"{where}: give a 'deal' or a 'seed'.")
    scenario = Scenario(slug, players, raw.get("deal"), raw.get("seed"),
                        tuple(raw["names"]) if "names" in raw else None, dict(raw.get("options", {})),
                        tuple(raw.get("actions", ())), tuple(raw.get("illegal", ())))
    try:
        scenario.states()
    except (IllegalMove, ValueError, TypeError) as exc:
        raise LessonError(f"{where}: {exc}") from None
    return scenario


def _check(raw: Mapping[str, Any], slug: str, where: str) -> Check:
    kind = raw.get("kind")
    question, explain = _text(raw, "question", where), _text(raw, "explain", where)
    if kind == "choice":
        choices = tuple(raw.get("choices", ()))
        answer = raw.get("answer")
        if len(choices) < 2 or not isinstance(answer, int) or not 0 <= answer < len(choices):
            raise LessonError(f"{where}: a choice needs two or more 'choices' and an 'answer' index among them.")
        return Check("choice", question, explain, choices, answer)
    if kind == "move":
        if "scenario" not in raw:
            raise LessonError(f"{where}: a move check needs a 'scenario'.")
        scenario = _scenario(raw["scenario"], slug, f"{where} scenario")
        last = scenario.states()[-1]
        legal = {str(a) for a in last.legal_actions()}
        accept = tuple(raw.get("accept", ()))
        if not accept or not set(accept) <= legal:
            raise LessonError(f"{where}: 'accept' must list legal moves of the position; "
                              f"{sorted(set(accept) - legal) or 'none given'} are not.")
        return Check("move", question, explain, scenario=scenario, accept=accept)
    raise LessonError(f"{where}: 'kind' must be 'choice' or 'move', not {kind!r}.")
