"""Cards: notation round-trips, names in English and Cornish, clear errors."""

import pytest

from tutor.cards import JOKER, BadNotation, Card, Hand, Rank, Suit, cards_text, french_pack, parse_cards


def test_every_card_round_trips_through_its_notation():
    pack = french_pack(jokers=2)
    assert len(pack) == 54 and len(set(pack)) == 53
    for card in pack:
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card


@pytest.mark.parametrize("text, rank, suit", [
    ("7S", Rank.SEVEN, Suit.SPADES), ("10H", Rank.TEN, Suit.HEARTS), ("qd", Rank.QUEEN, Suit.DIAMONDS),
    (" AC ", Rank.ACE, Suit.CLUBS), ("TH", Rank.TEN, Suit.HEARTS),
])
def test_parse_reads_the_notation(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


def test_joker_notation():
    assert Card.parse("JK") is JOKER and str(JOKER) == "JK" and JOKER.suit is None


@pytest.mark.parametrize("text, fragment", [
    ("", "rank then a suit"), ("7X", "unknown suit"), ("1S", "unknown rank"), ("11H", "unknown rank"),
    ("JKS", "unknown rank"),
])
def test_bad_notation_says_what_is_wrong(text, fragment):
    with pytest.raises(BadNotation, match=fragment):
        Card.parse(text)


def test_bad_notation_is_a_value_error():
    assert issubclass(BadNotation, ValueError)


def test_a_joker_with_a_suit_is_refused():
    with pytest.raises(BadNotation):
        Card(Rank.JOKER, Suit.SPADES)


def test_parse_cards_and_cards_text_round_trip():
    cards = parse_cards("7S 10H, QD AC JK")
    assert cards_text(cards) == "7S 10H QD AC JK"
    assert parse_cards(["7S", "10H"]) == cards[:2]


def test_names_come_from_the_seed_table():
    assert Card.parse("7S").cornish == "Seyth an Palyow"
    assert Card.parse("AH").cornish == "Byd an Kolonnow"
    assert Card.parse("QD").cornish == "Myghternes an Adamantys"
    assert Card.parse("KC").cornish == "Myghtern an Mor Du"
    assert Card.parse("JS").cornish == "Jakka an Palyow"
    assert JOKER.cornish == "Benni"
    assert Card.parse("10H").english == "ten of hearts"


def test_every_card_has_a_distinct_cornish_name():
    names = [c.cornish for c in french_pack()]
    assert len(set(names)) == 52


def test_hand_draws_itself():
    hand = Hand(parse_cards("7S 7H"))
    assert "Seyth an Palyow" in hand._repr_svg_() and str(hand) == "7S 7H"
