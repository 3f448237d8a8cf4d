"""Widgets driven from Python exactly as the browser drives them (``handle(kind, value, inputs)``)."""

import html

import pytest

from tutor.engine import replay
from tutor.games import get_game
from tutor.lessons import load_lesson
from tutor.widgets import CheckWidget, HandWidget, LessonView, PlayApp, Stepper, TableWidget
from tutor.widgets import deal_code, parse_deal_code, play
from tutor.cards import parse_cards

GAME = get_game("gwra-pyskessa")


def snapshot(app):
    return app.state, app.record, list(app.lines)


def test_play_whole_game_by_clicks_and_the_record_replays():
    app = PlayApp("gwra-pyskessa", players=3, seed=12, level="random")
    moves = 0
    while not app.state.is_over:
        assert app.state.current_player == 0
        assert app.handle("card", 0)
        legal = {str(a) for a in app.state.legal_actions()}
        hand_rank = app.state.hands[0][0].rank
        target = next(a for a in legal if a.endswith(f"for {hand_rank.code}"))
        assert app.handle("move", target)
        moves += 1
        assert moves < 500
    assert 'data-testid="game-over"' in app.html
    assert replay(app.record)[-1] == app.state


@pytest.mark.parametrize("kind, value", [
    ("card", 99), ("card", -1), ("card", "x"), ("card", True), ("move", "ask 9 for 7"), ("move", "grab all"),
    ("move", "ask 1 for JK"), ("explode", None), (None, None), ("render", None), ("_apply", "ask 1 for 7"),
])
def test_forged_messages_are_refused_and_change_nothing(kind, value):
    app = PlayApp("gwra-pyskessa", players=3, seed=4)
    before = snapshot(app)
    app.handle(kind, value)
    assert snapshot(app) == before


def test_illegal_move_is_explained_with_its_rule_and_changes_nothing():
    app = PlayApp("gwra-pyskessa", players=3, seed=4)
    before = snapshot(app)
    rank = app.state.hands[0][0].rank
    app.handle("move", f"ask 0 for {rank.code}")
    assert snapshot(app) == before
    assert app.error.rule == "pyskessa.ask.other-player"
    assert "not yourself" in app.html and load_lesson("gwra-pyskessa").rule(app.error.rule).title in app.html


def test_a_rank_not_held_is_refused_with_the_own_rank_rule():
    app = PlayApp("gwra-pyskessa", players=3, seed=4)
    held = {c.rank.code for c in app.state.hands[0]}
    missing = next(code for code in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
                   if code not in held)
    app.handle("move", f"ask 1 for {missing}")
    assert app.error.rule == "pyskessa.ask.own-rank"


def test_names_typed_by_a_teacher_are_escaped():
    app = PlayApp("gwra-pyskessa", players=2, seed=1, names=["<script>x()</script>", "Ben"])
    assert "<script>x()</script>" not in app.html and "&lt;script&gt;" in app.html


def test_hint_says_what_the_strong_bot_would_do_and_why():
    app = PlayApp("gwra-pyskessa", players=3, seed=4)
    assert app.handle("hint")
    assert app.hint.startswith("Jory asks") and "—" in app.hint and "Hint" in app.html


def test_undo_only_while_no_hidden_card_has_been_seen():
    deal = {"hands": [["7S", "KH"], ["7C", "2D"]], "stock": []}
    app = PlayApp("gwra-pyskessa", players=2, seed=0)
    app.state = GAME.start(players=2, deal=deal)
    app.record = app.state.setup
    before = app.state
    assert not app.can_undo
    app.handle("move", "ask 1 for K")  # a failed ask with an empty stock reveals nothing
    assert app.can_undo and app.handle("undo")
    assert app.state == before and app.record.actions == ()
    app.handle("move", "ask 1 for 7")  # a catch shows Joe a card he had not seen
    assert not app.can_undo and not app.handle("undo")


def test_deal_code_round_trips_and_loads_the_same_deal():
    assert parse_deal_code(deal_code(3, 4821, {"lucky_draw_continues": True})) == (
        3, 4821, {"lucky_draw_continues": True})
    app = PlayApp("gwra-pyskessa", players=3, seed=77)
    other = PlayApp("gwra-pyskessa", players=4, seed=1)
    assert other.handle("load", None, {"code": app.code})
    assert other.state.hands == app.state.hands and other.code == app.code
    for bad in ("", "x-1", "3", "3-1-no such", "3-5-jokers", "9-1"):
        before = other.state
        assert other.handle("load", None, {"code": bad})  # the message is fine; the code is refused, in words
        assert other.state is before and "could not be used" in other.notice and "3-4821" in other.render()


def test_a_loaded_deal_uses_the_bot_level_chosen_in_the_menu():
    app = PlayApp("gwra-pyskessa", players=3, seed=77, level="strong")
    assert app.handle("load", None, {"code": "3-77", "level": "random"})
    assert app.level == "random" and all(bot.level == "random" for bot in app.bots.values())


def test_new_game_reads_players_and_level_and_refuses_bad_ones():
    app = PlayApp("gwra-pyskessa", players=3, seed=1)
    assert app.handle("new", None, {"players": "4", "level": "random"})
    assert app.players == 4 and app.level == "random" and len(app.state.hands) == 4
    assert not app.handle("new", None, {"players": "9", "level": "random"})
    assert not app.handle("new", None, {"players": "3", "level": "cheater"})
    assert app.players == 4


def test_review_hands_the_record_to_a_stepper():
    box = play("gwra-pyskessa", players=2, seed=3, level="random")
    app = box.children[0]
    app.handle("review")
    stepper = box.children[1].children[0]
    assert isinstance(stepper, Stepper) and stepper.record == app.record


def test_stepper_moves_clamps_and_autoplays_to_the_end():
    record = load_lesson("gwra-pyskessa").examples[0].scenario.record()
    stepper = Stepper(record)
    assert stepper.step == 0 and stepper.last == 3
    stepper.handle("next")
    assert stepper.step == 1 and "Pol, eus seyth genes?" in stepper.html and "Move 1" in stepper.html
    stepper.handle("last")
    assert stepper.step == 3
    stepper.handle("next")
    assert stepper.step == 3
    stepper.handle("back")
    stepper.handle("first")
    assert stepper.step == 0
    assert not stepper.handle("step", 99) and stepper.step == 0
    stepper.step = 99
    assert stepper.step == 3
    stepper.handle("play")
    assert stepper.playing and stepper.step == 0
    for _ in range(5):
        stepper.handle("tick")
    assert stepper.step == 3 and not stepper.playing


def test_stepper_hides_hands_unless_revealed():
    record = load_lesson("gwra-pyskessa").examples[0].scenario.record()
    stepper = Stepper(record, viewer=1, reveal=False)
    joes = {c.cornish for c in stepper.states[0].hands[0]}
    assert not any(name in stepper.html for name in joes)
    stepper.handle("reveal", "true")
    assert all(name in stepper.html for name in joes)


def test_stepper_names_the_rule_applied_from_the_lesson():
    record = load_lesson("gwra-pyskessa").examples[0].scenario.record()
    stepper = Stepper(record)
    stepper.handle("step", 2)
    lesson = load_lesson("gwra-pyskessa")
    assert html.escape(lesson.rule("pyskessa.go-fish").title) in stepper.html


def test_choice_check_gives_feedback():
    check = load_lesson("gwra-pyskessa").rule("pyskessa.goal").check
    widget = CheckWidget(check, game="gwra-pyskessa")
    widget.handle("choose", 0)
    assert not widget.correct and "not quite" in widget.html
    widget.handle("choose", check.answer)
    assert widget.correct and check.explain in widget.html
    assert not widget.handle("choose", 7)


def test_move_check_explains_illegal_tries_and_accepts_a_right_move():
    check = load_lesson("gwra-pyskessa").rule("pyskessa.ask.own-rank").check
    widget = CheckWidget(check, game="gwra-pyskessa")
    widget.handle("move", "ask 2 for Q")
    assert "Not allowed" in widget.html and not widget.correct
    widget.handle("move", "ask 2 for 9")
    assert widget.correct


def test_hand_widget_selects_only_legal_cards():
    hand = HandWidget(parse_cards("7S 9H JD"), legal=[0, 2])
    assert hand.handle("card", 2) and hand.card == parse_cards("JD")[0]
    assert not hand.handle("card", 1) and hand.selected == 2
    hand.selected = 10
    assert hand.selected == -1


def test_table_widget_shows_the_last_thing_said():
    state = GAME.start(players=3, seed=2)
    state = state.apply(state.legal_actions()[0])
    table = TableWidget(state, viewer=0)
    last = next(e for e in reversed(state.events) if e.said)
    assert "Last said" in table.html and html.escape(last.said) in table.html


def test_every_lesson_rule_builds_its_widgets():
    lesson = LessonView("gwra-pyskessa")
    assert lesson.overview().html
    for rule in lesson.lesson.rules:
        parts = lesson.show(rule.id).children
        assert html.escape(rule.title) in parts[0].html
    assert "Byd" in lesson.notes().html
    assert lesson.example().children[1].last == 3
