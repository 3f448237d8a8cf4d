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

This module holds the page and what the teacher's clicks do; the tables it reads from the records are
``tutor.widgets.teacher_records`` (with the downloads), and the sections it draws ``tutor.widgets.teacher_sections``.
"""

from __future__ import annotations

import random
from datetime import datetime, timezone
from typing import Any

import pandas as pd

from tutor import classroom
from tutor.progress import Progress, StoreError
from tutor.widgets.base import GwariWidget, button, esc, heading
from tutor.widgets import teacher_hub, teacher_records
from tutor.widgets.teacher_records import chapters_finished
from tutor.widgets.teacher_sections import (activity_chart, class_table_html, days_html, deal_html, detail_html,
                                            missed_html, question, tables_html)
from tutor.widgets.teacher_tournament import TournamentPart


class TeacherWidget(GwariWidget):
    """The class view behind the class key."""

    accepts = ("key", "lock", "refresh", "show", "hide", "ask", "confirm", "cancel", "deal", "newdeal", "nodeal",
               "import", "filltables", "starttable", "closetable", *TournamentPart.kinds)

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
        self.tournament = TournamentPart(self)  # the Tournament section and its buttons
        if teacher_hub.under_service() and teacher_hub.signed_in_teacher():  # the hub's group opens it, no key
            self.unlocked = True
            self._load()
        self.refresh()

    def handle(self, kind: Any, value: Any = None, inputs: dict | None = None) -> bool:
        """As every widget, and the last message is cleared by the next thing the teacher does."""
        if kind in self.accepts and kind != "tick":  # the clock's tick (a tournament's round on) is nobody's doing
            self.message, self.trouble = "", False
        return super().handle(kind, value, inputs)

    def handler(self, kind: str) -> Any:
        """The Tournament section's ``on_<kind>`` for its buttons and the clock, else the page's own."""
        return self.tournament.handles(kind) or super().handler(kind)

    def answers_ticks(self) -> bool:
        return True  # most ticks of a tournament's round change nothing on the page

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
        if teacher_hub.under_service() and not teacher_hub.signed_in_teacher():  # no key opens it for others
            self.refresh()
            raise ValueError(teacher_hub.FOR_TEACHERS)
        try:
            wrong = 0 if teacher_hub.under_service() else classroom.try_key(typed, self.progress)
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
        self.playing = False
        self.announce("The class view is locked.")
        self.refresh()

    def on_refresh(self, _value: Any, _inputs: dict) -> None:
        """Read the records again."""
        self._open()
        self._load()
        self.tournament.load()
        self.announce("Brought up to date.")
        self.refresh()

    def _load(self) -> None:
        progress = self._open()
        try:
            self.records = teacher_hub.read_records(progress)
        except (StoreError, OSError) as exc:  # OSError: the class service could not be asked, or refused
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
        from tutor.tables import TableError

        self._open()
        try:
            game = get_game(str(inputs.get("tablegame", "")))
            size = int(str(inputs.get("tablesize", game.default_players)))
            if not self.names:
                raise TableError("No learner has given their name yet: there is nobody to seat.")
            codes = teacher_hub.fill_tables(self._tables, game.slug, self.names, size)
        except (KeyError, ValueError) as exc:  # TableError and IllegalMove are ValueErrors
            self.message, self.trouble = f"The tables could not be opened: {getattr(exc, 'reason', exc)}", True
        else:
            self.message = (f"Opened {len(codes)} table{'' if len(codes) == 1 else 's'} of {game.title}: "
                            f"{', '.join(codes)}. Each learner finds their table under Play with classmates in the "
                            f"{game.title} play app; press Start when they are seated.")
        self.announce(self.message)
        self.refresh()

    def _table_action(self, code: Any, action: str) -> None:
        self._open()
        try:
            code = teacher_hub.table_action(self._tables, code, action)
            self.message = f"Table {code} {'has started' if action == 'start' else 'is closed'}."
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
        return teacher_records.class_frame(self.records, self.summaries)

    def missed_frame(self) -> pd.DataFrame:
        """The checks the class misses most."""
        return teacher_records.missed_frame(self.records)

    def csv_links(self) -> str:
        """Download links: the class table, every answer to a check, and every game."""
        return teacher_records.csv_links(self.records, self.class_frame())

    def render(self) -> str:
        """Closed (how to open it), locked (the key box), or the class."""
        h = self.level
        if teacher_hub.under_service() and not self.unlocked:
            return teacher_hub.gate_html(h)
        key = teacher_hub.under_service() or self._key()  # under the service the hub group opens it, no key
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
               f'{esc(self.progress.address)}</span></div>'
               if self.progress is not None else ""]
        if self.message:
            out.append(f'<p class="{"gw-error" if self.trouble else "gw-good"}" data-gw-reveal '
                       f'data-testid="teacher-message">{esc(self.message)}</p>')

        out.append(f'<section>{heading(h, "The class at a glance")}')
        if not summaries:
            out.append('<p data-testid="empty-class">No learner has given their name yet. Each learner types their '
                       "name once, in any lesson, game or drill; what they do from then on shows here.</p></section>")
        else:
            out.append(class_table_html(self.class_frame()))
            out.append('<div class="gw-row" role="group" aria-label="show one learner">'
                       '<span class="gw-small">A learner’s detail:</span>'
                       + "".join(button(s.learner, "show", s.learner, group="learners", key=f"show-{s.learner}",
                                        pressed=s.learner == self.chosen) for s in summaries) + "</div></section>")
            chosen = next((s for s in summaries if s.learner == self.chosen), None)
            if chosen is not None:
                asked = None if self.pending is None else (self.pending[0], self._question())
                out.append(detail_html(h, chosen, self.records, asked))
        out.append(missed_html(h, self.missed_frame()))
        out.append(days_html(h, self.records))
        out.append(self._deal_html(h))
        out.append(tables_html(h, lambda: teacher_hub.table_rows(self._tables)))
        out.append(self.tournament.html(h))
        out.append(f"<section>{heading(h, 'Export, import and print')}{self.csv_links()}"
                   '<p><label for="gw-import">Records a learner saved to a file (from Gwari without a server, or '
                   'another machine):</label> <input type="file" id="gw-import" accept=".json,application/json" '
                   'data-gw="import" data-key="import"></p>'
                   '<p><a href="rule-sheets.ipynb">Rule sheets to print</a>: one page per game, cards drawn.</p>'
                   "</section>")
        return "".join(out)

    def _question(self) -> str:
        assert self.pending is not None
        return question(*self.pending)

    def _deal_html(self, h: int) -> str:
        return deal_html(h, self.progress.setting(classroom.CLASS_DEAL) if self.progress is not None else "")


__all__ = ["TeacherWidget", "activity_chart", "chapters_finished"]
