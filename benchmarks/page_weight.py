"""What each lesson and scoring page sends to the browser as widget state: run its notebook's code cells in this
process, then measure every widget's state as the widget manager receives it (JSON, bytes).  The "one copy per
widget" column is what the same page weighed when every Gwari widget carried the view's code and style itself.

Usage: python benchmarks/page_weight.py
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import ipywidgets
from ipywidgets.widgets.widget import _instances, _remove_buffers

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def weigh(notebook: Path) -> tuple[int, int, int]:
    """(widget models, bytes of their state, bytes had each Gwari widget carried its own code and style)."""
    from tutor.widgets.base import GwariCode, GwariWidget, shared_code

    ipywidgets.Widget.close_all()
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    scope: dict = {"display": lambda *a, **k: None}
    with contextlib.redirect_stdout(io.StringIO()):  # what the cells print is not the page's widget state
        for cell in cells:
            if cell["cell_type"] == "code":
                exec("".join(cell["source"]), scope)  # noqa: S102 - the project's own notebooks
    code = shared_code()
    copy = len(json.dumps(code.esm)) + len(json.dumps(code.css))
    total = copies = models = 0
    for widget in list(_instances.values()):
        state, _, _ = _remove_buffers(widget.get_state())
        size = len(json.dumps(state))
        models += 1
        total += size
        if isinstance(widget, GwariCode):
            continue
        copies += size + (copy if isinstance(widget, GwariWidget) else 0)
    return models, total, copies


def main() -> None:
    print("| notebook | widget models | widget state (kB) | one copy of the code per widget (kB) |")
    print("|---|---:|---:|---:|")
    for notebook in sorted((ROOT / "notebooks").glob("*-lesson.ipynb")) + sorted((ROOT / "notebooks").glob("*-scoring.ipynb")):
        models, total, copies = weigh(notebook)
        print(f"| {notebook.name} | {models} | {total / 1000:,.0f} | {copies / 1000:,.0f} |")


if __name__ == "__main__":
    main()
