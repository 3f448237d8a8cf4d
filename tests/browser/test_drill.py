"""The Cornish drill in Voilà: a learner types a name and answers a few items by keyboard and clicks."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.clicking import answer_drill_item
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook

pytestmark = pytest.mark.browser


def test_a_learner_answers_drill_items(page, voila_url):
    open_notebook(page, voila_url, "cornish-drill.ipynb")
    drill = page.locator(".gwari").filter(has_text="Cornish words").first
    drill.wait_for(timeout=LOAD_MS)
    drill.locator("input[data-key=learner]").fill("Browser")
    drill.locator("input[data-key=learner]").press("Enter")
    drill.locator("[data-testid=prompt]").wait_for(timeout=10_000)
    count = drill.locator("[data-testid=count]")
    for step in range(1, 4):
        assert f"{step} of" in count.inner_text()
        answer_drill_item(page, drill)
        assert "✔" in drill.inner_text() or "✘" in drill.inner_text()
        moved_on = ("([el, want]) => (el.querySelector('[data-testid=count]') || {innerText: ''})"
                    ".innerText.includes(want)")
        # The next item is drawn when the count moves on: wait for that, not a time.  The drill's root stays while
        # its face is drawn anew, so the count is looked up in it each time.  A press that a redraw swallowed is
        # pressed again, as a learner would (a second Next before the new item is answered is refused in words).
        want = f"{step + 1} of"
        drill.locator("button[data-gw=next]").click()
        try:
            page.wait_for_function(moved_on, arg=[drill.element_handle(), want], timeout=5_000)
        except PlaywrightTimeout:
            if want not in count.inner_text():
                drill.locator("button[data-gw=next]").click(timeout=5_000)
            page.wait_for_function(moved_on, arg=[drill.element_handle(), want], timeout=20_000)
    assert page.problems == []
