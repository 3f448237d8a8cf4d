"""Pymtheg's moves: the ``Turn`` that applies a card (Y13), with what a trick does to a Ry or a Lon (Y9, Y10), a
revoke (Y12) and the end of a deal and of the match (Y11, Y14), one method per step, each saying the rule it applies;
the auction's moves are its part from ``auction.py``.  The most common cards are made in one step by ``state.py``
(``quick_trick``, and the trick core's ``quick_lay``), with the words for a card and a trick from here.

The next state is built as ``type(state)``: ``state.py`` imports this module, and this module needs nothing of it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Sequence

from tutor.cards import Element, ElementCard
from tutor.engine import Event
from tutor.games.burn.rules import FIRE, WATER, element, value
from tutor.games.pymtheg.auction import AuctionTurn
from tutor.games.pymtheg.deal import deal_by_fives, deal_words, gathered, match_over, partly_reshuffled, shuffled_pack
from tutor.games.pymtheg.moves import Offence
from tutor.games.pymtheg.rules import MAX_DEALS, PLAYERS, PREFIX, R_DISCARD, R_OVER, R_TRICK, R_TRUMP, R_UNDER
from tutor.games.pymtheg.scoring import (CORRECTED_GAM, PRINTED_GAM, TABLE_SLIPS, Contract, Score, burn_scores,
                                         revoke_score, score_contract, signed)
from tutor.match import next_dealer
from tutor.tricks import TrickWords, legal_plays, to_play, winning_index

if TYPE_CHECKING:
    from tutor.games.pymtheg.state import PymthegState

WORDS = TrickWords.of(PREFIX)


# ---------------------------------------------------------------- a card played (Y13), the hot path


def card_event(s: PymthegState, me: int, card: ElementCard, trumps: Element | None) -> Event:
    """What playing ``card`` does, in words: a lead, a follow, a trump (over or under) or a discard.

    Events are made directly here (not through ``Turn.say``): this runs for every card played.
    """
    name = s.names[me]
    plays = s.plays
    if not plays:
        return WORDS.led(name, me, card, not (s.tricks or any(s.taken)))
    led = plays[0][1].element
    if card.element is led:
        return WORDS.followed(name, me, card)
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


def trick_event(names: Sequence[str], plays: Sequence[tuple[int, ElementCard]], seat: int, card: ElementCard,
                trumps: Element | None) -> Event:
    """Who takes the trick, and with what: the highest trump, else the highest card of the element led."""
    how = (", a trump" if card.element is trumps and plays[0][1].element is not trumps
           else f", the highest {card.element.english}")
    return Event(R_TRICK, f"{names[seat]} takes the trick with the {card.english}{how}.", "", "", seat)


# ---------------------------------------------------------------- the moves


class _Turn(AuctionTurn):
    """Scratch space for one move: the parts of the state that change (the trick core's, the auction's, the tricks
    each seat took and the revokes), events in order, then a new state."""

    prefix = PREFIX
    s: PymthegState

    def __init__(self, state: PymthegState) -> None:
        super().__init__(state)
        self.taken = state.taken
        self.stage = state.stage
        self.calls = state.calls
        self.passed = state.passed
        self.contract = state.contract
        self.window = state.window
        self.offences = state.offences

    def build(self, current: int | None) -> PymthegState:
        s = self.s
        return type(s)(s.setup, s.rules, self.names, self.hands, self.won, self.taken, self.plays,
                       self.leader, self.tricks, self.dealer, self.deal_no, self.sheet, current, self.stage,
                       self.calls, self.passed, self.contract, self.window, self.offences, tuple(self.events))

    # -- tricks (Y13, Y9, Y12)

    def play(self, card: ElementCard) -> PymthegState:
        """A card goes on the trick; the fourth card decides it."""
        s = self.s
        me = s.current
        assert me is not None
        trumps = s.trumps
        if self.plays and s.rules.revoke and s.stage == "play":
            self.check_offence(self.hands[me], card)
        self.events.append(card_event(s, me, card, trumps))
        played = self.lay(card)
        if self.offences and s.stage == "play":
            found = next((o for o in self.offences if o.seat == me and card in o.allowed), None)
            if found is not None:
                return self.revoke_found(found, f"{self.names[me]} now plays the {card.english}, which gives it "
                                                "away")
        if played < PLAYERS:
            return self.build(to_play(self.leader, played, PLAYERS))
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
        """Y13: the highest trump, else the highest card of the element led, takes the trick; its player leads."""
        plays = self.plays
        index = winning_index(plays, trumps=trumps, suit=element, value=value)
        seat = self.take(index)
        self.events.append(trick_event(self.names, plays, seat, plays[index][1], trumps))
        taken = list(self.taken)
        taken[seat] += 1
        self.taken = tuple(taken)
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
            reason = "The one deal is played." if rules.rounds == 1 else f"All {rules.rounds} deals are played."
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
