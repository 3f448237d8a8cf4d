"""The Burn bots: duck Fire, win Water, go for the pit when it is on, and choose the pit by the standings.

``heuristic`` is a rule-based player that says why in words; the "strong" bot
level uses it and the play app's hint shows its reason.  ``search`` (the
"expert" level) guesses the hidden hands many times and plays each card out.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.bots import Said, said
from tutor.games.burn.moves import PITS, CardPlay, Pit
from tutor.games.burn.rules import ALL_FIRE, ALL_WATER, FIRE, PACK, WATER, element, value
from tutor.games.burn.scoring import pit_choices, score_deal
from tutor.games.burn.state import BurnState
from tutor.search import ONLY_CARD, Hidden, card_search
from tutor.tricks import legal_plays, pool, winning_index

PIT_ON = 10  # a side that has taken every Fire and Water card so far, and at least this many, plays for the pit


def heuristic(state: BurnState, rng: random.Random) -> tuple[CardPlay | Pit, Said]:
    """The bot's move and its reason in words, first person, with the facts it states (``Said.claims``):

    ``only-move``; ``pit-choices`` (the ways the pit may go); ``lowest-total`` / ``not-lowest`` (a side's total
    against the others'); ``pit-on`` (the side has taken every Fire and Water card taken so far, so many);
    ``their-pit`` (one other side has); ``only-fire`` (the hand); ``lowest`` (the card, and the element it is
    lowest apart from, or ``None``); ``void`` (no card of the element led); ``winning`` (the seat winning the trick
    so far); ``beats`` / ``loses`` (the card against the trick so far); ``highest-loser`` (no higher card that
    loses); ``all-beat`` (every card I may play beats the trick so far); ``trick-cost`` (the card, and whether
    taking the trick with it would cost my side points, 1, help, −1, or neither, 0); ``highest`` (the card, and an
    element it is highest apart from, or ``None``).
    """
    if state.phase == "pit":
        return pit_choice(state)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0], said(ONLY_CARD, ("only-move",))
    return Reader(state).choose(legal)


def pit_choice(state: BurnState) -> tuple[Pit, Said]:
    """Both ways gain the pit's value on every opponent: when ahead, bring the end nearer; when behind, not."""
    assert state.pit is not None
    totals, side = state.sheet.totals, state.pit
    worth = state.pit_worth()
    choices = pit_choices(totals, side, worth, state.rules.target)
    if len(choices) == 1:
        if choices[0] == "minus":
            return PITS["minus"], said(f"Giving {worth} would push an opponent past {state.rules.target}, which is "
                                       f"not allowed, so I take {worth} off my own score.", ("pit-choices", choices))
        return PITS["plus"], said(f"Taking {worth} off would put me below 0, which is not allowed, so I give {worth} "
                                  "to each opponent.", ("pit-choices", choices))
    others = [t for i, t in enumerate(totals) if i != side]
    if totals[side] < min(others):
        return PITS["plus"], said(f"Either way I gain {worth} on every opponent. I have the lowest score, so "
                                  "putting theirs up brings the end of the game nearer while I am ahead.",
                                  ("pit-choices", choices), ("lowest-total", side))
    return PITS["minus"], said(f"Either way I gain {worth} on every opponent. I am not in the lead alone, so I take "
                               f"{worth} off my own score and keep the game going to catch up.",
                               ("pit-choices", choices), ("not-lowest", side))


class Reader:
    """The position as the bot reads it: what each side has taken, and what the trick holds."""

    def __init__(self, state: BurnState) -> None:
        self.state = state
        self.me = me = state.current
        assert me is not None
        self.side = state.sides[me]
        taken = [(sum(1 for c in cards if c.element is FIRE), sum(1 for c in cards if c.element is WATER))
                 for cards in pool(state.won, state.sides)]
        self.taken = taken
        self.fire, self.water = taken[self.side]
        others = [t for i, t in enumerate(taken) if i != self.side]
        mine = self.fire + self.water
        self.pit_on = state.scoring.per_fire != 0 and mine >= PIT_ON and not any(f or w for f, w in others)
        self.their_pit = any(f + w >= PIT_ON for f, w in others) and mine == 0 and sum(
            1 for f, w in taken if f or w) == 1
        plays = state.plays
        self.last = len(plays) == state.players - 1
        self.led = plays[0][1].element if plays else None
        self.top = max((c.value for _, c in plays if c.element is self.led), default=0)
        self.winner = next((seat for seat, c in plays if c.element is self.led and c.value == self.top), None)
        self.partner_wins = self.winner is not None and self.winner != me and state.sides[self.winner] == self.side
        self.trick_fire = sum(1 for _, c in plays if c.element is FIRE)
        self.trick_water = sum(1 for _, c in plays if c.element is WATER)

    def badness(self, fire: int, water: int) -> int:
        """How bad (for this side) taking ``fire`` and ``water`` cards in all would be, by the deal's scoring."""
        scoring = self.state.scoring
        points = score_deal([(min(fire, 15), min(water, 15))], scoring)[0].points
        if fire >= 15 and water >= 15 and scoring.pit_bonus is None:
            return -30
        return points if scoring.lowest_wins else -points

    def cost(self, card) -> int:
        """What taking this trick with ``card`` in it would do to this side's score (negative: it helps)."""
        fire = self.trick_fire + (card.element is FIRE)
        water = self.trick_water + (card.element is WATER)
        return self.badness(self.fire + fire, self.water + water) - self.badness(self.fire, self.water)

    def choose(self, legal: list[CardPlay]) -> tuple[CardPlay, Said]:
        if self.led is None:
            return self.lead(legal)
        if legal[0].card.element is self.led:
            return self.follow(legal)
        return self.discard(legal)

    def pit_words(self) -> str:
        return f"My side has taken every Fire and Water card taken so far ({self.fire + self.water})"

    def lead(self, legal: list[CardPlay]) -> tuple[CardPlay, Said]:
        if self.pit_on:
            best = max(legal, key=lambda a: a.card.value)
            return best, said(f"{self.pit_words()}: a pit is on, so I lead high to keep winning tricks, the "
                              f"{best.card.english}.", ("pit-on", self.side, self.fire + self.water),
                              ("highest", best.card, None))
        safe = [a for a in legal if a.card.element is not FIRE] or legal
        low = min(safe, key=lambda a: (a.card.value, a.card.element is WATER))
        if low.card.element is FIRE:
            return low, said(f"I hold only Fire: I lead my lowest, the {low.card.english}, so someone else is likely "
                             "to take it.", ("only-fire", self.me), ("lowest", low.card, None))
        return low, said(f"I lead my lowest card that is not Fire, the {low.card.english}: someone else will "
                         "probably take the trick, and no Fire goes with my lead.", ("lowest", low.card, FIRE))

    def follow(self, legal: list[CardPlay]) -> tuple[CardPlay, Said]:
        wins = [a for a in legal if a.card.value > self.top]
        loses = [a for a in legal if a.card.value < self.top]
        low = min(legal, key=lambda a: a.card.value)
        high = max(legal, key=lambda a: a.card.value)
        cost = self.cost(high.card)
        hot = self.trick_fire or self.trick_water or self.led in (FIRE, WATER)
        if self.pit_on and hot and wins:
            pick = max(wins, key=lambda a: a.card.value)
            return pick, said(f"{self.pit_words()}: a pit is on, so I win every trick with Fire or Water in it, "
                              f"here with the {pick.card.english}.", ("pit-on", self.side, self.fire + self.water),
                              ("beats", pick.card))
        if self.their_pit and wins and hot:
            pick = max(wins, key=lambda a: a.card.value)
            return pick, said(f"Another side has taken every Fire and Water card taken so far: I take this trick "
                              f"with the {pick.card.english} to spoil their pit.", ("their-pit", self.side),
                              ("beats", pick.card))
        if self.partner_wins and loses:
            pick = max(loses, key=lambda a: a.card.value)
            return pick, said(f"My partner is winning this trick: I stay under and shed a high card, the "
                              f"{pick.card.english}.", ("winning", self.winner), ("loses", pick.card),
                              ("highest-loser", pick.card))
        if cost > 0:
            if loses:
                pick = max(loses, key=lambda a: a.card.value)
                return pick, said(f"Taking this trick would cost me points: I duck with the {pick.card.english}, "
                                  "my highest card that still loses.", ("trick-cost", high.card, 1),
                                  ("loses", pick.card), ("highest-loser", pick.card))
            if self.last:
                return high, said("I must win this trick whatever I play, so I win it with my highest card and keep "
                                  "the low ones for ducking later.", ("all-beat",), ("highest", high.card, None))
            return low, said("Every card I may play beats the trick so far: I play my lowest and hope someone goes "
                             "higher.", ("all-beat",), ("lowest", low.card, None))
        if cost < 0:
            water = "(more Water than Fire scores nothing)" if self.state.scoring.lowest_wins else ""
            helps = f"Taking this trick would help me {water}".rstrip()
            if self.last:
                if wins:
                    pick = min(wins, key=lambda a: a.card.value)
                    return pick, said(f"{helps}: I take it with the lowest card that wins, the {pick.card.english}.",
                                      ("trick-cost", pick.card, -1), ("beats", pick.card))
                return low, said(f"{helps}, but none of my cards can win it, so I play my lowest.",
                                 ("trick-cost", high.card, -1), ("loses", high.card), ("lowest", low.card, None))
            return high, said(f"{helps}: I play high to win it, the {high.card.english}.",
                              ("trick-cost", high.card, -1), ("highest", high.card, None))
        if loses:
            pick = max(loses, key=lambda a: a.card.value)
            return pick, said("Nothing to gain or lose in this trick: I shed my highest card that still loses, the "
                              f"{pick.card.english}.", ("trick-cost", high.card, 0), ("loses", pick.card),
                              ("highest-loser", pick.card))
        if self.last:
            return high, said("I win this trick anyway: I win it with my highest card.", ("all-beat",),
                              ("highest", high.card, None))
        return low, said("Every card I may play beats the trick so far: I play my lowest and hope someone goes "
                         "higher.", ("all-beat",), ("lowest", low.card, None))

    def discard(self, legal: list[CardPlay]) -> tuple[CardPlay, Said]:
        led = self.led.english
        void = ("void", self.me, self.led)
        if self.partner_wins:
            water = [a for a in legal if a.card.element is WATER]
            if water and self.cost(water[0].card) <= 0:
                pick = max(water, key=lambda a: a.card.value)
                return pick, said(f"I have no {led} and my partner is winning this trick: I give it a Water card, "
                                  f"the {pick.card.english}, which helps against Fire.", void,
                                  ("winning", self.winner))
            plain = [a for a in legal if a.card.element is not FIRE] or legal
            pick = max(plain, key=lambda a: a.card.value)
            apart = FIRE if pick.card.element is not FIRE else None
            which = "my highest card that is not Fire" if apart else "my highest card"
            return pick, said(f"I have no {led} and my partner is winning: I shed {which}, the {pick.card.english}.",
                              void, ("winning", self.winner), ("highest", pick.card, apart))
        fire = [a for a in legal if a.card.element is FIRE]
        if fire:
            pick = max(fire, key=lambda a: a.card.value)
            return pick, said(f"I have no {led}, so I cannot win this trick: I get rid of the {pick.card.english} — "
                              "Fire I give away cannot burn me.", void, ("loses", pick.card))
        plain = [a for a in legal if a.card.element is not WATER] or legal
        pick = max(plain, key=lambda a: a.card.value)
        apart = WATER if pick.card.element is not WATER else None
        no_fire = "" if self.led is FIRE else " and no Fire"
        which = "my highest card that is not Water" if apart and len(plain) < len(legal) else "my highest card"
        return pick, said(f"I have no {led}{no_fire}: I shed {which}, the {pick.card.english}, so it cannot win a "
                          "trick later.", void, ("void", self.me, FIRE), ("highest", pick.card, apart))


# ---------------------------------------------------------------- the search bot: guess the hands, play them out


def search(state: BurnState, rng: random.Random, *, budget: float = 0.1, least: int = 8) -> tuple[CardPlay | Pit, str]:
    """Determinized search: deal the unseen cards many ways consistent with what the table has shown,
    play each legal card out to the end of the deal with a quick policy, and keep the card whose deals
    scored best for this side against the others.  Stops after ``budget`` seconds (at least ``least`` deals).
    """
    if state.phase == "pit":
        return pit_choice(state)
    return card_search(state.legal_actions(), lambda: _Deal(state), rng, _search_words, budget=budget, least=least)


def _search_words(best: CardPlay, mean: float, deals: int) -> str:
    return (f"Dealing the cards I cannot see {deals} ways and playing each deal out, the {best.card.english} "
            f"did best: with it my side ended {abs(mean):.1f} points {'ahead of' if mean >= 0 else 'behind'} the "
            "others on average.")


class _Deal(Hidden):
    """The public facts of a deal and the searcher's own hand, for guessing and playing out hidden hands."""

    def __init__(self, state: BurnState) -> None:
        super().__init__(state, PACK, suit=element)
        self.sides = state.sides
        self.scoring = state.scoring
        self.pit = state.pit_worth()
        taken = [[0, 0] for _ in range(self.players)]
        for seat, cards in enumerate(state.won):
            for c in cards:
                if c.element is FIRE:
                    taken[seat][0] += 1
                elif c.element is WATER:
                    taken[seat][1] += 1
        self.taken = taken

    def play_out(self, dealt: list[list], first: Any, rng: random.Random) -> float:
        """Play ``first`` and then the whole deal with the quick policy; this side's result against the others."""
        hands = [h[:] for h in dealt]
        taken = [t[:] for t in self.taken]
        players = self.players
        plays = list(self.state.plays)
        leader = self.state.leader
        seat = self.me
        card = first
        while True:
            hands[seat].remove(card)
            plays.append((seat, card))
            if len(plays) == players:
                leader = plays[winning_index(plays, suit=element, value=value)][0]
                for _, c in plays:
                    if c.element is FIRE:
                        taken[leader][0] += 1
                    elif c.element is WATER:
                        taken[leader][1] += 1
                plays = []
                if not hands[leader]:
                    return self.worth(taken)
                seat = leader
            else:
                seat = (leader + len(plays)) % players
            card = quick_card(hands[seat], plays, rng)

    def worth(self, taken: list[list[int]]) -> float:
        """This side's deal against the average of the other sides (positive: better than them)."""
        sides = max(self.sides) + 1
        fire, water = [0] * sides, [0] * sides
        for seat, (f, w) in enumerate(taken):
            fire[self.sides[seat]] += f
            water[self.sides[seat]] += w
        bad = []
        for f, w in zip(fire, water):
            if f == ALL_FIRE and w == ALL_WATER:
                bad.append(-self.pit if self.scoring.pit_bonus is None else -self.scoring.pit_bonus)
            else:
                points = 0 if w > f else f * self.scoring.per_fire
                bad.append(points if self.scoring.lowest_wins else -points)
        mine = self.sides[self.me]
        others = [b for s, b in enumerate(bad) if s != mine]
        return sum(others) / len(others) - bad[mine]


def quick_card(hand: list, plays: list, rng: random.Random) -> Any:
    """The play-out policy: a cheap version of the rule-based bot (lead low, duck Fire, dump Fire when void)."""
    legal = legal_plays(hand, plays, suit=element, value=value)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return rng.choice(legal)
    if not plays:
        return min(legal, key=_lead_key)
    led = plays[0][1].element
    if legal[0].element is not led:
        fire = [c for c in legal if c.element is FIRE]
        return max(fire or legal, key=value)
    top = max(c.value for _, c in plays if c.element is led)
    under = [c for c in legal if c.value < top]
    if under:
        return max(under, key=value)
    return min(legal, key=value)


def _lead_key(card: Any) -> tuple[bool, int]:
    return (card.element is FIRE, card.value)
