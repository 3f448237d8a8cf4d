"""Burn: a trick game with the element deck in which every Fire card you take burns you.

The rules as Gwari settles them are in ``docs/rules.md`` (Burn, B1–B8; tricks
as in Pymtheg, Y13): the whole pack dealt one card at a time; no trumps; follow
the element led, or play anything and lose the trick; the dealer's left leads,
then each trick's winner.  A side scores 1 for each Fire card it took, or
nothing if it took more Water than Fire; partners pool their cards.  A side that
takes every Fire and every Water card has a *pit*: 30 off its own score or 30
onto each opponent's, never pushing anyone past 100 nor itself below 0.  Deals
go on until a side reaches 100; the lowest total wins.  The same play is
Pymtheg's sub-game with another ``BurnScoring``.  Every rule id emitted here
is a ``burn.*`` entry of ``lessons/burn``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Literal, Mapping, NamedTuple, Sequence

from tutor.cards import BadNotation, ElementCard
from tutor.games.burn_scoring import (ALL_FIRE, ALL_WATER, BURN_SCORING, FIRE, MAX_PLAYERS, PACK, PIT,  # noqa: F401
                                      PIT_TABLE, PYMTHEG_SCORING, SCORINGS, WATER, BurnScoring, SideScore,
                                      pit_choices, pit_row, pit_value, score_deal, signed)
from tutor.engine import (Event, Game, IllegalMove, Record, Result, ScoreTable, SeatedState, SeatView, TableView,
                          Turn, shown_to)
from tutor.games.burn_deal import deal_hands, deal_words, read_burn_deal
from tutor.match import EndRule, ScoreSheet, next_dealer
from tutor.mechanics import Play
from tutor.tricks import (Trick, legal_plays, play_problem, pool, seat_sides, side_members, to_play,
                          view_of, winning_index)

PREFIX = "burn"
MAX_DEALS = 200  # a bound so that every game ends (far beyond any real game to 100)
R_LEAD, R_WINNER_LEADS, R_FOLLOW, R_DISCARD, R_TRICK = (
    f"{PREFIX}.{r}" for r in ("lead", "winner-leads", "follow", "discard", "trick"))


element = attrgetter("element")
"""How the trick core reads a card's suit: its element."""
value = attrgetter("value")
"""How the trick core reads a card's rank: its number, 1 to 15."""


# ---------------------------------------------------------------- rules (options)


@dataclass(frozen=True)
class Rules:
    """Burn's options, with the defaults of the rule book."""

    teams: Literal[0, 2, 3] = 0
    """How many teams: 0, everyone alone; 2, two teams of two (4 players, partners opposite) or of three
    (6 players, seated ABABAB); 3, three teams of two (6 players, seated ABCABC)."""
    two_players: bool = False
    """B8: allow a game for two (30 cards each, a pit worth 30)."""
    pit_table: bool = False
    """B6: the pit is worth more the less likely it is (40 to 70 points; with six players it wins the game)."""
    target: int = 100
    """The game ends after the deal in which a side reaches this total (tournaments raise it)."""
    scoring: Literal["burn", "pymtheg"] = "burn"
    """"pymtheg": one deal scored as Pymtheg's sub-game (−5 per Fire card, +10,000 for every Fire and Water card)."""

    def __post_init__(self) -> None:
        if not 1 <= self.target <= 100_000:
            raise ValueError(f"option target: a game goes to 1 to 100,000 points, not {self.target}.")


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Pit:
    """What a side does with its pit: "minus" takes its value off its own score, "plus" adds it to each opponent."""

    choice: str

    def __str__(self) -> str:
        return f"pit {self.choice}"


PLAYS = {card: Play(card) for card in PACK}
PITS = {choice: Pit(choice) for choice in ("minus", "plus")}
_PLAY_OF = PLAYS.__getitem__
_PLAY_RE = re.compile(r"\s*play\s+(\S.*?)\s*", re.IGNORECASE | re.DOTALL)


def parse_action(text: Any) -> Play | Pit:
    """Read "play F7", "pit minus" or "pit plus"."""
    if not isinstance(text, str):
        raise IllegalMove(f"{PREFIX}.follow", f"{text!r} is not a move; write e.g. 'play F7' or 'pit minus'.")
    words = text.strip().lower().split()
    if words[:1] == ["pit"]:
        if len(words) != 2 or words[1] not in PITS:
            raise IllegalMove(f"{PREFIX}.pit", f"{text!r} is not a pit choice; write 'pit minus' or 'pit plus'.")
        return PITS[words[1]]
    match = _PLAY_RE.fullmatch(text)
    if not match:
        raise IllegalMove(f"{PREFIX}.follow", f"{text!r} is not a move; write e.g. 'play F7' or 'pit minus'.")
    try:
        return PLAYS[ElementCard.parse(match.group(1))]
    except BadNotation as exc:
        raise IllegalMove(f"{PREFIX}.follow", str(exc)) from None


# ---------------------------------------------------------------- state


class _Position(NamedTuple):
    """The fields of a Burn position (see ``BurnState``)."""

    setup: Record
    rules: Rules
    names: tuple[str, ...]
    sides: tuple[int, ...]
    hands: tuple[tuple[ElementCard, ...], ...]
    won: tuple[tuple[ElementCard, ...], ...]
    plays: tuple[tuple[int, ElementCard], ...]
    leader: int
    tricks: tuple[Trick, ...]
    dealer: int
    deal_no: int
    sheet: ScoreSheet
    current: int | None
    pit: int | None = None
    instant: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()


class BurnState(_Position, SeatedState):
    """A position of a game of Burn; immutable and hashable, ``apply`` returns the next one.

    ``plays`` is the trick on the table, ``tricks`` this deal's finished ones,
    ``won`` the cards each seat took this deal; ``pit`` the side choosing what
    to do with its pit (phase "pit"); ``sheet`` the score per deal and side.
    A named tuple rather than a frozen dataclass: one is made for every card
    played, and a tuple is built in an eighth of the time (benchmarks/).
    """

    __slots__ = ()

    # -- the contract

    @property
    def phase(self) -> str:
        """"play", "pit" (a side chooses what to do with its pit) or "over"."""
        if self.current is None:
            return "over"
        return "play" if self.pit is None else "pit"

    @property
    def scoring(self) -> BurnScoring:
        """How deals are scored (stand-alone Burn, or as in Pymtheg)."""
        return SCORINGS[self.rules.scoring]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (one seat each when everyone plays alone)."""
        return side_members(self.sides)

    def legal_actions(self) -> list[Play | Pit]:
        """The cards the player to move may play, or the pit choices open to the side."""
        if self.current is None:
            return []
        if self.pit is not None:
            return [PITS[c] for c in pit_choices(self.sheet.totals, self.pit, self._pit_worth(), self.rules.target)]
        return list(map(_PLAY_OF, legal_plays(self.hands[self.current], self.plays, suit=element, value=value)))

    def apply(self, action: Any) -> "BurnState":
        """The state after ``action``; an illegal one raises ``IllegalMove`` (naming its rule) and changes nothing."""
        if self.current is None:
            raise IllegalMove(f"{PREFIX}.end", "The game is over: no more moves.")
        if self.pit is not None:
            return _Turn(self).choose_pit(self._check_pit(action))
        if not isinstance(action, Play):
            if isinstance(action, Pit):
                raise IllegalMove(f"{PREFIX}.pit", "There is no pit to choose about: play a card.")
            raise IllegalMove(f"{PREFIX}.follow", f"{action!r} is not a move of Burn; play a card.")
        card = action.card
        if type(card) is not ElementCard or play_problem(card, self.hands[self.current], self.plays,
                                                          suit=element, value=value) is not None:
            self._refuse_play(card)
        return _Turn(self).play(card)

    def result(self) -> Result:
        """Totals per side (each seat shows its side's), the winners, and the deals line by line."""
        totals = self.sheet.totals
        winners = self.instant or tuple(s for s in range(self.players)
                                        if self.sides[s] in self.sheet.leaders())
        labels = self.sheet.columns
        breakdown = [f"Deal {i + 1}: " + ", ".join(f"{labels[k]} {signed(v)}" for k, v in enumerate(row))
                     for i, row in enumerate(self.sheet.rows)]
        if self._carried:
            breakdown[0] = breakdown[0].replace("Deal 1", "Earlier deals", 1)
        breakdown.append("Totals: " + ", ".join(f"{labels[k]} {signed(t)}" for k, t in enumerate(totals)))
        team = bool(self.rules.teams)
        return Result(tuple(totals[self.sides[s]] for s in range(self.players)), winners, f"{PREFIX}.end",
                      self._end_words(), self.teams if team else (), totals if team else (), tuple(breakdown))

    def view(self, player: int | None = None) -> TableView:
        """What ``player`` sees: their own hand, the trick (or the last one taken) and the score table."""
        totals = self.sheet.totals
        seats = []
        for seat, hand in enumerate(self.hands):
            fire = sum(1 for c in self.won[seat] if c.element is FIRE)
            water = sum(1 for c in self.won[seat] if c.element is WATER)
            team = f"{self.sheet.columns[self.sides[seat]]} · " if self.rules.teams else ""
            seats.append(SeatView(self.names[seat], shown_to(player, seat, hand), (),
                                  f"{team}took {fire} Fire, {water} Water · total {signed(totals[self.sides[seat]])}"))
        shown = Trick(self.leader, self.plays) if self.plays or not self.tricks else self.tricks[-1]
        label = ""
        if shown.plays:
            label = (f"{self.names[shown.winner]} took the trick" if shown.winner is not None else
                     f"{self.names[shown.leader]} led {shown.plays[0][1].element.english}")
        return TableView(game=BURN.slug, viewer=player, seats=tuple(seats), current=self.current, has_stock=False,
                         centre=shown.cards, centre_label=label, events=self.events, status=self.status(),
                         trick=view_of(shown) if shown.plays else None,
                         teams=self.teams if self.rules.teams else (), scores=self._score_table())

    def cards(self) -> list[ElementCard]:
        """Every card of the deal: hands, the trick on the table and the cards taken."""
        return ([c for h in self.hands for c in h] + [c for _, c in self.plays]
                + [c for w in self.won for c in w])

    def cards_of(self, action: Any) -> tuple[ElementCard, ...]:
        """The card a play uses (none for a pit choice)."""
        return (action.card,) if isinstance(action, Play) else ()

    def candidate_actions(self, card: ElementCard) -> list[Play]:
        """Playing ``card`` (the rules then judge whether it may go on this trick)."""
        return [PLAYS[card]] if card in PLAYS else []

    def prompt(self, action: Any) -> str:
        """The move as the player chooses it: "Play the Fire 7", "Take 30 off your own score"."""
        if isinstance(action, Pit):
            worth = self._pit_worth()
            return (f"Take {worth} off your own score" if action.choice == "minus"
                    else f"Give {worth} to each opponent")
        return f"Play the {action.card.english}"

    def describe(self, action: Any) -> str:
        """The move in words: "Pol plays the Fire 7"."""
        who = self.names[self.current] if self.current is not None else "Someone"
        if isinstance(action, Pit):
            worth = self._pit_worth()
            return (f"{who} takes {worth} off their own score" if action.choice == "minus"
                    else f"{who} gives {worth} to each opponent")
        return f"{who} plays the {action.card.english}"

    def status(self) -> str:
        """One line: whose move, or how the game ended."""
        if self.current is None:
            return "Game over: " + self._end_words()
        me = self.names[self.current]
        if self.pit is not None:
            return f"A pit! {me} chooses: {self._pit_worth()} off their own score, or onto each opponent's."
        if not self.plays:
            return f"Deal {self.deal_no + 1}: {me} to lead."
        return f"Deal {self.deal_no + 1}: {me} to play ({self.plays[0][1].element.english} led)."

    def _repr_html_(self) -> str:
        return self.view(None)._repr_html_()

    # -- helpers

    @property
    def _carried(self) -> bool:
        """True when an explicit deal brought scores from earlier deals (the sheet's first row)."""
        return bool(self.setup.deal and self.setup.deal.get("scores") is not None)

    def _pit_worth(self) -> int:
        worth = pit_value(self.players, self.rules.teams, self.rules.pit_table)
        return PIT if worth is None else worth

    def _score_table(self) -> ScoreTable:
        table = self.sheet.table()
        if not self._carried or not table.rows:
            return table
        rows = (("Earlier deals", table.rows[0][1]),) + tuple(
            (f"Deal {i}", row) for i, (_label, row) in enumerate(table.rows[1:], start=1))
        return ScoreTable(table.columns, rows, table.totals, table.note)

    def _end_words(self) -> str:
        labels, totals = self.sheet.columns, self.sheet.totals
        if self.instant:
            return f"{' and '.join(self.names[s] for s in self.instant)} won at once with a pit."
        best = self.sheet.leaders()
        who = " and ".join(labels[s] for s in best)
        if len(best) > 1:
            return f"{who} share the win on {signed(totals[best[0]])}."
        return f"{who} {'win' if ' & ' in who else 'wins'} with {signed(totals[best[0]])}."

    # -- checks (each names its rule)

    def _refuse_play(self, card: Any) -> None:
        """Raise the reason ``card`` may not be played (the trick core said it may not)."""
        if type(card) is not ElementCard:
            raise IllegalMove(f"{PREFIX}.follow", f"{card!r} is not a card of the element deck.")
        if card not in self.hands[self.current]:  # type: ignore[index]
            raise IllegalMove(f"{PREFIX}.follow", f"You do not hold the {card.english}.")
        led = self.plays[0][1].element.english
        raise IllegalMove(f"{PREFIX}.follow", f"{led} was led and you hold {led}: you must follow with {led}.")

    def _check_pit(self, action: Any) -> str:
        if not isinstance(action, Pit) or action.choice not in PITS:
            raise IllegalMove(f"{PREFIX}.pit", "First choose what to do with the pit: 'pit minus' or 'pit plus'.")
        assert self.pit is not None
        totals, worth, target = self.sheet.totals, self._pit_worth(), self.rules.target
        if action.choice in pit_choices(totals, self.pit, worth, target):
            return action.choice
        labels = self.sheet.columns
        if action.choice == "minus":
            raise IllegalMove(f"{PREFIX}.pit.floor", f"Taking {worth} off {totals[self.pit]} would go below 0, "
                                                     "and no score may go below 0.")
        over = [i for i, t in enumerate(totals) if i != self.pit and t + worth > target]
        raise IllegalMove(f"{PREFIX}.pit.cap", f"Giving {worth} would push {labels[over[0]]} "
                                               f"({totals[over[0]]}) past {target}, which a pit may not do.")


# ---------------------------------------------------------------- playing (one function per kind of action)


class _Turn(Turn):
    """Scratch space for one transition: the parts of the state that change, events in order, then a new state."""

    prefix = PREFIX

    def __init__(self, state: BurnState) -> None:
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
        self.pit: int | None = None
        self.instant: tuple[int, ...] = ()

    def play(self, card: ElementCard) -> BurnState:
        """B2, B3: a card goes on the trick; the last card of a trick decides it."""
        me = self.s.current
        assert me is not None
        hands = list(self.hands)
        hand = hands[me]
        i = hand.index(card)
        hands[me] = hand[:i] + hand[i + 1:]
        self.hands = tuple(hands)
        name = self.names[me]
        # Events are made directly here (not through ``say``): this runs for every card played.
        if not self.plays:
            if self.tricks:
                self.events.append(Event(R_WINNER_LEADS, f"{name}, who took the last trick, leads the "
                                                         f"{card.english}.", "", "", me))
            else:
                self.events.append(Event(R_LEAD, f"{name}, on the dealer's left, leads the {card.english} "
                                                 "to the first trick.", "", "", me))
        else:
            led = self.plays[0][1].element
            if card.element is led:
                self.events.append(Event(R_FOLLOW, f"{name} follows with the {card.english}.", "", "", me))
            else:
                self.events.append(Event(R_DISCARD, f"{name} has no {led.english} and plays the {card.english}, "
                                                    "which cannot win the trick.", "", "", me))
        self.plays = self.plays + ((me, card),)
        players = len(self.hands)
        if len(self.plays) < players:
            return self.build(to_play(self.leader, len(self.plays), players))
        return self.take_trick()

    def take_trick(self) -> BurnState:
        plays = self.plays
        seat, card = plays[winning_index(plays, suit=element, value=value)]
        cards = tuple(c for _, c in plays)
        elements = [c.element for c in cards]
        fire, water = elements.count(FIRE), elements.count(WATER)
        in_it = (f" It holds {fire} Fire and {water} Water." if fire and water else f" It holds {fire} Fire."
                 if fire else f" It holds {water} Water." if water else "")
        self.events.append(Event(R_TRICK, f"{self.names[seat]} takes the trick with the {card.english}, the "
                                          f"highest {card.element.english} played.{in_it}", "", "", seat))
        won = list(self.won)
        won[seat] = won[seat] + cards
        self.won = tuple(won)
        self.tricks = self.tricks + (Trick(self.leader, plays, seat),)
        self.plays, self.leader = (), seat
        if self.hands[seat]:
            return self.build(seat)
        return self.end_deal()

    def end_deal(self) -> BurnState:
        """B4: score each side's cards; a pit waits for the side's choice (B5) or wins at once (B6)."""
        scoring = self.s.scoring
        columns = self.sheet.columns
        taken = [(sum(1 for c in cards if c.element is FIRE), sum(1 for c in cards if c.element is WATER))
                 for cards in pool(self.won, self.s.sides)]
        scores = score_deal(taken, scoring)
        if scoring.pit_bonus is not None:
            self.say("pymtheg", f"Scored as Pymtheg's sub-game: {signed(scoring.per_fire)} for each Fire card, "
                                f"nothing if more Water than Fire, {scoring.pit_bonus:+,d} for every Fire and "
                                "Water card.")
        if self.s.rules.teams:
            self.say("pool", "Partners count the cards they took together: "
                     + "; ".join(f"{columns[i]} {f} Fire, {w} Water" for i, (f, w) in enumerate(taken)) + ".")
        for i, score in enumerate(scores):
            self.say(score.rule, f"{columns[i]}: {score.text}.")
        pits = [i for i, score in enumerate(scores) if score.rule == "pit"]
        if pits:
            return self.open_pit(pits[0])
        return self.next_deal(tuple(score.points for score in scores))

    def open_pit(self, side: int) -> BurnState:
        rules = self.s.rules
        worth = pit_value(self.s.players, rules.teams, rules.pit_table)
        who = self.sheet.columns[side]
        if rules.pit_table:
            words = "wins the game at once" if worth is None else f"is worth {worth}"
            self.say("pit.table", f"With the pit table, a pit at this table {words}.")
        if worth is None:
            self.instant = self.s.teams[side]
            self.say("pit.instant", f"{who} took every Fire and every Water card with six at the table: "
                                    f"{who} win{'s' * (len(self.instant) == 1)} the game at once.")
            self.sheet = self.sheet.after((0,) * len(self.sheet.columns))
            return self.build(None)
        first = (self.dealer + 1) % self.s.players
        decider = next(seat for seat in range(first, first + self.s.players)
                       if self.s.sides[seat % self.s.players] == side) % self.s.players
        self.pit = side
        self.say("pit", f"A pit: {who} took all the Fire and all the Water, so instead of scoring the Fire "
                        f"{self.names[decider]} chooses: {worth} off their own score, or {worth} onto each "
                        "opponent's.", player=decider)
        return self.build(decider)

    def choose_pit(self, choice: str) -> BurnState:
        """B5: apply the side's pit choice; it was checked against the 100 and 0 limits."""
        side = self.s.pit
        assert side is not None
        worth = self.s._pit_worth()
        totals, target = self.sheet.totals, self.s.rules.target
        who = self.sheet.columns[side]
        if choice == "minus":
            self.say("pit", f"{who} take{'s' * (' & ' not in who)} {worth} off their own score "
                            f"({totals[side]} → {totals[side] - worth}).", player=self.s.current)
        elif totals[side] - worth < 0 and any(t + worth > target for i, t in enumerate(totals) if i != side):
            self.say("pit.floor-first", f"Taking {worth} off would go below 0 and giving {worth} pushes an "
                     f"opponent past {target}; not going below 0 comes first, so each opponent gets {worth}.",
                     player=self.s.current)
        else:
            self.say("pit", f"{who} give{'s' * (' & ' not in who)} {worth} to each opponent.", player=self.s.current)
        return self.next_deal(pit_row(len(totals), side, choice, worth))

    def next_deal(self, row: tuple[int, ...]) -> BurnState:
        """B7, B3: the deal's row goes on the sheet; the game ends, or the deal passes to the left."""
        self.sheet = self.sheet.after(row)
        self.say_row(row)
        done = self.sheet.is_over or self.deal_no + 1 >= MAX_DEALS
        if done:
            self.pit = None
            return self.finish()
        s = self.s
        self.deal_no += 1
        self.dealer = next_dealer(self.dealer, s.players)
        self.hands = deal_hands(s.setup, s.players, self.dealer, self.deal_no)
        self.won, self.tricks, self.plays = ((),) * s.players, (), ()
        self.leader = (self.dealer + 1) % s.players
        self.pit = None
        top = max(range(len(self.sheet.columns)), key=lambda i: self.sheet.totals[i])
        self.say("match", f"Nobody has reached {s.rules.target} (highest: {self.sheet.columns[top]} "
                          f"{self.sheet.totals[top]}), so the deal passes left: {self.names[self.dealer]} deals "
                          f"deal {self.deal_no + 1} and {self.names[self.leader]} leads.")
        self.say("deal", deal_words(self.names, self.dealer, len(self.hands[0])))
        return self.build(self.leader)

    def say_row(self, row: tuple[int, ...]) -> None:
        columns, totals = self.sheet.columns, self.sheet.totals
        self.events.append(Event(f"{PREFIX}.match", "Score: " + ", ".join(
            f"{columns[i]} {signed(p)} (total {signed(totals[i])})" for i, p in enumerate(row)) + "."))

    def finish(self) -> BurnState:
        sheet, s = self.sheet, self.s
        best = sheet.leaders()
        labels = sheet.columns
        if s.scoring.pit_bonus is not None:
            reason = "The sub-game is one deal."
        elif self.deal_no + 1 >= MAX_DEALS and not sheet.is_over:
            reason = f"{MAX_DEALS} deals and nobody has reached {s.rules.target}: the game stops here."
        else:
            reached = [labels[i] for i, t in enumerate(sheet.totals) if t >= s.rules.target]
            reason = f"{' and '.join(reached)} reached {s.rules.target}, so the game is over."
        names = " and ".join(labels[i] for i in best)
        best_words = "lowest" if s.scoring.lowest_wins else "highest"
        if len(best) > 1:
            self.say("end.tie", f"{reason} {names} share the {best_words} score, {signed(sheet.totals[best[0]])}, "
                                "and share the win.")
        else:
            self.say("end", f"{reason} {names} {'win' if ' & ' in names else 'wins'} with the {best_words} score, "
                            f"{signed(sheet.totals[best[0]])}.")
        return self.build(None)

    def build(self, current: int | None) -> BurnState:
        s = self.s
        return BurnState(s.setup, s.rules, self.names, s.sides, self.hands, self.won, self.plays, self.leader,
                         self.tricks, self.dealer, self.deal_no, self.sheet, current, self.pit, self.instant,
                         tuple(self.events))


# ---------------------------------------------------------------- the game


def side_labels(names: Sequence[str], sides: Sequence[int]) -> tuple[str, ...]:
    """A column name per side: the player's name, or the partners' names joined ("Jory & Pol")."""
    return tuple(" & ".join(names[s] for s in seats) for seats in side_members(sides))


class Burn(Game):
    """Registry entry for Burn."""

    slug = "burn"
    title = "Burn"
    min_players = 3
    max_players = MAX_PLAYERS
    default_players = 4
    rules_class = Rules
    rule_prefix = PREFIX
    max_actions = MAX_DEALS * (len(PACK) + 1)

    def start(self, players: int | None = None, seed: int | None = None,
              deal: Mapping[str, Any] | None = None, names: Sequence[str] | None = None,
              dealer: int | None = None, **options: Any) -> BurnState:
        """A new game (see ``Game.start``); two players only with the option ``two_players=True`` (B8)."""
        if isinstance(players, int) and not isinstance(players, bool) and players == 2:
            if options.get("two_players") is not True:
                raise IllegalMove(f"{PREFIX}.players", "players: Burn is for 3 to 6 players; two may play "
                                                       "with the option two_players=True.")
            return _FOR_TWO.start(players, seed, deal, names, dealer, **options)
        return super().start(players, seed, deal, names, dealer, **options)  # type: ignore[return-value]

    def _start(self, *, setup: Record, rules: Rules) -> BurnState:
        players, names, dealer = setup.players, setup.names, setup.dealer
        assert names is not None and dealer is not None
        teams = rules.teams
        if teams and (players % teams or players == teams):
            raise IllegalMove(f"{PREFIX}.teams", f"option teams: {teams} teams need 4 or 6 players "
                              f"(3 teams: 6), not {players}.")
        sides = seat_sides(players, teams)
        labels = side_labels(names, sides)
        scoring = SCORINGS[rules.scoring]
        end = (EndRule(deals=1, lowest_wins=scoring.lowest_wins) if scoring.pit_bonus is not None
               else EndRule(target=rules.target, lowest_wins=True))
        sheet = ScoreSheet(labels, end)
        first = (dealer + 1) % players
        events = []
        if setup.deal is None:
            hands = deal_hands(setup, players, dealer, 0)
            won: tuple[tuple[ElementCard, ...], ...] = ((),) * players
            leader = first
            events.append(Event(f"{PREFIX}.deal", deal_words(names, dealer, len(hands[0]))))
        else:
            hands, won, scores, leader = read_burn_deal(setup.deal, players, len(labels), rules.target, first)
            if scores is not None:
                sheet = sheet.after(scores)
            events.append(Event(f"{PREFIX}.deal", f"A prepared deal: {len(hands[0])} card"
                                f"{'s' * (len(hands[0]) != 1)} each; {names[leader]} leads."))
        if teams:
            seating = {2: "partners sit opposite" if players == 4 else "seated ABABAB, so both neighbours are "
                                                                       "opponents", 3: "seated ABCABC"}[teams]
            events.append(Event(f"{PREFIX}.teams", f"{len(labels)} teams, {seating}: {'; '.join(labels)}. "
                                                   "Partners pool the cards they take."))
        return BurnState(setup, rules, names, sides, hands, won, (), leader, (), dealer, 0, sheet, leader,
                         events=tuple(events))

    def parse_action(self, state: Any, text: str) -> Play | Pit:
        """Read "play F7", "pit minus", "pit plus"."""
        return parse_action(text)

    def heuristic(self, state: BurnState, rng: random.Random) -> tuple[Play | Pit, str]:
        """The rule-based bot's move and its reason in words (``tutor.games.burn_bot``)."""
        from tutor.games.burn_bot import heuristic

        return heuristic(state, rng)

    def search(self, state: BurnState, rng: random.Random, budget: float = 0.1) -> tuple[Play | Pit, str]:
        """The search bot's move (``tutor.games.burn_bot.search_choice``) within ``budget`` seconds, and why."""
        from tutor.games.burn_bot import search_choice

        return search_choice(state, rng, budget=budget)


class _BurnForTwo(Burn):
    """Burn with two players (B8), reached only through ``Burn.start`` with ``two_players=True``."""

    min_players = 2
    start = Game.start  # type: ignore[assignment]


BURN = Burn()
_FOR_TWO = _BurnForTwo()
