"""Pymtheg's moves: one function per kind of action, each citing its rules, and the first position of a match.
The state, the actions and the checks are in ``tutor.games.pymtheg``; the deal in ``pymtheg_deal``.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tutor.cards import Element, ElementCard
from tutor.engine import Event, Record, Turn
from tutor.match import ScoreSheet, next_dealer
from tutor.tricks import Trick, legal_plays, to_play, winning_index
from tutor.games.burn import FIRE, WATER, element, value
from tutor.games.pymtheg import (ELEMENTS, MAX_DEALS, NO_TRUMP, PASS, PLAYERS, PREFIX, Bid,
                                 Offence, PymthegState, Rules, rule)
from tutor.games.pymtheg_deal import (deal_by_fives, deal_words, end_rule, gathered, match_over, partly_reshuffled,
                                      read_prepared, shuffled_pack, team_labels)
from tutor.games.pymtheg_scoring import (BID_NAMES, KIND, LEVEL, RY_BASE, TABLE_SLIPS, CORRECTED_GAM, PRINTED_GAM,
                                         Contract, Score, burn_scores, revoke_score, score_contract, signed)

R_LEAD, R_WINNER_LEADS, R_FOLLOW, R_DISCARD, R_TRUMP, R_OVER, R_UNDER, R_TRICK = (
    rule(r) for r in ("lead", "winner-leads", "follow", "discard", "trump", "over-trump", "under-trump", "trick"))


# ---------------------------------------------------------------- a card played (Y13), the hot path


def card_event(s: PymthegState, me: int, card: ElementCard, trumps: Element | None) -> Event:
    """What playing ``card`` does, in words: a lead, a follow, a trump (over or under) or a discard.

    Events are made directly here (not through ``Turn.say``): this runs for every card played.
    """
    name = s.names[me]
    plays = s.plays
    if not plays:
        if s.tricks or any(s.taken):
            return Event(R_WINNER_LEADS, f"{name}, who took the last trick, leads the {card.english}.", "", "", me)
        return Event(R_LEAD, f"{name}, on the dealer's left, leads the {card.english} to the first trick.", "", "",
                     me)
    led = plays[0][1].element
    if card.element is led:
        return Event(R_FOLLOW, f"{name} follows with the {card.english}.", "", "", me)
    if card.element is trumps:
        top = max((c.value for _s, c in plays if c.element is trumps), default=0)
        if not top:
            return Event(R_TRUMP, f"{name} has no {led.english} and trumps with the {card.english}.", "", "", me)
        if card.value > top:
            return Event(R_OVER, f"{name} over-trumps with the {card.english}.", "", "", me)
        return Event(R_UNDER, f"{name} holds nothing else allowed and under-trumps with the {card.english}.", "",
                     "", me)
    return Event(R_DISCARD, f"{name} plays the {card.english} on the {led.english}, which cannot win the trick.",
                 "", "", me)


def quick_play(s: PymthegState, card: ElementCard) -> PymthegState:
    """A card that neither completes the trick nor can be a revoke: the state built in one step (most cards)."""
    me = s.current
    assert me is not None
    hands = list(s.hands)
    hand = hands[me]
    i = hand.index(card)
    hands[me] = hand[:i] + hand[i + 1:]
    plays = s.plays + ((me, card),)
    fields = list(s)  # the unchanged fields copied at once; the four that change replaced by position
    fields[_HANDS], fields[_PLAYS], fields[_CURRENT] = tuple(hands), plays, (s.leader + len(plays)) % PLAYERS
    fields[_EVENTS] = (card_event(s, me, card, s.trumps),)
    return _new_state(PymthegState, fields)


def trick_event(names: Sequence[str], plays: Sequence[tuple[int, ElementCard]], seat: int, card: ElementCard,
                trumps: Element | None) -> Event:
    """Who takes the trick, and with what: the highest trump, else the highest card of the element led."""
    how = (", a trump" if card.element is trumps and plays[0][1].element is not trumps
           else f", the highest {card.element.english}")
    return Event(R_TRICK, f"{names[seat]} takes the trick with the {card.english}{how}.", "", "", seat)


def quick_trick(s: PymthegState, card: ElementCard) -> PymthegState | None:
    """The last card of a trick that is not the deal's last and changes nothing for a Ry or a Lon (no revoke
    possible): the trick taken and the state built in one step; ``None`` when the full move must be made."""
    me = s.current
    assert me is not None
    trumps = s.trumps
    plays = s.plays + ((me, card),)
    seat, top = plays[winning_index(plays, trumps=trumps, suit=element, value=value)]
    contract = s.contract
    if s.stage == "play" and contract.kind != "gam":  # type: ignore[union-attr]
        declarer = contract.declarer  # type: ignore[union-attr]
        if contract.kind == "ry":  # type: ignore[union-attr]
            if seat % 2 == declarer % 2:  # the bidder's trick ends a Ry; the partner's costs or ends one
                return None
        elif seat != declarer and sum(s.taken) == s.taken[declarer]:  # the first trick that loses a Lon
            return None
    hands = list(s.hands)
    hand = hands[me]
    i = hand.index(card)
    hands[me] = hand[:i] + hand[i + 1:]
    first = card_event(s, me, card, trumps)
    won = list(s.won)
    won[seat] = won[seat] + (plays[0][1], plays[1][1], plays[2][1], card)
    taken = list(s.taken)
    taken[seat] += 1
    fields = list(s)
    fields[_HANDS], fields[_WON], fields[_TAKEN], fields[_PLAYS] = tuple(hands), tuple(won), tuple(taken), ()
    fields[_LEADER], fields[_CURRENT] = seat, seat
    fields[_TRICKS] = s.tricks + (Trick(s.leader, plays, seat),)
    fields[_EVENTS] = (first, trick_event(s.names, plays, seat, top, trumps))
    return _new_state(PymthegState, fields)


_new_state = tuple.__new__
_HANDS, _WON, _TAKEN, _PLAYS, _LEADER, _TRICKS, _CURRENT, _EVENTS = (
    PymthegState._fields.index(f) for f in ("hands", "won", "taken", "plays", "leader", "tricks", "current", "events"))


# ---------------------------------------------------------------- the first position


def start_state(setup: Record, rules: Rules) -> PymthegState:
    """The first position: a shuffled deal and the auction, or a prepared deal where it says."""
    names, dealer = setup.names, setup.dealer
    assert names is not None and dealer is not None
    labels = team_labels(names)
    sheet = ScoreSheet(labels, end_rule(rules))
    first = (dealer + 1) % PLAYERS
    events = []
    contract = None
    if setup.deal is None:
        hands = deal_by_fives(shuffled_pack(setup.seed, 0), dealer)
        won: tuple[tuple[ElementCard, ...], ...] = ((),) * PLAYERS
        taken = (0,) * PLAYERS
        leader, stage, current = first, "auction", first
        events.append(Event(rule("deal"), deal_words(names, dealer)))
    else:
        prepared = read_prepared(setup.deal, dealer)
        hands, won, taken, leader = prepared.hands, prepared.won, prepared.taken, prepared.leader
        if prepared.scores is not None:
            sheet = sheet.after(prepared.scores)
        events.append(Event(rule("deal"), f"A prepared deal: {len(hands[0])} card{'s' * (len(hands[0]) != 1)} "
                                          f"each; {names[dealer]} dealt."))
        contract = prepared.contract
        stage, current = prepared.stage, leader
    events.append(Event(rule("teams"), f"Partners sit opposite: {labels[0]} against {labels[1]}."))
    if stage == "auction":
        events.append(Event(rule("auction"), f"{names[first]}, on the dealer's left, opens the auction."))
        return PymthegState(setup, rules, names, hands, won, taken, (), leader, (), dealer, 0, sheet, first,
                            "auction", events=tuple(events))
    if stage == "burn":
        events.append(Event(rule("burn.start"), "All four passed: the deal is played as Burn, without trump; "
                                                f"{names[leader]} leads."))
        return PymthegState(setup, rules, names, hands, won, taken, (), leader, (), dealer, 0, sheet, leader,
                            "burn", events=tuple(events))
    assert contract is not None
    state = PymthegState(setup, rules, names, hands, won, taken, (), leader, (), dealer, 0, sheet, leader,
                         "auction", contract=contract)
    turn = _Turn(state)
    turn.events = events
    turn.announce(contract)
    if stage == "double":
        return turn.open_window()
    return turn.after_window(named=stage == "play")


# ---------------------------------------------------------------- the moves


class _Turn(Turn):
    """Scratch space for one transition: the parts of the state that change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: PymthegState) -> None:
        super().__init__(state)
        self.s = state
        self.names = state.names
        self.hands = state.hands
        self.won = state.won
        self.taken = state.taken
        self.plays = state.plays
        self.leader = state.leader
        self.tricks = state.tricks
        self.dealer = state.dealer
        self.deal_no = state.deal_no
        self.sheet = state.sheet
        self.stage = state.stage
        self.calls = state.calls
        self.passed = state.passed
        self.contract = state.contract
        self.window = state.window
        self.offences = state.offences

    def build(self, current: int | None) -> PymthegState:
        s = self.s
        return PymthegState(s.setup, s.rules, self.names, self.hands, self.won, self.taken, self.plays,
                            self.leader, self.tricks, self.dealer, self.deal_no, self.sheet, current, self.stage,
                            self.calls, self.passed, self.contract, self.window, self.offences, tuple(self.events))

    # -- the auction (Y3, Y4, Y5)

    def call(self, action: Any) -> PymthegState:
        """Y3: a bid or a pass; the auction ends when all the others have passed after the highest bid."""
        me = self.s.current
        assert me is not None
        name = self.names[me]
        self.calls = self.calls + ((me, action),)
        if action is PASS:
            self.passed |= 1 << me
            self.say("pass", f"{name} passes, and may not bid again in this deal.", player=me)
        else:
            self.say("bid", f"{name} bids {BID_NAMES[action.rank]}.", player=me)
            if action.trump is not None:
                how = ("without trump, doubling the score" if action.trump == NO_TRUMP
                       else f"with {ELEMENTS[action.trump].english} as trump")
                self.say("bid.trump", f"{name} names the trump with the bid — {how} — for the higher score.",
                         player=me)
        high = self.s.high_bid() if action is PASS else (me, action)
        if high is None:
            if self.passed == 0b1111:
                return self.all_pass()
        elif all(self.passed & (1 << seat) for seat in range(PLAYERS) if seat != high[0]):
            return self.settle(high[0], high[1])
        nxt = next(seat for seat in ((me + i) % PLAYERS for i in range(1, PLAYERS + 1))
                   if not self.passed & (1 << seat))
        return self.build(nxt)

    def settle(self, seat: int, bid: Bid) -> PymthegState:
        """The auction is over: the highest bid is the contract (Y5, Y8)."""
        during = bid.trump is not None
        trump = ELEMENTS[bid.trump] if during and bid.trump != NO_TRUMP else None
        owed = 0
        if KIND[bid.rank] == "gam":
            owed = max((RY_BASE[LEVEL[c.rank]] for s, c in self.calls
                        if isinstance(c, Bid) and KIND[c.rank] == "ry" and s % 2 != seat % 2), default=0)
        self.contract = Contract(bid.rank, seat, trump, during, owed, 1)
        self.announce(self.contract)
        return self.open_window()

    def announce(self, contract: Contract) -> None:
        """Say what the contract is and what it asks (Y1, Y8, Y9, Y10)."""
        who = self.names[contract.declarer]
        partner = self.names[(contract.declarer + 2) % PLAYERS]
        kind = contract.kind
        if kind == "gam":
            ask = f"{who} and {partner} need {9 + contract.level} of the 15 tricks together"
        elif kind == "ry":
            ask = {1: f"{who} must take no trick; {partner}'s tricks do not count",
                   2: f"{who} must take no trick, and each trick {partner} takes costs 20",
                   3: f"neither {who} nor {partner} may take a trick"}[contract.level]
        else:
            ask = f"{who} must take all 15 tricks alone, without {partner}'s help"
        self.say("contract", f"The auction is over: {who} plays {contract.name}; {ask}.", player=contract.declarer)
        if kind == "ry":
            self.say("ry.no-trump", f"{contract.name} is always played without trump.")
        if contract.ry_owed:
            self.say("gam.over-ry", f"This {contract.name} overbid the other side's Ry: if it fails, that Ry's "
                                    f"{contract.ry_owed} is lost as well.")

    def all_pass(self) -> PymthegState:
        """Y3, Y11: all four passed, so the deal is played as Burn — or, in a tournament, not at all (Y16)."""
        self.contract = None
        if not self.s.rules.burn:
            self.say("no-burn", "All four passed. In a tournament no Burn is played: the deal scores nothing "
                                "here, and counts as the worst result for both teams.")
            return self.next_deal((0, 0))
        self.stage = "burn"
        self.leader = (self.dealer + 1) % PLAYERS
        self.say("burn.start", "All four passed: the deal is played as Burn, without trump and without "
                               f"doubling; {self.names[self.leader]} leads.")
        return self.build(self.leader)

    def stop(self) -> PymthegState:
        """Y14: in an open match, time is called between deals."""
        me = self.s.current
        assert me is not None
        self.say("stop", f"{self.names[me]} calls time: the match stops after {self.sheet.deals} "
                         f"deal{'s' * (self.sheet.deals != 1)}.", player=me)
        return self.finish()

    # -- doubling (Y7)

    def open_window(self) -> PymthegState:
        """Y7: once the highest bid is known, either opponent may double, out of turn, until the next move is made
        (trump named, or the first card when trump came with the bid or the contract is a Ry).  Nobody is asked."""
        contract = self.contract
        assert contract is not None
        self.window = ((contract.declarer + 1) % PLAYERS, (contract.declarer + 3) % PLAYERS)
        return self.after_window()

    def stake(self, word: str, seat: int) -> PymthegState:
        """A double (×2) or a redouble (×4) on every point of the deal; after a double the declarers may redouble."""
        assert self.contract is not None
        name = self.names[seat]
        if word == "double":
            self.contract = self.contract._replace(factor=2)
            self.say("double", f"{name} doubles: every point of this deal, plus or minus, counts twice.", player=seat)
            self.window = (self.contract.declarer, (self.contract.declarer + 2) % PLAYERS)
        else:
            self.contract = self.contract._replace(factor=4)
            self.say("redouble", f"{name} redoubles: every point of this deal counts four times.", player=seat)
            self.window = ()
        return self.build(self.s.current)

    @staticmethod
    def window_closed(state: PymthegState) -> tuple[Event, ...]:
        """What closing the window says: nothing after a double or redouble, "nobody doubled" otherwise."""
        if state.contract is None or state.contract.factor > 1:
            return ()
        return (Event(rule("double.none"), "Nobody doubled: the contract is played at its value."),)

    def after_window(self, named: bool | None = None) -> PymthegState:
        """Y5: the declarer names trump now if the bid did not; then the dealer's left leads (Y2)."""
        contract = self.contract
        assert contract is not None
        if named is None:
            named = contract.during or contract.kind == "ry"
        if not named:
            self.stage = "trump"
            return self.build(contract.declarer)
        self.stage = "play"
        return self.build(self.leader)

    def name_trump(self, code: str) -> PymthegState:
        """Y5: the declarer names trump, or no trump (which doubles the base and each trick)."""
        contract = self.contract
        assert contract is not None
        me = contract.declarer
        trump = None if code == NO_TRUMP else ELEMENTS[code]
        if self.window:  # naming trump closes the doubling window (Y7)
            self.events.extend(self.window_closed(self.s))
            self.window = ()
        self.contract = contract._replace(trump=trump)
        double = ("everything counts double" if contract.kind == "lon"
                  else "the base and every trick over or under count double")
        self.say("trump.name", (f"{self.names[me]} plays without trump: {double}." if trump is None else
                                f"{self.names[me]} names {trump.english} as trump."), player=me)
        self.stage = "play"
        return self.build(self.leader)

    # -- tricks (Y13, Y9, Y12)

    def play(self, card: ElementCard) -> PymthegState:
        """A card goes on the trick; the fourth card decides it."""
        s = self.s
        me = s.current
        assert me is not None
        hands = list(self.hands)
        hand = hands[me]
        i = hand.index(card)
        hands[me] = hand[:i] + hand[i + 1:]
        self.hands = tuple(hands)
        plays = self.plays
        trumps = s.trumps
        if plays and s.rules.revoke and s.stage == "play":
            self.check_offence(hand, card)
        self.events.append(card_event(s, me, card, trumps))
        self.plays = plays = plays + ((me, card),)
        if self.offences and s.stage == "play":
            found = next((o for o in self.offences if o.seat == me and card in o.allowed), None)
            if found is not None:
                return self.revoke_found(found, f"{self.names[me]} now plays the {card.english}, which gives it "
                                                "away")
        if len(plays) < PLAYERS:
            return self.build(to_play(self.leader, len(plays), PLAYERS))
        return self.take_trick(trumps)

    def check_offence(self, hand: tuple[ElementCard, ...], card: ElementCard) -> None:
        """Y12: with the revoke option, a card that breaks following or under-trumping is kept as an offence."""
        s = self.s
        allowed = legal_plays(hand, self.plays, trumps=s.trumps, suit=element, value=value)
        if card in allowed:
            return
        led = self.plays[0][1].element
        kind = "follow" if any(c.element is led for c in hand) else "under-trump"
        self.offences = self.offences + (Offence(s.current, len(self.tricks), card, frozenset(allowed), led, kind),)

    def take_trick(self, trumps: Element | None) -> PymthegState:
        plays = self.plays
        seat, card = plays[winning_index(plays, trumps=trumps, suit=element, value=value)]
        cards = tuple(c for _, c in plays)
        self.events.append(trick_event(self.names, plays, seat, card, trumps))
        won = list(self.won)
        won[seat] = won[seat] + cards
        self.won = tuple(won)
        taken = list(self.taken)
        taken[seat] += 1
        self.taken = tuple(taken)
        self.tricks = self.tricks + (Trick(self.leader, plays, seat),)
        self.plays, self.leader = (), seat
        contract = self.contract
        if self.stage == "play" and contract is not None and contract.kind != "gam":
            ended = self.contract_trick(contract, seat)
            if ended:
                return self.end_deal()
        if self.hands[seat]:
            return self.build(seat)
        return self.end_deal()

    def contract_trick(self, contract: Contract, seat: int) -> bool:
        """Y9, Y10: what a trick does to a Ry or a Lon; True when it ends the deal at once."""
        declarer = contract.declarer
        partner = (declarer + 2) % PLAYERS
        if contract.kind == "ry":
            if seat == declarer:
                self.say("ry.lost", f"{self.names[seat]} bid {contract.name} and took a trick: the {contract.name} "
                                    "is lost and the deal ends at once.", player=seat)
                return True
            if seat == partner and contract.level == 3:
                self.say("ry3.partner", f"{self.names[seat]} took a trick, and in Ry 3 neither partner may: the "
                                        "Ry 3 is lost and the deal ends at once.", player=seat)
                return True
            if seat == partner and contract.level == 2:
                self.say("ry2.partner", f"{self.names[seat]}, the partner, took a trick: that costs 20 in Ry 2, "
                                        "but the Ry goes on.", player=seat)
            return False
        if seat != declarer and sum(self.taken) - self.taken[declarer] == 1:
            self.say("lon.lost", f"{self.names[seat]} took a trick, so the Lon is lost; play goes on, and each "
                                 "trick the opponents take adds to the loss.", player=seat)
        return False

    # -- the end of a deal

    def revoke_found(self, offence: Offence, how: str) -> PymthegState:
        """Y12: a revoke comes out; the deal ends at once and the penalty replaces the contract's score."""
        contract = self.contract
        assert contract is not None
        who = self.names[offence.seat]
        broke = (f"did not follow {offence.led.english} though able to" if offence.kind == "follow" else
                 "under-trumped while holding another card allowed")
        self.say("revoke", f"In trick {offence.trick + 1} {who} played the {offence.card.english} and {broke}: "
                           f"{how}. A revoke ends the deal at once.", player=offence.seat)
        by_declarers = offence.seat % 2 == contract.declarer % 2
        score = revoke_score(contract, by_declarers=by_declarers, printed=self.s.rules.table == "printed")
        self.say("revoke.penalty", " ".join(score.lines))
        return self.next_deal(self.row(score.points))

    def end_deal(self) -> PymthegState:
        """Score the deal: Burn (both teams), or the contract (only the playing side)."""
        if self.stage == "burn":
            return self.score_burn()
        if self.offences:
            return self.revoke_found(self.offences[0], "the cards left show it at the end of the deal")
        contract = self.contract
        assert contract is not None
        printed = self.s.rules.table == "printed"
        score = score_contract(contract, self.taken, printed=printed)
        key = (contract.level, contract.trump is not None, contract.during)
        if contract.kind == "gam" and key in TABLE_SLIPS:
            used = PRINTED_GAM[key] if printed else CORRECTED_GAM[key]
            self.say("table", f"The printed score table has a slip here. {TABLE_SLIPS[key]} This game uses {used}.")
        self.say(self.outcome(contract, score), " ".join(score.lines))
        return self.next_deal(self.row(score.points))

    def outcome(self, contract: Contract, score: Score) -> str:
        """The rule that decided a contract's score."""
        kind = contract.kind
        if kind == "gam":
            return "gam" if score.made else "gam.lost"
        if kind == "lon":
            return "lon" if score.made else "lon.lost"
        partner = self.taken[(contract.declarer + 2) % PLAYERS]
        if contract.level == 3 and partner:
            return "ry3.partner"
        if not score.made:
            return "ry.lost"
        return "ry2.partner" if contract.level == 2 and partner else "ry"

    def row(self, points: int) -> tuple[int, int]:
        """Only the playing side scores (Y6)."""
        assert self.contract is not None
        return (points, 0) if self.contract.declarer % 2 == 0 else (0, points)

    def score_burn(self) -> PymthegState:
        """Y11: both teams score their Fire and Water as Burn inside Pymtheg."""
        taken = []
        for side in (0, 1):
            cards = self.won[side] + self.won[side + 2]
            taken.append((sum(1 for c in cards if c.element is FIRE), sum(1 for c in cards if c.element is WATER)))
        scores = burn_scores(taken)
        labels = self.sheet.columns
        ids = {"water": "burn.water", "pymtheg": "burn.all"}
        for side, score in enumerate(scores):
            self.say(ids.get(score.rule, "burn"), f"{labels[side]}: {score.text}.")
        return self.next_deal((scores[0].points, scores[1].points))

    def next_deal(self, row: tuple[int, int]) -> PymthegState:
        """The deal's row goes on the sheet; the match ends (Y14), or the deal passes to the left."""
        self.sheet = sheet = self.sheet.after(row)
        labels, totals = sheet.columns, sheet.totals
        self.say("match", "Score: " + ", ".join(f"{labels[i]} {signed(p) if p else 'nothing'} (total "
                                                f"{signed(totals[i])})" for i, p in enumerate(row)) + ".")
        rules = self.s.rules
        if match_over(sheet, rules):
            return self.finish()
        self.deal_no += 1
        s = self.s
        partial = 0
        if rules.dealing == "partial":
            rng = random.Random(f"{PREFIX}/{s.setup.seed}/{self.deal_no}")
            pack = partly_reshuffled(gathered(self.tricks, self.won, self.plays, self.hands), rules.mixed,
                                     rng)
            partial = rules.mixed
        else:
            pack = shuffled_pack(s.setup.seed, self.deal_no)
        self.dealer = dealer = next_dealer(self.dealer, PLAYERS)
        self.hands = deal_by_fives(pack, dealer)
        self.won, self.taken, self.tricks, self.plays = ((),) * PLAYERS, (0,) * PLAYERS, (), ()
        self.leader = first = (dealer + 1) % PLAYERS
        self.stage, self.calls, self.passed, self.contract, self.window, self.offences = (
            "auction", (), 0, None, (), ())
        self.say("deal.partial" if partial else "deal", deal_words(self.names, dealer, partial))
        self.say("auction", f"Deal {self.deal_no + 1}: {self.names[first]}, on the dealer's left, opens the "
                            "auction.")
        return self.build(first)

    def finish(self) -> PymthegState:
        labels, totals = self.sheet.columns, self.sheet.totals
        rules = self.s.rules
        if rules.match == "limit" and any(abs(t) > rules.limit for t in totals):
            reason = f"A team passed {rules.limit:,} points: the match is over."
        elif rules.match == "rounds" and self.sheet.deals >= rules.rounds:
            reason = f"All {rules.rounds} deals are played."
        elif self.sheet.deals >= MAX_DEALS:
            reason = f"{MAX_DEALS} deals are played: the match stops here."
        else:
            reason = "Time is called."
        best = max(totals)
        if totals[0] == totals[1]:
            self.say("end.tie", f"{reason} Both teams have {signed(best)}: they share the win.")
        else:
            winner = labels[totals.index(best)]
            self.say("end", f"{reason} {winner} win with {signed(best)} against {signed(min(totals))}.")
        self.stage = "over"
        return self.build(None)
