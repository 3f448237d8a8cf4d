"""Gnav's bots: strategy only, found by the registry (``tutor.games.bot_module``); nothing else in the package
imports it.

``heuristic`` is the "strong" level: stand on a five or better, change anything lower.  ``search`` is the "expert"
level: it deals the cards it cannot see many ways, each agreeing with what the table has shown this round, plays
standing and changing out to the end of the round with the rule of thumb for every other seat, and keeps the call
that made it pay least.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.bots import Said, said
from tutor.cards import GnavCard, GnavRank
from tutor.search import determinized

from .moves import CHANGE, STAND, Call
from .rules import PACK
from .state import GnavState

BUDGET = 0.06  # seconds of guessing per decision
LEAST = 24  # guesses made whatever the budget
REPLAY_TRIES = 6  # deals replayed to the mover's turn before the cards are dealt straight into the position
FOOL = GnavCard(GnavRank.FOOL)
PASSERS = (GnavRank.HORSE, GnavRank.HOUSE)  # a change asked of their holder passes on to the next player


# The rule of thumb stands on this card and higher.  A five has more unseen cards above it than below, yet standing
# on it does better than changing (a change may meet a Dragoon or a Cat and cost a counter): against random players
# over 20,000 games, standing from a five won 0.536 of the games, from a six 0.521 (benchmarks/RESULTS.md).
STAND_FROM = GnavRank.N5


def unseen_around(state: GnavState, me: int, card: GnavCard) -> tuple[int, int, int]:
    """How many of the cards ``me`` cannot see (the pack less their own card and the cards passed over from the
    stock) are lower than ``card``, equal to it, and higher."""
    hidden = list(PACK)
    for seen in (card, *state.aside):
        hidden.remove(seen)
    lower = sum(1 for c in hidden if c.rank < card.rank)
    same = sum(1 for c in hidden if c.rank == card.rank)
    return lower, same, len(hidden) - lower - same


def _a(words: str) -> str:
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def rule_of_thumb(state: GnavState) -> Call:
    """``heuristic``'s call without its words (the guessed rounds make thousands of them)."""
    card = state.hands[state.current]
    assert card is not None
    return STAND if card.is_matador or card.rank >= STAND_FROM else CHANGE


def heuristic(state: GnavState, rng: random.Random) -> tuple[Call, Said]:
    """Stand on a matador or a card of 5 and up; change anything lower, the Fool always.

    The reason's claims: ``matador`` (the card blocks a change), ``lowest-rank`` (no card of the pack is lower),
    ``unseen-around`` (the card; how many cards the seat cannot see are lower, equal and higher), ``change-with``
    (the seat a change goes to, ``None`` for the stock)."""
    me = state.current
    assert me is not None
    card = state.hands[me]
    assert card is not None
    if card.is_matador:
        higher = sum(1 for c in PACK if c.rank > card.rank)
        beaten = f"only {higher} cards of the pack beat it" if higher else "no card of the pack beats it"
        return STAND, said(f"The {card.english} is a matador: nobody can take it from me, and {beaten}, so I "
                           "stand.", ("matador", card), ("higher-in-pack", card, higher))
    if card.rank == GnavRank.FOOL:
        return CHANGE, said("The Fool is the lowest card of the pack: I change it.", ("lowest-rank", card))
    lower, same, higher = unseen_around(state, me, card)
    counted = (f"of the {lower + same + higher} cards I cannot see, {lower} are lower than my {card.english} and "
               f"{higher} higher")
    claim = ("unseen-around", card, lower, same, higher)
    if card.rank >= STAND_FROM:
        tail = "so I stand" if lower >= higher else "but a change can meet a matador, which may cost a counter: I stand"
        return STAND, said(f"{counted[0].upper()}{counted[1:]}, {tail}.", claim)
    where_seat = None if me == state.dealer else state.left_of(me)
    where = "the stock" if where_seat is None else state.names[where_seat]
    return CHANGE, said(f"{_a(card.english)[0].upper()}{_a(card.english)[1:]} is low: {counted}, so I change with "
                        f"{where}.", claim, ("change-with", where_seat))


# ---------------------------------------------------------------- the expert: guess the hidden cards, play the round


def search(state: GnavState, rng: random.Random, budget: float = BUDGET, least: int = LEAST) -> tuple[Call, Said]:
    """The expert's call and its reason: determinized (Monte Carlo) search over what the mover may know.

    The mover sees only their own card (and the one they were dealt), the cards
    passed over from the stock, and who knocked for a Fool.  The cards they cannot
    see (the other cards, the stock) are dealt again many ways, each agreeing with
    that (``RoundReading``); in each guessed deal the mover stands, and changes, and
    the round is played to its end with the rule of thumb for every other seat.
    The outcome is the counters the mover pays in the round (a Dragoon or a Cat can
    make it two); the call that paid least on average is chosen, the rule of
    thumb's call when they are equal.  The hidden cards are never looked at.
    Guesses for ``budget`` seconds, and at least ``least`` times (``budget=0``
    makes exactly ``least`` guesses, so a seeded ``rng`` gives the same answer).
    """
    me = state.current
    assert me is not None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0], said("It is the only call I can make.", ("only-move",))
    usual = rule_of_thumb(state)
    legal.sort(key=lambda call: call != usual)  # equal results go to the rule of thumb's call
    reading = RoundReading(state)
    paid = dict.fromkeys(legal, 0)  # the guessed rounds in which each call made the mover pay

    def play_out(world: GnavState, call: Call) -> float:
        counters = reading.play_out(world, call)
        paid[call] += counters > 0
        return -counters

    means, guesses = determinized(legal, lambda: reading.guess(rng), play_out, budget=budget, least=least)
    best = max(legal, key=means.__getitem__)
    other = next(call for call in legal if call != best)
    card = state.hands[me]
    assert card is not None
    where = "the stock" if me == state.dealer else state.names[state.left_of(me)]
    words = {STAND: f"standing on the {card.english}", CHANGE: f"changing with {where}"}
    first = words[best][0].upper() + words[best][1:]
    return best, said(f"{first} made me pay a counter in {paid[best] / guesses:.0%} of {guesses} guessed rounds; "
                      f"{words[other]}, in {paid[other] / guesses:.0%}.")


class RoundReading:
    """What the player to move knows of the round, for dealing the cards they cannot see.

    Known: their own card and the one they were dealt, the cards passed over from
    the stock (face up), and who knocked (was dealt a Fool).  A guess deals the
    round again from its start, agreeing with those: a player who knocked was dealt
    a Fool and nobody else was; if the mover's card is not the one they were dealt,
    the right-hand neighbour changed with them, so was dealt the mover's card (most
    likely).  The players before the mover then play their turns with the rule of
    thumb (standing on a good card, changing a poor one), and the deal is kept when
    that brings the mover the card they hold and passes over the cards passed over:
    so the cards of those who have moved are guessed as the calls made them, not
    at random.  When no such deal turns up in a few tries (the others did not play
    by the rule of thumb), the cards are dealt straight into the position:

    - the players still to move this round hold the card they were dealt (nobody
      has changed with them yet), so one who knocked still holds a Fool and the
      others hold none (unless the mover holds a Horse or House, which passes a
      change on past them);
    - the players who have moved hold their dealt cards between them, except that
      if the mover's card is not the one they were dealt, someone changed with them:
      the mover's dealt card went to that player (taken to be the right-hand
      neighbour) and the mover's card came from them;
    - Fools not dealt to anyone lie in the stock.
    """

    def __init__(self, state: GnavState) -> None:
        me = state.current
        assert me is not None
        self.state, self.me = state, me
        order, seat = [], state.dealer
        for _ in range(state.out.count(False)):
            seat = state.left_of(seat)
            order.append(seat)  # from the dealer's left round to the dealer
        at = order.index(me)
        mine, dealt = state.hands[me], state.dealt[me]
        assert mine is not None and dealt is not None
        self.changed = changed = mine != dealt
        passed_on = mine.rank in PASSERS
        self.fixed = [] if passed_on else order[at + 1:]  # still holding the card they were dealt
        self.mixed = order[:at] + (order[at + 1:] if passed_on else [])
        self.knocked = set(state.knocked) - {me}
        pool = list(PACK)  # in the pack's own order, so how the hidden cards lie cannot show through
        for card in list(state.aside) + [mine] + ([dealt] if changed else []):
            pool.remove(card)
        self.fools = pool.count(FOOL)
        self.plain = [c for c in pool if c != FOOL]
        # The player whose dealt card the mover now holds, and who now holds the mover's dealt card.
        self.giver = None
        if changed:
            right = order[at - 1] if at else None
            fits = [s for s in ([right] if right is not None else []) + self.mixed
                    if s in order[:at] and (s in self.knocked) == (mine == FOOL)]
            self.giver = fits[0] if fits else None
        self.mine, self.dealt = mine, dealt
        self.order, self.right = order, (order[at - 1] if at else None)

    def guess(self, rng: random.Random) -> GnavState:
        """One guessed deal of the cards the mover cannot see, as a state of the game: the round replayed to the
        mover's turn, or when that fails a few times, dealt straight into the position."""
        for _ in range(REPLAY_TRIES):
            world = self.replayed(rng)
            if world is not None:
                return world
        return self.dealt_anyhow(rng)

    def replayed(self, rng: random.Random) -> GnavState | None:
        """The round dealt again and played to the mover's turn with the rule of thumb; ``None`` when that does not
        bring the mover the card they hold, or does not pass over the cards passed over."""
        state, me, mine = self.state, self.me, self.mine
        plain = self.plain[:]
        rng.shuffle(plain)
        fools = self.fools
        dealt: dict[int, GnavCard] = {me: self.dealt}
        for seat in self.order:
            if seat == me:
                continue
            if self.changed and seat == self.right and (seat in self.knocked) == (mine == FOOL):
                dealt[seat] = mine
            elif seat in self.knocked and fools:
                dealt[seat] = FOOL
                fools -= 1
            else:
                dealt[seat] = plain.pop()
        for _ in range(fools):
            plain.insert(rng.randrange(len(plain) + 1), FOOL)
        stock = tuple(state.aside) + tuple(plain)  # the cards passed over came off the top
        hands = tuple(dealt.get(s) for s in range(len(state.hands)))
        world = replace(state, hands=hands, dealt=hands, stock=stock, dealt_stock=stock, aside=(),
                        current=self.order[0], events=())
        while world.current != me:
            if world.current is None or world.round != state.round:
                return None
            world = world.apply(rule_of_thumb(world))
        if world.hands[me] != mine or world.aside != state.aside:
            return None
        return replace(world, lost=state.lost, events=state.events)

    def dealt_anyhow(self, rng: random.Random) -> GnavState:
        """The cards the mover cannot see dealt straight into the position (see the class's notes)."""
        state, me = self.state, self.me
        plain = self.plain[:]
        rng.shuffle(plain)
        fools = self.fools
        dealt: dict[int, GnavCard] = {}
        for seat in self.fixed + self.mixed:
            if seat == self.giver:
                dealt[seat] = self.mine
            elif seat in self.knocked and fools:
                dealt[seat] = FOOL
                fools -= 1
            else:
                dealt[seat] = plain.pop()
        hands = dict(dealt)
        mixed = [dealt[s] for s in self.mixed]
        if self.giver is not None:
            mixed.remove(self.mine)
            hands[self.giver] = self.dealt
        elif self.changed and mixed:
            mixed[0] = self.dealt  # nobody fits the change: the mover's dealt card is somewhere among them
        rest = [s for s in self.mixed if s != self.giver]
        rng.shuffle(mixed)
        for seat, card in zip(rest, mixed):
            hands[seat] = card
        stock = plain  # already in a random order; the Fools left go in at random places
        for _ in range(fools):
            stock.insert(rng.randrange(len(stock) + 1), FOOL)
        hands[me], dealt[me] = self.mine, self.dealt
        seats = range(len(state.hands))
        return replace(state, hands=tuple(hands.get(s) for s in seats), dealt=tuple(dealt.get(s) for s in seats),
                       stock=tuple(stock), dealt_stock=tuple(state.aside) + tuple(stock))

    def play_out(self, world: GnavState, call: Call) -> int:
        """Make ``call`` in the guessed deal and play the round out with the rule of thumb for every other seat:
        the counters the mover pays in it."""
        me, round_no = self.me, world.round
        state = world.apply(call)
        while state.current is not None and state.round == round_no:
            state = state.apply(rule_of_thumb(state))
        return state.lost[me] - world.lost[me]

