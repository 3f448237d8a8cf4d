"""The drill widget: a whole session answered as the browser would, forged messages refused, text escaped."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from tutor.progress import Progress
from tutor.vocab import load_vocab
from tutor.vocab.exercises import Exercise, make_exercise
from tutor.vocab.schedule import ManualClock
from tutor.widgets.drill import DrillWidget

NOW = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)



@pytest.fixture(autouse=True)
def _progress_env(tmp_path, monkeypatch):
    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))


def answer_right(w: DrillWidget) -> None:
    ex = w.exercise
    assert ex is not None
    if ex.kind == "choice":
        assert w.handle("choose", ex.choices.index(ex.answer))
    elif ex.kind == "match":
        for i in range(len(ex.pairs)):
            assert w.handle("pick", f"k{i}") and w.handle("pick", f"e{i}")
    elif ex.kind == "build":
        words = ex.answer.replace(",", "").split()
        used: set[int] = set()
        for word in words:
            i = next(i for i, t in enumerate(ex.tiles) if t == word and i not in used)
            used.add(i)
            assert w.handle("tile", i)
        assert w.handle("answer")
    else:
        assert w.handle("answer", None, {"answer": ex.answer})


def test_showing_the_widget_writes_nothing(tmp_path):
    DrillWidget(seed=1)
    assert not (tmp_path / "progress.sqlite3").exists()


def test_a_whole_session_right_then_the_summary_and_progress_kept(tmp_path):
    clock = ManualClock(NOW)
    w = DrillWidget(seed=2, clock=clock)
    assert not w.handle("answer", None, {"answer": "x"})            # nothing started yet
    assert w.handle("start", None, {"learner": "  Kerensa "})
    assert w.learner == "Kerensa" and len(w.exercises) == 5
    for _ in range(len(w.exercises)):
        answer_right(w)
        assert w.verdict is not None and w.verdict.correct, w.verdict
        assert 'data-testid="feedback"' in w.html
        assert w.handle("next")
    assert 'data-testid="summary"' in w.html and "5 of 5 right (100%)" in w.html
    store = Progress(tmp_path / "progress.sqlite3")
    assert store.learners() == ["Kerensa"] and all(a[1] for a in store.answers("Kerensa"))
    clock.now += timedelta(days=30)
    assert w.handle("again")
    assert any(k in store.deck("Kerensa").cards for ex in w.exercises for k in ex.keys)


def test_wrong_answers_are_kept_for_practice():
    w = DrillWidget(seed=3, clock=ManualClock(NOW))
    w.handle("start", None, {"learner": "Jowan"})
    for _ in range(len(w.exercises)):
        ex = w.exercise
        if ex.kind == "choice":
            w.handle("choose", (ex.choices.index(ex.answer) + 1) % len(ex.choices))
        elif ex.kind == "match":
            n = len(ex.pairs)
            for i in range(n):
                w.handle("pick", f"k{i}"), w.handle("pick", f"e{(i + 1) % n}")
        else:
            w.handle("answer", None, {"answer": "zzz"})
        assert not w.verdict.correct
        w.handle("next")
    assert "0 of" in w.html and "To practise:" in w.html


def test_forged_and_stale_messages_are_refused():
    w = DrillWidget(seed=4, clock=ManualClock(NOW))
    assert not w.handle("start", None, {"learner": ""})
    assert not w.handle("eval", "1+1")
    w.handle("start", None, {"learner": "Pol"})
    assert not w.handle("next")                                    # answer first
    assert not w.handle("choose", 99)
    assert not w.handle("tile", -1)
    assert not w.handle("pick", "x1")


def test_typed_text_and_names_are_escaped():
    w = DrillWidget(seed=5, clock=ManualClock(NOW))
    w.handle("start", None, {"learner": "<b>Pol</b>"})
    assert "<b>Pol" not in w.html and "&lt;b&gt;Pol" in w.html
    while w.exercise.kind in ("choice", "match", "build"):
        answer_right(w)
        w.handle("next")
    w.handle("answer", None, {"answer": '"><script>alert(1)</script>'})
    assert "<script>" not in w.html


def test_a_card_picture_does_not_give_the_cornish_away():
    w = DrillWidget(seed=6, clock=ManualClock(NOW))
    w.handle("start", None, {"learner": "Pol"})
    entry = next(e for e in load_vocab() if e.cornish == "Seyth an Palyow")
    w.exercises[0] = make_exercise(entry, "picture", w.rng, w.entries)
    w.refresh()
    assert "<svg" in w.html and "Seyth an Palyow" not in w.html
    assert w.handle("answer", "seyth an palyow") and w.verdict.correct
    assert isinstance(w.exercises[0], Exercise)


def test_starting_without_a_name_says_why():
    w = DrillWidget(seed=7, clock=ManualClock(NOW))
    assert not w.handle("start", None, {"learner": "   "})
    assert 'data-testid="problem"' in w.html and "Type your name" in w.html and w.deck is None
    assert "Type your name" in w.said_aloud
    assert w.handle("start", None, {"learner": "Pol"}) and 'data-testid="problem"' not in w.html


def test_the_summary_counts_exercises_not_words():
    w = DrillWidget(seed=8, clock=ManualClock(NOW), size=7, new=7)
    w.handle("start", None, {"learner": "Tamsin"})
    entry = next(e for e in w.entries if e.category == "rank")
    w.exercises[0] = make_exercise(entry, "match", w.rng, w.entries)  # one exercise, four words
    w.refresh()
    for _ in range(len(w.exercises)):
        answer_right(w)
        w.handle("next")
    n = len(w.exercises)
    assert f"{n} of {n} right (100%)" in w.html and len(w.answered) > n


def test_after_each_answer_the_focus_goes_to_next_and_then_to_the_answer():
    w = DrillWidget(seed=9, clock=ManualClock(NOW))
    w.handle("start", None, {"learner": "Pol"})
    answer_right(w)
    assert 'data-key="next" data-gw-focus' in w.html
    w.handle("next")
    assert w.html.count("data-gw-focus") >= 1 and 'data-key="next"' not in w.html
