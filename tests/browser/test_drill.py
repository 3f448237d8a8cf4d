"""The Cornish drill in Voilà: a learner types a name and answers a few items by keyboard and clicks."""

from __future__ import annotations

import pytest

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
        if drill.locator("input[data-key=answer-box]").count():
            drill.locator("input[data-key=answer-box]").fill("seyth")
            drill.locator("input[data-key=answer-box]").press("Enter")
        elif drill.locator("button[data-gw=choose]").count():
            drill.locator("button[data-gw=choose]").first.click()
        elif drill.locator("button[data-gw=tile]").count():
            for _ in range(drill.locator("button[data-gw=tile]").count()):
                drill.locator("button[data-gw=tile]:not([disabled])").first.click()
                page.wait_for_timeout(100)
            drill.locator("button[data-gw=answer]").click()
        else:
            for i in range(drill.locator("button[data-gw=pick][data-value^=k]").count()):
                drill.locator(f"button[data-value=k{i}]").click()
                drill.locator("button[data-gw=pick][data-value^=e]:not([disabled])").first.click()
                page.wait_for_timeout(100)
        drill.locator("[data-testid=feedback]").wait_for(timeout=10_000)
        assert "✔" in drill.inner_text() or "✘" in drill.inner_text()
        drill.locator("button[data-gw=next]").click()
        page.wait_for_timeout(200)
    assert page.problems == []
