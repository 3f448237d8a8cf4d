"""Cassino's bots: ``heuristic``, the greedy one (the game's hint and its "strong" level), and ``search``, the
planner (its "expert" level); the registry finds them here (``tutor.games.bot_module``).

``heuristic`` takes the capture worth most points now and says why.  ``search``
looks one move further: for each move it weighs what it takes now, what a build
will bring next turn if nobody steals it, and what the next opponent could take
from the table it leaves — sweeps and Big Cassino above all — using only what
the player may know (its hand, the table, and every card already played).
"""

from __future__ import annotations

import random
from math import comb
from typing import Sequence

from tutor.bots import Said, as_mine, said
from tutor.cards import Card, Rank, Suit
from tutor.games.cassino.moves import Action, Build, Capture, Trail, capture_options
from tutor.games.cassino.rules import (ACE_POINTS, BIG_CASSINO, BIG_POINTS, LITTLE_CASSINO, LITTLE_POINTS, PACK,
                                       SWEEP_POINTS, VALUE)
from tutor.games.cassino.state import CassinoState
from tutor.games.cassino.table import TableBuild

# What a card is worth to the side that takes it, beside its points: a share of the 3 for most cards
# (27 cards win them) and of the 1 for most spades (7 spades do).
CARD_WORTH = 3 / 27
SPADE_WORTH = 1 / 7


def points_of(cards: Sequence[Card]) -> int:
    """The points the cards carry by themselves: aces and the two Cassinos."""
    return sum(ACE_POINTS * (c.rank is Rank.ACE) + BIG_POINTS * (c == BIG_CASSINO)
               + LITTLE_POINTS * (c == LITTLE_CASSINO) for c in cards)


def _taken(action: Capture) -> list[Card]:
    return [action.card, *action.loose, *(c for b in action.builds for c in b)]


def _sweeps(state: CassinoState, action: Capture) -> bool:
    return len(action.loose) == len(state.table) and len(action.builds) == len(state.builds)


# ---------------------------------------------------------------- the greedy heuristic: most points now


def heuristic(state: CassinoState, rng: random.Random) -> tuple[Action, Said]:
    """The capture worth most now (points, then cards and spades); else the trail that gives least away.

    Its reason's claims (checked against the scoring in the tests): ``points`` (cards, the points they carry),
    ``capture-points`` (a capture, the points it brings: its cards' and a scored sweep's), ``sweep`` (the capture,
    whether it clears the table), ``taken`` (the capture, how many cards), ``spades`` (cards, how many are spades),
    ``most-cards`` (a capture: no pointless capture takes more), ``nothing-to-take``, ``trail-gives-least`` (no
    trail gives away fewer points, then fewer spades).
    """
    legal = state.legal_actions()
    caps = [a for a in legal if type(a) is Capture]
    if caps:
        def worth(a: Capture) -> tuple:
            cards = _taken(a)
            sweep = _sweeps(state, a) and state.rules.sweeps
            points = points_of(cards) + SWEEP_POINTS * sweep
            return (points, len(cards), sum(c.suit is Suit.SPADES for c in cards), rng.random())

        best = max(caps, key=worth)
        points, count, spades, _ = worth(best)
        cards = _taken(best)
        aces = sum(c.rank is Rank.ACE for c in cards)
        swept = _sweeps(state, best) and state.rules.sweeps
        sources = [words for n, words in (
            (BIG_CASSINO in cards, "Big Cassino"), (LITTLE_CASSINO in cards, "Little Cassino"),
            (aces, f"{aces} aces" if aces > 1 else "an ace"), (swept, "a sweep")) if n]
        why = (f"{points} point{'s' * (points != 1)} now ({', '.join(sources)})" if points
               else "no points, but the most cards")
        take = as_mine(state.prompt(best).removesuffix(" — a sweep!"))
        claims = [("capture-points", best, points), ("sweep", best, _sweeps(state, best)),
                  ("taken", best, count), ("spades", tuple(cards), spades)]
        if not points:
            claims.append(("most-cards", best))
        return best, said(f"{take}: {why}; {count} cards, {spades} spade{'s' * (spades != 1)}.", *claims)
    trails = [a for a in legal if type(a) is Trail]
    if trails:
        def cost(a: Trail) -> tuple:
            c = a.card
            return (points_of([c]), c.suit is Suit.SPADES, VALUE[c] == 0, -VALUE[c], rng.random())

        best_trail = min(trails, key=cost)
        card = best_trail.card
        points, spade = points_of([card]), card.suit is Suit.SPADES
        claims = [("nothing-to-take",), ("points", (card,), points), ("spades", (card,), int(spade))]
        if not points and not spade:
            return best_trail, said(f"Nothing to take: I trail the {card.label}, which carries no points and is "
                                    "not a spade.", *claims)
        carries = f"{points} point{'s' * (points != 1)}" if points else "no points"
        pricier = [t for t in trails if t is not best_trail]
        if not pricier:
            return best_trail, said(f"Nothing to take, and the {card.label} is the only card I may trail, though it "
                                    f"carries {carries}{' and is a spade' if spade else ''}.", *claims)
        claims.append(("trail-gives-least", best_trail))
        return best_trail, said(f"Nothing to take: I trail the {card.label} ({carries}{', a spade' if spade else ''}"
                                "), since every card I may trail carries points or is a spade, and it gives away "
                                "the least.", *claims)
    choice = rng.choice(legal)
    return choice, said(f"{as_mine(state.prompt(choice))}: nothing to take, and trailing is not allowed.",
                        ("nothing-to-take",))


# ---------------------------------------------------------------- the planner: one move further


def unseen(state: CassinoState, me: int) -> list[Card]:
    """The cards ``me`` cannot see: not in the hand, on the table or among the cards taken (all played openly)."""
    seen = set(state.hands[me]) | set(state.table) | {c for b in state.builds for c in b.cards}
    seen |= {c for w in state.won for c in w}
    return [c for c in PACK if c not in seen]


def worth_of(cards: Sequence[Card], sweep: bool = False) -> float:
    """What taking these cards is worth: their points, a share of cards and spades, and a sweep."""
    return (points_of(cards) + CARD_WORTH * len(cards) + SPADE_WORTH * sum(c.suit is Suit.SPADES for c in cards)
            + SWEEP_POINTS * sweep)


def _holds(unknown: int, of_kind: int, hand: int) -> float:
    """The chance that a hand of ``hand`` cards drawn from ``unknown`` holds at least one of ``of_kind``."""
    if hand <= 0 or of_kind <= 0:
        return 0.0
    if unknown - of_kind < hand:
        return 1.0
    return 1 - comb(unknown - of_kind, hand) / comb(unknown, hand)


def threat(table: tuple[Card, ...], builds: tuple[TableBuild, ...], hidden: Sequence[Card], hand: int,
           sweeps: bool) -> float:
    """What the next player may expect to take from this table with the best card they may hold."""
    if not table and not builds:
        return 0.0
    by_rank: dict[Rank, list[Card]] = {}
    for c in hidden:
        by_rank.setdefault(c.rank, []).append(c)
    outcomes = []
    for rank, cards in by_rank.items():
        best = 0.0
        for option in capture_options(cards[0], table, builds):
            taken = [cards[0], *option.loose, *(c for b in option.builds for c in b)]
            clear = len(option.loose) == len(table) and len(option.builds) == len(builds)
            best = max(best, worth_of(taken, clear and sweeps))
        if best:
            outcomes.append((best, _holds(len(hidden), len(cards), hand)))
    expected, none_better = 0.0, 1.0
    for value, chance in sorted(outcomes, reverse=True):
        expected += value * chance * none_better
        none_better *= 1 - chance
    return expected


def _after(state: CassinoState, action: Action) -> tuple[tuple[Card, ...], tuple[TableBuild, ...]]:
    """The table (loose cards and builds) that ``action`` leaves, without building a whole state."""
    if type(action) is Trail:
        return tuple(sorted(state.table + (action.card,))), state.builds
    gone = set(action.builds)
    table = tuple(c for c in state.table if c not in set(action.loose))
    builds = tuple(b for b in state.builds if b.cards not in gone)
    if type(action) is Build:
        old = [c for b in state.builds if b.cards in gone for c in b.cards]
        builds += (TableBuild(tuple(sorted((action.card, *action.loose, *old))), action.value, action.multiple,
                              state.current),)
    return table, builds


def evaluate(state: CassinoState, action: Action, hidden: Sequence[Card], next_hand: int) -> float:
    """What ``action`` is worth to the mover: taken now, a build's later haul, less the next player's threat."""
    me = state.current
    assert me is not None
    sweeps = state.rules.sweeps
    table, builds = _after(state, action)
    value = 0.0
    if type(action) is Capture:
        value += worth_of(_taken(action), _sweeps(state, action) and sweeps)
    elif type(action) is Build:
        # Next turn a card of the value takes the build, unless the next player holds one and takes it first.
        build = builds[-1]
        stolen = _holds(len(hidden), sum(1 for c in hidden if VALUE[c] == action.value), next_hand)
        value += (1 - stolen) * worth_of(build.cards + (action.card,)) * 0.9
    value -= threat(table, builds, hidden, next_hand, sweeps)
    if type(action) is Trail:
        value -= 0.05 * worth_of([action.card])  # keep useful cards in hand
    return value


def search(state: CassinoState, rng: random.Random) -> tuple[Action, Said]:
    """The move worth most after the next player's best reply: plans builds, denies sweeps and Big Cassino.

    Its reason's claims: ``only-move``, ``keeps-card`` (a build: the hand keeps a card of its value),
    ``capture-points``, ``taken`` and ``sweep`` (as ``heuristic``'s), ``next-opponent`` (the seat named as playing
    next)."""
    me = state.current
    assert me is not None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0], said(f"{as_mine(state.prompt(legal[0]))}: it is the only move I have.", ("only-move",))
    hidden = unseen(state, me)
    nxt = next((s for s in ((me + k) % len(state.hands) for k in range(1, len(state.hands)))
                if state.hands[s] and state.side_of(s) != state.side_of(me)), None)
    next_hand = len(state.hands[nxt]) if nxt is not None else 0
    scored = [(evaluate(state, a, hidden, next_hand), rng.random(), a) for a in legal]
    value, _, best = max(scored, key=lambda t: (t[0], t[1]))
    them = state.names[nxt] if nxt is not None else "the others"
    claims: list[tuple] = [("next-opponent", nxt)]
    if type(best) is Build:
        stolen = _holds(len(hidden), sum(1 for c in hidden if VALUE[c] == best.value), next_hand)
        why = (f"I keep a card to take it next turn, and the chance that {them} holds one to take it first "
               f"is about {stolen:.0%}")
        claims.append(("keeps-card", best))
    elif type(best) is Capture:
        cards = _taken(best)
        points = points_of(cards) + SWEEP_POINTS * (_sweeps(state, best) and state.rules.sweeps)
        now = (f"{points} point{'s' * (points != 1)} and {len(cards)} cards now" if points
               else f"no points but {len(cards)} cards now")
        why = f"{now}, the best once I count what {them} could take next"
        claims += [("capture-points", best, points), ("sweep", best, _sweeps(state, best)),
                   ("taken", best, len(cards))]
    else:
        why = f"of the cards I may trail, it gives {them} the least to take"
    return best, said(f"{as_mine(state.prompt(best).removesuffix(' — a sweep!'))}: {why}.", *claims)
