"""Applying a move in Cârts Tîty: ``_Turn``, every move made the long way, one method per kind, each saying the
rule it applies (T2–T13): chains, swaps, the last card, overflow, reshuffles, the end of a round and the next one;
and the words of the moves made most (``_Words``), made once per table and shared.

``CartsState.apply`` (``state.py``) makes the common moves quickly itself and hands every other move to ``_Turn``.
A position is read by its fields and the next one built as the same class (``type(state)``), so this file never
imports the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.cards import ElementCard, element_pack
from tutor.engine import Event, Turn
from tutor.match import next_dealer

from .deal import deal_from, shuffler
from .moves import _ALL, FOLLOW, MATCH, SIXTEENS, chain_cost
from .rules import (CHAIN_CAP, CHAIN_STEP, FORGOT, FORGOT_MORE, FORGOT_OVER, HAND, MAX_ROUNDS, OVERFLOW, PREFIX,
                    R_CHAIN, R_CHAIN_DOUBLE, R_CHAIN_DRAW, R_CHAIN_SKIP, R_DRAW, R_FOLLOW, R_PLAY, ROUND_LIMIT,
                    SHORT_TURNS, SWAPS, VOID_AT, R, cards_word, round_limit)
from .scoring import RoundScore, score_round

if TYPE_CHECKING:
    from .state import CartsState

_new = tuple.__new__  # builds a named tuple from its fields without the generated constructor (a move's cost)


# ---------------------------------------------------------------- the words of the moves


def play_words(card: ElementCard, top: ElementCard) -> str:
    """What playing ``card`` on ``top`` says, after the player's name: " plays Water 7 on Fire 6: a follow-up."."""
    follow = abs(card.value - top.value) == 1
    return f" plays {card.english} on {top.english}{': a follow-up' if follow else ''}."


# PLAY_WORDS[top][card]: the words of every play there can be, made once (a move's text is most of its cost).
PLAY_WORDS = {top: {card: play_words(card, top) for card in MATCH[top]} for top in _ALL}


def chain_words(before: int, count: int, doubles: bool, same: bool, nxt: str) -> tuple[str, str]:
    """The rule and words of a chain that grows from ``before`` to ``count`` cards (T4, T7)."""
    grow = f"The chain {'doubles' if doubles else 'grows'} to {count}. " if before else ""
    if same:
        return (R["chain.double"] if doubles else R["chain.skip"],
                f"{grow}Same element: {nxt} misses the turn unless they answer with a follow-up.")
    return (R_CHAIN_DOUBLE if doubles else R_CHAIN, f"{grow}{nxt} draws {count} unless they answer with a follow-up.")


class _Words:
    """The events of the moves made most at one table, made once and shared (they are immutable)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.draw = tuple((_new(Event, (R_DRAW, f"{name} draws a card.", "", "", seat)),)
                          for seat, name in enumerate(names))
        self.skip = tuple((_new(Event, (R_CHAIN_SKIP, f"{name} does not answer and misses the turn, drawing "
                                                      "nothing.", "", "", seat)),) for seat, name in enumerate(names))
        self.plays: tuple[dict[tuple[ElementCard, ElementCard], tuple[Event, ...]], ...] = tuple(
            {} for _ in names)
        self.pays: dict[tuple[int, int], tuple[Event, ...]] = {}
        self.chains: dict[tuple[int, int, bool, bool, int], tuple[int, Event]] = {}

    def play(self, seat: int, card: ElementCard, top: ElementCard) -> tuple[Event, ...]:
        """``seat`` plays ``card`` on ``top`` (T2), a follow-up or not."""
        key = card, top
        events = self.plays[seat].get(key)
        if events is None:
            rule = R_FOLLOW if card in FOLLOW[top] else R_PLAY
            events = self.plays[seat][key] = (_new(Event, (rule, self.names[seat] + PLAY_WORDS[top][card], "", "",
                                                           seat)),)
        return events

    def pay(self, seat: int, cost: int) -> tuple[Event, ...]:
        """``seat`` draws the ``cost`` cards of a chain (T4)."""
        key = seat, cost
        events = self.pays.get(key)
        if events is None:
            events = self.pays[key] = (_new(Event, (R_CHAIN_DRAW, f"{self.names[seat]} does not answer, and draws "
                                                                  f"{cards_word(cost)}.", "", "", seat)),)
        return events

    def chain(self, seat: int, before: int, doubles: bool, same: bool, nxt: int) -> tuple[int, Event]:
        """``seat``'s follow-up makes a chain of ``before`` cards grow against ``nxt`` (T4, T7): its new count."""
        key = seat, before, doubles, same, nxt
        known = self.chains.get(key)
        if known is None:
            count = before * 2 if doubles else before + CHAIN_STEP
            rule, text = chain_words(before, count, doubles, same, self.names[nxt])
            known = self.chains[key] = count, _new(Event, (rule, text, "", "", seat))
        return known


_WORDS: dict[tuple[str, ...], _Words] = {}
_LAST_WORDS = [_Words(())]  # the table used last: found by identity, without hashing the names


def words_at(names: tuple[str, ...]) -> _Words:
    """The shared events of a table with these names (a few tables are kept)."""
    words = _LAST_WORDS[0]
    if words.names is names:
        return words
    words = _WORDS.get(names)
    if words is None:
        if len(_WORDS) >= 64:
            _WORDS.clear()
        words = _WORDS[names] = _Words(names)
    _LAST_WORDS[0] = words
    return words


# ---------------------------------------------------------------- moves (one function per kind, citing rules)


class _Turn(Turn):
    """Scratch space for one move: the parts of the state that change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: CartsState) -> None:
        # What ``Turn.__init__`` does, and every field at once (one is made per move).
        self.state = self.s = state
        self.events: list[Event] = []
        (_, self.rules, self.names, _, hands, self.stock, self.pile, _, self.chain, self.chain_same, self.swaps,
         self.owes, self.called, self.due, self.out, _, self.passes, moves, self.round_no, self.dealer,
         self.shuffles, self.sheet, _, _) = state
        self.hands = list(hands)
        self.moves = moves + 1
        self.extra = False
        self.last: RoundScore | None = None
        self.newly_due = False  # the mover went down to one card without announcing it (T10)
        self.ended = False  # the round is over
        self.resume: int | None = None  # who starts the next round of a match; None: the game is over

    # -- the moves

    def play(self, me: int, card: ElementCard) -> CartsState:
        """T2: the card goes on the pile; a follow-up starts or extends a chain (T4, T7); 16 (T9)."""
        hand = self.hands[me]
        i = hand.index(card)
        self.hands[me] = hand = hand[:i] + hand[i + 1:]
        pile = self.pile
        top = pile[-1]
        self.pile = pile + (card,)
        self.passes = 0
        follow = card in FOLLOW[top]
        self.events.append(_new(Event, (R_FOLLOW if follow else R_PLAY, self.names[me] + PLAY_WORDS[top][card],
                                        "", "", me)))
        if not hand:
            return self.win(me)
        rules = self.rules
        if len(hand) == 1 and rules.last_card and not self.called[me]:
            self.newly_due = True
        if follow:
            self.extend_chain(me, card, top)
        elif rules.sixteen and card in SIXTEENS[top]:
            if self.one_card():
                self.say("one-card", f"{top.english} and {card.english} make 16, but while someone holds one "
                                     "card there are no extra turns.", player=me)
            else:
                self.say("sixteen", f"{top.english} and {card.english} make 16 in one element: "
                                    f"{self.names[me]} takes an extra turn.", player=me)
                self.extra = True
                return self.build(me)
        return self.pass_turn(me)

    def extend_chain(self, me: int, card: ElementCard, top: ElementCard) -> None:
        """T4, T7: the chain grows by two (or doubles); past 10 it breaks; the last follow-up sets its cost."""
        before = self.chain
        doubles = self.rules.chain_doubles and before
        count = before * 2 if doubles else before + CHAIN_STEP
        nxt = self.names[self.next_seat(me)]
        if count > CHAIN_CAP:
            self.chain, self.chain_same = 0, False
            self.say("chain.break", f"That would make {count}, more than {CHAIN_CAP}: the chain breaks, nobody "
                                    f"draws, and {nxt} plays as usual.", player=me)
            return
        self.chain = count
        self.chain_same = same = card.element is top.element
        rule, text = chain_words(before, count, bool(doubles), same, nxt)
        self.events.append(_new(Event, (rule, text, "", "", me)))

    def draw_one(self, me: int) -> CartsState:
        """T3: draw one card and the turn ends (with nothing left to draw, the turn just passes)."""
        stock = self.stock
        if stock:  # the usual case, made quick
            self.hands[me] += stock[:1]
            self.stock = stock[1:]
            got = 1
        else:
            got = self.draw(me, 1) if len(self.pile) > 1 else 0
        if got:
            self.passes = 0
            self.events += words_at(self.names).draw[me]
        else:
            self.passes += 1
            self.say("draw", f"{self.names[me]} cannot play and there is nothing to draw: the turn passes.",
                     player=me)
        return self.pass_turn(me)

    def pay(self, me: int) -> CartsState:
        """T4: draw what the chain costs (T10: one more for a one-card player); the turn ends (T6)."""
        chain = self.chain
        cost = chain_cost(self.s, me)
        name = self.names[me]
        if cost != chain:
            self.say("last-card.draw-one", f"{name} holds one card, so the chain costs one more: "
                                           f"{chain} + 1 = {cost}.", player=me)
        got = self.draw(me, cost)
        self.chain = 0
        self.passes = 0
        short = f" (only {got} could be drawn)" if got < cost else ""
        self.say("chain.draw", f"{name} does not answer, and draws {cards_word(cost)}{short}.", player=me)
        if self.rules.penalised_plays:
            self.say("chain.plays-on", f"{name} has paid the chain and now plays the turn as usual.", player=me)
            return self.build(me)
        return self.pass_turn(me)

    def skip(self, me: int) -> CartsState:
        """T7: the same-element chain costs the turn, and no cards."""
        self.chain, self.chain_same = 0, False
        self.events += words_at(self.names).skip[me]
        return self.pass_turn(me)

    def swap(self, me: int) -> CartsState:
        """T8: the hand goes under the pile's top card, as many are drawn, the turn ends and the next is missed."""
        hand = self.hands[me]
        n = len(hand)
        self.pile = self.pile[:-1] + hand + self.pile[-1:]
        self.hands[me] = ()
        swaps = list(self.swaps)
        swaps[me] -= 1
        self.swaps = tuple(swaps)
        owes = list(self.owes)
        owes[me] = True
        self.owes = tuple(owes)
        self.passes = 0
        self.say("swap", f"{self.names[me]} puts all {n} cards under the top card of the pile and draws {n} new "
                         f"ones ({swaps[me]} swap{'s' * (swaps[me] != 1)} left), and will miss the next turn.",
                 player=me)
        self.draw(me, n)
        return self.pass_turn(me)

    def call(self, me: int) -> CartsState:
        """T10: the announcement, made before playing down to one card; the turn goes on."""
        called = list(self.called)
        called[me] = True
        self.called = tuple(called)
        self.extra = self.s.extra
        self.say("last-card", f"{self.names[me]} announces their last card:",
                 ("Last card!", "I am about to hold one card."), player=me)
        return self.build(me)

    # -- drawing and the stock (T12)

    def draw(self, seat: int, n: int) -> int:
        """Draw ``n`` cards into ``seat``'s hand, shuffling the pile into a new stock when it runs out (T12)."""
        got: list[ElementCard] = []
        while len(got) < n:
            if not self.stock:
                if len(self.pile) < 2:
                    self.say("stock", "The stock and the pile are used up: "
                                      f"{cards_word(len(got))} could be drawn, not {n}.", player=seat)
                    break
                self.refill()
            take = min(n - len(got), len(self.stock))
            got += self.stock[:take]
            self.stock = self.stock[take:]
        self.hands[seat] += tuple(got)  # a drawn card goes at the end of the hand (the view sorts it)
        return len(got)

    def refill(self) -> None:
        """T12: all of the pile but its top card, shuffled, is the new stock."""
        rest = list(self.pile[:-1])
        shuffler(self.s.setup.seed, self.round_no, self.shuffles).shuffle(rest)
        self.shuffles += 1
        self.stock = tuple(rest)
        self.pile = self.pile[-1:]
        self.say("stock", f"The stock is empty: the pile but its top card, {cards_word(len(rest))}, is shuffled "
                          "into a new stock.")

    # -- the end of a turn and the next player

    def next_seat(self, seat: int) -> int:
        """The next player still in, to the left."""
        out = self.out
        players = len(out)
        nxt = seat + 1 if seat + 1 < players else 0
        while out[nxt] and nxt != seat:  # T11: a player out has no more turns
            nxt = nxt + 1 if nxt + 1 < players else 0
        return nxt

    def one_card(self) -> bool:
        """T10: someone still in holds exactly one card (and the last-card rules are played); a player who is
        out holds no cards."""
        return self.rules.last_card and 1 in map(len, self.hands)

    def end_turn(self, seat: int) -> bool:
        """After ``seat``'s turn: overflow (T11), a forgotten announcement caught (T10); True if the round ends."""
        hands = self.hands
        if len(hands[seat]) > OVERFLOW and self.rules.overflow and not self.out[seat]:
            out = list(self.out)
            out[seat] = True
            self.out = tuple(out)
            held = hands[seat]
            self.say("overflow", f"{self.names[seat]} ends the turn with {len(held)} cards, more than {OVERFLOW}: "
                                 "out of the game. The cards go under the pile's top card.", player=seat)
            self.pile = self.pile[:-1] + held + self.pile[-1:]
            hands[seat] = ()
            live = [s for s in range(len(hands)) if not out[s]]
            if len(live) == 1:
                self.finish(live[0], "last-standing")
                return True
        due = self.due
        if due >= 0:
            if due != seat and len(hands[due]) == 1 and not self.out[due]:
                self.forgot(due)
            self.due = -1
        if self.newly_due:
            self.due = seat
        if True in self.called:
            self.called = tuple(c and len(h) == 1 for c, h in zip(self.called, hands))
        return False

    def forgot(self, seat: int) -> None:
        """T10: down to one card unannounced, caught once the next player has played: 5 cards, or 7."""
        many = any(len(h) > FORGOT_OVER and not o for s, (h, o) in enumerate(zip(self.hands, self.out)) if s != seat)
        n = FORGOT_MORE if many else FORGOT
        why = f" (someone else holds more than {FORGOT_OVER} cards)" if many else ""
        name = self.names[seat]
        self.say("last-card.forgot", f"{name} went down to one card without saying “Last card!”, and the next "
                                     f"player has played: {name} draws {cards_word(n)}{why}.", player=seat)
        self.draw(seat, n)

    def pass_turn(self, me: int) -> CartsState:
        """The turn ends: checks (T11, T10), then the next player in, who may miss the turn (T8) or face a chain."""
        # end_turn does nothing unless a hand may overflow, a call is to be checked or announced cards tidied.
        if (len(self.hands[me]) > OVERFLOW or self.due >= 0 or self.newly_due or True in self.called) \
                and self.end_turn(me):
            return self.build(self.resume)
        if self.moves >= round_limit(self.rules, len(self.hands)):
            if self.rules.short:
                return self.stuck(f"The short game's {SHORT_TURNS} turns each are played and nobody is out of "
                                  "cards: the round stops here.")
            return self.stuck(f"{ROUND_LIMIT} moves and nobody is out of cards: the round stops here.")
        if self.passes and self.passes >= self.out.count(False):
            return self.stuck("Nobody can play and there is nothing to draw: the round is stuck.")
        seat = self.next_seat(me)
        while self.owes[seat]:
            owes = list(self.owes)
            owes[seat] = False
            self.owes = tuple(owes)
            if self.one_card():
                self.say("one-card", f"{self.names[seat]} would miss this turn after swapping, but while someone "
                                     "holds one card nobody misses a turn.", player=seat)
                break
            if self.chain:
                self.chain_on_skipped(seat)
            else:
                self.say("skip", f"{self.names[seat]} swapped last turn and misses this one.", player=seat)
            if self.end_turn(seat):
                return self.build(self.resume)
            seat = self.next_seat(seat)
        if self.chain:
            self.chain_due(seat)
        return self.build(seat)

    def chain_on_skipped(self, seat: int) -> None:
        """A chain that falls on a player missing the turn after a swap: they cannot answer, so it costs them."""
        name = self.names[seat]
        if self.chain_same:
            self.say("skip", f"{name} swapped last turn and misses this one, which also settles the chain.",
                     player=seat)
        else:
            cost = self.chain + (self.rules.last_card and len(self.hands[seat]) == 1)
            self.say("skip", f"{name} swapped last turn and misses this one, so cannot answer the chain.",
                     player=seat)
            if cost >= VOID_AT and cost != self.chain:
                self.say("last-card.draw-one", f"{name} holds one card: {self.chain} + 1 = {cost}, which is "
                                               f"{VOID_AT} or more, so the chain breaks and costs nothing.",
                         player=seat)
            else:
                got = self.draw(seat, cost)
                self.say("chain.draw", f"{name} draws {cards_word(got)}.", player=seat)
        self.chain, self.chain_same = 0, False

    def chain_due(self, seat: int) -> None:
        """T10: a chain falling on ``seat`` may be void: no skips while anyone holds one card; 11 or more."""
        name = self.names[seat]
        if self.chain_same:
            if self.one_card():
                self.say("one-card", f"The follow-up was of the same element, but while someone holds one card "
                                     f"nobody misses a turn: the chain is void and {name} plays as usual.",
                         player=seat)
                self.chain, self.chain_same = 0, False
        elif self.rules.last_card and len(self.hands[seat]) == 1 and self.chain + 1 >= VOID_AT:
            self.say("last-card.draw-one", f"{name} holds one card, so the chain would cost {self.chain} + 1 = "
                                           f"{self.chain + 1}: {VOID_AT} or more breaks the chain, and {name} "
                                           "owes nothing.", player=seat)
            self.chain = 0

    # -- the end of a round (T13)

    def win(self, me: int) -> CartsState:
        """T13: the first player out of cards wins the round."""
        self.finish(me, "win")
        return self.build(self.resume)

    def stuck(self, why: str) -> CartsState:
        """A round that cannot end (Gwari's own rule): the fewest cards win it."""
        self.say("stuck", why + " The fewest cards win it.")
        self.finish(None, "stuck")
        return self.build(self.resume)

    def finish(self, winner: int | None, how: str) -> None:
        """Score the round; end the game, or deal the next round of a match (``resume`` says who starts it)."""
        names = self.names
        self.ended = True
        if how == "win":
            assert winner is not None
            self.say("win", f"{names[winner]} has no cards left and wins the round.", player=winner)
        elif how == "last-standing":
            assert winner is not None
            self.say("last-standing", f"Everyone else is out: {names[winner]} is the last player left and wins.",
                     player=winner)
        totals = self.sheet.totals if self.sheet is not None else None
        scored = score_round([len(h) for h in self.hands], self.out, winner, totals=totals,
                             survivor=self.rules.survivor and self.sheet is not None, names=names)
        self.last = scored
        if self.sheet is None:
            return
        for seat, (line, kind) in enumerate(zip(scored.lines, scored.kinds)):
            self.say(kind, line + ".", player=seat)
        self.sheet = sheet = self.sheet.after(scored.points)
        if sheet.is_over or self.round_no + 1 >= MAX_ROUNDS:
            best = sheet.leaders()
            if self.rules.rounds or not sheet.is_over:
                played = self.round_no + 1
                reason = f"{played} round{'s' * (played != 1)} played"
            else:
                reached = [names[i] for i, t in enumerate(sheet.totals) if t >= self.rules.target]
                reason = f"{' and '.join(reached)} reached {self.rules.target}"
            self.say("match", f"{reason}: the match is over, and the lowest total wins: "
                              f"{' and '.join(names[i] for i in best)} with {sheet.totals[best[0]]}.")
            return
        self.next_round()

    def next_round(self) -> None:
        """T13: a new round: the deal passes left; everyone is back in with eight new cards."""
        s = self.s
        self.round_no += 1
        self.dealer = next_dealer(self.dealer, len(self.hands))
        cards = list(element_pack(s.decks))  # a prepared deal may hold fewer: a new round uses every card
        shuffler(s.setup.seed, self.round_no).shuffle(cards)
        players = len(self.hands)
        first = (self.dealer + 1) % players
        hands, stock, pile = deal_from(cards, players, first)
        self.hands, self.stock, self.pile = list(hands), stock, pile
        self.chain, self.chain_same, self.due, self.passes, self.moves, self.shuffles = 0, False, -1, 0, 0, 0
        self.swaps, self.owes = (SWAPS,) * players, (False,) * players
        self.called, self.out = (False,) * players, (False,) * players
        totals = ", ".join(f"{self.names[i]} {t}" for i, t in enumerate(self.sheet.totals))  # type: ignore[union-attr]
        self.say("match", f"Totals so far: {totals}. Round {self.round_no + 1}: {self.names[self.dealer]} deals "
                          f"{HAND} cards each and turns up {pile[-1].english}; {self.names[first]} starts.")
        self.resume = first

    def build(self, current: int | None) -> CartsState:
        """The next state (after a round, ``last`` holds its score)."""
        s = self.s
        return _new(type(s), (s.setup, self.rules, self.names, s.decks, tuple(self.hands), self.stock, self.pile,
                                 current, self.chain, self.chain_same, self.swaps, self.owes, self.called, self.due,
                                 self.out, self.extra, self.passes, self.moves, self.round_no, self.dealer,
                                 self.shuffles, self.sheet, self.last, tuple(self.events)))
