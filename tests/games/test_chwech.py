"""Chwech: one scenario per rule id, from explicit deals; the printed score table; the worked scores (docs/rules.md)."""

import pickle
import random
from collections import Counter
from pathlib import Path

import pytest

from tutor.cards import JOKER, Card, Rank, Suit, card_of, parse_cards
from tutor.engine import IllegalMove, TrickView
from tutor.games import get_game
from tutor.games.chwech import PASS, CardPlay, Pass, parse_action
from tutor.games.chwech.bot import heuristic
from tutor.games.chwech.moves import _problem
from tutor.games.chwech.packs import Number, NumberCard, pack_for, parse_card, rank_value
from tutor.games.chwech.scoring import card_power, deal_score, deal_score_breakdown, match_result
from tutor.games.gwra_pyskessa import Ask
from tutor.match import EndRule, ScoreSheet

from .scenario import rules_of

GAME = get_game("chwech")
SCORE_TABLE = Path(__file__).resolve().parents[1] / "data" / "chwech-score-table.csv"  # the seed's table, copied
# A six-player deal used by many tests: seat 0 leads hearts; seats 1, 3 and 4 hold one heart each, seats 2 and 5 none.
BASE = ["7H 2S", "9H 3S", "4C 5S", "KH 6S", "2H 8S", "5D 9S"]


def start(hands, players=None, **options):
    players = players or len(hands)
    return GAME.start(players=players, deal={"hands": [h.split() for h in hands]}, **options)


def run(state, *moves):
    for move in moves:
        state = state.apply(parse_action(move))
    return state


def refused(state, move):
    with pytest.raises(IllegalMove) as info:
        state.apply(parse_action(move))
    return info.value.rule


# ---------------------------------------------------------------- setting up


def test_chwech_players():
    for players in (4, 5, 6, 7):
        assert GAME.start(players=players, seed=1).players == players
    for players in (3, 8):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "chwech.players"
    assert GAME.default_players == 6


@pytest.mark.parametrize("players, size, jokers, deals", [(4, 36, 0, 8), (5, 45, 1, 5), (6, 54, 2, 6), (7, 63, 1, 7)])
def test_chwech_deal(players, size, jokers, deals):
    state = GAME.start(players=players, seed=42)
    assert state.events[0].rule == "chwech.deal"
    assert all(len(h) == 9 for h in state.hands)
    assert Counter(state.cards()) == Counter(pack_for(players)) and len(pack_for(players)) == size
    assert sum(c.rank is Rank.JOKER for c in pack_for(players)) == jokers
    assert state.current_player == 0 and state.leading
    # a full match lasts the rule book's number of deals (C10)
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(heuristic(state, rng)[0])
    assert len(state.sheet.rows) == deals


def test_chwech_deal_packs_in_detail():
    assert {c.rank for c in pack_for(4)} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                                             Rank.EIGHT, Rank.SEVEN, Rank.SIX}
    assert not {Rank.TWO, Rank.THREE} & {c.rank for c in pack_for(5)}
    seven = Counter(pack_for(7, seven_pack="doubled-2-3"))
    assert seven[Card.parse("2S")] == 2 and seven[Card.parse("3D")] == 2 and seven[Card.parse("4S")] == 1
    assert seven[JOKER] == 3 and sum(seven.values()) == 63


def test_chwech_deal_rejects_bad_deals_naming_the_rule():
    for deal in ({"hands": [["7H"]] * 6}, {"hands": [["7H"], ["8H"]]}, {"hands": [["2H"], ["3S"], ["4S"], ["5S"]]},
                 {"hands": [["7H"], [], ["4S"], ["5S"], ["6S"], ["8S"]]}, {"hands": [["7Z"]] + [["8H"]] * 5}):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=len(deal["hands"]) if len(deal["hands"]) >= 4 else 6, deal=deal)
        assert info.value.rule == "chwech.deal"


@pytest.mark.parametrize("hands, field", [
    (0, "deal.hands"), (None, "deal.hands"), (5, "deal.hands"), ({}, "deal.hands"), ("7H 9H", "deal.hands"),
    ([0, *BASE[1:]], "deal.hands[0]"), ([None, *BASE[1:]], "deal.hands[0]"), ([*BASE[:5], 0], "deal.hands[5]"),
    ([*BASE[:5], 2.5], "deal.hands[5]"), ([*BASE[:5], {}], "deal.hands[5]"), ([*BASE[:5], False], "deal.hands[5]"),
    ([*BASE[:5], ["9S", 7]], "deal.hands[5][1]"), ([*BASE[:5], ["9S", None]], "deal.hands[5][1]"),
])
def test_chwech_deal_names_the_field_that_is_wrong(hands, field):
    """A number, None or a dict where a list of cards belongs is refused by name, never read as an empty hand."""
    if isinstance(hands, list):
        hands = [h.split() if isinstance(h, str) else h for h in hands]
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=6, deal={"hands": hands})
    assert info.value.rule == "chwech.deal" and field in info.value.reason


def test_chwech_deal_has_only_hands():
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=6, deal={"hands": [h.split() for h in BASE], "stock": 0})
    assert info.value.rule == "chwech.deal" and "deal.stock" in info.value.reason


def test_chwech_pack():
    """Four, five and seven players are told their pack; the five- and seven-player packs are options (C10–C12)."""
    for players in (4, 5, 7):
        state = GAME.start(players=players, seed=1)
        assert rules_of(state) == ["chwech.deal", "chwech.pack"]
    assert rules_of(GAME.start(players=6, seed=1)) == ["chwech.deal"]
    five = GAME.start(players=5, seed=1, five_pack="no-7-8")
    ranks = Counter(card.rank for card in five.cards())
    assert Rank.SEVEN not in ranks and Rank.EIGHT not in ranks and ranks[Rank.TWO] == 4 and ranks[Rank.JOKER] == 1
    assert "without its sevens and eights" in five.events[1].text and len(five.cards()) == 45
    # The Five Hundred pack: the 52, 11s and 12s of every suit, a red 13 of hearts and of diamonds, one joker.
    seven = Counter(GAME.start(players=7, seed=1).cards())
    numbers = sorted(card.code for card in seven if isinstance(card, NumberCard))
    assert numbers == ["11C", "11D", "11H", "11S", "12C", "12D", "12H", "12S", "13D", "13H"]
    assert sum(seven.values()) == 63 and max(seven.values()) == 1 and seven[JOKER] == 1
    assert "Five Hundred" in GAME.start(players=7, seed=1).events[1].text
    home_made = Counter(GAME.start(players=7, seed=1, seven_pack="doubled-2-3").cards())
    assert home_made[JOKER] == 3 and home_made[Card.parse("2C")] == 2
    with pytest.raises(ValueError, match="option thirteens_jokers"):
        GAME.start(players=7, seed=1, seven_pack="doubled-2-3", thirteens_jokers=True)
    with pytest.raises(ValueError, match="option seven_pack"):
        GAME.start(players=7, seed=1, seven_pack="500")
    # number cards belong to the seven-player Five Hundred pack only
    with pytest.raises(IllegalMove) as info:
        start(["11H 2S"] + BASE[1:])
    assert info.value.rule == "chwech.deal" and "11H" in info.value.reason


SEVEN = ["10H 2S", "11H 3S", "13H 4S", "12H 5S", "QC 6S", "13D 7S", "9H 8S"]


def test_chwech_pack_number_cards_rank_between_the_ten_and_the_jack():
    assert [rank_value(parse_card(c)) for c in ("10H", "11H", "12H", "13H", "JH")] == [10, 10.25, 10.5, 10.75, 11]
    state = start(SEVEN)
    assert [c.code for c in state.hands[2]] == ["4S", "13H"]  # sorted by rank: the 13 is above the 10
    after = run(state, "play 10H", "play 11H", "play 13H", "play 12H", "pass", "pass", "play 9H")
    assert rules_of(after)[-1] == "chwech.trick" and after.events[-1].player == 2
    assert "with the 13♥" in after.events[-1].text
    jack = run(start(["JH 2S"] + SEVEN[1:]), "play JH", "play 11H", "play 13H", "play 12H", "pass", "pass", "pass")
    assert jack.events[-1].player == 0


def test_chwech_pack_thirteens_made_jokers():
    state = start(SEVEN, thirteens_jokers=True)
    led = run(state, "play 2S", "play 3S")
    thirteen = parse_card("13H")
    assert CardPlay(thirteen) in led.legal_actions()  # a joker may go to a spade trick
    played = run(led, "play 13H")
    assert rules_of(played) == ["chwech.joker"] and "13♥ (a joker)" in played.events[0].text
    assert refused(run(played, "pass", "pass"), "play 13D") == "chwech.two-jokers"
    # led, it names its suit; and played last it takes the trick (revised rule)
    lead = start(["13H 2S", "11H 3S", "10H 4S", "12H 5S", "5C 6S", "13D 7S", "9H 8S"], thirteens_jokers=True)
    assert refused(lead, "play 13H") == "chwech.joker"
    done = run(lead, "play 13H as C", "pass", "pass", "pass", "play 5C", "pass", "pass")
    assert done.events[-1].player == 4 and rules_of(done)[-1] == "chwech.trick"
    last = run(start(["5C 2S", "11H 3S", "13H 4S", "12H 5S", "10H 6S", "13D 7S", "9H 8S"], thirteens_jokers=True),
               "play 5C", "pass", "play 13H", "pass", "pass", "pass", "pass")
    assert rules_of(last)[-1] == "chwech.joker-last" and last.events[-1].player == 2
    # without the agreement a 13 is an ordinary heart
    assert refused(run(start(SEVEN), "play 2S", "play 3S"), "play 13H") == "chwech.follow"


def test_chwech_pack_number_cards_are_interned_and_round_trip():
    card = parse_card("12s")
    assert card is NumberCard(Number.TWELVE, Suit.SPADES) and str(card) == "12S" and card.english == "twelve of spades"
    assert card_of("five-hundred", "12S") is card and pickle.loads(pickle.dumps(card)) is card
    assert card != Card.parse("QS") and card.label == "12♠"
    assert str(parse_action("play 13D as S")) == "play 13D as S"
    for bad in ("13S", "13C", "14H", "11X"):
        with pytest.raises(IllegalMove):
            parse_action(f"play {bad}")


def test_chwech_joker_eldest_holding_only_jokers_is_refused_under_the_original_rule():
    """C2 + C6: eldest must lead, and the original rule forbids leading a joker, so such a deal could never go on."""
    hands = ["JK", "9H 3S", "4C 5S", "KH 6S", "2H 8S", "5D 9S"]
    with pytest.raises(IllegalMove) as info:
        start(hands, aces_jokers="original")
    assert info.value.rule == "chwech.joker" and info.value.reason.startswith("deal.hands[0]: Jory must lead")
    with pytest.raises(IllegalMove):
        GAME.start(players=6, dealer=0, deal={"hands": [["7H"], ["JK", "JK"], ["4C"], ["KH"], ["2H"], ["5D"]]},
                   aces_jokers="original")
    assert [str(a) for a in start(hands).legal_actions()] == ["play JK as S", "play JK as H", "play JK as D",
                                                               "play JK as C"]
    # the red 13s made jokers count as jokers here too
    thirteens = ["13H 13D", "11H 3S", "4S", "12H 5S", "QC 6S", "7S", "9H 8S"]
    with pytest.raises(IllegalMove):
        start(thirteens, aces_jokers="original", thirteens_jokers=True)
    assert start(thirteens, aces_jokers="original").legal_actions()


# ---------------------------------------------------------------- a trick


def test_chwech_lead():
    state = start(BASE)
    assert refused(state, "pass") == "chwech.lead"
    assert PASS not in state.legal_actions()
    after = run(state, "play 7H")
    assert rules_of(after) == ["chwech.lead"] and after.led is Suit.HEARTS and after.current_player == 1


def test_chwech_follow():
    state = run(start(BASE), "play 7H")
    assert refused(state, "play 3S") == "chwech.follow"  # another suit, never
    after = run(state, "play 9H")
    assert rules_of(after) == ["chwech.follow"]
    assert refused(after, "play 5S") == "chwech.follow" and refused(after, "play 4C") == "chwech.follow"
    assert after.legal_actions() == [PASS]  # void in hearts, no joker: only a pass
    assert refused(after, "play KH") == "chwech.follow"  # not in this hand


def test_chwech_pass():
    after = run(start(BASE), "play 7H", "play 9H", "pass")
    assert rules_of(after) == ["chwech.pass"] and after.current_player == 3
    assert [seat for seat, _ in after.trick] == [0, 1]


def test_chwech_trick():
    after = run(start(BASE), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert rules_of(after)[-1] == "chwech.trick" and after.events[-1].player == 3
    assert sorted(after.won[3]) == sorted(parse_cards("7H 9H KH"))
    assert after.current_player == 3 and after.leading and after.trick == ()


def test_chwech_one_card():
    hands = ["7H 2S", "3S 4S", "4C 5S", "6S 8S", "10S JS", "5D 9S"]
    after = run(start(hands), "play 7H", *["pass"] * 5)
    assert rules_of(after)[-1] == "chwech.one-card" and after.won[0] == parse_cards("7H")
    # C7b with the revised rule: a led ace alone still wins, and so does a led joker
    ace = run(start(["AH 2S"] + hands[1:]), "play AH", *["pass"] * 5)
    assert rules_of(ace)[-1] == "chwech.one-card" and ace.won[0] == parse_cards("AH")
    joker = run(start(["JK 2S"] + hands[1:]), "play JK as H", *["pass"] * 5)
    assert rules_of(joker)[-1] == "chwech.one-card" and joker.won[0] == parse_cards("JK")


# ---------------------------------------------------------------- leading


def test_chwech_lead_pass():
    won = run(start(BASE), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    after = run(won, "pass")
    assert rules_of(after) == ["chwech.lead-pass"] and after.current_player == 4 and after.sat_out == (3,)
    led = run(after, "play 8S")
    # seat 3 passed the lead, so it sits out: the trick goes 5, 0, 1, 2 and ends
    assert led.queue == (5, 0, 1, 2)
    done = run(led, "play 9S", "play 2S", "play 3S", "play 5S")
    trick = [e for e in done.events if e.rule == "chwech.trick"]
    assert trick and trick[0].player == 5 and "5 cards" in trick[0].text
    assert done.deal_no == 1  # seat 0 played its last card (2S), so a new deal began
    assert done.sheet.rows[0][3] == deal_score(3, 8)  # seat 3 sat out with one card left


def test_chwech_deadlock():
    won = run(start(BASE, deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    after = run(won, *["pass"] * 6)
    assert rules_of(after) == ["chwech.deadlock", "chwech.score", "chwech.match"]
    # short prepared hands count the cards played out: one each for seats 0, 1 and 3
    assert after.is_over and after.sheet.rows == ((9, 9, 0, 3, 0, 0),)
    assert after.totals[3] == deal_score(3, 8) == 3 and after.result().winners == (0, 1)


def test_chwech_last_card():
    hands = ["7H"] + BASE[1:]
    state = run(start(hands, deals=1), "play 7H")
    assert rules_of(state) == ["chwech.lead", "chwech.last-card"] and not state.is_over
    after = run(state, "play 9H", "pass", "play KH", "pass", "pass")
    assert rules_of(after) == ["chwech.pass", "chwech.trick", "chwech.score", "chwech.match"] and after.is_over
    assert after.sheet.rows[0][0] == deal_score(0, 8) == 9


def test_chwech_score():
    hands = ["7H"] + BASE[1:]
    after = run(start(hands, deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert after.events[-2].rule == "chwech.score"
    assert after.sheet.rows == ((9, 9, 0, 3, 0, 0),)
    assert after.result().scores == after.totals
    assert after.result().breakdown == ("Jory: 9 points", "Tamsin: 9 points", "Pol: 0 points", "Kerensa: 3 points",
                                        "Morwenna: 0 points", "Derwa: 0 points")


def test_chwech_match():
    hands = ["7H"] + BASE[1:]
    after = run(start(hands, deals=2), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert rules_of(after)[-1] == "chwech.match" and not after.is_over
    assert after.dealer == 0 and after.current_player == 1 and after.deal_no == 1
    assert all(len(h) == 9 for h in after.hands) and after.won == ((),) * 6
    assert Counter(after.cards()) == Counter(pack_for(6))
    # the score table the play app shows between deals
    table = after.view(1).scores
    assert table.columns == after.names and table.rows == (("Deal 1", (9, 9, 0, 3, 0, 0)),)
    assert table.totals == (9, 9, 0, 3, 0, 0) and table.note == "2 deals; highest total wins."


def test_chwech_match_end_says_who_in_the_status_and_why_in_the_result():
    """The status says who won; the result's text why, with the totals in points, not the same sentence again;
    the log's last line says the match is over."""
    hands = ["7H"] + BASE[1:]
    after = run(start(hands, deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert after.status() == "Match over: Jory and Tamsin share the win."
    assert after.result().text == "Jory and Tamsin share the highest total, 9 points each."
    assert after.events[-1].text == "The match is over: " + after.result().text
    sheet = ScoreSheet(("Jory", "Tamsin"), EndRule(deals=1)).after((1, 0))
    assert match_result(sheet).text == "Jory has the highest total, 1 point."
    assert match_result(sheet).breakdown == ("Jory: 1 point", "Tamsin: 0 points")


def test_chwech_match_ties_share():
    sheet = ScoreSheet(("Jory", "Tamsin", "Pol", "Kerensa"), EndRule(deals=2)).after((40, 27, 63, 10))
    res = match_result(sheet.after((0, 36, 0, 0)))
    assert res.winners == (1, 2) and res.text == "Tamsin and Pol share the highest total, 63 points each."
    assert res.scores == (40, 63, 63, 10) and res.rule == "chwech.match"
    assert res.breakdown == ("Jory: 40 + 0 = 40 points", "Tamsin: 27 + 36 = 63 points", "Pol: 63 + 0 = 63 points",
                             "Kerensa: 10 + 0 = 10 points")


def test_chwech_match_over_refuses_moves():
    after = run(start(["7H"] + BASE[1:], deals=1), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert after.legal_actions() == [] and after.current_player is None
    assert refused(after, "pass") == "chwech.match"


# ---------------------------------------------------------------- aces and jokers


def test_chwech_ace():
    hands = ["AH 2S"] + BASE[1:]
    original = start(hands, aces_jokers="original")
    assert refused(original, "play AH") == "chwech.ace"
    assert refused(original, "play 2S high") == "chwech.ace"
    high = run(original, "play AH high", "play 9H", "pass", "play KH", "pass", "pass")
    assert high.events[-1].player == 0  # high ace beats the king
    low = run(original, "play AH low", "play 9H", "pass", "play KH", "pass", "pass")
    assert low.events[-1].player == 3  # a low ace is below the 2
    assert rules_of(run(original, "play AH high")) == ["chwech.ace"]
    revised = start(hands)
    assert refused(revised, "play AH high") == "chwech.ace"
    assert {str(a) for a in revised.legal_actions()} == {"play AH", "play 2S"}


def test_chwech_ace_last():
    hands = ["7H 2S", "AH 3S", "9H 4S", "6S 8S", "10S JS", "5D 9S"]
    wins = run(start(hands), "play 7H", "play AH", "play 9H", "pass", "pass", "pass")
    assert rules_of(wins)[-1] == "chwech.ace-last" and wins.events[-1].player == 1
    hands = ["7H 2S", "9H 3S", "AH 4S", "6S 8S", "10S JS", "5D 9S"]
    loses = run(start(hands), "play 7H", "play 9H", "play AH", "pass", "pass", "pass")
    assert rules_of(loses)[-1] == "chwech.ace-last" and loses.events[-1].player == 1


def test_chwech_joker():
    hands = ["JK 2S"] + BASE[1:]
    revised = start(hands)
    assert refused(revised, "play JK") == "chwech.joker"
    with pytest.raises(IllegalMove) as info:
        revised.apply(parse_action("play JK"))
    assert "as spades, hearts, diamonds or clubs" in info.value.reason and "JK" not in info.value.reason
    led = run(revised, "play JK as H")
    assert rules_of(led) == ["chwech.joker"] and led.led is Suit.HEARTS
    assert refused(led, "play 3S") == "chwech.follow"
    original = start(hands, aces_jokers="original")
    assert refused(original, "play JK as H") == "chwech.joker"
    assert refused(original, "play JK") == "chwech.joker"
    # original: the joker follows as the suit led, between the 7 and the 8
    hands = ["7H 2S", "JK 3S", "4C 5S", "6S 8S", "10S JS", "5D 9S"]
    after = run(start(hands, aces_jokers="original"), "play 7H", "play JK")
    assert rules_of(after) == ["chwech.joker"]
    assert refused(run(start(hands, aces_jokers="original"), "play 7H"), "play JK as H") == "chwech.joker"
    done = run(after, *["pass"] * 4)
    assert done.events[-1].player == 1  # 7½ beats the 7
    eight = ["8H 2S"] + hands[1:]
    done = run(start(eight, aces_jokers="original"), "play 8H", "play JK", *["pass"] * 4)
    assert done.events[-1].player == 0  # the 8 beats 7½
    # revised: a joker not played last loses (here to a 4 played after it)
    hands = ["7H 2S", "JK 3S", "4H 5S", "6S 8S", "10S JS", "5D 9S"]
    done = run(start(hands), "play 7H", "play JK", "play 4H", "pass", "pass", "pass")
    assert rules_of(done)[-1] == "chwech.trick" and done.events[-1].player == 0


def test_chwech_joker_last():
    hands = ["7H 2S", "AH 3S", "4S 5S", "6S 8S", "9S 10S", "JK JS"]
    after = run(start(hands), "play 7H", "play AH", "pass", "pass", "pass", "play JK")
    assert rules_of(after)[-2:] == ["chwech.joker", "chwech.joker-last"] and after.events[-1].player == 5


def test_chwech_ace_last_after_a_led_joker():
    """A joker led and an ace played last: the last ace loses, so the joker takes the trick — by the ace rule."""
    hands = ["JK 2S", "AH 3S", "4C 5S", "6S 8S", "9S 10S", "5D JS"]
    after = run(start(hands), "play JK as H", "play AH", *["pass"] * 4)
    assert rules_of(after)[-1] == "chwech.ace-last" and after.events[-1].player == 0
    assert after.events[-1].text == ("Jory takes the trick (2 cards) with the joker, which beats only an ace played "
                                     "last; 2 won so far.")
    hands = ["JK 2S", "4H 3S", "AH 5S", "6S 8S", "9S 10S", "5D JS"]
    after = run(start(hands), "play JK as H", "play 4H", "play AH", *["pass"] * 3)
    assert rules_of(after)[-1] == "chwech.ace-last" and after.events[-1].player == 1
    assert "the highest card, since an ace played last loses" in after.events[-1].text


def test_chwech_c7a_power_order():
    rules = GAME.make_rules()
    j, a, k, lo = (CardPlay(Card.parse(c)) for c in ("JK", "AH", "KH", "2H"))
    assert card_power(j, 3, 4, rules) > card_power(a, 1, 4, rules) > card_power(k, 2, 4, rules)
    assert card_power(lo, 0, 4, rules) > card_power(j, 1, 4, rules) > card_power(a, 3, 4, rules)


def test_chwech_two_jokers():
    hands = ["7H 2S", "JK 3S", "JK 4S", "6S 8S", "9S 10S", "5D JS"]
    for options in ({}, {"aces_jokers": "original"}):
        state = run(start(hands, **options), "play 7H", "play JK")
        assert refused(state, "play JK") == "chwech.two-jokers"
        assert state.legal_actions() == [PASS]


def test_chwech_equal():
    hands = ["2H 5S", "2H 6S", "7S 8S", "9S 10S", "JS QS", "KS 4S", "3S 2S"]
    after = run(start(hands, seven_pack="doubled-2-3"), "play 2H", "play 2H", *["pass"] * 5)
    assert rules_of(after)[-1] == "chwech.equal" and after.events[-1].player == 0
    # the Five Hundred pack has no two equal cards
    with pytest.raises(IllegalMove) as info:
        start(hands)
    assert info.value.rule == "chwech.deal" and "2H is there 2 times" in info.value.reason


# ---------------------------------------------------------------- actions, views, bot


@pytest.mark.parametrize("text", ["pass", "play 7S", "play AS high", "play AS low", "play JK as H", "play 10D"])
def test_action_text_round_trips(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "play", "play 7Z", "play JK as X", "lead 7S", "play 7S sideways", 42])
def test_bad_action_text_is_an_illegal_move(text):
    with pytest.raises(IllegalMove):
        parse_action(text)


def test_candidate_actions_cards_of_prompt_describe():
    state = start(["AH JK"] + BASE[1:])
    ace, joker = parse_cards("AH JK")
    assert [str(a) for a in state.candidate_actions(ace)] == ["play AH"]
    assert [str(a) for a in state.candidate_actions(joker)] == ["play JK as S", "play JK as H", "play JK as D",
                                                                 "play JK as C"]
    original = start(["AH JK"] + BASE[1:], aces_jokers="original")
    assert [str(a) for a in original.candidate_actions(ace)] == ["play AH high", "play AH low"]
    assert [str(a) for a in original.candidate_actions(joker)] == ["play JK"]  # tried, and refused: never led
    assert state.cards_of(CardPlay(ace)) == (ace,) and state.cards_of(PASS) == ()
    assert state.phase == "lead" and state.current_players == (0,)
    assert run(state, "play AH").phase == "play"
    assert state.prompt(CardPlay(joker, suit=Suit.HEARTS)) == "Play the joker as hearts"
    assert state.describe(CardPlay(ace)) == "Jory plays the A♥"
    won = run(start(BASE), "play 7H", "play 9H", "pass", "play KH", "pass", "pass")
    assert won.prompt(PASS) == "Pass the lead" and won.describe(PASS) == "Kerensa passes the lead"


@pytest.mark.parametrize("action, rule, words", [
    (CardPlay(JOKER, suit="H"), "chwech.follow", "cardplay.suit"),
    (CardPlay(JOKER, suit=7), "chwech.follow", "cardplay.suit"),
    (CardPlay("JK"), "chwech.follow", "cardplay.card"),
    (CardPlay(int(Card.parse("7H"))), "chwech.follow", "cardplay.card"),
    (CardPlay(7.0), "chwech.follow", "cardplay.card"), (CardPlay(True), "chwech.follow", "cardplay.card"),
    (CardPlay(None), "chwech.follow", "cardplay.card"), (CardPlay(Rank.SEVEN), "chwech.follow", "cardplay.card"),
    (CardPlay(Card.parse("7H"), ace=5), "chwech.follow", "cardplay.ace"),
    (CardPlay(Card.parse("7H"), ace=True), "chwech.follow", "cardplay.ace"),
    (CardPlay(Card.parse("7H"), ace=["high"]), "chwech.follow", "cardplay.ace"),
    (CardPlay(Card.parse("7H"), ace="sideways"), "chwech.follow", "cardplay.ace"),
    (CardPlay(Card.parse("7H"), suit=1.0), "chwech.follow", "cardplay.suit"),
    (CardPlay(JOKER, "high", Suit.HEARTS), "chwech.ace", "Only an ace"),
    (CardPlay(Card.parse("7H"), suit=Suit.HEARTS), "chwech.joker", "Only a led joker"),
    (Pass, "chwech.follow", "not a move of this game"), (None, "chwech.follow", "not a move of this game"),
    (("play", "7H"), "chwech.follow", "not a move of this game"), ("play 7H", "chwech.follow", "not a move"),
    (Ask(1, Rank.SEVEN), "chwech.follow", "not a move of this game"),
])
def test_malformed_actions_are_refused_naming_a_rule_and_change_nothing(action, rule, words):
    """A move of another game, or a Play with a part of the wrong type, is refused by ``check_action`` naming the
    part; a well-formed move the rules forbid names the rule."""
    state = start(["JK 7H"] + BASE[1:])
    before = (state, hash(state), state.legal_actions(), state.events)
    with pytest.raises(IllegalMove) as info:
        state.apply(action)
    assert info.value.rule == rule and words in info.value.reason
    assert (state, hash(state), state.legal_actions(), state.events) == before
    str(action)  # an action's text never fails, even for a malformed one


def test_a_move_made_anew_is_taken_as_the_ready_made_one():
    state = start(["JK 7H"] + BASE[1:])
    assert state.apply(CardPlay(Card.parse("7H"))) == state.apply(parse_action("play 7H"))
    led = state.apply(CardPlay(Card.parse("7H")))
    assert led.apply(Pass()) == led.apply(PASS)


@pytest.mark.parametrize("value", [True, False, 0, -1, 25, "3", 2.0, [2]])
def test_chwech_match_deals_option_is_a_whole_number_from_1_to_24(value):
    with pytest.raises(ValueError, match="option deals"):
        GAME.start(seed=1, deals=value)


def test_chwech_match_deals_option_accepts_its_range():
    assert GAME.start(seed=1, deals=24).sheet.rule.deals == 24
    assert GAME.start(players=4, seed=1).sheet.rule.deals == 8


def conceivable(state):
    """Every well-formed move of the player to act: a pass, and each card with every declaration."""
    me = state.current_player
    out = [PASS]
    for card in dict.fromkeys(state.hands[me]):
        out += [CardPlay(card), CardPlay(card, "high"), CardPlay(card, "low")] + [CardPlay(card, suit=s) for s in Suit]
    return out


@pytest.mark.parametrize("options", [{}, {"aces_jokers": "original"}, {"thirteens_jokers": True},
                                     {"thirteens_jokers": True, "aces_jokers": "original"},
                                     {"five_pack": "no-7-8", "seven_pack": "doubled-2-3"}])
def test_legal_actions_are_exactly_the_moves_the_rules_allow(options):
    """The moves generated directly are the moves the rule checks accept — no more, no fewer, each once."""
    for players in (4, 5, 6, 7):
        for seed in range(3):
            state = GAME.start(players=players, seed=seed, deals=2, **options)
            rng = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                texts = [str(a) for a in legal]
                assert legal and len(set(texts)) == len(texts)
                assert set(texts) == {str(a) for a in conceivable(state) if _problem(state, a) is None}
                state = state.apply(rng.choice(legal))
            assert state.legal_actions() == []


def test_every_accepted_deal_and_every_later_position_offers_a_move():
    """Short prepared deals with every option: a deal is refused (citing a rule) or playable to the end."""
    rng = random.Random(2026)
    refusals = set()
    for _ in range(300):
        players = rng.choice((4, 5, 6, 7))
        options = {"aces_jokers": rng.choice(["revised", "original"]), "deals": 1,
                   "five_pack": rng.choice(["no-2-3", "no-7-8"])}
        if players == 7 and rng.random() < 0.5:
            options["thirteens_jokers"] = True
        pack = list(pack_for(players, options["five_pack"]))
        rng.shuffle(pack)
        jokers = [card for card in pack if card.code in ("JK", "13H", "13D")]
        first = jokers[:rng.randint(1, len(jokers))] if jokers and rng.random() < 0.4 else []
        for card in first:  # sometimes eldest (seat 0) holds nothing but jokers
            pack.remove(card)
        hands = [[c.code for c in first]] if first else []
        while len(hands) < players:
            hands.append([pack.pop().code for _ in range(rng.randint(1, 3))])
        try:
            state = GAME.start(players=players, deal={"hands": hands}, dealer=players - 1, **options)
        except IllegalMove as exc:
            refusals.add(exc.rule)
            continue
        while not state.is_over:
            legal = state.legal_actions()
            assert legal, f"{hands} {options}: a position with no move"
            state = state.apply(rng.choice(legal))
    assert "chwech.joker" in refusals


def test_view_shows_the_trick_and_cards_won():
    state = run(start(BASE), "play 7H", "play 9H")
    view = state.view(2)
    assert view.trick == TrickView(((0, Card.parse("7H")), (1, Card.parse("9H"))), leader=0)
    assert state.status() == "Deal 1: Pol to play or pass (hearts led)."
    assert view.seats[2].hand == state.hands[2] and view.seats[0].hand == (None,)
    assert view.seats[0].info.startswith("won 0")


def test_heuristic_gives_legal_moves_with_reasons():
    rng = random.Random(5)
    state = GAME.start(seed=5)
    for _ in range(200):
        if state.is_over:
            break
        action, reason = heuristic(state, rng)
        assert action in state.legal_actions() and reason
        state = state.apply(action)


def test_heuristic_sheds_a_losing_card_and_wins_to_reach_nine():
    hands = ["KH 2S", "3H 3S", "4C 5S", "6S 8S", "9S 10S", "5D JS"]
    state = run(start(hands), "play KH")
    action, _ = heuristic(state, random.Random(0))
    assert str(action) == "play 3H"  # sheds the 3♥ under the king


# ---------------------------------------------------------------- scoring: the seed's table and §3.4


def seed_table():
    rows = {}
    lines = [line for line in SCORE_TABLE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    for line in lines[1:]:
        won, *scores = (int(x) for x in line.split(","))
        rows[won] = scores
    return rows


def test_seed_score_table_all_90_cells():
    rows = seed_table()
    assert sorted(rows) == list(range(0, 9))
    cells = 0
    for won, scores in rows.items():
        for left, value in enumerate(scores):
            assert deal_score(won, left) == value, (won, left)
            assert deal_score(won + 9, left) == value and deal_score(won + 18, left) == value
            cells += 1
    assert cells == 90


@pytest.mark.parametrize("won, left, score", [(13, 0, 36), (18, 2, 63), (10, 0, 9), (26, 4, 40), (0, 9, 0)])
def test_chwech_score_worked_examples(won, left, score):
    """The worked scores of docs/rules.md (C8)."""
    assert deal_score(won, left) == score
    assert deal_score_breakdown(won, left)[-1].endswith(f"= {score}.")


def test_deal_score_rejects_nonsense():
    with pytest.raises(ValueError):
        deal_score(3, 10)
    with pytest.raises(ValueError):
        deal_score(-1, 0)
