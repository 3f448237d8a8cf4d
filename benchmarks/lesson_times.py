"""How long each game's lesson takes a learner, by the one estimate (``tutor.estimate``), against its aims.

``.venv/bin/python benchmarks/lesson_times.py [slug ...]``.  For each game: its rules and checks (aim: two
rules or more a check), each chapter's minutes (aim: 10 or less, the first being the essentials) and the
lesson's (aim: 30 or less, Pymtheg's 40), from ``tutor.lessons.chapter_minutes`` and ``lesson_minutes`` as the
gallery and the lesson show them (there rounded up to whole minutes).  A lesson not yet in chapters counts as
one chapter; one that does not load is named with its error.  Prints a Markdown table.
"""

from __future__ import annotations

import argparse

from tutor.games import GAMES
from tutor.lessons import LessonError, chapter_minutes, lesson_minutes, load_lesson

CHAPTER_AIM = 10
LESSON_AIMS = {"pymtheg": 40}
LESSON_AIM = 30


def row(slug: str) -> str:
    """One game's line of the table."""
    try:
        lesson = load_lesson(slug)
    except LessonError as exc:
        return f"| {slug} | — | — | the lesson does not load: {exc} | — | — |"
    checks = sum(rule.check is not None for rule in lesson.rules)
    chapters = [chapter_minutes(lesson, n) for n in range(1, len(lesson.chapters) + 1)]
    total = lesson_minutes(lesson)
    aim = LESSON_AIMS.get(slug, LESSON_AIM)
    misses = []
    if 2 * checks > len(lesson.rules):
        misses.append("checks")
    misses += [f"ch. {n}" for n, m in enumerate(chapters, 1) if m > CHAPTER_AIM]
    if total > aim:
        misses.append(f"lesson > {aim}")
    each = " · ".join(f"{m:.1f}" for m in chapters)
    return (f"| {slug} | {len(lesson.rules)} | {checks} | {each} | {total:.1f} | "
            f"{'yes' if not misses else 'no: ' + ', '.join(misses)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slugs", nargs="*", help="games (default: every game)")
    args = parser.parse_args()
    unknown = [s for s in args.slugs if s not in GAMES]
    if unknown:
        parser.error(f"no game {unknown[0]!r}; the games are {', '.join(GAMES)}")
    print("| game | rules | checks | each chapter (min) | lesson (min) | within the aims |")
    print("|---|---:|---:|---|---:|---|")
    for slug in args.slugs or list(GAMES):
        print(row(slug))


if __name__ == "__main__":
    main()
