"""A position of a Chwech match: the immutable state, what a player sees, words for moves, and the result."""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.cards import Rank, Suit
from tutor.engine import (Event, IllegalMove, Record, Result, SeatedState, SeatView, TableView, TrickView,
                          check_action, shown_to)
from tutor.match import ScoreSheet

from .moves import _AS_SUIT, _HIGH_LOW, KINDS, MALFORMED, READY_MADE, CardPlay, Pass, _problem, legal_actions
from .packs import CARD_TYPES, is_joker
from .rules import SLUG, Rules
from .scoring import match_result
from .turns import _Turn


class _Position(NamedTuple):
    """The fields of a Chwech position (see ``ChwechState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Any, ...], ...]
    won: tuple[tuple[Any, ...], ...]
    dealt: tuple[int, ...]
    sheet: ScoreSheet
    dealer: int
    trick: tuple[tuple[int, CardPlay], ...] = ()
    led: Suit | None = None
    queue: tuple[int, ...] = ()
    offer: tuple[int, ...] = ()
    sat_out: tuple[int, ...] = ()
    first_trick: bool = True
    last_card: bool = False
    events: tuple[Event, ...] = ()
    over: bool = False


class ChwechState(_Position, SeatedState):
    """A position of a Chwech match; immutable and hashable, ``apply`` returns the next one.

    ``trick`` holds (seat, play) in order; ``queue`` the seats still to act in it;
    ``offer`` the seats still to be offered the lead (the first is to move) and
    ``sat_out`` those who passed it.  ``dealt`` is each seat's hand size this deal;
    ``sheet`` the scores of the deals played so far.  A NamedTuple rather than a
    frozen dataclass: every move builds one, and a tuple of seventeen fields is built several
    times faster (measured: this is the largest single cost of a move otherwise).
    """

    __slots__ = ()

    # -- the contract

    @property
    def current(self) -> int | None:
        """Who acts: the one offered the lead, or the next in the trick; ``None`` once the match is over."""
        if self.over:
            return None
        return self.offer[0] if self.offer else self.queue[0]

    @property
    def is_over(self) -> bool:
        """True once every deal of the match is scored."""
        return self.over

    @property
    def phase(self) -> str:
        """"lead" (to lead or pass the lead), "play" (a trick is on) or "over"."""
        return "over" if self.over else "lead" if self.offer else "play"

    @property
    def leading(self) -> bool:
        """True when the player to move is to lead (or pass the lead)."""
        return bool(self.offer)

    @property
    def deal_no(self) -> int:
        """The deal being played, from 0 (after the last deal, the number of deals)."""
        return self.sheet.deals

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's score over the deals played so far."""
        return self.sheet.totals

    legal_actions = legal_actions  # every move of the player to act, each once (moves.py)

    def apply(self, action: Any) -> "ChwechState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing.

        First ``check_action`` refuses anything but a ``CardPlay`` or a ``Pass`` with each part of its type, naming the
        part; the moves ``legal_actions`` hands out are made well formed once, so for those it is not repeated."""
        if id(action) not in READY_MADE:
            check_action(action, KINDS, MALFORMED)
        problem = _problem(self, action)
        if problem is not None:
            raise IllegalMove(*problem)
        return _Turn(self).act(action)

    def result(self) -> Result:
        """Match totals, the winners (highest total; a tie shares the win) and each seat's deals."""
        return match_result(self.sheet)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: own hand, others' hand sizes, cards won, the trick and the score table."""
        seats = []
        totals = self.sheet.totals
        for seat, hand in enumerate(self.hands):
            note = " (sits out)" if seat in self.sat_out else ""
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (),
                                  f"won {len(self.won[seat])} · total {totals[seat]}{note}"))
        trick = None
        if self.trick:
            trick = TrickView(tuple((seat, play.card) for seat, play in self.trick), self.trick[0][0])
        return TableView(game=SLUG, has_stock=False, viewer=player, seats=tuple(seats), deals=self.deal_no,
                         current=self.current_player, events=self.events, status=self.status(), trick=trick,
                         scores=self.sheet.table() if self.sheet.rows else None)

    def cards(self) -> list[Any]:
        """Every card in play: hands, cards won and the trick on the table."""
        return ([c for h in self.hands for c in h] + [c for w in self.won for c in w]
                + [play.card for _, play in self.trick])

    def cards_of(self, action: Any) -> tuple[Any, ...]:
        """The card a play uses (none for a pass)."""
        return (action.card,) if isinstance(action, CardPlay) else ()

    def candidate_actions(self, card: Any) -> list[CardPlay]:
        """The plays a learner may try with ``card`` under these rules, legal or not (the rules then judge)."""
        if is_joker(card, self.rules.thirteens_jokers):
            return list(_AS_SUIT[card]) if self.leading and self.rules.revised else [CardPlay(card)]
        if card.rank is Rank.ACE and not self.rules.revised:
            return list(_HIGH_LOW[card])
        return [CardPlay(card)]

    def prompt(self, action: Any) -> str:
        """The move as an instruction to the player: "Play the 7♠", "Pass the lead"."""
        if isinstance(action, Pass):
            return "Pass the lead" if self.leading else "Pass"
        return "Play " + self._play_words(action)

    def describe(self, action: Any) -> str:
        """The move in words: "Jory plays the 7♠"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if isinstance(action, Pass):
            return f"{who} passes the lead" if self.leading else f"{who} passes"
        return f"{who} plays {self._play_words(action)}"

    def status(self) -> str:
        """One line: whose move and what they may do, or who won."""
        if self.over:
            res = self.result()
            names = " and ".join(self.names[w] for w in res.winners)
            return f"Match over: {names} {'share the win' if len(res.winners) > 1 else 'wins'}."
        me = self.current
        assert me is not None
        if self.first_trick and self.leading:
            doing = "to lead"
        elif self.leading:
            doing = "to lead or pass"
        else:
            doing = f"to play or pass ({self.led.english if self.led else 'a suit'} led)"
        return f"Deal {self.deal_no + 1}: {self.names[me]} {doing}."

    def card_words(self, card: Any) -> str:
        """A card in the narration: "the 7♠", "the joker", "the 13♥ (a joker)"."""
        if card.rank is Rank.JOKER:
            return "the joker"
        if is_joker(card, self.rules.thirteens_jokers):
            return f"the {card.label} (a joker)"
        return f"the {card.label}"

    def _play_words(self, action: CardPlay) -> str:
        card = getattr(action, "card", None)
        if type(card) not in CARD_TYPES:
            return str(action)
        if is_joker(card, self.rules.thirteens_jokers):
            return self.card_words(card) + (f" as {action.suit.english}" if isinstance(action.suit, Suit) else "")
        return f"the {card.label}" + (f" {action.ace}" if action.ace in ("high", "low") else "")

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()
