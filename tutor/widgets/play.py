"""Play a whole game against bots, in one seat, with hints, undo, variants and shareable deal codes.

The controls come from the game's ``inputs`` (``tutor.engine.Inputs``): a hand
of card buttons with each card's moves, buttons for moves that use no card, a
box to type a move as a phrase (``inputs.typed``), and a race clock
(``inputs.race``) that ticks from the browser.  The variants come from the
game's rules class.  No game is named here.

Undo keeps a stack of points, one before each of the learner's moves.  A point
can be gone back to only while no card that was hidden there has been seen
since (a card drawn or caught cannot be unseen); Undo goes back to the latest
such point.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from tutor import classroom
from tutor.bots import LEVELS, make_bot
from tutor.engine import IllegalMove, Misread, Record, State
from tutor.games import get_game
from tutor.lessons import load_lesson
from tutor.progress import PlayedGame
from tutor.widgets.base import (GwariWidget, button, card_buttons, esc, event_html, event_words, heading, int_in,
                                rule_html, rule_title, table_html, visible_cards)
from tutor.widgets.moves import move_panel
from tutor.widgets.options import option_controls, read_options

LOG_LINES = 40
UNDO_RULE = ("Undo goes back to before your latest move that you can still take back: one after which no "
             "hidden card has come into view (a card drawn, caught or shown cannot be unseen).")


def deal_code(players: int, seed: int, options: dict[str, Any]) -> str:
    """A short code for a deal: players, seed and any options (``3-4821`` or ``3-4821-lucky_draw_continues``)."""
    parts = [str(players), str(seed)]
    for name, value in sorted(options.items()):
        parts.append(name if value is True else f"{name}={value}")
    return "-".join(parts)


def parse_deal_code(code: str) -> tuple[int, int, dict[str, Any]]:
    """Read a deal code back; a malformed one is refused with what a code looks like."""
    parts = str(code).strip().split("-")
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].isdigit():
        raise ValueError(f"{code!r} is not a deal code; a code looks like 3-4821.")
    options: dict[str, Any] = {}
    for part in parts[2:]:
        name, _, value = part.partition("=")
        if not name.isidentifier():
            raise ValueError(f"{part!r} in the deal code is not an option.")
        options[name] = True if not value else False if value == "False" else int(value) if value.isdigit() else value
    return int(parts[0]), int(parts[1]), options


@dataclass
class UndoPoint:
    """Where the game stood before one of the learner's moves, and every card seen since."""

    state: State
    record: Record
    lines: int
    turn_mark: int
    shown: Counter  # the cards the learner could see at this point
    seen: Counter = field(default_factory=Counter)  # every card the learner has seen since

    @property
    def open(self) -> bool:
        """True while no card hidden at this point has been seen since."""
        return not (self.seen - self.shown)


OFFER_WAIT_MS = 6000  # how long the table takes over its next move while the learner may make an offered move


class PlayApp(GwariWidget):
    """The learner in ``seat`` against bots; every move goes through the game's rules.

    Moves a seat may make out of turn (``state.offers``, such as a double) are never asked for: the learner sees a
    button while one is open, and the bots' next move waits ``OFFER_WAIT_MS`` so there is time to press it; bots
    decide on theirs once, before the move that would close them.
    """

    accepts = ("card", "move", "say", "mode", "hint", "undo", "new", "load", "classdeal", "review", "tick")

    def __init__(self, slug: str, *, players: int | None = None, level: str = "strong",
                 seat: int = 0, seed: int | None = None, names: list[str] | None = None,
                 on_review: Callable[[Record, int], None] | None = None, typed: bool = False,
                 heading_level: int = 2, **options: Any) -> None:
        super().__init__(asks_learner=True)
        self.game = get_game(slug)
        if typed and self.game.inputs.typed is None:
            raise ValueError(f"{self.game.title} has no moves to type; choose them with the buttons.")
        self.typed = typed
        self.said = ""
        self.correction = ""
        self.fumbles: list[tuple[str, str]] = []
        self.lesson = load_lesson(slug)
        self.game.make_rules(**options)
        self.options = options
        self.names = names
        self.seat = seat
        self.level_h = heading_level
        self.on_review_cb = on_review
        self.new_game(players or self.game.default_players, seed, level)

    # -- game flow

    def new_game(self, players: int, seed: int | None = None, level: str | None = None) -> None:
        """Deal a new game (a fresh seed unless one is given) and let the bots move until it is the learner's turn."""
        if level is not None:
            if level not in LEVELS:
                raise ValueError(f"Bot level must be one of {', '.join(LEVELS)}.")
            self.level = level
        self.seed = random.SystemRandom().randrange(10_000) if seed is None else seed
        names = self.names if self.names and len(self.names) == players else None
        self.state = self.game.start(players=players, seed=self.seed, names=names, **self.options)
        self.players = players
        self.record = self.state.setup
        self.bots = {p: make_bot(self.game.slug, self.level, self.seed * 31 + p) for p in range(players)}
        self.lines: list[tuple[int, Any]] = [(0, e) for e in self.state.events]
        self.turn_mark = 0
        self.selected: int | None = None
        self.error: IllegalMove | None = None
        self.hint = ""
        self.notice = ""
        self.undo_points: list[UndoPoint] = []
        self.learner_moves = 0
        self.declined: set[tuple[int, str]] = set()
        self.waiting = False
        self.game_kept = False
        self.class_deal = classroom.class_deal()
        self._run_bots()
        self._tell(0, f"New deal, code {self.code}.")
        self.refresh()

    def _apply(self, action: Any) -> None:
        self.state = self.state.apply(action)
        self.record = self.record.with_action(action)
        self.lines.extend((len(self.record.actions), e) for e in self.state.events)
        if self.undo_points:
            now = visible_cards(self.state.view(self.seat))
            for point in self.undo_points:
                point.seen |= now
            # A closed point never opens again (what has been seen stays seen), so it is dropped.
            self.undo_points = [point for point in self.undo_points if point.open]
        if self.state.is_over and not self.game_kept:
            self.game_kept = True
            self._keep_game()

    def _keep_game(self) -> None:
        """A finished game goes to the learner's record for the teacher (when the learner has given a name)."""
        result = self.state.result()
        view = self.state.view(self.seat)
        classroom.keep_game(PlayedGame(
            self.game.slug, dict(self.options), self.code, tuple(seat.name for seat in view.seats), self.seat,
            tuple(result.scores), self.seat in result.winners, len(self.record.actions), self.level))

    def _run_bots(self, waited: bool = False) -> None:
        """Bots move until it is the learner's turn; before a move that may close an offer the learner has open,
        the table waits (the browser's clock brings it back with ``waited``)."""
        self.waiting = False
        while not self.state.is_over and self.state.current_player != self.seat:
            self._bot_offers()
            if self.state.offers(self.seat) and not waited:
                self.waiting = True
                break
            waited = False
            self._apply(self.bots[self.state.current_player].choose(self.state))
        if not self.state.is_over and self.state.current_player == self.seat:
            self._bot_offers()
        # In a race the browser's clock ticks while it is the learner's decision; it also brings back a waiting table.
        racing = self._racing()
        if racing:
            self.interval = int(self.game.inputs.race.tick_ms(self.state))
        elif self.waiting:
            self.interval = OFFER_WAIT_MS
        self.playing = racing or self.waiting

    def _bot_offers(self) -> None:
        """Each bot with an out-of-turn move open decides once (before the next ordinary move) whether to make it."""
        for seat in self.state.current_players:
            if seat == self.seat:
                continue
            for offer in self.state.offers(seat):
                key = (len(self.record.actions), str(offer))
                if key in self.declined:
                    continue
                action, _why = self.bots[seat].offer(self.state, seat)
                if action is None:
                    self.declined.add(key)
                else:
                    self._apply(action)
                break

    def _racing(self) -> bool:
        race = self.game.inputs.race
        return (race is not None and not self.state.is_over and self.state.current_player == self.seat
                and race.clock(self.state) is not None)

    @property
    def names_now(self) -> list[str]:
        """The players' names in seat order."""
        return [s.name for s in self.state.view(self.seat).seats]

    def _tell(self, start: int, head: str = "") -> None:
        """Announce the events from ``start`` in the log, and what the learner is to do."""
        lines = [event_words(e, gloss_hidden=self.typed, names=self.names_now) for _step, e in self.lines[start:]]
        if not self.state.is_over and self.state.current_player == self.seat and not self._racing():
            lines.append(self.state.status())
        elif self.state.is_over:
            lines.append(self.state.status())
        self.announce(" ".join(([head] if head else []) + lines))

    # -- what the browser may ask

    def on_card(self, value: Any, _inputs: dict) -> None:
        """Choose a card of the learner's hand."""
        hand = self.state.view(self.seat).seats[self.seat].hand
        index = int_in(value, 0, len(hand) - 1, "card")
        self.selected = None if self.selected == index else index
        self.refresh()

    def on_move(self, value: Any, _inputs: dict) -> None:
        """Try a move given as its text; an illegal one is explained with its rule and changes nothing."""
        self._try(lambda: self.game.parse_action(self.state, str(value)))

    def on_say(self, value: Any, inputs: dict) -> None:
        """A move typed as a phrase: a phrase that cannot be read gets a correction, never a guess."""
        typed = self.game.inputs.typed
        if typed is None or not self.typed:
            raise ValueError("Typing a move is not switched on.")
        text = str(value if value not in (None, "") else inputs.get("said", ""))[:200]
        if self.state.is_over or self.state.current_player != self.seat:
            raise ValueError("It is not your turn.")
        self.said, self.correction = text, ""
        try:
            action = typed.read(self.state, self.seat, text)
        except Misread as exc:
            self.correction = exc.hint
            if exc.expected:
                self.fumbles.append((exc.expected, exc.typed))
                if typed.drill:
                    self._keep_for_drill(exc.expected, exc.typed)
            self.error = None
            self.announce(f"You typed {text}. {self.correction}")
            self.refresh()
            return
        self._try(lambda: action)

    def _keep_for_drill(self, expected: str, typed: str) -> None:
        """A fumbled word goes to the learner's drill schedule, when the learner has given a name."""
        if not self.learner:
            return
        from tutor.progress import StoreError, keep_fumbles

        try:
            keep_fumbles(self.learner, [(expected, typed)], progress=classroom.store())
        except (ValueError, StoreError) as exc:  # a name the store refuses, or no store here
            self.correction += f" (Not kept for the drill: {exc})"

    def on_mode(self, value: Any, _inputs: dict) -> None:
        """Switch between choosing moves by clicking and typing them (for games that offer it)."""
        if self.game.inputs.typed is None:
            raise ValueError(f"{self.game.title} has no moves to type.")
        self.typed = str(value).lower() == "true"
        self.said = self.correction = ""
        self.refresh()

    def on_tick(self, _value: Any, _inputs: dict) -> None:
        """A tick of the race clock went by without a click: the learner's idle move, then the bots; or the table's
        wait for an offered move is over and play goes on."""
        if self.waiting:
            start = len(self.lines)
            self._run_bots(waited=True)
            if len(self.lines) > start:
                self._tell(start)
            self.refresh()
            return
        if not self._racing():
            self.playing = False
            return
        start = len(self.lines)
        self._apply(self.game.inputs.race.idle(self.state))
        self._run_bots()
        self.error = None
        if len(self.lines) > start:
            self._tell(start)
        self.refresh()

    def _try(self, make_action: Callable[[], Any]) -> None:
        self.hint = ""
        if self.state.is_over:
            raise ValueError("The game is over.")
        try:
            action = make_action()
            if self.state.current_player != self.seat and action not in self.state.offers(self.seat):
                raise ValueError("It is not your turn.")
            self.state.apply(action)
        except IllegalMove as exc:
            self.error = exc
            title = rule_title(self.lesson, exc.rule)
            self.announce(f"Not allowed: {exc.reason}" + (f" Rule: {title}." if title else ""))
            self.refresh()
            return
        self.said = self.correction = ""
        self.error = None
        self.notice = ""
        if not self._racing():  # a move against the clock cannot be taken back
            self.undo_points.append(UndoPoint(self.state, self.record, len(self.lines), self.turn_mark,
                                              visible_cards(self.state.view(self.seat))))
        self.turn_mark = start = len(self.lines)
        self.learner_moves += 1
        self._apply(action)
        self._run_bots()
        self.selected = None
        self._tell(start)
        self.refresh()

    def on_hint(self, _value: Any, _inputs: dict) -> None:
        """What the stronger bot would do in the learner's place, and why."""
        offers = [] if self.state.is_over else self.state.offers(self.seat)
        if self.state.is_over or (self.state.current_player != self.seat and not offers):
            raise ValueError("It is not your turn.")
        bot = make_bot(self.game.slug, "strong", self.seed)
        parts = []
        if offers:  # a move the learner may make out of turn: what the stronger bot would do with it
            offered, why = bot.offer(self.state, self.seat)
            if why:
                parts.append(f"{self.state.prompt(offered or offers[0])}? {why}")
        if self.state.current_player == self.seat:
            action, reason = bot.explain(self.state)
            if self.typed and self.game.inputs.typed is not None:
                reason += f" ({self.state.prompt(action)}.)"
            parts.append(f"{self.state.describe(action)} — {reason}")
        self.hint = " ".join(parts)
        self.announce(f"Hint: {self.hint}")
        self.refresh()

    def _undo_target(self) -> int | None:
        if self.state.is_over or self._racing():
            return None
        return next((i for i in range(len(self.undo_points) - 1, -1, -1) if self.undo_points[i].open), None)

    @property
    def can_undo(self) -> bool:
        """Whether some earlier point can be gone back to (no card hidden there has been seen since)."""
        return self._undo_target() is not None

    def on_undo(self, _value: Any, _inputs: dict) -> None:
        """Go back to the latest point before a move of the learner's where no hidden card has been seen since."""
        target = self._undo_target()
        if target is None:
            raise ValueError("Undo is not possible: a hidden card has been seen since your move.")
        point = self.undo_points[target]
        del self.undo_points[target:]
        self.state, self.record, self.turn_mark = point.state, point.record, point.turn_mark
        del self.lines[point.lines:]
        self.error, self.hint, self.selected = None, "", None
        self.announce("Your move is taken back. " + self.state.status())
        self.refresh()

    def on_new(self, _value: Any, inputs: dict) -> None:
        """A new deal with the chosen number of players, bot level and variants."""
        players = int_in(inputs.get("players", self.players), self.game.min_players, self.game.max_players,
                         "players")
        level = str(inputs.get("level", self.level))
        if level not in LEVELS:
            raise ValueError(f"Bot level must be one of {', '.join(LEVELS)}.")
        try:
            options = read_options(self.game, inputs) if any(k.startswith("option:") for k in inputs) else self.options
            self.game.start(players=players, seed=0, **options)
        except (ValueError, IllegalMove) as exc:
            reason = re.sub(r"^option \w+: ", "", str(getattr(exc, "reason", exc)))  # the option's name is for code
            self.notice = f"That game could not be set up: {reason}"
            self.announce(self.notice)
            self.refresh()
            return
        self.options = options
        self.new_game(players, None, level)

    def on_load(self, _value: Any, inputs: dict) -> None:
        """Replay a deal from its code (what a teacher gives the class), with the bot level chosen in the menu."""
        code = str(inputs.get("code", "")).strip()
        level = str(inputs.get("level", self.level))
        try:
            players, seed, options = parse_deal_code(code)
            int_in(players, self.game.min_players, self.game.max_players, "players")
            self.game.start(players=players, seed=seed, **options)
        except (ValueError, IllegalMove) as exc:
            self.notice = (f"That deal code could not be used: {getattr(exc, 'reason', exc)} "
                           f"A code for {self.game.title} looks like {self.game.default_players}-4821.")
            self.announce(self.notice)
            self.refresh()
            return
        self.options = options
        self.new_game(players, seed, level)

    def on_classdeal(self, _value: Any, inputs: dict) -> None:
        """Deal the class deal the teacher set for today: its players and variants if they fit this game, else its
        number with the players chosen here."""
        self.class_deal = classroom.class_deal()
        if not self.class_deal:
            raise ValueError("The teacher has not set a class deal.")
        players, seed, options = parse_deal_code(self.class_deal)
        try:
            int_in(players, self.game.min_players, self.game.max_players, "players")
            self.game.start(players=players, seed=seed, **options)
        except (ValueError, IllegalMove):
            players, options = self.players, self.options
        self.options = options
        self.new_game(players, seed, str(inputs.get("level", self.level)) if inputs.get("level") in LEVELS else None)

    def on_review(self, _value: Any, _inputs: dict) -> None:
        """Hand the finished game's record to whoever shows a step-through."""
        if self.on_review_cb is not None:
            self.on_review_cb(self.record, self.seat)

    # -- drawing

    @property
    def code(self) -> str:
        """This deal's code."""
        return deal_code(self.players, self.seed, self.options)

    def render(self) -> str:
        """The settings bar, the table, the learner's hand and moves (or the game's end), and what just happened."""
        state, seat = self.state, self.seat
        view = state.view(seat)
        h = self.level_h
        over = state.is_over
        parts = ['<div class="gw-playapp">', self._bar_html(view)]
        if self.notice:
            parts.append(f'<div class="gw-error gw-notice" data-gw-reveal>{esc(self.notice)}</div>')
        parts.append(f'<section class="gw-panel gw-tablebox">{heading(h, "The table", cls="gw-sr")}'
                     f"{table_html(view, level=h + 1, own_hand=over)}</section>")
        if over:
            parts.append(self._over_html(view))
        else:
            parts.append(f'<section class="gw-controls">{self._controls_html()}</section>')
        parts.append(self._log_html())
        parts.append("</div>")
        return "".join(parts)

    def _bar_html(self, view: Any) -> str:
        you = view.seats[self.seat].name
        player_opts = "".join(f'<option value="{n}"{" selected" if n == self.players else ""}>{n} players</option>'
                              for n in range(self.game.min_players, self.game.max_players + 1))
        level_opts = "".join(f'<option value="{lv}"{" selected" if lv == self.level else ""}>{lv} bots</option>'
                             for lv in LEVELS)
        variants = option_controls(self.game, self.options)
        if variants:
            variants = (f'<details class="gw-variants"><summary>Variants (for the next deal)</summary>{variants}'
                        "</details>")
        return (f'<section class="gw-panel gw-bar"><div class="gw-row"><strong>{esc(self.game.title)}</strong>'
                f'<span class="gw-small">You are {esc(you)}.</span>'
                f'<select data-gw-input="players" aria-label="players" data-key="players">{player_opts}</select>'
                f'<select data-gw-input="level" aria-label="bot level" data-key="level">{level_opts}</select>'
                + button("New game", "new", key="new") +
                f'<span class="gw-small">Deal code <span class="gw-code" data-testid="code">{esc(self.code)}</span>'
                f'</span><input type="text" data-gw-input="code" data-gw-submit="load" placeholder="deal code" '
                f'aria-label="deal code to load" data-key="code-input" class="gw-num">'
                + button("Load", "load", key="load") + self._class_deal_button() + self._mode_switch()
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
                    f"{esc(self.error.reason)}{rule_html(self.lesson, self.error.rule)}</div>")
        if self.hint:
            out += f'<div class="gw-good" data-testid="hint"><strong>Hint:</strong> {esc(self.hint)}</div>'
        return out

    def _controls_html(self) -> str:
        race = self.game.inputs.race
        racing = self._racing()
        clock = ""
        if racing:
            assert race is not None
            clock = (f'<p class="gw-clock" data-testid="clock">Race clock: {race.clock(self.state) / 1000:.2f} s — '
                     f"press “{esc(race.button)}” as soon as you can.</p>")
        if self.typed:
            panel = self._typed_panel()
        else:
            idle = race.idle(self.state) if racing and race is not None else None
            panel = move_panel(self.state, self.seat, self.selected, level=self.level_h, race_idle=idle,
                               notes=self._notes_html(), cards=self.game.inputs.cards)
        can = self.can_undo
        undo = button("Undo", "undo", disabled=not can, key="undo", title=UNDO_RULE)
        why = "" if can or not self.learner_moves else (
            '<span class="gw-small">Undo is off: a hidden card has come into view since your move.</span>')
        if self.waiting:
            clock += (f'<p class="gw-small" data-testid="table-waits">{esc(self.state.status())} '
                      "The table goes on in a few seconds.</p>")
        return (clock + panel + '<div class="gw-row gw-tools">' + button("Hint", "hint", key="hint")
                + undo + why + "</div>")

    def _over_html(self, view: Any) -> str:
        result = self.state.result()
        won = self.seat in result.winners
        scores = ", ".join(f"{esc(view.seats[i].name)} {s}" for i, s in enumerate(result.scores))
        breakdown = "".join(f"<li>{esc(line)}</li>" for line in result.breakdown)
        return (f'<section class="{"gw-good" if won else "gw-panel"} gw-over" data-testid="game-over">'
                + heading(self.level_h, "You win!" if won else self.state.status())
                + f"<p>Scores: {scores}</p>" + (f"<ul>{breakdown}</ul>" if breakdown else "")
                + '<div class="gw-row">' + button("New game", "new", primary=True, key="new2", focus=True)
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
        view = self.state.view(self.seat)
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
                f'<p class="gw-turn">{esc(self.state.status())}</p>'
                f"{card_buttons(hand, selected=self.selected)}{helper}"
                f'<p>Ask {others}: <span class="gw-pattern" lang="{esc(typed.lang)}">{esc(typed.pattern)}</span></p>'
                f'<div class="gw-row"><input type="text" data-gw-input="said" data-gw-submit="say" data-key="said" '
                f'lang="{esc(typed.lang)}" autocomplete="off" spellcheck="false" placeholder="{esc(typed.placeholder)}" '
                f'aria-label="your question, typed" value="{esc(self.said)}" data-gw-focus>'
                + button("Ask", "say", primary=True, key="say", then="said") + f"</div>{correction}{self._notes_html()}{drill}</div>")

    def _log_html(self) -> str:
        """What happened since the learner's last move, then the whole game so far (folded); newest at the end, shown."""
        names = self.names_now

        def lines(items: list) -> str:
            """The events as lines of the log."""
            return "".join(event_html(e, gloss_hidden=self.typed, names=names) for _step, e in items)

        recent = self.lines[self.turn_mark:]
        older = self.lines[:self.turn_mark][-LOG_LINES:]
        folded = (f'<details><summary class="gw-small">Earlier in the game</summary>'
                  f'<div class="gw-log" data-gw-scroll="older">{lines(older)}</div></details>') if older else ""
        return (f'<section class="gw-panel gw-logbox" data-testid="recent">{heading(self.level_h, "What just happened")}'
                f'<div class="gw-log" data-gw-scroll="recent" tabindex="0" role="log" aria-label="what just happened">'
                f"{lines(recent)}</div>{folded}</section>")
