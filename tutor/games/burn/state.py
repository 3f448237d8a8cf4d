"""Burn's position: the immutable state, its entry points (``legal_actions``, ``apply``), what each seat sees, and
the moves and the game's end in words.  The moves themselves are made in ``turns.py``."""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.cards import ElementCard
from tutor.engine import (Event, IllegalMove, Record, Result, ScoreTable, SeatedState, SeatView, TableView,
                          check_action, shown_to)
from tutor.games.burn.moves import KINDS, PLAYS, READY_MADE, CardPlay, Pit, check_pit, check_play, legal_moves
from tutor.games.burn.rules import FIRE, PIT, PREFIX, R_END, R_FOLLOW, R_PIT, WATER, Rules, element, value
from tutor.games.burn.scoring import SCORINGS, BurnScoring, pit_value, points_words, signed
from tutor.games.burn.turns import _Turn, card_event, trick_event
from tutor.match import ScoreSheet
from tutor.tricks import Trick, TrickPosition, Where, quick_lay, quick_take, side_members, view_of, winning_index


class _Position(NamedTuple):
    """The fields of a Burn position (see ``BurnState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    sides: tuple[int, ...]
    hands: tuple[tuple[ElementCard, ...], ...]
    won: tuple[tuple[ElementCard, ...], ...]
    plays: tuple[tuple[int, ElementCard], ...]
    leader: int
    tricks: tuple[Trick, ...]
    dealer: int
    deal_no: int
    sheet: ScoreSheet
    current: int | None
    pit: int | None = None
    instant: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()


class BurnState(_Position, TrickPosition, SeatedState):
    """A position of a game of Burn; immutable and hashable, ``apply`` returns the next one.

    ``plays`` is the trick on the table, ``tricks`` this deal's finished ones,
    ``won`` the cards each seat took this deal; ``pit`` the side choosing what
    to do with its pit (phase "pit"); ``sheet`` the score per deal and side.
    A named tuple rather than a frozen dataclass: one is made for every card
    played, and a tuple is built in an eighth of the time (benchmarks/).
    """

    __slots__ = ()

    # -- the contract

    @property
    def phase(self) -> str:
        """"play", "pit" (a side chooses what to do with its pit) or "over"."""
        if self.current is None:
            return "over"
        return "play" if self.pit is None else "pit"

    @property
    def scoring(self) -> BurnScoring:
        """How deals are scored (stand-alone Burn, or as in Pymtheg)."""
        return SCORINGS[self.rules.scoring]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (one seat each when everyone plays alone)."""
        return side_members(self.sides)

    legal_actions = legal_moves  # the cards the player to move may play, or the side's pit choices (moves.py)

    def apply(self, action: Any) -> "BurnState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing."""
        if id(action) not in READY_MADE:  # the moves handed out are well formed; any other is checked first
            check_action(action, KINDS, R_FOLLOW)
        if self.current is None:
            raise IllegalMove(R_END, "The game is over: no more moves.")
        if self.pit is not None:
            return _Turn(self).choose_pit(check_pit(self, action))
        if type(action) is Pit:
            raise IllegalMove(R_PIT, "There is no pit to choose about: play a card.")
        card = action.card
        check_play(self, card)
        # Made in one step: a card that does not complete the trick, or completes one that is not the deal's last.
        me, plays, players = self.current, self.plays, len(self.hands)
        if len(plays) < players - 1:
            return quick_lay(self, card, card_event(self, me, card), _AT)
        if len(self.hands[me]) > 1:
            plays = plays + ((me, card),)
            seat, top = plays[winning_index(plays, suit=element, value=value)]
            fields = quick_take(self, plays, seat, _AT)
            fields[_AT.events] = (card_event(self, me, card), trick_event(self.names, plays, seat, top))
            return _new_state(BurnState, fields)
        return _Turn(self).play(card)

    def result(self) -> Result:
        """Totals per side (each seat shows its side's), the winners, and the deals line by line."""
        totals = self.sheet.totals
        winners = self.instant or tuple(s for s in range(self.players)
                                        if self.sides[s] in self.sheet.leaders())
        labels = self.sheet.columns
        breakdown = [f"Deal {i + 1}: " + ", ".join(f"{labels[k]} {signed(v)}" for k, v in enumerate(row))
                     for i, row in enumerate(self.sheet.rows)]
        if self._carried:
            breakdown[0] = breakdown[0].replace("Deal 1", "Earlier deals", 1)
        breakdown.append("Totals: " + ", ".join(f"{labels[k]} {signed(t)}" for k, t in enumerate(totals)))
        team = bool(self.rules.teams)
        return Result(tuple(totals[self.sides[s]] for s in range(self.players)), winners, R_END,
                      self._end_words(), self.teams if team else (), totals if team else (), tuple(breakdown))

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, the trick (or the last one taken) and the score table."""
        totals = self.sheet.totals
        seats = []
        for seat, hand in enumerate(self.hands):
            fire = sum(1 for c in self.won[seat] if c.element is FIRE)
            water = sum(1 for c in self.won[seat] if c.element is WATER)
            team = f"{self.sheet.columns[self.sides[seat]]} · " if self.rules.teams else ""
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (),
                                  f"{team}took {fire} Fire, {water} Water · total {signed(totals[self.sides[seat]])}"))
        shown, label = self.shown_trick(element)
        return TableView(game=PREFIX, viewer=player, seats=tuple(seats), current=self.current, has_stock=False,
                         deals=self.deal_no,
                         centre=shown.cards, centre_label=label, events=self.events, status=self.status(),
                         trick=view_of(shown) if shown.plays else None,
                         teams=self.teams if self.rules.teams else (), scores=self._score_table())

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses (none for a pit choice)."""
        return (action.card,) if isinstance(action, CardPlay) else ()

    def candidate_actions(self, card: ElementCard) -> list[CardPlay]:
        """Playing ``card`` (the rules then judge whether it may go on this trick)."""
        return [PLAYS[card]] if card in PLAYS else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Play the Fire 7", "Take 30 off your own score"."""
        if isinstance(action, Pit):
            worth = self.pit_worth()
            return (f"Take {worth} off your own score" if action.choice == "minus"
                    else f"Give {worth} to each opponent")
        return f"Play the {action.card.english}"

    def describe(self, action: Any) -> str:
        """The move in words: "Pol plays the Fire 7"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if isinstance(action, Pit):
            worth = self.pit_worth()
            return (f"{who} takes {worth} off their own score" if action.choice == "minus"
                    else f"{who} gives {worth} to each opponent")
        return f"{who} plays the {action.card.english}"

    def status(self) -> str:
        """One line: whose move, or how the game ended."""
        if self.current is None:
            return f"Game over: {self._winners_words()}."
        me = self.names[self.current]
        if self.pit is not None:
            return f"A pit! {me} chooses: {self.pit_worth()} off their own score, or onto each opponent's."
        if not self.plays:
            return f"Deal {self.deal_no + 1}: {me} to lead."
        return f"Deal {self.deal_no + 1}: {me} to play ({self.plays[0][1].element.english} led)."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    # -- helpers

    @property
    def _carried(self) -> bool:
        """True when an explicit deal brought scores from earlier deals (the sheet's first row)."""
        return bool(self.setup.deal and self.setup.deal.get("scores") is not None)

    def pit_worth(self) -> int:
        """What a pit is worth at this table (B5, B6)."""
        worth = pit_value(self.players, self.rules.teams, self.rules.pit_table)
        return PIT if worth is None else worth

    def _score_table(self) -> ScoreTable:
        table = self.sheet.table()
        if not self._carried or not table.rows:
            return table
        rows = (("Earlier deals", table.rows[0][1]),) + tuple(
            (f"Deal {i}", row) for i, (_label, row) in enumerate(table.rows[1:], start=1))
        return ScoreTable(table.columns, rows, table.totals, table.note)

    def _winners_words(self) -> str:
        """Who won, for the status line: "Tamsin wins", "You & Jory win", "Tamsin and Pol share the win"."""
        labels = self.sheet.columns
        best = self.instant or self.sheet.leaders()
        who = " and ".join((self.names if self.instant else labels)[s] for s in best)
        if len(best) > 1:
            return f"{who} share the win"
        return f"{who} {'win' if ' & ' in who else 'wins'}"

    def _end_words(self) -> str:
        """Why the winners won, with the totals that decided it (the status line says who)."""
        labels, totals = self.sheet.columns, self.sheet.totals
        if self.instant:
            return f"{' and '.join(self.names[s] for s in self.instant)} won at once with a pit."
        best = self.sheet.leaders()
        who = " and ".join(labels[s] for s in best)
        low = points_words(totals[best[0]])
        if len(best) > 1:
            return f"{who} share the lowest total, {low} each."
        return f"{who} {'have' if ' & ' in who else 'has'} the lowest total, {low}."


_AT = Where.of(BurnState)
_new_state = tuple.__new__
