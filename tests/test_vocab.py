"""The Cornish word list against the seed, the loader's errors, and answer checking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.cards import JOKER, french_pack
from tutor.vocab import VocabError, by_category, check_answer, edit_distance, load_vocab, read_vocab

DATA = Path(__file__).resolve().parent / "data"
CARD_NAMES = DATA / "gwra-pyskessa-card-names.tsv"  # the rule text's card table, copied
VOCABULARY = DATA / "gwra-pyskessa-vocabulary.tsv"  # the rule text's vocabulary, copied


def _rows(path: Path) -> list[list[str]]:
    """The tab-separated rows of a data file, without its comments and header."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return [[c.strip() for c in line.split("\t")] for line in lines[1:]]


def _key(text: str) -> str:
    text = text.replace("…", "...").replace("...", " ... ")
    return " ".join(text.lower().split())


def seed_card_names() -> list[str]:
    """Every name in the seed's card table (``tests/data/gwra-pyskessa-card-names.tsv``)."""
    return [c for cells in _rows(CARD_NAMES) for c in cells[1:] if c]


def seed_vocabulary() -> list[tuple[str, str]]:
    """Every (Cornish, English) pair of the seed's vocabulary (``tests/data/gwra-pyskessa-vocabulary.tsv``)."""
    return [(cells[0], cells[1]) for cells in _rows(VOCABULARY)]


def test_the_seed_parts_are_where_we_read_them():
    assert len(seed_card_names()) == 53
    assert len(seed_vocabulary()) == 24


def test_every_seed_card_name_is_listed_and_agrees_with_tutor_cards():
    entries = by_category(load_vocab(), "card")
    listed = {_key(e.cornish) for e in entries}
    for name in seed_card_names():
        assert _key(name) in listed, name
    codes = {e.code: e for e in entries}
    for card in (*french_pack(), JOKER):
        entry = codes[card.code]
        assert (entry.cornish, entry.english) == (card.cornish, card.english)
    assert len(entries) == 53


def test_every_seed_vocabulary_word_is_listed():
    entries = load_vocab()
    listed = {_key(e.cornish) for e in entries}
    suits = {_key(e.cornish): e.english for e in by_category(entries, "suit")}
    for cornish, english in seed_vocabulary():
        key = _key(cornish)
        suit = re.fullmatch(r"\.\.\. an (.+)", key)
        if suit:
            assert suits[suit.group(1)] in english.lower(), cornish
        else:
            assert key in listed, cornish
    for short in ("Pyskessa!", "Mann", "Onan", "Byd", "Benni"):
        assert _key(short) in listed


def test_notes_say_onan_is_the_numeral_and_byd_the_ace():
    notes = {e.cornish: e.notes for e in load_vocab()}
    assert "Byd" in notes["Onan"] and "numeral" in notes["Onan"]
    assert "neb" in notes["Eus ... genes?"] and "vy" in notes["Eus. Yma ... genev."]


@pytest.mark.parametrize("body, reason", [
    ("Dew\ttwo\tnumber\n", "3 columns"),
    ("Dew\t\tnumber\t2\n", "english field is empty"),
    ("Dew\ttwo\tnumeral\t2\n", "unknown category"),
    ("Dew\ttwo\tnumber\t2\nDew\tdeuce\tnumber\t\n", "listed twice"),
])
def test_a_bad_row_is_reported_by_file_and_line(tmp_path, body, reason):
    path = tmp_path / "bad.tsv"
    path.write_text("cornish\tenglish\tcategory\tnotes\nTri\tthree\tnumber\t3\n" + body, encoding="utf-8")
    with pytest.raises(VocabError) as info:
        read_vocab(path)
    assert reason in str(info.value) and "bad.tsv" in str(info.value)
    assert info.value.line == (4 if "twice" in reason else 3)


def test_a_missing_header_is_reported(tmp_path):
    path = tmp_path / "x.tsv"
    path.write_text("Dew\ttwo\tnumber\t2\n", encoding="utf-8")
    with pytest.raises(VocabError, match="line 1: the header"):
        read_vocab(path)


# ---------------------------------------------------------------- checking answers


@pytest.mark.parametrize("typed", [
    "Pol, eus seyth genes?", "pol eus seyth genes", "  POL,  eus   seyth genes ?", "Pol, eus neb seyth genes?",
    "Pol eus neb seyth genes.",
])
def test_asks_are_accepted_with_or_without_neb_and_punctuation(typed):
    assert check_answer("Pol, eus seyth genes?", typed).correct


@pytest.mark.parametrize("expected, typed", [
    ("Nag eus. Gwra pyskessa!", "Nag eus, pyskessa!"),
    ("Nag eus. Gwra pyskessa!", "nag eus gwra pyskessa"),
    ("Pyskessa!", "Gwra pyskessa!"),
    ("Eus. Yma genev vy seyth.", "Eus, yma genev seyth"),
    ("Eus. Yma genev seyth.", "Eus. Yma genev vy seyth."),
    ("Seyth an Palyow", "seyth an palyow."),
])
def test_variants_are_accepted(expected, typed):
    assert check_answer(expected, typed).correct


def test_a_slip_is_a_near_miss_with_the_word_named():
    verdict = check_answer("Seyth an Palyow", "seith an palyow")
    assert not verdict.correct and verdict.near
    assert verdict.slips == (("seyth", "seith"),)
    assert "Almost — “seyth”, not “seith”" in verdict.message


@pytest.mark.parametrize("typed", ["Eth an Palyow", "Seyth an Kolonnow", "Pymp an Palyow", "Seyth"])
def test_wrong_ranks_and_suits_are_wrong_not_near(typed):
    known = [e.cornish for e in load_vocab()]
    verdict = check_answer("Seyth an Palyow", typed, known=known)
    assert not verdict.correct and not verdict.near
    assert "the answer is “Seyth an Palyow”" in verdict.message


def test_english_answers_ignore_articles_and_read_digits():
    assert check_answer("seven of spades", "The 7 of Spades", language="en").correct
    assert not check_answer("seven of spades", "seven of clubs", language="en").correct


def test_feedback_is_escaped_and_nothing_is_evaluated():
    verdict = check_answer("Seyth", "<script>alert(1)</script> __import__('os')")
    assert not verdict.correct and "<script>" not in verdict.html
    verdict = check_answer("Seyth", "<b>seyth</b>")
    assert "<b>" not in verdict.html
    assert check_answer("<i>x</i>", "y").html.count("&lt;i&gt;") == 1


def test_empty_answer_and_edit_distance():
    assert not check_answer("Seyth", "  ").correct
    assert edit_distance("seyth", "seith") == 1 and edit_distance("", "abc") == 3
