"""What one seat may know of a position at a table the class service keeps: made in the service from the real state
(``seen``), sent to that seat's kernel, and read there as a ``SeenState`` that answers what the play app asks of a
state, with nothing of the others' hands, the deal's seed or the whole state in it.

The service computes, for one seat: its own view and the view every seat shares (its own hand face down too), whose
turn it is, the events, the status line, the result once the game is over, and the seat's moves only (its legal
moves when it is its turn, the moves it may make out of turn, the moves each card of its hand offers), each move
with its words (``prompt``, ``describe``) and the cards of the hand it uses.  A move of another seat is sent only
when every card it uses is face up for this seat before or after it (``public_move``): a card passed face down is
never named to a third seat.

The wire: a payload holds game objects (cards, moves, the views' dataclasses), so the service sends it pickled
(``pack``: base64 text inside the JSON answer), and the kernel reads it with ``unpack``.  Only the service packs and
only a kernel unpacks: the service trusts nothing a kernel sends, and reads only JSON from kernels (a move's text,
an answer's key), never a pickle.
"""

from __future__ import annotations

import base64
import dataclasses
import pickle
import re
from collections import Counter
from typing import Any, Iterable

from tutor.cards.base import InternedCard
from tutor.driver import visible_cards
from tutor.record import Record

__all__ = ["FORM", "SeenState", "SeenStateError", "cards_in", "pack", "public_move", "public_setup", "public_view",
           "seen", "told", "unpack"]

FORM = 1  # the payload's form: a kernel and a service of different forms refuse each other's payloads


class SeenStateError(ValueError):
    """What a seat's kernel cannot do with what its seat sees (apply a move, read another seat's moves), in words."""


# ---------------------------------------------------------------- in the service: made from the real state


def public_setup(setup: Record) -> Record:
    """How the game began, without the deal's seed or a prepared deal: what every seat may know of the set-up."""
    return Record.checked(setup.game, setup.players, None, None, setup.names, setup.dealer, dict(setup.options or {}))


def public_view(view: Any, seat: int) -> Any:
    """``view`` (``seat``'s) with ``seat``'s own hand face down too: what every seat at the table sees."""
    seats = tuple(dataclasses.replace(s, hand=(None,) * len(s.hand)) if i == seat else s
                  for i, s in enumerate(view.seats))
    return dataclasses.replace(view, seats=seats)


def public_move(before: Any, after: Any, action: Any, mover: int | None, seat: int) -> bool:
    """Whether ``seat`` may be told ``action`` (made by ``mover`` from ``before`` to ``after``): its own move, or a
    move each card named in it is face up for ``seat`` before or after it, or named in what the move's events tell
    everyone (a card that wins a trick and leaves the table with it)."""
    return mover == seat or all(told(before, after, seat)(c) for c in cards_in(action))


def told(before: Any, after: Any, seat: int) -> Any:
    """Whether a card is face up for ``seat`` before or after a move, or named in what the move told everyone."""
    shown = visible_cards(before.view(seat)) + visible_cards(after.view(seat))
    words = " ".join(e.text for e in after.events)
    return lambda card: card in shown or _named(card, words)


def cards_in(value: Any, depth: int = 0) -> list:
    """The cards a move (or any value) names in its fields, however deep (a card is an ``int``: looked for first)."""
    if isinstance(value, InternedCard):
        return [value]
    if depth > 6 or isinstance(value, (str, bytes, int, float, type(None))):
        return []
    if isinstance(value, (tuple, list, set, frozenset)):
        return [c for item in value for c in cards_in(item, depth + 1)]
    names = list(getattr(value, "__dataclass_fields__", ())) or list(getattr(value, "__dict__", ()))
    return [c for name in names for c in cards_in(getattr(value, name, None), depth + 1)]


def _named(card: Any, text: str) -> bool:
    """Whether ``text`` names ``card`` (by its English name or its label, as a whole word)."""
    names = {n for n in (getattr(card, "english", ""), getattr(card, "label", "")) if n}
    return any(re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", text, re.IGNORECASE) for n in names)


def _words(state: Any, action: Any) -> tuple[Any, str, str, tuple]:
    """A move of the seat's with its words and the cards it uses (a move the game cannot word gets ``""``)."""
    def asked(method: Any, empty: Any) -> Any:
        try:
            return method(action)
        except ValueError:  # IllegalMove too: a candidate move the rules refuse may have no words
            return empty

    return action, asked(state.prompt, ""), asked(state.describe, ""), tuple(asked(state.cards_of, ()))


def seen(state: Any, seat: int, game: Any, *, full: bool = True, also: Iterable[Any] = (),
         attrs: dict[str, tuple[str, Any]] | None = None) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (a game of ``game``), as a plain payload for ``SeenState``.

    ``full``: with the seat's moves (its legal moves on its turn, its moves out of turn, each card's moves); without,
    the views, events and status only (a position a step passed through).  ``also``: more moves of the seat's (or
    moves public to it) to word, such as a decision it made ahead or the move of a step.  ``attrs``: what the game's
    race input reads of the state, as it read it in the service (``name -> ("value", v)``, or ``("call", result)``
    for a method without arguments: ``tutor.service.tables.race_reads``)."""
    view = state.view(seat)
    over = state.is_over
    mine = not over and state.current_player == seat
    legal = list(state.legal_actions()) if full and mine else []
    offers = list(state.offers(seat)) if full and not over else []
    candidates: dict[Any, list[str]] = {}
    moves: dict[str, tuple[Any, str, str, tuple]] = {}
    if full and mine:  # another seat's turn: a card of this hand offers nothing (and asks nothing of the others')
        for card in view.seats[seat].hand:
            if card is not None and card not in candidates:
                actions = list(state.candidate_actions(card))
                candidates[card] = [str(a) for a in actions]
                for action in actions:
                    moves.setdefault(str(action), _words(state, action))
    for action in [*legal, *offers, *also]:
        moves.setdefault(str(action), _words(state, action))
    return {"form": FORM, "seat": seat, "game": game.slug, "setup": public_setup(state.setup),
            "events": tuple(state.events), "current_player": state.current_player,
            "current_players": tuple(state.current_players), "phase": state.phase, "over": over,
            "status": state.status(), "view": view, "public": public_view(view, seat), "full": full,
            "legal": [str(a) for a in legal], "offers": [str(a) for a in offers], "candidates": candidates,
            "moves": moves, "result": state.result() if over else None, "attrs": dict(attrs or {})}


def pack(value: Any) -> str:
    """A payload as text for the JSON answer (the service to a kernel only)."""
    return base64.b64encode(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)).decode("ascii")


# ---------------------------------------------------------------- in the kernel: read from the payload


def unpack(text: Any) -> Any:
    """A payload the class service packed (read in a learner's kernel, never in the service)."""
    if not isinstance(text, str):
        raise SeenStateError("The class service's answer could not be read: its table is not there.")
    return pickle.loads(base64.b64decode(text.encode("ascii")))


class SeenState:
    """A position as one seat sees it at a table the class service keeps: it answers what the play app asks of a
    state (whose turn, the view, the status, the seat's moves and their words) from what the service computed for
    that seat.  Nothing else is in it: another seat's view is the one every seat shares, another seat's moves are
    not known here, and a move is made at the service (``apply`` refuses)."""

    def __init__(self, payload: dict[str, Any]) -> None:
        if not isinstance(payload, dict) or payload.get("form") != FORM:
            raise SeenStateError("The class service sent a table this Gwari cannot read: restart your server "
                                 "(File > Hub Control Panel) to have the same Gwari as the service.")
        self._p = payload
        self.seat: int = payload["seat"]
        self.events: tuple = payload["events"]
        self.setup: Record = payload["setup"]

    def __getattr__(self, name: str) -> Any:
        """What the game's race input reads of a state (its race clock, its rules), as the service read it."""
        read = self.__dict__.get("_p", {}).get("attrs", {}).get(name)
        if read is None:
            raise AttributeError(f"A table's position as your seat sees it has no {name!r}: the class service holds "
                                 "the game.")
        kind, value = read
        return (lambda: value) if kind == "call" else value

    def __repr__(self) -> str:
        return f"SeenState(seat={self.seat}, {self._p['status']!r})"

    # -- whose turn, and the table

    @property
    def current_player(self) -> int | None:
        return self._p["current_player"]

    @property
    def current_players(self) -> tuple[int, ...]:
        return self._p["current_players"]

    @property
    def phase(self) -> str:
        return self._p["phase"]

    @property
    def is_over(self) -> bool:
        return self._p["over"]

    def view(self, player: int | None) -> Any:
        """This seat's view; for any other seat (or none), the view every seat shares (no hand face up)."""
        return self._p["view"] if player == self.seat else self._p["public"]

    def status(self) -> str:
        return self._p["status"]

    def result(self) -> Any:
        if self._p["result"] is None:
            raise SeenStateError("The game is not over: there is no result yet.")
        return self._p["result"]

    def cards(self) -> list:
        """The cards this seat sees face up (every card of the game stays at the service)."""
        return sorted(visible_cards(self._p["view"]).elements())

    # -- this seat's moves

    def _moves(self, texts: Iterable[str]) -> list:
        return [self._p["moves"][t][0] for t in texts]

    def legal_actions(self) -> list:
        """This seat's legal moves on its turn (none on another seat's turn: those are not known here)."""
        return self._moves(self._p["legal"])

    def offers(self, seat: int) -> list:
        """The moves this seat may make out of turn (another seat's are not known here)."""
        return self._moves(self._p["offers"]) if seat == self.seat else []

    def candidate_actions(self, card: Any) -> list:
        """The moves a card of this seat's hand offers, legal or not, on its turn."""
        return self._moves(self._p["candidates"].get(card, ()))

    def _word(self, action: Any, part: int) -> Any:
        if action is None:  # another seat's move this seat was not told: no words, no card it may see
            return ("", "", "", ())[part]
        found = self._p["moves"].get(str(action))
        if found is None:
            raise SeenStateError(f"{str(action)[:40]!r} is not one of your moves here: moves are checked by the "
                                 "class service.")
        return found[part]

    def prompt(self, action: Any) -> str:
        return self._word(action, 1)

    def describe(self, action: Any) -> str:
        return self._word(action, 2)

    def cards_of(self, action: Any) -> tuple:
        return self._word(action, 3)

    def apply(self, action: Any) -> Any:
        raise SeenStateError("Moves at this table are made by the class service, which holds the game: make your "
                             "move at the table, and the service checks it.")
