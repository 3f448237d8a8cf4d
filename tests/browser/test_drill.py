"""The Cornish drill in Voilà: a learner types a name and answers a few items by keyboard and clicks."""

from __future__ import annotations

import pytest

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
        drill.locator("button[data-gw=next]").click()
        # the next item is drawn when the count moves on (a busy server can take a while: wait for it, not a time)
        page.wait_for_function("([el, want]) => el.innerText.includes(want)",
                               arg=[count.element_handle(), f"{step + 1} of"], timeout=10_000)
    assert page.problems == []
