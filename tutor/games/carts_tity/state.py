"""The position of Cârts Tîty: ``CartsState``, immutable and hashable: its fields, ``legal_actions`` and
``apply`` (the common moves made quickly here, every other one by ``turns._Turn``), what each player sees
(``view``), the status line, moves in words (``prompt``, ``describe``) and the ``result``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tutor.cards import ElementCard
from tutor.engine import Event, Pile, Record, Result, ScoreTable, SeatedState, SeatView, TableView, shown_to
from tutor.match import ScoreSheet

from .moves import (FOLLOW, MATCH, PLAYS, SAME_FOLLOW, SIXTEENS, Call, CardPlay, Draw, PayChain, Skip, Swap, can_play,
                    chain_cost, legal_actions, refusal)
from .turns import _LAST_WORDS, _Turn, words_at
from .rules import CHAIN_CAP, CHAIN_STEP, OVERFLOW, SLUG, SWAP_MIN, R, cards_word, points_word, round_limit
from .scoring import RoundScore

_new = tuple.__new__  # builds a named tuple from its fields without the generated constructor (a move's cost)


class _Position(NamedTuple):
    """The fields of a position (see ``CartsState``); the moves read a position through it."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    decks: int  # element decks shuffled together (T1)
    hands: tuple[tuple[ElementCard, ...], ...]  # as held: dealt in order, drawn cards at the end
    stock: tuple[ElementCard, ...]  # top first
    pile: tuple[ElementCard, ...]  # bottom first: the top card is the last
    current: int | None
    chain: int  # the cards the pending chain costs; 0: no chain (T4)
    chain_same: bool  # the last follow-up was of the element it went on: the chain costs a turn (T7)
    swaps: tuple[int, ...]  # swaps left per seat (T8)
    owes: tuple[bool, ...]  # seats that will miss their next turn after a swap (T8)
    called: tuple[bool, ...]  # seats that announced their last card (T10)
    due: int  # the seat down to one card without announcing it, caught after the next turn; -1: none
    out: tuple[bool, ...]  # seats out by overflow (T11)
    extra: bool  # the current player is on an extra turn (T9)
    passes: int  # turns in a row in which no card moved
    moves: int  # moves made this round
    round_no: int
    dealer: int
    shuffles: int  # how many times the pile has been shuffled into a new stock this round (T12)
    sheet: ScoreSheet | None  # the running scores, with scoring (T13)
    last: RoundScore | None  # the last round's score, once a round is over
    events: tuple[Event, ...] = ()


# ---------------------------------------------------------------- state


class CartsState(_Position, SeatedState):
    """A position of Cârts Tîty; immutable and hashable, ``apply`` returns the next one.

    A named tuple rather than a frozen dataclass: one is made for every move.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is CartsState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    # -- the contract

    legal_actions = legal_actions  # the moves of the player to move (moves.py)

    def apply(self, action: Any) -> "CartsState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing.

        A move is first checked by ``tutor.engine.check_action`` (one of ``KINDS``, every field of its declared
        type, else refused naming the field): ``refusal`` calls it before any rule is judged, and a move is
        taken only when its kind is exactly one of ``KINDS`` and its card an ``ElementCard`` (a play) or its count
        a plain ``int`` (paying a chain), which such a move passes anyway, so it is not called again for those.
        A play (T2, T4, T7) is made here, quickly, when it passes the turn on without a chain breaking or a
        held last card changing what the chain costs; otherwise ``_Turn.play`` makes it.
        """
        kind = type(action)
        if kind is not CardPlay or self.current is None:
            if kind is Draw:
                return self._draw(action)
            if kind is PayChain or kind is Skip:
                return self._pay(action)
            return self._apply_other(action)
        (setup, rules, names, decks, hands, stock, pile, me, chain, _, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        card = action.card
        hand = hands[me]
        top = pile[-1]
        follows = FOLLOW[top]
        if type(card) is not ElementCard or card not in (follows if chain else MATCH[top]) or card not in hand:
            raise refusal(self, action)
        if (not 2 < len(hand) <= OVERFLOW + 1 or due >= 0 or True in called
                or moves + 1 >= round_limit(rules, len(hands))):
            return _Turn(self).play(me, card)
        nxt = me + 1 if me + 1 < len(hands) else 0
        if out[nxt] or owes[nxt]:
            return _Turn(self).play(me, card)
        table = _LAST_WORDS[0]
        if table.names is not names:
            table = words_at(names)
        events = table.play(me, card, top)
        if card in follows:  # T4, T7: a follow-up
            doubles = bool(chain) and rules.chain_doubles
            same = card in SAME_FOLLOW[top]
            # The chain breaks (T4), or a last card held changes what it costs (T10; a player who is out
            # holds no cards, so "1 in" looks only at the players still in).
            if (chain * 2 if doubles else chain + CHAIN_STEP) > CHAIN_CAP or rules.last_card and (
                    len(hands[nxt]) == 1 or same and 1 in map(len, hands)):
                return _Turn(self).play(me, card)
            count, event = table.chain(me, chain, doubles, same, nxt)
            events += (event,)
        else:
            if rules.sixteen and card in SIXTEENS[top]:
                return _Turn(self).play(me, card)
            count, same = 0, False
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1:]
        # The hands with this one replaced (the two-player table directly: the most common, and quickest).
        new = ((hand, hands[1]) if me == 0 else (hands[0], hand)) if len(hands) == 2 else \
            hands[:me] + (hand,) + hands[me + 1:]
        return _new(CartsState, (setup, rules, names, decks, new, stock, pile + (card,), nxt, count, same,
                                 swaps, owes, called, -1, out, False, 0, moves + 1, round_no, dealer, shuffles, sheet,
                                 None, events))

    def _apply_other(self, action: Any) -> "CartsState":
        """The state after a swap or the announcement (or a refusal)."""
        me = self.current
        kind = type(action)
        if me is not None:
            if kind is Swap:
                if not self.chain and len(self.hands[me]) >= SWAP_MIN and self.swaps[me]:
                    return _Turn(self).swap(me)
            elif kind is Call:
                if len(self.hands[me]) == 2 and self.rules.last_card and not self.called[me]:
                    return _Turn(self).call(me)
        raise refusal(self, action)

    def _draw(self, action: Draw) -> "CartsState":
        """T3: drawing a card (checked here); quick from a stock that has one, the turn passing on."""
        (setup, rules, names, decks, hands, stock, pile, me, chain, _, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        if me is None or chain or not (stock or len(pile) > 1 or not can_play(self, me)):
            raise refusal(self, action)
        hand = hands[me]
        if (not stock or len(hand) >= OVERFLOW or due >= 0 or True in called
                or moves + 1 >= round_limit(rules, len(hands))):
            return _Turn(self).draw_one(me)
        nxt = me + 1 if me + 1 < len(hands) else 0
        if out[nxt] or owes[nxt]:
            return _Turn(self).draw_one(me)
        table = _LAST_WORDS[0]
        if table.names is not names:
            table = words_at(names)
        hand += stock[:1]
        new = ((hand, hands[1]) if me == 0 else (hands[0], hand)) if len(hands) == 2 else \
            hands[:me] + (hand,) + hands[me + 1:]
        events = table.draw[me]
        return _new(CartsState, (setup, rules, names, decks, new,
                                 stock[1:], pile, nxt, 0, False, swaps, owes, called, -1, out, False, 0, moves + 1,
                                 round_no, dealer, shuffles, sheet, None, events))

    def _pay(self, action: PayChain | Skip) -> "CartsState":
        """T4, T6, T7: paying a chain (checked here), its cards or the missed turn; quick when the stock can pay
        and the turn passes on, otherwise ``_Turn.pay`` or ``_Turn.skip``."""
        (setup, rules, names, decks, hands, stock, pile, me, chain, same, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        if me is None or not chain or same is not (type(action) is Skip):
            raise refusal(self, action)
        hand = hands[me]
        held = len(hand)
        if not same and (type(action.count) is not int
                         or action.count != (chain + 1 if held == 1 and rules.last_card else chain)):  # T10
            raise refusal(self, action)
        cost = 0 if same else chain
        nxt = me + 1 if me + 1 < len(hands) else 0
        if len(stock) < cost or not 2 <= held <= OVERFLOW - cost or rules.penalised_plays or due >= 0 \
                or True in called or moves + 1 >= round_limit(rules, len(hands)) or out[nxt] or owes[nxt]:
            return _Turn(self).skip(me) if same else _Turn(self).pay(me)
        table = _LAST_WORDS[0]
        if table.names is not names:
            table = words_at(names)
        if same:
            events = table.skip[me]
        else:
            hand = hand + stock[:cost]
            stock = stock[cost:]
            events = table.pay(me, cost)
        new = ((hand, hands[1]) if me == 0 else (hands[0], hand)) if len(hands) == 2 else \
            hands[:me] + (hand,) + hands[me + 1:]
        return _new(CartsState, (setup, rules, names, decks, new, stock, pile, nxt, 0, False, swaps, owes,
                                 called, -1, out, False, 0, moves + 1, round_no, dealer, shuffles, sheet, None,
                                 events))

    def result(self) -> Result:
        """Points per seat (the round's, or the match totals with scoring), the winners, and the scoring by line."""
        last = self.last
        if self.sheet is None:
            if last is None:
                return Result((0,) * self.players, (), R["win"], "The round is not over yet.")
            return Result(last.points, last.winners, R["win"], self._end_words(), breakdown=last.lines)
        sheet = self.sheet
        winners = sheet.leaders() if sheet.rows else ()
        lines = tuple(f"{label}: " + ", ".join(f"{self.names[s]} {p}" for s, p in enumerate(row))
                      for label, row in self._score_table().rows)
        lines += ("Totals: " + ", ".join(f"{self.names[s]} {t}" for s, t in enumerate(sheet.totals)),)
        return Result(sheet.totals, winners, R["match"], self._end_words(), breakdown=lines)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, the others' counts and markers, the stock, the pile's top card."""
        seats = tuple(SeatView(self.names[seat], shown_to(player, seat, tuple(sorted(hand))), (),
                               self._seat_info(seat)) for seat, hand in enumerate(self.hands))
        label = "Pile"
        if self.chain:
            label += (" · chain: miss a turn" if self.chain_same else f" · chain: draw {self.chain}")
        return TableView(game=SLUG, viewer=player, seats=seats, current=self.current, stock=len(self.stock),
                         deals=self.round_no,
                         events=self.events, status=self.status(),
                         piles=(Pile(label, self.pile, top_only=True),),
                         scores=self._score_table() if self.sheet is not None else None)

    def cards(self) -> list[ElementCard]:
        """Every card of the game: hands (an overflowed player's too), stock and pile."""
        return [c for hand in self.hands for c in hand] + list(self.stock) + list(self.pile)

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses; the other moves (drawing, swapping, the announcement) use no chosen card."""
        return (action.card,) if type(action) is CardPlay else ()

    def candidate_actions(self, card: Any) -> list[CardPlay]:
        """Playing ``card`` (the rules then judge whether it may go on the pile)."""
        return [PLAYS[card]] if type(card) is ElementCard else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Play Fire 7", "Draw 4 cards", "Say “Last card!”"."""
        kind = type(action)
        if kind is CardPlay:
            return f"Play {action.card.english}"
        if kind is Draw:
            return "Draw a card"
        if kind is PayChain:
            return f"Draw {cards_word(action.count)}"
        if kind is Skip:
            return "Miss your turn"
        if kind is Swap:
            left = self.swaps[self.current] if self.current is not None else 0
            return f"Swap your whole hand ({left} swap{'s' * (left != 1)} left)"
        return "Say “Last card!”"

    def describe(self, action: Any) -> str:
        """The move in the third person: "Pol plays Fire 7"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        kind = type(action)
        if kind is CardPlay:
            return f"{who} plays {action.card.english}"
        if kind is Draw:
            return f"{who} draws a card"
        if kind is PayChain:
            return f"{who} draws {cards_word(action.count)}"
        if kind is Skip:
            return f"{who} misses the turn"
        if kind is Swap:
            return f"{who} swaps the whole hand"
        return f"{who} says “Last card!”"

    def status(self) -> str:
        """One line: whose move and what is pending, the markers (misses a turn, last card), or who won."""
        if self.current is None:
            return f"Game over: {self._winners_words()}."
        me = self.names[self.current]
        top = self.pile[-1].english
        if self.chain and self.chain_same:
            line = f"{me} must miss the turn or answer {top} with a follow-up."
        elif self.chain:
            line = f"{me} must draw {chain_cost(self, self.current)} or answer {top} with a follow-up."
        elif self.extra:
            line = f"{me} has an extra turn: play on {top}."
        else:
            line = f"{me} to play on {top}."
        marks = [f"{self.names[s]} misses the next turn" for s, owed in enumerate(self.owes) if owed]
        marks += [f"{self.names[s]}: Last card!" for s, c in enumerate(self.called) if c and len(self.hands[s]) == 1]
        if self.due >= 0:
            marks.append(f"{self.names[self.due]} has one card and did not say so")
        if self.sheet is not None:
            line = f"Round {self.round_no + 1}: " + line
        return line + ("" if not marks else " " + "; ".join(marks) + ".")

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    # -- helpers

    def _score_table(self) -> ScoreTable:
        """The running scores, a row per round (totals a prepared deal brought are "Earlier rounds")."""
        assert self.sheet is not None
        table = self.sheet.table(label="Round")
        if not (self.setup.deal and self.setup.deal.get("scores") is not None) or not table.rows:
            return table
        rows = (("Earlier rounds", table.rows[0][1]),) + tuple(
            (f"Round {i}", row) for i, (_label, row) in enumerate(table.rows[1:], start=1))
        return ScoreTable(table.columns, rows, table.totals, table.note)

    def _seat_info(self, seat: int) -> str:
        if self.out[seat]:
            return "out: more than 25 cards"
        parts = [f"{self.swaps[seat]} swap{'s' * (self.swaps[seat] != 1)} left"]
        if self.owes[seat]:
            parts.append("misses the next turn")
        if self.called[seat] and len(self.hands[seat]) == 1:
            parts.append("Last card!")
        elif self.due == seat:
            parts.append("one card, not announced")
        if seat == self.current and self.extra:
            parts.append("extra turn")
        return " · ".join(parts)

    def _winners_words(self) -> str:
        """Who won, for the status line: "Tamsin wins", "Tamsin and Jory share the win"."""
        if self.sheet is not None:
            winners = self.sheet.leaders() if self.sheet.rows else ()
        else:
            winners = self.last.winners if self.last is not None else ()
        who = " and ".join(self.names[s] for s in winners)
        return f"{who} {'share the win' if len(winners) > 1 else 'wins'}" if winners else "no one has won yet"

    def _end_words(self) -> str:
        """Why the winners won, with the numbers that decided it (the status line says who)."""
        if self.sheet is not None:
            if not self.sheet.rows:
                return "No round has been scored yet."
            best = self.sheet.leaders()
            who = " and ".join(self.names[s] for s in best)
            low = points_word(self.sheet.totals[best[0]])
            if len(best) > 1:
                return f"{who} share the lowest total, {low} each."
            return f"{who} has the lowest total, {low}."
        if self.last is None:
            return "The round is not over yet."
        winners = self.last.winners
        who = " and ".join(self.names[s] for s in winners)
        if len(winners) == 1 and not self.hands[winners[0]]:
            return f"{who} is the first player out of cards."
        if len(winners) == 1 and all(self.out[s] for s in range(self.players) if s != winners[0]):
            return f"{who} is the last player left: everyone else is out by overflow."
        fewest = cards_word(len(self.hands[winners[0]]))
        holds = "holds" if len(winners) == 1 else "hold"
        return f"The round cannot end, so the fewest cards win it: {who} {holds} {fewest}."
