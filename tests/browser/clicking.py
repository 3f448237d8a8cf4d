"""What a learner does in the browser, shared by the browser tests and the benchmarks: make a move by clicking,
and answer a drill item whatever its kind.

Each step waits for what a learner waits for, never for a fixed time: a chosen card shown chosen with its moves
before a move is pressed, the redraw that says what the move did before anything else is clicked.  A change of
the widget's HTML is not enough: a redraw still on its way, or the live region, whose words arrive a moment after
each redraw that says something, would be taken for the one awaited, and the next click would land on a hand
that is about to be replaced.
"""

from __future__ import annotations

import time

MOVE_MS = 30_000
TURN_MS = 300_000  # the others' turns before the learner's: one bot move a step at the learner's pace, many in a row

TURN = ".gw-movebox .gw-turn, [data-testid=deal-summary] button[data-gw=nextdeal], [data-testid=game-over]"

SAID = "el => { const mark = el.querySelector('[data-gw-say]'); return mark ? mark.dataset.gwSay : ''; }"


def said(app) -> str:
    """Which of the app's announcements its view shows (``data-gw-say`` counts them; each move makes a new one)."""
    return app.evaluate(SAID)


def wait_until_said(page, app, before: str, timeout: int = MOVE_MS) -> None:
    """Wait for the app's redraw that says something new (after ``before``, from ``said``)."""
    page.wait_for_function(f"([el, old]) => ({SAID})(el) !== old", arg=[app.element_handle(), before],
                           timeout=timeout)


def choose_first_card(app, timeout: int = MOVE_MS) -> None:
    """Choose the first card of the hand and wait until it is shown chosen (a hand of one card is chosen already)."""
    app.locator("button.gw-cardbtn").first.wait_for(timeout=timeout)
    chosen = app.locator('button.gw-cardbtn[data-value="0"][aria-pressed="true"]')
    if not chosen.count():
        app.locator("button.gw-cardbtn").first.click(timeout=timeout)
        chosen.wait_for(timeout=timeout)


def wait_for_the_turn(page, app, timeout: int = TURN_MS) -> None:
    """Wait, as the learner does, until the table waits for them: their turn drawn, a deal's summary with *Next
    deal*, or the game over.  At the learner's pace the others' moves come one at a time, and a bot may have many
    turns in a row (in Gwra Pyskessa a bot asks again after each catch)."""
    page.wait_for_function(f"el => el.querySelector({TURN!r})", arg=app.element_handle(), timeout=timeout)


def click_a_move(page, app, timeout: int = MOVE_MS) -> float:
    """Wait for the learner's turn, choose the first card of the hand, press the highlighted move, and wait for the
    app's redraw; returns the seconds from the press to the redraw (the bots' turns included).  A deal's summary is
    read and left with *Next deal*."""
    wait_for_the_turn(page, app)
    summary = app.locator("[data-testid=deal-summary] button[data-gw=nextdeal]")
    if summary.count():
        before = said(app)
        summary.first.click(timeout=timeout)
        wait_until_said(page, app, before, timeout)
        wait_for_the_turn(page, app)
    if app.locator("[data-testid=game-over]").count():
        return 0.0
    choose_first_card(app, timeout)
    move = app.locator("button.gw-primary[data-gw=move]").first
    move.wait_for(timeout=timeout)
    before = said(app)
    start = time.perf_counter()
    move.click(timeout=timeout)
    wait_until_said(page, app, before, timeout)
    return time.perf_counter() - start


def press_where_drawn(page, button) -> bool:
    """Press the first of ``button`` where it is drawn now, as a hand does, and say whether one was there.  For a
    button redrawn several times a second (a race's clock), which is never still long enough for a click that waits
    for a stable element; the page holds its redraws while the press lasts (``gwari.js``)."""
    box = button.first.bounding_box() if button.count() else None
    if box is None:
        return False
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return True


def play_to_the_end(page, app, most: int = 400) -> None:
    """Click moves until the game is over (at most ``most`` moves)."""
    for _ in range(most):
        if app.locator("[data-testid=game-over]").count():
            return
        click_a_move(page, app)


def answer_drill_item(page, drill, word: str = "seyth", timeout: int = 10_000) -> None:
    """Answer the drill item on show, whatever its kind, and wait for the feedback."""
    if drill.locator("input[data-key=answer-box]").count():
        drill.locator("input[data-key=answer-box]").fill(word)
        drill.locator("input[data-key=answer-box]").press("Enter")
    elif drill.locator("button[data-gw=choose]").count():
        drill.locator("button[data-gw=choose]").first.click()
    elif drill.locator("button[data-gw=tile]").count():
        for _ in range(drill.locator("button[data-gw=tile]").count()):
            tile = drill.locator("button[data-gw=tile]:not([disabled])").first
            value = tile.get_attribute("data-value")
            tile.click()
            drill.locator(f'button[data-gw=tile][data-value="{value}"][disabled]').wait_for(timeout=timeout)
        drill.locator("button[data-gw=answer]").click()
    else:
        for i in range(drill.locator("button[data-gw=pick][data-value^=k]").count()):
            drill.locator(f"button[data-value=k{i}]").click()
            drill.locator("button[data-gw=pick][data-value^=e]:not([disabled])").first.click()
            drill.locator(f"button[data-value=k{i}][disabled]").wait_for(timeout=timeout)
    drill.locator("[data-testid=feedback]").wait_for(timeout=timeout)


#: Voilà's page shell sizes its panels from the window after a resize: true once it has.
SHELL_FITS = ("() => { const cells = document.getElementById('rendered_cells');"
              " return !cells || Math.abs(cells.getBoundingClientRect().width"
              " - document.documentElement.clientWidth) < 20; }")


def settled(page, timeout: int = MOVE_MS) -> None:
    """Wait until the page is laid out for its window (after a resize too) and two frames have been drawn since."""
    page.wait_for_function(SHELL_FITS, timeout=timeout)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))")

