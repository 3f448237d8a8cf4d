"""Gwra Pyskessa: Go Fish, asked in Cornish.

The rules as Gwari settles them are in ``docs/rules.md`` (Gwra Pyskessa,
G1–G10): ask another player for a rank you hold; they hand over every card of
it and you ask again, or they say "Nag eus. Gwra pyskessa!" and you draw one
card and your turn ends.  Four of a kind is laid down at once.  Most sets wins;
a tie goes to the tied player holding the highest set, ace high.  Every rule id
this module emits is a ``pyskessa.*`` entry of ``lessons/gwra-pyskessa``.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from tutor.cards import CARDS, FRENCH_RANKS, RANKS_BY_CODE, Card, Rank, Suit, french_pack, shuffled
from tutor.cornish import EXAMPLE, CornishError, read_ask
from tutor.engine import (Event, Game, IllegalMove, Inputs, Misread, Record, Result, SeatedState, SeatView,
                          TableView, Turn, TypedInput, shown_to)
from tutor.mechanics import deal_round_robin, read_deal

PREFIX = "pyskessa"
SET_SIZE = 4  # G3: a set is every card of one rank
MAX_PLAYERS = 6  # G2
PACK = french_pack()  # the jokers are taken out
ALL_SETS = len(FRENCH_RANKS)  # G9: the game ends when all thirteen are down
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}

# Cards sort by rank, then suit, so the cards of one rank lie together in a sorted hand:
# a rank's run is found by bisection between its lowest and its highest card.
_LOWEST = {rank: min(CARDS[rank, suit] for suit in Suit) for rank in FRENCH_RANKS}
_HIGHEST = {rank: max(CARDS[rank, suit] for suit in Suit) for rank in FRENCH_RANKS}
_RANK_OF = {card: card.rank for card in PACK}
_BIT_OF = {card: 1 << card.rank for card in PACK}  # a card's rank as a bit of ``rank_bits``


def rank_bits(hand: Sequence[Card]) -> int:
    """The ranks in ``hand`` as a bit mask (bit ``r`` for rank ``r``)."""
    return sum(set(map(_BIT_OF.__getitem__, hand)))


# ---------------------------------------------------------------- what is said


def ask_said(target_name: str, rank: Rank, *, neb: bool = False) -> tuple[str, str]:
    """The Cornish ask and its gloss: ("Pol, eus seyth genes?", "Pol, have you got any sevens?")."""
    word = rank.cornish.lower()
    cornish = f"{target_name}, eus {'neb ' if neb else ''}{word} genes?"
    return cornish, f"{target_name}, have you got any {rank.english_plural}?"


def yes_said(rank: Rank, count: int) -> tuple[str, str]:
    """The answer when the asked player holds the rank; the English says how many are handed over."""
    article = "an" if rank.english[0] in "aeiou" else "a"
    english = f"{article} {rank.english}" if count == 1 else f"{NUMBER_WORDS[count]} {rank.english_plural}"
    return f"Eus. Yma genev vy {rank.cornish.lower()}.", f"Yes. I have {english}."


NO_SAID = ("Nag eus. Gwra pyskessa!", "No. Go fish!")
THANKS_SAID = ("Meur ras!", "Thank you!")

# ---------------------------------------------------------------- rules (variants)


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the defaults of the rule book."""

    lucky_draw_continues: bool = False
    """G4: drawing the rank you asked for lets you show it and ask again (other Go Fish rule books)."""
    ask_empty_hands: bool = True
    """G8: a player with no cards may be asked (the answer is always "Nag eus")."""


def hand_size(players: int) -> int:
    """G1: seven cards each for two or three players, five for four or more."""
    return 7 if players <= 3 else 5


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True, order=True)
class Ask:
    """Ask seat ``target`` for every card of ``rank``."""

    target: int
    rank: Rank

    def __str__(self) -> str:
        return f"ask {self.target} for {self.rank.code}"

    @classmethod
    def parse(cls, text: Any) -> "Ask":
        """Read ``ask 2 for 7`` (the form ``str`` writes)."""
        match = _ASK_TEXT.fullmatch(text) if isinstance(text, str) else None
        rank = RANKS_BY_CODE.get(match.group(2).upper()) if match else None
        if match is None or rank is None or rank is Rank.JOKER:
            raise IllegalMove(f"{PREFIX}.ask", f"{text!r} is not an ask; write e.g. 'ask 2 for 7'.")
        target = int(match.group(1))
        return _ASKS[target][rank] if target < MAX_PLAYERS else cls(target, rank)


_ASK_TEXT = re.compile(r"\s*ask\s+([0-9]{1,3})\s+(?:for\s+)?(\w+)\s*", re.IGNORECASE)
# Every ask there can be, made once: ``_ASKS[target][rank]``; legal actions hand out these shared values.
_ASKS = tuple({rank: Ask(target, rank) for rank in FRENCH_RANKS} for target in range(MAX_PLAYERS))
# _OTHERS[players][seat]: the other seats, clockwise from seat 0.
_OTHERS = tuple(tuple(tuple(p for p in range(n) if p != seat) for seat in range(n)) for n in range(MAX_PLAYERS + 1))


class _AsksFor(dict):
    """The asks of one seat for the ranks a hand holds, in rank order: ``_ASKS_FOR[target][held]``.

    ``held`` is the hand's ranks as bits (``rank_bits``); each tuple is made on
    first use and kept (at most one per set of ranks, 8,192).
    """

    def __init__(self, target: int) -> None:
        super().__init__()
        self.asks = _ASKS[target]

    def __missing__(self, held: int) -> tuple[Ask, ...]:
        asks = self[held] = tuple(ask for rank, ask in self.asks.items() if held >> rank & 1)
        return asks


_ASKS_FOR = tuple(_AsksFor(target) for target in range(MAX_PLAYERS))


class AskLog(NamedTuple):
    """A public fact: who asked whom for what, and how many cards were handed over."""

    asker: int
    target: int
    rank: Rank
    given: int


# Every fact there can be, made once: ``_LOGS[asker][target][rank][given]``.
_LOGS = tuple(tuple({rank: tuple(AskLog(asker, target, rank, given) for given in range(SET_SIZE))
                     for rank in FRENCH_RANKS} for target in range(MAX_PLAYERS)) for asker in range(MAX_PLAYERS))


# ---------------------------------------------------------------- state


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


# How a position is built on the hot path: the NamedTuple's own constructor, without its per-field frame.
_new = tuple.__new__


class PyskessaState(_Position, SeatedState):
    """A position of Gwra Pyskessa; immutable and hashable, ``apply`` returns the next one."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is PyskessaState and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    # -- the contract

    def legal_actions(self) -> list[Ask]:
        """Every ask the player to move may make: each other (askable) player, each rank they hold (G3, G8)."""
        me = self.current
        if me is None:
            return []
        held = self.held[me]
        targets = _OTHERS[len(self.hands)][me] if self.rules.ask_empty_hands else self._askable(me)
        if len(targets) == 1:
            return list(_ASKS_FOR[targets[0]][held])
        legal: list[Ask] = []
        for target in targets:
            legal += _ASKS_FOR[target][held]
        return legal

    def apply(self, action: Any) -> "PyskessaState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing."""
        me = self.current
        if type(action) is Ask and me is not None:
            target, rank = action.target, action.rank
            if (type(target) is int and target != me and 0 <= target < len(self.hands) and type(rank) is Rank
                    and self.held[me] >> rank & 1  # G3: the asker holds the rank
                    and (self.rules.ask_empty_hands or target in self._askable(me))):
                usual = _usual_ask(self, me, target, rank)
                return usual if usual is not None else _Turn(self).ask(me, target, rank)
        raise self._refusal(action)

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
        return TableView(game=PYSKESSA.slug, viewer=player, seats=tuple(seats), current=self.current,
                         stock=len(self.stock), events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card in play: hands, stock and laid sets (for conservation checks)."""
        laid = [CARDS[rank, suit] for seat_sets in self.sets for rank in seat_sets for suit in Suit]
        return [c for hand in self.hands for c in hand] + list(self.stock) + laid

    def cards_of(self, action: Any) -> tuple[Card, ...]:
        """The cards in the asker's hand that an ask is about: every card of the rank asked for."""
        if self.current is None or type(action) is not Ask or type(action.rank) is not Rank \
                or action.rank not in _LOWEST:
            return ()
        return _run(self.hands[self.current], action.rank)

    def candidate_actions(self, card: Any) -> list[Ask]:
        """Every ask for the card's rank, of every seat, legal or not (a widget offers them; the rules judge)."""
        rank = getattr(card, "rank", None)
        if not isinstance(card, Card) or rank not in _LOWEST:
            return []
        return [_ASKS[target][rank] for target in range(len(self.hands))]

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

    # -- the checks, each naming its rule (G3, G8)

    def _askable(self, asker: int) -> tuple[int, ...]:
        others = _OTHERS[len(self.hands)][asker]
        if self.rules.ask_empty_hands:
            return others
        holding = tuple(p for p in others if self.hands[p])
        return holding or others  # with every other hand empty, a (futile) ask is the only move

    def _refusal(self, action: Any) -> IllegalMove:
        """Why ``action`` is not legal here, as the error to raise."""
        me = self.current
        if me is None:
            return IllegalMove(f"{PREFIX}.end", "The game is over: no more asks.")
        if type(action) is not Ask:
            return IllegalMove(f"{PREFIX}.ask", f"{action!r} is not an ask; a turn is asking someone for a rank.")
        target, rank = action.target, action.rank
        if type(target) is not int or not 0 <= target < len(self.hands):
            return IllegalMove(f"{PREFIX}.ask.other-player", f"There is no seat {target!r} to ask.")
        if target == me:
            return IllegalMove(f"{PREFIX}.ask.other-player", "You ask one of the other players, not yourself.")
        if target not in self._askable(me):
            return IllegalMove(f"{PREFIX}.ask.other-player",
                               f"{self.names[target]} has no cards; with this option you ask someone who does.")
        if type(rank) is not Rank or rank not in _LOWEST:
            return IllegalMove(f"{PREFIX}.ask.own-rank", f"{rank!r} is not a rank of this pack.")
        return IllegalMove(f"{PREFIX}.ask.own-rank",
                           f"You may only ask for a rank you hold, and you have no {rank.english_plural}.")


def _run(hand: tuple[Card, ...], rank: Rank) -> tuple[Card, ...]:
    """The cards of ``rank`` in a sorted hand."""
    start = bisect_left(hand, _LOWEST[rank])
    return hand[start:bisect_right(hand, _HIGHEST[rank], start)]


# ---------------------------------------------------------------- dealing and the explicit deal (G1)


def deal_hands(seed: int | None, players: int, first: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """A shuffled deal from ``seed`` (G1): seven cards each for two or three players, five for more, one at a
    time from ``first``; the rest is the stock."""
    return deal_round_robin(shuffled(PACK, random.Random(seed)), players, hand_size(players), first)


def read_pyskessa_deal(deal: Mapping[str, Any], players: int, first: int) -> tuple[
        tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[tuple[Rank, ...], ...], int]:
    """An explicit deal: ``hands``, ``stock`` (top first), optional laid ``sets`` (ranks, one list per seat)
    and the ``current`` seat.  Every error names the field (``deal.sets[0][1]``)."""
    rule = f"{PREFIX}.deal"
    hands, piles = read_deal(deal, players, Card.parse, PACK, rule=rule, others=("sets", "current"))
    sets = _read_sets(deal.get("sets"), players, rule)
    in_play = tuple(sorted(piles["stock"] + sum(hands, ())))
    laid: set[Rank] = set()
    for seat, ranks in enumerate(sets):
        for i, rank in enumerate(ranks):
            if rank in laid:
                raise IllegalMove(rule, f"deal.sets[{seat}][{i}]: the {rank.english_plural} are laid down twice; "
                                        "there is one set of each rank.")
            laid.add(rank)
            held = _run(in_play, rank)
            if held:
                raise IllegalMove(rule, f"deal.sets[{seat}][{i}]: the {rank.english_plural} are laid down as a set, "
                                        f"so {held[0]} cannot also be in a hand or the stock.")
    current = deal.get("current", first)
    if type(current) is not int or not 0 <= current < players:
        raise IllegalMove(rule, f"deal.current must be a seat from 0 to {players - 1}, not {current!r}.")
    return hands, piles["stock"], sets, current


def _read_sets(given: Any, players: int, rule: str) -> tuple[tuple[Rank, ...], ...]:
    """The laid sets of an explicit deal: one list of ranks per seat (``[["7", "K"], []]``); none when absent."""
    if given is None or isinstance(given, (list, tuple)) and not given:
        return ((),) * players
    if isinstance(given, (str, bytes, Mapping)) or not isinstance(given, Sequence):
        raise IllegalMove(rule, f"deal.sets must be a list with one list of ranks per seat, not {given!r}.")
    if len(given) != players:
        raise IllegalMove(rule, f"deal.sets has {len(given)} lists for {players} players; it needs one per seat.")
    sets = []
    for seat, ranks in enumerate(given):
        if isinstance(ranks, (str, bytes, Mapping)) or not isinstance(ranks, Sequence):
            raise IllegalMove(rule, f"deal.sets[{seat}] must be a list of ranks such as ['7', 'K'], not {ranks!r}.")
        read = []
        for i, item in enumerate(ranks):
            rank = RANKS_BY_CODE.get(item.strip().upper()) if isinstance(item, str) else item
            if type(rank) is not Rank or rank not in _LOWEST:
                raise IllegalMove(rule, f"deal.sets[{seat}][{i}]: {item!r} is not a rank of the pack; "
                                        "write 2 to 10, J, Q, K or A.")
            read.append(rank)
        sets.append(tuple(read))
    return tuple(sets)


# ---------------------------------------------------------------- apply: one ask and all that follows


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
        low = bisect_left(theirs, _LOWEST[rank])
        high = bisect_right(theirs, _HIGHEST[rank], low)
        start = bisect_left(mine, _LOWEST[rank])
        end = bisect_right(mine, _HIGHEST[rank], start)
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
        return _new(PyskessaState, (state.setup, state.rules, state.names, tuple(hands), tuple(held), stock, sets,
                                    me, events, state.asks + (_LOGS[me][them][rank][given],)))
    card, nxt = stock[0], (me + 1) % len(hands)  # "Nag eus. Gwra pyskessa!": draw, and the turn passes
    drawn = _RANK_OF[card]
    if len(stock) == 1 or not hands[nxt] or drawn == rank and state.rules.lucky_draw_continues:
        return None
    at = bisect_left(mine, card)
    if held[me] >> drawn & 1:  # the run of the drawn rank, which the card joins
        start = bisect_left(mine, _LOWEST[drawn], 0, at)
        same = bisect_right(mine, _HIGHEST[drawn], at) - start
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
    return _new(PyskessaState, (state.setup, state.rules, state.names, tuple(hands), tuple(held), stock[1:], sets,
                                nxt, events, state.asks + (_LOGS[me][them][rank][0],)))


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
        self.asks += (_LOGS[me][them][rank][0],)
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
        low = bisect_left(theirs, _LOWEST[rank])
        high = bisect_right(theirs, _HIGHEST[rank], low)
        self.asks += (_LOGS[me][them][rank][high - low],)
        caught = theirs[low:high]
        hands[them] = theirs[:low] + theirs[high:]
        held[them] ^= 1 << rank
        events.append(words.gives[them][rank][high - low])
        mine = hands[me]
        start = bisect_left(mine, _LOWEST[rank])
        end = bisect_right(mine, _HIGHEST[rank], start)
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
        rank = _RANK_OF[card]
        if self.held[seat] >> rank & 1:
            start = bisect_left(hand, _LOWEST[rank])
            end = bisect_right(hand, _HIGHEST[rank], start)
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
        for rank in dict.fromkeys(map(_RANK_OF.__getitem__, hand)):
            start = bisect_left(hand, _LOWEST[rank])
            if bisect_right(hand, _HIGHEST[rank], start) - start == SET_SIZE:
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
        return _new(PyskessaState, (s.setup, s.rules, s.names, tuple(self.hands), tuple(self.held), self.stock,
                                    self.sets, current, tuple(self.events), self.asks))


# ---------------------------------------------------------------- scoring


def score(sets: Sequence[Sequence[Rank]], names: Sequence[str] | None = None) -> Result:
    """Scores (sets per seat), winners and the scoring line by line: most sets; a tie goes to the highest set held,
    ace high (G9).

    A pure function: ``score([[Rank.SEVEN], [Rank.KING], []])`` → seat 1 wins the tie
    on kings.  ``names`` (default "Player 1", "Player 2"…) are used in the text and
    the breakdown.
    """
    names = tuple(names) if names is not None else tuple(f"Player {seat + 1}" for seat in range(len(sets)))
    winners, rule, text = verdict(sets, names)
    breakdown = [_sets_line(names[seat], laid) for seat, laid in enumerate(sets)]
    if rule == f"{PREFIX}.goal":
        breakdown.append(f"Most sets: {names[winners[0]]}.")
    elif not any(sets):
        breakdown.append("No sets at all: the game is shared.")
    else:
        best = max(map(len, sets))
        high = Rank(max(max(laid) for laid in sets if len(laid) == best))
        breakdown.append(f"A tie on {best} set{'s' * (best != 1)}: the highest set wins, aces high — "
                         f"{names[winners[0]]}'s {high.english_plural}.")
    return Result(tuple(map(len, sets)), winners, rule, text, breakdown=tuple(breakdown))


def verdict(sets: Sequence[Sequence[Rank]], names: Sequence[str]) -> tuple[tuple[int, ...], str, str]:
    """Who wins, the rule that decides it (``goal`` or ``tie-break``) and the sentence that says so (G9)."""
    counts = list(map(len, sets))
    best = max(counts)
    tied = [seat for seat, n in enumerate(counts) if n == best]
    plural = "set" if best == 1 else "sets"
    if len(tied) == 1:
        return (tied[0],), f"{PREFIX}.goal", f"{names[tied[0]]} wins with {best} {plural}."
    top = {seat: max(sets[seat], default=0) for seat in tied}
    high = max(top.values())
    winners = tuple(seat for seat in tied if top[seat] == high)
    if high == 0:
        return winners, f"{PREFIX}.tie-break", f"No one has a set, so {' and '.join(names[w] for w in winners)} " \
                                               "share the game."
    return winners, f"{PREFIX}.tie-break", (f"{' and '.join(names[s] for s in tied)} tie on {best} {plural}; "
                                            f"{names[winners[0]]} wins with the highest set, "
                                            f"the {Rank(high).english_plural}.")


def _sets_line(name: str, laid: Sequence[Rank]) -> str:
    """One line of the breakdown: "Jory: 2 sets (kings, sevens)"."""
    shown = f" ({', '.join(rank.english_plural for rank in sorted(laid, reverse=True))})" if laid else ""
    return f"{name}: {len(laid)} set{'s' * (len(laid) != 1)}{shown}"


# ---------------------------------------------------------------- the remembering bot


def known_holdings(state: PyskessaState) -> dict[tuple[int, Rank], bool]:
    """What the public record shows: (seat, rank) → True if known to hold it, False if known not to.

    A player who asked for a rank holds it; one who was handed cards holds them;
    one who answered "Nag eus" does not.  Handing the rank over, or a set of it
    being laid down, makes the old knowledge stale.
    """
    known: dict[tuple[int, Rank], bool] = {}
    for log in state.asks:
        known[log.asker, log.rank] = True
        known[log.target, log.rank] = False
    scored = {rank for seat_sets in state.sets for rank in seat_sets}
    return {key: value for key, value in known.items() if key[1] not in scored}


def remembering_choice(state: PyskessaState, rng: random.Random) -> tuple[Ask, str]:
    """Ask where a rank is known to be (as Vicki does in the rule book's example); else the rank you hold most of."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    counts = {rank: sum(1 for c in hand if c.rank == rank) for rank in {c.rank for c in hand}}
    legal = state.legal_actions()
    known = known_holdings(state)
    sure = [a for a in legal if known.get((a.target, a.rank)) is True]
    if sure:
        best = max(sure, key=lambda a: (counts[a.rank], len(state.hands[a.target]), -a.target))
        return best, (f"{state.names[best.target]} asked for {best.rank.english_plural} earlier "
                      f"(or was handed them), so they hold some: ask them.")
    open_asks = [a for a in legal if known.get((a.target, a.rank)) is not False and state.hands[a.target]]
    pool = open_asks or legal
    most = max(counts[a.rank] for a in pool)
    pool = [a for a in pool if counts[a.rank] == most]
    choice = rng.choice(pool)
    return choice, (f"Nobody is known to hold {choice.rank.english_plural}; you hold {most} of them, "
                    f"so a catch would bring you closest to a set. "
                    f"{state.names[choice.target]} has not said 'Nag eus' to them.")


# ---------------------------------------------------------------- asking in Cornish (the typed move)


def read_typed_ask(state: PyskessaState, seat: int, text: str) -> Ask:
    """The ask typed in Cornish by ``seat`` ("Pol, eus seyth genes?"); a sentence that cannot be read raises
    ``Misread`` with a correction (and the fumbled word, for the drill)."""
    names = [s.name for s in state.view(seat).seats]
    try:
        asked = read_ask(text, names)
    except CornishError as exc:
        raise Misread(exc.hint, exc.expected, exc.typed) from exc
    return _ASKS[asked.target][asked.rank] if asked.target < MAX_PLAYERS else Ask(asked.target, asked.rank)


def card_help(card: Any) -> str:
    """What clicking a card of the hand says: its Cornish name, and the word that asks for its rank."""
    rank = getattr(card, "rank", None)
    if not isinstance(card, Card) or rank not in _LOWEST:
        return ""
    return f"{card.native} — to ask for {rank.english_plural}, say “{rank.cornish.lower()}”."


# ---------------------------------------------------------------- the game


class GwraPyskessa(Game):
    """Registry entry for Gwra Pyskessa."""

    slug = "gwra-pyskessa"
    title = "Gwra Pyskessa"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 3
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = 2_000
    inputs = Inputs(typed=TypedInput(
        label="Ask in Cornish (type the question)", lang="kw", placeholder=EXAMPLE, pattern="Name, eus … genes?",
        read=read_typed_ask, card_help=card_help, drill=True, drill_notebook="cornish-drill"))

    def _start(self, *, setup: Record, rules: Rules) -> PyskessaState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        first = (dealer + 1) % players
        if setup.deal is None:
            hands, stock = deal_hands(setup.seed, players, first)
            dealt = Event(f"{PREFIX}.deal", f"{names[dealer]} deals {hand_size(players)} cards "
                          f"to each player; the other {len(stock)} cards are the stock.")
            sets: tuple[tuple[Rank, ...], ...] = ((),) * players
        else:
            hands, stock, sets, first = read_pyskessa_deal(setup.deal, players, first)
            dealt = Event(f"{PREFIX}.deal", f"A prepared deal: {', '.join(str(len(h)) for h in hands)} "
                          f"cards in the hands and {len(stock)} in the stock.")
        hands = tuple(tuple(sorted(h)) for h in hands)
        held = tuple(map(rank_bits, hands))
        state = PyskessaState(setup, rules, names, hands, held, tuple(stock), sets, first, (dealt,))
        if stock and hands[first] and all(len(h) - b.bit_count() < SET_SIZE - 1 for h, b in zip(hands, held)):
            return state  # the usual deal: no hand can hold four of a kind, and the first player asks
        turn = _Turn(state)
        turn.events.append(dealt)
        for seat in range(players):
            turn.score_sets(seat)
        # The first player is treated like any player starting a turn (an empty hand draws, G6).
        return turn.pass_turn((first - 1) % players)

    def parse_action(self, state: Any, text: str) -> Ask:
        """Read ``ask 2 for 7``."""
        return Ask.parse(text)

    def heuristic(self, state: PyskessaState, rng: random.Random) -> tuple[Ask, str]:
        """The stronger bot's choice and its reason in words."""
        return remembering_choice(state, rng)


PYSKESSA = GwraPyskessa()
