"""Play a whole game against bots, in one seat, with hints, undo and shareable deal codes.

The controls come from the game's ``inputs`` (``tutor.engine.Inputs``): a hand
of card buttons with each card's moves, buttons for moves that use no card, a
box to type a move as a phrase (``inputs.typed``), and a race clock
(``inputs.race``) that ticks from the browser.  No game is named here.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

from tutor.bots import LEVELS, make_bot
from tutor.engine import IllegalMove, Misread, Record
from tutor.games import get_game
from tutor.lessons import load_lesson
from tutor.widgets.base import GwariWidget, button, card_buttons, esc, event_html, int_in, rule_html
from tutor.widgets.moves import move_panel
from tutor import render

LOG_LINES = 40


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
        options[name] = True if not value else int(value) if value.isdigit() else value
    return int(parts[0]), int(parts[1]), options


def visible_cards(view: Any) -> Counter:
    """Every face-up card in a view (hands shown to the viewer, sets, the centre)."""
    cards = [c for seat in view.seats for c in seat.hand if c is not None]
    cards += [c for seat in view.seats for meld in seat.melds for c in meld]
    return Counter(cards + list(view.centre))


class PlayApp(GwariWidget):
    """The learner in ``seat`` against bots; every move goes through the game's rules."""

    accepts = ("card", "move", "say", "mode", "hint", "undo", "new", "load", "review", "tick")

    def __init__(self, slug: str, *, players: int | None = None, level: str = "strong",
                 seat: int = 0, seed: int | None = None, names: list[str] | None = None,
                 on_review: Callable[[Record, int], None] | None = None, typed: bool = False,
                 **options: Any) -> None:
        super().__init__()
        self.game = get_game(slug)
        if typed and self.game.inputs.typed is None:
            raise ValueError(f"{self.game.title} has no moves to type; choose them with the buttons.")
        self.typed = typed
        self.said = ""
        self.correction = ""
        self.learner = ""
        self.fumbles: list[tuple[str, str]] = []
        self.lesson = load_lesson(slug)
        self.game.make_rules(**options)
        self.options = options
        self.names = names
        self.seat = seat
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
        self.undo_point: tuple[Any, Record, int, Counter, int] | None = None
        self._run_bots()
        self.refresh()

    def _apply(self, action: Any) -> None:
        self.state = self.state.apply(action)
        self.record = self.record.with_action(action)
        self.lines.extend((len(self.record.actions), e) for e in self.state.events)

    def _run_bots(self) -> None:
        while not self.state.is_over and self.state.current_player != self.seat:
            self._apply(self.bots[self.state.current_player].choose(self.state))
        # In a race the browser's clock ticks while it is the learner's decision.
        racing = self._racing()
        if racing:
            self.interval = int(self.game.inputs.race.tick_ms(self.state))
        self.playing = racing

    def _racing(self) -> bool:
        race = self.game.inputs.race
        return (race is not None and not self.state.is_over and self.state.current_player == self.seat
                and race.clock(self.state) is not None)

    # -- what the browser may ask

    def on_card(self, value: Any, _inputs: dict) -> None:
        """Choose a card of the learner's hand."""
        hand = self.state.view(self.seat).seats[self.seat].hand
        index = int_in(value, 0, len(hand) - 1, "card")
        self.selected = None if self.selected == index else index
        self.error = None
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
        self.said, self.correction = text, ""
        self.learner = str(inputs.get("learner", self.learner))[:60].strip()
        if self.state.is_over or self.state.current_player != self.seat:
            raise ValueError("It is not your turn.")
        try:
            action = typed.read(self.state, self.seat, text)
        except Misread as exc:
            self.correction = exc.hint
            if exc.expected:
                self.fumbles.append((exc.expected, exc.typed))
                if typed.drill:
                    self._keep_for_drill(exc.expected, exc.typed)
            self.error = None
            self.refresh()
            return
        self._try(lambda: action)

    def _keep_for_drill(self, expected: str, typed: str) -> None:
        """A fumbled word goes to the learner's drill schedule, when the learner has given a name."""
        if not self.learner:
            return
        from tutor.vocab import keep_fumbles
        from tutor.vocab.progress import StoreError

        try:
            keep_fumbles(self.learner, [(expected, typed)])
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
        """A tick of the race clock went by without a click: the learner's idle move, then the bots."""
        if not self._racing():
            self.playing = False
            return
        self._apply(self.game.inputs.race.idle(self.state))
        self._run_bots()
        self.refresh()

    def _try(self, make_action: Callable[[], Any]) -> None:
        self.hint = ""
        if self.state.is_over or self.state.current_player != self.seat:
            raise ValueError("It is not your turn.")
        try:
            action = make_action()
            self.state.apply(action)
        except IllegalMove as exc:
            self.error = exc
            self.refresh()
            return
        self.said = self.correction = ""
        self.error = None
        self.undo_point = (self.state, self.record, len(self.lines), visible_cards(self.state.view(self.seat)),
                           self.turn_mark)
        self.turn_mark = len(self.lines)
        self._apply(action)
        self._run_bots()
        self.selected = None
        self.refresh()

    def on_hint(self, _value: Any, _inputs: dict) -> None:
        """What the stronger bot would do in the learner's place, and why."""
        if self.state.is_over or self.state.current_player != self.seat:
            raise ValueError("It is not your turn.")
        action, reason = make_bot(self.game.slug, "strong", self.seed).explain(self.state)
        if self.typed and self.game.inputs.typed is not None:
            reason += f" ({self.state.prompt(action)}.)"
        self.hint = f"{self.state.describe(action)} — {reason}"
        self.refresh()

    @property
    def can_undo(self) -> bool:
        """Undo is allowed while no card hidden before the learner's last move has been seen since."""
        if self.undo_point is None:
            return False
        before = self.undo_point[3]
        return not (visible_cards(self.state.view(self.seat)) - before)

    def on_undo(self, _value: Any, _inputs: dict) -> None:
        """Take back the learner's last move (and the bots' replies)."""
        if not self.can_undo:
            raise ValueError("Undo is not possible: a hidden card has been seen since your move.")
        assert self.undo_point is not None
        self.state, self.record, log_len, _, self.turn_mark = self.undo_point
        del self.lines[log_len:]
        self.undo_point, self.error, self.hint = None, None, ""
        self.refresh()

    def on_new(self, _value: Any, inputs: dict) -> None:
        """A new deal with the chosen number of players and bot level."""
        players = int_in(inputs.get("players", self.players), self.game.min_players, self.game.max_players,
                         "players")
        level = str(inputs.get("level", self.level))
        self.new_game(players, None, level)

    def on_load(self, _value: Any, inputs: dict) -> None:
        """Replay a deal from its code (what a teacher gives the class), with the bot level chosen in the menu."""
        code = str(inputs.get("code", "")).strip()
        level = str(inputs.get("level", self.level))
        try:
            players, seed, options = parse_deal_code(code)
            int_in(players, self.game.min_players, self.game.max_players, "players")
            self.game.make_rules(**options)
        except ValueError as exc:
            self.notice = (f"That deal code could not be used: {exc} "
                           f"A code for {self.game.title} looks like {self.game.default_players}-4821.")
            self.refresh()
            return
        self.options = options
        self.new_game(players, seed, level)

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
        state, seat = self.state, self.seat
        view = state.view(seat)
        you = view.seats[seat].name
        player_opts = "".join(f'<option value="{n}"{" selected" if n == self.players else ""}>{n} players</option>'
                              for n in range(self.game.min_players, self.game.max_players + 1))
        level_opts = "".join(f'<option value="{lv}"{" selected" if lv == self.level else ""}>{lv} bots</option>'
                             for lv in LEVELS)
        parts = [
            f'<div class="gw-panel"><div class="gw-row"><strong>{esc(self.game.title)}</strong>'
            f'<span class="gw-small">You are {esc(you)}.</span>'
            f'<select data-gw-input="players" aria-label="players" data-key="players">{player_opts}</select>'
            f'<select data-gw-input="level" aria-label="bot level" data-key="level">{level_opts}</select>'
            + button("New game", "new", key="new") +
            f'<span class="gw-small">Deal code <span class="gw-code" data-testid="code">{esc(self.code)}</span></span>'
            f'<input type="text" data-gw-input="code" placeholder="deal code" aria-label="deal code" '
            f'data-key="code-input" style="min-width:8em;width:8em">' + button("Load", "load", key="load")
            + self._mode_switch() + "</div></div>",
        ]
        if self.notice:
            parts.append(f'<div class="gw-error" role="alert">{esc(self.notice)}</div>')
        if self.error is not None:
            parts.append(f'<div class="gw-error" role="alert"><strong>Not allowed:</strong> {esc(self.error.reason)}'
                         f"{rule_html(self.lesson, self.error.rule)}</div>")
        if self.hint:
            parts.append(f'<div class="gw-good"><strong>Hint:</strong> {esc(self.hint)}</div>')
        parts.append(f'<div class="gw-panel">{render.table_html(view, style=False, own_hand=False)}</div>')
        if state.is_over:
            result = state.result()
            scores = ", ".join(f"{esc(view.seats[i].name)} {s}" for i, s in enumerate(result.scores))
            won = seat in result.winners
            parts.append(f'<div class="{"gw-good" if won else "gw-panel"}" data-testid="game-over"><h3>'
                         f'{"You win!" if won else esc(state.status())}</h3><p>Scores: {scores}</p>'
                         + button("New game", "new", primary=True, key="new2")
                         + button("Step through this game", "review", key="review") + "</div>")
        else:
            parts.append(self._typed_panel() if self.typed else move_panel(state, seat, self.selected))
            parts.append('<div class="gw-row">' + button("Hint", "hint", key="hint")
                         + button("Undo my last move", "undo", disabled=not self.can_undo, key="undo",
                                  title="Takes back your last move and the replies to it, as long as no "
                                        "hidden card has been seen since.")
                         + "</div>")
        parts.append(self._log_html())
        return "".join(parts)

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
        helper = ""
        if self.selected is not None and self.selected < len(hand):
            helper = f'<div class="gw-small">{esc(typed.card_help(hand[self.selected]))}</div>'
        else:
            helper = '<div class="gw-small">Click a card to see what it is called.</div>'
        correction = (f'<div class="gw-error" role="alert">You typed “{esc(self.said)}”. {esc(self.correction)}</div>'
                      if self.correction else "")
        others = ", ".join(esc(s.name) for i, s in enumerate(view.seats) if i != self.seat)
        drill = ""
        if typed.drill:
            link = (f'<a href="{esc(typed.drill_notebook)}.ipynb">drill</a>' if typed.drill_notebook else "drill")
            drill = (f'<div class="gw-small">Your name, to practise the words you miss in the '
                     f'{link}: <input type="text" data-gw-input="learner" '
                     f'data-key="learner" aria-label="your name" style="min-width:8em;width:10em" '
                     f'value="{esc(self.learner)}"></div>')
        return (f'<div class="gw-panel"><h3>Your hand</h3>{card_buttons(hand, selected=self.selected)}{helper}'
                f'<p>Ask {others}: <span class="gw-code" lang="{esc(typed.lang)}">{esc(typed.pattern)}</span></p>'
                f'<div class="gw-row"><input type="text" data-gw-input="said" data-gw-submit="say" data-key="said" '
                f'lang="{esc(typed.lang)}" autocomplete="off" spellcheck="false" placeholder="{esc(typed.placeholder)}" '
                f'aria-label="your move, typed" value="{esc(self.said)}">'
                + button("Ask", "say", primary=True, key="say") + f"</div>{correction}{drill}</div>")

    def _log_html(self) -> str:
        """What happened since the learner's last move, then the whole game so far (folded)."""
        def lines(items: list) -> str:
            return "".join(event_html(e, gloss_hidden=self.typed) for _step, e in items)

        recent = self.lines[self.turn_mark:]
        older = self.lines[:self.turn_mark][-LOG_LINES:]
        folded = (f'<details><summary class="gw-small">Earlier in the game</summary>'
                  f'<div class="gw-log">{lines(older)}</div></details>') if older else ""
        return (f'<div class="gw-panel" data-testid="recent"><h3>What just happened</h3>'
                f'<div class="gw-log" aria-live="polite">{lines(recent)}</div>{folded}</div>')
