"""Burn's kinds of move (a card played, a pit choice), reading them from text, and what is legal: the moves open
to the player, and why a move is refused, each naming its rule (B2, B5)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from tutor.cards import ELEMENT_CARDS, BadNotation, ElementCard
from tutor.engine import IllegalMove
from tutor.games.burn.rules import PACK, PREFIX, R_FOLLOW, R_PIT, element, value
from tutor.games.burn.scoring import pit_choices
from tutor.mechanics import CardPlay
from tutor.tricks import play_problem

if TYPE_CHECKING:
    from tutor.games.burn.state import BurnState


@dataclass(frozen=True, slots=True)
class Pit:
    """What a side does with its pit: "minus" takes its value off its own score, "plus" adds it to each opponent."""

    choice: Literal["minus", "plus"]

    def __str__(self) -> str:
        return f"pit {self.choice}"


KINDS = (CardPlay, Pit)
"""Burn's kinds of move (``CardPlay`` is the shared one of ``tutor.mechanics``)."""
PLAYS = {card: CardPlay(card) for card in PACK}
PITS = {choice: Pit(choice) for choice in ("minus", "plus")}
_PLAY_OF = PLAYS.__getitem__
# The moves made here (the only ones ``legal_moves`` and ``parse_action`` hand out), by identity: each is well
# formed, so ``apply`` need not check the types of its parts again.  (Identity, not equality: a forged
# ``Play("F3")`` is no card, and a forged ``Pit(5)`` no choice.)
READY_MADE = frozenset(map(id, (*PLAYS.values(), *PITS.values())))
# For each card, its element's lowest and highest card: a sorted hand holds an element's cards between them.
# (Keyed by card, not by element: a card hashes as a number, an element through Python code.)
SPAN = {card: (ELEMENT_CARDS[card.element, 1], ELEMENT_CARDS[card.element, 15]) for card in PACK}
_PLAY_RE = re.compile(r"\s*play\s+(\S.*?)\s*", re.IGNORECASE | re.DOTALL)


def parse_action(text: Any) -> CardPlay | Pit:
    """Read "play F7", "pit minus" or "pit plus"."""
    if not isinstance(text, str):
        raise IllegalMove(R_FOLLOW, f"{text!r} is not a move; write e.g. 'play F7' or 'pit minus'.")
    words = text.strip().lower().split()
    if words[:1] == ["pit"]:
        if len(words) != 2 or words[1] not in PITS:
            raise IllegalMove(R_PIT, f"{text!r} is not a pit choice; write 'pit minus' or 'pit plus'.")
        return PITS[words[1]]
    match = _PLAY_RE.fullmatch(text)
    if not match:
        raise IllegalMove(R_FOLLOW, f"{text!r} is not a move; write e.g. 'play F7' or 'pit minus'.")
    try:
        return PLAYS[ElementCard.parse(match.group(1))]
    except BadNotation as exc:
        raise IllegalMove(R_FOLLOW, str(exc)) from None


# ---------------------------------------------------------------- what is legal


def of_element(hand: tuple[ElementCard, ...], card: ElementCard) -> tuple[ElementCard, ...]:
    """The cards of ``card``'s element in a sorted hand: one slice, as a hand sorts by element (the trick core's
    ``legal_plays`` without trumps, found by bisection: this runs for every move)."""
    low, high = SPAN[card]
    return hand[bisect_left(hand, low):bisect_right(hand, high)]


def legal_moves(state: BurnState) -> list[CardPlay | Pit]:
    """The cards the player to move may play (B2: follow the element led if you can), or the side's pit choices."""
    if state.current is None:
        return []
    if state.pit is not None:
        return [PITS[c] for c in pit_choices(state.sheet.totals, state.pit, state.pit_worth(), state.rules.target)]
    hand, plays = state.hands[state.current], state.plays
    return list(map(_PLAY_OF, plays and of_element(hand, plays[0][1]) or hand))


def check_play(state: BurnState, card: Any) -> None:
    """B2: refuse ``card`` unless the player to move holds it and it follows the element led where it can."""
    if type(card) is not ElementCard:
        raise IllegalMove(R_FOLLOW, f"cardplay.card: {card!r} is not a card of the element deck.")
    hand, plays = state.hands[state.current], state.plays  # type: ignore[index]
    if card in hand and (not plays or card.element is plays[0][1].element):
        return  # a lead, or a card of the element led: always allowed
    if play_problem(card, hand, plays, suit=element, value=value) is None:
        return
    if card not in hand:
        raise IllegalMove(R_FOLLOW, f"You do not hold the {card.english}.")
    led = state.plays[0][1].element.english
    raise IllegalMove(R_FOLLOW, f"{led} was led and you hold {led}: you must follow with {led}.")


def check_pit(state: BurnState, action: CardPlay | Pit) -> str:
    """B5: the side's pit choice, unless it would push another side past the target or its own score below 0."""
    if type(action) is not Pit:
        raise IllegalMove(R_PIT, "First choose what to do with the pit: 'pit minus' or 'pit plus'.")
    side = state.pit
    assert side is not None
    totals, worth, target = state.sheet.totals, state.pit_worth(), state.rules.target
    if action.choice in pit_choices(totals, side, worth, target):
        return action.choice
    if action.choice == "minus":
        raise IllegalMove(f"{PREFIX}.pit.floor", f"Taking {worth} off {totals[side]} would go below 0, "
                                                 "and no score may go below 0.")
    over = [i for i, t in enumerate(totals) if i != side and t + worth > target]
    raise IllegalMove(f"{PREFIX}.pit.cap", f"Giving {worth} would push {state.sheet.columns[over[0]]} "
                                           f"({totals[over[0]]}) past {target}, which a pit may not do.")
