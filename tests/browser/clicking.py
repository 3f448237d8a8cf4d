"""What a learner does in the browser, shared by the browser tests and the benchmarks: make a move by clicking,
and answer a drill item whatever its kind."""

from __future__ import annotations

import time

MOVE_MS = 30_000


def click_a_move(page, app, timeout: int = MOVE_MS) -> float:
    """Choose the first card of the hand, press the highlighted move, and wait for the app's redraw; returns the
    seconds from the press to the redraw (the bots' turns included)."""
    app.locator("button.gw-cardbtn").first.click()
    move = app.locator("button.gw-primary[data-gw=move]").first
    move.wait_for(timeout=timeout)
    before = app.inner_html()
    start = time.perf_counter()
    move.click()
    page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[app.element_handle(), before],
                           timeout=timeout)
    return time.perf_counter() - start


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
            drill.locator("button[data-gw=tile]:not([disabled])").first.click()
            page.wait_for_timeout(100)
        drill.locator("button[data-gw=answer]").click()
    else:
        for i in range(drill.locator("button[data-gw=pick][data-value^=k]").count()):
            drill.locator(f"button[data-value=k{i}]").click()
            drill.locator("button[data-gw=pick][data-value^=e]:not([disabled])").first.click()
            page.wait_for_timeout(100)
    drill.locator("[data-testid=feedback]").wait_for(timeout=timeout)
