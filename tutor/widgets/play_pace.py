"""The play app's pace and the panels beside its table: what a move changed that the panels follow (a deal
scored, a trick taken, a hand grown out of turn, rules met), and the learner's answers to them (*Next deal*,
*Play on*, the last trick, a rule's *more*, the Rules panel, the pace settings).

A part of ``PlayApp`` (``tutor.widgets.play``), which holds the game and its flow; the HTML comes from
``tutor.widgets.play_panels``.  A rule met for the first time is kept in the class's records under the learner's
name, beside the lessons' rules reached (as ``PLAY_RULES``), or for the page without a name.
"""

from __future__ import annotations

import dataclasses
import os
import re
from typing import Any

from tutor import classroom
from tutor.engine import State, TrickView
from tutor.inputs import OFFER_WAIT_MS
from tutor.progress import StoreError
from tutor.widgets.play_panels import (SeatNote, holding_html, pace_html, rule_card_html,
                                       rules_panel_html, seat_note_html, summary_html, summary_of, trick_panel_html)

TABLE_TICK_MS = 150  # at a table of classmates: how often the page asks the table what is new
BOT_STEP_MS = 1200  # one bot's move at a time: how long each stays on show before the next
PACE_ENV = "GWARI_PACE"
PACES = ("learner", "quick")  # the learner's pace (the default), or the engine's speed (tests, benchmarks)
PLAY_RULES = "{slug}/play"  # where the rules a learner met in play are kept, beside the lessons' rules reached


def default_pace() -> tuple[bool, bool, bool]:
    """(bots one at a time, on the clock, a deal's end waits for Next deal) as ``$GWARI_PACE`` sets them: the
    learner's pace unless "quick"."""
    pace = os.environ.get(PACE_ENV, "").strip() or "learner"
    if pace not in PACES:
        raise ValueError(f"{PACE_ENV} must be one of {', '.join(PACES)}, not {pace!r}.")
    learner = pace == "learner"
    return (learner, not learner, learner)


def yes_no(value: Any, field: str) -> bool:
    """A checkbox's value from the browser ("true"/"false"); anything else is refused naming the field."""
    text = str(value).strip().lower()
    if isinstance(value, bool) or text in ("true", "false"):
        return value if isinstance(value, bool) else text == "true"
    raise ValueError(f"{field} must be true or false.")


class PlayPace:
    """The pace and the panels of ``PlayApp``: it sets every attribute used here (``new_game``)."""

    state: Any
    seat: int
    game: Any
    lesson: Any
    told: Any

    def _follow(self, before: State, old: Any, view: Any, mover: int | None, action: Any, events: tuple) -> None:
        """What the panels show after a move (``events``: what it did): a deal scored (its summary), a trick taken, a
        hand grown out of turn."""
        rows = len(old.scores.rows) if old.scores else 0
        now = len(view.scores.rows) if view.scores else 0
        deal_over = now > rows or view.deals > old.deals
        if deal_over:
            self.summary = summary_of(max(now, view.deals), events, self.deal_rules, view.scores,
                                      self.state.is_over)
        taken = self._trick_taken(before, old.trick, view.trick, mover, action, events)
        if taken is not None:
            self.last_trick = taken
            self.trick_open = False
        grown = {s: len(view.seats[s].hand) - len(old.seats[s].hand) for s in range(len(view.seats))}
        if deal_over or all(g > 0 for g in grown.values()) or any(e.rule in self.deal_rules for e in events):
            return  # a new deal, not a penalty
        for seat, more in grown.items():
            if more >= 2 and seat != mover:
                reason = next((e.text for e in reversed(events) if e.player == seat), events[0].text if events else "")
                self.seat_notes[seat] = SeatNote(seat, more, reason)

    @staticmethod
    def _trick_taken(before: State, old: Any, new: Any, mover: int | None, action: Any,
                     events: tuple) -> tuple[TrickView, str] | None:
        """The trick this move completed, and what was said as it was taken (``None`` if it completed none)."""
        if new is not None and new.winner is not None and new.plays and (old is None or old.winner is None):
            return new, ""  # the table shows the trick taken, with its winner, until the next lead
        if old is None or not old.plays or old.winner is not None:
            return None
        if new is not None and new.leader == old.leader and new.plays[:len(old.plays)] == old.plays:
            return None  # the same trick goes on
        cards = before.cards_of(action)
        plays = old.plays + (((mover, cards[0]),) if cards and mover is not None else ())
        return TrickView(plays, old.leader, None, old.trumps), events[1].text if len(events) > 1 else ""

    def _meet(self, events: tuple) -> None:
        """Rules cited by these events and not met before in this game join the Rules panel; those this learner
        (or, without a name, this page) never met before show as rule cards, and are remembered."""
        known = self._known_rules()
        for event in events:
            rule = event.rule
            if rule in self.met or rule not in self.lesson_rules:
                continue
            self.met.append(rule)
            if rule not in known:
                known.add(rule)
                self.new_cards.append(rule)
                self.fresh_cards.append(rule)
                if self.learner:
                    classroom.keep_rule_reached(PLAY_RULES.format(slug=self.game.slug), rule)

    def _known_rules(self) -> set[str]:
        """The rules this learner met in play before (kept in the class's records), or, without a name, on this
        page."""
        name = classroom.learner()
        if not name:
            return self.page_met
        if self._learner_met is None or self._learner_met[0] != name:
            kept: set[str] = set()
            progress = classroom.store()
            if progress is not None:
                try:
                    kept = set(progress.reached(name).get(PLAY_RULES.format(slug=self.game.slug), ()))
                except (StoreError, OSError, ValueError):  # a store that cannot be read: the cards show again
                    kept = set()
            self._learner_met = (name, kept)
        return self._learner_met[1]

    def _marks(self) -> tuple:
        """The panels' part of the game's position, kept with an undo point and put back with it."""
        return (self.last_trick, self.trick_open, dict(self.seat_notes))

    def _schedule(self) -> None:
        """Whether the browser's clock ticks, and how often: a race on the clock, a wait on the clock for an
        offered move, or the bots' next step."""
        if self.table is not None:  # at a table of classmates the page's clock always ticks
            self.playing, self.interval = True, TABLE_TICK_MS
            return
        racing = self._racing()
        if racing:
            self.interval = int(self.game.inputs.race.tick_ms(self.state))
        elif self.waiting:
            self.interval = OFFER_WAIT_MS
        elif self.stepping:
            self.interval = BOT_STEP_MS
        self.playing = racing or self.waiting or self.stepping

    @property
    def deal_waits(self) -> bool:
        """Whether play stops on a deal's summary until the learner presses Next deal."""
        return (self.pause_deals and self.table is None  # at a table the game goes on; the summary stays in view
                and self.summary is not None and not self.summary.over)

    def _go_on(self, waited: bool = False) -> None:
        """The table's next step (a bot's move shown, or the table going on past an offer), said and drawn."""
        start = len(self.lines)
        self._run_bots(waited=waited, step=True)
        if len(self.lines) > start:
            self._tell(start)
        self.refresh()

    def on_goon(self, _value: Any, _inputs: dict) -> None:
        """The learner lets the table go on without the move they were offered out of turn."""
        if not self.holding:
            raise ValueError("The table is not waiting for you.")
        self._go_on(waited=True)

    def on_nextdeal(self, _value: Any, _inputs: dict) -> None:
        """The learner has read the deal's summary: the next deal is played."""
        if not self.deal_waits:
            raise ValueError("There is no next deal to start.")
        self.summary = None
        self.seat_notes = {}
        self.notice = ""
        start = len(self.lines)
        self._run_bots()
        self._tell(start, "Next deal.")
        self.refresh()

    def on_stepbots(self, value: Any, _inputs: dict) -> None:
        """The learner's setting: the bots' moves one at a time, or all at once (the table catches up now)."""
        self.step_bots = yes_no(value, "Show the bots' moves one at a time")
        if self.stepping and not self.step_bots:
            self._go_on()
            return
        self.refresh()

    def on_clock(self, value: Any, _inputs: dict) -> None:
        """The learner's setting: play against the clock (an offer and a race run in real time), or not."""
        self.clock = yes_no(value, "Play against the clock")
        if self.waiting or self.holding:
            self.waiting, self.holding = self.clock, not self.clock
        self._schedule()
        self.refresh()

    def on_lasttrick(self, value: Any, _inputs: dict) -> None:
        """Show the last trick taken again, or hide it."""
        if self.last_trick is None:
            raise ValueError("No trick has been taken yet.")
        if value not in ("show", "hide"):
            raise ValueError("lasttrick must be show or hide.")
        self.trick_open = value == "show"
        self.refresh()

    def on_rulemore(self, value: Any, _inputs: dict) -> None:
        """A rule card's whole text, or only its first sentence again."""
        rule = str(value)
        if rule not in self.met:
            raise ValueError("That rule has not come up in this game.")
        self.card_more ^= {rule}
        self.refresh()

    def on_rules(self, value: Any, _inputs: dict) -> None:
        """Open or close the list of rules met in this game."""
        if value not in ("show", "hide"):
            raise ValueError("rules must be show or hide.")
        self.rules_open = value == "show"
        self.refresh()

    def render(self) -> str:
        """The page, with the panels beside the table and each seat's note in that seat's box."""
        page = super().render()  # type: ignore[misc]
        for seat, note in self.seat_notes.items():
            note = dataclasses.replace(note, reason=self.told(note.reason))
            page = self._by_seat(page, seat, seat_note_html(note, self.names_now[seat]))
        return page

    @staticmethod
    def _by_seat(page: str, seat: int, note: str) -> str:
        """``note`` placed in the table's box of ``seat``, under its name."""
        box = re.search(rf'<div class="gw-seat[^"]*" data-seat="{seat}">.*?</h\d>', page)
        return page[:box.end()] + note + page[box.end():] if box else page

    def _panels_html(self, view: Any) -> str:
        """Beside the table: the deal's summary, the table waiting for an offered move, the last trick, the rules
        met for the first time (rule cards), the rules met in this game, and the pace settings."""
        h = self.level_h
        parts = ['<div class="gw-panels" data-testid="panels">']
        if self.summary is not None:
            summary = dataclasses.replace(self.summary, lines=tuple(self.told(line) for line in self.summary.lines))
            parts.append(summary_html(summary, next_deal=self.deal_waits, level=h))
        if self.holding:
            parts.append(holding_html(self.told(self.status_line())))
        if self.last_trick is not None and view.trick != self.last_trick[0]:
            led = view.trick is not None and bool(view.trick.plays)
            trick, words = self.last_trick
            parts.append(trick_panel_html(view, trick, self.told(words), shown=self.trick_open or not led, level=h))
        parts.extend(rule_card_html(self.lesson, rule, more=rule in self.card_more, level=h, table=self.state)
                     for rule in self.new_cards)
        if self.met:
            parts.append(rules_panel_html(self.lesson, self.met, shown=self.rules_open, table=self.state))
        if self.table is None:  # at a table the table keeps the pace for everyone
            clock = self.clock or self.game.inputs.race is not None or self.had_window
            parts.append(pace_html(self.step_bots, self.clock if clock else None))
        parts.append("</div>")
        return "".join(parts)
