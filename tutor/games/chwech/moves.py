"""Chwech's kinds of move, ``CardPlay`` and ``Pass``, how they are read from text, and what is legal: every move of
the player to act, and why any other is refused, each refusal citing its rule (C2, C3, C5–C7)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal

from tutor.cards import JOKER, SUITS_BY_LETTER, BadNotation, Card, Rank, Suit
from tutor.engine import IllegalMove

from .packs import RED_THIRTEENS, Number, NumberCard, is_joker, parse_card
from .rules import PREFIX, REVISED

_JOKER, _THIRTEEN, _ACE = Rank.JOKER, Number.THIRTEEN, Rank.ACE  # hot-path names: rank checks are identity tests
MALFORMED = f"{PREFIX}.follow"  # the rule a move that is none of the game's, or has a part of the wrong type, cites


@dataclass(frozen=True, slots=True)
class CardPlay:
    """Play ``card``; an ace may carry "high"/"low" (original rule), a led joker the suit it stands for (revised)."""

    card: Card | NumberCard
    ace: Literal["high", "low"] | None = None
    suit: Suit | None = None

    def __str__(self) -> str:
        text = f"play {getattr(self.card, 'code', self.card)}"
        if self.ace:
            text += f" {self.ace}"
        if self.suit is not None:
            text += f" as {getattr(self.suit, 'letter', self.suit)}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: decline to play to this trick, or decline to lead."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
KINDS = (CardPlay, Pass)  # the game's kinds of move, for ``tutor.engine.check_action``
_PLAY_RE = re.compile(r"\s*play\s+(\S+)(?:\s+(high|low))?(?:\s+as\s+(\S+))?\s*", re.IGNORECASE)


def parse_action(text: str) -> CardPlay | Pass:
    """Read "pass", "play 7S", "play AS high", "play JK as H", "play 11H"."""
    if not isinstance(text, str):
        raise IllegalMove(f"{PREFIX}.follow", f"{_shown(text)} is not a move; write e.g. 'play 7S' or 'pass'.")
    if text.strip().lower() == "pass":
        return PASS
    match = _PLAY_RE.fullmatch(text)
    if not match:
        raise IllegalMove(f"{PREFIX}.follow", f"{text!r} is not a move; write e.g. 'play 7S', 'play AS high', "
                                              "'play JK as H' or 'pass'.")
    try:
        card = parse_card(match.group(1))
    except BadNotation as exc:
        raise IllegalMove(f"{PREFIX}.follow", str(exc)) from None
    suit = None
    if match.group(3):
        suit = SUITS_BY_LETTER.get(match.group(3).upper())
        if suit is None:
            raise IllegalMove(f"{PREFIX}.joker", f"{match.group(3)!r} is not a suit; write S, H, D or C.")
    return CardPlay(card, match.group(2).lower() if match.group(2) else None, suit)


def _shown(value: Any) -> str:
    """A short repr of something that is not a move, for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# Every move with every card, made once: legal moves are looked up, not built (see ``legal_actions``).
_ALL_CARDS = tuple(Card.all_cards()) + tuple(NumberCard.all_cards())
_PLAIN = {card: CardPlay(card) for card in _ALL_CARDS}
_HIGH_LOW = {card: (CardPlay(card, "high"), CardPlay(card, "low")) for card in _ALL_CARDS if card.rank is Rank.ACE}
_AS_SUIT = {card: tuple(CardPlay(card, suit=s) for s in Suit) for card in (JOKER, *RED_THIRTEENS)}
# Those moves (the only ones ``legal_actions`` hands out), by identity: being made here, each is well formed, so
# ``apply`` need not check the type of its parts again.  (Identity, not equality: a forged ``Play(7)`` equals one.)
READY_MADE = frozenset(map(id, chain((PASS,), _PLAIN.values(), chain.from_iterable(_HIGH_LOW.values()),
                                     chain.from_iterable(_AS_SUIT.values()))))


def legal_actions(state: Any) -> list[CardPlay | Pass]:
    """Every legal move, generated from the hand (C2, C3, C5–C7): no move is built and then tested."""
    if state.over:
        return []
    rules = state.rules
    revised, t13 = rules.aces_jokers == REVISED, rules.thirteens_jokers
    out: list[CardPlay | Pass] = []
    prev = None
    if state.offer:
        if not state.first_trick:
            out.append(PASS)  # C3: the lead may be passed, except at the first trick (C2)
        for card in state.hands[state.offer[0]]:
            if card is prev:
                continue
            prev = card
            rank = card.rank
            if rank is _JOKER or (t13 and rank is _THIRTEEN):
                if revised:
                    out.extend(_AS_SUIT[card])  # C7: a led joker names its suit; C6: never led
            elif rank is _ACE and not revised:
                out.extend(_HIGH_LOW[card])  # C5
            else:
                out.append(_PLAIN[card])
        return out
    out.append(PASS)
    led = state.led
    joker_free = True  # C6/C7: one joker a trick
    for _, play in state.trick:
        rank = play.card.rank
        if rank is _JOKER or (t13 and rank is _THIRTEEN):
            joker_free = False
            break
    for card in state.hands[state.queue[0]]:
        if card is prev:
            continue
        prev = card
        rank = card.rank
        if rank is _JOKER or (t13 and rank is _THIRTEEN):
            if joker_free:
                out.append(_PLAIN[card])
        elif card.suit is led:  # C2: the suit led, never another
            if rank is _ACE and not revised:
                out.extend(_HIGH_LOW[card])
            else:
                out.append(_PLAIN[card])
    return out


def _problem(state: Any, action: Any) -> tuple[str, str] | None:
    """Why ``action`` (a ``CardPlay`` or ``Pass`` with parts of their types: ``check_action`` has seen to that) may not
    be made now, as (rule id, reason); ``None`` when it may."""
    if state.over:
        return f"{PREFIX}.match", "The match is over: no more moves."
    kind = type(action)
    if kind is Pass:
        if state.first_trick and state.offer:
            return f"{PREFIX}.lead", "The player on the dealer's left must lead the first trick; no passing."
        return None
    card, ace, suit = action.card, action.ace, action.suit
    leading = bool(state.offer)
    me = state.offer[0] if leading else state.queue[0]
    if card not in state.hands[me]:
        return f"{PREFIX}.follow", f"You do not hold the {card.english}."
    rules = state.rules
    revised = rules.aces_jokers == REVISED
    rank = card.rank
    if rank is _JOKER or (rules.thirteens_jokers and rank is _THIRTEEN):
        if ace is not None:
            return f"{PREFIX}.ace", "Only an ace is declared high or low."
        if leading and not revised:
            return f"{PREFIX}.joker", "Under the original rule a joker may not be led."
        if leading and suit is None:
            return (f"{PREFIX}.joker", "A joker led must name the suit it stands for: lead it as spades, hearts, "
                    "diamonds or clubs.")
        if not leading and suit is not None:
            return f"{PREFIX}.joker", "A joker played to a trick belongs to the suit led; it names no suit."
        if any(is_joker(play.card, rules.thirteens_jokers) for _, play in state.trick):
            return f"{PREFIX}.two-jokers", "A trick may hold only one joker, and this one has one."
        return None
    if suit is not None:
        return f"{PREFIX}.joker", "Only a led joker names a suit."
    if rank is _ACE:
        if revised and ace:
            return f"{PREFIX}.ace", "Under the revised rule an ace is not declared high or low."
        if not revised and not ace:
            return f"{PREFIX}.ace", "Under the original rule say whether your ace is high or low."
    elif ace:
        return f"{PREFIX}.ace", "Only an ace is declared high or low."
    if not leading and card.suit is not state.led:
        assert state.led is not None
        return f"{PREFIX}.follow", f"Only {state.led.english} or a joker may be played to this trick (or pass)."
    return None
