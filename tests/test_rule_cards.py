"""Rules met when they happen: the first time a rule fires in a learner's own game, a rule card (its lesson title
and first sentence, the rest behind *more*) shows beside the table, once per learner (kept in the class's records,
or per page without a name); a Rules panel lists the rules met in this game.  Learner words only."""

import html
import re

from tutor import classroom
from tutor.lessons import load_lesson
from tutor.widgets import PlayWidget
from tutor.widgets.play_panels import PLAY_RULES
from tutor.widgets.play_panels import first_sentence

LESSON = load_lesson("burn")


def cards_of(app):
    return re.findall(r'data-testid="rule-card" data-rule="([^"]+)"', app.html)


def visible_text(page):
    """What a learner reads: the page without its tags and attributes."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def first_legal(app):
    return str(app.state.legal_actions()[0])


def test_the_first_rule_met_shows_its_title_and_first_sentence_and_more_shows_the_rest():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    assert cards_of(app) == ["burn.deal"], "the deal is the first rule met"
    rule = LESSON.rule("burn.deal")
    first = first_sentence(rule.text)
    rest = " ".join(rule.text.replace("*", "").split())[len(first):].strip()[:20]
    assert rest, "the lesson's rule has more than one sentence"
    card = app.html.split('data-testid="rule-card"')[1].split("</section>")[0]
    assert html.escape(rule.title) in card and html.escape(first) in card
    assert rest not in " ".join(visible_text(card).split()), "the rest of the text waits behind more"
    assert app.handle("rulemore", "burn.deal")
    card = app.html.split('data-testid="rule-card"')[1].split("</section>")[0]
    assert rest in " ".join(visible_text(card).split()) and ">less<" in card
    assert not app.handle("rulemore", "burn.no-such-rule") and not app.handle("rulemore", "burn.water")


def test_rule_ids_stay_out_of_what_a_learner_reads():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    app.handle("move", first_legal(app))
    app.handle("rules", "show")
    shown = visible_text(app.html.split('data-testid="panels"')[1])
    assert app.panels.met and not any(rule in shown for rule in app.panels.met)


def test_cards_show_rules_new_since_the_learners_last_move_and_never_twice():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    app.handle("move", first_legal(app))
    first = cards_of(app)
    assert "burn.deal" not in first and "burn.lead" in first and "burn.follow" in first
    assert f"New rule: {LESSON.rule('burn.follow').title}." in app.said_aloud, "said to a screen reader too"
    seen = set(first) | {"burn.deal"}
    for _ in range(12):
        app.handle("move", first_legal(app))
        now = cards_of(app)
        assert not seen & set(now), "a rule met before shows no card again"
        seen |= set(now)
    assert set(app.panels.met) == seen and len(app.panels.met) == len(set(app.panels.met))


def test_the_rules_panel_lists_the_rules_met_in_this_game():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    app.handle("move", first_legal(app))
    panel = app.html.split('data-testid="rules"')[1].split("</section>")[0]
    assert f"Rules met in this game ({len(app.panels.met)})" in panel and "<li" not in panel
    assert app.handle("rules", "show")
    panel = app.html.split('data-testid="rules"')[1].split("</section>")[0]
    assert [m for m in re.findall(r'data-rule="([^"]+)"', panel)] == app.panels.met
    assert all(html.escape(LESSON.rule(rule).title) in panel for rule in app.panels.met)
    assert not app.handle("rules", "maybe")
    app.new_game(4, 5)
    assert app.panels.met == ["burn.deal"], "a new game starts a new list"


def test_without_a_name_the_cards_are_remembered_for_the_page():
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    assert cards_of(app) == ["burn.deal"]
    app.new_game(4, 7)
    assert cards_of(app) == [] and app.panels.met == ["burn.deal"]
    assert cards_of(PlayWidget("burn", players=4, seed=3, step_bots=False)) == ["burn.deal"], "another page"


def test_a_named_learner_meets_each_rule_once_across_pages_kept_in_their_records():
    classroom.set_learner("Tamsin")
    app = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    assert cards_of(app) == ["burn.deal"]
    app.handle("move", first_legal(app))
    met = set(app.panels.met)
    kept = classroom.store().reached("Tamsin")[PLAY_RULES.format(slug="burn")]
    assert kept == met
    again = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    assert cards_of(again) == [] and again.panels.met == ["burn.deal"]
    again.handle("move", first_legal(again))
    assert not set(cards_of(again)) & met
    classroom.set_learner("Pol")
    other = PlayWidget("burn", players=4, seed=3, level="random", step_bots=False)
    assert cards_of(other) == ["burn.deal"], "another learner meets it for the first time"


def test_first_sentence():
    assert first_sentence("Play **any** card. Then wait.") == "Play any card."
    assert first_sentence("No full stop") == "No full stop"
    assert first_sentence("") == ""
