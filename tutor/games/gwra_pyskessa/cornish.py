"""What is said at the table in Cornish, with its English (the ask, "Eus" and "Nag eus", the thanks: made by
``tutor.cornish``, which the drill shares); reading an ask a learner types in Cornish (the typed move), with the help
a click on a card gives; and the answers a player asked by a classmate may give (``ReplyInput``)."""

from __future__ import annotations

from typing import Any

from tutor.cards import Card
from tutor.cornish import NO_SAID, NUMBER_WORDS, CornishError, ask_said, read_answer, read_ask, yes_said
from tutor.engine import Misread
from tutor.inputs import Answer

from .moves import ASKS, Ask
from .rules import LOWEST, MAX_PLAYERS, PREFIX, run



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


def asked_seat(_state: Any, action: Any) -> int | None:
    """The seat an ask is put to."""
    return action.target if isinstance(action, Ask) else None


def question_said(state: Any, action: Ask) -> tuple[str, str]:
    """The ask as the player asked hears it."""
    return ask_said(state.view(action.target).seats[action.target].name, action.rank)


def answers_to(state: Any, action: Ask) -> tuple[Answer, Answer]:
    """The two answers the player asked may give, "Eus" and "Nag eus"; the one their hand does not allow is refused
    with its rule (G3: every card of the rank is handed over; G4: with none, "Nag eus. Gwra pyskessa!")."""
    rank = action.rank
    count = len(run(state.view(action.target).seats[action.target].hand, rank))
    if count:
        yes = Answer("yes", *yes_said(rank, count))
        no = Answer("no", *NO_SAID, rule=f"{PREFIX}.give-all",
                    reason=f"You hold {NUMBER_WORDS[count]} of the {rank.english_plural}: the player asked hands "
                           "over every card of the rank asked for.")
    else:
        yes = Answer("yes", f"Eus. Yma genev vy {rank.cornish.lower()}.", f"Yes. I have {rank.english_plural}.",
                     rule=f"{PREFIX}.go-fish", reason=f"You hold no {rank.english_plural}: say “Nag eus. Gwra "
                     "pyskessa!” and the asker fishes.")
        no = Answer("no", *NO_SAID)
    return yes, no


def read_typed_answer(_state: Any, action: Ask, text: str) -> str:
    """The answer typed in Cornish by the player asked ("Nag eus. Gwra pyskessa!"): "yes" or "no"; a sentence that
    cannot be read raises ``Misread`` with a correction (and the fumbled word, for the drill)."""
    try:
        return read_answer(text, action.rank)
    except CornishError as exc:
        raise Misread(exc.hint, exc.expected, exc.typed) from exc
