"""Applying an ask: the hands, stock and sets as they change and every event in order, each citing its rule
(G3–G9).  Most asks take a shortcut (``_usual_ask``) that builds the same state at once.

The next state is built as ``type(state)``: ``state.py`` imports this module, and this module needs nothing of it."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING

from tutor.cards import FRENCH_RANKS, Card, Rank
from tutor.cornish import NO_SAID, NUMBER_WORDS, THANKS_SAID, ask_said, yes_said
from tutor.engine import Event, Turn

from .moves import AskLog
from .rules import ALL_SETS, HIGHEST, LOWEST, MAX_PLAYERS, PREFIX, RANK_OF, SET_SIZE
from .scoring import verdict

if TYPE_CHECKING:
    from .state import PyskessaState

# How a position is built on the hot path: the NamedTuple's own constructor, without its per-field frame.
_new = tuple.__new__

# Every fact there can be, made once: ``LOGS[asker][target][rank][given]``.
LOGS = tuple(tuple({rank: tuple(AskLog(asker, target, rank, given) for given in range(SET_SIZE))
                    for rank in FRENCH_RANKS} for target in range(MAX_PLAYERS)) for asker in range(MAX_PLAYERS))


class _Words:
    """Every event of an ask that a table of players can cause, made once per set of names.

    Narration is the costly part of an ask, and the same words come back game
    after game; events are immutable, so each is built once and shared.
    ``asks[asker][target][rank]``, ``gives[giver][rank][count]``, ``nos[asked][rank]``,
    ``laid[seat][rank]``, ``draws[seat]``, ``catches[seat]``; and the events of the
    two usual asks whole: ``caught[asker][target][rank][count]`` (ask, give, catch)
    and ``fished[asker][target][rank]`` (ask, "Nag eus", draw).
    """

    __slots__ = ("asks", "gives", "nos", "laid", "draws", "catches", "caught", "fished")

    def __init__(self, names: tuple[str, ...]) -> None:
        seats = range(len(names))
        self.asks = tuple(tuple({rank: Event(f"{PREFIX}.ask", f"{names[me]} asks {names[them]} for "
                                             f"{rank.english_plural}.", *ask_said(names[them], rank), me)
                                 for rank in FRENCH_RANKS} for them in seats) for me in seats)
        self.gives = tuple({rank: (None,) + tuple(
            Event(f"{PREFIX}.give-all", f"{names[them]} hands over {NUMBER_WORDS[n]} "
                  f"{rank.english if n == 1 else rank.english_plural}.", *yes_said(rank, n), them)
            for n in range(1, SET_SIZE)) for rank in FRENCH_RANKS} for them in seats)
        self.nos = tuple({rank: Event(f"{PREFIX}.go-fish", f"{names[them]} has no {rank.english_plural}.",
                                      *NO_SAID, them) for rank in FRENCH_RANKS} for them in seats)
        self.laid = tuple({rank: Event(f"{PREFIX}.set", f"{names[seat]} lays down four {rank.english_plural}: "
                                       "a set.", player=seat) for rank in FRENCH_RANKS} for seat in seats)
        self.draws = tuple(Event(f"{PREFIX}.go-fish", f"{names[seat]} draws a card and the turn ends.", player=seat)
                           for seat in seats)
        self.catches = tuple(Event(f"{PREFIX}.catch", f"A catch, so {names[seat]} asks again.", *THANKS_SAID, seat)
                             for seat in seats)
        self.caught = tuple(tuple({rank: (None,) + tuple((self.asks[me][them][rank], self.gives[them][rank][n],
                                                          self.catches[me]) for n in range(1, SET_SIZE))
                                   for rank in FRENCH_RANKS} for them in seats) for me in seats)
        self.fished = tuple(tuple({rank: (self.asks[me][them][rank], self.nos[them][rank], self.draws[me])
                                   for rank in FRENCH_RANKS} for them in seats) for me in seats)


class _WordsOf(dict):
    """The shared events of each table, by its names: ``_WORDS[names]``, made on first use (a few tables are kept)."""

    def __missing__(self, names: tuple[str, ...]) -> _Words:
        if len(self) >= 64:
            self.clear()
        words = self[names] = _Words(names)
        return words


_WORDS = _WordsOf()


def _usual_ask(state: PyskessaState, me: int, them: int, rank: Rank) -> PyskessaState | None:
    """The usual outcomes of a (legal) ask, built at once; ``None`` for anything else.

    A shortcut of ``_Turn.ask``, giving the same state (a test checks it), for
    the asks that leave cards in the stock: a catch, after which the asker,
    still holding cards, asks again (G3); or "Gwra pyskessa!" and a draw that
    is not a lucky one, after which the next player, holding cards, asks (G4).
    A set either completes is laid at once (G5).  Most asks are one of these.
    """
    stock = state.stock
    if not stock:
        return None
    hands, held, words = list(state.hands), list(state.held), _WORDS[state.names]
    mine = hands[me]
    if held[them] >> rank & 1:  # "Eus": every card of the rank comes over
        theirs = hands[them]
        low = bisect_left(theirs, LOWEST[rank])
        high = bisect_right(theirs, HIGHEST[rank], low)
        start = bisect_left(mine, LOWEST[rank])
        end = bisect_right(mine, HIGHEST[rank], start)
        hands[them] = theirs[:low] + theirs[high:]
        held[them] ^= 1 << rank
        given = high - low
        if end - start + given < SET_SIZE:
            hands[me] = mine[:start] + tuple(sorted(mine[start:end] + theirs[low:high])) + mine[end:]
            events, sets = words.caught[me][them][rank][given], state.sets
        elif len(mine) > end - start:  # a set, and cards left to ask with
            hands[me] = mine[:start] + mine[end:]
            held[me] ^= 1 << rank
            events = (words.asks[me][them][rank], words.gives[them][rank][given], words.laid[me][rank],
                      words.catches[me])
            sets = _laid(state.sets, me, rank)
        else:
            return None
        return _new(type(state), (state.setup, state.rules, state.names, tuple(hands), tuple(held), stock, sets,
                                  me, events, state.asks + (LOGS[me][them][rank][given],)))
    card, nxt = stock[0], (me + 1) % len(hands)  # "Nag eus. Gwra pyskessa!": draw, and the turn passes
    drawn = RANK_OF[card]
    if len(stock) == 1 or not hands[nxt] or drawn == rank and state.rules.lucky_draw_continues:
        return None
    at = bisect_left(mine, card)
    if held[me] >> drawn & 1:  # the run of the drawn rank, which the card joins
        start = bisect_left(mine, LOWEST[drawn], 0, at)
        same = bisect_right(mine, HIGHEST[drawn], at) - start
    else:
        same = 0
    if same == SET_SIZE - 1:
        hands[me] = mine[:start] + mine[start + same:]
        held[me] ^= 1 << drawn
        events = (words.asks[me][them][rank], words.nos[them][rank], words.laid[me][drawn], words.draws[me])
        sets = _laid(state.sets, me, drawn)
    else:
        hands[me] = mine[:at] + (card,) + mine[at:]
        held[me] |= 1 << drawn
        events, sets = words.fished[me][them][rank], state.sets
    return _new(type(state), (state.setup, state.rules, state.names, tuple(hands), tuple(held), stock[1:], sets,
                              nxt, events, state.asks + (LOGS[me][them][rank][0],)))


def _laid(sets: tuple[tuple[Rank, ...], ...], seat: int, rank: Rank) -> tuple[tuple[Rank, ...], ...]:
    """The laid sets once ``seat`` lays down ``rank``."""
    return sets[:seat] + (sets[seat] + (rank,),) + sets[seat + 1:]


class _Turn(Turn):
    """One transition, every case: the hands, stock and sets as they change, events in order, then the next state."""

    prefix = PREFIX

    def __init__(self, state: PyskessaState) -> None:
        super().__init__(state)
        self.words = _WORDS[state.names]
        self.hands = list(state.hands)
        self.held = list(state.held)
        self.stock = state.stock
        self.sets = state.sets
        self.asks = state.asks

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names."""
        return self.state.names

    def ask(self, me: int, them: int, rank: Rank) -> PyskessaState:
        """G3, G4: ``them`` holds the rank and hands it over, or says "Nag eus. Gwra pyskessa!" and ``me`` fishes.

        Fishing: the top card of the stock is drawn (a set it makes is laid at
        once, G5) and the turn ends (G4; with the lucky-draw variant, drawing the
        rank asked for lets ``me`` go on); with no stock the turn just ends (G7).
        """
        words, events = self.words, self.events
        events.append(words.asks[me][them][rank])
        if self.held[them] >> rank & 1:
            return self.catch(me, them, rank)
        self.asks += (LOGS[me][them][rank][0],)
        events.append(words.nos[them][rank])
        if not self.stock:
            self.say("go-fish.empty-stock", "The stock is empty, so there is nothing to draw; the turn passes.",
                     player=me)
            return self.pass_turn(me)
        card = self.draw(me)
        if card.rank == rank and self.state.rules.lucky_draw_continues:
            self.say("go-fish.lucky", f"{self.names[me]} drew {card.english}, the rank asked for, "
                     "shows it and asks again.", player=me)
            return self.carry_on(me)
        events.append(words.draws[me])
        return self.pass_turn(me)

    def catch(self, me: int, them: int, rank: Rank) -> PyskessaState:
        """G3: ``them`` hands over every card of ``rank``; a set is laid at once; ``me`` asks again."""
        words, events, hands, held = self.words, self.events, self.hands, self.held
        theirs = hands[them]
        low = bisect_left(theirs, LOWEST[rank])
        high = bisect_right(theirs, HIGHEST[rank], low)
        self.asks += (LOGS[me][them][rank][high - low],)
        caught = theirs[low:high]
        hands[them] = theirs[:low] + theirs[high:]
        held[them] ^= 1 << rank
        events.append(words.gives[them][rank][high - low])
        mine = hands[me]
        start = bisect_left(mine, LOWEST[rank])
        end = bisect_right(mine, HIGHEST[rank], start)
        run = mine[start:end] + caught
        if len(run) == SET_SIZE:
            hands[me] = mine[:start] + mine[end:]
            held[me] ^= 1 << rank
            self.lay_down(me, rank)
            if self.over():
                return self.finish()
        else:
            hands[me] = mine[:start] + tuple(sorted(run)) + mine[end:]
        events.append(words.catches[me])
        return self.carry_on(me)

    def draw(self, seat: int) -> Card:
        """The top card of the stock goes into ``seat``'s hand in its place; a set it completes is laid (G5)."""
        stock = self.stock
        card, self.stock = stock[0], stock[1:]
        hand = self.hands[seat]
        rank = RANK_OF[card]
        if self.held[seat] >> rank & 1:
            start = bisect_left(hand, LOWEST[rank])
            end = bisect_right(hand, HIGHEST[rank], start)
            if end - start == SET_SIZE - 1:
                self.hands[seat] = hand[:start] + hand[end:]
                self.held[seat] ^= 1 << rank
                self.lay_down(seat, rank)
                return card
            at = bisect_left(hand, card, start, end)
        else:
            self.held[seat] |= 1 << rank
            at = bisect_left(hand, card)
        self.hands[seat] = hand[:at] + (card,) + hand[at:]
        return card

    def score_sets(self, seat: int) -> None:
        """Every four of a kind in ``seat``'s hand is laid down (a dealt set, rule ``set``)."""
        hand = self.hands[seat]
        if len(hand) - self.held[seat].bit_count() < SET_SIZE - 1:  # too few cards share a rank
            return
        for rank in dict.fromkeys(map(RANK_OF.__getitem__, hand)):
            start = bisect_left(hand, LOWEST[rank])
            if bisect_right(hand, HIGHEST[rank], start) - start == SET_SIZE:
                self.hands[seat] = hand = hand[:start] + hand[start + SET_SIZE:]
                self.held[seat] ^= 1 << rank
                self.lay_down(seat, rank)

    def lay_down(self, seat: int, rank: Rank) -> None:
        """``seat`` lays down the set of ``rank`` (already out of the hand)."""
        self.sets = _laid(self.sets, seat, rank)
        self.events.append(self.words.laid[seat][rank])

    def carry_on(self, seat: int) -> PyskessaState:
        """The same player goes on, unless the game is over; an empty hand draws first, or ends the turn (G6)."""
        if self.over():
            return self.finish()
        if not self.hands[seat]:
            if not self.stock:
                self.say("empty-hand.skip", f"{self.names[seat]} has no cards and the stock is empty, "
                         "so the turn ends.", player=seat)
                return self.pass_turn(seat)
            self.draw(seat)
            self.say("empty-hand", f"{self.names[seat]}'s hand is empty, so they draw a card and go on.",
                     player=seat)
        return self.build(seat)

    def pass_turn(self, seat: int) -> PyskessaState:
        """Clockwise to the next player who can take a turn: an empty hand draws first, or is skipped."""
        players = len(self.hands)
        nxt = (seat + 1) % players
        if self.stock and self.hands[nxt]:  # the usual case: the next player simply asks
            return self.build(nxt)
        nxt = seat
        for _ in range(players + 1):
            if self.over():
                return self.finish()
            nxt = (nxt + 1) % players
            if self.hands[nxt]:
                return self.build(nxt)
            if self.stock:
                self.draw(nxt)
                self.say("empty-hand", f"{self.names[nxt]} starts the turn with no cards, so draws one "
                         "and plays on.", player=nxt)
                return self.build(nxt)
            self.say("empty-hand.skip", f"{self.names[nxt]} has no cards and the stock is empty: "
                     "the turn is skipped.", player=nxt)
        return self.finish()  # unreachable: with every hand empty the game is over

    def over(self) -> bool:
        """No catch is possible any more: the stock is empty and no rank is split between two hands."""
        if self.stock:
            return False
        holder: dict[Rank, int] = {}
        for seat, hand in enumerate(self.hands):
            for card in hand:
                if holder.setdefault(card.rank, seat) != seat:
                    return False
        return True

    def finish(self) -> PyskessaState:
        """G9: the game is over; the result is announced."""
        if sum(map(len, self.sets)) == ALL_SETS:
            self.say("end", f"All {ALL_SETS} sets are scored: the game is over.")
        else:
            self.say("end", "No more catches are possible, so the game is over.")
        _winners, rule, text = verdict(self.sets, self.names)
        self.events.append(Event(rule, text))
        return self.build(None)

    def build(self, current: int | None) -> PyskessaState:
        """The next state."""
        s = self.state
        return _new(type(s), (s.setup, s.rules, s.names, tuple(self.hands), tuple(self.held), self.stock,
                              self.sets, current, tuple(self.events), self.asks))
