"""Drill exercises, built from the word list with an injected ``random.Random`` (pure, no widgets).

Kinds: ``to-cornish`` (type the Cornish), ``to-english`` (type the English),
``choice`` (pick the Cornish among four), ``match`` (pair four words),
``build`` (put word tiles in order: "Pol, eus seyth genes?") and ``picture``
(name the card shown).  The phrases with a gap ("Eus ... genes?") are drilled
as whole sentences made by the words Gwra Pyskessa says (``tutor.cornish``'s
``ask_said``, ``yes_said``), so the drill and the game say the same thing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from tutor.cards import FRENCH_RANKS, Card
from tutor.cornish import NO_SAID, ask_said, normalise, yes_said
from tutor.vocab.check import Verdict, check_answer
from tutor.vocab.schedule import Deck
from tutor.vocab.words import Entry

KINDS = ("to-cornish", "to-english", "choice", "match", "build", "picture")
NAMES = ("Pol", "Vicki", "Joe")
ASK, YES, NO = "Eus ... genes?", "Eus. Yma ... genev.", "Nag eus. Gwra pyskessa!"


@dataclass(frozen=True)
class Exercise:
    """One drill item: what to show, the answer and the forms also accepted."""

    kind: str
    keys: tuple[str, ...]
    prompt: str
    answer: str
    accepted: tuple[str, ...] = ()
    language: str = "kw"
    choices: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    """For ``match``: (Cornish, English) pairs in the order the Cornish column is shown."""
    english_order: tuple[int, ...] = ()
    """For ``match``: the shuffled order of the English column (indexes into ``pairs``)."""
    tiles: tuple[str, ...] = ()
    card: str = ""
    note: str = ""


def sentence(entry: Entry, rng: random.Random) -> tuple[str, str, tuple[str, ...]]:
    """A whole sentence for an entry: (Cornish, English, other accepted Cornish forms)."""
    if entry.cornish == ASK:
        rank = rng.choice(FRENCH_RANKS)
        cornish, english = ask_said(rng.choice(NAMES), rank)
        return cornish, english, ()
    if entry.cornish == YES:
        rank = rng.choice(FRENCH_RANKS)
        cornish, english = yes_said(rank, 1)
        # The vocabulary's own word order, "Eus. Yma <rank> genev." (seed l.82), is accepted too.
        return cornish, english, (f"Eus. Yma {rank.cornish.lower()} genev.",)
    if entry.cornish == NO:
        return NO_SAID[0], NO_SAID[1], ()
    return entry.cornish, entry.english, ()


def make_exercise(entry: Entry, kind: str, rng: random.Random, entries: Sequence[Entry]) -> Exercise:
    """One exercise of ``kind`` for ``entry``; ``entries`` supply the wrong choices and match partners."""
    if kind not in KINDS:
        raise ValueError(f"exercise kind {kind!r} is not one of {', '.join(KINDS)}")
    cornish, english, accepted = sentence(entry, rng)
    keys = (entry.key,)
    if kind == "to-cornish":
        return Exercise(kind, keys, f"In Cornish: “{english}”", cornish, accepted, note=entry.notes)
    if kind == "to-english":
        return Exercise(kind, keys, f"In English: “{cornish}”", english, (), "en", note=entry.notes)
    if kind == "choice":
        others = [e for e in entries if e.category == entry.category and e.key != entry.key]
        wrong = [sentence(e, rng)[0] for e in rng.sample(others, min(3, len(others)))]
        choices = [cornish, *wrong]
        rng.shuffle(choices)
        return Exercise(kind, keys, f"Which is “{english}”?", cornish, accepted, choices=tuple(choices))
    if kind == "match":
        others = [e for e in entries if e.category == entry.category and e.key != entry.key]
        group = [entry, *rng.sample(others, min(3, len(others)))]
        rng.shuffle(group)
        order = list(range(len(group)))
        rng.shuffle(order)
        return Exercise(kind, tuple(e.key for e in group), "Match each Cornish word to its English.", "",
                        pairs=tuple((e.cornish, e.english) for e in group), english_order=tuple(order))
    if kind == "build":
        tiles = cornish.replace(",", "").split()  # commas are optional, so no comma tile
        rng.shuffle(tiles)
        return Exercise(kind, keys, f"Build in Cornish: “{english}”", cornish, accepted, tiles=tuple(tiles))
    card = _card_of(entry)
    if card is None:
        raise ValueError(f"{entry.cornish!r} is not a card, so it has no picture")
    return Exercise(kind, keys, "Name this card in Cornish.", card.cornish, card=card.code)


def _card_of(entry: Entry) -> Card | None:
    if entry.category != "card" or not entry.code:
        return None
    return Card.parse(entry.code)


def kinds_for(entry: Entry, *, new: bool) -> tuple[str, ...]:
    """The exercise kinds that suit an entry: recognising first for a new word, typing once it is known."""
    if new:
        return ("choice", "to-english") if entry.category != "card" else ("choice", "to-english", "match")
    kinds = ["to-cornish", "to-english", "choice"]
    if entry.category in ("number", "rank", "suit", "phrase") and entry.cornish not in (ASK, YES):
        kinds.append("match")
    if entry.cornish in (ASK, YES, NO):
        kinds.append("build")
    if entry.category == "card":
        kinds += ["picture", "picture"]
    return tuple(kinds)


def plan_session(deck: Deck, entries: Sequence[Entry], rng: random.Random, *, size: int = 10,
                 new: int = 3) -> list[Exercise]:
    """The exercises of one session: due words and a few new ones, each in a kind that suits it."""
    chosen = deck.session(entries, rng, size=size, new=new)
    return [make_exercise(e, rng.choice(kinds_for(e, new=e.key not in deck.cards)), rng, entries) for e in chosen]


def judge(exercise: Exercise, answer: Any, known: Sequence[str] = ()) -> Verdict:
    """Judge an answer: typed text, a choice's index, tiles in order, or (for ``match``) a list of
    (Cornish index, English index) pairs.  ``known`` are words never taken for a slip."""
    if exercise.kind == "choice":
        index = int(answer)
        if not 0 <= index < len(exercise.choices):
            raise ValueError(f"choice must be from 0 to {len(exercise.choices) - 1}")
        return check_answer(exercise.answer, exercise.choices[index], accepted=exercise.accepted)
    if exercise.kind == "match":
        pairs = [(int(a), int(b)) for a, b in answer]
        right = sum(a == b for a, b in pairs)
        total = len(exercise.pairs)
        if right == total and len(pairs) == total:
            return Verdict(True, False, "", "", "All matched.")
        wrong = [f"{exercise.pairs[a][0]} is “{exercise.pairs[a][1]}”" for a, b in pairs if a != b]
        return Verdict(False, False, "", "", f"{right} of {total} matched. " + "; ".join(wrong) + ".")
    if exercise.kind == "build":
        answer = " ".join(answer) if isinstance(answer, (list, tuple)) else str(answer)
        return check_answer(exercise.answer, answer, accepted=exercise.accepted)
    return check_answer(exercise.answer, str(answer), accepted=exercise.accepted, language=exercise.language,
                        known=known)


def known_words(entries: Sequence[Entry]) -> tuple[str, ...]:
    """Every Cornish word of the list (a typed word among them is a real word, not a slip)."""
    return tuple(dict.fromkeys(w for e in entries for w in normalise(e.cornish)))
