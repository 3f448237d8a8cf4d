"""Every number a learner reads in a rule is the table's: lesson text writes the game's figures as fields.

(a) For every game, each rule card and the Rules panel drawn for a table whose figures are not the rule book's (the
    short game, the first game's prepared deal and options, each variant that changes a figure) state the table's
    figure and, beside it, the rule book's; nowhere do they state the rule book's figure alone.
(b) A lint over the lesson files: a number written out in a rule's title or text that equals one of the game's
    rule-book figures (for any number of players) and stands beside that figure's noun ("nine cards each",
    "3 counters", "at 100") must be a field ({hand}, {counters}, {target}).
"""

from __future__ import annotations

import html
import re
import tomllib
import typing

import pytest

from tutor import lesson_figures
from tutor.checks import _option_types
from tutor.games import GAMES, get_game, lesson_file
from tutor.guide import load_first_game
from tutor.lessons import LessonError, load_lesson, parse_lesson
from tutor.record import Record
from tutor.widgets.play_panels import rule_card_html, rules_panel_html

_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)"

PATTERNS: dict[str, str] = {
    # '#' stands for the number.  What a figure counts, as lesson text says it.
    "hand": rf"# cards?\b\**(?!\s+of\b)|# each|# more (?:cards?|each)|# for {_COUNT}\b",
    "pack": r"# cards|use #",
    "deals": rf"# deals?|# times in all|# for {_COUNT}\b",
    "counters": r"# \**counters?|counters\**\W+#",
    "target": r"(?:at|to|past|reaches|reached|exactly) \**#|# or more|# up\b",
    "sets": r"# sets",
    "letters": r"# letters",
    "stop": r"# (?:passing )?rounds",
    "pit": r"# off|# to each|(?:give|giving|take|taking|than) \**#",
    "tricks": r"# tricks|all #(?! \w)",
    "limit": r"passes #|# up or down",
    "sweep": r"sweep\**:? (?:scores )?\**#",
    "table": r"# (?:cards?\** )?(?:on|to) the table|# cards\** are laid",
}

ALLOWED: dict[tuple[str, str, str], str] = {
    # (game, rule id, the words) -> why the number there is not the figure.
}

RULE_BOOK_NOTE = re.compile(r" here \([^()]* in the rule book\)")


def number(value: int) -> str:
    """A figure's value as lesson text may write it: digits (with or without a thousands comma) or words."""
    forms = {str(value), f"{value:,}", lesson_figures.number_words(value)}
    return r"(?<![\w{@-])\**(?:" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True)) + r")\**(?![\w}-])"


def statements(text: str, name: str, value: int) -> list[str]:
    """The places ``text`` states ``value`` beside the noun of figure ``name``."""
    pattern = PATTERNS[name].replace("#", number(value))
    return [m.group(0) for m in re.finditer(pattern, text, re.IGNORECASE)]


def book_values(slug: str) -> dict[str, set[int]]:
    """Each figure of the game by the rule book, for every number of players it has figures for."""
    game = get_game(slug)
    out: dict[str, set[int]] = {}
    for players in range(2, game.max_players + 1):
        try:
            figures = game.figures(players)
        except ValueError:  # no pack for so few (Chwech)
            continue
        for name, value in figures.items():
            out.setdefault(name, set()).add(value)
    return out


def masked(text: str, *, at_only: bool = False) -> str:
    """``text`` with its fields (or only its ``{name@N}`` fields: the rule book's for a number of players) out."""
    return lesson_figures.FIELD.sub(lambda m: "⟨field⟩" if not at_only or m.group("players") else m.group(0), text)


def raw_rules(slug: str) -> list[dict]:
    return tomllib.loads(lesson_file(slug).read_text(encoding="utf-8"))["rule"]


def test_every_figure_has_a_pattern_and_a_purpose():
    for slug, game in GAMES.items():
        assert set(game.figure_names) == set(game.figures()), slug
        assert set(game.figure_names) <= set(PATTERNS), (slug, set(game.figure_names) - set(PATTERNS))
        assert all(words.strip() for words in game.figure_names.values()), slug


# ---------------------------------------------------------------- (b) the lint over the lesson files


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_number_that_is_a_figure_is_written_as_a_field(slug):
    values = book_values(slug)
    found = []
    for raw in raw_rules(slug):
        for key in ("title", "text"):
            text = " ".join(masked(raw[key]).split())
            for name, numbers in values.items():
                for value in sorted(numbers):
                    for words in statements(text, name, value):
                        if (slug, raw["id"], words) not in ALLOWED:
                            found.append(f"{raw['id']} {key}: {words!r} is the {name} figure ({{{name}}})")
    assert not found, f"lessons/{slug}.toml copies its figures:\n" + "\n".join(found)


def test_the_lint_catches_a_copy():
    """A check that cannot fail proves nothing: a title copying Chwech's hand is caught, its field is not."""
    values = book_values("chwech")
    assert statements("Nine cards each, the whole pack dealt", "hand", 9) and 9 in values["hand"]
    assert not statements(masked("{hand:Word} cards each, the whole pack dealt"), "hand", 9)
    assert statements("Everyone starts with three **counters**", "counters", 3)
    assert statements("At 100 the lowest wins", "target", 100)
    assert not statements("all four cards of one rank", "hand", 4), "a rank's four cards are not a hand"


# ---------------------------------------------------------------- (a) rule cards at tables that are not the rule book's


def _variants(slug: str) -> list[tuple[str, Record]]:
    """Tables whose figures differ from the rule book's at the same number of players: the short game, the first
    game, and each option's other values (one at a time)."""
    game = get_game(slug)
    players = game.default_players
    tables = []
    if "short" in game.options():
        tables.append(("the short game", Record(slug, players, 0, None, None, None, {"short": True}, ())))
    first = load_first_game(slug)
    tables.append(("the first game", first.record()))
    for name, kind in _option_types(game.rules_class).items():
        default = game.options()[name]
        if name == "short":
            continue
        if kind is bool:
            others = [not default]
        elif typing.get_origin(kind) is typing.Literal:
            others = [v for v in typing.get_args(kind) if v != default]
        elif isinstance(default, int):
            others = [default + 1, max(1, default // 2)]
        else:
            others = []
        for value in others:
            for seats in sorted({players, game.max_players}):
                try:
                    game.figures(seats, **{name: value})
                except ValueError:
                    continue
                tables.append((f"{name}={value!r} at {seats}", Record(slug, seats, 0, None, None, None,
                                                                     {name: value}, ())))
    out = []
    for label, record in tables:
        here = game.figures(record.players, record.deal, **dict(record.options))
        book = game.figures(record.players)
        if any(name in here and here[name] != book[name] for name in book):
            out.append((label, record))
    return out


def _shown(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _as_drawn(source: str, slug: str, record: Record) -> str:
    return " ".join(lesson_figures.fill(source, slug, record).replace("*", "").split())


@pytest.mark.parametrize("slug", list(GAMES))
def test_rule_cards_at_a_table_state_its_figures_and_the_rule_books(slug):
    game, lesson = get_game(slug), load_lesson(slug)
    tables = _variants(slug)
    assert tables or not game.figure_names, (
        f"{slug}: no table differs from the rule book (at least the first game's deal should)")
    wrong = []
    for label, record in tables:
        here = game.figures(record.players, record.deal, **dict(record.options))
        book = game.figures(record.players)
        differ = {name: (here[name], book[name]) for name in book if name in here and here[name] != book[name]}
        panel = _shown(rules_panel_html(lesson, lesson.ids, shown=True, table=record))
        for rule in lesson.rules:
            card = _shown(rule_card_html(lesson, rule.id, more=True, level=3, table=record))
            short_card = _shown(rule_card_html(lesson, rule.id, more=False, level=3, table=record))
            assert short_card.split(" more")[0] in card or short_card.startswith("New rule")
            # The rule book's figure alone, where the table has another (fields for N players are facts of N).
            for source in (rule.title_source, rule.text_source):
                drawn = RULE_BOOK_NOTE.sub("", _as_drawn(masked(source, at_only=True), slug, record))
                for name, (value, book_value) in differ.items():
                    for words in statements(drawn, name, book_value):
                        if (slug, rule.id, words) not in ALLOWED:
                            wrong.append(f"{label}: {rule.id} says {words!r}; the table's {name} is {value}")
            # A field of a figure that differs: the table's figure, and the rule book's beside it.
            for name, (value, book_value) in differ.items():
                fields = [m for m in lesson_figures.FIELD.finditer(rule.title_source + rule.text_source)
                          if m.group("name") == name and not m.group("players")]
                if not fields:
                    continue
                form = fields[0].group("form")
                note = f"here ({lesson_figures.shown(book_value, 'word' if form else None)} in the rule book)"
                if lesson_figures.shown(value, form) not in card or note not in card:
                    wrong.append(f"{label}: {rule.id}'s card does not say its {name} is {value} here and "
                                 f"{book_value} in the rule book: {card[:200]!r}")
                in_title = any(m.group("name") == name and not m.group("players")
                               for m in lesson_figures.FIELD.finditer(rule.title_source))
                if in_title and note not in panel:
                    wrong.append(f"{label}: the Rules panel does not give {rule.id}'s {name} as the table's")
    assert not wrong, "\n".join(wrong)


def test_without_a_table_the_cards_are_the_rule_books():
    lesson = load_lesson("chwech")
    card = _shown(rule_card_html(lesson, "chwech.deal", more=False, level=3))
    assert lesson.rule("chwech.deal").title in card and "here" not in card


def test_the_first_game_of_chwech_says_five_cards_here():
    """The issue's own example: Chwech's first game deals five cards each; the rule book nine."""
    lesson, record = load_lesson("chwech"), load_first_game("chwech").record()
    card = _shown(rule_card_html(lesson, "chwech.deal", more=False, level=3, table=record))
    assert "Five cards each here (nine in the rule book)" in card, card


# ---------------------------------------------------------------- the fields themselves


def _lesson_with(title: str, text: str = "Play.") -> dict:
    return {"slug": "gnav", "title": "Gnav", "summary": "A game.",
            "rule": [{"id": "gnav.counters", "section": "Set-up", "title": title, "text": text}]}


@pytest.mark.parametrize("title, words", [
    ("Start with {coins} counters", "the field {coins} names no figure of Gnav (its figures: counters)"),
    ("Start with {counters@40} counters", "the field {counters@40} asks for 40 players"),
    ("Start with {counters counters", "a brace that opens or closes no field"),
])
def test_a_field_that_names_no_figure_is_refused_naming_the_file_rule_and_field(title, words):
    with pytest.raises(LessonError) as caught:
        parse_lesson(_lesson_with(title), source="gnav.toml")
    assert "gnav.toml rule 'gnav.counters' title" in str(caught.value) and words in str(caught.value)


def test_fields_fill_words_digits_and_nouns():
    gnav = Record("gnav", 3, 0, None, None, None, {"counters": 1}, ())
    assert lesson_figures.fill("{counters:Word} counters each.", "gnav") == "Three counters each."
    assert lesson_figures.fill("{counters:Word} counters each.", "gnav", gnav) == (
        "One counter each here (three in the rule book).")
    assert lesson_figures.fill("Pay {counters} counters, then {counters} more.", "gnav", gnav) == (
        "Pay 1 counter here (3 in the rule book), then 1 more.")
    assert lesson_figures.fill("up to {limit}", "pymtheg") == "up to 100,000"
    assert lesson_figures.number_words(21) == "twenty-one" and lesson_figures.number_words(100) == "100"
    assert lesson_figures.fill("{pack@4} cards", "chwech", load_first_game("chwech").record()) == "36 cards"
