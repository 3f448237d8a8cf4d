"""Cassino's position: the immutable state with its fields, the move list and ``apply`` (the engine's entry
points), what each player sees, the status line, the result, and moves in words (``prompt``, ``describe``).

``apply`` hands a move to ``play``'s ``_Turn``; the rules' checks are in ``moves``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from tutor.cards import Card, Suit
from tutor.engine import (Event, IllegalMove, Pile, Record, Result, SeatedState, SeatView, TableView, check_action,
                          shown_to)
from tutor.games.cassino.moves import (KINDS, Action, Build, Capture, Trail, _builds, _captures, _keeps_cards,
                                       _problem)
from tutor.games.cassino.turns import _Turn
from tutor.games.cassino.rules import MAX_PLAYERS, PACK, PREFIX, SLUG, VALUE, Rules, sides_of, value_word
from tutor.games.cassino.scoring import judge_game
from tutor.games.cassino.table import TableBuild, _group_words, _in_order, _items_label
from tutor.match import ScoreSheet


# ---------------------------------------------------------------- state


class _Position(NamedTuple):
    """The fields of a Cassino position (see ``CassinoState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]  # loose cards, in table order
    builds: tuple[TableBuild, ...]
    stock: tuple[Card, ...]  # top card first
    won: tuple[tuple[Card, ...], ...]  # each seat's captured cards
    sweeps: tuple[int, ...]  # each seat's sweeps this deal
    last: int | None  # the seat that made the last capture this deal
    dealer: int
    round: int  # the deal of four cards each being played, from 1
    rounds: int  # how many such deals this pack gives
    sheet: ScoreSheet
    current: int | None
    swept: bool = False  # the last move swept the table: the next player can only trail
    scored: tuple[str, ...] = ()  # the last scored deal, line by line
    tiebreak: tuple[tuple[int, int], ...] = ()  # (cards, spades) per side in the last scored deal
    stopped: int | None = None  # the side whose capture stopped play at the target (K13)
    events: tuple[Event, ...] = ()


class CassinoState(_Position, SeatedState):
    """A position of a Cassino game; immutable and hashable, ``apply`` returns the next one."""

    __slots__ = ()

    # -- sides

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats playing together (each seat alone, or two partnerships)."""
        return sides_of(len(self.hands), self.rules)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % 2 if len(self.sides) == 2 and len(self.hands) == MAX_PLAYERS else seat

    def partner(self, seat: int) -> int | None:
        """The seat's partner in the partnership game, else ``None``."""
        return (seat + 2) % MAX_PLAYERS if len(self.hands) == MAX_PLAYERS and self.rules.partnerships else None

    @property
    def deal_no(self) -> int:
        """The deal being played, from 0 (after the last deal, the number of deals)."""
        return self.sheet.deals

    # -- the contract

    def legal_actions(self) -> list[Action]:
        """Every move of the player to act, each once: captures, builds, trails (K2, K4)."""
        if _MEMO[0] is self:
            return list(_MEMO[1])
        moves = self._moves()
        _MEMO[:] = [self, moves, {id(a) for a in moves}]
        return list(moves)

    def _moves(self) -> list[Action]:
        me = self.current
        if me is None:
            return []
        hand = self.hands[me]
        loose, court_pairs = self.table, self.rules.court_pairs
        builds = _in_order(self.builds) if len(self.builds) > 1 else self.builds
        table_values = tuple(VALUE[c] for c in loose)
        owned = [b for b in builds if b.owner == me]
        partner = self.partner(me)
        values: Counter = Counter()
        for card in hand:
            values[VALUE[card]] += 1
        out: list[Action] = []
        for card in hand:
            caps = _captures(card, loose, table_values, builds, court_pairs)
            w = VALUE[card]
            held = {v for v, n in values.items() if v and (n > 1 or v != w)}
            out += caps
            if w:
                out += _builds(card, held, loose, table_values, builds, partner)
            if not caps and not owned:  # K2, K4
                out.append(_TRAILS[card])
        if owned:  # K4: keep a card that takes each build you own
            out = [a for a in out if _keeps_cards(a, owned, values)]
        return out

    def apply(self, action: Any) -> "CassinoState":
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing.

        A move object this very position has just listed (``legal_actions``) is well formed and legal already;
        any other goes first through ``check_action`` (one of Cassino's kinds of move, every field of its type),
        then through the rule checks."""
        if not (_MEMO[0] is self and id(action) in _MEMO[2]):
            check_action(action, KINDS, _MALFORMED)
            problem = _problem(self, action)
            if problem is not None:
                raise IllegalMove(*problem)
        turn = _Turn(self)
        if type(action) is Trail:
            return turn.trail(action)
        if type(action) is Capture:
            return turn.capture(action)
        return turn.build_move(action)

    def result(self) -> Result:
        """Totals per seat (each side's), the winners, and the scoring line by line (K13)."""
        outcome = judge_game(self.sheet.rows, self.rules.game, self.sheet.columns, tiebreak=self.tiebreak,
                             stopped=self.stopped, final=self.current is None)
        sides = self.sides
        totals = self.sheet.totals
        scores = tuple(totals[self.side_of(seat)] for seat in range(len(self.hands)))
        winners = tuple(seat for side in outcome.winners for seat in sides[side])
        team = len(sides) < len(self.hands)
        # After one deal, each side's total is the deal's line ("This deal: Jory 8, Tamsin 3") again: said once.
        lines = outcome.lines[len(sides):] if len(self.sheet.rows) == 1 else outcome.lines
        return Result(scores, tuple(sorted(winners)), outcome.rule, outcome.text, sides if team else (),
                      totals if team else (), self.scored + lines)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: own hand, the table's loose cards and builds, the cards each seat took."""
        seats = []
        for seat, hand in enumerate(self.hands):
            won = self.won[seat]
            spades = sum(1 for c in won if c.suit is Suit.SPADES)
            sweeps = self.sweeps[seat]
            info = f"took {len(won)} card{'s' * (len(won) != 1)}, {spades} spade{'s' * (spades != 1)}"
            if sweeps:
                info += f", {sweeps} sweep{'s' * (sweeps != 1)}"
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (), info))
        piles = [Pile(c.label if VALUE[c] else f"{c.label} (pairs only)", (c,), None, VALUE[c] or None)
                 for c in self.table]
        piles += [Pile(f"Build of {value_word(b.value, True) if b.multiple else b.value}", b.cards, b.owner, b.value)
                  for b in self.builds]
        sides = self.sides
        return TableView(game=SLUG, viewer=player, seats=tuple(seats), current=self.current, deals=self.deal_no,
                         stock=len(self.stock), events=self.events, status=self.status(), piles=tuple(piles),
                         teams=sides if len(sides) < len(self.hands) else (),
                         scores=self.sheet.table() if self.sheet.rows else None)

    def cards(self) -> list[Card]:
        """Every card: hands, stock, table, builds and the cards each seat took."""
        return ([c for h in self.hands for c in h] + list(self.stock) + list(self.table)
                + [c for b in self.builds for c in b.cards] + [c for w in self.won for c in w])

    def cards_of(self, action: Any) -> tuple[Card, ...]:
        """The card of the hand a move plays."""
        card = getattr(action, "card", None) if type(action) in (Trail, Capture, Build) else None
        return (card,) if type(card) is Card else ()

    def candidate_actions(self, card: Any) -> list[Action]:
        """The legal moves with ``card``, and trailing it even where the rules forbid that (they then say why)."""
        if type(card) is not Card or card not in VALUE:
            return []
        moves: list[Action] = [a for a in self.legal_actions() if a.card == card]
        if Trail(card) not in moves:
            moves.append(Trail(card))
        return moves

    def prompt(self, action: Any) -> str:
        """The move as the player would choose it: "Take the 7♥ and 3♠+4♦ with your 7♣"."""
        return _move_words(self, action, you=True)

    def describe(self, action: Any) -> str:
        """The move in the third person: "Jory takes the 7♥ and 3♠+4♦ with the 7♣"."""
        return _move_words(self, action, you=False)

    def status(self) -> str:
        """One line: the deal, the round and whose turn, or who won."""
        if self.current is None:
            outcome = judge_game(self.sheet.rows, self.rules.game, self.sheet.columns, tiebreak=self.tiebreak,
                                 stopped=self.stopped, final=True)
            who = " and ".join(self.sheet.columns[side] for side in outcome.winners)
            if len(outcome.winners) > 1:
                return f"Game over: a tie between {who}."
            return f"Game over: {who} {'win' if ' & ' in who else 'wins'}."
        text = f"Deal {self.deal_no + 1}, round {self.round} of {self.rounds}: {self.names[self.current]} to play"
        if self.swept:
            return text + " (after a sweep: trail a card)."
        return text + "."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()


# The last position asked for its moves, the moves, and their ids: asking again costs nothing, and
# applying one of those very move objects skips the rule checks it has already passed.
_MEMO: list[Any] = [None, [], set()]
_TRAILS = {card: Trail(card) for card in PACK}
_MALFORMED = f"{PREFIX}.turn"  # the rule a move that is no Cassino move at all is refused under


# ---------------------------------------------------------------- moves in words


def _move_words(state: CassinoState, action: Any, *, you: bool) -> str:
    """A move in words, to the mover (``you``) or about them; anything that is no well-formed move, as its text."""
    who = "" if you else (state.names[state.current] if state.current is not None else "Someone")
    try:
        check_action(action, KINDS, _MALFORMED)
    except IllegalMove:
        return str(action)
    if action.card not in VALUE:
        return str(action)
    card = action.card
    mine = f"your {card.label}" if you else f"the {card.label}"
    names, seat = state.names, state.current if you else None
    mover = None if you else state.current
    table_builds = {b.cards: b for b in state.builds}
    builds = [table_builds.get(b, b) for b in action.builds] if type(action) is not Trail else []
    if type(action) is Trail:
        return f"Trail the {card.label}" if you else f"{who} trails the {card.label}"
    if type(action) is Capture:
        taken = _group_words(action.groups(), builds, names, seat, mover)
        sweep = (len(action.loose) == len(state.table) and len(action.builds) == len(state.builds)
                 and set(action.loose) == set(state.table))
        text = f"Take {taken} with {mine}" if you else f"{who} takes {taken} with {mine}"
        return text + (" — a sweep!" if sweep else "")
    if action.multiple:
        groups = action.groups()
        mates = [c for c in groups[0] if c != card] if groups else []
        others = [g for g in groups[1:]]
        rest = _group_words(others, builds, names, seat, mover) if (others or builds) else ""
        what = f"build {value_word(action.value, True)}"
        if mates:
            put = f"on {_group_words([[c] for c in mates], [])}" + (f", with {rest}" if rest else "")
        else:
            put = f"with {rest}" if rest else f"with {_items_label(action.loose, [])}"
    else:
        put = f"on {_items_label(action.loose, builds, names, seat, mover)}"
        what = f"raise it to {action.value}" if builds else f"build {action.value}"
    if you:
        return f"Put {mine} {put}: {what}"
    return f"{who} puts {mine} {put}: {what}"
