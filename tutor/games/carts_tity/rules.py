"""Cârts Tîty's rule book in numbers: the constants (hand, chains, swaps, the last card, overflow, scoring), the
rule ids (``carts.*``) and ``Rules``, the options with their defaults.

Part of ``tutor.games.carts_tity``; it imports no other part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine import counted

SLUG = "carts-tity"
PREFIX = "carts"
HAND = 8  # T1: cards dealt to each player
PER_DECK = 6  # T1: one more deck for every six players more
MAX_PLAYERS = 20
CHAIN_STEP = 2  # T4: each follow-up adds two cards
CHAIN_CAP = 10  # T4: a chain that would go above this breaks
SWAPS = 3  # T8: swaps per player and round
SWAP_MIN = 4  # T8: the fewest cards a swapped hand may have
SIXTEEN = 16  # T9
VOID_AT = 11  # T10: a one-card player who would draw this many or more owes nothing
FORGOT, FORGOT_MORE, FORGOT_OVER = 5, 7, 10  # T10: 5 cards, or 7 while another player holds more than 10
OVERFLOW = 25  # T11: more than this many cards at the end of one's turn puts a player out
OUT_POINTS, SURVIVOR_POINTS, SURVIVOR_PLAYERS = 30, 20, 4  # T13
ROUND_LIMIT = 3_000  # a bound on the moves of one round (Gwari's own: every game ends)
SHORT_TURNS = 25  # the short game: a round stops after this many turns each (docs/rules.md, "Short games")
MAX_ROUNDS = 100  # a bound on the rounds of a match
MAX_SCORE = 10_000  # the most a total from earlier rounds (a prepared deal's ``scores``) may be

R = {name: f"{PREFIX}.{name}" for name in (
    "players", "deal", "decks", "play", "follow-up", "draw", "stock", "swap", "skip", "chain", "chain.draw",
    "chain.break", "chain.skip", "chain.double", "chain.plays-on", "sixteen", "last-card", "one-card",
    "last-card.draw-one", "last-card.forgot", "overflow", "win", "last-standing", "stuck", "score",
    "score.survivor", "match")}

R_PLAY, R_FOLLOW, R_DRAW, R_CHAIN, R_CHAIN_DOUBLE, R_CHAIN_DRAW, R_CHAIN_SKIP = (
    R[k] for k in ("play", "follow-up", "draw", "chain", "chain.double", "chain.draw", "chain.skip"))
MALFORMED = R_PLAY  # the rule a move that is no move of the game (or malformed) is refused under


def decks_for(players: int) -> int:
    """T1: one deck for two to five players, two for six to eleven, three for twelve to seventeen, and so on."""
    return players // PER_DECK + 1


def cards_word(n: int) -> str:
    """"1 card", "4 cards"."""
    return counted(n, "card")


def points_word(n: int) -> str:
    """"0 points", "1 point", "−20 points" (a minus sign, not a hyphen)."""
    return ("−" if n < 0 else "") + counted(abs(n), "point")


@dataclass(frozen=True)
class Rules:
    """Cârts Tîty's options, with the rule book's defaults (docs/rules.md, T4–T13)."""

    sixteen: bool = False
    """T9, optional: a card of the top card's element that makes 16 with it gives an extra turn."""
    last_card: bool = True
    """T10: announce your last card; while anyone holds one card nobody misses a turn; forgetting costs cards."""
    overflow: bool = True
    """T11: more than 25 cards at the end of your turn puts you out."""
    chain_doubles: bool = False
    """T4, variant: each follow-up doubles the chain (2, 4, 8) instead of adding two."""
    penalised_plays: bool = False
    """T6, variant: a player who draws a chain's cards then plays the turn as usual."""
    scoring: bool = False
    """T13, optional: play several rounds; a card left is a point, an overflow 30; the lowest total wins."""
    rounds: int = 0
    """T13: with scoring, the match is this many rounds; 0 plays until someone reaches the target."""
    target: int = 100
    """T13: with scoring and no fixed number of rounds, the match ends once someone has this many points."""
    survivor: bool = True
    """T13: with scoring and four players or more, the last player left when all others overflowed takes 20 off."""
    short: bool = False
    """A short game: the round stops after 25 turns each, and the fewest cards win (the rule book plays on until
    someone is out of cards)."""

    def __post_init__(self) -> None:
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"option rounds: a match has 1 to {MAX_ROUNDS} rounds (0: play to the target), "
                             f"not {self.rounds}.")
        if not 1 <= self.target <= MAX_SCORE:
            raise ValueError(f"option target: a match goes to 1 to 10,000 points, not {self.target}.")


def round_limit(rules: Rules, players: int) -> int:
    """The moves after which a round stops and the fewest cards win: the short game's turns, else Gwari's bound."""
    return SHORT_TURNS * players if rules.short else ROUND_LIMIT
