"""Widgets driven from Python exactly as the browser drives them (``handle(kind, value, inputs)``)."""

import html
from pathlib import Path

import pytest

from tutor.games import get_game, replay
from tutor.lessons import load_lesson
from tutor.widgets import CheckWidget, HandWidget, LessonWidgets, PlayWidget, StepperWidget, TableWidget
from tutor.widgets import deal_code, parse_deal_code, play
from tutor.cards import parse_cards
from tutor.narration import second_person

GAME = get_game("gwra-pyskessa")


def snapshot(app):
    return app.state, app.record, list(app.lines)


def test_play_whole_game_by_clicks_and_the_record_replays():
    app = PlayWidget("gwra-pyskessa", players=3, seed=12, level="random")
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
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    before = snapshot(app)
    app.handle(kind, value)
    assert snapshot(app) == before


def test_illegal_move_is_explained_with_its_rule_and_changes_nothing():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    before = snapshot(app)
    rank = app.state.hands[0][0].rank
    app.handle("move", f"ask 0 for {rank.code}")
    assert snapshot(app) == before
    assert app.error.rule == "pyskessa.ask.other-player"
    assert "not yourself" in app.html and load_lesson("gwra-pyskessa").rule(app.error.rule).title in app.html


def test_a_rank_not_held_is_refused_with_the_own_rank_rule():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    held = {c.rank.code for c in app.state.hands[0]}
    missing = next(code for code in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
                   if code not in held)
    app.handle("move", f"ask 1 for {missing}")
    assert app.error.rule == "pyskessa.ask.own-rank"


def test_names_typed_by_a_teacher_are_escaped():
    app = PlayWidget("gwra-pyskessa", players=2, seed=1, names=["<script>x()</script>", "Ben"])
    assert "<script>x()</script>" not in app.html and "&lt;script&gt;" in app.html


def test_hint_says_what_the_strong_bot_would_do_and_why():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    assert app.handle("hint")
    assert app.hint.startswith("You ask ") and "—" in app.hint and "Hint" in app.html  # the learner is "you"


def test_undo_only_while_no_hidden_card_has_been_seen():
    deal = {"hands": [["7S", "KH"], ["7C", "2D"]], "stock": []}
    app = PlayWidget("gwra-pyskessa", players=2, seed=0)
    app.play_from(GAME.start(players=2, deal=deal))
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
    app = PlayWidget("gwra-pyskessa", players=3, seed=77)
    other = PlayWidget("gwra-pyskessa", players=4, seed=1)
    assert other.handle("load", None, {"code": app.code})
    assert other.state.hands == app.state.hands and other.code == app.code
    for bad in ("", "x-1", "3", "3-1-no such", "3-5-jokers", "9-1"):
        before = other.state
        assert other.handle("load", None, {"code": bad})  # the message is fine; the code is refused, in words
        assert other.state is before and "could not be used" in other.notice and "3-4821" in other.render()


def test_a_loaded_deal_uses_the_bot_level_chosen_in_the_menu():
    app = PlayWidget("gwra-pyskessa", players=3, seed=77, level="strong")
    assert app.handle("load", None, {"code": "3-77", "level": "random"})
    assert app.level == "random" and all(level == "random" for level in app.driver.bots.values())


def test_new_game_reads_players_and_level_and_refuses_bad_ones():
    app = PlayWidget("gwra-pyskessa", players=3, seed=1)
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
    assert isinstance(stepper, StepperWidget) and stepper.record == app.record


def test_stepper_moves_clamps_and_autoplays_to_the_end():
    record = load_lesson("gwra-pyskessa").examples[0].scenario.record()
    stepper = StepperWidget(record)
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
    stepper = StepperWidget(record, viewer=1, reveal=False)
    joes = {c.cornish for c in stepper.states[0].hands[0]}
    assert not any(name in stepper.html for name in joes)
    stepper.handle("reveal", "true")
    assert all(name in stepper.html for name in joes)


def test_stepper_names_the_rule_applied_from_the_lesson():
    record = load_lesson("gwra-pyskessa").examples[0].scenario.record()
    stepper = StepperWidget(record)
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
    lesson = LessonWidgets("gwra-pyskessa")
    assert lesson.overview().html
    for rule in lesson.lesson.rules:
        parts = lesson.show(rule.id).children
        assert html.escape(rule.title) in parts[0].html
    assert "Byd" in lesson.notes().html
    assert lesson.example().children[1].last == 3


# ---------------------------------------------------------------- what a learner meets in the apps


def app_at(deal, slug="gwra-pyskessa", **kwargs):
    """A play app whose game starts from an explicit deal (the learner in seat 0, random bots)."""
    app = PlayWidget(slug, players=len(deal["hands"]), seed=0, level="random", **kwargs)
    app.play_from(get_game(slug).start(players=len(deal["hands"]), deal=deal))
    return app


class AsksBotsOnly:
    """A bot that never asks the learner (so the learner's hand stays as dealt)."""

    def choose(self, state):
        return next((a for a in state.legal_actions() if a.target != 0), state.legal_actions()[0])

    def explain(self, state):
        return self.choose(state), "It never asks the learner."


def test_undo_walks_back_point_by_point_while_nothing_hidden_was_seen():
    app = app_at({"hands": [["7S", "KH", "QD"], ["7C", "2D"], ["2C", "3H"]], "stock": []})
    app.driver.bots.update({1: AsksBotsOnly(), 2: AsksBotsOnly()})
    start = app.state
    assert app.handle("move", "ask 1 for K")  # "Nag eus", nothing to draw: nothing new is seen
    middle, actions = app.state, app.record.actions
    assert app.handle("move", "ask 2 for Q"), app.last_error
    assert app.can_undo and app.handle("undo")
    assert app.state == middle and app.record.actions == actions
    assert app.can_undo and app.handle("undo")
    assert app.state == start and app.record.actions == () and app.lines == []
    assert not app.can_undo and not app.handle("undo")


def test_undo_stops_at_a_card_that_has_been_seen_and_the_button_says_the_rule():
    app = app_at({"hands": [["7S", "KH"], ["7C", "2D"]], "stock": ["9H"]})
    assert 'title="Undo goes back' in app.html and "hidden card" in app.html
    app.handle("move", "ask 1 for 7")  # a catch: the seven of clubs comes into view
    assert not app.can_undo and not app.handle("undo")
    assert "Undo is off" in app.html


def test_an_undo_point_closes_once_a_card_hidden_there_is_seen():
    from collections import Counter

    from tutor.cards import Card
    from tutor.driver import UndoPoint

    seven, king = Card.parse("7S"), Card.parse("KH")
    point = UndoPoint(None, None, 0, shown=Counter([seven]))
    point.seen |= Counter([seven])
    assert point.open, "seeing again a card that was in view there is no news"
    point.seen |= Counter([king])
    assert not point.open


def test_a_refused_move_shows_by_the_controls_and_the_next_good_move_clears_it():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    rank = app.state.hands[0][0].rank
    app.handle("move", f"ask 0 for {rank.code}")
    page = app.html
    assert 'data-testid="refused"' in page and "data-gw-reveal" in page
    assert page.index('data-testid="refused"') > page.index("Your hand") > page.index("gw-tablebox")
    assert "Not allowed" in app.said_aloud
    app.handle("move", f"ask 1 for {rank.code}")
    assert app.error is None and 'data-testid="refused"' not in app.html


def test_what_just_happened_ends_with_the_newest_line_and_scrolls_to_it():
    app = PlayWidget("gwra-pyskessa", players=4, seed=11, level="random")
    rank = app.state.hands[0][0].rank
    app.handle("move", f"ask 1 for {rank.code}")
    recent = app.html.split('data-testid="recent"')[1]
    assert 'data-gw-scroll="recent"' in recent
    texts = [html.escape(second_person(e.text, app.reader)) for _step, e in app.lines[app.turn_mark:]]
    positions = [recent.index(t) for t in texts]
    assert positions == sorted(positions), "oldest first, so the newest line is last and scrolled into view"


def test_typed_log_lines_name_who_spoke():
    from tutor.engine import Event
    from tutor.widgets.base import event_html

    event = Event("pyskessa.go-fish", "Pol has no sevens.", "Nag eus. Gwra pyskessa!", "No. Go fishing!", 2)
    line = event_html(event, gloss_hidden=True, names=["Jory", "Tamsin", "Pol"])
    assert line.index("Pol:") < line.index("Nag eus") < line.index("<details")
    assert "No. Go fishing!" in line.split("<details")[1], "the English waits behind a click"


def test_rule_ids_stay_in_the_code_not_in_what_a_hover_shows():
    from tutor.widgets.base import RULE_TIP, rule_html

    lesson = load_lesson("gwra-pyskessa")
    shown = rule_html(lesson, "pyskessa.goal")
    assert 'data-rule="pyskessa.goal"' in shown and html.escape(lesson.rule("pyskessa.goal").title) in shown
    assert f'title="{RULE_TIP}"' in shown and 'title="pyskessa.goal"' not in shown
    unknown = rule_html(lesson, "pyskessa.no-such-rule")
    assert ">pyskessa.no-such-rule<" not in unknown and "gw-code" not in unknown
    page = LessonWidgets("gwra-pyskessa").show("pyskessa.goal").children[0].html
    assert ">pyskessa.goal<" not in page and "Rule <" not in page


def test_a_step_through_of_no_moves_offers_no_autoplay():
    from tutor.engine import Record

    stepper = StepperWidget(Record("gwra-pyskessa", 3, seed=1))
    assert "Step 0 of 0" not in stepper.html and "No moves to step through" in stepper.html
    assert 'data-gw="play"' in stepper.html and not stepper.handle("play") and not stepper.playing
    autoplay = stepper.html.split('data-gw="play"')[1].split(">")[0]
    assert "disabled" in autoplay


def test_the_chosen_answer_is_marked_in_words_not_only_colour():
    check = load_lesson("gwra-pyskessa").rule("pyskessa.goal").check
    widget = CheckWidget(check, game="gwra-pyskessa")
    wrong = (check.answer + 1) % len(check.choices)
    widget.handle("choose", wrong)
    button = widget.html.split(f'data-key="choose-{wrong}"')[1].split("</button>")[0]
    assert 'aria-pressed="true"' in button and "✘" in button and "(your answer)" in button


def test_playable_cards_say_so_to_a_screen_reader():
    from tutor.widgets.base import card_buttons

    hand = parse_cards("7S 9H JD")
    page = card_buttons(hand, legal=[1])
    assert page.count(", playable") == 1 and "nine of hearts" in page.split(", playable")[0].rsplit('aria-label="', 1)[1].lower()


def test_each_widget_speaks_through_one_lasting_live_region():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    assert "aria-live" not in app.html, "gwari.js makes the one live region; redrawn HTML has none"
    app.handle("hint")
    assert app.html.count("data-gw-say=") == 1 and "Hint:" in app.said_aloud
    js = (Path(__file__).resolve().parents[1] / "tutor" / "widgets" / "gwari.js").read_text()
    assert js.count('setAttribute("aria-live"') == 1 and "data-gw-say" in js


def test_the_game_over_shows_the_learners_hand_and_steps_back_from_the_end():
    box = play("gwra-pyskessa", players=2, seed=3, level="random")
    app = box.children[0]
    while not app.state.is_over:
        rank = app.state.hands[0][0].rank
        app.handle("move", f"ask 1 for {rank.code}")
    over, seats = app.html.split('data-testid="game-over"')[1].split('class="gw-panel gw-seatsbox"')
    assert "<h3>You</h3>" in seats, "the players' boxes, the learner's too, are shown with the game's end"
    app.handle("review")
    stepper = box.children[1].children[0]
    assert stepper.step == stepper.last and stepper.last > 0


def test_variants_are_offered_from_the_rules_and_go_into_the_deal_code():
    from tutor.widgets.options import option_specs

    game = get_game("gnav")
    specs = {s.name: s for s in option_specs(game)}
    assert specs["slate"].kind == "bool" and specs["counters"].kind == "int"
    app = PlayWidget("gnav", players=4, seed=2)
    page = app.html
    assert 'data-gw-input="option:slate"' in page and 'type="number"' in page
    assert "RULE-NOTES" not in page and ">N11" not in page
    assert app.handle("new", None, {"players": "4", "level": "strong", "option:slate": True, "option:counters": "5",
                                    "option:cat_as_dragoon": False})
    assert app.options == {"slate": True, "counters": 5}
    assert app.code.endswith("-a5b1") and app.state.setup.options == {"slate": True, "counters": 5}
    other = PlayWidget("gnav", players=3, seed=1)
    assert other.handle("load", None, {"code": app.code}) and other.state.hands == app.state.hands
    before = app.state
    assert app.handle("new", None, {"option:counters": "many"}) is False or app.state is before
    assert app.handle("new", None, {"option:counters": "0"}) and app.state is before and "could not" in app.notice


def test_a_score_table_between_deals_is_a_table_with_headers():
    from dataclasses import replace

    from tutor.engine import ScoreTable
    from tutor.widgets.base import table_html

    view = GAME.start(players=3, seed=1).view(0)
    scores = ScoreTable(("Jory", "Tamsin", "Pol"), (("Deal 1", (9, 0, 3)), ("Deal 2", (0, 18, 3))), (9, 18, 6))
    page = table_html(replace(view, scores=scores))
    assert "<caption>Scores</caption>" in page and '<th scope="col">Tamsin</th>' in page
    assert '<th scope="row">Deal 2</th>' in page and "<tfoot>" in page and page.count("<caption>") == 1


def test_headings_follow_the_page_outline():
    app = PlayWidget("gwra-pyskessa", players=3, seed=4)
    assert "<h2" in app.html and "<h4" not in app.html and "<h3>You" in app.html
    assert "<h2>" in LessonWidgets("gwra-pyskessa").overview().html


def test_players_and_variants_that_do_not_go_together_are_refused_in_learner_words():
    app = PlayWidget("burn", players=4, seed=1)
    before = app.state
    assert app.handle("new", None, {"players": "5", "option:teams": "2"})
    assert app.state is before, "nothing changes"
    assert "could not be set up" in app.notice and "2 teams need 4 or 6 players" in app.notice
    assert "option teams" not in app.render()


def _learner_may_double():
    """A Pymtheg app stopped where the learner (an opponent) may double while a bot is to move."""
    for seed in range(100):
        app = PlayWidget("pymtheg", seed=seed, level="strong")
        for _ in range(30):
            if app.pace.waiting or app.state.is_over or app.state.current_player != 0:
                break
            moves = app.state.legal_actions()
            app.handle("move", str(next((m for m in moves if str(m) == "pass"), moves[0])))
        if app.pace.waiting:
            return app
    raise AssertionError("no deal let the learner double")


def test_an_out_of_turn_double_is_offered_by_a_button_and_never_asked_for():
    app = _learner_may_double()
    html = app.render()
    assert app.state.current_player != 0 and app.state.offers(0)
    assert 'data-value="double 0"' in html and "table-waits" in html and app.playing
    assert "double" not in app.state.status().lower(), "the table's line does not ask"
    assert "Double?" in (app.handle("hint") and app.hint)
    assert app.handle("move", "double 0") and app.state.contract.factor == 2
    assert not app.pace.waiting or app.state.offers(0) == []


def test_the_table_goes_on_when_the_offer_is_not_taken():
    app = _learner_may_double()
    before = len(app.record.actions)
    assert app.handle("tick")
    assert len(app.record.actions) > before and app.state.offers(0) == [] and not app.pace.waiting
    assert app.state.contract is None or app.state.contract.factor in (1, 2, 4)
    factor = app.state.contract.factor if app.state.contract else None
    app.handle("move", "double 0")  # too late once the table has moved on: refused, or not the learner's turn
    assert (app.state.contract.factor if app.state.contract else None) == factor
    assert app.error is None or app.error.rule == "pymtheg.double"


def _gwari_widget_classes():
    import tutor.widgets.teacher  # noqa: F401  (every module that defines a widget, imported)
    import tutor.widgets.sheets  # noqa: F401
    from tutor.widgets.base import GwariWidget

    seen, todo = [], [GwariWidget]
    while todo:
        cls = todo.pop()
        seen.append(cls)
        todo.extend(cls.__subclasses__())
    return seen


def test_every_widget_names_the_one_shared_code_and_carries_no_copy_of_it():
    """A lesson page shows a hundred widgets or more: the view's code and style go to the browser once, in one
    shared model, and each widget's state names it (a subclass attribute of the same name would hide the trait)."""
    from tutor.widgets.base import GwariWidget, shared_code

    classes = _gwari_widget_classes()
    assert len(classes) > 8
    for cls in classes:
        assert "gwari_code" in cls.class_trait_names(sync=True), cls.__name__
    lesson = LessonWidgets("gnav")
    first, second = lesson.parts(next(iter(lesson.lesson.sections.values()))[0])[0], GwariWidget()
    code = shared_code()
    for widget in (first, second):
        state = widget.get_state()
        assert state["gwari_code"] == f"IPY_MODEL_{code.model_id}"
        assert len(state["_esm"]) < 3000 and not state.get("_css")
    assert "function render" in code.esm and ".gwari" in code.css and ".gw-table" in code.css
    code.close()
    assert shared_code() is not code and GwariWidget().gwari_code is shared_code()


def test_the_play_page_reads_in_order_table_hand_then_the_rest():
    """Whose turn and the table's middle, the hand (the first Tab stop), then what just happened, the players and the
    settings; the trick is drawn once; a move of a chosen card sends the focus back to that place in the hand."""
    app = PlayWidget("burn", players=6, seed=11, level="random", step_bots=False)
    page = app.html
    order = [page.index(mark) for mark in ('class="gw-status"', 'gw-movebox"', 'data-testid="recent"',
                                           'gw-seatsbox"', 'gw-bar"')]
    assert order == sorted(order)
    before_hand = page[:page.index('class="gw-hand"')]
    assert "<button" not in before_hand and "tabindex" not in before_hand and "<input" not in before_hand
    assert " cards in hand" in page
    app.handle("card", 2)
    assert 'data-gw-then="hand-2"' in app.html


def test_a_finished_games_step_through_opens_in_view_a_lessons_does_not():
    record = PlayWidget("gnav", players=3, seed=2, level="random", step_bots=False).record
    assert "data-gw-arrive" in StepperWidget(record, viewer=0, at_end=True).html
    assert "data-gw-arrive" not in StepperWidget(record).html


def test_at_a_table_every_tick_is_answered_even_when_nothing_changed():
    """The page's clock waits for each tick's answer before the next (no ticks queued on a busy server): at a
    table, where most ticks change nothing, such a tick is answered with ``ticked``; away from a table it is not
    (a page whose clock runs there always changes something, or stops), nor is any other message."""
    app = PlayWidget("gnav", players=2, seed=1)
    sent = []
    app.send = lambda content, buffers=None: sent.append(content)
    app.playing = True
    app._receive(app, {"kind": "tick", "value": None, "inputs": {}}, [])
    app._receive(app, {"kind": "card", "value": "0", "inputs": {}}, [])
    assert sent == []
    app.classmates.table = object()  # a table's tick is tried below only through the answer
    app.classmates.tick = lambda: None
    app.playing = True  # a table's page ticks for as long as it is seated
    before = app.html
    app._receive(app, {"kind": "tick", "value": None, "inputs": {}}, [])
    assert app.html == before and sent == [{"ticked": True}]


def test_the_hand_asks_for_a_card_only_when_a_card_has_a_move_and_the_moves_are_one_group_to_lay_out():
    """In Pymtheg's auction no card is played, so the hand does not say to click one; the bids sit in the row of
    moves a phone lays out two to a row (``gw-moves``).  In play, the hand says to click a card."""
    from tutor.widgets.moves import move_panel

    auction = get_game("pymtheg").start(players=4, seed=7)
    panel = move_panel(auction, auction.current_player, None)
    assert "Click a card" not in panel
    moves = panel.split('<div class="gw-row gw-moves">')[1].split("</div>")[0]
    assert moves.count('data-gw="move"') == len(auction.legal_actions()) and "Pass" in moves
    burn = get_game("burn").start(players=4, seed=3)
    assert "Click a card" in move_panel(burn, burn.current_player, None)


def test_a_move_check_speaking_to_the_learner_as_a_seat_reads_in_the_second_person():
    """"You hold 7♣, 2♥ and K♦…": the seat whose move the learner makes is "you" on the table and in the verdict;
    a question about a character ("Make Ola's move") keeps the character's name."""
    check = load_lesson("cassino").rule("cassino.trail.must-capture").check
    widget = CheckWidget(check, game="cassino")
    seat = widget.state.view(None).seats[widget.state.current_player].name
    page = html.unescape(widget.html)
    assert "your turn to play" in page and f"{seat} to play" not in page
    trail = next(str(a) for a in widget.state.legal_actions() if str(a).startswith("trail"))
    assert widget.handle("move", trail)
    verdict = html.unescape(widget.html).split('data-testid="feedback">')[1]
    assert verdict.split("</div>")[0].count("You trail the") == 1 and f"{seat} trails" not in verdict
    other = CheckWidget(load_lesson("gnav").rule("gnav.change").check, game="gnav")
    assert "Ola to stand or change" in html.unescape(other.html)
