"""Learners read learner words: every lesson, app and notebook output is scanned for words meant for developers.

What a learner sees — the widgets' HTML for every game (play app, step-through,
lesson, checks, gallery, drill) and the notebooks' text and outputs, stored and
freshly run — must not show rule ids (``pyskessa.goal``), function or option
names (``deal_score``), "seed", "RULE-NOTES" or "test".  Those belong in code,
tooltips (``title`` attributes) and the teacher's page, so attributes are not
scanned; only the text a learner reads is.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from tutor.games import GAMES
from tutor.lessons import load_lesson

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
DEVELOPER_WORDS = (
    ("seed", re.compile(r"\bseeds?\b|\bseed's\b", re.I)),
    ("RULE-NOTES", re.compile(r"RULE[- ]NOTES", re.I)),
    ("rule id", re.compile(r"\b[a-z][a-z-]*\.[a-z][a-z.-]*[a-z]\b")),
    ("name with _", re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b")),
    ("test", re.compile(r"\btest(s|ed|ing)?\b", re.I)),
)
NOT_RULE_IDS = {"e.g", "i.e"}

# Findings in files other people own, kept visible here until they are fixed in those files.
OWNED_ELSEWHERE: dict[str, str] = {}


def learner_text(markup: str) -> str:
    """The text of HTML as a learner reads it: no tags, attributes, styles or scripts."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"<!--.*?-->", " ", markup, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def developer_words(text: str) -> list[str]:
    """Each developer word in ``text``, with a little of the text around it."""
    found = []
    for what, pattern in DEVELOPER_WORDS:
        for match in pattern.finditer(text):
            if what == "rule id" and match.group(0) in NOT_RULE_IDS:
                continue
            start = max(0, match.start() - 40)
            found.append(f"{what}: …{text[start:match.end() + 40]}…")
    return found


def assert_learner_words(texts: dict[str, str]) -> None:
    """Every text (named by where it was shown) is free of developer words."""
    problems = [f"{where}: {hit}" for where, text in texts.items() for hit in developer_words(learner_text(text))]
    assert not problems, "\n".join(dict.fromkeys(problems))


def known(case: str) -> list:
    """An xfail mark for a case whose words live in someone else's file, naming that file."""
    reason = OWNED_ELSEWHERE.get(case)
    return [pytest.mark.xfail(reason=reason, strict=False)] if reason else []


def cases(prefix: str, names: list[str]) -> list:
    """Parameters named ``<prefix>:<name>``, each marked when its words are someone else's to fix."""
    return [pytest.param(name, marks=known(f"{prefix}:{name}"), id=name) for name in names]


# ---------------------------------------------------------------- the scanner itself


def test_the_scanner_finds_developer_words_and_ignores_attributes():
    assert developer_words(learner_text('<p title="pyskessa.goal">Rule: Collect sets</p>')) == []
    assert developer_words(learner_text("<p>Rule <code>pyskessa.goal</code></p>"))
    assert developer_words(learner_text("<p>The seed's own example</p>"))
    assert developer_words(learner_text("<p>see RULE-NOTES 2.3</p>"))
    assert developer_words(learner_text("<p>computed by deal_score</p>"))
    assert developer_words(learner_text("<p>the tests check it</p>"))
    assert developer_words(learner_text("<p>Pass the Q♠, e.g. a spare card. Deal code 3-4821.</p>")) == []


# ---------------------------------------------------------------- widgets, for every game


def play_app_pages(slug: str) -> Iterator[tuple[str, str]]:
    """The play app as a learner meets it: dealt, refused, hinted, mid-game, typed, and at the end."""
    from tutor.widgets import PlayApp

    app = PlayApp(slug, seed=5, level="random")
    yield "dealt", app.html
    rng = random.Random(5)
    refused = hinted = False
    for turn in range(5000):
        if app.state.is_over:
            break
        if app.playing:
            app.handle("move" if rng.random() < 0.3 else "tick", str(app.state.legal_actions()[0]))
            continue
        legal = {str(a) for a in app.state.legal_actions()}
        hand = app.state.view(app.seat).seats[app.seat].hand
        tries = [a for card in hand for a in app.state.candidate_actions(card) if str(a) not in legal]
        if tries and not refused:
            app.handle("move", str(tries[0]))
            refused = app.error is not None
            yield "refused", app.html
        if not hinted:
            app.handle("hint")
            hinted = True
            yield "hint", app.html
        app.handle("move", str(rng.choice(app.state.legal_actions())))
        if turn % 10 == 0:
            yield f"turn {turn}", app.html
        if app.can_undo and turn % 4 == 0:
            app.handle("undo")
    yield "game over", app.html
    if app.game.inputs.typed is not None:
        typed = PlayApp(slug, seed=5, level="random", typed=True)
        typed.handle("card", 0)
        typed.handle("say", "nonsense words")
        yield "typed", typed.html
    app.handle("new", None, {"option:" + k: str(v) for k, v in app.game.options().items()})
    yield "new with variants", app.html
    app.handle("load", None, {"code": "not a code"})
    yield "bad deal code", app.html


@pytest.mark.parametrize("slug", cases("play", list(GAMES)))
def test_the_play_app_speaks_to_learners(slug):
    from tutor.widgets import Stepper

    texts = {f"play app, {where}": page for where, page in play_app_pages(slug)}
    from tutor.widgets import PlayApp

    app = PlayApp(slug, seed=8, level="random")
    while not app.state.is_over:
        if app.playing:
            app.handle("tick")
        else:
            app.handle("move", str(app.state.legal_actions()[0]))
    stepper = Stepper(app.record, viewer=0, reveal=False, title="Your game, step by step", at_end=True)
    for step in range(0, stepper.last + 1, max(1, stepper.last // 25)):
        stepper.step = step
        texts[f"step-through, step {step}"] = stepper.html
    assert_learner_words(texts)


def lesson_pages(slug: str) -> Iterator[tuple[str, str]]:
    """Every widget of a game's lesson, stepped through, with every check answered every way."""
    import ipywidgets

    from tutor.widgets import CheckWidget, LessonView, Stepper

    view = LessonView(slug)
    yield "overview", view.overview().html
    yield "notes", view.notes().html
    for n in range(1, len(view.lesson.chapters) + 1):
        yield f"chapter {n}", view.chapter(n).html
    boxes = [(rule.id, view.show(rule.id)) for rule in view.lesson.rules]
    boxes += [(f"example {i}", view.example(i)) for i in range(len(view.lesson.examples))]
    for where, box in boxes:
        for widget in box.children:
            if isinstance(widget, Stepper):
                for step in range(widget.last + 1):
                    widget.step = step
                    yield f"{where}, step {step}", widget.html
            elif isinstance(widget, CheckWidget):
                yield f"{where}, check", widget.html
                if widget.check.kind in ("choice", "spot", "score"):
                    for i in range(len(widget.check.choices)):
                        widget.handle("choose", i)
                        yield f"{where}, check answered {i}", widget.html
                elif widget.check.kind == "order":
                    for order in (range(len(widget.check.items)), widget.check.answer):
                        widget.handle("reset")
                        for i in order:
                            widget.handle("item", i)
                            yield f"{where}, check ordered up to {i}", widget.html
                else:
                    state = widget.state
                    me = state.current_player
                    for card in state.view(me).seats[me].hand:
                        for action in state.candidate_actions(card):
                            widget.handle("move", str(action))
                            yield f"{where}, check tried {action}", widget.html
                    for action in state.legal_actions():
                        widget.handle("move", str(action))
                        yield f"{where}, check tried {action}", widget.html
            elif not isinstance(widget, ipywidgets.Widget) or hasattr(widget, "html"):
                yield where, widget.html


@pytest.mark.parametrize("slug", cases("lesson", list(GAMES)))
def test_the_lesson_speaks_to_learners(slug):
    assert_learner_words({f"lesson, {where}": page for where, page in lesson_pages(slug)})


def test_the_gallery_and_the_drill_speak_to_learners(tmp_path, monkeypatch):
    from tutor.vocab import ManualClock
    from tutor.vocab.exercises import KINDS, make_exercise
    from tutor.widgets import DrillWidget, gallery
    from datetime import datetime, timezone

    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))
    texts = {"gallery": gallery(ROOT / "notebooks").html}
    drill = DrillWidget(seed=1, clock=ManualClock(datetime(2026, 3, 1, tzinfo=timezone.utc)))
    texts["drill, start"] = drill.html
    drill.handle("start", None, {"learner": ""})
    texts["drill, no name"] = drill.html
    drill.handle("start", None, {"learner": "Pol"})
    entries = {e.category: e for e in drill.entries}
    for kind in KINDS:
        entry = entries["card"] if kind == "picture" else entries["phrase"] if kind == "build" else entries["number"]
        drill.exercises[drill.index] = make_exercise(entry, kind, drill.rng, drill.entries)
        drill.refresh()
        texts[f"drill, {kind}"] = drill.html
    while drill.exercise is not None:
        ex = drill.exercise
        if ex.kind == "choice":
            drill.handle("choose", 0)
        elif ex.kind == "match":
            for i in range(len(ex.pairs)):
                drill.handle("pick", f"k{i}")
                drill.handle("pick", f"e{(i + 1) % len(ex.pairs)}")
        else:
            drill.handle("answer", None, {"answer": "zzz"})
        texts[f"drill, answered {ex.kind}"] = drill.html
        drill.handle("next")
    texts["drill, summary"] = drill.html
    assert_learner_words(texts)


# ---------------------------------------------------------------- notebooks: their text, stored and fresh outputs


def markdown_html(source: str) -> str:
    """Markdown as a learner reads it: code spans are kept as text, links by their words."""
    source = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", source)  # a link's address is not read
    return html.escape(source.replace("`", ""))


def output_text(output: dict) -> str:
    """What a stored or fresh output shows (a widget's view is scanned through the widget itself)."""
    if output.get("output_type") == "stream":
        return html.escape("".join(output.get("text", "")))
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        return ""
    for mime in ("text/html", "image/svg+xml", "text/markdown", "text/plain"):
        if mime in data:
            text = "".join(data[mime])
            return text if mime != "text/plain" else html.escape(text)
    return ""


def shown(obj: Any) -> str:
    """What a displayed object shows a learner: a widget and its children, HTML, SVG or plain text."""
    import ipywidgets

    from tutor.widgets import GwariWidget

    if obj is None:
        return ""
    if isinstance(obj, GwariWidget):
        return obj.html
    if isinstance(obj, ipywidgets.Box):
        return " ".join(shown(child) for child in obj.children)
    if isinstance(obj, ipywidgets.HTML):
        return obj.value
    if isinstance(obj, ipywidgets.Widget):
        return html.escape(str(getattr(obj, "description", "")))
    for method in ("_repr_html_", "_repr_svg_"):
        if hasattr(obj, method):
            out = getattr(obj, method)()
            if out:
                return out
    return html.escape(repr(obj))


def run_notebook(path: Path) -> list[str]:
    """Run a notebook's code cells here, as its kernel would, and return what each displays or prints."""
    import ast

    import IPython.display

    shown_now: list[str] = []
    namespace: dict[str, Any] = {"__name__": "__main__"}
    real_display = IPython.display.display
    IPython.display.display = lambda *objs, **_kw: shown_now.extend(shown(o) for o in objs)
    try:
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            tree = ast.parse("".join(cell["source"]))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(tree, str(path), "exec"), namespace)
                if last is not None:
                    shown_now.append(shown(eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)))
            shown_now.append(html.escape(out.getvalue()))
    finally:
        IPython.display.display = real_display
    return shown_now


@pytest.mark.parametrize("name", cases("notebook", NOTEBOOKS))
def test_the_notebook_speaks_to_learners(name, monkeypatch, tmp_path):
    monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "progress.sqlite3"))
    monkeypatch.chdir(ROOT / "notebooks")
    path = ROOT / "notebooks" / name
    texts = {}
    for i, cell in enumerate(json.loads(path.read_text())["cells"]):
        if cell["cell_type"] == "markdown":
            texts[f"{name} cell {i} (text)"] = markdown_html("".join(cell["source"]))
        for output in cell.get("outputs", []):
            texts[f"{name} cell {i} (stored output)"] = output_text(output)
    for i, text in enumerate(run_notebook(path)):
        texts[f"{name} output {i} (run now)"] = text
    assert_learner_words(texts)


def test_every_rule_title_is_learner_words():
    """Rule titles are what the apps show in place of rule ids, so they must read as words too."""
    assert_learner_words({f"{slug} rule {rule.id}": html.escape(rule.title)
                          for slug in GAMES for rule in load_lesson(slug).rules})
