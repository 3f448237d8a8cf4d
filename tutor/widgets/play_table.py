"""Play with classmates: the play app at a table of the class (``tutor.tables``), on a server.

``Classmates`` is a part of ``PlayWidget`` (``tutor.widgets.play``): the same app, the same table drawn, the same Hint (for the learner's own seat), the same refusals in words and the
same step-through at the end; what changes is where the game lives.  At a table the game is the table's log
replayed by the referee (``tutor.tables.Table``) in this learner's kernel: the learner's moves go to the referee,
which checks them with the game's engine and keeps them in the class's store, and the browser's clock (a tick every
``TABLE_TICK_MS``) brings the others' moves: each tick says the page is still there, lets the table make any move
that is due (a bot's, an away seat's, a race's tick) and redraws when the table has moved on.  The page is sent
what the seat may see only, and holds no key but its own seat's, kept by the browser for a reload
(``table_seats``).

Three steps before the game: the lobby (open a table, join one by its code, or pick one from the class's open
tables), the waiting room (the seats, the code to give, *Start* for the one who opened it), then the game.  Python
in the browser (the static site) has no server to meet at: the lobby offers pass and play instead.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tutor import classroom, render
from tutor.bots import LEVELS
from tutor.checks import IllegalMove
from tutor.narration import said_to
from tutor.widgets.base import button, card_buttons, esc, heading, int_in
from tutor.widgets.options import players_control
from tutor.widgets.part import Part
from tutor.widgets.play_pace import TABLE_TICK_MS
from tutor.widgets.play_table_damage import ELSEWHERE, LEAVE, TRY_AGAIN, damage_of, damaged_html, unreadable
from tutor.widgets.play_tournament import lobby_html as tournament_html

KEPT_SEATS = 10  # the browser keeps the keys of this many of its latest tables


class Classmates(Part):
    """The lobby, the waiting room and the game at a table of classmates."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.table: Any = None  # the referee of the table this page holds a seat at
        self.steps_seen = 0  # the table's moves the panels beside it have followed
        self._table_code = ""  # the table whose narration the page has told
        self.lines_seen = 0  # how many lines of the table's narration this page has told
        self.table_state_seen: Any = None  # the table's position this page last drew
        self._asked_told = -1  # the table's version at which the learner was told of the question put to them
        self._damage_told = ""  # the damage that closed the table, once the learner has been told of it
        self.lobby = False
        self.lobby_note = ""
        self.seats_known: dict[str, str] = {}

    @staticmethod
    def can_meet() -> bool:
        """Whether classmates can meet here (a server; not Python in the browser)."""
        return sys.platform != "emscripten"

    def _store(self) -> Any:
        """Where the class's tables are: under a hub, the class service (``$GWARI_SERVICE_URL``: the way to it, which
        alone holds the tables); else the tables' store, opened here."""
        from tutor.service.transport import service_url, transport

        if service_url() is not None:
            return transport()
        from tutor.tables import tables_store

        return tables_store()

    @staticmethod
    def _referee() -> Any:
        """What holds this page's seat: the referee here (``Table``), or the seat at the class service
        (``RemoteTable``, under a hub: the game stays at the service, this kernel sees its own seat's part)."""
        from tutor.service.transport import service_url

        if service_url() is not None:
            from tutor.service.remote import RemoteTable

            return RemoteTable
        from tutor.tables import Table

        return Table

    def _open_tables(self) -> list:
        """The class's open tables (from the class service under a hub)."""
        from tutor.service.transport import service_url

        if service_url() is not None:
            from tutor.service.remote import open_tables

            return open_tables(self._store(), self.app.game.slug)
        from tutor.tables import open_tables

        return open_tables(self._store())

    # -- the lobby

    def on_classmates(self, value: Any, _inputs: dict) -> None:
        """Open the lobby (``show``) or go back to playing the bots here (``hide``)."""
        app = self.app
        if value not in ("show", "hide"):
            raise ValueError("classmates must be show or hide.")
        if value == "hide" and self.table is not None:
            raise ValueError("Leave the table first.")
        self.lobby = value == "show"
        self.lobby_note = ""
        if self.lobby and self.can_meet():
            app.playing, app.interval = True, 2000  # the list of open tables stays fresh
        app.refresh()

    def _name_for_table(self) -> str:
        name = self.app.learner  # under JupyterHub, the hub's user
        if not name:
            raise _Say("Give your name above first: your classmates see it at the table.")
        return name

    def _sat(self, table: Any) -> None:
        """This page now holds a seat at ``table``: its key is kept by the browser, for a reload."""
        app = self.app
        self.table = table
        self.lobby, self.lobby_note = True, ""
        kept = {c: k for c, k in self.seats_known.items() if c != table.code}
        self.seats_known = dict(list(kept.items())[-(KEPT_SEATS - 1):] + [(table.code, table.key)])
        app.table_seats = json.dumps(self.seats_known)
        app.pace.still()  # the game against the bots here stops where it was
        app.playing, app.interval = True, TABLE_TICK_MS
        self.moved()

    def on_opentable(self, _value: Any, inputs: dict) -> None:
        """Open a table of this game with this app's players, variants and bot level; this learner hosts it."""
        from tutor.tables import TableError

        Table = self._referee()
        app = self.app
        level = str(inputs.get("level", app.level))
        try:
            players = int_in(inputs.get("players", app.players), 1, app.game.max_players, "players")
            table = Table.open(self._store(), app.game.slug, players, self._name_for_table(),
                               options=dict(app.options), level=level if level in LEVELS else app.level)
        except (_Say, TableError, IllegalMove, ValueError) as exc:
            self._lobby_says(exc)
            return
        self._sat(table)

    def on_jointable(self, value: Any, inputs: dict) -> None:
        """Join a table by its code (typed, or a table of the list)."""
        from tutor.tables import TableError

        Table = self._referee()
        code = str(value or inputs.get("tablecode", "")).strip()
        try:
            name = self._name_for_table()
            key = self.seats_known.get("".join(code.split()).upper())
            try:
                table = Table.join(self._store(), code, name, key=key, trusted=classroom.under_hub())
            except TableError:
                if key is None:
                    raise
                table = Table.join(self._store(), code, name, trusted=classroom.under_hub())  # a key from an old table
        except (_Say, TableError, ValueError) as exc:
            self._lobby_says(exc)
            return
        if table.game.slug != self.app.game.slug:
            self._lobby_says(_Say(f"Table {table.code} plays {table.game.title}: open its play page to join it."))
            return
        self._sat(table)

    def on_seats(self, value: Any, _inputs: dict) -> None:
        """The browser's kept seat keys (after a reload): the page takes its seat back at a table still on."""
        from tutor.tables import TableError

        Table = self._referee()
        app = self.app
        try:
            known = json.loads(str(value))
            if not isinstance(known, dict):
                raise ValueError
            self.seats_known = {str(k)[:10]: str(v)[:100] for k, v in known.items()}
        except ValueError:
            raise ValueError("The kept seats could not be read.") from None
        if self.table is not None or not self.can_meet():
            return
        store = self._store()
        for code, key in reversed(list(self.seats_known.items())):
            try:
                table = Table(store, code, key)
            except (TableError, ValueError, LookupError, TypeError) as exc:
                if unreadable(exc):  # said where the table would be, never an ordinary game in its place
                    return self._lost(code, f"Your table {code} cannot be read just now ({exc}).", forget=False)
                continue
            if damage_of(table) is not None and getattr(table.game, "slug", None) in (None, app.game.slug):
                return self._lost(code, f"{damage_of(table)} Your seat there cannot be taken again.", forget=True)
            if table.game.slug == app.game.slug and table.status in ("open", "playing"):
                table.beat()
                self._sat(table)
                app.notice = f"Back at table {table.code}: your seat and your hand are as you left them."
                app.refresh()
                return

    def on_starttable(self, _value: Any, _inputs: dict) -> None:
        """The host starts the game: empty seats are played by bots."""
        from tutor.tables import TableError

        if self.table is None:
            raise ValueError("You are not at a table.")
        try:
            self.table.start()
        except TableError as exc:
            self._lobby_says(exc)
            return
        self.moved()

    def on_leavetable(self, _value: Any, _inputs: dict) -> None:
        """Leave the table (a bot plays the seat once it has been away for a while); back to the bots here."""
        app = self.app
        if self.table is None:
            raise ValueError("You are not at a table.")
        code, closed, damaged = self.table.code, self.table.status == "closed", damage_of(self.table) is not None
        if self.table.status == "open" and self.table.seat == self.table.meta.get("host"):
            self.table.close()  # nobody else could start it
        self.table = None
        self.lobby = False
        self.seats_known = {c: k for c, k in self.seats_known.items() if c != code}
        app.table_seats = json.dumps(self.seats_known)
        app.new_game(app.players, notice=f"You left table {code}" + ("." if closed else
                                                                      "; a bot plays your seat there."))
        if damaged:  # from a table closed for damage, to the lobby: open or join another
            self.on_classmates("show", {})

    def _lost(self, code: str, words: str, *, forget: bool) -> None:
        """A table this browser kept a seat at cannot be played on: the lobby says so, with what to do."""
        if forget:  # closed for good: the next reload goes on as usual
            self.seats_known = {c: k for c, k in self.seats_known.items() if c != code}
            self.app.table_seats = json.dumps(self.seats_known)
        self.on_classmates("show", {})
        self._lobby_says(ValueError(f"{words} {ELSEWHERE}"))

    def _lobby_says(self, exc: Exception) -> None:
        self.lobby_note = str(getattr(exc, "reason", exc))
        self.app.announce(self.lobby_note)
        self.app.refresh()

    # -- the game at the table

    def moved(self) -> None:
        """Take what is new at the table into the app: the table's driver, the narration, whose turn."""
        app, table = self.app, self.table
        if damage_of(table) not in (None, self._damage_told):  # closed for damage: said once, with what to do
            self._damage_told = damage_of(table)
            app.notice = f"{self._damage_told} {LEAVE}"
            app.announce(app.notice)
        if table.state is None:
            app.refresh()
            return
        start = self.lines_seen if self._table_code == table.code else 0
        if start == 0:
            self._table_code = table.code
            app.turn_mark = 0
            self.steps_seen = 0
            app.panels.start()
        before, self.table_state_seen = self.table_state_seen, table.state
        app.driver = driver = table.driver  # the table's game, played through its driver
        self.lines_seen = len(driver.lines)
        # What the panels beside the table follow (a trick just taken, a deal's summary, a penalty), move by move.
        for step in driver.steps[self.steps_seen:]:
            app.panels.follow(step.before, driver.view_at(step.before, table.seat), driver.view_at(step.after, table.seat),
                              step.mover, step.action, step.after.events)
        self.steps_seen = len(driver.steps)
        app.seat, app.players = table.seat, table.meta["players"]
        app.seed = table.meta["seed"]
        app.options = dict(table.meta["options"])
        app.humans = frozenset({table.seat})
        app.shared.covered = False
        if table.race is None:
            app.shared.pressed = set()
        new = [e for _n, e in driver.lines[start:]]
        app.panels.meet(tuple(e for e in new if e.rule))
        if app.state.is_over:
            app.keep_game()
        if new or before is not table.state:
            app.tell(start)
        question = table.question()
        if question is not None and self._asked_told != table.version:  # said once to every page at the table
            self._asked_told = table.version
            asker, asked = app.names_now[question[0]], app.names_now[table.asked]
            app.announce(f"{asker} asks you: {said_to(question[1], app.reader)}" if table.asked == table.seat else
                         f"{asker} asks {asked}: {question[1]} Waiting for {asked}'s answer.")
        app.refresh()

    def move(self, action: Any) -> None:
        """The learner's move at the table: a race press is kept with the store's time; anything else is checked
        by the referee and kept, or refused in words."""
        from tutor.tables import TableBusy, TableError

        app, table = self.app, self.table
        app.advice.hint = app.advice.why = ""
        try:
            if table.race is not None:
                table.touch()
                app.notice = "You touched! The table settles the race at the next tick of its clock."
            else:
                table.move(action)
                app.notice = ""
                if table.seat in table.queued:  # decided ahead in a round everyone decides at once
                    app.announce(f"You have chosen: {app.state.prompt(action)}. It is made when the others "
                                 "have chosen too.")
                app.turn_mark = self.lines_seen
                app.panels.turn()
            app.error = None
        except IllegalMove as exc:
            app.refused(exc)
        except (TableBusy, TableError) as exc:
            app.notice = str(exc)
            app.announce(app.notice)
        app.selected = None
        self.moved()

    def on_answer(self, value: Any, _inputs: dict) -> None:
        """The learner answers the question a classmate (or a bot) put to their seat: the true answer carries the
        move out; one their hand does not allow is refused with its rule."""
        from tutor.tables import TableBusy, TableError

        app = self.app
        if self.table is None:
            raise ValueError("answer: there is no question without a table.")
        try:
            self.table.answer(str(value))
            app.notice, app.error = "", None
        except IllegalMove as exc:
            app.refused(exc)
        except (TableBusy, TableError) as exc:
            app.notice = str(exc)
            app.announce(app.notice)
        self.moved()

    def on_answersay(self, value: Any, inputs: dict) -> None:
        """The answer typed in the game's language (the Cornish mode): read, then given as ``on_answer`` gives it;
        an answer that cannot be read gets a correction, and its fumbled word goes to the learner's drill."""
        from tutor.engine import Misread

        app = self.app
        reply = app.game.inputs.reply
        if self.table is None or reply is None or reply.read is None or not app.typed:
            raise ValueError("answer: typing an answer is not switched on.")
        if self.table.asked != self.table.seat:
            raise ValueError("answer: nobody has asked you anything.")
        text = str(value if value not in (None, "") else inputs.get("answered", ""))[:200]
        app.said, app.correction = text, ""
        try:
            key = reply.read(app.state, self.table.pending_move(), text)
        except Misread as exc:
            app.misread(exc, text)
            return
        self.on_answer(key, inputs)
        if self.table.asked is None:
            app.said = ""

    def chosen_html(self) -> str:
        """At a table, a decision this seat made ahead, kept until its turn in the round comes."""
        app = self.app
        chosen = self.table.queued.get(self.table.seat) if self.table is not None else None
        if chosen is None:
            return ""
        action = app.game.parse_action(app.state, chosen)
        return (f'<p class="gw-small" data-testid="chosen">You have chosen: {esc(app.state.prompt(action))}. '
                "It is made when the others have chosen too.</p>")

    def question_html(self) -> str:
        """A question awaiting its answer: the seat asked answers it here; the others see whom the table waits for."""
        app = self.app
        table = self.table
        asker, said, gloss = table.question()
        said, gloss = said_to(said, app.reader), said_to(gloss, app.reader)
        names = app.names_now
        lang = app.game.inputs.typed.lang if app.game.inputs.typed is not None else ""
        heard = (f'<p class="gw-said"><span lang="{esc(lang)}">“{esc(said)}”</span>'
                 + ("" if app.typed else f' <span class="gw-small">({esc(gloss)})</span>') + "</p>")
        hand = table.view().seats[app.seat].hand
        if table.asked != app.seat:
            return (f'<section class="gw-panel gw-movebox" data-testid="question">'
                    f'{heading(app.level_h, f"{names[asker]} asks {names[table.asked]}")}{heard}'
                    f'<p><strong>Waiting for {esc(names[table.asked])} to answer.</strong></p>'
                    f'{render.hand_svg(hand, label="Your hand") if hand else ""}</section>')
        reply = app.game.inputs.reply
        if app.typed and reply.read is not None:  # the answer typed in the game's language
            correction = (f'<div class="gw-error" data-gw-reveal data-testid="correction">You typed '
                          f"“{esc(app.said)}”. {esc(app.correction)}</div>" if app.correction else "")
            answers = (f'<p>Answer: <span class="gw-pattern" lang="{esc(lang)}">{esc(reply.pattern)}</span></p>'
                       f'<div class="gw-row"><input type="text" data-gw-input="answered" data-gw-submit="answersay" '
                       f'data-key="answered" lang="{esc(lang)}" autocomplete="off" spellcheck="false" '
                       f'aria-label="your answer, typed" value="{esc(app.said)}" data-gw-focus>'
                       + button("Answer", "answersay", primary=True, key="answersay", then="answered")
                       + f"</div>{correction}")
        else:
            answers = ('<div class="gw-row gw-moves" role="group" aria-label="your answer">' + "".join(
                button(a.said + ("" if app.typed else f" ({a.gloss})"), "answer", a.key, key=f"answer-{a.key}",
                       focus=i == 0, group="answers") for i, a in enumerate(table.answers())) + "</div>")
        return (f'<section class="gw-panel gw-movebox" data-testid="question">'
                f'{heading(app.level_h, f"{names[asker]} asks you")}{heard}'
                f'<p><strong>Look at your hand and answer{" in Cornish" if app.typed else ""}.</strong></p>'
                f"{card_buttons(hand)}{answers}{app.page.notes_html()}</section>")

    def tick(self) -> None:
        """A tick of the page's clock at a table: still here, any move that is due, and what is new."""
        from tutor.tables import TableError

        table = self.table
        try:
            version, meta = table.version, table.meta
            table.beat()
            table.advance()  # reads what is new first
        except (TableError, ValueError) as exc:
            self.app.notice = f"Your table could not be reached just now: {exc} {TRY_AGAIN}"
            self.app.refresh()
            return
        if table.version != version or table.meta != meta:  # a move, or a seat taken, a bot stepping in, the end
            self.moved()

    # -- drawing

    def lobby_html(self) -> str:
        """The lobby, or the waiting room at an open table."""
        app = self.app
        h = app.level_h
        note = (f'<div class="gw-error" data-gw-reveal data-testid="lobby-note">{esc(self.lobby_note)}</div>'
                if self.lobby_note else "")
        if not self.can_meet():
            return (f'<section class="gw-panel gw-lobby" data-testid="lobby">{heading(h, "Play with classmates")}'
                    "<p>Here Gwari runs in your browser, with no server for classmates to meet at. Play with the "
                    "people beside you instead: choose how many learners share this screen in the settings below "
                    "(pass and play); each hand stays hidden until its player is ready.</p>"
                    + button("Back to the game", "classmates", "hide", key="lobby-back") + "</section>")
        if self.table is not None:
            return self._waiting_html(note)
        try:
            tables = [t for t in self._open_tables() if t["game"] == app.game.slug]
        except (ValueError, OSError) as exc:
            tables = []
            note += f'<div class="gw-error" data-gw-reveal>The class\'s tables cannot be reached: {esc(str(exc))}</div>'
        levels = "".join(f'<option value="{lv}"{" selected" if lv == app.level else ""}>{lv} bots</option>'
                         for lv in LEVELS)
        rows = "".join(
            f'<li>{button("Join " + t["code"], "jointable", t["code"], key="join-" + t["code"])} '
            f'{esc(", ".join(n for n in t["names"] if n))} — {t["free"]} of {t["players"]} seats free</li>'
            for t in tables) or "<li>No open table of this game yet: open one.</li>"
        return (f'<section class="gw-panel gw-lobby" data-testid="lobby">{heading(h, "Play with classmates")}{note}'
                "<p>Open a table (bots take the seats nobody takes), then give its code to your classmates; or join "
                "a classmate's table.</p>"
                '<div class="gw-row">' + players_control(app.game, app.players, app.options)
                + f'<select data-gw-input="level" aria-label="bot level" data-key="level">{levels}</select>'
                + button("Open a table", "opentable", primary=True, key="opentable")
                + '<input type="text" data-gw-input="tablecode" data-gw-submit="jointable" placeholder="table code" '
                'aria-label="the code of a table to join" data-key="tablecode" class="gw-num" autocomplete="off">'
                + button("Join", "jointable", key="jointable")
                + button("Back to the game", "classmates", "hide", key="lobby-back") + "</div>"
                f'{heading(h + 1, "Open tables")}<ul class="gw-tables" data-testid="open-tables">{rows}</ul>'
                f"{tournament_html(app, h)}</section>")

    def _waiting_html(self, note: str) -> str:
        table = self.table
        h = self.app.level_h
        if damage_of(table) is not None:
            return damaged_html(table.code, damage_of(table), h, note)
        seats = "".join(f"<li>{esc(n) if n else '<em>free</em>'}{' (you)' if i == table.seat else ''}</li>"
                        for i, n in enumerate(table.names))
        host = table.seat == table.meta.get("host")
        start = (button("Start the game", "starttable", primary=True, key="starttable")
                 + '<span class="gw-small">Bots take the free seats.</span>' if host else
                 '<span class="gw-small">The game starts when the learner who opened the table presses Start.</span>')
        return (f'<section class="gw-panel gw-lobby" data-testid="waiting">{heading(h, f"Table {table.code}")}{note}'
                f'<p>Give your classmates the code <strong class="gw-code" data-testid="table-code">{table.code}'
                f"</strong>: they join it from the {esc(self.app.game.title)} play page.</p>"
                f'<ol data-testid="seats">{seats}</ol><div class="gw-row">{start}'
                + button("Leave the table", "leavetable", key="leavetable") + "</div></section>")

    def bar_html(self) -> str:
        """The settings row at a table: which table, who you are, leaving it."""
        app = self.app
        table = self.table
        you = table.names[table.seat]
        bots = [table.names[s] for s in range(len(table.names)) if table.is_bot(s)]
        played = f" Bots play for {', '.join(bots)}." if bots else ""
        if table.status == "closed":
            damaged = damage_of(table)
            played += f" {damaged} {LEAVE}" if damaged else " This table has been closed: no more moves here."
        return (f'<section class="gw-panel gw-bar"><div class="gw-row"><strong>{esc(app.game.title)}</strong>'
                f'<span class="gw-small" data-testid="who">Table <span class="gw-code">{table.code}</span>. You are '
                f"{esc(you)}.{esc(played)}</span>"
                + app.page.mode_switch() + button("Leave the table", "leavetable", key="leavetable")
                + f"</div>{app.learner_html()}</section>")


class _Say(ValueError):
    """A refusal the lobby shows in words."""
