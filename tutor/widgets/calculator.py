"""The scoring pages' calculators and tables.

A calculator (``CalculatorWidget``) has a text box for each number it needs (``Number``: its words, its bounds and why
they are its bounds) and, optionally, menus of its own.  What a learner types is read as it is: a box that holds
no whole number, or one out of its bounds, or numbers that cannot go together (``check``), is refused in words
naming the box, and nothing is counted until it is right; the box keeps what was typed, never silently changed
to something else.

A score table (``score_table``) is an HTML table with a caption, column headings and row headings; on a narrow
screen each row becomes a small card of its cells, each cell with its column's heading, so a table fits a phone
without scrolling sideways.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import ipywidgets

from tutor.widgets.base import esc

WIDE = {"description_width": "initial"}  # the whole label shown beside its box
_WHOLE = re.compile(r"[+\-−]?[0-9]{1,9}")


@dataclass(frozen=True)
class Number:
    """A number a calculator asks for: its words, its first value, its bounds and, for the upper one, why."""

    name: str
    label: str
    value: int
    low: int
    high: int
    why_high: str = ""  # "a pack has 15 Fire cards"

    def read(self, text: Any, label: str = "") -> int:
        """The whole number typed, or a ``ValueError`` naming the box (``label``, else its own words) and saying
        what would do."""
        label = label or self.label
        typed = str(text).strip()
        wanted = f"type a whole number from {self.low} to {self.high}"
        if not typed:
            raise ValueError(f"{label}: the box is empty; {wanted}.")
        if not _WHOLE.fullmatch(typed):
            shown = typed if len(typed) <= 20 else typed[:17] + "…"
            raise ValueError(f"{label}: “{shown}” is not a whole number; {wanted}.")
        number = int(typed.replace("−", "-"))
        if number < self.low:
            raise ValueError(f"{label}: {signed_text(number)} is less than {self.low}; {wanted}.")
        if number > self.high:
            why = f" ({self.why_high})" if self.why_high else ""
            raise ValueError(f"{label}: {number} is more than {self.high}{why}; {wanted}.")
        return number


def signed_text(number: int) -> str:
    """A number as a learner reads it, with a true minus sign."""
    return f"−{-number}" if number < 0 else str(number)


class CalculatorWidget(ipywidgets.VBox):
    """Boxes for ``numbers``, the ``choices`` given (menus, toggles), and the result of ``result(values)`` (HTML).

    ``check(values)`` returns a refusal in words when the numbers cannot go together ("" when they can);
    ``before(calculator, values)`` may change the boxes' words or hide one as the choices change (it is given the
    choices' values only).  ``values`` maps each box's and each choice's name to its value.
    """

    def __init__(self, numbers: Sequence[Number], result: Callable[[dict[str, Any]], str], *,
                 choices: Mapping[str, ipywidgets.Widget] | None = None,
                 check: Callable[[dict[str, Any]], str] | None = None,
                 before: Callable[["CalculatorWidget", dict[str, Any]], None] | None = None) -> None:
        self.numbers = {number.name: number for number in numbers}
        self.boxes = {number.name: ipywidgets.Text(value=str(number.value), description=number.label, style=WIDE,
                                                   placeholder=f"{number.low} to {number.high}",
                                                   continuous_update=True)
                      for number in numbers}
        self.choices = dict(choices or {})
        self.result, self.check, self.before = result, check, before
        self.out = ipywidgets.HTML()
        super().__init__([*self.choices.values(), *self.boxes.values(), self.out])
        for control in (*self.choices.values(), *self.boxes.values()):
            control.observe(self.refresh, "value")
        self.refresh()

    def shown(self, name: str) -> bool:
        """Whether the box ``name`` is on show (``before`` may hide one the choices do not use)."""
        return self.boxes[name].layout.display != "none"

    def show(self, name: str, on: bool) -> None:
        """Show or hide the box ``name``."""
        self.boxes[name].layout.display = None if on else "none"

    def refresh(self, _change: Any = None) -> None:
        """Read every box; show the result, or what is wrong in words (and count nothing)."""
        values: dict[str, Any] = {name: control.value for name, control in self.choices.items()}
        if self.before is not None:
            self.before(self, dict(values))
        wrong = []
        for name, number in self.numbers.items():
            if not self.shown(name):
                continue
            try:
                values[name] = number.read(self.boxes[name].value, self.boxes[name].description)
            except ValueError as exc:
                wrong.append(str(exc))
        if not wrong and self.check is not None:
            problem = self.check(values)
            if problem:
                wrong.append(problem)
        if wrong:
            self.out.value = ('<div class="gw-error" role="alert" style="color: #b00020"><strong>Not counted:'
                              "</strong> " + "<br>".join(esc(line) for line in wrong) + "</div>")
            return
        self.out.value = self.result(values)


TABLE_STYLE = """<style>
.gw-scoretable-wrap { max-width: 100%; }
table.gw-scoretable { border-collapse: collapse; margin: 4px 0 12px 0; font-size: 14px; }
table.gw-scoretable caption { text-align: left; font-weight: bold; padding: 4px 0; }
table.gw-scoretable th, table.gw-scoretable td { padding: 4px 8px; border-bottom: 1px solid #d5dbe5;
  text-align: right; vertical-align: top; }
table.gw-scoretable th[scope="row"], table.gw-scoretable .gw-text, table.gw-scoretable thead th:first-child {
  text-align: left; }
table.gw-scoretable thead th { border-bottom: 2px solid #8a94a6; }
@media (max-width: 520px) {
  table.gw-scoretable thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.gw-scoretable, table.gw-scoretable tbody, table.gw-scoretable tr,
  table.gw-scoretable th, table.gw-scoretable td { display: block; width: auto; text-align: left; }
  table.gw-scoretable caption { display: block; width: auto; }
  table.gw-scoretable tr { border-bottom: 1px solid #8a94a6; padding: 4px 0; }
  table.gw-scoretable td, table.gw-scoretable th[scope="row"] { border: 0; padding: 2px 4px; }
  table.gw-scoretable td::before { content: attr(data-label) ": "; font-weight: bold; }
}
</style>"""


def score_table(caption: str, columns: Sequence[str], rows: Sequence[Sequence[Any]], *,
                text_columns: Sequence[int] = ()) -> str:
    """An HTML table: ``columns`` are the headings (the first is the row headings' own), each row starts with its
    heading.  Numbers are right-aligned; the columns in ``text_columns`` (by index) are left-aligned as text."""
    if not columns or any(len(row) != len(columns) for row in rows):
        raise ValueError(f"Every row needs {len(columns)} cells, one per column.")
    text = ' class="gw-text"'
    head = "".join(f'<th scope="col"{text if i in text_columns else ""}>{esc(column)}</th>'
                   for i, column in enumerate(columns))
    body = []
    for row in rows:
        cells = [f'<th scope="row">{esc(row[0])}</th>']
        for i, (column, cell) in enumerate(zip(columns[1:], row[1:]), 1):
            cells.append(f'<td data-label="{esc(column)}"{text if i in text_columns else ""}>{esc(cell)}</td>')
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f'{TABLE_STYLE}<div class="gw-scoretable-wrap"><table class="gw-scoretable"><caption>{esc(caption)}'
            f'</caption><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def show_table(caption: str, columns: Sequence[str], rows: Sequence[Sequence[Any]], **kwargs: Any) -> None:
    """Display ``score_table(...)`` in the notebook."""
    from IPython.display import HTML, display

    display(HTML(score_table(caption, columns, rows, **kwargs)))
