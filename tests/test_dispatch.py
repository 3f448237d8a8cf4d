"""The widgets' dispatch: only what is refused on purpose is refused; any other exception is a defect, logged with
its traceback, told to the learner in words, and the widget put back as it was before the message.

Each defect here is planted: a method made to fail after the handler has changed some of the widget's state (in a
check, a step-through, and the play app in the middle of the bots' replies to the learner's move).
"""

import logging
import random

import pytest

from tutor.bots import RandomBot
from tutor.engine import IllegalMove
from tutor.games import GAMES, get_game
from tutor.games.cassino import judge_captures
from tutor.lessons import load_lesson
from tutor.widgets import CheckWidget, DrillWidget, HandWidget, PlayWidget, StepperWidget
from tutor.widgets.base import int_in
from tutor.widgets.captures import CaptureWidget
from tutor.widgets.sheets import RuleSheetsWidget
from tutor.widgets.dispatch import DEFECT_WORDS, kept_copy

LOGGER = "tutor.widgets"


def defects(caplog) -> list[logging.LogRecord]:
    """The defects logged by the widgets, each with its traceback."""
    return [r for r in caplog.records if r.name == LOGGER and r.levelno >= logging.ERROR and r.exc_info]


def told(widget) -> bool:
    """Whether the learner was told that something went wrong: said aloud and shown on the page."""
    return widget.said_aloud == DEFECT_WORDS and 'data-testid="defect"' in widget.html and DEFECT_WORDS in widget.html


def choice_check() -> CheckWidget:
    rule = next(r for r in load_lesson("gwra-pyskessa").rules if r.check is not None and r.check.kind == "choice")
    return CheckWidget(rule.check, game="gwra-pyskessa")


def wrong_choice(widget: CheckWidget) -> int:
    return next(i for i in range(len(widget.check.choices)) if not widget.check.is_right(i))


@pytest.mark.parametrize("planted", [RuntimeError, KeyError, TypeError, IndexError])
def test_a_defect_in_a_check_is_logged_told_and_the_check_is_as_it_was(monkeypatch, caplog, planted):
    widget = choice_check()
    before = (widget.answer, list(widget.tried), widget.feedback, widget.html)
    wrong = wrong_choice(widget)

    def broken(self, *args):
        raise planted("planted")

    monkeypatch.setattr(CheckWidget, "_answered", broken)  # after answer, tried and feedback have changed
    assert widget.handle("choose", wrong) is False
    [record] = defects(caplog)
    assert record.exc_info[0] is planted and "CheckWidget" in record.getMessage()
    assert told(widget)
    assert (widget.answer, widget.tried, widget.feedback) == before[:3]  # the list changed in place is put back
    monkeypatch.undo()
    assert widget.handle("choose", wrong)  # the learner's next click works, and the notice is gone
    assert widget.tried == [wrong] and 'data-testid="defect"' not in widget.html


def test_refusals_are_not_defects(caplog):
    widget = choice_check()
    assert widget.handle("choose", "first") is False  # a value that is no number: refused in words
    assert widget.last_error == "choice must be a whole number."
    assert widget.handle("choose", 99) is False
    assert widget.handle("explode") is False  # a kind the widget does not accept
    assert not defects(caplog) and not widget.defect and 'data-testid="defect"' not in widget.html


def test_an_illegal_move_is_refused_not_logged(monkeypatch, caplog):
    widget = choice_check()

    def refused(self, *args):
        raise IllegalMove("pyskessa.ask.own-rank", "You must hold a card of the rank you ask for.")

    monkeypatch.setattr(CheckWidget, "on_again", refused)
    assert widget.handle("again") is False
    assert not defects(caplog) and "rank you ask for" in widget.last_error


def test_int_in_says_in_words_what_is_wrong():
    for value in ("x", "1.5", "", None, [], {}, True, "1" * 12):
        with pytest.raises(ValueError, match="^card must be a whole number.$"):
            int_in(value, 0, 5, "card")
    assert int_in(" 3 ", 0, 5, "card") == 3


JUNK = (None, "", "x", "-1", "99999", 10**12, True, 1.5, "1.5", "k", "e9", "k0", "e0", "0", "show", [], {})
PYTHON_WORDS = ("invalid literal", "object has no attribute", "not subscriptable", "index out of range",
                "unsupported operand", "object is not", "NoneType", "positional argument")


def junk_targets() -> list:
    """A widget of each kind of this module's own (the play app has its own tests), as the page shows them."""
    checks = {}
    for rule in load_lesson("gwra-pyskessa").rules:
        if rule.check is not None:
            checks.setdefault(rule.check.kind, CheckWidget(rule.check, game="gwra-pyskessa"))
    drill = DrillWidget(seed=1)
    drill.handle("start", "Tamsin")
    cassino = get_game("cassino").start(players=2, deal={"hands": [["7C"], ["7D"]], "table": ["2C", "5S", "7H"]})
    return [*checks.values(), drill, DrillWidget(seed=2), StepperWidget(load_lesson("gnav").examples[0].scenario.record()),
            HandWidget(GAMES["gnav"].start(seed=1).view(0).seats[0].hand), RuleSheetsWidget(),
            CaptureWidget(cassino, "7C", judge_captures)]


def test_junk_from_the_browser_is_refused_in_words_never_a_defect(caplog):
    """Every kind a widget accepts, sent values no page sends: each is taken or refused in words (the field named,
    not Python's own message), and none is a defect."""
    for widget in junk_targets():
        for kind in widget.accepts:
            for value in JUNK:
                for inputs in ({}, {"learner": value}, {"answer": value}):
                    widget.last_error = ""
                    if not widget.handle(kind, value, inputs):
                        assert not any(words in widget.last_error for words in PYTHON_WORDS), (
                            type(widget).__name__, kind, value, widget.last_error)
    assert not defects(caplog), [r.getMessage() for r in defects(caplog)]


def test_a_defect_while_stepping_puts_the_step_back(monkeypatch, caplog):
    record = load_lesson("gnav").examples[0].scenario.record()
    stepper = StepperWidget(record)
    drawn = stepper.html
    real = StepperWidget.narration

    def broken_at_one(self):
        if self.step == 1:
            raise KeyError("planted")
        return real(self)

    monkeypatch.setattr(StepperWidget, "narration", broken_at_one)
    assert stepper.handle("next") is False
    assert stepper.step == 0 and len(defects(caplog)) == 1 and told(stepper)
    assert stepper.html.replace(stepper.defect_html(), "").split("<div hidden data-gw-say")[0] == \
        drawn.split("<div hidden data-gw-say")[0]


def test_a_page_that_cannot_be_drawn_keeps_its_last_drawing_with_the_notice(monkeypatch, caplog):
    widget = choice_check()
    drawn = widget.html

    def broken(self):
        raise RuntimeError("planted")

    monkeypatch.setattr(CheckWidget, "render", broken)
    assert widget.handle("choose", 0) is False
    assert len(defects(caplog)) == 2  # the defect, then the drawing that failed too
    assert widget.html.startswith(widget.defect_html()) and drawn.split("<div hidden")[0] in widget.html
    assert DEFECT_WORDS in widget.html and widget.answer is None


def test_a_tick_leaves_the_notice_a_click_clears_it(monkeypatch, caplog):
    record = load_lesson("gnav").examples[0].scenario.record()
    stepper = StepperWidget(record)
    stepper.show_defect("Something went wrong.")
    stepper.handle("tick")
    assert stepper.defect
    stepper.handle("first")
    assert not stepper.defect


def test_kept_copies_reach_nested_mutables_and_random_generators():
    class Bot:
        def __init__(self):
            self.rng = random.Random(3)
            self.name = "Pol"

    bot = Bot()
    value = {"lines": [[1], (2,)], "seen": {1}, "bots": {0: bot}}
    kept = kept_copy(value)
    value["lines"][0].append(9)
    value["seen"].add(2)
    bot.rng.random()
    assert kept["lines"] == [[1], (2,)] and kept["seen"] == {1}
    assert kept["bots"][0].rng.random() == random.Random(3).random() and kept["bots"][0].name == "Pol"


# ------------------------------------------------------------------ the play app

SLUG, SEAT = "chwech", 0


def new_app() -> PlayWidget:
    return PlayWidget(SLUG, players=4, seed=11, level="random")


def game_of(app: PlayWidget) -> tuple:
    """What the learner's game is: the state, the record, the log's lines, whether the move can be undone, the
    learner's moves counted."""
    return app.state, app.record, list(app.lines), app.can_undo, app.learner_moves


def plant(monkeypatch, app: PlayWidget, where: str, planted: type) -> None:
    """Make the second bot to answer the learner's next move fail: in the game's rules (its state's ``apply``) or in
    the bot itself, once the learner's move and the first bot's reply are made."""
    if where == "apply":
        cls = type(app.state)
        real = cls.apply
        bots_applied = []

        def apply(self, action):
            if self.current_player != SEAT:
                bots_applied.append(action)
                if len(bots_applied) == 2:
                    raise planted("planted in the rules")
            return real(self, action)

        monkeypatch.setattr(cls, "apply", apply)
    else:
        real_explain = RandomBot.explain
        asked = []

        def explain(self, state):
            asked.append(state.current_player)
            if len(asked) == 2:
                raise planted("planted in a bot")
            return real_explain(self, state)

        monkeypatch.setattr(RandomBot, "explain", explain)


@pytest.mark.parametrize("where", ["apply", "bot"])
@pytest.mark.parametrize("planted", [RuntimeError, KeyError])
def test_a_defect_in_the_middle_of_a_move_leaves_the_game_as_it_was(monkeypatch, caplog, where, planted):
    app, twin = new_app(), new_app()
    assert app.state.current_player == SEAT and app.state == twin.state
    rng = random.Random(5)
    move = str(rng.choice(app.state.legal_actions()))
    before = game_of(app)
    plant(monkeypatch, app, where, planted)
    assert app.handle("move", move) is False
    [record] = defects(caplog)
    assert record.exc_info[0] is planted and "PlayWidget" in record.getMessage() and "'move'" in record.getMessage()
    assert told(app)
    assert game_of(app) == before
    monkeypatch.undo()
    # The same move again plays as it would have with no defect: the same replies (the bots' dice as they were).
    assert app.handle("move", move) and twin.handle("move", move)
    assert game_of(app) == game_of(twin) and 'data-testid="defect"' not in app.html
    assert app.handle("undo") and twin.handle("undo")
    assert game_of(app) == game_of(twin)
