"""A position of Gwra Pyskessa: the immutable state, what a player sees, words for asks, and the result."""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.cards import CARDS, Card, Rank, Suit
from tutor.engine import Event, Record, Result, SeatedState, SeatView, TableView, check_action, shown_to

from .moves import ASKS, KINDS, MALFORMED, Ask, AskLog, askable, legal_actions, refusal
from .rules import LOWEST, SLUG, Rules, run
from .scoring import score, verdict
from .turns import _Turn, _usual_ask


class _Position(NamedTuple):
    """The fields of a position.  A NamedTuple: one is built per ask, several times faster than a frozen dataclass."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]  # each hand sorted
    held: tuple[int, ...]  # the ranks in each hand, as bits (``rank_bits``): legal asks without a look at the cards
    stock: tuple[Card, ...]  # top card first
    sets: tuple[tuple[Rank, ...], ...]  # the ranks each seat has laid down, in the order laid
    current: int | None
    events: tuple[Event, ...] = ()
    asks: tuple[AskLog, ...] = ()


class PyskessaState(_Position, SeatedState):
    """A position of Gwra Pyskessa; immutable and hashable, ``apply`` returns the next one."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is PyskessaState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    # -- the contract

    legal_actions = legal_actions  # every ask the player to move may make (moves.py)

    def apply(self, action: Any) -> "PyskessaState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing.

        First ``check_action`` refuses anything but an ``Ask`` of a whole number and a ``Rank``, naming the part
        of the wrong type; an ask made of exactly an ``int`` and a ``Rank`` (as every ask the game hands out is)
        passes it, so for those it is not called again."""
        if type(action) is not Ask:
            check_action(action, KINDS, MALFORMED)  # raises: not an ask
        target, rank = action.target, action.rank
        if type(target) is not int or type(rank) is not Rank:
            check_action(action, KINDS, MALFORMED)  # raises for a part of the wrong type
            raise refusal(self, action)  # a seat given as a kind of int other than a plain one
        me = self.current
        if (me is not None and target != me and 0 <= target < len(self.hands)
                and self.held[me] >> rank & 1  # G3: the asker holds the rank
                and (self.rules.ask_empty_hands or target in askable(self, me))):
            usual = _usual_ask(self, me, target, rank)
            return usual if usual is not None else _Turn(self).ask(me, target, rank)
        raise refusal(self, action)

    def result(self) -> Result:
        """Sets per seat and the winners, with the tie-break (highest set, ace high), line by line."""
        return score(self.sets, self.names)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees (others' hands face down); ``None`` shows every hand."""
        seats = []
        for seat, hand in enumerate(self.hands):
            laid = self.sets[seat]
            melds = tuple(tuple(CARDS[rank, suit] for suit in Suit) for rank in laid)
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), melds,
                                  f"{len(laid)} set{'s' * (len(laid) != 1)}"))
        return TableView(game=SLUG, viewer=player, seats=tuple(seats), current=self.current,
                         stock=len(self.stock), events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card in play: hands, stock and laid sets (for conservation checks)."""
        laid = [CARDS[rank, suit] for seat_sets in self.sets for rank in seat_sets for suit in Suit]
        return [c for hand in self.hands for c in hand] + list(self.stock) + laid

    def cards_of(self, action: Any) -> tuple[Card, ...]:
        """The cards in the asker's hand that an ask is about: every card of the rank asked for."""
        if self.current is None or type(action) is not Ask or type(action.rank) is not Rank \
                or action.rank not in LOWEST:
            return ()
        return run(self.hands[self.current], action.rank)

    def candidate_actions(self, card: Any) -> list[Ask]:
        """Every ask for the card's rank, of every seat, legal or not (a widget offers them; the rules judge)."""
        rank = getattr(card, "rank", None)
        if not isinstance(card, Card) or rank not in LOWEST:
            return []
        return [ASKS[target][rank] for target in range(len(self.hands))]

    def prompt(self, action: Ask) -> str:
        """The ask as the player to move would choose it: "Ask Pol for sevens"."""
        who = "yourself" if action.target == self.current else self.names[action.target]
        return f"Ask {who} for {action.rank.english_plural}"

    def describe(self, action: Ask) -> str:
        """The action in words: "Jory asks Pol for sevens"."""
        asker = self.names[self.current] if self.current is not None else "Someone"
        return f"{asker} asks {self.names[action.target]} for {action.rank.english_plural}"

    def status(self) -> str:
        """One line for the table: whose turn, or who won."""
        if self.current is None:
            winners = verdict(self.sets, self.names)[0]
            return "Game over: " + " and ".join(self.names[w] for w in winners) + (
                " win." if len(winners) > 1 else " wins.")
        return f"{self.names[self.current]} to ask."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()
