"""Rendering: valid SVG, accessible names, faces told apart, states shown."""

import xml.etree.ElementTree as ET

from tutor import render
from tutor.cards import JOKER, Card, Suit, french_pack
from tutor.games import get_game


def test_every_card_is_valid_svg_with_its_names_in_the_title():
    for card in french_pack(jokers=1):
        svg = render.card_svg(card)
        root = ET.fromstring(svg)
        title = root.find(".//{http://www.w3.org/2000/svg}title").text
        assert card.english in title and card.cornish in title


def test_suits_differ_in_shape_and_colour():
    assert len(set(render.SUIT_PATHS.values())) == 4
    assert len(set(render.INK.values())) == 4
    for suit in Suit:
        assert render.SUIT_PATHS[suit] in render.card_svg(Card.parse("5" + suit.letter))


def test_face_down_card_hides_its_name():
    svg = render.card_svg(Card.parse("7S"), face_down=True)
    assert "Seyth" not in svg and "face-down" in svg


def test_selected_and_legal_cards_are_marked():
    plain = render.card_svg(Card.parse("7S"))
    assert render.SELECT_RING not in plain and render.LEGAL_RING not in plain
    assert render.SELECT_RING in render.card_svg(Card.parse("7S"), selected=True)
    assert render.LEGAL_RING in render.card_svg(Card.parse("7S"), legal=True)


def test_width_scales_the_card():
    root = ET.fromstring(render.card_svg(JOKER, width=100))
    assert root.get("width") == "100" and root.get("height") == "139"


def test_hand_marks_each_card_with_its_index():
    svg = render.hand_svg([Card.parse("7S"), None, Card.parse("AH")], selected=[2])
    assert svg.count('data-index="') == 3 and "a face-down card" in svg


def test_table_hides_other_hands_and_escapes_names():
    state = get_game("gwra-pyskessa").start(players=2, seed=1, names=["<b>Ann</b>", "Ben"])
    page = render.table_html(state.view(1))
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    mine = {c.cornish for c in state.hands[1]}
    theirs = {c.cornish for c in state.hands[0]} - mine
    assert all(name in page for name in mine) and not any(name in page for name in theirs)
    ET.fromstring(state.view(None)._repr_svg_())
