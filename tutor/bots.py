"""Bots shared by every game: a random player, a strong one using the game's own heuristic, and an
expert one using the game's search where it has one.

Each game's package has a ``bot`` module that the registry pairs with the game
(``tutor.games.bot_module``): ``heuristic(state, rng) -> (action, reason)`` for
the strong bot (the play widget's hint shows its reason), and where the game has
them ``search(state, rng)`` for the expert and ``offer_choice(state, seat, rng)``
for moves out of turn.  Randomness comes only from the seed given to the bot.

A reason is the bot's own, in its first person ("I lead my lowest card…"; the tutor turns it to the learner with
``tutor.narration.in_tutor_voice``), and a ``Said``: with its words it carries the facts they state as ``Claim``s,
built from the same values, which ``tests/test_bot_claims.py`` checks against the engine.
"""

from __future__ import annotations

import random
import re
from typing import Any, NamedTuple

from tutor.engine import State
from tutor.games import bot_module, get_game

LEVELS = ("random", "strong", "expert")


class RandomBot:
    """Picks uniformly among the legal actions."""

    level = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Any:
        """A legal action of ``state``."""
        return self.rng.choice(state.legal_actions())

    def explain(self, state: State) -> tuple[Any, str]:
        """The action and why (for a random bot: chance)."""
        return self.choose(state), "A random legal move."

    def offer(self, state: State, seat: int) -> tuple[Any, str]:
        """Whether to take one of ``seat``'s out-of-turn offers now (``None``: not), and why: one time in four."""
        offers = state.offers(seat)
        if offers and self.rng.random() < 0.25:
            return self.rng.choice(offers), "A random choice."
        return None, "A random choice."


class StrongBot(RandomBot):
    """Uses the game's heuristic when it has one, otherwise plays at random."""

    level = "strong"

    def __init__(self, slug: str, seed: int | None = 0) -> None:
        super().__init__(seed)
        self.game = get_game(slug)
        module = bot_module(slug)
        self._heuristic = getattr(module, "heuristic", None)
        self._search = getattr(module, "search", None)
        self._offer = getattr(module, "offer_choice", None)

    def explain(self, state: State) -> tuple[Any, str]:
        """The action and the reason in words (a random move where the game has no heuristic)."""
        choice = self._heuristic(state, self.rng) if self._heuristic else None
        return super().explain(state) if choice is None else choice

    def choose(self, state: State) -> Any:
        """The heuristic's action."""
        return self.explain(state)[0]

    def offer(self, state: State, seat: int) -> tuple[Any, str]:
        """The game's rule of thumb for ``seat``'s out-of-turn offers."""
        if not state.offers(seat):
            return None, ""
        return self._offer(state, seat, self.rng) if self._offer else (None, "")


class ExpertBot(StrongBot):
    """Searches ahead where the game can (a time budget, so not reproducible move for move); else as ``StrongBot``."""

    level = "expert"

    def explain(self, state: State) -> tuple[Any, str]:
        """The searched move and why, or the heuristic's."""
        choice = self._search(state, self.rng) if self._search else None
        return super().explain(state) if choice is None else choice


def make_bot(slug: str, level: str = "strong", seed: int | None = 0) -> RandomBot:
    """A bot for game ``slug`` at ``level``: "random", "strong" (the game's rules of thumb) or "expert" (search)."""
    if level == "random":
        return RandomBot(seed)
    if level == "strong":
        return StrongBot(slug, seed)
    if level == "expert":
        return ExpertBot(slug, seed)
    raise ValueError(f"Unknown bot level {level!r}; the levels are {', '.join(LEVELS)}.")


# ---------------------------------------------------------------- a reason and the facts it states


class Claim(NamedTuple):
    """One fact a reason states, in a form a test checks against the engine: ``kind`` names the fact (each game's
    bot documents its kinds), ``args`` the cards, seats and numbers it is about."""

    kind: str
    args: tuple


class Said(str):
    """A bot's reason: the words (a ``str``, in the bot's own first person) and the facts they state (``claims``)."""

    claims: tuple[Claim, ...]

    def __new__(cls, text: str, claims: tuple[Claim, ...] = ()) -> "Said":
        said = super().__new__(cls, text)
        said.claims = claims
        return said


def said(text: str, *claims: tuple) -> Said:
    """The reason ``text`` with its facts: each claim a ``(kind, *args)`` tuple."""
    return Said(text, tuple(Claim(kind, tuple(args)) for kind, *args in claims))


def claims_of(reason: str) -> tuple[Claim, ...]:
    """The facts a reason states (none for a plain string)."""
    return getattr(reason, "claims", ())


def as_mine(prompt: str) -> str:
    """A move as offered to the player ("Take the 7♥ with your 7♣") as the bot says it of itself ("I take the 7♥
    with my 7♣")."""
    text = re.sub(r"\byours\b", "mine", re.sub(r"\byour\b", "my", str(prompt)))
    return f"I {text[:1].lower()}{text[1:]}"
