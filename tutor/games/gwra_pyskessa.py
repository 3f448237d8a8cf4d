"""Gwra Pyskessa: Go Fish, asked in Cornish.

Follows seed ``000_5f3596f7bc8c841b.txt`` as settled in RULE-NOTES §1: ask
another player for a rank you hold; they hand over every card of it and you ask
again, or they say "Nag eus. Gwra pyskessa!" and you draw one card and your turn
ends.  Four of a kind is scored at once.  Most sets wins; a tie goes to the
tied player holding the highest set, ace high.  Every rule id this module
emits is a ``pyskessa.*`` entry of ``lessons/gwra-pyskessa``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Mapping

from tutor.cards import FRENCH_RANKS, RANKS_BY_CODE, Card, Rank, Suit, french_pack, shuffled
from tutor.engine import Event, Game, IllegalMove, Record, Result, SeatedState, SeatView, shown_to, TableView
from tutor.mechanics import deal_round_robin, insert_sorted, read_deal

PREFIX = "pyskessa"
SET_SIZE = 4
MAX_PLAYERS = 6
PACK = french_pack()

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
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}

# ---------------------------------------------------------------- rules (variants)


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the seed's defaults."""

    lucky_draw_continues: bool = False
    """pagat's variant (RULE-NOTES G4): drawing the rank you asked for lets you ask again."""
    ask_empty_hands: bool = True
    """G8: a player with no cards may be asked (the answer is always "Nag eus")."""


def hand_size(players: int) -> int:
    """Seven cards each for two or three players, five for four or more (seed set-up)."""
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
    def parse(cls, text: str) -> "Ask":
        """Read ``ask 2 for 7`` (the form ``str`` writes)."""
        match = re.fullmatch(r"\s*ask\s+(\d+)\s+(?:for\s+)?(\w+)\s*", text, re.IGNORECASE)
        if not match or match.group(2).upper() not in RANKS_BY_CODE:
            raise IllegalMove(f"{PREFIX}.ask", f"{text!r} is not an ask; write e.g. 'ask 2 for 7'.")
        rank = RANKS_BY_CODE[match.group(2).upper()]
        return cls(int(match.group(1)), rank)


# Every ask there can be, made once: ``legal_actions`` hands out these shared, immutable values.
_ASKS = {(target, rank): Ask(target, rank) for target in range(MAX_PLAYERS) for rank in FRENCH_RANKS}
# _OTHERS[players][seat]: the other seats, clockwise from seat 0.
_OTHERS = tuple(tuple(tuple(p for p in range(n) if p != seat) for seat in range(n)) for n in range(MAX_PLAYERS + 1))


@dataclass(frozen=True, slots=True)
class AskLog:
    """A public fact: who asked whom for what, and how many cards were handed over."""

    asker: int
    target: int
    rank: Rank
    given: int


# ---------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class PyskessaState(SeatedState):
    """A position of Gwra Pyskessa; immutable, ``apply`` returns the next one."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    sets: tuple[tuple[Rank, ...], ...]
    current: int | None
    events: tuple[Event, ...] = ()
    asks: tuple[AskLog, ...] = ()

    # -- the contract

    def legal_actions(self) -> list[Ask]:
        """Every ask the player to move may make: any other (allowed) player, any rank they hold."""
        if self.current is None:
            return []
        ranks = sorted({card.rank for card in self.hands[self.current]})
        return [_ASKS[target, rank] for target in self._askable(self.current) for rank in ranks]

    def apply(self, action: Any) -> "PyskessaState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` and changes nothing."""
        self._check(action)
        return _Turn(self).ask(action)

    def result(self) -> Result:
        """Sets per seat and the winners, with the seed's tie-break (highest set, ace high)."""
        return score(self.sets)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees (others' hands face down); ``None`` shows every hand."""
        seats = []
        for seat, hand in enumerate(self.hands):
            shown = shown_to(player, seat, hand)
            melds = tuple(tuple(Card(rank, suit) for suit in Suit) for rank in self.sets[seat])
            n = len(self.sets[seat])
            seats.append(SeatView(self.names[seat], shown, melds, f"{n} set{'s' * (n != 1)}"))
        return TableView(game=PYSKESSA.slug, viewer=player, seats=tuple(seats), current=self.current,
                         stock=len(self.stock), events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card in play: hands, stock and scored sets (for conservation checks)."""
        scored = [Card(rank, suit) for seat_sets in self.sets for rank in seat_sets for suit in Suit]
        return [c for hand in self.hands for c in hand] + list(self.stock) + scored

    def action_cards(self, action: Ask) -> tuple[Card, ...]:
        """The cards in the asker's hand that an ask is about (every card of the rank)."""
        hand = self.hands[self.current] if self.current is not None else ()
        return tuple(card for card in hand if card.rank == action.rank)

    def candidate_actions(self, card: Card) -> list[Ask]:
        """Every ask of the card's rank, legal or not (a widget offers them; the rules judge)."""
        return [Ask(target, card.rank) for target in range(self.players)]

    def prompt(self, action: Ask) -> str:
        """The ask as the player to move would choose it: "Ask Pol for sevens"."""
        who = "yourself" if action.target == self.current else self.names[action.target]
        return f"Ask {who} for {action.rank.english_plural}"

    def describe(self, action: Ask) -> str:
        """The action in words: "Jory asks Pol for sevens"."""
        asker = self.names[self.current] if self.current is not None else "Someone"
        return f"{asker} asks {self.names[action.target]} for {action.rank.english_plural}"

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    def status(self) -> str:
        """One line for the table: whose turn, or who won."""
        if self.current is None:
            winners = self.result().winners
            return "Game over: " + " and ".join(self.names[w] for w in winners) + (
                " win." if len(winners) > 1 else " wins.")
        return f"{self.names[self.current]} to ask."

    # -- checks (each names its rule)

    def _askable(self, asker: int) -> tuple[int, ...]:
        others = _OTHERS[self.players][asker]
        if self.rules.ask_empty_hands:
            return others
        holding = tuple(p for p in others if self.hands[p])
        return holding or others  # with every other hand empty, a (futile) ask is the only move

    def _check(self, action: Any) -> None:
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.end", "The game is over: no more asks.")
        if not isinstance(action, Ask):
            raise IllegalMove(f"{PREFIX}.ask", f"{action!r} is not an ask; a turn is asking someone for a rank.")
        if not isinstance(action.target, int) or not 0 <= action.target < self.players:
            raise IllegalMove(f"{PREFIX}.ask.other-player", f"There is no seat {action.target!r} to ask.")
        if action.target == self.current:
            raise IllegalMove(f"{PREFIX}.ask.other-player", "You ask one of the other players, not yourself.")
        if action.target not in self._askable(self.current):
            raise IllegalMove(f"{PREFIX}.ask.other-player",
                              f"{self.names[action.target]} has no cards; with this option you ask someone who does.")
        if not isinstance(action.rank, Rank) or action.rank not in FRENCH_RANKS:
            raise IllegalMove(f"{PREFIX}.ask.own-rank", f"{action.rank!r} is not a rank of this pack.")
        if all(card.rank != action.rank for card in self.hands[self.current]):
            raise IllegalMove(f"{PREFIX}.ask.own-rank",
                              f"You may only ask for a rank you hold, and you have no {action.rank.english_plural}.")


class _Turn:
    """Scratch space for one transition: hands copied as they change, events in order, then a new state."""

    def __init__(self, state: PyskessaState) -> None:
        self.state = state
        self.hands: list[tuple[Card, ...] | list[Card]] = list(state.hands)
        self.stock = list(state.stock)
        self.sets: list[tuple[Rank, ...]] = list(state.sets)
        self.events: list[Event] = []
        self.asks = state.asks
        self.names = state.names

    def say(self, rule: str, text: str, said: tuple[str, str] = ("", ""), player: int | None = None) -> None:
        self.events.append(Event(f"{PREFIX}.{rule}", text, said[0], said[1], player))

    def ask(self, action: Ask) -> PyskessaState:
        me, them, rank = self.state.current, action.target, action.rank
        assert me is not None
        self.say("ask", f"{self.names[me]} asks {self.names[them]} for {rank.english_plural}.",
                 ask_said(self.names[them], rank), me)
        caught = [c for c in self.hands[them] if c.rank == rank]
        self.asks = self.asks + (AskLog(me, them, rank, len(caught)),)
        if caught:
            self.hands[them] = [c for c in self.hands[them] if c.rank != rank]
            self.hands[me] = mine = list(self.hands[me])
            for card in caught:
                insert_sorted(mine, card)
            n = len(caught)
            self.say("give-all", f"{self.names[them]} hands over {NUMBER_WORDS[n]} "
                     f"{rank.english if n == 1 else rank.english_plural}.", yes_said(rank, n), them)
            self.score_sets(me, rank)
            if self.over():
                return self.finish()
            self.say("catch", f"A catch, so {self.names[me]} asks again.", THANKS_SAID, me)
            return self.carry_on(me)
        self.say("go-fish", f"{self.names[them]} has no {rank.english_plural}.", NO_SAID, them)
        if not self.stock:
            self.say("go-fish.empty-stock", "The stock is empty, so there is nothing to draw; the turn passes.",
                     player=me)
            return self.pass_turn(me)
        card = self.draw(me)
        self.score_sets(me, card.rank)
        if self.state.rules.lucky_draw_continues and card.rank == rank:
            self.say("go-fish.lucky", f"{self.names[me]} drew {card.english}, the rank asked for, "
                     "shows it and asks again.", player=me)
            return self.carry_on(me)
        self.say("go-fish", f"{self.names[me]} draws a card and the turn ends.", player=me)
        return self.pass_turn(me)

    def draw(self, seat: int) -> Card:
        card = self.stock.pop(0)
        self.hands[seat] = hand = list(self.hands[seat])
        insert_sorted(hand, card)
        return card

    def score_sets(self, seat: int, arrived: Rank | None = None) -> None:
        """Four of a kind leaves the hand at once (seed: scored 'immediately').

        ``arrived``: the rank that just came into the hand, the only one that can have made a set.
        """
        hand = self.hands[seat]
        counts: dict[Rank, int] = {}
        for card in hand:
            if arrived is None or card.rank == arrived:
                counts[card.rank] = counts.get(card.rank, 0) + 1
        for rank in sorted(rank for rank, n in counts.items() if n == SET_SIZE):
            self.hands[seat] = hand = [c for c in hand if c.rank != rank]
            self.sets[seat] += (rank,)
            self.say("set", f"{self.names[seat]} lays down four {rank.english_plural}: a set.", player=seat)

    def carry_on(self, seat: int) -> PyskessaState:
        """The same player goes on, unless the game is over or their hand is empty (G6)."""
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
        """Clockwise to the next player who can take a turn (an empty hand draws first, or is skipped)."""
        players = len(self.hands)
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
        total = sum(len(s) for s in self.sets)
        if total == len(FRENCH_RANKS):
            self.say("end", f"All {total} sets are scored: the game is over.")
        else:
            self.say("end", "No more catches are possible, so the game is over.")
        result = score(tuple(tuple(s) for s in self.sets))
        self.events.append(Event(result.rule, result.text.format(*self.names)))
        return self.build(None)

    def build(self, current: int | None) -> PyskessaState:
        return PyskessaState(self.state.setup, self.state.rules, self.names, tuple(map(tuple, self.hands)),
                             tuple(self.stock), tuple(map(tuple, self.sets)), current, tuple(self.events), self.asks)


# ---------------------------------------------------------------- scoring


def score(sets: tuple[tuple[Rank, ...], ...] | list) -> Result:
    """Scores (sets per seat) and winners: most sets; a tie goes to the highest set held, ace high.

    A pure function: ``score([[Rank.SEVEN], [Rank.KING], []])`` → seat 1 wins the tie on kings.
    ``Result.text`` is a template with ``{0}``, ``{1}``… for the seats' names.
    """
    counts = tuple(len(s) for s in sets)
    best = max(counts)
    tied = [seat for seat, n in enumerate(counts) if n == best]
    plural = "set" if best == 1 else "sets"
    if len(tied) == 1:
        return Result(counts, (tied[0],), f"{PREFIX}.goal", f"{{{tied[0]}}} wins with {best} {plural}.")
    top = {seat: max(sets[seat], default=0) for seat in tied}
    high = max(top.values())
    winners = tuple(seat for seat in tied if top[seat] == high)
    if high == 0:
        return Result(counts, winners, f"{PREFIX}.tie-break",
                      "No one has a set, so " + " and ".join(f"{{{w}}}" for w in winners) + " share the game.")
    names = " and ".join(f"{{{w}}}" for w in tied)
    return Result(counts, winners, f"{PREFIX}.tie-break",
                  f"{names} tie on {best} {plural}; {{{winners[0]}}} wins with the highest set, "
                  f"the {Rank(high).english_plural}.")


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

    def _start(self, *, setup: Record, rules: Rules) -> PyskessaState:
        players, names = setup.players, setup.names
        assert names is not None and setup.dealer is not None
        first = (setup.dealer + 1) % players
        events = []
        if setup.deal is None:
            pack = shuffled(PACK, random.Random(setup.seed))
            hands, stock = deal_round_robin(pack, players, hand_size(players), first)
            events.append(Event(f"{PREFIX}.deal", f"{names[setup.dealer]} deals {hand_size(players)} cards "
                                f"to each player; the other {len(stock)} cards are the stock."))
            sets: tuple[tuple[Rank, ...], ...] = ((),) * players
        else:
            hands, stock, sets, first = _read_deal(setup.deal, players, first)
            events.append(Event(f"{PREFIX}.deal", f"A prepared deal: {', '.join(str(len(h)) for h in hands)} "
                                f"cards in the hands and {len(stock)} in the stock."))
        state = PyskessaState(setup, rules, names, tuple(tuple(sorted(h)) for h in hands), stock,
                              sets, first)
        turn = _Turn(state)
        turn.events = events
        for seat in range(players):
            turn.score_sets(seat)
        # The first player is treated like any player starting a turn (an empty hand draws).
        return turn.pass_turn((first - 1) % players)

    def parse_action(self, state: Any, text: str) -> Ask:
        """Read ``ask 2 for 7``."""
        return Ask.parse(text)

    def heuristic(self, state: PyskessaState, rng: random.Random) -> tuple[Ask, str]:
        """The stronger bot's choice and its reason in words."""
        return remembering_choice(state, rng)


def _read_deal(deal: Mapping[str, Any], players: int, first: int):
    """An explicit deal: hands, stock (top first), optional scored ``sets`` (ranks) and ``current`` seat."""
    hands, piles = read_deal(deal, players, Card.parse, PACK, rule=f"{PREFIX}.deal",
                             others=("sets", "current"))
    sets_in = deal.get("sets") or [[] for _ in range(players)]
    if len(sets_in) != players:
        raise IllegalMove(f"{PREFIX}.deal", f"'sets' needs one list per seat, not {len(sets_in)}.")
    sets = []
    for seat, ranks in enumerate(sets_in):
        try:
            sets.append(tuple(r if isinstance(r, Rank) else RANKS_BY_CODE[str(r).upper()] for r in ranks))
        except KeyError as exc:
            raise IllegalMove(f"{PREFIX}.deal", f"'sets' of seat {seat}: {exc.args[0]!r} is not a rank.") from None
    in_sets = [Card(rank, suit) for s in sets for rank in s for suit in Suit]
    if len(set(in_sets)) != len(in_sets) or set(in_sets) & set(piles["stock"] + sum(hands, ())):
        raise IllegalMove(f"{PREFIX}.deal", "A rank scored as a set cannot also be in play.")
    current = deal.get("current", first)
    if not isinstance(current, int) or not 0 <= current < players:
        raise IllegalMove(f"{PREFIX}.deal", f"'current' must be a seat from 0 to {players - 1}.")
    return hands, piles["stock"], tuple(sets), current


# ---------------------------------------------------------------- the remembering bot


def known_holdings(state: PyskessaState) -> dict[tuple[int, Rank], bool]:
    """What the public record shows: (seat, rank) → True if known to hold it, False if known not to.

    A player who asked for a rank holds it; one who was handed cards holds them;
    one who answered "Nag eus" does not.  Handing the rank over, or a set of it
    being scored, makes the old knowledge stale.
    """
    known: dict[tuple[int, Rank], bool] = {}
    for log in state.asks:
        known[log.asker, log.rank] = True
        known[log.target, log.rank] = False
    scored = {rank for seat_sets in state.sets for rank in seat_sets}
    return {key: value for key, value in known.items() if key[1] not in scored}


def remembering_choice(state: PyskessaState, rng: random.Random) -> tuple[Ask, str]:
    """Ask where a rank is known to be (as Vicki does in the seed); otherwise the rank you hold most of."""
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


PYSKESSA = GwraPyskessa()
