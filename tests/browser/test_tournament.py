"""A class tournament in the browser, served by Voilà: the teacher starts a league of Pymtheg for eight learners
(four teams of two) on the teacher's page; each learner, in their own browser, finds their table in the Classmates
lobby and sits down; the teacher starts the round; the learners leave mid-round (bots play their seats to the end
of the round, and the standings say so); between rounds every learner's lobby shows the standings; after the
second round the teacher's page shows the champions and every hand, and its standings are the rule book's league
(``tutor.tournament.league``) on the finished tables' own results."""

from __future__ import annotations

import time

import pytest

from tests.browser.conftest import record_problems
from tests.browser.test_classmates import AT_TABLE, WAIT_MS, has, learner_pages
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook
from tests.test_class_tournament import sittings_of
from tutor import tournament as rules
from tutor.progress import Progress
from tutor.tables import Table
from tutor.tables import tournament_play as play
from tutor.tables.store import SQLiteTables

pytestmark = pytest.mark.browser

KEY = "tournament-key-for-tests"
NAMES = ("Jenna", "Kenwyn", "Loveday", "Merryn", "Nessa", "Pasco", "Rosenwyn", "Sowena")
ROUND_MS = 150_000  # a round's tables played out by bots once every learner has left (a cap: seconds alone, more
# when the whole suite shares the machine)


def teachers_page(browser, voila_url):
    """The teacher's page, opened with the class key."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    record_problems(page)
    open_notebook(page, voila_url, "teacher.ipynb")
    view = page.locator(".gwari:has(input[data-key=key])").first
    view.wait_for(timeout=LOAD_MS)
    view.locator("input[data-key=key]").fill(KEY)
    view.locator("button[data-gw=key]").click()
    page.locator("[data-testid=tournament]").wait_for(timeout=WAIT_MS)
    return page


def sit_down(pages: dict) -> None:
    """Each learner opens the Classmates lobby, reads their table in this round and joins it."""
    for name, (_page, app) in pages.items():
        if not has(app, "[data-testid=lobby]"):
            app.locator("[data-key=classmates]").click()
        code = app.locator("[data-testid=your-tournament-table] .gw-code").inner_text(timeout=WAIT_MS)
        app.locator(f"[data-key=join-{code}]").click(timeout=WAIT_MS)
        app.locator("[data-testid=waiting]").wait_for(timeout=WAIT_MS)
        assert name in app.locator("[data-testid=seats]").inner_text()


def start_and_leave(teacher, pages: dict) -> None:
    """The teacher starts the round; each learner, at their table, leaves it mid-round."""
    teacher.locator("[data-key=tourneybegin]").click()
    for _name, (_page, app) in pages.items():
        app.locator(AT_TABLE).wait_for(timeout=WAIT_MS)
        app.locator("[data-key=leavetable]").click()
        app.locator("[data-key=leavetable]").wait_for(state="detached", timeout=WAIT_MS)  # back to the bots here


def round_ends(section, what: str, store) -> None:
    """Wait for ``what`` to show in the teacher's Tournament section; if it never does, say where each table of the
    tournament stands (its status, moves, whose turn, who is away), so that the failure tells why."""
    try:
        section.locator(what).wait_for(timeout=ROUND_MS)
    except Exception:
        meta = play.latest(store, "pymtheg")
        where = []
        for r, codes in enumerate(meta["rounds"]):
            for code in codes:
                table = Table(store, code)
                turn = None if table.state is None or table.state.is_over else table.state.current_player
                where.append(f"round {r + 1} {code}: {table.status}, {table.version} entries, turn {turn}, "
                             f"bots {sorted(table.meta['bots'])}, away {sorted(table.away)}, "
                             f"result {meta['results'].get(code)}")
        raise AssertionError(f"{what} did not show within {ROUND_MS // 1000} s:\n" + "\n".join(where)) from None


def test_a_league_of_four_teams_of_two_is_played_through_two_rounds(browser, voila_url, class_store):
    began = time.perf_counter()
    progress = Progress(class_store)
    # The served class is shared with the other browser tests: for this test its list is these eight learners alone
    # (the others' records are taken out, and put back after).
    others, kept = [n for n in progress.learners() if n not in NAMES], progress.export_json()
    for name in others:
        progress.delete(name)
    for name in NAMES:
        progress.reach(name, "pymtheg", "pymtheg.deal")
    key_file = class_store.parent / "class-key"
    key_file.write_text(KEY + "\n")
    store = SQLiteTables(class_store.with_name("tables.sqlite3"))  # where the served kernels keep the tables
    teacher = pages = None
    try:
        teacher = teachers_page(browser, voila_url)
        section = teacher.locator("[data-testid=tournament]")
        section.locator("[data-key=tourneygame]").select_option("pymtheg")
        section.locator("[data-key=tourneyteams]").select_option("order")
        section.locator("[data-key=tourneyaway]").fill("1")
        section.locator("[data-key=tourneystart]").click()
        section.locator("[data-testid=tournament-tables] li").nth(1).wait_for(timeout=WAIT_MS)
        meta = play.latest(store, "pymtheg")
        learners = [n for team in meta["teams"] for n in team if n is not None]
        assert set(NAMES) <= set(learners) and len(meta["rounds"][0]) == len(meta["teams"]) // 2
        pages = learner_pages(browser, voila_url, NAMES, "pymtheg-play.ipynb")

        # Round 1: everyone sits down, the teacher starts it, everyone leaves; bots play on to the round's end.
        sit_down(pages)
        start_and_leave(teacher, pages)
        round_ends(section, "[data-key=tourneyround]", store)
        # Between rounds, every learner's lobby shows the standings.
        for name, (page, app) in pages.items():
            app.locator("[data-key=classmates]").click()
            page.wait_for_function("el => el.querySelector('[data-testid=tournament-round]')?.textContent"
                                   ".includes('Round 1 of')", arg=app.element_handle(), timeout=WAIT_MS)
            assert "left during the round" in app.locator("[data-testid=standings]").inner_text()

        # Round 2, opened when the teacher says.
        section.locator("[data-key=tourneyround]").click()
        view = teacher.locator(".gwari:has([data-testid=tournament])").first  # redrawn inside, never replaced
        teacher.wait_for_function("el => el.querySelector('[data-testid=tournament-round]')?.textContent"
                                  ".includes('Round 2 of')", arg=view.element_handle(), timeout=WAIT_MS)
        sit_down(pages)
        start_and_leave(teacher, pages)
        round_ends(section, "[data-testid=champions]", store)

        # The teacher's standings are the rule book's league on the finished tables' own results.
        meta = play.latest(store, "pymtheg")
        league = rules.league(sittings_of(store, meta))
        rows = section.locator("[data-testid=standings] tbody tr")
        shown = {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").all_inner_texts()
                 for i in range(rows.count())}
        assert {name: int(cells[-2]) for name, cells in shown.items()} == \
            {play.team_name(meta, t): p for t, p in league.points.items()}
        assert [rows.nth(i).locator("th").inner_text() for i in range(rows.count())] == \
            [play.team_name(meta, t) for t in league.order]
        champions = section.locator("[data-testid=champions]").inner_text()
        assert all(play.team_name(meta, t) in champions for t in league.champions)
        assert section.locator("[data-testid=every-hand] tbody tr").count() == 2 + 2 * len(meta["teams"])
        notes = " ".join(cells[-1] for cells in shown.values())
        assert "round 2: Jenna and Kenwyn left during the round" in notes
        for name, (page, _app) in pages.items():
            assert page.problems == [], (name, page.problems)
        assert teacher.problems == []
        print(f"two rounds for eight learners in {time.perf_counter() - began:.0f} s")
    finally:
        key_file.unlink(missing_ok=True)
        progress.import_json(kept)  # the other tests' learners back on the list
        for page, _app in (pages or {}).values():
            page.context.close()
        if teacher is not None:
            teacher.context.close()
