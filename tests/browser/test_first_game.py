"""In Voilà: each game's guided first game is played to its end by clicking the moves the tutor suggests, and in one
game a different legal move is made once (the tutor says what it changes, the game goes on to its end).

Every game with a first-game file is played: a file added later is picked up without a change here."""

from __future__ import annotations

import json
import re
import time
from collections import Counter

import pytest

from tests.browser.clicking import MOVE_MS, said, wait_until_said
from tests.browser.test_notebooks_in_voila import LOAD_MS, open_notebook
from tutor.estimate import minutes, words
from tutor.games import WHERE, get_game
from tutor.guide import first_games, load_first_game

pytestmark = pytest.mark.browser

FIRST_GAMES = tuple(slug for slug in first_games() if slug in WHERE)  # the games whose notebooks Gwari ships
MOST_MOVES = 200  # far more of the learner's moves than any first game has (its estimate is five minutes)
NEWCOMER_MINUTES = 5  # a newcomer's first five minutes in a game reach the end of its first game


# The page's text as drawn: its innerText with the screen-reader-only parts set aside for the moment of reading.
SEEN_TEXT = """() => {
  const unseen = [...document.querySelectorAll('.gw-sr')];
  const kept = unseen.map((e) => e.style.display);
  unseen.forEach((e) => { e.style.display = 'none'; });
  const text = document.body.innerText;
  unseen.forEach((e, i) => { e.style.display = kept[i]; });
  return text;
}"""


class Stopwatch:
    """A newcomer's clock: every line of text the page shows is read once, when it first appears, at the estimate's
    200 words a minute (a line read before with only its numbers changed, as its numbers), and every move they make takes the estimate's seconds a move (``tutor.estimate``).  The
    time the browser and the server take is measured and printed beside it, not judged."""

    def __init__(self, page) -> None:
        self.page, self.seen, self.words, self.moves, self.began = page, Counter(), 0, 0, time.perf_counter()
        self.shapes: set[str] = set()
        self.lines: list[tuple[int, str]] = []  # every line read, with the words it cost, in the order read

    def read(self) -> None:
        """Read what is new on the page since the last look (a line shown twice as often as before is new).  What
        the page says only to a screen reader (``.gw-sr``: the live region, words that describe a button) is heard
        by those who use one, instead of what is drawn: the stopwatch reads the page as drawn."""
        now = Counter(line.strip() for line in self.page.evaluate(SEEN_TEXT).splitlines() if line.strip())
        for line, n in now.items():
            new = max(0, n - self.seen[line])
            if not new:
                continue
            shape = re.sub(r"\d+", "#", line)
            # A line read before with only its numbers changed ("7 cards in hand · 5 tricks") is read as its numbers.
            cost = new * (len(re.findall(r"\d+", line)) if shape in self.shapes else words(line))
            self.words += cost
            self.lines.append((cost, line))
            self.shapes.add(shape)
        self.seen |= now

    def move(self) -> None:
        self.moves += 1

    @property
    def minutes(self) -> float:
        return minutes(words=self.words, moves=self.moves)

    def say(self, slug: str) -> str:
        return (f"{slug}: a newcomer's {self.minutes:.1f} min ({self.words} words read, {self.moves} moves); "
                f"the browser and server took {time.perf_counter() - self.began:.0f} s")

    def costliest(self, most: int = 12) -> str:
        """The lines that took the most reading, one a line with their words: where a first game's time goes."""
        return "\n".join(f"{cost:4d}  {line}" for cost, line in sorted(self.lines, key=lambda c: -c[0])[:most])


def other_move_game() -> tuple[str, str] | None:
    """A game whose first learner step names another legal move (``other``), and that move: Burn's if it has one."""
    for slug in sorted(FIRST_GAMES, key=lambda s: s != "burn"):
        first = load_first_game(slug)
        step = first.steps[first.learner_steps[0]]
        if step.other:
            return slug, next(iter(step.other))
    return None


OTHER = other_move_game()


def open_first_game(page, url, slug):
    open_notebook(page, url, f"{slug}-first-game.ipynb")
    app = page.locator(".gwari:has(.gw-guide)").first
    app.wait_for(timeout=LOAD_MS)
    app.locator("[data-testid=suggestion]").wait_for(timeout=LOAD_MS)
    return app


def click_move(page, app, move: str, card: str = "") -> None:
    """Choose the move's card (shown chosen before anything else), press the move, and wait for the redraw that says
    what it did."""
    if card and app.locator("button.gw-cardbtn").count():
        chosen = app.locator(f'button.gw-cardbtn[data-value="{card}"][aria-pressed="true"]')
        if not chosen.count():
            app.locator(f'button.gw-cardbtn[data-value="{card}"]').click(timeout=MOVE_MS)
            chosen.wait_for(timeout=MOVE_MS)
    button = app.locator(f"button[data-gw=move][data-value={json.dumps(move)}]").first
    button.wait_for(timeout=MOVE_MS)
    before = said(app)
    button.click(timeout=MOVE_MS)
    wait_until_said(page, app, before)


def click_the_suggestion(page, app) -> None:
    suggestion = app.locator("[data-testid=suggestion]")
    move = suggestion.get_attribute("data-move")
    cards = suggestion.get_attribute("data-cards") or ""
    click_move(page, app, move, cards.split(",")[0])


def play_the_suggestions_to_the_end(page, app, stopwatch: Stopwatch | None = None) -> int:
    for moves in range(MOST_MOVES):
        if stopwatch:
            stopwatch.read()
        if app.locator("[data-testid=guide-end]").count():
            return moves
        click_the_suggestion(page, app)
        if stopwatch:
            stopwatch.move()
    raise AssertionError(f"the first game did not end within {MOST_MOVES} of the learner's moves")


def assert_the_end_offers_the_two_ways_on(app, slug):
    end = app.locator("[data-testid=guide-end]")
    assert end.locator(f'a[href="{slug}-play.ipynb"]').inner_text() == "Play a real game"
    assert end.locator(f'a[href="{slug}-lesson.ipynb"]').inner_text() == "Learn every rule"


@pytest.mark.parametrize("slug", FIRST_GAMES)
def test_the_first_game_is_played_to_its_end_by_clicking_the_suggested_moves(page, voila_url, slug):
    first = load_first_game(slug)
    app = open_first_game(page, voila_url, slug)
    stopwatch = Stopwatch(page)
    assert first.steps[first.learner_steps[0]].say in app.locator("[data-testid=suggestion]").inner_text()
    moves = play_the_suggestions_to_the_end(page, app, stopwatch)
    assert moves == len(first.learner_steps)
    print(stopwatch.say(slug))
    assert stopwatch.minutes <= NEWCOMER_MINUTES, stopwatch.say(slug) + ", the longest reads:\n" + stopwatch.costliest()
    assert " ".join(first.end.split()) in " ".join(app.locator("[data-testid=result]").inner_text().split())
    # The table stays as the game ended: no next deal is dealt beside "Your first game is over".
    drawn = app.evaluate("el => el.innerText")
    assert not re.search(r"^Deal [2-9]", drawn, re.MULTILINE), "a next deal is drawn at the end of the first game"
    assert_the_end_offers_the_two_ways_on(app, slug)
    assert page.problems == []


@pytest.mark.skipif(OTHER is None, reason="no first game names another move at its first step")
def test_a_different_legal_move_is_said_and_the_game_goes_on_to_its_end(page, voila_url):
    slug, move = OTHER
    first = load_first_game(slug)
    app = open_first_game(page, voila_url, slug)
    state = first.states()[first.learner_steps[0]]
    hand = state.view(first.seat).seats[first.seat].hand  # the move's card, as the learner's hand shows it
    used = state.cards_of(get_game(slug).parse_action(state, move))
    click_move(page, app, move, str(hand.index(used[0])) if used else "")
    changed = app.locator("[data-testid=changed]")
    assert " ".join(first.steps[first.learner_steps[0]].other[move].split()) in changed.inner_text()
    play_the_suggestions_to_the_end(page, app)
    result = " ".join(app.locator("[data-testid=result]").inner_text().split())
    assert result and result != " ".join(first.end.split()), "off the script, the result is the game's own"
    assert_the_end_offers_the_two_ways_on(app, slug)
    assert page.problems == []
