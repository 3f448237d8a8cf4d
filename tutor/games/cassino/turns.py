"""Applying a Cassino move: ``_Turn``, one method per kind of move (trail, capture, build), each saying the rule
it applies, then what follows a move: the next player, dealing again (K12), the last capture and the deal's
scoring (K5, K11), stopping at the target (K13), the next deal.

It builds the next position as ``type(state)(...)``, so it never imports the state module (which imports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.cards import Card, Suit
from tutor.engine import Event, Turn
from tutor.games.cassino.deal import deal_again, rounds_in, shuffled_deal
from tutor.games.cassino.moves import Build, Capture, Trail
from tutor.games.cassino.rules import (ACE_POINTS, BIG_POINTS, LITTLE_POINTS, MAX_DEALS, MOST_CARDS, MOST_SPADES, PREFIX,
                                       SWEEP_POINTS, VALUE, sort_cards, value_word)
from tutor.games.cassino.scoring import judge_game, score_deal, tally
from tutor.games.cassino.table import TableBuild, _group_words, _items_label
from tutor.match import next_dealer

if TYPE_CHECKING:
    from tutor.games.cassino.state import CassinoState


class _Turn(Turn):
    """One transition: the parts of the state it changes, the events it causes, then the next state."""

    prefix = PREFIX

    def __init__(self, state: CassinoState) -> None:
        super().__init__(state)
        self.s = state
        self.names = state.names
        self.hands = list(state.hands)
        self.table = state.table
        self.builds = state.builds
        self.stock = state.stock
        self.won = list(state.won)
        self.sweeps = list(state.sweeps)
        self.last = state.last
        self.dealer = state.dealer
        self.round = state.round
        self.rounds = state.rounds
        self.sheet = state.sheet
        self.swept = False
        self.scored = state.scored
        self.tiebreak = state.tiebreak
        self.stopped: int | None = None
        self.over = False

    def play_out(self, me: int, card: Card) -> None:
        """The played card leaves the mover's hand."""
        hand = self.hands[me]
        i = hand.index(card)
        self.hands[me] = hand[:i] + hand[i + 1:]

    def lift(self, action: Capture | Build) -> tuple[int, list[TableBuild]]:
        """The played card leaves the mover's hand, and the loose cards and builds it names leave the table.
        Returns the mover and the table builds lifted."""
        me = self.s.current
        assert me is not None
        self.play_out(me, action.card)
        named, loose = set(action.builds), set(action.loose)
        lifted = [b for b in self.builds if b.cards in named]
        self.table = tuple(c for c in self.table if c not in loose)
        self.builds = tuple(b for b in self.builds if b.cards not in named)
        return me, lifted

    def trail(self, action: Trail) -> CassinoState:
        """Trail: the card joins the table's loose cards (K2: only a card that could not capture)."""
        me, card = self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        self.table = sort_cards(self.table + (card,))
        if self.s.swept:
            self.say("sweep.trail", f"The table is empty after the sweep, so {self.names[me]} can only trail: "
                     f"the {card.label}.", player=me)
        else:
            self.say("trail", f"{self.names[me]} trails the {card.label}.", player=me)
        return self.next_turn(me)

    def capture(self, action: Capture) -> CassinoState:
        """Take the named groups and builds with the played card (K1, K3); a cleared table is a sweep."""
        s, card = self.s, action.card
        me, taken_builds = self.lift(action)
        taken = list(action.loose) + [c for b in taken_builds for c in b.cards]
        self.won[me] += (card, *taken)
        self.last = me
        groups = action.groups()
        words = _group_words(groups, taken_builds, self.names, mover=me)
        value = VALUE[card]
        if not value:
            rule = "capture.court"
        elif taken_builds and not action.loose:
            rule = "capture.build"
        elif len(groups) + len(taken_builds) > 1:
            rule = "capture.several"
        elif len(groups[0]) > 1:
            rule = "capture.sum"
        else:
            rule = "capture.pair"
        self.say(rule, f"{self.names[me]} takes {words} with the {card.label}.", player=me)
        if not self.table and not self.builds:
            self.sweeps[me] += 1
            self.swept = True
            counted = "" if s.rules.sweeps else " (sweeps are not scored in this game)"
            self.say("sweep", f"{self.names[me]} clears the table: a sweep{counted}! The {card.label} lies face up "
                     "in the cards taken, to mark it.", player=me)
        if s.rules.stop_at_target and self.reaches_target(me):
            return self.stop(me)
        return self.next_turn(me)

    def build_move(self, action: Build) -> CassinoState:
        """Make a single or multiple build, or raise one (K6–K8); a partner's evident build stays theirs."""
        s, card = self.s, action.card
        me, old = self.lift(action)
        holds = any(VALUE[c] == action.value for c in self.hands[me])
        partner = s.partner(me)
        owner = me if holds else next(b.owner for b in old if b.owner == partner)
        cards = sort_cards((card, *action.loose, *(c for b in old for c in b.cards)))
        self.builds += (TableBuild(cards, action.value, action.multiple, owner),)
        items = _items_label(action.loose, old, self.names, mover=me)
        name = self.names[me]
        if action.multiple:
            said = f"Building {value_word(action.value, True)}."
            if owner != me:
                self.say("build.partner", f"{name} puts the {card.label} with {items} and announces \"{said}\" "
                         f"{self.names[owner]} announced that build, so still holds a {value_word(action.value)} "
                         "to take it.", player=me)
            else:
                self.say("build.multiple", f"{name} puts the {card.label} with {items} and announces \"{said}\"",
                         player=me)
        else:
            said = f"Building {value_word(action.value)}."
            rule = "build.raise" if old else "build"
            self.say(rule, f"{name} puts the {card.label} on {items} and announces \"{said}\"", player=me)
        return self.next_turn(me)

    # -- what follows a move

    def next_turn(self, me: int) -> CassinoState:
        """The next player with cards plays; with every hand empty, deal again or end the deal (K12)."""
        players = len(self.hands)
        for step in range(1, players + 1):
            seat = (me + step) % players
            if self.hands[seat]:
                return self.make(seat)
        if self.stock:
            return self.deal_round()
        return self.end_deal()

    def deal_round(self) -> CassinoState:
        """K12: four more cards each, in twos; the dealer says so when this is the last of the pack."""
        players = len(self.hands)
        hands, self.stock = deal_again(self.stock, players, self.dealer)
        self.hands = [sort_cards(h) for h in hands]
        self.round += 1
        dealer = self.names[self.dealer]
        each = len(self.hands[0])
        if self.stock:
            self.say("deal.again", f"Every hand is empty: {dealer} deals {each} more cards each, two at a time "
                     f"(round {self.round} of {self.rounds}); none go to the table.")
        else:
            self.round = self.rounds
            self.say("deal.last", f"{dealer} deals {each} more cards each and says \"Last deal!\": this is the "
                     "rest of the pack.")
        return self.next_turn(self.dealer)

    def reaches_target(self, me: int) -> bool:
        """K13, the stopping option: the mover's side has reached the target with points already sure."""
        side = self.s.side_of(me)
        sure = self.sure_points()
        target = self.s.rules.target
        assert target is not None
        return self.sheet.totals[side] + sure[side] >= target

    def sure_points(self) -> tuple[int, ...]:
        """Each side's points this deal that nothing can take away any more (K13, the stopping option)."""
        sides = self.s.sides
        tallies = [tally([c for seat in side for c in self.won[seat]], sum(self.sweeps[seat] for seat in side))
                   for side in sides]
        out_cards = len(self.s.cards()) - sum(t.cards for t in tallies)
        out_spades = sum(1 for c in self.s.cards() if c.suit is Suit.SPADES) - sum(t.spades for t in tallies)
        points = []
        for i, t in enumerate(tallies):
            others = [u for j, u in enumerate(tallies) if j != i]
            p = ACE_POINTS * t.aces + BIG_POINTS * t.big + LITTLE_POINTS * t.little
            p += SWEEP_POINTS * t.sweeps if self.s.rules.sweeps else 0
            if t.cards > max(u.cards for u in others) + out_cards:
                p += MOST_CARDS
            if t.spades > max(u.spades for u in others) + out_spades:
                p += MOST_SPADES
            points.append(p)
        return tuple(points)

    def stop(self, me: int) -> CassinoState:
        """K13: play stops at once; the deal so far is scored with the points already sure."""
        sure = self.sure_points()
        self.sheet = self.sheet.after(sure)
        side = self.s.sides[self.s.side_of(me)]
        who = " and ".join(self.names[seat] for seat in side)
        self.say("game.stop", f"That capture brings {who} to {self.sheet.totals[self.s.side_of(me)]} with points "
                 "already sure, so play stops here.", player=me)
        self.scored = tuple("Sure points this deal: " + ", ".join(
            f"{col} {p}" for col, p in zip(self.sheet.columns, sure)),)
        self.stopped = self.s.side_of(me)
        return self.finish()

    def end_deal(self) -> CassinoState:
        """The last capturer takes what is left (K5, K11); the deal is scored; the game ends or goes on."""
        s = self.s
        left = list(self.table) + [c for b in self.builds for c in b.cards]
        if left:
            shown = ", ".join(c.label for c in sort_cards(left))
            if self.last is not None:
                self.won[self.last] += tuple(left)
                what = "the card left" if len(left) == 1 else f"the {len(left)} cards left"
                self.say("last-capture", f"{self.names[self.last]} made the last capture, so takes {what} on the "
                         f"table ({shown}); that is not a sweep.", player=self.last)
                self.table, self.builds = (), ()
            else:  # they stay where they are, counted for nobody
                self.say("last-capture", f"Nobody captured anything this deal, so the cards left on the table "
                         f"({shown}) count for nobody.")
        sides = s.sides
        tallies = [tally([c for seat in side for c in self.won[seat]], sum(self.sweeps[seat] for seat in side))
                   for side in sides]
        result = score_deal(tallies, self.sheet.columns, sweeps=s.rules.sweeps)
        for rule, text in result.lines:
            self.events.append(Event(rule, text))
        self.sheet = self.sheet.after(result.points)
        self.scored = tuple(text for _, text in result.lines)
        self.tiebreak = tuple((t.cards, t.spades) for t in tallies)
        outcome = judge_game(self.sheet.rows, s.rules.game, self.sheet.columns, tiebreak=self.tiebreak)
        if outcome.over or self.sheet.deals >= MAX_DEALS:
            return self.finish()
        self.say(f"game.{s.rules.game}", outcome.text)
        return self.next_deal()

    def finish(self) -> CassinoState:
        """The game is over (K13): who won, and why."""
        outcome = judge_game(self.sheet.rows, self.s.rules.game, self.sheet.columns, tiebreak=self.tiebreak,
                             stopped=self.stopped, final=True)
        for rule, text in outcome.events:
            self.events.append(Event(rule, text))
        self.over = True
        return self.make(None)

    def next_deal(self) -> CassinoState:
        """The deal passes to the left; a new shuffled pack, four to the table again (K12)."""
        s = self.s
        players = len(self.hands)
        self.dealer = next_dealer(self.dealer, players)
        hands, self.table, self.stock = shuffled_deal(s.setup.seed, self.sheet.deals, players, self.dealer)
        self.hands, self.builds = list(hands), ()
        self.won, self.sweeps, self.last, self.swept = [()] * players, [0] * players, None, False
        self.round, self.rounds = 1, 1 + rounds_in(len(self.stock), players)
        self.say("deal", f"{self.names[self.dealer]} deals deal {self.sheet.deals + 1}: four cards each, two at a "
                 "time, and four face up on the table.")
        return self.make((self.dealer + 1) % players)

    def make(self, current: int | None) -> CassinoState:
        """The next state, with ``current`` to move (none once the game is over)."""
        s = self.s
        return type(s)(s.setup, s.rules, s.names, tuple(self.hands), self.table, self.builds, self.stock,
                       tuple(self.won), tuple(self.sweeps), self.last, self.dealer, self.round, self.rounds,
                       self.sheet, None if self.over else current, self.swept, self.scored, self.tiebreak,
                       self.stopped, tuple(self.events))
