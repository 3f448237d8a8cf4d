"""Refusing bad input: ``IllegalMove``, and checking a value against what it should be.

Shared by the engine, records and every game: whole numbers (a yes/no is not
one), seeds, seat names, plain JSON-like values of a bounded depth, a game's
options against their declared types, and the fields of a move.  Each check
raises ``ValueError`` (or ``IllegalMove``, itself a ``ValueError``) naming the
field, and changes nothing.
"""

from __future__ import annotations

import unicodedata
from types import UnionType
from typing import Any, Literal, Mapping, Sequence, Union, get_args, get_origin, get_type_hints

SEED_LIMIT = 2 ** 63  # a seed is a whole number from 0 up to (not including) this
NAME_LIMIT = 40  # the longest seat name, in characters
DEPTH_LIMIT = 32  # how deeply lists and mappings may nest in a deal, an option or a record


class IllegalMove(ValueError):
    """An action the rules forbid; ``rule`` is the rule id, ``reason`` a sentence for the learner."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


def _is_int(value: Any) -> bool:
    """A whole number, and nothing else that Python counts as an ``int``: not a yes/no (``True``), a card or a rank
    (cards are ints underneath, but not counts)."""
    return type(value) is int


def check_seed(seed: Any, where: str = "seed") -> None:
    """A seed is a whole number from 0 up to 2**63 (``None`` is checked by the caller)."""
    if not _is_int(seed):
        raise ValueError(f"{where} must be a whole number, not {_shown_value(seed)}.")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"{where} must be from 0 up to 2**63, not {_shown_value(seed)}.")


_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}  # text-direction overrides


def check_names(names: Any, players: int, where: str = "names") -> tuple[str, ...]:
    """One name per seat: a text of 1 to 40 characters with no control characters, no two alike (ignoring case
    and surrounding space).  Returns the names as a tuple; the count is checked by the caller."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise ValueError(f"{where} must be a list of {players} names, not {_shown_value(names)}.")
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{where}[{i}]: every name must be a non-empty text, not {_shown_value(name)}.")
        if len(name) > NAME_LIMIT:
            raise ValueError(f"{where}[{i}]: a name has at most {NAME_LIMIT} characters, not {len(name)}.")
        if any(c in _BIDI or unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") for c in name):
            raise ValueError(f"{where}[{i}]: {_shown_value(name)} holds a control character; "
                             "use letters, digits, spaces and punctuation.")
        key = name.strip().casefold()
        if key in seen:
            raise ValueError(f"{where}[{i}]: {name!r} is also seat {seen[key]}'s name; give each seat its own.")
        seen[key] = i
    return tuple(names)


def check_plain(value: Any, where: str, *, depth: int = DEPTH_LIMIT) -> None:
    """Refuse what a record cannot hold as JSON: only ``None``, yes/no, numbers, texts, cards (anything with a
    text ``code``), lists and tuples, and mappings with text keys, nested at most ``depth`` deep."""
    stack = [(value, where, 0)]
    while stack:
        item, at, level = stack.pop()
        if item is None or isinstance(item, (bool, str)) or isinstance(getattr(item, "code", None), str):
            continue
        if isinstance(item, int):
            if not -SEED_LIMIT < item < SEED_LIMIT:
                raise ValueError(f"{at}: {_shown_value(item)} is far too big a number.")
            continue
        if isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                raise ValueError(f"{at}: {item!r} is not a number a record can hold.")
            continue
        if level >= depth:
            raise ValueError(f"{at}: nested too deeply (more than {depth} levels of lists and mappings).")
        if isinstance(item, Mapping):
            for key, v in item.items():
                if not isinstance(key, str):
                    raise ValueError(f"{at}: the field names must be texts, not {_shown_value(key)}.")
                stack.append((v, f"{at}.{key}", level + 1))
        elif isinstance(item, (list, tuple)):
            stack.extend((v, f"{at}[{i}]", level + 1) for i, v in enumerate(item))
        else:
            raise ValueError(f"{at}: {_shown_value(item)} ({type(item).__name__}) is not a value a record can hold.")


# ---------------------------------------------------------------- options, typed


_OPTION_TYPES: dict[type, dict[str, Any]] = {}


def _option_types(rules_class: type) -> dict[str, Any]:
    """The declared type of each option of a rules dataclass (cached)."""
    if rules_class not in _OPTION_TYPES:
        hints = get_type_hints(rules_class)
        _OPTION_TYPES[rules_class] = {name: hints[name] for name in rules_class.__dataclass_fields__}
    return _OPTION_TYPES[rules_class]


def check_option(name: str, value: Any, kind: Any) -> None:
    """Refuse ``value`` unless it is of the option's declared type; a yes/no takes only ``True``/``False``."""
    if _fits(value, kind):
        return
    raise ValueError(f"option {name}: {_shown_value(value)} is not {_kind_words(kind)}.")


def _fits(value: Any, kind: Any) -> bool:
    origin = get_origin(kind)
    if origin is Literal:
        return any(value == choice and type(value) is type(choice) for choice in get_args(kind))
    if origin in (Union, UnionType):
        return any(_fits(value, k) for k in get_args(kind))
    if kind is type(None):
        return value is None
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return _is_int(value)
    if kind is float:
        return (_is_int(value) or isinstance(value, float)) and value == value
    if kind is str:
        return isinstance(value, str)
    if origin is tuple:
        args = get_args(kind)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, k) for v, k in zip(value, args))
    if origin in (frozenset, list, set):
        return isinstance(value, origin) and all(_fits(v, get_args(kind)[0]) for v in value) if get_args(kind) \
            else isinstance(value, origin)
    if isinstance(kind, type):
        return isinstance(value, kind)
    return True


# ---------------------------------------------------------------- moves, typed


_ACTION_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _action_fields(kind: type) -> tuple[tuple[str, Any], ...]:
    """Each field of an action class (a dataclass or a NamedTuple) with its declared type (cached)."""
    fields = _ACTION_FIELDS.get(kind)
    if fields is None:
        hints = get_type_hints(kind)
        names = getattr(kind, "__dataclass_fields__", None) or getattr(kind, "_fields", ())
        fields = _ACTION_FIELDS[kind] = tuple((name, hints.get(name, Any)) for name in names)
    return fields


_WELL_FORMED: dict[int, Any] = {}  # id -> a move that passed, kept alive so its id stays its own
_WELL_FORMED_MOST = 8192  # forgotten all at once past this many (moves made afresh each turn come and go)


def check_action(action: Any, kinds: tuple[type, ...], rule: str) -> None:
    """Refuse, with ``IllegalMove`` citing ``rule``, anything that is not one of the game's own kinds of move with
    every field of its declared type (a card where a card belongs, a whole number where a count does: ``2.0`` or
    ``5`` for a card is not taken).  What the rules then allow is the game's to judge.

    It sits on every ``apply``, so it is quick: a move object that has passed before (games hand out the same
    move objects again and again) is known by identity, and is never confused with an equal one (``2.0 == 2``)."""
    kind = type(action)
    if kind not in kinds:
        raise IllegalMove(rule, f"That is not a move of this game ({kind.__name__}); "
                                f"a move is one of: {', '.join(k.__name__ for k in kinds)}.")
    if _WELL_FORMED.get(id(action)) is action:
        return
    for name, declared in _action_fields(kind):
        value = getattr(action, name)
        if not _fits(value, declared):
            raise IllegalMove(rule, f"{kind.__name__.lower()}.{name}: {_shown_value(value)} is not "
                                    f"{_kind_words(declared)}.")
    if len(_WELL_FORMED) >= _WELL_FORMED_MOST:
        _WELL_FORMED.clear()
    _WELL_FORMED[id(action)] = action


def _shown_value(value: Any) -> str:
    """A value as an error message quotes it: at most 40 characters (a number of thousands of digits is not
    written out)."""
    if _is_int(value) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def _kind_words(kind: Any) -> str:
    origin = get_origin(kind)
    if origin is Literal:
        return "one of " + ", ".join(repr(c) for c in get_args(kind))
    if origin is tuple:
        return "a tuple of " + " and ".join(dict.fromkeys(_kind_words(k) for k in get_args(kind) if k is not ...))
    if origin in (Union, UnionType):
        return " or ".join(_kind_words(k) for k in get_args(kind))
    words = {bool: "True or False", int: "a whole number", float: "a number", str: "a text",
             type(None): "None"}.get(kind)
    if words is None:
        name = getattr(kind, "__name__", str(kind))
        words = "a card" if isinstance(kind, type) and issubclass(kind, int) and "Card" in name else f"a {name}"
    return words
