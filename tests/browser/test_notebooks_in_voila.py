"""In Voilà: the stepper moves, a whole game is played by clicking, the hand works from the keyboard, JupyterLab runs
the play app, a question is asked in Cornish.  (Every notebook's clean render is checked with axe in test_learners.)"""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.clicking import choose_first_card, play_to_the_end

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
LOAD_MS = 90_000


def open_notebook(page, url, name):
    page.goto(f"{url}/voila/render/{name}", timeout=LOAD_MS)
    try:
        page.wait_for_selector("body[data-voila='voila-finished'], .jp-OutputArea, .gwari", timeout=LOAD_MS)
    except Exception:
        # A page that showed nothing in 90 s is reloaded once, as a learner would.  (On a busy server Voilà has been
        # seen to leave a play app's page unanswered, its pooled kernel never replying; the reload gets another.)
        print(f"{name}: nothing drawn in {LOAD_MS // 1000} s; reloaded once")
        page.goto(f"{url}/voila/render/{name}", timeout=LOAD_MS)
        page.wait_for_selector("body[data-voila='voila-finished'], .jp-OutputArea, .gwari", timeout=LOAD_MS)
    page.wait_for_function("() => !document.querySelector('.voila-spinner, #loading')"
                           " || getComputedStyle(document.querySelector('.voila-spinner, #loading')).display === 'none'",
                           timeout=LOAD_MS)


def test_lesson_stepper_moves_and_check_answers(page, voila_url):
    open_notebook(page, voila_url, "gwra-pyskessa-lesson.ipynb")
    page.wait_for_selector(".gwari button[data-gw=next]", timeout=LOAD_MS)
    stepper = page.locator(".gwari:has(button[data-gw=next])").first
    assert "Step 0 of" in stepper.inner_text()
    stepper.locator("button[data-gw=next]").click()
    page.wait_for_function("el => el.innerText.includes('Step 1 of')", arg=stepper.element_handle())
    check = page.locator(".gwari:has(button[data-gw=choose])").first
    check.locator("button[data-gw=choose]").nth(1).click()
    page.wait_for_function("el => el.innerText.includes('right')", arg=check.element_handle())
    assert page.problems == []


def test_a_lesson_shows_one_chapter_and_at_its_end_the_next(page, voila_url):
    """The lesson page draws chapter 1's rules alone and says where it ends; the way on draws chapter 2 in its
    place, its heading in view with the keyboard's focus."""
    from tutor.lessons import load_lesson

    lesson = load_lesson("gnav")
    open_notebook(page, voila_url, "gnav-lesson.ipynb")
    end = page.locator("[data-testid=chapter-end]")
    end.wait_for(timeout=LOAD_MS)
    drawn = "() => [...document.querySelectorAll('.gw-panel[data-rule]')].map(e => e.dataset.rule).join(' ')"
    for n in (1, 2):
        rules = " ".join(rule.id for rule in lesson.chapter(n).rules)
        page.wait_for_function(f"want => ({drawn})() === want", arg=rules, timeout=LOAD_MS)
        assert page.locator(f"[data-testid=chapter][data-part='{n}']").count() == 1
        if n == 1:
            assert "End of chapter 1: you know enough to play a whole game." in end.inner_text()
            way_on = end.locator("button[data-key=next-part]")
            assert way_on.inner_text().startswith(f"Next: chapter 2 · {lesson.chapter(2).title}")
            way_on.focus()
            page.keyboard.press("Enter")
    heading = page.locator("[data-testid=chapter][data-part='2'] h2")
    assert page.evaluate("() => document.activeElement.tagName") == "H2"
    box = heading.bounding_box()
    assert box is not None and 0 <= box["y"] < 800, box
    assert page.locator("[data-testid=chapter-end]").count() == 1
    assert page.problems == []


def test_whole_game_of_the_play_app_by_clicking(page, voila_url):
    open_notebook(page, voila_url, "gwra-pyskessa-play.ipynb")
    app = page.locator(".gwari:has([data-testid=code])").first
    app.wait_for(timeout=LOAD_MS)
    play_to_the_end(page, app)
    assert app.locator("[data-testid=game-over]").count() == 1
    app.locator("button[data-gw=review]").click()
    page.wait_for_selector("text=Your game, step by step", timeout=10_000)
    assert page.problems == []


def test_hand_works_from_the_keyboard(page, voila_url):
    open_notebook(page, voila_url, "gwra-pyskessa-play.ipynb")
    app = page.locator(".gwari:has([data-testid=code])").first
    app.locator("button.gw-cardbtn").first.wait_for(timeout=LOAD_MS)
    app.locator("button.gw-cardbtn").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector("button.gw-cardbtn[aria-pressed=true]", timeout=10_000)
    pressed = app.locator("button.gw-cardbtn[aria-pressed=true]")
    assert pressed.get_attribute("data-value") == "1"
    assert page.evaluate("document.activeElement.dataset.key") == "hand-1", "focus survives the redraw"
    assert app.locator("button.gw-cardbtn[tabindex='0']").count() == 1, "the hand is one Tab stop"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.gw") == "move", "one Tab from the hand to its moves"


def run_all_in_jupyterlab(page, lab_url, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab, wait for its kernel to be idle, and run all its cells, as a learner does:
    until the first cell has run (a learner whose click came before JupyterLab was ready clicks again).

    Each opening has a workspace of its own, so JupyterLab restores no notebook another test opened behind it."""
    workspace = f"gwari-{uuid.uuid4().hex[:12]}"
    page.goto(f"{lab_url}/lab/workspaces/{workspace}/tree/notebooks/{notebook}", timeout=LOAD_MS)
    shown = page.locator(".jp-Notebook:visible").first
    shown.wait_for(timeout=LOAD_MS)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=LOAD_MS)
    ran = shown.locator(".jp-InputPrompt", has_text=re.compile(r"\[(\*|\d+)\]")).first
    for attempt in range(3):
        page.get_by_role("menuitem", name="Run").click()
        page.get_by_text("Run All Cells", exact=True).click()
        try:
            ran.wait_for(timeout=20_000)
            return
        except PlaywrightTimeout:
            if attempt == 2:
                raise


def test_play_app_works_in_jupyterlab(page, lab_url):
    run_all_in_jupyterlab(page, lab_url, "gwra-pyskessa-play.ipynb")
    app = page.locator(".gwari:has([data-testid=code])").first
    app.locator("button.gw-cardbtn").first.wait_for(timeout=LOAD_MS)
    choose_first_card(app)
    app.locator("button.gw-primary[data-gw=move]").first.click()
    page.wait_for_selector("[data-testid=recent] .gw-said", timeout=20_000)
    assert page.problems == []


def test_a_lesson_goes_on_to_its_next_chapter_in_jupyterlab(page, lab_url):
    run_all_in_jupyterlab(page, lab_url, "pig-lesson.ipynb")
    end = page.locator("[data-testid=chapter-end]")
    end.wait_for(timeout=LOAD_MS)
    assert "End of chapter 1" in end.inner_text()
    end.locator("button[data-key=next-part]").click()
    page.locator("[data-testid=chapter][data-part='2']").wait_for(timeout=20_000)
    page.wait_for_selector("[data-testid=chapter-end][data-part='2']", timeout=20_000)
    assert page.locator("[data-testid=chapter]").count() == 1
    assert page.problems == []


def test_ask_one_question_in_cornish(page, voila_url):
    open_notebook(page, voila_url, "gwra-pyskessa-play.ipynb")
    app = page.locator(".gwari:has([data-testid=code])").first
    app.locator("input[data-gw=mode]").wait_for(timeout=LOAD_MS)
    app.locator("input[data-gw=mode]").check()
    box = app.locator("input[data-gw-input=said]")
    box.wait_for(timeout=10_000)
    box.fill("Tamsin, eus seith genes?")
    box.press("Enter")
    page.wait_for_selector("text=Almost — “seyth”, not “seith”.", timeout=10_000)
    app.locator("button.gw-cardbtn").first.click()
    hint = app.locator("text=to ask for")
    hint.wait_for(timeout=10_000)
    word = hint.inner_text().split("say “")[1].split("”")[0]
    app.locator("input[data-gw-input=said]").fill(f"Tamsin, eus {word} genes?")
    app.locator("button[data-gw=say]").click()
    page.wait_for_selector("[data-testid=recent] summary", timeout=10_000)
    assert page.problems == []
