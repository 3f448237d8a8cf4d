"""A game's variants as controls, built from its rules class alone (no game is named here).

Each option of ``game.rules_class`` (a dataclass) becomes one line: what it
changes, from the option's own docstring, and a control chosen by its type — a
checkbox for ``bool``, a menu for a ``Literal``, a number for ``int``, a text box
for ``str``.  A menu shows each value in the learner's words, from the rules
class's ``choice_words`` (option -> value -> words); the values themselves, quoted
in a docstring for the people who build Gwari (``("partial")``), are left out of
the line.  What the browser sends back is read into typed values and checked
by the game (``make_rules``) before any deal uses it.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from types import NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from tutor.games.short_game import SHORT
from tutor.games.short_game import play_options as play_options  # the play app's start: the game's own rule
from tutor.widgets.base import esc

PREFIX = "option:"


@dataclass(frozen=True)
class OptionSpec:
    """One option as a learner meets it: what it changes, its control and its default."""

    name: str
    kind: str  # "bool", "choice", "int", "number" or "text"
    default: Any
    doc: str
    choices: tuple[Any, ...] = ()
    optional: bool = False  # ``None`` is allowed (an empty box)
    labels: tuple[str, ...] = ()  # each choice in the learner's words

    def label(self, value: Any) -> str:
        """A choice in the learner's words."""
        return self.labels[self.choices.index(value)] if value in self.choices else str(value)

    @property
    def title(self) -> str:
        """The option's short name for a message: the first clause of the line a learner reads beside its control
        ("With scoring, the match is this many rounds")."""
        ends = r"; | \(| — |: |\.(?: |$)" + (r"|, " if self.kind == "choice" else "")  # a menu's line goes on
        return re.split(ends, self.doc, maxsplit=1)[0].strip() or self.doc  # to its values ("Aces and jokers, revised")

    def value_words(self, value: Any) -> str:
        """The option's value as a learner reads it: on or off, a choice's words, a number, or the usual."""
        if self.kind == "bool":
            return "on" if value else "off"
        if value is None:
            return "the usual"
        return self.label(value) if self.kind == "choice" else str(value)


def field_docs(cls: type) -> dict[str, str]:
    """The docstring written under each field of a dataclass (read from its source; empty when unavailable)."""
    return dict(_field_docs(cls))


@lru_cache(maxsize=None)
def _field_docs(cls: type) -> tuple[tuple[str, str], ...]:
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return ()
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs = []
    for node, after in zip(body, body[1:]):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)):
            docs.append((node.target.id, after.value.value))
    return tuple(docs)


def learner_line(doc: str, name: str) -> str:
    """The first sentence of an option's docstring, without references meant for the people who build Gwari."""
    text = " ".join(doc.split()) if doc else ""
    text = re.sub(r"^(?:[A-Z]{1,3}\d+(?:\.\d+)?|Seed|Our rule)(?:,\s*[a-z]+)?\s*:\s*", "", text)
    text = re.sub(r"\s*\([^()]*(?:RULE-NOTES|seed|Seed)[^()]*\)", "", text)
    text = re.sub(r"\s*\((?:[A-Z]{1,3}\d+(?:\.\d+)?(?:,\s*)?)+\)", "", text)
    text = text.replace("``", "").replace("`", "")
    if not text:
        text = name.replace("_", " ").capitalize() + "."
    return text[:1].upper() + text[1:]


def option_specs(game: Any) -> list[OptionSpec]:
    """Every option of ``game`` that a control can offer, in the order its rules class declares them (the short
    game first: the choice a learner makes before any other)."""
    cls = game.rules_class
    hints = get_type_hints(cls, include_extras=False)
    defaults = game.options()
    docs = field_docs(cls)
    words = getattr(cls, "choice_words", {})
    specs = []
    for field in dataclasses.fields(cls):
        if field.name not in defaults:
            continue
        kind, choices, optional = _kind(hints.get(field.name))
        if kind:
            line = learner_line(docs.get(field.name, ""), field.name)
            labels = tuple(words.get(field.name, {}).get(choice, str(choice)) for choice in choices)
            for choice in choices:  # the values a docstring quotes for the people who build Gwari
                line = line.replace(f' ("{choice}")', "").replace(f' ({choice})', "").replace(f'("{choice}"; ', "(")
            specs.append(OptionSpec(field.name, kind, defaults[field.name], line, choices, optional, labels))
    return sorted(specs, key=lambda spec: spec.name != SHORT)


def _kind(hint: Any) -> tuple[str, tuple[Any, ...], bool]:
    optional = False
    if get_origin(hint) in (Union, UnionType):
        args = [a for a in get_args(hint) if a is not NoneType]
        optional = len(args) < len(get_args(hint))
        if len(args) != 1:
            return "", (), optional
        hint = args[0]
    if get_origin(hint) is Literal:
        return "choice", get_args(hint), optional
    kinds = {bool: "bool", int: "int", float: "number", str: "text"}
    return kinds.get(hint, ""), (), optional


def option_controls(game: Any, chosen: dict[str, Any]) -> str:
    """One line per option: what it changes, and its control set to the value in ``chosen`` (else the default)."""
    lines = []
    for spec in option_specs(game):
        value = chosen.get(spec.name, spec.default)
        key = f"{PREFIX}{spec.name}"
        common = f'data-gw-input="{esc(key)}" data-key="{esc(key)}" title="{esc(spec.name)}"'
        if spec.kind == "bool":
            control = f'<input type="checkbox" {common}{" checked" if value else ""}>'
            lines.append(f'<li><label>{control} {esc(spec.doc)}</label></li>')
            continue
        ident = f"gw-{esc(spec.name)}-{id(game) % 100000}"
        if spec.kind == "choice":
            opts = "".join(f'<option value="{esc(c)}"{" selected" if c == value else ""}>{esc(label)}</option>'
                           for c, label in zip(spec.choices, spec.labels))
            control = f'<select id="{ident}" {common}>{opts}</select>'
        elif spec.kind in ("int", "number"):
            step = "1" if spec.kind == "int" else "any"
            shown = "" if value is None else esc(value)
            hint = ' placeholder="usual"' if spec.optional else ""
            control = f'<input type="number" step="{step}" id="{ident}" {common} value="{shown}"{hint} class="gw-num">'
        else:
            control = f'<input type="text" id="{ident}" {common} value="{esc(value or "")}" class="gw-num">'
        lines.append(f'<li><label for="{ident}">{esc(spec.doc)}</label> {control}</li>')
    return f'<ul class="gw-options">{"".join(lines)}</ul>' if lines else ""


def player_counts(game: Any, options: dict[str, Any]) -> tuple[int, ...]:
    """The numbers of players the game deals with ``options`` (Burn's two only with ``two_players``, its three
    teams only at six)."""
    return _player_counts(game, tuple(sorted(options.items())))


@lru_cache(maxsize=256)
def _player_counts(game: Any, options: tuple[tuple[str, Any], ...]) -> tuple[int, ...]:
    counts = []
    for players in range(1, game.max_players + 1):  # from 1: a game may deal below its usual least (Burn for two)
        try:
            game.start(players=players, seed=0, **dict(options))
        except ValueError:  # IllegalMove is a ValueError too
            continue
        counts.append(players)
    return tuple(counts) or (game.default_players,)


def players_words(counts: tuple[int, ...]) -> str:
    """"4 players", "3–6 players", "2, 4 or 6 players"."""
    if len(counts) == 1:
        return f"{counts[0]} player{'s' * (counts[0] != 1)}"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]} players"
    return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"


def switched_on(game: Any, options: dict[str, Any]) -> list[OptionSpec]:
    """The yes/no variants that are off in ``options`` (each could be ticked)."""
    return [spec for spec in option_specs(game) if spec.kind == "bool" and not options.get(spec.name, spec.default)]


def offered_counts(game: Any, options: dict[str, Any]) -> tuple[int, ...]:
    """The numbers of players to offer: those ``options`` allow, and those one more ticked variant allows (Burn
    for two, with its variant for two), which the app then ticks (``variant_for``)."""
    counts = set(player_counts(game, options))
    for spec in switched_on(game, options):
        counts |= set(player_counts(game, {**options, spec.name: True}))
    return tuple(sorted(counts))


def variant_for(game: Any, players: int, options: dict[str, Any]) -> OptionSpec | None:
    """The yes/no variant to tick so that ``players`` can play with ``options`` (``None``: they can already, or no
    single variant lets them)."""
    if players in player_counts(game, options):
        return None
    return next((spec for spec in switched_on(game, options)
                 if players in player_counts(game, {**options, spec.name: True})), None)


def players_control(game: Any, players: int, options: dict[str, Any]) -> str:
    """The number of players for the next game: a menu of what the game allows with ``options`` (or with one more
    variant ticked), or the one number it is played by as words (Pymtheg: "4 players"), not a choice of one."""
    counts = offered_counts(game, options)
    if len(counts) == 1:
        return f'<span class="gw-small" data-testid="players">{esc(players_words(counts))}</span>'
    opts = "".join(f'<option value="{n}"{" selected" if n == players else ""}>{n} players</option>' for n in counts)
    return f'<select data-gw-input="players" aria-label="players" data-key="players">{opts}</select>'


def variant_words(game: Any, options: dict[str, Any]) -> str:
    """The variants of ``options`` that are not the rule book's, in the learner's words: each option's short name
    and its value, a sentence each ("A player with no cards may be asked: off. The counters each player starts
    with: 5."); "" when there are none."""
    return " ".join(f"{spec.title}: {spec.value_words(options[spec.name])}." for spec in option_specs(game)
                    if spec.name in options and options[spec.name] != spec.default)


def read_options(game: Any, inputs: dict) -> dict[str, Any]:
    """The options the learner set in the controls, typed, leaving out those at their default.

    A value that does not fit its option is refused naming the option by the words beside its control
    (``OptionSpec.title``); the game checks the whole set.
    """
    chosen: dict[str, Any] = {}
    for spec in option_specs(game):
        key = f"{PREFIX}{spec.name}"
        if key not in inputs:
            continue
        raw = inputs[key]
        value = _typed(spec, raw)
        if value != spec.default or type(value) is not type(spec.default):
            chosen[spec.name] = value
    game.make_rules(**chosen)
    return chosen


def _typed(spec: OptionSpec, raw: Any) -> Any:
    text = str(raw).strip()
    if spec.kind == "bool":
        return raw is True or text.lower() == "true"
    if spec.optional and text == "":
        return None
    if spec.kind == "choice":
        for choice in spec.choices:
            if text == str(choice):
                return choice
        raise ValueError(f"the menu “{spec.title}” has no choice {_typed_words(text)}. Choose one of: "
                         f"{'; '.join(spec.labels)}.")
    if spec.kind == "int":
        if not re.fullmatch(r"-?\d{1,9}", text):
            raise ValueError(f"the box “{spec.title}” needs a whole number{_typed_words(text, ', not ')}.")
        return int(text)
    if spec.kind == "number":
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"the box “{spec.title}” needs a number{_typed_words(text, ', not ')}.") from None
    return text[:40]


def _typed_words(text: str, before: str = "") -> str:
    """What the learner typed, quoted (at most 20 characters), after ``before``; an empty box says so."""
    if not text:
        return "; it is empty" if before else "(it is empty)"
    return f"{before}“{text if len(text) <= 20 else text[:17] + '...'}”"
