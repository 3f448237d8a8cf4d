"""What is said at the table in Cornish, with its English: the ask, "Eus" and "Nag eus", the thanks; and reading
an ask a learner types in Cornish (the typed move), with the help a click on a card gives."""

from __future__ import annotations

from typing import Any

from tutor.cards import Card, Rank
from tutor.cornish import CornishError, read_ask
from tutor.engine import Misread

from .moves import ASKS, Ask
from .rules import LOWEST, MAX_PLAYERS

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}
NO_SAID = ("Nag eus. Gwra pyskessa!", "No. Go fish!")
THANKS_SAID = ("Meur ras!", "Thank you!")


def ask_said(target_name: str, rank: Rank, *, neb: bool = False) -> tuple[str, str]:
    """The Cornish ask and its gloss: ("Pol, eus seyth genes?", "Pol, have you got any sevens?")."""
    word = rank.cornish.lower()
    cornish = f"{target_name}, eus {'neb ' if neb else ''}{word} genes?"
    return cornish, f"{target_name}, have you got any {rank.english_plural}?"


def yes_said(rank: Rank, count: int) -> tuple[str, str]:
    """The answer when the asked player holds the rank; the English says how many are handed over."""
    article = "an" if rank.english[0] in "aeiou" else "a"
    english = f"{article} {rank.english}" if count == 1 else f"{NUMBER_WORDS[count]} {rank.english_plural}"
    return f"Eus. Yma genev vy {rank.cornish.lower()}.", f"Yes. I have {english}."


def read_typed_ask(state: Any, seat: int, text: str) -> Ask:
    """The ask typed in Cornish by ``seat`` ("Pol, eus seyth genes?"); a sentence that cannot be read raises
    ``Misread`` with a correction (and the fumbled word, for the drill)."""
    names = [s.name for s in state.view(seat).seats]
    try:
        asked = read_ask(text, names)
    except CornishError as exc:
        raise Misread(exc.hint, exc.expected, exc.typed) from exc
    return ASKS[asked.target][asked.rank] if asked.target < MAX_PLAYERS else Ask(asked.target, asked.rank)


def card_help(card: Any) -> str:
    """What clicking a card of the hand says: its Cornish name, and the word that asks for its rank."""
    rank = getattr(card, "rank", None)
    if not isinstance(card, Card) or rank not in LOWEST:
        return ""
    return f"{card.native} — to ask for {rank.english_plural}, say “{rank.cornish.lower()}”."
