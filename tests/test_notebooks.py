"""The notebooks are stored clean: no outputs except the cells nbval checks, and no saved widget state (a page
draws its widgets from its own kernel; a stale copy of their state and code would only weigh the file)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_stores_only_the_outputs_nbval_checks_and_no_widget_state(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    stored = [i for i, cell in enumerate(notebook["cells"]) if cell["cell_type"] == "code" and cell.get("outputs")
              and "NBVAL_CHECK_OUTPUT" not in "".join(cell["source"])]
    assert stored == [], f"cells with stored outputs: {stored}"
    assert "widgets" not in notebook.get("metadata", {}), "saved widget state in the notebook's metadata"


def test_there_are_notebooks_to_check():
    assert len(NOTEBOOKS) >= 20
