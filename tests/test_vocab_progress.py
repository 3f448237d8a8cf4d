"""Scheduling with FSRS on a fixed clock, and drill progress kept in SQLite by several learners (many processes
writing at once: test_classroom.py)."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest

from tutor.vocab import load_vocab
from tutor.progress import Progress, keep_fumbles, learner_name, progress_path
from tutor.vocab import entry_for_word
from tutor.vocab.schedule import Deck, ManualClock, summarise, when_text

START = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)



@pytest.fixture(autouse=True)
def _progress_env(tmp_path, monkeypatch):
    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))


def test_a_session_brings_new_words_then_due_ones_with_a_fixed_clock():
    clock = ManualClock(START)
    deck = Deck(clock=clock)
    entries = load_vocab()
    first = deck.session(entries, random.Random(1), size=10, new=3)
    assert len(first) == 3 and {e.category for e in first} == {"number"}
    answers = [deck.review(e.key, correct=(i != 0)) for i, e in enumerate(first)]
    summary = summarise(answers)
    assert (summary.answered, summary.right, round(summary.accuracy, 2)) == (3, 2, 0.67)
    assert summary.missed == (first[0].key,)
    assert summary.lines(clock.now)[0] == "2 of 3 right (67%)."
    assert deck.due() == [first[0].key]          # a missed word is due again within the session's minute
    clock.now += timedelta(minutes=2)
    assert deck.due() == [first[0].key]          # Again: one minute
    second = deck.session(entries, random.Random(1), size=10, new=3)
    assert first[0] in second and len(second) == 4
    clock.now += timedelta(minutes=30)
    assert set(deck.due()) == {e.key for e in first}


def test_the_same_answers_at_the_same_times_give_the_same_schedule():
    def run() -> list:
        clock = ManualClock(START)
        deck = Deck(clock=clock)
        for step in range(6):
            deck.review("number:seyth", correct=step % 3 != 1)
            clock.now += timedelta(days=step + 1)
        return [deck.cards["number:seyth"].due, deck.cards["number:seyth"].stability]
    assert run() == run()


def test_when_text():
    assert when_text(timedelta(seconds=30)) == "now"
    assert when_text(timedelta(minutes=10)) == "in 10 minutes"
    assert when_text(timedelta(days=3)) == "in 3 days"


def test_the_default_path_follows_the_environment(monkeypatch, tmp_path):
    assert progress_path() == tmp_path / "progress.sqlite3"
    monkeypatch.delenv("GWARI_PROGRESS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert progress_path() == tmp_path / "xdg" / "gwari" / "progress.sqlite3"


def test_learners_keep_their_own_progress():
    clock = ManualClock(START)
    store = Progress(clock=clock)
    for name, right in (("Kerensa", True), ("Jowan", False)):
        deck = store.deck(name)
        answered = deck.review("number:seyth", right)
        store.record(name, answered, deck.cards["number:seyth"])
    assert store.learners() == ["Jowan", "Kerensa"]
    assert store.answers("Kerensa")[0][:3] == ("number:seyth", True, False)
    assert store.deck("Jowan").cards["number:seyth"].due < store.deck("Kerensa").cards["number:seyth"].due
    for bad in ("", "   ", "x" * 41, "a\x00b"):
        with pytest.raises(ValueError, match="learner name"):
            store.deck(bad)


def test_a_corrupt_file_is_reported_moved_aside_and_replaced(tmp_path):
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = Progress(path, clock=ManualClock(START))
    assert store.recovered is not None and store.recovered.read_bytes().startswith(b"this is not")
    assert "could not be read" in store.report and str(store.recovered) in store.report
    assert store.learners() == []
    deck = store.deck("Pol")
    store.record("Pol", deck.review("rank:byd", True), deck.cards["rank:byd"])
    assert Progress(path).recovered is None and Progress(path).learners() == ["Pol"]


def test_fumbles_from_play_are_kept_and_their_words_come_due():
    clock = ManualClock(START)
    store = Progress(clock=clock)
    entries = load_vocab()
    marked = store.record_fumbles("Pol", [("seyth", "seith"), ("genes", "genas"), ("", "hello"), ("byd", "onan")],
                                  entries)
    assert marked == ["number:seyth", "phrase:eus ... genes?", "rank:byd"]
    assert store.fumbles("Pol")[0] == ("seyth", "seith") and len(store.fumbles("Pol")) == 4
    clock.now += timedelta(minutes=2)
    assert set(store.deck("Pol").due()) == set(marked)
    assert entry_for_word("pyskessa", entries).cornish == "Nag eus. Gwra pyskessa!"


def test_export_and_import_json(tmp_path):
    clock = ManualClock(START)
    store = Progress(clock=clock)
    deck = store.deck("Kerensa")
    store.record("Kerensa", deck.review("rank:byd", True), deck.cards["rank:byd"])
    store.record_fumbles("Kerensa", [("seyth", "seith")], load_vocab())
    text = store.export_json()
    other = Progress(tmp_path / "other.sqlite3", clock=clock)
    assert other.import_json(text) == ["Kerensa"]
    assert other.import_json(text) == ["Kerensa"]          # importing twice adds nothing
    assert json.loads(other.export_json()) == json.loads(text)
    for bad, msg in (("{", "not JSON"), ('{"format": "x"}', "format"),
                     ('{"format": "gwari-progress", "version": 1, "learners": []}', "learners")):
        with pytest.raises(ValueError, match=msg):
            other.import_json(bad)


def test_learner_name_is_trimmed():
    assert learner_name("  Pol   Dower ") == "Pol Dower"


def test_keep_fumbles_uses_the_default_file(tmp_path):
    assert keep_fumbles("Vicki", [("byd", "bid")]) == ["rank:byd"]
    assert Progress(tmp_path / "progress.sqlite3").fumbles("Vicki") == [("byd", "bid")]
