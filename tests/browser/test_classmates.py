"""Two learners in two browsers at one table of classmates (Gnav's short game, served by Voilà): one opens a table
and gives its code, the other joins it, the game is played to its end by clicking, and a reload in the middle of
the game gets the learner's seat and hand back."""

from __future__ import annotations

import contextlib
import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.clicking import said, wait_until_said
from tests.browser.conftest import record_problems
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
AT_TABLE = "[data-testid=who]"


def learner_page(browser, voila_url, name, notebook="gnav-play.ipynb"):
    """A learner's own browser (a context of its own) on a play page, their name given once before."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"window.localStorage.setItem('gwari.learner', {json.dumps(name)})")
    page = context.new_page()
    record_problems(page)
    open_notebook(page, voila_url, notebook)
    return page, app_of(page, name)


def app_of(page, name):
    app = page.locator(".gwari:has(.gw-playapp)").first
    app.wait_for(timeout=LOAD_MS)
    page.wait_for_function("([el, name]) => el.textContent.includes(name)", arg=[app.element_handle(), name],
                           timeout=WAIT_MS)
    return app


def has(app, selector: str) -> bool:
    return app.locator(selector).count() > 0


def meet(host, host_app, guest_app, *, players: str | None = None, from_list: bool = False) -> str:
    """The host opens a table (for ``players``, else the app's number), the guest joins it by its code typed in
    small letters (or from the list of open tables), the host starts it once the guest's name is in the seats; returns
    the code once both pages are at the table."""
    host_app.locator("[data-key=classmates]").click()
    if players:
        host_app.locator("[data-testid=lobby] [data-key=players]").select_option(players)
    host_app.locator("[data-key=opentable]").click()
    code = host_app.locator("[data-testid=table-code]").inner_text(timeout=WAIT_MS)
    guest_app.locator("[data-key=classmates]").click()
    guest_app.locator("[data-testid=lobby]").wait_for(timeout=WAIT_MS)
    if from_list:
        guest_app.locator(f"[data-key=join-{code}]").click(timeout=WAIT_MS)
    else:
        guest_app.locator("[data-key=tablecode]").fill(code.lower())
        guest_app.locator("[data-key=jointable]").click()
    guest_app.locator("[data-testid=waiting]").wait_for(timeout=WAIT_MS)
    host.wait_for_function("el => el.querySelector('[data-testid=seats]')?.textContent.includes('Hedyn')",
                           arg=host_app.element_handle(), timeout=WAIT_MS)
    host_app.locator("[data-key=starttable]").click()
    for app in (host_app, guest_app):
        app.locator(AT_TABLE).wait_for(timeout=WAIT_MS)  # the lobby and the waiting room have no settings row
        assert code in app.locator(AT_TABLE).inner_text()
    return code


def test_two_learners_meet_at_a_table_play_to_the_end_and_a_reload_keeps_the_seat(browser, voila_url):
    host, host_app = learner_page(browser, voila_url, "Lowdy")
    guest, guest_app = learner_page(browser, voila_url, "Hedyn")
    try:
        meet(host, host_app, guest_app)
        pages = {"Lowdy": [host, host_app], "Hedyn": [guest, guest_app]}
        moves = reloaded = 0
        for _ in range(400):
            over = [has(app, "[data-testid=game-over]") for _page, app in pages.values()]
            if all(over):
                break
            moved = False
            for name, (page, app) in pages.items():
                button = app.locator("button[data-gw=move].gw-primary:not([disabled])")
                if not has(app, "[data-testid=game-over]") and button.count():
                    # Wait for what the learner waits for: the move said (a redraw from the table's clock alone
                    # says nothing new, and its buttons may be about to go).
                    before = said(app)
                    button.first.click(timeout=WAIT_MS)
                    wait_until_said(page, app, before, WAIT_MS)
                    moves += 1
                    moved = True
                    if moves == 2 and not reloaded:  # the guest's page is reloaded in the middle of the game
                        guest.reload()
                        guest_app = app_of(guest, "Hedyn")
                        # The words, not an element: the play app's own settings row carries the same test id.
                        guest.wait_for_function("el => el.textContent.includes('Back at table')",
                                                arg=guest_app.element_handle(), timeout=WAIT_MS)
                        pages["Hedyn"] = [guest, guest_app]
                        reloaded += 1
                    break
            if not moved:  # the other learner's move is on its way: wait until either page shows a turn or the end
                ready = ("el => el.querySelector('button[data-gw=move].gw-primary:not([disabled]), "
                         "[data-testid=game-over]')")
                for _name, (page, app) in pages.items():
                    with contextlib.suppress(PlaywrightTimeout):
                        page.wait_for_function(ready, arg=app.element_handle(), timeout=2_000)
        assert reloaded == 1 and moves >= 2
        for _name, (page, app) in pages.items():
            app.locator("[data-testid=game-over]").wait_for(timeout=WAIT_MS)
            assert "Leave the table" in app.inner_text()
            assert page.problems == [], (_name, page.problems)
    finally:
        host.context.close()
        guest.context.close()


def test_a_question_typed_in_cornish_at_a_table_reaches_the_classmate_asked_in_cornish(browser, voila_url):
    """Gwra Pyskessa for two learners: the one to ask types the question in Cornish; the other's page shows it."""
    host, host_app = learner_page(browser, voila_url, "Lowdy", "gwra-pyskessa-play.ipynb")
    guest, guest_app = learner_page(browser, voila_url, "Hedyn", "gwra-pyskessa-play.ipynb")
    try:
        meet(host, host_app, guest_app, players="2", from_list=True)
        # Whoever is to ask switches to asking in Cornish and types the question for a rank of their own hand.
        pages = [(host, host_app, "Hedyn"), (guest, guest_app, "Lowdy")]
        asker = next(p for p in pages if has(p[1], ".gw-movebox button.gw-cardbtn"))
        listener = next(p for p in pages if p is not asker)
        page, app, other = asker
        app.locator("[data-key=mode]").check()
        app.locator("[data-key=said]").wait_for(timeout=WAIT_MS)
        app.locator("button.gw-cardbtn").first.click()
        rank = app.locator("[data-testid=card-name]").inner_text(timeout=WAIT_MS)
        word = rank.split("“")[1].split("”")[0] if "“" in rank else rank.split()[0]
        question = f"{other}, eus {word.lower()} genes?"
        app.locator("[data-key=said]").fill(question)
        before = said(app)
        app.locator("[data-key=say]").click()
        wait_until_said(page, app, before, WAIT_MS)
        assert not has(app, "[data-testid=correction]"), app.locator("[data-testid=correction]").inner_text()
        lpage, lapp, _ = listener
        lpage.wait_for_function("([el, word]) => el.querySelector('[data-testid=recent]')?.textContent"
                                ".toLowerCase().includes(word)", arg=[lapp.element_handle(), word.lower()],
                                timeout=WAIT_MS)
        for p, _app, _name in pages:
            assert p.problems == []
    finally:
        host.context.close()
        guest.context.close()


def test_a_pig_deal_between_two_learners_and_a_bot_goes_through_the_race(browser, voila_url):
    """Pig for three: two learners pass cards in their own browsers until someone has four of a kind, then race with
    their own button when their page shows it (the race runs on the table's clock, four seconds at most: on a busy
    machine a page may see it end first, as a slow learner would); both pages then say who is the pig.  That the
    button is drawn for a seat still racing is checked in tests/test_play_table.py."""
    host, host_app = learner_page(browser, voila_url, "Lowdy", "pig-play.ipynb")
    guest, guest_app = learner_page(browser, voila_url, "Hedyn", "pig-play.ipynb")
    try:
        meet(host, host_app, guest_app, players="3")
        pages = [(host, host_app), (guest, guest_app)]
        pig = "el => el.querySelector('[data-testid=recent]')?.textContent.includes('the pig!')"
        for _ in range(300):
            if all(page.evaluate(f"({pig})(document.querySelector('.gwari:has(.gw-playapp)'))") for page, _a in pages):
                break
            acted = False
            for page, app in pages:
                race = app.locator("[data-testid=race-buttons] button.gw-primary")
                if race.count():
                    before = said(app)
                    race.first.click(timeout=WAIT_MS)
                    wait_until_said(page, app, before, WAIT_MS)
                    acted = True
                elif has(app, ".gw-movebox .gw-turn") and has(app, "button.gw-cardbtn"):
                    before = said(app)
                    nose = app.locator("button[data-gw=move].gw-primary:not([data-value^=pass])")
                    if nose.count():  # four of a kind: signal
                        nose.first.click(timeout=WAIT_MS)
                    else:
                        app.locator("button.gw-cardbtn").first.click(timeout=WAIT_MS)
                        app.locator("button[data-gw=move].gw-primary").first.click(timeout=WAIT_MS)
                    wait_until_said(page, app, before, WAIT_MS)
                    acted = True
            if not acted:  # the others' moves or the race's next tick are on their way
                ready = ("el => el.querySelector('[data-testid=race-buttons] button.gw-primary, .gw-movebox .gw-turn') "
                         f"|| ({pig})(el)")
                for page, app in pages:
                    with contextlib.suppress(PlaywrightTimeout):
                        page.wait_for_function(ready, arg=app.element_handle(), timeout=1_000)
        for page, app in pages:
            page.wait_for_function(pig, arg=app.element_handle(), timeout=WAIT_MS)
            assert page.problems == []
    finally:
        host.context.close()
        guest.context.close()
