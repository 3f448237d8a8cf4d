"""The play table at a learner's pace, driven as the browser drives it (``handle(kind, value, inputs)``): the bots'
moves one at a time on the browser's ticks, a deal's summary until *Next deal*, the last trick to look at again,
windows that wait for the learner unless they play against the clock, penalties by their seat, and Undo back past
the bots' answers."""

import html
import re

import pytest

from tutor.narration import second_person
from tutor.widgets import PlayWidget
from tutor.inputs import OFFER_WAIT_MS
from tutor.widgets.play_pace import BOT_STEP_MS, default_pace


def first_legal(app):
    return str(app.state.legal_actions()[0])


def play_until(app, done, most=3000):
    """The learner makes the first legal move whenever it is their turn (ticking the bots on otherwise) until
    ``done(app)``."""
    for _ in range(most):
        if done(app):
            return app
        if app.state.current_player == 0 and not app.pace.stepping:
            assert app.handle("move", first_legal(app)), app.last_error
        else:
            assert app.handle("tick")
    raise AssertionError("never reached")


def text_of(page):
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


# ---------------------------------------------------------------- the pace and its settings


def test_the_learners_pace_is_the_default_and_quick_is_for_tests(monkeypatch):
    monkeypatch.delenv("GWARI_PACE")
    assert default_pace() == (True, False, True)
    app = PlayWidget("burn", players=4, seed=3)
    assert app.pace.step_bots and not app.pace.clock and app.pace.pause_deals
    assert 'data-gw="stepbots" data-key="stepbots" checked' in app.html
    monkeypatch.setenv("GWARI_PACE", "quick")
    assert default_pace() == (False, True, False)
    monkeypatch.setenv("GWARI_PACE", "fast")
    with pytest.raises(ValueError, match="GWARI_PACE"):
        default_pace()


def test_each_bot_move_is_one_tick_of_the_browsers_clock():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=True)
    assert app.state.current_player == 0 and not app.playing, "the learner leads: nothing to wait for"
    assert app.handle("move", first_legal(app))
    assert len(app.record.actions) == 1, "the bots have not answered yet: the learner's card is on show"
    assert app.pace.stepping and app.playing and app.interval == BOT_STEP_MS
    count = 1
    while app.state.current_player != 0:
        assert app.handle("tick")
        count += 1
        assert len(app.record.actions) == count, "one bot's move a tick"
    assert count >= 4 and not app.pace.stepping and not app.playing


def test_turning_the_steps_off_lets_the_table_catch_up_and_bad_values_are_refused():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=True)
    app.handle("move", first_legal(app))
    assert app.pace.stepping
    assert not app.handle("stepbots", "maybe") and app.pace.step_bots and app.pace.stepping
    assert app.handle("stepbots", "false")
    assert not app.pace.step_bots and not app.pace.stepping and app.state.current_player == 0 and len(app.record.actions) >= 4
    with pytest.raises(ValueError, match="clock"):
        PlayWidget("burn", players=4, seed=3, clock="often")


def test_a_tick_with_nothing_to_do_changes_nothing():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=True)
    before = app.state
    assert app.handle("tick") and app.state is before and not app.playing


# ---------------------------------------------------------------- a deal's summary


def test_a_deal_stops_on_its_summary_until_next_deal():
    app = play_until(PlayWidget("burn", players=4, seed=3, level="random", step_bots=False, pause_deals=True),
                     lambda a: a.panels.summary is not None)
    summary, view = app.panels.summary, app.state.view(0)
    assert summary.number == 1 and not summary.over
    assert summary.scores.rows == view.scores.rows[-1:] and summary.scores.totals == view.scores.totals
    ended = app.state.events
    assert summary.lines[0] == ended[1].text and "deals the whole pack" not in " ".join(summary.lines), \
        "what was said as the deal ended, after the move itself, up to the next deal"
    page = app.html
    shown = page.split('data-testid="deal-summary"')[1].split("</section>")[0]
    told = html.escape(second_person(summary.lines[-1], app.reader))  # the learner's seat is "you"
    assert "Deal 1 is over" in shown and told in shown and 'data-gw="nextdeal"' in shown
    assert "Deal 1" in shown and "<tfoot>" in shown, "the deal's row and the totals"
    assert "Deal 1 is over" in app.said_aloud and "Next deal" in app.said_aloud
    actions = len(app.record.actions)
    assert app.record.actions[-1] and app.state.events is ended, "no bot has moved since"
    if app.state.current_player == 0:  # the learner may not play into the next deal before reading it
        assert app.handle("move", first_legal(app))
        assert len(app.record.actions) == actions and "Next deal" in app.notice
    assert app.handle("nextdeal")
    assert app.panels.summary is None and 'data-testid="deal-summary"' not in app.html
    assert len(app.record.actions) > actions or app.state.current_player == 0
    assert not app.handle("nextdeal"), "no summary, no next deal"


@pytest.mark.parametrize(("slug", "players", "options"), [
    ("pig", 13, {}), ("pig", 3, {}), ("gnav", 4, {}), ("chwech", 4, {}), ("cassino", 2, {}), ("pymtheg", 4, {}),
    ("carts-tity", 3, {"scoring": True}), ("burn", 3, {})])
def test_every_game_of_several_deals_stops_on_each_deals_summary(slug, players, options):
    """Every game that deals more than once stops on its summary, those without a score table too (Pig's letters,
    Gnav's counters): the engine's view counts the deals finished."""
    app = play_until(PlayWidget(slug, players=players, seed=5, level="strong", step_bots=False, pause_deals=True,
                             **options), lambda a: a.panels.summary is not None or a.state.is_over, most=20_000)
    view = app.state.view(0)
    assert app.panels.summary is not None, f"{slug}: no deal's summary before the game ended"
    assert app.panels.summary.number == max(view.deals, len(view.scores.rows) if view.scores else 0) >= 1
    assert app.panels.summary.lines, "the summary says how the deal went"
    shown = app.html.split('data-testid="deal-summary"')[1].split("</section>")[0]
    assert f"Deal {app.panels.summary.number} is over" in shown
    if not app.panels.summary.over:
        assert 'data-gw="nextdeal"' in shown and app.pace.deal_waits
        assert ("<tfoot>" in shown) == (view.scores is not None), "a score table where the game keeps one"
        assert app.handle("nextdeal") and app.panels.summary is None


def test_at_the_engines_speed_a_deals_summary_shows_without_stopping_play():
    app = play_until(PlayWidget("burn", players=4, seed=3, level="random", step_bots=False, pause_deals=False),
                     lambda a: a.panels.summary is not None)
    assert 'data-testid="deal-summary"' in app.html and 'data-gw="nextdeal"' not in app.html
    assert app.state.current_player == 0, "the bots went on into the next deal"
    assert not app.handle("nextdeal")
    assert app.handle("move", first_legal(app)) and app.panels.summary is None


def test_the_last_deal_of_a_match_is_summed_up_without_a_next_deal():
    app = play_until(PlayWidget("cassino", seed=2, level="random", step_bots=False, pause_deals=True, game="deal"),
                     lambda a: a.state.is_over)
    assert app.panels.summary is not None and app.panels.summary.over
    assert 'data-testid="deal-summary"' in app.html and 'data-gw="nextdeal"' not in app.html
    assert not app.handle("nextdeal")


# ---------------------------------------------------------------- the last trick


def test_the_last_trick_stays_until_the_next_lead_and_can_be_looked_at_again():
    app = PlayWidget("chwech", players=4, seed=2, level="random", step_bots=True)
    assert not app.handle("lasttrick", "show"), "no trick taken yet"
    # Chwech clears a trick from the table as it is taken: the panel shows it until the next is led.
    play_until(app, lambda a: a.panels.last_trick is not None and not (a.state.view(0).trick and a.state.view(0).trick.plays))
    trick, words = app.panels.last_trick
    panel = app.html.split('data-testid="last-trick"')[1].split("</section>")[0]
    assert "Last trick" in panel and html.escape(words) in panel and words
    assert all(html.escape(card.english) in app.html for _seat, card in trick.plays)
    play_until(app, lambda a: a.state.view(0).trick is not None and a.state.view(0).trick.plays
               and a.panels.last_trick[0] == trick)
    panel = app.html.split('data-testid="last-trick"')[1].split("</section>")[0]
    assert "<svg" not in panel and ">Last trick<" in panel, "folded once the next trick is led"
    assert app.handle("lasttrick", "show")
    panel = app.html.split('data-testid="last-trick"')[1].split("</section>")[0]
    assert "<svg" in panel and "Hide the last trick" in panel
    assert not app.handle("lasttrick", "sideways")
    assert app.handle("lasttrick", "hide") and not app.panels.trick_open


def test_a_trick_the_table_still_shows_is_not_drawn_twice():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    for _ in range(4):
        app.handle("move", first_legal(app))
    view = app.state.view(0)
    if view.trick is not None and view.trick.winner is not None:
        assert app.panels.last_trick[0] == view.trick and 'data-testid="last-trick"' not in app.html
    else:
        assert app.panels.last_trick is not None and 'data-testid="last-trick"' in app.html


# ---------------------------------------------------------------- windows that wait for the learner


def _may_double(**pace):
    for seed in range(100):
        app = PlayWidget("pymtheg", seed=seed, level="strong", step_bots=False, **pace)
        for _ in range(30):
            if app.pace.holding or app.pace.waiting or app.state.is_over or app.state.current_player != 0:
                break
            moves = app.state.legal_actions()
            app.handle("move", str(next((m for m in moves if str(m) == "pass"), moves[0])))
        if app.pace.holding or app.pace.waiting:
            return app
    raise AssertionError("no deal let the learner double")


def test_a_chance_to_double_waits_for_the_learner_until_play_on():
    app = _may_double(clock=False)
    assert app.pace.holding and not app.pace.waiting and not app.playing, "no clock runs"
    assert 'data-gw="clock"' in app.html, "the clock setting shows once a move out of turn has been offered"
    assert 'data-gw="clock"' not in PlayWidget("pymtheg", seed=0, step_bots=False, clock=False).html
    assert 'data-value="double 0"' in app.html and 'data-testid="table-holds"' in app.html
    actions = len(app.record.actions)
    assert app.handle("tick") and len(app.record.actions) == actions, "a stray tick does not end the wait"
    assert app.handle("goon")
    assert len(app.record.actions) > actions and not app.pace.holding and app.state.offers(0) == []
    assert not app.handle("goon"), "nothing waits now"


def test_on_the_clock_the_chance_to_double_runs_out():
    app = _may_double(clock=False)
    assert app.handle("clock", "true")
    assert app.pace.waiting and not app.pace.holding and app.playing and app.interval == OFFER_WAIT_MS
    actions = len(app.record.actions)
    assert app.handle("tick") and len(app.record.actions) > actions


def test_off_the_clock_a_race_waits_for_each_choice():
    app = PlayWidget("pig", seed=1, step_bots=False, clock=False)
    for _ in range(3000):
        if app.race_phase() or app.state.is_over:
            break
        moves = app.state.legal_actions()
        nose = [m for m in moves if str(m) == "nose"]
        app.handle("move", str(nose[0] if nose else moves[0]))
    assert app.race_phase()
    page = app.html
    assert not app.playing and 'data-testid="clock"' not in page
    assert 'data-value="wait"' in page and 'data-value="nose"' in page, "keep looking, or touch your nose"
    before = app.state
    assert app.handle("tick") and app.state is before
    assert app.handle("clock", "true") and app.playing and app.interval == app.state.rules.tick_ms
    assert app.handle("tick") and app.state is not before, "on the clock, the race goes on by itself"


# ---------------------------------------------------------------- penalties and undo


def test_a_penalty_is_shown_by_its_seat_with_the_reason_until_the_learners_next_move():
    app = PlayWidget("carts-tity", players=3, seed=0, level="random", step_bots=False)
    play_until(app, lambda a: a.panels.seat_notes, most=400)
    seat, note = next(iter(app.panels.seat_notes.items()))
    assert note.cards >= 5 and "Last card" in note.reason
    box = re.search(rf'<div class="gw-seat[^"]*" data-seat="{seat}">.*?</div></div>', app.html).group(0)
    told = html.escape(second_person(note.reason, app.reader))  # the learner's seat is "you"
    assert 'data-testid="seat-note"' in box and told in box and f"+{note.cards} cards" in box
    app.handle("move", first_legal(app))
    assert 'data-testid="seat-note"' not in app.html or app.panels.seat_notes


def test_undo_goes_back_past_the_bots_answers():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    start = app.state
    assert app.handle("move", first_legal(app))
    assert len(app.record.actions) >= 4, "the three bots answered, showing their cards"
    assert app.can_undo and app.handle("undo")
    assert app.state == start and app.record.actions == ()


def test_undo_while_the_bots_step_stops_their_steps():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=True)
    start = app.state
    app.handle("move", first_legal(app))
    app.handle("tick")
    assert app.pace.stepping and app.handle("undo")
    assert app.state == start and not app.pace.stepping and not app.playing
