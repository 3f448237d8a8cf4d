"""The scoring pages' calculators refuse bad input in words and count nothing; their tables are HTML tables."""

import html
import re

import ipywidgets
import pytest

from tutor.widgets.calculator import CalculatorWidget, Number, score_table

FIRE = Number("fire", "Fire taken", 5, 0, 15, "a pack has 15 Fire cards")


@pytest.mark.parametrize("typed, words", [
    ("abc", "Fire taken: “abc” is not a whole number; type a whole number from 0 to 15."),
    ("5x", "Fire taken: “5x” is not a whole number"),
    ("2.5", "Fire taken: “2.5” is not a whole number"),
    ("", "Fire taken: the box is empty; type a whole number from 0 to 15."),
    ("-3", "Fire taken: −3 is less than 0; type a whole number from 0 to 15."),
    ("−3", "Fire taken: −3 is less than 0"),
    ("99", "Fire taken: 99 is more than 15 (a pack has 15 Fire cards); type a whole number from 0 to 15."),
])
def test_a_number_that_cannot_be_is_refused_in_words(typed, words):
    with pytest.raises(ValueError) as info:
        FIRE.read(typed)
    assert str(info.value).startswith(words)


def test_a_good_number_is_read_as_typed():
    assert FIRE.read(" 7 ") == 7 and FIRE.read("0") == 0 and FIRE.read("15") == 15
    with pytest.raises(ValueError, match="^Bidder's tricks: "):
        FIRE.read("x", "Bidder's tricks")


def make():
    seen = []

    def result(values):
        seen.append(values)
        return f"<b>Score: {values['fire'] - values['water']}</b>"

    def check(values):
        return "Water taken: too many beside the Fire." if values["fire"] + values["water"] > 20 else ""

    calc = CalculatorWidget([FIRE, Number("water", "Water taken", 6, 0, 15)], result, check=check)
    return calc, seen


def test_the_calculator_counts_good_input_and_refuses_bad_without_changing_the_box():
    calc, seen = make()
    assert calc.out.value == "<b>Score: -1</b>" and seen[-1] == {"fire": 5, "water": 6}
    calc.boxes["fire"].value = "abc"
    assert "Not counted:" in calc.out.value and "Fire taken: “abc” is not a whole number" in calc.out.value
    assert calc.boxes["fire"].value == "abc" and len(seen) == 1  # nothing counted, nothing changed
    calc.boxes["fire"].value = "99"
    assert "99 is more than 15" in calc.out.value and len(seen) == 1
    calc.boxes["fire"].value = "15"
    calc.boxes["water"].value = "12"
    assert "Water taken: too many beside the Fire." in html.unescape(calc.out.value) and len(seen) == 1
    calc.boxes["water"].value = "3"
    assert calc.out.value == "<b>Score: 12</b>"


def test_a_hidden_box_is_not_read_and_before_sets_the_boxes_words():
    def before(calc, choices):
        calc.boxes["fire"].description = "Bidder's tricks" if choices["kind"] == "ry" else "Side's tricks"
        calc.show("water", choices["kind"] == "ry")

    kind = ipywidgets.Dropdown(options=["gam", "ry"], value="gam")
    calc = CalculatorWidget([FIRE, Number("water", "Partner's tricks", 0, 0, 15)],
                      lambda values: ",".join(sorted(values)), choices={"kind": kind}, before=before)
    assert calc.out.value == "fire,kind" and not calc.shown("water")
    calc.boxes["water"].value = "oops"
    assert calc.out.value == "fire,kind"  # hidden: not read
    kind.value = "ry"
    assert "Partner's tricks: “oops”" in html.unescape(calc.out.value)
    calc.boxes["fire"].value = "x"
    assert "Bidder's tricks: “x”" in html.unescape(calc.out.value)


def test_a_score_table_is_an_html_table_that_becomes_cards_on_a_phone():
    table = score_table("Pits", ["Table", "Pit", "How"], [["4 players", 30, "take <it> off"], ["6", 40, "x"]],
                        text_columns=[2])
    assert "<caption>Pits</caption>" in table and table.count('<th scope="col"') == 3
    assert table.count('<th scope="row">') == 2 and '<td data-label="Pit">30</td>' in table
    assert '<td data-label="How" class="gw-text">take &lt;it&gt; off</td>' in table
    assert re.search(r"@media \(max-width: \d+px\)", table) and "content: attr(data-label)" in table
    assert "<pre" not in table and "font-family: monospace" not in table
    with pytest.raises(ValueError, match="Every row needs 3 cells"):
        score_table("Pits", ["Table", "Pit", "How"], [["4 players", 30]])


def test_the_scoring_pages_use_these_calculators_and_tables():
    from pathlib import Path
    import json

    for path in sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*-scoring.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(cell["source"]) for cell in cells)
        assert "BoundedIntText" not in text and "IntSlider" not in text, path.name  # they change what is typed
        assert "Move the sliders" not in text and "pandas" not in text, path.name
        assert "print(f\"{'':" not in text, path.name  # a table of spaces
        last_lines = ["".join(cell["source"]).rstrip().splitlines()[-1] for cell in cells
                      if cell["cell_type"] == "code" and cell["source"]]
        assert "rows" not in last_lines, path.name  # a raw Python list shown
