"""What a learner meets in the apps, in Chromium: a Pig race played to the end, the newest move in view, a refused
move next to the controls, the table's middle then the hand on a phone, keyboard-only play, and no serious
accessibility faults."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.clicking import choose_first_card, click_a_move, press_where_drawn, said, settled, wait_until_said
from tests.browser.conftest import assert_no_output_left_broken, record_problems
from tests.browser.test_notebooks_in_voila import LOAD_MS, NOTEBOOKS, open_notebook

pytestmark = pytest.mark.browser

PLAY = [n for n in NOTEBOOKS if n.endswith("-play.ipynb")]
# Each page load below costs a kernel of its own (5-18 s).  Every play app is loaded: their tables differ most.
# A lesson, a scoring page, a first game and a strategy page are each one widget drawn for every game with other
# words and cards; one page per deck stands for its kind here (the French cards and the Cornish words of Gwra
# Pyskessa or Cassino, Gnav's pictures, the four elements of Burn), and every one's words are checked in
# tests/test_learner_words.py, its cells under nbval, and its cards' drawing in tests/test_render.py.
ONE_PER_DECK = {
    "lesson": ("gwra-pyskessa", "gnav", "burn"),
    "scoring": ("cassino", "burn"),
    "first-game": ("gwra-pyskessa", "gnav", "burn"),
    "strategy": ("gwra-pyskessa",),
}


def stands_for_its_kind(name: str) -> bool:
    """Whether the axe check loads this notebook (see ONE_PER_DECK)."""
    for kind, games in ONE_PER_DECK.items():
        if name.endswith(f"-{kind}.ipynb"):
            return name.removesuffix(f"-{kind}.ipynb") in games
    return True


RENDERED = [n for n in NOTEBOOKS if stands_for_its_kind(n)]
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
def new_page(browser, viewport):
    """A page at ``viewport`` that records page errors and console errors, as the ``page`` fixture does."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    record_problems(page)
    return page


def play_app(page, voila_url, name):
    open_notebook(page, voila_url, name)
    app = page.locator(".gwari:has([data-testid=code])").first
    app.wait_for(timeout=LOAD_MS)
    return app


def changed(page, app, before: str, timeout: int = 10_000) -> None:
    page.wait_for_function("([el, old]) => el.innerHTML !== old", arg=[app.element_handle(), before], timeout=timeout)


def view_of(widget):
    """A widget's drawn view, without its live region (which changes a moment after each redraw, by itself)."""
    return widget.locator(":scope > div").first


# ---------------------------------------------------------------- blocks the learner


def test_a_pig_race_is_played_to_the_end_touching_the_nose_in_time(page, voila_url):
    """The learner passes cards, signals with four of a kind, and whenever the race clock runs touches their nose at
    once: never the pig in a race (two races played to their end, or the game's end after at least one).  A game
    can end with no race on the learner's clock (the short game is one deal, and the learner may be the one who
    signals): then the learner starts a new game, as they would to race again."""
    app = play_app(page, voila_url, "pig-play.ipynb")
    me = "You"  # the learner's seat, in the second person: "You notice and touch your nose"
    races = 0
    for _ in range(3000):
        if races == 2:  # two whole races are enough
            break
        if app.locator("[data-testid=game-over]").count():
            if races:
                break
            before = said(app)
            app.locator("[data-testid=game-over] button[data-gw=new]").click()
            wait_until_said(page, app, before, 10_000)
            continue
        try:
            nose = app.locator("button[data-gw=move][data-value=nose]")
            if nose.count() and not app.locator("[data-testid=clock]").count():
                before = said(app)
                nose.first.click(timeout=2_000)  # four of a kind: the learner signals (passing it is refused)
                wait_until_said(page, app, before, 10_000)
                continue
            if app.locator("[data-testid=clock]").count():
                if not press_where_drawn(page, nose):  # the clock has just been drawn, its button not yet: look again
                    continue
                page.wait_for_function("el => !el.querySelector('[data-testid=clock]')", arg=app.element_handle(),
                                       timeout=10_000)
                races += 1
                lines = app.locator("[data-testid=recent] .gw-log").first.inner_text().splitlines()
                mine = [i for i, line in enumerate(lines) if line.startswith(f"{me} notice")]
                assert mine, f"{me}'s touch is not in what just happened:\n" + "\n".join(lines)
                pig = next(line for line in lines[mine[0]:] if "the last to touch" in line)
                assert not pig.startswith(me), lines  # this race's pig is someone slower
                continue
            if not app.locator("button.gw-cardbtn").count():  # no hand to play from yet: wait for the next redraw
                changed(page, view_of(app), view_of(app).inner_html())
                continue
            before = said(app)
            choose_first_card(app, 2_000)
            app.locator("button.gw-primary[data-gw=move][data-value^=pass]").first.click(timeout=2_000)
            wait_until_said(page, app, before, 10_000)
        except PlaywrightTimeout:  # the race clock redrew the app between two looks: look again
            continue
    assert races >= 1, "the learner raced at least once, with the clock running, to the race's end"
    assert page.problems == []


def test_a_bad_deal_code_gets_a_notice_and_changes_nothing(page, voila_url):
    app = play_app(page, voila_url, "gnav-play.ipynb")
    code = app.locator("[data-testid=code]").inner_text()
    box = app.locator("input[data-gw-input=code]")
    box.fill("not-a-code")
    box.press("Enter")
    notice = app.locator(".gw-notice")
    notice.wait_for(timeout=10_000)
    assert "could not be used" in notice.inner_text() and "looks like" in notice.inner_text()
    assert app.locator("[data-testid=code]").inner_text() == code
    assert page.problems == []


# ---------------------------------------------------------------- confuses the learner


def test_the_newest_move_is_always_in_view_in_what_just_happened(page, voila_url):
    app = play_app(page, voila_url, "gwra-pyskessa-play.ipynb")
    for _ in range(6):
        if app.locator("[data-testid=game-over]").count():
            break
        click_a_move(page, app)  # the log scrolls to its newest line as the redraw is drawn
        seen = page.evaluate("""el => { const box = el.querySelector('[data-gw-scroll=recent]');
            const last = box.lastElementChild; if (!last) return true;
            const b = box.getBoundingClientRect(), l = last.getBoundingClientRect();
            return l.bottom <= b.bottom + 1 && l.top >= b.top - 1; }""", app.element_handle())
        assert seen, "the newest line of what just happened is scrolled into view"
    assert page.problems == []


def assert_the_table_then_the_hand_above_the_fold(app) -> None:
    """On a phone (the page at ``PHONE`` width), a play app shows whose turn it is and the table's middle (the trick,
    the cards to answer), then the learner's hand above the fold, and the other players only after the hand."""
    hand = app.locator(".gw-movebox").first
    hand.wait_for(timeout=LOAD_MS)
    hand_top = hand.bounding_box()["y"]
    table_top = app.locator(".gw-tablebox").bounding_box()["y"]
    others_top = app.locator(".gw-seatsbox").bounding_box()["y"]
    assert table_top < hand_top < others_top, "on a phone: the table's middle, the hand, then the other players"
    assert hand_top < PHONE["height"], "on a phone the hand is above the fold"


def test_asking_in_cornish_a_refusal_shows_by_the_box_and_a_good_question_clears_it(page, voila_url):
    from tutor.cards import FRENCH_RANKS

    app = play_app(page, voila_url, "gwra-pyskessa-play.ipynb")
    app.locator("input[data-gw=mode]").check()
    box = app.locator("input[data-gw-input=said]")
    box.wait_for(timeout=10_000)
    assert app.locator("button[data-gw=hint]").count() == 1 and app.locator("button[data-gw=undo]").count() == 1
    assert "Click a card to see what it is called" in app.inner_text()
    app.locator("button.gw-cardbtn").first.click()
    name = app.locator("[data-testid=card-name]")
    name.wait_for(timeout=10_000)
    held = " ".join(app.locator("button.gw-cardbtn").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"))
    missing = next(r for r in FRENCH_RANKS if f"{r.english} of" not in held)
    other = next(name.strip() for name in app.locator(".gw-seat h3").all_inner_texts()
                 if "(you)" not in name and name.strip() != "You")  # the learner's own seat is called You
    box.fill(f"{other}, eus {missing.cornish.lower()} genes?")
    box.press("Enter")
    refused = app.locator("[data-testid=refused]")
    refused.wait_for(timeout=10_000)
    assert "Not allowed" in refused.inner_text()
    top, bottom, height = refused.evaluate("e => { const r = e.getBoundingClientRect(); "
                                           "return [r.top, r.bottom, innerHeight]; }")
    assert top >= 0 and bottom <= height + 2, "the refusal is scrolled into view"
    word = name.inner_text().split("say “")[1].split("”")[0]
    before = said(app)
    app.locator("input[data-gw-input=said]").fill(f"{other}, eus {word} genes?")
    app.locator("button[data-gw=say]").click()
    wait_until_said(page, app, before, 10_000)
    app.locator("[data-testid=recent] .gw-speaker").first.wait_for(timeout=10_000)
    assert app.locator("[data-testid=refused]").count() == 0, "a good question clears the refusal"
    assert focused(page)["key"] == "said", "after Ask the focus is back in the box for the next question"
    speakers = app.locator("[data-testid=recent] .gw-speaker").all_inner_texts()
    assert speakers and all(s.rstrip(":") for s in speakers), "each line hidden behind the Cornish names its speaker"
    assert page.problems == []


# ---------------------------------------------------------------- a learner with only a keyboard


def focused(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement;
        return {tag: a.tagName, gw: a.dataset.gw || '', key: a.dataset.key || '', group: a.dataset.group || '',
                inWidget: !!a.closest('.gwari')}; }""")


def test_a_turn_by_keyboard_only_in_a_few_presses(page, voila_url):
    app = play_app(page, voila_url, "gwra-pyskessa-play.ipynb")
    app.locator("button.gw-cardbtn").first.wait_for(timeout=LOAD_MS)
    page.locator("body").click(position={"x": 1, "y": 1})
    for _ in range(40):  # Tab from the top of the page to the hand: one stop for the whole hand
        page.keyboard.press("Tab")
        if focused(page)["group"] == "hand":
            break
    assert focused(page)["group"] == "hand"
    assert app.locator("button.gw-cardbtn[tabindex='0']").count() == 1, "the hand is one Tab stop"
    for turn in range(2):
        actions = len(app.locator("[data-testid=recent] .gw-log p").all())
        view = view_of(app)
        before = view.inner_html()
        presses = ["ArrowRight", "Enter", "Tab", "Enter"]  # a card, choose it, to its moves, the first move
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        changed(page, view, before)  # the card is chosen: its moves are drawn (on a busy machine, not at once,
        # and maybe in a second redraw: Tab before they are there would pass them by, as no learner who sees
        # the screen would)
        view.locator("button[data-gw=move]").first.wait_for(timeout=10_000)
        chosen = said(app)
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        wait_until_said(page, app, chosen, 10_000)
        assert len(presses) <= 8
        # The move and the bots' replies may redraw several times on a busy machine: once they are drawn, the
        # focus is on the hand again (never left on the page).
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("() => document.activeElement.dataset.group === 'hand'"
                                   " || document.querySelector('[data-testid=game-over]')", timeout=10_000)
        if app.locator("[data-testid=game-over]").count():
            break
        assert focused(page)["inWidget"], f"after turn {turn} the focus stays in the app, not on the page"
        now = focused(page)
        assert now["group"] == "hand", f"the focus is back on the hand for the next turn, not on {now}"
        assert app.locator("[data-testid=recent] .gw-log p").count() >= 1 and actions >= 0
    assert page.problems == []


def test_a_lesson_step_and_a_check_by_keyboard_only(page, voila_url):
    open_notebook(page, voila_url, "gwra-pyskessa-lesson.ipynb")
    stepper = page.locator(".gwari:has(button[data-gw=next])").first
    stepper.wait_for(timeout=LOAD_MS)
    stepper.locator("button[data-gw=next]").focus()
    view = view_of(stepper)
    for _ in range(30):
        if stepper.locator("button[data-gw=next][disabled]").count():
            break
        before = view.inner_html()
        page.keyboard.press("Enter")
        changed(page, view, before)
    assert stepper.locator("button[data-gw=next][disabled]").count() == 1
    assert focused(page)["inWidget"] and focused(page)["gw"] == "back", "at the last step the focus moves to Back"
    check = page.locator(".gwari:has(button[data-gw=choose])").first
    check.locator("button[data-gw=choose]").first.focus()
    assert check.locator("button[data-gw=choose][tabindex='0']").count() == 1, "the answers are one Tab stop"
    page.keyboard.press("ArrowRight")
    answers = view_of(check)
    before = answers.inner_html()
    page.keyboard.press("Enter")
    changed(page, answers, before)
    assert check.locator("[aria-pressed=true]").count() == 1
    assert focused(page)["gw"] == "choose"
    page.keyboard.press("Tab")
    assert focused(page)["gw"] == "again"
    before = answers.inner_html()
    page.keyboard.press("Enter")
    changed(page, answers, before)
    assert focused(page)["gw"] == "choose", "after Try again the focus is on the first answer"
    assert page.problems == []


def test_each_drill_answer_by_keyboard_moves_the_focus_on(page, voila_url, tmp_path):
    open_notebook(page, voila_url, "cornish-drill.ipynb")
    drill = page.locator(".gwari").filter(has_text="Cornish words").first
    drill.wait_for(timeout=LOAD_MS)
    name = drill.locator("input[data-key=learner]")
    name.focus()
    page.keyboard.press("Enter")
    drill.locator("[data-testid=problem]").wait_for(timeout=10_000)
    assert "Type your name" in drill.inner_text()
    page.keyboard.type("Keyboard")
    page.keyboard.press("Enter")
    drill.locator("[data-testid=prompt]").wait_for(timeout=10_000)
    for _ in range(3):
        assert focused(page)["inWidget"], "the focus is on the question"
        view = view_of(drill)
        before = view.inner_html()
        if focused(page)["tag"] == "INPUT":
            page.keyboard.type("seyth")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("Enter")
        changed(page, view, before)
        if drill.locator("[data-testid=feedback]").count():
            assert focused(page)["gw"] == "next"
            before = view.inner_html()
            page.keyboard.press("Enter")
            changed(page, view, before)
    assert page.problems == []


# ---------------------------------------------------------------- a learner with a screen reader


def test_the_log_is_announced_through_one_live_region(page, voila_url):
    app = play_app(page, voila_url, "gwra-pyskessa-play.ipynb")
    regions = app.locator("[aria-live]")
    assert regions.count() == 1
    region = regions.element_handle()
    app.locator("button[data-gw=hint]").click()
    page.wait_for_function("el => el.textContent.includes('Hint')", arg=region, timeout=10_000)
    assert app.locator("[aria-live]").element_handle() == region or page.evaluate("el => el.isConnected", region)
    click_a_move(page, app, 10_000)
    page.wait_for_function("el => el.isConnected && el.textContent.includes('ask')", arg=region, timeout=10_000)
    assert page.problems == []


def test_pages_have_a_main_landmark_a_learner_title_and_underlined_links(page, voila_url):
    play_app(page, voila_url, "gnav-play.ipynb")
    assert page.title() == "Play Gnav — Gwari"
    assert page.locator("main").count() == 1 and page.locator("main .gwari").count() >= 1
    link = page.locator("main a[href='gnav-lesson.ipynb']").first
    assert "underline" in link.evaluate("a => getComputedStyle(a).textDecorationLine")
    levels = page.evaluate("() => [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5')]"
                           ".filter(h => h.getClientRects().length || h.classList.contains('gw-sr'))"
                           ".map(h => +h.tagName[1])")
    assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:])), levels


def test_an_output_voilas_renderer_could_not_draw_is_drawn_again(page, voila_url):
    """On a busy server Voilà's renderer can leave "Error displaying widget: model not found" in an output whose model
    the page holds; the page template draws that output again.  Here the renderer's failure is made on purpose."""
    open_notebook(page, voila_url, "gnav-lesson.ipynb")
    page.locator(".gwari").first.wait_for(timeout=LOAD_MS)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.widgetManager"
                           " && window.jupyterapp.widgetManager.restoredStatus", timeout=LOAD_MS)
    broken = page.evaluate("""() => {
        const outs = [...document.querySelectorAll('.jp-OutputArea-output')].filter(o => o.querySelector('.gwari'));
        const out = outs[1];
        out.textContent = 'Error displaying widget: model not found';
        out.classList.add('jupyter-widgets');
        return outs.indexOf(out); }""")
    page.wait_for_function("i => [...document.querySelectorAll('.jp-OutputArea-output')].filter("
                           "o => o.querySelector('.gwari') || o.textContent.includes('model not found'))[i]"
                           ".querySelector('.gwari button, .gwari h2, .gwari h3')", arg=broken, timeout=LOAD_MS)
    assert page.locator(".jupyter-widgets:text('model not found')").count() == 0
    assert page.problems == []


def axe_serious(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context={"exclude": [[".voila-spinner"], ["#loading"]]})
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                        for n in v["nodes"][:4]) for v in serious]


@pytest.mark.parametrize("name", RENDERED)
def test_every_app_renders_cleanly_asks_nothing_outside_and_axe_finds_nothing_serious(browser, voila_url, name):
    """One load per notebook: no error shown or logged, no request beyond this server, and axe-core finds no
    serious or critical problem at 1280 px and again at 390 px (a phone), where a play app shows the table's middle
    and then the hand."""
    page = new_page(browser, DESK)
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    try:
        open_notebook(page, voila_url, name)
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)
        page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output')].every("
                               "o => o.childElementCount || o.textContent.trim())", timeout=LOAD_MS)
        settled(page)
        errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr'], .jp-OutputArea-output.jp-mod-error")
        assert errors.count() == 0, errors.first.inner_text()
        assert "Traceback" not in page.content()
        assert_no_output_left_broken(page)
        assert page.problems == []
        outside = sorted({r for r in requests if not r.startswith((voila_url + "/", "data:", "blob:"))})
        assert outside == [], outside
        report = axe_serious(page)
        assert not report, "at 1280 px:\n" + "\n".join(report)
        page.set_viewport_size(PHONE)
        settled(page)
        report = axe_serious(page)
        assert not report, "at 390 px:\n" + "\n".join(report)
        if name in PLAY:
            assert_the_table_then_the_hand_above_the_fold(page.locator(".gwari:has([data-testid=code])").first)
    finally:
        page.context.close()


@pytest.mark.parametrize("path", ["/voila/tree", "/voila/render/no-such-notebook.ipynb"])
def test_the_servers_own_pages_say_their_language_and_axe_finds_nothing_serious(browser, voila_url, path):
    """The pages Voilà draws without a notebook (the list of notebooks, a page not found) are checked as the
    notebooks are: they say they are in English, and axe-core finds no serious or critical problem."""
    page = new_page(browser, DESK)
    try:
        page.goto(voila_url + path, timeout=LOAD_MS)
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)
        assert page.evaluate("() => document.documentElement.lang") == "en"
        report = axe_serious(page)
        assert not report, f"{path}:\n" + "\n".join(report)
    finally:
        page.context.close()


# ---------------------------------------------------------------- the console


def test_the_console_has_no_version_warnings(browser, voila_url):
    """Voilà's page is built on JupyterLab 4.2.5; every extension it loads (Voilà's widget manager, the widgets'
    labextension, anywidget's) asks for versions that page has (the pins in pyproject.toml's server extra)."""
    page = new_page(browser, DESK)
    try:
        play_app(page, voila_url, "gnav-play.ipynb")
        page.wait_for_load_state("networkidle", timeout=LOAD_MS)  # every extension's script loaded and run
        unsatisfied = [w for w in page.warnings if re.search(r"Unsatisfied version|No satisfying version", w)]
        assert not unsatisfied, "\n".join(unsatisfied)
    finally:
        page.context.close()
