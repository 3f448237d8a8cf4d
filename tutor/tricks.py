"""The trick-taking core shared by the trick games (Burn, Pymtheg; Chwech uses its seat order and winner).

Pure functions over plain tuples.  A trick is the ``(seat, card)`` plays in the
order made; the first card's suit (or element) is the one led.  The rules here
are the common ones: follow the suit led if you can; otherwise play anything —
with optional trumps, a trump may be played (never compulsory), a higher trump
over one already in the trick, and a lower one only when nothing else is left
(under-trumping); the highest trump, or else the highest card of the suit led,
takes the trick, and its winner leads the next.  Sides: everyone alone, or teams
seated alternately, pooling what they take.

A game tells the core how to read its cards with ``suit`` and ``value`` (French
cards by default: ``card.suit``, ``card.rank``; the element deck passes its
element and number).  Legal plays are generated directly, never by trying every
card against a checker.

The move itself is shared too: ``TrickTurn`` lays a card and gives a complete
trick to its winner (a game's ``Turn`` adds its own words and rules), and
``quick_lay``/``quick_take`` build the next position in one step for the most
common cards.
"""

from __future__ import annotations

from operator import attrgetter, itemgetter
from typing import Any, Callable, Hashable, NamedTuple, Sequence, TypeVar

from tutor.engine import Event, TrickView, Turn

C = TypeVar("C")
Reader = Callable[[Any], Any]

SUIT: Reader = attrgetter("suit")
"""How a French card shows its suit (the default ``suit`` reader)."""
RANK: Reader = attrgetter("rank")
"""How a French card shows its value (the default ``value`` reader)."""

# Why a play is refused (``play_problem``); a game maps each to its own rule id and words.
NOT_HELD = "not-held"
MUST_FOLLOW = "follow"
UNDER_TRUMP = "under-trump"

# ---------------------------------------------------------------- seats


def seats_from(seat: int, players: int, *, include: bool = True) -> tuple[int, ...]:
    """Seats clockwise (to the left) starting at ``seat`` (or just after it when ``include`` is false)."""
    start = 0 if include else 1
    return tuple((seat + i) % players for i in range(start, players))


def seats_between(first: int, stop: int, players: int) -> tuple[int, ...]:
    """Seats clockwise from just after ``first`` up to, not including, ``stop`` (all others if equal)."""
    out = []
    seat = (first + 1) % players
    while seat != stop:
        out.append(seat)
        seat = (seat + 1) % players
    return tuple(out)


def to_play(leader: int, played: int, players: int) -> int:
    """The seat to play next in a trick led by ``leader`` that has ``played`` cards in it (play goes left)."""
    return (leader + played) % players


def without(hands: tuple[tuple[C, ...], ...], seat: int, card: C) -> tuple[tuple[C, ...], ...]:
    """``hands`` with one ``card`` taken out of ``seat``'s hand (which holds it), the others as they are."""
    out = list(hands)
    hand = out[seat]
    i = hand.index(card)
    out[seat] = hand[:i] + hand[i + 1:]
    return tuple(out)


# ---------------------------------------------------------------- sides: alone or in teams


def seat_sides(players: int, teams: int = 0) -> tuple[int, ...]:
    """The side of each seat: everyone alone (``teams`` 0), or ``teams`` teams seated alternately.

    Alternate seating is ``seat % teams``: two teams of two sit as partners
    opposite (ABAB), three teams of two ABCABC, two teams of three ABABAB.
    """
    if teams == 0:
        return tuple(range(players))
    if teams < 2 or players % teams or players == teams:
        raise ValueError(f"{players} players cannot sit as {teams} teams of equal size.")
    return tuple(seat % teams for seat in range(players))


def side_members(sides: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, in seat order, from ``seat_sides``."""
    out: list[list[int]] = [[] for _ in range(max(sides) + 1)]
    for seat, side in enumerate(sides):
        out[side].append(seat)
    return tuple(tuple(seats) for seats in out)


def pool(won: Sequence[Sequence[C]], sides: Sequence[int]) -> tuple[tuple[C, ...], ...]:
    """The cards each side took, partners' tricks together (``won`` is per seat)."""
    out: list[list[C]] = [[] for _ in range(max(sides) + 1)]
    for seat, cards in enumerate(won):
        out[sides[seat]].extend(cards)
    return tuple(tuple(cards) for cards in out)


# ---------------------------------------------------------------- what may be played


def legal_plays(hand: Sequence[C], plays: Sequence[tuple[int, C]], *, trumps: Hashable | None = None,
                suit: Reader = SUIT, value: Reader = RANK) -> tuple[C, ...]:
    """The cards of ``hand`` that may go on the trick ``plays`` (empty: a lead, anything goes).

    Follow the suit led when you can.  If you cannot: without trumps, any card;
    with ``trumps``, any card that is not a trump, or a trump higher than every
    trump already in the trick (trumping and over-trumping are allowed, never
    required); a lower trump (under-trumping) only when the hand holds nothing
    else.
    """
    if not plays:
        return tuple(hand)
    led = suit(plays[0][1])
    follow = [card for card in hand if suit(card) == led]
    if follow or trumps is None or led == trumps:
        return tuple(follow or hand)
    top = _top_trump(plays, trumps, suit, value)
    if top is None:
        return tuple(hand)
    allowed = [card for card in hand if suit(card) != trumps or value(card) > top]
    return tuple(allowed or hand)  # only lower trumps left: under-trumping is then the only way


def play_problem(card: C, hand: Sequence[C], plays: Sequence[tuple[int, C]], *, trumps: Hashable | None = None,
                 suit: Reader = SUIT, value: Reader = RANK) -> str | None:
    """Why ``card`` may not be played now (``NOT_HELD``, ``MUST_FOLLOW``, ``UNDER_TRUMP``), or ``None`` if it may.

    Decided directly (the same rule as ``legal_plays``, without listing every legal card).
    """
    if card not in hand:
        return NOT_HELD
    if not plays:
        return None
    led = suit(plays[0][1])
    mine = suit(card)
    if mine == led:
        return None
    if any(suit(c) == led for c in hand):
        return MUST_FOLLOW
    if trumps is None or mine != trumps or led == trumps:
        return None
    top = _top_trump(plays, trumps, suit, value)
    if top is None or value(card) > top:
        return None
    if any(suit(c) != trumps or value(c) > top for c in hand):
        return UNDER_TRUMP
    return None


def _top_trump(plays: Sequence[tuple[int, Any]], trumps: Hashable, suit: Reader, value: Reader) -> Any:
    """The value of the highest trump in the trick, ``None`` if there is none."""
    top = None
    for _seat, card in plays:
        if suit(card) == trumps and (top is None or value(card) > top):
            top = value(card)
    return top


def led_suit(plays: Sequence[tuple[int, Any]], *, suit: Reader = SUIT) -> Hashable | None:
    """The suit (element) led, ``None`` before the lead."""
    return suit(plays[0][1]) if plays else None


# ---------------------------------------------------------------- who takes the trick


def winning_index(plays: Sequence[tuple[int, Any]], *, trumps: Hashable | None = None,
                  suit: Reader = SUIT, value: Reader = RANK) -> int:
    """Index into ``plays`` of the winning card: the highest trump, else the highest of the suit led.

    A card of another suit (not a trump) never wins; of two equal cards (packs
    with copies) the first played wins.
    """
    if not plays:
        raise ValueError("An empty trick has no winner.")
    best = 0
    best_suit = suit(plays[0][1])
    best_value = value(plays[0][1])
    for i in range(1, len(plays)):
        card = plays[i][1]
        s = suit(card)
        if s == best_suit:
            if value(card) > best_value:
                best, best_value = i, value(card)
        elif s == trumps:
            best, best_suit, best_value = i, s, value(card)
    return best


def trick_winner(plays: Sequence[tuple[int, C]], power: Callable[[int, C], float]) -> int:
    """Index into ``plays`` of the winning play: highest ``power(index, card)``; equal powers go to the first played.

    For games whose cards win by rules of their own (Chwech's last joker); the
    usual follow-and-trump rule is ``winning_index``.
    """
    if not plays:
        raise ValueError("An empty trick has no winner.")
    best = 0
    best_power = power(0, plays[0][1])
    for i in range(1, len(plays)):
        p = power(i, plays[i][1])
        if p > best_power:
            best, best_power = i, p
    return best


# ---------------------------------------------------------------- the record of a deal's tricks


class Trick(NamedTuple):
    """A trick as it was played: who led, each ``(seat, card)`` in order, and who took it (once complete)."""

    leader: int
    plays: tuple[tuple[int, Any], ...]
    winner: int | None = None

    @property
    def cards(self) -> tuple[Any, ...]:
        """The cards of the trick, in the order played."""
        return tuple(card for _seat, card in self.plays)


class Where(NamedTuple):
    """Where a trick game's position (a named tuple) keeps the fields a card changes, for ``quick_lay`` and
    ``quick_take``: ``Where.of(PositionClass)``."""

    hands: int
    won: int
    plays: int
    leader: int
    tricks: int
    current: int
    events: int

    @classmethod
    def of(cls, position: type) -> "Where":
        """The places of these fields in ``position``'s fields."""
        return cls(*(position._fields.index(name) for name in cls._fields))  # type: ignore[attr-defined]


def quick_lay(state: Any, card: Any, event: Any, at: Where) -> Any:
    """The position after the player to move lays ``card`` on a trick it does not complete, ``event`` telling it:
    built in one step from the old position's fields, the others unchanged.

    Most cards played are such cards, so this is the hot path of the trick games (no ``TrickTurn`` is made)."""
    at_hands, _won, at_plays, _leader, _tricks, at_current, at_events = at
    me = state.current
    out = list(state)
    hands = list(state.hands)  # ``without``, written out: this runs for most cards played
    hand = hands[me]
    i = hand.index(card)
    hands[me] = hand[:i] + hand[i + 1:]
    out[at_hands] = tuple(hands)
    out[at_plays] = plays = state.plays + ((me, card),)
    out[at_current] = (state.leader + len(plays)) % len(hands)
    out[at_events] = (event,)
    return _new_tuple(type(state), out)


def quick_take(state: Any, plays: tuple[tuple[int, Any], ...], seat: int, at: Where) -> list:
    """The fields of the position after the player to move lays the last card of ``plays`` (the whole trick) and
    ``seat`` takes the trick, to lead the next (one that is not the deal's last): a list, for the game to set the
    events (and any field of its own) and build with ``tuple.__new__`` (``TrickTurn.take`` in one step)."""
    at_hands, at_won, at_plays, at_leader, at_tricks, at_current, _events = at
    me, card = plays[-1]
    out = list(state)
    hands = list(state.hands)  # ``without``, written out
    hand = hands[me]
    i = hand.index(card)
    hands[me] = hand[:i] + hand[i + 1:]
    out[at_hands] = tuple(hands)
    won = list(state.won)
    won[seat] = won[seat] + tuple(map(_card_of, plays))
    out[at_won] = tuple(won)
    out[at_plays] = ()
    out[at_leader] = out[at_current] = seat
    out[at_tricks] = state.tricks + (Trick(state.leader, plays, seat),)
    return out


_new_tuple = tuple.__new__
_card_of = itemgetter(1)  # the card of a (seat, card) play


class TrickTurn(Turn):
    """One move of a trick game (Burn, Pymtheg): the parts of the position that playing cards changes, copied from
    the state, changed step by step, then built into the next state by the game's own ``build``.

    The state has the fields ``names``, ``hands``, ``won`` (cards taken, per seat), ``plays`` (the trick on the
    table), ``leader``, ``tricks`` (this deal's finished ones), ``dealer``, ``deal_no``, ``sheet`` and ``current``.
    """

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self.s = state
        self.names = state.names
        self.hands = state.hands
        self.won = state.won
        self.plays = state.plays
        self.leader = state.leader
        self.tricks = state.tricks
        self.dealer = state.dealer
        self.deal_no = state.deal_no
        self.sheet = state.sheet

    def lay(self, card: Any) -> int:
        """The player to move puts ``card`` from their hand on the trick; returns how many cards the trick holds."""
        me = self.s.current
        self.hands = without(self.hands, me, card)
        self.plays = plays = self.plays + ((me, card),)
        return len(plays)

    def take(self, index: int) -> int:
        """The trick on the table is complete and its play ``index`` wins: that seat takes the cards, the trick goes
        on the record, and that seat leads next.  Returns the seat."""
        plays = self.plays
        seat = plays[index][0]
        won = list(self.won)
        won[seat] = won[seat] + tuple(map(_card_of, plays))
        self.won = tuple(won)
        self.tricks = self.tricks + (Trick(self.leader, plays, seat),)
        self.plays, self.leader = (), seat
        return seat


class TrickPosition:
    """What a trick game's position (Burn's, Pymtheg's) shares beyond its fields: every card of the deal, and the
    trick the table shows.  A mixin for a named tuple with the fields ``TrickTurn`` reads."""

    __slots__ = ()

    def cards(self) -> list[Any]:
        """Every card of the deal: hands, the trick on the table and the cards taken."""
        return ([c for h in self.hands for c in h] + [c for _, c in self.plays]  # type: ignore[attr-defined]
                + [c for w in self.won for c in w])  # type: ignore[attr-defined]

    def shown_trick(self, suit: Reader = SUIT) -> tuple[Trick, str]:
        """The trick the table shows, the one on it or else the last one taken, and its words: "Pol took the
        trick", "Jory led Fire" ("" before the first lead; ``suit`` reads a card's suit, which has ``english``)."""
        plays, tricks, names = self.plays, self.tricks, self.names  # type: ignore[attr-defined]
        shown = Trick(self.leader, plays) if plays or not tricks else tricks[-1]  # type: ignore[attr-defined]
        if not shown.plays:
            return shown, ""
        if shown.winner is not None:
            return shown, f"{names[shown.winner]} took the trick"
        return shown, f"{names[shown.leader]} led {suit(shown.plays[0][1]).english}"


class TrickWords(NamedTuple):
    """The words of the card plays the trick games share, under a game's own rule ids (``TrickWords.of(prefix)``):
    the lead to the first trick by the dealer's left, a later lead by the last trick's winner, a follow.

    Events are made directly (not through ``Turn.say``): these run for most cards played."""

    lead: str
    winner_leads: str
    follow: str

    @classmethod
    def of(cls, prefix: str) -> "TrickWords":
        """The rule ids ``<prefix>.lead``, ``<prefix>.winner-leads`` and ``<prefix>.follow``."""
        return cls(f"{prefix}.lead", f"{prefix}.winner-leads", f"{prefix}.follow")

    def led(self, name: str, seat: int, card: Any, first: bool) -> Event:
        """``name`` (at ``seat``) leads ``card``: to the ``first`` trick, on the dealer's left, or as last trick's
        winner."""
        if first:
            return Event(self.lead, f"{name}, on the dealer's left, leads the {card.english} to the first trick.",
                         "", "", seat)
        return Event(self.winner_leads, f"{name}, who took the last trick, leads the {card.english}.", "", "", seat)

    def followed(self, name: str, seat: int, card: Any) -> Event:
        """``name`` (at ``seat``) follows the suit led with ``card``."""
        return Event(self.follow, f"{name} follows with the {card.english}.", "", "", seat)


def view_of(trick: Trick, trumps: str = "") -> TrickView:
    """The trick as the table shows it (``trumps``: the trump suit in words, "" without)."""
    return TrickView(trick.plays, trick.leader, trick.winner, trumps)


def shown_void(tricks: Sequence[Trick], players: int, *, suit: Reader = SUIT) -> tuple[frozenset, ...]:
    """The suits each seat has shown it lacks, by not following them (public knowledge, for bots)."""
    void: list[set] = [set() for _ in range(players)]
    for trick in tricks:
        if not trick.plays:
            continue
        led = suit(trick.plays[0][1])
        for seat, card in trick.plays[1:]:
            if suit(card) != led:
                void[seat].add(led)
    return tuple(frozenset(v) for v in void)
