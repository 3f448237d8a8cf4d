"""The keyboard in a play app: from the top of the app the hand is at most three Tabs away (nothing wide and
scrollable stands before it), and after a move made with the keys the focus stays on the hand, on the card now
where the played one was."""

from __future__ import annotations

import pytest

from tests.browser.test_learners import DESK, PHONE, new_page, play_app

pytestmark = pytest.mark.browser

MOVE_MS = 120_000

FOCUSED = """() => { const a = document.activeElement;
  return {key: a.dataset.key || '', group: a.dataset.group || '', inApp: !!a.closest('.gw-playapp'),
          label: a.getAttribute('aria-label') || a.textContent.trim().slice(0, 60), tag: a.tagName}; }"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tabs_to_the_hand(page, app) -> list[dict]:
    """Tab from the last link before the app (the intro's) until the hand has the focus; the stops on the way."""
    assert app.evaluate("""el => { const links = [...document.querySelectorAll('a[href]')].filter(
        a => a.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
        links[links.length - 1].focus(); return document.activeElement === links[links.length - 1]; }""")
    stops = []
    for _ in range(12):
        page.keyboard.press("Tab")
        stops.append(focused(page))
        if stops[-1]["group"] == "hand":
            break
    return stops


def wait_for_the_learner(page, app) -> None:
    page.wait_for_function("el => el.querySelector('.gw-movebox .gw-turn, [data-testid=deal-summary], "
                           "[data-testid=game-over]')", arg=app.element_handle(), timeout=MOVE_MS)


@pytest.mark.parametrize("name", ["burn-play.ipynb", "cassino-play.ipynb"])
def test_the_hand_is_three_tabs_from_the_top_of_the_app_at_both_sizes(browser, voila_url, name):
    page = new_page(browser, DESK)
    try:
        app = play_app(page, voila_url, name)
        wait_for_the_learner(page, app)
        for size in (DESK, PHONE):
            page.set_viewport_size(size)
            stops = tabs_to_the_hand(page, app)
            assert stops[-1]["group"] == "hand", f"at {size['width']} px the Tabs never reached the hand: {stops}"
            assert len(stops) <= 3, f"at {size['width']} px, {len(stops)} Tabs to the hand: {stops}"
            assert all(stop["inApp"] for stop in stops), f"a stop outside the app before the hand: {stops}"
        assert page.problems == []
    finally:
        page.context.close()


def test_after_a_move_the_focus_is_on_the_card_now_where_the_played_one_was(browser, voila_url):
    page = new_page(browser, DESK)
    try:
        app = play_app(page, voila_url, "cassino-play.ipynb")  # every card may be trailed: any card is a move
        quick = app.locator("input[data-gw=stepbots]")
        if quick.count() and quick.is_checked():
            quick.uncheck()
            app.locator("input[data-gw=stepbots]:not(:checked)").wait_for(timeout=MOVE_MS)
        for turn in range(2):
            wait_for_the_learner(page, app)
            stops = tabs_to_the_hand(page, app)
            assert stops[-1]["group"] == "hand"
            held = app.locator(".gw-movebox button.gw-cardbtn").count()
            if held < 2:
                break
            page.keyboard.press("Home")
            page.keyboard.press("ArrowRight")  # the second card
            assert focused(page)["key"] == "hand-1"
            page.keyboard.press("Enter")
            app.locator('.gw-movebox button.gw-cardbtn[data-value="1"][aria-pressed="true"]').wait_for(
                timeout=MOVE_MS)
            app.locator(".gw-movebox button[data-gw=move][data-group=moves]").first.wait_for(timeout=MOVE_MS)
            page.wait_for_function("() => document.activeElement.dataset.key === 'hand-1'", timeout=MOVE_MS)
            page.keyboard.press("Tab")
            assert focused(page)["group"] == "moves", focused(page)
            before = app.evaluate("el => el.querySelector('[data-gw-say]').dataset.gwSay")
            page.keyboard.press("Enter")
            page.wait_for_function("([el, old]) => el.querySelector('[data-gw-say]').dataset.gwSay !== old",
                                   arg=[app.element_handle(), before], timeout=MOVE_MS)
            wait_for_the_learner(page, app)
            if app.locator("[data-testid=deal-summary], [data-testid=game-over]").count():
                break
            page.wait_for_function("() => document.activeElement.dataset.group === 'hand'", timeout=MOVE_MS)
            assert focused(page)["key"] == "hand-1", f"after move {turn + 1} the focus is on {focused(page)}"
        assert page.problems == []
    finally:
        page.context.close()
