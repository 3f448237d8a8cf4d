"""Gnav: the Scandinavian cuckoo game, one card each, lowest card loses.

Follows seed ``001_7945f53ee28d69f2.txt`` (line 30) as settled in RULE-NOTES §2
(N1–N12): everyone gets one card from the 42-card pack; from the dealer's left
each player stands or changes with the left-hand neighbour, and the dealer
stands or changes with the stock.  The five matadors block a change, each with
its own effect.  At the showdown the lowest card loses a counter; with no
counters left a player is out, and the last player in wins.  Every rule id this
module emits is a ``gnav.*`` entry of ``lessons/gnav``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from tutor.cards import GnavCard, GnavRank, gnav_pack, shuffled
from tutor.engine import Event, Game, IllegalMove, Record, Result, SeatedState, SeatView, shown_to, TableView
from tutor.mechanics import read_deal

PREFIX = "gnav"
PACK = gnav_pack()
MAX_PLAYERS = 20

# ---------------------------------------------------------------- what is said (seed, line 30)

STAND_SAID = ("Jeg står.", "I stand.")  # the seed prints the mojibake "jeg stΓ₯r"
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
    """Variant flags, with the defaults of RULE-NOTES §2."""

    counters: int = 3
    """N11: counters each player starts with (or, with ``slate``, the strokes that put a player out)."""
    slate: bool = False
    """Seed: keep score with chalk strokes on a slate instead of paying counters to a pool."""
    cat_as_dragoon: bool = False
    """N8: the 1917 Danish rule — the Cat acts like the Dragoon, with no changing back."""

    def __post_init__(self) -> None:
        if not isinstance(self.counters, int) or not 1 <= self.counters <= 99:
            raise IllegalMove(f"{PREFIX}.deal", f"'counters' must be a whole number from 1 to 99, not {self.counters!r}.")


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Call:
    """A turn: ``stand`` (keep your card) or ``change`` (with your left-hand neighbour, or the stock if you deal)."""

    word: str

    def __str__(self) -> str:
        return self.word

    @classmethod
    def parse(cls, text: str) -> "Call":
        """Read ``stand`` or ``change`` (the seed's "jeg står" / "jeg byte" are read too)."""
        word = re.sub(r"[\s.!]+", " ", str(text)).strip().lower()
        word = {"jeg står": "stand", "jeg star": "stand", "jeg byte": "change"}.get(word, word)
        if word not in ("stand", "change"):
            raise IllegalMove(f"{PREFIX}.turn", f"{text!r} is not a turn; say 'stand' or 'change'.")
        return STAND if word == "stand" else CHANGE


STAND = Call("stand")
CHANGE = Call("change")

# ---------------------------------------------------------------- the showdown (pure)


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
    alive: tuple[bool, ...]
    dealer: int
    current: int | None
    round: int = 1
    knocked: tuple[int, ...] = ()  # seats dealt a Fool this round (public: they knocked)
    winners: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()

    # -- the contract

    def counters_left(self, seat: int) -> int:
        """Counters a seat still has (with the slate: strokes still to go before being out)."""
        return self.rules.counters - self.lost[seat]

    def legal_actions(self) -> list[Call]:
        """Stand or change, for the player to move."""
        return [] if self.current is None else [STAND, CHANGE]

    def apply(self, action: Any) -> "GnavState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` and changes nothing."""
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.win", "The game is over: there are no more turns.")
        if action not in (STAND, CHANGE):
            raise IllegalMove(f"{PREFIX}.turn", f"{action!r} is not a turn; you stand or change.")
        return _Turn(self).call(action)

    def result(self) -> Result:
        """Counters left per seat; the winner is the last player in."""
        scores = tuple(self.counters_left(s) if self.alive[s] else 0 for s in range(self.players))
        if not self.winners:
            return Result(scores, tuple(s for s in range(self.players) if self.alive[s]), f"{PREFIX}.win",
                          "The game is still going on.")
        names = " and ".join(self.names[w] for w in self.winners)
        return Result(scores, self.winners, f"{PREFIX}.win", f"{names} {'wins' if len(self.winners) == 1 else 'share the win'}.")

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: only their own card; counters, the dealer and who knocked are public."""
        seats = []
        for seat, card in enumerate(self.hands):
            hand = () if card is None else shown_to(player, seat, (card,))
            seats.append(SeatView(self.names[seat], hand, info=self.seat_info(seat)))
        return TableView(game=GNAV.slug, viewer=player, seats=tuple(seats), current=self.current,
                         stock=len(self.stock), centre=self.aside,
                         centre_label="Passed over from the stock" if self.aside else "",
                         events=self.events, status=self.status())

    def seat_info(self, seat: int) -> str:
        """Public facts about a seat: counters (or strokes), dealer, knocked, out."""
        if not self.alive[seat]:
            return "out"
        if self.rules.slate:
            parts = [f"{'/' * self.lost[seat] or 'no strokes'} ({self.lost[seat]} of {self.rules.counters})"]
        else:
            n = self.counters_left(seat)
            parts = [f"{n} counter{'s' * (n != 1)}"]
        if seat == self.dealer:
            parts.append("dealer")
        if seat in self.knocked:
            parts.append("knocked (was dealt a Fool)")
        return " · ".join(parts)

    def cards(self) -> list[GnavCard]:
        """Every card of the pack: hands, stock and cards set aside (for conservation checks)."""
        return [c for c in self.hands if c is not None] + list(self.stock) + list(self.aside)

    def action_cards(self, action: Call) -> tuple[GnavCard, ...]:
        """The mover's one card, which both standing and changing are about."""
        card = self.hands[self.current] if self.current is not None else None
        return () if card is None else (card,)

    def candidate_actions(self, card: GnavCard) -> list[Call]:
        """Both turns (a widget offers them)."""
        return [STAND, CHANGE]

    def left_of(self, seat: int) -> int:
        """The next player still in, clockwise (to the left) of ``seat``."""
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.alive[nxt]:
                return nxt
        return seat

    def prompt(self, action: Call) -> str:
        """The turn as the mover chooses it: "Change with Pol"."""
        if action == STAND:
            return "Stand (keep your card)"
        if self.current == self.dealer:
            return "Change with the top card of the stock"
        return f"Change with {self.names[self.left_of(self.current or 0)]}"

    def describe(self, action: Call) -> str:
        """The turn in words: "Jory changes with Tamsin"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if action == STAND:
            return f"{who} stands"
        if self.current == self.dealer:
            return f"{who} (the dealer) changes with the stock"
        return f"{who} changes with {self.names[self.left_of(self.current or 0)]}"

    def status(self) -> str:
        """One line for the table."""
        if self.current is None:
            return self.result().text
        return f"Round {self.round}: {self.names[self.current]} to stand or change."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()


class _Turn:
    """Scratch space for one transition: cards and counters as they change, events in order."""

    def __init__(self, state: GnavState) -> None:
        self.state = state
        self.rules = state.rules
        self.names = state.names
        self.hands = list(state.hands)
        self.dealt = state.dealt
        self.stock = list(state.stock)
        self.dealt_stock = state.dealt_stock
        self.aside = list(state.aside)
        self.lost = list(state.lost)
        self.alive = list(state.alive)
        self.dealer = state.dealer
        self.round = state.round
        self.knocked = state.knocked
        self.events: list[Event] = []

    def say(self, rule: str, text: str, said: tuple[str, str] = ("", ""), player: int | None = None) -> None:
        self.events.append(Event(f"{PREFIX}.{rule}", text, said[0], said[1], player))

    def left_of(self, seat: int) -> int:
        return _peek(self).left_of(seat)

    # -- a turn

    def call(self, action: Call) -> GnavState:
        me = self.state.current
        assert me is not None
        name = self.names[me]
        if action == STAND:
            self.say("stand", f"{name} keeps the card.", STAND_SAID, me)
            return self.showdown() if me == self.dealer else self.build(self.left_of(me))
        if me == self.dealer:
            self.say("change", f"{name}, the dealer, changes with the stock.", CHANGE_SAID, me)
            self.from_stock(me)
            self.say("dealer", "The dealer's turn ends the round.", player=me)
            return self.showdown()
        target = self.left_of(me)
        self.say("change", f"{name} asks {self.names[target]} to change.", CHANGE_SAID, me)
        return self.change(me, target)

    def change(self, asker: int, target: int) -> GnavState:
        """Change with ``target``, unless a matador blocks it (N7–N10); Horse and House pass it on (N9)."""
        while True:
            card = self.hands[target]
            assert card is not None
            if not card.is_matador:
                self.hands[asker], self.hands[target] = card, self.hands[asker]
                self.say("change", f"{self.names[asker]} and {self.names[target]} change cards.", player=asker)
                return self.build(self.left_of(asker))
            holder = self.names[target]
            self.say("matador", f"{holder} holds the {card.english}, a matador: the change is blocked.", player=target)
            rank = card.rank
            if rank == GnavRank.CUCKOO:  # N10
                self.say("cuckoo", f"{holder} shows the Cuckoo and the round ends at once; "
                         f"{self.names[asker]} keeps the card and pays nothing.", CUCKOO_SAID, target)
                return self.showdown()
            if rank == GnavRank.DRAGOON or (rank == GnavRank.CAT and self.rules.cat_as_dragoon):  # N7, N8 variant
                if rank == GnavRank.DRAGOON:
                    self.say("dragoon", f"{self.names[asker]} keeps the card and pays; play goes on from "
                             f"{holder}'s left.", DRAGOON_SAID, target)
                    self.pay(asker, "dragoon")
                else:
                    self.say("cat.danish", f"The Cat acts like the Dragoon (1917 Danish rule): "
                             f"{self.names[asker]} pays and keeps the card.", CAT_DANISH_SAID, target)
                    self.pay(asker, "cat.danish")
                return self.after_holder(target)
            if rank == GnavRank.CAT:  # N8
                self.say("cat", f"{self.names[asker]} pays, and every player takes back the card they were "
                         f"dealt; play goes on from {holder}'s left.", CAT_SAID, target)
                self.pay(asker, "cat")
                self.hands, self.stock, self.aside = list(self.dealt), list(self.dealt_stock), []
                return self.after_holder(target)
            # Horse or House: N9, chaining; the dealer passes it on to the stock.
            if target == self.dealer:
                self.say("horse-house", f"{holder} is the dealer, so {self.names[asker]} changes with the "
                         "stock instead.", PASS_SAID[rank], target)
                self.from_stock(asker)
                return self.build(self.left_of(asker))
            nxt = self.left_of(target)
            self.say("horse-house", f"The change passes on to {self.names[nxt]}.", PASS_SAID[rank], target)
            target = nxt

    def after_holder(self, holder: int) -> GnavState:
        """Play goes on from the blocking holder's left; past the dealer the round is over (N7)."""
        return self.showdown() if holder == self.dealer else self.build(self.left_of(holder))

    def from_stock(self, seat: int) -> None:
        """Change with the stock's top card; pass over Horse and House, and stop at the top three (N6)."""
        name = self.names[seat]
        while self.stock:
            top = self.stock.pop(0)
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
            self.stock.append(self.hands[seat])  # the card given up goes under the stock
            self.hands[seat] = top
            self.say("dealer", f"{name} takes the top card of the stock and puts the old card under it.", player=seat)
            return
        self.say("dealer.blocked", f"The stock is empty, so {name} keeps the card.", player=seat)

    def pay(self, seat: int, rule: str) -> None:
        """One counter to the pool, or one stroke on the slate; nothing if there is nothing left (N11)."""
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

    # -- end of a round

    def showdown(self) -> GnavState:
        shown = ", ".join(f"{self.names[s]} {c.english}" for s, c in enumerate(self.hands) if c is not None)
        self.say("showdown", f"Everyone shows their card: {shown}.")
        losers = round_losers(self.hands)
        names = " and ".join(self.names[s] for s in losers)
        if any(self.hands[s].rank == GnavRank.FOOL for s in losers):  # type: ignore[union-attr]
            self.say("showdown.fool", f"The lowest card is a Fool, so the next-lowest loses with it: {names} lose.")
        elif len(losers) > 1:
            self.say("showdown.tie", f"Two cards tie for lowest, so both lose: {names}.")
        else:
            self.say("showdown", f"{names} has the lowest card and loses the round.")
        for seat in losers:
            self.pay(seat, "pay")
        going = [s for s in range(len(self.hands)) if self.alive[s] and self.lost[s] >= self.rules.counters]
        for seat in going:
            self.alive[seat] = False
            self.say("out", f"{self.names[seat]} has {'the last stroke' if self.rules.slate else 'no counters left'} "
                     "and is out.", player=seat)
        left = [s for s in range(len(self.hands)) if self.alive[s]]
        if len(left) <= 1:
            winners = tuple(left) or tuple(going)
            who = " and ".join(self.names[w] for w in winners)
            self.say("win", f"{who} {'is the last player in and wins' if left else 'go out together and share the win'}.")
            self.hands = [None] * len(self.hands)
            self.stock = list(PACK)
            self.aside = []
            return self.build(None, winners)
        self.dealer = _peek(self).left_of(self.dealer)
        self.round += 1
        self.say("next-round", f"{self.names[self.dealer]} deals the next round; all 42 cards are mixed again.",
                 player=self.dealer)
        _deal(self, random.Random(f"gnav:{self.state.setup.seed or 0}:{self.round}"))
        return self.build(self.left_of(self.dealer))

    def build(self, current: int | None, winners: tuple[int, ...] = ()) -> GnavState:
        s = self.state
        return GnavState(s.setup, s.rules, s.names, tuple(self.hands), tuple(self.dealt), tuple(self.stock),
                         tuple(self.dealt_stock), tuple(self.aside), tuple(self.lost), tuple(self.alive),
                         self.dealer, current, self.round, self.knocked, winners, tuple(self.events))


def _peek(turn: _Turn) -> GnavState:
    """A state holding the turn's seats, for seat arithmetic."""
    return GnavState(turn.state.setup, turn.rules, turn.names, tuple(turn.hands), (), (), (), (), tuple(turn.lost),
                     tuple(turn.alive), turn.dealer, None)


def _deal(turn: _Turn, rng: random.Random) -> None:
    """Mix the whole pack and give one card to each player still in, from the dealer's left (N12)."""
    pack = list(shuffled(PACK, rng))
    hands: list[GnavCard | None] = [None] * len(turn.hands)
    seat = turn.dealer
    for _ in range(sum(turn.alive)):
        seat = turn.left_of(seat)
        hands[seat] = pack.pop(0)
    _begin_round(turn, hands, pack, "deals one card to each player")


def _begin_round(turn: _Turn, hands: list[GnavCard | None], stock: list[GnavCard], how: str) -> None:
    turn.hands, turn.stock, turn.aside = hands, stock, []
    turn.dealt, turn.dealt_stock = tuple(hands), tuple(stock)
    turn.say("deal", f"{turn.names[turn.dealer]} {how}; the other {len(stock)} cards are the stock.",
             player=turn.dealer)
    turn.knocked = tuple(s for s, c in enumerate(hands) if c is not None and c.rank == GnavRank.FOOL)
    for seat in turn.knocked:
        turn.say("fool", f"{turn.names[seat]} knocks on the table: a Fool has been dealt.", player=seat)


# ---------------------------------------------------------------- the game


class Gnav(Game):
    """Registry entry for Gnav."""

    slug = "gnav"
    title = "Gnav"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = 6_000  # at most (2 × players × counters + players) rounds' worth of turns, default options

    def _start(self, *, setup: Record, rules: Rules) -> GnavState:
        players, names = setup.players, setup.names
        assert names is not None and setup.dealer is not None
        blank = GnavState(setup, rules, names, (None,) * players, (), (), (), (), (0,) * players,
                          (True,) * players, setup.dealer, None)
        turn = _Turn(blank)
        turn.say("pack", "The 42-card pack: two each of Cuckoo, Dragoon, Cat, Horse, House, 12 down to 0, "
                 "Pot, Owl and Fool, highest to lowest.")
        if setup.deal is None:
            _deal(turn, random.Random(f"gnav:{setup.seed}:1"))
        else:
            hands, stock, lost = _read_deal(setup.deal, players, rules)
            turn.lost = list(lost)
            turn.alive = [card is not None for card in hands]
            if sum(turn.alive) < 2:
                raise IllegalMove(f"{PREFIX}.deal", "A round needs at least two players with a card.")
            if not turn.alive[turn.dealer]:
                raise IllegalMove(f"{PREFIX}.deal", "The dealer must have a card.")
            _begin_round(turn, list(hands), list(stock), "deals a prepared round")
        return turn.build(turn.left_of(turn.dealer))

    def parse_action(self, state: Any, text: str) -> Call:
        """Read ``stand`` or ``change``."""
        return Call.parse(text)

    def heuristic(self, state: GnavState, rng: random.Random) -> tuple[Call, str]:
        """Stand on a high card, change a low one, and say why."""
        return careful_choice(state, rng)


def _read_deal(deal: Mapping[str, Any], players: int, rules: Rules):
    """``hands`` (one card per seat, ``[]`` for a player out), ``stock`` (top cards) and ``counters`` left."""
    hands_in, piles = read_deal(deal, players, GnavCard.parse, PACK, rule=f"{PREFIX}.deal", others=("counters",))
    hands: list[GnavCard | None] = []
    for seat, hand in enumerate(hands_in):
        if len(hand) > 1:
            raise IllegalMove(f"{PREFIX}.deal", f"hand {seat}: a Gnav hand is one card (or none for a player out).")
        hands.append(hand[0] if hand else None)
    rest = list(PACK)
    for card in [c for c in hands if c is not None] + list(piles["stock"]):
        rest.remove(card)
    counters = deal.get("counters", [rules.counters] * players)
    if (not isinstance(counters, (list, tuple)) or len(counters) != players
            or not all(isinstance(n, int) and 0 <= n <= rules.counters for n in counters)):
        raise IllegalMove(f"{PREFIX}.deal", f"'counters' needs one number from 0 to {rules.counters} per seat.")
    lost = tuple(rules.counters - n for n in counters)
    return tuple(hands), tuple(piles["stock"]) + tuple(rest), lost


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


GNAV = Gnav()
