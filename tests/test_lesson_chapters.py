"""Every shipped lesson in short chapters, its checks teaching, nothing used before it is taught.

These are the aims of the lesson format (chapters <= 10 minutes, the lesson <= 30, Pymtheg's <= 40; at most one
check for every two rules, each wrong answer with its own reason; terms and mechanisms never ahead of their rule)
and of the lesson notebooks (the overview, then the lesson one chapter at a time).
Each failure names the lesson, the rule and the term or field.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from pathlib import Path

import pytest

from tutor.games import GAMES, WHERE, lesson_file
from tutor.lessons import CHOICE_KINDS, chapter_minutes, lesson_minutes, load_lesson, parse_lesson

SLUGS = sorted(GAMES)
SHIPPED = sorted(WHERE)  # the games whose notebooks ship with Gwari
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHAPTER_AIM = 10
LESSON_AIM = {"pymtheg": 40}
LESSON_AIM_DEFAULT = 30


def term_pattern(term: str) -> re.Pattern:
    """A term as a whole word, any case, also with -s or -es."""
    return re.compile(rf"(?<!\w){re.escape(term)}(?:s|es)?(?!\w)", re.IGNORECASE)


def rule_texts(rule) -> list[str]:
    """What the learner reads of a rule: title, text and its check's every text."""
    return [rule.title, rule.text, *(rule.check.texts if rule.check is not None else ())]


def terms_used_too_early(lesson) -> list[str]:
    """Each use of a term before the rule that teaches it, as "rule 'id' uses 'term' before 'teacher' teaches it"."""
    order = {rule_id: i for i, rule_id in enumerate(lesson.ids)}
    found = []
    for term, teacher in lesson.terms.items():
        pattern = term_pattern(term)
        for rule in lesson.rules[:order[teacher]]:
            hits = sorted({m.group(0) for text in rule_texts(rule) for m in pattern.finditer(text)})
            if hits:
                found.append(f"{lesson.slug}: rule {rule.id!r} uses the term {term!r} (as {', '.join(hits)}) "
                             f"before {teacher!r} teaches it")
    return found


def scenarios_ahead_of_their_chapter(lesson) -> list[str]:
    """Each engine event in a rule's (or its check's) scenario citing a rule taught in a later chapter."""
    found = []
    taught = set(lesson.ids)
    for rule in lesson.rules:
        here = lesson.chapter_of(rule.id)
        for what, scenario in (("scenario", rule.scenario),
                               ("check's scenario", rule.check.scenario if rule.check else None)):
            if scenario is None:
                continue
            cited = {event.rule for state in scenario.states() for event in state.events} & taught
            for later in sorted(cited, key=lesson.ids.index):
                if lesson.chapter_of(later) > here:
                    found.append(f"{lesson.slug}: rule {rule.id!r} (chapter {here}): its {what} shows "
                                 f"{later!r}, taught in chapter {lesson.chapter_of(later)}")
    return found


# ------------------------------------------------------------------ the shipped lessons


@pytest.mark.parametrize("slug", SLUGS)
def test_every_lesson_is_in_chapters(slug):
    raw = tomllib.loads(lesson_file(slug).read_text(encoding="utf-8"))
    assert raw.get("chapter"), f"{slug}: the lesson file has no [[chapter]]"


@pytest.mark.parametrize("slug", SLUGS)
def test_at_most_one_check_for_every_two_rules(slug):
    lesson = load_lesson(slug)
    checked = [rule.id for rule in lesson.rules if rule.check is not None]
    assert 2 * len(checked) <= len(lesson.rules), (
        f"{slug}: {len(checked)} checks for {len(lesson.rules)} rules (at most {len(lesson.rules) // 2}); "
        f"checks on {checked}")


@pytest.mark.parametrize("slug", SLUGS)
def test_checks_are_of_varied_kinds(slug):
    kinds = {rule.check.kind for rule in load_lesson(slug).rules if rule.check is not None}
    assert len(kinds) >= 2, f"{slug}: every check is a {kinds or 'nothing'!r} check"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_wrong_answer_has_its_own_reason(slug):
    missing = []
    for rule in load_lesson(slug).rules:
        check = rule.check
        if check is None:
            continue
        if check.kind in CHOICE_KINDS:
            for i, choice in enumerate(check.choices):
                if i != check.answer and not (check.why and check.why[i]):
                    missing.append(f"{slug}: rule {rule.id!r}: wrong choice {i} ({choice!r}) has no 'why'")
        elif check.kind == "move":
            legal = {str(a) for a in check.scenario.states()[-1].legal_actions()}
            bare = sorted(legal - set(check.accept) - set(check.why))
            if bare and not check.otherwise:
                missing.append(f"{slug}: rule {rule.id!r}: the legal move {bare[0]!r} has no 'why' "
                               "and there is no 'otherwise'")
        elif not check.why:
            missing.append(f"{slug}: rule {rule.id!r}: the order check has no 'why'")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_chapter_fits_in_ten_minutes_and_the_lesson_in_its_aim(slug):
    lesson = load_lesson(slug)
    over = [f"{slug}: chapter {n} ({chapter.title!r}) takes {chapter_minutes(lesson, n):.1f} min "
            f"(aim {CHAPTER_AIM}); its rules {[r.id for r in chapter.rules]}"
            for n, chapter in enumerate(lesson.chapters, 1) if chapter_minutes(lesson, n) > CHAPTER_AIM]
    aim = LESSON_AIM.get(slug, LESSON_AIM_DEFAULT)
    if lesson_minutes(lesson) > aim:
        over.append(f"{slug}: the lesson takes {lesson_minutes(lesson):.1f} min (aim {aim})")
    assert not over, "\n".join(over)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_lesson_keeps_a_small_list_of_its_terms(slug):
    terms = load_lesson(slug).terms
    assert 8 <= len(terms) <= 20, f"{slug}: {len(terms)} terms in [terms] (aim 8 to 20): {sorted(terms)}"


@pytest.mark.parametrize("slug", SLUGS)
def test_no_term_is_used_before_the_rule_that_teaches_it(slug):
    found = terms_used_too_early(load_lesson(slug))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("slug", SLUGS)
def test_no_scenario_shows_a_rule_of_a_later_chapter(slug):
    found = scenarios_ahead_of_their_chapter(load_lesson(slug))
    assert not found, "\n".join(found)


# ------------------------------------------------------------------ the checks above can fail


def tiny(**extra):
    """Two rules of Gwra Pyskessa in two chapters; the second teaches "set"."""
    rules = [{"id": "pyskessa.ask", "section": "Asking", "title": "Ask", "text": "Ask for a rank you hold."},
             {"id": "pyskessa.set", "section": "Sets", "title": "Sets", "text": "Four of a rank make a set."}]
    data = {"slug": "gwra-pyskessa", "title": "T", "summary": "S", "rule": rules,
            "chapter": [{"title": "The essentials", "sections": ["Asking"]}, {"title": "More", "sections": ["Sets"]}],
            "terms": {"set": "pyskessa.set"}}
    for key, value in extra.items():
        rules[0][key] = value
    return parse_lesson(data, source="tiny.toml")


def test_a_term_used_early_is_named_with_its_rule_even_in_the_plural():
    assert terms_used_too_early(tiny()) == []
    found = terms_used_too_early(tiny(text="Ask, to make SETS."))
    assert found == ["gwra-pyskessa: rule 'pyskessa.ask' uses the term 'set' (as SETS) before 'pyskessa.set' "
                     "teaches it"]
    assert terms_used_too_early(tiny(text="Ask, then settle.")) == []  # a whole word only
    check = {"kind": "choice", "question": "Q?", "choices": ["a", "b"], "answer": 0, "explain": "E",
             "why": ["", "It is not a set."]}
    assert "pyskessa.ask" in terms_used_too_early(tiny(check=check))[0]


def test_a_scenario_showing_a_later_chapters_rule_is_named():
    assert scenarios_ahead_of_their_chapter(tiny(scenario={"players": 2, "seed": 1})) == []
    deal = {"hands": [["7S", "7H", "7D"], ["7C", "2H"]], "stock": ["3S"]}
    found = scenarios_ahead_of_their_chapter(tiny(scenario={"players": 2, "deal": deal, "actions": ["ask 1 for 7"]}))
    assert found and found[0].startswith("gwra-pyskessa: rule 'pyskessa.ask' (chapter 1): its scenario shows "
                                         "'pyskessa.set', taught in chapter 2")


def test_minutes_follow_the_estimate_and_count_the_summary_in_chapter_one():
    from tutor.estimate import minutes, words

    lesson = tiny(scenario={"players": 2, "seed": 1},
                  check={"kind": "choice", "question": "Who?", "choices": ["me", "you"], "answer": 0,
                         "explain": "Me.", "why": ["", "Not you: a long reason that is not counted."]})
    first = minutes(words=words("The essentials", "S", "Ask", "Ask for a rank you hold.", "Who?", "me", "you", "Me."),
                    checks=1, steps=1)
    second = minutes(words=words("More", "Sets", "Four of a rank make a set."))
    assert chapter_minutes(lesson, 1) == pytest.approx(first)
    assert chapter_minutes(lesson, 2) == pytest.approx(second)
    assert lesson_minutes(lesson) == pytest.approx(first + second)


# ------------------------------------------------------------------ the lesson notebooks (spec point 5)


@pytest.mark.parametrize("slug", SHIPPED)
def test_the_lesson_notebook_shows_the_lesson_one_chapter_at_a_time(slug):
    """A title linking the game's other pages, the overview, then the lesson through one reader, one chapter at
    a time (every rule once, in order, under its chapter: tests/test_one_step_pages.py); no stored outputs."""
    path = NOTEBOOKS / f"{slug}-lesson.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    problems = []
    if not cells or cells[0]["cell_type"] != "markdown":
        problems.append("the first cell is not the title (markdown)")
    title = "".join(cells[0]["source"]) if cells else ""
    links = ["index.ipynb", f"{slug}-first-game.ipynb", f"{slug}-play.ipynb"]
    links += [f"{slug}-scoring.ipynb"] if (NOTEBOOKS / f"{slug}-scoring.ipynb").exists() else []
    problems += [f"the title cell does not link to {link}" for link in links if f"({link})" not in title]
    code = [c for c in cells if c["cell_type"] == "code"]
    problems += ["a code cell has stored outputs" for c in code if c.get("outputs")]
    sources = ["".join(c["source"]) for c in code]
    if not sources or f'LessonWidgets("{slug}")' not in sources[0] or "lesson.overview()" not in sources[0]:
        problems.append(f'the first code cell does not make LessonWidgets("{slug}") and show lesson.overview()')
    calls = [f"lesson.{node.func.attr}" for source in sources for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
             and isinstance(node.func.value, ast.Name) and node.func.value.id == "lesson"]
    if calls != ["lesson.overview", "lesson.reader"]:
        problems.append(f"the page calls {calls}, not the overview and then one reader (one chapter at a time)")
    assert not problems, f"{path.name}: " + "; ".join(problems)
