"""A position of Gnav: the immutable state, what a player sees, the turns in words, and the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.cards import GnavCard
from tutor.engine import (Event, IllegalMove, Record, Result, SeatedState, SeatView, TableView, check_action,
                          shown_to)

from .moves import CHANGE, KINDS, STAND, Call, left_of, legal_actions
from .rules import MALFORMED, PREFIX, SLUG, Rules, counters_word
from .scoring import score, winners_words
from .turns import _Turn


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
        return legal_actions(self)

    def apply(self, action: Any) -> "GnavState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing.

        First ``check_action`` refuses anything but a ``Call`` whose word is "stand" or "change", naming the part;
        ``STAND`` and ``CHANGE``, the moves ``legal_actions`` hands out, are well formed, so for those it is not
        repeated."""
        if action is not STAND and action is not CHANGE:
            check_action(action, KINDS, MALFORMED)
            action = STAND if action.word == "stand" else CHANGE
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.win", "The game is over: there are no more turns.")
        if action is STAND:
            return _Turn(self).stand()
        turn = _Turn(self)
        return turn.dealer_change() if self.current == self.dealer else turn.ask()

    def result(self) -> Result:
        """Counters left per seat, the winners (the last player in) and a line per seat."""
        return score(self.lost, self.out, self.winners, self.rules, self.names)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: only their own card; counters, the dealer and who knocked are public."""
        seats = []
        for seat, card in enumerate(self.hands):
            hand = () if card is None else shown_to(player, seat, (card,))
            seats.append(SeatView(self.names[seat], hand, info=self.seat_info(seat)))
        return TableView(game=SLUG, viewer=player, seats=tuple(seats), current=self.current, deals=self.round - 1,
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
            return f"Game over: {winners_words(self.winners, self.names)}."
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
        return left_of(seat, self.out)

    def seat_info(self, seat: int) -> str:
        """Public facts about a seat: counters (or strokes), dealer, knocked, out."""
        if self.out[seat]:
            return "out"
        if self.rules.slate:
            parts = [f"{'/' * self.lost[seat] or 'no strokes'} ({self.lost[seat]} of {self.rules.counters})"]
        else:
            parts = [counters_word(self.counters_left(seat))]
        if seat == self.dealer:
            parts.append("dealer")
        if seat in self.knocked:
            parts.append("knocked (was dealt a Fool)")
        return " · ".join(parts)

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()
