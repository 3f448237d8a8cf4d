"""Applying a War move: ``WarTurn``, the card played, then the pair taken or left in the middle, and the end,
each ``say``ing its rule.  The next state is built as ``type(state)``: this module needs nothing of state.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.cards import Card
from tutor.engine import Turn, counted

from .rules import PREFIX
from .scoring import score

if TYPE_CHECKING:
    from .state import WarState


class WarTurn(Turn):
    """One move of War: copies what it changes and builds the next state once."""

    prefix = PREFIX

    def __init__(self, state: "WarState") -> None:
        super().__init__(state)
        self.hands = [list(h) for h in state.hands]
        self.played = list(state.played)
        self.middle = list(state.middle)
        self.taken = [list(t) for t in state.taken]

    def play(self, card: Card) -> "WarState":
        """war.turn: the mover plays their top card; the second card of a pair settles it."""
        s = self.state
        me = s.current
        assert me is not None
        self.hands[me].pop(0)
        self.played.append((me, card))
        self.say("turn", f"{s.names[me]} plays the {card.english}.", player=me)
        if len(self.played) < s.players:
            return self.build((me + 1) % s.players)
        return self.settle()

    def settle(self) -> "WarState":
        """war.higher or war.tie, then war.end when the hands are empty."""
        s = self.state
        (first, a), (second, b) = self.played
        pair = [a, b]
        self.played = []
        if a.rank == b.rank:
            self.middle += pair
            self.say("tie", f"Two {a.rank.english_plural}: the pair stays in the middle for whoever takes the next "
                            f"pair ({counted(len(self.middle), 'card')} there now).")
        else:
            winner = first if a.rank > b.rank else second
            won = pair + self.middle
            self.middle = []
            self.taken[winner] += won
            self.say("higher", f"The {max(a, b, key=lambda c: c.rank).english} is higher: {s.names[winner]} takes "
                               f"{counted(len(won), 'card')}.", player=winner)
        if not any(self.hands):
            result = score(self.taken, s.names)
            words = ("a draw" if len(result.winners) > 1 else f"{s.names[result.winners[0]]} wins")
            self.say("end", f"Both hands are empty: {', '.join(result.breakdown)}; {words}.")
            return self.build(None)
        leader = (s.dealer + 1) % s.players
        return self.build(leader)

    def build(self, current: int | None) -> "WarState":
        """The next state, from the turn's fields."""
        s = self.state
        return type(s)(s.setup, s.rules, s.names, tuple(tuple(h) for h in self.hands), tuple(self.played),
                       tuple(self.middle), tuple(tuple(t) for t in self.taken), s.dealer, current,
                       tuple(self.events))
