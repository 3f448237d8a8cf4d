"""A game's lesson in a notebook: the overview, each chapter's heading and time, each rule with its scenario on
cards and its check."""

from __future__ import annotations

from typing import Any

import ipywidgets

from tutor import classroom
from tutor.engine import IllegalMove
from tutor.lessons import (CHOICE_KINDS, RuleEntry, Scenario, chapter_minutes, lesson_minutes, load_lesson,
                           whole_minutes)
from tutor.widgets.base import GwariWidget, esc, heading, prose
from tutor.widgets.check import CheckWidget
from tutor.widgets.stepper import Stepper


class Panel(GwariWidget):
    """Static HTML in Gwari's style."""

    def __init__(self, content: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.content = content
        self.refresh()

    def render(self) -> str:
        """The HTML as given."""
        return self.content


class LessonOverview(Panel):
    """The lesson's summary and rule list, and who is learning (their checks are kept for the teacher)."""

    learner_purpose = "so your teacher sees the rules you have learnt"

    def __init__(self, content: str) -> None:
        super().__init__(content, asks_learner=True)

    def render(self) -> str:
        """The summary, then the learner's name line inside the same panel."""
        return self.content.removesuffix("</div>") + self.learner_html() + "</div>"


class LessonView:
    """Builds the widgets of one game's lesson: ``LessonView(slug).show(rule_id)`` shows one rule's panel."""

    def __init__(self, slug: str) -> None:
        self.lesson = load_lesson(slug)

    def overview(self) -> LessonOverview:
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
        return LessonOverview("".join(parts))

    def chapter(self, n: int) -> Panel:
        """Chapter ``n``'s heading: "Chapter n · title · about M min" (M rounded up), and its sections."""
        chapter = self.lesson.chapter(n)
        head = f"Chapter {n} · {chapter.title} · {about(chapter_minutes(self.lesson, n))}"
        sections = "; ".join(esc(section) for section in chapter.sections)
        checks = len(chapter.checks)
        count = (f"{len(chapter.rules)} rule{'' if len(chapter.rules) == 1 else 's'}"
                 + (f", {checks} check{'' if checks == 1 else 's'}" if checks else ""))
        return Panel(f'<div class="gw-panel gw-chapter" data-testid="chapter">{heading(2, head)}'
                     f'<p class="gw-small">{sections} ({count})</p></div>')

    def show(self, rule_id: str) -> ipywidgets.VBox:
        """One rule: its text, the scenario stepping through it on cards, refused tries, and the check."""
        return ipywidgets.VBox(self.parts(self.lesson.rule(rule_id)))

    def parts(self, rule: RuleEntry) -> list[Any]:
        """The widgets that teach one rule."""
        out: list[Any] = [Panel(f'<div class="gw-panel" data-rule="{esc(rule.id)}">{heading(3, rule.title)}{prose(rule.text)}'
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
        stepper = Stepper(scenario.record(), title=title, viewer=None, intro=intro, focus=rule_id)
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
            out.append(Panel(f'<div class="gw-panel gw-error"><strong>Tries the rules refuse</strong>'
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
            Panel(f'<div class="gw-panel">{heading(3, example.title)}{prose(example.text)}</div>'),
            Stepper(example.scenario.record(), title=example.title),
        ])

    def notes(self) -> Panel:
        """Where the lesson chose between readings of the rules, or corrected them."""
        items = "".join(f"{heading(3, n.title)}{prose(n.text)}" for n in self.lesson.notes)
        return Panel(f'<div class="gw-panel">{items}</div>')


def about(minutes: float) -> str:
    """An estimate as the learner reads it: "about 7 min" (whole minutes, rounded up)."""
    return f"about {whole_minutes(minutes)} min"
