"""The strategy notebooks and the bot notebook in Voilà: the saved results show at once, and *Run it again* plays
the games anew behind tqdm's progress bar, then redraws the table, the chart and the caption."""

from __future__ import annotations

import pytest

from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook

pytestmark = pytest.mark.browser


def test_run_it_again_plays_anew_behind_a_progress_bar_and_redraws(page, voila_url):
    open_notebook(page, voila_url, "your-own-bot.ipynb")
    saved = page.get_by_text("From 16 games (saved with Gwari")
    saved.wait_for(timeout=LOAD_MS)
    studies = page.locator(".widget-vbox:has(button:has-text('Run it again'))")
    texts = studies.all_inner_texts()
    study = studies.nth(next(i for i, text in enumerate(texts) if "From 16 games" in text))  # the clumsy bot's
    assert "took longer than 1 s over one move" in study.inner_text()
    assert study.locator("svg[role=img][aria-label]").count() == 1
    study.get_by_role("button", name="Run it again").click()
    study.locator(".widget-hprogress").first.wait_for(timeout=30_000)  # tqdm's bar while the games are played
    study.get_by_text("From 16 games (just played").wait_for(timeout=LOAD_MS)
    assert study.locator(".widget-hprogress").count() == 0, "the bar goes once the games are played"
    assert "took longer than 1 s over one move" in study.inner_text()
    assert study.get_by_role("button", name="Run it again").is_enabled()
    assert page.problems == []
