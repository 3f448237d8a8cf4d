"""A move on offer that the learner has not been taught says in one line beside it what it is and what it scores,
the first time its kind is offered in the game; a taught move, and the second offer, say nothing.

The lines are read in the HTML ``move_panel`` draws (``gw-movenote``, its rule in ``data-rule``), as the play app and
the first game draw it.  Which rule a move brings in is the game's word (the rules its events cite); the line is the
lesson's: the rule's title and the first sentence of its text.
"""

from __future__ import annotations

import html
import re

import pytest

from tutor import classroom
from tutor.games import get_game
from tutor.lesson_figures import rule_words
from tutor.lessons import load_lesson
from tutor.widgets import move_notes
from tutor.widgets.moves import move_panel
from tutor.widgets.play_panels import first_sentence

CELL = re.compile(r'<button [^>]*data-value="([^"]*)"[^>]*>[^<]*(?:<span class="gw-sr">[^<]*</span>)?</button>'
                  r'<span class="gw-movenote" data-rule="([^"]*)" title="[^"]*">([^<]*)</span>')


@pytest.fixture(autouse=True)
def _no_offers_yet():
    """Every test starts as a fresh kernel: no kind of move offered before."""
    move_notes.forget()
    yield
    move_notes.forget()


def lines(panel: str) -> dict[str, tuple[str, str]]:
    """The moves with a line beside them: the move's text → (the rule, the words of the line)."""
    found = {html.unescape(move): (rule, html.unescape(words)) for move, rule, words in CELL.findall(panel)}
    assert panel.count("gw-movenote") == len(found), "a line stands apart from its move's button"
    return found


def expected_line(slug: str, rule: str, state) -> str:
    title, text = rule_words(load_lesson(slug), rule, state)
    return f"{title} — {first_sentence(text)}"


def pymtheg_auction():
    """Pymtheg's first deal, the auction open, Jory (seat 0, on the dealer's left) to call."""
    state = get_game("pymtheg").start(players=4, seed=1)
    assert state.phase == "auction" and state.current_player == 0
    return state


def carts_first_turn(seed: int = 1):
    """Cârts Tîty's first turn, Jory (seat 0) to move, the hand swap among the moves."""
    state = get_game("carts-tity").start(players=3, seed=seed)
    assert state.current_player == 0 and "swap" in {str(a) for a in state.legal_actions()}
    return state


def test_pymtheg_auction_with_chapter_one_known_says_what_each_untaught_bid_is():
    state = pymtheg_auction()
    lesson = load_lesson("pymtheg")
    said = lines(move_panel(state, 0, None, chapters={1}))
    # Every kind of bid the game ties to a rule beyond chapter 1 has its line, beside the first bid of that kind.
    kinds: dict[str, str] = {}
    for action in state.legal_actions():
        for rule in move_notes.move_rules(state, action, 0):
            if lesson.chapter_of(rule) != 1:
                kinds.setdefault(rule, str(action))
                break
    assert kinds, "the first auction offers bids chapter 1 does not teach"
    assert {move: rule for move, (rule, _) in said.items()} == {move: rule for rule, move in kinds.items()}
    for move, (rule, words) in said.items():
        assert words == expected_line("pymtheg", rule, state), move
    assert said["bid gam F"] == ("pymtheg.bid.trump", "Naming trumps with the bid scores more — With a Gâm bid you "
                                 "may name trumps, or no trump, at once.")
    assert "bid gam" not in said and "pass" not in said, "chapter 1 teaches a plain Gâm and the pass"


def test_pymtheg_double_offered_out_of_turn_says_what_it_does():
    game = get_game("pymtheg")
    state = pymtheg_auction()
    for move in ("bid gam", "pass", "pass", "pass"):
        state = state.apply(game.parse_action(state, move))
    assert "double 1" in {str(a) for a in state.offers(1)}
    said = lines(move_panel(state, 1, None, chapters={1}))
    assert said == {"double 1": ("pymtheg.double", expected_line("pymtheg", "pymtheg.double", state))}
    assert "counts twice" in said["double 1"][1]


def test_pymtheg_ry_lon_and_higher_gam_say_what_they_score():
    """Each of these bids cites, after the bid, the rule that says what it is and scores: its line is that rule's."""
    state = pymtheg_auction()
    said = lines(move_panel(state, 0, None, chapters={1}))
    assert {move: rule for move, (rule, _) in said.items() if move != "bid gam F"} == {
        "bid ry": "pymtheg.ry", "bid ry2": "pymtheg.ry2.partner", "bid ry3": "pymtheg.ry3.partner",
        "bid lon": "pymtheg.lon"}
    game = get_game("pymtheg")
    later = state.apply(game.parse_action(state, "bid gam"))
    assert lines(move_panel(later, 1, None, chapters={1}))["bid gam+1"][0] == "pymtheg.table"


def test_carts_hand_swap_at_the_first_turn_says_what_it_is():
    state = carts_first_turn()
    said = lines(move_panel(state, 0, None, chapters={1}))
    assert said == {"swap": ("carts.swap", expected_line("carts-tity", "carts.swap", state))}
    assert said["swap"][1].startswith("Swap your whole hand — Instead of playing or drawing you may swap your hand")


def test_the_play_app_shows_the_line_with_no_change_to_its_call():
    from tutor.widgets import PlayWidget

    app = PlayWidget("carts-tity", players=3, seed=1)
    assert app.state.current_player == app.seat
    assert 'data-rule="carts.swap"' in app.html, "no learner named: chapter 1 alone is known"


def test_a_taught_move_has_no_line():
    state = carts_first_turn()
    assert lines(move_panel(state, 0, None, chapters={1, 2})) == {}
    assert lines(move_panel(pymtheg_auction(), 0, None, chapters={1, 2, 3, 4, 5, 6})) == {}
    assert "swap" in lines(move_panel(state, 0, None, chapters={1})), "the same swap, untaught: its line"


def test_chapters_the_named_learner_finished_are_taught():
    lesson = load_lesson("carts-tity")
    classroom.set_learner("Demelza")
    for rule in lesson.chapter(2).rules[:-1]:
        classroom.keep_rule_reached("carts-tity", rule.id)
    assert "swap" in lines(move_panel(carts_first_turn(1), 0, None)), "chapter 2 not finished: one rule unread"
    classroom.keep_rule_reached("carts-tity", lesson.chapter(2).rules[-1].id)
    assert move_notes.learner_chapters(lesson) == {1, 2}
    assert lines(move_panel(carts_first_turn(2), 0, None)) == {}, "every rule of chapter 2 reached: the swap is taught"


def test_the_line_stays_while_its_position_is_drawn_and_not_at_the_second_offer():
    game = get_game("carts-tity")
    state = carts_first_turn()
    first = lines(move_panel(state, 0, None, chapters={1}))
    assert "swap" in first
    assert lines(move_panel(state, 0, 0, chapters={1})).get("swap") == first["swap"], "redrawn: a card chosen"
    for _ in range(state.players):  # everyone draws a card: Jory's turn again, the swap offered again
        state = state.apply(game.parse_action(state, "draw"))
    assert state.current_player == 0 and "swap" in {str(a) for a in state.legal_actions()}
    assert "swap" not in lines(move_panel(state, 0, None, chapters={1})), "the second offer of the swap"


def test_a_check_and_a_race_have_no_line():
    state = carts_first_turn()
    assert lines(move_panel(state, 0, None, chapters={1}, mark_legal=False)) == {}
    assert lines(move_panel(state, 0, None, chapters={1}, teach=False)) == {}
    assert "swap" in lines(move_panel(state, 0, None, chapters={1})), "on the play table the line is there"
