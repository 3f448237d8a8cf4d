"""The learner's hand in Chromium, drawn from the widgets' own HTML and CSS (no server): a card lifts when the
mouse is on it, when it has the focus and when it is chosen, inside its button, so the button it is clicked by
never moves.  A card that slid up from under a resting mouse would lose the mouse, fall back, and be hovered
again; a click aimed at it would find it moving."""

from __future__ import annotations

import pytest

from tutor import render
from tutor.cards import parse_cards
from tutor.widgets.base import HERE, card_buttons

pytestmark = pytest.mark.browser

CSS = (HERE / "gwari.css").read_text(encoding="utf-8") + render.TABLE_CSS

#: Record the top of ``button`` at every frame until ``stop_watching`` (the tops it had, each once).
WATCH = """button => { window.tops = new Set(); window.watching = true;
  const look = () => { window.tops.add(button.getBoundingClientRect().top); if (window.watching) requestAnimationFrame(look); };
  look(); }"""


def stop_watching(page) -> set[float]:
    return set(page.evaluate("() => { window.watching = false; return [...window.tops]; }"))


def wait_for_card_top(page, button, top: float) -> None:
    """Wait until the card drawn in ``button`` is at ``top`` (its lift, animated, is over)."""
    page.wait_for_function("([b, top]) => b.querySelector('svg').getBoundingClientRect().top === top",
                           arg=[button.element_handle(), top], timeout=10_000)


def hand_page(page, **kwargs):
    hand = card_buttons(parse_cards("7S 8H 9D QC KS"), **kwargs)
    page.set_content(f"<html><head><style>{CSS}</style></head><body><div class='gwari'><div id='view'>{hand}"
                     "</div></div></body></html>")
    return page.locator("button.gw-cardbtn")


def test_a_hovered_card_lifts_inside_its_button_which_stays_put(page):
    cards = hand_page(page)
    first = cards.first
    rest = first.bounding_box()
    page.evaluate(WATCH, first.element_handle())
    # The mouse rests on the card's lowest edge, where a card lifting in its own box would leave the mouse behind.
    mouse = [rest["x"] + 10, rest["y"] + rest["height"] - 2]
    page.mouse.move(*mouse)
    wait_for_card_top(page, first, rest["y"] - 6)
    assert stop_watching(page) == {rest["y"]}, "the button under the mouse never moves"
    assert first.evaluate("(b, [x, y]) => document.elementFromPoint(x, y).closest('button') === b", mouse), \
        "the mouse is still on the card"
    # The view redrawn under the resting mouse (as after every move): the new button does not move either.
    page.evaluate("() => { const v = document.getElementById('view'); v.innerHTML = v.innerHTML; }")
    page.evaluate(WATCH, cards.first.element_handle())
    wait_for_card_top(page, cards.first, rest["y"] - 6)
    assert stop_watching(page) == {rest["y"]}


def test_a_chosen_card_is_drawn_higher_and_its_button_is_in_line_with_the_others(page):
    cards = hand_page(page, selected=2, legal=[0, 1, 2])
    tops = {cards.nth(i).bounding_box()["y"] for i in range(5)}
    assert len(tops) == 1, "every button of the hand in one line"
    wait_for_card_top(page, cards.nth(2), min(tops) - 12)


def test_the_focus_ring_goes_up_with_the_card(page):
    cards = hand_page(page)
    page.locator("body").click(position={"x": 600, "y": 300})
    first = cards.first
    rest = first.bounding_box()
    page.evaluate(WATCH, first.element_handle())
    page.keyboard.press("Tab")
    assert first.evaluate("b => b === document.activeElement && b.matches(':focus-visible')")
    assert first.evaluate("b => getComputedStyle(b.querySelector('svg')).outlineStyle") == "solid"
    assert first.evaluate("b => getComputedStyle(b).outlineStyle") == "none", "the ring is the card's, not the box's"
    wait_for_card_top(page, first, rest["y"] - 6)
    assert stop_watching(page) == {rest["y"]}
