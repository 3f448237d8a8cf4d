"""With no server (the static site, Python in the browser): the lesson page draws chapter 1 alone, and its way on
draws chapter 2 in its place."""

from __future__ import annotations

import pytest

from tests.browser.test_static_site import STEP_MS, offline_page, open_static, static_site_url  # noqa: F401
from tutor.lessons import load_lesson

pytestmark = pytest.mark.browser


def test_a_lesson_goes_on_to_its_next_chapter_offline(offline_page, static_site_url):  # noqa: F811
    page = offline_page
    lesson = load_lesson("gwra-pyskessa")
    open_static(page, static_site_url, "gwra-pyskessa-lesson")
    end = page.locator("[data-testid=chapter-end]")
    end.wait_for(timeout=STEP_MS * 6)
    drawn = "() => [...document.querySelectorAll('.gw-panel[data-rule]')].map(e => e.dataset.rule).join(' ')"
    for n in (1, 2):
        rules = " ".join(rule.id for rule in lesson.chapter(n).rules)
        page.wait_for_function(f"want => ({drawn})() === want", arg=rules, timeout=STEP_MS)
        if n == 1:
            assert "End of chapter 1: you know enough to play a whole game." in end.inner_text()
            end.locator("button[data-key=next-part]").click()
    assert page.locator("[data-testid=chapter][data-part='2']").count() == 1
    assert page.problems == []
