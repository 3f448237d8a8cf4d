"""Pages that show the step at hand: a lesson page draws one chapter at a time, with its end and the way on, and
the next is drawn when asked for; a play page holds one table, whose options reach every other way to play that
the page used to show as a table of its own."""

from __future__ import annotations

import ast
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.test_learner_words import assert_learner_words
from tutor import classroom
from tutor.games import GAMES, WHERE, get_game
from tutor.lessons import load_lesson

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SLUGS = sorted(GAMES)
SHIPPED = sorted(WHERE)  # the games whose notebooks ship with Gwari
PLAY_PAGES = sorted(p.name for p in NOTEBOOKS.glob("*-play.ipynb"))

#: The ways to play each page used to show as a second table (its number of players and the options it was given;
#: it started as ``play`` starts a table, on the short game where the options allow one): each must be reached from
#: the one table's controls.
OLD_TABLES = {
    "pymtheg-play.ipynb": (4, {"rounds": 5, "dealing": "partial"}),
    "carts-tity-play.ipynb": (4, {"sixteen": True, "scoring": True, "rounds": 3}),
    "burn-play.ipynb": (4, {"teams": 2}),
    "cassino-play.ipynb": (4, {}),
}


def run_cells(path: Path) -> list[Any]:
    """Run a notebook's code cells here, as its kernel would, and return what each cell's last line shows."""
    shown: list[Any] = []
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(path), "exec"), namespace)
        if last is not None:
            shown.append(eval(compile(ast.Expression(last.value), str(path), "eval"), namespace))
    return shown


def widgets_in(obj: Any) -> list[Any]:
    """A displayed object and every widget inside it."""
    out = [obj]
    for child in getattr(obj, "children", ()):
        out += widgets_in(child)
    return out


def rules_drawn(objs: list[Any]) -> list[str]:
    """The ids of the rules whose panels (title and text) the objects draw, in order."""
    return [rule for obj in objs for widget in widgets_in(obj)
            for rule in re.findall(r'<div class="gw-panel" data-rule="([^"]+)">', getattr(widget, "html", ""))]


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def end_of(reader) -> Any:
    ends = [w for w in reader.children if 'data-testid="chapter-end"' in getattr(w, "html", "")]
    assert len(ends) == 1 and reader.children[-1] is ends[0], "the part ends once, at its end"
    return ends[0]


# ------------------------------------------------------------------ a lesson, one chapter at a time


@pytest.mark.parametrize("slug", SHIPPED)
def test_the_lesson_page_draws_one_chapter_with_its_end_and_the_way_on(slug, monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)
    lesson = load_lesson(slug)
    shown = run_cells(NOTEBOOKS / f"{slug}-lesson.ipynb")
    readers = [obj for obj in shown if type(obj).__name__ == "ChapterReaderWidget"]
    assert len(readers) == 1, f"{slug}: the page shows the lesson through one reader, not {len(readers)}"
    reader = readers[0]
    first = [rule.id for rule in lesson.chapter(1).rules]
    assert rules_drawn(shown) == first, "the page draws chapter 1's rules and no other chapter's"

    end = end_of(reader)
    said = text_of(end.html)
    assert "End of chapter 1: you know enough to play a whole game." in said
    two = lesson.chapter(2).title
    assert f"Next: chapter 2 · {two}" in said
    assert f'href="{slug}-first-game.ipynb"' in end.html and f'href="{slug}-play.ipynb"' in end.html
    assert (NOTEBOOKS / f"{slug}-first-game.ipynb").exists() and (NOTEBOOKS / f"{slug}-play.ipynb").exists()

    assert end.handle("open", "2")
    assert rules_drawn([reader]) == [rule.id for rule in lesson.chapter(2).rules], "moving on shows chapter 2 alone"
    head = reader.children[0]
    assert f"Chapter 2 · {two}" in text_of(head.html) and "data-gw-arrive" in head.html, \
        "the chapter opened opens where it is seen"
    assert "Back to chapter 1" in text_of(head.html)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_part_of_the_lesson_in_turn_shows_every_rule_once_in_order(slug):
    """Chapter after chapter by the way on, then the worked examples and the notes: every rule once, in the
    lesson's order, each part ending plainly, in learner words."""
    from tutor.widgets import LessonWidgets

    lesson = load_lesson(slug)
    reader = LessonWidgets(slug).reader()
    seen: list[str] = []
    texts = {}
    parts = []
    while True:
        parts.append(reader.at)
        seen += rules_drawn([reader])
        end = end_of(reader)
        texts[f"part {reader.at}, heading"] = reader.children[0].html
        texts[f"part {reader.at}, end"] = end.html
        assert text_of(end.html).startswith("End of "), text_of(end.html)
        nexts = re.findall(r'data-gw="open" data-value="([^"]+)" data-key="next-part"', end.html)
        if not nexts:
            break
        assert end.handle("open", nexts[0])
    assert seen == list(lesson.ids)
    assert parts == [str(n) for n in range(1, len(lesson.chapters) + 1)] + (["examples"] if lesson.examples else []) \
        + (["notes"] if lesson.notes else [])
    assert_learner_words(texts)
    if lesson.examples:
        reader.show_part("examples")
        shown = " ".join(w.html for w in widgets_in(reader) if hasattr(w, "html"))
        assert all(html.escape(example.title) in shown for example in lesson.examples)


def test_a_part_is_built_when_first_opened_and_kept_for_a_return():
    from tutor.widgets import LessonWidgets

    reader = LessonWidgets("pymtheg").reader()
    assert set(reader.built) == {"1"}, "later chapters are not built before they are asked for"
    kept = reader.built["1"]
    reader.children[-1].handle("open", "3")
    assert set(reader.built) == {"1", "3"}
    reader.children[0].handle("open", "1")
    assert reader.children[1:-1] == tuple(kept), "back in chapter 1, its checks and steppers are as the learner left them"


def test_a_part_the_lesson_has_not_is_refused_naming_the_parts_and_changes_nothing():
    from tutor.widgets import LessonWidgets

    reader = LessonWidgets("gnav").reader()
    before = reader.children
    end = reader.children[-1]
    for value in ("9", "0", "chapter", None, "1; 2"):
        assert not end.handle("open", value)
        assert reader.children == before and reader.at == "1"
    assert "the parts are 1, 2, 3, examples, notes" in end.last_error
    with pytest.raises(ValueError, match="no part '7'"):
        LessonWidgets("gnav").reader(7)


def test_a_named_learner_is_offered_the_chapter_they_reached():
    from tutor.widgets import LessonWidgets

    slug = "pymtheg"
    lesson = load_lesson(slug)
    reader = LessonWidgets(slug).reader()
    assert 'data-testid="furthest"' not in reader.children[0].html, "nobody named: no place to go on from"
    classroom.set_learner("Tamsin")
    assert 'data-testid="furthest"' not in reader.children[0].html, "nothing reached yet"
    classroom.keep_rule_reached(slug, lesson.chapter(3).rules[0].id)
    classroom.keep_rule_reached(slug, "pymtheg/first-game")  # not a rule of the lesson: no chapter
    reader = LessonWidgets(slug).reader()
    head = reader.children[0]
    assert "You reached chapter 3 (Trumps in detail, and doubling) before." in text_of(head.html)
    assert head.handle("open", "3") and reader.at == "3"
    assert 'data-testid="furthest"' not in reader.children[0].html, "there already"
    classroom.set_learner("Jory")
    reader.show_part("1")
    assert 'data-testid="furthest"' not in reader.children[0].html, "another learner's place is theirs"


# ------------------------------------------------------------------ a play page, one table


def play_calls(path: Path) -> list[ast.Call]:
    """The ``play(...)`` calls of a notebook's code cells."""
    calls = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            calls += [node for node in ast.walk(ast.parse("".join(cell["source"])))
                      if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", ""))
                      in ("play", "PlayWidget")]
    return calls


@pytest.mark.parametrize("name", PLAY_PAGES)
def test_a_play_page_holds_one_table(name):
    calls = play_calls(NOTEBOOKS / name)
    assert len(calls) == 1, f"{name}: {len(calls)} tables on the page"


class Controls(HTMLParser):
    """What the browser sends from a page: each control's ``data-gw-input`` and its value as drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, Any] = {}
        self.choices: dict[str, list[str]] = {}
        self.select = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("data-gw-input")
        if tag == "input" and name:
            self.values[name] = "checked" in a if a.get("type") == "checkbox" else a.get("value", "")
        elif tag == "select" and name:
            self.select = name
            self.choices[name] = []
        elif tag == "option" and self.select:
            self.choices[self.select].append(a["value"])
            if "selected" in a or self.select not in self.values:
                self.values[self.select] = a["value"]

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = ""


@pytest.mark.parametrize("name", sorted(OLD_TABLES))
def test_each_way_the_second_table_played_is_offered_by_the_one_tables_options(name):
    from tutor.widgets import PlayWidget
    from tutor.widgets.options import play_options

    (call,) = play_calls(NOTEBOOKS / name)
    slug = call.args[0].value
    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    game = get_game(slug)
    options = play_options(game, {k: v for k, v in kwargs.items() if k in game.options()})
    app = PlayWidget(slug, step_bots=False, **{**kwargs, **options})
    players, given = OLD_TABLES[name]
    wanted = play_options(game, given)
    controls = Controls()
    controls.feed(app.html)
    sent = dict(controls.values)
    assert str(players) in controls.choices.get("players", [str(app.players)]), f"{players} players are not offered"
    sent["players"] = str(players)
    for option, value in {"short": False, **wanted}.items():
        key = f"option:{option}"
        assert key in sent, f"{name}: no control for {option}"
        if isinstance(value, bool):
            sent[key] = value
        else:
            assert key not in controls.choices or str(value) in controls.choices[key], (option, controls.choices[key])
            sent[key] = str(value)
    assert app.handle("new", None, sent), app.last_error
    assert not getattr(app, "notice", ""), app.notice
    assert app.players == players
    assert game.make_rules(**app.options) == game.make_rules(**wanted), (app.options, wanted)
