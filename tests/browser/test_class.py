"""The teacher's class view, filled by a learner working through the real apps in the browser: a lesson's
checks, a whole game, a drill session; the name typed once follows them from app to app."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.clicking import play_to_the_end
from tests.browser.conftest import assert_no_output_left_broken
from tests.browser.test_learners import new_page
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook

pytestmark = pytest.mark.browser

DESK = {"width": 1280, "height": 800}
KEY = "slate-owl-7"
STEP_MS = 60_000  # a busy machine (the whole suite on two workers) can take seconds over one click


def learner_line(app):
    line = app.locator("[data-testid=learner]").first
    line.wait_for(timeout=LOAD_MS)
    return line


def do_a_lesson(page, voila_url):
    """Give the name in the lesson, answer the first check wrong then right, and step a scenario to its end."""
    open_notebook(page, voila_url, "pig-lesson.ipynb")
    overview = page.locator(".gwari:has([data-testid=learner])").first
    learner_line(overview)
    overview.locator("input[data-key=learner-name]").fill("Ana Tremayne")
    overview.locator("input[data-key=learner-name]").press("Enter")
    page.wait_for_function("el => el.innerText.includes('kept under')", arg=overview.element_handle(),
                           timeout=STEP_MS)
    check = page.locator(".gwari:has(button[data-gw=choose])").first
    choices = check.locator("button[data-gw=choose]")
    for i in range(choices.count()):
        before = check.inner_html()
        choices.nth(i).click()
        page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[check.element_handle(), before])
        if "✔" in check.inner_text():
            break
        before = check.inner_html()
        check.locator("button[data-gw=again]").click()  # the check is drawn afresh before the next choice
        page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[check.element_handle(), before])
    stepper = page.locator(".gwari:has(button[data-gw=last]:not([disabled]))").first.element_handle()
    stepper.query_selector("button[data-gw=last]").click()
    page.wait_for_function("el => el.querySelector('button[data-gw=last]').disabled", arg=stepper, timeout=STEP_MS)


def play_a_game(page, voila_url):
    """The name is already there; play a whole game by clicking."""
    open_notebook(page, voila_url, "gwra-pyskessa-play.ipynb")
    app = page.locator(".gwari:has([data-testid=code])").first
    app.wait_for(timeout=LOAD_MS)
    page.wait_for_function("el => el.innerText.includes('kept under')", arg=app.element_handle(), timeout=STEP_MS)
    assert "Ana Tremayne" in learner_line(app).inner_text()
    play_to_the_end(page, app)
    assert app.locator("[data-testid=game-over]").count() == 1


def do_a_drill(page, voila_url):
    """The drill's box holds the name: Start, answer one item."""
    open_notebook(page, voila_url, "cornish-drill.ipynb")
    drill = page.locator(".gwari").filter(has_text="Cornish words").first
    drill.wait_for(timeout=LOAD_MS)
    box = drill.locator("input[data-key=learner]")
    # The name arrives with a redraw, which replaces the box: wait on the box as it is found each time, not on a
    # handle to the box drawn first.
    expect(box).to_have_value("Ana Tremayne", timeout=STEP_MS)
    drill.locator("button[data-gw=start]").click()
    drill.locator("[data-testid=prompt]").wait_for(timeout=STEP_MS)
    if drill.locator("input[data-key=answer-box]").count():
        drill.locator("input[data-key=answer-box]").fill("onan")
        drill.locator("input[data-key=answer-box]").press("Enter")
    else:
        drill.locator("button[data-gw=choose]").first.click()
    drill.locator("[data-testid=feedback]").wait_for(timeout=STEP_MS)


def test_the_teachers_page_shows_a_class_filled_through_the_real_apps(browser, voila_url, class_store):
    key_file = class_store.parent / "class-key"
    key_file.unlink(missing_ok=True)
    page = new_page(browser, DESK)
    try:
        do_a_lesson(page, voila_url)
        play_a_game(page, voila_url)
        do_a_drill(page, voila_url)

        open_notebook(page, voila_url, "teacher.ipynb")
        closed = page.locator("[data-testid=no-key]")
        closed.wait_for(timeout=LOAD_MS)
        assert "no class key is set" in closed.inner_text()
        assert "Ana Tremayne" not in page.content()

        key_file.write_text(KEY + "\n")
        open_notebook(page, voila_url, "teacher.ipynb")
        view = page.locator(".gwari:has(input[data-key=key])").first
        view.wait_for(timeout=LOAD_MS)
        view.locator("input[data-key=key]").fill("not-it")
        view.locator("input[data-key=key]").press("Enter")
        page.locator("[data-testid=wrong-key]").wait_for(timeout=STEP_MS)
        assert "Ana Tremayne" not in page.content()
        view.locator("input[data-key=key]").fill(KEY)
        view.locator("button[data-gw=key]").click()
        table = page.locator("[data-testid=class-table]")
        table.wait_for(timeout=STEP_MS)
        row = table.locator("tr", has_text="Ana Tremayne")
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
        seen = dict(zip(headers, cells))
        assert seen["Checks answered"] == "1" and int(seen["Rules reached"]) >= 1, seen
        assert seen["Games played"] == "1" and "Gwra Pyskessa 1" in seen["Games by game"], seen
        assert seen["Words due"] != "" and seen["Last seen"], seen
        page.locator("button[data-gw=show]", has_text="Ana Tremayne").click()
        page.locator("[data-testid=detail]").wait_for(timeout=STEP_MS)
        assert_no_output_left_broken(page)
        assert page.problems == []
    finally:
        key_file.unlink(missing_ok=True)
        page.context.close()
