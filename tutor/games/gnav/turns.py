"""Applying a Gnav turn: ``_Turn``, one method per kind of turn and per thing that follows (a change and the
matadors, the dealer and the stock, paying, the showdown, the next round), each ``say``ing its rule.

The next state is built as ``type(state)``: this module needs nothing of state.py."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tutor.cards import GnavRank
from tutor.engine import Turn

from .deal import deal_round
from .moves import left_of
from .rules import PACK, PREFIX
from .scoring import round_losers

if TYPE_CHECKING:
    from .state import GnavState

# What is said at the table (the printed paragraph's words; docs/rules.md, Gnav, slips in the text).
STAND_SAID = ("Jeg står.", "I stand.")  # printed as the garbled "jeg stΓ₯r"
CHANGE_SAID = ("Jeg byte.", "I change.")
CUCKOO_SAID = ("Stop! Cuckoo!", "Stop! I hold the Cuckoo: the round ends here.")
# The Dragoon's (and the Danish Cat's) English names the seat that pays: the narration makes it "you" for its reader.
DRAGOON_SAID = ("Hugg av!", "Chop! ({payer} pays a counter and keeps the card.)")
CAT_SAID = ("Kiss, bytt om!", "Miaow! Change back! (Everyone takes back the card they were dealt.)")
CAT_DANISH_SAID = ("Kiss, kiss!", "Miaow, miaow! ({payer} pays a counter and keeps the card.)")
PASS_SAID = {GnavRank.HORSE: ("Hest vorbi!", "Pass the horse! (Change with the next one along.)"),
             GnavRank.HOUSE: ("Hus vorbi!", "Pass the house! (Change with the next one along.)")}


def paid_said(said: tuple[str, str], payer: str, slate: bool) -> tuple[str, str]:
    """The words said when a matador blocks a change, with their English naming the seat that pays (with the
    slate, the seat takes a stroke instead: gnav.slate)."""
    english = said[1].format(payer=payer)
    return said[0], english.replace("pays a counter", "takes a stroke") if slate else english


class _Turn(Turn):
    """Scratch space for one transition: cards and counters as they change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: GnavState) -> None:
        super().__init__(state)
        self.rules = state.rules
        self.names = state.names
        self.hands = list(state.hands)
        self.dealt = state.dealt
        self.stock = list(state.stock)
        self.dealt_stock = state.dealt_stock
        self.aside = list(state.aside)
        self.lost = list(state.lost)
        self.out = list(state.out)
        self.dealer = state.dealer
        self.round = state.round
        self.knocked = state.knocked

    def left_of(self, seat: int) -> int:
        """The next player still in, to the left of ``seat``."""
        return left_of(seat, self.out)

    # -- the three turns

    def stand(self) -> GnavState:
        """gnav.stand: keep the card; after the dealer's stand the round is over."""
        me = self.state.current
        self.say("stand", f"{self.names[me]} keeps the card.", STAND_SAID, me)
        return self.showdown() if me == self.dealer else self.build(self.left_of(me))

    def ask(self) -> GnavState:
        """gnav.change: ask the left-hand neighbour to change."""
        me = self.state.current
        target = self.left_of(me)
        self.say("change", f"{self.names[me]} asks {self.names[target]} to change.", CHANGE_SAID, me)
        return self.change(me, target)

    def dealer_change(self) -> GnavState:
        """gnav.change, gnav.dealer: the dealer changes with the stock, and that ends the round (N6)."""
        me = self.state.current
        self.say("change", f"{self.names[me]}, the dealer, changes with the stock.", CHANGE_SAID, me)
        self.from_stock(me)
        self.say("dealer", "The dealer's turn ends the round.", player=me)
        return self.showdown()

    # -- a change and the matadors (gnav.matador; N3, N7–N10)

    def change(self, asker: int, target: int) -> GnavState:
        """Change with ``target``, unless a matador blocks it; Horse and House pass it on, chaining (N9)."""
        while True:
            card = self.hands[target]
            if not card.is_matador:
                self.hands[asker], self.hands[target] = card, self.hands[asker]
                self.say("change", f"{self.names[asker]} and {self.names[target]} change cards.", player=asker)
                return self.build(self.left_of(asker))
            self.say("matador", f"{self.names[target]} holds the {card.english}, a matador: the change is blocked.",
                     player=target)
            rank = card.rank
            if rank == GnavRank.CUCKOO:
                return self.cuckoo(asker, target)
            if rank == GnavRank.DRAGOON or (rank == GnavRank.CAT and self.rules.cat_as_dragoon):
                return self.dragoon(asker, target, rank)
            if rank == GnavRank.CAT:
                return self.cat(asker, target)
            if target == self.dealer:
                return self.pass_to_stock(asker, target, rank)
            nxt = self.left_of(target)
            self.say("horse-house", f"The change passes on to {self.names[nxt]}.", PASS_SAID[rank], target)
            target = nxt

    def cuckoo(self, asker: int, holder: int) -> GnavState:
        """gnav.cuckoo: the round ends at once; the asker keeps the card and pays nothing (N10)."""
        self.say("cuckoo", f"{self.names[holder]} shows the Cuckoo and the round ends at once; "
                 f"{self.names[asker]} keeps the card and pays nothing.", CUCKOO_SAID, holder)
        return self.showdown()

    def dragoon(self, asker: int, holder: int, rank: GnavRank) -> GnavState:
        """gnav.dragoon (or gnav.cat.danish): the asker pays and keeps the card; on from the holder's left (N7, N8)."""
        if rank == GnavRank.DRAGOON:
            said = paid_said(DRAGOON_SAID, self.names[asker], self.rules.slate)
            self.say("dragoon", f"{self.names[asker]} keeps the card and pays; play goes on from "
                     f"{self.names[holder]}'s left.", said, holder)
            self.pay(asker, "dragoon")
        else:
            said = paid_said(CAT_DANISH_SAID, self.names[asker], self.rules.slate)
            self.say("cat.danish", f"The Cat acts like the Dragoon (1917 Danish rule): "
                     f"{self.names[asker]} pays and keeps the card.", said, holder)
            self.pay(asker, "cat.danish")
        return self.after_holder(holder)

    def cat(self, asker: int, holder: int) -> GnavState:
        """gnav.cat: the asker pays and every card goes back to whoever was dealt it; on from the holder's left (N8)."""
        self.say("cat", f"{self.names[asker]} pays, and every player takes back the card they were "
                 f"dealt; play goes on from {self.names[holder]}'s left.", CAT_SAID, holder)
        self.pay(asker, "cat")
        self.hands, self.stock, self.aside = list(self.dealt), list(self.dealt_stock), []
        return self.after_holder(holder)

    def pass_to_stock(self, asker: int, holder: int, rank: GnavRank) -> GnavState:
        """gnav.horse-house: a Horse or House held by the dealer passes the change on to the stock (N9, N6)."""
        self.say("horse-house", f"{self.names[holder]} is the dealer, so {self.names[asker]} changes with the "
                 "stock instead.", PASS_SAID[rank], holder)
        self.from_stock(asker)
        return self.build(self.left_of(asker))

    def after_holder(self, holder: int) -> GnavState:
        """Play goes on from the blocking holder's left; past the dealer the round is over (N7)."""
        return self.showdown() if holder == self.dealer else self.build(self.left_of(holder))

    def from_stock(self, seat: int) -> None:
        """gnav.dealer: change with the stock's top card; Horse and House are passed over, the top three
        matadors void the change (gnav.dealer.pass-over, gnav.dealer.blocked; N6)."""
        name = self.names[seat]
        stock = self.stock
        while stock:
            top = stock.pop(0)
            if top.rank in PASS_SAID:
                self.aside.append(top)
                self.say("dealer.pass-over", f"The stock's top card is a {top.english}: it is set aside face "
                         "up and the next card is turned.", PASS_SAID[top.rank], seat)
                continue
            if top.is_matador:
                self.aside.append(top)
                self.say("dealer.blocked", f"The stock's top card is the {top.english}: the change is void, "
                         f"{name} keeps the card and pays nothing.", player=seat)
                return
            stock.append(self.hands[seat])  # the card given up goes under the stock
            self.hands[seat] = top
            self.say("dealer", f"{name} takes the top card of the stock and puts the old card under it.", player=seat)
            return
        self.say("dealer.blocked", f"The stock is empty, so {name} keeps the card.", player=seat)

    def pay(self, seat: int, rule: str) -> None:
        """gnav.pay or gnav.slate: one counter to the pool, or one stroke; nothing if nothing is left (N11)."""
        name = self.names[seat]
        if self.lost[seat] >= self.rules.counters:
            self.say(rule, f"{name} has nothing left to pay and will be out after this round.", player=seat)
            return
        self.lost[seat] += 1
        if self.rules.slate:
            self.say("slate", f"{name} gets a stroke on the slate: {'/' * self.lost[seat]}.", player=seat)
        else:
            left = self.rules.counters - self.lost[seat]
            self.say("pay", f"{name} pays a counter to the pool ({left} left).", player=seat)

    # -- the end of a round (gnav.showdown, gnav.out, gnav.win, gnav.next-round)

    def showdown(self) -> GnavState:
        """gnav.showdown (.tie, .fool): every card is shown and the lowest pays (N4, N5)."""
        hands, names = self.hands, self.names
        shown = ", ".join(f"{names[s]} {c.english}" for s, c in enumerate(hands) if c is not None)
        self.say("showdown", f"Everyone shows their card: {shown}.")
        losers = round_losers(hands)
        who = " and ".join(names[s] for s in losers)
        if any(hands[s].rank == GnavRank.FOOL for s in losers):
            self.say("showdown.fool", f"The lowest card is a Fool, so the next-lowest loses with it: {who} lose.")
        elif len(losers) > 1:
            self.say("showdown.tie", f"Two cards tie for lowest, so both lose: {who}.")
        else:
            self.say("showdown", f"{who} has the lowest card and loses the round.")
        for seat in losers:
            self.pay(seat, "pay")
        return self.end_of_round()

    def end_of_round(self) -> GnavState:
        """gnav.out for whoever has paid the last counter; gnav.win for the last one in; else gnav.next-round."""
        counters = self.rules.counters
        going = [s for s, out in enumerate(self.out) if not out and self.lost[s] >= counters]
        for seat in going:
            self.out[seat] = True
            self.say("out", f"{self.names[seat]} has {'the last stroke' if self.rules.slate else 'no counters left'} "
                     "and is out.", player=seat)
        left = [s for s, out in enumerate(self.out) if not out]
        if len(left) <= 1:
            winners = tuple(left) or tuple(going)
            who = " and ".join(self.names[w] for w in winners)
            how = "is the last player in and wins" if left else "go out together and share the win"
            self.say("win", f"{who} {how}.")
            self.hands = [None] * len(self.hands)
            self.stock = list(PACK)
            self.aside = []
            return self.build(None, winners)
        self.dealer = self.left_of(self.dealer)
        self.round += 1
        self.say("next-round", f"{self.names[self.dealer]} deals the next round; all 42 cards are mixed again.",
                 player=self.dealer)
        deal_round(self, random.Random(f"gnav:{self.state.setup.seed or 0}:{self.round}"))
        return self.build(self.left_of(self.dealer))

    def build(self, current: int | None, winners: tuple[int, ...] = ()) -> GnavState:
        """The next state, from the turn's fields."""
        s = self.state
        return type(s)(s.setup, s.rules, s.names, tuple(self.hands), tuple(self.dealt), tuple(self.stock),
                         tuple(self.dealt_stock), tuple(self.aside), tuple(self.lost), tuple(self.out),
                         self.dealer, current, self.round, self.knocked, winners, tuple(self.events))
