"""A game's lesson in a notebook: the overview, then the lesson one part at a time (``LessonWidgets.reader``): a
chapter's heading and time, each rule with its scenario on cards and its check, the chapter's end and the way on."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets

from tutor import classroom
from tutor.engine import IllegalMove
from tutor.lessons import (CHOICE_KINDS, Lesson, RuleEntry, Scenario, chapter_minutes, lesson_minutes, load_lesson,
                           whole_minutes)
from tutor.progress import StoreError
from tutor.widgets.base import GwariWidget, button, esc, heading, prose
from tutor.widgets.check import CheckWidget
from tutor.widgets.stepper import StepperWidget


class PanelWidget(GwariWidget):
    """Static HTML in Gwari's style."""

    def __init__(self, content: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.content = content
        self.refresh()

    def render(self) -> str:
        """The HTML as given."""
        return self.content


class LessonOverviewWidget(PanelWidget):
    """The lesson's summary and rule list, and who is learning (their checks are kept for the teacher)."""

    learner_purpose = "so your teacher sees the rules you have learnt"

    def __init__(self, content: str) -> None:
        super().__init__(content, asks_learner=True)

    def render(self) -> str:
        """The summary, then the learner's name line inside the same panel."""
        return self.content.removesuffix("</div>") + self.learner_html() + "</div>"


class LessonWidgets:
    """Builds the widgets of one game's lesson: ``LessonWidgets(slug).show(rule_id)`` shows one rule's panel."""

    def __init__(self, slug: str) -> None:
        self.lesson = load_lesson(slug)

    def overview(self) -> LessonOverviewWidget:
        """The summary, the lesson's time and its chapters (each with its time and sections), and who is learning
        (it follows the page's title, so its heading is second-level)."""
        lesson = self.lesson
        parts = [f'<div class="gw-panel">{heading(2, lesson.title)}{prose(lesson.summary)}'
                 f'<p data-testid="lesson-minutes">{len(lesson.chapters)} '
                 f'chapter{"" if len(lesson.chapters) == 1 else "s"}, {about(lesson_minutes(lesson))} '
                 'in all.</p><ol data-testid="chapters">']
        for n, chapter in enumerate(lesson.chapters, 1):
            sections = "; ".join(esc(section) for section in chapter.sections)
            parts.append(f"<li><strong>{esc(chapter.title)}</strong> · {about(chapter_minutes(lesson, n))} — "
                         f"{sections}</li>")
        parts.append("</ol></div>")
        return LessonOverviewWidget("".join(parts))

    def chapter(self, n: int) -> PanelWidget:
        """Chapter ``n``'s heading: "Chapter n · title · about M min" (M rounded up), and its sections."""
        return PanelWidget(f'<div class="gw-panel gw-chapter" data-testid="chapter">{self.chapter_head(n)}</div>')

    def chapter_head(self, n: int, *, focus: bool = False) -> str:
        """Chapter ``n``'s heading and sections as HTML (``focus``: the heading takes the keyboard focus when the
        learner opens the chapter)."""
        chapter = self.lesson.chapter(n)
        head = f"Chapter {n} · {chapter.title} · {about(chapter_minutes(self.lesson, n))}"
        sections = "; ".join(esc(section) for section in chapter.sections)
        checks = len(chapter.checks)
        count = (f"{len(chapter.rules)} rule{'' if len(chapter.rules) == 1 else 's'}"
                 + (f", {checks} check{'' if checks == 1 else 's'}" if checks else ""))
        title = f'<h2 tabindex="-1" data-gw-focus>{esc(head)}</h2>' if focus else heading(2, head)
        return f'{title}<p class="gw-small">{sections} ({count})</p>'

    def reader(self, start: int | str = 1) -> "ChapterReaderWidget":
        """The lesson one part at a time, from chapter ``start``: each chapter with its end and the way on, then the
        worked examples and the notes; the parts after the one shown are built only when opened."""
        return ChapterReaderWidget(self, start)

    def show(self, rule_id: str) -> ipywidgets.VBox:
        """One rule: its text, the scenario stepping through it on cards, refused tries, and the check."""
        return ipywidgets.VBox(self.parts(self.lesson.rule(rule_id)))

    def parts(self, rule: RuleEntry) -> list[Any]:
        """The widgets that teach one rule."""
        out: list[Any] = [PanelWidget(f'<div class="gw-panel" data-rule="{esc(rule.id)}">{heading(3, rule.title)}{prose(rule.text)}'
                                "</div>")]
        if rule.scenario is not None:
            intro = (f"Press Next ▶ to see “{rule.title}” happen." if rule.scenario.actions
                     else "This is the position the rule describes.")
            out += self._scenario_parts(rule.scenario, "See it happen", intro, rule.id)
        if rule.check is not None:
            check = rule.check
            if check.scenario is not None and check.kind in CHOICE_KINDS + ("order",):
                intro = "Press Next ▶ to see the play." if check.scenario.actions else "The position."
                out += self._scenario_parts(check.scenario, "The position", intro, "")
            out.append(CheckWidget(check, game=self.lesson.slug, on_answer=lambda answer, right, rid=rule.id, q=check.question:
                                   classroom.keep_check(self.lesson.slug, rid, q, answer, right)))
        return out

    def _scenario_parts(self, scenario: Scenario, title: str, intro: str, rule_id: str) -> list[Any]:
        """A scenario to step through, and the tries the rules refuse in its last position."""
        stepper = StepperWidget(scenario.record(), title=title, viewer=None, intro=intro, focus=rule_id)
        stepper.step = stepper.last if not scenario.actions else 0
        if rule_id:
            stepper.observe(lambda change, rid=rule_id: self._stepped(change, rid), names=["step"])
        out: list[Any] = [stepper]
        refusals = scenario.refusals()
        if refusals:
            last = scenario.states()[-1]
            from tutor.games import get_game

            game = get_game(self.lesson.slug)
            items = []
            for text, exc in zip(scenario.illegal, refusals, strict=True):
                try:
                    tried = last.describe(game.parse_action(last, text))
                except IllegalMove:  # a try the game cannot even read: show it as typed
                    tried = f"“{text}”"
                items.append(f"<li>{esc(tried)}? <strong>No:</strong> {esc(exc.reason)}</li>")
            out.append(PanelWidget(f'<div class="gw-panel gw-error"><strong>Tries the rules refuse</strong>'
                             f'<ul>{"".join(items)}</ul></div>'))
        return out

    def _stepped(self, change: Any, rule_id: str) -> None:
        """Stepping a rule's scenario to its end reaches the rule (kept for the teacher)."""
        stepper = change["owner"]
        if change["new"] == stepper.last:
            classroom.keep_rule_reached(self.lesson.slug, rule_id)

    def example(self, index: int = 0) -> ipywidgets.VBox:
        """A worked example from the lesson to step through."""
        example = self.lesson.examples[index]
        return ipywidgets.VBox([
            PanelWidget(f'<div class="gw-panel">{heading(3, example.title)}{prose(example.text)}</div>'),
            StepperWidget(example.scenario.record(), title=example.title),
        ])

    def notes(self) -> PanelWidget:
        """Where the lesson chose between readings of the rules, or corrected them."""
        items = "".join(f"{heading(3, n.title)}{prose(n.text)}" for n in self.lesson.notes)
        return PanelWidget(f'<div class="gw-panel">{items}</div>')


class LessonLinksWidget(GwariWidget):
    """A lesson page's own buttons, around the part it shows: the part's heading with the way back, or its end with
    the way on.  Pressing one opens that part (``ChapterReaderWidget.show_part``)."""

    accepts = ("open",)

    def __init__(self, draw: Callable[[], str], on_open: Callable[[str], None]) -> None:
        super().__init__()
        self.draw, self.open_part = draw, on_open
        self.refresh()

    def render(self) -> str:
        """The HTML the reader draws for this place."""
        return self.draw()

    def on_open(self, value: Any, _inputs: dict) -> None:
        """Open the part the button names."""
        self.open_part(str(value))

    def learner_changed(self, name: str) -> None:
        """Another learner's place in the lesson: drawn again while on the page."""
        if self.comm is not None:
            super().learner_changed(name)


class ChapterReaderWidget(ipywidgets.VBox):
    """A lesson one part at a time: a chapter's heading and minutes, its sections and rules (each as ``LessonWidgets``
    builds it: scenario, refused tries, check), then its end and the way on; the worked examples and the notes are
    the last parts.  A part is built the first time it is opened, and kept for a return to it."""

    def __init__(self, view: LessonWidgets, start: int | str = 1) -> None:
        super().__init__()
        self.lesson_view = view
        lesson = view.lesson
        self.names: dict[str, str] = {str(n): f"Chapter {n} · {chapter.title}"
                                      for n, chapter in enumerate(lesson.chapters, 1)}
        if lesson.examples:
            self.names["examples"] = f"The {worked(len(lesson.examples))}"
        if lesson.notes:
            self.names["notes"] = NOTES
        self.built: dict[str, list[Any]] = {}
        self.at = ""
        self.show_part(str(start), arrive=False)

    @property
    def part_keys(self) -> list[str]:
        """The parts in the lesson's order: "1", "2"… (the chapters), then "examples" and "notes" where it has them."""
        return list(self.names)

    def show_part(self, key: str, *, arrive: bool = True) -> None:
        """Show part ``key`` in place of the one shown (``arrive``: the page scrolls to its heading and the keyboard
        focus goes there, as when the learner asks for it).  Another key is refused naming the parts."""
        key = str(key)
        if key not in self.names:
            raise ValueError(f"lesson part: there is no part {key!r}; the parts are {', '.join(self.part_keys)}.")
        if key not in self.built:
            self.built[key] = self._body(key)
        old = [w for w in self.children if isinstance(w, LessonLinksWidget)]
        self.at = key
        head = LessonLinksWidget(lambda: self._head_html(key, arrive), self._go)
        classroom.listen(head)
        self.children = [head, *self.built[key], LessonLinksWidget(lambda: self._end_html(key), self._go)]
        for widget in old:
            widget.close()

    def _go(self, key: str) -> None:
        self.show_part(key, arrive=True)

    def _body(self, key: str) -> list[Any]:
        """The part's widgets: a chapter's sections and rules, the worked examples, or the notes."""
        view = self.lesson_view
        if key == "examples":
            return [view.example(i) for i in range(len(view.lesson.examples))]
        if key == "notes":
            return [view.notes()]
        out: list[Any] = []
        section = None
        for rule in view.lesson.chapter(int(key)).rules:
            if rule.section != section:
                section = rule.section
                out.append(PanelWidget(f'<div class="gw-section">{heading(3, section)}</div>'))
            out.append(ipywidgets.VBox(view.parts(rule)))
        return out

    def _head_html(self, key: str, arrive: bool) -> str:
        """The part's heading (a chapter's: its title, minutes and sections), where it is among the parts, the way
        back, and a learner's furthest chapter when they reached one beyond this."""
        keys = self.part_keys
        place = keys.index(key)
        if key.isdigit():
            inner = self.lesson_view.chapter_head(int(key), focus=True)
        else:
            inner = f'<h2 tabindex="-1" data-gw-focus>{esc(self.names[key])}</h2>'
        chapters = len(self.lesson_view.lesson.chapters)
        row = [f'<span class="gw-small">Chapter {key} of {chapters}</span>'] if key.isdigit() else []
        if place:
            back = keys[place - 1]
            row.append(button(f"‹ Back to {lowered(self.names[back])}", "open", back, key="back", muted=True))
        furthest = furthest_chapter(self.lesson_view.lesson)
        if key.isdigit() and furthest > int(key):
            title = self.lesson_view.lesson.chapter(furthest).title
            row.append(f'<span data-testid="furthest">You reached chapter {furthest} ({esc(title)}) before.</span>'
                       + button(f"Go on at chapter {furthest} ›", "open", furthest, key="furthest"))
        return (f'<div class="gw-panel gw-chapter" data-testid="chapter" data-part="{esc(key)}"'
                f'{" data-gw-arrive" if arrive else ""}>{inner}<div class="gw-row">{"".join(row)}</div></div>')

    def _end_html(self, key: str) -> str:
        """The end of the part, said plainly, the way on (the next part; a game to play) and the list of parts."""
        lesson, keys = self.lesson_view.lesson, self.part_keys
        slug = lesson.slug
        last = str(len(lesson.chapters))
        if key == "1":
            said = "End of chapter 1: you know enough to play a whole game."
        elif key == last:
            said = f"End of chapter {key}, the last: the lesson has no more rules."
        elif key.isdigit():
            said = f"End of chapter {key}: {lesson.chapter(int(key)).title}."
        elif key == "examples":
            said = f"End of the {worked(len(lesson.examples))}."
        else:
            said = "End of the lesson."
        way = []
        place = keys.index(key)
        if place + 1 < len(keys):
            after = keys[place + 1]
            label = (f"Next: chapter {after} · {lesson.chapter(int(after)).title} · "
                     f"{about(chapter_minutes(lesson, int(after)))} ›" if after.isdigit()
                     else f"Next: {lowered(self.names[after])} ›")
            way.append(button(label, "open", after, primary=True, key="next-part"))
        if key == "1":
            way.append(f'<a href="{esc(slug)}-first-game.ipynb" data-testid="first-game-link">Play your first game</a>')
        way.append(f'<a href="{esc(slug)}-play.ipynb" data-testid="play-link">Play a game</a>')
        items = "".join(f"<li>{button(label, 'open', k, key=f'part-{k}', group='parts', disabled=k == key)}"
                        + ('<span class="gw-small"> (you are here)</span>' if k == key else "") + "</li>"
                        for k, label in self.names.items())
        return (f'<div class="gw-panel gw-chapter-end" data-testid="chapter-end" data-part="{esc(key)}">'
                f'<p><strong>{esc(said)}</strong></p><div class="gw-row">{"".join(way)}</div>'
                f'<nav aria-label="The lesson, part by part"><p class="gw-small">Go to another part:</p>'
                f'<ol>{items}</ol></nav></div>')


NOTES = "Notes on where we chose, and what we corrected"


def worked(count: int) -> str:
    """"worked example" or "worked examples"."""
    return "worked example" if count == 1 else "worked examples"


def lowered(text: str) -> str:
    """A part's name inside a sentence: "the worked examples", "chapter 2 · The pit"."""
    return text[:1].lower() + text[1:]


def furthest_chapter(lesson: Lesson) -> int:
    """The furthest chapter holding a rule the named learner reached (0: no name, nothing reached, or no store)."""
    name = classroom.learner()
    progress = classroom.store() if name else None
    if progress is None:
        return 0
    try:
        reached = progress.reached(name).get(lesson.slug, set())
    except (StoreError, OSError, ValueError):
        return 0
    return max((lesson.chapter_of(rule) for rule in reached if rule in lesson.ids), default=0)


def about(minutes: float) -> str:
    """An estimate as the learner reads it: "about 7 min" (whole minutes, rounded up)."""
    return f"about {whole_minutes(minutes)} min"
