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
    for step in range(1, 4):
        assert f"{step} of" in drill.locator("[data-testid=count]").inner_text()
        answer_drill_item(page, drill)
        assert "✔" in drill.inner_text() or "✘" in drill.inner_text()
        drill.locator("button[data-gw=next]").click()
        page.wait_for_timeout(200)
    assert page.problems == []
