"""The learner's seat in the second person: one grammar for every line a learner reads about their own seat.

The engines narrate in the third person with seat names ("You asks Vicki for sevens", "Jory wins"), the same
words for every reader; the learner reading them is "you".  ``second_person(text, name)`` turns a line into the
grammar of the reader whose seat is called ``name``: "You asks Vicki for sevens" (or "Jory asks Vicki…" read by
Jory) -> "You ask Vicki for sevens"; "Vicki asks You for sevens" -> "Vicki asks you for sevens"; "You's" ->
"your"; "You to ask." -> "Your turn to ask."; "You pays, and every player takes back the card they were dealt"
-> "You pay, and every player takes back the card they were dealt".  Other seats' words are left alone.

How a line is read, in order:

- Each mention of the seat's name is one of: a possessive ("You's build" -> "your build", "(You's)" ->
  "(yours)"); a turn ("You to
  lead" -> "your turn to lead"; "You, the dealer, to stand" -> "your turn, as the dealer, to stand"); the
  subject of a verb, perhaps after an aside ("You, who took the last trick, leads", "You (the dealer)
  changes", "You quietly lays") or as one of a pair ("You & Pol scores" -> "you & Pol score"); or a label or
  object ("Score: You 3", "asks You for") whose only change is its capital.
- A verb in the third person singular after the seat takes the plural form: a small table of irregular verbs
  (is, has, was, does, goes), then the spelling rules (carries -> carry, passes -> pass, catches -> catch,
  takes -> take).  The verbs joined to it in the same clause ("and sits this trick out", ", so takes the
  cards", ", has 2 left") follow it, until another subject speaks ("and the round ends", "so Pol changes").
- "they", "their", "theirs" and "themselves" after the seat in the same sentence are the reader's ("touches
  their nose" -> "touch your nose", "unless they answer" -> "unless you answer"), unless someone else has come
  between ("every player", "the next player", another name with its verb).  "them" is left as it is: in the
  engines' and bots' words it is as often the cards ("was handed them") or the speaker ("has not said 'Nag
  eus' to them") as the seat.
- The seat's name keeps its capital at the start of a sentence and after a colon (a label, or a clause after
  "Game over:"); elsewhere it is "you".  "your" takes a capital only at the start of a sentence.

``said_to`` is for the words said at the table: a line said to the learner whose seat is "You" drops the
vocative ("You, eus myghtern genes?" -> "Eus myghtern genes?"), while a real name (a classmate at a table)
stays, as a person would say it.  ``in_tutor_voice`` turns a bot's reason, written in the bot's first person
("I collect aces (I hold 2)…, so I pass it on"), into the tutor speaking to the learner ("You collect aces (you
hold 2)…, so you pass it on"): a statement to "you", never an imperative made by dropping the subject, since
"I hold four aces" is a fact of the hand, not a suggestion.

Pure functions of text, with no import beyond the standard library: learner pages in the browser (Pyodide) and
the engine's layers alike may use them.
"""

from __future__ import annotations

import re

__all__ = ["LEARNER_SEAT", "base_form", "in_tutor_voice", "said_to", "second_person", "solo_names"]

#: The name of the learner's seat in solo play and in every first game (a table of classmates uses their names).
LEARNER_SEAT = "You"

IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
#: Words ending in "s" that are not verbs in the third person, where they may follow a joining word.
NOT_VERBS = frozenset((
    "as", "its", "this", "thus", "his", "hers", "yes", "always", "perhaps", "sometimes", "afterwards", "towards",
    "besides", "whereas", "plus", "minus", "less", "unless", "ones", "others", "yours", "ours", "theirs",
    "aces", "kings", "queens", "jacks", "tens", "nines", "eights", "sevens", "sixes", "fives", "fours", "threes",
    "twos", "jokers", "cards", "points", "tricks", "counters", "sets", "letters", "lives", "rounds",
    "players", "partners", "opponents", "seconds", "minutes", "times", "words", "moves", "suits", "elements",
    "piles", "chains", "matadors", "sweeps", "games", "steps", "teams", "hearts", "spades", "diamonds", "clubs",
))
ADVERBS = ("also", "still", "quietly", "now", "then", "only", "just", "always", "never", "first", "again", "at once")
JOINS = frozenset(("and", "or", "so", "but", "then"))
PRONOUNS = {"they": "you", "their": "your", "theirs": "yours", "themselves": "yourself"}
#: Someone else who may come between the seat and a pronoun, who then is theirs.
OTHERS = re.compile(r"\b(every|everyone|everybody|each|someone|somebody|anyone|nobody|no one|others?|players?|"
                    r"opponents?|partners?|asker|dealer)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_][\w'’-]*|\d+(?:[.,]\d+)*|[,;:.!?—()“”\"]")
_ADVERB = "|".join(a.replace(" ", r"\s") for a in ADVERBS)


def is_third_person(word: str) -> bool:
    """Whether ``word`` reads as a verb in the third person singular ("takes", "has", "over-trumps")."""
    if word in IRREGULAR:
        return True
    return (len(word) > 2 and word.endswith("s") and word[0].islower() and word.replace("-", "").isalpha()
            and not word.endswith(("ss", "us", "'s", "’s")) and word not in NOT_VERBS)


def base_form(verb: str) -> str:
    """The plural (and second-person) form of a verb in the third person singular: "has" -> "have", "carries" ->
    "carry", "passes" -> "pass", "catches" -> "catch", "takes" -> "take"."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def _starts_sentence(text: str, at: int) -> bool:
    """Whether position ``at`` of ``text`` begins a sentence (the start, or after . ! ? and a space)."""
    before = text[:at].rstrip(" “\"(")
    return not before or (before[-1] in ".!?" and text[len(before):at].startswith((" ", "\n"))) or before[-1] == "\n"


def _after_colon(text: str, at: int) -> bool:
    return text[:at].rstrip().endswith(":")


def _cased(word: str, text: str, at: int, *, label: bool) -> str:
    """``word`` ("you", "your…") with a capital at a sentence's start, or (``label``) after a colon."""
    if _starts_sentence(text, at) or (label and _after_colon(text, at)):
        return word[0].upper() + word[1:]
    return word


def _joined_verbs(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The verbs joined to the seat's verb between ``start`` and ``end`` (its clause): (where, to where, the plural
    form).  Stops at the first verb with a subject of its own."""
    found = []
    previous = ","  # the seat's own verb stands just before ``start``
    for match in _WORD.finditer(text, start, end):
        word = match.group()
        if word in ";:.!?—":
            break
        if word in ADVERBS:
            continue
        if is_third_person(word):
            if previous not in JOINS and previous != ",":
                break  # "and the round ends": another subject
            found.append((match.start(), match.end(), base_form(word)))
        previous = word.lower() if word not in ("(", "“", "”", '"') else previous
    return found


_CLAUSE_END = re.compile(r"[;:.!?—](?=\s|$|”|\")")


def _clause_end(text: str, start: int) -> int:
    """Where the clause that goes on at ``start`` ends (a stop, a colon, a semicolon or a dash)."""
    match = _CLAUSE_END.search(text, start)
    return match.end() - 1 if match else len(text)


def _subject(text: str, end: int) -> tuple[list[tuple[int, int, str]], int]:
    """The seat named just before ``end`` as a subject: the verb changes it takes (its own verb in the plural, as
    one of a pair, after an aside or an adverb) and where its clause's words start (-1: not a subject)."""
    rest = text[end:]
    pair = re.match(r"\s(?:&|and)\s[A-Z][\w'’-]*\s([a-z][\w-]*)\b", rest)
    if pair:
        verb, at = pair.group(1), end + pair.start(1)
    else:
        own = re.match(r"(,\s[a-z][^,;:.!?]*,|\s\([^)]*\))?(?:\s(?:" + _ADVERB + r"))?\s([a-z][\w-]*)\b", rest)
        if own is None:
            return [], -1
        verb, at = own.group(2), end + own.start(2)
    changes = [(at, at + len(verb), base_form(verb))] if is_third_person(verb) else []
    return changes, at + len(verb)


def second_person(text: str, name: str) -> str:
    """``text`` (an engine's narration in the third person) as read by the learner whose seat is ``name``: that
    seat is "you", its verbs and pronouns with it; every other seat's words unchanged.  See the module's
    docstring for the rules; an empty ``name`` or ``text`` changes nothing."""
    if not text or not name or not name.strip():
        return text
    seat = re.compile(r"(?<![\w'’])" + re.escape(name.strip()) + r"(?![\w])")
    if not seat.search(text):
        return text
    out: list[str] = []
    mentions: list[int] = []  # where in the output the seat is named (for the pronouns)
    changes: list[tuple[int, int, str]] = []  # verbs further on to put in the plural: (start, end, new) in ``text``
    done = 0
    for match in seat.finditer(text):
        at, end = match.start(), match.end()
        if at < done:
            continue
        out.append(_apply(text[done:at], changes, done))
        written = "".join(out)
        mentions.append(len(written))
        rest = text[end:]
        possessive = re.match(r"['’]s\b", rest)
        starts = _starts_sentence(text, at) or _after_colon(text, at)
        turn = re.match(r"(,\sthe\sdealer,)?\sto\s(?=[a-z])", rest) if starts else None  # not "asks You to"
        if possessive:
            owned = re.match(r"\s*[^\W\d_]", rest[possessive.end():])  # "You's build" -> "your"; "(You's)" -> "yours"
            out.append(_cased("your" if owned else "yours", written, len(written), label=False))
            done = end + possessive.end()
            continue
        if turn:
            aside = ", as the dealer," if turn.group(1) else ""
            out.append(_cased("your turn", written, len(written), label=False) + aside + " to ")
            done = end + turn.end()
            continue
        out.append(_cased("you", written, len(written), label=True))
        done = end
        verbs, clause = _subject(text, end)
        if clause >= 0:
            changes += verbs + _joined_verbs(text, clause, _clause_end(text, clause))
    out.append(_apply(text[done:], changes, done))
    return _pronouns("".join(out), mentions)


def _apply(segment: str, changes: list[tuple[int, int, str]], offset: int) -> str:
    """``segment`` (found at ``offset`` in the text) with the verb changes that fall inside it."""
    inside = sorted((s - offset, e - offset, new) for s, e, new in changes
                    if offset <= s and e <= offset + len(segment))
    parts, last = [], 0
    for start, end, new in inside:
        parts.append(segment[last:start] + new)
        last = end
    return "".join(parts) + segment[last:]


def _pronouns(text: str, mentions: list[int]) -> str:
    """They, their… that stand for the seat named at ``mentions`` (in the same sentence, nobody else between)
    turned to you, your…"""
    if not mentions:
        return text

    def swap(match: re.Match) -> str:
        word = match.group()
        before = [m for m in mentions if m < match.start()]
        if not before:
            return word
        between = text[before[-1]:match.start()]
        if re.search(r"[.!?](\s|$)", between) or OTHERS.search(between) or _someone_else(between):
            return word
        new = PRONOUNS[word.lower()]
        return new[0].upper() + new[1:] if word[0].isupper() else new

    return re.sub(r"\b(they|their|theirs|themselves)\b", swap, text, flags=re.IGNORECASE)


def _someone_else(between: str) -> bool:
    """Whether another subject speaks in ``between`` (a name or a noun followed by its own verb; the seat's own
    things, "your hand is", are the seat's)."""
    words = [m.group() for m in _WORD.finditer(between)]
    for i in range(1, len(words) - 1):
        first, second = words[i], words[i + 1]
        if words[i - 1].lower() == "your" or first.lower() in JOINS or first.lower() in ("you", "your"):
            continue
        if first[0].isalpha() and is_third_person(second):
            return True
    return False


def said_to(said: str, name: str) -> str:
    """Words said at the table as the learner whose seat is ``name`` hears them: said to the seat "You", the
    vocative goes ("You, eus myghtern genes?" -> "Eus myghtern genes?"); a real name stays ("Vicki, eus…")."""
    if not said or not name or name.strip().lower() != LEARNER_SEAT.lower():
        return said
    match = re.match(re.escape(name) + r",\s*", said)
    if not match:
        return said
    rest = said[match.end():]
    return rest[:1].upper() + rest[1:]


#: The bot's first person, as the tutor says it to the learner ("I" is always a capital; the others keep theirs).
FIRST_PERSON = [(r"\bI['’]m\b", "you're"), (r"\bI['’]ve\b", "you've"), (r"\bI['’]d\b", "you'd"),
                (r"\bI['’]ll\b", "you'll"), (r"\bI am\b", "you are"), (r"\bI was\b", "you were"),
                (r"(?<!letter )\bI\b(?![:'’])", "you")]
MINE = {"myself": "yourself", "mine": "yours", "my": "your", "me": "you"}


def in_tutor_voice(text: str) -> str:
    """A bot's reason, written in its first person, as the tutor says it to the learner: "I collect aces (I hold
    2); the 7♠ is an odd card, so I pass it on." -> "You collect aces (you hold 2); the 7♠ is an odd card, so you
    pass it on."; "left me the pig" -> "left you the pig"; "my reaction" -> "your reaction".  Words already
    spoken to "you" are unchanged."""
    if not text:
        return text
    out = text
    for pattern, new in FIRST_PERSON:
        out = re.sub(pattern, new, out)

    def mine(match: re.Match) -> str:
        word = match.group()
        new = MINE[word.lower()]
        return new[0].upper() + new[1:] if word[0].isupper() else new

    out = re.sub(r"\b(myself|mine|my|me)\b", mine, out, flags=re.IGNORECASE)
    return re.sub(r"(?:^|(?<=[.!?]\s)|(?<=[.!?]”\s))(you|your)\b",
                  lambda m: m.group()[0].upper() + m.group()[1:], out)


def solo_names(default_names: tuple[str, ...] | list[str], players: int, seat: int) -> list[str]:
    """The seat names of a learner playing alone against bots: the learner's seat is "You"; the others take the
    game's default names from the second on (the first is the engine's name for seat 0, which the learner's seat
    replaces), so no bot is called by a name the learner's seat had."""
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, not {seat!r}.")
    others = [n for n in list(default_names)[1:] if n != LEARNER_SEAT][:players - 1]
    if len(others) < players - 1:
        raise ValueError(f"names: {players} players need {players - 1} names for the bots, not {len(others)}.")
    return others[:seat] + [LEARNER_SEAT] + others[seat:]
