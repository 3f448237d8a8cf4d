"""A position of Pig: the immutable state, what a player sees, the moves in words, and the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.cards import Card
from tutor.engine import Event, Record, Result, SeatedState, SeatView, TableView, check_action, shown_to

from .deal import deal
from .moves import KINDS, MALFORMED, NOSE, READY_MADE, WAIT, Nose, Pass, Wait, legal_actions, problem
from .rules import SLUG, Rules
from .scoring import score
from .turns import _Turn


@dataclass(frozen=True, slots=True)
class PigState(SeatedState):
    """A position of Pig; immutable, ``apply`` returns the next one."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    letters: tuple[int, ...]
    dealer: int
    deals: int  # deals so far (seeds each later deal and race)
    current: int | None
    chosen: tuple[Card | None, ...]  # hidden commitments of this passing round
    received: tuple[Card | None, ...]  # the card each player was handed in the last pass
    passes: int = 0  # passing rounds done in this deal
    touched: tuple[int, ...] = ()  # seats that touched their nose, in order (the signaller first)
    tick: int = 0
    noses: tuple[bool | None, ...] = ()  # this tick's decisions (race only)
    delays: tuple[int, ...] = ()  # reaction delays drawn at the signal (race only)
    aside: tuple[Card, ...] = ()  # the game's pack not in the hands: unused ranks, gathered hands
    events: tuple[Event, ...] = ()

    @classmethod
    def dealt(cls, pack: tuple[Card, ...], setup: Record, rules: Rules, letters: tuple[int, ...], dealer: int,
              deals: int, events: list[Event], hands: tuple[tuple[Card, ...], ...] | None = None,
              passes: int = 0) -> PigState:
        """The first position of a deal from the gathered ``pack`` (``deal.deal``: P2, P7), or of ``hands`` given."""
        hands, aside, first = deal(pack, setup, rules, letters, dealer, deals, events, hands)
        n = len(letters)
        return cls(setup, rules, setup.names, hands, letters, dealer, deals, first, (None,) * n, (None,) * n, passes,
                   aside=aside, events=tuple(events))

    # -- the contract

    @property
    def phase(self) -> str:
        """"passing", "race" (someone has touched their nose) or "over"."""
        if self.current is None:
            return "over"
        return "race" if self.touched else "passing"

    @property
    def current_players(self) -> tuple[int, ...]:
        """Everyone still to decide in this passing round or race tick; ``apply`` takes the first one's decision."""
        if self.current is None:
            return ()
        if self.touched:
            rest = [p for p in self.order_from(self.touched[0]) if p not in self.touched and self.noses[p] is None]
        else:
            rest = [p for p in self.order_from(self.dealer) if self.chosen[p] is None]
        return (self.current,) + tuple(p for p in rest if p != self.current)

    @property
    def racing(self) -> bool:
        """True once someone has signalled in this deal."""
        return bool(self.touched)

    @property
    def race_clock(self) -> int | None:
        """Milliseconds since the signal at the start of this tick (``None`` outside a race)."""
        return self.tick * self.rules.tick_ms if self.touched and self.current is not None else None

    def idle_action(self) -> Nose | Wait | None:
        """In a race, what a player who does nothing in this tick does: keeps looking (in the last tick, touches)."""
        if not self.touched or self.current is None:
            return None
        return WAIT if self.tick < self.rules.max_ticks - 1 else NOSE

    def active(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(s for s in range(self.players) if self.letters[s] < len(self.rules.word))

    def order_from(self, seat: int) -> list[int]:
        """Seats still in, clockwise starting after ``seat``."""
        n = len(self.hands)
        word = len(self.rules.word)
        return [(seat + i) % n for i in range(1, n + 1) if self.letters[(seat + i) % n] < word]

    def legal_actions(self) -> list[Pass | Nose | Wait]:
        """Passing: any card held, or only ``nose`` with four of a kind.  Racing: ``nose`` or ``wait``."""
        return legal_actions(self)

    def apply(self, action: Any) -> "PigState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing.

        First ``check_action`` refuses anything but a ``Pass``, ``Nose`` or ``Wait`` with each part of its type
        (``Pass(5)``: the card must be a card), naming the part; the moves ``legal_actions`` hands out are well
        formed by construction, so for those it is not repeated."""
        if id(action) not in READY_MADE:
            check_action(action, KINDS, MALFORMED)
        refusal = problem(self, action)
        if refusal is not None:
            raise refusal
        turn = _Turn(self)
        if self.touched:
            return turn.react(type(action) is Nose)
        if type(action) is Nose:
            return turn.signal()
        return turn.commit(action.card)

    def result(self) -> Result:
        """Lives left per seat; the last player left wins (before the end, the fewest letters lead)."""
        return score(self.letters, self.rules.word, self.names, short=self.rules.short)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, everyone's letters, who is ready or has touched."""
        seats = []
        word = self.rules.word
        for seat, hand in enumerate(self.hands):
            shown = shown_to(player, seat, hand)
            n = self.letters[seat]
            info = ("the pig" if n else "") if self.rules.short else word[:n] if n else "no letters"
            if n == len(word):
                info += " — out"
            elif seat in self.touched:
                info += " — nose touched"
            elif not self.touched and self.chosen and self.chosen[seat] is not None:
                info += " — ready to pass"
            seats.append(SeatView(self.names[seat], shown, (), info.strip(" —")))
        return TableView(game=SLUG, has_stock=False, viewer=player, seats=tuple(seats), current=self.current, deals=self.deals,
                         events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card of the game's pack: the hands (a chosen card stays there until the pass) and those set aside."""
        return [c for hand in self.hands for c in hand] + list(self.aside)

    def cards_of(self, action: Any) -> tuple[Card, ...]:
        """The card a pass uses; touching your nose or waiting uses no card of the hand."""
        return (action.card,) if isinstance(action, Pass) else ()

    def candidate_actions(self, card: Card) -> list[Pass]:
        """Passing this card (the rules judge whether it may be passed)."""
        return [Pass(card)]

    def prompt(self, action: Any) -> str:
        """The move as the player would choose it: "Pass the Q♠", "Touch your nose!"."""
        if isinstance(action, Pass):
            return f"Pass the {action.card.label}"
        if isinstance(action, Wait):
            return "Keep looking"
        return "Touch your nose!"

    def describe(self, action: Any) -> str:
        """The action in words: "Jory passes the Q♠ to the left"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if isinstance(action, Pass):
            return f"{who} passes the {action.card.label} to the left"
        if isinstance(action, Wait):
            return f"{who} is still looking"
        return f"{who} touches their nose"

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    def status(self) -> str:
        """One line for the table: whose decision, or who won."""
        if self.current is None:
            winners = self.result().winners
            if len(winners) > 1:
                names = [self.names[w] for w in winners]
                return f"Game over: {', '.join(names[:-1])} and {names[-1]} win."
            return f"Game over: {self.names[winners[0]]} wins."
        who = self.names[self.current]
        if self.touched:
            return f"Race, {self.tick * self.rules.tick_ms / 1000:.2f} s: {who} — touch your nose or keep looking?"
        return f"Passing round {self.passes + 1}: {who} to pass a card, or touch their nose with four of a kind."
