"""Pig's bots: strategy only, found by the registry (``tutor.games.bot_module``); nothing else in the package
imports it.  ``heuristic`` is the "strong" level: collect a rank, and react in the race.  ``search`` is the
"expert" one: it chooses the card to pass by guessing the hands it cannot see many ways and playing each pass out
to the end of the deal with ``heuristic``'s rule in every seat (on ranks alone, ``pass_rank``: suits make no
difference to collecting, and the play-outs run many times faster than the game's own moves); the race stays with
``heuristic``.  It never looks at the real hidden hands, nor at the cards the others have chosen to pass."""

from __future__ import annotations

import random
from typing import Any

from tutor.bots import Said, said
from tutor.cards import Rank
from tutor.search import determinized

from .moves import NOSE, PASSES, WAIT, Pass, has_four
from .rules import HAND
from .state import PigState


def heuristic(state: PigState, rng: random.Random) -> tuple[Any, Said]:
    """Signal with four; collect a rank held most (ties drawn at random) by passing a card of a rank held fewest;
    in a race, react when your delay has run out.

    The reason's claims: ``touched`` (someone has touched their nose), ``delay`` (seat, its reaction time in ms),
    ``holds-count`` (seat, rank, how many it holds), ``fewest`` (the card passed: no other rank but the one
    collected is held fewer times)."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    if state.touched:
        clock = state.tick * state.rules.tick_ms
        if state.delays[me] < clock + state.rules.tick_ms or state.tick >= state.rules.max_ticks - 1:
            return NOSE, said(f"Someone has touched their nose; {state.delays[me]} ms is my reaction time, "
                              "so I touch mine at once — the last to do it is the pig.", ("touched",),
                              ("delay", me, state.delays[me]))
        return WAIT, said(f"I have not noticed yet: my reaction takes {state.delays[me]} ms.",
                          ("delay", me, state.delays[me]))
    rank = has_four(hand)
    if rank is not None:
        return NOSE, said(f"I hold four {rank.english_plural}: I lay my hand down and touch my nose.",
                          ("holds-count", me, rank, 4))
    counts: dict[Rank, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    keep = max(counts.values())
    # A random choice among the ranks held most: two neighbours who always chose the same rank could
    # hold two of it each and pass for ever.
    target = rng.choice(sorted(r for r in counts if counts[r] == keep))
    fewest = min(n for r, n in counts.items() if r != target)
    card = rng.choice([c for c in hand if c.rank != target and counts[c.rank] == fewest])
    return PASSES[card], said(f"I collect {target.english_plural} (I hold {keep}); the {card.label} is an odd "
                              "card, so I pass it on.", ("holds-count", me, target, keep), ("fewest", card, target))


# ---------------------------------------------------------------- the expert: guess the hidden hands, play them out

BUDGET = 0.1  # seconds of guessing per decision (the last guessed deal may run over)
LEAST = 12  # guessed deals at the least, however long they take
HORIZON = 40  # passing rounds a guessed deal is played for; one still going then counts as anyone's to lose
TRIES = 30  # guesses tried against what the table has shown before a looser one is taken


def search(state: PigState, rng: random.Random, budget: float = BUDGET, least: int = LEAST) -> tuple[Any, Said]:
    """Choose the card to pass by determinized search: deal the cards the mover cannot see many ways consistent with
    what it knows (its own hand, the card it passed last round, which its left neighbour holds now, and the card it
    was handed, which its right neighbour chose to let go; nobody else holds four of a kind, or they would have
    signalled), play each rank it could pass on to the end of the deal with ``heuristic``'s rule in every seat (the
    race that ends it is reaction: whoever collects four is safe, and the pig as likely any one of the others), and
    keep the pass after which it was the pig least often.  The race (touch your nose or wait) is reaction, not
    choice: it stays with ``heuristic``, as does a forced signal.  Stops after ``budget`` seconds (at least ``least``
    deals); with ``budget=0`` it guesses exactly ``least`` deals, so a seeded ``rng`` gives the same answer."""
    legal = state.legal_actions()
    if state.touched or len(legal) == 1:
        return heuristic(state, rng)
    passes: dict[int, Pass] = {}
    for action in legal:  # one pass per rank: which suit goes makes no difference to anyone's collecting
        passes.setdefault(int(action.card.rank), action)
    table = _Table(state)
    means, deals = determinized(list(passes), lambda: table.guess(rng), table.play_out, budget=budget, least=least)
    ranked = sorted(passes, key=lambda r: -means[r])  # stable: the first of equal passes stays first
    best, second = ranked[0], ranked[1]
    return passes[best], said(f"In {deals} guessed deals, passing the {passes[best].card.label} left me the pig "
                          f"{1 - means[best]:.0%} of the time; passing the {passes[second].card.label}, "
                              f"{1 - means[second]:.0%}.")


def pass_rank(hand: list[int], rng: random.Random) -> int:
    """``heuristic``'s pass on ranks alone: collect a rank held most (ties drawn at random) and pass one of a rank
    held fewest besides it, each such rank as likely as ``heuristic``'s draw of a card makes it."""
    key = tuple(sorted(hand))
    choices = _PASS_RANKS.get(key)
    if choices is None:
        choices = _PASS_RANKS[key] = _pass_ranks(key)
    return choices[0] if len(choices) == 1 else rng.choice(choices)


_PASS_RANKS: dict[tuple[int, ...], tuple[int, ...]] = {}  # a hand's passes by the rule, each as often as drawn


def _pass_ranks(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks ``heuristic`` may pass from ``hand``, one entry for each (target, rank) it may draw: with four
    cards every rank it may collect leaves as many to pass, so each entry is equally likely."""
    counts: dict[int, int] = {}
    for rank in hand:
        counts[rank] = counts.get(rank, 0) + 1
    keep = max(counts.values())
    out: list[int] = []
    for target in sorted(r for r in counts if counts[r] == keep):
        fewest = min(n for r, n in counts.items() if r != target)
        out.extend(sorted(r for r, n in counts.items() if r != target and n == fewest))
    return tuple(out)


def _four(hand: list[int]) -> bool:
    """Whether a hand of four holds four of a kind."""
    return hand[0] == hand[1] == hand[2] == hand[3]


def _could_have_passed(hand: list[int], given: int) -> bool:
    """Whether a player now holding ``hand``, who last round passed a card of rank ``given`` and was handed one of
    the cards now held, could have chosen that pass by ``heuristic``'s rule."""
    for taken in set(hand):
        before = list(hand)
        before.remove(taken)
        before.append(given)
        counts: dict[int, int] = {}
        for rank in before:
            counts[rank] = counts.get(rank, 0) + 1
        keep = max(counts.values())
        for target, n in counts.items():
            if target != given and n == keep and counts[given] == min(m for r, m in counts.items() if r != target):
                return True
    return False


class _Table:
    """What the mover knows of the deal, by ranks (suits make no difference to collecting): its own hand, the
    players still in and the order they pass in, the ranks dealt, the rank it passed its left neighbour last round
    and the rank its right neighbour passed it."""

    def __init__(self, state: PigState) -> None:
        me = state.current
        assert me is not None
        self.order = order = state.order_from(state.dealer)  # each passes to the next, the last to the first
        self.at = order.index(me)
        self.mine = [int(c.rank) for c in state.hands[me]]  # plain numbers: quicker to count than ranks
        dealt = sorted({int(c.rank) for hand in state.hands for c in hand})  # announced at the deal: four of each
        unseen = [rank for rank in dealt for _ in range(HAND)]
        for rank in self.mine:
            unseen.remove(rank)
        left = order[(self.at + 1) % len(order)]
        passed = state.received[left] if state.received else None  # what the mover handed on last round
        given = state.received[me] if state.received else None  # what its right neighbour handed it
        self.passed = int(passed.rank) if passed is not None else None
        self.given = int(given.rank) if given is not None else None
        if self.passed is not None:
            unseen.remove(self.passed)
        self.unseen = unseen
        self.left, self.right = (self.at + 1) % len(order), (self.at - 1) % len(order)
        limit = state.rules.passing_limit - state.passes  # rounds before a deal with no four of a kind ends
        self.rounds, self.ends = min(HORIZON, limit), limit <= HORIZON

    def guess(self, rng: random.Random) -> tuple[list[list[int]], int]:
        """Every hand (in passing order), the others dealt from the unseen ranks so that the left neighbour holds
        the card passed to it, nobody else holds four of a kind, and the right neighbour could have chosen the card
        it passed by the rule of thumb (when a few tries find no such deal, the last two are let go, one by one);
        and a seed for the players' own choices in it (the same for every pass tried)."""
        hands: list[list[int]] = []
        for strict in (2, 1, 0):
            for _attempt in range(TRIES if strict else 1):
                hands = self._deal(rng)
                if strict and any(_four(h) for i, h in enumerate(hands) if i != self.at):
                    continue
                if strict == 2 and self.given is not None and self.right != self.at and not _could_have_passed(
                        hands[self.right], self.given):
                    continue
                return hands, rng.randrange(1 << 30)
        return hands, rng.randrange(1 << 30)

    def _deal(self, rng: random.Random) -> list[list[int]]:
        rest = self.unseen[:]
        rng.shuffle(rest)
        hands, at = [], 0
        for i in range(len(self.order)):
            if i == self.at:
                hands.append(list(self.mine))
                continue
            size = HAND - (i == self.left and self.passed is not None)
            hand = rest[at:at + size]
            at += size
            if size < HAND:
                hand.append(self.passed)
            hands.append(hand)
        return hands

    def play_out(self, world: tuple[list[list[int]], int], rank: int) -> float:
        """Pass a card of ``rank``, then let every seat pass by ``heuristic``'s rule until someone holds four of a
        kind: the mover's chance of not being the pig (1 when it signals; else the race picks one of the others
        still looking, as likely any as another).  A deal that reaches the table's limit on passing rounds gives the
        letter to the weakest hand, as the rules do; one still going after ``HORIZON`` rounds counts as anyone's."""
        dealt, seed = world
        rng = random.Random(seed)
        hands = [h[:] for h in dealt]
        me, players = self.at, len(hands)
        for i, hand in enumerate(hands):  # only in a loose guess: a four dealt to another seat is signalled at once
            if _four(hand):
                return 1 - 1 / (players - 1)
        for round_no in range(self.rounds):
            chosen = [rank if i == me and round_no == 0 else pass_rank(h, rng) for i, h in enumerate(hands)]
            for i, r in enumerate(chosen):
                hands[i].remove(r)
                hands[(i + 1) % players].append(r)
            for i, hand in enumerate(hands):  # the first holder from the dealer's left signals
                if _four(hand):
                    return 1.0 if i == me else 1 - 1 / (players - 1)
        if self.ends:  # pig.stale / pig.stop: the weakest hand (the first from the dealer's left on a tie)
            loser = min(range(players), key=lambda i: max(hands[i].count(r) for r in hands[i]))
            return 0.0 if loser == me else 1.0
        return 1 - 1 / players
