"""Cassino: capture cards from the table by pairing and summing, build for later, sweep the table.

The rules as Gwari settles them are in ``docs/rules.md`` (Cassino, K1–K13): a
52-card pack; four cards each, dealt in twos, and four face up on the table in
the first deal only; four more each until the pack is out.  A turn plays one
card: it captures (pairing, or summing number cards; several groups at once),
builds (a single or multiple build the player can take later), or trails.  A
card that could capture may not be trailed (K2); a build's owner may not trail
and keeps a card that takes it (K4).  Clearing the table is a sweep.  At the end
the last capturer takes what is left (not a sweep, K11).  Each deal scores 3 for
most cards, 1 for most spades, 2 for the 10♦, 1 for the 2♠, 1 per ace and 1 per
sweep; a game is one deal, 11 up or 21 up (K13).  Four players play as two
partnerships, partners opposite.  Every rule id emitted here is a ``cassino.*``
entry of ``lessons/cassino``.

The game is split by concern, each module importing only those before it:
``cassino_actions`` (constants, ``Rules``, actions and their text, sums),
``cassino_moves`` (the move list, the rule checks, moves in words),
``cassino_deal`` (dealing and prepared deals), ``cassino_scoring`` (pure
scoring and the capture exercise), and this module (the state, apply, the
registration ``CASSINO``), which re-exports every public name of the others.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from tutor.cards import Card, Suit, shuffled
from tutor.engine import (Event, Game, IllegalMove, Pile, Record, Result, SeatedState, SeatView, TableView, Turn,
                          shown_to)
# Each line names every public name of its module, so they stay importable from here.
from tutor.games.cassino_actions import (ACE_POINTS, BATCH, BIG_CASSINO, BIG_POINTS, EXAMPLES, FIRST_TABLE, HAND,
                                         HIGHEST_BUILD, LEAST_PER_DEAL, LITTLE_CASSINO, LITTLE_POINTS, MAX_ACTIONS,
                                         MAX_DEALS, MAX_PLAYERS, MOST_CARDS, MOST_SPADES, PACK, PREFIX, SWEEP_POINTS,
                                         TARGETS, VALUE, Action, Build, Capture, CassinoPosition, Rules, TableBuild,
                                         Trail, parse_action, partition, sides_of, sort_cards, splits, value_word)
from tutor.games.cassino_deal import deal_again, first_deal, read_cassino_deal, rounds_in
from tutor.games.cassino_moves import (_builds, _captures, _group_words, _in_order, _items_label, _keeps_cards,
                                       _move_words, _problem, build_options, can_capture, capture_options)
from tutor.games.cassino_scoring import (DealScore, Outcome, Tally, Verdict, judge_captures, judge_game, score_deal,
                                         tally)
from tutor.match import EndRule, ScoreSheet, next_dealer


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
        """The state after ``action``; an illegal or malformed one raises ``IllegalMove`` and changes nothing."""
        if not (_MEMO[0] is self and id(action) in _MEMO[2]):  # a move just listed here needs no second check
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
        return Result(scores, tuple(sorted(winners)), outcome.rule, outcome.text, sides if team else (),
                      totals if team else (), self.scored + outcome.lines)

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
        return TableView(game=CASSINO.slug, viewer=player, seats=tuple(seats), current=self.current,
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
            return self.result().text
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


# ---------------------------------------------------------------- apply: one method per kind of move


class _Turn(Turn):
    """One transition: the parts of the state it changes, the events it causes, then the next state."""

    prefix = PREFIX

    def __init__(self, state: CassinoState) -> None:
        super().__init__(state)
        self.s = state
        self.names = state.names
        self.hands = list(state.hands)
        self.table = state.table
        self.builds = state.builds
        self.stock = state.stock
        self.won = list(state.won)
        self.sweeps = list(state.sweeps)
        self.last = state.last
        self.dealer = state.dealer
        self.round = state.round
        self.rounds = state.rounds
        self.sheet = state.sheet
        self.swept = False
        self.scored = state.scored
        self.tiebreak = state.tiebreak
        self.stopped: int | None = None
        self.over = False

    def play_out(self, me: int, card: Card) -> None:
        """The played card leaves the mover's hand."""
        hand = self.hands[me]
        i = hand.index(card)
        self.hands[me] = hand[:i] + hand[i + 1:]

    def trail(self, action: Trail) -> CassinoState:
        """Trail: the card joins the table's loose cards (K2: only a card that could not capture)."""
        me, card = self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        self.table = sort_cards(self.table + (card,))
        if self.s.swept:
            self.say("sweep.trail", f"The table is empty after the sweep, so {self.names[me]} can only trail: "
                     f"the {card.label}.", player=me)
        else:
            self.say("trail", f"{self.names[me]} trails the {card.label}.", player=me)
        return self.next_turn(me)

    def capture(self, action: Capture) -> CassinoState:
        """Take the named groups and builds with the played card (K1, K3); a cleared table is a sweep."""
        s, me, card = self.s, self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        taken_builds = [b for b in self.builds if b.cards in set(action.builds)]
        self.table = tuple(c for c in self.table if c not in set(action.loose))
        self.builds = tuple(b for b in self.builds if b.cards not in set(action.builds))
        taken = list(action.loose) + [c for b in taken_builds for c in b.cards]
        self.won[me] += (card, *taken)
        self.last = me
        groups = action.groups()
        words = _group_words(groups, taken_builds, self.names, mover=me)
        value = VALUE[card]
        if not value:
            rule = "capture.court"
        elif taken_builds and not action.loose:
            rule = "capture.build"
        elif len(groups) + len(taken_builds) > 1:
            rule = "capture.several"
        elif len(groups[0]) > 1:
            rule = "capture.sum"
        else:
            rule = "capture.pair"
        self.say(rule, f"{self.names[me]} takes {words} with the {card.label}.", player=me)
        if not self.table and not self.builds:
            self.sweeps[me] += 1
            self.swept = True
            counted = "" if s.rules.sweeps else " (sweeps are not scored in this game)"
            self.say("sweep", f"{self.names[me]} clears the table: a sweep{counted}! The {card.label} lies face up "
                     "in the cards taken, to mark it.", player=me)
        if s.rules.stop_at_target and self.reaches_target(me):
            return self.stop(me)
        return self.next_turn(me)

    def build_move(self, action: Build) -> CassinoState:
        """Make a single or multiple build, or raise one (K6–K8); a partner's evident build stays theirs."""
        s, me, card = self.s, self.s.current, action.card
        assert me is not None
        self.play_out(me, card)
        old = [b for b in self.builds if b.cards in set(action.builds)]
        self.table = tuple(c for c in self.table if c not in set(action.loose))
        self.builds = tuple(b for b in self.builds if b.cards not in set(action.builds))
        holds = any(VALUE[c] == action.value for c in self.hands[me])
        partner = s.partner(me)
        owner = me if holds else next(b.owner for b in old if b.owner == partner)
        cards = sort_cards((card, *action.loose, *(c for b in old for c in b.cards)))
        self.builds += (TableBuild(cards, action.value, action.multiple, owner),)
        items = _items_label(action.loose, old, self.names, mover=me)
        name = self.names[me]
        if action.multiple:
            said = f"Building {value_word(action.value, True)}."
            if owner != me:
                self.say("build.partner", f"{name} puts the {card.label} with {items} and announces \"{said}\" "
                         f"{self.names[owner]} announced that build, so still holds a {value_word(action.value)} "
                         "to take it.", player=me)
            else:
                self.say("build.multiple", f"{name} puts the {card.label} with {items} and announces \"{said}\"",
                         player=me)
        else:
            said = f"Building {value_word(action.value)}."
            rule = "build.raise" if old else "build"
            self.say(rule, f"{name} puts the {card.label} on {items} and announces \"{said}\"", player=me)
        return self.next_turn(me)

    # -- what follows a move

    def next_turn(self, me: int) -> CassinoState:
        """The next player with cards plays; with every hand empty, deal again or end the deal (K12)."""
        players = len(self.hands)
        for step in range(1, players + 1):
            seat = (me + step) % players
            if self.hands[seat]:
                return self.make(seat)
        if self.stock:
            return self.deal_round()
        return self.end_deal()

    def deal_round(self) -> CassinoState:
        """K12: four more cards each, in twos; the dealer says so when this is the last of the pack."""
        players = len(self.hands)
        hands, self.stock = deal_again(self.stock, players, self.dealer)
        self.hands = [sort_cards(h) for h in hands]
        self.round += 1
        dealer = self.names[self.dealer]
        each = len(self.hands[0])
        if self.stock:
            self.say("deal.again", f"Every hand is empty: {dealer} deals {each} more cards each, two at a time "
                     f"(round {self.round} of {self.rounds}); none go to the table.")
        else:
            self.round = self.rounds
            self.say("deal.last", f"{dealer} deals {each} more cards each and says \"Last deal!\": this is the "
                     "rest of the pack.")
        return self.next_turn(self.dealer)

    def reaches_target(self, me: int) -> bool:
        """K13, the stopping option: the mover's side has reached the target with points already sure."""
        side = self.s.side_of(me)
        sure = self.sure_points()
        target = self.s.rules.target
        assert target is not None
        return self.sheet.totals[side] + sure[side] >= target

    def sure_points(self) -> tuple[int, ...]:
        """Each side's points this deal that nothing can take away any more (K13, the stopping option)."""
        sides = self.s.sides
        tallies = [tally([c for seat in side for c in self.won[seat]], sum(self.sweeps[seat] for seat in side))
                   for side in sides]
        out_cards = len(self.s.cards()) - sum(t.cards for t in tallies)
        out_spades = sum(1 for c in self.s.cards() if c.suit is Suit.SPADES) - sum(t.spades for t in tallies)
        points = []
        for i, t in enumerate(tallies):
            others = [u for j, u in enumerate(tallies) if j != i]
            p = ACE_POINTS * t.aces + BIG_POINTS * t.big + LITTLE_POINTS * t.little
            p += SWEEP_POINTS * t.sweeps if self.s.rules.sweeps else 0
            if t.cards > max(u.cards for u in others) + out_cards:
                p += MOST_CARDS
            if t.spades > max(u.spades for u in others) + out_spades:
                p += MOST_SPADES
            points.append(p)
        return tuple(points)

    def stop(self, me: int) -> CassinoState:
        """K13: play stops at once; the deal so far is scored with the points already sure."""
        sure = self.sure_points()
        self.sheet = self.sheet.after(sure)
        side = self.s.sides[self.s.side_of(me)]
        who = " and ".join(self.names[seat] for seat in side)
        self.say("game.stop", f"That capture brings {who} to {self.sheet.totals[self.s.side_of(me)]} with points "
                 "already sure, so play stops here.", player=me)
        self.scored = tuple(f"Sure points this deal: " + ", ".join(
            f"{col} {p}" for col, p in zip(self.sheet.columns, sure)),)
        self.stopped = self.s.side_of(me)
        return self.finish()

    def end_deal(self) -> CassinoState:
        """The last capturer takes what is left (K5, K11); the deal is scored; the game ends or goes on."""
        s = self.s
        left = list(self.table) + [c for b in self.builds for c in b.cards]
        if left:
            shown = ", ".join(c.label for c in sort_cards(left))
            if self.last is not None:
                self.won[self.last] += tuple(left)
                what = "the card left" if len(left) == 1 else f"the {len(left)} cards left"
                self.say("last-capture", f"{self.names[self.last]} made the last capture, so takes {what} on the "
                         f"table ({shown}); that is not a sweep.", player=self.last)
                self.table, self.builds = (), ()
            else:  # they stay where they are, counted for nobody
                self.say("last-capture", f"Nobody captured anything this deal, so the cards left on the table "
                         f"({shown}) count for nobody.")
        sides = s.sides
        tallies = [tally([c for seat in side for c in self.won[seat]], sum(self.sweeps[seat] for seat in side))
                   for side in sides]
        result = score_deal(tallies, self.sheet.columns, sweeps=s.rules.sweeps)
        for rule, text in result.lines:
            self.events.append(Event(rule, text))
        self.sheet = self.sheet.after(result.points)
        self.scored = tuple(text for _, text in result.lines)
        self.tiebreak = tuple((t.cards, t.spades) for t in tallies)
        outcome = judge_game(self.sheet.rows, s.rules.game, self.sheet.columns, tiebreak=self.tiebreak)
        if outcome.over or self.sheet.deals >= MAX_DEALS:
            return self.finish()
        self.say(f"game.{s.rules.game}", outcome.text)
        return self.next_deal()

    def finish(self) -> CassinoState:
        """The game is over (K13): who won, and why."""
        outcome = judge_game(self.sheet.rows, self.s.rules.game, self.sheet.columns, tiebreak=self.tiebreak,
                             stopped=self.stopped, final=True)
        for rule, text in outcome.events:
            self.events.append(Event(rule, text))
        self.over = True
        return self.make(None)

    def next_deal(self) -> CassinoState:
        """The deal passes to the left; a new shuffled pack, four to the table again (K12)."""
        s = self.s
        players = len(self.hands)
        self.dealer = next_dealer(self.dealer, players)
        hands, table, stock = first_deal(shuffled(PACK, random.Random(f"{PREFIX}/{s.setup.seed}/{self.sheet.deals}")),
                                         players, self.dealer)
        self.hands = [sort_cards(h) for h in hands]
        self.table, self.builds, self.stock = sort_cards(table), (), stock
        self.won, self.sweeps, self.last, self.swept = [()] * players, [0] * players, None, False
        self.round, self.rounds = 1, 1 + rounds_in(len(stock), players)
        self.say("deal", f"{self.names[self.dealer]} deals deal {self.sheet.deals + 1}: four cards each, two at a "
                 "time, and four face up on the table.")
        return self.make((self.dealer + 1) % players)

    def make(self, current: int | None) -> CassinoState:
        """The next state, with ``current`` to move (none once the game is over)."""
        s = self.s
        return CassinoState(s.setup, s.rules, s.names, tuple(self.hands), self.table, self.builds, self.stock,
                            tuple(self.won), tuple(self.sweeps), self.last, self.dealer, self.round, self.rounds,
                            self.sheet, None if self.over else current, self.swept, self.scored, self.tiebreak,
                            self.stopped, tuple(self.events))


# ---------------------------------------------------------------- the game


class Cassino(Game):
    """Registry entry for Cassino."""

    slug = "cassino"
    title = "Cassino"
    min_players = 2
    max_players = MAX_PLAYERS
    default_players = 2
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_ACTIONS

    def _start(self, *, setup: Record, rules: Rules) -> CassinoState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        sides = sides_of(players, rules)
        columns = tuple(" & ".join(names[s] for s in side) for side in sides)
        end = EndRule(deals=1) if rules.target is None else EndRule(target=rules.target)
        sheet = ScoreSheet(columns, end)
        eldest = (dealer + 1) % players
        events: list[Event] = []
        if setup.deal is None:
            rng = random.Random(f"{PREFIX}/{setup.seed}/0")
            hands, table, stock = first_deal(shuffled(PACK, rng), players, dealer)
            hands = tuple(sort_cards(h) for h in hands)
            won, sweeps, last, current, rows = ((),) * players, (0,) * players, None, eldest, ()
            builds: tuple[TableBuild, ...] = ()
            events.append(Event(f"{PREFIX}.deal", f"{names[dealer]} deals four cards each, two at a time, and four "
                                                  "face up on the table."))
        else:
            d = read_cassino_deal(setup.deal, players, rules, eldest)
            hands, table, builds, stock = d["hands"], d["table"], d["builds"], d["stock"]
            won, sweeps, last, current, rows = d["won"], d["sweeps"], d["last"], d["current"], d["rows"]
            for row in rows:
                sheet = sheet.after(row)
            events.append(Event(f"{PREFIX}.deal", f"A prepared deal: {', '.join(str(len(h)) for h in hands)} cards "
                                                  f"in the hands, {len(table) + sum(len(b.cards) for b in builds)} "
                                                  f"on the table and {len(stock)} still to deal."))
        if len(sides) < players:
            events.append(Event(f"{PREFIX}.partners", "Two partnerships, partners sitting opposite: "
                                + "; ".join(columns) + ". Partners pool the cards they take."))
        state = CassinoState(setup, rules, names, hands, sort_cards(table), builds, tuple(stock), won, sweeps, last,
                             dealer, 1, 1 + rounds_in(len(stock), players), sheet, current, events=tuple(events))
        if state.hands[current]:
            return state
        turn = _Turn(state)
        turn.events = list(events)
        return turn.next_turn((current - 1) % players)

    def parse_action(self, state: Any, text: str) -> Action:
        """Read ``trail 2C``, ``capture 7H, 3S+4D with 7C``, ``build 9 with 4H on 5S``, ``build 9s with …``."""
        return parse_action(text)

    def heuristic(self, state: CassinoState, rng: random.Random) -> tuple[Action, str]:
        """The greedy bot: the capture worth most now, and why (``tutor.games.cassino_bot``)."""
        from tutor.games.cassino_bot import greedy

        return greedy(state, rng)

    def search(self, state: CassinoState, rng: random.Random) -> tuple[Action, str]:
        """The expert bot: the planner, which weighs builds and what the next player could take."""
        from tutor.games.cassino_bot import planner

        return planner(state, rng)


CASSINO = Cassino()
