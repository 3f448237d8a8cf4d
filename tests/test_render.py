"""Rendering: valid SVG, accessible names, faces told apart, states shown."""

import xml.etree.ElementTree as ET

import pytest

from tutor import render
from tutor.cards import DECKS, JOKER, Card, Element, ElementCard, GnavCard, Suit, element_pack, french_pack
from tutor.engine import AuctionView, Pile, ScoreTable, SeatView, TableView, TrickView
from tutor.games import get_game
from tutor.render import elements as element_faces

NS = "{http://www.w3.org/2000/svg}"


def test_every_card_is_valid_svg_with_its_names_in_the_title():
    for card in french_pack(jokers=1):
        svg = render.card_svg(card)
        root = ET.fromstring(svg)
        title = root.find(".//{http://www.w3.org/2000/svg}title").text
        assert card.english in title and card.cornish in title


@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_every_face_of_every_deck_is_drawn_and_named(deck):
    for card in set(deck.cards):
        root = ET.fromstring(render.card_svg(card, width=60))
        name = render.card_title(card)
        assert card.english in name and (card.native in name)
        # The name is the svg's first child and its aria-label, so a screen reader says it.
        assert root.get("role") == "img" and root.get("aria-label") == name
        assert root[0].tag == NS + "title" and root[0].text == name
        # ... and the card's own group keeps it too, for drawings made of many cards.
        group = root.find(NS + "g")
        assert group.find(NS + "title").text == name and len(group) > 3


def test_suits_differ_in_shape_and_colour():
    assert len(set(render.SUIT_PATHS.values())) == 4
    assert len(set(render.INK.values())) == 4
    for suit in Suit:
        assert render.SUIT_PATHS[suit] in render.card_svg(Card.parse("5" + suit.letter))


def test_elements_differ_in_symbol_and_colour():
    paths, inks = element_faces.ELEMENT_PATHS, element_faces.INK
    assert len(set(paths.values())) == 4 and len(set(inks.values())) == 4
    for card in element_pack():
        svg = render.card_svg(card)
        for element in Element:
            assert (paths[element] in svg) == (element is card.element)
            assert (inks[element] in svg) == (element is card.element)
        assert f">{card.value}<" in svg and f">{card.element.english}<" in svg


def test_element_colours_are_readable_on_the_card():
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    card = luminance("#fffdf7")
    for colour in element_faces.INK.values():
        assert (card + 0.05) / (luminance(colour) + 0.05) >= 3, colour  # WCAG's ratio for large text


def test_every_deck_has_a_face_and_an_unknown_deck_is_named():
    from tutor.cards.base import CARD_CLASSES
    import tutor.games  # noqa: F401  (games register their own card kinds, e.g. the Five Hundred pack)

    assert {cls.deck for cls in CARD_CLASSES.values()} <= set(render.FACE_MODULES) and {"french", "gnav", "elements"} <= set(render.FACE_MODULES)
    with pytest.raises(KeyError, match="tarot"):
        render.face_for("tarot")


def test_face_down_card_hides_its_name():
    svg = render.card_svg(Card.parse("7S"), face_down=True)
    assert "Seyth" not in svg and "seven" not in svg and "face-down" in svg


def test_a_card_can_be_given_another_name():
    card = Card.parse("7S")
    svg = render.card_svg(card, title=card.english)
    assert "Seyth" not in svg and ET.fromstring(svg).get("aria-label") == "seven of spades"


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


def test_a_hand_is_named_with_its_cards():
    root = ET.fromstring(render.hand_svg([Card.parse("7S"), Card.parse("10H"), None, None], label="Vicki's hand"))
    name = "Vicki's hand: seven of spades, ten of hearts, two face-down cards"
    assert root[0].tag == NS + "title" and root[0].text == name and root.get("aria-label") == name
    assert ET.fromstring(render.hand_svg([None], label="Ann's hand"))[0].text == "Ann's hand: one face-down card"
    assert ET.fromstring(render.hand_svg([]))[0].text == "A hand of no cards: no cards"
    gnav = ET.fromstring(render.hand_svg([GnavCard.parse("CUCKOO"), ElementCard.parse("Wi7")], label="Mixed"))
    assert gnav[0].text == "Mixed: Cuckoo, Wind 7"


def test_table_hides_other_hands_and_escapes_names():
    state = get_game("gwra-pyskessa").start(players=2, seed=1, names=["<b>Ann</b>", "Ben"])
    page = render.table_html(state.view(1))
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    mine = {c.cornish for c in state.hands[1]}
    theirs = {c.cornish for c in state.hands[0]} - mine
    assert all(name in page for name in mine) and not any(name in page for name in theirs)
    assert "Ben's hand: " in page and "&lt;b&gt;Ann&lt;/b&gt;'s hand: " in page
    ET.fromstring(state.view(None)._repr_svg_())


@pytest.mark.parametrize("slug", ["gwra-pyskessa", "gnav", "chwech", "pig"])
def test_games_without_tricks_piles_or_scores_draw_none(slug):
    page = render.table_html(get_game(slug).start(seed=3).view(0), style=False)
    for part in ("gw-trick", "gw-pile", "gw-auction", "gw-scores", "gw-teams", "gw-team"):
        assert part not in page


# ---------------------------------------------------------------- the new parts of the table

F = ElementCard.parse


def _view(**parts) -> TableView:
    names = ("Jory", "<i>Tamsin</i>", "Pol", "Kerensa")
    seats = tuple(SeatView(name, (F("F3"), F("Wa12")) if seat == 0 else (None, None), info="2 tricks")
                  for seat, name in enumerate(names))
    return TableView("pymtheg", 0, seats, 1, has_stock=False, status="Tamsin to play", **parts)


def test_teams_are_shown_on_the_table_and_on_each_seat():
    page = render.table_html(_view(teams=((0, 2), (1, 3))))
    assert "Team 1: Jory and Pol" in page and "Team 2: &lt;i&gt;Tamsin&lt;/i&gt; and Kerensa" in page
    assert page.count('class="gw-team" data-team="0"') == 2 and page.count('class="gw-team" data-team="1"') == 2


def test_the_trick_shows_each_play_in_order_with_leader_winner_and_trumps():
    trick = TrickView(((1, F("Wa3")), (2, F("Wa9")), (3, F("F2")), (0, F("Wa1"))), leader=1, winner=3, trumps="Fire")
    page = render.table_html(_view(trick=trick), style=False)
    part = page[page.index('<div class="gw-trick">'):]
    assert "trumps: Fire" in part and "won by Kerensa" in part and "&lt;i&gt;Tamsin&lt;/i&gt; led" in part
    order = [part.index(f"aria-label=\"{name}\"") for name in ("Water 3", "Water 9", "Fire 2", "Water 1")]
    assert order == sorted(order) and part.count("<li") == 4
    assert '<li class="gw-play gw-won" data-seat="3">' in part
    ongoing = render.table_html(_view(trick=TrickView(((1, F("Wa3")),), leader=1)), style=False)
    assert "won by" not in ongoing and "gw-won" not in ongoing and "trumps" not in ongoing


def test_piles_and_builds_show_owner_value_and_cards():
    build = Pile("Build", (F("Wi2"), F("E5")), owner=2, value=7)
    discard = Pile("Discard pile", (F("F1"), F("F2"), F("E15")), top_only=True)
    page = render.table_html(_view(piles=(build, discard)))
    assert '<div class="gw-pile gw-owned" data-owner="2"><h4>Build</h4>' in page
    assert "Pol&#x27;s · two cards · value 7" in page and "Build: Wind 2, Earth 5" in page
    assert "three cards" in page and "Discard pile, top card: Earth 15" in page
    assert "Fire 1" not in page and "Fire 2" not in page
    hidden = render.table_html(_view(piles=(Pile("Stock", (None, None)),)))
    assert "Stock: two face-down cards" in hidden


def test_the_auction_lists_calls_in_order_and_the_contract():
    auction = AuctionView(((0, "pass"), (1, "Gâm+1"), (2, "<pass>")), contract="Gâm, Fire trumps")
    page = render.table_html(_view(auction=auction))
    part = page[page.index('<div class="gw-auction">'):]
    assert part.index("Jory</strong>: pass") < part.index("Gâm+1") < part.index("&lt;pass&gt;")
    assert '<ol class="gw-calls">' in part and "Contract: Gâm, Fire trumps" in part
    assert "Contract" not in render.table_html(_view(auction=AuctionView(((0, "pass"),))))


def test_the_score_table_is_a_real_table():
    scores = ScoreTable(("Jory & Pol", "Tamsin & Kerensa"), (("Deal 1", (20, -5)), ("Deal 2", (0, 30))), (20, 25),
                        note="Highest wins.")
    page = render.table_html(_view(scores=scores), style=False)
    table = ET.fromstring(page[page.index("<table"):page.index("</table>") + len("</table>")])
    assert table.find("caption").text.strip() == "Scores" and "Highest wins." in ET.tostring(table, encoding="unicode")
    assert [th.text for th in table.iter("th") if th.get("scope") == "col"] == ["Jory & Pol", "Tamsin & Kerensa"]
    assert [th.text for th in table.iter("th") if th.get("scope") == "row"] == ["Deal 1", "Deal 2", "Total"]
    assert [td.text for td in table.find("tfoot").iter("td")] == ["20", "25"]


def test_every_part_at_once_is_valid_html_and_svg():
    view = _view(teams=((0, 2), (1, 3)), trick=TrickView(((1, F("Wa3")),), leader=1),
                 auction=AuctionView(((0, "pass"),), contract="Gâm"),
                 piles=(Pile("Build", (F("Wi2"),), owner=0, value=2),),
                 scores=ScoreTable(("A", "B"), (("Deal 1", (1, 2)),), (1, 2)))
    page = render.table_html(view, style=False)
    ET.fromstring(page)
    svg = view._repr_svg_()
    root = ET.fromstring(svg)
    assert "Contract: Gâm" in svg and "Scores: A 1, B 2" in svg and "Trick, led by" in svg
    assert root.get("height") == str(90 * 6 + 18 * 2)


NOTEBOOK = """
import json, sys
import tutor.cards, tutor.engine
from tutor.cards import Card, Hand, parse_cards
from tutor.engine import SeatView, TableView
before = sorted(m for m in sys.modules if m.startswith("tutor.render"))
from IPython.core.formatters import DisplayFormatter
shown = DisplayFormatter().format
view = TableView("pig", 0, (SeatView("Jory", tuple(parse_cards("7S 8H"))), SeatView("Tamsin", (None,))), 0)
print(json.dumps({"before": before, "card": shown(Card.parse("7S"))[0], "hand": shown(Hand(parse_cards("7S 8H")))[0],
                  "view": shown(view)[0]}))
"""


def test_cards_hands_and_views_draw_themselves_in_ipython_with_the_renderer_imported_when_drawn():
    """The package root says how things are drawn (tutor.DRAW): importing the cards and the engine imports no
    renderer, and IPython's display formatter (what JupyterLab shows) still gets SVG and HTML."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", NOTEBOOK], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    shown = json.loads(out.stdout)
    assert shown["before"] == [], "importing the cards or the engine imported the renderer"
    assert "Seyth an Palyow" in shown["card"]["image/svg+xml"] and shown["card"]["text/plain"] == "Card.parse('7S')"
    ET.fromstring(shown["card"]["image/svg+xml"])
    assert "Eth an Kolonnow" in shown["hand"]["image/svg+xml"]
    assert "Jory" in shown["view"]["text/html"] and "Tamsin" in shown["view"]["image/svg+xml"]
    ET.fromstring(shown["view"]["image/svg+xml"])


def test_the_jokers_face_says_joker_in_words_and_stars_not_its_notation():
    """The joker's corner is not its notation ("JK", the code the rules write): the face shows JOKER and stars, and
    the card keeps its name in its title."""
    jokers = {c for deck in DECKS.values() for c in deck.cards if getattr(c, "suit", "x") is None}
    assert jokers
    for card in jokers:
        root = ET.fromstring(render.card_svg(card))
        words = [t.text for t in root.iter(NS + "text")]
        assert words and all(word == "JOKER" for word in words), words
        assert card.code not in words
        assert len(root.findall(f".//{NS}path")) >= 3  # the star in the middle and one in each corner
        assert "joker" in root.find(NS + "title").text


def test_a_card_drawn_again_is_the_same_drawing_and_each_setting_its_own():
    """Card faces are kept once drawn (a page redrawn after every move shows them again): the same card with the
    same settings gives the same drawing, and a title, a ring or a selection given once is never carried to a later
    drawing without it."""
    from tutor.cards import Card
    from tutor.render.frame import card_svg

    seven = Card.parse("7S")
    plain = card_svg(seven)
    assert card_svg(seven, title="Your seven") != plain and "Your seven" in card_svg(seven, title="Your seven")
    assert card_svg(seven, legal=True) != plain and card_svg(seven, selected=True) != plain
    assert card_svg(seven) == plain and "Your seven" not in card_svg(seven)
    assert card_svg(Card.parse("8S")) != plain
