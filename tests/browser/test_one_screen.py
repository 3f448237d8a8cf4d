"""One screen: in every play app, at the largest table the game allows, at 1280×800 and at 390×844, whose turn it
is, the last move's words, the trick or the table's cards, the learner's hand and every move on offer are all in the
first screen (the page not scrolled; at a table, a question put to the learner with every way to answer it too), no
card is cut off at the side, and on a phone the trick comes before the other players.
Measured at the start, after each of the learner's moves through the first deal, and at the deal's end.

And, drawn from the widgets' own HTML and CSS (no server): a chosen or hovered card never hides its neighbour's
value, and a 30-card hand wraps in rows of cards as large as a short hand's."""

from __future__ import annotations

import pytest

from tests.browser.clicking import SHELL_FITS
from tests.browser.test_learners import DESK, PHONE, new_page, play_app
from tutor import render
from tutor.cards import parse_cards
from tutor.games import get_game
from tutor.widgets.base import HERE, card_buttons

pytestmark = pytest.mark.browser

MOVE_MS = 120_000
MOST_MOVES = 40  # the learner's moves in one deal at most (every table below ends its first deal sooner)

#: (notebook, deal code): each game at its largest table.  (Burn's 30-card hands for two, drawn in its lesson, are
#: measured below without a server.)
TABLES = [(f"{slug}-play.ipynb", f"{get_game(slug).max_players}-{seed}")
          for slug, seed in (("burn", 11), ("carts-tity", 5), ("cassino", 3), ("chwech", 7), ("gnav", 5),
                             ("gwra-pyskessa", 7), ("pig", 3), ("pymtheg", 7))]

#: Where each part is, in the viewport, with the page scrolled to its top; every drawn card's box too.
MEASURE = """app => {
  for (const box of [document.scrollingElement, document.getElementById('rendered_cells')]) if (box) box.scrollTop = 0;
  const shown = e => e && e.getClientRects().length > 0;
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const cards = [...app.querySelectorAll('.gw-movebox button.gw-cardbtn, .gw-movebox svg')].filter(shown);
  const answer = [...app.querySelectorAll('.gw-tablebox :is(.gw-trick, .gw-centre, .gw-pile, .gw-auction)')]
    .filter(shown);
  const words = [...app.querySelectorAll('.gw-last, .gw-logbox .gw-log > p:last-child')].filter(shown);
  const trick = app.querySelector('.gw-tablebox');
  const others = [...app.querySelectorAll('.gw-seatsbox .gw-seat')].filter(shown);
  // A deal's summary waiting for Next deal, or the game's end, comes first; a summary the game goes on past (at a
  // table, or at the quick pace) comes after the hand the learner plays next.
  const end = [...app.querySelectorAll('[data-testid=deal-summary].gw-waits, [data-testid=game-over]')].filter(shown);
  const waits = end.length > 0;
  const moves = [...app.querySelectorAll('.gw-movebox button[data-gw=move]')].filter(shown);
  const asked = [...app.querySelectorAll('[data-testid=question] :is(button[data-gw=answer], input, '
    + 'button[data-gw=answersay])')].filter(shown);
  return {
    height: innerHeight, width: document.documentElement.clientWidth,
    turn: shown(app.querySelector('.gw-tablebox .gw-status')) ? box(app.querySelector('.gw-tablebox .gw-status')) : null,
    hand: cards.length ? [box(cards[0]), box(cards[cards.length - 1])] : [],
    moves: moves.map(box),
    asked: asked.map(box),
    answer: answer.map(box),
    words: words.map(box),
    end: end.map(box),
    waits,
    trickTop: trick ? box(trick)[1] : null,
    othersTop: others.length ? Math.min(...others.map(e => box(e)[1])) : null,
    drawn: [...app.querySelectorAll('.gw-playapp svg')].filter(shown).map(box),
    myTurn: !!app.querySelector('.gw-movebox .gw-turn'),
  };
}"""


def off_screen(m: dict, size: str) -> list[str]:
    """What of the first screen is missing in measurement ``m`` (one line each)."""
    problems = []

    def inside(name: str, b: list[float]) -> None:
        if b[1] < 0 or b[3] > m["height"] + 0.5:
            problems.append(f"{size}: {name} at y {b[1]:.0f}–{b[3]:.0f}, the screen is {m['height']} high")
        if b[0] < -0.5 or b[2] > m["width"] + 0.5:
            problems.append(f"{size}: {name} cut off at x {b[0]:.0f}–{b[2]:.0f}, the screen is {m['width']} wide")

    if m["turn"] is None:
        problems.append(f"{size}: no line says whose turn it is")
    else:
        inside("whose turn", m["turn"])
    if not m["words"]:
        problems.append(f"{size}: the last move's words are not shown")
    elif not any(b[1] >= 0 and b[3] <= m["height"] + 0.5 for b in m["words"]):
        problems.append(f"{size}: the last move's words at y {m['words'][-1][1]:.0f}, below the screen")
    for i, b in enumerate(m["answer"]):
        inside(f"the table's part {i + 1} (trick, cards, bidding)", b)
    playing = m["myTurn"] and not m["waits"]  # a summary with Next deal comes first (the hand may be the next deal's)
    if playing and not m["hand"] and not m["moves"]:
        problems.append(f"{size}: the learner's turn shows no hand and no move")
    if playing or m["asked"]:  # their turn, or a question put to them at a table
        for name, b in zip(("first card of the hand", "last card of the hand"), m["hand"]):
            inside(name, b)
    for i, b in enumerate(m["moves"] if playing else []):
        inside(f"move button {i + 1} of {len(m['moves'])}", b)
    for b in m["asked"]:
        inside("a way to answer the question", b)
    for b in m["end"]:
        if b[1] > m["height"] - 40:
            problems.append(f"{size}: the deal's end (summary or game over) starts at y {b[1]:.0f}, below the screen")
    for b in m["drawn"]:
        if b[0] < -0.5 or b[2] > m["width"] + 0.5:
            problems.append(f"{size}: a card drawn at x {b[0]:.0f}–{b[2]:.0f} is cut off")
            break
    if size == "phone" and m["othersTop"] is not None and m["trickTop"] is not None:
        if m["othersTop"] < m["trickTop"]:
            problems.append("phone: the other players come before the trick")
    return problems


def measure(page, app, when: str) -> list[str]:
    """The problems at both sizes, each line saying when; the page is left at desk size."""
    found = []
    for size, viewport in (("desk", DESK), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        # Voilà's page shell sizes its panels from the window after a resize: wait for it (not for the app).
        page.wait_for_function(SHELL_FITS, timeout=MOVE_MS)
        found += [f"{when}, {line}" for line in off_screen(app.evaluate(MEASURE), size)]
    page.set_viewport_size(DESK)
    return found


def ended(app) -> bool:
    return app.locator("[data-testid=deal-summary], [data-testid=game-over]").count() > 0


def wait_for_the_learner(page, app) -> None:
    """Wait until the table waits for the learner: their turn drawn, or the deal's end."""
    page.wait_for_function("el => el.querySelector('.gw-movebox .gw-turn, [data-testid=deal-summary], "
                           "[data-testid=game-over]')", arg=app.element_handle(), timeout=MOVE_MS)


def said(app) -> str:
    return app.evaluate("el => { const m = el.querySelector('[data-gw-say]'); return m ? m.dataset.gwSay : ''; }")


def play_a_legal_move(page, app) -> None:
    """A move the rules allow, as a learner clicks it: a card ringed as playable (or any card) and its highlighted
    move; or a highlighted move that takes no card (a bid, a pass, a draw)."""
    before = said(app)
    cards = app.locator(".gw-movebox button.gw-cardbtn")
    order = [i for i in range(cards.count()) if "playable" in (cards.nth(i).get_attribute("aria-label") or "")]
    order += [i for i in range(cards.count()) if i not in order]
    for i in order[:6]:
        card = cards.nth(i)
        if card.get_attribute("aria-pressed") != "true":
            card.click()
            app.locator(f'.gw-movebox button.gw-cardbtn[data-value="{i}"][aria-pressed="true"]').wait_for(
                timeout=MOVE_MS)
        legal = app.locator(".gw-movebox button.gw-primary[data-gw=move][data-group=moves]")
        if legal.count():
            legal.first.click()
            break
    else:
        app.locator(".gw-movebox button.gw-primary[data-gw=move]").first.click(timeout=MOVE_MS)
    page.wait_for_function("([el, old]) => { const m = el.querySelector('[data-gw-say]'); "
                           "return m && m.dataset.gwSay !== old; }", arg=[app.element_handle(), before],
                           timeout=MOVE_MS)


@pytest.mark.parametrize(("name", "code"), TABLES, ids=[f"{n.removesuffix('-play.ipynb')}-{c}" for n, c in TABLES])
def test_the_table_the_hand_whose_turn_and_the_last_move_on_one_screen(browser, voila_url, name, code):
    page = new_page(browser, DESK)
    try:
        app = play_app(page, voila_url, name)
        quick = app.locator("input[data-gw=stepbots]")
        if quick.count() and quick.is_checked():  # the bots' moves at once: the test waits for the learner only
            quick.uncheck()
            app.locator("input[data-gw=stepbots]:not(:checked)").wait_for(timeout=MOVE_MS)
        app.locator("input[data-gw-input=code]").fill(code)
        before = said(app)
        app.locator("button[data-gw=load]").click()
        page.wait_for_function("([el, old]) => { const m = el.querySelector('[data-gw-say]'); "
                               "return m && m.dataset.gwSay !== old; }", arg=[app.element_handle(), before],
                               timeout=MOVE_MS)
        assert app.locator("[data-testid=code]").inner_text().split("-")[:2] == code.split("-"), "the deal is loaded"
        wait_for_the_learner(page, app)
        problems = measure(page, app, "at the start")
        moves = 0
        while not ended(app) and moves < MOST_MOVES:
            play_a_legal_move(page, app)
            moves += 1
            wait_for_the_learner(page, app)
            problems += measure(page, app, "at the deal's end" if ended(app) else f"after move {moves}")
        assert moves >= 1
        assert ended(app), f"{name} ({code}): the deal did not end in {MOST_MOVES} moves, so its end was not measured"
        assert not problems, f"{name} ({code}), {moves} moves:\n" + "\n".join(dict.fromkeys(problems))
        assert page.problems == []
    finally:
        page.context.close()


# ---------------------------------------------------------------- the hand alone (no server)

CSS = (HERE / "gwari.css").read_text(encoding="utf-8") + render.TABLE_CSS


def test_a_chosen_card_with_the_focus_leaves_its_neighbours_value_in_sight(page):
    hand = card_buttons(parse_cards("2C 3H 4D 5S 6C"), selected=0)
    page.set_content(f"<html lang='en'><head><style>{CSS}</style></head><body><div class='gwari'>{hand}</div>"
                     "</body></html>")
    cards = page.locator("button.gw-cardbtn")
    page.locator("body").click(position={"x": 600, "y": 300})
    page.keyboard.press("Tab")  # the chosen card, lifted, with the focus ring: the way a raised card is drawn
    assert cards.first.evaluate("b => b === document.activeElement && b.matches(':focus-visible')")
    corner = cards.nth(1).locator("svg").bounding_box()
    # The value sits in the card's top left corner: what is drawn there is the neighbour's own card.
    for dx, dy in ((4, 8), (10, 14), (14, 22)):
        on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button').dataset.value",
                               [corner["x"] + dx, corner["y"] + dy])
        assert on_top == "1", f"the chosen card covers its neighbour's value at +{dx},+{dy}"


def test_thirty_cards_wrap_in_rows_as_large_as_eight(page):
    state = get_game("burn").start(players=2, seed=5, two_players=True)
    view = state.view(None)
    assert len(view.seats[0].hand) == 30
    page.set_viewport_size(PHONE)
    page.set_content(f"<html lang='en'><head><style>{CSS}</style></head><body style='margin:8px'><div class='gwari'>"
                     f"{render.table_html(view, style=False)}</div></body></html>")
    widths = page.locator(".gw-seat[data-seat='0'] svg").evaluate_all(
        "svgs => svgs.map(s => s.getBoundingClientRect().width / s.viewBox.baseVal.width)")
    assert len(widths) == 4, "30 cards in rows of 8"
    assert min(widths) > 0.75 * 60 / 72, f"the cards are drawn at {min(widths):.2f} of their size, shrunk to fit"
    right = page.evaluate("() => Math.max(...[...document.querySelectorAll('svg')].map("
                          "s => s.getBoundingClientRect().right))")
    assert right <= PHONE["width"], "no row is cut off"


@pytest.mark.parametrize("waits", [True, False], ids=["waits-for-next-deal", "play-goes-on"])
def test_on_a_phone_a_summary_waiting_for_next_deal_comes_before_the_hand_and_one_play_goes_on_past_after_it(
        page, waits):
    """A deal's summary with *Next deal* is what the learner does next, so on a phone it comes right after the table;
    when the game goes on past it (at a table, at the quick pace) the hand the learner plays next comes first."""
    from tests.test_play_pace import play_until
    from tutor.widgets.play import PlayWidget

    app = play_until(PlayWidget("burn", players=4, seed=3, level="random", step_bots=False, pause_deals=waits),
                     lambda a: a.panels.summary is not None and (waits or a.state.current_player == 0))
    page.set_viewport_size(PHONE)
    page.set_content(f"<html lang='en'><head><style>{CSS}</style></head><body style='margin:8px'>"
                     f"<div class='gwari'>{app.html}</div></body></html>")
    top = "s => s.getBoundingClientRect().top"
    summary = page.locator("[data-testid=deal-summary]").evaluate(top)
    hand = page.locator(".gw-movebox button.gw-cardbtn").first.evaluate(top)
    table = page.locator(".gw-tablebox").evaluate(top)
    assert table < summary < hand if waits else table < hand < summary


# ---------------------------------------------------------------- the first games

#: In a first game: the tutor's words (the suggestion, or the end), the learner's hand and every move on offer.
GUIDE_MEASURE = """app => {
  for (const box of [document.scrollingElement, document.getElementById('rendered_cells')]) if (box) box.scrollTop = 0;
  const shown = e => e && e.getClientRects().length > 0;
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = s => [...app.querySelectorAll(s)].filter(shown);
  const cards = all('.gw-movebox button.gw-cardbtn, .gw-movebox svg');
  return {
    height: innerHeight, width: document.documentElement.clientWidth,
    tutor: all('[data-testid=suggestion], [data-testid=guide-end] [data-testid=result]').map(box),
    hand: cards.length ? [box(cards[0]), box(cards[cards.length - 1])] : [],
    moves: all('.gw-movebox button[data-gw=move]').map(box),
    rules: all('[data-testid=rule-card]').length,
  };
}"""


def guide_off_screen(m: dict, size: str) -> list[str]:
    """What of a first game's first screen is missing in measurement ``m`` (one line each)."""
    problems = []

    def inside(name: str, b: list[float]) -> None:
        if b[1] < 0 or b[3] > m["height"] + 0.5 or b[0] < -0.5 or b[2] > m["width"] + 0.5:
            problems.append(f"{size}: {name} at x {b[0]:.0f}–{b[2]:.0f}, y {b[1]:.0f}–{b[3]:.0f}; the screen is "
                            f"{m['width']}×{m['height']}")

    if not m["tutor"]:
        problems.append(f"{size}: the tutor says nothing")
    for b in m["tutor"]:
        inside("the tutor's words", b)
    for name, b in zip(("the first card of the hand", "the last card of the hand"), m["hand"]):
        inside(name, b)
    for i, b in enumerate(m["moves"]):
        inside(f"move {i + 1} of {len(m['moves'])} on offer", b)
    return problems


@pytest.mark.parametrize("slug", [slug for slug in __import__("tutor.guide", fromlist=["first_games"]).first_games()
                                  if slug in __import__("tutor.games", fromlist=["WHERE"]).WHERE])  # notebooks shipped
def test_a_first_games_tutor_hand_and_moves_are_on_the_first_screen_after_every_move(browser, voila_url, slug):
    """After every move of the first game (and at its start and end), at desk and phone size, the tutor's words,
    the learner's hand and every move on offer are on the first screen; rule cards do not pile up (the newest only,
    in one line by the tutor's words)."""
    from tests.browser.test_first_game import click_the_suggestion, open_first_game

    page = new_page(browser, DESK)
    try:
        app = open_first_game(page, voila_url, slug)
        problems, moves = [], 0
        while True:
            when = "at the end" if app.locator("[data-testid=guide-end]").count() else (
                f"after move {moves}" if moves else "at the start")
            for size, viewport in (("desk", DESK), ("phone", PHONE)):
                page.set_viewport_size(viewport)
                page.wait_for_function(SHELL_FITS, timeout=MOVE_MS)
                measured = app.evaluate(GUIDE_MEASURE)
                problems += [f"{when}, {line}" for line in guide_off_screen(measured, size)]
            page.set_viewport_size(DESK)
            if when == "at the end" or moves >= MOST_MOVES:
                break
            click_the_suggestion(page, app)
            moves += 1
        assert when == "at the end", f"{slug}: the first game did not end in {MOST_MOVES} moves"
        assert not problems, f"{slug}, {moves} moves:\n" + "\n".join(dict.fromkeys(problems))
        assert page.problems == []
    finally:
        page.context.close()
