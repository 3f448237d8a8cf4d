"""Cards of every deck: notation round-trips, names, order, interning, packs as multisets, clear errors."""

import copy
import pickle
from collections import Counter

import pytest

from tutor.cards import (
    CARDS, CHWECH_36, CHWECH_45, CHWECH_63, DECKS, ELEMENT_CARDS, ELEMENT_ORDER, ELEMENTS_60, FRENCH_54, GNAV_42,
    GNAV_CARDS, JOKER, SUIT_ORDER, BadNotation, Card, CardProtocol, Deck, Element, ElementCard, GnavCard, GnavRank,
    Hand, InternedCard, Rank, Suit, card_of, cards_text, conserved, difference, difference_text, element_pack,
    french_pack, gnav_pack, pack, parse_cards,
)
from tutor.cards.base import CARD_CLASSES


def test_every_card_round_trips_through_its_notation():
    cards = french_pack(jokers=2)
    assert len(cards) == 54 and len(set(cards)) == 53
    for card in cards:
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


# ---------------------------------------------------------------- every deck

EVERY_CARD = sorted({card for deck in DECKS.values() for card in deck.cards})


def test_every_deck_is_registered_and_every_card_follows_the_protocol():
    assert {cls.deck for cls in CARD_CLASSES.values()} >= {"french", "gnav", "elements"}
    assert len(EVERY_CARD) == 53 + 21 + 60
    for card in EVERY_CARD:
        assert isinstance(card, CardProtocol) and isinstance(card, InternedCard)
        assert card.english and isinstance(card.native, str) and card.order == int(card) == hash(card)


@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_every_card_of_every_deck_round_trips(deck):
    for card in set(deck.cards):
        assert deck.parse(card.code) is card
        assert deck.parse(card.code.lower()) is card
        assert eval(repr(card)) is card
        assert card_of(card.deck, card.code) is card
        assert str(card) == f"{card}" == card.code and f"{card:>5}" == f"{card.code:>5}"


def test_names_in_english_and_the_games_own_language():
    assert Card.parse("7S").native == Card.parse("7S").cornish == "Seyth an Palyow"
    assert GnavCard(GnavRank.CUCKOO).english == "Cuckoo" and GnavCard(GnavRank.CUCKOO).native == "Gjøk"
    assert GnavCard.parse("12").english == "twelve" and GnavCard.parse("12").native == "XII"
    assert ElementCard.parse("F15").english == "Fire 15" and ElementCard.parse("F15").native == ""
    assert len({c.english for c in EVERY_CARD}) == len(EVERY_CARD)


def _old_french_key(card):
    """How the French pack sorted before cards were ints: rank, then suit S H D C; jokers (no suit) first in a rank."""
    return (int(card.rank), -1 if card.suit is None else SUIT_ORDER[card.suit])


def test_order_is_the_order_the_packs_always_had():
    french = list(french_pack(jokers=2))
    assert sorted(french) == sorted(french, key=_old_french_key)
    for a in french:
        for b in french:
            assert (a < b) == (_old_french_key(a) < _old_french_key(b))
            assert (a == b) == (_old_french_key(a) == _old_french_key(b))
    assert sorted(french)[-3:] == [Card.parse("AC"), JOKER, JOKER]
    assert sorted(gnav_pack()) == sorted(gnav_pack(), key=lambda c: c.rank)
    elements = list(reversed(element_pack()))
    assert sorted(elements) == sorted(elements, key=lambda c: (ELEMENT_ORDER[c.element], c.value))
    assert sorted(elements)[:2] == [ElementCard.parse("F1"), ElementCard.parse("F2")]


def test_cards_of_different_decks_and_plain_numbers_are_never_equal():
    assert len({int(c) for c in EVERY_CARD}) == len(EVERY_CARD)
    seven = Card.parse("7S")
    assert seven != 7 and seven != Rank.SEVEN and seven not in set(range(100))
    assert {seven: 1}.get(Rank.SEVEN) is None


def test_cards_are_interned():
    for (rank, suit), card in CARDS.items():
        assert Card(rank, suit) is Card.parse(card.code) is card
    assert Card(Rank.JOKER) is Card(Rank.JOKER, None) is JOKER
    for rank, card in GNAV_CARDS.items():
        assert GnavCard(rank) is GnavCard.parse(rank.code) is card
    for (element, value), card in ELEMENT_CARDS.items():
        assert ElementCard(element, value) is ElementCard.parse(f"{element.english} {value}") is card
    assert Card(Rank.SEVEN, Suit.SPADES).rank is Rank.SEVEN and Card(Rank.SEVEN, Suit.SPADES).suit is Suit.SPADES


def test_copies_and_pickles_are_the_same_card():
    for card in EVERY_CARD:
        assert copy.copy(card) is card and copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card
    hand = (Card.parse("7S"), GnavCard.parse("CAT"), ElementCard.parse("Wi7"))
    assert all(a is b for a, b in zip(copy.deepcopy(hand), hand))


def test_cards_cannot_be_changed():
    card = Card.parse("7S")
    with pytest.raises(AttributeError, match="7S"):
        card.rank = Rank.EIGHT  # type: ignore[misc]
    assert card.rank is Rank.SEVEN


def test_hashing_comparing_and_sorting_are_done_on_ints():
    # Cheap by construction: no Python-level method stands between a card and int's own.
    for cls in CARD_CLASSES.values():
        for name in ("__hash__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
            assert getattr(cls, name) is getattr(int, name), (cls.__name__, name)


def test_a_card_of_no_such_rank_and_suit_is_refused():
    with pytest.raises(BadNotation, match="Rank and a Suit"):
        Card("7", "S")  # type: ignore[arg-type]
    with pytest.raises(BadNotation, match="Gnav ranks"):
        GnavCard(99)  # type: ignore[arg-type]
    with pytest.raises(BadNotation, match="1–15"):
        ElementCard(Element.FIRE, 16)


# ---------------------------------------------------------------- the element deck


def test_the_element_deck_has_sixty_cards_fifteen_of_each_element():
    cards = element_pack()
    assert len(cards) == len(set(cards)) == 60 == len(ELEMENTS_60)
    for element in Element:
        assert sorted(c.value for c in cards if c.element is element) == list(range(1, 16))
    assert ElementCard.parse("F15") > ElementCard.parse("F14") > ElementCard.parse("F1")


@pytest.mark.parametrize("text, code", [
    ("F15", "F15"), ("f15", "F15"), ("Fire 15", "F15"), ("fire15", "F15"), (" FIRE  15 ", "F15"),
    ("Wa3", "Wa3"), ("water 3", "Wa3"), ("WAT 3", "Wa3"), ("Wi7", "Wi7"), ("wind 7", "Wi7"), ("WIN7", "Wi7"),
    ("E12", "E12"), ("earth 12", "E12"), ("Ea1", "E1"), ("F 07", "F7"),
])
def test_element_notation_reads_codes_and_names(text, code):
    assert ElementCard.parse(text).code == code


def test_element_codes_are_the_shortest_start_no_other_element_shares():
    for element in Element:
        others = [e.english.lower() for e in Element if e is not element]
        name = element.english.lower()
        shortest = next(name[:n] for n in range(1, len(name) + 1)
                        if not any(o.startswith(name[:n]) for o in others))
        assert element.code.lower() == shortest


@pytest.mark.parametrize("text, fragment", [
    ("W7", "could be Water or Wind; write Wa or Wi"), ("X7", "unknown element 'X'"),
    ("F16", "value 16 is out of range"), ("F0", "value 0 is out of range"), ("Fire", "no value after Fire"),
    ("15", "no element"), ("15F", "element first"), ("", "write an element then a value"),
    ("Fire-15", "and nothing else"), ("Fish 3", "unknown element 'Fish'"),
])
def test_bad_element_notation_says_what_is_wrong(text, fragment):
    with pytest.raises(BadNotation, match=fragment) as caught:
        ElementCard.parse(text)
    assert caught.value.text == text


# ---------------------------------------------------------------- packs as data


def test_multi_deck_packs_are_multisets():
    for copies in (1, 2, 3, 4):
        cards = element_pack(copies)
        assert len(cards) == 60 * copies
        assert Counter(cards) == Counter({card: copies for card in ELEMENTS_60.cards})
        assert cards == pack(ELEMENTS_60, copies) == ELEMENTS_60.times(copies).pack()
        assert ELEMENTS_60.times(copies).counts() == Counter(cards)
    two = element_pack(2)
    shuffled_two = tuple(reversed(two))
    assert conserved(two, shuffled_two) and not conserved(two, two[1:])
    fire = ElementCard.parse("F1")
    assert difference(two, two[1:] + (fire, fire)) == (Counter(), Counter({fire: 1}))
    assert difference_text(two, two[2:] + (JOKER,)) == "missing F1 F2; extra JK"
    assert difference_text(two, two) == ""


def test_a_pack_needs_at_least_one_deck():
    for copies in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="copies"):
            element_pack(copies)  # type: ignore[arg-type]


def test_the_gnav_pack_has_two_of_each_rank():
    assert len(GNAV_42) == 42 and Counter(GNAV_42.pack()) == Counter({card: 2 for card in GNAV_CARDS.values()})


def test_chwech_packs_as_data_match_the_game():
    from tutor.games.chwech.packs import pack_for

    for players, deck in ((4, CHWECH_36), (5, CHWECH_45), (6, FRENCH_54)):
        assert deck.pack() == pack_for(players) and len(deck) == int(deck.name.split()[-1])
    assert CHWECH_63.pack() == pack_for(7, seven_pack="doubled-2-3") and len(CHWECH_63) == 63


def test_a_deck_description_is_data():
    deck = Deck("Little", parse_cards("7S 7H"), Card.parse)
    assert deck.times(3).copies == 3 and len(deck.times(3)) == 6 and deck.parse("7s") is Card.parse("7S")
    assert french_pack(ranks=[Rank.TWO], extra=[Rank.TWO]) == parse_cards("2S 2H 2D 2C 2S 2H 2D 2C")
    with pytest.raises(ValueError, match="not a rank of the French pack"):
        french_pack(ranks=[Rank.JOKER])


def test_parse_cards_reads_other_decks():
    assert parse_cards("F15 wi7", parse=ElementCard.parse) == (ElementCard.parse("F15"), ElementCard.parse("Wi7"))
    assert cards_text(parse_cards(["CUCKOO", "0"], parse=GnavCard.parse)) == "CUCKOO 0"
