"""The hand's marks are the legal moves: in every game, the cards the drawn hand rings as playable are exactly the
cards some legal move of the learner's seat uses, and a card whose moves are offered as allowed is ringed.

The checks read the HTML ``move_panel`` draws, as a learner (or a screen reader) meets it: a playable card's button
is named "…, playable" and its picture carries the playable ring; the moves offered for a chosen card are buttons,
highlighted (``gw-primary``) when the rules allow them.  Random positions of all eight games, seeded; ``GWARI_GAMES``
(tests/conftest.py) sets how many games of each are walked.
"""

from __future__ import annotations

import html
import os
import random
import re
import xml.etree.ElementTree as ET

import pytest

from tutor import render
from tutor.games import GAMES, get_game
from tutor.widgets.moves import move_panel

GAMES_EACH = max(2, int(os.environ.get("GWARI_GAMES", "25")) // 5)  # 5 games of each by default
POSITIONS = 30  # positions looked at in one game (spread over it), so a long game costs no more than a short one
CHOSEN = 4  # cards of a hand chosen in turn at one position, to read the moves each offers
MOST_PLAYERS = 8  # enough for Cârts Tîty's several decks (6 or more players), few enough to stay quick

CARD_BUTTON = re.compile(r'<button class="gw-cardbtn"([^>]*)>(<svg.*?</svg>)</button>', re.S)
MOVE_BUTTON = re.compile(r"<button ([^>]*)>")
HAND_PICTURE = re.compile(r'<svg [^>]*aria-label="Your hand[^"]*"[^>]*>.*?</svg>', re.S)
SVG = "{http://www.w3.org/2000/svg}"


def attribute(attrs: str, name: str) -> str:
    """One attribute's value from a tag's attribute text ("" when it has none)."""
    found = re.search(rf'\b{name}="([^"]*)"', attrs)
    return html.unescape(found.group(1)) if found else ""


def rings(svg: str) -> list[str]:
    """The colours of the rings drawn over a card's picture."""
    root = ET.fromstring(svg)
    return [rect.get("stroke", "") for rect in root.iter(f"{SVG}rect") if rect.get("class") == "gw-ring"]


def marked(panel: str) -> set[int]:
    """The hand's cards the panel marks playable: named so for a screen reader and ringed for the eye (each mark
    must be both, or the test says which is missing)."""
    found = set()
    for attrs, svg in CARD_BUTTON.findall(panel):
        index = int(attribute(attrs, "data-value"))
        named = attribute(attrs, "aria-label").endswith(", playable")
        chosen = attribute(attrs, "aria-pressed") == "true"
        ringed = render.LEGAL_RING in rings(svg) or (chosen and render.SELECT_RING in rings(svg))
        assert named == ringed or (chosen and not named), f"card {index}: named playable {named}, ringed {ringed}"
        if named:
            found.add(index)
    for picture in HAND_PICTURE.findall(panel):  # a game whose moves never start from a card: the hand as a picture
        root = ET.fromstring(picture)
        for group in root.iter(f"{SVG}g"):
            if group.get("data-index") is not None and any(
                    r.get("class") == "gw-ring" and r.get("stroke") == render.LEGAL_RING for r in group.iter(f"{SVG}rect")):
                found.add(int(group.get("data-index")))
    return found


def offered_as_allowed(panel: str) -> set[str]:
    """The moves the panel offers for the chosen card as ones the rules allow (highlighted)."""
    moves = set()
    for attrs in MOVE_BUTTON.findall(panel):
        if (attribute(attrs, "data-gw") == "move" and attribute(attrs, "data-group") == "moves"
                and "gw-primary" in attribute(attrs, "class").split()):
            moves.add(attribute(attrs, "data-value"))
    return moves


def used_by_legal_moves(state, seat: int, hand: tuple) -> set[int]:
    """What the rules say: the hand's cards some legal move of ``seat`` uses (none when it is not their turn)."""
    if state.current_player != seat:
        return set()
    used = set()
    for action in state.legal_actions():
        used.update(state.cards_of(action))
    return {i for i, card in enumerate(hand) if card in used}


def check_position(game, state, seat: int, chosen: int | None = None, rng: random.Random | None = None) -> None:
    """The marks of ``seat``'s hand in ``state`` agree with the rules, and with the moves offered card by card
    (every card's, or ``chosen`` of them picked by ``rng``, marked or not)."""
    hand = state.view(seat).seats[seat].hand
    where = f"{game.slug}, {state.status()!r}, hand {[str(c) for c in hand]}, seat {seat}"
    panel = move_panel(state, seat, None, cards=game.inputs.cards)
    marks = marked(panel)
    assert marks == used_by_legal_moves(state, seat, hand), where
    if not game.inputs.cards or len(hand) == 1:  # one card is chosen at once: the panel above offered its moves
        cards = [None] if len(hand) == 1 and game.inputs.cards else []
    else:
        cards = list(range(len(hand)))
        if chosen is not None and rng is not None and len(cards) > chosen:
            pick = sorted(marks)[:1] + sorted(set(cards) - marks)[:1]  # one of each kind where there is one
            cards = sorted(set(pick) | set(rng.sample(cards, chosen - len(pick))))
    legal = {str(a) for a in state.legal_actions()} if state.current_player == seat else set()
    for i in cards:
        chosen = move_panel(state, seat, i, cards=game.inputs.cards) if i is not None else panel
        offered = offered_as_allowed(chosen)
        index = 0 if i is None else i
        assert offered <= legal, f"{where}: card {index} offers {offered - legal} as allowed"
        assert bool(offered) == (index in marks), (
            f"{where}: card {index} is {'' if index in marks else 'not '}marked, and its moves offered as "
            f"allowed are {sorted(offered)}")


def positions(slug: str, number: int):
    """The positions of one seeded random game of ``slug``, each with the seat looked at: most often the one to
    move, sometimes another (whose hand then has no mark)."""
    game = get_game(slug)
    rng = random.Random(f"{slug} {number}")
    players = rng.randint(game.min_players, min(game.max_players, MOST_PLAYERS))
    state = game.start(players=players, seed=number)
    seen = []
    while not state.is_over and len(seen) < game.max_actions:
        seat = state.current_player if rng.random() < 0.8 else rng.randrange(players)
        seen.append((state, seat))
        state = state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(seen) // POSITIONS)
    return seen[::step]


@pytest.mark.parametrize("slug", list(GAMES))
def test_the_hand_marks_exactly_the_cards_legal_moves_use(slug):
    game = get_game(slug)
    rng = random.Random(slug)
    looked = 0
    for number in range(GAMES_EACH):
        for state, seat in positions(slug, number):
            check_position(game, state, seat, CHOSEN, rng)
            looked += 1
    assert looked >= GAMES_EACH


def test_every_card_legal_is_every_card_marked():
    """The issue's table: Water 5 on top, and Water 1, Wind 6 and Earth 4 in hand all go on it, so all three are
    ringed (marking none, as when every card could be played, says none may be)."""
    game = get_game("carts-tity")
    state = game.start(players=2, deal={"hands": [["Wa1", "Wi6", "E4"], ["F2", "F3", "F9"]], "pile": ["Wa5"],
                                        "stock": ["F10", "F11"], "current": 0})
    assert sorted(marked(move_panel(state, 0, None))) == [0, 1, 2]
    check_position(game, state, 0)


def test_a_card_of_several_decks_is_marked_in_every_copy():
    """With several decks a hand may hold two equal cards: both are ringed, though the rules list the move once."""
    game = get_game("carts-tity")
    hands = [["F7", "F7", "Wa6"], ["E1"], ["E2"], ["E3"], ["E4"], ["E5"]]
    state = game.start(players=6, deal={"hands": hands, "pile": ["F6"], "stock": ["F10"], "current": 0})
    assert sorted(marked(move_panel(state, 0, None))) == [0, 1, 2]
    check_position(game, state, 0)
