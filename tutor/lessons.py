"""Lessons: rule-by-rule teaching content from ``lessons/<slug>.toml``.

A lesson lists a game's rules in teaching order, grouped in chapters (the first
being the essentials), each rule with the rule id the engine cites, our own text,
an optional scenario (a prepared deal and moves that show the rule happening,
plus tries the rules refuse) and an optional check (choose, spot the mistake,
what scores, put in order, or make the move), whose every wrong answer has its
own reason.  A small list of terms names the rule that teaches each word of the
game's jargon.  ``load_lesson`` reads and checks a file; every problem names the
file, the rule and the field.  ``chapter_minutes`` and ``lesson_minutes`` say how
long a learner takes (``tutor.estimate``).
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from tutor import estimate
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


CHOICE_KINDS = ("choice", "spot", "score")
CHECK_KINDS = (*CHOICE_KINDS, "order", "move")


@dataclass(frozen=True)
class Check:
    """A quick question that teaches: every wrong answer has its own reason, shown at once.

    - ``choice``, ``spot`` (spot the mistake) and ``score`` (what scores): pick one of ``choices``; ``answer``
      is the right index; ``why[i]`` says why choice ``i`` is wrong (``why[answer]`` is empty).
    - ``order``: put ``items`` (shown in that order) in order; ``answer`` is the item indices in the right
      order; ``why`` is one text shown when the order is wrong.
    - ``move``: make a move in the ``scenario``'s last position that ``accept`` lists; ``why`` maps a legal
      move's text to why it is not the answer, ``otherwise`` covers any other legal move.
    """

    kind: str
    question: str
    explain: str
    choices: tuple[str, ...] = ()
    answer: int | tuple[int, ...] | None = None
    scenario: Scenario | None = None
    accept: tuple[str, ...] = ()
    why: tuple[str, ...] | str | Mapping[str, str] = ()  # one a choice; one text (order); a table (move)
    items: tuple[str, ...] = ()
    otherwise: str = ""

    def is_right(self, reply: Any) -> bool:
        """Whether a reply (a choice index, a list of item indices, or a move's text) is right."""
        if self.kind in CHOICE_KINDS:
            return not isinstance(reply, bool) and reply == self.answer
        if self.kind == "order":
            try:
                return tuple(reply) == self.answer
            except TypeError:
                return False
        action = self._action(reply)
        return action is not None and str(action) in self.accept

    def reason(self, reply: Any) -> str:
        """Why a wrong reply is wrong, as the lesson says it ("" for a right reply).

        A move the rules refuse has no reason here: the learner is told the engine's own (``IllegalMove.reason``).
        """
        if self.is_right(reply):
            return ""
        if self.kind in CHOICE_KINDS:
            ok = isinstance(reply, int) and not isinstance(reply, bool) and 0 <= reply < len(self.choices)
            return self.why[reply] if ok and isinstance(self.why, tuple) and self.why else ""
        if self.kind == "order":
            return self.why if isinstance(self.why, str) else ""
        action = self._action(reply)
        if action is None:
            return ""
        table = self.why if isinstance(self.why, Mapping) else {}
        return table.get(str(action), self.otherwise)

    def _action(self, reply: Any) -> Any:
        """The legal move a move check's reply names, or None (not legal, or not readable)."""
        from tutor.games import get_game

        assert self.scenario is not None
        state = self.scenario.states()[-1]
        try:
            action = get_game(self.scenario.game).parse_action(state, str(reply))
        except IllegalMove:
            return None
        legal = {str(a) for a in state.legal_actions()}
        return action if str(action) in legal else None

    @property
    def texts(self) -> tuple[str, ...]:
        """Every text the learner reads in the check: question, choices or items, reasons, explanation."""
        if isinstance(self.why, Mapping):
            why: tuple[str, ...] = tuple(self.why.values())
        elif isinstance(self.why, str):
            why = (self.why,)
        else:
            why = self.why
        return (self.question, *self.choices, *self.items, *why, self.otherwise, self.explain)


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
class Chapter:
    """A short part of a lesson: its title, the rule sections it holds, and their rules in teaching order."""

    title: str
    sections: tuple[str, ...]
    rules: tuple[RuleEntry, ...]

    @property
    def checks(self) -> tuple[Check, ...]:
        """The chapter's checks, in teaching order."""
        return tuple(rule.check for rule in self.rules if rule.check is not None)


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: chapters of rules in teaching order, the game's terms, worked examples and notes.

    A file without ``[[chapter]]`` is read as one chapter holding every section.
    """

    slug: str
    title: str
    summary: str
    rules: tuple[RuleEntry, ...]
    notes: tuple[Note, ...] = ()
    examples: tuple[Example, ...] = ()
    chapters: tuple[Chapter, ...] = ()
    terms: Mapping[str, str] = field(default_factory=dict)

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

    def chapter(self, n: int) -> Chapter:
        """Chapter ``n`` (from 1); another number is a ``KeyError`` naming it and how many there are."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self.chapters):
            raise KeyError(f"The {self.slug} lesson has chapters 1 to {len(self.chapters)}, not {n!r}.")
        return self.chapters[n - 1]

    def chapter_of(self, rule_id: str) -> int:
        """The number (from 1) of the chapter teaching a rule; an unknown id is a ``KeyError`` naming it."""
        for n, chapter in enumerate(self.chapters, 1):
            if any(rule.id == rule_id for rule in chapter.rules):
                return n
        raise KeyError(f"The {self.slug} lesson has no rule {rule_id!r}.")

    @property
    def sections(self) -> dict[str, list[RuleEntry]]:
        """Rules grouped by section, in teaching order."""
        out: dict[str, list[RuleEntry]] = {}
        for rule in self.rules:
            out.setdefault(rule.section, []).append(rule)
        return out


def scenario_steps(scenario: Scenario | None) -> int:
    """Steps a learner clicks through in a scenario: the position, each move, each refused try."""
    return 0 if scenario is None else 1 + len(scenario.actions) + len(scenario.illegal)


def chapter_minutes(lesson: Lesson, n: int) -> float:
    """Minutes a learner takes over chapter ``n`` (from 1), by ``tutor.estimate``: reading its title, every rule's
    title and text and every check's question, choices (or items) and explanation (the summary in chapter 1),
    answering its checks, and clicking through every scenario (a rule's or a check's)."""
    chapter = lesson.chapter(n)
    texts = [chapter.title] + ([lesson.summary] if n == 1 else [])
    steps = 0
    for rule in chapter.rules:
        texts += [rule.title, rule.text]
        steps += scenario_steps(rule.scenario)
        if rule.check is not None:
            texts += [rule.check.question, *rule.check.choices, *rule.check.items, rule.check.explain]
            steps += scenario_steps(rule.check.scenario)
    return estimate.minutes(words=estimate.words(*texts), checks=len(chapter.checks), steps=steps)


def lesson_minutes(lesson: Lesson) -> float:
    """Minutes a learner takes over the whole lesson: the sum of its chapters'."""
    return sum(chapter_minutes(lesson, n) for n in range(1, len(lesson.chapters) + 1))


def whole_minutes(minutes: float) -> int:
    """An estimate as shown to a learner: whole minutes, rounded up (at least 1), so "about 7 min" never takes
    less than 7 by the estimate."""
    return max(1, math.ceil(round(minutes, 6)))


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
    """Build a lesson from parsed TOML, checking every field; errors name ``source``, the rule and the field."""
    slug = _text(data, "slug", source)
    rules = []
    seen = set()
    raw_rules = data.get("rule", [])
    if not isinstance(raw_rules, list):
        raise LessonError(f"{source}: 'rule' must be an array of tables ([[rule]]).")
    for i, raw in enumerate(raw_rules):
        where = f"{source} rule {i + 1}"
        _table(raw, where)
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
    notes = tuple(Note(_text(n, "title", where), _text(n, "text", where).strip())
                  for where, n in _tables(data, "note", source))
    examples = tuple(Example(_text(e, "title", where), _text(e, "text", where).strip(), _scenario(e, slug, where))
                     for where, e in _tables(data, "example", source))
    chapters = _chapters(data.get("chapter"), tuple(rules), source)
    terms = _terms(data.get("terms"), seen, source)
    return Lesson(slug, _text(data, "title", source), _text(data, "summary", source).strip(),
                  tuple(rules), notes, examples, chapters, terms)


def _chapters(raw: Any, rules: tuple[RuleEntry, ...], source: str) -> tuple[Chapter, ...]:
    """The chapters, checked: every rule's section in exactly one chapter, rules in chapter then section order."""
    if raw is None:  # a lesson written before chapters: one chapter holding every section
        sections = tuple(dict.fromkeys(rule.section for rule in rules))
        return (Chapter("The whole lesson", sections, rules),)
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{source}: 'chapter' must be an array of tables ([[chapter]]), at least one.")
    place: dict[str, tuple[int, int]] = {}
    heads = []
    for c, entry in enumerate(raw):
        where = f"{source} chapter {c + 1}"
        _table(entry, where)
        unknown = sorted(set(entry) - {"title", "sections"})
        if unknown:
            raise LessonError(f"{where}: unknown field {unknown[0]!r} (a chapter has 'title' and 'sections').")
        title = _text(entry, "title", where).strip()
        sections = entry.get("sections")
        if (not isinstance(sections, list) or not sections
                or not all(isinstance(s, str) and s.strip() for s in sections)):
            raise LessonError(f"{where} ({title!r}): 'sections' must be a list of one or more section names.")
        for s, section in enumerate(sections):
            if section in place:
                raise LessonError(f"{where} ({title!r}): 'sections' names {section!r}, which chapter "
                                  f"{place[section][0] + 1} already holds.")
            place[section] = (c, s)
        heads.append((title, tuple(sections)))
    last = (0, 0)
    for rule in rules:
        if rule.section not in place:
            raise LessonError(f"{source} rule {rule.id!r}: 'section' {rule.section!r} is in no chapter's 'sections'.")
        if place[rule.section] < last:
            raise LessonError(f"{source} rule {rule.id!r}: section {rule.section!r} comes after rules of a later "
                              "section or chapter; rules go in chapter order, then in the order of each "
                              "chapter's 'sections'.")
        last = place[rule.section]
    chapters = []
    for c, (title, sections) in enumerate(heads):
        held = tuple(rule for rule in rules if place[rule.section][0] == c)
        for section in sections:
            if not any(rule.section == section for rule in held):
                raise LessonError(f"{source} chapter {c + 1} ({title!r}): 'sections' names {section!r}, "
                                  "which no rule has.")
        chapters.append(Chapter(title, sections, held))
    return tuple(chapters)


def _terms(raw: Any, ids: set[str], source: str) -> dict[str, str]:
    """The game's terms, each naming the rule (an id of this lesson) that teaches it."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise LessonError(f"{source}: 'terms' must be a table mapping a term to the rule id that teaches it.")
    terms: dict[str, str] = {}
    lowered: dict[str, str] = {}
    for term, rule_id in raw.items():
        where = f"{source} terms {term!r}"
        if not term.strip() or term != term.strip():
            raise LessonError(f"{where}: a term must be a word or words without spaces around them.")
        if term.lower() in lowered:
            raise LessonError(f"{where}: the term is given twice (also as {lowered[term.lower()]!r}).")
        if not isinstance(rule_id, str) or rule_id not in ids:
            raise LessonError(f"{where}: must name a rule id of this lesson, not {rule_id!r}.")
        terms[term] = rule_id
        lowered[term.lower()] = term
    return terms


def _tables(data: Mapping[str, Any], key: str, source: str) -> list[tuple[str, Mapping[str, Any]]]:
    """An array of tables (``[[key]]``, or one ``[key]`` table), each with where it is (its number from 1)."""
    raw = data.get(key, [])
    if isinstance(raw, Mapping):
        raw = [raw]
    if not isinstance(raw, list):
        raise LessonError(f"{source}: '{key}' must be an array of tables ([[{key}]]).")
    out = []
    for i, entry in enumerate(raw):
        where = f"{source} {key} {i + 1}"
        _table(entry, where)
        out.append((where, entry))
    return out


def _table(raw: Any, where: str) -> None:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: must be a table, not {type(raw).__name__}.")


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: '{key}' must be non-empty text.")
    return value


def _texts(data: Mapping[str, Any], key: str, where: str, low: int, high: int) -> tuple[str, ...]:
    value = data.get(key)
    if (not isinstance(value, list) or not low <= len(value) <= high
            or not all(isinstance(v, str) and v.strip() for v in value)):
        raise LessonError(f"{where}: '{key}' must be a list of {low} to {high} non-empty texts.")
    return tuple(value)


def _scenario(raw: Mapping[str, Any], slug: str, where: str) -> Scenario:
    _table(raw, where)
    players = raw.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise LessonError(f"{where}: 'players' must be a whole number.")
    if "deal" not in raw and "seed" not in raw:
        raise LessonError(f"{where}: give a 'deal' or a 'seed'.")
    for key in ("actions", "illegal", "names"):
        if key in raw and (not isinstance(raw[key], list) or not all(isinstance(v, str) for v in raw[key])):
            raise LessonError(f"{where}: '{key}' must be a list of texts.")
    if not isinstance(raw.get("options", {}), Mapping):
        raise LessonError(f"{where}: 'options' must be a table.")
    scenario = Scenario(slug, players, raw.get("deal"), raw.get("seed"),
                        tuple(raw["names"]) if "names" in raw else None, dict(raw.get("options", {})),
                        tuple(raw.get("actions", ())), tuple(raw.get("illegal", ())))
    try:
        scenario.states()
    except (IllegalMove, ValueError, TypeError) as exc:
        raise LessonError(f"{where}: {exc}") from None
    return scenario


_CHECK_FIELDS = {
    **{kind: {"kind", "question", "choices", "answer", "explain", "why", "scenario"} for kind in CHOICE_KINDS},
    "order": {"kind", "question", "items", "answer", "explain", "why", "scenario"},
    "move": {"kind", "question", "scenario", "accept", "explain", "why", "otherwise"},
}


def _check(raw: Mapping[str, Any], slug: str, where: str) -> Check:
    _table(raw, where)
    kind = raw.get("kind")
    if kind not in CHECK_KINDS:
        raise LessonError(f"{where}: 'kind' must be one of {', '.join(map(repr, CHECK_KINDS))}, not {kind!r}.")
    unknown = sorted(set(raw) - _CHECK_FIELDS[kind])
    if unknown:
        raise LessonError(f"{where}: unknown field {unknown[0]!r} for a {kind!r} check "
                          f"(it has {', '.join(sorted(_CHECK_FIELDS[kind]))}).")
    question, explain = _text(raw, "question", where), _text(raw, "explain", where)
    scenario = _scenario(raw["scenario"], slug, f"{where} scenario") if "scenario" in raw else None
    if kind in CHOICE_KINDS:
        choices = raw.get("choices")
        if (not isinstance(choices, list) or not 2 <= len(choices) <= 5
                or not all(isinstance(c, str) and c.strip() for c in choices)):
            raise LessonError(f"{where}: 'choices' must be a list of two or more (at most 5) non-empty texts.")
        answer = raw.get("answer")
        if isinstance(answer, bool) or not isinstance(answer, int) or not 0 <= answer < len(choices):
            raise LessonError(f"{where}: 'answer' must be the index (from 0) of one of the "
                              f"{len(choices)} 'choices', not {answer!r}.")
        why = raw.get("why")
        if not isinstance(why, list) or len(why) != len(choices) or not all(isinstance(w, str) for w in why):
            raise LessonError(f"{where}: 'why' must be a list of {len(choices)} texts, one for each choice "
                              "(\"\" for the answer, and why each other choice is wrong).")
        if why[answer].strip():
            raise LessonError(f"{where}: 'why' for the answer (choice {answer}) must be \"\" "
                              "(the explanation is shown when it is picked).")
        missing = [i for i, w in enumerate(why) if i != answer and not w.strip()]
        if missing:
            raise LessonError(f"{where}: 'why' for wrong choice {missing[0]} "
                              f"({choices[missing[0]]!r}) must say why it is wrong.")
        why = tuple(w.strip() for w in why)
        return Check(kind, question, explain, tuple(choices), answer, scenario, why=why)
    if kind == "order":
        items = _texts(raw, "items", where, 2, 10)
        answer = raw.get("answer")
        if (not isinstance(answer, list) or any(isinstance(a, bool) or not isinstance(a, int) for a in answer)
                or sorted(answer) != list(range(len(items)))):
            raise LessonError(f"{where}: 'answer' must list each item's index (0 to {len(items) - 1}) once, "
                              "in the right order.")
        if answer == list(range(len(items))):
            raise LessonError(f"{where}: 'items' are already in the right order; show them in another order.")
        return Check(kind, question, explain, answer=tuple(answer), scenario=scenario,
                     why=_text(raw, "why", where).strip(), items=items)
    return _move_check(raw, slug, where, question, explain, scenario)


def _move_check(raw: Mapping[str, Any], slug: str, where: str, question: str, explain: str,
                scenario: Scenario | None) -> Check:
    from tutor.games import get_game

    if scenario is None:
        raise LessonError(f"{where}: a move check needs a 'scenario'.")
    last = scenario.states()[-1]
    legal = {str(a) for a in last.legal_actions()}
    accept = raw.get("accept", ())
    if not isinstance(accept, list) or not all(isinstance(a, str) for a in accept):
        raise LessonError(f"{where}: 'accept' must be a list of move texts.")
    if not accept or not set(accept) <= legal:
        raise LessonError(f"{where}: 'accept' must list legal moves of the position; "
                          f"{sorted(set(accept) - legal) or 'none given'} are not.")
    why: dict[str, str] = {}
    raw_why = raw.get("why", {})
    if not isinstance(raw_why, Mapping):
        raise LessonError(f"{where}: 'why' must be a table: a legal move's text = why it is not the answer.")
    game = get_game(slug)
    for text, reason in raw_why.items():
        try:
            action = game.parse_action(last, text)
            move = str(action)
            if move not in legal:
                last.apply(action)
        except IllegalMove as exc:
            raise LessonError(f"{where}: 'why' names {text!r}, which is not a legal move of the position "
                              f"(the learner trying it is told the rules' own reason: {exc.reason}); 'why' is "
                              "for legal moves that are not the answer.") from None
        if move not in legal:
            raise LessonError(f"{where}: 'why' names {text!r}, which is not a legal move of the position.")
        if move in accept:
            raise LessonError(f"{where}: 'why' names {text!r}, which 'accept' lists as right.")
        if not isinstance(reason, str) or not reason.strip():
            raise LessonError(f"{where}: 'why' for {text!r} must be non-empty text.")
        if move in why:
            raise LessonError(f"{where}: 'why' names the move {move!r} twice.")
        why[move] = reason.strip()
    otherwise = ""
    if "otherwise" in raw:
        otherwise = _text(raw, "otherwise", where).strip()
    else:
        uncovered = sorted(legal - set(accept) - set(why))
        if uncovered:
            raise LessonError(f"{where}: 'otherwise' is needed (what to say to any other legal move): 'why' does "
                              f"not cover the legal move {uncovered[0]!r}.")
    return Check("move", question, explain, scenario=scenario, accept=tuple(accept), why=why, otherwise=otherwise)
