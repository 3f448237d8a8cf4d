"""The Tournament section of the teacher's page: a league of Pymtheg or Burn for the learners on the list (teams in
the list's order or drawn), each round's tables opened and started, the next round opened when the teacher says,
the standings and, at the end, every hand's results; then the final between the two best teams.

``TournamentPart`` is a part of ``tutor.widgets.teacher.TeacherWidget``: it holds what the section shows and acts on
its buttons.  Every action is a request about the tournament (``tutor.service.tournaments.ask``): to the class
service under a hub, which refuses it to anyone but a teacher, else to the tables' store on this machine.  While a
round is on, the page's clock ticks the tournament on: bots play where nobody is left, and each finished table's
result is kept.
"""

from __future__ import annotations

from typing import Any

from tutor.games import get_game
from tutor.tournament import GAMES
from tutor.widgets.base import button, esc, heading, int_in
from tutor.widgets.part import Part
from tutor.widgets.play_tournament import final_html, hands_html, standings_html

TICK_MS = 2_000  # how often the page ticks the tournament on while a round is being played
AWAY_S = 30  # a learner's page silent this long: a bot plays their seat (the tables' own wait, in seconds)


class TournamentPart(Part):
    """The teacher's tournament: what the section shows (``shown``) and its buttons."""

    kinds = ("tourneystart", "tourneyround", "tourneybegin", "tourneyfinal", "tick")

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.shown: dict[str, Any] | None = None
        self.read = False
        self.note = ""
        self.trouble = False

    def _ask(self, op: str, args: dict[str, Any]) -> Any:
        from tutor.service.tournaments import ask

        return ask(op, args, teacher=True, store=None)

    def load(self) -> None:
        """Read the last tournament again."""
        try:
            self.shown = self._ask("show", {})
        except (ValueError, OSError) as exc:
            self.shown, self.note, self.trouble = None, f"The tournament cannot be read: {exc}", True
        self.read = True
        self._clock()

    def _clock(self) -> None:
        """Tick while a round's or the final's tables are being played."""
        shown = self.shown
        on = bool(shown) and (shown["opened"] > shown["done"] or bool(
            shown["final"] and shown["final"]["winner"] is None and shown["final"]["totals"] is None))
        if on:
            self.app.playing, self.app.interval = True, TICK_MS
        elif self.app.playing:
            self.app.playing = False

    def _act(self, op: str, args: dict[str, Any], done: str) -> None:
        self.app._open()
        try:
            self.shown = self._ask(op, args)
        except ValueError as exc:  # a TableError: the refusal in words
            self.note, self.trouble = str(exc), True
        else:
            self.note, self.trouble = done.format(**self._words()), False
        self._clock()
        self.app.announce(self.note)
        self.app.refresh()

    def _words(self) -> dict[str, Any]:
        shown = self.shown or {}
        tables = shown.get("tables", [])
        return {"round": shown.get("opened", 0), "codes": ", ".join(t["code"] for t in tables)}

    def on_tourneystart(self, _value: Any, inputs: dict) -> None:
        """Start a tournament for the learners on the list: teams of two (in the list's order, or drawn), the
        league's schedule, and the first round's tables opened for them."""
        drawn = str(inputs.get("tourneyteams", "order")) == "drawn"
        try:
            away = int_in(inputs.get("tourneyaway", AWAY_S), 1, 3600, "The time before a bot plays for a learner "
                                                                         "who has gone (in seconds)")
        except ValueError as exc:
            self.note, self.trouble = str(exc), True
            self.app.announce(self.note)
            self.app.refresh()
            raise
        self._act("start", {"game": str(inputs.get("tourneygame", GAMES[0])), "learners": list(self.app.names),
                            "drawn": drawn, "away_ms": away * 1000},
                  "The tournament has started: round {round} at tables {codes}. Each learner finds their table "
                  "under Play with classmates; press Start the round when they are seated.")

    def on_tourneyround(self, _value: Any, _inputs: dict) -> None:
        """Open the next round's tables."""
        self._act("round", {}, "Round {round} is open at tables {codes}; press Start the round when the learners "
                               "are seated.")

    def on_tourneybegin(self, _value: Any, _inputs: dict) -> None:
        """Start the games at the round's tables: seats nobody took are played by bots."""
        self._act("begin", {}, "Round {round} has started.")

    def on_tourneyfinal(self, _value: Any, _inputs: dict) -> None:
        """Open the final's table for the league's two best teams."""
        self._act("final", {}, "The final is open; press Start the round when its players are seated.")

    def on_tick(self, _value: Any, _inputs: dict) -> None:
        """The page's clock while a round is on: the tournament moves on; the section is drawn again when its
        standings or its tables changed."""
        if not self.app.unlocked or not self.shown:
            self.app.playing = False
            return
        try:
            shown = self._ask("tick", {"code": self.shown["code"]})
        except (ValueError, OSError) as exc:  # asked again at the next tick; meanwhile the page says why, once
            note = f"The tournament could not be moved on just now: {exc}"
            if note != self.note:
                self.note, self.trouble = note, True
                self.app.refresh()
            return
        if shown != self.shown:
            self.shown = shown
            self._clock()
            self.app.refresh()

    def html(self, h: int) -> str:
        """The section: the tournament on (its round, its tables, the standings, every hand once it is over), the
        buttons for what comes next, and starting a new one."""
        if not self.read:
            self.load()
        shown = self.shown
        note = (f'<p class="{"gw-error" if self.trouble else "gw-good"}" data-gw-reveal '
                f'data-testid="tournament-message">{esc(self.note)}</p>' if self.note else "")
        body = ""
        if shown:
            tables = "".join(f"<li><code>{esc(t['code'])}</code>: table {t['table'] + 1}, "
                             f"{esc(' against '.join(t['teams']))}{' — over' if t['done'] else ''}</li>"
                             for t in shown["tables"])
            title = get_game(shown["game"]).title
            act = ""
            if shown["opened"] > shown["done"]:
                act = button("Start the round", "tourneybegin", key="tourneybegin")
            elif shown["opened"] < shown["rounds"]:
                act = button(f"Open round {shown['opened'] + 1}", "tourneyround", primary=True, key="tourneyround")
            elif shown["final"] is None or (shown["final"]["winner"] is None and shown["final"]["totals"]):
                act = button("Open the final", "tourneyfinal", key="tourneyfinal")
            elif shown["final"]["winner"] is None:
                act = button("Start the round", "tourneybegin", key="tourneybegin")
            body = (f'<p>A league of {esc(title)}: {esc("; ".join(shown["teams"]))}.</p>'
                    f'<p>The tables of round {shown["opened"]}:</p><ul data-testid="tournament-tables">'
                    f'{tables}</ul><div class="gw-row">{act}</div>{standings_html(shown)}{final_html(shown)}'
                    + (hands_html(shown) if shown["done"] == shown["rounds"] else ""))
        games = "".join(f'<option value="{slug}">{esc(get_game(slug).title)}</option>' for slug in GAMES)
        return (f'<section data-testid="tournament">{heading(h, "Tournament")}<p>A league as the rule book plays '
                "it: every table has its own cards, shuffled once, and every team plays once at every table, so all "
                "the teams play the same hands. Teams of two, partners opposite; bots take the seats left.</p>"
                f"{note}{body}"
                '<div class="gw-row"><select data-gw-input="tourneygame" aria-label="the tournament\'s game" '
                f'data-key="tourneygame">{games}</select><select data-gw-input="tourneyteams" aria-label="teams" '
                'data-key="tourneyteams"><option value="order">teams in the list’s order</option>'
                '<option value="drawn">teams drawn</option></select><label for="gw-tourney-away">Seconds before a '
                'bot plays for a learner who has gone</label><input type="number" id="gw-tourney-away" min="1" '
                f'max="3600" value="{AWAY_S}" class="gw-num" data-gw-input="tourneyaway" data-key="tourneyaway">'
                + button("Start a tournament" if not shown else "Start a new tournament", "tourneystart",
                         key="tourneystart") + "</div></section>")
