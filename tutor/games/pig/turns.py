"""Applying a Pig move: ``_Turn``, one method per kind of move and per thing that follows from it (the pass, the
end of a deal that goes nowhere, the signal and the race, letters and the next deal), each ``say``ing its rule.

The next state is built as ``type(state)``, a new deal's as ``type(state).dealt``: ``state.py`` imports this module,
and this module needs nothing of it."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tutor.cards import Card
from tutor.engine import Turn

from .moves import first_to_move, has_four
from .rules import PREFIX, STOP_AFTER

if TYPE_CHECKING:
    from .state import PigState


class _Turn(Turn):
    """Scratch space for one transition: fields copied as they change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: PigState) -> None:
        super().__init__(state)
        self.s = state
        self.hands = list(state.hands)
        self.letters = list(state.letters)
        self.names = state.names

    def order_from(self, seat: int) -> list[int]:
        """Seats still in (by the letters as they stand now), clockwise starting after ``seat``."""
        n = len(self.hands)
        word = len(self.s.rules.word)
        return [(seat + i) % n for i in range(1, n + 1) if self.letters[(seat + i) % n] < word]

    # -- passing (pig.pass, pig.pass.on; P3)

    def commit(self, card: Card) -> PigState:
        """pig.pass: the card is chosen and held face down until everyone is ready."""
        me = self.s.current
        assert me is not None
        chosen = list(self.s.chosen)
        chosen[me] = card
        self.say("pass", f"{self.names[me]} chooses a card and holds it face down, ready to pass.", player=me)
        waiting = [p for p in self.s.order_from(self.s.dealer) if chosen[p] is None]
        if waiting:
            s = self.s
            return type(s)(s.setup, s.rules, s.names, s.hands, s.letters, s.dealer, s.deals, waiting[0],
                           tuple(chosen), s.received, s.passes, aside=s.aside, events=tuple(self.events))
        return self.reveal(chosen)

    def reveal(self, chosen: list[Card | None]) -> PigState:
        """pig.pass: everyone hands their chosen card to the left at once (pig.pass.on: one just received)."""
        order = self.s.order_from(self.s.dealer)
        received: list[Card | None] = [None] * len(self.hands)
        for i, seat in enumerate(order):
            received[order[(i + 1) % len(order)]] = chosen[seat]
        self.say("pass", "Everyone passes their chosen card face down to the left, all at once.")
        for seat in order:
            card = chosen[seat]
            if card is not None and card == self.s.received[seat]:
                self.say("pass.on", f"{self.names[seat]} passed on the card just received.", player=seat)
            self.hands[seat] = tuple(sorted([c for c in self.hands[seat] if c != card] + [received[seat]]))
        passes = self.s.passes + 1
        stale = self.s.rules.stale_after
        if passes >= (stale or STOP_AFTER) and not any(has_four(self.hands[p]) for p in order):
            return self.stuck(order) if stale else self.stop(order)
        n = len(self.hands)
        hands = tuple(self.hands)
        return type(self.s)(self.s.setup, self.s.rules, self.names, hands, self.s.letters, self.s.dealer,
                            self.s.deals, first_to_move(hands, order), (None,) * n, tuple(received), passes,
                            aside=self.s.aside, events=tuple(self.events))

    # -- a deal that goes nowhere (pig.stale, pig.stop)

    def weakest(self, order: list[int]) -> tuple[int, int]:
        """The seat whose best rank has the fewest cards (the first from the dealer's left on a tie), and that count."""
        def best(seat: int) -> int:
            ranks = [c.rank for c in self.hands[seat]]
            return max(ranks.count(r) for r in ranks)
        loser = min(order, key=best)
        return loser, best(loser)

    def stuck(self, order: list[int]) -> PigState:
        """pig.stale (option): no four of a kind after ``stale_after`` rounds; the weakest hand takes the letter."""
        loser, most = self.weakest(order)
        self.say("stale", f"{self.s.rules.stale_after} passing rounds and nobody has four of a kind: the "
                 f"hands are shown, and {self.names[loser]} holds the weakest (at most {most} "
                 "of a rank).", player=loser)
        return self.letter(loser)

    def stop(self, order: list[int]) -> PigState:
        """pig.stop: a deal that has gone ``STOP_AFTER`` rounds with no four of a kind ends as ``pig.stale`` would,
        whatever the options: the weakest hand takes the letter, and the game goes on."""
        loser, most = self.weakest(order)
        self.say("stop", f"{STOP_AFTER} passing rounds and still nobody has four of a kind: a deal that goes "
                 "nowhere stops here, so that the game can go on. The hands are shown, and "
                 f"{self.names[loser]} holds the weakest (at most {most} of a rank).", player=loser)
        return self.letter(loser)

    # -- the signal and the race (pig.signal, pig.signal.dealt, pig.race, pig.pig; P4, P5)

    def signal(self) -> PigState:
        """pig.signal: four of a kind — the hand goes down, a finger on the nose; the race clock starts."""
        me = self.s.current
        assert me is not None
        rank = has_four(self.hands[me])
        assert rank is not None
        if self.s.passes == 0:
            self.say("signal.dealt", f"{self.names[me]} was dealt four {rank.english_plural} and signals "
                     "before any card is passed.", player=me)
        self.say("signal", f"{self.names[me]} quietly lays their hand down and touches their nose.", player=me)
        rules = self.s.rules
        rng = random.Random(f"pig-race:{self.s.setup.seed}:{self.s.deals}:{self.s.passes}")
        delays = tuple(rng.randint(rules.fastest_ms, rules.slowest_ms) for _ in self.hands)
        if self.s.setup.deal is not None and self.s.deals == 0 and self.s.setup.deal.get("delays"):
            delays = tuple(self.s.setup.deal["delays"])
        return self.next_tick((me,), 0, delays)

    def next_tick(self, touched: tuple[int, ...], tick: int, delays: tuple[int, ...]) -> PigState:
        """The next tick of the race, or its end when one player is left looking (pig.pig)."""
        looking = [p for p in self.order_from(touched[0]) if p not in touched]
        if len(looking) == 1:
            self.say("pig", f"{self.names[looking[0]]} is the last to touch their nose: the pig!", player=looking[0])
            return self.letter(looking[0])
        n = len(self.hands)
        return type(self.s)(self.s.setup, self.s.rules, self.names, tuple(self.hands), tuple(self.letters),
                            self.s.dealer, self.s.deals, looking[0], (None,) * n, (None,) * n, self.s.passes,
                            touched, tick, (None,) * n, delays, self.s.aside, tuple(self.events))

    def react(self, nose: bool) -> PigState:
        """pig.race: one player's decision in this tick; when all have decided, the tick is settled."""
        me = self.s.current
        assert me is not None
        noses = list(self.s.noses)
        noses[me] = nose
        clock = self.s.tick * self.s.rules.tick_ms
        looking = [p for p in self.order_from(self.s.touched[0]) if p not in self.s.touched]
        if nose:
            have = " (without four of a kind)" if not has_four(self.hands[me]) else ""
            self.say("race", f"{self.names[me]} notices and touches their nose{have} by "
                             f"{(clock + self.s.rules.tick_ms) / 1000:.2f} s.", player=me)
        else:
            self.say("race", f"{self.names[me]} has not noticed yet.", player=me)
        waiting = [p for p in looking if noses[p] is None]
        if waiting:
            s = self.s
            return type(s)(s.setup, s.rules, s.names, s.hands, s.letters, s.dealer, s.deals, waiting[0], s.chosen,
                           s.received, s.passes, s.touched, s.tick, tuple(noses), s.delays, s.aside,
                           tuple(self.events))
        now = sorted((p for p in looking if noses[p]), key=lambda p: (self.s.delays[p], p))
        still = [p for p in looking if not noses[p]]
        if not still and now:
            # Everyone left touched in this tick: the slowest reaction is last, the pig.
            pig = now[-1]
            if len(now) > 1:
                self.say("race", "They touched in the same moment; the reaction delays order them: "
                         + ", ".join(f"{self.names[p]} {self.s.delays[p]} ms" for p in now) + ".")
            self.say("pig", f"{self.names[pig]} is the last to touch their nose: the pig!", player=pig)
            return self.letter(pig)
        return self.next_tick(self.s.touched + tuple(now), self.s.tick + 1, self.s.delays)

    # -- letters, elimination, the next deal (pig.letters, pig.out, pig.win; P6, P7)

    def letter(self, seat: int) -> PigState:
        """pig.letters: the pig takes a letter; pig.out at the whole word; pig.win for the last one left (in the short
        game, for everyone but the pig at once)."""
        word = self.s.rules.word
        self.letters[seat] += 1
        n = self.letters[seat]
        if self.s.rules.short:
            self.say("win", f"The short game is one deal: {self.names[seat]} is the pig, and everyone else wins.",
                     player=seat)
            return self.game_over()
        self.say("letters", f"{self.names[seat]} takes the letter {word[n - 1]}: {word[:n]}.", player=seat)
        if n == len(word):
            self.say("out", f"{self.names[seat]} has spelled {word} and is out.", player=seat)
        alive = [p for p in range(len(self.hands)) if self.letters[p] < len(word)]
        if len(alive) == 1:
            self.say("win", f"{self.names[alive[0]]} is the last player left and wins.", player=alive[0])
            return self.game_over()
        aside = self.s.aside + tuple(c for hand in self.hands for c in hand)  # the hands are gathered
        dealer = self.order_from(self.s.dealer)[0]
        return type(self.s).dealt(aside, self.s.setup, self.s.rules, tuple(self.letters), dealer, self.s.deals + 1,
                                  self.events)

    def game_over(self) -> PigState:
        """The hands are gathered and nobody moves any more."""
        aside = tuple(sorted(self.s.aside + tuple(c for hand in self.hands for c in hand)))
        return type(self.s)(self.s.setup, self.s.rules, self.names, tuple(() for _ in self.hands),
                            tuple(self.letters), self.s.dealer, self.s.deals, None, (), (), self.s.passes,
                            aside=aside, events=tuple(self.events))
