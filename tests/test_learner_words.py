"""Learners read learner words: every lesson, app and notebook output is scanned for words meant for developers.

What a learner sees — the widgets' HTML for every game (play app, step-through,
lesson, checks, gallery, drill) and the notebooks' text and outputs, stored and
freshly run — must not show rule ids (``pyskessa.goal``), function or option
names (``deal_score``), "seed", "RULE-NOTES" or "test".  Those belong in code,
tooltips (``title`` attributes) and the teacher's page, so attributes are not
scanned; only the text a learner reads is.

The apps are also read as a learner meets them while playing (``what the apps draw``
below): every page the play app draws through seeded games of every game, with
cards chosen, moves the rules refuse, hints, *Why?*, deal summaries and the end;
every lesson widget with its scenarios, refused tries and checks; the guided first
games along their script and off it.  There the text shown, the words read aloud
(``aria-label``, ``alt``, ``placeholder`` and the live region) and the tooltips must
also hold no card notation (``JS``, ``10H``, ``F15``, ``CUCKOO``: every card's
canonical text, from the decks themselves), no move in notation (``play JK as H``),
no rule id and no word of code (``None``, ``{card}``, ``Traceback``, a repr); a
tooltip may name a rule id or an option, nothing else of these.  A card's picture
keeps its printed index: the text drawn on a card's face is its picture, read by
its name.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import os
import random
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

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
    from tutor.widgets import PlayWidget

    app = PlayWidget(slug, seed=5, level="random")
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
        typed = PlayWidget(slug, seed=5, level="random", typed=True)
        typed.handle("card", 0)
        typed.handle("say", "nonsense words")
        yield "typed", typed.html
    app.handle("new", None, {"option:" + k: str(v) for k, v in app.game.options().items()})
    yield "new with variants", app.html
    app.handle("load", None, {"code": "not a code"})
    yield "bad deal code", app.html


@pytest.mark.parametrize("slug", cases("play", list(GAMES)))
def test_the_play_app_speaks_to_learners(slug):
    from tutor.widgets import StepperWidget

    texts = {f"play app, {where}": page for where, page in play_app_pages(slug)}
    from tutor.widgets import PlayWidget

    app = PlayWidget(slug, seed=8, level="random")
    while not app.state.is_over:
        if app.playing:
            app.handle("tick")
        else:
            app.handle("move", str(app.state.legal_actions()[0]))
    stepper = StepperWidget(app.record, viewer=0, reveal=False, title="Your game, step by step", at_end=True)
    for step in range(0, stepper.last + 1, max(1, stepper.last // 25)):
        stepper.step = step
        texts[f"step-through, step {step}"] = stepper.html
    assert_learner_words(texts)


def lesson_pages(slug: str) -> Iterator[tuple[str, str]]:
    """Every widget of a game's lesson, stepped through, with every check answered every way."""
    import ipywidgets

    from tutor.widgets import CheckWidget, LessonWidgets, StepperWidget

    view = LessonWidgets(slug)
    yield "overview", view.overview().html
    yield "notes", view.notes().html
    for n in range(1, len(view.lesson.chapters) + 1):
        yield f"chapter {n}", view.chapter(n).html
    boxes = [(rule.id, view.show(rule.id)) for rule in view.lesson.rules]
    boxes += [(f"example {i}", view.example(i)) for i in range(len(view.lesson.examples))]
    for where, box in boxes:
        for widget in box.children:
            if isinstance(widget, StepperWidget):
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


# ---------------------------------------------------------------- what the apps draw while playing


def _card_codes() -> tuple[str, ...]:
    """Every card's canonical text, from every deck (longest first, so ``10H`` is read before ``10``)."""
    from tutor.cards import CARD_CLASSES

    codes = {card.code for cls in CARD_CLASSES.values() for card in cls.all_cards()}
    return tuple(sorted(codes, key=lambda code: (-len(code), code)))


# A Gnav number's notation is the number itself ("12"): it cannot be told from a number in a sentence, so it is not
# looked for; every other card's text is (``7S``, ``10H``, ``JK``, ``F15``, ``Wa3``, ``CUCKOO``).
CARD_NOTATION = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(c) for c in _card_codes() if not c.isdigit())
                           + r")(?!\w)")
RULE_IDS = frozenset(rule.id for slug in GAMES for rule in load_lesson(slug).rules)
RULE_ID = re.compile(r"(?<![\w.-])(?:" + "|".join(re.escape(r) for r in sorted(RULE_IDS, key=len, reverse=True))
                     + r")(?![\w-]|\.\w)")
CODE_WORDS = (
    ("card notation", CARD_NOTATION),
    ("word of code", re.compile(r"\b(?:Traceback|[A-Z][a-z]+(?:[A-Z][a-z]+)*Error|IllegalMove|BadNotation|Misread"
                                r"|NoneType|self\.\w+)\b")),
    ("template leftover", re.compile(r"[{}]")),
    ("repr", re.compile(r"<[A-Za-z_][\w.]*(?: object at |\.)|\b(?:Suit|Rank|Element|GnavRank|Card|ElementCard"
                        r"|GnavCard)\.[A-Za-z_]+|\b[A-Z]\w*\((?:\w+=|'|\")")),
)
# Python's None, True and False where a value was written into a sentence ("you have no None", "(True)"); a sentence,
# a title or an answer may begin with the word ("None of it? Play any card").
PYTHON_CONSTANT = re.compile(r"(?<=[a-z,;] )(?:None|True|False)\b(?! [a-z])|[(\[=]\s*(?:None|True|False)\b"
                             r"|\b(?:None|True|False)\s*[)\]]")
_G_TAG = re.compile(r"</?g\b[^>]*>")


def _without_card_faces(markup: str) -> str:
    """The page with the words printed on each card's face left out: a card's picture is read by its name (its
    ``<title>`` and ``aria-label``), and its corner index is part of the picture."""
    parts, pos = [], 0
    for start in re.finditer(r'<g class="gw-card"[^>]*>', markup):
        if start.start() < pos:
            continue
        depth, end = 1, len(markup)
        for tag in _G_TAG.finditer(markup, start.end()):
            depth += -1 if tag.group(0).startswith("</") else 0 if tag.group(0).endswith("/>") else 1
            if depth == 0:
                end = tag.end()
                break
        parts += [markup[pos:start.start()], re.sub(r"<text\b.*?</text>", "", markup[start.start():end], flags=re.S)]
        pos = end
    return "".join(parts) + markup[pos:]


def page_pieces(markup: str) -> dict[str, list[str]]:
    """What a learner meets on a page, by how: "shown" (each run of text, the live region's words among them),
    "read aloud" (the words a screen reader reads for an element: ``aria-label``, ``alt``; and a box's
    ``placeholder``) and "tooltip" (``title``)."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = _without_card_faces(re.sub(r"<!--.*?-->", " ", markup, flags=re.S))
    pieces: dict[str, list[str]] = {"shown": [], "read aloud": [], "tooltip": []}
    for text in re.split(r"<[^>]+>", markup):
        pieces["shown"].append(" ".join(html.unescape(text).split()))
    for tag in re.findall(r"<[^>]+>", markup):
        for name, value in re.findall(r'\s(aria-label|aria-description|aria-valuetext|alt|placeholder|title)="([^"]*)"',
                                      tag):
            pieces["tooltip" if name == "title" else "read aloud"].append(" ".join(html.unescape(value).split()))
    return {how: [text for text in texts if text] for how, texts in pieces.items()}


def move_notation(moves: Iterable[str]) -> re.Pattern | None:
    """The moves' canonical texts that are not plain words (``play JK as H``, ``bid gam+1 Wa``, ``ask 1 for 7``; but
    ``stand`` or ``draw 2`` may be said in a sentence), as one pattern; ``None`` when there are none."""
    texts = sorted({m for m in moves if not re.fullmatch(r"[a-z]+(?: [a-z]+)*(?: \d+)?", m)}, key=len, reverse=True)
    if not texts:
        return None
    return re.compile(r"(?<![\w+])(?:" + "|".join(re.escape(t) for t in texts) + r")(?![\w+])")


def piece_problems(how: str, text: str, moved: re.Pattern | None = None) -> list[str]:
    """Each card's notation, move's notation (``moved``), rule id or word of code in one piece of a page met ``how``,
    with a little of the text around it (a tooltip may name a rule id or an option; the developer words are looked
    for too, except in tooltips)."""
    hits = [(what, m) for what, pattern in CODE_WORDS for m in pattern.finditer(text)]
    hits += [("Python's word", m) for m in PYTHON_CONSTANT.finditer(text)]
    if moved is not None:
        hits += [("move notation", m) for m in moved.finditer(text)]
    found = []
    if how != "tooltip":
        hits += [("rule id", m) for m in RULE_ID.finditer(text)]
        found += [f"{how}: {hit}" for hit in developer_words(text)]
    return found + [f"{how}: {what} {m.group(0)!r}: …{text[max(0, m.start() - 60):m.end() + 40]}…"
                    for what, m in hits]


def page_problems(markup: str, moves: Iterable[str] = ()) -> list[str]:
    """Every problem of every piece of a page (``piece_problems``); ``moves``: the canonical texts of the moves."""
    moved = move_notation(moves)
    return [problem for how, texts in page_pieces(markup).items() for text in texts
            for problem in piece_problems(how, text, moved)]


class Reading:
    """The pages a learner met, each piece of text read once: what was found, each finding once with where it was
    met.  A deal's code is read as well: a learner reads it and copies it (letters and digits, no variant's name)."""

    def __init__(self) -> None:
        self.read: set[tuple[str, str]] = set()
        self.found: dict[str, str] = {}
        self.moves: set[str] = set()
        self.moved: re.Pattern | None = None
        self.pages = 0

    def page(self, where: str, markup: str, code: str = "") -> None:
        """Read one page (each piece of text already read on an earlier page is not read again); ``code``: the
        deal's code shown on it, read as it is shown (a code with a variant's name or a word of Python is a finding
        like any other: ``3-4821-ask_empty_hands=False``)."""
        for problem in piece_problems("shown", code) if code else ():
            self.found.setdefault(f"the deal's code: {problem}", where)
        self.pages += 1
        for how, texts in page_pieces(markup).items():
            for text in texts:
                if (how, text) in self.read:
                    continue
                self.read.add((how, text))
                for problem in piece_problems(how, text, self.moved):
                    self.found.setdefault(problem, where)

    def text(self, where: str, text: str) -> None:
        """Read one line a learner is shown (plain text, not HTML)."""
        self.page(where, f"<p>{html.escape(text)}</p>")

    def moves_of(self, state: Any, *cards: Any) -> None:
        """Remember the canonical texts of the moves on offer (and of those tried with ``cards``)."""
        self.add_moves(str(a) for a in state.legal_actions())
        for card in cards:
            self.add_moves(str(a) for a in state.candidate_actions(card))

    def add_moves(self, texts: Iterable[str]) -> None:
        """Remember the canonical texts of some moves."""
        before = len(self.moves)
        self.moves.update(texts)
        if len(self.moves) > before:
            self.moved = move_notation(self.moves)

    def report(self) -> str:
        """What was found, grouped by the text around it with its cards' notation left out, where it was met."""
        groups: dict[str, tuple[str, str]] = {}
        for problem, where in self.found.items():
            groups.setdefault(CARD_NOTATION.sub("<card>", problem), (problem, where))
        return "\n".join(f"{where}: {problem}" for problem, where in groups.values())


def games_read() -> int:
    """How many seeded games of each game are played through the play app: ``GWARI_GAMES`` (25 by default) / 8."""
    return max(2, int(os.environ.get("GWARI_GAMES", "25")) // 8)


def some_options(game: Any, rng: random.Random, *, short: bool = False) -> tuple[int, dict[str, Any]]:
    """A number of players and options to play with: the short game (always with ``short``) most often, sometimes
    the rule book's game or a few variants drawn at random (each as the game accepts it)."""
    from tutor.widgets.options import option_specs, play_options, player_counts

    draw = 0.0 if short else rng.random()
    options = play_options(game, {}) if draw < 0.5 else {}
    if draw >= 0.7:
        for spec in option_specs(game):
            if spec.kind == "bool" and rng.random() < 0.3:
                options[spec.name] = not spec.default
            elif spec.kind == "choice" and rng.random() < 0.3:
                options[spec.name] = rng.choice(spec.choices)
    try:
        counts = player_counts(game, options)
        game.make_rules(**options)
    except ValueError:  # IllegalMove is a ValueError too
        options = play_options(game, {})
        counts = player_counts(game, options)
    players = game.default_players if game.default_players in counts and rng.random() < 0.5 else rng.choice(counts)
    return players, options


GAME_MOVES = 400  # a bound on the moves of one game read from the engine alone
LEARNER_MOVES = 150  # a bound on the learner's moves in one game read (a rule book's whole game can be long)


def read_the_play_app(slug: str, seed: int, reading: Reading) -> str:
    """One seeded game in the play app, as a learner plays it: each turn a card chosen, a move the rules refuse with
    it and one with a card not held, Hint and Why?, a legal move (now and then taken back), offers taken or let go,
    each deal's summary before Next deal, the end and the step-through of the game."""
    from tutor.games import get_game
    from tutor.widgets import PlayWidget, StepperWidget

    rng = random.Random(f"{slug} {seed}")
    game = get_game(slug)
    players, options = some_options(game, rng, short=seed == 0)  # the first game is the short one, read to its end
    typed = game.inputs.typed is not None and rng.random() < 0.5
    level = "strong" if seed == 0 else rng.choice(("random", "strong"))  # strong bots bring the short game's end
    app = PlayWidget(slug, players=players, seed=seed, level=level, pause_deals=True,
                  step_bots=rng.random() < 0.3, clock=rng.random() < 0.2, typed=typed,
                  sharing=2 if rng.random() < 0.2 else 1, **options)
    how = ", ".join(what for what, on in (("typed", typed), ("on the clock", app.pace.clock),
                                          ("pass and play", app.sharing > 1)) if on)
    where = f"play app, {players} players, {options or 'the rule book'}, deal {app.code}{', ' + how if how else ''}"
    reading.page(f"{where}, dealt", app.html, app.code)
    moves = 0
    for _ in range(40 * LEARNER_MOVES):
        state = app.state
        if state.is_over or moves >= LEARNER_MOVES:
            break
        if app.shared.covered:
            app.handle("ready")
        elif app.pace.deal_waits:
            app.handle("nextdeal")
        elif app.pace.holding or app.pace.waiting:
            offers = state.offers(app.seat)
            if offers and rng.random() < 0.5:
                app.handle("hint")
                reading.page(f"{where}, hint at an offer", app.html, app.code)
                reading.add_moves(str(a) for a in offers)
                app.handle("move", str(rng.choice(offers)))
            else:
                app.handle("goon")
        elif app.pace.stepping or state.current_player != app.seat:
            app.handle("tick")
            if app.state is state and not app.pace.stepping and not app.pace.deal_waits:
                break  # nothing left for the page's clock to do
        else:
            moves += 1
            learner_turn(app, rng, reading, where)
        reading.page(where, app.html, app.code)
    assert app.state.is_over or moves >= LEARNER_MOVES, f"{where}: the game stopped before its end"
    reading.page(f"{where}, the end", app.html, app.code)
    stepper = StepperWidget(app.record, viewer=app.seat, reveal=False, title="Your game, step by step", at_end=True,
                      reasons={i: why for i, (_move, why) in app.reasons.items() if why})
    for step in range(0, stepper.last + 1, max(1, stepper.last // 20)):
        stepper.step = step
        stepper.handle("why")
        reading.page(f"{where}, step-through {step}", stepper.html, app.code)
    return f"{where}: {'over' if app.state.is_over else 'stopped'} after {moves} of the learner's moves"


def learner_turn(app: Any, rng: random.Random, reading: Reading, where: str) -> None:
    """One turn of the learner's: a card chosen, tries the rules refuse, Hint, Why?, a legal move, sometimes Undo."""
    state = app.state
    hand = [c for c in state.view(app.seat).seats[app.seat].hand if c is not None]
    legal = {str(a) for a in state.legal_actions()}
    not_held = sorted(set(c for c in state.cards() if c is not None) - set(hand))
    reading.moves_of(state, *hand)
    if hand and app.game.inputs.cards:
        index = rng.randrange(len(hand))
        app.handle("card", index)
        reading.page(f"{where}, a card chosen", app.html, app.code)
        refused = [a for a in state.candidate_actions(hand[index]) if str(a) not in legal]
        if refused:
            app.handle("move", str(rng.choice(refused)))
            reading.page(f"{where}, a move refused", app.html, app.code)
    if not_held and rng.random() < 0.5:
        card = rng.choice(not_held)
        tries = [a for a in state.candidate_actions(card) if str(a) not in legal]
        reading.add_moves(str(a) for a in tries)
        if tries:
            app.handle("move", str(rng.choice(tries)))
            reading.page(f"{where}, a card not held tried", app.html, app.code)
    if app.typed:  # a question typed with a slip (a vowel changed in words said before), answered with a correction
        said = next((e.said for _step, e in reversed(app.lines) if e.said), "Pol, eus seyth genes?")
        app.handle("say", re.sub(r"[aeiouy]", "i", said, count=1))
        reading.page(f"{where}, typed with a slip", app.html, app.code)
    if rng.random() < 0.5:
        app.handle("hint")
        reading.page(f"{where}, hint", app.html, app.code)
    if rng.random() < 0.5 and app.last_reason is not None:
        app.handle("why")
        reading.page(f"{where}, why", app.html, app.code)
    app.handle("move", rng.choice(sorted(legal)))
    if app.can_undo and rng.random() < 0.1:
        reading.page(f"{where}, a move", app.html, app.code)
        app.handle("undo")


def read_the_guided_game(slug: str, reading: Reading, *, leave_at: int | None) -> None:
    """The guided first game along its script, every refused try of each card at each of the learner's turns; with
    ``leave_at``, a different legal move at that turn of the learner's, then the strong bots' game to its end."""
    from tutor.widgets import FirstGameWidget

    app = FirstGameWidget(slug)
    where = f"first game{'' if leave_at is None else f' left at turn {leave_at}'}"
    reading.page(f"{where}, start", app.html)
    turn = 0
    for _ in range(2000):
        if app.finished:
            break
        text, move = app.suggestion()
        if app.state.current_player != app.seat or (app.on_script and not move):
            app.handle("tick")
            reading.page(where, app.html)
            continue
        state = app.state
        hand = [c for c in state.view(app.seat).seats[app.seat].hand if c is not None]
        legal = sorted(str(a) for a in state.legal_actions())
        reading.moves_of(state, *hand)
        for index, card in enumerate(hand):
            for action in state.candidate_actions(card):
                if str(action) not in legal:
                    app.handle("card", index)
                    app.handle("move", str(action))
                    reading.page(f"{where}, turn {turn}, {action} refused", app.html)
        other = [m for m in legal if m != move]
        if turn == leave_at and other:
            move = other[turn % len(other)]
        app.handle("move", move or legal[0])
        reading.page(f"{where}, turn {turn}", app.html)
        turn += 1
    assert app.finished, f"{slug}: the first game did not finish ({where})"
    reading.page(f"{where}, the end", app.html)


def assert_read_well(reading: Reading) -> None:
    """Nothing was found, else every finding with where it was met."""
    if reading.found:
        pytest.fail(f"{len(reading.found)} findings on {reading.pages} pages:\n" + reading.report(), pytrace=False)


def test_the_scanner_finds_notation_rule_ids_and_code_words():
    """The reading finds what it looks for, in the text, the words read aloud and the tooltips, and lets words be."""
    def found(markup: str, moves: Iterable[str] = ()) -> list[str]:
        return page_problems(markup, moves)

    assert found("<p>You can only pass a card you hold, and you have no JS.</p>")
    for code in ("10H", "QD", "JK", "F15", "Wa3", "Wi7", "E12", "CUCKOO", "HOUSE", "FOOL"):
        assert found(f"<p>Play the {code} now.</p>"), code
    assert found('<button aria-label="7S, playable"></button>')
    assert found('<div title="the 7S"></div>')
    assert found("<p>You hold a None.</p>") and found("<p>{card} is played</p>") and found("<p>Traceback</p>")
    assert found("<p>Rule pymtheg.ry2.partner</p>") and found("<p>&lt;tutor.cards.Card object at 0x1&gt;</p>")
    assert found("<p>Lead it: play JK as H.</p>", ["play JK as H"])
    assert found("<p>Now bid gam+1 Wa</p>", ["bid gam+1 Wa"])
    assert found("<p>Pass the Q♠, the jack of spades, Fire 15, the Cuckoo, the House; Water 3. As you like.</p>",
                 ["pass QS", "stand"]) == []
    assert found("<p>None of your cards. True: you win.</p><button>False</button><p>Rule: None of it?</p>"
                 "<p>More about None of it?</p>") == []
    assert found("<p>you have no None.</p>") and found("<p>the rule (False)</p>")
    assert found("<p>Jory must draw 2 or stand.</p>", ["draw 2", "stand"]) == []
    assert found("<p>Ask 1 for 7</p>", ["ask 1 for 7"]) == [] and found("<p>Now ask 1 for 7</p>", ["ask 1 for 7"])
    assert found('<p title="pig.pass">Rule: Pass one card</p>') == []
    assert found('<svg role="img" aria-label="joker"><title>joker</title><g class="gw-card"><text>JK</text>'
                 "</g></svg>") == []
    for code, wrong in [("3-1000-ask_empty_hands=False", True), ("3-4821-lucky_draw_continues", True),
                        ("3-1000-b0", False)]:  # a deal's code is read as it is shown
        reading = Reading()
        reading.page("a deal", f"<p>New deal, code {html.escape(code)}.</p>", code)
        assert bool(reading.found) == wrong, (code, reading.found)


@pytest.mark.parametrize("slug", cases("playing", list(GAMES)))
def test_the_play_app_while_playing_shows_no_notation_or_code(slug):
    """Seeded games in the play app (``read_the_play_app``) show cards and moves in words and no code."""
    reading = Reading()
    for seed in range(games_read()):
        read_the_play_app(slug, seed, reading)
    assert_read_well(reading)


@pytest.mark.parametrize("slug", cases("lesson pages", list(GAMES)))
def test_the_lesson_and_its_checks_show_no_notation_or_code(slug):
    """Every widget of the lesson, its scenarios stepped through, its refused tries and its checks answered every
    way, names cards and moves in words."""
    from tutor.games import get_game

    game = get_game(slug)
    reading = Reading()
    for rule in load_lesson(slug).rules:
        for scenario in (rule.scenario, rule.check.scenario if rule.check else None):
            if scenario is not None:
                for state in scenario.states():
                    if not state.is_over and state.current_player is not None:
                        me = state.current_player
                        reading.moves_of(state, *[c for c in state.view(me).seats[me].hand if c is not None])
                last = scenario.states()[-1]
                for text in scenario.illegal:
                    try:  # a try the game can read is a move (shown in words); one it cannot is the lesson's text
                        reading.add_moves([str(game.parse_action(last, text))])
                    except ValueError:  # IllegalMove is a ValueError too
                        pass
    for where, page in lesson_pages(slug):
        reading.page(f"lesson, {where}", page)
    assert_read_well(reading)


@pytest.mark.parametrize("slug", cases("first game", list(GAMES)))
def test_the_first_game_on_and_off_its_script_shows_no_notation_or_code(slug):
    """The first game's every line, played along its script with every refused try, and left at its first turns for
    the strong bots' game, shows cards and moves in words and no code."""
    from tutor.games import get_game
    from tutor.guide import load_first_game

    reading = Reading()
    first = load_first_game(slug)
    game = get_game(slug)
    for state, step in zip(first.states(), first.steps):  # the script's moves and the others it answers, as moves
        reading.add_moves(str(game.parse_action(state, text)) for text in (step.move, *step.other))
    texts = [first.title, first.intro, first.end]
    texts += [text for step in first.steps for text in (step.say, step.play_out, *step.other.values())]
    for text in texts:  # every line of the script, also those said only after a move not played here
        reading.text("the first game's script", text)
    read_the_guided_game(slug, reading, leave_at=None)
    for leave_at in range(min(3, games_read())):
        read_the_guided_game(slug, reading, leave_at=leave_at)
    assert_read_well(reading)


@pytest.mark.parametrize("slug", cases("game words", list(GAMES)))
def test_what_the_games_say_names_cards_in_words(slug):
    """Every line a game gives the apps in random positions (its events, the status, each move on offer as chosen and
    as narrated, each move the rules refuse with any card of the game, held or not, with its reason, and the result)
    names cards in words and holds no notation, rule id or word of code."""
    from tutor.engine import IllegalMove
    from tutor.games import get_game

    game = get_game(slug)
    reading = Reading()
    for seed in range(2 * games_read()):
        rng = random.Random(f"{slug} {seed}")
        players, options = some_options(game, rng)
        state = game.start(players=players, seed=seed, **options)
        cards = sorted(set(c for c in state.cards() if c is not None))
        where = f"{players} players, {options or 'the rule book'}, deal {seed}"
        for _ in range(min(game.max_actions, GAME_MOVES)):
            for event in state.events:
                reading.text(f"{where}, an event", " ".join((event.text, event.said, event.gloss)))
            reading.text(f"{where}, the status", state.status())
            if state.is_over:
                break
            legal = state.legal_actions()
            reading.moves_of(state, *cards)
            for action in legal:
                reading.text(f"{where}, a move on offer", f"{state.prompt(action)}. {state.describe(action)}.")
            for seat in range(players):
                for offer in state.offers(seat):
                    reading.text(f"{where}, an offer", f"{state.prompt(offer)}. {state.describe(offer)}.")
            shown = {str(a) for a in legal}
            for card in rng.sample(cards, min(8, len(cards))):
                for action in state.candidate_actions(card):
                    if str(action) not in shown:
                        try:
                            state.apply(action)
                        except IllegalMove as exc:
                            reading.text(f"{where}, {action} refused", exc.reason)
            state = state.apply(rng.choice(legal))
        result = state.result()
        reading.text(f"{where}, the result", " ".join((result.text, *result.breakdown)))
    assert_read_well(reading)
