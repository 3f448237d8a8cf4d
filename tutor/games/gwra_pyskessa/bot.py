"""Gwra Pyskessa's bots.

``heuristic`` (the "strong" level) remembers the public record of asks, and asks where a rank is known to be (as
Vicki does in the rule book's example); else for the rank it holds most of.  ``search`` (the "expert" level) deals
the cards it cannot see many ways, each agreeing with what the table has shown, and plays every ask worth weighing
out to the end of the game with the rule of thumb for every seat, keeping the ask that won most often.
"""

from __future__ import annotations

import random

from tutor.bots import Said, said
from tutor.cards import Card, Rank
from tutor.search import best_of

from .moves import Ask
from .rules import PACK, RANK_OF, SET_SIZE, rank_bits
from .scoring import verdict
from .state import PyskessaState


def known_holdings(state: PyskessaState) -> dict[tuple[int, Rank], bool]:
    """What the public record shows: (seat, rank) → True if known to hold it, False if known not to.

    A player who asked for a rank holds it; one who was handed cards holds them;
    one who answered "Nag eus" does not.  Handing the rank over, or a set of it
    being laid down, makes the old knowledge stale.
    """
    known: dict[tuple[int, Rank], bool] = {}
    for log in state.asks:
        known[log.asker, log.rank] = True
        known[log.target, log.rank] = False
    scored = {rank for seat_sets in state.sets for rank in seat_sets}
    return {key: value for key, value in known.items() if key[1] not in scored}


def remembering_choice(state: PyskessaState, rng: random.Random) -> tuple[Ask, Said]:
    """Ask where a rank is known to be (as Vicki does in the rule book's example); else the rank you hold most of.

    The reason's claims: ``asked-for`` (a seat asked for the rank earlier), ``holds-rank`` (a seat holds some of
    it), ``holds-count`` (a seat holds so many of it), ``nobody-known`` (no other seat is known by the record to
    hold it), ``not-denied`` (the seat has never answered "Nag eus" to it), ``none-open`` (every player I may ask
    has handed over or denied the rank asked since it was last asked for, or holds no cards)."""
    me = state.current
    assert me is not None
    hand = state.hands[me]
    counts = {rank: sum(1 for c in hand if c.rank == rank) for rank in {c.rank for c in hand}}
    legal = state.legal_actions()
    known = known_holdings(state)
    sure = [a for a in legal if known.get((a.target, a.rank)) is True]
    if sure:
        best = max(sure, key=lambda a: (counts[a.rank], len(state.hands[a.target]), -a.target))
        return best, said(f"{state.names[best.target]} asked for {best.rank.english_plural} earlier, so they hold "
                          "some: I ask them.", ("asked-for", best.target, best.rank),
                          ("holds-rank", best.target, best.rank))
    open_asks = [a for a in legal if known.get((a.target, a.rank)) is not False and state.hands[a.target]]
    pool = open_asks or legal
    most = max(counts[a.rank] for a in pool)
    pool = [a for a in pool if counts[a.rank] == most]
    choice = rng.choice(pool)
    name, ranks = state.names[choice.target], choice.rank.english_plural
    claims = [("nobody-known", choice.rank), ("holds-count", me, choice.rank, most)]
    if open_asks:
        return choice, said(f"Nobody else is known to hold {ranks}; I hold {most} of them, so a catch would bring "
                            f"me closest to a set. {name} has not said 'Nag eus' to them.", *claims,
                            ("not-denied", choice.target, choice.rank))
    return choice, said(f"Nobody else is known to hold {ranks}, and I hold {most} of them. No ask I may make is open "
                        "(each player I may ask has handed over or denied that rank, or holds no cards), but hands "
                        f"change as cards are drawn: I ask {name}.", *claims, ("none-open",))


def heuristic(state: PyskessaState, rng: random.Random) -> tuple[Ask, Said]:
    """The strong bot's ask and its reason in words."""
    return remembering_choice(state, rng)


# ---------------------------------------------------------------- the expert: guess the hidden cards, play each ask out

BUDGET = 0.12  # seconds of guessing per decision
LEAST = 4  # guesses made whatever the budget
SETS_WEIGHT = 0.02  # besides winning, each set the mover ends with counts this much of a win
GUESS_TRIES = 20  # guesses tried against the record before the hidden cards are dealt with less care
MOST_ASKS = 600  # a guessed game still going after this many asks is scored as it stands


def search(state: PyskessaState, rng: random.Random, budget: float = BUDGET, least: int = LEAST) -> tuple[Ask, Said]:
    """The expert's ask and its reason: determinized (Monte Carlo) search over what the mover may know.

    The cards the mover cannot see (the other hands and the stock) are dealt again
    many ways, each consistent with what is public: every hand's size, the sets
    laid down, and the record of asks (``what_the_record_shows``).  In each guessed
    deal every ask worth weighing is made and the game is played to its end with the
    strong bot's rule of thumb for every seat; the ask whose guessed games went best
    (the mover's share of the win, plus a little for every set the mover ends with)
    is chosen.  Asks the record shows cannot catch anything are not weighed, and when
    the record shows a catch is certain only the certain catches are.  The hidden
    cards are never looked at.  Guesses for ``budget`` seconds, and at least ``least``
    times (``budget=0`` makes exactly ``least`` guesses, so a seeded ``rng`` gives
    the same answer every time).
    """
    me = state.current
    assert me is not None
    legal = state.legal_actions()
    if len(legal) == 1:
        only = legal[0]
        return only, said(f"I hold only {only.rank.english_plural} and there is only {state.names[only.target]} "
                          "to ask, so that is the ask.", ("only-move",), ("holds-only", me, only.rank))
    least_held, most_held = what_the_record_shows(state)
    sure = [a for a in legal if least_held.get((a.target, a.rank), 0) > 0]
    hopeless = {a for a in legal if most_held.get((a.target, a.rank)) == 0 or not state.hands[a.target]}
    weighed = sure or [a for a in legal if a not in hopeless] or legal
    if len(weighed) == 1:
        only = weighed[0]
        name, ranks = state.names[only.target], only.rank.english_plural
        if sure:
            return only, said(f"{name} asked for {ranks} earlier, so they surely hold some: I ask them.",
                              ("asked-for", only.target, only.rank), ("holds-rank", only.target, only.rank))
        return only, said(f"Every other ask is sure to get 'Nag eus'; {name} may hold {ranks}, so I ask them.",
                          ("others-hopeless", only))
    counts = _rank_counts(state.hands[me])
    # Equal results go to the rank held most of, then the fuller hand (the rule of thumb's order).
    weighed.sort(key=lambda a: (-counts[a.rank], -len(state.hands[a.target]), a.target, a.rank))
    table = _Table(state, least_held, most_held)
    wins = dict.fromkeys(weighed, 0.0)
    sets = dict.fromkeys(weighed, 0)

    def play_out(world: tuple[PyskessaState, int], ask: Ask) -> float:
        share, laid = table.play_out(world, ask)
        wins[ask] += share
        sets[ask] += laid
        return share + SETS_WEIGHT * laid

    best, _mean, guesses = best_of(weighed, lambda: table.guess(rng), play_out, budget=budget, least=least)
    second = max((a for a in weighed if a != best), key=lambda a: wins[a] + SETS_WEIGHT * sets[a])

    def asking(ask: Ask) -> str:
        return f"asking {state.names[ask.target]} for {ask.rank.english_plural}"

    return best, said(f"Guessing the hidden cards {guesses} ways and playing each game out, {asking(best)} won me "
                      f"{wins[best] / guesses:.0%} of the games ({sets[best] / guesses:.1f} sets on average); "
                      f"{asking(second)}, {wins[second] / guesses:.0%} ({sets[second] / guesses:.1f} sets).")


def what_the_record_shows(state: PyskessaState) -> tuple[dict[tuple[int, Rank], int], dict[tuple[int, Rank], int]]:
    """What the public record of asks shows of each hand, rank by rank, for ranks not yet laid down:
    (seat, rank) → the fewest cards of it the seat must hold, and (seat, rank) → the most it may hold.

    A player who asks for a rank holds at least one, and after a catch the cards
    handed over as well.  A player who answers "Nag eus", or hands the rank over,
    then holds none; every card they draw later (after each of their own asks
    answered "Nag eus") may be one of it, so the most grows by one a draw.
    """
    least: dict[tuple[int, Rank], int] = {}
    most: dict[tuple[int, Rank], int] = {}
    for asker, target, rank, given in state.asks:
        least[asker, rank] = max(least.get((asker, rank), 0), 1) + given
        most.pop((asker, rank), None)
        least.pop((target, rank), None)
        most[target, rank] = 0
        if not given:  # the asker fished: one card of any rank
            for key in [k for k in most if k[0] == asker and k[1] != rank]:
                if most[key] + 1 >= SET_SIZE - 1:
                    del most[key]
                else:
                    most[key] += 1
    laid = {rank for seat_sets in state.sets for rank in seat_sets}
    return ({k: n for k, n in least.items() if k[1] not in laid},
            {k: n for k, n in most.items() if k[1] not in laid})


def _rank_counts(hand: tuple[Card, ...]) -> dict[Rank, int]:
    counts: dict[Rank, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return counts


class _Table:
    """What the mover knows of the table, for guessing the hidden cards and playing guessed games out."""

    def __init__(self, state: PyskessaState, least: dict[tuple[int, Rank], int],
                 most: dict[tuple[int, Rank], int]) -> None:
        me = state.current
        assert me is not None
        self.state, self.me = state, me
        mine = set(state.hands[me])
        laid = {rank for seat_sets in state.sets for rank in seat_sets}
        # In the pack's own order, so that how the hidden cards happen to lie cannot show through.
        self.unseen = [c for c in PACK if c not in mine and c.rank not in laid]
        self.sizes = [len(h) for h in state.hands]
        self.musts = sorted((seat, rank, n) for (seat, rank), n in least.items() if seat != me)
        caps: list[dict[Rank, int]] = [{} for _ in state.hands]
        for (seat, rank), n in most.items():
            caps[seat][rank] = n
        self.caps = caps
        # The most hemmed-in hands are dealt first.
        self.others = sorted((s for s in range(len(state.hands)) if s != me), key=lambda s: (-len(caps[s]), s))
        self.known = {}  # the rule of thumb's memory of the record (as ``known_holdings`` reads it)
        for asker, target, rank, _given in state.asks:
            self.known[asker, rank] = True
            self.known[target, rank] = False

    def guess(self, rng: random.Random) -> tuple[PyskessaState, int]:
        """One guessed deal of the hidden cards, as a state of the game, and a seed for its games' rules of thumb."""
        hands = self._deal(rng)
        state, me = self.state, self.me
        full = tuple(state.hands[me] if seat == me else tuple(sorted(hands[seat])) for seat in range(len(self.sizes)))
        world = state._replace(hands=full, held=tuple(map(rank_bits, full)), stock=tuple(hands[-1][:len(state.stock)]))
        return world, rng.randrange(1 << 30)

    def _deal(self, rng: random.Random) -> list[list[Card]]:
        """The other hands (and last, the stock): the record's sure cards first, then cards each hand may hold,
        no hand holding four of a rank; when that fails every try, the hands are dealt with only the sure cards
        kept."""
        players = len(self.sizes)
        for attempt in range(GUESS_TRIES + 1):
            careful = attempt < GUESS_TRIES
            pool = self.unseen[:]
            rng.shuffle(pool)
            hands: list[list[Card]] = [[] for _ in range(players + 1)]
            for seat, rank, n in self.musts:
                got = [c for c in pool if c.rank == rank][:n]
                hands[seat] += got
                for c in got:
                    pool.remove(c)
            ok = True
            for seat in self.others:
                need = self.sizes[seat] - len(hands[seat])
                if need < 0:
                    ok = False
                    break
                caps = self.caps[seat] if careful else {}
                held = _rank_counts(tuple(hands[seat]))
                rest = []
                for card in pool:
                    rank = card.rank
                    if need and held.get(rank, 0) < min(caps.get(rank, 3), 3):
                        hands[seat].append(card)
                        held[rank] = held.get(rank, 0) + 1
                        need -= 1
                    else:
                        rest.append(card)
                pool = rest
                if need:
                    ok = False
                    break
            if ok or not careful:
                if not ok:  # the last resort: fill the hands in turn from what is left
                    for seat in self.others:
                        need = max(0, self.sizes[seat] - len(hands[seat]))
                        hands[seat] += pool[:need]
                        pool = pool[need:]
                hands[players] = pool
                return hands
        raise AssertionError("unreachable")

    def play_out(self, world: tuple[PyskessaState, int], ask: Ask) -> tuple[float, int]:
        """Make ``ask`` in the guessed deal and play the game to its end with the rule of thumb for every seat:
        the mover's share of the win (1 alone, ½ shared by two…) and the sets the mover ends with."""
        state, seed = world
        rng = random.Random(seed)
        known = dict(self.known)
        logged = len(state.asks)
        state = state.apply(ask)
        for _ in range(MOST_ASKS):
            for asker, target, rank, _given in state.asks[logged:]:
                known[asker, rank] = True
                known[target, rank] = False
            logged = len(state.asks)
            if state.current is None:
                break
            state = state.apply(quick_ask(state, known, rng))
        me = self.me
        winners = verdict(state.sets, state.names)[0]
        return (1 / len(winners) if me in winners else 0.0), len(state.sets[me])


def quick_ask(state: PyskessaState, known: dict[tuple[int, Rank], bool], rng: random.Random) -> Ask:
    """``remembering_choice``'s ask (the same ask for the same ``rng``), from ``known``, the record as
    ``known_holdings`` reads it, kept up to date by the caller instead of read again at every ask."""
    hands = state.hands
    counts: dict[Rank, int] = {}
    for card in hands[state.current]:
        rank = RANK_OF[card]
        counts[rank] = counts.get(rank, 0) + 1
    legal = state.legal_actions()
    get = known.get
    sure, sure_key = None, None
    open_asks, most = [], 0
    for ask in legal:
        target, rank = ask.target, ask.rank
        fact = get((target, rank))
        if fact is True:
            key = (counts[rank], len(hands[target]), -target)
            if sure is None or key > sure_key:
                sure, sure_key = ask, key
        elif sure is None and fact is None and hands[target]:
            n = counts[rank]
            if n > most:
                open_asks, most = [ask], n
            elif n == most:
                open_asks.append(ask)
    if sure is not None:
        return sure
    if not open_asks:
        most = max(counts.values())
        open_asks = [a for a in legal if counts[a.rank] == most]
    return rng.choice(open_asks)
