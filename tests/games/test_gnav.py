"""Gnav: one scenario per rule id, from explicit deals, plus the worked scenarios of docs/rules.md (Gnav)."""

import json

import pytest

from tutor.cards import GnavCard, GnavRank
from tutor.engine import IllegalMove, Record
from tutor.games import get_game, replay
from tutor.games.gnav import CHANGE, STAND, Call, Rules, round_losers, score
from tutor.games.gnav.bot import heuristic

from .scenario import play, rules_of

GAME = get_game("gnav")
NAMES = ["Ola", "Kari", "Per", "Liv", "Ann", "Ben"]


def start(hands, stock=(), counters=None, names=None, **options):
    """A prepared round: one card per seat ("" for a seat out); the dealer is the last seat."""
    deal = {"hands": [h.split() if isinstance(h, str) else list(h) for h in hands],
            "stock": stock.split() if isinstance(stock, str) else list(stock)}
    if counters is not None:
        deal["counters"] = list(counters)
    return GAME.start(players=len(hands), deal=deal, names=names or NAMES[:len(hands)], **options)


def round_over(state, rules):
    """The events up to the next deal are exactly ``rules``; after it only Fool knocks may follow."""
    got = rules_of(state)
    assert got[:len(rules)] == rules
    assert all(r == "gnav.fool" for r in got[len(rules):])


def cards(*names):
    return tuple(None if n is None else GnavCard.parse(n) for n in names)


def said(state, rule):
    return [(e.said, e.gloss, e.player) for e in state.events if e.rule == rule and e.said]


def shown(state):
    return next(e.text for e in state.events if e.rule == "gnav.showdown")


def conserved(state):
    pack = state.cards()
    assert len(pack) == 42 and all(pack.count(c) == 2 for c in set(pack)) and len(set(pack)) == 21


# ---------------------------------------------------------------- the cards and the deal


def test_gnav_pack():
    state = GAME.start(players=4, seed=1)
    assert state.events[0].rule == "gnav.pack"
    conserved(state)
    order = [GnavCard.parse(n).rank for n in
             "CUCKOO DRAGOON CAT HORSE HOUSE 12 11 10 9 8 7 6 5 4 3 2 1 0 POT OWL FOOL".split()]
    assert order == sorted(order, reverse=True) and len(set(order)) == 21
    assert GnavRank.N0 > GnavRank.POT > GnavRank.OWL > GnavRank.FOOL  # N2: the Pot is below the 0
    names = "CUCKOO DRAGOON CAT HORSE HOUSE 12 11 10 9 8 7 6 5 4 3 2 1 0 POT OWL FOOL".split()
    assert [n for n in names if GnavCard.parse(n).is_matador] == names[:5]  # N3


def test_gnav_players():
    for players in (2, 20):
        state = GAME.start(players=players, seed=3)
        assert state.players == players and len(state.stock) == 42 - players
    for players in (1, 21):
        with pytest.raises(IllegalMove) as info:
            GAME.start(players=players, seed=1)
        assert info.value.rule == "gnav.players"


@pytest.mark.parametrize("players", [2, 4, 5, 9])
def test_gnav_deal(players):
    state = GAME.start(players=players, seed=7)
    assert rules_of(state)[:3] == ["gnav.pack", "gnav.counters", "gnav.deal"]
    assert all(card is not None for card in state.hands) and len(state.stock) == 42 - players
    assert state.dealt == state.hands and state.aside == ()
    assert all(state.counters_left(s) == 3 for s in range(players))
    assert state.current_player == state.left_of(state.dealer)
    conserved(state)


def test_gnav_deal_prepared():
    state = start(["8", "9", "POT"], "6 HORSE", counters=[3, 2, 1])
    assert rules_of(state) == ["gnav.pack", "gnav.counters", "gnav.deal"]
    assert state.dealer == 2 and state.current_player == 0
    assert state.hands == cards("8", "9", "POT") and state.stock[:2] == cards("6", "HORSE")
    assert [state.counters_left(s) for s in range(3)] == [3, 2, 1]
    assert "Per deals a prepared round; the other 39 cards are the stock." == state.events[2].text
    conserved(state)


@pytest.mark.parametrize("deal, field", [
    ({"hands": [["7", "8"], ["2"]]}, "deal.hands[0]"),
    ({"hands": [["7"], []]}, "deal.hands"),  # a round needs two players with a card
    ({"hands": [["ZZ"], ["2"]]}, "deal.hands[0][0]"),
    ({"hands": [["7"], ["7"], ["7"]]}, "deal"),
    ({"hands": [["7"], ["2"], []]}, "deal.hands[2]"),  # the dealer (last seat) must have a card
    ({"hands": [["7"], ["2"]], "counters": [3]}, "deal.counters"),
    ({"hands": [["7"], ["2"]], "counters": "3 3"}, "deal.counters"),
    ({"hands": [["7"], ["2"]], "counters": [3, True]}, "deal.counters[1]"),
    ({"hands": [["7"], ["2"]], "counters": [3, 2.0]}, "deal.counters[1]"),
    ({"hands": [["7"], ["2"]], "pool": 3}, "deal.pool"),
    ({"hands": 0}, "deal.hands"),
    ({"hands": None}, "deal.hands"),
    ({"hands": "7 2"}, "deal.hands"),
    ({"hands": [0, ["2"]]}, "deal.hands[0]"),
    ({"hands": [["7"], 2]}, "deal.hands[1]"),
    ({"hands": [["7"], [2]]}, "deal.hands[1][0]"),
    ({"hands": [["7"], {"card": "2"}]}, "deal.hands[1]"),
    ({"hands": [["7"], ["2"]], "stock": 0}, "deal.stock"),
    ({"hands": [["7"], ["2"]], "stock": {}}, "deal.stock"),
    ({"hands": [["7"], ["2"]], "stock": [5]}, "deal.stock[0]"),
    ({"hands": [["7"], ["2"]], "stock": "ZZ"}, "deal.stock[0]"),
    ({"hands": [["7"], ["2"]], "counters": 0}, "deal.counters"),
    ({"hands": [["7"], ["2"]], "counters": {}}, "deal.counters"),
    ({"hands": [["7"], ["2"]], "counters": 3}, "deal.counters"),
    ({"hands": [["7"], ["2"]], "counters": [3, None]}, "deal.counters[1]"),
    ({"hands": [["7"], ["2"]], "counters": [[3], 3]}, "deal.counters[0]"),
    ({"hands": [["7"], ["2"]], "counters": [3, 10**50]}, "deal.counters[1]"),
])
def test_gnav_deal_rejects_a_bad_deal_naming_the_rule_and_field(deal, field):
    with pytest.raises(IllegalMove) as info:
        GAME.start(players=len(deal["hands"]) if isinstance(deal["hands"], list) else 2, deal=deal)
    assert info.value.rule in ("gnav.deal", "gnav.counters") and field in info.value.reason, info.value.reason


def test_gnav_deal_record_round_trips_json_and_replays():
    # A deal made of card objects (not notation) is written as notation, read back and replayed.
    deal = {"hands": [[GnavCard.parse("2")], [GnavCard.parse("DRAGOON")], [], [GnavCard.parse("8")]],
            "stock": (GnavCard.parse("HORSE"), GnavCard.parse("5")), "counters": (2, 3, 0, 1)}
    state = GAME.start(players=4, deal=deal, names=NAMES[:4], slate=True)
    states = [state]
    for move in ("change", "stand"):
        states.append(play(states[-1], move))
    record = state.setup
    for move in ("change", "stand"):
        record = record.with_action(move)
    text = record.to_json()
    data = json.loads(text)
    assert data["deal"] == {"hands": [["2"], ["DRAGOON"], [], ["8"]], "stock": ["HORSE", "5"],
                            "counters": [2, 3, 0, 1]}
    again = Record.from_json(text)
    assert again == record and hash(again) == hash(record)
    assert replay(again) == states and replay(record) == states


def test_gnav_fool():
    state = start(["7", "FOOL", "3"])
    assert rules_of(state) == ["gnav.pack", "gnav.counters", "gnav.deal", "gnav.fool"]
    knock = state.events[-1]
    assert knock.player == 1 and knock.text == "Kari knocks on the table: a Fool has been dealt."
    assert state.knocked == (1,) and "knocked" in state.seat_info(1) and "knocked" not in state.seat_info(0)
    assert state.view(0).seats[1].hand == (None,)  # the card itself stays hidden
    both = start(["FOOL", "5", "FOOL"])
    assert rules_of(both)[3:] == ["gnav.fool", "gnav.fool"] and both.knocked == (0, 2)
    # Knocking is for the card dealt: after the Fool is passed on, the knock still names Kari.
    later = play(state, "stand")
    assert later.knocked == (1,)


# ---------------------------------------------------------------- a round


def test_gnav_turn():
    state = start(["7", "2", "3"])
    assert state.current_player == 0 and state.legal_actions() == [STAND, CHANGE]
    for bad in ("swap with Per", "pass", ""):
        with pytest.raises(IllegalMove) as info:
            GAME.parse_action(state, bad)
        assert info.value.rule == "gnav.turn"
    assert play(state, "stand").current_player == 1
    assert play(state, "stand", "stand").current_player == 2  # the dealer is last
    # The turn starts on the dealer's left whoever deals.
    other = GAME.start(players=4, deal={"hands": [["7"], ["2"], ["3"], ["9"]]}, names=NAMES[:4], dealer=1)
    assert other.dealer == 1 and other.current_player == 2


def test_gnav_turn_parsing():
    assert Call.parse("stand") is STAND and Call.parse("  Change! ") is CHANGE
    assert Call.parse("Jeg står.") is STAND and Call.parse("jeg star") is STAND and Call.parse("Jeg byte") is CHANGE
    assert str(STAND) == "stand" and str(CHANGE) == "change"


def test_gnav_illegal_move_names_a_rule_and_changes_nothing():
    state = start(["1", "9", "3"])
    before = (state.hands, state.stock, state.lost, state.current, state.events)
    for bad in ("swap", "hugg av"):
        with pytest.raises(IllegalMove) as info:
            GAME.parse_action(state, bad)
        assert info.value.rule == "gnav.turn" and repr(bad) in info.value.reason
    with pytest.raises(IllegalMove) as info:
        state.apply("change")  # text is not an action
    assert info.value.rule == "gnav.turn"
    assert (state.hands, state.stock, state.lost, state.current, state.events) == before
    assert play(state, "change").hands == cards("9", "1", "3")  # the state still plays on



def forged_turns():
    """Turns of the wrong shape: a word that is no turn, a number, None, bytes, a card, a move of another game,
    the text of a turn (a move is an object, not its text), a number and the class itself."""
    from tutor.games.pig import NOSE

    return [Call("jump"), Call("STAND"), Call(5), Call(None), Call(b"stand"), Call(GnavCard.parse("CUCKOO")),
            Call(("stand",)), NOSE, "stand", 1, None, Call]


@pytest.mark.parametrize("moment", ["round", "dealer", "over"])
def test_gnav_forged_turns_are_refused_naming_the_field_and_change_nothing(moment):
    state = {"round": lambda: start(["1", "9", "3"]), "dealer": lambda: play(start(["1", "9", "3"]), "stand", "stand"),
             "over": lambda: play(start(["7", "2"], counters=[2, 1]), "stand", "stand")}[moment]()
    before = (repr(state), hash(state))
    for action in forged_turns():
        with pytest.raises(IllegalMove) as info:
            state.apply(action)
        assert info.value.rule == "gnav.turn", action
        if isinstance(action, Call):
            assert info.value.reason.startswith("call.word: ") and "'stand', 'change'" in info.value.reason
        else:
            assert "not a move of this game" in info.value.reason
        assert (repr(state), hash(state)) == before
    if moment != "over":
        # A well-formed turn made afresh is the same as the ready-made one.
        assert state.apply(Call("change")) == state.apply(CHANGE) and state.apply(Call("stand")) == state.apply(STAND)

def test_gnav_stand():
    state = play(start(["11", "2", "3"]), "stand")
    assert rules_of(state) == ["gnav.stand"]
    assert said(state, "gnav.stand") == [("Jeg står.", "I stand.", 0)]
    assert state.hands == cards("11", "2", "3") and state.current_player == 1


def test_gnav_change():
    state = play(start(["1", "9", "3"]), "change")
    assert rules_of(state) == ["gnav.change", "gnav.change"]
    assert said(state, "gnav.change") == [("Jeg byte.", "I change.", 0)]
    assert state.events[0].text == "Ola asks Kari to change."
    assert state.events[1].text == "Ola and Kari change cards."
    assert state.hands == cards("9", "1", "3") and state.current_player == 1
    # Kari may pass the low card on in turn.
    again = play(state, "change")
    assert again.hands == cards("9", "3", "1") and again.current_player == 2
    conserved(again)


def test_gnav_dealer():
    state = play(start(["8", "9", "POT"], "6"), "stand", "stand")
    assert state.prompt(CHANGE) == "Change with the top card of the stock"
    after = play(state, "change")
    round_over(after, ["gnav.change", "gnav.dealer", "gnav.dealer", "gnav.showdown", "gnav.showdown", "gnav.pay",
                       "gnav.next-round", "gnav.deal"])
    assert after.events[1].text == "Per takes the top card of the stock and puts the old card under it."
    assert after.events[2].text == "The dealer's turn ends the round."
    assert shown(after) == "Everyone shows their card: Ola eight, Kari nine, Per six."
    assert after.lost == (0, 0, 1)  # Per's 6 is still lowest
    assert after.round == 2 and after.dealer == 0 and after.current_player == 1


def test_gnav_dealer_stands():
    after = play(start(["8", "9", "POT"], "6"), "stand", "stand", "stand")
    round_over(after, ["gnav.stand", "gnav.showdown", "gnav.showdown", "gnav.pay", "gnav.next-round", "gnav.deal"])
    assert "Per Pot" in shown(after) and after.lost == (0, 0, 1)


def test_gnav_dealer_old_card_goes_under_the_stock():
    # Seen where the round goes on: Kari's change is passed by the dealer's Horse to the stock.
    state = play(start(["8", "2", "HORSE"], "7 5"), "stand", "change")
    assert state.stock[:1] == cards("5") and state.stock[-1] == GnavCard.parse("2")
    assert len(state.stock) == 39 and state.stock.count(GnavCard.parse("7")) == 1  # only its twin is left


def test_gnav_dealer_pass_over():
    state = play(start(["8", "9", "POT"], "HORSE HOUSE 6"), "stand", "stand")
    after = play(state, "change")
    round_over(after, ["gnav.change", "gnav.dealer.pass-over", "gnav.dealer.pass-over", "gnav.dealer",
                       "gnav.dealer", "gnav.showdown", "gnav.showdown", "gnav.pay", "gnav.next-round", "gnav.deal"])
    assert said(after, "gnav.dealer.pass-over") == [
        ("Hest vorbi!", "Pass the horse! (Change with the next one along.)", 2),
        ("Hus vorbi!", "Pass the house! (Change with the next one along.)", 2)]
    assert "Per six" in shown(after) and after.lost == (0, 0, 1)
    assert [e.text for e in after.events[1:3]] == [
        "The stock's top card is a Horse: it is set aside face up and the next card is turned.",
        "The stock's top card is a House: it is set aside face up and the next card is turned."]


def test_gnav_dealer_pass_over_sets_cards_aside():
    # A Horse at the dealer passes Kari's change to the stock, whose Horse is set aside face up.
    state = play(start(["8", "2", "HOUSE"], "HORSE 6"), "stand", "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.dealer.pass-over",
                               "gnav.dealer"]
    assert state.hands == cards("8", "6", "HOUSE") and state.aside == cards("HORSE")
    assert state.stock[-1] == GnavCard.parse("2") and state.current_player == 2
    assert state.view(0).centre == cards("HORSE")
    conserved(state)


@pytest.mark.parametrize("top", ["CUCKOO", "DRAGOON", "CAT"])
def test_gnav_dealer_blocked(top):
    state = play(start(["8", "9", "POT"], f"{top} 6"), "stand", "stand")
    after = play(state, "change")
    round_over(after, ["gnav.change", "gnav.dealer.blocked", "gnav.dealer", "gnav.showdown", "gnav.showdown",
                       "gnav.pay", "gnav.next-round", "gnav.deal"])
    assert after.events[1].player == 2 and "Per keeps the card and pays nothing" in after.events[1].text
    assert "Per Pot" in shown(after)
    assert after.lost == (0, 0, 1)  # the Pot lost; nothing paid for the void change


def test_gnav_dealer_blocked_after_pass_over():
    state = play(start(["8", "9", "POT"], "HOUSE DRAGOON 6"), "stand", "stand", "change")
    assert rules_of(state)[:4] == ["gnav.change", "gnav.dealer.pass-over", "gnav.dealer.blocked", "gnav.dealer"]
    assert "Per Pot" in shown(state) and state.lost == (0, 0, 1)


# ---------------------------------------------------------------- matadors


def test_gnav_matador():
    for matador, effect in (("CUCKOO", "gnav.cuckoo"), ("DRAGOON", "gnav.dragoon"), ("CAT", "gnav.cat"),
                            ("HORSE", "gnav.horse-house"), ("HOUSE", "gnav.horse-house")):
        state = play(start(["2", matador, "5", "8"]), "change")
        assert rules_of(state)[:3] == ["gnav.change", "gnav.matador", effect]
        assert state.events[1].player == 1 and "a matador: the change is blocked" in state.events[1].text
    for low in ("12", "POT", "OWL", "FOOL"):  # N3: the other pictures are not matadors
        state = play(start(["2", low, "5", "8"]), "change")
        assert rules_of(state) == ["gnav.change", "gnav.change"] and state.hands[0] == GnavCard.parse(low)


def test_gnav_cuckoo():
    after = play(start(["2", "CUCKOO", "5", "8"]), "change")
    round_over(after, ["gnav.change", "gnav.matador", "gnav.cuckoo", "gnav.showdown", "gnav.showdown", "gnav.pay",
                       "gnav.next-round", "gnav.deal"])
    assert said(after, "gnav.cuckoo") == [("Stop! Cuckoo!", "Stop! I hold the Cuckoo: the round ends here.", 1)]
    assert shown(after) == "Everyone shows their card: Ola two, Kari Cuckoo, Per five, Liv eight."
    assert after.lost == (1, 0, 0, 0)  # Ola loses the showdown only; asking cost nothing (N10)
    assert after.round == 2 and after.dealer == 0 and after.current_player == 1


def test_gnav_dragoon():
    # docs/rules.md, Gnav, N7 and its worked scenario: A asks B, who holds the Dragoon; A pays 1 and keeps
    # his card; C, on B's left, is next.
    state = play(start(["2", "DRAGOON", "5", "8"]), "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.dragoon", "gnav.pay"]
    assert said(state, "gnav.dragoon") == [("Hugg av!", "Chop! (Ola pays a counter and keeps the card.)", 1)]
    assert state.events[3].player == 0 and state.events[3].text == "Ola pays a counter to the pool (2 left)."
    assert state.hands == cards("2", "DRAGOON", "5", "8")
    assert state.lost == (1, 0, 0, 0) and state.current_player == 2


def test_gnav_dragoon_held_by_the_dealer_ends_the_round():
    after = play(start(["9", "2", "DRAGOON"]), "stand", "change")
    round_over(after, ["gnav.change", "gnav.matador", "gnav.dragoon", "gnav.pay", "gnav.showdown", "gnav.showdown",
                       "gnav.pay", "gnav.next-round", "gnav.deal"])
    assert after.lost == (0, 2, 0)  # once for the Dragoon, once for the showdown


def test_gnav_cat():
    state = play(start(["2", "9", "CAT", "8"]), "change")
    assert state.hands == cards("9", "2", "CAT", "8")
    after = play(state, "change")
    assert rules_of(after) == ["gnav.change", "gnav.matador", "gnav.cat", "gnav.pay"]
    assert said(after, "gnav.cat") == [
        ("Kiss, bytt om!", "Miaow! Change back! (Everyone takes back the card they were dealt.)", 2)]
    assert after.hands == cards("2", "9", "CAT", "8")  # everyone has the card they were dealt
    assert after.lost == (0, 1, 0, 0) and after.current_player == 3  # Kari pays; Liv, on the Cat's left, is next
    conserved(after)


@pytest.mark.parametrize("hands, moves, rule, payer", [
    (["2", "DRAGOON", "5", "8"], ("change",), "gnav.dragoon", 0),
    (["2", "9", "DRAGOON", "8"], ("stand", "change"), "gnav.dragoon", 1),
    (["2", "9", "CAT", "8"], ("change", "change"), "gnav.cat.danish", 1),
])
@pytest.mark.parametrize("slate", [False, True])
def test_gnav_dragoon_said_names_the_seat_that_pays(hands, moves, rule, payer, slate):
    """The English of "Hugg av!" and "Kiss, kiss!" names the seat that pays, whoever it is, so that each reader
    reads it in their own grammar ("you pay" only for the payer); with the slate, the payer takes a stroke."""
    from tutor.narration import second_person

    state = play(start(hands, cat_as_dragoon=rule == "gnav.cat.danish", slate=slate), *moves)
    (said_now, gloss, holder), = said(state, rule)
    name = NAMES[payer]
    assert state.lost[payer] == 1 and holder != payer
    paying = "takes a stroke" if slate else "pays a counter"
    assert f"({name} {paying} and keeps the card.)" in gloss
    assert "(You " not in gloss and "your card" not in gloss
    assert f"(You {paying.replace('takes', 'take').replace('pays', 'pay')} and keep the card.)" in \
        second_person(gloss, name)
    assert second_person(gloss, NAMES[holder]) == gloss  # read by the holder, it is someone else who pays


def test_gnav_win_reads_for_the_winner_in_the_second_person():
    """The end: the status says who won, the result's text why (and not who again), and each seat's line is a
    sentence that reads well for that seat's own reader ("You have 2 counters left"), with no "— wins"."""
    from tutor.narration import second_person

    over = play(start(["7", "2"], counters=[2, 1], names=["You", "Kari"]), "stand", "stand")
    result = over.result()
    assert over.status() == "Game over: You wins." and second_person(over.status(), "You") == "Game over: You win."
    assert "wins" not in result.text and result.text not in over.status()
    assert second_person(result.text, "You") == "You are the last player in, with 2 counters left."
    assert [second_person(line, "You") for line in result.breakdown] == [
        "You have 2 counters left", "Kari is out, with no counters left"]
    assert not any("—" in line for line in result.breakdown)


def test_gnav_cat_danish():
    state = play(start(["2", "9", "CAT", "8"], cat_as_dragoon=True), "change", "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.cat.danish", "gnav.pay"]
    assert said(state, "gnav.cat.danish") == [
        ("Kiss, kiss!", "Miaow, miaow! (Kari pays a counter and keeps the card.)", 2)]
    assert state.hands == cards("9", "2", "CAT", "8")  # nothing is changed back
    assert state.lost == (0, 1, 0, 0) and state.current_player == 3
    assert Rules().cat_as_dragoon is False


def test_gnav_horse_house():
    state = play(start(["2", "HORSE", "HOUSE", "8"]), "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.matador",
                               "gnav.horse-house", "gnav.change"]
    assert said(state, "gnav.horse-house") == [
        ("Hest vorbi!", "Pass the horse! (Change with the next one along.)", 1),
        ("Hus vorbi!", "Pass the house! (Change with the next one along.)", 2)]
    assert state.events[-1].text == "Ola and Liv change cards."
    assert state.hands == cards("8", "HORSE", "HOUSE", "2")
    assert state.lost == (0, 0, 0, 0) and state.current_player == 1  # nobody pays; the asker's left is next


def test_gnav_horse_house_held_by_the_dealer_changes_with_the_stock():
    state = play(start(["8", "2", "HORSE"], "7"), "stand", "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.dealer"]
    assert "Per is the dealer, so Kari changes with the stock instead." == state.events[2].text
    assert state.hands == cards("8", "7", "HORSE") and state.stock[-1] == GnavCard.parse("2")
    assert state.current_player == 2 and state.lost == (0, 0, 0)


@pytest.mark.parametrize("matador, rules, lost, nxt", [
    ("DRAGOON", ["gnav.dragoon", "gnav.pay"], (1, 0, 0, 0, 0), 4),
    ("CAT", ["gnav.cat", "gnav.pay"], (1, 0, 0, 0, 0), 4),
])
def test_gnav_horse_house_chains_into_another_matador(matador, rules, lost, nxt):
    state = play(start(["2", "HOUSE", "HORSE", matador, "9"]), "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.matador",
                               "gnav.horse-house", "gnav.matador"] + rules
    assert state.hands == cards("2", "HOUSE", "HORSE", matador, "9")
    assert state.lost == lost and state.current_player == nxt  # play goes on from the last holder's left


def test_gnav_horse_house_chains_into_the_cat_which_undoes_earlier_changes():
    state = play(start(["2", "9", "HORSE", "CAT", "5"]), "change")
    assert state.hands == cards("9", "2", "HORSE", "CAT", "5")
    after = play(state, "change")  # Kari asks Per; his Horse passes it to Liv's Cat
    assert rules_of(after) == ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.matador", "gnav.cat",
                               "gnav.pay"]
    assert after.hands == cards("2", "9", "HORSE", "CAT", "5")
    assert after.lost == (0, 1, 0, 0, 0) and after.current_player == 4


def test_gnav_horse_house_chains_into_the_cuckoo():
    after = play(start(["2", "HORSE", "CUCKOO", "9"]), "change")
    round_over(after, ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.matador", "gnav.cuckoo",
                       "gnav.showdown", "gnav.showdown", "gnav.pay", "gnav.next-round", "gnav.deal"])
    assert "Ola two" in shown(after) and after.lost == (1, 0, 0, 0)


# ---------------------------------------------------------------- the showdown


def test_gnav_showdown():
    after = play(start(["7", "2", "11"]), "stand", "stand", "stand")
    round_over(after, ["gnav.stand", "gnav.showdown", "gnav.showdown", "gnav.pay", "gnav.next-round", "gnav.deal"])
    assert shown(after) == "Everyone shows their card: Ola seven, Kari two, Per eleven."
    assert after.events[2].text == "Kari has the lowest card and loses the round."
    assert after.lost == (0, 1, 0)


def test_gnav_showdown_tie():
    # docs/rules.md, Gnav, N5 and its worked scenario: A = 3, B = 3, C = 7; A and B both lose.
    after = play(start(["3", "3", "7"]), "stand", "stand", "stand")
    round_over(after, ["gnav.stand", "gnav.showdown", "gnav.showdown.tie", "gnav.pay", "gnav.pay",
                       "gnav.next-round", "gnav.deal"])
    assert after.events[2].text == "Two cards tie for lowest, so both lose: Ola and Kari."
    assert [e.player for e in after.events if e.rule == "gnav.pay"] == [0, 1]
    assert after.lost == (1, 1, 0)


def test_gnav_showdown_fool():
    # docs/rules.md, Gnav, N4 and its worked scenario: A = 5, B = Fool, C = 0, D = Owl; B and D (the Owl,
    # below the 0) lose.
    after = play(start(["5", "FOOL", "0", "OWL"]), "stand", "stand", "stand", "stand")
    round_over(after, ["gnav.stand", "gnav.showdown", "gnav.showdown.fool", "gnav.pay", "gnav.pay",
                       "gnav.next-round", "gnav.deal"])
    assert after.events[2].text == "The lowest card is a Fool, so the next-lowest loses with it: Kari and Liv lose."
    assert after.lost == (0, 1, 0, 1)


def test_gnav_showdown_both_fools():
    after = play(start(["FOOL", "POT", "FOOL", "9"]), "stand", "stand", "stand", "stand")
    assert rules_of(after)[1:5] == ["gnav.showdown", "gnav.showdown.fool", "gnav.pay", "gnav.pay"]
    assert after.lost == (1, 1, 1, 0)


def test_round_losers_pure():
    assert round_losers(cards("5", "FOOL", "0", "OWL")) == (1, 3)
    assert round_losers(cards("3", "3", "7")) == (0, 1)
    assert round_losers(cards("7", "2", "11")) == (1,)
    # Both Fools: both holders lose, with the lowest card that is not a Fool (and a tie for it).
    assert round_losers(cards("FOOL", "POT", "FOOL", "9")) == (0, 1, 2)
    assert round_losers(cards("FOOL", "4", "FOOL", "4", "9")) == (0, 1, 2, 3)
    assert round_losers(cards("FOOL", "FOOL")) == (0, 1)
    # A Fool with a tie for the next-lowest card.
    assert round_losers(cards("FOOL", "OWL", "OWL", "CUCKOO")) == (0, 1, 2)
    # Seats out of the round do not count.
    assert round_losers(cards(None, "6", None, "5")) == (3,)
    assert round_losers(cards("FOOL", None, "12")) == (0, 2)
    assert round_losers([]) == () and round_losers([None, None]) == ()


# ---------------------------------------------------------------- counters, going out and winning


def test_gnav_counters():
    # N11: everyone starts with the same counters, announced before the deal.
    state = GAME.start(players=3, seed=4, names=NAMES[:3])
    event = state.events[1]
    assert event.rule == "gnav.counters" and event.text == "Everyone starts with 3 counters." and event.player is None
    assert GAME.start(players=3, seed=4, counters=1).events[1].text == "Everyone starts with 1 counter."
    assert GAME.start(players=3, seed=4, slate=True).events[1].text == (
        "Losses are chalked on a slate: 3 strokes put a player out.")
    # A prepared round says who has what; a seat out of the game holds no card and no counters.
    state = start(["7", "", "2", "11"], counters=[3, 0, 1, 2])
    assert state.events[1].text == "Counters: Ola 3, Kari is out, Per 1, Liv 2."
    assert state.alive == (True, False, True, True) and state.lost == (0, 3, 2, 1)
    assert state.current_player == 0 and play(state, "stand").current_player == 2  # Kari is passed over
    slate = start(["7", "", "2"], counters=[3, 0, 1], slate=True)
    assert slate.events[1].text == "Strokes on the slate: Ola no strokes, Kari is out, Per //; 3 put a player out."
    # Without "counters", players with a card have them all and players out have none.
    default = start(["7", "", "2"])
    assert default.lost == (0, 3, 0) and default.alive == (True, False, True)
    assert [default.counters_left(s) for s in range(3)] == [3, 0, 3]


@pytest.mark.parametrize("hands, counters, field, words", [
    (["7", "2", "11"], [3, 2, 0], "deal.counters[2]", "Per holds a card, so is still in"),
    (["7", "", "11"], [3, 1, 3], "deal.counters[1]", "Kari has no card, so is out of the game"),
    (["7", "2", "11"], [4, 3, 3], "deal.counters[0]", "0 to 3 counters"),
    (["7", "2", "11"], [3, -1, 3], "deal.counters[1]", "0 to 3 counters"),
])
def test_gnav_counters_must_agree_with_the_deal(hands, counters, field, words):
    # N11: a seat still holding a card has at least one counter; a seat is out only after paying its last one.
    with pytest.raises(IllegalMove) as info:
        start(hands, counters=counters)
    assert info.value.rule == "gnav.counters"
    assert info.value.reason.startswith(field + ":") and words in info.value.reason


def test_gnav_counters_a_card_with_no_counter_left_only_mid_round():
    # The one way to hold a card with no counter: paying the last one to a Dragoon in this round (N11).
    state = play(start(["2", "DRAGOON", "9", "8"], counters=[1, 3, 3, 3]), "change")
    assert state.counters_left(0) == 0 and state.hands[0] is not None and state.alive[0]
    after = play(state, "stand", "stand")
    assert not after.alive[0] and after.hands[0] is None


def test_gnav_options_are_refused_by_name():
    for option, bad in (("slate", "no"), ("slate", 1), ("slate", None), ("cat_as_dragoon", "yes"),
                        ("counters", True), ("counters", "3")):
        with pytest.raises(ValueError, match=f"^option {option}: "):
            GAME.start(players=3, seed=1, **{option: bad})
    with pytest.raises(ValueError, match="^option pool: "):
        GAME.start(players=3, seed=1, pool=True)
    assert GAME.options() == {"counters": 3, "slate": False, "cat_as_dragoon": False, "short": False}


def test_gnav_pay():
    after = play(start(["7", "2", "11"]), "stand", "stand", "stand")
    pay = next(e for e in after.events if e.rule == "gnav.pay")
    assert pay.player == 1 and pay.text == "Kari pays a counter to the pool (2 left)."
    assert [after.counters_left(s) for s in range(3)] == [3, 2, 3]
    assert after.seat_info(1).startswith("2 counters")
    assert after.result().scores == (3, 2, 3) and after.result().winners == (0, 1, 2)


def test_gnav_counters_option():
    state = GAME.start(players=3, deal={"hands": [["7"], ["2"], ["11"]], "counters": [5, 1, 4]},
                       names=NAMES[:3], counters=5)
    assert state.rules.counters == 5 and [state.counters_left(s) for s in range(3)] == [5, 1, 4]
    assert GAME.start(players=3, seed=2, counters=1).counters_left(0) == 1
    for bad in (0, 100, -1):  # out of range: the counters rule
        with pytest.raises(IllegalMove, match="^option counters: ") as info:
            GAME.start(players=3, seed=2, counters=bad)
        assert info.value.rule == "gnav.counters"
    for bad in (2.5, "3", True, None):  # the wrong type: the generic option check
        with pytest.raises(ValueError, match="^option counters: "):
            GAME.start(players=3, seed=2, counters=bad)
    assert Rules().counters == 3
    one = play(GAME.start(players=2, deal={"hands": [["7"], ["2"]]}, names=NAMES[:2], counters=1), "stand", "stand")
    assert one.is_over and one.result().winners == (0,)


def test_gnav_slate():
    after = play(start(["7", "2", "11"], slate=True), "stand", "stand", "stand")
    round_over(after, ["gnav.stand", "gnav.showdown", "gnav.showdown", "gnav.slate", "gnav.next-round", "gnav.deal"])
    stroke = after.events[3]
    assert stroke.player == 1 and stroke.text == "Kari gets a stroke on the slate: /."
    assert after.lost == (0, 1, 0)
    assert after.seat_info(0).startswith("no strokes (0 of 3)") and after.seat_info(1).startswith("/ (1 of 3)")
    assert Rules().slate is False


def test_gnav_slate_dragoon_and_last_stroke():
    state = start(["2", "DRAGOON", "9"], counters=[1, 3, 3], slate=True)
    after = play(state, "change")
    assert rules_of(after) == ["gnav.change", "gnav.matador", "gnav.dragoon", "gnav.slate"]
    assert after.lost == (3, 0, 0)  # one stroke to go became none
    done = play(after, "stand")
    assert "Ola has the last stroke and is out." in [e.text for e in done.events]


def test_gnav_out():
    after = play(start(["7", "2", "11"], counters=[3, 1, 3]), "stand", "stand", "stand")
    round_over(after, ["gnav.stand", "gnav.showdown", "gnav.showdown", "gnav.pay", "gnav.out", "gnav.next-round",
                       "gnav.deal"])
    assert after.events[4].text == "Kari has no counters left and is out." and after.events[4].player == 1
    assert after.alive == (True, False, True) and after.hands[1] is None
    assert after.seat_info(1) == "out" and after.result().scores[1] == 0
    # Ola deals the next round; Kari is skipped, so Per goes first.
    assert after.dealer == 0 and after.current_player == 2 and len(after.stock) == 40
    assert not after.is_over


def test_gnav_out_after_paying_the_last_counter_mid_round():
    state = play(start(["2", "DRAGOON", "9", "8"], counters=[1, 3, 3, 3]), "change")
    assert state.lost == (3, 0, 0, 0) and state.alive == (True, True, True, True)
    assert state.current_player == 2 and state.hands[0] is not None  # Ola plays the round out
    after = play(state, "stand", "stand")
    losers = [e for e in after.events if e.rule == "gnav.pay"]
    assert losers[0].text == "Ola has nothing left to pay and will be out after this round."
    assert [e.player for e in after.events if e.rule == "gnav.out"] == [0]
    assert after.alive == (False, True, True, True)
    # The deal would pass to Ola, on Liv's left, but he is out: Kari deals and Per goes first.
    assert after.dealer == 1 and after.current_player == 2


def test_gnav_next_round():
    after = play(start(["7", "2", "11"]), "stand", "stand", "stand")
    event = next(e for e in after.events if e.rule == "gnav.next-round")
    assert event.text == "Ola deals the next round; all 42 cards are mixed again." and event.player == 0
    assert after.round == 2 and after.dealer == 0 and after.current_player == 1
    assert all(c is not None for c in after.hands) and after.dealt == after.hands and after.aside == ()
    assert after.knocked == tuple(s for s, c in enumerate(after.hands) if c.rank == GnavRank.FOOL)
    conserved(after)
    # The deal skips a player who is out.
    out = play(start(["2", "7", "11"], counters=[1, 3, 3]), "stand", "stand", "stand")
    assert out.alive == (False, True, True) and out.dealer == 1 and out.current_player == 2


def test_gnav_win():
    after = play(start(["7", "2"], counters=[2, 1]), "stand", "stand")
    assert rules_of(after) == ["gnav.stand", "gnav.showdown", "gnav.showdown", "gnav.pay", "gnav.out", "gnav.win"]
    assert after.events[-1].text == "Ola is the last player in and wins."
    assert after.is_over and after.current_player is None and after.legal_actions() == []
    result = after.result()
    assert result.winners == (0,) and result.scores == (2, 0) and result.rule == "gnav.win"
    assert result.text == "Ola is the last player in, with 2 counters left."
    assert after.status() == "Game over: Ola wins."
    with pytest.raises(IllegalMove) as info:
        after.apply(STAND)
    assert info.value.rule == "gnav.win"
    conserved(after)


def test_gnav_win_shared():
    after = play(start(["3", "3"], counters=[1, 1]), "stand", "stand")
    assert rules_of(after)[-4:] == ["gnav.pay", "gnav.out", "gnav.out", "gnav.win"]
    assert after.events[-1].text == "Ola and Kari go out together and share the win."
    assert after.is_over and after.result().winners == (0, 1) and after.result().text == (
        "Ola and Kari pay the last counters in the same round, and no one else is left in.")
    assert after.status() == "Game over: Ola and Kari share the win."


# ---------------------------------------------------------------- what widgets and bots read


def test_gnav_contract_for_widgets():
    state = start(["7", "2", "11"])
    assert state.phase == "round" and state.current_players == (0,)
    # Standing and changing use no card of the hand: both are buttons, and the card offers no move of its own.
    assert [state.cards_of(a) for a in state.legal_actions()] == [(), ()]
    assert state.candidate_actions(GnavCard.parse("7")) == []
    assert GAME.inputs.buttons and not GAME.inputs.cards and GAME.inputs.typed is None
    assert [state.prompt(a) for a in state.legal_actions()] == ["Stand (keep your card)", "Change with Kari"]
    assert state.describe(CHANGE) == "Ola changes with Kari"
    assert state.status() == "Round 1: Ola to stand or change with Kari."
    dealer = play(state, "stand", "stand")
    assert dealer.phase == "dealer" and dealer.current_players == (2,)
    assert dealer.status() == "Round 1: Per, the dealer, to stand or change with the stock."
    assert dealer.describe(CHANGE) == "Per (the dealer) changes with the stock"
    over = play(start(["7", "2"], counters=[2, 1]), "stand", "stand")
    assert over.phase == "over" and over.current_players == () and over.status() == "Game over: Ola wins."
    assert hash(state) == hash(start(["7", "2", "11"])) and state == start(["7", "2", "11"])


def test_gnav_win_breakdown():
    after = play(start(["7", "2", "11"], counters=[3, 1, 2]), "stand", "stand", "stand")
    assert after.result().breakdown == ("Ola has 3 counters left", "Kari is out, with no counters left",
                                        "Per has 2 counters left")
    assert after.result().text == "The game is still going on." and after.result().winners == (0, 2)
    over = play(start(["7", "2"], counters=[2, 1]), "stand", "stand")
    assert over.result().breakdown == ("Ola has 2 counters left", "Kari is out, with no counters left")
    shared = play(start(["3", "3"], counters=[1, 1], slate=True), "stand", "stand")
    assert shared.result().breakdown == (
        "Ola shares the win: out in the same round as Kari, with /// on the slate (3 strokes)",
        "Kari shares the win: out in the same round as Ola, with /// on the slate (3 strokes)")
    assert shared.result().text == "Ola and Kari take the last strokes in the same round, and no one else is left in."
    # Scoring is a pure function of the counters paid.
    result = score((1, 0, 3), (False, False, True), (), Rules(), ("A", "B", "C"))
    assert result.scores == (2, 3, 0) and result.winners == (0, 1)
    assert result.breakdown == ("A has 2 counters left", "B has 3 counters left", "C is out, with no counters left")


# ---------------------------------------------------------------- the lesson's examples and whole games


def test_gnav_whole_round_example():
    state = start(["OWL", "6", "HORSE", "9"], "HOUSE 4")
    state = play(state, "change")
    assert state.hands == cards("6", "OWL", "HORSE", "9")
    state = play(state, "change")
    assert rules_of(state) == ["gnav.change", "gnav.matador", "gnav.horse-house", "gnav.change"]
    assert state.hands == cards("6", "9", "HORSE", "OWL") and state.current_player == 2
    state = play(state, "stand", "change")
    assert rules_of(state)[:4] == ["gnav.change", "gnav.dealer.pass-over", "gnav.dealer", "gnav.dealer"]
    assert shown(state) == "Everyone shows their card: Ola six, Kari nine, Per Horse, Liv four."
    assert state.lost == (0, 0, 0, 1) and state.dealer == 0


@pytest.mark.parametrize("seed", range(8))
def test_gnav_bot_games_finish(seed):
    import random

    rng = random.Random(seed)
    state = GAME.start(players=2 + seed % 5, seed=seed)
    for _ in range(GAME.max_actions):
        if state.is_over:
            break
        action, why = heuristic(state, rng)
        assert action in state.legal_actions() and why
        state = state.apply(action)
        conserved(state)
    assert state.is_over and state.result().winners
