"""What the teacher's page reads from the class's records, as tables: the class at a glance and the checks the
class misses most (pandas frames), the same records to download (CSV links), and each learner's finished chapters.

Pure functions of the records (``tutor.progress.class_records``) and the summaries (``tutor.classroom``); the page
that shows them is ``tutor.widgets.teacher``.
"""

from __future__ import annotations

import csv
import io
from typing import Any
from urllib.parse import quote

import pandas as pd

from tutor import classroom
from tutor.widgets.base import esc

Records = dict[str, list[dict[str, Any]]]
"""The class's records by kind ("learners", "reached", "checks", "games", "answers", "cards"), as read."""


def class_frame(records: Records, summaries: list[classroom.LearnerSummary]) -> pd.DataFrame:
    """The class at a glance, one row per learner."""
    titles = {slug: title for slug, (title, _rules) in classroom.lesson_rules().items()}
    chapters = chapters_finished(records)
    rows = []
    for s in summaries:
        rows.append({
            "Learner": s.learner,
            "First games": len(s.first_games),
            "Lessons finished": len(s.lessons_finished),
            "Chapters finished": sum(len(done) for done in chapters.get(s.learner, {}).values()),
            "Rules reached": s.rules_reached,
            "Checks answered": s.checks_answered,
            "Right first time": round(100 * s.checks_first_time / s.checks_answered) if s.checks_answered else 0,
            "Games played": sum(s.games.values()),
            "Games won": sum(s.wins.values()),
            "Games by game": "; ".join(f"{titles.get(g, g).split(' — ')[0]} {n} ({s.wins[g]} won)"
                                       for g, n in sorted(s.games.items())),
            "Words known": s.words_known,
            "Words due": s.words_due,
            "Last seen": s.last_seen[:10],
        })
    return pd.DataFrame(rows, columns=["Learner", "First games", "Lessons finished", "Chapters finished", "Rules reached",
                                       "Checks answered",
                                       "Right first time", "Games played", "Games won", "Games by game",
                                       "Words known", "Words due", "Last seen"])


def missed_frame(records: Records) -> pd.DataFrame:
    """The checks the class misses most."""
    lessons = classroom.lesson_rules()
    rows = []
    for m in classroom.missed_checks(records):
        title, rules = lessons.get(m.lesson, (m.lesson, []))
        rule = dict(rules).get(m.rule, m.rule)
        rows.append({"Game": title.split(" — ")[0], "Rule": rule, "Question": m.question,
                     "Missed first time": m.missed_first_time, "Of": m.answered,
                     "Wrong answers": m.wrong_answers, "Who": ", ".join(m.learners_missed)})
    return pd.DataFrame(rows, columns=["Game", "Rule", "Question", "Missed first time", "Of", "Wrong answers",
                                       "Who"])


def csv_links(records: Records, class_table: pd.DataFrame) -> str:
    """Download links: the class table, every answer to a check, and every game."""
    table = class_table.to_csv(index=False)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["learner", "game", "rule", "question", "answer", "right", "at"])
    for row in records.get("checks", []):
        writer.writerow([row["learner"], row["lesson"], row["rule"], row["question"], row["answer"],
                         "yes" if row["correct"] else "no", row["at"]])
    games = io.StringIO()
    gw = csv.writer(games)
    gw.writerow(["learner", "game", "deal", "won", "moves", "bots", "at"])
    for row in records.get("games", []):
        gw.writerow([row["learner"], row["game"], row["deal"], "yes" if row["won"] else "no", row["moves"],
                     row["level"], row["at"]])

    def link(text: str, name: str, label: str) -> str:
        return (f'<a class="gw-btn" download="{name}" href="data:text/csv;charset=utf-8,{quote(text)}" '
                f'data-testid="csv-{name}">{esc(label)}</a>')

    return ('<div class="gw-row">' + link(table, "gwari-class.csv", "The class table (CSV)")
            + link(out.getvalue(), "gwari-checks.csv", "Every answer to a check (CSV)")
            + link(games.getvalue(), "gwari-games.csv", "Every game (CSV)") + "</div>")


def chapters_finished(records: Records) -> dict[str, dict[str, list[int]]]:
    """Each learner's finished chapters, by lesson: learner → lesson → chapter numbers (from 1).

    A chapter is finished when every check in it has been answered right (at any try); a chapter without a check,
    when every rule in it has been reached.
    """
    from tutor.games import WHERE  # the lessons Gwari ships
    from tutor.lessons import load_lesson

    right: dict[str, set[tuple[str, str]]] = {}
    for row in records.get("checks", []):
        if row["correct"]:
            right.setdefault(row["learner"], set()).add((row["lesson"], row["rule"]))
    reached: dict[str, set[tuple[str, str]]] = {}
    for row in records.get("reached", []):
        reached.setdefault(row["learner"], set()).add((row["lesson"], row["rule"]))
    out: dict[str, dict[str, list[int]]] = {}
    for name in set(right) | set(reached):
        for slug in sorted(WHERE):
            lesson = load_lesson(slug)
            done = []
            for n, chapter in enumerate(lesson.chapters, 1):
                checked = [rule.id for rule in chapter.rules if rule.check is not None]
                needed, have = (checked, right.get(name, set())) if checked else (
                    [rule.id for rule in chapter.rules], reached.get(name, set()))
                if all((slug, rule_id) in have for rule_id in needed):
                    done.append(n)
            if done:
                out.setdefault(name, {})[slug] = done
    return out


def chapters_line(slug: str, done: list[int]) -> str:
    """The chapters finished, for a learner's detail (" · chapters finished: 2 of 3 (The essentials; Scoring)");
    nothing for a lesson in one chapter."""
    from tutor.lessons import load_lesson

    chapters = load_lesson(slug).chapters
    if len(chapters) < 2:
        return ""
    if not done:
        return f" · no chapter finished of {len(chapters)}"
    titles = "; ".join(esc(chapters[n - 1].title) for n in done)
    return f" · chapters finished: {len(done)} of {len(chapters)} ({titles})"


__all__ = ["Records", "chapters_finished", "chapters_line", "class_frame", "csv_links", "missed_frame"]
