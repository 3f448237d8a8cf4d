"""Drill exercises: seeded, built from the word list and the game's own sentences, judged fairly."""

from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest

from tutor.cards import Card
from tutor.vocab import Deck, by_category, load_vocab
from tutor.vocab.exercises import KINDS, judge, known_words, make_exercise, plan_session

ENTRIES = load_vocab()
ENTRY = {e.cornish: e for e in ENTRIES}
NOW = datetime(2026, 3, 1, tzinfo=timezone.utc)


def test_the_same_seed_gives_the_same_exercises():
    def plan(seed: int):
        return plan_session(Deck(clock=lambda: NOW), ENTRIES, random.Random(seed), size=8, new=8)
    assert plan(5) == plan(5)
    assert len(plan(5)) == 8


def test_typed_both_ways():
    ex = make_exercise(ENTRY["Seyth"], "to-cornish", random.Random(1), ENTRIES)
    assert ex.prompt == "In Cornish: “seven”" and judge(ex, "seyth").correct
    ex = make_exercise(ENTRY["Byd"], "to-english", random.Random(1), ENTRIES)
    assert judge(ex, "Ace").correct and not judge(ex, "one").correct


def test_a_wrong_rank_in_a_card_name_is_wrong_and_a_slip_is_almost():
    ex = make_exercise(ENTRY["Seyth an Palyow"], "picture", random.Random(1), ENTRIES)
    assert ex.card == "7S" and Card.parse(ex.card).cornish == ex.answer
    known = known_words(ENTRIES)
    assert judge(ex, "seyth an palyow", known).correct
    assert not judge(ex, "eth an palyow", known).near
    assert not judge(ex, "seyth an kolonnow", known).near
    slip = judge(ex, "seyht an palyow", known)
    assert slip.near and "not “seyht”" in slip.message


def test_choice_has_the_answer_among_same_category_words():
    ex = make_exercise(ENTRY["Kolonnow"], "choice", random.Random(2), ENTRIES)
    assert len(ex.choices) == 4 and ex.answer in ex.choices
    assert judge(ex, ex.choices.index("Kolonnow")).correct
    assert not judge(ex, (ex.choices.index("Kolonnow") + 1) % 4).correct
    with pytest.raises(ValueError):
        judge(ex, 9)


def test_matching_pairs():
    ex = make_exercise(ENTRY["Jakka"], "match", random.Random(3), ENTRIES)
    assert len(ex.pairs) == 4 and "rank:jakka" in ex.keys and sorted(ex.english_order) == [0, 1, 2, 3]
    assert judge(ex, [(i, i) for i in range(4)]).correct
    wrong = judge(ex, [(0, 1), (1, 0), (2, 2), (3, 3)])
    assert not wrong.correct and wrong.message.startswith("2 of 4 matched")


def test_building_the_ask_from_tiles():
    ex = make_exercise(ENTRY["Eus ... genes?"], "build", random.Random(4), ENTRIES)
    words = ex.answer.replace(",", "").split()
    assert sorted(ex.tiles) == sorted(words) and ex.answer.endswith("genes?")
    assert judge(ex, words).correct
    assert not judge(ex, list(reversed(words))).correct


def test_the_yes_sentence_accepts_the_vocabulary_word_order():
    ex = make_exercise(ENTRY["Eus. Yma ... genev."], "to-cornish", random.Random(1), ENTRIES)
    rank = ex.answer.split()[-1].rstrip(".")
    assert judge(ex, f"Eus, yma genev {rank}").correct
    assert judge(ex, f"Eus. Yma {rank} genev.").correct


def test_every_entry_makes_every_kind_that_suits_it():
    rng = random.Random(0)
    for entry in ENTRIES:
        for kind in KINDS:
            if kind == "picture" and entry.category != "card":
                with pytest.raises(ValueError, match="not a card"):
                    make_exercise(entry, kind, rng, ENTRIES)
                continue
            ex = make_exercise(entry, kind, rng, ENTRIES)
            assert ex.keys and ex.prompt
    assert len(by_category(ENTRIES, "card")) == 53
    with pytest.raises(ValueError, match="kind"):
        make_exercise(ENTRIES[0], "essay", rng, ENTRIES)


def test_a_word_the_summary_calls_due_now_comes_back_in_the_next_session():
    from tutor.vocab import ManualClock, summarise

    clock = ManualClock(NOW)
    deck = Deck(clock=clock)
    first = plan_session(deck, ENTRIES, random.Random(1), size=5, new=5)
    answers = [deck.review(key, i != 0) for i, ex in enumerate(first) for key in ex.keys[:1]]
    missed = answers[0].key
    assert any("due now" in line for line in summarise(answers).due_lines(clock()))
    again = plan_session(deck, ENTRIES, random.Random(2), size=5, new=5)
    assert any(missed in ex.keys for ex in again), "the missed word, due now, is in the next session"
