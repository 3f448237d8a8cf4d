"""Pig (or Donkey): pass cards left together, collect four of a kind, don't be last to touch your nose.

The rules, and how Gwari settles what the rule book leaves open, are in
docs/rules.md (notes P1–P7).  Every rule id emitted here is in the Pig lesson.
Simultaneous moves inside a one-player-at-a-time contract (the OpenSpiel way):

* **Passing (P3).**  Each player still in, clockwise from the dealer's left,
  commits a card (``pass QS``), hidden until the last one has chosen; then every
  chosen card moves one seat left at once.
* **The signal (P4, P5).**  Whoever holds four of a kind moves first in the round
  (or the deal) and may only lay the hand down and touch their nose (``nose``,
  ``pig.signal.must``).  A first signal without four of a kind is refused.
* **The race (P5).**  Then, tick by tick (``Rules.tick_ms``), each player still
  looking decides ``nose`` or ``wait``; those who touch in the same tick are
  ordered by reaction delays drawn at the signal from the game's seed.  The last
  one is the pig; ``wait`` is not offered in the last tick (``Rules.max_ticks``).
  The play app races a learner in real time through ``Pig.inputs.race``.
* **Letters (P6, P7).**  The pig takes a letter of PIG (or DONKEY); the whole word
  puts a player out; the rest play on with one rank per player; the last one wins.
* **Passing for ever.**  As in the rule book, passing goes on until somebody holds
  four of a kind.  The option ``Rules.stale_after`` (off by default) settles a
  deal after that many rounds (``pig.stale``).  The safety valve
  ``CALL_OFF_AFTER`` calls the game off after that many rounds of one deal
  (``pig.stop``), so that ``Pig.max_actions`` is a true bound: players who
  collect never come near it, random passing does (a deal takes 55 rounds on
  average with three players, 570 with eight, 1,700 with thirteen).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, Mapping

from tutor.cards import BadNotation, Card, Rank, french_pack, shuffled
from tutor.engine import (Event, Game, IllegalMove, Inputs, RaceInput, Record, Result, SeatedState, SeatView,
                          TableView, Turn, shown_to)
from tutor.mechanics import deal_round_robin, read_deal

SLUG = "pig"
PREFIX = "pig"
HAND = 4
MIN_PLAYERS = 3
MAX_PLAYERS = 13
PACK = french_pack()
CALL_OFF_AFTER = 500  # the safety valve: passing rounds of one deal after which the game is called off
MAX_TICK_MS = 10_000  # the longest race-clock step an option may set
MAX_TICKS = 1_000  # the most ticks an option may give a race
MAX_DELAY_MS = 60_000  # the slowest reaction delay an option or a deal may set

# ---------------------------------------------------------------- rules (variants)


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the rule book's (or docs/rules.md's) defaults; each range check names its option."""

    word: Literal["PIG", "DONKEY"] = "PIG"
    """P6: the word spelled one letter per lost race; "PIG" (3 lives) or "DONKEY" (6)."""
    stale_after: int = 0
    """Our rule: a limit on passing rounds in one deal; when it is reached with no four of a kind,
    the weakest hand takes the letter (0: no limit, as in the rule book)."""
    tick_ms: int = 250
    """The race clock's step, in milliseconds."""
    max_ticks: int = 16
    """Ticks of the race clock a race may last; in the last one everyone still looking touches their nose."""
    fastest_ms: int = 400
    """The quickest reaction time drawn for a player in a race, in milliseconds."""
    slowest_ms: int = 2400
    """The slowest reaction time drawn for a player in a race, in milliseconds."""

    def __post_init__(self) -> None:
        if not 0 <= self.stale_after <= CALL_OFF_AFTER:
            raise ValueError(f"option stale_after: 0 (no limit) or 1 to {CALL_OFF_AFTER} passing rounds, "
                             f"not {self.stale_after}.")
        if not 1 <= self.tick_ms <= MAX_TICK_MS:
            raise ValueError(f"option tick_ms: the race clock's step is 1 to {MAX_TICK_MS} ms, not {self.tick_ms}.")
        if not 1 <= self.max_ticks <= MAX_TICKS:
            raise ValueError(f"option max_ticks: a race lasts 1 to {MAX_TICKS} ticks, not {self.max_ticks}.")
        if not 0 <= self.fastest_ms <= MAX_DELAY_MS:
            raise ValueError(f"option fastest_ms: a reaction delay is 0 to {MAX_DELAY_MS} ms, not {self.fastest_ms}.")
        if not 0 <= self.slowest_ms <= MAX_DELAY_MS:
            raise ValueError(f"option slowest_ms: a reaction delay is 0 to {MAX_DELAY_MS} ms, not {self.slowest_ms}.")
        if self.fastest_ms > self.slowest_ms:
            # Name the option that was moved from its default (slowest_ms when both were).
            name = "slowest_ms" if self.slowest_ms != Rules.slowest_ms else "fastest_ms"
            raise ValueError(f"option {name}: the quickest reaction ({self.fastest_ms} ms) cannot be slower "
                             f"than the slowest ({self.slowest_ms} ms).")


def game_pack(players: int) -> tuple[Card, ...]:
    """The cards of a game for ``players``: four of each of the top ranks (P2, P7)."""
    return french_pack(ranks=top_ranks(players))


def top_ranks(n: int) -> tuple[Rank, ...]:
    """P7: the ``n`` highest ranks, from the ace downward."""
    return tuple(Rank(14 - i) for i in range(n))


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """Choose ``card`` to pass face down to the left (revealed when everyone has chosen)."""

    card: Card

    def __str__(self) -> str:
        return f"pass {self.card.code}"


@dataclass(frozen=True, slots=True)
class Nose:
    """Lay the hand down and touch your nose: the signal, or noticing it in the race."""

    def __str__(self) -> str:
        return "nose"


@dataclass(frozen=True, slots=True)
class Wait:
    """Still looking: let this tick of the race go by."""

    def __str__(self) -> str:
        return "wait"


NOSE = Nose()
WAIT = Wait()
PASSES = {card: Pass(card) for card in PACK}
"""One ``Pass`` per card, built once (legal actions are listed at every step)."""


def parse(text: str) -> Pass | Nose | Wait:
    """Read ``pass QS``, ``nose`` or ``wait`` (the forms ``str`` writes)."""
    words = str(text).split()
    if words == ["nose"]:
        return NOSE
    if words == ["wait"]:
        return WAIT
    if len(words) == 2 and words[0] == "pass":
        try:
            card = Card.parse(words[1])
        except BadNotation as exc:
            raise IllegalMove(f"{PREFIX}.pass", f"{text!r}: {exc}") from None
        return PASSES.get(card) or Pass(card)
    raise IllegalMove(f"{PREFIX}.pass", f"{text!r} is not a move; write 'pass QS', 'nose' or 'wait'.")


# ---------------------------------------------------------------- state


def has_four(hand: tuple[Card, ...]) -> Rank | None:
    """The rank of which ``hand`` holds four, if any."""
    if len(hand) != HAND:
        return None
    rank = hand[0].rank
    return rank if hand[1].rank is rank and hand[2].rank is rank and hand[3].rank is rank else None


@dataclass(frozen=True, slots=True)
class PigState(SeatedState):
    """A position of Pig; immutable, ``apply`` returns the next one."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    letters: tuple[int, ...]
    dealer: int
    deals: int  # deals so far (seeds each later deal and race)
    current: int | None
    chosen: tuple[Card | None, ...]  # hidden commitments of this passing round
    received: tuple[Card | None, ...]  # the card each player was handed in the last pass
    passes: int = 0  # passing rounds done in this deal
    touched: tuple[int, ...] = ()  # seats that touched their nose, in order (the signaller first)
    tick: int = 0
    noses: tuple[bool | None, ...] = ()  # this tick's decisions (race only)
    delays: tuple[int, ...] = ()  # reaction delays drawn at the signal (race only)
    aside: tuple[Card, ...] = ()  # the game's pack not in the hands: unused ranks, gathered hands
    events: tuple[Event, ...] = ()

    # -- the contract

    @property
    def phase(self) -> str:
        """"passing", "race" (someone has touched their nose) or "over"."""
        if self.current is None:
            return "over"
        return "race" if self.touched else "passing"

    @property
    def current_players(self) -> tuple[int, ...]:
        """Everyone still to decide in this passing round or race tick; ``apply`` takes the first one's decision."""
        if self.current is None:
            return ()
        if self.touched:
            rest = [p for p in self.order_from(self.touched[0]) if p not in self.touched and self.noses[p] is None]
        else:
            rest = [p for p in self.order_from(self.dealer) if self.chosen[p] is None]
        return (self.current,) + tuple(p for p in rest if p != self.current)

    @property
    def racing(self) -> bool:
        """True once someone has signalled in this deal."""
        return bool(self.touched)

    @property
    def race_clock(self) -> int | None:
        """Milliseconds since the signal at the start of this tick (``None`` outside a race)."""
        return self.tick * self.rules.tick_ms if self.touched and self.current is not None else None

    def idle_action(self) -> Nose | Wait | None:
        """In a race, what a player who does nothing in this tick does: keeps looking (in the last tick, touches)."""
        if not self.touched or self.current is None:
            return None
        return WAIT if self.tick < self.rules.max_ticks - 1 else NOSE

    def active(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(s for s in range(self.players) if self.letters[s] < len(self.rules.word))

    def order_from(self, seat: int) -> list[int]:
        """Seats still in, clockwise starting after ``seat``."""
        n = len(self.hands)
        word = len(self.rules.word)
        return [(seat + i) % n for i in range(1, n + 1) if self.letters[(seat + i) % n] < word]

    def legal_actions(self) -> list[Pass | Nose | Wait]:
        """Passing: any card held, or only ``nose`` with four of a kind.  Racing: ``nose`` or ``wait``."""
        if self.current is None:
            return []
        if self.touched:
            return [NOSE] if self.tick >= self.rules.max_ticks - 1 else [NOSE, WAIT]
        hand = self.hands[self.current]
        if has_four(hand):
            return [NOSE]  # pig.signal.must
        return [PASSES[c] for c in hand]

    def apply(self, action: Any) -> "PigState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` and changes nothing."""
        self._check(action)
        turn = _Turn(self)
        if self.touched:
            return turn.react(isinstance(action, Nose))
        if isinstance(action, Nose):
            return turn.signal()
        return turn.commit(action.card)

    def result(self) -> Result:
        """Lives left per seat; the last player left wins (or, in a called-off game, the fewest letters)."""
        return score(self.letters, self.rules.word, self.names, called_off=self.current is None)

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, everyone's letters, who is ready or has touched."""
        seats = []
        word = self.rules.word
        for seat, hand in enumerate(self.hands):
            shown = shown_to(player, seat, hand)
            n = self.letters[seat]
            info = word[:n] if n else "no letters"
            if n == len(word):
                info += " — out"
            elif seat in self.touched:
                info += " — nose touched"
            elif not self.touched and self.chosen and self.chosen[seat] is not None:
                info += " — ready to pass"
            seats.append(SeatView(self.names[seat], shown, (), info))
        return TableView(game=SLUG, has_stock=False, viewer=player, seats=tuple(seats), current=self.current,
                         events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card of the game's pack: the hands (a chosen card stays there until the pass) and those set aside."""
        return [c for hand in self.hands for c in hand] + list(self.aside)

    def cards_of(self, action: Any) -> tuple[Card, ...]:
        """The card a pass uses; touching your nose or waiting uses no card of the hand."""
        return (action.card,) if isinstance(action, Pass) else ()

    def candidate_actions(self, card: Card) -> list[Pass]:
        """Passing this card (the rules judge whether it may be passed)."""
        return [Pass(card)]

    def prompt(self, action: Any) -> str:
        """The move as the player would choose it: "Pass the Q♠", "Touch your nose!"."""
        if isinstance(action, Pass):
            return f"Pass the {action.card.label}"
        if isinstance(action, Wait):
            return "Keep looking"
        return "Touch your nose!"

    def describe(self, action: Any) -> str:
        """The action in words: "Jory passes the Q♠ to the left"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if isinstance(action, Pass):
            return f"{who} passes the {action.card.label} to the left"
        if isinstance(action, Wait):
            return f"{who} is still looking"
        return f"{who} touches their nose"

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    def status(self) -> str:
        """One line for the table: whose decision, or who won."""
        if self.current is None:
            winners = self.result().winners
            if len(self.active()) > 1:
                return f"Game called off: {_and(self.names[w] for w in winners)} — fewest letters."
            return f"Game over: {self.names[winners[0]]} wins."
        who = self.names[self.current]
        if self.touched:
            return f"Race, {self.tick * self.rules.tick_ms / 1000:.2f} s: {who} — touch your nose or keep looking?"
        return f"Passing round {self.passes + 1}: {who} to pass a card, or touch their nose with four of a kind."

    # -- checks (each names its rule)

    def _check(self, action: Any) -> None:
        if self.current is None:
            if len(self.active()) > 1:
                raise IllegalMove(f"{PREFIX}.stop", "The game was called off: nobody plays on.")
            raise IllegalMove(f"{PREFIX}.win", "The game is over: one player is left.")
        if not isinstance(action, (Pass, Nose, Wait)):
            raise IllegalMove(f"{PREFIX}.pass", f"{action!r} is not a move; pass a card, touch your nose or wait.")
        if self.touched:
            if isinstance(action, Pass):
                raise IllegalMove(f"{PREFIX}.race", "Someone has touched their nose: no more passing, the race is on.")
            if isinstance(action, Wait) and self.tick >= self.rules.max_ticks - 1:
                raise IllegalMove(f"{PREFIX}.race", "The race is at its end: touch your nose now.")
            return
        if isinstance(action, Wait):
            raise IllegalMove(f"{PREFIX}.race", "Nobody has touched their nose: there is nothing to wait for.")
        hand = self.hands[self.current]
        four = has_four(hand)
        if isinstance(action, Nose):
            if four is None:
                raise IllegalMove(f"{PREFIX}.signal.false",
                                  "You may start the race only with four of a kind; your hand would be shown.")
            return
        if four is not None:
            raise IllegalMove(f"{PREFIX}.signal.must", f"You hold four {four.english_plural}: lay your hand down "
                                                       "and touch your nose — no more passing.")
        if action.card not in hand:
            raise IllegalMove(f"{PREFIX}.pass", f"You can only pass a card you hold, and you have no {action.card}.")


def _and(names: Any) -> str:
    """Names joined for a sentence: "Ann", "Ann and Ben", "Ann, Ben and Cai"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---------------------------------------------------------------- dealing and the explicit-deal reader


def first_to_move(hands: tuple[tuple[Card, ...], ...], order: list[int]) -> int:
    """Who moves first in a round: a player holding four of a kind (they signal at once), else the dealer's left."""
    return next((p for p in order if has_four(hands[p])), order[0])


def deal(pack: tuple[Card, ...], setup: Record, rules: Rules, letters: tuple[int, ...], dealer: int, deals: int,
         events: list[Event], hands: tuple[tuple[Card, ...], ...] | None = None, passes: int = 0) -> PigState:
    """A new deal from the gathered ``pack`` to the players still in: one rank each, top ranks down (P2, P7)."""
    names = setup.names
    assert names is not None
    n = len(letters)
    alive = [p for p in range(n) if letters[p] < len(rules.word)]
    order = [(dealer + i) % n for i in range(1, n + 1) if (dealer + i) % n in alive]
    if hands is None:
        ranks = top_ranks(len(alive))
        used = tuple(sorted(c for c in pack if c.rank in ranks))
        dealt, _ = deal_round_robin(shuffled(used, random.Random(f"pig-deal:{setup.seed}:{deals}")), len(alive), HAND)
        full: list[tuple[Card, ...]] = [() for _ in range(n)]
        for seat, hand in zip(order, dealt):
            full[seat] = tuple(sorted(hand))
        hands = tuple(full)
        events.append(Event(f"{PREFIX}.deal", f"{names[dealer]} deals {HAND * len(alive)} cards, "
                            f"{ranks[0].english_plural} down to {ranks[-1].english_plural}, four to each of "
                            f"the {len(alive)} players."))
    else:
        events.append(Event(f"{PREFIX}.deal", f"A prepared deal: four cards to each of the {len(alive)} players."))
    in_hands = {c for h in hands for c in h}
    aside = tuple(sorted(c for c in pack if c not in in_hands))
    return PigState(setup, rules, names, hands, letters, dealer, deals, first_to_move(hands, order), (None,) * n,
                    (None,) * n, passes, aside=aside, events=tuple(events))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(deal_in: Mapping[str, Any], key: str, players: int, low: int, high: int,
            what: str) -> tuple[int, ...] | None:
    """An optional per-seat list of whole numbers ``low``..``high`` in the deal, named ``deal.key`` when wrong."""
    value = deal_in.get(key)
    if value is None:
        return None
    if (isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple)) or len(value) != players
            or not all(_whole(v) and low <= v <= high for v in value)):
        raise IllegalMove(f"{PREFIX}.deal", f"deal.{key} needs {what} per seat ({players} numbers from {low} to "
                                            f"{high}), not {value!r}.")
    return tuple(value)


def _read_deal(deal_in: Mapping[str, Any], players: int, rules: Rules):
    """An explicit deal: ``hands``; optional ``letters`` per seat, ``delays`` (ms) for the first race, and
    ``passes``, the passing rounds already gone in this deal."""
    hands, _ = read_deal(deal_in, players, Card.parse, PACK, rule=f"{PREFIX}.deal", piles=(),
                         others=("letters", "delays", "passes"))
    word = len(rules.word)
    letters = _counts(deal_in, "letters", players, 0, word, "the letters already taken") or (0,) * players
    _counts(deal_in, "delays", players, 0, MAX_DELAY_MS, "a reaction time in ms")
    passes = deal_in.get("passes")
    if passes is None:
        passes = 0
    elif not _whole(passes) or not 0 <= passes < CALL_OFF_AFTER:
        raise IllegalMove(f"{PREFIX}.deal", f"deal.passes: the passing rounds already gone are 0 to "
                                            f"{CALL_OFF_AFTER - 1}, not {passes!r}.")
    alive = [s for s in range(players) if letters[s] < word]
    if len(alive) < 2:
        raise IllegalMove(f"{PREFIX}.deal", "deal.letters: at least two players must still be in.")
    for seat in range(players):
        want = HAND if seat in alive else 0
        if len(hands[seat]) != want:
            raise IllegalMove(f"{PREFIX}.deal", f"deal.hands[{seat}] needs {want} cards, not {len(hands[seat])}.")
    ranks = {c.rank for h in hands for c in h}
    if not ranks <= set(top_ranks(players)):
        raise IllegalMove(f"{PREFIX}.deal", f"deal.hands: {players} players use the {players} top ranks, "
                                            "ace downward.")
    if len(ranks) != len(alive) or any(sum(c.rank == r for h in hands for c in h) != HAND for r in ranks):
        raise IllegalMove(f"{PREFIX}.deal", f"deal.hands must be {len(alive)} complete ranks, four of each.")
    return tuple(tuple(sorted(h)) for h in hands), letters, passes


# ---------------------------------------------------------------- apply: one function per kind of action


class _Turn(Turn):
    """Scratch space for one transition: fields copied as they change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: PigState) -> None:
        super().__init__(state)
        self.s = state
        self.hands = list(state.hands)
        self.letters = list(state.letters)
        self.names = state.names

    def order_from(self, seat: int) -> list[int]:
        """Seats still in (by the letters as they stand now), clockwise starting after ``seat``."""
        n = len(self.hands)
        word = len(self.s.rules.word)
        return [(seat + i) % n for i in range(1, n + 1) if self.letters[(seat + i) % n] < word]

    # -- passing (pig.pass, pig.pass.on; P3)

    def commit(self, card: Card) -> PigState:
        """pig.pass: the card is chosen and held face down until everyone is ready."""
        me = self.s.current
        assert me is not None
        chosen = list(self.s.chosen)
        chosen[me] = card
        self.say("pass", f"{self.names[me]} chooses a card and holds it face down, ready to pass.", player=me)
        waiting = [p for p in self.s.order_from(self.s.dealer) if chosen[p] is None]
        if waiting:
            s = self.s
            return PigState(s.setup, s.rules, s.names, s.hands, s.letters, s.dealer, s.deals, waiting[0],
                            tuple(chosen), s.received, s.passes, aside=s.aside, events=tuple(self.events))
        return self.reveal(chosen)

    def reveal(self, chosen: list[Card | None]) -> PigState:
        """pig.pass: everyone hands their chosen card to the left at once (pig.pass.on: one just received)."""
        order = self.s.order_from(self.s.dealer)
        received: list[Card | None] = [None] * len(self.hands)
        for i, seat in enumerate(order):
            received[order[(i + 1) % len(order)]] = chosen[seat]
        self.say("pass", "Everyone passes their chosen card face down to the left, all at once.")
        for seat in order:
            card = chosen[seat]
            if card is not None and card == self.s.received[seat]:
                self.say("pass.on", f"{self.names[seat]} passed on the card just received.", player=seat)
            self.hands[seat] = tuple(sorted([c for c in self.hands[seat] if c != card] + [received[seat]]))
        passes = self.s.passes + 1
        if not any(has_four(self.hands[p]) for p in order):
            stale = self.s.rules.stale_after
            if stale and passes >= stale:
                return self.stuck(order)
            if passes >= CALL_OFF_AFTER:
                return self.call_off(order, passes)
        n = len(self.hands)
        hands = tuple(self.hands)
        return PigState(self.s.setup, self.s.rules, self.names, hands, self.s.letters, self.s.dealer, self.s.deals,
                        first_to_move(hands, order), (None,) * n, tuple(received), passes, aside=self.s.aside,
                        events=tuple(self.events))

    def stuck(self, order: list[int]) -> PigState:
        """pig.stale (option): no four of a kind after ``stale_after`` rounds; the weakest hand takes the letter."""
        def best(seat: int) -> int:
            ranks = [c.rank for c in self.hands[seat]]
            return max(ranks.count(r) for r in ranks)
        loser = min(order, key=best)
        self.say("stale", f"{self.s.rules.stale_after} passing rounds and nobody has four of a kind: the "
                 f"hands are shown, and {self.names[loser]} holds the weakest (at most {best(loser)} "
                 "of a rank).", player=loser)
        return self.letter(loser)

    def call_off(self, order: list[int], passes: int) -> PigState:
        """pig.stop: the safety valve; the game ends and the fewest letters win."""
        fewest = min(self.letters[p] for p in order)
        leaders = [p for p in order if self.letters[p] == fewest]
        self.say("stop", f"{CALL_OFF_AFTER} passing rounds and nobody has collected four of a kind: the game is "
                 f"called off, and {_and(self.names[p] for p in sorted(leaders))}, with the fewest letters, "
                 f"{'wins' if len(leaders) == 1 else 'share the win'}.")
        return self.game_over(passes)

    # -- the signal and the race (pig.signal, pig.signal.dealt, pig.race, pig.pig; P4, P5)

    def signal(self) -> PigState:
        """pig.signal: four of a kind — the hand goes down, a finger on the nose; the race clock starts."""
        me = self.s.current
        assert me is not None
        rank = has_four(self.hands[me])
        assert rank is not None
        if self.s.passes == 0:
            self.say("signal.dealt", f"{self.names[me]} was dealt four {rank.english_plural} and signals "
                     "before any card is passed.", player=me)
        self.say("signal", f"{self.names[me]} quietly lays their hand down and touches their nose.", player=me)
        rules = self.s.rules
        rng = random.Random(f"pig-race:{self.s.setup.seed}:{self.s.deals}:{self.s.passes}")
        delays = tuple(rng.randint(rules.fastest_ms, rules.slowest_ms) for _ in self.hands)
        if self.s.setup.deal is not None and self.s.deals == 0 and self.s.setup.deal.get("delays"):
            delays = tuple(self.s.setup.deal["delays"])
        return self.next_tick((me,), 0, delays)

    def next_tick(self, touched: tuple[int, ...], tick: int, delays: tuple[int, ...]) -> PigState:
        """The next tick of the race, or its end when one player is left looking (pig.pig)."""
        looking = [p for p in self.order_from(touched[0]) if p not in touched]
        if len(looking) == 1:
            self.say("pig", f"{self.names[looking[0]]} is the last to touch their nose: the pig!", player=looking[0])
            return self.letter(looking[0])
        n = len(self.hands)
        return PigState(self.s.setup, self.s.rules, self.names, tuple(self.hands), tuple(self.letters),
                        self.s.dealer, self.s.deals, looking[0], (None,) * n, (None,) * n, self.s.passes,
                        touched, tick, (None,) * n, delays, self.s.aside, tuple(self.events))

    def react(self, nose: bool) -> PigState:
        """pig.race: one player's decision in this tick; when all have decided, the tick is settled."""
        me = self.s.current
        assert me is not None
        noses = list(self.s.noses)
        noses[me] = nose
        clock = self.s.tick * self.s.rules.tick_ms
        looking = [p for p in self.order_from(self.s.touched[0]) if p not in self.s.touched]
        if nose:
            have = " (without four of a kind)" if not has_four(self.hands[me]) else ""
            self.say("race", f"{self.names[me]} notices and touches their nose{have} by "
                             f"{(clock + self.s.rules.tick_ms) / 1000:.2f} s.", player=me)
        else:
            self.say("race", f"{self.names[me]} has not noticed yet.", player=me)
        waiting = [p for p in looking if noses[p] is None]
        if waiting:
            s = self.s
            return PigState(s.setup, s.rules, s.names, s.hands, s.letters, s.dealer, s.deals, waiting[0], s.chosen,
                            s.received, s.passes, s.touched, s.tick, tuple(noses), s.delays, s.aside,
                            tuple(self.events))
        now = sorted((p for p in looking if noses[p]), key=lambda p: (self.s.delays[p], p))
        still = [p for p in looking if not noses[p]]
        if not still and now:
            # Everyone left touched in this tick: the slowest reaction is last, the pig.
            pig = now[-1]
            if len(now) > 1:
                self.say("race", "They touched in the same moment; the reaction delays order them: "
                         + ", ".join(f"{self.names[p]} {self.s.delays[p]} ms" for p in now) + ".")
            self.say("pig", f"{self.names[pig]} is the last to touch their nose: the pig!", player=pig)
            return self.letter(pig)
        return self.next_tick(self.s.touched + tuple(now), self.s.tick + 1, self.s.delays)

    # -- letters, elimination, the next deal (pig.letters, pig.out, pig.win; P6, P7)

    def letter(self, seat: int) -> PigState:
        """pig.letters: the pig takes a letter; pig.out at the whole word; pig.win for the last one left."""
        word = self.s.rules.word
        self.letters[seat] += 1
        n = self.letters[seat]
        self.say("letters", f"{self.names[seat]} takes the letter {word[n - 1]}: {word[:n]}.", player=seat)
        if n == len(word):
            self.say("out", f"{self.names[seat]} has spelled {word} and is out.", player=seat)
        alive = [p for p in range(len(self.hands)) if self.letters[p] < len(word)]
        if len(alive) == 1:
            self.say("win", f"{self.names[alive[0]]} is the last player left and wins.", player=alive[0])
            return self.game_over()
        aside = self.s.aside + tuple(c for hand in self.hands for c in hand)  # the hands are gathered
        dealer = self.order_from(self.s.dealer)[0]
        return deal(aside, self.s.setup, self.s.rules, tuple(self.letters), dealer, self.s.deals + 1, self.events)

    def game_over(self, passes: int | None = None) -> PigState:
        """The hands are gathered and nobody moves any more (``passes``: the rounds the last deal lasted)."""
        aside = tuple(sorted(self.s.aside + tuple(c for hand in self.hands for c in hand)))
        return PigState(self.s.setup, self.s.rules, self.names, tuple(() for _ in self.hands), tuple(self.letters),
                        self.s.dealer, self.s.deals, None, (), (), self.s.passes if passes is None else passes,
                        aside=aside,
                        events=tuple(self.events))


# ---------------------------------------------------------------- scoring


def score(letters: tuple[int, ...], word: str = "PIG", names: tuple[str, ...] | None = None, *,
          called_off: bool = False) -> Result:
    """Lives left per seat; the winners are the seats still in with the fewest letters (one, at a normal end).

    ``called_off``: the game ended with several players still in (``pig.stop``).  The
    breakdown has a line per seat: the letters spelled and the lives left.
    """
    lives = tuple(len(word) - n for n in letters)
    alive = tuple(s for s, n in enumerate(lives) if n > 0)
    best = max(lives)
    winners = alive if len(alive) == 1 else tuple(s for s in alive if lives[s] == best)
    names = names or tuple(f"Seat {s + 1}" for s in range(len(letters)))
    lines = []
    for seat, n in enumerate(letters):
        spelled = word[:n] if n else "no letters"
        left = "out" if lives[seat] == 0 else f"{lives[seat]} {'life' if lives[seat] == 1 else 'lives'} left"
        lines.append(f"{names[seat]}: {spelled} — {left}")
    if len(alive) == 1:
        rule, text = f"{PREFIX}.win", f"The last player without the whole of {word} wins."
    elif called_off:
        rule, text = f"{PREFIX}.stop", "The game was called off: the fewest letters win."
    else:
        rule, text = f"{PREFIX}.letters", "Several players are still in: the fewest letters lead."
    return Result(lives, winners, rule, text, breakdown=tuple(lines))


# ---------------------------------------------------------------- the collecting bot


def collecting_choice(state: PigState, rng: random.Random) -> tuple[Any, str]:
    """Signal with four; collect a rank held most (ties drawn at random) by passing a card of a rank held fewest;
    in a race, react when your delay has run out."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    if state.touched:
        clock = state.tick * state.rules.tick_ms
        if state.delays[me] < clock + state.rules.tick_ms or state.tick >= state.rules.max_ticks - 1:
            return NOSE, (f"Someone has touched their nose; {state.delays[me]} ms is my reaction time, "
                          "so I touch mine at once — the last to do it is the pig.")
        return WAIT, f"I have not noticed yet: my reaction takes {state.delays[me]} ms."
    rank = has_four(hand)
    if rank is not None:
        return NOSE, f"I hold four {rank.english_plural}: lay the hand down and touch my nose."
    counts: dict[Rank, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    keep = max(counts.values())
    # A random choice among the ranks held most: two neighbours who always chose the same rank could
    # hold two of it each and pass for ever.
    target = rng.choice(sorted(r for r in counts if counts[r] == keep))
    fewest = min(n for r, n in counts.items() if r != target)
    card = rng.choice([c for c in hand if c.rank != target and counts[c.rank] == fewest])
    return Pass(card), (f"I collect {target.english_plural} (I hold {keep}); the {card.label} is an odd "
                        "card, so I pass it on.")


# ---------------------------------------------------------------- registration


def race_tick_ms(state: PigState) -> int:
    """The race clock's step in this game."""
    return state.rules.tick_ms


def race_clock(state: PigState) -> int | None:
    """Milliseconds on the race clock, ``None`` outside a race."""
    return state.race_clock


def race_idle(state: PigState) -> Nose | Wait | None:
    """What a learner who does nothing in this tick of the race does."""
    return state.idle_action()


class Pig(Game):
    """Registry entry for Pig / Donkey."""

    slug = SLUG
    title = "Pig"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    inputs = Inputs(race=RaceInput(tick_ms=race_tick_ms, clock=race_clock, idle=race_idle,
                                   button="Touch your nose!"))
    # With the word PIG: at most 12 × 3 + 2 deals that give a letter and one called off, each of at most
    # CALL_OFF_AFTER passing rounds of 13 choices, one signal and a race of at most 16 ticks of 12 decisions.
    max_actions = (12 * 3 + 3) * (CALL_OFF_AFTER * MAX_PLAYERS + 1 + 16 * (MAX_PLAYERS - 1))

    def _start(self, *, setup: Record, rules: Rules) -> PigState:
        players = setup.players
        assert setup.dealer is not None
        if setup.deal is None:
            return deal(game_pack(players), setup, rules, (0,) * players, setup.dealer, 0, [])
        hands, letters, passes = _read_deal(setup.deal, players, rules)
        return deal(game_pack(players), setup, rules, letters, setup.dealer, 0, [], hands, passes)

    def parse_action(self, state: Any, text: str) -> Pass | Nose | Wait:
        """Read ``pass QS``, ``nose`` or ``wait``."""
        return parse(text)

    def heuristic(self, state: PigState, rng: random.Random) -> tuple[Any, str]:
        """The stronger bot's choice and its reason in words."""
        return collecting_choice(state, rng)


PIG = Pig()
