"""Cârts Tîty's rules as data: the constants, the options (``Rules``), the moves and their text, what may go
on what, the words of the common moves, the fields of a position, and the pure scoring of a round (T13).

Part of ``tutor.games.carts_tity``, which re-exports its names; it imports no other part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from tutor.cards import BadNotation, ElementCard
from tutor.cards.elements import ELEMENT_CARDS
from tutor.engine import Event, IllegalMove, Record
from tutor.match import ScoreSheet
from tutor.mechanics import Play

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


# ---------------------------------------------------------------- the fields of a position


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
