"""Pig (or Donkey): pass cards left together, collect four of a kind, don't be last to touch your nose.

Follows seed ``003_2a0d132478fbb7ce.txt`` (lines 1–42) as settled in RULE-NOTES §4
(P1–P7).  Every rule id this module emits is a ``pig.*`` entry of ``lessons/pig``.

Simultaneous moves inside a one-player-at-a-time contract (the OpenSpiel way):

* **Passing (P3).**  In a passing round each player still in, clockwise from the
  dealer's left, *commits* a card (``pass QS``).  The commitment is hidden: views
  and events only say that the player is ready.  When the last player has
  committed, every chosen card moves one seat to the left at once, so a card just
  received can be passed on in the next round but never in the same one.
* **The signal.**  A player holding four of a kind may, when it is their turn to
  commit, touch their nose instead (``nose``) — also before the first pass, with a
  dealt four (P4).  Touching the nose with no four of a kind while nobody has
  signalled is refused (``pig.signal.false``): the hand is laid down and shown, so
  a bluff cannot start a race.
* **The race (P5).**  Once someone has signalled, the race runs in ticks of
  ``Rules.tick_ms`` of clock time.  In every tick each player still looking decides,
  clockwise from the signaller's left, ``nose`` (I have noticed: I touch my nose
  in this tick) or ``wait`` (still looking).  When all have decided, those who
  touched in the tick are placed in the order of their *reaction delays*: at the
  signal the engine draws one delay per player from the seed
  (``Rules.fastest_ms``–``Rules.slowest_ms``), so the same seed gives the same
  race.  The last player still looking — or, if the last ones touch in the same
  tick, the slowest of them — is the pig.  ``wait`` is not offered in the last tick
  (``Rules.max_ticks``), so a race always ends.  A bot reacts when its delay has
  run out; a play widget can race a learner in real time by ticking the clock,
  answering ``nose`` for the learner's seat in the tick of their click and
  ``wait`` before it (see ``race_clock``).
* **Letters (P6).**  The pig takes the next letter of the word (``word="PIG"`` or
  ``"DONKEY"``).  A player who has spelled the whole word is out; the rest play on
  with one rank per player (4 × players cards, top ranks down from the ace, P7).
  The last player left wins.
* **A stuck round** (our rule, not the seed's): if ``Rules.stale_after`` passing
  rounds go by with no four of a kind, the hands are shown and the player whose
  best rank is smallest takes the letter (ties: the first clockwise from the
  dealer's left).  ``stale_after=0`` passes for ever, as the seed does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Mapping

from tutor.cards import BadNotation, Card, Rank, Suit, french_pack, shuffled
from tutor.engine import Event, Game, IllegalMove, Record, Result, SeatedState, SeatView, shown_to, TableView
from tutor.mechanics import deal_round_robin, read_deal

PREFIX = "pig"
HAND = 4
MIN_PLAYERS = 3
MAX_PLAYERS = 13
WORDS = ("PIG", "DONKEY")
PACK = french_pack()

# ---------------------------------------------------------------- rules (variants)


@dataclass(frozen=True)
class Rules:
    """Variant flags, with the seed's (or RULE-NOTES §4) defaults."""

    word: str = "PIG"
    """P6: the word spelled one letter per lost race; "PIG" (3 lives) or "DONKEY" (6)."""
    stale_after: int = 20
    """Our rule: passing rounds with no four of a kind before a stuck round is settled (0 = never)."""
    tick_ms: int = 250
    """The race clock's step, in milliseconds."""
    max_ticks: int = 16
    """Ticks a race may last; in the last one everyone still looking must touch."""
    fastest_ms: int = 400
    """The quickest reaction delay the engine draws."""
    slowest_ms: int = 2400
    """The slowest reaction delay the engine draws."""

    def __post_init__(self) -> None:
        if self.word not in WORDS:
            raise IllegalMove(f"{PREFIX}.letters", f"The word is PIG or DONKEY, not {self.word!r}.")
        if self.stale_after < 0 or self.tick_ms <= 0 or self.max_ticks < 1:
            raise IllegalMove(f"{PREFIX}.race", "stale_after must be 0 or more; tick_ms and max_ticks positive.")
        if not 0 <= self.fastest_ms <= self.slowest_ms:
            raise IllegalMove(f"{PREFIX}.race", "Reaction delays need 0 <= fastest_ms <= slowest_ms.")


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


def parse(text: str) -> Pass | Nose | Wait:
    """Read ``pass QS``, ``nose`` or ``wait`` (the forms ``str`` writes)."""
    words = str(text).split()
    if words == ["nose"]:
        return NOSE
    if words == ["wait"]:
        return WAIT
    if len(words) == 2 and words[0] == "pass":
        try:
            return Pass(Card.parse(words[1]))
        except BadNotation as exc:
            raise IllegalMove(f"{PREFIX}.pass", f"{text!r}: {exc}") from None
    raise IllegalMove(f"{PREFIX}.pass", f"{text!r} is not a move; write 'pass QS', 'nose' or 'wait'.")


# ---------------------------------------------------------------- state


def has_four(hand: tuple[Card, ...]) -> Rank | None:
    """The rank of which ``hand`` holds four, if any."""
    ranks = [c.rank for c in hand]
    return next((r for r in ranks if ranks.count(r) == HAND), None)


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
    def racing(self) -> bool:
        """True once someone has signalled in this deal."""
        return bool(self.touched)

    @property
    def race_clock(self) -> int | None:
        """Milliseconds since the signal at the start of this tick (``None`` outside a race).

        A real-time widget ticks every ``rules.tick_ms``: it answers ``nose`` for a
        learner who clicked in this tick, ``wait`` otherwise, and lets bots decide.
        """
        return self.tick * self.rules.tick_ms if self.racing and self.current is not None else None

    def idle_action(self) -> Nose | Wait | None:
        """In a race, what a player who does nothing in this tick does: keeps looking (in the last tick, touches)."""
        if not self.racing or self.current is None:
            return None
        return WAIT if self.tick < self.rules.max_ticks - 1 else NOSE

    def active(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(s for s in range(self.players) if self.letters[s] < len(self.rules.word))

    def legal_actions(self) -> list[Pass | Nose | Wait]:
        """Passing: any card held, or ``nose`` with four of a kind.  Racing: ``nose`` or ``wait``."""
        if self.current is None:
            return []
        if self.racing:
            return [NOSE] if self.tick >= self.rules.max_ticks - 1 else [NOSE, WAIT]
        hand = self.hands[self.current]
        return [Pass(c) for c in hand] + ([NOSE] if has_four(hand) else [])

    def apply(self, action: Any) -> "PigState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` and changes nothing."""
        self._check(action)
        turn = _Turn(self)
        if self.racing:
            return turn.react(isinstance(action, Nose))
        if isinstance(action, Nose):
            return turn.signal()
        return turn.commit(action.card)

    def result(self) -> Result:
        """Lives left per seat; the last player left wins."""
        return score(self.letters, self.rules.word)

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
            elif not self.racing and self.chosen and self.chosen[seat] is not None:
                info += " — ready to pass"
            seats.append(SeatView(self.names[seat], shown, (), info))
        return TableView(game=PIG.slug, has_stock=False, viewer=player, seats=tuple(seats), current=self.current,
                         events=self.events, status=self.status())

    def cards(self) -> list[Card]:
        """Every card of the game's pack: the hands (a chosen card stays there until the pass) and those set aside."""
        return [c for hand in self.hands for c in hand] + list(self.aside)

    def action_cards(self, action: Any) -> tuple[Card, ...]:
        """The card a pass uses, or the whole hand that a nose lays down."""
        if isinstance(action, Pass):
            return (action.card,)
        return self.hands[self.current] if self.current is not None else ()

    def candidate_actions(self, card: Card) -> list[Pass]:
        """Passing this card (the rules judge whether it may be passed)."""
        return [Pass(card)]

    def prompt(self, action: Any) -> str:
        """The move as the player would choose it: "Pass the Q♠"."""
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
            winner = self.result().winners[0]
            return f"Game over: {self.names[winner]} wins."
        who = self.names[self.current]
        if self.racing:
            return f"Race, {self.tick * self.rules.tick_ms / 1000:.2f} s: {who} — touch your nose or keep looking?"
        return f"Passing round {self.passes + 1}: {who} to choose a card."

    # -- checks (each names its rule)

    def _check(self, action: Any) -> None:
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.win", "The game is over: one player is left.")
        if not isinstance(action, (Pass, Nose, Wait)):
            raise IllegalMove(f"{PREFIX}.pass", f"{action!r} is not a move; pass a card, touch your nose or wait.")
        if self.racing:
            if isinstance(action, Pass):
                raise IllegalMove(f"{PREFIX}.race", "Someone has touched their nose: no more passing, the race is on.")
            if isinstance(action, Wait) and self.tick >= self.rules.max_ticks - 1:
                raise IllegalMove(f"{PREFIX}.race", "The race is at its end: touch your nose now.")
            return
        if isinstance(action, Wait):
            raise IllegalMove(f"{PREFIX}.race", "Nobody has touched their nose: there is nothing to wait for.")
        hand = self.hands[self.current]
        if isinstance(action, Nose) and not has_four(hand):
            raise IllegalMove(f"{PREFIX}.signal.false",
                              "You may start the race only with four of a kind; your hand would be shown.")
        if isinstance(action, Pass) and action.card not in hand:
            raise IllegalMove(f"{PREFIX}.pass", f"You can only pass a card you hold, and you have no {action.card}.")


class _Turn:
    """Scratch space for one transition: fields copied as they change, events in order, then a new state."""

    def __init__(self, state: PigState) -> None:
        self.s = state
        self.hands = list(state.hands)
        self.letters = list(state.letters)
        self.events: list[Event] = []
        self.names = state.names

    def say(self, rule: str, text: str, player: int | None = None) -> None:
        self.events.append(Event(f"{PREFIX}.{rule}", text, player=player))

    def order_from(self, seat: int) -> list[int]:
        """Seats still in, clockwise starting after ``seat``."""
        n = len(self.hands)
        word = len(self.s.rules.word)
        return [(seat + i) % n for i in range(1, n + 1) if self.letters[(seat + i) % n] < word]

    # -- passing (P3)

    def commit(self, card: Card) -> PigState:
        me = self.s.current
        assert me is not None
        chosen = list(self.s.chosen)
        chosen[me] = card
        self.say("pass", f"{self.names[me]} chooses a card and holds it face down, ready to pass.", me)
        waiting = [p for p in self.order_from(self.s.dealer) if chosen[p] is None]
        if waiting:
            return replace(self.s, current=waiting[0], chosen=tuple(chosen), events=tuple(self.events))
        return self.reveal(chosen)

    def reveal(self, chosen: list[Card | None]) -> PigState:
        """Everyone hands their chosen card to the left at once."""
        order = self.order_from(self.s.dealer)
        received: list[Card | None] = [None] * len(self.hands)
        for i, seat in enumerate(order):
            left = order[(i + 1) % len(order)]
            received[left] = chosen[seat]
        self.say("pass", "Everyone passes their chosen card face down to the left, all at once.")
        for seat in order:
            card = chosen[seat]
            if card is not None and card == self.s.received[seat]:
                self.say("pass.on", f"{self.names[seat]} passed on the card just received.", seat)
            self.hands[seat] = tuple(sorted([c for c in self.hands[seat] if c != card] + [received[seat]]))
        passes = self.s.passes + 1
        stale = self.s.rules.stale_after
        if stale and passes >= stale and not any(has_four(self.hands[p]) for p in order):
            return self.stuck(order)
        return self.new_round(passes, tuple(received))

    def new_round(self, passes: int, received: tuple[Card | None, ...]) -> PigState:
        n = len(self.hands)
        first = self.order_from(self.s.dealer)[0]
        return PigState(self.s.setup, self.s.rules, self.names, tuple(self.hands), tuple(self.letters),
                        self.s.dealer, self.s.deals, first, (None,) * n, received, passes,
                        aside=self.s.aside, events=tuple(self.events))

    def stuck(self, order: list[int]) -> PigState:
        """Our rule: no four of a kind after ``stale_after`` rounds; the weakest hand takes the letter."""
        def best(seat: int) -> int:
            ranks = [c.rank for c in self.hands[seat]]
            return max(ranks.count(r) for r in ranks)
        loser = min(order, key=best)
        self.say("stale", f"{self.s.rules.stale_after} passing rounds and nobody has four of a kind: the "
                 f"hands are shown, and {self.names[loser]} holds the weakest (at most {best(loser)} "
                 "of a rank).", loser)
        return self.letter(loser)

    # -- the signal and the race (P4, P5)

    def signal(self) -> PigState:
        me = self.s.current
        assert me is not None
        rank = has_four(self.hands[me])
        assert rank is not None
        if self.s.passes == 0:
            self.say("signal.dealt", f"{self.names[me]} was dealt four {rank.english_plural} and signals "
                     "before any card is passed.", me)
        self.say("signal", f"{self.names[me]} quietly lays their hand down and touches their nose.", me)
        rules = self.s.rules
        rng = random.Random(f"pig-race:{self.s.setup.seed}:{self.s.deals}:{self.s.passes}")
        delays = tuple(rng.randint(rules.fastest_ms, rules.slowest_ms) for _ in self.hands)
        if self.s.setup.deal is not None and self.s.deals == 0 and self.s.setup.deal.get("delays"):
            delays = tuple(self.s.setup.deal["delays"])
        return self.next_tick((me,), 0, delays)

    def next_tick(self, touched: tuple[int, ...], tick: int, delays: tuple[int, ...]) -> PigState:
        looking = [p for p in self.order_from(touched[0]) if p not in touched]
        if len(looking) == 1:
            self.say("pig", f"{self.names[looking[0]]} is the last to touch their nose: the pig!", looking[0])
            return self.letter(looking[0])
        n = len(self.hands)
        return PigState(self.s.setup, self.s.rules, self.names, tuple(self.hands), tuple(self.letters),
                        self.s.dealer, self.s.deals, looking[0], (None,) * n, (None,) * n, self.s.passes,
                        touched, tick, (None,) * n, delays, self.s.aside, tuple(self.events))

    def react(self, nose: bool) -> PigState:
        me = self.s.current
        assert me is not None
        noses = list(self.s.noses)
        noses[me] = nose
        clock = self.s.tick * self.s.rules.tick_ms
        looking = [p for p in self.order_from(self.s.touched[0]) if p not in self.s.touched]
        if nose:
            have = " (without four of a kind)" if not has_four(self.hands[me]) else ""
            self.say("race", f"{self.names[me]} notices and touches their nose{have} by {clock / 1000 + self.s.rules.tick_ms / 1000:.2f} s.", me)
        else:
            self.say("race", f"{self.names[me]} has not noticed yet.", me)
        waiting = [p for p in looking if noses[p] is None]
        if waiting:
            return replace(self.s, current=waiting[0], noses=tuple(noses), events=tuple(self.events))
        now = sorted((p for p in looking if noses[p]), key=lambda p: (self.s.delays[p], p))
        still = [p for p in looking if not noses[p]]
        if not still and now:
            # Everyone left touched in this tick: the slowest reaction is last, the pig.
            pig = now[-1]
            if len(now) > 1:
                self.say("race", "They touched in the same moment; the reaction delays order them: "
                         + ", ".join(f"{self.names[p]} {self.s.delays[p]} ms" for p in now) + ".")
            self.say("pig", f"{self.names[pig]} is the last to touch their nose: the pig!", pig)
            return self.letter(pig)
        return self.next_tick(self.s.touched + tuple(now), self.s.tick + 1, self.s.delays)

    # -- letters, elimination, the next deal (P6, P7)

    def letter(self, seat: int) -> PigState:
        word = self.s.rules.word
        self.letters[seat] += 1
        n = self.letters[seat]
        self.say("letters", f"{self.names[seat]} takes the letter {word[n - 1]}: {word[:n]}.", seat)
        if n == len(word):
            self.say("out", f"{self.names[seat]} has spelled {word} and is out.", seat)
        alive = [p for p in range(len(self.hands)) if self.letters[p] < len(word)]
        aside = self.s.aside + tuple(c for hand in self.hands for c in hand)  # the hands are gathered
        self.hands = [() for _ in self.hands]
        if len(alive) == 1:
            self.say("win", f"{self.names[alive[0]]} is the last player left and wins.", alive[0])
            return PigState(self.s.setup, self.s.rules, self.names, tuple(self.hands), tuple(self.letters),
                            self.s.dealer, self.s.deals, None, (), (), aside=tuple(sorted(aside)),
                            events=tuple(self.events))
        dealer = self.order_from(self.s.dealer)[0]
        return deal(aside, self.s.setup, self.s.rules, tuple(self.letters), dealer, self.s.deals + 1, self.events)


def deal(pack: tuple[Card, ...], setup: Record, rules: Rules, letters: tuple[int, ...], dealer: int, deals: int,
         events: list[Event], hands: tuple[tuple[Card, ...], ...] | None = None) -> PigState:
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
    return PigState(setup, rules, names, hands, letters, dealer, deals, order[0], (None,) * n, (None,) * n,
                    aside=aside, events=tuple(events))


# ---------------------------------------------------------------- scoring


def score(letters: tuple[int, ...], word: str = "PIG") -> Result:
    """Lives left per seat; the winners are the seats still in (one, when the game is over)."""
    lives = tuple(len(word) - n for n in letters)
    alive = tuple(s for s, n in enumerate(lives) if n > 0)
    best = max(lives)
    winners = alive if len(alive) == 1 else tuple(s for s in alive if lives[s] == best)
    return Result(lives, winners, f"{PREFIX}.win", "The last player without the whole word wins.")


# ---------------------------------------------------------------- the game


class Pig(Game):
    """Registry entry for Pig / Donkey."""

    slug = "pig"
    title = "Pig"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    # With default options: at most 13 × 3 deals (one letter each), each of at most
    # 20 passing rounds of 13 choices plus a race of at most 16 ticks of 12 decisions.
    max_actions = 13 * 3 * (20 * 13 + 16 * 12 + 1)

    def _start(self, *, setup: Record, rules: Rules) -> PigState:
        players = setup.players
        assert setup.dealer is not None
        if setup.deal is None:
            return deal(game_pack(players), setup, rules, (0,) * players, setup.dealer, 0, [])
        hands, letters = _read_deal(setup.deal, players, rules)
        return deal(game_pack(players), setup, rules, letters, setup.dealer, 0, [], hands)

    def parse_action(self, state: Any, text: str) -> Pass | Nose | Wait:
        """Read ``pass QS``, ``nose`` or ``wait``."""
        return parse(text)

    def heuristic(self, state: PigState, rng: random.Random) -> tuple[Any, str]:
        """The stronger bot's choice and its reason in words."""
        return collecting_choice(state, rng)


def _read_deal(deal_in: Mapping[str, Any], players: int, rules: Rules):
    """An explicit deal: ``hands``, optional ``letters`` per seat and ``delays`` (ms) for the first race."""
    hands, _ = read_deal(deal_in, players, Card.parse, PACK, rule=f"{PREFIX}.deal", piles=(),
                         others=("letters", "delays"))
    letters = tuple(deal_in.get("letters") or (0,) * players)
    word = len(rules.word)
    if len(letters) != players or not all(isinstance(n, int) and 0 <= n <= word for n in letters):
        raise IllegalMove(f"{PREFIX}.deal", f"'letters' needs one count from 0 to {word} per seat.")
    delays = deal_in.get("delays")
    if delays is not None and (len(delays) != players or not all(isinstance(d, int) and d >= 0 for d in delays)):
        raise IllegalMove(f"{PREFIX}.deal", "'delays' needs one reaction time in ms (0 or more) per seat.")
    alive = [s for s in range(players) if letters[s] < word]
    if len(alive) < 2:
        raise IllegalMove(f"{PREFIX}.deal", "At least two players must still be in.")
    for seat in range(players):
        want = HAND if seat in alive else 0
        if len(hands[seat]) != want:
            raise IllegalMove(f"{PREFIX}.deal", f"Hand {seat} needs {want} cards, not {len(hands[seat])}.")
    ranks = {c.rank for h in hands for c in h}
    if not ranks <= set(top_ranks(players)):
        raise IllegalMove(f"{PREFIX}.deal", f"{players} players use the {players} top ranks, ace downward (P7).")
    if len(ranks) != len(alive) or any(sum(c.rank == r for h in hands for c in h) != HAND for r in ranks):
        raise IllegalMove(f"{PREFIX}.deal", f"The deal must be {len(alive)} complete ranks, four of each.")
    return tuple(tuple(sorted(h)) for h in hands), letters


# ---------------------------------------------------------------- the collecting bot


def collecting_choice(state: PigState, rng: random.Random) -> tuple[Any, str]:
    """Signal with four; pass a card of the rank you hold fewest of; in a race, react when your delay runs out."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    if state.racing:
        clock = state.tick * state.rules.tick_ms
        if state.delays[me] < clock + state.rules.tick_ms or WAIT not in state.legal_actions():
            return NOSE, (f"Someone has touched their nose; {state.delays[me]} ms is my reaction time, "
                          "so I touch mine at once — the last to do it is the pig.")
        return WAIT, f"I have not noticed yet: my reaction takes {state.delays[me]} ms."
    rank = has_four(hand)
    if rank is not None:
        return NOSE, f"I hold four {rank.english_plural}: lay the hand down and touch my nose."
    counts = {r: sum(c.rank == r for c in hand) for r in {c.rank for c in hand}}
    keep = max(counts.values())
    most = [r for r in counts if counts[r] == keep]
    target = max(most)
    odd = [c for c in hand if c.rank != target and counts[c.rank] == min(counts.values())]
    if not odd:
        odd = [c for c in hand if c.rank != target]
    card = rng.choice(sorted(odd))
    return Pass(card), (f"I collect {target.english_plural} (I hold {keep}); the {card.label} is an odd "
                        "card, so I pass it on.")


PIG = Pig()
