"""The teacher's class view: what each learner did, at a glance (served by Voilà; needs pandas and the store).

The page opens only with the class key (``tutor.classroom.class_key``); without
a key set it says how to set one and shows nothing.  Wrong keys are slowed down
for the whole server (``tutor.classroom.try_key``): after a few, every try waits,
longer after each wrong key, and the page says so; opening it says how many wrong
keys were tried since it was last opened.  Once open: one row per
learner (with the lessons' chapters finished: every check of a chapter answered
right), a learner's detail (the checks they missed, with the question and the
answer given), the checks the class misses most, the class's activity over the
days, the class deal for today, export to CSV, and reset or delete of one
learner's records, each asked again before it is done.
"""

from __future__ import annotations

import csv
import io
import random
from datetime import datetime, timezone
from typing import Any
from urllib.parse import quote

import pandas as pd

from tutor import classroom
from tutor.progress import Progress, StoreError, class_records
from tutor.deal_code import parse_class_deal
from tutor.widgets.base import GwariWidget, button, esc, heading

CHART_COLOURS = (("Checks right", "#0072B2"), ("Games played", "#D55E00"), ("Drill answers", "#009E73"))
"""Blue, vermilion and bluish green: told apart with any colour vision (Okabe–Ito)."""


class TeacherView(GwariWidget):
    """The class view behind the class key."""

    accepts = ("key", "lock", "refresh", "show", "hide", "ask", "confirm", "cancel", "deal", "newdeal", "nodeal",
               "import", "filltables", "starttable", "closetable")

    def __init__(self, *, progress: Progress | None = None, now: datetime | None = None, level: int = 2) -> None:
        super().__init__()
        self.level = level
        self._progress = progress
        self.now = now
        self.unlocked = False
        self.message = ""
        self.trouble = False  # whether the message says something went wrong
        self.chosen = ""
        self.pending: tuple[str, str] | None = None
        self.records: dict[str, list[dict[str, Any]]] = {}
        self.refresh()

    def handle(self, kind: Any, value: Any = None, inputs: dict | None = None) -> bool:
        """As every widget, and the last message is cleared by the next thing the teacher does."""
        if kind in self.accepts:
            self.message, self.trouble = "", False
        return super().handle(kind, value, inputs)

    # ------------------------------------------------------------ the store and the key

    @property
    def progress(self) -> Progress | None:
        """The class's store (None when it cannot be opened)."""
        return self._progress if self._progress is not None else classroom.store()

    def _key(self) -> str:
        return classroom.class_key(self.progress)

    def _open(self) -> Progress:
        if not self.unlocked:
            raise ValueError("The class view is locked: type the class key first.")
        progress = self.progress
        if progress is None:
            raise ValueError(f"The class's records cannot be read: {classroom.store_problem()}")
        return progress

    def on_key(self, value: Any, inputs: dict) -> None:
        """The teacher typed the class key."""
        typed = value if value not in (None, "") else inputs.get("key", "")
        try:
            wrong = classroom.try_key(typed, self.progress)
        except ValueError as exc:
            self.message = str(exc).removeprefix("class key: ") if self._key() else ""
            self.announce(self.message or "No class key is set.")
            self.refresh()
            raise
        self.unlocked = True
        self._load()
        if wrong and not self.message:
            self.message, self.trouble = classroom.wrong_keys_words(wrong), True
        self.announce(" ".join(filter(None, (f"The class view is open: {len(self.records['learners'])} learners.",
                                             self.message))))
        self.refresh()

    def on_lock(self, _value: Any, _inputs: dict) -> None:
        """Close the view (before leaving the computer)."""
        self.unlocked, self.chosen, self.pending, self.records = False, "", None, {}
        self.announce("The class view is locked.")
        self.refresh()

    def on_refresh(self, _value: Any, _inputs: dict) -> None:
        """Read the records again."""
        self._open()
        self._load()
        self.announce("Brought up to date.")
        self.refresh()

    def _load(self) -> None:
        progress = self._open()
        try:
            self.records = class_records(progress)
        except StoreError as exc:
            self.records = {k: [] for k in ("learners", "reached", "checks", "games", "answers", "cards")}
            self.message = f"The class's records could not be read ({exc})."
            self.trouble = True

    # ------------------------------------------------------------ one learner

    def on_show(self, value: Any, _inputs: dict) -> None:
        """Show one learner's detail."""
        self._open()
        name = str(value)
        if name not in self.names:
            raise ValueError(f"No learner called {name!r}.")
        self.chosen, self.pending = name, None
        self.announce(f"{name}: detail below the table.")
        self.refresh()

    def on_hide(self, _value: Any, _inputs: dict) -> None:
        """Close the learner's detail."""
        self.chosen, self.pending = "", None
        self.refresh()

    def on_ask(self, value: Any, _inputs: dict) -> None:
        """Reset or delete the chosen learner's records: asks first."""
        self._open()
        if value not in ("reset", "delete") or not self.chosen:
            raise ValueError("Choose a learner, then reset or delete.")
        self.pending = (str(value), self.chosen)
        self.announce(self._question())
        self.refresh()

    def on_confirm(self, _value: Any, _inputs: dict) -> None:
        """Do what was asked and confirmed."""
        progress = self._open()
        if self.pending is None:
            raise ValueError("Nothing is waiting to be confirmed.")
        what, name = self.pending
        (progress.reset if what == "reset" else progress.delete)(name)
        self.pending = None
        self.message = (f"{name}'s records were cleared; the name stays on the list." if what == "reset"
                        else f"{name} and all their records were deleted.")
        if what == "delete":
            self.chosen = ""
        self._load()
        self.announce(self.message)
        self.refresh()

    def on_cancel(self, _value: Any, _inputs: dict) -> None:
        """Do nothing after all."""
        self.pending = None
        self.announce("Nothing was changed.")
        self.refresh()

    def on_import(self, value: Any, _inputs: dict) -> None:
        """Merge records a learner saved to a file (from Gwari with no server, or another machine)."""
        progress = self._open()
        try:
            if not isinstance(value, str) or not value:
                raise ValueError("That file is empty or too big (at most 5 MB).")
            names = progress.import_json(value)
        except ValueError as exc:
            self.message = f"That file could not be read: {str(exc).removeprefix('progress JSON: ')}"
            self.trouble = True
            self.announce(self.message)
            self.refresh()
            raise
        self._load()
        self.message = f"Merged the records of {', '.join(names) or 'nobody'}; nothing was counted twice."
        self.announce(self.message)
        self.refresh()

    # ------------------------------------------------------------ the class deal

    def on_deal(self, value: Any, inputs: dict) -> None:
        """Set the class deal for today from a deal code."""
        progress = self._open()
        code = value if value not in (None, "") else inputs.get("deal", "")
        try:
            if code in (None, ""):
                raise ValueError("Type a deal code first: the number of players and the deal's number, like 4-2611.")
            code = classroom.set_class_deal(code, progress)
        except ValueError as exc:
            self.message = f"{exc} Every play app shows its deal code: its first two numbers make a class deal."
            self.trouble = True
            self.announce(self.message)
            self.refresh()
            raise
        self.message = f"The class deal is now {code}: every play app offers it as “The class deal”."
        self.announce(self.message)
        self.refresh()

    def on_newdeal(self, _value: Any, _inputs: dict) -> None:
        """Make up a class deal (four players where the game allows it)."""
        self.on_deal(f"4-{random.SystemRandom().randrange(10_000)}", {})

    def on_nodeal(self, _value: Any, _inputs: dict) -> None:
        """No class deal any more."""
        classroom.set_class_deal("", self._open())
        self.message = "The class deal is cleared."
        self.announce(self.message)
        self.refresh()

    # ------------------------------------------------------------ tables of classmates

    def _tables(self) -> Any:
        from tutor.tables import tables_store

        return tables_store()

    def on_filltables(self, _value: Any, inputs: dict) -> None:
        """Open tables of a game for the class in one go: the learners on the list, in order, in tables of the size
        chosen (the last table's empty seats are played by bots); the teacher starts each table."""
        from tutor.games import get_game
        from tutor.tables import TableError, fill_tables

        self._open()
        try:
            game = get_game(str(inputs.get("tablegame", "")))
            size = int(str(inputs.get("tablesize", game.default_players)))
            if not self.names:
                raise TableError("No learner has given their name yet: there is nobody to seat.")
            codes = fill_tables(self._tables(), game.slug, self.names, size)
        except (KeyError, ValueError) as exc:  # TableError and IllegalMove are ValueErrors
            self.message, self.trouble = f"The tables could not be opened: {getattr(exc, 'reason', exc)}", True
        else:
            self.message = (f"Opened {len(codes)} table{'' if len(codes) == 1 else 's'} of {game.title}: "
                            f"{', '.join(codes)}. Each learner finds their table under Play with classmates in the "
                            f"{game.title} play app; press Start when they are seated.")
        self.announce(self.message)
        self.refresh()

    def _table_action(self, code: Any, action: str) -> None:
        from tutor.tables import Table, TableError

        self._open()
        try:
            table = Table(self._tables(), str(code))
            getattr(table, action)()
            self.message = f"Table {table.code} {'has started' if action == 'start' else 'is closed'}."
        except ValueError as exc:  # TableError is a ValueError
            self.message, self.trouble = str(exc), True
        self.announce(self.message)
        self.refresh()

    def on_starttable(self, value: Any, _inputs: dict) -> None:
        """Start a class table: the seats nobody took are played by bots."""
        self._table_action(value, "start")

    def on_closetable(self, value: Any, _inputs: dict) -> None:
        """Close a table: no more moves there."""
        self._table_action(value, "close")

    def _tables_html(self, h: int) -> str:
        """Every table's progress (no card of any hand), and opening tables for the class."""
        from tutor.games import GAMES
        from tutor.tables import class_tables

        try:
            rows = class_tables(self._tables())
        except (ValueError, OSError) as exc:
            return (f"<section>{heading(h, 'Tables of classmates')}<p class='gw-error'>The class's tables cannot be "
                    f"reached: {esc(str(exc))}</p></section>")
        lines = []
        for row in rows:
            if row["status"] == "closed":
                continue
            seats = ", ".join(esc(n or "free") + (" (bot)" if i in row["bots"] else "")
                              for i, n in enumerate(row["names"]))
            if row["status"] == "open":
                state, act = "waiting to start", button("Start", "starttable", row["code"], key=f"start-{row['code']}")
            elif row["status"] == "playing":
                state, act = f"{row['moves']} moves, {esc(row['turn'] or '')} to play", ""
            else:
                winners = ", ".join(esc(row["names"][w]) for w in row["winners"] or [])
                state, act = f"over: {winners} won", ""
            lines.append(f"<tr><td><code>{row['code']}</code></td><td>{esc(row['title'])}</td><td>{seats}</td>"
                         f"<td>{state}</td><td>{act}"
                         + button("Close", "closetable", row["code"], key=f"close-{row['code']}") + "</td></tr>")
        table = ('<table class="gw-classtable" data-testid="tables"><thead><tr><th>Code</th><th>Game</th>'
                 "<th>Seats</th><th>Now</th><th></th></tr></thead><tbody>" + "".join(lines) + "</tbody></table>"
                 if lines else "<p>No table is open.</p>")
        games = "".join(f'<option value="{slug}">{esc(game.title)}</option>' for slug, game in sorted(GAMES.items()))
        sizes = "".join(f'<option value="{n}"{" selected" if n == 4 else ""}>tables of {n}</option>'
                        for n in range(2, 9))
        return (f"<section>{heading(h, 'Tables of classmates')}<p>Seat the class at tables of one game: the "
                "learners on the list, in order; bots take the seats left at the last table. Nobody’s cards are "
                f"shown here.</p>{table}"
                '<div class="gw-row"><select data-gw-input="tablegame" aria-label="game" data-key="tablegame">'
                f'{games}</select><select data-gw-input="tablesize" aria-label="players at a table" '
                f'data-key="tablesize">{sizes}</select>'
                + button("Open tables for the class", "filltables", key="filltables") + "</div></section>")

    # ------------------------------------------------------------ what is shown

    @property
    def names(self) -> list[str]:
        """The learners on the list."""
        return [row.learner for row in self.summaries]

    @property
    def summaries(self) -> list[classroom.LearnerSummary]:
        """One summary per learner."""
        return classroom.summarise_class(self.records, self._now()) if self.records else []

    def _now(self) -> datetime:
        return self.now or datetime.now(timezone.utc)

    def class_frame(self) -> pd.DataFrame:
        """The class at a glance, one row per learner."""
        titles = {slug: title for slug, (title, _rules) in classroom.lesson_rules().items()}
        chapters = chapters_finished(self.records)
        rows = []
        for s in self.summaries:
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

    def missed_frame(self) -> pd.DataFrame:
        """The checks the class misses most."""
        lessons = classroom.lesson_rules()
        rows = []
        for m in classroom.missed_checks(self.records):
            title, rules = lessons.get(m.lesson, (m.lesson, []))
            rule = dict(rules).get(m.rule, m.rule)
            rows.append({"Game": title.split(" — ")[0], "Rule": rule, "Question": m.question,
                         "Missed first time": m.missed_first_time, "Of": m.answered,
                         "Wrong answers": m.wrong_answers, "Who": ", ".join(m.learners_missed)})
        return pd.DataFrame(rows, columns=["Game", "Rule", "Question", "Missed first time", "Of", "Wrong answers",
                                           "Who"])

    def csv_links(self) -> str:
        """Download links: the class table, and every answer to a check."""
        table = self.class_frame().to_csv(index=False)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["learner", "game", "rule", "question", "answer", "right", "at"])
        for row in self.records.get("checks", []):
            writer.writerow([row["learner"], row["lesson"], row["rule"], row["question"], row["answer"],
                             "yes" if row["correct"] else "no", row["at"]])
        games = io.StringIO()
        gw = csv.writer(games)
        gw.writerow(["learner", "game", "deal", "won", "moves", "bots", "at"])
        for row in self.records.get("games", []):
            gw.writerow([row["learner"], row["game"], row["deal"], "yes" if row["won"] else "no", row["moves"],
                         row["level"], row["at"]])

        def link(text: str, name: str, label: str) -> str:
            return (f'<a class="gw-btn" download="{name}" href="data:text/csv;charset=utf-8,{quote(text)}" '
                    f'data-testid="csv-{name}">{esc(label)}</a>')

        return ('<div class="gw-row">' + link(table, "gwari-class.csv", "The class table (CSV)")
                + link(out.getvalue(), "gwari-checks.csv", "Every answer to a check (CSV)")
                + link(games.getvalue(), "gwari-games.csv", "Every game (CSV)") + "</div>")

    def render(self) -> str:
        """Closed (how to open it), locked (the key box), or the class."""
        h = self.level
        key = self._key()
        title = "The class view is closed" if not key else "Open the class view" if not self.unlocked else "The class"
        parts = ['<div class="gw-panel gw-teacher">', heading(h, title)]
        if not key:
            where = classroom.key_file(self.progress)
            parts.append(
                '<div class="gw-error" data-testid="no-key"><p><strong>This page is closed: no class key is set on '
                "this server, so it shows nothing.</strong></p><p>To open it, choose a key and write it on the first "
                f"line of the file <code>{esc(where)}</code>, then reload this page; or start the server with the "
                "key, as the classroom section of the README shows.</p></div></div>")
            return "".join(parts)
        if not self.unlocked:
            message = f'<p class="gw-error" data-gw-reveal data-testid="wrong-key">{esc(self.message)}</p>' \
                if self.message else ""
            parts.append('<p>Type the class key to see what your learners did.</p><div class="gw-row">'
                         '<label for="gw-class-key">Class key</label><input type="password" id="gw-class-key" '
                         'data-gw-input="key" data-gw-submit="key" data-key="key" autocomplete="off" data-gw-focus>'
                         + button("Open", "key", primary=True, key="open") + f"</div>{message}</div>")
            return "".join(parts)
        return "".join(parts) + self._class_html() + "</div>"

    def _class_html(self) -> str:
        h = self.level + 1
        summaries = self.summaries
        out = ['<div class="gw-row">' + button("Bring up to date", "refresh", key="refresh")
               + button("Lock", "lock", key="lock", title="Close this view before you leave the computer")
               + f'<span class="gw-small">{len(summaries)} learner{"" if len(summaries) == 1 else "s"} · records in '
               f'{esc(self.progress.path)}</span></div>'
               if self.progress is not None else ""]
        if self.message:
            out.append(f'<p class="{"gw-error" if self.trouble else "gw-good"}" data-gw-reveal '
                       f'data-testid="teacher-message">{esc(self.message)}</p>')

        out.append(f'<section>{heading(h, "The class at a glance")}')
        if not summaries:
            out.append('<p data-testid="empty-class">No learner has given their name yet. Each learner types their '
                       "name once, in any lesson, game or drill; what they do from then on shows here.</p></section>")
        else:
            out.append(self._table_html())
            out.append('<div class="gw-row" role="group" aria-label="show one learner">'
                       '<span class="gw-small">A learner’s detail:</span>'
                       + "".join(button(s.learner, "show", s.learner, group="learners", key=f"show-{s.learner}",
                                        pressed=s.learner == self.chosen) for s in summaries) + "</div></section>")
            if self.chosen:
                out.append(self._detail_html(h))
        out.append(self._missed_html(h))
        out.append(self._days_html(h))
        out.append(self._deal_html(h))
        out.append(self._tables_html(h))
        out.append(f"<section>{heading(h, 'Export, import and print')}{self.csv_links()}"
                   '<p><label for="gw-import">Records a learner saved to a file (from Gwari without a server, or '
                   'another machine):</label> <input type="file" id="gw-import" accept=".json,application/json" '
                   'data-gw="import" data-key="import"></p>'
                   '<p><a href="rule-sheets.ipynb">Rule sheets to print</a>: one page per game, cards drawn.</p>'
                   "</section>")
        return "".join(out)

    def _table_html(self) -> str:
        frame = self.class_frame()
        styler = (frame.style.hide(axis="index")
                  .format(escape="html")
                  .format("{}%", subset=["Right first time"])
                  .bar(subset=["Right first time"], color="#bfe0bf", vmin=0, vmax=100)
                  .bar(subset=["Lessons finished"], color="#c9dcf0", vmin=0, vmax=len(classroom.lesson_rules()))
                  .set_table_attributes('class="gw-classtable" data-testid="class-table"'))
        return f'<div class="gw-scorebox" tabindex="0" role="region" aria-label="the class">{styler.to_html()}</div>'

    def _detail_html(self, h: int) -> str:
        name = self.chosen
        summary = next((s for s in self.summaries if s.learner == name), None)
        if summary is None:
            return ""
        lessons = classroom.lesson_rules()
        reached: dict[str, set[str]] = {}
        for row in self.records["reached"]:
            if row["learner"] == name:
                reached.setdefault(row["lesson"], set()).add(row["rule"])
        finished = chapters_finished(self.records).get(name, {})
        answered = {row["lesson"] for row in self.records["checks"] if row["learner"] == name}
        lesson_lines = "".join(
            f"<li>{esc(title)}: {len(reached.get(slug, set()) & {r for r, _ in rules})} of {len(rules)} rules"
            f"{' — finished' if slug in summary.lessons_finished else ''}"
            f"{chapters_line(slug, finished.get(slug, []))}</li>"
            for slug, (title, rules) in lessons.items() if reached.get(slug) or slug in answered)
        missed = []
        for (learner, lesson, rule), row in classroom.first_answers(self.records["checks"]).items():
            if learner != name or row["correct"]:
                continue
            later = any(r["correct"] for r in self.records["checks"]
                        if (r["learner"], r["lesson"], r["rule"]) == (learner, lesson, rule))
            title = dict(lessons.get(lesson, ("", []))[1]).get(rule, rule)
            missed.append(f'<li><strong>{esc(title)}</strong> — “{esc(row["question"])}” answered '
                          f'“{esc(row["answer"])}”{" (right later)" if later else ""}</li>')
        games = "".join(f"<li>{esc(lessons.get(row['game'], (row['game'], []))[0].split(' — ')[0])}, deal {esc(row['deal'])}: {'won' if row['won'] else 'lost'} in "
                        f"{row['moves']} moves ({esc(row['at'][:10])})</li>"
                        for row in self.records["games"] if row["learner"] == name)
        confirm = ""
        if self.pending is not None:
            confirm = (f'<div class="gw-error" role="alert" data-testid="confirm"><p>{esc(self._question())}</p>'
                       '<div class="gw-row">' + button("Yes, " + self.pending[0], "confirm", key="confirm")
                       + button("Cancel", "cancel", key="cancel", focus=True) + "</div></div>")
        since = next((r["since"][:10] for r in self.records["learners"] if r["learner"] == name), "")
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

    def _question(self) -> str:
        assert self.pending is not None
        what, name = self.pending
        if what == "reset":
            return f"Clear everything {name} did (lessons, games, drill)? The name stays on the list. This cannot be undone."
        return f"Delete {name} and everything they did? This cannot be undone."

    def _missed_html(self, h: int) -> str:
        frame = self.missed_frame()
        if frame.empty:
            return f"<section>{heading(h, 'Rules to go over again')}<p>No check has been missed yet.</p></section>"
        styler = (frame.style.hide(axis="index").format(escape="html")
                  .bar(subset=["Missed first time"], color="#f3c6a5", vmin=0)
                  .set_table_attributes('class="gw-classtable" data-testid="missed-table"'))
        return (f"<section>{heading(h, 'Rules to go over again')}<p>The checks the class missed most on the first "
                f"try:</p><div class=\"gw-scorebox\" tabindex=\"0\" role=\"region\" aria-label=\"checks missed\">"
                f"{styler.to_html()}</div></section>")

    def _days_html(self, h: int) -> str:
        days = classroom.activity_by_day(self.records)
        title = heading(h, "The class over the days")
        if not days:
            return f"<section>{title}<p>Nothing done yet.</p></section>"
        return f"<section>{title}{activity_chart(days)}</section>"

    def _deal_html(self, h: int) -> str:
        current = self.progress.setting(classroom.CLASS_DEAL) if self.progress is not None else ""
        try:
            parse_class_deal(current)
            now = f"Today’s class deal: <strong data-testid='class-deal'>{esc(current)}</strong>."
        except ValueError as exc:  # kept by an earlier release, which took any deal code
            now = (f"The class deal kept, {esc(current)}, cannot be used ({esc(exc)}); no play app offers it. Set "
                   "another or clear it." if current else "No class deal is set.")
        return (f"<section>{heading(h, 'The class deal')}<p>Give everyone the same cards: every play app offers "
                f"this deal as “The class deal”: its number of players where the game allows them, and its deal number. "
                f"{now}</p>"
                '<div class="gw-row"><label for="gw-class-deal">Deal code</label><input type="text" id="gw-class-deal" '
                'data-gw-input="deal" data-gw-submit="deal" data-key="deal" class="gw-num" placeholder="4-2611">'
                + button("Set", "deal", key="set-deal") + button("Make one up", "newdeal", key="newdeal")
                + (button("Clear", "nodeal", key="nodeal") if current else "") + "</div></section>")


def chapters_finished(records: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, list[int]]]:
    """Each learner's finished chapters, by lesson: learner → lesson → chapter numbers (from 1).

    A chapter is finished when every check in it has been answered right (at any try); a chapter without a check,
    when every rule in it has been reached.
    """
    from tutor.games import GAMES
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
        for slug in sorted(GAMES):
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
