"""A position of War: the immutable state, what a player sees, the moves in words, and the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.cards import Card
from tutor.engine import (Event, IllegalMove, Pile, Record, Result, SeatedState, SeatView, TableView, check_action,
                          counted, shown_to)

from .moves import KINDS, CardPlay, legal_actions
from .rules import MALFORMED, PREFIX, SLUG, Rules
from .scoring import score
from .turns import WarTurn


@dataclass(frozen=True, slots=True)
class WarState(SeatedState):
    """A position of War; immutable, ``apply`` returns the next one."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]  # top card first
    played: tuple[tuple[int, Card], ...]  # the pair so far: (seat, card) in the order played
    middle: tuple[Card, ...]  # cards left by ties, for whoever takes the next pair (war.tie)
    taken: tuple[tuple[Card, ...], ...]
    dealer: int
    current: int | None
    events: tuple[Event, ...] = ()

    def legal_actions(self) -> list[CardPlay]:
        """The top card of the mover's hand (war.turn)."""
        return legal_actions(self)

    def apply(self, action: Any) -> "WarState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing."""
        check_action(action, KINDS, MALFORMED)
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.end", "The game is over: both hands are empty.")
        top = self.hands[self.current][0]
        if action.card != top:
            raise IllegalMove(f"{PREFIX}.turn", f"You play the top card of your hand, the {top.english}, not the "
                                                f"{action.card.english}.")
        return WarTurn(self).play(top)

    def result(self) -> Result:
        """Cards taken per seat and the winners (war.end)."""
        return score(self.taken, self.names)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, the pair on the table, the middle and the cards each took."""
        seats = tuple(SeatView(self.names[s], shown_to(player, s, self.hands[s]),
                               info=f"took {counted(len(self.taken[s]), 'card')}") for s in range(self.players))
        piles = (Pile("Left by a tie", self.middle),) if self.middle else ()
        return TableView(game=SLUG, viewer=player, seats=seats, current=self.current, has_stock=False,
                         centre=tuple(card for _, card in self.played), centre_label="The pair" if self.played else "",
                         piles=piles, events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card of the game, wherever it is (for conservation checks)."""
        return ([c for h in self.hands for c in h] + [c for _, c in self.played] + list(self.middle)
                + [c for t in self.taken for c in t])

    def cards_of(self, action: Any) -> tuple:
        """The card a move plays."""
        return (action.card,) if isinstance(action, CardPlay) else ()

    def status(self) -> str:
        """One line for the table: whose turn, or who won."""
        if self.current is None:
            result = self.result()
            if len(result.winners) > 1:
                return "Game over: a draw."
            return f"Game over: {self.names[result.winners[0]]} wins."
        return f"{self.names[self.current]} to play the top card."

    def prompt(self, action: Any) -> str:
        """The move as the mover chooses it: "Play the ten of hearts"."""
        return f"Play the {action.card.english}"

    def describe(self, action: Any) -> str:
        """The move in words: "Jory plays the ten of hearts"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        return f"{who} plays the {action.card.english}"
