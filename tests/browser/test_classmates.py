"""Learners in their own browsers at one table of classmates, served by Voilà: one opens a table and gives its code,
the others join it; a whole Burn game for three is played to its end by clicking, with forged messages refused and
a reload in the middle of the game getting the learner's seat and hand back; a Cornish question reaches the
classmate asked; a Pig deal goes through the race."""

from __future__ import annotations

import contextlib
import json
import random
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.clicking import SAID, press_where_drawn, said, wait_until_said
from tests.browser.conftest import record_problems
from tests.browser.test_one_screen import measure
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
LOOK_MS = 10_000  # a control looked at a moment ago: longer than this, and the table has moved on since
AT_TABLE = "[data-testid=who]"


def learner_pages(browser, voila_url, names, notebook):
    """Each learner's own browser on the play page, the pages asked for together (the server draws them side by
    side, as for a class arriving), then each waited for: {name: [page, app]}."""
    pages = {}
    for name in names:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(f"window.localStorage.setItem('gwari.learner', {json.dumps(name)})")
        page = context.new_page()
        record_problems(page)
        pages[name] = page
    for name in names[1:]:
        pages[name].goto(f"{voila_url}/voila/render/{notebook}", wait_until="commit", timeout=LOAD_MS)
    open_notebook(pages[names[0]], voila_url, notebook)
    for name in names[1:]:
        try:
            pages[name].wait_for_selector("body[data-voila='voila-finished'], .jp-OutputArea, .gwari",
                                          timeout=LOAD_MS)
        except PlaywrightTimeout:
            open_notebook(pages[name], voila_url, notebook)  # asked again, as a learner would reload
    return {name: [page, app_of(page, name)] for name, page in pages.items()}


def app_of(page, name):
    app = page.locator(".gwari:has(.gw-playapp)").first
    app.wait_for(timeout=LOAD_MS)
    page.wait_for_function("([el, name]) => el.textContent.includes(name)", arg=[app.element_handle(), name],
                           timeout=WAIT_MS)
    return app


def has(app, selector: str) -> bool:
    return app.locator(selector).count() > 0


def open_table(host_app, players: str | None = None) -> str:
    """The host opens a table (for ``players``, else the app's number); its code."""
    host_app.locator("[data-key=classmates]").click()
    if players:
        host_app.locator("[data-testid=lobby] [data-key=players]").select_option(players)
    host_app.locator("[data-key=opentable]").click()
    return host_app.locator("[data-testid=table-code]").inner_text(timeout=WAIT_MS)


def join_and_start(host, host_app, code: str, *guests, from_list: bool = False) -> None:
    """Each guest (a page, its app and its name) joins the table by its code typed in small letters (or from the
    list of open tables); the host starts it once the guests' names are in the seats; every page is then at the
    table."""
    for _page, guest_app, name in guests:
        if not has(guest_app, "[data-testid=lobby]"):
            guest_app.locator("[data-key=classmates]").click()
            guest_app.locator("[data-testid=lobby]").wait_for(timeout=WAIT_MS)
        if from_list:
            guest_app.locator(f"[data-key=join-{code}]").click(timeout=WAIT_MS)
        else:
            guest_app.locator("[data-key=tablecode]").fill(code.lower())
            guest_app.locator("[data-key=jointable]").click()
        guest_app.locator("[data-testid=waiting]").wait_for(timeout=WAIT_MS)
        host.wait_for_function("([el, name]) => el.querySelector('[data-testid=seats]')?.textContent.includes(name)",
                               arg=[host_app.element_handle(), name], timeout=WAIT_MS)
    host_app.locator("[data-key=starttable]").click()
    for app in (host_app, *(g[1] for g in guests)):
        app.locator(AT_TABLE).wait_for(timeout=WAIT_MS)  # the lobby and the waiting room have no settings row
        assert code in app.locator(AT_TABLE).inner_text()


def meet(host, host_app, *guests, players: str | None = None, from_list: bool = False) -> str:
    """A table opened by the host, joined by the guests and started; its code."""
    code = open_table(host_app, players)
    join_and_start(host, host_app, code, *guests, from_list=from_list)
    return code


def send_forged(app, kind: str, value: str) -> None:
    """The page sends a message it never offered: a button made in the page and clicked, as anyone can do in the
    browser's developer tools."""
    app.evaluate("""(el, [kind, value]) => {
        const forged = document.createElement('button');
        forged.dataset.gw = kind;
        forged.dataset.value = value;
        el.querySelector('.gw-playapp').appendChild(forged);
        forged.click();
    }""", [kind, value])


def forge(page, app, kind: str, value: str) -> None:
    """A forged message (``send_forged``), and the app's answer in words awaited."""
    before = said(app)
    send_forged(app, kind, value)
    wait_until_said(page, app, before, WAIT_MS)


NEXT_DEAL = "[data-testid=deal-summary] button[data-gw=nextdeal]"
ELEMENTS = {"Fire": "F", "Water": "Wa", "Wind": "Wi", "Earth": "E"}


def hand_labels(app) -> list[str]:
    """The names of the cards in the hand a page shows."""
    return app.locator("button.gw-cardbtn[data-group=hand]").evaluate_all("els => els.map(e => e.ariaLabel)")


def choose_a_playable_card(app) -> None:
    """Choose the cards of the hand in turn until one may be played (its move is the highlighted one; a card the
    rules do not allow offers a muted move, to try and be told why)."""
    cards = app.locator("button.gw-cardbtn[data-group=hand]")
    turn = app.locator(".gw-movebox .gw-turn").inner_text()
    led = turn.split("(")[-1].split()[0] if " led)" in turn else ""
    labels = hand_labels(app)
    # The cards ringed as playable first (the hand names them so), then those of the suit led, then the rest.
    order = sorted(range(len(labels)), key=lambda i: (not labels[i].endswith(", playable"),
                                                      not (led and labels[i].startswith(led + " "))))
    for i in order:
        chosen = app.locator(f'button.gw-cardbtn[data-group=hand][data-value="{i}"][aria-pressed="true"]')
        if not chosen.count():
            cards.nth(i).click(timeout=WAIT_MS)
            chosen.wait_for(timeout=WAIT_MS)
        if app.locator("button.gw-primary[data-gw=move]").count():
            return
    raise AssertionError("no card of the hand may be played")


def turn_of(pages: dict) -> str | None:
    """The name of the learner whose page shows their turn, if any does."""
    return next((n for n, (_p, app) in pages.items() if has(app, ".gw-movebox .gw-turn")), None)


def test_three_learners_play_a_whole_burn_game_forged_messages_are_refused_and_a_reload_keeps_the_seat(
        browser, voila_url):
    """Burn for three learners, to a target of one point (the whole game, which ends with the deal that scores)."""
    names = ("Lowdy", "Hedyn", "Tamsin")
    pages = learner_pages(browser, voila_url, names, "burn-play.ipynb")
    try:
        host, host_app = pages["Lowdy"]
        host_app.locator("details.gw-variants > summary").click()
        host_app.locator("[data-key='option:target']").fill("1")
        host_app.locator("[data-key=new]").click()
        host_app.locator("[data-key='option:target'][value='1']").wait_for(state="attached", timeout=WAIT_MS)
        code = open_table(host_app, "3")
        # A page with no seat sends a guessed key for the table's seat: it is not seated (the lobby it asks for
        # next shows it in the lobby, not in the waiting room).
        forger, forger_app = pages["Tamsin"]
        send_forged(forger_app, "seats", json.dumps({code: "a guessed key"}))
        forger_app.locator("[data-key=classmates]").click()
        forger_app.locator("[data-testid=lobby]").wait_for(timeout=WAIT_MS)
        assert not has(forger_app, "[data-testid=waiting]") and not has(forger_app, AT_TABLE)
        join_and_start(host, host_app, code, *[(pages[n][0], pages[n][1], n) for n in names[1:]])
        # Each page shows its own hand and no card of the others' (no card has been played yet).
        for name, (page, app) in pages.items():
            html = app.inner_html()
            assert len(hand_labels(app)) > 0
            for other, (_p, other_app) in pages.items():
                if other != name:
                    assert not any(f'aria-label="{label}"' in html for label in hand_labels(other_app)), (name, other)

        # Forged moves: for the learner to move, from another page; a card the mover does not hold.
        mover = None
        for _ in range(50):
            mover = turn_of(pages)
            if mover:
                break
            for _n, (page, app) in pages.items():
                with contextlib.suppress(PlaywrightTimeout):
                    page.wait_for_function("el => el.querySelector('.gw-movebox .gw-turn')", arg=app.element_handle(),
                                           timeout=1_000)
        assert mover, "nobody's turn is shown"
        mover_page, mover_app = pages[mover]
        choose_a_playable_card(mover_app)
        move = mover_app.locator("button.gw-primary[data-gw=move]").first.get_attribute("data-value")
        other = next(n for n in names if n != mover)
        other_page, other_app = pages[other]
        kept, hand = said(mover_app), hand_labels(mover_app)
        forge(other_page, other_app, "move", move)
        assert "turn, not yours" in other_app.inner_text()
        element, number = other_app.locator("button.gw-cardbtn[data-group=hand]").first.get_attribute(
            "aria-label").split()
        forge(mover_page, mover_app, "move", f"play {ELEMENTS[element]}{number}")
        assert f"You do not hold the {element} {number}" in mover_app.inner_text()
        assert has(mover_app, ".gw-movebox .gw-turn") and hand_labels(mover_app) == hand
        assert said(mover_app) != kept and hand_labels(other_app)  # refused in words, and nothing was played

        # The whole game, each learner clicking when their page shows their turn; Tamsin reloads after two moves.
        began = time.perf_counter()
        moves = reloaded = 0
        last = None
        for _ in range(600):
            if all(has(app, "[data-testid=game-over]") for _p, app in pages.values()):
                break
            summary = next((a for _p, a in pages.values() if has(a, NEXT_DEAL)), None)
            if summary is not None:  # a deal's summary, read and left by each learner with Next deal
                summary.locator(NEXT_DEAL).first.click(timeout=WAIT_MS)
                summary.locator(NEXT_DEAL).first.wait_for(state="detached", timeout=WAIT_MS)
                continue
            name = turn_of(pages)
            if name is None:  # the next move is on its way to the pages: wait until one shows a turn or the end,
                # first on the page of the learner after the last mover (the next to play, unless a trick was taken)
                ready = "el => el.querySelector('.gw-movebox .gw-turn, [data-testid=game-over]')"
                after = names[(names.index(last) + 1) % len(names)] if last else names[0]
                for n in [after] + [n for n in names if n != after]:
                    page, app = pages[n]
                    with contextlib.suppress(PlaywrightTimeout):
                        page.wait_for_function(ready, arg=app.element_handle(), timeout=3_000 if n == after else 250)
                        break
                continue
            page, app = pages[name]
            choose_a_playable_card(app)
            before = said(app)
            app.locator("button.gw-primary[data-gw=move]").first.click(timeout=WAIT_MS)
            wait_until_said(page, app, before, WAIT_MS)
            moves, last = moves + 1, name
            if moves == 2 and not reloaded:
                page, _app = pages["Tamsin"]
                page.reload()
                app = app_of(page, "Tamsin")
                # The words, not an element: the play app's own settings row carries the same test id.
                page.wait_for_function("el => el.textContent.includes('Back at table')", arg=app.element_handle(),
                                       timeout=WAIT_MS)
                pages["Tamsin"] = [page, app]
                reloaded += 1
        assert reloaded == 1 and moves >= 20
        for name, (page, app) in pages.items():
            app.locator("[data-testid=game-over]").wait_for(timeout=WAIT_MS)
            assert "Leave the table" in app.inner_text()
            assert page.problems == [], (name, page.problems)
        # A move after the end is refused: nothing is added to what happened.  (The rules' list is opened after
        # it, so once the list shows, the forged move has been dealt with.)
        page, app = pages["Hedyn"]
        told = app.locator("[data-testid=recent]").inner_text()
        send_forged(app, "move", move)
        app.locator("[data-key=rules]").click()
        app.locator("[data-key=rules][data-value=hide]").wait_for(timeout=WAIT_MS)
        assert has(app, "[data-testid=game-over]") and app.locator("[data-testid=recent]").inner_text() == told
        print(f"{moves} moves in {time.perf_counter() - began:.0f} s")
    finally:
        for page, _app in pages.values():
            page.context.close()


def test_a_question_typed_in_cornish_at_a_table_is_answered_by_the_classmate_asked(browser, voila_url):
    """Gwra Pyskessa for three learners: the one to ask types the question in Cornish; the classmate asked sees it
    and answers it, typing in Cornish; the third sees whom the table waits for; every page then tells both."""
    names = ["Lowdy", "Hedyn", "Tamsin"]
    pages = learner_pages(browser, voila_url, names, "gwra-pyskessa-play.ipynb")
    try:
        host, host_app = pages["Lowdy"]
        meet(host, host_app, *[(pages[n][0], pages[n][1], n) for n in names[1:]], players="3", from_list=True)
        # Whoever is to ask switches to asking in Cornish and types the question for a rank of their own hand, to
        # the learner after them.
        asker = next(n for n in names if has(pages[n][1], ".gw-movebox button.gw-cardbtn"))
        other = names[(names.index(asker) + 1) % 3]
        third = next(n for n in names if n not in (asker, other))
        page, app = pages[asker]
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
        # The classmate asked sees the question, switches to Cornish and types the answer: "Eus" first; if their
        # hand says otherwise the answer is refused in words with the rule, and they give the other.
        lpage, lapp = pages[other]
        lpage.wait_for_function("([el, word]) => el.querySelector('[data-testid=question]')?.textContent"
                                ".toLowerCase().includes(word)", arg=[lapp.element_handle(), word.lower()],
                                timeout=WAIT_MS)
        tpage, tapp = pages[third]
        tpage.wait_for_function("([el, name]) => el.querySelector('[data-testid=question]')?.textContent"
                                ".includes('Waiting for ' + name)", arg=[tapp.element_handle(), other],
                                timeout=WAIT_MS)
        # The question, the hand and the answers fit the first screen, on a desk and on a phone (buttons, then
        # the box to type in).
        assert measure(lpage, lapp, "asked, answers to press") == []
        lapp.locator("[data-key=mode]").check()
        lapp.locator("[data-key=answered]").wait_for(timeout=WAIT_MS)
        assert measure(lpage, lapp, "asked, the answer typed") == []
        before = said(lapp)
        lapp.locator("[data-key=answered]").fill(f"Eus. Yma genev vy {word.lower()}.")
        lapp.locator("[data-key=answersay]").click()
        wait_until_said(lpage, lapp, before, WAIT_MS)
        if has(lapp, "[data-testid=question]"):
            assert "Not allowed" in lapp.inner_text()
            lapp.locator("[data-key=answered]").fill("Nag eus. Gwra pyskessa!")
            lapp.locator("[data-key=answersay]").click()
        lpage.wait_for_function("el => !el.querySelector('[data-testid=question]')", arg=lapp.element_handle(),
                                timeout=WAIT_MS)
        # Every page now tells the question and its answer.
        for p, a in pages.values():
            p.wait_for_function("([el, word]) => el.querySelector('[data-testid=recent]')?.textContent"
                                ".toLowerCase().includes(word)", arg=[a.element_handle(), word.lower()],
                                timeout=WAIT_MS)
        for p, _app in pages.values():
            assert p.problems == []
    finally:
        for p, _app in pages.values():
            p.context.close()


def pass_a_card(app, rng: random.Random) -> bool:
    """Collecting in Pig: pass a card of a rank the hand holds fewest of (any of them, as a learner would: always
    the first would send one card round the table for ever); False when the page shows no hand to pass from."""
    ranks = [label.split(" of ")[0] for label in hand_labels(app)]
    if not ranks:
        return False
    fewest = min(ranks.count(r) for r in ranks)
    index = rng.choice([i for i, r in enumerate(ranks) if ranks.count(r) == fewest])
    chosen = app.locator(f'button.gw-cardbtn[data-value="{index}"][aria-pressed="true"]')
    if not chosen.count():
        app.locator(f'button.gw-cardbtn[data-value="{index}"]').click(timeout=LOOK_MS)
        chosen.wait_for(timeout=LOOK_MS)
    app.locator("button[data-gw=move].gw-primary").first.click(timeout=LOOK_MS)
    return True


def test_a_pig_deal_between_three_learners_goes_through_the_race(browser, voila_url):
    """Pig for three learners in their own browsers: each passes a card as soon as their page offers it (before
    their turn, too) until someone has four of a kind, then races with their own button when their page shows it
    (the race runs on the table's clock, four seconds at most: on a busy machine a page may see it end first, as a
    slow learner would); every page then says who is the pig.  That the button is drawn for a seat still racing is
    checked in tests/test_play_table.py."""
    learners = learner_pages(browser, voila_url, ["Lowdy", "Hedyn", "Tamsin"], "pig-play.ipynb")
    (host, host_app), (guest, guest_app), (third, third_app) = learners.values()
    try:
        meet(host, host_app, (guest, guest_app, "Hedyn"), (third, third_app, "Tamsin"), players="3")
        pages = [(host, host_app), (guest, guest_app), (third, third_app)]
        rng = random.Random(5)
        pig = "el => el.querySelector('[data-testid=recent]')?.textContent.includes('the pig!')"
        for _ in range(300):
            if all(page.evaluate(f"({pig})(document.querySelector('.gwari:has(.gw-playapp)'))") for page, _a in pages):
                break
            acted = False
            for page, app in pages:
                before = said(app)
                if press_where_drawn(page, app.locator("[data-testid=race-buttons] button.gw-primary")):
                    # The touch said, or the race over before it came (it lasts four seconds at most; a press
                    # there a moment after it ended finds no button, as a slow hand would).
                    page.wait_for_function(f"([el, old]) => ({SAID})(el) !== old || !el.querySelector("
                                           "'[data-testid=race-buttons] button.gw-primary')",
                                           arg=[app.element_handle(), before], timeout=WAIT_MS)
                    acted = True
                elif has(app, ".gw-movebox .gw-turn") and has(app, "button.gw-cardbtn"):
                    try:
                        # Four of a kind: signal; else collect.  Neither: redrawn since it was looked at (the race).
                        signal = app.locator("button[data-gw=move].gw-primary:not([data-value^=pass])")
                        if not (press_where_drawn(page, signal) or pass_a_card(app, rng)):
                            continue
                        wait_until_said(page, app, before, WAIT_MS)
                    except PlaywrightTimeout:  # the table moved on meanwhile (another signal, the race): look again
                        continue
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
        third.context.close()
