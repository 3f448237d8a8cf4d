"""Cârts Tîty ("crazy cards"): a shedding game of the Mau-Mau family with the element deck.

The rules, and how Gwari settles what the rule book leaves open, are in
docs/rules.md (notes T1–T13).  Eight cards each; play a card of the same value
or element as the pile's top card, or a *follow-up* (one above or below, any
element), or draw one.  A follow-up makes the next player draw 2 unless they
answer with a follow-up too (4, 6, 8, 10; past 10 the chain breaks); a
follow-up of the same element makes them miss the turn instead.  A player may
swap the whole hand three times a game.  Options: the 16 rule, the last card
(announced with the ``last card`` move, which a player can forget), overflow
past 25 cards, doubling chains, and scoring over several rounds.  Every rule
id this module emits is a ``carts.*`` entry of the Cârts Tîty lesson.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from tutor.cards import BadNotation, ElementCard, element_pack
from tutor.cards.elements import ELEMENT_CARDS
from tutor.engine import (Event, Game, IllegalMove, Pile, Record, Result, ScoreTable, SeatedState, SeatView,
                          TableView, Turn, shown_to)
from tutor.match import EndRule, ScoreSheet, next_dealer
from tutor.mechanics import read_deal

PREFIX = "carts"
HAND = 8  # T1: cards dealt to each player
PER_DECK = 6  # T1: one more deck for every six players more
MAX_PLAYERS = 20
CHAIN_STEP = 2  # T4: each follow-up adds two cards
CHAIN_CAP = 10  # T4: a chain that would go above this breaks
SWAPS = 3  # T8: swaps per player and round
SWAP_MIN = 4  # T8: the fewest cards a swapped hand may have
SIXTEEN = 16  # T9
VOID_AT = 11  # T10: a one-card player who would draw this many or more owes nothing
FORGOT, FORGOT_MORE, FORGOT_OVER = 5, 7, 10  # T10: 5 cards, or 7 while another player holds more than 10
OVERFLOW = 25  # T11: more than this many cards at the end of one's turn puts a player out
OUT_POINTS, SURVIVOR_POINTS, SURVIVOR_PLAYERS = 30, 20, 4  # T13
ROUND_LIMIT = 3_000  # a bound on the moves of one round (Gwari's own: every game ends)
MAX_ROUNDS = 100  # a bound on the rounds of a match

R = {name: f"{PREFIX}.{name}" for name in (
    "players", "deal", "decks", "play", "follow-up", "draw", "stock", "swap", "skip", "chain", "chain.draw",
    "chain.break", "chain.skip", "chain.double", "chain.plays-on", "sixteen", "last-card", "one-card",
    "last-card.draw-one", "last-card.forgot", "overflow", "win", "last-standing", "stuck", "score",
    "score.survivor", "match")}


R_PLAY, R_FOLLOW, R_DRAW, R_CHAIN, R_CHAIN_DOUBLE, R_CHAIN_DRAW, R_CHAIN_SKIP = (
    R[k] for k in ("play", "follow-up", "draw", "chain", "chain.double", "chain.draw", "chain.skip"))
_new = tuple.__new__  # builds a named tuple from its fields without the generated constructor (a move's cost)


def decks_for(players: int) -> int:
    """T1: one deck for two to five players, two for six to eleven, three for twelve to seventeen, and so on."""
    return players // PER_DECK + 1


def shuffler(seed: int | None, round_no: int, shuffles: int = -1) -> random.Random:
    """The generator of one shuffle: seeded from the game's seed, the round, and how often the pile was
    shuffled into a new stock before (T12; -1 for the deal), so that a replay shuffles alike."""
    base = -1 if seed is None else seed
    return random.Random((base * 1_000_003 + round_no) * 1_000_003 + shuffles)


def cards_word(n: int) -> str:
    """"1 card", "4 cards"."""
    return f"{n} card{'s' * (n != 1)}"


# What may go on what (T2), worked out once for every top card: the cards that may be played
# on it, and the follow-ups among them (one above or below; 15 and 1 are not neighbours).
_ALL = tuple(ELEMENT_CARDS.values())
MATCH = {top: frozenset(c for c in _ALL if c.value == top.value or c.element is top.element
                        or abs(c.value - top.value) == 1) for top in _ALL}
FOLLOW = {top: frozenset(c for c in _ALL if abs(c.value - top.value) == 1) for top in _ALL}
SAME_FOLLOW = {top: frozenset(c for c in FOLLOW[top] if c.element is top.element) for top in _ALL}  # T7
SIXTEENS = {top: frozenset(c for c in MATCH[top] if c.element is top.element and c.value + top.value == SIXTEEN)
            for top in _ALL}  # T9


# ---------------------------------------------------------------- rules (options)


@dataclass(frozen=True)
class Rules:
    """Cârts Tîty's options, with the rule book's defaults (docs/rules.md, T4–T13)."""

    sixteen: bool = False
    """T9, optional: a card of the top card's element that makes 16 with it gives an extra turn."""
    last_card: bool = True
    """T10: announce your last card; while anyone holds one card nobody misses a turn; forgetting costs cards."""
    overflow: bool = True
    """T11: more than 25 cards at the end of your turn puts you out."""
    chain_doubles: bool = False
    """T4, variant: each follow-up doubles the chain (2, 4, 8) instead of adding two."""
    penalised_plays: bool = False
    """T6, variant: a player who draws a chain's cards then plays the turn as usual."""
    scoring: bool = False
    """T13, optional: play several rounds; a card left is a point, an overflow 30; the lowest total wins."""
    rounds: int = 0
    """T13: with scoring, the match is this many rounds; 0 plays until someone reaches ``target``."""
    target: int = 100
    """T13: with scoring and no fixed number of rounds, the match ends once someone has this many points."""
    survivor: bool = True
    """T13: with scoring and four players or more, the last player left when all others overflowed takes 20 off."""

    def __post_init__(self) -> None:
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"option rounds: a match has 1 to {MAX_ROUNDS} rounds (0: play to the target), "
                             f"not {self.rounds}.")
        if not 1 <= self.target <= 10_000:
            raise ValueError(f"option target: a match goes to 1 to 10,000 points, not {self.target}.")


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` onto the pile (T2)."""

    card: ElementCard

    def __str__(self) -> str:
        return f"play {self.card.code}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card and end the turn (T3)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class PayChain:
    """Draw the ``count`` cards a chain of follow-ups costs (T4)."""

    count: int

    def __str__(self) -> str:
        return f"draw {self.count}"


@dataclass(frozen=True, slots=True)
class Skip:
    """Miss the turn, as a same-element follow-up demands (T7)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the whole hand: under the pile's top card, draw as many, and miss the next turn (T8)."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Call:
    """Announce "Last card!" before playing down to one card (T10)."""

    def __str__(self) -> str:
        return "last card"


Action = Play | Draw | PayChain | Skip | Swap | Call
PLAYS = {card: Play(card) for card in _ALL}
_PLAY_OF = PLAYS.__getitem__
_MATCHES = {top: cards.__contains__ for top, cards in MATCH.items()}  # the tests of the legal moves, made once
_FOLLOWS = {top: cards.__contains__ for top, cards in FOLLOW.items()}
DRAW, SKIP, SWAP, CALL = Draw(), Skip(), Swap(), Call()
PAYS = {n: PayChain(n) for n in range(1, VOID_AT)}


def parse_action(text: Any) -> Action:
    """Read "play F7", "draw", "draw 4", "skip", "swap" or "last card"."""
    if not isinstance(text, str):
        raise IllegalMove(R["play"], f"{text!r} is not a move; write e.g. 'play F7', 'draw' or 'swap'.")
    words = text.strip().lower().rstrip("!").split()
    if words == ["draw"]:
        return DRAW
    if words == ["skip"]:
        return SKIP
    if words == ["swap"]:
        return SWAP
    if words == ["last", "card"]:
        return CALL
    if len(words) == 2 and words[0] == "draw" and words[1].isdigit() and len(words[1]) <= 3:
        n = int(words[1])
        return PAYS.get(n) or PayChain(n)
    if len(words) >= 2 and words[0] == "play":
        try:
            return PLAYS[ElementCard.parse(" ".join(words[1:]))]
        except BadNotation as exc:
            raise IllegalMove(R["play"], str(exc)) from None
    raise IllegalMove(R["play"], f"{text!r} is not a move; write e.g. 'play F7', 'draw', 'draw 4', 'skip', "
                                 "'swap' or 'last card'.")


def play_words(card: ElementCard, top: ElementCard) -> str:
    """What playing ``card`` on ``top`` says, after the player's name: " plays Water 7 on Fire 6: a follow-up."."""
    follow = abs(card.value - top.value) == 1
    return f" plays {card.english} on {top.english}{': a follow-up' if follow else ''}."


# PLAY_WORDS[top][card]: the words of every play there can be, made once (a move's text is most of its cost).
PLAY_WORDS = {top: {card: play_words(card, top) for card in MATCH[top]} for top in _ALL}


def chain_words(before: int, count: int, doubles: bool, same: bool, nxt: str) -> tuple[str, str]:
    """The rule and words of a chain that grows from ``before`` to ``count`` cards (T4, T7)."""
    grow = f"The chain {'doubles' if doubles else 'grows'} to {count}. " if before else ""
    if same:
        return (R["chain.double"] if doubles else R["chain.skip"],
                f"{grow}Same element: {nxt} misses the turn unless they answer with a follow-up.")
    return (R_CHAIN_DOUBLE if doubles else R_CHAIN, f"{grow}{nxt} draws {count} unless they answer with a follow-up.")


class _Words:
    """The events of the moves made most at one table, made once and shared (they are immutable)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.draw = tuple((_new(Event, (R_DRAW, f"{name} draws a card.", "", "", seat)),)
                          for seat, name in enumerate(names))
        self.skip = tuple((_new(Event, (R_CHAIN_SKIP, f"{name} does not answer and misses the turn, drawing "
                                                      "nothing.", "", "", seat)),) for seat, name in enumerate(names))
        self.plays: tuple[dict[tuple[ElementCard, ElementCard], tuple[Event, ...]], ...] = tuple(
            {} for _ in names)
        self.pays: dict[tuple[int, int], tuple[Event, ...]] = {}
        self.chains: dict[tuple[int, int, bool, bool, int], tuple[int, Event]] = {}

    def play(self, seat: int, card: ElementCard, top: ElementCard) -> tuple[Event, ...]:
        """``seat`` plays ``card`` on ``top`` (T2), a follow-up or not."""
        key = card, top
        events = self.plays[seat].get(key)
        if events is None:
            rule = R_FOLLOW if card in FOLLOW[top] else R_PLAY
            events = self.plays[seat][key] = (_new(Event, (rule, self.names[seat] + PLAY_WORDS[top][card], "", "",
                                                           seat)),)
        return events

    def pay(self, seat: int, cost: int) -> tuple[Event, ...]:
        """``seat`` draws the ``cost`` cards of a chain (T4)."""
        key = seat, cost
        events = self.pays.get(key)
        if events is None:
            events = self.pays[key] = (_new(Event, (R_CHAIN_DRAW, f"{self.names[seat]} does not answer, and draws "
                                                                  f"{cards_word(cost)}.", "", "", seat)),)
        return events

    def chain(self, seat: int, before: int, doubles: bool, same: bool, nxt: int) -> tuple[int, Event]:
        """``seat``'s follow-up makes a chain of ``before`` cards grow against ``nxt`` (T4, T7): its new count."""
        key = seat, before, doubles, same, nxt
        known = self.chains.get(key)
        if known is None:
            count = before * 2 if doubles else before + CHAIN_STEP
            rule, text = chain_words(before, count, doubles, same, self.names[nxt])
            known = self.chains[key] = count, _new(Event, (rule, text, "", "", seat))
        return known


_WORDS: dict[tuple[str, ...], _Words] = {}
_LAST_WORDS = [_Words(())]  # the table used last: found by identity, without hashing the names


def words_at(names: tuple[str, ...]) -> _Words:
    """The shared events of a table with these names (a few tables are kept)."""
    words = _LAST_WORDS[0]
    if words.names is names:
        return words
    words = _WORDS.get(names)
    if words is None:
        if len(_WORDS) >= 64:
            _WORDS.clear()
        words = _WORDS[names] = _Words(names)
    _LAST_WORDS[0] = words
    return words


# ---------------------------------------------------------------- scoring (T13), pure


class RoundScore(NamedTuple):
    """One round scored: points per seat, the seats that won the round, the lines that explain it, and
    the rule behind each seat's line ("score", or "score.survivor" for the last player left)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]
    lines: tuple[str, ...]
    kinds: tuple[str, ...]


def score_round(cards_left: Sequence[int], out: Sequence[bool], winner: int | None, *,
                totals: Sequence[int] | None = None, survivor: bool = False,
                names: Sequence[str] | None = None) -> RoundScore:
    """Score a round (T13): a point per card left, 30 for an overflow, nothing for the player out of cards.

    ``winner`` emptied their hand or is the last player left (``None``: a stuck
    round, which the fewest cards win).  With ``survivor``, four players or more
    and the others all out by overflow, the last player left takes 20 off their
    total ``totals`` instead of counting cards, never going below 0.
    ``score_round([0, 5, 12], [False, False, False], 0)`` → points (0, 5, 12).
    """
    players = len(cards_left)
    names = tuple(names) if names is not None else tuple(f"Player {s + 1}" for s in range(players))
    totals = tuple(totals) if totals is not None else (0,) * players
    if len(out) != players or len(totals) != players:
        raise ValueError("cards_left, out and totals need one entry per seat.")
    alone = winner is not None and all(out[s] for s in range(players) if s != winner)
    points, lines = [], []
    kinds = ["score"] * players
    for seat in range(players):
        n = cards_left[seat]
        if out[seat]:
            points.append(OUT_POINTS)
            lines.append(f"{names[seat]}: out by overflow, {OUT_POINTS}")
        elif seat == winner and not alone:
            points.append(0)
            lines.append(f"{names[seat]}: no cards left, 0")
        elif seat == winner and survivor and players >= SURVIVOR_PLAYERS:
            kinds[seat] = "score.survivor"
            off = min(SURVIVOR_POINTS, totals[seat])
            points.append(-off)
            floor = "" if off == SURVIVOR_POINTS else f" (only {off}: no total goes below 0)"
            lines.append(f"{names[seat]}: the only one left, so {SURVIVOR_POINTS} off and no cards counted{floor}, "
                         f"−{off}")
        else:
            points.append(n)
            lines.append(f"{names[seat]}: {cards_word(n)} left, {n}")
    if winner is not None:
        winners: tuple[int, ...] = (winner,)
    else:
        live = [s for s in range(players) if not out[s]]
        fewest = min(cards_left[s] for s in live)
        winners = tuple(s for s in live if cards_left[s] == fewest)
    return RoundScore(tuple(points), winners, tuple(lines), tuple(kinds))


# ---------------------------------------------------------------- state


class _Position(NamedTuple):
    """The fields of a position (see ``CartsState``)."""

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

    def legal_actions(self) -> list[Action]:
        """The moves of the player to move: plays, a draw, a chain to pay or answer, a swap, the announcement."""
        (_, rules, _, decks, hands, stock, pile, me, chain, chain_same, swaps, _, called, _, _, _, _, _, _, _, _, _,
         _, _) = self
        if me is None:
            return []
        hand = hands[me]
        if chain:  # T4, T7: answer with a follow-up, or pay
            legal = list(map(_PLAY_OF, filter(_FOLLOWS[pile[-1]], hand)))
            if chain_same:
                legal.append(SKIP)
            else:  # T10: a player holding one card pays one more
                cost = chain + 1 if len(hand) == 1 and rules.last_card else chain
                legal.append(PAYS.get(cost) or PayChain(cost))
        else:
            legal = list(map(_PLAY_OF, filter(_MATCHES[pile[-1]], hand)))
            if stock or len(pile) > 1 or not legal:  # T3; with nothing to draw, only a stuck player passes
                legal.append(DRAW)
            if len(hand) >= SWAP_MIN and swaps[me]:
                legal.append(SWAP)
        if len(hand) == 2 and rules.last_card and not called[me]:
            legal.append(CALL)
        if decks > 1:
            legal = list(dict.fromkeys(legal))
        return legal

    def apply(self, action: Any) -> "CartsState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing.

        A play (T2, T4, T7) is made here, quickly, when it passes the turn on without a chain breaking or a
        held last card changing what the chain costs; otherwise ``_Turn.play`` makes it.
        """
        kind = type(action)
        if kind is not Play or self.current is None:
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
            raise self._refusal(action)
        if not 2 < len(hand) <= OVERFLOW + 1 or due >= 0 or True in called or moves + 1 >= ROUND_LIMIT:
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
        raise self._refusal(action)

    def _draw(self, action: Draw) -> "CartsState":
        """T3: drawing a card (checked here); quick from a stock that has one, the turn passing on."""
        (setup, rules, names, decks, hands, stock, pile, me, chain, _, swaps, owes, called, due, out, _, _,
         moves, round_no, dealer, shuffles, sheet, _, _) = self
        if me is None or chain or not (stock or len(pile) > 1 or not self._plays(me)):
            raise self._refusal(action)
        hand = hands[me]
        if not stock or len(hand) >= OVERFLOW or due >= 0 or True in called or moves + 1 >= ROUND_LIMIT:
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
            raise self._refusal(action)
        hand = hands[me]
        held = len(hand)
        if not same and action.count != (chain + 1 if held == 1 and rules.last_card else chain):  # T10
            raise self._refusal(action)
        cost = 0 if same else chain
        nxt = me + 1 if me + 1 < len(hands) else 0
        if len(stock) < cost or not 2 <= held <= OVERFLOW - cost or rules.penalised_plays or due >= 0 \
                or True in called or moves + 1 >= ROUND_LIMIT or out[nxt] or owes[nxt]:
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
        return TableView(game=CARTS.slug, viewer=player, seats=seats, current=self.current, stock=len(self.stock),
                         events=self.events, status=self.status(),
                         piles=(Pile(label, self.pile, top_only=True),),
                         scores=self._score_table() if self.sheet is not None else None)

    def cards(self) -> list[ElementCard]:
        """Every card of the game: hands (an overflowed player's too), stock and pile."""
        return [c for hand in self.hands for c in hand] + list(self.stock) + list(self.pile)

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses; the other moves (drawing, swapping, the announcement) use no chosen card."""
        return (action.card,) if type(action) is Play else ()

    def candidate_actions(self, card: Any) -> list[Play]:
        """Playing ``card`` (the rules then judge whether it may go on the pile)."""
        return [PLAYS[card]] if type(card) is ElementCard else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Play Fire 7", "Draw 4 cards", "Say “Last card!”"."""
        kind = type(action)
        if kind is Play:
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
        if kind is Play:
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
            return "Game over: " + self._end_words()
        me = self.names[self.current]
        top = self.pile[-1].english
        if self.chain and self.chain_same:
            line = f"{me} must miss the turn or answer {top} with a follow-up."
        elif self.chain:
            line = f"{me} must draw {self._chain_cost(self.current)} or answer {top} with a follow-up."
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

    def _plays(self, seat: int) -> bool:
        ok = FOLLOW[self.pile[-1]] if self.chain else MATCH[self.pile[-1]]
        return any(c in ok for c in self.hands[seat])

    def _chain_cost(self, seat: int) -> int:
        """What the pending chain costs ``seat``: its count, one more for a player holding one card (T10)."""
        extra = self.rules.last_card and len(self.hands[seat]) == 1
        return self.chain + extra

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

    def _end_words(self) -> str:
        if self.sheet is not None:
            if not self.sheet.rows:
                return "no round has been scored yet."
            best = self.sheet.leaders()
            who = " and ".join(self.names[s] for s in best)
            low = self.sheet.totals[best[0]]
            return f"{who} {'share the win' if len(best) > 1 else 'wins'} with the lowest total, {low}."
        if self.last is None:
            return "the round is not over yet."
        winners = self.last.winners
        who = " and ".join(self.names[s] for s in winners)
        return f"{who} {'share the win' if len(winners) > 1 else 'wins'}."

    # -- refusals (each names its rule)

    def _refusal(self, action: Any) -> IllegalMove:
        me = self.current
        if me is None:
            return IllegalMove(R["win"], "The game is over: no more moves.")
        kind = type(action)
        hand = self.hands[me]
        if kind is Play:
            card = action.card
            if type(card) is not ElementCard:
                return IllegalMove(R["play"], f"{card!r} is not a card of the element deck.")
            if card not in hand:
                return IllegalMove(R["play"], f"You do not hold {card.english}.")
            top = self.pile[-1]
            if self.chain:
                values = " or ".join(str(v) for v in (top.value - 1, top.value + 1) if 1 <= v <= 15)
                return IllegalMove(R["chain"], f"A chain is waiting: answer {top.english} with a follow-up (a "
                                               f"{values}), or {'miss your turn' if self.chain_same else 'draw'}.")
            if {card.value, top.value} == {1, 15}:
                return IllegalMove(R["follow-up"], "15 and 1 are not neighbours: a follow-up to 15 is a 14, "
                                                   "and to 1 a 2.")
            return IllegalMove(R["play"], f"{card.english} does not go on {top.english}: play the same value, "
                                          "the same element, or one above or below.")
        if kind is Draw:
            if self.chain:
                return IllegalMove(R["chain"], "A chain is waiting: answer it with a follow-up, or "
                                               f"{'miss your turn' if self.chain_same else 'draw its cards'}.")
            return IllegalMove(R["draw"], "There is nothing left to draw, and you can play a card: play it.")
        if kind is PayChain:
            if not self.chain or self.chain_same:
                what = "it costs a missed turn, not cards" if self.chain else "there is no chain to pay"
                return IllegalMove(R["chain.draw"], f"You cannot draw {action.count!r} now: {what}.")
            return IllegalMove(R["chain.draw"], f"The chain costs you {cards_word(self._chain_cost(me))}, "
                                                f"not {action.count!r}.")
        if kind is Skip:
            return IllegalMove(R["chain.skip"], "You miss a turn only when a follow-up of the same element "
                                                "was played on you.")
        if kind is Swap:
            if self.chain:
                return IllegalMove(R["swap"], "A chain is waiting: answer it or pay it; you cannot swap now.")
            if not self.swaps[me]:
                return IllegalMove(R["swap"], f"You have already swapped your hand {SWAPS} times this round.")
            return IllegalMove(R["swap"], f"You may swap your hand only with {SWAP_MIN} cards or more; "
                                          f"you have {len(hand)}.")
        if kind is Call:
            if not self.rules.last_card:
                return IllegalMove(R["last-card"], "This game is played without announcing the last card.")
            if self.called[me]:
                return IllegalMove(R["last-card"], "You have already said it.")
            return IllegalMove(R["last-card"], "Say “Last card!” when you hold two cards and are about to play "
                                               f"one; you hold {len(hand)}.")
        return IllegalMove(R["play"], f"{action!r} is not a move of Cârts Tîty.")


# ---------------------------------------------------------------- moves (one function per kind, citing rules)


class _Turn(Turn):
    """Scratch space for one move: the parts of the state that change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: CartsState) -> None:
        # What ``Turn.__init__`` does, and every field at once (one is made per move).
        self.state = self.s = state
        self.events: list[Event] = []
        (_, self.rules, self.names, _, hands, self.stock, self.pile, _, self.chain, self.chain_same, self.swaps,
         self.owes, self.called, self.due, self.out, _, self.passes, moves, self.round_no, self.dealer,
         self.shuffles, self.sheet, _, _) = state
        self.hands = list(hands)
        self.moves = moves + 1
        self.extra = False
        self.last: RoundScore | None = None
        self.newly_due = False  # the mover went down to one card without announcing it (T10)
        self.ended = False  # the round is over
        self.resume: int | None = None  # who starts the next round of a match; None: the game is over

    # -- the moves

    def play(self, me: int, card: ElementCard) -> CartsState:
        """T2: the card goes on the pile; a follow-up starts or extends a chain (T4, T7); 16 (T9)."""
        hand = self.hands[me]
        i = hand.index(card)
        self.hands[me] = hand = hand[:i] + hand[i + 1:]
        pile = self.pile
        top = pile[-1]
        self.pile = pile + (card,)
        self.passes = 0
        follow = card in FOLLOW[top]
        self.events.append(_new(Event, (R_FOLLOW if follow else R_PLAY, self.names[me] + PLAY_WORDS[top][card],
                                        "", "", me)))
        if not hand:
            return self.win(me)
        rules = self.rules
        if len(hand) == 1 and rules.last_card and not self.called[me]:
            self.newly_due = True
        if follow:
            self.extend_chain(me, card, top)
        elif rules.sixteen and card in SIXTEENS[top]:
            if self.one_card():
                self.say("one-card", f"{top.english} and {card.english} make 16, but while someone holds one "
                                     "card there are no extra turns.", player=me)
            else:
                self.say("sixteen", f"{top.english} and {card.english} make 16 in one element: "
                                    f"{self.names[me]} takes an extra turn.", player=me)
                self.extra = True
                return self.build(me)
        return self.pass_turn(me)

    def extend_chain(self, me: int, card: ElementCard, top: ElementCard) -> None:
        """T4, T7: the chain grows by two (or doubles); past 10 it breaks; the last follow-up sets its cost."""
        before = self.chain
        doubles = self.rules.chain_doubles and before
        count = before * 2 if doubles else before + CHAIN_STEP
        nxt = self.names[self.next_seat(me)]
        if count > CHAIN_CAP:
            self.chain, self.chain_same = 0, False
            self.say("chain.break", f"That would make {count}, more than {CHAIN_CAP}: the chain breaks, nobody "
                                    f"draws, and {nxt} plays as usual.", player=me)
            return
        self.chain = count
        self.chain_same = same = card.element is top.element
        rule, text = chain_words(before, count, bool(doubles), same, nxt)
        self.events.append(_new(Event, (rule, text, "", "", me)))

    def draw_one(self, me: int) -> CartsState:
        """T3: draw one card and the turn ends (with nothing left to draw, the turn just passes)."""
        stock = self.stock
        if stock:  # the usual case, made quick
            self.hands[me] += stock[:1]
            self.stock = stock[1:]
            got = 1
        else:
            got = self.draw(me, 1) if len(self.pile) > 1 else 0
        if got:
            self.passes = 0
            self.events.append(_new(Event, (R_DRAW, f"{self.names[me]} draws a card.", "", "", me)))
        else:
            self.passes += 1
            self.say("draw", f"{self.names[me]} cannot play and there is nothing to draw: the turn passes.",
                     player=me)
        return self.pass_turn(me)

    def pay(self, me: int) -> CartsState:
        """T4: draw what the chain costs (T10: one more for a one-card player); the turn ends (T6)."""
        chain = self.chain
        cost = self.s._chain_cost(me)
        name = self.names[me]
        if cost != chain:
            self.say("last-card.draw-one", f"{name} holds one card, so the chain costs one more: "
                                           f"{chain} + 1 = {cost}.", player=me)
        got = self.draw(me, cost)
        self.chain = 0
        self.passes = 0
        short = f" (only {got} could be drawn)" if got < cost else ""
        self.say("chain.draw", f"{name} does not answer, and draws {cards_word(cost)}{short}.", player=me)
        if self.rules.penalised_plays:
            self.say("chain.plays-on", f"{name} has paid the chain and now plays the turn as usual.", player=me)
            return self.build(me)
        return self.pass_turn(me)

    def skip(self, me: int) -> CartsState:
        """T7: the same-element chain costs the turn, and no cards."""
        self.chain, self.chain_same = 0, False
        self.say("chain.skip", f"{self.names[me]} does not answer and misses the turn, drawing nothing.", player=me)
        return self.pass_turn(me)

    def swap(self, me: int) -> CartsState:
        """T8: the hand goes under the pile's top card, as many are drawn, the turn ends and the next is missed."""
        hand = self.hands[me]
        n = len(hand)
        self.pile = self.pile[:-1] + hand + self.pile[-1:]
        self.hands[me] = ()
        swaps = list(self.swaps)
        swaps[me] -= 1
        self.swaps = tuple(swaps)
        owes = list(self.owes)
        owes[me] = True
        self.owes = tuple(owes)
        self.passes = 0
        self.say("swap", f"{self.names[me]} puts all {n} cards under the top card of the pile and draws {n} new "
                         f"ones ({swaps[me]} swap{'s' * (swaps[me] != 1)} left), and will miss the next turn.",
                 player=me)
        self.draw(me, n)
        return self.pass_turn(me)

    def call(self, me: int) -> CartsState:
        """T10: the announcement, made before playing down to one card; the turn goes on."""
        called = list(self.called)
        called[me] = True
        self.called = tuple(called)
        self.extra = self.s.extra
        self.say("last-card", f"{self.names[me]} says “Last card!”", ("Last card!", "I am about to hold one card."),
                 player=me)
        return self.build(me)

    # -- drawing and the stock (T12)

    def draw(self, seat: int, n: int) -> int:
        """Draw ``n`` cards into ``seat``'s hand, shuffling the pile into a new stock when it runs out (T12)."""
        got: list[ElementCard] = []
        while len(got) < n:
            if not self.stock:
                if len(self.pile) < 2:
                    self.say("stock", "The stock and the pile are used up: "
                                      f"{cards_word(len(got))} could be drawn, not {n}.", player=seat)
                    break
                self.refill()
            take = min(n - len(got), len(self.stock))
            got += self.stock[:take]
            self.stock = self.stock[take:]
        self.hands[seat] += tuple(got)  # a drawn card goes at the end of the hand (the view sorts it)
        return len(got)

    def refill(self) -> None:
        """T12: all of the pile but its top card, shuffled, is the new stock."""
        rest = list(self.pile[:-1])
        shuffler(self.s.setup.seed, self.round_no, self.shuffles).shuffle(rest)
        self.shuffles += 1
        self.stock = tuple(rest)
        self.pile = self.pile[-1:]
        self.say("stock", f"The stock is empty: the pile but its top card, {len(rest)} cards, is shuffled "
                          "into a new stock.")

    # -- the end of a turn and the next player

    def next_seat(self, seat: int) -> int:
        """The next player still in, to the left."""
        out = self.out
        players = len(out)
        nxt = seat + 1 if seat + 1 < players else 0
        while out[nxt] and nxt != seat:  # T11: a player out has no more turns
            nxt = nxt + 1 if nxt + 1 < players else 0
        return nxt

    def one_card(self) -> bool:
        """T10: someone still in holds exactly one card (and the last-card rules are played); a player who is
        out holds no cards."""
        return self.rules.last_card and 1 in map(len, self.hands)

    def end_turn(self, seat: int) -> bool:
        """After ``seat``'s turn: overflow (T11), a forgotten announcement caught (T10); True if the round ends."""
        hands = self.hands
        if len(hands[seat]) > OVERFLOW and self.rules.overflow and not self.out[seat]:
            out = list(self.out)
            out[seat] = True
            self.out = tuple(out)
            held = hands[seat]
            self.say("overflow", f"{self.names[seat]} ends the turn with {len(held)} cards, more than {OVERFLOW}: "
                                 "out of the game. The cards go under the pile's top card.", player=seat)
            self.pile = self.pile[:-1] + held + self.pile[-1:]
            hands[seat] = ()
            live = [s for s in range(len(hands)) if not out[s]]
            if len(live) == 1:
                self.finish(live[0], "last-standing")
                return True
        due = self.due
        if due >= 0:
            if due != seat and len(hands[due]) == 1 and not self.out[due]:
                self.forgot(due)
            self.due = -1
        if self.newly_due:
            self.due = seat
        if True in self.called:
            self.called = tuple(c and len(h) == 1 for c, h in zip(self.called, hands))
        return False

    def forgot(self, seat: int) -> None:
        """T10: down to one card unannounced, caught once the next player has played: 5 cards, or 7."""
        many = any(len(h) > FORGOT_OVER and not o for s, (h, o) in enumerate(zip(self.hands, self.out)) if s != seat)
        n = FORGOT_MORE if many else FORGOT
        why = f" (someone else holds more than {FORGOT_OVER} cards)" if many else ""
        name = self.names[seat]
        self.say("last-card.forgot", f"{name} went down to one card without saying “Last card!”, and the next "
                                     f"player has played: {name} draws {cards_word(n)}{why}.", player=seat)
        self.draw(seat, n)

    def pass_turn(self, me: int) -> CartsState:
        """The turn ends: checks (T11, T10), then the next player in, who may miss the turn (T8) or face a chain."""
        # end_turn does nothing unless a hand may overflow, a call is to be checked or announced cards tidied.
        if (len(self.hands[me]) > OVERFLOW or self.due >= 0 or self.newly_due or True in self.called) \
                and self.end_turn(me):
            return self.build(self.resume)
        if self.moves >= ROUND_LIMIT:
            return self.stuck(f"{ROUND_LIMIT} moves and nobody is out of cards: the round stops here.")
        if self.passes and self.passes >= self.out.count(False):
            return self.stuck("Nobody can play and there is nothing to draw: the round is stuck.")
        seat = self.next_seat(me)
        while self.owes[seat]:
            owes = list(self.owes)
            owes[seat] = False
            self.owes = tuple(owes)
            if self.one_card():
                self.say("one-card", f"{self.names[seat]} would miss this turn after swapping, but while someone "
                                     "holds one card nobody misses a turn.", player=seat)
                break
            if self.chain:
                self.chain_on_skipped(seat)
            else:
                self.say("skip", f"{self.names[seat]} swapped last turn and misses this one.", player=seat)
            if self.end_turn(seat):
                return self.build(self.resume)
            seat = self.next_seat(seat)
        if self.chain:
            self.chain_due(seat)
        return self.build(seat)

    def chain_on_skipped(self, seat: int) -> None:
        """A chain that falls on a player missing the turn after a swap: they cannot answer, so it costs them."""
        name = self.names[seat]
        if self.chain_same:
            self.say("skip", f"{name} swapped last turn and misses this one, which also settles the chain.",
                     player=seat)
        else:
            cost = self.chain + (self.rules.last_card and len(self.hands[seat]) == 1)
            self.say("skip", f"{name} swapped last turn and misses this one, so cannot answer the chain.",
                     player=seat)
            if cost >= VOID_AT and cost != self.chain:
                self.say("last-card.draw-one", f"{name} holds one card: {self.chain} + 1 = {cost}, which is "
                                               f"{VOID_AT} or more, so the chain breaks and costs nothing.",
                         player=seat)
            else:
                got = self.draw(seat, cost)
                self.say("chain.draw", f"{name} draws {cards_word(got)}.", player=seat)
        self.chain, self.chain_same = 0, False

    def chain_due(self, seat: int) -> None:
        """T10: a chain falling on ``seat`` may be void: no skips while anyone holds one card; 11 or more."""
        name = self.names[seat]
        if self.chain_same:
            if self.one_card():
                self.say("one-card", f"The follow-up was of the same element, but while someone holds one card "
                                     f"nobody misses a turn: the chain is void and {name} plays as usual.",
                         player=seat)
                self.chain, self.chain_same = 0, False
        elif self.rules.last_card and len(self.hands[seat]) == 1 and self.chain + 1 >= VOID_AT:
            self.say("last-card.draw-one", f"{name} holds one card, so the chain would cost {self.chain} + 1 = "
                                           f"{self.chain + 1}: {VOID_AT} or more breaks the chain, and {name} "
                                           "owes nothing.", player=seat)
            self.chain = 0

    # -- the end of a round (T13)

    def win(self, me: int) -> CartsState:
        """T13: the first player out of cards wins the round."""
        self.finish(me, "win")
        return self.build(self.resume)

    def stuck(self, why: str) -> CartsState:
        """A round that cannot end (Gwari's own rule): the fewest cards win it."""
        self.say("stuck", why + " The fewest cards win it.")
        self.finish(None, "stuck")
        return self.build(self.resume)

    def finish(self, winner: int | None, how: str) -> None:
        """Score the round; end the game, or deal the next round of a match (``resume`` says who starts it)."""
        names = self.names
        self.ended = True
        if how == "win":
            assert winner is not None
            self.say("win", f"{names[winner]} has no cards left and wins the round.", player=winner)
        elif how == "last-standing":
            assert winner is not None
            self.say("last-standing", f"Everyone else is out: {names[winner]} is the last player left and wins.",
                     player=winner)
        totals = self.sheet.totals if self.sheet is not None else None
        scored = score_round([len(h) for h in self.hands], self.out, winner, totals=totals,
                             survivor=self.rules.survivor and self.sheet is not None, names=names)
        self.last = scored
        if self.sheet is None:
            return
        for seat, (line, kind) in enumerate(zip(scored.lines, scored.kinds)):
            self.say(kind, line + ".", player=seat)
        self.sheet = sheet = self.sheet.after(scored.points)
        if sheet.is_over or self.round_no + 1 >= MAX_ROUNDS:
            best = sheet.leaders()
            if self.rules.rounds or not sheet.is_over:
                played = self.round_no + 1
                reason = f"{played} round{'s' * (played != 1)} played"
            else:
                reached = [names[i] for i, t in enumerate(sheet.totals) if t >= self.rules.target]
                reason = f"{' and '.join(reached)} reached {self.rules.target}"
            self.say("match", f"{reason}: the match is over, and the lowest total wins: "
                              f"{' and '.join(names[i] for i in best)} with {sheet.totals[best[0]]}.")
            return
        self.next_round()

    def next_round(self) -> None:
        """T13: a new round: the deal passes left; everyone is back in with eight new cards."""
        s = self.s
        self.round_no += 1
        self.dealer = next_dealer(self.dealer, len(self.hands))
        cards = list(element_pack(s.decks))  # a prepared deal may hold fewer: a new round uses every card
        shuffler(s.setup.seed, self.round_no).shuffle(cards)
        players = len(self.hands)
        first = (self.dealer + 1) % players
        hands, stock, pile = deal_from(cards, players, first)
        self.hands, self.stock, self.pile = list(hands), stock, pile
        self.chain, self.chain_same, self.due, self.passes, self.moves, self.shuffles = 0, False, -1, 0, 0, 0
        self.swaps, self.owes = (SWAPS,) * players, (False,) * players
        self.called, self.out = (False,) * players, (False,) * players
        totals = ", ".join(f"{self.names[i]} {t}" for i, t in enumerate(self.sheet.totals))  # type: ignore[union-attr]
        self.say("match", f"Totals so far: {totals}. Round {self.round_no + 1}: {self.names[self.dealer]} deals "
                          f"{HAND} cards each and turns up {pile[-1].english}; {self.names[first]} starts.")
        self.resume = first

    def build(self, current: int | None) -> CartsState:
        """The next state (after a round, ``last`` holds its score)."""
        s = self.s
        return _new(CartsState, (s.setup, self.rules, self.names, s.decks, tuple(self.hands), self.stock, self.pile,
                                 current, self.chain, self.chain_same, self.swaps, self.owes, self.called, self.due,
                                 self.out, self.extra, self.passes, self.moves, self.round_no, self.dealer,
                                 self.shuffles, self.sheet, self.last, tuple(self.events)))


# ---------------------------------------------------------------- dealing and the explicit deal (T1)


def deal_from(cards: Sequence[ElementCard], players: int, first: int):
    """T1: eight cards each, one at a time from ``first``; the next card turned up starts the pile."""
    hands: list[list[ElementCard]] = [[] for _ in range(players)]
    for i in range(players * HAND):
        hands[(first + i) % players].append(cards[i])
    rest = tuple(cards[players * HAND:])
    return tuple(tuple(sorted(h)) for h in hands), rest[1:], rest[:1]


def read_carts_deal(deal: Mapping[str, Any], players: int, pack: Sequence[ElementCard], first: int,
                    scoring: bool):
    """An explicit deal: ``hands``, ``stock`` (top first), ``pile`` (its top card last); optional ``current``
    seat, ``swaps`` left per seat, the seats already ``out`` by overflow (their hands empty), and, with
    scoring, each seat's total from earlier rounds (``scores``).  With no pile, the stock's top card is
    turned.  Every error names the field."""
    rule = R["deal"]
    hands, piles = read_deal(deal, players, ElementCard.parse, pack, rule=rule, piles=("stock", "pile"),
                             others=("current", "swaps", "out", "scores"))
    out = [False] * players
    given = deal.get("out") or ()
    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence):
        raise IllegalMove(rule, f"deal.out must be a list of seats, not {given!r}.")
    for i, seat in enumerate(given):
        if type(seat) is not int or not 0 <= seat < players or out[seat]:
            raise IllegalMove(rule, f"deal.out[{i}] must be a seat from 0 to {players - 1}, each once, "
                                    f"not {seat!r}.")
        if hands[seat]:
            raise IllegalMove(rule, f"deal.out[{i}]: seat {seat} is out, so its hand (deal.hands[{seat}]) is empty.")
        out[seat] = True
    if out.count(False) < 2:
        raise IllegalMove(rule, "deal.out: at least two players must still be in.")
    for i, hand in enumerate(hands):
        if not hand and not out[i]:
            raise IllegalMove(rule, f"deal.hands[{i}] is empty: every player still in holds at least one card.")
    stock, pile = piles["stock"], piles["pile"]
    if not pile:
        if not stock:
            raise IllegalMove(rule, "deal.pile is empty and there is no stock to turn a card from: "
                                    "the pile needs a top card.")
        stock, pile = stock[1:], stock[:1]
    current = deal.get("current", first)
    if type(current) is not int or not 0 <= current < players or out[current]:
        raise IllegalMove(rule, f"deal.current must be the seat of a player still in, from 0 to {players - 1}, "
                                f"not {current!r}.")
    swaps = _seat_numbers(deal.get("swaps"), "swaps", players, SWAPS)
    scores = _seat_numbers(deal.get("scores"), "scores", players, 10_000)
    if deal.get("scores") is not None and not scoring:
        raise IllegalMove(rule, "deal.scores: totals from earlier rounds need the scoring option.")
    return (tuple(tuple(sorted(h)) for h in hands), stock, pile, current,
            swaps if deal.get("swaps") is not None else (SWAPS,) * players, tuple(out),
            scores if deal.get("scores") is not None else None)


def _seat_numbers(given: Any, field: str, players: int, most: int) -> tuple[int, ...]:
    """A whole number from 0 to ``most`` per seat (``deal.swaps``, ``deal.scores``); ``None`` gives zeros."""
    if given is None:
        return (0,) * players
    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence) or len(given) != players:
        raise IllegalMove(R["deal"], f"deal.{field} must be a list of {players} numbers, one per seat.")
    for i, n in enumerate(given):
        if type(n) is not int or not 0 <= n <= most:
            raise IllegalMove(R["deal"], f"deal.{field}[{i}] must be a whole number from 0 to {most}, not {n!r}.")
    return tuple(given)


# ---------------------------------------------------------------- the game


class CartsTity(Game):
    """Registry entry for Cârts Tîty."""

    slug = "carts-tity"
    title = "Cârts Tîty"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 3
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_ROUNDS * ROUND_LIMIT

    def _start(self, *, setup: Record, rules: Rules) -> CartsState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        decks = decks_for(players)
        pack = element_pack(decks)
        first = (dealer + 1) % players
        events = []
        out = (False,) * players
        scores = None
        if setup.deal is None:
            cards = list(pack)
            shuffler(setup.seed, 0).shuffle(cards)
            hands, stock, pile = deal_from(cards, players, first)
            swaps = (SWAPS,) * players
            events.append(Event(R["deal"], f"{names[dealer]} deals {HAND} cards each and turns up "
                                           f"{pile[-1].english} to start the pile; {names[first]} starts."))
        else:
            hands, stock, pile, first, swaps, out, scores = read_carts_deal(setup.deal, players, pack, first,
                                                                             rules.scoring)
            events.append(Event(R["deal"], f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards in "
                                           f"the hands, {len(stock)} in the stock, {pile[-1].english} on top of "
                                           f"the pile; {names[first]} starts."))
        if decks > 1:
            events.append(Event(R["decks"], f"{players} players: {decks} element decks are shuffled together, "
                                            f"{decks * len(_ALL)} cards."))
        sheet = None
        if rules.scoring:
            # Totals carried by a prepared deal are one more row on the sheet, before this match's rounds.
            carried = scores is not None
            end = EndRule(deals=rules.rounds + carried if rules.rounds else None,
                          target=None if rules.rounds else rules.target, lowest_wins=True)
            sheet = ScoreSheet(tuple(names), end)
            if scores is not None:
                sheet = sheet.after(scores)
        no = (False,) * players
        return CartsState(setup, rules, tuple(names), decks, hands, tuple(stock), tuple(pile), first, 0,
                          False, swaps, no, no, -1, out, False, 0, 0, 0, dealer, 0, sheet, None, tuple(events))

    def parse_action(self, state: Any, text: str) -> Action:
        """Read "play F7", "draw", "draw 4", "skip", "swap", "last card"."""
        return parse_action(text)

    def heuristic(self, state: CartsState, rng: random.Random) -> tuple[Action, str]:
        """The rule-based bot's move and its reason in words (``tutor.games.carts_tity_bot``)."""
        from tutor.games.carts_tity_bot import heuristic

        return heuristic(state, rng)

    def search(self, state: CartsState, rng: random.Random) -> tuple[Action, str]:
        """The expert bot: each move tried in games imagined to the end of the round (about 0.1 s)."""
        from tutor.games.carts_tity_bot import search_choice

        return search_choice(state, rng)


CARTS = CartsTity()
