"""The guided first game: a prepared deal played on the play app's own table, the tutor saying what to do and why.

``FirstGameWidget(slug)`` plays ``lessons/first-games/<slug>.toml`` (``tutor.guide``).  At each of the learner's turns
the tutor shows the step's ``say`` and has the card it suggests already chosen, its moves on offer; the learner
presses a move (or chooses another card) as in the play app.  The suggested move plays on along the script: the
bots' next moves are the script's, each narrated.  A different legal move is allowed: the tutor says what it
changes (the step's ``other``, and always which move it was instead of which, with what it did), the game leaves
the script, the strong bots play on, and at each of the learner's turns the tutor suggests the strong bot's move
with its reason, spoken to the learner (``tutor.narration.in_tutor_voice``).  A move the rules refuse is answered
with the rules' reason and the rule.  When the game is over the table stays as it ended and the tutor says who won
and why (the file's ``end`` on the script, else the game's own result) with two ways on: a real game
(``<slug>-play.ipynb``) or the whole lesson (``<slug>-lesson.ipynb``).  A learner who has given a name has the
finished first game kept with their lessons' progress (``<slug>/first-game``, reached "finished").

One screen: the tutor's words come first, then the table's middle and the hand with its moves; what just happened,
the rules met, the players around the table and the learner's name come after (beside them on a wide screen).  A
rule met for the first time since the learner's last move shows as one line among the tutor's words (its title,
the whole rule behind *more*); the rules of the prepared deal itself are left to the intro (the file says how this
short deal differs from the rule book's), and every rule met is in the *Rules met* panel.

The play app's pace holds here too: the others' moves (the script's or the strong bots') show one at a time on the
browser's ticks (``step_bots``; at once with ``$GWARI_PACE=quick``), except the moves the tutor plays out at once
once the outcome is settled.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tutor import classroom
from tutor.games import get_game
from tutor.guide import FirstGame, _deal_mark, load_first_game
from tutor.lesson_figures import rule_words
from tutor.narration import in_tutor_voice, second_person
from tutor.widgets.base import button, esc, event_html, heading, prose, table_html, turn_told
from tutor.widgets.moves import move_panel
from tutor.widgets.play import PlayWidget
from tutor.widgets.play_panels import rule_card_html, rules_panel_html, trick_panel_html

FINISHED = ("{slug}/first-game", "finished")  # where a finished first game is kept, beside the lessons' rules reached
#: A rule's title as a button in one line of them: small enough that the newest rules never push the hand away.
OTHER_MOVE = "From here the game is yours: the others play their own best moves, and I suggest yours as we go."


class _Prepared:
    """A game whose ``start`` deals the first game's prepared deal; everything else is the game's own."""

    def __init__(self, game: Any, first: FirstGame) -> None:
        self._game, self._first = game, first

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def start(self, *_args: Any, **_kwargs: Any) -> Any:
        """The prepared deal (whatever seed the play app picks)."""
        return self._first.start()


class FirstGameWidget(PlayWidget):
    """The learner's first game of ``slug``: the play table, the tutor beside it, the script or the strong bots."""

    accepts = ("card", "move", "tick", "stepbots", "lasttrick", "rulemore", "rules")

    def __init__(self, slug: str, *, heading_level: int = 2) -> None:
        self.first: FirstGame = load_first_game(slug)
        first = self.first
        super().__init__(slug, players=first.players, level="strong", seat=first.seat,
                         names=list(first.names) if first.names else None, heading_level=heading_level,
                         **dict(first.options))

    # -- game flow

    def new_game(self, players: int, seed: int | None = None, level: str | None = None, *, notice: str = "") -> None:
        """Deal the first game's prepared deal and play the script up to the learner's first move.

        The play app deals as it always does, from a game whose ``start`` gives the prepared deal, so every part
        of the table is set up by the play app itself."""
        self.game = _Prepared(get_game(self.first.slug), self.first)
        self.step = 0  # the next step of the script; ``None`` once off the script
        self.changed = ""  # what the learner's different move changed
        self.bot_says: list[str] = []  # what the tutor said at the bots' moves since the learner's
        self.mark: tuple | None = None  # the deal's count at the start (a change ends the first game)
        self.played_out: int | None = None  # where the log stood when the tutor began playing out the rest
        self.bot_told = 0  # how many of ``bot_says`` have been said aloud
        self.kept_finished = False
        self.end_view: Any = None  # the table as the deal ended, when the game itself goes on to another deal
        super().new_game(players, 0, "strong", notice=notice)
        self.class_deal = ""
        # The prepared deal's own rules are the intro's to tell (how this deal differs from the rule book's): they
        # join the Rules met panel, not the tutor's words.
        dealt = {event.rule for event in self.first.states()[0].events}
        self.panels.new_cards = [rule for rule in self.panels.new_cards if rule not in dealt]
        self.panels.fresh_cards = []
        self.bot_told = 0
        self.tell(len(self.first.states()[0].events), f"{self.first.title}. {self.first.intro}")
        self.refresh()

    @property
    def you(self) -> str:
        """The learner's seat's name."""
        return self.names_now[self.seat]

    @property
    def on_script(self) -> bool:
        """Whether the game still follows the script."""
        return self.step is not None

    @property
    def finished(self) -> bool:
        """The first game is over: the script played to its end, or off the script the game or its first deal
        over (a second deal would be a whole new game's length)."""
        if self.on_script:
            return self.step >= len(self.first.steps)
        return self.state.is_over or _deal_mark(self.state) != self.mark

    def _followed(self, step: Any) -> None:
        super()._followed(step)
        if self.mark is not None and not self.state.is_over and _deal_mark(self.state) != self.mark:
            # The deal is over and the game deals the next: the table stays as the deal ended, its last trick on it.
            before = self.driver.view_at(step.before, self.seat)
            trick = self.panels.last_trick[0] if self.panels.last_trick is not None else before.trick
            now = self.seat_view()
            self.end_view = dataclasses.replace(
                now, trick=trick, status="The deal is over.",
                seats=tuple(dataclasses.replace(seat, hand=()) for seat in now.seats))

    def run_bots(self, waited: bool = False, step: bool = False) -> None:
        """The others move until it is the learner's turn: the script's moves, or off the script the strong bots'.

        One at a time with ``step_bots``, as in the play app: each move that shows something waits for the
        browser's next tick (``step``: this call may make one).  The moves the tutor plays out, once the outcome is
        settled, are made at once.  A first game that has just finished is kept for a learner with a name."""
        self.pace.still()
        if self.mark is None:
            self.mark = _deal_mark(self.state)
        while not self.finished:
            out = False
            if self.on_script:
                out = self.step >= self.first.played_out_from  # the outcome is settled: the tutor plays the rest
                if self.first.steps[self.step].learner and not out:
                    break
            else:
                self.driver.bot_offers()
                if self.finished or self.state.current_player == self.seat:
                    break
            if self.pace.step_bots and not step and not out:
                self.pace.stepping = True
                break
            start = len(self.lines)
            self._other_move()
            if len(self.lines) > start:
                step = False  # a move that showed something: the next waits for a tick
        self.pace.schedule()
        if self.finished and not self.kept_finished:
            self.kept_finished = True
            lesson, rule = FINISHED
            classroom.keep_rule_reached(lesson.format(slug=self.game.slug), rule)

    def _other_move(self) -> None:
        """The next move that is not the learner's: the script's (with what the tutor says at it), or the strong
        bot's."""
        if not self.on_script:
            self.driver.bot_apply(*self.driver.bot_decides())
            return
        step = self.first.steps[self.step]
        if self.step == self.first.played_out_from:
            self.bot_says.append(self.first.steps[self.step - 1].play_out)
            self.played_out = len(self.lines)
        self.driver.apply(self.game.parse_action(self.state, step.move))
        if step.say:
            self.bot_says.append(step.say)
        self.step += 1

    def racing(self) -> bool:
        return False  # the guided game waits for the learner: no clock runs

    def keep_game(self) -> None:
        """A guided game is not kept as one of the learner's games."""

    def try_move(self, make_action: Any) -> None:
        """A move of the learner's: refused with the rule, played along the script, or taken off the script."""
        self.advice.hint = ""
        if self.finished:
            raise ValueError("The first game is over.")
        checked = self.checked(make_action)
        if checked is None:
            return
        action, after = checked
        self.error = None
        self.changed = ""
        self.bot_says, self.bot_told = [], 0
        self.panels.turn()
        off = self.on_script and not (self.first.steps[self.step].learner and str(action) == self._script_move())
        before = self.state
        self.turn_mark = start = len(self.lines)
        self.learner_moves += 1
        self.driver.apply(action, after=after)
        if len(self.lines) > start:
            self.turn_mark = start + 1  # the learner's own move needs no telling: what just happened starts after it
        if self.on_script and not off:
            self.step += 1
        elif off:
            self.changed = self._what_it_changes(before, action)
            self.step = None
        self.run_bots()
        self.selected = None
        self.tell(start, self.changed)
        self.refresh()

    def _what_it_changes(self, before: Any, action: Any) -> str:
        """What the learner's move other than the script's changes: which move it was instead of which, what it
        did beyond being played (a catch, a fish, a trick taken), the file's words for it, and that the game is
        the learner's from here."""
        step = self.first.steps[self.step]
        why = step.other.get(str(action)) or next(
            (why for text, why in step.other.items() if str(self.game.parse_action(before, text)) == str(action)), "")
        if step.learner:
            suggested = before.prompt(self.game.parse_action(before, step.move))
            head = f"You chose “{before.prompt(action)}” where I suggested “{suggested}”."
        else:
            head = f"You chose “{before.prompt(action)}”, which my plan did not have."
        did = [second_person(event.text, self.you) for event in self.state.events[1:3]]
        return " ".join([head, *did[:2], why, OTHER_MOVE]).replace("  ", " ").strip()

    def go_on(self, waited: bool = False) -> None:
        """The browser's tick: the next of the others' moves, said (with what the tutor says at it) and drawn."""
        start = len(self.lines)
        self.run_bots(step=True)
        self.tell(start)
        self.refresh()

    def tell(self, start: int, head: str = "") -> None:
        """Say aloud ``head``, what the tutor said at the others' moves since it was last said, the events from
        ``start`` in the log (up to the moves the tutor played out), the rules met for the first time, and the
        suggestion or, at the end, the result; and choose the suggested move's card in the hand."""
        said = self.bot_says[self.bot_told:]
        self.bot_told = len(self.bot_says)
        until = self.played_out if self.played_out is not None and self.played_out >= start else None
        lines = [second_person(event.text, self.you) for _step, event in self.lines[start:until]]
        rules = self.panels.told_fresh()
        tail = self.end_words() if self.finished else self.suggestion()[0]
        self.announce(" ".join(text for text in (head, *said, *lines, *rules, tail) if text))
        self.selected = self._suggested_card()

    def _suggested_card(self) -> int | None:
        """Where in the learner's hand the card of the suggested move is (``None``: no suggestion, or no card)."""
        move = self.suggestion()[1] if self.game.inputs.cards else ""
        if not move:
            return None
        used = self.state.cards_of(self.game.parse_action(self.state, move))
        hand = self.seat_view().seats[self.seat].hand
        return next((i for i, card in enumerate(hand) if used and card == used[0]), None)

    def _script_move(self) -> str:
        """The script's next move in the game's own words (its canonical text)."""
        return str(self.game.parse_action(self.state, self.first.steps[self.step].move))

    def suggestion(self) -> tuple[str, str]:
        """What the tutor suggests now, and the move's text: the script's ``say``, or off the script the strong
        bot's move and its reason, spoken to the learner; ``("", "")`` when it is not the learner's turn."""
        if self.finished:
            return "", ""
        if self.on_script:
            step = self.first.steps[self.step]
            return (step.say, self._script_move()) if step.learner else ("", "")
        if self.state.current_player != self.seat:
            return "", ""
        action, reason = self.driver.bot_decides(self.seat, "strong")
        reason = second_person(in_tutor_voice(reason), self.you)
        return f"{self.state.prompt(action)}. {reason}".strip(), str(action)

    def end_words(self) -> str:
        """The result explained: the file's ``end`` on the script, else who won and why in the game's own words
        and numbers (or, when only the deal is over, how it scored)."""
        if self.on_script:
            return self.first.end
        you = self.you
        seen: set[str] = set()
        out: list[str] = []

        def say(text: str) -> None:
            text = second_person(" ".join(text.split()), you)
            if text and text not in seen:
                seen.add(text)
                out.append(text if text[-1] in ".!?" else text + ".")

        # What the last move's events said about the end: those that cite a rule not met before it in this game.
        before = {event.rule for _step, event in self.lines[:-len(self.state.events) or None]}
        closing = [event.text for event in self.state.events if event.rule not in before]
        if self.state.is_over:
            result = self.state.result()
            names = self.names_now
            winners = [names[seat] for seat in result.winners]
            if self.seat in result.winners:
                say(" and ".join(["You", *(name for name in winners if name != you)]) + " win!")
            elif winners:
                say(" and ".join(winners) + (" win." if len(winners) > 1 else " wins."))
            for text in closing:
                say(text)
            if not any(result.text in line or line in result.text for line in out):
                say(result.text)
            for line in result.breakdown:
                say(line)
        else:  # the deal is over and the game would deal again: how the deal scored, not the next deal's dealing
            say("The deal is over.")
            for event in self.state.events:
                if event.rule not in before and event.rule not in self.deal_rules:
                    say(event.text)
        return " ".join(out)

    # -- drawing

    def render(self) -> str:
        """The tutor's words, the table and the learner's hand (or the end) first; then what just happened, the
        rules met, the players around the table and the learner's name."""
        h = self.level_h
        view = self.seat_view()
        shown = self.end_view if self.finished and self.end_view is not None and not self.state.is_over else view
        main = [self._tutor_html(),
                f'<section class="gw-panel gw-tablebox" aria-label="the table">{heading(h, "The table", cls="gw-sr")}'
                f'{table_html(shown, level=h + 1, part="middle", reader=self.you)}</section>']
        if not self.finished:
            panel = move_panel(self.state, self.seat, self.selected, level=h, notes=self.page.notes_html(),
                               cards=self.game.inputs.cards, view=view, status=self.status_line())
            main.append('<section class="gw-controls">' + turn_told(panel, self.status_line(), self.you)
                        + "</section>")
        side = [self._log_html(), self._side_panels_html(view),
                f'<section class="gw-panel gw-seatsbox">{heading(h, "Around the table")}'
                f'{table_html(shown, level=h + 1, own_hand=self.finished, part="seats", compact=True, reader=self.you)}</section>',
                f'<section class="gw-panel gw-bar">{self.learner_html()}</section>']
        return (f'<div class="gw-playapp gw-guide">{heading(h, self.first.title, cls="gw-sr")}'
                f'<div class="gw-playgrid"><div class="gw-main">{"".join(main)}</div>'
                f'<div class="gw-side">{"".join(side)}</div></div></div>')

    def _tutor_html(self) -> str:
        """What the tutor says, first on the page: the intro (until the learner's first move), what the learner's
        different move changed, the tutor's words at the others' moves, the rules met for the first time since the
        learner's move (one line each), and the suggestion, or at the end the result and the two ways on."""
        said = ""
        if self.on_script and not self.learner_moves:
            said += f'<div data-testid="intro" class="gw-small gw-intro">{prose(self.first.intro)}</div>'
        if self.changed:
            said += f'<p data-testid="changed"><strong>Your move:</strong> {esc(self.changed)}</p>'
        said += "".join(f'<p class="gw-small">{esc(text)}</p>' for text in self.bot_says)
        said += self._rule_cards_html()
        if self.finished:
            said += self._end_html()
        else:
            text, move = self.suggestion()
            if text:
                cards = ""
                if move:
                    used = self.state.cards_of(self.game.parse_action(self.state, move))
                    hand = self.seat_view().seats[self.seat].hand
                    cards = ",".join(str(i) for i, card in enumerate(hand) if card in used)
                said += (f'<p data-testid="suggestion" data-move="{esc(move)}" data-cards="{esc(cards)}" '
                         f'class="gw-suggest">{esc(text)}</p>')
        if not said:
            return ""
        who = "Your guide" if self.on_script else "Your guide (the game is yours now)"
        # First on the page, on a phone too (where the table's middle otherwise comes first).
        return (f'<section class="gw-panel gw-good gw-tutor" data-testid="tutor" aria-live="off">'
                f'{heading(self.level_h, who, cls="gw-sr" if self.on_script else "")}{said}</section>')

    def _rule_cards_html(self) -> str:
        """The rules met for the first time since the learner's last move, in one line among the tutor's words: each
        rule's title, a button that opens the whole rule.  At the end the result says how the game was scored, and
        the rules met last wait in the Rules met panel."""
        if not self.panels.new_cards or self.finished:
            return ""
        opened, titles = [], []
        for rule in self.panels.new_cards:
            if rule in self.panels.card_more:
                opened.append(rule_card_html(self.lesson, rule, more=True, level=self.level_h + 1, table=self.state))
                continue
            title = rule_words(self.lesson, rule, self.state)[0]
            titles.append(f'<span data-testid="rule-card" data-rule="{esc(rule)}">'
                          + button(title, "rulemore", rule, key=f"rulemore-{rule}", pressed=False,
                                   title="The whole rule").replace('class="gw-btn', 'class="gw-btn gw-btn-small', 1) + "</span>")
        line = (f'<div class="gw-row gw-rulecard gw-newrules">{"New rule:" if len(titles) == 1 else "New rules:"} '
                f'{"".join(titles)}</div>' if titles else "")
        return f'<div data-testid="rule-cards">{line}{"".join(opened)}</div>'

    def _side_panels_html(self, view: Any) -> str:
        """After the hand: the last trick taken (to look at again once the next is led) and the rules met in this
        game (no pace settings: the first game has no deals to wait between and no clock, and its others' moves
        come one at a time, or at once with ``$GWARI_PACE=quick``)."""
        parts = ['<div class="gw-panels" data-testid="panels">']
        if self.panels.last_trick is not None and view.trick != self.panels.last_trick[0] and not self.finished:
            led = view.trick is not None and bool(view.trick.plays)
            trick, words = self.panels.last_trick
            parts.append(trick_panel_html(view, trick, words, shown=self.panels.trick_open or not led, level=self.level_h))
        if self.panels.met:
            parts.append(rules_panel_html(self.lesson, self.panels.met, shown=self.panels.rules_open, table=self.state))
        parts.append("</div>")
        return "".join(parts)

    def _log_html(self) -> str:
        """The play app's log while the game goes on; at the end, when the tutor has said how the game ended, the
        whole game (the moves the tutor played out too) folded under one line."""
        if not self.finished:
            return self.page.log_html()
        lines = "".join(event_html(event, names=self.names_now, reader=self.you) for _step, event in self.lines)
        return (f'<section class="gw-panel gw-logbox" data-testid="recent"><details><summary>Every move of the '
                f'game</summary><div class="gw-log" role="log">{lines}</div></details></section>')

    def _end_html(self) -> str:
        """The result explained, and the two ways on."""
        slug = self.game.slug
        return (f'<div class="gw-over" data-testid="guide-end">'
                + heading(self.level_h, "Your first game is over")
                + f'<div data-testid="result">{prose(self.end_words())}</div>'
                + '<div class="gw-row">'
                + f'<a class="gw-btn gw-primary" href="{slug}-play.ipynb" data-testid="play-link">Play a real game</a>'
                + f'<a class="gw-btn" href="{slug}-lesson.ipynb" data-testid="lesson-link">Learn every rule</a>'
                + "</div></div>")
