"""The play app's page: what a learner sees of a game in play, drawn from the app's state (``PlayWidget``).

On one screen: whose turn it is and the last move's words, the table's middle (the trick, the cards to answer),
the learner's hand and moves (clicked or typed) with a refused move and a hint beside them, or the game's end.
Beside them (below them where the page is narrow): the log of what just happened, the panels
(``tutor.widgets.play_panels.Panels``), the players around the table (counted, not drawn as rows of backs) and the settings bar
(players, bot level, the deal's code and loading one, the class deal, variants).  Reading only: every change is
made by ``tutor.widgets.play`` and its other parts.
"""

from __future__ import annotations

import dataclasses

from typing import Any

from tutor.bots import LEVELS
from tutor.narration import LEARNER_SEAT
from tutor.widgets.base import (button, card_buttons, esc, event_html, event_words, heading, rule_html, table_html,
                                turn_told)
from tutor.widgets.moves import move_panel
from tutor.widgets.options import option_controls, players_control
from tutor.widgets.part import Part

LOG_LINES = 40
UNDO_RULE = ("Undo goes back to before your latest move that you can still take back: one after which no "
             "hidden card has come into your hand (a card drawn or caught cannot be unseen); the cards the others "
             "played in answer go back to their hands.")


class PlayPage(Part):
    """The drawing of ``PlayWidget``: ``html`` and the parts of the page."""

    def html(self) -> str:
        """The play app on one screen: what the learner answers (whose turn, the trick or the table's cards), their
        hand and moves; beside them (below them on a phone) what just happened, the panels, the players around the
        table and the settings.  The page's order is the order of reading and of the Tab key: the hand is the first
        stop, the settings come last."""
        app = self.app
        if app.classmates.lobby and (app.classmates.table is None or app.classmates.table.state is None):
            notice = (f'<div class="gw-error gw-notice" data-gw-reveal>{esc(app.notice)}</div>' if app.notice else "")
            return (f'<div class="gw-playapp">{notice}{app.classmates.lobby_html()}'
                    f'<section class="gw-panel gw-bar">{app.learner_html()}</section></div>')
        state = app.state
        view = app.seat_view()
        asked = app.classmates.table.asked if app.classmates.table is not None else None  # a question awaiting its answer
        if asked is not None:  # the turn waits for the answer: the line of whose turn it is says so
            view = dataclasses.replace(view, status="You are asked: answer below." if asked == app.seat
                                       else f"Waiting for {app.names_now[asked]} to answer.")
        h = app.level_h
        over = state.is_over
        main = [f'<section class="gw-panel gw-tablebox" aria-label="the table">{heading(h, "The table", cls="gw-sr")}'
                f'{self._last_line()}{table_html(view, level=h + 1, part="middle", reader=app.reader)}</section>']
        if over:
            main.append(self._over_html(view))
        elif app.shared.covered:
            main = [self._cover_html()]
        elif asked is not None:
            main.append(f'<section class="gw-controls">{app.classmates.question_html()}</section>')
        else:
            main.append(f'<section class="gw-controls">{self._controls_html()}</section>')
        side = [self.log_html(), self.panels_html(view),
                f'<section class="gw-panel gw-seatsbox">{heading(h, "Around the table")}'
                f'{table_html(view, level=h + 1, own_hand=over, part="seats", compact=True, reader=app.reader)}'
                '</section>',
                self._bar_html(view)]
        notice = (f'<div class="gw-error gw-notice" data-gw-reveal>{esc(app.notice)}</div>' if app.notice else "")
        return (f'<div class="gw-playapp"><div class="gw-playgrid">{notice}<div class="gw-main">{"".join(main)}</div>'
                f'<div class="gw-side">{"".join(side)}</div></div></div>')

    def _cover_html(self) -> str:
        """Pass and play: the screen between two learners' turns, with no hand and no table on it."""
        app = self.app
        name = app.names_now[app.seat]
        return (f'<section class="gw-panel gw-cover" data-testid="cover">{heading(app.level_h, f"Pass to {name}")}'
                f"<p>{esc(name)}, it is your turn. The others look away while you play.</p>"
                + button(f"I am {name}: show my hand", "ready", primary=True, key="ready", focus=True)
                + "</section>")

    def _race_buttons(self) -> str:
        """In a race at a table, or among learners at one screen: a race button for each of them still racing."""
        app = self.app
        race = app.game.inputs.race
        racing = [s for s in sorted(app.humans) if s in app.state.current_players]
        return ('<div class="gw-row gw-racebox" data-testid="race-buttons">'
                + "".join(button((f"{app.names_now[s]}: " if len(app.humans) > 1 else "") + race.button
                                 + (" ✓" if s in app.shared.pressed else ""),
                                 "press", value=str(s), key=f"press{s}", primary=s not in app.shared.pressed, fast=True)
                          for s in racing) + "</div>")

    def _last_line(self) -> str:
        """The newest line of what just happened, above the table where one column leaves the log below the hand
        (hidden from screen readers, which hear it from the log and the live region)."""
        app = self.app
        if not app.lines:
            return ""
        words = event_words(app.lines[-1][1], gloss_hidden=app.typed, names=app.names_now, reader=app.reader)
        return f'<p class="gw-last" aria-hidden="true" data-testid="last-line">{esc(words)}</p>'

    def panels_html(self, view: Any) -> str:
        """Beside the table: the panels (a deal's summary, the last trick, rules met, the pace)."""
        return self.app.panels.html(view)

    def _bar_html(self, view: Any) -> str:
        app = self.app
        if app.classmates.table is not None:
            return app.classmates.bar_html()
        you = view.seats[app.seat].name
        others = [s.name for i, s in enumerate(view.seats) if i != app.seat]
        if len(app.humans) > 1:
            who = "Pass and play: " + ", ".join(view.seats[s].name for s in sorted(app.humans)) + "."
        elif you == LEARNER_SEAT:  # the seat called "You" needs no introduction: who you play with does
            who = f"At the table with you: {' and '.join(', '.join(others).rsplit(', ', 1))}." if others else ""
        else:
            who = f"You are {you}."
        most = max(app.game.max_players, app.players)
        sharing = "".join(f'<option value="{n}"{" selected" if n == app.sharing else ""}>'
                          f'{"1 learner" if n == 1 else f"{n} learners"} at this screen</option>'
                          for n in range(1, most + 1))
        level_opts = "".join(f'<option value="{lv}"{" selected" if lv == app.level else ""}>{lv} bots</option>'
                             for lv in LEVELS)
        variants = option_controls(app.game, app.options)
        if variants:
            variants = (f'<details class="gw-variants"><summary>Variants (for the next deal)</summary>{variants}'
                        "</details>")
        return (f'<section class="gw-panel gw-bar"><div class="gw-row"><strong>{esc(app.game.title)}</strong>'
                f'<span class="gw-small" data-testid="who">{esc(who)}</span>'
                + players_control(app.game, app.players, app.options) +
                f'<select data-gw-input="sharing" aria-label="learners at this screen, passing it between turns" '
                f'data-key="sharing" title="Pass and play: learners at one screen take turns, each hand hidden '
                f'between turns">{sharing}</select>' +
                f'<select data-gw-input="level" aria-label="bot level" data-key="level">{level_opts}</select>'
                + button("New game", "new", key="new") +
                f'<span class="gw-small">Deal code <span class="gw-code" data-testid="code">{esc(app.code)}</span>'
                f'</span><input type="text" data-gw-input="code" data-gw-submit="load" placeholder="deal code" '
                f'aria-label="deal code to load" data-key="code-input" class="gw-num">'
                + button("Load", "load", key="load") + self._class_deal_button() + self.mode_switch()
                + button("Play with classmates", "classmates", "show", key="classmates",
                         title="Open a table for classmates, or join one (on this screen: pass and play)")
                + f"</div>{variants}{app.learner_html()}</section>")

    def _class_deal_button(self) -> str:
        if not self.app.class_deal:
            return ""
        return button("The class deal", "classdeal", key="classdeal",
                      title=f"The deal your teacher set for the class today (code {self.app.class_deal})")

    def notes_html(self) -> str:
        """A refused move and a hint, placed right by the controls."""
        app = self.app
        out = ""
        if app.error is not None:
            out += (f'<div class="gw-error" data-gw-reveal data-testid="refused"><strong>Not allowed:</strong> '
                    f"{esc(app.told(app.error.reason))}{rule_html(app.lesson, app.error.rule)}</div>")
        if app.advice.hint:
            out += f'<div class="gw-good" data-testid="hint"><strong>Hint:</strong> {esc(app.advice.hint)}</div>'
        if app.advice.why:
            out += f'<div class="gw-panel gw-small" data-testid="why"><strong>Why?</strong> {esc(app.advice.why)}</div>'
        return out

    def _controls_html(self) -> str:
        app = self.app
        race = app.game.inputs.race
        racing = app.racing()
        clock = ""
        if racing:
            assert race is not None
            clock = (f'<p class="gw-clock" data-testid="clock">Race clock: {race.clock(app.state) / 1000:.2f} s — '
                     f"press “{esc(race.button)}” as soon as you can.</p>")
        if racing and (len(app.humans) > 1 or app.classmates.table is not None):
            panel = self._race_buttons()
        elif app.typed:
            panel = self._typed_panel()
        else:
            idle = race.idle(app.state) if racing and race is not None else None
            # At a table, in a round everyone decides at once, the seat decides as soon as it likes (on the state
            # where its decision counts), and is told what it chose until the round is done.
            early = app.classmates.table.early_state() if app.classmates.table is not None and not racing else None
            shown = early or app.state
            status = early.status() if early else app.status_line()
            panel = turn_told(move_panel(shown, app.seat, app.selected, level=app.level_h, race_idle=idle,
                                         notes=self.notes_html() + app.classmates.chosen_html(),
                                         cards=app.game.inputs.cards, status=status,
                                         view=None if early else app.seat_view()),
                              status, app.reader)
        can = app.advice.can_undo
        # At a table a move is the table's, and at one screen the next learner has seen it: nothing to take back.
        shared = app.classmates.table is not None or len(app.humans) > 1
        undo = "" if shared else button("Undo", "undo", disabled=not can, key="undo", title=UNDO_RULE)
        why = "" if can or shared or not app.learner_moves else (
            '<span class="gw-small">Undo is off: a hidden card has come into your hand since your move.</span>')
        if app.pace.waiting:
            clock += (f'<p class="gw-small" data-testid="table-waits">{esc(app.told(app.status_line()))} '
                      "The table goes on in a few seconds.</p>")
        asked = (button("Why?", "why", key="why", title="Why the last bot made its move")
                 if app.driver.last_reason else "")
        return (clock + panel + '<div class="gw-row gw-tools">' + button("Hint", "hint", key="hint") + asked
                + undo + why + "</div>")

    def _over_html(self, view: Any) -> str:
        app = self.app
        result = app.state.result()
        won = app.seat in result.winners
        scores = ", ".join(f"{esc(view.seats[i].name)} {s}" for i, s in enumerate(result.scores))
        breakdown = "".join(f"<li>{esc(app.told(line))}</li>" for line in result.breakdown)
        return (f'<section class="{"gw-good" if won else "gw-panel"} gw-over" data-testid="game-over">'
                + heading(app.level_h, "You win!" if won else app.told(app.status_line()))
                + f"<p>Scores: {scores}</p>" + (f"<ul>{breakdown}</ul>" if breakdown else "")
                + '<div class="gw-row">'
                + (button("Leave the table", "leavetable", primary=True, key="leavetable2", focus=True)
                   if app.classmates.table is not None else button("New game", "new", primary=True, key="new2", focus=True))
                + button("Step through this game", "review", key="review") + "</div></section>")

    def mode_switch(self) -> str:
        typed = self.app.game.inputs.typed
        if typed is None:
            return ""
        checked = " checked" if self.app.typed else ""
        return (f'<label class="gw-small"><input type="checkbox" data-gw="mode" data-key="mode"{checked}> '
                f"{esc(typed.label)}</label>")

    def _typed_panel(self) -> str:
        """The hand (a click shows what a card is called) and a box to type the move in."""
        app = self.app
        typed = app.game.inputs.typed
        assert typed is not None
        view = app.seat_view()
        hand = view.seats[app.seat].hand
        if app.selected is not None and app.selected < len(hand):
            helper = f'<div class="gw-small" data-testid="card-name">{esc(typed.card_help(hand[app.selected]))}</div>'
        else:
            helper = '<div class="gw-small">Click a card to see what it is called.</div>'
        correction = (f'<div class="gw-error" data-gw-reveal data-testid="correction">You typed “{esc(app.said)}”. '
                      f"{esc(app.correction)}</div>" if app.correction else "")
        others = ", ".join(esc(s.name) for i, s in enumerate(view.seats) if i != app.seat)
        drill = ""
        if typed.drill:
            link = (f'<a href="{esc(typed.drill_notebook)}.ipynb">drill</a>' if typed.drill_notebook else "drill")
            drill = (f'<div class="gw-small">The words you miss go to your {link}, to practise.</div>' if app.learner
                     else f'<div class="gw-small">Give your name above, and the words you miss go to your {link}, '
                          "to practise.</div>")
        return (f'<div class="gw-panel gw-movebox">{heading(app.level_h, "Your hand")}'
                f'<p class="gw-turn">{esc(app.told(app.status_line()))}</p>'
                f"{card_buttons(hand, selected=app.selected)}{helper}"
                f'<p>Ask {others}: <span class="gw-pattern" lang="{esc(typed.lang)}">{esc(typed.pattern)}</span></p>'
                f'<div class="gw-row"><input type="text" data-gw-input="said" data-gw-submit="say" data-key="said" '
                f'lang="{esc(typed.lang)}" autocomplete="off" spellcheck="false" placeholder="{esc(typed.placeholder)}" '
                f'aria-label="your question, typed" value="{esc(app.said)}" data-gw-focus>'
                + button("Ask", "say", primary=True, key="say", then="said") + f"</div>{correction}{self.notes_html()}{drill}</div>")

    def log_html(self) -> str:
        """What happened since the learner's last move, then the whole game so far (folded); newest at the end, shown."""
        app = self.app
        names, reader = app.names_now, app.reader

        def lines(items: list) -> str:
            """The events as lines of the log."""
            return "".join(event_html(e, gloss_hidden=app.typed, names=names, reader=reader) for _step, e in items)

        recent = app.lines[app.turn_mark:]
        older = app.lines[:app.turn_mark][-LOG_LINES:]
        folded = (f'<details><summary class="gw-small">Earlier in the game</summary>'
                  f'<div class="gw-log" data-gw-scroll="older">{lines(older)}</div></details>') if older else ""
        return (f'<section class="gw-panel gw-logbox" data-testid="recent">{heading(app.level_h, "What just happened")}'
                f'<div class="gw-log" data-gw-scroll="recent" tabindex="0" role="log" aria-label="what just happened">'
                f"{lines(recent)}</div>{folded}</section>")
