"""Deal codes: a deal written short enough to read out or copy from one screen to another.

A code is the number of players and the deal's number, then, when the deal has variants, one short part of
letters and digits that holds them: ``3-4821``, ``3-4821-b0``, ``3-17-b5c1``.  Each variant is a letter, its place
among the game's variants as its rules declare them (``a`` the first), and its value: ``1`` on and ``0`` off, a
number, ``x`` for none (the usual), a choice by its place among the choices (``0`` the first), a negative number
after ``n``.  A learner reads no variant's name and no word of code in it; the page that deals it says the
variants in words (``tutor.widgets.options.variant_words``).  Because the letters are places, a game's variants
keep their order: new ones come last (``tests/test_deal_code.py`` holds every game's order).

Codes written by earlier releases, kept in progress records, class notes and tables, name their variants:
``3-4821-lucky_draw_continues``, ``4-17-counters=5-slate`` (a yes/no variant's name alone is on, else
``name=value``; a value may hold a ``-`` itself, ``five_pack=no-7-8``: the part after a ``-`` that names no variant
of the game belongs to the value before it).  They are read still, and written when no game is given.

``parse_deal_code`` reads a code of either form back for one game and refuses, in words a learner can act on,
anything that is not one of that game's variants, a value of the wrong kind or range (checked by the game's own
rules), a number of players the game is not for, and numbers too long to be a deal's; no refusal names a variant
the learner did not type or a word of Python.  ``parse_class_deal`` reads the teacher's class deal, which every
game deals: the number of players and the deal's number, nothing else, as a ``ClassDeal`` whose ``deal_for``
starts it once for one game (its players, or the app's when the game is not for them, with a note).
``plain_reason`` is a refusal's reason without the name of the field it came from (``players: ``,
``option rounds: ``), for the learner's page.

Pure: nothing here imports a widget, and a game is looked up in the registry only when given by its name.
"""

from __future__ import annotations

import re
import string
from typing import Any, Callable, Literal, Mapping, NamedTuple, Sequence, Union, get_args, get_origin

from tutor.engine import _option_types

DIGITS_LIMIT = 18  # the longest number a code may hold: a deal's number stays below 2**63
CODE_LIMIT = 300  # the longest code read, in characters
CLASS_PLAYERS = (2, 99)  # the players a class deal may name; each game then says whether they fit it
#: What ``start`` takes besides the variants: never a variant in a code (the players and the deal's number come
#: first; the dealer and the names are chosen in the app).
NOT_VARIANTS = ("players", "seed", "dealer", "names", "deal")
EXAMPLE = "3-4821"

_NUMBER = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_NAME = re.compile(r"[a-z][a-z0-9_]*")
LETTERS = string.ascii_lowercase
_SHORT = re.compile(r"(?:[a-z](?:x|n?[0-9]+))+")  # the variants of a short code (read in lower case)
_SHORT_PART = re.compile(r"([a-z])(x|n?[0-9]+)")
#: A field's name at the start of a refusal's reason (``players: ``, ``option rounds: ``, ``deal: ``), for code.
_FIELD = re.compile(r"^(?:option )?[a-z_][a-z0-9_.]*: ")


def plain_reason(exc: BaseException | str) -> str:
    """A refusal's reason as a learner reads it: an ``IllegalMove``'s reason (without its rule's id), with no field's
    name in front (``players: Cârts Tîty is for 2 to 20 players, not 1.`` -> ``Cârts Tîty is for 2 to 20 players,
    not 1.``)."""
    text = exc if isinstance(exc, str) else str(getattr(exc, "reason", exc))
    return _FIELD.sub("", text.strip(), count=1)


def deal_code(players: int, seed: int, options: dict[str, Any], game: Any = None) -> str:
    """A short code for a deal of ``game`` (a ``Game`` or its name): players, the deal's number and any variants in
    letters and digits (``3-4821-b0``).  With no game, the variants are written by name, as earlier releases did
    (``3-4821-lucky_draw_continues``): the game's variants say which letter is which."""
    parts = [str(players), str(seed)]
    game = _game(game)
    if game is None:
        parts += [name if value is True else f"{name}={value}" for name, value in sorted(options.items())]
    elif options:
        kinds = list(_option_types(game.rules_class).items())
        if len(kinds) > len(LETTERS):
            raise ValueError(f"{game.title} has more variants than a deal code has letters.")
        places = {name: place for place, (name, _kind) in enumerate(kinds)}
        unknown = sorted(set(options) - set(places))
        if unknown:
            raise ValueError(f"A deal code of {game.title} holds its own variants only, not {unknown[0]}.")
        parts.append("".join(LETTERS[places[name]] + _written(options[name], kinds[places[name]][1])
                             for name in sorted(options, key=places.__getitem__)))
    return "-".join(parts)


def _written(value: Any, kind: Any) -> str:
    """A variant's value in a short code: ``1``/``0``, a choice's place, a number (``n`` before a negative one), or
    ``x`` for none."""
    members = _members(kind)
    if value is None and type(None) in members:
        return "x"
    if isinstance(value, bool) and bool in members:
        return "1" if value else "0"
    for member in members:
        if get_origin(member) is Literal:
            for place, choice in enumerate(get_args(member)):
                if choice == value and type(choice) is type(value):
                    return str(place)
    if isinstance(value, int) and not isinstance(value, bool) and int in members:
        return ("n" if value < 0 else "") + str(abs(value))
    raise ValueError(f"A deal code cannot hold the value {_quoted(str(value))}.")


def _quoted(text: str) -> str:
    """Text of the code as an error quotes it: at most 40 characters."""
    return f"“{text if len(text) <= 40 else text[:37] + '...'}”"


def _whole(text: str, what: str) -> int:
    """A number of the code (the players, the deal's number), refused in words when it is not one or too long."""
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"The {what} must be a whole number, not {_quoted(text)}.")
    if len(text) > DIGITS_LIMIT:
        raise ValueError(f"The {what} is too long: a deal code's numbers have at most {DIGITS_LIMIT} digits.")
    return int(text)


def _head(code: Any) -> tuple[int, int, list[str]]:
    """The players, the deal's number and the parts after them; a code of the wrong shape says what one looks
    like."""
    if not isinstance(code, str):
        raise ValueError(f"A deal code is text, like {EXAMPLE}.")
    text = code.strip()
    if len(text) > CODE_LIMIT:
        raise ValueError(f"A deal code has at most {CODE_LIMIT} characters; this one has {len(text)}.")
    parts = text.split("-")
    if len(parts) < 2 or not parts[0] or not parts[1]:
        shown = _quoted(text) if text else "An empty box"
        raise ValueError(f"{shown} is not a deal code; a code is the number of players and the deal's number, "
                         f"like {EXAMPLE}.")
    return _whole(parts[0], "number of players"), _whole(parts[1], "deal's number"), parts[2:]


def _members(kind: Any) -> tuple:
    return get_args(kind) if get_origin(kind) in (Union, type(int | None)) else (kind,)


def _kind_words(kind: Any) -> str:
    """What a variant takes, in words (``on or off``, ``a whole number``, ``“no-2-3” or “no-7-8”``)."""
    words = []
    for member in _members(kind):
        if member is bool:
            words.append("on or off")
        elif member is int:
            words.append("a whole number")
        elif member is float:
            words.append("a number")
        elif member is str:
            words.append("a word")
        elif get_origin(member) is Literal:
            choices = [f"“{choice}”" for choice in get_args(member)]
            words.append(" or ".join(choices) if len(choices) < 3 else f"{', '.join(choices[:-1])} or {choices[-1]}")
    return " or ".join(words) or "none"


def _value(name: str, text: str | None, kind: Any) -> Any:
    """The value ``text`` stands for, read by the variant's declared type (``None``: the bare name, "on")."""
    shown = name if text is None else f"{name}={text}"
    members = _members(kind)
    if text is None:
        if bool in members:
            return True
        raise ValueError(f"“{name}” in the deal code needs a value after “=”: {_kind_words(kind)}.")
    for member in members:
        if member is type(None) and text == "None":
            return None
        if member is bool and text in ("True", "False"):
            return text == "True"
        if member is int and _SIGNED.fullmatch(text):
            if len(text.lstrip("-")) > DIGITS_LIMIT:
                raise ValueError(f"{_quoted(shown)} in the deal code: the number is too long (at most {DIGITS_LIMIT} "
                                 "digits).")
            return int(text)
        if member is float and _DECIMAL.fullmatch(text) and len(text) <= DIGITS_LIMIT + 2:
            return float(text)
        if get_origin(member) is Literal:
            for choice in get_args(member):
                if str(choice) == text and not isinstance(choice, bool):
                    return choice
        if member is str:
            return text
    raise ValueError(f"{_quoted(shown)} in the deal code: that variant takes {_kind_words(kind)}, not {_quoted(text)}.")


def _short_options(token: str, game: Any) -> dict[str, Any]:
    """The variants of a short code's last part (``b0c5``), each letter a place among the game's variants."""
    kinds = list(_option_types(game.rules_class).items())
    foreign = f"That code's variants are not {game.title}'s"
    options: dict[str, Any] = {}
    for match in _SHORT_PART.finditer(token.lower()):
        letter, text = match.groups()
        place = LETTERS.index(letter)
        if place >= len(kinds):
            raise ValueError(f"{foreign}: {game.title} has {len(kinds)} variants, and “{match.group(0)}” is none "
                             "of them.")
        name, kind = kinds[place]
        if name in options:
            raise ValueError(f"The deal code gives one variant twice (“{letter}”); each variant is given once.")
        value = _short_value(text, kind)
        if value is _NOT:
            raise ValueError(f"{foreign}: “{match.group(0)}” gives one of its variants a value it cannot have.")
        options[name] = value
    return options


_NOT = object()


def _short_value(text: str, kind: Any) -> Any:
    """The value of one variant of a short code, read by its declared type (``_NOT`` when it cannot be one)."""
    members = _members(kind)
    if text == "x":
        return None if type(None) in members else _NOT
    number = text.removeprefix("n")
    if len(number) > DIGITS_LIMIT:
        return _NOT
    value = -int(number) if text.startswith("n") else int(number)
    if bool in members:
        return {"0": False, "1": True}.get(text, _NOT)
    for member in members:
        if get_origin(member) is Literal:
            choices = get_args(member)
            return choices[value] if 0 <= value < len(choices) and not text.startswith("n") else _NOT
    return value if int in members else _NOT


def _game(game: Any) -> Any:
    if isinstance(game, str):
        from tutor.games import get_game

        return get_game(game)
    return game


def parse_deal_code(code: Any, game: Any = None) -> tuple[int, int, dict[str, Any]]:
    """The players, the deal's number and the variants of a code, for ``game`` (a ``Game`` or its name).

    With a game, every part after the deal's number must be one of its variants with a value its rules take, and
    the players must be a number the game is for.  Without one the code's shape is checked and the values are read
    as they look (a name alone is on; ``True``/``False``, whole numbers, else text).  Anything else is refused with
    a ``ValueError`` in words.
    """
    players, seed, rest = _head(code)
    game = _game(game)
    few = game is not None and 1 <= players < game.min_players  # fewer than usual: a variant may allow it
    if game is not None and not few and not game.min_players <= players <= game.max_players:
        raise ValueError(_players_words(players, game))
    kinds = _option_types(game.rules_class) if game is not None else None
    if len(rest) == 1 and _SHORT.fullmatch(rest[0].lower()) and (kinds is None or rest[0] not in kinds):
        if game is None:
            raise ValueError("A deal code's variants are read with its game: load it in that game's play page.")
        return _checked(players, seed, _short_options(rest[0], game), game, few)
    pieces: list[list[Any]] = []  # each variant: its name, and the text of its value (None for a bare name)
    for part in rest:
        name, eq, value = part.partition("=")
        known = name in kinds if kinds is not None else _NAME.fullmatch(name) is not None
        if not eq and not known and pieces and pieces[-1][1] is not None:
            pieces[-1][1] += "-" + part  # a value with a "-" in it ("no-7-8", "-3")
            continue
        if not part:
            raise ValueError("The deal code has two “-” in a row, or one at its end; its parts are joined by one.")
        if not known or name in NOT_VARIANTS:
            raise ValueError(_not_a_variant(part, name, game, kinds))
        if any(piece[0] == name for piece in pieces):
            raise ValueError(f"The deal code names “{name}” twice; each variant is given once.")
        pieces.append([name, value if eq else None])
    options = {name: _value(name, text, kinds[name]) if kinds is not None else _loose(name, text)
               for name, text in pieces}
    return _checked(players, seed, options, game, few)


def _checked(players: int, seed: int, options: dict[str, Any], game: Any, few: bool) -> tuple[int, int, dict]:
    """The code's deal, once the game's own rules take its variants and (``few``) its players."""
    if game is not None:
        try:
            game.make_rules(**options)
        except ValueError as exc:  # the game's own rules refuse a mix or a range (IllegalMove is a ValueError)
            raise ValueError(f"A variant in the deal code cannot be used: {plain_reason(exc)}") from None
        if few:  # Burn for two: only with its variant for two
            try:
                game.start(players=players, seed=0, **options)
            except ValueError:
                raise ValueError(_players_words(players, game)) from None
    return players, seed, options


def _players_words(players: int, game: Any) -> str:
    return (f"This code is for {players} player{'s' * (players != 1)}; {game.title} is for {game.min_players} to "
            f"{game.max_players}.")


def _not_a_variant(part: str, name: str, game: Any, kinds: dict | None) -> str:
    if name in ("players", "seed"):
        return (f"{_quoted(part)} in the deal code is not a variant: the number of players comes first and the deal's "
                f"number second, as in {EXAMPLE}.")
    if game is None:
        return f"{_quoted(part)} in the deal code is not a variant of any game."
    return f"That code's variants are not {game.title}'s: {_quoted(part)} is not one of them."


def _loose(name: str, text: str | None) -> Any:
    """A value read with no game to say its type: a bare name is on, then yes/no, whole numbers, else text."""
    if text is None:
        return True
    if text in ("True", "False"):
        return text == "True"
    if _SIGNED.fullmatch(text) and len(text.lstrip("-")) <= DIGITS_LIMIT:
        return int(text)
    if _SIGNED.fullmatch(text):
        raise ValueError(f"{_quoted(name + '=' + text)} in the deal code: the number is too long (at most {DIGITS_LIMIT} digits).")
    return text


class ClassDealt(NamedTuple):
    """The class deal dealt for one game: its first state, the players and deal's number it was dealt for, and the
    note the learner reads when the game could not take the class deal's players ("" when it could)."""

    state: Any
    players: int
    seed: int
    note: str


class ClassDeal(NamedTuple):
    """The teacher's class deal, read and checked: the number of players and the deal's number, which every game
    deals (a pair: ``players, seed = deal``)."""

    players: int
    seed: int

    @property
    def code(self) -> str:
        """The class deal as a deal code (``4-2611``)."""
        return f"{self.players}-{self.seed}"

    def deal_for(self, game: Any, options: Mapping[str, Any], players_here: int,
                 names: Callable[[int], Sequence[str] | None] | None = None) -> ClassDealt:
        """The class deal dealt for ``game`` with the app's ``options``, started once: for its own players when the
        game deals for them, else for ``players_here`` (the app's) with a note saying so.

        ``names(players)`` gives the seats' names for that many players (None: the game's own).  A refusal of the
        deal for ``players_here`` too (an ``IllegalMove``, a ``ValueError``) is raised, as ``Game.start`` raises it.
        """
        named = names if names is not None else (lambda _players: None)
        try:
            state = game.start(players=self.players, seed=self.seed, names=named(self.players), **options)
        except ValueError:  # IllegalMove is a ValueError too: these players do not fit this game
            note = (f"The class deal is for {self.players} players; {game.title} is for {game.min_players} to "
                    f"{game.max_players}, so it is dealt for your {players_here}.")
            state = game.start(players=players_here, seed=self.seed, names=named(players_here), **options)
            return ClassDealt(state, players_here, self.seed, note)
        return ClassDealt(state, self.players, self.seed, "")


def parse_class_deal(code: Any) -> ClassDeal:
    """The players and the deal's number of the teacher's class deal (``4-2611``), which every game deals.

    Variants are not part of a class deal (each game has its own); anything after the deal's number is refused
    in words, as are numbers that are not whole or too long and players outside 2 to 99.
    """
    players, seed, rest = _head(code)
    if rest:
        raise ValueError(f"A class deal is the number of players and the deal's number only, like 4-2611; "
                         f"{_quoted('-'.join(rest))} cannot be part of it (each game has its own variants).")
    low, high = CLASS_PLAYERS
    if not low <= players <= high:
        raise ValueError(f"A class deal is for {low} to {high} players, not {players}.")
    return ClassDeal(players, seed)
