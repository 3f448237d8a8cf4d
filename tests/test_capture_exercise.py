"""The "find every capture" exercise: cards clicked into groups, judged by the engine's own move list."""

from tutor.games import get_game
from tutor.games.cassino import judge_captures
from tutor.widgets.captures import CaptureWidget

DEAL = {"hands": [["7C"], ["7D"]], "table": ["2C", "3S", "4D", "5S", "7H", "KS"],
        "builds": [{"cards": ["AH", "6D"], "value": 7, "owner": 1}]}


def exercise():
    state = get_game("cassino").start(players=2, deal=DEAL)
    widget = CaptureWidget(state, "7C", judge_captures)
    index = {pile.cards[0].code: i for i, pile in enumerate(widget.piles)}
    return widget, index


def pick(widget, index, *groups):
    for n, group in enumerate(groups):
        if n:
            assert widget.handle("group")
        for code in group:
            assert widget.handle("pick", index[code])


def test_every_group_found_is_right():
    widget, index = exercise()
    pick(widget, index, ["7H"], ["3S", "4D"], ["2C", "5S"], ["AH"])  # the build is one button
    assert widget.picked() == ["7H", "3S+4D", "2C+5S", "AH+6D"]
    widget.handle("check")
    assert widget.verdict.mark == "right" and "✔" in widget.html


def test_groups_missed_are_named_in_card_words():
    widget, index = exercise()
    pick(widget, index, ["7H"], ["3S", "4D"])
    widget.handle("check")
    assert widget.verdict.mark == "incomplete"
    assert "2♣+5♠" in widget.html and "the build of 7 (A♥+6♦)" in widget.html and "2C+5S" not in widget.html


def test_a_wrong_sum_says_why_and_a_second_click_takes_a_card_out():
    widget, index = exercise()
    pick(widget, index, ["3S", "5S"])
    widget.handle("check")
    assert widget.verdict.mark == "wrong" and "makes 8, not 7" in widget.html
    widget.handle("pick", index["5S"])
    assert widget.picked() == ["3S"] and widget.verdict is None


def test_checking_nothing_asks_for_cards_and_clear_starts_again():
    widget, index = exercise()
    assert widget.handle("check") and widget.verdict is None and "Click the cards" in widget.html
    pick(widget, index, ["7H"], ["3S", "4D"])
    widget.handle("clear")
    assert widget.picked() == [] and widget.groups == [[]]


def test_forged_messages_are_refused_and_change_nothing():
    widget, index = exercise()
    pick(widget, index, ["7H"])
    before = (widget.html, [list(g) for g in widget.groups])
    for kind, value in [("pick", 99), ("pick", "x"), ("pick", True), ("pick", None), ("play", 1), (None, None)]:
        assert not widget.handle(kind, value)
    assert (widget.html, widget.groups) == before
