"""A line beside a move on offer that the learner has not been taught: what the move is and what it scores, the
first time that kind of move is offered in a game.

Which rules a move brings in comes from the game, not from a list: the move is applied to the position (states are
immutable, so nothing changes) and the rules its events cite while they name the mover are the move's (a bid and
the trumps it names, a follow-up and the chain it starts, a swap); what the move makes happen to others after that
(a trick won, a deal scored, a turn missed) is not.  A rule is taught once the chapter of the game's lesson that
holds it is: chapter 1 always (it is what a first game and "enough to play" teach), and every chapter whose rules
the named learner has all reached in the lesson (the class's progress store).  With no name, or no store, only
chapter 1 is known.

The line is the untaught rule's title and the first sentence of its text, with the numbers of the table
(``tutor.lesson_figures``).  A kind of move is one untaught rule: its line shows beside the first move that brings
it in, at the first position of the game where such a move is offered to the seat, and again only while that
position is on the screen (a redraw, another card chosen).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Collection, Iterable

from tutor import classroom
from tutor.engine import IllegalMove, State
from tutor.lesson_figures import rule_words
from tutor.lessons import Lesson, load_lesson
from tutor.progress import StoreError
from tutor.widgets.base import esc
from tutor.widgets.play_panels import first_sentence

KNOWN = frozenset({1})  # chapter 1 is enough to play: the chapters taken as taught without a learner's progress
GAMES_REMEMBERED = 64  # games (by set-up and seat) whose first offers are remembered in this kernel

_first_offered: OrderedDict[tuple[Any, int], dict[str, State]] = OrderedDict()


def move_rules(state: State, action: Any, seat: int) -> tuple[str, ...]:
    """The rule ids the game cites for ``action`` by ``seat``: its events' rules, in order, up to the first event
    naming another seat or none ("" rules and an action the rules refuse give nothing)."""
    try:
        after = state.apply(action)
    except (IllegalMove, ValueError):
        return ()
    rules: list[str] = []
    for event in after.events:
        if event.player != seat:
            break
        if event.rule and event.rule not in rules:
            rules.append(event.rule)
    return tuple(rules)


def lesson_of(state: State) -> Lesson | None:
    """The lesson of the game being played (None for a game without one)."""
    try:
        return load_lesson(state.setup.game)
    except (KeyError, OSError, ValueError):
        return None


def learner_chapters(lesson: Lesson) -> frozenset[int]:
    """The chapters the named learner has taught themselves: chapter 1, and each chapter all of whose rules they
    reached in the lesson (chapter 1 alone with no name, no store, or a store that cannot be read)."""
    name = classroom.learner()
    progress = classroom.store() if name else None
    if progress is None:
        return KNOWN
    try:
        reached = progress.reached(name).get(lesson.slug, set())
    except (StoreError, OSError, ValueError):
        return KNOWN
    done = {n for n, chapter in enumerate(lesson.chapters, 1) if all(rule.id in reached for rule in chapter.rules)}
    return KNOWN | frozenset(done)


def untaught(lesson: Lesson, rules: Iterable[str], chapters: Collection[int]) -> str:
    """The first of ``rules`` the lesson teaches in a chapter outside ``chapters`` ("" when all are taught)."""
    for rule in rules:  # every rule a game's events cite is in its lesson (tests/test_lessons.py): a miss is a defect
        if lesson.chapter_of(rule) not in chapters:
            return rule
    return ""


def note_line(lesson: Lesson, rule: str, state: State) -> str:
    """What the line beside the move says: the rule's title and the first sentence of its text, in the table's
    numbers ("Ry made: 150 — The Ry bidder must take no trick at all; …")."""
    title, text = rule_words(lesson, rule, state)
    return f"{title} — {first_sentence(text)}"


def notes_for(state: State, seat: int, moves: Iterable[Any], *, chapters: Collection[int] | None = None) -> dict[str, str]:
    """For the moves offered to ``seat``, the line to show beside each move that needs one: ``str(move)`` → the
    line's HTML.  A kind of move (its untaught rule) has a line beside its first move, at the first position where
    it is offered in this game; ``chapters`` are the chapters known (``None``: the learner's)."""
    lesson = lesson_of(state)
    if lesson is None:
        return {}
    needing: dict[str, str] = {}  # rule -> the first move that brings it in
    for move in moves:
        rule = untaught(lesson, move_rules(state, move, seat), KNOWN)  # only chapter 1 first: no store read
        if rule and rule not in needing:
            needing[rule] = str(move)
    if not needing:
        return {}
    known = learner_chapters(lesson) if chapters is None else frozenset(chapters)
    seen = _seen(state, seat)
    out = {}
    for rule, move in needing.items():
        if lesson.chapter_of(rule) in known:
            continue
        first = seen.setdefault(rule, state)
        if first is state or first == state:
            line = esc(note_line(lesson, rule, state))
            out[move] = f'<span class="gw-movenote" data-rule="{esc(rule)}" title="{line}">{line}</span>'
    return out


def _seen(state: State, seat: int) -> dict[str, State]:
    """The first position at which each kind of move was offered to ``seat`` in this game (by its set-up)."""
    key = (state.setup, seat)
    seen = _first_offered.pop(key, None)
    if seen is None:
        seen = {}
        while len(_first_offered) >= GAMES_REMEMBERED:
            _first_offered.popitem(last=False)
    _first_offered[key] = seen
    return seen


def forget() -> None:
    """Forget every first offer (a fresh kernel's memory)."""
    _first_offered.clear()
