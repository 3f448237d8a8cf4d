"""Pymtheg's auction and what follows it (Y3–Y8): bids and passes, the contract, doubling out of turn, naming
trump.  ``AuctionTurn`` is the part of Pymtheg's ``Turn`` (``turns.py``) that makes those moves, each saying the rule
it applies; the deal's end (``next_deal``, ``finish``) and building the next state (``build``) are the ``Turn``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from tutor.engine import Event
from tutor.games.pymtheg.moves import PASS, Bid
from tutor.games.pymtheg.rules import ELEMENTS, NO_TRUMP, PLAYERS, rule
from tutor.games.pymtheg.scoring import (BID_NAMES, KIND, LEVEL, LON_BASE, PARTNER_COST, RY_BASE, TRICKS, Contract,
                                        gam_base, needs)
from tutor.tricks import TrickTurn

if TYPE_CHECKING:
    from tutor.games.pymtheg.state import PymthegState


def bid_meaning(bid: Bid, me: int, names: Sequence[str], *, printed: bool = False) -> tuple[str, str] | None:
    """The rule that says what a Ry, Ry 2, Ry 3, Lon or Gâm + N is and scores, and a line saying it for this bidder
    with the scoring's numbers (``None`` for a plain Gâm, which the rule of the bid itself says)."""
    kind, level = KIND[bid.rank], LEVEL[bid.rank]
    name, partner = names[me], names[(me + 2) % PLAYERS]
    if kind == "ry" and level == 1:
        return "ry", (f"A Ry: {name} must take no trick, and {partner}'s tricks do not count; made, it scores "
                      f"{RY_BASE[1]}, and lost it costs {RY_BASE[1]}.")
    if kind == "ry" and level == 2:
        return "ry2.partner", (f"A Ry 2: {name} must take no trick, and each trick {partner} takes costs "
                               f"{PARTNER_COST}; made, it scores {RY_BASE[2]}, and lost it costs {RY_BASE[2]}.")
    if kind == "ry":
        return "ry3.partner", (f"A Ry 3: neither {name} nor {partner} may take a trick; made, it scores "
                               f"{RY_BASE[3]}, and lost it costs {RY_BASE[3]}.")
    if kind == "lon":
        return "lon", (f"A Lon: {name} must take all {TRICKS} tricks alone; made, it scores {LON_BASE} "
                       f"({2 * LON_BASE} without trump).")
    if level == 0:
        return None
    if bid.trump is None:
        worth = (f"{gam_base(level, True, False, printed=printed)} with trump named after the auction or "
                 f"{gam_base(level, False, False, printed=printed)} without trump")
    else:
        worth = str(gam_base(level, bid.trump != NO_TRUMP, True, printed=printed))
    return "table", (f"A Gâm + {level}: {name}'s side must take {needs(level)} of the {TRICKS} tricks; made, it "
                     f"scores {worth}, and more for each trick over.")


class AuctionTurn(TrickTurn):
    """The auction's moves, for Pymtheg's ``Turn`` (``turns._Turn``), which copies the parts of the state they change
    and ends a deal (``next_deal``, ``finish``) or builds the next state (``build``) for them."""

    s: PymthegState
    stage: str
    calls: tuple[tuple[int, Any], ...]
    passed: int
    contract: Contract | None
    window: tuple[int, ...]

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
            said = bid_meaning(action, me, self.names, printed=self.s.rules.table == "printed")
            if said is not None:
                self.say(*said, player=me)
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
