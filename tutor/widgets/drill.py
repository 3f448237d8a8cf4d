"""The Cornish vocabulary drill: a learner types their name, answers a short session, sees a summary.

Everything is decided in ``tutor.vocab`` (exercises, judging, FSRS scheduling,
progress in SQLite); this widget only shows it and passes answers on.  The
progress file is opened only when a learner starts, so showing the widget
writes nothing.
"""

from __future__ import annotations

import random
from typing import Any

from tutor import classroom, render
from tutor.cards import Card
from tutor.progress import BrowserProgress, Progress, StoreError, learner_name
from tutor.vocab import Deck, Verdict, load_vocab, summarise
from tutor.vocab.exercises import Exercise, judge, known_words, plan_session
from tutor.vocab.schedule import Answered, Clock, score_line, utc_now
from tutor.widgets.base import GwariWidget, button, esc, heading, int_in, plain

MAX_TYPED = 200


class DrillWidget(GwariWidget):
    """A session of Cornish vocabulary exercises for one named learner, with progress kept."""

    accepts = ("start", "answer", "choose", "tile", "untile", "pick", "next", "again")

    def __init__(self, *, progress: Progress | None = None, clock: Clock = utc_now, seed: int | None = None,
                 size: int = 10, new: int = 5, learner: str = "", level: int = 2) -> None:
        super().__init__(asks_learner=True)
        self.level = level
        self.entries = load_vocab()
        self.known = known_words(self.entries)
        self.clock = clock
        self.rng = random.Random(seed)
        self.size, self.new = size, new
        self._progress = progress
        self.learner = learner or self.learner  # a name given here, else the one this browser remembers
        self.deck: Deck | None = None
        self.exercises: list[Exercise] = []
        self.index = 0
        self.verdict: Verdict | None = None
        self.typed = ""
        self.built: list[int] = []
        self.picked: int | None = None
        self.matched: list[tuple[int, int]] = []
        self.answered: list[Answered] = []
        self.results: list[tuple[bool, bool]] = []  # (right, almost) per exercise of the session
        self.notice = ""
        self.problem = ""
        self.refresh()

    # ------------------------------------------------------------ what the learner does

    @property
    def progress(self) -> Progress | BrowserProgress:
        """The class's store (opened on first use; in the browser, the page's own storage)."""
        if self._progress is None:
            progress = classroom.store()
            if progress is None:
                raise StoreError(classroom.store_problem() or "progress cannot be kept here")
            self._progress = progress
            self.notice = classroom.store_problem()
        return self._progress

    @property
    def exercise(self) -> Exercise | None:
        """The exercise on show, or None before the start and after the last."""
        return self.exercises[self.index] if 0 <= self.index < len(self.exercises) else None

    def on_start(self, value: Any, inputs: dict) -> None:
        """Start a session for the typed name (a new name is a new learner); a name that cannot be used says why."""
        try:
            self.learner = classroom.set_learner(learner_name(inputs.get("learner") or value or ""))
        except ValueError as exc:
            reason = str(exc).removeprefix("learner name: ")
            self.problem = {"type your name first.": "Type your name in the box first, then press Start: your "
                            "progress is kept under it."}.get(reason, f"That name cannot be used: {reason}")
            self.announce(self.problem)
            self.refresh()
            raise
        self.problem = ""
        try:
            self.deck = self.progress.deck(self.learner, clock=self.clock)
        except (StoreError, OSError) as exc:  # the session goes on; nothing of it is kept
            self.notice = f"Your progress cannot be kept on this computer ({exc}); the session goes on."
            self.deck = Deck(clock=self.clock)
        self.exercises = plan_session(self.deck, self.entries, self.rng, size=self.size, new=self.new)
        self.index, self.answered, self.results = 0, [], []
        self._clear()
        if self.exercise is not None:
            self.announce(f"1 of {len(self.exercises)}: {self.exercise.prompt}")
        self.refresh()

    def on_again(self, _value: Any, _inputs: dict) -> None:
        """Another session for the same learner."""
        self.on_start(self.learner, {})

    def on_answer(self, value: Any, inputs: dict) -> None:
        """A typed answer (or, for tiles, the sentence built so far)."""
        ex = self._open_exercise()
        if ex.kind == "build":
            self._judge([ex.tiles[i] for i in self.built])
        elif ex.kind in ("choice", "match"):
            raise ValueError(f"a {ex.kind} exercise is answered by clicking")
        else:
            self.typed = str(value if value not in (None, "") else inputs.get("answer", ""))[:MAX_TYPED]
            self._judge(self.typed)
        self.refresh()

    def on_choose(self, value: Any, _inputs: dict) -> None:
        """A multiple-choice answer."""
        ex = self._open_exercise("choice")
        self._judge(int_in(value, 0, len(ex.choices) - 1, "choice"))
        self.refresh()

    def on_tile(self, value: Any, _inputs: dict) -> None:
        """Add a word tile to the sentence being built."""
        ex = self._open_exercise("build")
        index = int_in(value, 0, len(ex.tiles) - 1, "tile")
        if index in self.built:
            raise ValueError("that tile is already used")
        self.built.append(index)
        self.refresh()

    def on_untile(self, _value: Any, _inputs: dict) -> None:
        """Take the last tile back."""
        self._open_exercise("build")
        if self.built:
            self.built.pop()
        self.refresh()

    def on_pick(self, value: Any, _inputs: dict) -> None:
        """Matching: a Cornish word (``k<i>``), then its English (``e<j>``)."""
        ex = self._open_exercise("match")
        text = str(value)
        side, number = text[:1], int_in(text[1:], 0, len(ex.pairs) - 1, "word")
        if side == "k":
            if any(k == number for k, _ in self.matched):
                raise ValueError("that word is already matched")
            self.picked = number
        elif side == "e":
            if self.picked is None:
                raise ValueError("choose a Cornish word first")
            if any(e == number for _, e in self.matched):
                raise ValueError("that English word is already matched")
            self.matched.append((self.picked, number))
            self.picked = None
            if len(self.matched) == len(ex.pairs):
                self._judge(self.matched)
        else:
            raise ValueError("word must be k<number> or e<number>")
        self.refresh()

    def on_next(self, _value: Any, _inputs: dict) -> None:
        """The next exercise (or the summary after the last)."""
        if self.exercise is None or self.verdict is None:
            raise ValueError("answer this one first")
        self.index += 1
        self._clear()
        if self.exercise is not None:
            self.announce(f"{self.index + 1} of {len(self.exercises)}: {self.exercise.prompt}")
        else:
            self.announce("Session done. " + score_line(*self.score()))
        self.refresh()

    # ------------------------------------------------------------ judging and keeping progress

    def _open_exercise(self, kind: str = "") -> Exercise:
        ex = self.exercise
        if ex is None or self.verdict is not None:
            raise ValueError("there is no question waiting for an answer")
        if kind and ex.kind != kind:
            raise ValueError(f"this is a {ex.kind} exercise, not {kind}")
        return ex

    def _judge(self, answer: Any) -> None:
        ex = self._open_exercise()
        self.verdict = judge(ex, answer, self.known)
        self.results.append((self.verdict.correct, self.verdict.near))
        self.announce(plain(self.verdict.html))
        if ex.kind == "match":
            results = [(ex.keys[k], k == e, False) for k, e in self.matched]
        else:
            results = [(key, self.verdict.correct, self.verdict.near) for key in ex.keys]
        assert self.deck is not None
        for key, correct, near in results:
            answered = self.deck.review(key, correct, near)
            self.answered.append(answered)
            try:
                self.progress.record(self.learner, answered, self.deck.cards[key])
            except (StoreError, OSError) as exc:
                self.notice = f"Your answers could not be saved ({exc}); the session goes on."

    def score(self) -> tuple[int, int, int]:
        """This session's exercises right, answered, and almost right (one exercise counts once, however many
        words it asks)."""
        return (sum(r for r, _n in self.results), len(self.results), sum(n for r, n in self.results if not r))

    def _clear(self) -> None:
        self.verdict, self.typed, self.built, self.picked, self.matched = None, "", [], None, []

    # ------------------------------------------------------------ drawing

    def render(self) -> str:
        """The name box, the exercise on show, or the session's summary."""
        parts = ['<div class="gw-panel">', heading(self.level, "Cornish words")]
        if self.notice:
            parts.append(f'<div class="gw-error" role="alert">{esc(self.notice)}</div>')
        if self.deck is None:
            parts.append(self._start_html())
        elif self.exercise is None:
            parts.append(self._summary_html())
        else:
            parts.append(self._exercise_html(self.exercise))
        parts.append("</div>")
        return "".join(parts)

    def learner_changed(self, name: str) -> None:
        """A name given in another app (or remembered by the browser) fills the box; a session under way goes on."""
        if self.deck is None:
            super().learner_changed(name)

    def _start_html(self) -> str:
        problem = (f'<div class="gw-error" data-gw-reveal data-testid="problem">{esc(self.problem)}</div>'
                   if self.problem else "")
        return ('<p>Type your name to start (each learner keeps their own progress on this computer).</p>'
                '<div class="gw-row"><input type="text" data-gw-input="learner" data-gw-submit="start" '
                f'data-key="learner" aria-label="your name" placeholder="your name" value="{esc(self.learner)}" '
                'data-gw-focus>' + button("Start", "start", primary=True, key="start") + f"</div>{problem}")

    def _exercise_html(self, ex: Exercise) -> str:
        parts = [f'<p class="gw-small" data-testid="count">{esc(self.learner)} — {self.index + 1} of '
                 f'{len(self.exercises)}</p><p data-testid="prompt"><strong>{esc(ex.prompt)}</strong></p>']
        done = self.verdict is not None
        if ex.kind == "picture":
            card = Card.parse(ex.card)
            # The picture's title would give the Cornish name away; keep only the English.
            parts.append(render.card_svg(card, width=90).replace(f" — {card.cornish}", ""))
        if ex.kind == "choice":
            parts.append('<div class="gw-row">' + "".join(
                button(c, "choose", i, disabled=done, group="choices", key=f"choice-{i}", focus=i == 0)
                for i, c in enumerate(ex.choices)) + "</div>")
        elif ex.kind == "match":
            parts.append(self._match_html(ex, done))
        elif ex.kind == "build":
            built = " ".join(ex.tiles[i] for i in self.built)
            parts.append(f'<p class="gw-said" lang="kw" data-testid="built">{esc(built) or "…"}</p>'
                         '<div class="gw-row">' + "".join(
                             button(t, "tile", i, disabled=done or i in self.built, group="tiles", key=f"tile-{i}",
                                    focus=True)
                             for i, t in enumerate(ex.tiles))
                         + button("Take back", "untile", muted=True, disabled=done or not self.built, key="untile")
                         + button("Check", "answer", primary=True, disabled=done, key="answer") + "</div>")
        else:
            lang = "en" if ex.language == "en" else "kw"
            disabled = " disabled" if done else ""
            parts.append('<div class="gw-row"><input type="text" data-gw-input="answer" data-gw-submit="answer" '
                         f'data-key="answer-box" lang="{lang}" autocomplete="off" spellcheck="false" '
                         f'aria-label="your answer" value="{esc(self.typed)}" data-gw-focus{disabled}>'
                         + button("Check", "answer", primary=True, disabled=done, key="answer") + "</div>")
        if self.verdict is not None:
            note = f'<p class="gw-small">{esc(ex.note)}</p>' if ex.note and not ex.note[:1].isdigit() else ""
            parts.append(f'<div data-testid="feedback">{self.verdict.html}{note}</div>'
                         + button("Next ▶", "next", primary=True, key="next", focus=True))
        return "".join(parts)

    def _match_html(self, ex: Exercise, done: bool) -> str:
        left_used = {k for k, _ in self.matched}
        right_used = {e for _, e in self.matched}
        left = "".join(button(k, "pick", f"k{i}", primary=self.picked == i, disabled=done or i in left_used,
                              group="kw", key=f"k{i}", pressed=self.picked == i, focus=True)
                       for i, (k, _e) in enumerate(ex.pairs))
        right = "".join(button(ex.pairs[j][1], "pick", f"e{j}", disabled=done or j in right_used or self.picked is None,
                               group="en", key=f"e{j}") for j in ex.english_order)
        made = "; ".join(f"{ex.pairs[k][0]} = {ex.pairs[e][1]}" for k, e in self.matched)
        return (f'<div class="gw-row" lang="kw">{left}</div><div class="gw-row">{right}</div>'
                f'<p class="gw-small">{esc(made)}</p>')

    def _summary_html(self) -> str:
        summary = summarise(self.answered)
        lines = "".join(f"<li>{esc(line)}</li>" for line in [score_line(*self.score())] + summary.due_lines(self.clock()))
        by_key = {e.key: e for e in self.entries}
        missed = ", ".join(f"{by_key[k].cornish} ({by_key[k].english})" for k in summary.missed if k in by_key)
        missed_html = f"<p>To practise: {esc(missed)}</p>" if missed else ""
        return (f'<div data-testid="summary">{heading(self.level + 1, f"Well done, {self.learner}!")}<ul>{lines}</ul>'
                f"{missed_html}</div>" + button("Another session", "again", primary=True, key="again", focus=True))
