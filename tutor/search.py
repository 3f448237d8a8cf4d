"""Determinized search, shared by the expert bots: guess the hidden cards, play each move out, keep the best.

A game gives two functions: ``guess()`` deals the cards the mover cannot see in
one way consistent with what the table has shown, and ``play_out(world, action)``
plays ``action`` in that guessed world to the end with a quick policy and returns
the outcome for the mover's side (higher is better).  Every legal action is played
out in the same guessed worlds, so their means compare fairly.

For the trick games (Burn, Pymtheg) ``Hidden`` reads what the mover knows of a
deal and guesses the other hands from it.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence

from tutor.bots import said
from tutor.tricks import SUIT, Reader, Trick, shown_void

GUESS_TRIES = 12  # deals tried against the shown voids before the unseen cards are dealt freely


def determinized(legal: Sequence[Any], guess: Callable[[], Any], play_out: Callable[[Any, Any], float], *,
                 budget: float, least: int = 1) -> tuple[dict[Any, float], int]:
    """Each legal action's mean outcome over guessed worlds, and how many worlds were guessed.

    Guesses until ``budget`` seconds are spent, and at least ``least`` times.
    """
    deadline = time.perf_counter() + budget
    totals = dict.fromkeys(legal, 0.0)
    guesses = 0
    while guesses < least or time.perf_counter() < deadline:
        world = guess()
        for action in totals:
            totals[action] += play_out(world, action)
        guesses += 1
    return {action: total / guesses for action, total in totals.items()}, guesses


def best_of(legal: Sequence[Any], guess: Callable[[], Any], play_out: Callable[[Any, Any], float], *,
            budget: float, least: int = 1) -> tuple[Any, float, int]:
    """The legal action with the best mean outcome (``determinized``; the first of equals), that mean, and how many
    worlds were guessed."""
    means, guesses = determinized(legal, guess, play_out, budget=budget, least=least)
    best = max(legal, key=means.__getitem__)
    return best, means[best], guesses


ONLY_CARD = "It is the only card I may play."


def card_search(legal: Sequence[Any], deal: Callable[[], "Hidden"], rng: random.Random,
                words: Callable[[Any, float, int], str], *, budget: float, least: int) -> tuple[Any, str]:
    """A trick game's searched card play, and why: the only one of ``legal``, or the one whose guessed deals went
    best (``deal().best``; the deal is read only when there is a choice), with ``words(best, mean, deals)``."""
    if len(legal) == 1:
        return legal[0], said(ONLY_CARD, ("only-move",))
    best, mean, deals = deal().best(legal, rng, budget=budget, least=least)
    return best, words(best, mean, deals)


class Hidden:
    """What the player to move in a trick game knows of the deal, for guessing the hands it cannot see: its own
    hand, the cards it has not seen, how many cards each seat holds, and the suits each seat has shown it lacks.

    ``state`` has the trick core's fields (``current``, ``hands``, ``won``, ``plays``, ``leader``, ``tricks``);
    ``pack`` is every card of the deal; ``suit`` reads a card's suit (the element deck's: its element).  A game
    subclasses it with ``play_out``, and ``best`` searches.
    """

    def __init__(self, state: Any, pack: Sequence[Any], *, suit: Reader = SUIT) -> None:
        me = state.current
        assert me is not None
        self.state, self.me, self.suit = state, me, suit
        self.players = len(state.hands)
        seen = set(state.hands[me]) | {c for w in state.won for c in w} | {c for _s, c in state.plays}
        seen.update(c for t in state.tricks for c in t.cards)
        self.unseen = [c for c in pack if c not in seen]
        self.sizes = [len(h) for h in state.hands]
        self.voids = shown_void(state.tricks + (Trick(state.leader, state.plays),), self.players, suit=suit)

    def guess(self, rng: random.Random) -> list[list]:
        """Every hand: the mover's own, and the others dealt from the unseen cards, each to its size and without a
        suit it has shown it lacks (when the voids cannot all be met in a few tries, the unseen cards dealt freely)."""
        suit, sizes, voids = self.suit, self.sizes, self.voids
        others = sorted((s for s in range(self.players) if s != self.me), key=lambda s: -len(voids[s]))
        for _attempt in range(GUESS_TRIES):
            rest = self.unseen[:]
            rng.shuffle(rest)
            hands: list[list] = [[] for _ in range(self.players)]
            for seat in others:
                fits = [c for c in rest if suit(c) not in voids[seat]]
                if len(fits) < sizes[seat]:
                    break
                hands[seat] = fits[:sizes[seat]]
                given = set(hands[seat])
                rest = [c for c in rest if c not in given]
            else:
                hands[self.me] = list(self.state.hands[self.me])
                return hands
        rest = self.unseen[:]
        rng.shuffle(rest)
        hands = [[] for _ in range(self.players)]
        for seat in others:
            hands[seat], rest = rest[:sizes[seat]], rest[sizes[seat]:]
        hands[self.me] = list(self.state.hands[self.me])
        return hands

    def play_out(self, hands: list[list], card: Any, rng: random.Random) -> float:
        """The game's: play ``card`` in the guessed ``hands`` and the deal to its end with a quick policy; how well
        it went for the mover's side (higher is better)."""
        raise NotImplementedError

    def best(self, legal: Sequence[Any], rng: random.Random, *, budget: float, least: int) -> tuple[Any, float, int]:
        """The card play among ``legal`` (moves with a ``card``) whose guessed deals, played out, went best
        (``best_of``): the move, its mean outcome, and how many deals were guessed."""
        return best_of(legal, lambda: self.guess(rng), lambda hands, a: self.play_out(hands, a.card, rng),
                       budget=budget, least=least)
