"""The Pymtheg bots: count the hand (high cards, element length), bid what the partnership can make, double a
contract the hand can beat, and play each contract's way (win tricks, duck them, or force them on the Ry).

``heuristic`` is a rule-based player that says why in words; the "strong" bot level uses it and the play app's
hint shows its reason, and ``offer_choice`` decides its doubles out of turn.  ``search`` (the "expert" level)
searches for its cards (``search.py``) and bids, doubles and names trump as the rule-based bot does.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from tutor.bots import Said, said
from tutor.cards import Element, ElementCard
from tutor.games.pymtheg.moves import BIDS, PASS, TRUMPS, Bid, CardPlay
from tutor.games.pymtheg.rules import NO_TRUMP, PLAYERS
from tutor.games.burn.scoring import PYMTHEG_SCORING
from tutor.games.pymtheg.scoring import BID_NAMES, GAM_RANK, KIND, PARTNER_COST, TRICKS, needs
from tutor.games.pymtheg.search import search_card
from tutor.games.pymtheg.state import PymthegState, bid_words
from tutor.search import ONLY_CARD

PARTNER = 3.5  # the tricks a partner's unseen hand is worth on average (a quarter of fifteen, a little less)
HONOURS = {15: 1.0, 14: 0.7, 13: 0.45, 12: 0.25}  # what a high card is worth in tricks, before length
RY_SAFE = 9  # Ry when the cards above 8 add up to at most this much danger (break-even is about 11)
FIRE, WATER = Element.FIRE, Element.WATER


def heuristic(state: PymthegState, rng: random.Random) -> tuple[Any, str]:
    """The bot's move and its reason in words."""
    stage = state.stage
    if stage == "auction":
        return bid_choice(state)
    if stage == "trump":
        return trump_choice(state)
    legal = [a for a in state.legal_actions() if type(a) is CardPlay]  # a double is the bot's own choice (offer_choice)
    if len(legal) == 1:
        return legal[0], said(ONLY_CARD, ("only-move",))
    return Player(state, legal).choose()


def search(state: PymthegState, rng: random.Random, *, budget: float = 0.1, least: int = 6) -> tuple[Any, str]:
    """The searched card (``search.search_card``, within ``budget`` seconds) in the play; the rule-based bot's
    bid, pass or trump otherwise."""
    if state.stage not in ("play", "burn"):
        return heuristic(state, rng)
    return search_card(state, rng, budget=budget, least=least)


# ---------------------------------------------------------------- counting a hand


def by_element(hand: Sequence[ElementCard]) -> dict[Element, list[int]]:
    """The values held in each element, highest first."""
    out: dict[Element, list[int]] = {e: [] for e in Element}
    for card in hand:
        out[card.element].append(card.value)
    for values in out.values():
        values.sort(reverse=True)
    return out


def tricks_with(hand: Sequence[ElementCard], trump: Element | None) -> float:
    """About how many tricks this hand takes with ``trump`` (``None``: no trump): high cards, then length."""
    total = 0.0
    suits = by_element(hand)
    for elem, values in suits.items():
        honours = sum(HONOURS.get(v, 0.0) for v in values[:3])
        total += min(honours, len(values))
        if elem is trump:
            total += 0.9 * max(0, len(values) - 4)
        elif trump is None and len(values) >= 6 and values[0] >= 13:
            total += 0.6 * (len(values) - 5)
    if trump is not None and len(suits[trump]) >= 4:
        total += sum(0.6 if not values else 0.25 if len(values) == 1 else 0.0
                     for elem, values in suits.items() if elem is not trump)
    return total


def best_trump(hand: Sequence[ElementCard]) -> tuple[Element | None, float]:
    """The trump (or no trump) under which the hand takes the most tricks, and that many."""
    options = [(tricks_with(hand, e), -i, e) for i, e in enumerate(list(Element) + [None])]
    est, _i, trump = max(options, key=lambda o: (o[0], o[1]))
    return trump, est


def ry_danger(hand: Sequence[ElementCard]) -> int:
    """How likely the hand is to be forced to take a trick without trump: the sum of how far each card is
    above 8, counting more in a short element (a short element runs out of low cards to play under)."""
    suits = by_element(hand)
    return sum(max(0, v - 8) * (2 if len(values) <= 2 else 1) for values in suits.values() for v in values)


def trump_words(trump: Element | None) -> str:
    return "without trump" if trump is None else f"with {trump.english} as trump"


# ---------------------------------------------------------------- the auction


def bid_choice(state: PymthegState) -> tuple[Any, str]:
    """Count the hand, add what a partner is worth, and bid the lowest contract the pair can make."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    trump, mine = best_trump(hand)
    high = state.high_bid()
    partner_bid = any(s == (me + 2) % PLAYERS and isinstance(c, Bid) and KIND[c.rank] == "gam"
                      for s, c in state.calls)
    team = mine + PARTNER + (1.0 if partner_bid else 0.0)
    open_bids = state.bids_open()
    ranks = {b.rank for b in open_bids}
    counted = (f"My hand is worth about {mine:.1f} tricks {trump_words(trump)}, so with my partner about "
               f"{team:.1f}")
    if high is not None and high[0] % 2 == me % 2:
        return PASS, said(f"My partner has the highest bid ({BID_NAMES[high[1].rank]}): no need to go over it.",
                          ("partner-high", high[1].rank))
    danger = ry_danger(hand)
    if danger <= RY_SAFE and 4 in ranks and mine < 4:
        return BIDS[4, None], said(f"My cards are low (danger {danger}: few above 8), so I can hope to take no "
                                   "trick at all: I bid Ry.")
    for level in range(7):
        rank = GAM_RANK[level]
        if rank not in ranks:
            continue
        if team + 0.5 < needs(level):
            break
        code = None
        if trump is not None and team - needs(level) >= 1.0 and len(by_element(hand)[trump]) >= 6:
            code = trump.code
        elif trump is None and team - needs(level) >= 1.5:
            code = NO_TRUMP
        bid = BIDS[rank, code]
        named = " Naming the trump now scores more." if code else ""
        return bid, said(f"{counted}; {BID_NAMES[rank]} needs {needs(level)}: I bid {bid_words(bid)}.{named}",
                         ("needs", rank, needs(level)))
    if high is None:
        return PASS, said(f"{counted}; {BID_NAMES[GAM_RANK[0]]} needs {needs(0)} tricks together, so I pass.",
                          ("needs", GAM_RANK[0], needs(0)))
    return PASS, said(f"{counted}: not enough to go over {BID_NAMES[high[1].rank]}, so I pass.",
                      ("highest-bid", high[1].rank))


def offer_choice(state: PymthegState, seat: int, rng: random.Random | None = None) -> tuple[Any, str]:
    """Y7, out of turn: an opponent doubles a contract its side should beat; a declarer redoubles with tricks to
    spare.  ``None`` when the bot lets the chance go (nobody says anything).  No chance is involved (``rng``)."""
    offers = state.offers(seat)
    if not offers:
        return None, ""
    action, reason = (double_choice if offers[0].word == "double" else redouble_choice)(state, seat)
    return (offers[0] if action else None), reason


def double_choice(state: PymthegState, me: int) -> tuple[bool, str]:
    """Double when this hand (and an average partner) should beat the contract."""
    contract = state.contract
    assert contract is not None
    hand = state.hands[me]
    if contract.kind == "lon":
        top = max(hand, key=lambda c: c.value)
        if top.value >= 14:
            return True, said(f"Lon needs every trick, and my {top.english} should take one: I double.")
        return False, said("Lon needs every trick, but I have no card sure to take one: no double.")
    if contract.kind == "ry":
        low = sum(1 for c in hand if c.value <= 5)
        if low >= 7:
            return True, said(f"I hold {low} cards of 5 or less: I can play under the Ry bidder again and again "
                              "and force a trick on them. I double.", ("count-at-most", me, 5, low))
        return False, said(f"I hold only {low} cards of 5 or less, not enough to force a trick on the Ry bidder: "
                           "no double.", ("count-at-most", me, 5, low))
    trump = contract.trump if contract.during else None
    ours = tricks_with(hand, trump) + PARTNER
    beat = TRICKS - needs(contract.level) + 1
    if ours >= beat + 1.5:
        return True, said(f"The declarers need {needs(contract.level)} tricks, so {beat} for my side beats them; "
                          f"I expect about {ours:.1f}. I double.", ("beat", contract.level, beat))
    return False, said(f"My side expects about {ours:.1f} tricks and needs {beat} to beat {contract.name}: "
                       "too close to double.", ("beat", contract.level, beat))


def redouble_choice(state: PymthegState, me: int) -> tuple[bool, str]:
    """Redouble only with tricks to spare."""
    contract = state.contract
    assert contract is not None
    if contract.kind != "gam":
        return False, said("Doubled already; a Ry or a Lon is risky enough: no redouble.")
    trump, mine = best_trump(state.hands[me])
    team = mine + PARTNER
    need = needs(contract.level)
    if team >= need + 2:
        return True, said(f"I expect about {team:.1f} tricks with my partner and need {need}: I redouble.",
                          ("needs", GAM_RANK[contract.level], need))
    return False, said(f"I expect about {team:.1f} tricks with my partner and need {need}: no margin to redouble.",
                       ("needs", GAM_RANK[contract.level], need))


def trump_choice(state: PymthegState) -> tuple[Any, str]:
    """Name the element under which the hand takes the most tricks."""
    me = state.current
    assert me is not None
    trump, est = best_trump(state.hands[me])
    if trump is None:
        return TRUMPS[NO_TRUMP], said(f"My high cards are spread evenly: I play without trump (about {est:.1f} "
                                      "tricks).")
    n = len(by_element(state.hands[me])[trump])
    return TRUMPS[trump.code], said(f"I hold {n} {trump.english} cards: I name {trump.english} as trump.",
                                    ("holds-element", me, trump, n))


# ---------------------------------------------------------------- playing the cards


class Player:
    """The trick as the bot reads it, and how its contract wants it played."""

    def __init__(self, state: PymthegState, legal: list[CardPlay]) -> None:
        self.state = state
        self.legal = legal
        self.me = me = state.current
        assert me is not None
        self.plays = state.plays
        self.trumps = state.trumps
        self.led = self.plays[0][1].element if self.plays else None
        self.win_at = self.winner()
        self.last = len(self.plays) == PLAYERS - 1
        self.seen = {c for t in state.tricks for c in t.cards} | {c for _s, c in self.plays} | set(state.hands[me])

    def winner(self) -> tuple[int, ElementCard] | None:
        """The play winning the trick so far."""
        best = None
        for seat, card in self.plays:
            if best is None or self.beats(card, best[1]):
                best = (seat, card)
        return best

    def beats(self, card: ElementCard, other: ElementCard) -> bool:
        """Whether ``card``, played after ``other``, would take the trick from it."""
        if card.element is other.element:
            return card.value > other.value
        return card.element is self.trumps

    def winning(self) -> list[CardPlay]:
        return [a for a in self.legal if self.win_at is None or self.beats(a.card, self.win_at[1])]

    def master(self, card: ElementCard) -> bool:
        """True when no unseen card of its element is higher."""
        return all(v in {c.value for c in self.seen if c.element is card.element}
                   for v in range(card.value + 1, 16))

    def choose(self) -> tuple[CardPlay, Said]:
        """The card, and why in words with the facts the words state (``Said.claims``): ``only-move``; ``needs``
        (a bid's rank, the tricks it needs); ``partner-high`` / ``highest-bid`` (the auction); ``count-at-most``
        (seat, value, how many cards of that value or less it holds); ``beat`` (a contract's level, the tricks that
        beat it); ``holds-element`` (seat, element, how many); ``master`` (no unseen card of its element is higher);
        ``winning`` (the seat winning the trick so far); ``beats`` / ``loses`` (a card against the trick so far);
        ``cheapest-winner``, ``highest-loser``, ``all-beat``, ``none-beats``; ``lowest`` / ``highest`` (a card,
        and the element it is lowest or highest apart from, or ``None``); ``void`` (seat, element);
        ``fire-cost`` (what a Fire card taken costs in Burn); ``lon-lost``."""
        state = self.state
        if state.stage == "burn":
            return self.burn()
        contract = state.contract
        assert contract is not None
        me, declarer = self.me, contract.declarer
        if contract.kind == "ry":
            if me == declarer or (contract.level == 3 and me % 2 == declarer % 2):
                return self.duck("I must not take a trick in this Ry")
            if me % 2 == declarer % 2:
                return self.guard(contract.level)
            return self.force(declarer)
        if contract.kind == "lon" and me == (declarer + 2) % PLAYERS:
            lost = sum(state.taken) > state.taken[declarer]
            if not lost:
                return self.duck("My partner plays Lon and must take every trick alone")
            return self.take("The Lon is lost already: I take tricks myself so the opponents take fewer",
                             ("lon-lost",))
        ours = me % 2 == declarer % 2
        return self.take("My side needs tricks" if ours else "To beat the contract my side needs tricks")

    # -- ways of playing

    def _lowest(self, cards: list[CardPlay]) -> tuple[CardPlay, tuple]:
        """The lowest of ``cards``, a trump only when nothing else is left, and the claim that says so."""
        pick = min(cards, key=lambda a: (a.card.element is self.trumps, a.card.value))
        apart = self.trumps if pick.card.element is not self.trumps else None
        return pick, ("lowest", pick.card, apart)

    def take(self, why: str, *claims: tuple) -> tuple[CardPlay, Said]:
        """Win tricks: cash masters, win as cheaply as possible, leave a partner's winning trick alone."""
        legal, me = self.legal, self.me
        if self.led is None:
            masters = [a for a in legal if self.master(a.card)]
            if masters:
                pick = max(masters, key=lambda a: (a.card.element is not self.trumps, a.card.value))
                return pick, said(f"{why}. The {pick.card.english} is the highest card left of its element: I lead "
                                  "it.", *claims, ("master", pick.card))
            pick, low = self._lowest(legal)
            return pick, said(f"{why}. Nothing is sure to win yet: I lead low, the {pick.card.english}.", *claims,
                              low)
        partner_wins = self.win_at is not None and self.win_at[0] % 2 == me % 2
        wins = self.winning()
        if partner_wins and (self.last or self.master(self.win_at[1])):
            pick, low = self._lowest(legal)
            return pick, said(f"{why}; my partner is winning this trick already: I play my lowest, the "
                              f"{pick.card.english}.", *claims, ("winning", self.win_at[0]), low)
        if wins:
            pick = min(wins, key=lambda a: (a.card.element is self.trumps, a.card.value))
            if not self.last and not self.master(pick.card):
                masters = [a for a in wins if self.master(a.card)]
                if masters:
                    pick = min(masters, key=lambda a: a.card.value)
                    return pick, said(f"{why}: I win this trick with the {pick.card.english}, the highest card left "
                                      "of its element, so no card of its element played after mine can beat it.",
                                      *claims, ("beats", pick.card), ("master", pick.card))
            return pick, said(f"{why}: I win this trick as cheaply as I can, with the {pick.card.english}.", *claims,
                              ("beats", pick.card), ("cheapest-winner", pick.card))
        pick, low = self._lowest(legal)
        return pick, said(f"{why}, but I cannot win this one: I throw my lowest, the {pick.card.english}.", *claims,
                          ("none-beats",), low)

    def duck(self, why: str) -> tuple[CardPlay, Said]:
        """Take no trick: stay under the winning card, throw high cards when you cannot follow."""
        legal = self.legal
        if self.led is None:
            pick = min(legal, key=lambda a: a.card.value)
            return pick, said(f"{why}: I lead my lowest card, the {pick.card.english}.", ("lowest", pick.card, None))
        under = [a for a in legal if not self.beats(a.card, self.win_at[1])]
        if under:
            pick = max(under, key=lambda a: a.card.value)
            return pick, said(f"{why}: I play the {pick.card.english}, my highest card that still loses.",
                              ("loses", pick.card), ("highest-loser", pick.card))
        if self.last:
            pick = max(legal, key=lambda a: a.card.value)
            return pick, said(f"{why}, but every card I may play wins the trick: I win it with my highest, the "
                              f"{pick.card.english}, and keep the low ones.", ("all-beat",),
                              ("highest", pick.card, None))
        pick = min(legal, key=lambda a: a.card.value)
        return pick, said(f"{why}, but every card I may play wins so far: I play my lowest, the {pick.card.english}, "
                          "and hope someone goes over.", ("all-beat",), ("lowest", pick.card, None))

    def guard(self, level: int) -> tuple[CardPlay, Said]:
        """The Ry bidder's partner: take over a trick the bidder is winning (in Ry 2 only then: tricks cost)."""
        declarer = (self.me + 2) % PLAYERS
        if self.win_at is not None and self.win_at[0] == declarer:
            wins = self.winning()
            if wins:
                pick = max(wins, key=lambda a: a.card.value)
                return pick, said(f"My partner is winning this trick and must not: I take it over with the "
                                  f"{pick.card.english}.", ("winning", declarer), ("beats", pick.card))
        if level == 2:
            return self.duck(f"In Ry 2 each trick I take costs {PARTNER_COST}")
        return self.take("In Ry my tricks do not count, and each one I take cannot go to my partner")

    def force(self, declarer: int) -> tuple[CardPlay, Said]:
        """Against a Ry: play low so the bidder's card wins; never beat the bidder."""
        legal = self.legal
        if self.win_at is not None and self.win_at[0] == declarer:
            under = [a for a in legal if not self.beats(a.card, self.win_at[1])]
            if under:
                pick = max(under, key=lambda a: a.card.value)
                return pick, said(f"The Ry bidder is winning this trick: I stay under with the {pick.card.english} "
                                  "and let them take it.", ("winning", declarer), ("loses", pick.card),
                                  ("highest-loser", pick.card))
        pick = min(legal, key=lambda a: a.card.value)
        return pick, said(f"Against a Ry, I keep my cards low so the bidder's card ends up the highest: I play the "
                          f"{pick.card.english}.", ("lowest", pick.card, None))

    def burn(self) -> tuple[CardPlay, Said]:
        """Burn inside Pymtheg: stay out of tricks with Fire in them, give Fire away when you cannot follow."""
        legal = self.legal
        if self.led is None:
            safe = [a for a in legal if a.card.element is not FIRE] or legal
            pick = min(safe, key=lambda a: a.card.value)
            apart = FIRE if pick.card.element is not FIRE else None
            how = "low and not Fire" if apart else "my lowest Fire, since I hold only Fire"
            return pick, said(f"Burn: I lead {how}, the {pick.card.english}, so someone else takes the trick.",
                              ("lowest", pick.card, apart))
        if legal[0].card.element is not self.led:
            fire = [a for a in legal if a.card.element is FIRE]
            pick = max(fire or legal, key=lambda a: a.card.value)
            return pick, said(f"Burn: I have no {self.led.english}, so I cannot take this trick: I get rid of the "
                              f"{pick.card.english}.", ("void", self.me, self.led), ("loses", pick.card))
        cost = -PYMTHEG_SCORING.per_fire
        return self.duck(f"Burn: each Fire card I take costs {cost}")
