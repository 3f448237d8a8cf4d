"""Play with classmates in the play app (``tutor.widgets.play_table``): the lobby, the waiting room, every game
played to its end by two learners' pages at one table, what each page is sent, forged messages, a reload."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

import tutor.tables.referee as referee
from tutor import classroom
from tutor.games import GAMES
from tutor.narration import second_person
from tutor.render.frame import card_title
from tutor.tables import Table, tables_store
from tutor.widgets import PlayWidget
from tutor.widgets.play_table import Classmates


@pytest.fixture(autouse=True)
def class_tables(tmp_path, monkeypatch):
    """The class's tables in a file of this test's own; bots move as soon as a page's clock asks."""
    monkeypatch.setenv("GWARI_TABLES", str(tmp_path / "tables.sqlite3"))
    for name in ("BOT_STEP_MS", "ROUND_STEP_MS", "OFFER_WAIT_MS"):
        monkeypatch.setattr(referee, name, 0)


def as_learner(name: str, app: PlayWidget, kind: str, value=None, inputs=None) -> bool:
    """``name``'s page sends a message (each learner has their own kernel; here they take turns at one)."""
    classroom.set_learner(name)
    return app.handle(kind, value, inputs)


def answer_if_asked(name: str, app: PlayWidget) -> bool:
    """If the table waits for this page's answer to a question (Gwra Pyskessa's ask), it shows the question with
    the answers on offer, and the learner gives the true one; True if they did."""
    if app.table is None or app.table.asked != app.seat:
        return False
    page = html.unescape(app.render())
    assert 'data-testid="question"' in page and app.table.question()[1] in page
    true = app.table.true_answer()
    assert f'data-key="answer-{true}"' in page
    assert as_learner(name, app, "answer", true) and app.table.asked is None
    return True


def seated(slug: str, players: int, **options) -> tuple[PlayWidget, PlayWidget]:
    """Tamsin opens a table from her play page, Jory joins it from his by its code, Tamsin starts it."""
    tamsin = PlayWidget(slug, players=players, seed=1, **options)
    jory = PlayWidget(slug, players=players, seed=2, **options)
    assert as_learner("Tamsin", tamsin, "classmates", "show")
    assert as_learner("Tamsin", tamsin, "opentable", None, {"players": players})
    code = tamsin.table.code
    assert as_learner("Jory", jory, "classmates", "show")
    assert code in jory.render()  # the class's open tables
    assert as_learner("Jory", jory, "jointable", None, {"tablecode": " " + code.lower()})
    assert as_learner("Tamsin", tamsin, "tick") and "Jory" in tamsin.render()
    assert as_learner("Tamsin", tamsin, "starttable")
    assert as_learner("Jory", jory, "tick")
    return tamsin, jory


def third_person_of(name: str, page: str) -> list[str]:
    """Where a page speaks of its own learner by name in the third person ("Jory asks", "Jory's hand"): each page
    at a table reads in the second person for its own seat (the other learners keep their names)."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", " ", page, flags=re.S)))
    text += " " + " ".join(html.unescape(m) for m in re.findall(r'aria-label="([^"]*)"', page))
    return [m.group(0) for m in re.finditer(rf"\b{name}(?:['’]s\b| (?:[a-z]+ly )?(?:is|has|was|does|goes|"
                                            rf"[a-z]+[^su\W]s)\b)", text)]


def hidden_from(app: PlayWidget) -> set[str]:
    """The titles of the cards in other seats' hands that this page's seat may not see."""
    whole = app.state.view(None)
    mine = app.state.view(app.seat)
    out = set()
    for seat, (all_cards, shown) in enumerate(zip(whole.seats, mine.seats)):
        if seat != app.seat:
            out |= {card_title(c) for c, s in zip(all_cards.hand, shown.hand) if c is not None and s is None}
    # A pack with two of a card (Gnav's) draws both alike: a title this seat sees in its own hand says nothing.
    return out - {card_title(c) for c in mine.seats[app.seat].hand if c is not None}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_two_learners_play_every_game_to_its_end_at_one_table_each_page_sent_only_its_seat(slug):
    game = GAMES[slug]
    options = {"short": True} if "short" in game.options() else {}
    if slug == "pig":
        options["tick_ms"] = 5  # the race clock's ticks pass at once
    tamsin, jory = seated(slug, max(2, game.min_players), **options)
    rng = random.Random(7)
    panels = set()
    for _ in range(20_000):
        if tamsin.state.is_over and jory.state.is_over:
            break
        for name, app in (("Tamsin", tamsin), ("Jory", jory)):
            assert as_learner(name, app, "tick")
            page = app.render()
            panels |= {p for p in ("last-trick", "deal-summary") if f'data-testid="{p}"' in page}
            # (the last trick of an earlier deal may show a card dealt again since: the panel is left out)
            shown = re.sub(r'<section class="gw-panel gw-lasttrick".*?</section>', "", page, flags=re.S)
            assert not any(f"<title>{t}</title>" in shown for t in hidden_from(app))
            assert not third_person_of(name, page), f"{name}'s page: {third_person_of(name, page)}"
            state = app.state
            if state.is_over:
                continue
            if app.table.race is not None and app.seat in state.current_players:
                assert 'data-testid="race-buttons"' in page
                assert as_learner(name, app, "press", app.seat), app.last_error
            elif answer_if_asked(name, app):
                continue
            elif state.current_player == app.seat and app.table.pending is None:
                assert as_learner(name, app, "move", str(rng.choice(state.legal_actions())))
                assert app.error is None, app.error
    assert tamsin.state == jory.state and tamsin.state.is_over
    assert tamsin.table.status == "over" and 'data-testid="game-over"' in tamsin.render()
    assert "Leave the table" in tamsin.render()
    if slug in ("burn", "chwech", "pymtheg"):  # the panels beside the table follow the table's moves
        assert "last-trick" in panels
    if slug in ("burn", "pymtheg", "cassino", "chwech"):
        assert "deal-summary" in panels


def test_the_lobby_asks_for_a_name_and_refuses_a_wrong_code_and_a_table_of_another_game_in_words(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    app = PlayWidget("cassino", players=2)
    app.handle("classmates", "show")
    assert 'data-testid="lobby"' in app.render()
    assert app.handle("opentable", None, {}) and "Give your name" in app.classmates.lobby_note and app.table is None
    assert as_learner("Tamsin", app, "jointable", "K7RQ0")
    assert "table code" in app.classmates.lobby_note and app.table is None
    other = Table.open(tables_store(), "burn", 4, "Pol")
    assert as_learner("Tamsin", app, "jointable", other.code)
    assert "plays Burn" in app.classmates.lobby_note
    assert not app.handle("classmates", "open")


def test_a_forged_move_for_another_seat_is_refused_in_words_and_nothing_changes():
    tamsin, jory = seated("cassino", 2)
    mover, other = (tamsin, jory) if tamsin.state.current_player == tamsin.seat else (jory, tamsin)
    name = "Tamsin" if other is tamsin else "Jory"
    before = other.table.version
    assert as_learner(name, other, "move", str(mover.state.legal_actions()[0]))
    assert "turn, not yours" in other.notice
    assert other.table.version == before and tables_store().version(other.table.code) == before
    assert not as_learner(name, other, "new", None, {"players": 2})  # no new deal while at a table
    assert not as_learner(name, other, "seats", "{not json")


def test_a_reloaded_page_gets_its_seat_and_hand_back_from_the_key_the_browser_kept():
    tamsin, jory = seated("gwra-pyskessa", 3)
    kept = jory.table_seats
    assert json.loads(kept) == {jory.table.code: jory.table.key}
    again = PlayWidget("gwra-pyskessa", players=3)  # the reload: a new kernel, the browser sends what it kept
    assert again.asks_seats
    assert as_learner("Jory", again, "seats", kept)
    assert again.table is not None and again.seat == jory.seat
    assert again.state.view(again.seat) == jory.state.view(jory.seat)
    assert "Back at table" in again.notice
    assert as_learner("Jory", again, "leavetable")
    assert again.table is None and json.loads(again.table_seats) == {}


def test_without_a_server_the_lobby_offers_pass_and_play(monkeypatch):
    monkeypatch.setattr(Classmates, "can_meet", staticmethod(lambda: False))
    app = PlayWidget("gnav", players=4)
    app.handle("classmates", "show")
    page = app.render()
    assert "pass and play" in page and "Open a table" not in page
    assert re.search(r'data-key="sharing"', PlayWidget("gnav", players=4).render())


def test_the_teacher_seats_the_class_at_tables_starts_one_follows_it_without_seeing_a_card_and_closes_it(monkeypatch):
    from tests.test_classroom import filled_class
    from tutor.widgets.teacher import TeacherWidget

    monkeypatch.setenv(classroom.KEY_ENV, "k")
    filled_class()  # Ana, Bryok and Colan
    view = TeacherWidget()
    assert view.handle("key", "k") and 'data-key="filltables"' in view.html
    assert view.handle("filltables", None, {"tablegame": "cassino", "tablesize": "2"})
    assert "Opened 2 tables of Cassino" in view.html
    first, second = (row["code"] for row in open_rows())
    # Ana and Bryok find their table in the Cassino play app's list and join it by name; Colan's table has a bot.
    ana = PlayWidget("cassino", players=2)
    assert as_learner("Ana", ana, "classmates", "show") and first in ana.render()
    assert as_learner("Ana", ana, "jointable", first) and ana.table.seat == 0
    assert view.handle("starttable", first) and view.handle("refresh")
    assert as_learner("Ana", ana, "tick") and ana.state is not None
    page = view.html
    assert "to play" in page and "Colan" in page
    hands = ana.state.view(None).seats
    assert not any(f"<title>{card_title(c)}</title>" in page for seat in hands for c in seat.hand)
    assert view.handle("closetable", second) and f"Table {second} is closed" in view.html
    view.handle("filltables", None, {"tablegame": "whist", "tablesize": "2"})
    assert "The tables could not be opened" in view.html


def open_rows():
    from tutor.tables import class_tables

    return [row for row in class_tables(tables_store()) if row["status"] == "open"]


def test_in_gwra_pyskessa_a_question_typed_in_cornish_reaches_the_classmate_asked_who_answers_it_in_cornish():
    tamsin, jory = seated("gwra-pyskessa", 2, typed=True)
    asker, asked, name = (tamsin, jory, "Tamsin") if tamsin.state.current_player == tamsin.seat else \
        (jory, tamsin, "Jory")
    other = "Jory" if name == "Tamsin" else "Tamsin"
    rank = asker.state.hands[asker.seat][0].rank
    phrase = f"{asked.names_now[asked.seat]}, eus {rank.cornish.lower()} genes?"
    before = asker.state
    assert as_learner(name, asker, "say", phrase) and asker.error is None and not asker.correction
    # The asker waits for the answer; the one asked hears the question in Cornish, with no English in this mode.
    assert asker.state is before and f"Waiting for {other} to answer" in asker.render()
    # The line of whose turn it is says whom the table waits for, on every page (not the asker's turn to ask).
    assert f'<div class="gw-status">Waiting for {other} to answer.</div>' in asker.render()
    assert as_learner(other, asked, "tick")
    page = html.unescape(asked.render())
    assert phrase in page and "have you got any" not in page and f"{name} asks you" in page
    assert '<div class="gw-status">You are asked: answer below.</div>' in page
    assert asked.said_aloud.endswith(phrase)
    holds = any(c.rank == rank for c in asked.state.hands[asked.seat])
    word = rank.cornish.lower()
    wrong, right = ("Nag eus. Gwra pyskessa!", f"Eus. Yma genev vy {word}.") if holds else \
        (f"Eus. Yma {word} genev.", "Nag eus. Pyskessa!")
    assert 'data-key="answered"' in page and "Nag eus. Gwra pyskessa!" in page  # typed, with its pattern shown
    # A word mistyped gets a correction and goes to the drill; nothing is answered.
    assert as_learner(other, asked, "answersay", None, {"answered": "Nag es"}) and asked.table.pending is not None
    assert "Almost" in asked.correction and ("eus", "es") in asked.fumbles
    # An answer the hand does not allow is refused with its rule; the true one carries the ask out.
    assert as_learner(other, asked, "answersay", wrong) and asked.table.pending is not None
    assert asked.error.rule == ("pyskessa.give-all" if holds else "pyskessa.go-fish")
    assert "Not allowed" in html.unescape(asked.render())
    assert as_learner(other, asked, "answersay", right) and asked.table.pending is None and asked.error is None
    assert as_learner(name, asker, "tick") and asker.state is not before
    said = [e.said for _n, e in asker.table.lines if e.said]
    assert phrase in said and ("Nag eus. Gwra pyskessa!" in said) != holds


def test_why_after_a_bots_move_at_a_table_says_why_in_the_bots_words():
    tamsin, jory = seated("gwra-pyskessa", 3)  # Pol is a bot
    for _ in range(200):
        as_learner("Tamsin", tamsin, "tick")
        if tamsin.last_reason is not None:
            break
        for name, app in (("Tamsin", tamsin), ("Jory", jory)):
            as_learner(name, app, "tick")
            if not answer_if_asked(name, app) and app.state.current_player == app.seat and not app.state.is_over:
                as_learner(name, app, "move", str(app.state.legal_actions()[0]))
    assert tamsin.last_reason is not None
    move = second_person(tamsin.last_reason[0], "Tamsin")  # the move as Tamsin reads it: her seat is "you"
    assert as_learner("Tamsin", tamsin, "why") and tamsin.why.startswith(move)


def test_in_pigs_pass_a_learner_chooses_before_their_turn_and_is_told_what_they_chose_until_the_round_is_done(
        monkeypatch):
    import tutor.tables.referee as referee

    monkeypatch.setattr(referee, "ROUND_STEP_MS", 0)  # the bot decides as soon as it is asked
    monkeypatch.setattr(referee, "BOT_STEP_MS", 0)
    for _ in range(20):  # Pol is a bot; everyone passes a card at once (a deal giving someone four of a kind
        tamsin, jory = seated("pig", 3)  # at once starts otherwise: another table is opened)
        if jory.table.early_state() is not None:
            break
    state = jory.state
    assert state.current_player != jory.seat and jory.seat in state.current_players
    hand = state.view(jory.seat).seats[jory.seat].hand
    assert as_learner("Jory", jory, "card", "0")
    page = html.unescape(jory.render())
    move = f"pass {hand[0]}"
    assert f'data-value="{move}"' in page  # his choice is offered before his turn
    assert as_learner("Jory", jory, "move", move) and jory.error is None
    assert jory.table.queued == {jory.seat: move} and jory.state is state  # kept unseen, nothing passed yet
    page = jory.render()
    assert 'data-testid="chosen"' in page and f'data-value="{move}"' not in page
    assert as_learner("Tamsin", tamsin, "tick") and 'data-testid="chosen"' not in tamsin.render()
    assert as_learner("Jory", jory, "move", f"pass {hand[1]}") and "already chosen" in jory.notice
    first = tamsin.state.legal_actions()[0]
    assert as_learner("Tamsin", tamsin, "move", str(first)) and tamsin.error is None
    for _ in range(50):  # the bot decides; the round is done and Jory's card has gone
        as_learner("Tamsin", tamsin, "tick")
        as_learner("Jory", jory, "tick")
        if hand[0] not in jory.state.view(jory.seat).seats[jory.seat].hand:
            break
    assert hand[0] not in jory.state.view(jory.seat).seats[jory.seat].hand
    assert 'data-testid="chosen"' not in jory.render()


def test_a_page_whose_own_bots_were_stepping_when_it_sat_down_follows_the_table_and_nothing_else():
    """The game against the bots a page was playing stops where it was: its ticks go to the table only."""
    host = PlayWidget("gnav", players=4, seed=1)
    assert as_learner("Tamsin", host, "classmates", "show")
    assert as_learner("Tamsin", host, "opentable", None, {"players": 4})
    jory = PlayWidget("gnav", players=4, seat=2, step_bots=True)  # a bot moves first here: one step per tick
    assert jory.pace.stepping and jory.playing
    assert as_learner("Jory", jory, "classmates", "show")
    assert as_learner("Jory", jory, "tick")  # the lobby: its ticks keep the list fresh
    assert as_learner("Jory", jory, "jointable", host.table.code)
    assert not (jory.pace.stepping or jory.pace.waiting or jory.pace.holding)
    assert as_learner("Tamsin", host, "tick") and as_learner("Tamsin", host, "starttable")
    for _ in range(5):
        assert as_learner("Jory", jory, "tick")
        assert jory.state == jory.table.state and jory.record == jory.table.record
