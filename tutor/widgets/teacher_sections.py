"""The sections of the teacher's page, drawn as HTML: the class at a glance, one learner's detail, the checks to
go over again, the class over the days (a chart, its figures in a table for a screen reader), the class deal, and
the tables of classmates.

Each is a function of what it shows (the records, a summary, a store); the page that holds them and acts on the
teacher's clicks is ``tutor.widgets.teacher``.
"""

from __future__ import annotations

from typing import Any, Callable

import pandas as pd

from tutor import classroom
from tutor.widgets.base import button, esc, heading
from tutor.widgets.teacher_records import Records, chapters_finished, chapters_line

CHART_COLOURS = (("Checks right", "#0072B2"), ("Games played", "#D55E00"), ("Drill answers", "#009E73"))
"""Blue, vermilion and bluish green: told apart with any colour vision (Okabe–Ito)."""


def class_table_html(frame: pd.DataFrame) -> str:
    """The class at a glance (``class_frame``) as a table, its columns of progress drawn as bars."""
    styler = (frame.style.hide(axis="index")
              .format(escape="html")
              .format("{}%", subset=["Right first time"])
              .bar(subset=["Right first time"], color="#bfe0bf", vmin=0, vmax=100)
              .bar(subset=["Lessons finished"], color="#c9dcf0", vmin=0, vmax=len(classroom.lesson_rules()))
              .set_table_attributes('class="gw-classtable" data-testid="class-table"'))
    return f'<div class="gw-scorebox" tabindex="0" role="region" aria-label="the class">{styler.to_html()}</div>'


def detail_html(h: int, summary: classroom.LearnerSummary, records: Records,
                asked: tuple[str, str] | None = None) -> str:
    """One learner's detail: their lessons (rules reached, chapters finished), the checks they missed the first
    time, their games, and the buttons to reset or delete their records (``asked``: what waits to be confirmed,
    "reset" or "delete", and the question asked)."""
    name = summary.learner
    lessons = classroom.lesson_rules()
    reached: dict[str, set[str]] = {}
    for row in records["reached"]:
        if row["learner"] == name:
            reached.setdefault(row["lesson"], set()).add(row["rule"])
    finished = chapters_finished(records).get(name, {})
    answered = {row["lesson"] for row in records["checks"] if row["learner"] == name}
    lesson_lines = "".join(
        f"<li>{esc(title)}: {len(reached.get(slug, set()) & {r for r, _ in rules})} of {len(rules)} rules"
        f"{' — finished' if slug in summary.lessons_finished else ''}"
        f"{chapters_line(slug, finished.get(slug, []))}</li>"
        for slug, (title, rules) in lessons.items() if reached.get(slug) or slug in answered)
    missed = []
    for (learner, lesson, rule), row in classroom.first_answers(records["checks"]).items():
        if learner != name or row["correct"]:
            continue
        later = any(r["correct"] for r in records["checks"]
                    if (r["learner"], r["lesson"], r["rule"]) == (learner, lesson, rule))
        title = dict(lessons.get(lesson, ("", []))[1]).get(rule, rule)
        missed.append(f'<li><strong>{esc(title)}</strong> — “{esc(row["question"])}” answered '
                      f'“{esc(row["answer"])}”{" (right later)" if later else ""}</li>')
    games = "".join(f"<li>{esc(lessons.get(row['game'], (row['game'], []))[0].split(' — ')[0])}, deal {esc(row['deal'])}: {'won' if row['won'] else 'lost'} in "
                    f"{row['moves']} moves ({esc(row['at'][:10])})</li>"
                    for row in records["games"] if row["learner"] == name)
    confirm = ""
    if asked is not None:
        confirm = (f'<div class="gw-error" role="alert" data-testid="confirm"><p>{esc(asked[1])}</p>'
                   '<div class="gw-row">' + button("Yes, " + asked[0], "confirm", key="confirm")
                   + button("Cancel", "cancel", key="cancel", focus=True) + "</div></div>")
    since = next((r["since"][:10] for r in records["learners"] if r["learner"] == name), "")
    return (f'<section class="gw-panel" data-testid="detail">{heading(h, name)}'
            f"<p>First seen {esc(since)} · last seen {esc(summary.last_seen[:10])} · drill: {summary.words_known} words known, "
            f"{summary.words_due} due</p>"
            f"{heading(h + 1, 'Lessons')}{f'<ul>{lesson_lines}</ul>' if lesson_lines else '<p>No lesson yet.</p>'}"
            f"{heading(h + 1, 'Checks missed the first time')}"
            f"{f'<ul>{chr(10).join(missed)}</ul>' if missed else '<p>None missed.</p>'}"
            f"{heading(h + 1, 'Games')}{f'<ul>{games}</ul>' if games else '<p>No game finished yet.</p>'}"
            '<div class="gw-row">' + button(f"Reset {name}’s records…", "ask", "reset", key="ask-reset")
            + button(f"Delete {name}…", "ask", "delete", key="ask-delete") + button("Close", "hide", key="hide")
            + f"</div>{confirm}</section>")


def question(what: str, name: str) -> str:
    """What the page asks before it resets or deletes a learner's records."""
    if what == "reset":
        return f"Clear everything {name} did (lessons, games, drill)? The name stays on the list. This cannot be undone."
    return f"Delete {name} and everything they did? This cannot be undone."


def missed_html(h: int, frame: pd.DataFrame) -> str:
    """The checks the class misses most (``missed_frame``), or that none has been missed."""
    if frame.empty:
        return f"<section>{heading(h, 'Rules to go over again')}<p>No check has been missed yet.</p></section>"
    styler = (frame.style.hide(axis="index").format(escape="html")
              .bar(subset=["Missed first time"], color="#f3c6a5", vmin=0)
              .set_table_attributes('class="gw-classtable" data-testid="missed-table"'))
    return (f"<section>{heading(h, 'Rules to go over again')}<p>The checks the class missed most on the first "
            f"try:</p><div class=\"gw-scorebox\" tabindex=\"0\" role=\"region\" aria-label=\"checks missed\">"
            f"{styler.to_html()}</div></section>")


def days_html(h: int, records: Records) -> str:
    """The class's work day by day, as a chart."""
    days = classroom.activity_by_day(records)
    title = heading(h, "The class over the days")
    if not days:
        return f"<section>{title}<p>Nothing done yet.</p></section>"
    return f"<section>{title}{activity_chart(days)}</section>"


def deal_html(h: int, current: str) -> str:
    """The class deal kept (``current``, as the store keeps it), whether a play app can offer it, and setting,
    making up or clearing it."""
    deal, problem = classroom.read_class_deal(current)
    if deal is not None:
        now = f"Today’s class deal: <strong data-testid='class-deal'>{esc(current)}</strong>."
    else:  # kept by an earlier release, which took any deal code
        now = (f"The class deal kept, {esc(current)}, cannot be used ({esc(problem)}); no play app offers it. Set "
               "another or clear it." if current else "No class deal is set.")
    return (f"<section>{heading(h, 'The class deal')}<p>Give everyone the same cards: every play app offers "
            f"this deal as “The class deal”: its number of players where the game allows them, and its deal number. "
            f"{now}</p>"
            '<div class="gw-row"><label for="gw-class-deal">Deal code</label><input type="text" id="gw-class-deal" '
            'data-gw-input="deal" data-gw-submit="deal" data-key="deal" class="gw-num" placeholder="4-2611">'
            + button("Set", "deal", key="set-deal") + button("Make one up", "newdeal", key="newdeal")
            + (button("Clear", "nodeal", key="nodeal") if current else "") + "</div></section>")


def tables_html(h: int, tables: Callable[[], list[dict[str, Any]]]) -> str:
    """Every table of the class (``tables()``: their rows, as ``tutor.tables.class_tables`` gives them) with its
    progress (no card of any hand), and opening tables for the class; tables that cannot be reached are said so, and
    a table closed because its record is damaged says why."""
    from tutor.games import GAMES, WHERE

    try:
        rows = tables()
    except (ValueError, OSError) as exc:
        return (f"<section>{heading(h, 'Tables of classmates')}<p class='gw-error'>The class's tables cannot be "
                f"reached: {esc(str(exc))}</p></section>")
    lines = []
    for row in rows:
        if row["status"] == "closed" and not row.get("damaged"):
            continue
        seats = ", ".join(esc(n or "free") + (" (bot)" if i in row["bots"] else "")
                          for i, n in enumerate(row["names"]))
        if row["status"] == "closed":  # closed because its record is damaged: the sentence says where
            state, act = f"closed: {esc(row['damaged'])}", ""
        elif row["status"] == "open":
            state, act = "waiting to start", button("Start", "starttable", row["code"], key=f"start-{row['code']}")
        elif row["status"] == "playing":
            state, act = f"{row['moves']} moves, {esc(row['turn'] or '')} to play", ""
        else:
            winners = ", ".join(esc(row["names"][w]) for w in row["winners"] or [])
            state, act = f"over: {winners} won", ""
        lines.append(f"<tr><td><code>{row['code']}</code></td><td>{esc(row['title'])}</td><td>{seats}</td>"
                     f"<td>{state}</td><td>{act}"
                     + (button("Close", "closetable", row["code"], key=f"close-{row['code']}")
                        if row["status"] != "closed" else "") + "</td></tr>")
    table = ('<table class="gw-classtable" data-testid="tables"><thead><tr><th>Code</th><th>Game</th>'
             "<th>Seats</th><th>Now</th><th></th></tr></thead><tbody>" + "".join(lines) + "</tbody></table>"
             if lines else "<p>No table is open.</p>")
    games = "".join(f'<option value="{slug}">{esc(GAMES[slug].title)}</option>' for slug in sorted(WHERE))
    sizes = "".join(f'<option value="{n}"{" selected" if n == 4 else ""}>tables of {n}</option>'
                    for n in range(2, 9))
    return (f"<section>{heading(h, 'Tables of classmates')}<p>Seat the class at tables of one game: the "
            "learners on the list, in order; bots take the seats left at the last table. Nobody’s cards are "
            f"shown here.</p>{table}"
            '<div class="gw-row"><select data-gw-input="tablegame" aria-label="game" data-key="tablegame">'
            f'{games}</select><select data-gw-input="tablesize" aria-label="players at a table" '
            f'data-key="tablesize">{sizes}</select>'
            + button("Open tables for the class", "filltables", key="filltables") + "</div></section>")


def activity_chart(days: list[tuple[str, int, int, int, int]], *, width: int = 640, height: int = 180) -> str:
    """Bars per day for checks right, games played and drill answers, learners active written above; the
    figures again in a table for a screen reader."""
    left, bottom, top = 40, 40, 24
    most = max(max(d[2:]) for d in days) or 1
    slot = (width - left - 10) / max(len(days), 1)
    bar = min(22.0, slot / 4)
    bars, labels = [], []
    for i, (day, active, *counts) in enumerate(days):
        x0 = left + i * slot + (slot - 3 * bar) / 2
        for j, count in enumerate(counts):
            tall = (height - bottom - top) * count / most
            bars.append(f'<rect x="{x0 + j * bar:.1f}" y="{height - bottom - tall:.1f}" width="{bar - 2:.1f}" '
                        f'height="{tall:.1f}" fill="{CHART_COLOURS[j][1]}"><title>{esc(day)}: {count} '
                        f"{esc(CHART_COLOURS[j][0].lower())}</title></rect>")
        mid = left + i * slot + slot / 2
        labels.append(f'<text x="{mid:.1f}" y="{height - bottom + 16}" text-anchor="middle" font-size="11">'
                      f"{esc(day[5:])}</text><text x=\"{mid:.1f}\" y=\"{height - bottom + 30}\" text-anchor=\"middle\" "
                      f'font-size="10" fill="#444">{active} active</text>')
    axis = (f'<line x1="{left}" y1="{height - bottom}" x2="{width - 5}" y2="{height - bottom}" stroke="#333"/>'
            f'<text x="{left - 6}" y="{top + 4}" text-anchor="end" font-size="10">{most}</text>'
            f'<text x="{left - 6}" y="{height - bottom}" text-anchor="end" font-size="10">0</text>')
    legend = "".join(f'<span class="gw-small"><span aria-hidden="true" style="display:inline-block;width:12px;'
                     f'height:12px;background:{colour};margin:0 4px 0 10px;vertical-align:middle"></span>{esc(name)}'
                     "</span>" for name, colour in CHART_COLOURS)
    rows = "".join(f"<tr><th scope=\"row\">{esc(d)}</th><td>{a}</td><td>{c}</td><td>{g}</td><td>{r}</td></tr>"
                   for d, a, c, g, r in days)
    total = sum(d[1] for d in days)
    return (f'<figure class="gw-chart"><svg viewBox="0 0 {width} {height}" width="100%" role="img" '
            f'aria-label="The class over {len(days)} days: {total} learner-days of work; the figures are in the '
            f'table below">{axis}{"".join(bars)}{"".join(labels)}</svg><figcaption>{legend}</figcaption></figure>'
            '<details><summary class="gw-small">The figures</summary><table class="gw-classtable"><thead><tr>'
            '<th scope="col">Day</th><th scope="col">Learners active</th><th scope="col">Checks right</th>'
            f'<th scope="col">Games played</th><th scope="col">Drill answers</th></tr></thead><tbody>{rows}</tbody>'
            "</table></details>")


__all__ = ["CHART_COLOURS", "activity_chart", "class_table_html", "days_html", "deal_html", "detail_html",
           "missed_html", "question", "tables_html"]
