"""The play app's page: what a learner sees of a game in play, drawn from the app's state (``PlayApp``).

On one screen: whose turn it is and the last move's words, the table's middle (the trick, the cards to answer),
the learner's hand and moves (clicked or typed) with a refused move and a hint beside them, or the game's end.
Beside them (below them where the page is narrow): the log of what just happened, the panels ``PlayApp`` adds
(``_panels_html``), the players around the table (counted, not drawn as rows of backs) and the settings bar
(players, bot level, the deal's code and loading one, the class deal, variants).  Reading only: every change is
made by ``tutor.widgets.play``.
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

LOG_LINES = 40
UNDO_RULE = ("Undo goes back to before your latest move that you can still take back: one after which no "
             "hidden card has come into your hand (a card drawn or caught cannot be unseen); the cards the others "
             "played in answer go back to their hands.")


class PlayPage:
    """The drawing half of ``PlayApp``: ``render`` and the parts of the page."""

    state: Any
    seat: int
    game: Any
    humans: frozenset
    covered: bool
    table: Any
    lobby: bool
    pressed: set
    why: str
    last_reason: Any
    reader: str
    told: Any

    def render(self) -> str:
        """The play app on one screen: what the learner answers (whose turn, the trick or the table's cards), their
        hand and moves; beside them (below them on a phone) what just happened, the panels, the players around the
        table and the settings.  The page's order is the order of reading and of the Tab key: the hand is the first
        stop, the settings come last."""
        if self.lobby and (self.table is None or self.table.state is None):
            notice = (f'<div class="gw-error gw-notice" data-gw-reveal>{esc(self.notice)}</div>' if self.notice else "")
            return (f'<div class="gw-playapp">{notice}{self._lobby_html()}'
                    f'<section class="gw-panel gw-bar">{self.learner_html()}</section></div>')
        state = self.state
        view = self.seat_view()
        asked = self.table.asked if self.table is not None else None  # a question awaiting its answer
        if asked is not None:  # the turn waits for the answer: the line of whose turn it is says so
            view = dataclasses.replace(view, status="You are asked: answer below." if asked == self.seat
                                       else f"Waiting for {self.names_now[asked]} to answer.")
        h = self.level_h
        over = state.is_over
        main = [f'<section class="gw-panel gw-tablebox" aria-label="the table">{heading(h, "The table", cls="gw-sr")}'
                f'{self._last_line()}{table_html(view, level=h + 1, part="middle", reader=self.reader)}</section>']
        if over:
            main.append(self._over_html(view))
        elif self.covered:
            main = [self._cover_html()]
        elif asked is not None:
            main.append(f'<section class="gw-controls">{self._question_html()}</section>')
        else:
            main.append(f'<section class="gw-controls">{self._controls_html()}</section>')
        side = [self._log_html(), self._panels_html(view),
                f'<section class="gw-panel gw-seatsbox">{heading(h, "Around the table")}'
                f'{table_html(view, level=h + 1, own_hand=over, part="seats", compact=True, reader=self.reader)}'
                '</section>',
                self._bar_html(view)]
        notice = (f'<div class="gw-error gw-notice" data-gw-reveal>{esc(self.notice)}</div>' if self.notice else "")
        return (f'<div class="gw-playapp"><div class="gw-playgrid">{notice}<div class="gw-main">{"".join(main)}</div>'
                f'<div class="gw-side">{"".join(side)}</div></div></div>')

    def _cover_html(self) -> str:
        """Pass and play: the screen between two learners' turns, with no hand and no table on it."""
        name = self.names_now[self.seat]
        return (f'<section class="gw-panel gw-cover" data-testid="cover">{heading(self.level_h, f"Pass to {name}")}'
                f"<p>{esc(name)}, it is your turn. The others look away while you play.</p>"
                + button(f"I am {name}: show my hand", "ready", primary=True, key="ready", focus=True)
                + "</section>")

    def _race_buttons(self) -> str:
        """In a race at a table, or among learners at one screen: a race button for each of them still racing."""
        race = self.game.inputs.race
        racing = [s for s in sorted(self.humans) if s in self.state.current_players]
        return ('<div class="gw-row gw-racebox" data-testid="race-buttons">'
                + "".join(button((f"{self.names_now[s]}: " if len(self.humans) > 1 else "") + race.button
                                 + (" ✓" if s in self.pressed else ""),
                                 "press", value=str(s), key=f"press{s}", primary=s not in self.pressed, fast=True)
                          for s in racing) + "</div>")

    def _last_line(self) -> str:
        """The newest line of what just happened, above the table where one column leaves the log below the hand
        (hidden from screen readers, which hear it from the log and the live region)."""
        if not self.lines:
            return ""
        words = event_words(self.lines[-1][1], gloss_hidden=self.typed, names=self.names_now, reader=self.reader)
        return f'<p class="gw-last" aria-hidden="true" data-testid="last-line">{esc(words)}</p>'

    def _panels_html(self, view: Any) -> str:
        """What a page adds beside the table (a deal's summary, rules met…): nothing here; ``PlayApp`` says."""
        return ""

    def _bar_html(self, view: Any) -> str:
        if self.table is not None:
            return self._table_bar_html()
        you = view.seats[self.seat].name
        others = [s.name for i, s in enumerate(view.seats) if i != self.seat]
        if len(self.humans) > 1:
            who = "Pass and play: " + ", ".join(view.seats[s].name for s in sorted(self.humans)) + "."
        elif you == LEARNER_SEAT:  # the seat called "You" needs no introduction: who you play with does
            who = f"At the table with you: {' and '.join(', '.join(others).rsplit(', ', 1))}." if others else ""
        else:
            who = f"You are {you}."
        most = max(self.game.max_players, self.players)
        sharing = "".join(f'<option value="{n}"{" selected" if n == self.sharing else ""}>'
                          f'{"1 learner" if n == 1 else f"{n} learners"} at this screen</option>'
                          for n in range(1, most + 1))
        level_opts = "".join(f'<option value="{lv}"{" selected" if lv == self.level else ""}>{lv} bots</option>'
                             for lv in LEVELS)
        variants = option_controls(self.game, self.options)
        if variants:
            variants = (f'<details class="gw-variants"><summary>Variants (for the next deal)</summary>{variants}'
                        "</details>")
        return (f'<section class="gw-panel gw-bar"><div class="gw-row"><strong>{esc(self.game.title)}</strong>'
                f'<span class="gw-small" data-testid="who">{esc(who)}</span>'
                + players_control(self.game, self.players, self.options) +
                f'<select data-gw-input="sharing" aria-label="learners at this screen, passing it between turns" '
                f'data-key="sharing" title="Pass and play: learners at one screen take turns, each hand hidden '
                f'between turns">{sharing}</select>' +
                f'<select data-gw-input="level" aria-label="bot level" data-key="level">{level_opts}</select>'
                + button("New game", "new", key="new") +
                f'<span class="gw-small">Deal code <span class="gw-code" data-testid="code">{esc(self.code)}</span>'
                f'</span><input type="text" data-gw-input="code" data-gw-submit="load" placeholder="deal code" '
                f'aria-label="deal code to load" data-key="code-input" class="gw-num">'
                + button("Load", "load", key="load") + self._class_deal_button() + self._mode_switch()
                + button("Play with classmates", "classmates", "show", key="classmates",
                         title="Open a table for classmates, or join one (on this screen: pass and play)")
                + f"</div>{variants}{self.learner_html()}</section>")

    def _class_deal_button(self) -> str:
        if not self.class_deal:
            return ""
        return button("The class deal", "classdeal", key="classdeal",
                      title=f"The deal your teacher set for the class today (code {self.class_deal})")

    def _notes_html(self) -> str:
        """A refused move and a hint, placed right by the controls."""
        out = ""
        if self.error is not None:
            out += (f'<div class="gw-error" data-gw-reveal data-testid="refused"><strong>Not allowed:</strong> '
                    f"{esc(self.told(self.error.reason))}{rule_html(self.lesson, self.error.rule)}</div>")
        if self.hint:
            out += f'<div class="gw-good" data-testid="hint"><strong>Hint:</strong> {esc(self.hint)}</div>'
        if self.why:
            out += f'<div class="gw-panel gw-small" data-testid="why"><strong>Why?</strong> {esc(self.why)}</div>'
        return out

    def _controls_html(self) -> str:
        race = self.game.inputs.race
        racing = self._racing()
        clock = ""
        if racing:
            assert race is not None
            clock = (f'<p class="gw-clock" data-testid="clock">Race clock: {race.clock(self.state) / 1000:.2f} s — '
                     f"press “{esc(race.button)}” as soon as you can.</p>")
        if racing and (len(self.humans) > 1 or self.table is not None):
            panel = self._race_buttons()
        elif self.typed:
            panel = self._typed_panel()
        else:
            idle = race.idle(self.state) if racing and race is not None else None
            # At a table, in a round everyone decides at once, the seat decides as soon as it likes (on the state
            # where its decision counts), and is told what it chose until the round is done.
            early = self.table.early_state() if self.table is not None and not racing else None
            shown = early or self.state
            panel = turn_told(move_panel(shown, self.seat, self.selected, level=self.level_h, race_idle=idle,
                                         notes=self._notes_html() + self._chosen_html(), cards=self.game.inputs.cards),
                              early.status() if early else self.status_line(), self.reader)
        can = self.can_undo
        # At a table a move is the table's, and at one screen the next learner has seen it: nothing to take back.
        shared = self.table is not None or len(self.humans) > 1
        undo = "" if shared else button("Undo", "undo", disabled=not can, key="undo", title=UNDO_RULE)
        why = "" if can or shared or not self.learner_moves else (
            '<span class="gw-small">Undo is off: a hidden card has come into your hand since your move.</span>')
        if self.waiting:
            clock += (f'<p class="gw-small" data-testid="table-waits">{esc(self.told(self.status_line()))} '
                      "The table goes on in a few seconds.</p>")
        asked = (button("Why?", "why", key="why", title="Why the last bot made its move")
                 if self.last_reason else "")
        return (clock + panel + '<div class="gw-row gw-tools">' + button("Hint", "hint", key="hint") + asked
                + undo + why + "</div>")

    def _over_html(self, view: Any) -> str:
        result = self.state.result()
        won = self.seat in result.winners
        scores = ", ".join(f"{esc(view.seats[i].name)} {s}" for i, s in enumerate(result.scores))
        breakdown = "".join(f"<li>{esc(self.told(line))}</li>" for line in result.breakdown)
        return (f'<section class="{"gw-good" if won else "gw-panel"} gw-over" data-testid="game-over">'
                + heading(self.level_h, "You win!" if won else self.told(self.status_line()))
                + f"<p>Scores: {scores}</p>" + (f"<ul>{breakdown}</ul>" if breakdown else "")
                + '<div class="gw-row">'
                + (button("Leave the table", "leavetable", primary=True, key="leavetable2", focus=True)
                   if self.table is not None else button("New game", "new", primary=True, key="new2", focus=True))
                + button("Step through this game", "review", key="review") + "</div></section>")

    def _mode_switch(self) -> str:
        typed = self.game.inputs.typed
        if typed is None:
            return ""
        checked = " checked" if self.typed else ""
        return (f'<label class="gw-small"><input type="checkbox" data-gw="mode" data-key="mode"{checked}> '
                f"{esc(typed.label)}</label>")

    def _typed_panel(self) -> str:
        """The hand (a click shows what a card is called) and a box to type the move in."""
        typed = self.game.inputs.typed
        assert typed is not None
        view = self.seat_view()
        hand = view.seats[self.seat].hand
        if self.selected is not None and self.selected < len(hand):
            helper = f'<div class="gw-small" data-testid="card-name">{esc(typed.card_help(hand[self.selected]))}</div>'
        else:
            helper = '<div class="gw-small">Click a card to see what it is called.</div>'
        correction = (f'<div class="gw-error" data-gw-reveal data-testid="correction">You typed “{esc(self.said)}”. '
                      f"{esc(self.correction)}</div>" if self.correction else "")
        others = ", ".join(esc(s.name) for i, s in enumerate(view.seats) if i != self.seat)
        drill = ""
        if typed.drill:
            link = (f'<a href="{esc(typed.drill_notebook)}.ipynb">drill</a>' if typed.drill_notebook else "drill")
            drill = (f'<div class="gw-small">The words you miss go to your {link}, to practise.</div>' if self.learner
                     else f'<div class="gw-small">Give your name above, and the words you miss go to your {link}, '
                          "to practise.</div>")
        return (f'<div class="gw-panel gw-movebox">{heading(self.level_h, "Your hand")}'
                f'<p class="gw-turn">{esc(self.told(self.status_line()))}</p>'
                f"{card_buttons(hand, selected=self.selected)}{helper}"
                f'<p>Ask {others}: <span class="gw-pattern" lang="{esc(typed.lang)}">{esc(typed.pattern)}</span></p>'
                f'<div class="gw-row"><input type="text" data-gw-input="said" data-gw-submit="say" data-key="said" '
                f'lang="{esc(typed.lang)}" autocomplete="off" spellcheck="false" placeholder="{esc(typed.placeholder)}" '
                f'aria-label="your question, typed" value="{esc(self.said)}" data-gw-focus>'
                + button("Ask", "say", primary=True, key="say", then="said") + f"</div>{correction}{self._notes_html()}{drill}</div>")

    def _log_html(self) -> str:
        """What happened since the learner's last move, then the whole game so far (folded); newest at the end, shown."""
        names, reader = self.names_now, self.reader

        def lines(items: list) -> str:
            """The events as lines of the log."""
            return "".join(event_html(e, gloss_hidden=self.typed, names=names, reader=reader) for _step, e in items)

        recent = self.lines[self.turn_mark:]
        older = self.lines[:self.turn_mark][-LOG_LINES:]
        folded = (f'<details><summary class="gw-small">Earlier in the game</summary>'
                  f'<div class="gw-log" data-gw-scroll="older">{lines(older)}</div></details>') if older else ""
        return (f'<section class="gw-panel gw-logbox" data-testid="recent">{heading(self.level_h, "What just happened")}'
                f'<div class="gw-log" data-gw-scroll="recent" tabindex="0" role="log" aria-label="what just happened">'
                f"{lines(recent)}</div>{folded}</section>")
