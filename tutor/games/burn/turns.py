"""Burn's moves: the ``Turn`` that applies a card or a pit choice, one method per step, each saying the rule it
applies (B2–B7).

The next state is built as ``type(state)``: ``state.py`` imports this module, and this module needs nothing of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from tutor.cards import ElementCard
from tutor.engine import Event
from tutor.games.burn.deal import deal_hands, deal_words
from tutor.games.burn.rules import FIRE, MAX_DEALS, PREFIX, R_DISCARD, R_TRICK, SHORT_DEALS, WATER, element, value
from tutor.games.burn.scoring import pit_row, pit_value, score_deal, signed
from tutor.match import next_dealer
from tutor.tricks import TrickTurn, TrickWords, pool, to_play, winning_index

if TYPE_CHECKING:
    from tutor.games.burn.state import BurnState

WORDS = TrickWords.of(PREFIX)


def card_event(s: BurnState, me: int, card: ElementCard) -> Event:
    """B2, B3: what playing ``card`` does, in words: a lead, a follow, or a discard that cannot win.

    Events are made directly here (not through ``Turn.say``): this runs for every card played."""
    name = s.names[me]
    plays = s.plays
    if not plays:
        return WORDS.led(name, me, card, not s.tricks)
    led = plays[0][1].element
    if card.element is led:
        return WORDS.followed(name, me, card)
    return Event(R_DISCARD, f"{name} has no {led.english} and plays the {card.english}, which cannot win the "
                            "trick.", "", "", me)


def trick_event(names: Sequence[str], plays: Sequence[tuple[int, ElementCard]], seat: int,
                card: ElementCard) -> Event:
    """B3: ``seat`` takes the trick with ``card``, the highest of the element led; what Fire and Water it holds."""
    elements = [c.element for _seat, c in plays]
    fire, water = elements.count(FIRE), elements.count(WATER)
    in_it = (f" It holds {fire} Fire and {water} Water." if fire and water else f" It holds {fire} Fire."
             if fire else f" It holds {water} Water." if water else "")
    return Event(R_TRICK, f"{names[seat]} takes the trick with the {card.english}, the highest "
                          f"{card.element.english} played.{in_it}", "", "", seat)


class _Turn(TrickTurn):
    """Scratch space for one move: the parts of the state that change (the trick core's, and the pit), events in
    order, then a new state."""

    prefix = PREFIX
    s: BurnState

    def __init__(self, state: BurnState) -> None:
        super().__init__(state)
        self.pit: int | None = None
        self.instant: tuple[int, ...] = ()

    def play(self, card: ElementCard) -> BurnState:
        """B2, B3: a card goes on the trick; the last card of a trick decides it."""
        me = self.s.current
        assert me is not None
        self.events.append(card_event(self.s, me, card))
        played, players = self.lay(card), len(self.hands)
        if played < players:
            return self.build(to_play(self.leader, played, players))
        return self.take_trick()

    def take_trick(self) -> BurnState:
        """B3: the highest card of the element led takes the trick, and its player leads next."""
        plays = self.plays
        index = winning_index(plays, suit=element, value=value)
        seat = self.take(index)
        self.events.append(trick_event(self.names, plays, seat, plays[index][1]))
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
        worth = self.s.pit_worth()
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
                          f"deal {self.deal_no + 1}{f' of {SHORT_DEALS}' if s.rules.short else ''} and "
                          f"{self.names[self.leader]} leads.")
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
        elif s.rules.short and not any(t >= s.rules.target for t in sheet.totals):
            reason = f"All {SHORT_DEALS} deals of the short game are played."
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
        return type(s)(s.setup, s.rules, self.names, s.sides, self.hands, self.won, self.plays, self.leader,
                       self.tricks, self.dealer, self.deal_no, self.sheet, current, self.pit, self.instant,
                       tuple(self.events))
