"""The Cornish of Gwra Pyskessa: what is said at the table, with its English (``ask_said``, ``yes_said``,
``NO_SAID``, ``THANKS_SAID``: the game says them and the drill drills them), and reading a learner's typed ask
("Vicki, eus neb myghtern genes?") into a Gwra Pyskessa ask, and the answer of a learner asked ("Eus. Yma genev vy
seyth." or "Nag eus. Gwra pyskessa!").

The words are the cards' own (``Rank.cornish``) in the sentences made here, so
the parser reads back every ask the game can say.  It is tolerant where a
learner would expect it — case, spacing, commas, the final "?", the optional
"neb" (any) — and never guesses: anything else is a ``CornishError`` whose
``hint`` says what to change.  Nothing typed is ever evaluated; a widget
escapes it before showing it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Sequence

from tutor.cards import FRENCH_RANKS, Rank

RANK_WORDS: dict[str, Rank] = {rank.cornish.lower(): rank for rank in FRENCH_RANKS}
ENGLISH_WORDS: dict[str, Rank] = {}
for _rank in FRENCH_RANKS:
    ENGLISH_WORDS[_rank.english] = _rank
    ENGLISH_WORDS[_rank.english_plural] = _rank
ENGLISH_WORDS.update({str(int(r)): r for r in FRENCH_RANKS if r <= 10})
# Words a learner may reach for that are not the card's name ("onan" is the numeral one; docs/rules.md, Gwra Pyskessa).
FALSE_FRIENDS = {"onan": (Rank.ACE, "“onan” is the number one; on the cards the ace is “byd”.")}
EXAMPLE = "Pol, eus seyth genes?"

# What is said at the table, with its English: the game says it, the drill drills it, the reader reads it back.
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


class CornishError(ValueError):
    """A typed ask that could not be read; ``hint`` is a correction for the learner (plain text)."""

    def __init__(self, hint: str, *, expected: str = "", typed: str = "") -> None:
        super().__init__(hint)
        self.hint = hint
        self.expected = expected
        self.typed = typed


@dataclass(frozen=True)
class ReadAsk:
    """What the learner asked: the seat, the rank, and whether "neb" (any) was said."""

    target: int
    rank: Rank
    neb: bool


def normalise(text: str) -> list[str]:
    """Lower case, punctuation (, . ? ! ; :) turned into spaces, and split into words."""
    return re.sub(r"[,.?!;:¿¡\"“”]", " ", str(text).lower()).split()


def read_ask(text: str, names: Sequence[str]) -> ReadAsk:
    """Read "<name>, eus [neb] <rank> genes?"; a wrong or incomplete sentence raises ``CornishError``."""
    words = normalise(text)
    if not words:
        raise CornishError(f"Type your question in Cornish, for example “{EXAMPLE}”.")
    target, rest = _name(words, names)
    if not rest or rest[0] != "eus":
        near = _near(rest[0], ["eus"]) if rest else None
        if near:
            raise CornishError(f"Almost — “eus”, not “{rest[0]}”.", expected="eus", typed=rest[0])
        raise CornishError("After the name comes “eus” (“is there…?”): "
                           f"“{names[target]}, eus … genes?”.", expected="eus")
    rest = rest[1:]
    neb = bool(rest) and rest[0] == "neb"
    if neb:
        rest = rest[1:]
    if not rest or rest[-1] != "genes":
        near = _near(rest[-1], ["genes"]) if rest else None
        if near:
            raise CornishError(f"Almost — “genes”, not “{rest[-1]}”.", expected="genes", typed=rest[-1])
        raise CornishError("End the question with “genes?” (“with you?”).", expected="genes")
    rank_words = rest[:-1]
    if len(rank_words) != 1:
        if not rank_words:
            raise CornishError("Say which rank you want between “eus” and “genes”, e.g. “eus seyth genes?”.")
        raise CornishError(f"Ask for one rank: I read “{' '.join(rank_words)}” where one word should be.")
    return ReadAsk(target, _rank(rank_words[0]), neb)


def read_answer(text: str, rank: Rank) -> str:
    """Read an answer to an ask for ``rank``: "yes" for "Eus" (alone, or with "Yma seyth genev" / "Yma genev vy
    seyth"), "no" for "Nag eus" (alone, or with "Gwra pyskessa!" or the short "Pyskessa!"); anything else raises
    ``CornishError`` saying what to change."""
    word = rank.cornish.lower()
    both = f"“Eus. Yma genev vy {word}.” (yes) or “Nag eus. Gwra pyskessa!” (no)"
    words = normalise(text)
    if not words:
        raise CornishError(f"Answer in Cornish: {both}.")
    if words[0] == "nag":
        rest = words[1:]
        if not rest or rest[0] != "eus":
            near = _near(rest[0], ["eus"]) if rest else None
            raise CornishError(f"Almost — “nag eus”, not “nag {rest[0]}”." if near else
                               f"“No” is “Nag eus”: {both}.", expected="eus", typed=rest[0] if rest else "")
        tail = rest[1:]
        for said, wanted in zip(tail, ("gwra", "pyskessa") if len(tail) > 1 else ("pyskessa",)):
            if said != wanted:
                raise CornishError(f"Almost — “{wanted}”, not “{said}”: “Nag eus. Gwra pyskessa!”.",
                                   expected=wanted, typed=said)
        if len(tail) > 2:
            raise CornishError("After “Nag eus” comes only “Gwra pyskessa!”.")
        return "no"
    if words[0] != "eus":
        near = _near(words[0], ["eus", "nag"])
        if near:
            raise CornishError(f"Almost — “{near}”, not “{words[0]}”.", expected=near, typed=words[0])
        raise CornishError(f"Answer in Cornish: {both}.")
    rest = words[1:]
    if not rest:
        return "yes"
    if rest[0] != "yma":
        raise CornishError(f"Almost — “yma”, not “{rest[0]}”: “Eus. Yma genev vy {word}.”.", expected="yma",
                           typed=rest[0])
    others = [w for w in rest[1:] if w not in ("genev", "vy")]
    if "genev" not in rest:
        near = next((w for w in others if _near(w, ["genev"])), None)
        raise CornishError(f"Almost — “genev”, not “{near}”: “Eus. Yma genev vy {word}.”." if near else
                           f"Say that you have them: “Eus. Yma genev vy {word}.”.", expected="genev",
                           typed=near or "")
    if len(others) > 1:
        raise CornishError(f"Name the one rank you were asked for: “Eus. Yma genev vy {word}.”.")
    if others and others[0] != word:
        said = others[0]
        if said in RANK_WORDS:
            raise CornishError(f"You were asked for {rank.english_plural}, “{word}”, not “{said}”.",
                               expected=word, typed=said)
        raise CornishError(f"Almost — “{word}”, not “{said}”." if _near(said, [word]) else
                           f"{rank.english_plural.capitalize()} are “{word}”: “Eus. Yma genev vy {word}.”.",
                           expected=word, typed=said)
    return "yes"


def _name(words: list[str], names: Sequence[str]) -> tuple[int, list[str]]:
    """The seat named at the start of the sentence (the longest name that matches), and the words after it."""
    best: tuple[int, int] | None = None
    for seat, name in enumerate(names):
        parts = normalise(name)
        if parts and words[:len(parts)] == parts and (best is None or len(parts) > best[1]):
            best = (seat, len(parts))
    if best is None:
        listed = ", ".join(names)
        near = _near(words[0], [n.lower() for n in names])
        if near:
            raise CornishError(f"Start with the name of the player you ask — did you mean “{_title(near, names)}”?",
                               typed=words[0])
        raise CornishError(f"Start with the name of the player you ask ({listed}), then a comma: “{EXAMPLE}”.")
    return best[0], words[best[1]:]


def _rank(word: str) -> Rank:
    if word in RANK_WORDS:
        return RANK_WORDS[word]
    if word in FALSE_FRIENDS:
        raise CornishError(FALSE_FRIENDS[word][1], expected="byd", typed=word)
    if word in ENGLISH_WORDS:
        rank = ENGLISH_WORDS[word]
        raise CornishError(f"Ask in Cornish: {rank.english_plural} are “{rank.cornish.lower()}”.",
                           expected=rank.cornish.lower(), typed=word)
    near = _near(word, list(RANK_WORDS))
    if near:
        raise CornishError(f"Almost — “{near}”, not “{word}”.", expected=near, typed=word)
    ranks = ", ".join(RANK_WORDS)
    raise CornishError(f"“{word}” is not a rank. The ranks are: {ranks}.", typed=word)


def _near(word: str, choices: list[str]) -> str | None:
    found = difflib.get_close_matches(word, choices, n=1, cutoff=0.7)
    return found[0] if found else None


def _title(lowered: str, names: Sequence[str]) -> str:
    return next(n for n in names if n.lower() == lowered)
