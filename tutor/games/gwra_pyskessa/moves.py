"""The one kind of move, ``Ask``, how it is read from text, and what is legal: every ask the player to move may
make, and why any other is refused, each refusal citing its rule (G3, G8); and the public record of an ask made
(``AskLog``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from tutor.cards import FRENCH_RANKS, RANKS_BY_CODE, Rank
from tutor.engine import IllegalMove

from .rules import LOWEST, MAX_PLAYERS, PREFIX

MALFORMED = f"{PREFIX}.ask"  # the rule a move that is no ask, or an ask of the wrong parts, is refused under


@dataclass(frozen=True, slots=True, order=True)
class Ask:
    """Ask seat ``target`` for every card of ``rank``."""

    target: int
    rank: Rank

    def __str__(self) -> str:
        return f"ask {self.target} for {getattr(self.rank, 'code', self.rank)}"

    @classmethod
    def parse(cls, text: Any) -> "Ask":
        """Read ``ask 2 for 7`` (the form ``str`` writes)."""
        match = _ASK_TEXT.fullmatch(text) if isinstance(text, str) else None
        rank = RANKS_BY_CODE.get(match.group(2).upper()) if match else None
        if match is None or rank is None or rank is Rank.JOKER:
            raise IllegalMove(MALFORMED, f"{text!r} is not an ask; write e.g. 'ask 2 for 7'.")
        target = int(match.group(1))
        return ASKS[target][rank] if target < MAX_PLAYERS else cls(target, rank)


KINDS = (Ask,)  # the game's kinds of move, for ``tutor.engine.check_action``


class AskLog(NamedTuple):
    """A public fact: who asked whom for what, and how many cards were handed over."""

    asker: int
    target: int
    rank: Rank
    given: int


def parse_action(text: Any) -> Ask:
    """Read ``ask 2 for 7``."""
    return Ask.parse(text)


_ASK_TEXT = re.compile(r"\s*ask\s+([0-9]{1,3})\s+(?:for\s+)?(\w+)\s*", re.IGNORECASE)
# Every ask there can be, made once: ``ASKS[target][rank]``; legal actions hand out these shared values.
ASKS = tuple({rank: Ask(target, rank) for rank in FRENCH_RANKS} for target in range(MAX_PLAYERS))
# OTHERS[players][seat]: the other seats, clockwise from seat 0.
OTHERS = tuple(tuple(tuple(p for p in range(n) if p != seat) for seat in range(n)) for n in range(MAX_PLAYERS + 1))


class _AsksFor(dict):
    """The asks of one seat for the ranks a hand holds, in rank order: ``_ASKS_FOR[target][held]``.

    ``held`` is the hand's ranks as bits (``rank_bits``); each tuple is made on
    first use and kept (at most one per set of ranks, 8,192).
    """

    def __init__(self, target: int) -> None:
        super().__init__()
        self.asks = ASKS[target]

    def __missing__(self, held: int) -> tuple[Ask, ...]:
        asks = self[held] = tuple(ask for rank, ask in self.asks.items() if held >> rank & 1)
        return asks


_ASKS_FOR = tuple(_AsksFor(target) for target in range(MAX_PLAYERS))


def legal_actions(state: Any) -> list[Ask]:
    """Every ask the player to move may make: each other (askable) player, each rank they hold (G3, G8)."""
    me = state.current
    if me is None:
        return []
    held = state.held[me]
    targets = OTHERS[len(state.hands)][me] if state.rules.ask_empty_hands else askable(state, me)
    if len(targets) == 1:
        return list(_ASKS_FOR[targets[0]][held])
    legal: list[Ask] = []
    for target in targets:
        legal += _ASKS_FOR[target][held]
    return legal


def askable(state: Any, asker: int) -> tuple[int, ...]:
    """The seats ``asker`` may ask (G8): every other one, or with ``ask_empty_hands`` off those holding cards."""
    others = OTHERS[len(state.hands)][asker]
    if state.rules.ask_empty_hands:
        return others
    holding = tuple(p for p in others if state.hands[p])
    return holding or others  # with every other hand empty, a (futile) ask is the only move


def refusal(state: Any, action: Any) -> IllegalMove:
    """Why ``action``, an ``Ask`` of a seat number and a ``Rank`` (``check_action`` has seen to that), is not
    legal here, as the error to raise."""
    me = state.current
    if me is None:
        return IllegalMove(f"{PREFIX}.end", "The game is over: no more asks.")
    target, rank = action.target, action.rank
    if type(target) is not int or not 0 <= target < len(state.hands):
        return IllegalMove(f"{PREFIX}.ask.other-player", f"There is no seat {target!r} to ask.")
    if target == me:
        return IllegalMove(f"{PREFIX}.ask.other-player", "You ask one of the other players, not yourself.")
    if target not in askable(state, me):
        return IllegalMove(f"{PREFIX}.ask.other-player",
                           f"{state.names[target]} has no cards; with this option you ask someone who does.")
    if rank not in LOWEST:
        return IllegalMove(f"{PREFIX}.ask.own-rank", f"{rank!r} is not a rank of this pack.")
    return IllegalMove(f"{PREFIX}.ask.own-rank",
                       f"You may only ask for a rank you hold, and you have no {rank.english_plural}.")
