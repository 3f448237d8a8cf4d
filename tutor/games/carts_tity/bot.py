"""The Cârts Tîty bot: a rule-based player that says why, in words a learner reads.

Its rules, in order: say "Last card!" before playing down to one card (T10);
answer a chain with a follow-up when it can (T4, T7), choosing one that breaks
it past 10 or makes the next player draw; take an extra turn with a 16 (T9);
hit a player close to going out with a follow-up; otherwise play a plain card,
keeping its follow-ups and its spread of values to answer chains with later;
swap a big hand that fits nowhere (T8); draw.  The "strong" bot level uses it,
and the play app's hint shows its reason.  The "expert" level (``search``) tries each
move in games imagined to the end of the round.  Strategy only: the registry pairs the game with this
file (``tutor.games.bot_module``), and nothing else in the package imports it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable

from tutor.bots import Said, as_mine, said
from tutor.cards import ElementCard
from tutor.engine import Record
from tutor.search import determinized

from .moves import CALL, DRAW, FOLLOW, SAME_FOLLOW, SIXTEENS, SWAP, Action, CardPlay, PayChain, Skip
from .rules import CHAIN_CAP, CHAIN_STEP, FORGOT, FORGOT_MORE, FORGOT_OVER, SIXTEEN, VOID_AT, cards_word
from .state import CartsState

SWAP_FROM = 9  # a hand of this many cards with nothing to play is swapped rather than grown
THREAT = 2  # a player with this many cards or fewer is about to go out


def heuristic(state: CartsState, rng: random.Random) -> tuple[Action, Said]:
    """The bot's move and its reason in words, with the facts the words state (``Said.claims``): ``hand-size``
    (seat, cards held), ``nothing-fits`` (no card of mine may be played), ``matches`` (card, top: same value or
    element), ``sixteen`` (card, top: 16 in one element), ``next`` (the seat to move after mine),
    ``chain-after`` (my play, the next player, the cards they then owe), ``chain-breaks`` (my play breaks the chain),
    ``only-follow-ups`` (every card I may play is a follow-up)."""
    legal = state.legal_actions()
    me = state.current
    assert me is not None
    plays = [a for a in legal if type(a) is CardPlay]
    if CALL in legal and plays:
        return CALL, said("I hold two cards and I am about to play one: I say “Last card!” now. If I forgot, I "
                          f"would draw {cards_word(FORGOT)} once the next player has played ({FORGOT_MORE} while "
                          f"another player holds more than {FORGOT_OVER}).", ("hand-size", me, 2))
    if len(legal) == 1:
        return legal[0], _only(state, legal[0])
    if state.chain:
        return _answer(state, plays, legal)
    return _turn(state, plays, legal, rng)


def _only(state: CartsState, action: Action) -> Said:
    if type(action) is PayChain:
        return said(f"I have no follow-up to answer the chain with, so I draw {cards_word(action.count)}.",
                    ("nothing-fits",))
    if type(action) is Skip:
        return said("I have no follow-up to answer with, so I miss this turn (and draw nothing).", ("nothing-fits",))
    if action is DRAW:
        return said("None of my cards goes on the pile, so I draw one.", ("nothing-fits",))
    return said("It is the only move I have.", ("only-move",))


def _next_seat(state: CartsState, me: int) -> int:
    players = len(state.hands)
    for step in range(1, players + 1):
        seat = (me + step) % players
        if not state.out[seat]:
            return seat
    return me


def _answer(state: CartsState, plays: list[CardPlay], legal: list[Action]) -> tuple[Action, Said]:
    """T4, T7: answer the chain if possible; otherwise pay it."""
    top = state.pile[-1]
    if not plays:
        pay = next(a for a in legal if type(a) in (PayChain, Skip))
        return pay, _only(state, pay)
    count = state.chain * 2 if state.rules.chain_doubles else state.chain + CHAIN_STEP
    me = state.current
    assert me is not None
    spare = _spare(state.hands[me])
    if count > CHAIN_CAP:
        best = max(plays, key=lambda a: spare(a.card))
        return best, said(f"Answer: I play {best.card.english}, and the chain would reach {count}, more than "
                          f"{CHAIN_CAP}, so it breaks and nobody draws.", ("chain-breaks", best))
    nxt_seat = _next_seat(state, me)
    nxt = state.names[nxt_seat]
    one_card = state.rules.last_card and any(len(h) == 1 for h in state.hands)
    # A different element makes the next player draw; the same element only costs them a turn (and nothing
    # while someone holds one card), so cards hurt more.
    best = max(plays, key=lambda a: (a.card not in SAME_FOLLOW[top], spare(a.card)))
    if best.card in SAME_FOLLOW[top]:
        tail = ("but while someone holds one card nobody misses a turn" if one_card else
                f"{nxt} misses the turn unless they answer")
        return best, said(f"Answer: I play {best.card.english} instead of paying the chain: same element, so "
                          f"{tail}.", ("next", nxt_seat))
    owed = count + (state.rules.last_card and len(state.hands[nxt_seat]) == 1)  # T10: one more with one card
    if owed >= VOID_AT and owed != count:
        return best, said(f"Answer: I play {best.card.english} instead of paying the chain: {nxt} holds one card, so "
                          f"the chain would cost them {owed}, and {VOID_AT} or more breaks it.", ("next", nxt_seat),
                          ("hand-size", nxt_seat, 1))
    extra = " (one more, as they hold one card)" if owed != count else ""
    return best, said(f"Answer: I play {best.card.english} instead of paying the chain: now {nxt} draws "
                      f"{cards_word(owed)}{extra} unless they answer too.", ("next", nxt_seat),
                      ("chain-after", best, nxt_seat, owed))


def _spare(hand: tuple) -> Callable[[ElementCard], tuple[int, int, int]]:
    """How little a card will be missed: cards of a value held twice or of a common element go first,
    so the hand keeps many values (to answer chains) and its elements."""
    values = Counter(c.value for c in hand)
    elements = Counter(c.element for c in hand)
    return lambda card: (values[card.value], elements[card.element], card.value)


def _turn(state: CartsState, plays: list[CardPlay], legal: list[Action], rng: random.Random) -> tuple[Action, Said]:
    me = state.current
    assert me is not None
    hand = state.hands[me]
    top = state.pile[-1]
    one_card = state.rules.last_card and any(len(h) == 1 for h in state.hands)
    if state.rules.sixteen and not one_card:
        sixteen = [a for a in plays if a.card in SIXTEENS[top] and len(hand) > 1]
        if sixteen:
            best = sixteen[0]
            return best, said(f"{best.card.english} and {top.english} make {SIXTEEN} in one element: I play it and "
                              "take an extra turn.", ("sixteen", best.card, top))
    nxt = _next_seat(state, me)
    follows = [a for a in plays if a.card in FOLLOW[top]]
    plain = [a for a in plays if a.card not in FOLLOW[top]]
    spare = _spare(hand)
    if follows and len(state.hands[nxt]) <= THREAT:
        best = max(follows, key=lambda a: (a.card not in SAME_FOLLOW[top], spare(a.card)))
        return best, said(f"{state.names[nxt]} holds only {cards_word(len(state.hands[nxt]))}: I play the follow-up "
                          f"{best.card.english} to make them draw (or miss a turn) instead of going out.",
                          ("hand-size", nxt, len(state.hands[nxt])), ("next", nxt))
    if plain:
        best = max(plain, key=lambda a: spare(a.card))
        return best, said(f"I play {best.card.english}: it matches {top.english}, and I keep my follow-ups and my "
                          "spread of values to answer chains with later.", ("matches", best.card, top))
    if follows:
        best = max(follows, key=lambda a: (a.card not in SAME_FOLLOW[top], spare(a.card)))
        return best, said(f"Only follow-ups fit: I play {best.card.english}, which starts a chain against "
                          f"{state.names[nxt]}.", ("only-follow-ups",), ("next", nxt))
    if SWAP in legal and len(hand) >= SWAP_FROM:
        return SWAP, said(f"Nothing fits and I hold {cards_word(len(hand))}: I swap the whole hand for as many new "
                          "ones instead of growing it (I will miss a turn).", ("nothing-fits",),
                          ("hand-size", me, len(hand)))
    if DRAW in legal:
        return DRAW, said("None of my cards goes on the pile, so I draw one.", ("nothing-fits",))
    return rng.choice(legal), said("No move stands out.")


# ---------------------------------------------------------------- the expert: imagined games

BUDGET = 0.12  # seconds per decision: well inside the 200 ms a learner waits
HORIZON = 150  # moves an imagined game may run before it is judged by the cards held


def search(state: CartsState, rng: random.Random, *, budget: float = BUDGET) -> tuple[Action, Said]:
    """Try each move in games imagined to the end of the round and keep the one that wins most often.

    The cards the player cannot see (the other hands and the stock) are dealt at random for each
    imagined game, keeping every hand's size; the imagined players then play quick rules of thumb.
    A forced move, the announcement and a move with a single choice are the rule-based bot's.
    """
    legal = list(dict.fromkeys(state.legal_actions()))
    action, reason = heuristic(state, rng)
    if len(legal) == 1 or action is CALL:
        return action, reason
    me = state.current
    assert me is not None
    unseen = _unseen(state, me)
    rate, rounds = determinized(legal, lambda: _imagine(state, me, unseen, rng),
                                lambda world, move: _play_out(world.apply(move), me, rng), budget=budget)
    best = max(legal, key=lambda a: (rate[a], a == action))
    if best == action or rate[best] <= rate[action]:
        return action, reason
    return best, said(f"In {rounds} imagined games per move, {_doing(state, best)} won me {rate[best]:.0%} of them, "
                      f"{_doing(state, action)} only {rate[action]:.0%}.")


def _doing(state: CartsState, action: Action) -> str:
    """A move as the mover says it of itself, as a gerund: "playing Fire 7", "drawing a card"."""
    verb, _, rest = as_mine(state.prompt(action))[2:].partition(" ")
    doing = {"swap": "swapping"}.get(verb, verb.removesuffix("e") + "ing")
    return f"{doing} {rest}".strip()


def _unseen(state: CartsState, me: int) -> list:
    """The cards ``me`` cannot see: the other hands still in and the stock."""
    return [c for seat, hand in enumerate(state.hands) if seat != me for c in hand] + list(state.stock)


def _imagine(state: CartsState, me: int, unseen: list, rng: random.Random) -> CartsState:
    """The position with the hidden cards dealt again at random, each hand keeping its size."""
    cards = unseen[:]
    rng.shuffle(cards)
    hands, at = [], 0
    for seat, hand in enumerate(state.hands):
        if seat == me:
            hands.append(hand)
        else:
            hands.append(tuple(cards[at:at + len(hand)]))
            at += len(hand)
    # Reshuffles in an imagined game follow their own generator, not the real game's.
    setup = Record(state.setup.game, state.setup.players, rng.randrange(1 << 30))
    return state._replace(setup=setup, hands=tuple(hands), stock=tuple(cards[at:]))


def _play_out(state: CartsState, me: int, rng: random.Random) -> float:
    """Play an imagined game to the end of the round: 1 if ``me`` wins (shared wins count a part), else 0;
    past the horizon, the share of cards the others hold."""
    round_no = state.round_no
    for _ in range(HORIZON):
        if state.current is None or state.round_no != round_no:
            last = state.last
            if last is None:
                return 0.0
            return 1 / len(last.winners) if me in last.winners else 0.0
        state = state.apply(quick_move(state, rng))
    sizes = [len(h) for s, h in enumerate(state.hands) if not state.out[s]]
    if state.out[me]:
        return 0.0
    mine = len(state.hands[me])
    return sum(1 for n in sizes if n > mine) / max(1, len(sizes) - 1) * 0.5


def quick_move(state: CartsState, rng: random.Random) -> Action:
    """The imagined players' rules of thumb, cheap enough for thousands of moves: announce, answer a chain,
    play a plain card before a follow-up, swap a big hopeless hand, draw."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if CALL in legal:
        return CALL
    plays = [a for a in legal if type(a) is CardPlay]
    if state.chain:
        return plays[0] if plays else legal[-1]
    if plays:
        follows = FOLLOW[state.pile[-1]]
        plain = [a for a in plays if a.card not in follows]
        return rng.choice(plain or plays)
    if SWAP in legal and len(state.hands[state.current]) >= SWAP_FROM:
        return SWAP
    return DRAW if DRAW in legal else legal[0]
