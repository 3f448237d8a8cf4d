"""Applying a move: the Turn of one transition, one method per kind of move, each saying the rule it applies
(C2–C10): leading or passing the lead, playing to a trick or passing, taking a trick, scoring a deal.

The next state is built as ``type(state)``: ``state.py`` imports this module, and this module needs nothing of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.cards import Rank
from tutor.engine import Turn
from tutor.tricks import seats_from

from .deal import deal_hands
from .moves import CardPlay, Pass
from .packs import DEALS_BY_PLAYERS, HAND_SIZE, Number
from .rules import PREFIX
from .scoring import deal_score, match_result, who_takes

if TYPE_CHECKING:
    from .state import ChwechState

_JOKER, _THIRTEEN = Rank.JOKER, Number.THIRTEEN  # hot-path names: rank checks are identity tests
# Seats in playing order from each seat, by table size: a trick's queue and the lead's offer are slices of these.
_ROUND = {players: tuple(seats_from(seat, players) for seat in range(players)) for players in DEALS_BY_PLAYERS}


class _Turn(Turn):
    """One transition: the parts of the state it changes, the events it causes, then the next state."""

    prefix = PREFIX

    def __init__(self, state: ChwechState) -> None:
        super().__init__(state)
        self.names = state.names
        self.hands = list(state.hands)
        self.won = state.won
        self.dealt = state.dealt
        self.sheet = state.sheet
        self.dealer = state.dealer
        self.trick = state.trick
        self.led = state.led
        self.queue = state.queue
        self.offer = state.offer
        self.sat_out = state.sat_out
        self.first_trick = state.first_trick
        self.last_card = state.last_card

    def act(self, action: CardPlay | Pass) -> ChwechState:
        if self.offer:
            me = self.offer[0]
            if type(action) is Pass:
                return self.pass_lead(me)
            self.lead(me, action)
        else:
            me = self.queue[0]
            if type(action) is Pass:
                self.say("pass", f"{self.names[me]} passes.", player=me)  # C2: one chance, then gone
                self.queue = self.queue[1:]
            else:
                self.play(me, action)
        if not self.queue:
            return self.take_trick()
        return self.build()

    def remove(self, seat: int, card: Any) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1:]
        if len(hand) == 1:  # C4: the deal ends once this trick is taken
            self.last_card = True
            self.say("last-card", f"That was {self.names[seat]}'s last card: the deal ends when this trick "
                     "is taken.", player=seat)

    def lead(self, me: int, action: CardPlay) -> None:
        card = action.card
        rank = card.rank
        if rank is _JOKER or (rank is _THIRTEEN and self.state.rules.thirteens_jokers):  # C7: it names its suit
            self.led = action.suit
            self.say("joker", f"{self.names[me]} leads {self.state.card_words(card)} as {action.suit.english}.",
                     player=me)
        else:
            self.led = card.suit
            if action.ace:
                self.say("ace", f"{self.names[me]} leads the {card.label}, {action.ace}.", player=me)
            else:
                self.say("lead", f"{self.names[me]} leads the {card.label}.", player=me)
        self.trick = ((me, action),)
        # C3: those who passed the lead (from the trick's winner on) sit this trick out.
        order = _ROUND[len(self.hands)][me]
        self.queue = order[1:order.index(self.sat_out[0])] if self.sat_out else order[1:]
        self.offer = ()
        self.first_trick = False
        self.remove(me, card)

    def play(self, me: int, action: CardPlay) -> None:
        card = action.card
        rank = card.rank
        if rank is _JOKER or (rank is _THIRTEEN and self.state.rules.thirteens_jokers):
            led = self.led.english[:-1] if self.led else "card"
            text = (f"{self.names[me]} plays {self.state.card_words(card)}: it counts as a {led} "
                    + ("that loses unless it is the last card played." if self.state.rules.revised  # C7
                       else "between the 7 and the 8."))  # C6
            self.say("joker", text, player=me)
        elif action.ace:
            self.say("ace", f"{self.names[me]} plays the {card.label}, {action.ace}.", player=me)  # C5
        else:
            self.say("follow", f"{self.names[me]} plays the {card.label}.", player=me)
        self.trick += ((me, action),)
        self.queue = self.queue[1:]
        self.remove(me, card)

    def pass_lead(self, me: int) -> ChwechState:
        self.sat_out += (me,)
        self.offer = self.offer[1:]
        if not self.offer:  # C3: nobody leads, so the deal ends in deadlock
            self.say("deadlock", f"{self.names[me]} passes the lead too: everyone has passed, so the deal ends "
                     "in deadlock.", player=me)
            return self.end_deal()
        self.say("lead-pass", f"{self.names[me]} passes the lead and sits this trick out; "
                 f"{self.names[self.offer[0]]} may lead or pass.", player=me)
        return self.build()

    def take_trick(self) -> ChwechState:
        plays = self.trick
        count = len(plays)
        i, rule, why = who_takes(plays, self.state.rules)  # C5–C7b, C12
        seat, winning = plays[i]
        self.won = self.won[:seat] + (self.won[seat] + tuple(play.card for _, play in plays),) + self.won[seat + 1:]
        self.say(rule, f"{self.names[seat]} takes the trick ({count} card{'s' * (count != 1)}) "
                 f"with {self.state.card_words(winning.card)}, {why}; {len(self.won[seat])} won so far.", player=seat)
        self.trick, self.led, self.queue, self.sat_out = (), None, (), ()
        if self.last_card:  # C4
            return self.end_deal()
        self.offer = _ROUND[len(self.hands)][seat]  # C3: the winner may lead or pass
        return self.build()

    def end_deal(self) -> ChwechState:
        players = len(self.hands)
        scores = tuple(deal_score(len(self.won[p]), HAND_SIZE - (self.dealt[p] - len(self.hands[p])))
                       for p in range(players))  # C8, C9
        self.sheet = self.sheet.after(scores)
        lines = "; ".join(f"{self.names[p]} won {len(self.won[p])}, has {len(self.hands[p])} left: {scores[p]}"
                          for p in range(players))
        self.say("score", f"Deal {self.sheet.deals} scores — {lines}.")
        if self.sheet.is_over:  # C10
            self.say("match", f"The match is over: {match_result(self.sheet).text}")
            return self.build(over=True)
        self.dealer = (self.dealer + 1) % players
        hands = deal_hands(self.state.setup, self.state.rules, self.dealer, self.sheet.deals)
        self.hands, self.won = list(hands), ((),) * players
        self.dealt = tuple(len(h) for h in hands)
        self.first_trick, self.last_card, self.trick, self.queue, self.sat_out = True, False, (), (), ()
        self.offer = ((self.dealer + 1) % players,)
        self.say("match", f"The deal passes left: {self.names[self.dealer]} deals deal {self.sheet.deals + 1}, "
                 f"and {self.names[self.offer[0]]} leads.")
        return self.build()

    def build(self, over: bool = False) -> ChwechState:
        s = self.state
        return type(s)(s.setup, s.rules, s.names, tuple(self.hands), self.won, self.dealt, self.sheet,
                       self.dealer, self.trick, self.led, self.queue, self.offer, self.sat_out, self.first_trick,
                       self.last_card, tuple(self.events), over)
