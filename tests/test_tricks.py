"""The trick-taking core on hand-worked positions: what may be played, who wins, sides and the record."""

import random
from typing import NamedTuple

import pytest

from tutor.cards import Card, Suit, parse_cards
from tutor.mechanics import CardPlay
from tutor.tricks import (MUST_FOLLOW, NOT_HELD, UNDER_TRUMP, Trick, TrickTurn, Where, led_suit, legal_plays,
                          play_problem, pool, quick_lay, quick_take, seat_sides, seats_between, seats_from, shown_void,
                          side_members, to_play, trick_winner, view_of, winning_index, without)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def trick(text, leader=0, players=4):
    """Plays from text, seats going left from ``leader``."""
    return tuple(((leader + i) % players, card) for i, card in enumerate(parse_cards(text)))


def legal(hand, plays, trumps=None):
    return set(legal_plays(parse_cards(hand), trick(plays), trumps=trumps))


def cards(text):
    return set(parse_cards(text))


# ---------------------------------------------------------------- following, no trumps


def test_a_lead_may_be_any_card():
    assert legal("3H 9H KS 2C", "") == cards("3H 9H KS 2C")


def test_follow_the_suit_led_when_you_can():
    assert legal("3H 9H KS 2C", "5H") == cards("3H 9H")
    assert legal("3H 9H KS 2C", "5H AS") == cards("3H 9H")  # the suit led, not the suit on top


def test_without_the_suit_led_any_card_may_be_played():
    assert legal("3H 9H KS 2C", "4D") == cards("3H 9H KS 2C")


def test_without_trumps_the_highest_of_the_suit_led_wins_and_other_suits_never_do():
    assert winning_index(trick("5H KH AS")) == 1
    assert winning_index(trick("2C AS AH KD")) == 0
    assert winning_index(trick("9D 10D 2D")) == 1


# ---------------------------------------------------------------- trumps (spades), Y13


def test_trumping_is_allowed_never_required():
    assert legal("2S 3C", "5H", trumps=S) == cards("2S 3C")


def test_void_you_may_discard_or_over_trump_but_not_under_trump():
    assert legal("2S 9S 3C", "5H QS", trumps=S) == cards("3C")
    assert legal("2S 9S KS", "5H QS", trumps=S) == cards("KS")
    assert legal("2S KS 3C", "5H QS", trumps=S) == cards("KS 3C")


def test_under_trumping_only_when_nothing_else_is_possible():
    assert legal("2S 9S", "5H QS", trumps=S) == cards("2S 9S")
    assert legal("2S 9S", "5H QS 3S", trumps=S) == cards("2S 9S")  # the highest trump in the trick counts


def test_holding_the_suit_led_you_must_follow_even_with_trumps():
    assert legal("2S 9S 4H", "5H QS", trumps=S) == cards("4H")


def test_when_trumps_are_led_any_trump_follows():
    assert legal("2S KS 3H", "QS", trumps=S) == cards("2S KS")
    assert legal("3H 4D", "QS", trumps=S) == cards("3H 4D")


def test_with_trumps_the_highest_trump_wins():
    assert winning_index(trick("5H KH AS"), trumps=S) == 2
    assert winning_index(trick("5H 2S 3S AH"), trumps=S) == 2
    assert winning_index(trick("5H KH 2C"), trumps=S) == 1
    assert winning_index(trick("QS AH 2S"), trumps=S) == 0


def test_play_problem_names_why():
    hand = parse_cards("2S 9S 4H")
    assert play_problem(Card.parse("AC"), hand, trick("5H"), trumps=S) == NOT_HELD
    assert play_problem(Card.parse("9S"), hand, trick("5H"), trumps=S) == MUST_FOLLOW
    assert play_problem(Card.parse("4H"), hand, trick("5H"), trumps=S) is None
    hand = parse_cards("2S KS 3C")
    assert play_problem(Card.parse("2S"), hand, trick("5H QS"), trumps=S) == UNDER_TRUMP
    assert play_problem(Card.parse("KS"), hand, trick("5H QS"), trumps=S) is None


def test_led_suit_and_the_next_to_play():
    assert led_suit(trick("5H KS")) is H and led_suit(()) is None
    assert to_play(3, 2, 4) == 1 and to_play(0, 0, 5) == 0


def count_deals(hands, leader, trumps=None):
    """Every way a whole deal can be played out (a perft count): an oracle that cannot be fooled."""
    players = len(hands)

    def walk(hands, leader, plays):
        if all(not h for h in hands):
            return 1
        seat = to_play(leader, len(plays), players)
        total = 0
        for card in legal_plays(hands[seat], plays, trumps=trumps):
            rest = list(hands)
            rest[seat] = tuple(c for c in hands[seat] if c != card)
            now = plays + ((seat, card),)
            if len(now) == players:
                total += walk(tuple(rest), now[winning_index(now, trumps=trumps)][0], ())
            else:
                total += walk(tuple(rest), leader, now)
        return total

    return walk(tuple(parse_cards(h) for h in hands), leader, ())


def test_perft_on_a_three_hand_deal_worked_by_hand():
    # A leads 5H: B must play 7H, C may play KS or 3S; B wins and the rest is forced: 2 ways.
    # A leads 9S: B may play 7H or 2C, C must follow KS or 3S; then everything is forced: 4 ways.
    assert count_deals(["5H 9S", "7H 2C", "KS 3S"], 0) == 6
    # Spades trumps: on the 5H lead C may trump with KS or 3S (no trump in the trick yet) and wins; on the
    # 9S lead (trumps led) B, void, may play either card: still 2 + 4 = 6.
    assert count_deals(["5H 9S", "7H 2C", "KS 3S"], 0, trumps=S) == 6



def test_perft_where_the_under_trump_rule_bites():
    # Without trumps: whatever A leads, B and C each have two choices and the last trick is forced: 2 × 4 = 8.
    assert count_deals(["5H 2D", "QS 3C", "KS 2S"], 0) == 8
    # Spades trumps: after B trumps with QS, C (only trumps) must over-trump with KS; 2S would be an
    # under-trump with a higher trump in hand.  Each lead: QS → 1 way, 3C → 2 ways: 2 × 3 = 6.
    assert count_deals(["5H 2D", "QS 3C", "KS 2S"], 0, trumps=S) == 6


# ---------------------------------------------------------------- seats and sides


def test_seat_order():
    assert seats_from(2, 4) == (2, 3, 0, 1) and seats_from(2, 4, include=False) == (3, 0, 1)
    assert seats_between(1, 0, 4) == (2, 3) and seats_between(1, 1, 3) == (2, 0)


def test_sides_alone_and_in_teams():
    assert seat_sides(5) == (0, 1, 2, 3, 4)
    assert seat_sides(4, 2) == (0, 1, 0, 1)  # two teams of two: partners opposite
    assert seat_sides(6, 3) == (0, 1, 2, 0, 1, 2)  # three teams of two: ABCABC
    assert seat_sides(6, 2) == (0, 1, 0, 1, 0, 1)  # two teams of three: ABABAB, both neighbours opponents
    assert side_members(seat_sides(6, 3)) == ((0, 3), (1, 4), (2, 5))
    for players, teams in ((5, 2), (4, 3), (2, 2), (4, 1)):
        with pytest.raises(ValueError):
            seat_sides(players, teams)


def test_teams_pool_their_tricks():
    won = [parse_cards("2H 3H"), parse_cards("4C"), parse_cards("5D"), ()]
    assert pool(won, seat_sides(4, 2)) == (tuple(parse_cards("2H 3H 5D")), tuple(parse_cards("4C")))
    assert pool(won, seat_sides(4)) == tuple(tuple(w) for w in won)


# ---------------------------------------------------------------- the record


def test_trick_record_view_and_voids():
    done = Trick(1, trick("5H KH 2C AH", leader=1), 0)
    assert done.cards == tuple(parse_cards("5H KH 2C AH"))
    view = view_of(done)
    assert view.leader == 1 and view.winner == 0 and view.plays == done.plays and view.trumps == ""
    assert shown_void([done, Trick(0, ())], 4) == (frozenset(), frozenset(), frozenset(), frozenset({H}))


def test_trick_winner_by_power_still_serves_games_with_their_own_ranking():
    plays = trick("5H KH 2C")
    assert trick_winner(plays, lambda i, card: -int(card.rank)) == 2
    with pytest.raises(ValueError):
        trick_winner((), lambda i, card: 0)


def test_play_problem_agrees_with_legal_plays_on_random_positions():
    """Two ways to the same rule: listing the legal cards, and judging one card directly."""
    from tutor.cards import french_pack

    rng = random.Random(7)
    pack = list(french_pack())
    for _ in range(3000):
        rng.shuffle(pack)
        hand = tuple(pack[:rng.randrange(1, 9)])
        plays = tuple((i, c) for i, c in enumerate(pack[10:10 + rng.randrange(0, 4)]))
        trumps = rng.choice([None, S, H, D, C])
        legal = legal_plays(hand, plays, trumps=trumps)
        assert legal and set(legal) <= set(hand)
        for card in hand + tuple(pack[20:23]):
            assert (play_problem(card, hand, plays, trumps=trumps) is None) == (card in legal)


def test_the_element_deck_through_the_same_core():
    """Pymtheg and Burn read a card's element and number; the rules are the same."""
    from operator import attrgetter

    from tutor.cards import Element, ElementCard

    read = {"suit": attrgetter("element"), "value": attrgetter("value")}

    def els(text):
        return tuple(ElementCard.parse(c) for c in text.split())

    plays = tuple(enumerate(els("Wi3 Wa12")))
    assert set(legal_plays(els("F2 Wa9 E5"), plays, trumps=Element.WATER, **read)) == set(els("F2 E5"))
    assert set(legal_plays(els("Wa9 Wa14"), plays, trumps=Element.WATER, **read)) == set(els("Wa14"))
    assert set(legal_plays(els("Wa9 Wa2"), plays, trumps=Element.WATER, **read)) == set(els("Wa9 Wa2"))
    assert set(legal_plays(els("F2 Wi1"), plays, **read)) == set(els("Wi1"))
    assert winning_index(plays, trumps=Element.WATER, **read) == 1
    assert winning_index(plays, **read) == 0  # no trumps: the Water 12 is just a discard
    assert play_problem(els("Wa9")[0], els("F2 Wa9 E5"), plays, trumps=Element.WATER, **read) == UNDER_TRUMP


# ---------------------------------------------------------------- the trick move shared by the trick games


class Position(NamedTuple):
    """A trick game's position with the fields the shared trick move reads (Burn's and Pymtheg's have more)."""

    names: tuple
    hands: tuple
    won: tuple
    plays: tuple
    leader: int
    tricks: tuple
    dealer: int
    deal_no: int
    sheet: object
    current: int
    events: tuple = ()


class Move(TrickTurn):
    """The smallest game move on the shared core: lay a card; the last card of a trick is taken by its winner."""

    prefix = "test"

    def play(self, card):
        self.say("card", f"{card}")
        if self.lay(card) < len(self.hands):
            return self.build((self.leader + len(self.plays)) % len(self.hands))
        seat = self.take(winning_index(self.plays))
        return self.build(seat)

    def build(self, current):
        s = self.s
        return Position(s.names, self.hands, self.won, self.plays, self.leader, self.tricks, s.dealer, s.deal_no,
                        s.sheet, current, tuple(self.events))


def position(hands, plays="", leader=0, current=None, won=None):
    hands = tuple(tuple(parse_cards(h)) for h in hands)
    laid = trick(plays, leader, len(hands))
    current = (leader + len(laid)) % len(hands) if current is None else current
    return Position(("A", "B", "C"), hands, won or ((),) * len(hands), laid, leader, (), 2, 0, None, current)


def test_without_takes_one_card_out_of_one_hand():
    hands = (tuple(parse_cards("2H 3H 4H")), tuple(parse_cards("5S")))
    assert without(hands, 0, Card.parse("3H")) == (tuple(parse_cards("2H 4H")), tuple(parse_cards("5S")))
    assert without(hands, 1, Card.parse("5S"))[1] == ()
    with pytest.raises(ValueError):
        without(hands, 1, Card.parse("2H"))


def test_the_trick_move_lays_cards_and_gives_the_trick_to_its_winner():
    state = position(["2H 9S", "KH 3C", "5H 4C"])
    after = Move(state).play(Card.parse("2H"))
    assert after.hands[0] == (Card.parse("9S"),) and after.plays == ((0, Card.parse("2H")),) and after.current == 1
    assert after.events[0].rule == "test.card"
    after = Move(Move(after).play(Card.parse("KH"))).play(Card.parse("5H"))
    assert after.plays == () and after.leader == after.current == 1
    assert after.won[1] == tuple(parse_cards("2H KH 5H")) and after.won[0] == after.won[2] == ()
    assert after.tricks == (Trick(0, trick("2H KH 5H"), 1),)
    assert after.hands == (tuple(parse_cards("9S")), tuple(parse_cards("3C")), tuple(parse_cards("4C")))


def test_the_one_step_moves_build_what_the_trick_move_builds():
    """``quick_lay`` and ``quick_take`` (the hot path) make the same position as the trick move, the events aside."""
    at = Where.of(Position)
    assert at == Where(1, 2, 3, 4, 5, 9, 10)
    state = position(["2H 9S", "KH 3C", "5H 4C"], plays="2H KH", leader=0, won=((), tuple(parse_cards("7D")), ()))
    state = state._replace(hands=(tuple(parse_cards("9S")), tuple(parse_cards("3C")), tuple(parse_cards("5H 4C"))))
    event = object()
    first = position(["2H 9S", "KH 3C", "5H 4C"])
    laid = quick_lay(first, Card.parse("2H"), event, at)
    assert laid == Move(first).play(Card.parse("2H"))._replace(events=(event,)) and type(laid) is Position
    card = Card.parse("5H")
    plays = state.plays + ((2, card),)
    fields = quick_take(state, plays, plays[winning_index(plays)][0], at)
    fields[at.events] = (event,)
    assert Position(*fields) == Move(state).play(card)._replace(events=(event,))
    assert fields[at.won][1] == tuple(parse_cards("7D 2H KH 5H")) and fields[at.current] == 1


# ---------------------------------------------------------------- the shared search: guessing hidden hands


def test_hidden_hands_are_guessed_from_the_unseen_cards_respecting_shown_voids():
    """Seat 1 showed it has no hearts (it discarded on a heart lead): no guess gives it one; every unseen card
    goes to someone, each hand keeps its size, and the mover's own hand is its own."""
    from tutor.search import Hidden

    pack = parse_cards("2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 2C 3C")
    hands = (tuple(parse_cards("2H 2S")), tuple(parse_cards("3S 4S")), tuple(parse_cards("3H 4H")))
    done = Trick(0, trick("5H 5S 6H"), 2)
    state = position(["2H 2S", "3S 4S", "3H 4H"])._replace(hands=hands, tricks=(done,), won=((), (), done.cards),
                                                           current=0, leader=2)
    hidden = Hidden(state, pack)
    assert set(hidden.unseen) == set(parse_cards("3H 4H 6S 2C 3C 3S 4S")) and hidden.sizes == [2, 2, 2]
    assert hidden.voids[1] == frozenset({H})
    rng = random.Random(4)
    for _ in range(200):
        guess = hidden.guess(rng)
        assert guess[0] == list(hands[0]) and [len(h) for h in guess] == [2, 2, 2]
        assert not any(c.suit is H for c in guess[1])
        assert set(guess[1] + guess[2]) <= set(hidden.unseen) and len(set(guess[1] + guess[2])) == 4


def test_voids_that_cannot_all_be_met_still_give_a_whole_guess():
    from tutor.search import Hidden

    state = position(["2S", "3H", "4H"])._replace(current=0)
    hidden = Hidden(state, parse_cards("2S 3H 4H"))
    hidden.voids = (frozenset(), frozenset({H}), frozenset({H}))  # only hearts are unseen
    guess = hidden.guess(random.Random(1))
    assert sorted(guess[1] + guess[2]) == sorted(parse_cards("3H 4H")) and guess[0] == [Card.parse("2S")]


def test_best_of_keeps_the_move_with_the_best_mean_outcome():
    from tutor.search import best_of

    worlds = iter(range(1000))
    outcomes = {"low": lambda w: 1.0, "high": lambda w: 2.0 + (w % 2), "bad": lambda w: -5.0}
    best, mean, guesses = best_of(["low", "high", "bad"], lambda: next(worlds), lambda w, a: outcomes[a](w),
                                  budget=0.0, least=4)
    assert (best, mean, guesses) == ("high", 2.5, 4)
    best, _, _ = best_of(["a", "b"], lambda: None, lambda w, a: 1.0, budget=0.0, least=1)
    assert best == "a"  # of equals, the first


def test_a_game_searches_by_giving_its_play_out():
    """``Hidden.best``: every card is played out in the same guessed deals, and the best on average is kept."""
    from tutor.search import Hidden

    class Deal(Hidden):
        def play_out(self, hands, card, rng):
            return int(card.rank) + (hands[1][0] == Card.parse("3H"))  # the higher the better, in any guess

    state = position(["2S 9S", "3H", "4H"])._replace(current=0)
    legal = [CardPlay(c) for c in state.hands[0]]
    best, mean, deals = Deal(state, parse_cards("2S 9S 3H 4H")).best(legal, random.Random(2), budget=0.0, least=6)
    assert best == CardPlay(Card.parse("9S")) and deals == 6 and 9 <= mean <= 10
