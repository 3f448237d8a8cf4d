"""The guided first game: a prepared deal played on the play app's own table, the tutor saying what to do and why.

``GuidedGame(slug)`` plays ``lessons/first-games/<slug>.toml`` (``tutor.guide``).  At each of the learner's turns
the tutor shows the step's ``say``; the learner chooses a card and a move as in the play app.  The suggested move
plays on along the script: the bots' next moves are the script's, each narrated.  A different legal move is
allowed: the tutor says what it changes (the step's ``other``, or a general line), the game leaves the script, the
strong bots play on, and at each of the learner's turns the tutor suggests the strong bot's move with its reason.
A move the rules refuse is answered with the rules' reason and the rule.  When the deal (or the game) is over, the
result is explained (the file's ``end`` on the script, else the game's own result) with two ways on: a real game
(``<slug>-play.ipynb``) or the whole lesson (``<slug>-lesson.ipynb``).  A learner who has given a name has the
finished first game kept with their lessons' progress (``<slug>/first-game``, reached "finished").

The play app's pace and rule cards hold here too: the others' moves (the script's or the strong bots') show one at
a time on the browser's ticks (``step_bots``; at once with ``$GWARI_PACE=quick``), except the moves the tutor plays
out at once once the outcome is settled; a rule the game cites for the first time shows as a rule card beside the
tutor's words (once per learner, as in the play app), and the Rules panel lists the rules met in this game.
"""

from __future__ import annotations

from typing import Any

from tutor import classroom
from tutor.bots import make_bot
from tutor.games import get_game
from tutor.guide import FirstGame, _deal_mark, load_first_game
from tutor.widgets.base import esc, event_html, heading, prose, table_html
from tutor.widgets.moves import move_panel
from tutor.widgets.play import PlayApp
from tutor.widgets.play_panels import pace_html, rule_card_html, rules_panel_html, trick_panel_html

FINISHED = ("{slug}/first-game", "finished")  # where a finished first game is kept, beside the lessons' rules reached
OTHER_MOVE = ("That is not the move I suggested, but the rules allow it. From here the game is yours: "
              "the others play their own best moves, and I suggest yours as we go.")


class _Prepared:
    """A game whose ``start`` deals the first game's prepared deal; everything else is the game's own."""

    def __init__(self, game: Any, first: FirstGame) -> None:
        self._game, self._first = game, first

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def start(self, *_args: Any, **_kwargs: Any) -> Any:
        """The prepared deal (whatever seed the play app picks)."""
        return self._first.start()


class GuidedGame(PlayApp):
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
        self.told = 0  # how many of ``bot_says`` have been said aloud
        self.kept_finished = False
        super().new_game(players, 0, "strong", notice=notice)
        self.class_deal = ""
        self.told, self.fresh_cards = 0, list(self.new_cards)  # said again below, with the title and intro
        self._tell(len(self.first.states()[0].events), f"{self.first.title}. {self.first.intro}")
        self.refresh()

    @property
    def on_script(self) -> bool:
        """Whether the game still follows the script."""
        return self.step is not None

    @property
    def finished(self) -> bool:
        """The first game is over: the script played to its end, or the deal (or the game) over off the script."""
        if self.on_script:
            return self.step >= len(self.first.steps)
        return self.state.is_over or _deal_mark(self.state) != self.mark

    def _run_bots(self, waited: bool = False, step: bool = False) -> None:
        """The others move until it is the learner's turn: the script's moves, or off the script the strong bots'.

        One at a time with ``step_bots``, as in the play app: each move that shows something waits for the
        browser's next tick (``step``: this call may make one).  The moves the tutor plays out, once the outcome is
        settled, are made at once.  A first game that has just finished is kept for a learner with a name."""
        self.waiting = self.holding = self.stepping = False
        if self.mark is None:
            self.mark = _deal_mark(self.state)
        while not self.finished:
            out = False
            if self.on_script:
                out = self.step >= self.first.played_out_from  # the outcome is settled: the tutor plays the rest
                if self.first.steps[self.step].learner and not out:
                    break
            else:
                self._bot_offers()
                if self.finished or self.state.current_player == self.seat:
                    break
            if self.step_bots and not step and not out:
                self.stepping = True
                break
            start = len(self.lines)
            self._other_move()
            if len(self.lines) > start:
                step = False  # a move that showed something: the next waits for a tick
        self._schedule()
        if self.finished and not self.kept_finished:
            self.kept_finished = True
            lesson, rule = FINISHED
            classroom.keep_rule_reached(lesson.format(slug=self.game.slug), rule)

    def _other_move(self) -> None:
        """The next move that is not the learner's: the script's (with what the tutor says at it), or the strong
        bot's."""
        if not self.on_script:
            self._apply(self.bots[self.state.current_player].choose(self.state))
            return
        step = self.first.steps[self.step]
        if self.step == self.first.played_out_from:
            self.bot_says.append(self.first.steps[self.step - 1].play_out)
            self.played_out = len(self.lines)
        self._apply(self.game.parse_action(self.state, step.move))
        if step.say:
            self.bot_says.append(step.say)
        self.step += 1

    def _racing(self) -> bool:
        return False  # the guided game waits for the learner: no clock runs

    def _keep_game(self) -> None:
        """A guided game is not kept as one of the learner's games."""

    def _try(self, make_action: Any) -> None:
        """A move of the learner's: refused with the rule, played along the script, or taken off the script."""
        self.hint = ""
        if self.finished:
            raise ValueError("The first game is over.")
        action = self._checked(make_action)
        if action is None:
            return
        self.error = None
        self.changed = ""
        self.bot_says, self.told = [], 0
        self.new_cards, self.fresh_cards, self.seat_notes, self.summary = [], [], {}, None
        if self.on_script:
            step = self.first.steps[self.step]
            if step.learner and str(action) == self._script_move():
                self.step += 1
            else:
                self.changed = step.other.get(str(action)) or next(
                    (why for text, why in step.other.items()
                     if str(self.game.parse_action(self.state, text)) == str(action)), OTHER_MOVE)
                self.step = None
        self.turn_mark = start = len(self.lines)
        self.learner_moves += 1
        self._apply(action)
        self._run_bots()
        self.selected = None
        self._tell(start, self.changed)
        self.refresh()

    def _go_on(self, waited: bool = False) -> None:
        """The browser's tick: the next of the others' moves, said (with what the tutor says at it) and drawn."""
        start = len(self.lines)
        self._run_bots(step=True)
        self._tell(start)
        self.refresh()

    def _tell(self, start: int, head: str = "") -> None:
        """Say aloud ``head``, what the tutor said at the others' moves since it was last said, the events from
        ``start`` in the log (up to the moves the tutor played out), the rules met for the first time, and the
        suggestion or, at the end, the result."""
        said = self.bot_says[self.told:]
        self.told = len(self.bot_says)
        until = self.played_out if self.played_out is not None and self.played_out >= start else None
        lines = [event.text for _step, event in self.lines[start:until]]
        rules = [f"New rule: {self.lesson.rule(rule).title}." for rule in self.fresh_cards]
        self.fresh_cards = []
        tail = self.end_words() if self.finished else self.suggestion()[0]
        self.announce(" ".join(text for text in (head, *said, *lines, *rules, tail) if text))

    def _script_move(self) -> str:
        """The script's next move in the game's own words (its canonical text)."""
        return str(self.game.parse_action(self.state, self.first.steps[self.step].move))

    def suggestion(self) -> tuple[str, str]:
        """What the tutor suggests now, and the move's text: the script's ``say``, or off the script the strong
        bot's move and its reason; ``("", "")`` when it is not the learner's turn."""
        if self.finished:
            return "", ""
        if self.on_script:
            step = self.first.steps[self.step]
            return (step.say, self._script_move()) if step.learner else ("", "")
        if self.state.current_player != self.seat:
            return "", ""
        action, reason = make_bot(self.game.slug, "strong", self.seed).explain(self.state)
        return f"{self.state.prompt(action)}. {reason}", str(action)

    def end_words(self) -> str:
        """The result explained: the file's ``end`` on the script, else the game's own words for it."""
        if self.on_script:
            return self.first.end
        if self.state.is_over:
            result = self.state.result()
            return " ".join([self.state.status(), result.text, *result.breakdown]).strip()
        # The deal's own reckoning: the last move's events that cite a rule not met before it in this game.
        before = {event.rule for _step, event in self.lines[:-len(self.state.events) or None]}
        last = [event.text for event in self.state.events if event.rule not in before]
        return " ".join(["The deal is over.", *last])

    # -- drawing

    def render(self) -> str:
        """The title and intro, the tutor's words, the table, the learner's hand (or the end), what just happened."""
        first, h = self.first, self.level_h
        view = self.state.view(self.seat)
        parts = ['<div class="gw-playapp gw-guide">',
                 f'<section class="gw-panel gw-bar"><div class="gw-row"><strong>{esc(first.title)}</strong>'
                 f'<span class="gw-small">You are {esc(view.seats[self.seat].name)}.</span></div>'
                 f'{prose(first.intro)}{self.learner_html()}</section>']
        parts.append(self._tutor_html())
        parts.append(self._rule_cards_html())
        if self.finished:  # the result first, where the last move was made; the table after it
            parts.append(self._end_html())
        parts.append(f'<section class="gw-panel gw-tablebox">{heading(h, "The table", cls="gw-sr")}'
                     f"{table_html(view, level=h + 1, own_hand=self.finished)}</section>")
        if not self.finished:
            parts.append('<section class="gw-controls">' + move_panel(
                self.state, self.seat, self.selected, level=h, notes=self._notes_html(),
                cards=self.game.inputs.cards) + "</section>")
        parts.append(self._side_panels_html(view))
        parts.append(self._log_html())
        parts.append("</div>")
        return "".join(parts)

    def _tutor_html(self) -> str:
        """What the tutor says: what the learner's different move changed, the bots' moves, and the suggestion."""
        said = ""
        if self.changed:
            said += f'<p data-testid="changed"><strong>Your move:</strong> {esc(self.changed)}</p>'
        said += "".join(f'<p class="gw-small">{esc(text)}</p>' for text in self.bot_says)
        text, move = self.suggestion()
        if text:
            cards = ""
            if move:
                used = self.state.cards_of(self.game.parse_action(self.state, move))
                hand = self.state.view(self.seat).seats[self.seat].hand
                cards = ",".join(str(i) for i, card in enumerate(hand) if card in used)
            said += (f'<p data-testid="suggestion" data-move="{esc(move)}" data-cards="{esc(cards)}">'
                     f"{esc(text)}</p>")
        if not said:
            return ""
        who = "Your guide" if self.on_script else "Your guide (the game is yours now)"
        return f'<section class="gw-panel gw-good gw-tutor" data-testid="tutor" aria-live="off">' \
               f'{heading(self.level_h, who)}{said}</section>'

    def _rule_cards_html(self) -> str:
        """The rules met for the first time since the learner's last move, as the play app's rule cards, right by
        what the tutor says."""
        if not self.new_cards:
            return ""
        cards = "".join(rule_card_html(self.lesson, rule, more=rule in self.card_more, level=self.level_h)
                        for rule in self.new_cards)
        return f'<div class="gw-panels" data-testid="rule-cards">{cards}</div>'

    def _side_panels_html(self, view: Any) -> str:
        """Below the hand: the last trick taken (to look at again once the next is led), the rules met in this
        game, and the pace setting (the first game has no deals to wait between and no clock)."""
        parts = ['<div class="gw-panels" data-testid="panels">']
        if self.last_trick is not None and view.trick != self.last_trick[0]:
            led = view.trick is not None and bool(view.trick.plays)
            trick, words = self.last_trick
            parts.append(trick_panel_html(view, trick, words, shown=self.trick_open or not led, level=self.level_h))
        if self.met:
            parts.append(rules_panel_html(self.lesson, self.met, shown=self.rules_open))
        parts.append(pace_html(self.step_bots, None))
        parts.append("</div>")
        return "".join(parts)

    def _log_html(self) -> str:
        """The play app's log; once the tutor has played out the rest, those moves are folded under their own line."""
        if self.played_out is None:
            return super()._log_html()
        every, self.lines = self.lines, self.lines[:self.played_out]
        try:
            html = super()._log_html()
        finally:
            self.lines = every
        out = "".join(event_html(event, names=self.names_now) for _step, event in every[self.played_out:])
        folded = (f'<details><summary class="gw-small">The moves played out for you</summary>'
                  f'<div class="gw-log">{out}</div></details>')
        return html.removesuffix("</section>") + folded + "</section>"

    def _end_html(self) -> str:
        """The result explained, and the two ways on."""
        slug = self.game.slug
        return (f'<section class="gw-panel gw-over" data-testid="guide-end">'
                + heading(self.level_h, "Your first game is over")
                + f'<div data-testid="result">{prose(self.end_words())}</div>'
                + '<div class="gw-row">'
                + f'<a class="gw-btn gw-primary" href="{slug}-play.ipynb" data-testid="play-link">Play a real game</a>'
                + f'<a class="gw-btn" href="{slug}-lesson.ipynb" data-testid="lesson-link">Learn every rule</a>'
                + "</div></section>")
