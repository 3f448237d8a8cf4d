"""Checks that teach: each wrong answer says at once why; the right one explains; orders and moves are judged;
a move check never marks the cards the rules allow; a lesson draws its chapters with their minutes."""

from __future__ import annotations

import html
import math
import re

import pytest

from tutor.lessons import chapter_minutes, lesson_minutes, load_lesson, parse_lesson, whole_minutes
from tutor.widgets.check import CheckWidget
from tutor.widgets.lesson import LessonWidgets

DEAL = {"hands": [["7S", "8S"], ["7H", "9C"]]}  # Gwra Pyskessa: seat 0 may ask for sevens or eights


def check_of(**check):
    data = {"slug": "gwra-pyskessa", "title": "T", "summary": "S",
            "rule": [{"id": "pyskessa.ask", "section": "A turn", "title": "Ask", "text": "Ask someone.",
                      "check": check}]}
    return parse_lesson(data, source="x.toml").rules[0].check


CHOICE = dict(kind="choice", question="Who asks first?", choices=["The dealer", "The dealer's left", "The youngest"],
              answer=1, explain="Play goes to the left, starting beside the dealer.",
              why=["", "", ""])


def choice(kind="choice"):
    return check_of(**{**CHOICE, "kind": kind, "why": ["The dealer deals; someone else starts.", "",
                                                       "Age has nothing to do with it."]})


def feedback(widget):
    return html.unescape(widget.html.split('data-testid="feedback">')[1].split("</div></div>")[0])


def test_a_wrong_choice_says_its_own_reason_at_once_and_the_right_one_explains():
    answers = []
    widget = CheckWidget(choice(), on_answer=lambda a, right: answers.append((a, right)))
    assert widget.handle("choose", 2)
    assert "✘" in feedback(widget) and "Age has nothing to do with it." in feedback(widget)
    assert "Play goes to the left" not in widget.html
    assert widget.handle("choose", 0)  # another answer straight away, no Try again needed
    assert "The dealer deals; someone else starts." in feedback(widget) and "Age" not in feedback(widget)
    assert widget.handle("choose", 1) and widget.correct
    assert "✔" in feedback(widget) and "Play goes to the left" in feedback(widget)
    assert answers == [("The youngest", False), ("The dealer", False), ("The dealer's left", True)]
    tried = widget.html.split('data-key="choose-2"')[1].split("</button>")[0]
    assert "✘" in tried and "tried" in tried, "an answer tried and wrong stays marked"


@pytest.mark.parametrize("kind, heading", [("choice", "Check"), ("spot", "Spot the mistake"),
                                           ("score", "What scores?")])
def test_spot_and_score_checks_answer_like_a_choice_under_their_own_heading(kind, heading):
    widget = CheckWidget(choice(kind))
    assert f">{html.escape(heading)}</h3>" in widget.html
    widget.handle("choose", 0)
    assert "someone else starts" in feedback(widget)


ORDER = dict(kind="order", question="Put them from lowest to highest.", items=["King", "Two", "Seven"],
             answer=[1, 2, 0], explain="Two, seven, king.", why="Count up: the two is lowest, the king highest.")


def test_an_order_is_clicked_item_by_item_judged_and_started_again():
    answers = []
    widget = CheckWidget(check_of(**ORDER), on_answer=lambda a, right: answers.append((a, right)))
    assert ">Put them in order</h3>" in widget.html
    assert widget.handle("item", 0) and widget.handle("item", 1)
    assert not widget.handle("item", 1), "an item is placed once"
    assert answers == [] and re.search(r'data-key="item-0"[^>]*disabled', widget.html)
    assert widget.handle("item", 2)
    assert answers == [("King, Two, Seven", False)] and "Count up" in feedback(widget) and "✘" in feedback(widget)
    assert not widget.handle("item", 0), "a judged order is started again first"
    assert widget.handle("reset")
    assert 'data-testid="order"' not in widget.html and not widget.feedback
    for i in (1, 2, 0):
        widget.handle("item", i)
    assert widget.correct and answers[-1] == ("Two, Seven, King", True) and "Two, seven, king." in feedback(widget)


def test_order_items_are_buttons_in_one_tab_stop_with_the_focus_on_the_next_to_place():
    widget = CheckWidget(check_of(**ORDER))
    widget.handle("item", 1)
    buttons = re.findall(r"<button [^>]*data-gw=\"item\"[^>]*>", widget.html)
    assert len(buttons) == 3 and all('data-group="items"' in b for b in buttons)
    focused = [b for b in buttons if "data-gw-focus" in b]
    assert len(focused) == 1 and 'data-value="0"' in focused[0]


MOVE = dict(kind="move", question="Ask for a rank that catches Pol's seven.", scenario={"players": 2, "deal": DEAL},
            accept=["ask 1 for 7"], explain="You hold a seven, and Pol has one.",
            why={"ask 1 for 8": "You hold an eight, but Pol has none: you would go fishing."})


def test_a_check_without_a_reason_for_each_wrong_answer_is_refused():
    from tutor.lessons import LessonError

    with pytest.raises(LessonError, match="x.toml rule 'pyskessa.ask' check: 'why' must be a list of 3 texts"):
        check_of(**{k: v for k, v in CHOICE.items() if k != "why"})
    with pytest.raises(LessonError, match="'otherwise' is needed .*'ask 1 for 8'"):
        check_of(**{k: v for k, v in MOVE.items() if k != "why"})
    assert check_of(**{**{k: v for k, v in MOVE.items() if k != "why"}, "otherwise": "No."}).otherwise == "No."


def test_a_move_check_answers_a_refused_move_with_the_rules_reason_and_a_wrong_legal_one_with_its_why():
    answers = []
    widget = CheckWidget(check_of(**MOVE), game="gwra-pyskessa", on_answer=lambda a, right: answers.append(right))
    widget.handle("move", "ask 1 for 9")
    assert "Not allowed" in feedback(widget) and "✘" in feedback(widget)
    widget.handle("move", "ask 1 for 8")
    assert "you would go fishing" in feedback(widget)
    widget.handle("move", "ask 1 for 7")
    assert widget.correct and "Pol has one" in feedback(widget) and answers == [False, False, True]


def test_otherwise_answers_any_other_legal_move():
    deal = {"hands": [["7S", "8S", "9S"], ["7H", "9C"]]}
    check = check_of(**{**MOVE, "scenario": {"players": 2, "deal": deal}, "otherwise": "Pol holds no such card."})
    widget = CheckWidget(check, game="gwra-pyskessa")
    widget.handle("move", "ask 1 for 9")
    assert "Pol holds no such card." in feedback(widget) and not widget.correct
    widget.handle("move", "ask 1 for 8")
    assert "go fishing" in feedback(widget)


def test_a_move_check_marks_no_card_as_allowed():
    slug = "burn"
    deal = {"hands": [["Wi3", "F9", "E1"], ["E14", "Wa2", "E2"], ["Wi12", "Wa4", "Wa5"], ["Wi5", "F1", "E3"]]}
    data = {"slug": slug, "title": "T", "summary": "S",
            "rule": [{"id": "burn.follow", "section": "Tricks", "title": "Follow", "text": "Follow the element led.",
                      "check": {"kind": "move", "question": "Play a card she may play.",
                                "scenario": {"players": 4, "deal": deal,
                                             "actions": ["play Wi3", "play E14", "play Wi12"]},
                                "accept": ["play Wi5"], "explain": "Wind was led."}}]}
    check = parse_lesson(data, source="x.toml").rules[0].check
    widget = CheckWidget(check, game=slug)
    assert ", playable" not in widget.html and "gw-muted" not in widget.html
    for card in range(3):
        widget.handle("card", card)
        assert ", playable" not in widget.html and "may not allow" not in widget.html, card
    from tutor.widgets.moves import move_panel

    assert ", playable" in move_panel(widget.state, 3, None), "the play table still marks the cards"


# ------------------------------------------------------------------ chapters in the lesson


def test_minutes_are_shown_whole_and_rounded_up():
    assert (whole_minutes(4.01), whole_minutes(5.0), whole_minutes(0.2), whole_minutes(0)) == (5, 5, 1, 1)
    assert whole_minutes(0.1 + 0.2 + 4.7) == 5, "a sum's rounding error does not add a minute"


@pytest.mark.parametrize("slug", ["gwra-pyskessa", "burn"])
def test_the_lesson_draws_each_chapter_with_its_minutes_and_the_overview_lists_them(slug):
    view = LessonWidgets(slug)
    lesson = view.lesson
    overview = html.unescape(view.overview().html)
    assert f"about {math.ceil(lesson_minutes(lesson) - 1e-9)} min in all" in overview
    for n, chapter in enumerate(lesson.chapters, 1):
        minutes = math.ceil(chapter_minutes(lesson, n) - 1e-9)
        drawn = html.unescape(view.chapter(n).html)
        assert f"Chapter {n} · {chapter.title} · about {minutes} min" in drawn
        assert f"{chapter.title}</strong> · about {minutes} min" in overview
    with pytest.raises(KeyError, match="not 0"):
        view.chapter(0)


def test_a_choice_checks_scenario_is_shown_above_it():
    deal = {"hands": [["7S", "8S"], ["7H", "9C"]]}
    data = {"slug": "gwra-pyskessa", "title": "T", "summary": "S",
            "rule": [{"id": "pyskessa.ask", "section": "A turn", "title": "Ask", "text": "Ask someone.",
                      "check": {**CHOICE, "why": ["No.", "", "No."], "scenario": {"players": 2, "deal": deal,
                                                                                  "actions": ["ask 1 for 7"]}}}]}
    view = LessonWidgets("gwra-pyskessa")
    view.lesson = parse_lesson(data, source="x.toml")
    parts = view.parts(view.lesson.rules[0])
    assert [type(p).__name__ for p in parts] == ["PanelWidget", "StepperWidget", "CheckWidget"]
    assert parts[1].last == 1


def test_every_shipped_check_draws_and_answers_wrong_with_a_reason_where_the_lesson_gives_one():
    for slug in ("gwra-pyskessa", "burn", "gnav"):
        for rule in load_lesson(slug).rules:
            check = rule.check
            if check is None or check.kind not in ("choice", "spot", "score"):
                continue
            wrong = (check.answer + 1) % len(check.choices)
            widget = CheckWidget(check, game=slug)
            widget.handle("choose", wrong)
            if check.why:
                assert html.unescape(html.escape(check.why[wrong])) in feedback(widget), (slug, rule.id)


# ------------------------------------------------------------------ the teacher sees chapters finished


def test_a_chapter_is_finished_when_every_check_in_it_was_answered_right(monkeypatch):
    from tutor import classroom
    from tutor.progress import Progress
    from tutor.widgets.teacher import TeacherWidget, chapters_finished

    slug = next(s for s in ("gnav", "burn", "pig", "chwech", "cassino", "carts-tity", "gwra-pyskessa", "pymtheg")
                if len(load_lesson(s).chapters) >= 2 and load_lesson(s).chapters[1].checks)
    lesson = load_lesson(slug)
    first = [r.id for r in lesson.chapters[0].rules if r.check is not None]
    second = [r.id for r in lesson.chapters[1].rules if r.check is not None]
    store = Progress()
    store.add_learner("Ana")
    for rule in first:
        store.answer_check("Ana", slug, rule, "Q?", "no", False)
        store.answer_check("Ana", slug, rule, "Q?", "yes", True)  # right at the second try counts
    for rule in second[:-1]:
        store.answer_check("Ana", slug, rule, "Q?", "yes", True)
    store.answer_check("Ana", slug, second[-1], "Q?", "no", False)
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    view = TeacherWidget()
    view.handle("key", "k")
    got = chapters_finished(view.records)["Ana"][slug]
    assert 1 in got and 2 not in got
    assert view.class_frame().set_index("Learner").loc["Ana", "Chapters finished"] == len(got)
    view.handle("show", "Ana")
    detail = html.unescape(view.html.split('data-testid="detail"')[1])
    assert f"chapters finished: {len(got)} of {len(lesson.chapters)} ({lesson.chapters[0].title}" in detail


def test_the_teachers_page_counts_chapters_and_opens_tables_of_the_games_gwari_ships(monkeypatch):
    """A game registered from another package (the tests' War) is not one of the class's: the chapters finished and
    the games a teacher may open tables of are those of Gwari's own games (``WHERE``), in the gallery's order."""
    from tutor import classroom
    from tutor.games import GAMES, WHERE
    from tutor.widgets.teacher import TeacherWidget, chapters_finished

    rows = [{"learner": "Ana", "lesson": slug, "rule": rule.id, "correct": True}
            for slug in ("war", "gnav") for rule in load_lesson(slug).rules]  # every rule reached, every check right
    assert set(chapters_finished({"reached": rows, "checks": rows})["Ana"]) == {"gnav"}
    monkeypatch.setenv(classroom.KEY_ENV, "k")
    view = TeacherWidget()
    view.handle("key", "k")
    menu = view.html.split('data-gw-input="tablegame"')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]+)"', menu) == sorted(WHERE) and "war" in GAMES


# ------------------------------------------------------------------ the gallery


def test_the_gallery_gives_each_lesson_its_minutes_and_chapters_and_a_first_game(tmp_path):
    from pathlib import Path

    from tutor.games import GAMES, WHERE
    from tutor.widgets.gallery import gallery, lesson_time

    page = html.unescape(gallery(Path(__file__).resolve().parents[1] / "notebooks").html)
    for slug in WHERE:  # the games whose notebooks ship with Gwari
        game = GAMES[slug]
        lesson = load_lesson(slug)
        total = whole_minutes(lesson_minutes(lesson))
        chapters = [whole_minutes(chapter_minutes(lesson, n)) for n in range(1, len(lesson.chapters) + 1)]
        assert lesson_time(slug) == (total, tuple(chapters))
        row = page.split(f">{game.title}<br>")[1].split("</tr>")[0]
        said = (f"about {total} min in {len(chapters)} chapters: " + ", ".join(map(str, chapters[:-1]))
                + f" and {chapters[-1]} min" if len(chapters) > 1 else f"about {total} min")
        assert f">Learn the rules</a> <span class=\"gw-small\">({said})" in row, slug
        assert f'<a href="{slug}-first-game.ipynb">Play your first game</a>' in row, slug
        from tutor.guide import guide_minutes

        first = f' <span class="gw-small">(about {whole_minutes(guide_minutes(slug))} min)</span>'
        assert f"Play your first game</a>{first}" in row, slug
        players = (f"{game.min_players} players" if game.min_players == game.max_players
                   else f"{game.min_players}–{game.max_players} players")
        assert f'<span class="gw-small">{players}</span>' in row, slug
    assert "4–4 players" not in page and "4 players" in page  # Pymtheg is for four exactly
    empty = html.unescape(gallery(tmp_path).html)
    assert all(f'href="{slug}-first-game.ipynb"' in empty for slug in WHERE), "linked before the notebooks exist"


@pytest.mark.parametrize("kind, value", [("item", 9), ("item", "one"), ("item", True), ("choose", 0), ("card", 0),
                                         ("move", "ask 1 for 7"), ("reset", None), ("essay", 1)])
def test_forged_answers_to_an_order_check_are_refused_and_change_nothing(kind, value):
    widget = CheckWidget(check_of(**ORDER))
    widget.handle("item", 1)
    before = widget.html
    if kind == "reset":  # the one legal message here: it does clear
        assert widget.handle(kind, value) and widget.picked == []
        return
    assert not widget.handle(kind, value)
    assert widget.html == before and widget.picked == [1]


@pytest.mark.parametrize("kind, value", [("choose", 3), ("choose", -1), ("choose", False), ("item", 0),
                                         ("reset", None), ("move", "ask 1 for 7")])
def test_forged_answers_to_a_choice_check_are_refused(kind, value):
    widget = CheckWidget(choice())
    before = widget.html
    assert not widget.handle(kind, value)
    assert widget.html == before and widget.answer is None


def test_order_items_that_are_card_codes_read_as_the_cards_names():
    data = {"slug": "gnav", "title": "T", "summary": "S",
            "rule": [{"id": "gnav.pack", "section": "The cards", "title": "The pack", "text": "Twenty-one ranks.",
                      "check": {"kind": "order", "question": "From the highest to the lowest.",
                                "items": ["0", "HOUSE", "12"], "answer": [1, 2, 0], "explain": "E", "why": "W"}}]}
    answers = []
    widget = CheckWidget(parse_lesson(data, source="x.toml").rules[0].check, game="gnav",
                         on_answer=lambda a, right: answers.append(a))
    assert widget.labels == ("Nought", "House", "Twelve")
    for i in (1, 2, 0):
        widget.handle("item", i)
    assert widget.correct and answers == ["House, Twelve, Nought"] and ">1. House<" in widget.html
    assert CheckWidget(check_of(**ORDER)).labels == ("King", "Two", "Seven"), "texts that are not cards stay"
