"""Gnav: the Scandinavian cuckoo game, one card each, lowest card loses.

The rules, and how Gwari settles what the printed paragraph leaves open, are in
docs/rules.md (Gnav, notes N1–N12): everyone gets one card from the 42-card
pack and a supply of counters; from the dealer's left each player stands or
changes with the left-hand neighbour, and the dealer stands or changes with the
stock.  The five matadors block a change, each with its own effect.  At the
showdown the lowest card pays a counter; a player who has paid the last one is
out, and the last player in wins.  Every rule id this module emits is a
``gnav.*`` entry of the Gnav lesson.

Counters and the deal (``gnav.counters``, N11): a player is out only after
paying the last counter, so at the start of a round every seat dealt a card has
at least one counter and every seat out has none.  An explicit deal that breaks
this is refused, naming the field (``deal.counters[2]``).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from tutor.cards import GnavCard, GnavRank, gnav_pack, shuffled
from tutor.engine import (Event, Game, IllegalMove, Inputs, Record, Result, SeatedState, SeatView, TableView, Turn,
                          shown_to)
from tutor.match import next_dealer
from tutor.mechanics import read_deal

SLUG = "gnav"
PREFIX = "gnav"
PACK = gnav_pack()
MIN_PLAYERS = 2
MAX_PLAYERS = 20
MAX_COUNTERS = 99
"""The most counters (or strokes) an option may give each player."""

# What is said at the table (the printed paragraph's words; docs/rules.md, Gnav, slips in the text).
STAND_SAID = ("Jeg står.", "I stand.")  # printed as the garbled "jeg stΓ₯r"
CHANGE_SAID = ("Jeg byte.", "I change.")
CUCKOO_SAID = ("Stop! Cuckoo!", "Stop! I hold the Cuckoo: the round ends here.")
DRAGOON_SAID = ("Hugg av!", "Chop! (You pay a counter and keep your card.)")
CAT_SAID = ("Kiss, bytt om!", "Miaow! Change back! (Everyone takes back the card they were dealt.)")
CAT_DANISH_SAID = ("Kiss, kiss!", "Miaow, miaow! (You pay a counter and keep your card.)")
PASS_SAID = {GnavRank.HORSE: ("Hest vorbi!", "Pass the horse! (Change with the next one along.)"),
             GnavRank.HOUSE: ("Hus vorbi!", "Pass the house! (Change with the next one along.)")}

# ---------------------------------------------------------------- rules (variants)


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the defaults of docs/rules.md (Gnav); a value out of range names its option."""

    counters: int = 3
    """N11: the counters each player starts with (with the slate, the strokes that put a player out)."""
    slate: bool = False
    """N11: keep score with chalk strokes on a slate instead of paying counters to a pool."""
    cat_as_dragoon: bool = False
    """N8: the Danish rule of 1917 — the Cat acts like the Dragoon, with no changing back."""

    def __post_init__(self) -> None:
        counters = self.counters
        if not isinstance(counters, int) or isinstance(counters, bool) or not 1 <= counters <= MAX_COUNTERS:
            raise IllegalMove(f"{PREFIX}.counters", f"option counters: each player starts with 1 to {MAX_COUNTERS} "
                                                    f"counters, not {counters!r}.")


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Call:
    """A turn: ``stand`` (keep your card) or ``change`` (with your left-hand neighbour, or the stock if you deal)."""

    word: str

    def __str__(self) -> str:
        return self.word

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Read ``stand`` or ``change`` (the printed "jeg står" / "jeg byte" are read too)."""
        word = re.sub(r"[\s.!]+", " ", str(text)).strip().lower()
        word = {"jeg står": "stand", "jeg star": "stand", "jeg byte": "change"}.get(word, word)
        if word not in ("stand", "change"):
            raise IllegalMove(f"{PREFIX}.turn", f"{text!r} is not a turn; say 'stand' or 'change'.")
        return STAND if word == "stand" else CHANGE


STAND = Call("stand")
CHANGE = Call("change")

# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class GnavState(SeatedState):
    """A position of Gnav; immutable, ``apply`` returns the next one."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[GnavCard | None, ...]  # one card per player in the round, None for a player out
    dealt: tuple[GnavCard | None, ...]  # the round's first cards, for the Cat (N8)
    stock: tuple[GnavCard, ...]  # top first
    dealt_stock: tuple[GnavCard, ...]
    aside: tuple[GnavCard, ...]  # stock cards turned face up and passed over (N6)
    lost: tuple[int, ...]  # counters paid (or strokes) per seat
    out: tuple[bool, ...]  # seats out of the game (N11)
    dealer: int
    current: int | None
    round: int = 1
    knocked: tuple[int, ...] = ()  # seats dealt a Fool this round (public: they knocked)
    winners: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()

    # -- the contract

    @property
    def phase(self) -> str:
        """"round" (players stand or change), "dealer" (the dealer's turn, the last of the round) or "over"."""
        if self.current is None:
            return "over"
        return "dealer" if self.current == self.dealer else "round"

    def legal_actions(self) -> list[Call]:
        """Stand or change, for the player to move (gnav.turn)."""
        return [] if self.current is None else [STAND, CHANGE]

    def apply(self, action: Any) -> "GnavState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` and changes nothing."""
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.win", "The game is over: there are no more turns.")
        if action == STAND:
            return _Turn(self).stand()
        if action == CHANGE:
            turn = _Turn(self)
            return turn.dealer_change() if self.current == self.dealer else turn.ask()
        raise IllegalMove(f"{PREFIX}.turn", f"{action!r} is not a turn; you stand or change.")

    def result(self) -> Result:
        """Counters left per seat, the winners (the last player in) and a line per seat."""
        return score(self.lost, self.out, self.winners, self.rules, self.names)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: only their own card; counters, the dealer and who knocked are public."""
        seats = []
        for seat, card in enumerate(self.hands):
            hand = () if card is None else shown_to(player, seat, (card,))
            seats.append(SeatView(self.names[seat], hand, info=self.seat_info(seat)))
        return TableView(game=SLUG, viewer=player, seats=tuple(seats), current=self.current,
                         stock=len(self.stock), centre=self.aside,
                         centre_label="Passed over from the stock" if self.aside else "",
                         events=self.events, status=self.status())

    def cards(self) -> list[GnavCard]:
        """Every card of the pack: hands, stock and cards set aside (for conservation checks)."""
        return [c for c in self.hands if c is not None] + list(self.stock) + list(self.aside)

    def cards_of(self, action: Any) -> tuple:
        """None: standing and changing are said out loud, not played from the hand, so they are buttons."""
        return ()

    def status(self) -> str:
        """One line for the table: whose turn and what they may do, or who won."""
        if self.current is None:
            return self.result().text
        who = self.names[self.current]
        if self.current == self.dealer:
            return f"Round {self.round}: {who}, the dealer, to stand or change with the stock."
        return f"Round {self.round}: {who} to stand or change with {self.names[self.left_of(self.current)]}."

    def prompt(self, action: Any) -> str:
        """The turn as the mover chooses it: "Change with Pol"."""
        if action == STAND:
            return "Stand (keep your card)"
        if self.current == self.dealer:
            return "Change with the top card of the stock"
        return f"Change with {self.names[self.left_of(self.current or 0)]}"

    def describe(self, action: Any) -> str:
        """The turn in words: "Jory changes with Tamsin"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if action == STAND:
            return f"{who} stands"
        if self.current == self.dealer:
            return f"{who} (the dealer) changes with the stock"
        return f"{who} changes with {self.names[self.left_of(self.current or 0)]}"

    # -- Gnav's own questions

    @property
    def alive(self) -> tuple[bool, ...]:
        """Per seat, True while the player is still in the game."""
        return tuple(not o for o in self.out)

    def counters_left(self, seat: int) -> int:
        """Counters a seat still has (with the slate: strokes still to go before being out)."""
        return self.rules.counters - self.lost[seat]

    def left_of(self, seat: int) -> int:
        """The next player still in, clockwise (to the left) of ``seat``."""
        return next_dealer(seat, len(self.out), out=self.out)

    def seat_info(self, seat: int) -> str:
        """Public facts about a seat: counters (or strokes), dealer, knocked, out."""
        if self.out[seat]:
            return "out"
        if self.rules.slate:
            parts = [f"{'/' * self.lost[seat] or 'no strokes'} ({self.lost[seat]} of {self.rules.counters})"]
        else:
            parts = [_counters(self.counters_left(seat))]
        if seat == self.dealer:
            parts.append("dealer")
        if seat in self.knocked:
            parts.append("knocked (was dealt a Fool)")
        return " · ".join(parts)

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()


def _counters(n: int) -> str:
    return f"{n} counter{'s' * (n != 1)}"


# ---------------------------------------------------------------- dealing and the explicit-deal reader


def _deal(turn: "_Turn", rng: random.Random) -> None:
    """gnav.deal: mix the whole pack and give one card to each player still in, from the dealer's left (N12)."""
    pack = list(shuffled(PACK, rng))
    hands: list[GnavCard | None] = [None] * len(turn.hands)
    seat = turn.dealer
    for _ in range(turn.out.count(False)):
        seat = turn.left_of(seat)
        hands[seat] = pack.pop(0)
    _begin_round(turn, hands, pack, "deals one card to each player")


def _begin_round(turn: "_Turn", hands: list[GnavCard | None], stock: list[GnavCard], how: str) -> None:
    """gnav.deal, gnav.fool: the round's cards are laid out; whoever was dealt a Fool knocks (N4)."""
    turn.hands, turn.stock, turn.aside = hands, stock, []
    turn.dealt, turn.dealt_stock = tuple(hands), tuple(stock)
    turn.say("deal", f"{turn.names[turn.dealer]} {how}; the other {len(stock)} cards are the stock.",
             player=turn.dealer)
    turn.knocked = tuple(s for s, c in enumerate(hands) if c is not None and c.rank == GnavRank.FOOL)
    for seat in turn.knocked:
        turn.say("fool", f"{turn.names[seat]} knocks on the table: a Fool has been dealt.", player=seat)


def _announce_counters(turn: "_Turn") -> None:
    """gnav.counters: how many counters (or strokes) each player has as the game begins (N11)."""
    rules, names, lost = turn.rules, turn.names, turn.lost
    if not any(lost):
        if rules.slate:
            turn.say("counters", f"Losses are chalked on a slate: {rules.counters} stroke"
                                 f"{'s' * (rules.counters != 1)} put a player out.")
        else:
            turn.say("counters", f"Everyone starts with {_counters(rules.counters)}.")
        return
    parts = []
    for seat, name in enumerate(names):
        if turn.out[seat]:
            parts.append(f"{name} is out")
        elif rules.slate:
            parts.append(f"{name} {'/' * lost[seat] or 'no strokes'}")
        else:
            parts.append(f"{name} {rules.counters - lost[seat]}")
    if rules.slate:
        turn.say("counters", f"Strokes on the slate: {', '.join(parts)}; {rules.counters} put a player out.")
    else:
        turn.say("counters", f"Counters: {', '.join(parts)}.")


def _read_deal(deal: Mapping[str, Any], players: int, names: Sequence[str], dealer: int,
               rules: Rules) -> tuple[tuple[GnavCard | None, ...], tuple[GnavCard, ...], tuple[int, ...]]:
    """``hands`` (one card per seat, none for a player out), ``stock`` (its top cards; the rest of the pack
    lies under them) and ``counters`` (per seat; by default, all of them for a seat with a card, none for one out).

    Returns the hands, the whole stock and the counters paid per seat.  The counters must agree with the
    hands (gnav.counters, N11): a seat with a card is still in, so has at least one; a seat out has none.
    """
    deal_rule = f"{PREFIX}.deal"
    hands_in, piles = read_deal(deal, players, GnavCard.parse, PACK, rule=deal_rule, others=("counters",))
    hands: list[GnavCard | None] = []
    for seat, hand in enumerate(hands_in):
        if len(hand) > 1:
            raise IllegalMove(deal_rule, f"deal.hands[{seat}]: a Gnav hand is one card (or none for a player "
                                         f"who is out), not {len(hand)}.")
        hands.append(hand[0] if hand else None)
    if sum(card is not None for card in hands) < 2:
        raise IllegalMove(deal_rule, "deal.hands: a round needs at least two players with a card.")
    if hands[dealer] is None:
        raise IllegalMove(deal_rule, f"deal.hands[{dealer}]: the dealer, {names[dealer]}, must have a card.")
    counters = _read_counters(deal, players, names, hands, rules)
    rest = list(PACK)
    for card in [c for c in hands if c is not None] + list(piles["stock"]):
        rest.remove(card)
    return tuple(hands), tuple(piles["stock"]) + tuple(rest), tuple(rules.counters - n for n in counters)


def _read_counters(deal: Mapping[str, Any], players: int, names: Sequence[str], hands: Sequence[GnavCard | None],
                   rules: Rules) -> tuple[int, ...]:
    """``deal.counters``: a whole number per seat, 0 to ``rules.counters``, agreeing with the hands (N11)."""
    rule = f"{PREFIX}.counters"
    if deal.get("counters") is None:
        return tuple(0 if card is None else rules.counters for card in hands)
    counters = deal["counters"]
    if isinstance(counters, (str, bytes, Mapping)) or not isinstance(counters, Sequence) or len(counters) != players:
        raise IllegalMove(f"{PREFIX}.deal", f"deal.counters needs one number per seat ({players} numbers), "
                                            f"not {counters!r}.")
    for seat, n in enumerate(counters):
        where = f"deal.counters[{seat}]"
        if not isinstance(n, int) or isinstance(n, bool):
            raise IllegalMove(f"{PREFIX}.deal", f"{where} must be a whole number of counters, not {n!r}.")
        if not 0 <= n <= rules.counters:
            raise IllegalMove(rule, f"{where}: a player has 0 to {rules.counters} counters (the number everyone "
                                    f"starts with), not {n}.")
        if hands[seat] is not None and n == 0:
            raise IllegalMove(rule, f"{where}: {names[seat]} holds a card, so is still in and has at least one "
                                    "counter; a player with none left is out and gets no card.")
        if hands[seat] is None and n > 0:
            raise IllegalMove(rule, f"{where}: {names[seat]} has no card, so is out of the game — but a player is "
                                    f"out only after paying the last counter, so this must be 0, not {n}.")
    return tuple(counters)


# ---------------------------------------------------------------- apply: one function per kind of action


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
        return next_dealer(seat, len(self.out), out=self.out)

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
            self.say("dragoon", f"{self.names[asker]} keeps the card and pays; play goes on from "
                     f"{self.names[holder]}'s left.", DRAGOON_SAID, holder)
            self.pay(asker, "dragoon")
        else:
            self.say("cat.danish", f"The Cat acts like the Dragoon (1917 Danish rule): "
                     f"{self.names[asker]} pays and keeps the card.", CAT_DANISH_SAID, holder)
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
        _deal(self, random.Random(f"gnav:{self.state.setup.seed or 0}:{self.round}"))
        return self.build(self.left_of(self.dealer))

    def build(self, current: int | None, winners: tuple[int, ...] = ()) -> GnavState:
        """The next state, from the turn's fields."""
        s = self.state
        return GnavState(s.setup, s.rules, s.names, tuple(self.hands), tuple(self.dealt), tuple(self.stock),
                         tuple(self.dealt_stock), tuple(self.aside), tuple(self.lost), tuple(self.out),
                         self.dealer, current, self.round, self.knocked, winners, tuple(self.events))


# ---------------------------------------------------------------- scoring (pure)


def round_losers(cards: Sequence[GnavCard | None]) -> tuple[int, ...]:
    """The seats that lose the showdown (``None`` = a seat not in the round).

    The lowest card loses, and both holders if two tie (N5).  If the lowest is
    the Fool, the holder(s) of the lowest card that is not a Fool lose as well
    (N4): ``round_losers([5, Fool, 0, Owl])`` → the Fool and the Owl.
    """
    held = [(seat, card.rank) for seat, card in enumerate(cards) if card is not None]
    if not held:
        return ()
    lowest = min(rank for _, rank in held)
    losers = {seat for seat, rank in held if rank == lowest}
    if lowest == GnavRank.FOOL:
        others = [rank for _, rank in held if rank != GnavRank.FOOL]
        if others:
            low = min(others)
            losers |= {seat for seat, rank in held if rank == low}
    return tuple(sorted(losers))


def score(lost: Sequence[int], out: Sequence[bool], winners: tuple[int, ...], rules: Rules,
          names: Sequence[str]) -> Result:
    """Counters left per seat (0 for a player out), the winners, and a line per seat (gnav.win, N11).

    Before the end the winners are the players still in.  With the slate, a
    seat's score is the strokes it may still take before it is out.
    """
    scores = tuple(0 if out[s] else rules.counters - lost[s] for s in range(len(lost)))
    lines = []
    for seat, name in enumerate(names):
        if rules.slate:
            marks = f"{'/' * lost[seat]} ({lost[seat]} stroke{'s' * (lost[seat] != 1)})" if lost[seat] else "no strokes"
            line = f"{name}: {marks}"
        else:
            line = f"{name}: {_counters(scores[seat])} left"
        if seat in winners:
            line += " — wins" if len(winners) == 1 else " — out in the same round as the others: shares the win"
        elif out[seat]:
            line += " — out"
        lines.append(line)
    if not winners:
        return Result(scores, tuple(s for s in range(len(lost)) if not out[s]), f"{PREFIX}.win",
                      "The game is still going on.", breakdown=tuple(lines))
    who = " and ".join(names[w] for w in winners)
    return Result(scores, winners, f"{PREFIX}.win", f"{who} {'wins' if len(winners) == 1 else 'share the win'}.",
                  breakdown=tuple(lines))


# ---------------------------------------------------------------- the careful bot


def careful_choice(state: GnavState, rng: random.Random) -> tuple[Call, str]:
    """Stand on a matador or a card of 6 and up; change anything lower, the Fool always."""
    me = state.current
    assert me is not None
    card = state.hands[me]
    assert card is not None
    if card.is_matador:
        return STAND, f"The {card.english} is a matador: it cannot lose and nobody can take it, so stand."
    if card.rank == GnavRank.FOOL:
        return CHANGE, "The Fool is the lowest card and always loses: change it."
    if card.rank >= GnavRank.N6:
        return STAND, (f"A {card.english} is in the upper half of the pack; most cards you could get "
                       "are lower, so stand.")
    where = "the stock" if me == state.dealer else state.names[state.left_of(me)]
    return CHANGE, f"A {card.english} is low and likely to lose the showdown: change with {where}."


# ---------------------------------------------------------------- registration


class Gnav(Game):
    """Registry entry for Gnav."""

    slug = SLUG
    title = "Gnav"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    inputs = Inputs(cards=False, buttons=True)  # stand and change are buttons; no card is chosen
    # Every round someone pays a counter, so a game has at most players × counters rounds, each of at
    # most one turn per player: 20 × 20 × 3 actions with the default counters.
    max_actions = MAX_PLAYERS * MAX_PLAYERS * Rules.counters

    def _start(self, *, setup: Record, rules: Rules) -> GnavState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        blank = GnavState(setup, rules, names, (None,) * players, (), (), (), (), (0,) * players,
                          (False,) * players, dealer, None)
        turn = _Turn(blank)
        turn.say("pack", "The 42-card pack: two each of Cuckoo, Dragoon, Cat, Horse, House, 12 down to 0, "
                 "Pot, Owl and Fool, highest to lowest.")
        if setup.deal is None:
            _announce_counters(turn)
            _deal(turn, random.Random(f"gnav:{setup.seed}:1"))
        else:
            hands, stock, lost = _read_deal(setup.deal, players, names, dealer, rules)
            turn.lost = list(lost)
            turn.out = [card is None for card in hands]
            _announce_counters(turn)
            _begin_round(turn, list(hands), list(stock), "deals a prepared round")
        return turn.build(turn.left_of(dealer))

    def parse_action(self, state: Any, text: str) -> Call:
        """Read ``stand`` or ``change``."""
        return Call.parse(text)

    def heuristic(self, state: GnavState, rng: random.Random) -> tuple[Call, str]:
        """Stand on a high card, change a low one, and say why."""
        return careful_choice(state, rng)


GNAV = Gnav()
