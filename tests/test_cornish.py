"""Asking in Cornish: every ask the engine says reads back; near misses get a correction, never a guess."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import FRENCH_RANKS, Card, Rank
from tutor.cornish import CornishError, ReadAsk, read_answer, read_ask
from tutor.engine import Misread
from tutor.games import get_game
from tutor.games.gwra_pyskessa import Ask, ask_said
from tutor.games.gwra_pyskessa.cornish import NO_SAID, yes_said
from tutor.widgets import PlayWidget

NAMES = ["Joe", "Vicki", "Pol", "Mary Jane"]


@pytest.mark.parametrize("rank", FRENCH_RANKS)
@pytest.mark.parametrize("neb", [False, True])
def test_every_ask_the_engine_says_reads_back(rank, neb):
    for seat, name in enumerate(NAMES):
        said, _gloss = ask_said(name, rank, neb=neb)
        assert read_ask(said, NAMES) == ReadAsk(seat, rank, neb)


@pytest.mark.parametrize("typed", [
    "vicki, eus neb myghtern genes?", "VICKI EUS MYGHTERN GENES", "  Vicki ,eus   myghtern genes ? ",
    "Vicki, eus myghtern genes", "Vicki eus myghtern genes?!", "Vicki, eus myghtern genes.",
])
def test_case_spacing_commas_and_final_punctuation_do_not_matter(typed):
    asked = read_ask(typed, NAMES)
    assert (asked.target, asked.rank) == (1, Rank.KING)


def test_the_longest_matching_name_wins():
    assert read_ask("Mary Jane, eus byd genes?", NAMES + ["Mary"]).target == 3


@pytest.mark.parametrize("typed, fragment", [
    ("", "Type your question"),
    ("Bob, eus seyth genes?", "Start with the name"),
    ("Vikki, eus seyth genes?", "did you mean “Vicki”"),
    ("Vicki, seyth genes?", "After the name comes “eus”"),
    ("Vicki, euss seyth genes?", "Almost — “eus”"),
    ("Vicki, eus seyth?", "End the question with “genes?”"),
    ("Vicki, eus seyth genos?", "Almost — “genes”"),
    ("Vicki, eus seith genes?", "Almost — “seyth”, not “seith”"),
    ("Vicki, eus sevens genes?", "sevens are “seyth”"),
    ("Vicki, eus onan genes?", "on the cards the ace is “byd”"),
    ("Vicki, eus genes?", "Say which rank"),
    ("Vicki, eus seyth eth genes?", "Ask for one rank"),
    ("Vicki, eus banana genes?", "is not a rank"),
])
def test_wrong_or_incomplete_sentences_get_a_correction(typed, fragment):
    with pytest.raises(CornishError) as info:
        read_ask(typed, NAMES)
    assert fragment in info.value.hint


def test_near_misses_say_what_was_expected():
    assert read_ask("Pol, eus myghternes genes?", NAMES).rank == Rank.QUEEN
    with pytest.raises(CornishError) as info:
        read_ask("Pol, eus mightern genes?", NAMES)
    assert info.value.expected == "myghtern" and info.value.typed == "mightern"


TYPED = get_game("gwra-pyskessa").inputs.typed


def test_the_game_reads_a_typed_ask_with_the_names_at_the_table():
    state = get_game("gwra-pyskessa").start(players=3, seed=3, names=["Joe", "Vicki", "Pol"])
    assert TYPED.read(state, 0, "Pol, eus seyth genes?") == Ask(2, Rank.SEVEN)
    assert TYPED.read(state, 0, "vicki eus neb myghtern genes") == Ask(1, Rank.KING)
    assert (TYPED.lang, TYPED.placeholder, TYPED.pattern, TYPED.drill) == (
        "kw", "Pol, eus seyth genes?", "Name, eus … genes?", True)
    assert TYPED.label == "Ask in Cornish (type the question)"


@pytest.mark.parametrize("typed, hint, expected, fumbled", [
    ("Pol, eus seith genes?", "Almost — “seyth”", "seyth", "seith"),
    ("Pol, eus sevens genes?", "sevens are “seyth”", "seyth", "sevens"),
    ("Bob, eus seyth genes?", "Start with the name of the player you ask (Joe, Vicki, Pol)", "", ""),
])
def test_a_typed_ask_that_cannot_be_read_is_a_misread_with_the_fumbled_word(typed, hint, expected, fumbled):
    state = get_game("gwra-pyskessa").start(players=3, seed=3, names=["Joe", "Vicki", "Pol"])
    with pytest.raises(Misread) as info:
        TYPED.read(state, 0, typed)
    assert hint in info.value.hint and (info.value.expected, info.value.typed) == (expected, fumbled)


def test_clicking_a_card_says_its_cornish_name_and_the_word_to_ask_with():
    assert TYPED.card_help(Card.parse("7S")) == "Seyth an Palyow — to ask for sevens, say “seyth”."
    assert TYPED.card_help(Card.parse("AH")) == "Byd an Kolonnow — to ask for aces, say “byd”."
    assert TYPED.card_help(None) == ""


def cornish_app(seed=3):
    app = PlayWidget("gwra-pyskessa", players=3, seed=seed, typed=True)
    names = [s.name for s in app.state.view(0).seats]
    return app, names


def test_play_by_asking_in_cornish():
    app, names = cornish_app()
    rank = app.state.hands[0][0].rank
    app.handle("say", f"{names[1]}, eus {rank.cornish.lower()} genes?")
    assert app.record.actions[0] == f"ask 1 for {rank.code}" and app.error is None


def test_a_sentence_that_cannot_be_read_changes_nothing_and_is_remembered_for_the_drill():
    app, names = cornish_app()
    before = (app.state, app.record)
    app.handle("say", f"{names[1]}, eus seith genes?")
    assert (app.state, app.record) == before
    assert "Almost" in app.html and app.fumbles == [("seyth", "seith")]


def test_a_readable_but_illegal_ask_quotes_the_rule():
    app, names = cornish_app()
    held = {c.rank for c in app.state.hands[0]}
    missing = next(r for r in FRENCH_RANKS if r not in held)
    app.handle("say", f"{names[1]}, eus {missing.cornish.lower()} genes?")
    assert app.error.rule == "pyskessa.ask.own-rank" and app.record.actions == ()
    app.handle("say", f"{names[0]}, eus {app.state.hands[0][0].rank.cornish.lower()} genes?")
    assert app.error.rule == "pyskessa.ask.other-player"


def test_typed_text_is_escaped_when_shown():
    app, _names = cornish_app()
    app.handle("say", "<img src=x onerror=alert(1)>")
    assert "<img src=x" not in app.html and "&lt;img src=x onerror=alert(1)&gt;" in app.html


def test_bots_speak_cornish_with_the_english_behind_a_click():
    app, names = cornish_app()
    rank = app.state.hands[0][0].rank
    app.handle("say", f"{names[2]}, eus {rank.cornish.lower()} genes?")
    assert "<summary>English</summary>" in app.html


def test_the_mode_switch_and_its_limits():
    app = PlayWidget("gwra-pyskessa", players=3, seed=3)
    assert not app.handle("say", "Pol, eus seyth genes?")
    assert app.handle("mode", "true") and app.typed
    assert app.handle("mode", "false") and not app.typed
    with pytest.raises(ValueError, match="no moves to type"):
        PlayWidget("chwech", typed=True)


def test_words_fumbled_in_play_go_to_the_learners_drill(monkeypatch, tmp_path):
    from tutor.progress import Progress

    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))
    app, names = cornish_app()
    app.handle("say", None, {"said": f"{names[1]}, eus seith genes?", "learner": "Morwenna"})
    assert Progress().fumbles("Morwenna") == [("seyth", "seith")]
    assert "Morwenna" in app.html


def test_without_a_name_nothing_is_written(monkeypatch, tmp_path):
    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))
    app, names = cornish_app()
    app.handle("say", f"{names[1]}, eus seith genes?")
    assert not (tmp_path / "progress.sqlite3").exists()


# -- the answer of a player asked (at a table of classmates)

@pytest.mark.parametrize("rank", FRENCH_RANKS)
def test_every_answer_the_engine_says_reads_back(rank):
    for count in (1, 2, 3):
        assert read_answer(yes_said(rank, count)[0], rank) == "yes"
    assert read_answer(NO_SAID[0], rank) == "no"


@pytest.mark.parametrize("typed, key", [
    ("Eus", "yes"), ("eus. yma genev vy seyth.", "yes"), ("Eus. Yma seyth genev.", "yes"),
    ("Eus, yma genev seyth!", "yes"), ("nag eus", "no"), ("Nag eus. Pyskessa!", "no"),
])
def test_the_short_forms_and_the_other_order_are_read_too(typed, key):
    assert read_answer(typed, Rank.SEVEN) == key


@pytest.mark.parametrize("typed, fragment, expected, fumbled", [
    ("", "Answer in Cornish", "", ""),
    ("yes", "Answer in Cornish", "", ""),
    ("nag es", "Almost — “nag eus”", "eus", "es"),
    ("Eus yma genev vy eth", "asked for sevens", "seyth", "eth"),
    ("Eus yma genev vy seth", "Almost — “seyth”", "seyth", "seth"),
    ("Nag eus gwra piskessa", "Almost — “pyskessa”", "pyskessa", "piskessa"),
    ("Eus yma genef seyth", "Almost — “genev”", "genev", "genef"),
    ("Eus yma seyth", "Say that you have them", "genev", ""),
    ("Eus ma genev seyth", "Almost — “yma”", "yma", "ma"),
])
def test_an_answer_that_cannot_be_read_gets_a_correction_naming_the_word(typed, fragment, expected, fumbled):
    with pytest.raises(CornishError) as caught:
        read_answer(typed, Rank.SEVEN)
    assert fragment in caught.value.hint
    assert (caught.value.expected, caught.value.typed) == (expected, fumbled)


@given(st.text(max_size=60))
def test_any_typed_answer_is_read_or_corrected_never_crashes(text):
    try:
        assert read_answer(text, Rank.KING) in ("yes", "no")
    except CornishError as exc:
        assert exc.hint
