"""The play table's pace in Chromium: a deal that ends stops on its summary until the learner presses *Next deal*,
and the next deal's bots then move one at a time, each on a tick of the page's own clock.

No server: the widget's own view code (gwari.js) and style draw the app's HTML, and what the page sends reaches
the app in this process (``handle``), as a kernel would pass it on; the app's new face comes back the same way."""

from __future__ import annotations

import json

import pytest

from tutor import render
from tutor.widgets import PlayWidget
from tutor.widgets.base import HERE

pytestmark = pytest.mark.browser

TRAITS = ("html", "playing", "interval", "learner", "asks_learner", "keeps_in_browser", "kept")
JS = (HERE / "gwari.js").read_text(encoding="utf-8").replace("export default { render };", "window.gwRender = render;")
CSS = (HERE / "gwari.css").read_text(encoding="utf-8") + render.TABLE_CSS

#: A model as the widget's view sees one: traits to get, change events, and ``send`` to the app.
MODEL = """values => {
  const listeners = {};
  const model = {
    get: (key) => values[key],
    on: (event, fn) => { (listeners[event] = listeners[event] || []).push(fn); },
    off: (event, fn) => { listeners[event] = (listeners[event] || []).filter((f) => f !== fn); },
    send: async (message) => {
      const traits = await window.gwSend(message);
      const changed = Object.keys(traits).filter((key) => values[key] !== traits[key]);
      Object.assign(values, traits);
      for (const key of changed) for (const fn of listeners["change:" + key] || []) fn();
    },
  };
  window.gwRender({ model, el: document.getElementById("app") });
}"""


def serve(page, app) -> list[tuple[str, int]]:
    """Draw ``app`` in ``page``; returns the list of (kind, moves made so far) of every message the page sends."""
    sent: list[tuple[str, int]] = []

    def send(message):
        app.handle(message.get("kind"), message.get("value"), message.get("inputs") or {})
        sent.append((message.get("kind"), len(app.record.actions)))
        return {key: getattr(app, key) for key in TRAITS}

    page.expose_function("gwSend", send)
    page.set_content(f"<html lang='en'><head><style>{CSS}</style></head><body><div id='app'></div>"
                     f"<script>{JS}</script></body></html>")
    page.evaluate(MODEL, json.loads(json.dumps({key: getattr(app, key) for key in TRAITS})))
    return sent


def test_a_deal_ends_on_its_summary_and_next_deal_plays_on_one_bot_move_at_a_time(page):
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=True, clock=False,
                  pause_deals=True)
    for _ in range(2000):  # the first deal, played here: the learner's first legal card, the bots' steps ticked
        if app.panels.summary is not None:
            break
        if app.state.current_player == 0 and not app.pace.stepping:
            app.handle("move", str(app.state.legal_actions()[0]))
        else:
            app.handle("tick")
    assert app.panels.summary is not None and not app.playing
    sent = serve(page, app)
    summary = page.locator("[data-testid=deal-summary]")
    summary.wait_for(state="visible")
    assert "Deal 1 is over" in summary.inner_text()
    assert summary.locator("table.gw-scores tfoot").is_visible(), "the running totals"
    moves = len(app.record.actions)
    page.locator("button[data-gw=nextdeal]").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=deal-summary]')")
    # The learner's turn comes after each bot before them has moved, one a tick of the page's clock.
    page.locator(".gw-movebox .gw-turn").wait_for(state="attached", timeout=30_000)
    ticks = [count for kind, count in sent if kind == "tick"]
    assert sent[0] == ("nextdeal", moves)
    assert app.state.current_player == 0 and len(app.record.actions) > moves
    assert ticks == list(range(moves + 1, len(app.record.actions) + 1)), "one bot's move on each tick"
    assert page.problems == []


# ---------------------------------------------------------------- redraws that come while the learner acts

#: A model whose traits Python changes (``window.gwSet``), as a kernel's messages would; what the page sends is
#: kept in ``window.gwSent``.
BARE_MODEL = """values => {
  const listeners = {};
  window.gwSent = [];
  const model = {
    get: (key) => values[key],
    on: (event, fn) => { (listeners[event] = listeners[event] || []).push(fn); },
    off: (event, fn) => { listeners[event] = (listeners[event] || []).filter((f) => f !== fn); },
    send: (message) => { window.gwSent.push(message); },
  };
  window.gwSet = (traits) => {
    const changed = Object.keys(traits).filter((key) => values[key] !== traits[key]);
    Object.assign(values, traits);
    for (const key of changed) for (const fn of listeners["change:" + key] || []) fn();
  };
  window.gwCustom = (message) => { for (const fn of listeners["msg:custom"] || []) fn(message); };
  window.gwRender({ model, el: document.getElementById("app") });
}"""


def lobby(tables: str, code: str | None = None) -> str:
    """A lobby as Python draws it: a code box (with a value when Python gives one), the list of open tables, Join."""
    value = f' value="{code}"' if code is not None else ""
    return (f'<input type="text" data-gw-input="tablecode" data-gw-submit="jointable" data-key="tablecode"{value}>'
            f'<p data-testid="tables">{tables}</p><button data-gw="jointable" data-key="join">Join</button>')


def bare(page, html: str, playing: bool = False, interval: int = 1000) -> None:
    page.set_content(f"<html lang='en'><head><style>{CSS}</style></head><body><div id='app'></div>"
                     f"<script>{JS}</script></body></html>")
    page.evaluate(BARE_MODEL, {"html": html, "playing": playing, "interval": interval})


def test_a_tick_that_changed_nothing_is_answered_and_the_next_comes_at_the_clocks_pace(page):
    """At a table where nobody has moved, each tick changes nothing on the page; Python's answer (``ticked``) lets
    the next tick go at the table's pace (here 100 ms), not after the fallback's two seconds."""
    bare(page, lobby("Tables: none"), playing=True, interval=100)
    ticks = "() => window.gwSent.filter(m => m.kind === 'tick').length"
    page.wait_for_function(f"() => ({ticks})() === 1", timeout=5000)
    for n in (2, 3):
        page.evaluate("() => window.gwCustom({ticked: true})")  # the kernel's word: the tick is done, nothing new
        page.wait_for_function(f"() => ({ticks})() === {n}", timeout=1500)


def test_a_code_half_typed_outlives_a_redraw_of_the_lobby_and_is_gone_once_sent(page):
    bare(page, lobby("Tables: none"))
    page.locator("[data-key=tablecode]").fill("ab1")
    page.evaluate("html => window.gwSet({html})", lobby("Tables: K7QM"))  # a classmate opened a table
    assert page.locator("[data-testid=tables]").inner_text() == "Tables: K7QM"
    assert page.locator("[data-key=tablecode]").input_value() == "ab1", "what the learner typed is still there"
    page.locator("[data-key=tablecode]").press_sequentially("2")
    page.locator("[data-key=join]").click()
    assert page.evaluate("window.gwSent.map(m => [m.kind, m.inputs.tablecode])") == [["jointable", "ab12"]]
    page.evaluate("html => window.gwSet({html})", lobby("Tables: K7QM (2 seated)"))  # the answer: the box empty
    assert page.locator("[data-key=tablecode]").input_value() == ""
    page.locator("[data-key=tablecode]").fill("x")
    page.evaluate("html => window.gwSet({html})", lobby("Tables: K7QM", code="AB12"))  # Python gives a value
    assert page.locator("[data-key=tablecode]").input_value() == "AB12"


def test_a_click_whose_button_is_redrawn_between_press_and_release_still_counts(page):
    bare(page, lobby("Tables: none"))
    join = page.locator("[data-key=join]").bounding_box()
    page.mouse.move(join["x"] + join["width"] / 2, join["y"] + join["height"] / 2)
    page.mouse.down()
    page.evaluate("html => window.gwSet({html})", lobby("Tables: K7QM"))  # the clock's redraw, mid-click
    assert page.locator("[data-testid=tables]").inner_text() == "Tables: none", "the redraw waits for the release"
    page.mouse.up()
    assert page.evaluate("window.gwSent.map(m => m.kind)") == ["jointable"]
    page.wait_for_function("() => document.querySelector('[data-testid=tables]').textContent === 'Tables: K7QM'")
    # A press held on (the pointer pressed and carried away) holds the redraws for a second at most.
    page.mouse.down()
    page.evaluate("html => window.gwSet({html})", lobby("Tables: K7QM, P2WX"))
    page.wait_for_function("() => document.querySelector('[data-testid=tables]').textContent.includes('P2WX')",
                           timeout=5000)
    page.mouse.up()
