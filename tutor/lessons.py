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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from tutor import estimate, lesson_figures
from tutor.data import LESSONS_ENV, lessons_dir, read_toml  # noqa: F401  (where lesson files are: tutor.data)
from tutor.games import lesson_file
from tutor.lesson_checks import (CHECK_KINDS, CHOICE_KINDS, Check, LessonError, Scenario, read_check,  # noqa: F401
                                 read_scenario, table_of, text_of)


@dataclass(frozen=True)
class RuleEntry:
    """One rule of a game, as taught: its title and text with their fields filled with the rule book's figures, and
    as the file writes them (``title_source``, ``text_source``: ``tutor.lesson_figures`` fills them for a table)."""

    id: str
    section: str
    title: str
    text: str
    scenario: Scenario | None = None
    check: Check | None = None
    title_source: str = ""
    text_source: str = ""


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


@lru_cache(maxsize=None)
def load_lesson(slug: str) -> Lesson:
    """Read and check game ``slug``'s lesson (``tutor.games.lesson_file``: Gwari's ``lessons/<slug>.toml``)."""
    try:
        path = lesson_file(slug)
    except KeyError as exc:
        raise LessonError(f"No lesson for {slug!r}: {exc.args[0]}") from None
    data = read_toml(path, source=path.name, missing=f"No lesson file for {slug!r}: expected {path}.",
                     error=LessonError)
    lesson = parse_lesson(data, source=path.name)
    if lesson.slug != slug:
        raise LessonError(f"{path.name}: 'slug' must be {slug!r}, the file's game, not {lesson.slug!r}.")
    return lesson


def parse_lesson(data: Mapping[str, Any], *, source: str) -> Lesson:
    """Build a lesson from parsed TOML, checking every field; errors name ``source``, the rule and the field."""
    slug = text_of(data, "slug", source)
    rules = []
    seen = set()
    raw_rules = data.get("rule", [])
    if not isinstance(raw_rules, list):
        raise LessonError(f"{source}: 'rule' must be an array of tables ([[rule]]).")
    for i, raw in enumerate(raw_rules):
        where = f"{source} rule {i + 1}"
        table_of(raw, where)
        rule_id = text_of(raw, "id", where)
        where = f"{source} rule {rule_id!r}"
        if rule_id in seen:
            raise LessonError(f"{where}: the id appears twice.")
        seen.add(rule_id)
        scenario = read_scenario(raw["scenario"], slug, f"{where} scenario") if "scenario" in raw else None
        check = read_check(raw["check"], slug, f"{where} check") if "check" in raw else None
        title, text = text_of(raw, "title", where), text_of(raw, "text", where).strip()
        for key, words in (("title", title), ("text", text)):
            lesson_figures.check(words, slug, f"{where} {key}")
        rules.append(RuleEntry(rule_id, text_of(raw, "section", where), lesson_figures.fill(title, slug),
                               lesson_figures.fill(text, slug), scenario, check, title, text))
    if not rules:
        raise LessonError(f"{source}: a lesson needs at least one [[rule]].")
    notes = tuple(Note(text_of(n, "title", where), text_of(n, "text", where).strip())
                  for where, n in _tables(data, "note", source))
    examples = tuple(Example(text_of(e, "title", where), text_of(e, "text", where).strip(),
                             read_scenario(e, slug, where))
                     for where, e in _tables(data, "example", source))
    chapters = _chapters(data.get("chapter"), tuple(rules), source)
    terms = _terms(data.get("terms"), seen, source)
    return Lesson(slug, text_of(data, "title", source), text_of(data, "summary", source).strip(),
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
        table_of(entry, where)
        unknown = sorted(set(entry) - {"title", "sections"})
        if unknown:
            raise LessonError(f"{where}: unknown field {unknown[0]!r} (a chapter has 'title' and 'sections').")
        title = text_of(entry, "title", where).strip()
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
        table_of(entry, where)
        out.append((where, entry))
    return out


