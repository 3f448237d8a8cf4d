"""The numbers in a lesson's words: fields such as ``{hand}`` filled with the game's figures.

A rule's title and text write a number the game's rules decide as a field naming one of the game's figures
(``Game.figure_names``; ``Game.figures`` computes them):

- ``{hand}`` in digits ("9", "100,000"), ``{hand:word}`` in words ("nine"; digits from 100), ``{hand:Word}``
  capitalised ("Nine");
- ``{hand@4}`` the rule book's figure for four players, whatever the table ("Four players use {pack@4} cards").

Filled for no table (the lesson, the rule sheets) a field is the rule book's figure (its usual number of
players).  Filled for a table (a game's state, or its set-up ``Record``) it is the table's: its players, options
and prepared deal; where the rule book's differs, the first time the figure comes in the text its phrase (up to the
next comma, semicolon, colon, full stop, bracket or dash) is followed by "here (nine in the rule book)".  A noun
right after a field agrees with the number ("one counter", "two counters").  ``check`` refuses a field that names
no figure, naming the file, the rule and the field.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from tutor.lesson_checks import LessonError

FIELD = re.compile(r"\{(?P<name>[a-z_]+)(?:@(?P<players>\d+))?(?::(?P<form>word|Word))?\}")
"""A field: ``{name}``, ``{name:word}``, ``{name:Word}``, each optionally ``@players``."""
ANY_BRACE = re.compile(r"[{}]")
PHRASE_END = re.compile(r"[,;:.!?()]|\s[—–]\s|$")
NOUNS = {"card": "cards", "counter": "counters", "point": "points", "deal": "deals", "round": "rounds",
         "turn": "turns", "trick": "tricks", "letter": "letters", "player": "players", "set": "sets", "time": "times"}
"""Nouns that agree with the number of the field just before them."""
_SINGULAR = {plural: one for one, plural in NOUNS.items()}
_NOUN_AFTER = re.compile(r"(\**\s+)([a-z]+)\b")
_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n: int) -> str:
    """A number as a lesson writes it in words: "nine", "twenty-one"; from 100 (or below 0) in digits."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens - 2] + ("" if ones == 0 else "-" + _ONES[ones])
    return f"{n:,}"


def shown(n: int, form: str | None) -> str:
    """A figure in a field's form: digits (``None``), ``word`` or ``Word``."""
    if form is None:
        return f"{n:,}"
    words = number_words(n)
    return words[:1].upper() + words[1:] if form == "Word" else words


def check(text: str, slug: str, where: str) -> None:
    """Refuse a field naming no figure of the game, a players count the game cannot seat, or a stray brace."""
    from tutor.games import get_game

    game = get_game(slug)
    for match in FIELD.finditer(text):
        name, players = match.group("name"), match.group("players")
        if name not in game.figure_names:
            known = ", ".join(sorted(game.figure_names)) or "none"
            raise LessonError(f"{where}: the field {match.group(0)} names no figure of {game.title} "
                              f"(its figures: {known}).")
        if players is not None:
            try:
                book_figures(slug, int(players))
            except ValueError:
                raise LessonError(f"{where}: the field {match.group(0)} asks for {players} players; {game.title} "
                                  f"has figures for {game.min_players} to {game.max_players}.") from None
    stray = ANY_BRACE.search(FIELD.sub("", text))
    if stray is not None:
        raise LessonError(f"{where}: a brace that opens or closes no field ({{name}}, {{name:word}}, "
                          f"{{name@4}}): {text[max(0, stray.start() - 20):stray.start() + 20]!r}.")


@lru_cache(maxsize=None)
def book_figures(slug: str, players: int | None = None) -> Mapping[str, int]:
    """The rule book's figures for ``players`` (its usual number when ``None``): its options, a shuffled deal."""
    from tutor.games import get_game

    return get_game(slug).figures(players)


def table_figures(table: Any) -> tuple[int, Mapping[str, int]]:
    """A table's players and figures; ``table`` is a game's state or its set-up ``Record``."""
    from tutor.games import get_game

    setup = getattr(table, "setup", table)
    return setup.players, get_game(setup.game).figures(setup.players, setup.deal, **dict(setup.options or {}))


def fill(text: str, slug: str, table: Any = None) -> str:
    """``text`` with its fields filled: the rule book's figures, or (``table``) the table's, the rule book's beside
    each one that differs."""
    if "{" not in text:
        return text
    if table is None:
        players, here = None, None
    else:
        players, here = table_figures(table)
    book = book_figures(slug, players)
    edits: list[tuple[int, int, str]] = []  # (start, end, new text) in the template, none overlapping
    said: set[str] = set()
    for match in FIELD.finditer(text):
        name, at, form = match.group("name"), match.group("players"), match.group("form")
        if at is not None:
            value, before = book_figures(slug, int(at))[name], None
        else:
            value = book[name] if here is None or name not in here else here[name]
            before = None if here is None or value == book[name] or name in said else book[name]
        edits.append((match.start(), match.end(), shown(value, form)))
        noun = _NOUN_AFTER.match(text, match.end())
        if noun is not None and noun.group(2) in NOUNS.keys() | NOUNS.values():
            one = _SINGULAR.get(noun.group(2), noun.group(2))
            edits.append((noun.start(2), noun.end(2), one if value == 1 else NOUNS[one]))
        if before is not None:
            said.add(name)
            end = _phrase_end(text, match.end())
            edits.append((end, end, f" here ({shown(before, 'word' if form else None)} in the rule book)"))
    out = text
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + new + out[end:]
    return out


def _phrase_end(text: str, start: int) -> int:
    """Where the phrase a field begins ends: before the next punctuation or dash outside a field, and before the
    spaces ahead of it."""
    masked = FIELD.sub(lambda m: "#" * len(m.group(0)), text)
    end = PHRASE_END.search(masked, start)
    stop = end.start() if end is not None else len(text)
    while stop > start and text[stop - 1].isspace():
        stop -= 1
    return stop


def rule_words(lesson: Any, rule_id: str, table: Any = None) -> tuple[str, str]:
    """A lesson rule's title and text filled for ``table`` (``None``: the rule book's, as the lesson has them)."""
    entry = lesson.rule(rule_id)
    if table is None:
        return entry.title, entry.text
    return fill(entry.title_source, lesson.slug, table), fill(entry.text_source, lesson.slug, table)
