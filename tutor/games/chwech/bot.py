"""The Chwech bots: shed cards, and take a trick only when the cards won land on (or just below) a multiple of nine.

``heuristic`` is the rule-of-thumb player that says why in words; the "strong" bot
level uses it and the play app's hint shows its reason.  ``search`` (the "expert"
level) deals the cards the mover cannot see many ways, plays each legal move out
to the end of the deal with ``heuristic`` in every seat, and keeps the move that
scored the mover most.  It never looks at the real hidden hands.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from tutor.bots import Said, said
from tutor.cards import Rank
from tutor.match import EndRule
from tutor.search import determinized

from .moves import PASS, CardPlay, Pass
from .packs import HAND_SIZE, is_joker, rank_value, sort_key
from .scoring import card_power, multiplier
from .state import ChwechState


def heuristic(state: ChwechState, rng: random.Random) -> tuple[CardPlay | Pass, Said]:
    """Shed cards, and take a trick only when it brings the cards won to (or just below) a multiple of nine.

    The reason's claims: ``won`` (seat, cards won so far), ``trick-size`` (cards in the trick with mine),
    ``multiplier`` (cards won, the multiplier they give), ``beats`` / ``loses`` (my play against the trick, made
    only when I play last), ``all-beat`` (every card I may play beats the trick so far), ``no-plays``."""
    action, why = choose(state, rng)
    me = state.current_player
    assert me is not None
    won = len(state.won[me])
    n, last = len(state.trick) + 1, len(state.queue) == 1
    then, now = multiplier(won + n, HAND_SIZE), multiplier(won, HAND_SIZE)
    counts = [("won", me, won), ("multiplier", won + n, then), ("multiplier", won, now)]
    if why == "nothing":
        return action, said("I have no card I may play here, so I pass.", ("no-plays",))
    played = _words(state, action).removeprefix("playing ")
    if why == "lead":
        return action, said(f"I lead low, {played}: leading sheds a card, and a low one is unlikely to win cards I "
                            "do not want.")
    if why == "take":
        stands = "" if last else " as it stands"
        return action, said(f"If I take this trick{stands} ({n} cards with mine), I have {won + n} cards won, a "
                            f"multiplier of {then} (now {now}): worth winning, and a card is shed. I play {played}.",
                            *counts, ("trick-size", n), *([("beats", action)] if last else []))
    if why == "shed":
        return action, said(f"I play {played}, which should not win the trick: it sheds a card without taking cards "
                            "I do not want.", *([("loses", action)] if last else []))
    return action, said(f"Every card I may play would win this trick, and {won + n} cards won would spoil my count "
                        f"(a multiplier of {then}, now {now}): I pass.", *counts, *([("all-beat",)] if last else []))


def choose(state: ChwechState, rng: random.Random) -> tuple[CardPlay | Pass, str]:
    """``heuristic``'s move without its words (the guessed deals play thousands of them), and which way of playing
    chose it: "nothing" (no card may be played), "lead", "take", "shed" or "pass"."""
    me = state.current_player
    assert me is not None
    legal = state.legal_actions()
    plays = [a for a in legal if isinstance(a, CardPlay)]
    if not plays:
        return PASS, "nothing"
    if state.leading:
        return min(plays, key=lambda a: (_lead_value(a, state.rules.thirteens_jokers), rng.random())), "lead"
    won = len(state.won[me])
    n = len(state.trick) + 1
    last = len(state.queue) == 1
    gain = multiplier(won + n, HAND_SIZE) >= multiplier(won, HAND_SIZE)
    current = [card_power(p, k, n, state.rules) for k, (_, p) in enumerate(state.trick)]
    top = max(current) if current else -10
    losing, winning = [], []
    for a in plays:
        p = card_power(a, n - 1, n, state.rules) if last else card_power(a, n - 1, n + 1, state.rules)
        (winning if p > top else losing).append((p, a))
    if gain and winning:
        return max(winning, key=lambda x: x[0])[1], "take"
    if losing:
        return max(losing, key=lambda x: x[0])[1], "shed"
    return PASS, "pass"


def _lead_value(action: CardPlay, thirteens_jokers: bool) -> float:
    """How low a lead is: jokers count as 7½, an ace declared low as 1."""
    if is_joker(action.card, thirteens_jokers):
        return 7.5
    return 1 if action.card.rank is Rank.ACE and action.ace == "low" else rank_value(action.card)


# ---------------------------------------------------------------- the expert: guess the hidden hands, play them out

BUDGET = 0.1  # seconds of guessing per decision (the last guessed deal may run over)
LEAST = 3  # guessed deals at the least, however long they take
_GERUNDS = {"Play": "playing", "Pass": "passing"}


def search(state: ChwechState, rng: random.Random, budget: float = BUDGET,
           least: int = LEAST) -> tuple[CardPlay | Pass, Said]:
    """Determinized search: deal the cards the mover cannot see many ways consistent with what the table has
    shown, play every legal move out to the end of the deal with the rule-of-thumb bot in every seat, and keep the
    move whose guessed deals scored the mover most.  Stops after ``budget`` seconds (at least ``least`` deals);
    with ``budget=0`` it guesses exactly ``least`` deals, so a seeded ``rng`` gives the same answer every time."""
    legal = state.legal_actions()
    if len(legal) == 1:
        only = legal[0]
        if isinstance(only, Pass):
            return only, said("Nothing I hold may be played now, so I pass.", ("no-plays",))
        return only, said(f"It is the only move I have: {_words(state, only)}.", ("only-move",))
    deal = _Deal(state)
    means, deals = determinized(legal, lambda: deal.guess(rng), deal.play_out, budget=budget, least=least)
    ranked = sorted(legal, key=lambda a: -means[a])  # stable: the first of equal moves stays first
    best, second = ranked[0], ranked[1]
    return best, said(f"In {deals} guessed deals, {_words(state, best)} scored me {means[best]:.1f} points on average "
                      f"by the end of the deal; {_words(state, second)}, {means[second]:.1f}.")


def _words(state: ChwechState, action: CardPlay | Pass) -> str:
    """The move as the mover would say it: "playing the 7♠", "passing the lead"."""
    verb, _, rest = state.prompt(action).partition(" ")
    return f"{_GERUNDS.get(verb, verb.lower())} {rest}".strip()


class _Deal:
    """What the mover knows of the deal: its own hand, every card played so far (the cards won and the trick on
    the table), and how many cards each other seat holds.  In Chwech a player may pass holding the suit led, so no
    pass shows a void: the unseen cards are dealt freely, each hand to its size."""

    def __init__(self, state: ChwechState) -> None:
        me = state.current
        assert me is not None
        self.state, self.me = state, me
        self.deals_done = state.sheet.deals
        seen = Counter(state.hands[me])
        seen.update(c for won in state.won for c in won)
        seen.update(play.card for _, play in state.trick)
        unseen = []
        for card in state.rules.pack(len(state.hands)):  # the pack's fixed order: nothing of the real hands
            if seen[card]:
                seen[card] -= 1
            else:
                unseen.append(card)
        self.unseen = unseen
        self.sizes = [len(h) for h in state.hands]
        # The guessed deals stop at the end of this one: a score sheet that ends the match there spares dealing
        # the next deal in every play-out.
        self.sheet = replace(state.sheet, rule=EndRule(deals=self.deals_done + 1))

    def guess(self, rng: random.Random) -> tuple[ChwechState, int]:
        """The deal with the other hands dealt anew from the unseen cards, each to its size, and a seed for the
        bots' own choices in it (the same for every move tried)."""
        rest = self.unseen[:]
        rng.shuffle(rest)
        hands, at = [], 0
        for seat, size in enumerate(self.sizes):
            if seat == self.me:
                hands.append(self.state.hands[seat])
            else:
                hands.append(tuple(sorted(rest[at:at + size], key=sort_key)))
                at += size
        return self.state._replace(hands=tuple(hands), sheet=self.sheet), rng.randrange(1 << 30)

    def play_out(self, world: tuple[ChwechState, int], action: CardPlay | Pass) -> float:
        """Make ``action`` in the guessed deal, then let the rule-of-thumb bot play every seat to the deal's end;
        the mover's score for the deal."""
        state, seed = world
        rng = random.Random(seed)
        state = state.apply(action)
        done = self.deals_done
        while state.sheet.deals == done:
            state = state.apply(choose(state, rng)[0])
        return state.sheet.rows[done][self.me]
