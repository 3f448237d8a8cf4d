"""Printable rule sheets: every rule of every game by its title, the cards drawn, text escaped, a page per game.

The sheets are plain HTML from ``tutor.rulesheet``; the widget ``RuleSheetsWidget`` is
driven as the browser drives it (``handle(kind, value)``).  The last tests print
the sheets in Debian's Chromium and count the A4 pages.
"""

from __future__ import annotations

import html
import re

import pytest

from tutor.games import GAMES
from tutor.lessons import load_lesson
from tutor.rulesheet import PAGES, PRINT_CSS, count_cards, rule_sheet, rule_sheets, scenario_view, shorten
from tutor.widgets.sheets import RuleSheetsWidget

CARD = '<g class="gw-card"'  # every card the renderer draws is one of these, inside an <svg role="img">


def visible_text(markup: str) -> str:
    """What a reader sees: no tags, attributes, styles or tooltips."""
    markup = re.sub(r"<(style|script|title)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"</?(strong|em|b|i)>", "", markup)  # inline emphasis: no gap where it starts or ends
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def rule_blocks(sheet: str) -> list[str]:
    """Each rule's part of a sheet, in order."""
    return sheet.split('<div class="gw-sheet-rule"')[1:]


def articles(markup: str) -> list[str]:
    """The opening tag of each sheet."""
    return re.findall(r"<article\b[^>]*>", markup)


# ---------------------------------------------------------------- what a sheet holds


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_sheet_names_every_rule_by_its_title_and_draws_the_cards(slug):
    lesson = load_lesson(slug)
    sheet = rule_sheet(slug)
    assert html.escape(lesson.title) in sheet
    blocks = rule_blocks(sheet)
    assert len(blocks) == len(lesson.rules)
    drawn_titles = set()
    for rule, block in zip(lesson.rules, blocks, strict=True):
        assert block.startswith(f' data-rule="{html.escape(rule.id)}"'), "rules come in the lesson's order"
        assert f"<strong>{html.escape(rule.title)}" in block, rule.id
        if rule.scenario is None:
            assert CARD not in block
            continue
        if '<div class="gw-sheet-cards">' in block:
            if count_cards(scenario_view(rule)):
                assert CARD in block and '<svg xmlns="http://www.w3.org/2000/svg"' in block, rule.id
            else:  # a position with no card at all (the lesson's end of a game): its empty seats
                assert CARD not in block and "gw-seat" in block, rule.id
            drawn_titles.add(rule.title)
        else:  # the same cards were drawn for an earlier rule, which the sheet names
            same = re.search(r"Cards as for “(.+?)”\.", visible_text(block))
            assert same and same.group(1) in drawn_titles, rule.id
    assert sheet.count(CARD) >= 1 and drawn_titles
    for section in lesson.sections:
        assert f"<h3>{html.escape(section)}</h3>" in sheet


@pytest.mark.parametrize("slug", list(GAMES))
def test_rule_ids_are_only_tooltips(slug):
    lesson = load_lesson(slug)
    sheet = rule_sheet(slug)
    text = visible_text(sheet)
    for rule in lesson.rules:
        assert not re.search(rf"(?<![\w.-]){re.escape(rule.id)}(?![\w-])", text), rule.id
        assert f'data-rule="{html.escape(rule.id)}"' in sheet


def test_every_sheet_is_drawn_small_and_cut_only_when_it_must_be():
    for slug in GAMES:
        sheet = rule_sheet(slug)
        widths = {int(w) for w in re.findall(r'<svg xmlns="[^"]+" width="(\d+)"[^>]*aria-label="[^"]*hand',
                                             sheet)}
        assert widths, slug
        lesson = load_lesson(slug)
        cut = sum("…" in visible_text(b) and "…" not in r.text for r, b in zip(lesson.rules, rule_blocks(sheet)))
        assert ("Some rules are shortened here" in sheet) == (cut > 0), slug
    # A game with few rules keeps every text whole.
    pig = rule_sheet("pig")
    assert "Some rules are shortened" not in pig
    for rule in load_lesson("pig").rules:
        assert " ".join(visible_text(html.escape(rule.text).replace("**", "").replace("*", "")).split()) in \
            visible_text(pig), rule.id


def test_shortening_keeps_whole_sentences_then_whole_words():
    text = "The first sentence is here. The second one is **longer than** the first. A third."
    assert shorten(text, None) == text
    assert shorten(text, 500) == text
    assert shorten(text, 40) == "The first sentence is here. …"
    assert shorten(text, 75) == "The first sentence is here. The second one is **longer than** the first. …"
    cut = shorten("One **very long sentence** without any stop at all in it", 20)
    assert cut.endswith(" …") and len(cut) <= 22 and cut.count("**") % 2 == 0


@pytest.fixture
def lessons_dir(tmp_path, monkeypatch):
    """A lessons folder of our own (``GWARI_LESSONS``), read afresh."""
    monkeypatch.setenv("GWARI_LESSONS", str(tmp_path))
    load_lesson.cache_clear()
    yield tmp_path
    load_lesson.cache_clear()


def test_all_text_is_escaped(lessons_dir):
    (lessons_dir / "pig.toml").write_text('''
slug = "pig"
title = "Pig <b>bold</b> & \\"friends\\""
summary = "A summary with <script>alert(1)</script> in it."

[[rule]]
id = "pig.deal"
section = "Setting <i>up</i>"
title = "Deal <b>four</b> each"
text = "Text with <img src=x onerror=alert(1)> and **bold** & *leaning* words."
scenario.players = 3
scenario.seed = 1

[[rule]]
id = "pig.win"
section = "Setting <i>up</i>"
title = "A title with \\"quotes\\" & <u>tags</u>"
text = "No scenario here."
''', encoding="utf-8")
    sheet = rule_sheet("pig")
    for raw in ("<b>", "<script", "<img", "<i>", "<u>"):
        assert raw not in sheet
    assert "Pig &lt;b&gt;bold&lt;/b&gt; &amp; &quot;friends&quot;" in sheet
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in sheet
    assert "<strong>Deal &lt;b&gt;four&lt;/b&gt; each.</strong>" in sheet
    assert "&lt;img src=x onerror=alert(1)&gt; and <strong>bold</strong> &amp; <em>leaning</em>" in sheet
    assert "<h3>Setting &lt;i&gt;up&lt;/i&gt;</h3>" in sheet
    assert "&quot;quotes&quot; &amp; &lt;u&gt;tags&lt;/u&gt;" in sheet
    assert CARD in sheet
    widget = RuleSheetsWidget("pig")
    assert "<b>" not in widget.html and "&lt;b&gt;four&lt;/b&gt;" in widget.html


# ---------------------------------------------------------------- several sheets, and printing


def test_each_sheet_after_the_first_starts_a_new_page():
    tags = articles(rule_sheets(["pig", "burn", "gnav"]))
    assert [re.search(r'data-game="([^"]+)"', t).group(1) for t in tags] == ["pig", "burn", "gnav"]
    assert "gw-sheet-next" not in tags[0]
    assert all('class="gw-sheet gw-sheet-next"' in t for t in tags[1:])
    every = articles(rule_sheets())
    assert len(every) == len(GAMES) and sum("gw-sheet-next" in t for t in every) == len(GAMES) - 1
    css = PRINT_CSS.replace(" ", "")
    assert ".gw-sheet-next{break-before:page" in css
    assert "@page{size:A4;margin:12mm}" in css
    assert re.search(r"\.gw-sheet-rule\{break-inside:avoid", css)
    assert "body:has(.gw-sheets)*{visibility:hidden}" in css
    assert "body:has(.gw-sheets).gw-sheets,body:has(.gw-sheets).gw-sheets*{visibility:visible}" in css
    assert re.search(r"\.gw-noprint[^{]*\{display:none", css)


@pytest.mark.parametrize("bad", ["xyz", "", "Burn", None, 3, "burn "])
def test_unknown_games_are_refused(bad):
    with pytest.raises(ValueError, match=r"rule sheet: no game .*; games are: gwra-pyskessa, .*burn"):
        rule_sheet(bad)
    with pytest.raises(ValueError, match="no game"):
        rule_sheets(["pig", bad])


def test_the_message_names_the_game():
    with pytest.raises(ValueError) as caught:
        rule_sheet("xyz")
    assert str(caught.value).startswith("rule sheet: no game 'xyz'; games are: ")
    assert all(slug in str(caught.value) for slug in GAMES)
    with pytest.raises(ValueError):
        rule_sheets("burn")  # one name, not a list


# ---------------------------------------------------------------- the widget


def test_the_widget_shows_the_chosen_sheet_and_how_to_print_it():
    widget = RuleSheetsWidget()
    first = next(iter(GAMES))
    page = widget.html
    assert f"<style>{PRINT_CSS}</style>" in page
    chooser = re.search(r'<div class="gw-panel gw-noprint">.*?</div></div>', page, flags=re.S).group(0)
    select = re.search(r'<select id="([^"]+)" data-gw="game"[^>]*>(.*?)</select>', chooser, flags=re.S)
    assert select and f'<label for="{select.group(1)}">' in chooser
    values = re.findall(r'<option value="([^"]+)"', select.group(2))
    assert values == [*GAMES, "all"]
    assert "Every game" in select.group(2) and f'<option value="{first}" selected>' in select.group(2)
    assert "Ctrl+P" in visible_text(page)
    assert [re.search(r'data-game="([^"]+)"', t).group(1) for t in articles(page)] == [first]
    assert '<div class="gw-sheets">' in page and page.index("gw-noprint") < page.index('<div class="gw-sheets">')

    assert widget.handle("game", "burn") is True
    assert [re.search(r'data-game="([^"]+)"', t).group(1) for t in articles(widget.html)] == ["burn"]
    assert '<option value="burn" selected>' in widget.html
    assert rule_sheet("burn") in widget.html

    assert widget.handle("game", "all") is True
    assert len(articles(widget.html)) == len(GAMES)


@pytest.mark.parametrize("kind, value", [
    ("game", "nope"), ("game", ""), ("game", None), ("game", ["burn"]), ("game", "<b>burn</b>"), ("game", 1),
    ("print", "burn"), (None, "burn"), ("render", None),
])
def test_a_forged_choice_changes_nothing(kind, value):
    widget = RuleSheetsWidget("pig")
    before = widget.html
    assert widget.handle(kind, value) is False
    assert widget.html == before and widget.game == "pig"


def test_the_widget_refuses_an_unknown_game_at_the_start():
    with pytest.raises(ValueError, match="no game 'nope'"):
        RuleSheetsWidget("nope")


# ---------------------------------------------------------------- printed in Chromium


@pytest.fixture(scope="module")
def chromium(browser):
    """The test worker's Debian Chromium (tests/conftest.py)."""
    return browser


def printed_pages(browser, body: str, *, shell: bool = True) -> tuple[int, dict]:
    """Print a page holding ``body`` to A4, laid out as Voilà and JupyterLab lay out a widget's output.

    There, the output sits in panels of the screen's height that clip and scroll what they hold
    (``position: absolute``, ``overflow: hidden``, ``contain: strict``), below other cells.
    ``shell=False`` prints ``body`` alone on a plain page instead.  Returns the number of pages and
    what printing hides and shows.
    """
    from tutor.render import TABLE_CSS

    page = browser.new_page(viewport={"width": 1000, "height": 800})
    panel = "position:absolute;inset:0;overflow:hidden;contain:strict"
    if shell:
        body = (f'<div style="{panel}"><div style="{panel};overflow:auto"><main><h1>Gwari</h1>'
                f'<p id="other">Not part of any sheet.</p><div class="gwari" style="position:relative;overflow:hidden">'
                f"{body}</div><p>A cell below.</p></main></div></div>")
    else:
        body = f'<p id="other">Not part of any sheet.</p>{body}'
    try:
        page.set_content(f'<!doctype html><html lang="en"><head><meta charset="utf-8"><style>{TABLE_CSS}</style>'
                         f"</head><body>{body}</body></html>")
        page.emulate_media(media="print")
        pdf = page.pdf(prefer_css_page_size=True)
        shown = page.evaluate("""() => ({
            other: getComputedStyle(document.querySelector('#other')).visibility,
            noprint: [...document.querySelectorAll('.gw-noprint')].map(e => getComputedStyle(e).display),
            sheet: getComputedStyle(document.querySelector('.gw-sheet-rule')).visibility,
            text: getComputedStyle(document.querySelector('.gw-sheet')).color,
        })""")
    finally:
        page.close()
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)), shown


@pytest.mark.browser
def test_every_game_prints_on_at_most_four_a4_pages_and_each_game_starts_a_new_page(chromium):
    pages = {}
    for slug in GAMES:
        count, shown = printed_pages(chromium, RuleSheetsWidget(slug).html)
        assert 1 <= count <= PAGES, f"{slug} prints on {count} pages"
        if slug == "pymtheg":  # the longest sheet: the page around it must not cut it short
            alone, _ = printed_pages(chromium, f"<style>{PRINT_CSS}</style>{rule_sheets([slug])}", shell=False)
            assert count == alone, f"{slug}: the page around the sheet cuts it short"
        assert shown["other"] == "hidden" and shown["sheet"] == "visible" and shown["noprint"] == ["none"]
        assert shown["text"] == "rgb(0, 0, 0)"
        pages[slug] = count
    together, shown = printed_pages(chromium, f"<style>{PRINT_CSS}</style>{rule_sheets()}")
    assert shown["other"] == "hidden"
    assert together == sum(pages.values()), "each game starts on a new page"
