"""Checks that teach, in Chromium: an order check put right by keyboard alone, its wrong order answered with its
reason, and a move check whose hand marks no card as allowed; the lesson draws its chapters with their minutes."""

from __future__ import annotations

import pytest

from tests.browser.test_learners import changed, focused, view_of
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook
from tutor.lessons import chapter_minutes, load_lesson, whole_minutes

pytestmark = pytest.mark.browser

SLUG = "gwra-pyskessa"


def press(page, widget, key: str) -> None:
    """Press a key that redraws the widget, and wait for the redraw."""
    view = view_of(widget)
    before = view.inner_html()
    page.keyboard.press(key)
    changed(page, view, before)


def test_an_order_check_by_keyboard_and_a_move_check_that_marks_nothing(page, voila_url):
    lesson = load_lesson(SLUG)
    rule = next(r for r in lesson.rules if r.check is not None and r.check.kind == "order")
    check = rule.check
    open_notebook(page, voila_url, f"{SLUG}-lesson.ipynb")
    widget = page.locator(".gwari:has(button[data-gw=item])").first
    widget.wait_for(timeout=LOAD_MS)
    chapter = page.locator("[data-testid=chapter]").first
    assert f"about {whole_minutes(chapter_minutes(lesson, 1))} min" in chapter.inner_text()

    widget.locator("button[data-gw=item]").first.focus()
    for _ in check.items:  # Enter on each item as it comes: the order shown, which is never the right one
        assert focused(page)["gw"] == "item"
        press(page, widget, "Enter")
    assert "✘" in widget.inner_text() and check.why in widget.inner_text()
    assert focused(page)["gw"] == "again", "after the verdict the focus is on Try again"
    press(page, widget, "Enter")
    assert widget.locator("button[data-gw=item][disabled]").count() == 0
    left = list(range(len(check.items)))
    for target in check.answer:  # the right order: Home, arrow keys to the item, then Enter
        assert focused(page)["gw"] == "item", "the focus stays among the items left"
        page.keyboard.press("Home")
        for _ in range(left.index(target)):
            page.keyboard.press("ArrowRight")
        assert focused(page)["key"] == f"item-{target}"
        press(page, widget, "Enter")
        left.remove(target)
    assert "✔" in widget.inner_text() and check.explain.split()[0] in widget.inner_text()

    moves = page.locator(".gwari:has(h3:text-is('Your move'))")
    assert moves.count() >= 1
    for i in range(moves.count()):
        cards = moves.nth(i).locator("button.gw-cardbtn")
        assert cards.count() >= 1
        labels = [cards.nth(j).get_attribute("aria-label") for j in range(cards.count())]
        assert not any("playable" in label for label in labels), labels
    assert page.problems == []
