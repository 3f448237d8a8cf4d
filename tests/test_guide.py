"""The guided first games: the files are checked field by field and replay, and the widget follows the script,
refuses what the rules refuse, lets a different legal move take the game off the script, and ends with the result
and the two ways on."""

from __future__ import annotations

import copy
import dataclasses
import html
import re
import tomllib

import pytest

from tutor.bots import make_bot
from tutor.engine import IllegalMove
from tutor.games import WHERE, get_game
from tutor.guide import (FirstGameError, _deal_mark, first_games, first_games_dir, first_sentence, guide_minutes,
                         load_first_game, parse_first_game)
from tutor.lesson_figures import rule_words
from tutor.lessons import load_lesson
from tutor.narration import in_tutor_voice
from tutor.widgets import FirstGameWidget
from tutor.widgets.guide import OTHER_MOVE

SOURCE = "first-games/burn.toml"


def burn_data() -> dict:
    return tomllib.loads((first_games_dir() / "burn.toml").read_text(encoding="utf-8"))


def refused(data: dict) -> str:
    with pytest.raises(FirstGameError) as caught:
        parse_first_game(data, source=SOURCE)
    return str(caught.value)


# ---------------------------------------------------------------- the loader


def test_the_burn_file_as_shipped_loads():
    first = parse_first_game(burn_data(), source=SOURCE)
    assert first.slug == "burn" and first.steps[0].learner and first.steps[0].say


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("title"), ["'title'"]),
    (lambda d: d.update(title="  "), ["'title'"]),
    (lambda d: d.pop("intro"), ["'intro'"]),
    (lambda d: d.update(end=3), ["'end'"]),
    (lambda d: d.update(players="3"), ["'players'", "whole number"]),
    (lambda d: d.update(players=9), ["'players'", "3 to 6"]),
    (lambda d: d.update(seat=3), ["'seat'", "0 to 2"]),
    (lambda d: d.update(seat=True), ["'seat'"]),
    (lambda d: d.update(slug="whist"), ["'slug'", "whist"]),
    (lambda d: d.update(names=["Jory", "Tamsin"]), ["'names'", "3"]),
    (lambda d: d.update(options={"wild": True}), ["'options'", "wild"]),
    (lambda d: d.update(options=[1]), ["'options'"]),
    (lambda d: d.update(seed=4), ["'deal'", "'seed'"]),
    (lambda d: d.pop("deal"), ["'deal'", "'seed'"]),
    (lambda d: d.update(deal={"hands": [["F1"], ["F2"]]}), ["'deal'"]),
    (lambda d: d.update(tips="x"), ["'tips'"]),
    (lambda d: d.update(step=[]), ["[[step]]"]),
    (lambda d: d["step"][2].update(colour="red"), ["step 3", "'colour'"]),
    (lambda d: d["step"][0].pop("move"), ["step 1", "'move'"]),
    (lambda d: d["step"][0].pop("say"), ["step 1", "'say'"]),
    (lambda d: d["step"][1].update(say=4), ["step 2", "'say'"]),
    (lambda d: d["step"][0].update(other={"play F99": "x"}), ["step 1", "'other'", "play F99"]),
    (lambda d: d["step"][0].update(other={"play E9": "x"}), ["step 1", "'other'", "own move"]),
    (lambda d: d["step"][0].update(other={"play F4": ""}), ["step 1", "'other'", "play F4"]),
    (lambda d: d["step"][0].update(other="play F4"), ["step 1", "'other'"]),
    (lambda d: d["step"][1].update(other={"play E13": "x"}), ["step 2", "'other'", "learner"]),
    (lambda d: d["step"].pop(), ["step 23", "end the deal"]),
], ids=lambda v: v if isinstance(v, str) else None)
def test_a_bad_field_is_refused_naming_the_file_the_step_and_the_field(change, words):
    data = burn_data()
    change(data)
    message = refused(data)
    assert message.startswith(SOURCE)
    for word in words:
        assert word in message, message


def test_an_illegal_step_is_refused_with_the_rules_own_reason():
    data = burn_data()
    data["step"][1]["move"] = "play F5"  # Tamsin holds Earth 13: she must follow the Earth led
    first = parse_first_game(burn_data(), source=SOURCE)
    state = first.states()[1]
    game = get_game("burn")
    with pytest.raises(IllegalMove) as rules:
        state.apply(game.parse_action(state, "play F5"))
    message = refused(data)
    assert message.startswith(f"{SOURCE} step 2 'move'") and rules.value.reason in message


def test_a_step_after_the_game_is_over_is_refused():
    data = {"slug": "gnav", "title": "t", "players": 2, "seat": 0, "seed": 1, "intro": "i", "end": "e", "step": []}
    game = get_game("gnav")
    state = game.start(players=2, seed=1)
    while not state.is_over:
        action = state.legal_actions()[0]
        data["step"].append({"move": str(action), "say": "s" if state.current_player == 0 else ""})
        state = state.apply(action)
    parse_first_game(copy.deepcopy(data), source="first-games/gnav.toml")
    data["step"].append({"move": data["step"][-1]["move"]})
    message = refused(data)
    assert f"step {len(data['step'])} 'move'" in message and "over" in message


def test_a_rule_the_game_cites_must_be_taught_in_the_lesson(monkeypatch):
    lesson = load_lesson("burn")
    cut = dataclasses.replace(lesson, rules=tuple(r for r in lesson.rules if r.id != "burn.discard"))
    monkeypatch.setattr("tutor.guide.load_lesson", lambda slug: cut)
    message = refused(burn_data())
    assert "burn.discard" in message and re.search(r"step \d+", message)


def test_the_file_must_name_its_own_game(tmp_path, monkeypatch):
    (tmp_path / "first-games").mkdir()
    (tmp_path / "first-games" / "burn.toml").write_text(
        (first_games_dir() / "burn.toml").read_text(encoding="utf-8").replace('slug = "burn"', 'slug = "gnav"'),
        encoding="utf-8")
    (tmp_path / "first-games" / "pig.toml").write_text("slug = [", encoding="utf-8")
    monkeypatch.setenv("GWARI_LESSONS", str(tmp_path))
    load_first_game.cache_clear()
    try:
        assert tuple(slug for slug in first_games() if slug in WHERE) == ("pig", "burn")  # Gwari's, from here
        with pytest.raises(FirstGameError, match="first-games/burn.toml"):
            load_first_game("burn")
        with pytest.raises(FirstGameError, match="first-games/pig.toml"):
            load_first_game("pig")
        with pytest.raises(FirstGameError, match="No first game for 'chwech'"):
            load_first_game("chwech")
    finally:
        load_first_game.cache_clear()


def test_the_estimate_counts_what_the_learner_reads_and_does():
    from tutor.estimate import minutes, words

    first = load_first_game("burn")
    lesson = load_lesson("burn")
    texts = [first.intro, first.end] + [step.say for step in first.steps] + [step.play_out for step in first.steps]
    texts += [why for step in first.steps for why in step.other.values()]
    for rule_id in first.cited_rules():
        texts += [lesson.rule(rule_id).title, first_sentence(lesson.rule(rule_id).text)]
    bots_saying = sum(1 for step in first.steps[:first.played_out_from] if not step.learner and step.say)
    assert first.minutes() == pytest.approx(
        minutes(words=words(*texts), moves=len(first.learner_steps), steps=bots_saying))
    assert first_sentence("Play a card. Then another.") == "Play a card."
    assert first_sentence("Deal 12 each, e.g. five players.") == "Deal 12 each, e.g. five players."


# ---------------------------------------------------------------- every shipped first game


@pytest.mark.parametrize("slug", first_games())
def test_each_shipped_first_game_replays_to_the_end_of_its_deal_within_five_minutes(slug):
    first = load_first_game(slug)
    states = first.states()
    assert len(states) == len(first.steps) + 1
    assert states[-1].is_over or _deal_mark(states[-1]) != _deal_mark(states[-2])
    assert all(step.say for step in first.steps[:first.played_out_from] if step.learner)
    lesson = load_lesson(slug)
    assert set(first.cited_rules()) <= set(lesson.ids)
    assert guide_minutes(slug) == first.minutes() <= 5, f"{slug}: {first.minutes():.1f} minutes"


def test_burn_has_a_first_game():
    assert "burn" in first_games()


# ---------------------------------------------------------------- the widget


def click(app: FirstGameWidget, move: str) -> None:
    """Choose the move's card (when it uses one) and press the move, as the browser does."""
    action = app.game.parse_action(app.state, move)
    hand = app.state.view(app.seat).seats[app.seat].hand
    used = app.state.cards_of(action)
    if used and app.selected != hand.index(used[0]):  # the tutor has the suggested card chosen already
        assert app.handle("card", hand.index(used[0]))
    assert app.handle("move", move)


def shown_suggestion(app: FirstGameWidget) -> tuple[str, str]:
    found = re.search(r'data-testid="suggestion" data-move="([^"]*)" data-cards="[^"]*"[^>]*>(.*?)</p>', app.html)
    assert found, "no suggestion shown"
    return html.unescape(found.group(1)), html.unescape(found.group(2))


def test_the_widget_follows_the_script_to_the_end_and_offers_the_two_ways_on():
    first = load_first_game("burn")
    app = FirstGameWidget("burn")
    for i in first.learner_steps:
        step = first.steps[i]
        assert app.state.current_player == first.seat and app.on_script
        move, say = shown_suggestion(app)
        assert say == step.say
        click(app, move)
        assert app.error is None
    assert app.finished and app.on_script
    assert list(app.record.actions) == [str(get_game("burn").parse_action(s, step.move))
                                        for s, step in zip(first.states(), first.steps)]
    assert app.state == first.states()[-1]
    page = app.html
    assert 'data-testid="guide-end"' in page and html.escape(first.end.split()[0]) in page
    assert 'href="burn-play.ipynb"' in page and "Play a real game" in page
    assert 'href="burn-lesson.ipynb"' in page and "Learn every rule" in page
    assert not app.handle("move", "play F4")  # nothing more to play


def test_bot_steps_that_say_something_are_shown():
    first = load_first_game("carts-tity")
    app = FirstGameWidget("carts-tity")
    said = next(i for i, step in enumerate(first.steps) if not step.learner and step.say)
    for _ in [i for i in first.learner_steps if i < said]:
        assert first.steps[said].say not in html.unescape(app.html)
        click(app, shown_suggestion(app)[0])
    assert first.steps[said].say in html.unescape(app.html)


def test_an_illegal_move_is_refused_with_the_rules_reason_and_the_rule_and_changes_nothing():
    app = FirstGameWidget("burn")
    click(app, shown_suggestion(app)[0])  # lead the Earth 9; Tamsin then leads Wind
    before = (app.state, app.record, app.step)
    try:
        app.state.apply(app.game.parse_action(app.state, "play F4"))
    except IllegalMove as exc:
        reason, rule = exc.reason, exc.rule
    else:
        raise AssertionError("Fire 4 should be refused: Jory holds Wind")
    assert app.handle("move", "play F4")
    assert (app.state, app.record, app.step) == before and app.on_script
    page = html.unescape(app.html)
    assert 'data-testid="refused"' in page and reason in page
    assert load_lesson("burn").rule(rule).title in page
    assert shown_suggestion(app)[1] == load_first_game("burn").steps[app.step].say  # the suggestion stays


def test_a_different_legal_move_says_what_it_changes_then_the_strong_bots_play_on_and_the_tutor_suggests():
    first = load_first_game("burn")
    app = FirstGameWidget("burn")
    assert "play F4" in first.steps[0].other
    click(app, "play F4")
    assert not app.on_script and first.steps[0].other["play F4"] in app.changed
    assert app.changed.startswith("You chose “Play the Fire 4” where I suggested “Play the Earth 9”.")
    assert html.escape(app.changed) in app.html and 'data-testid="changed"' in app.html
    # The others moved as the strong bots would, until the learner's turn.
    assert app.state.current_player == first.seat
    assert list(app.record.actions[:1]) == ["play F4"]
    moves = 0
    while not app.finished:
        move, text = shown_suggestion(app)
        action, reason = make_bot("burn", "strong", app.seed).explain(app.state)
        assert move == str(action) and text.endswith(in_tutor_voice(reason)), "the bot's reason, in the tutor's voice"
        assert not re.search(r"\b(I|me|my)\b", text), text
        click(app, move)
        assert app.error is None
        moves += 1
        assert moves < 20
    end = app.end_words()
    assert end != first.end
    # The result is the game's own, in the learner's grammar: who won (or, the game going on, every side's score
    # for the deal), and no card play and no next deal.
    result = app.state.result() if app.state.is_over else None
    if result is not None:
        assert ("You win" in end) == (first.seat in result.winners)
    else:
        assert "The deal is over" in end and all(f"{name}:" in end for name in app.names_now[1:])
    assert "plays" not in end and "You wins" not in end and "deals the whole pack" not in end
    assert 'href="burn-play.ipynb"' in app.html and 'href="burn-lesson.ipynb"' in app.html


def test_a_different_legal_move_with_no_words_of_its_own_gets_the_general_line():
    first = load_first_game("burn")
    app = FirstGameWidget("burn")
    assert "play Wa11" not in first.steps[0].other
    click(app, "play Wa11")
    assert app.changed == f"You chose “Play the Water 11” where I suggested “Play the Earth 9”. {OTHER_MOVE}"
    assert not app.on_script


def test_a_finished_first_game_is_kept_for_a_learner_with_a_name():
    from tutor import classroom

    classroom.set_learner("Ana")
    first = load_first_game("burn")
    app = FirstGameWidget("burn")
    for i in first.learner_steps:
        assert "burn/first-game" not in classroom.store().reached("Ana")
        click(app, shown_suggestion(app)[0])
    assert classroom.store().reached("Ana")["burn/first-game"] == {"finished"}


def test_the_guided_game_has_no_deal_settings_undo_or_clock():
    app = FirstGameWidget("burn")
    for kind in ("new", "load", "undo", "hint", "classdeal", "clock", "goon", "nextdeal"):
        assert not app.handle(kind, None, {}), kind
    for control in ("new", "undo", "clock", "load"):
        assert f'data-gw="{control}"' not in app.html
    before = (app.state, app.step)
    assert app.handle("tick") and (app.state, app.step) == before and not app.playing, "nothing to wait for"


# ---------------------------------------------------------------- the pace and the rule cards


def cards_shown(app: FirstGameWidget) -> list[str]:
    return re.findall(r'data-testid="rule-card" data-rule="([^"]+)"', app.html)


def tutor_text(app: FirstGameWidget) -> str:
    found = re.search(r'data-testid="tutor".*?</section>', app.html, re.S)
    return html.unescape(found.group(0)) if found else ""


def learners_pace(monkeypatch) -> None:
    monkeypatch.setenv("GWARI_PACE", "learner")


@pytest.mark.parametrize("slug", first_games())
def test_at_the_learners_pace_the_others_moves_come_one_a_tick_and_the_game_still_fits_five_minutes(
        monkeypatch, slug):
    from tutor.widgets.play_pace import BOT_STEP_MS

    learners_pace(monkeypatch)
    first = load_first_game(slug)
    app = FirstGameWidget(slug)
    assert app.pace.step_bots
    ticks = silent = 0
    while not app.finished:
        if app.pace.stepping:
            done, step = len(app.record.actions), first.steps[app.step]
            assert app.playing and app.interval == BOT_STEP_MS
            assert 'data-testid="suggestion"' not in app.html, "no suggestion while the others move"
            if step.say:
                assert step.say not in tutor_text(app), "said at its move, not before"
            assert app.handle("tick")
            ticks += 1
            silent += not step.say
            if app.step < first.played_out_from:
                assert len(app.record.actions) == done + 1, f"{slug}: one of the others' moves a tick"
            if step.say:
                assert step.say in tutor_text(app) and step.say in app.said_aloud
            continue
        assert not app.playing and first.steps[app.step].learner
        move, say = shown_suggestion(app)
        assert say == first.steps[app.step].say
        done = len(app.record.actions)
        click(app, move)
        assert app.error is None and app.on_script
        if app.step < first.played_out_from and not first.steps[app.step].learner:
            assert app.pace.stepping and len(app.record.actions) == done + 1, \
                f"{slug}: the learner's own move is on show before the others answer"
    # The tutor's moves played out at once take no tick: every other move of the others took one.
    assert ticks == sum(1 for step in first.steps[:first.played_out_from] if not step.learner)
    assert app.state == first.states()[-1] and 'data-testid="guide-end"' in app.html
    assert not app.playing
    # The estimate counts 6 s for each of the others' moves with words of its own; a silent move stays on show
    # for one tick: with those, the first game still takes at most five minutes.
    waited = silent * BOT_STEP_MS / 60_000
    assert guide_minutes(slug) + waited <= 5, f"{slug}: {guide_minutes(slug):.2f} + {waited:.2f} minutes"


def test_at_the_learners_pace_the_strong_bots_move_one_a_tick_off_the_script_too(monkeypatch):
    learners_pace(monkeypatch)
    app = FirstGameWidget("burn")
    click(app, "play F4")
    assert not app.on_script and app.pace.stepping and len(app.record.actions) == 1
    assert 'data-testid="changed"' in app.html and 'data-testid="suggestion"' not in app.html
    count = 1
    while app.pace.stepping:
        assert app.handle("tick")
        count += 1
        assert len(app.record.actions) == count
    assert app.state.current_player == app.seat and count >= 3 and not app.playing
    assert shown_suggestion(app)[0] == str(make_bot("burn", "strong", app.seed).explain(app.state)[0])


def test_turning_the_steps_off_lets_the_guided_game_catch_up(monkeypatch):
    learners_pace(monkeypatch)
    app = FirstGameWidget("burn")
    click(app, shown_suggestion(app)[0])
    assert app.pace.stepping
    assert not app.handle("stepbots", "perhaps") and app.pace.stepping
    assert app.handle("stepbots", "false")
    assert not app.pace.stepping and not app.playing and app.state.current_player == app.seat
    assert shown_suggestion(app)[1] == load_first_game("burn").steps[app.step].say
    assert 'data-gw="stepbots"' not in app.html  # a first game draws no pace settings (the message still counts)


def test_a_rule_card_shows_at_the_first_event_that_cites_its_rule_and_only_once(monkeypatch):
    """A rule met for the first time since the learner's move is one title among the tutor's words (the whole rule a
    press away); the prepared deal's own rules are the intro's to tell, and at the end the result says how the game
    scored: those rules are in the Rules met panel, not on cards."""
    learners_pace(monkeypatch)
    first, lesson = load_first_game("burn"), load_lesson("burn")
    dealt = {event.rule for event in first.states()[0].events}
    app = FirstGameWidget("burn")
    met: list[str] = []  # the rules cited so far, in order
    since: list[str] = []  # those first cited since the learner's last move: the cards on show
    carded: list[str] = []  # every rule that has had a card

    def follow(start: int) -> None:
        for _step, event in app.lines[start:]:
            if event.rule not in met:
                met.append(event.rule)
                if event.rule in dealt or app.finished:
                    continue
                since.append(event.rule)
                carded.append(event.rule)
                title = rule_words(lesson, event.rule, app.state)[0]
                assert f"New rule: {title}." in app.said_aloud, "said aloud when it is met"
        assert cards_shown(app) == ([] if app.finished else since), f"after {app.record.actions[-1:]}"
        assert app.panels.met == met
        for rule in cards_shown(app):
            card = html.unescape(app.html.split(f'data-testid="rule-card" data-rule="{rule}"')[1].split("</span>")[0])
            assert rule_words(lesson, rule, app.state)[0] in card
        if since and not app.finished:
            assert app.html.index('data-testid="rule-cards"') < app.html.index("gw-tablebox"), \
                "the rules met by the tutor's words, above the table"

    follow(0)
    assert not since and set(app.panels.met) == dealt, "the deal's own rules are met, and told by the intro"
    while not app.finished:
        start = len(app.lines)
        if app.pace.stepping:
            assert app.handle("tick")
        else:
            since.clear()
            click(app, shown_suggestion(app)[0])
        follow(start)
    shown = [rule for rule in first.cited_rules() if rule not in dealt]
    assert carded == shown[:len(carded)] and len(carded) >= len(shown) - 4, "each rule had a card once, when met"
    assert app.handle("rules", "show")
    panel = html.unescape(app.html.split('data-testid="rules"')[1].split("</section>")[0])
    assert f"({len(met)})" in panel and all(rule_words(lesson, rule, app.state)[0] in panel for rule in met)
    assert app.handle("rulemore", met[0]) and not app.handle("rulemore", "burn.no-such-rule")


def test_a_rule_cards_title_opens_the_whole_rule():
    app = FirstGameWidget("burn")
    click(app, shown_suggestion(app)[0])
    rule = cards_shown(app)[0]
    text = load_lesson("burn").rule(rule).text
    assert app.handle("rulemore", rule)
    assert html.escape(" ".join(text.split()[:4])) in " ".join(app.html.split())


def test_a_learner_who_met_the_rules_in_the_first_game_sees_no_card_again(monkeypatch):
    from tutor import classroom
    from tutor.widgets import PlayWidget

    classroom.set_learner("Ana")
    first = load_first_game("burn")
    app = FirstGameWidget("burn")
    click(app, shown_suggestion(app)[0])
    assert cards_shown(app)
    for _ in first.learner_steps[1:]:
        click(app, shown_suggestion(app)[0])
    again = FirstGameWidget("burn")
    assert cards_shown(again) == [] and again.panels.met  # the Rules panel still lists this game's rules
    for _ in first.learner_steps:
        click(again, shown_suggestion(again)[0])
        assert cards_shown(again) == []
    assert "burn.deal" not in cards_shown(PlayWidget("burn", players=3, seed=5)), "nor in a real game"


@pytest.mark.parametrize("slug", first_games())
def test_every_first_game_is_played_to_its_end_by_the_suggested_moves(slug):
    first = load_first_game(slug)
    app = FirstGameWidget(slug)
    for i in first.learner_steps:
        move, say = shown_suggestion(app)
        assert say == first.steps[i].say, f"{slug} step {i + 1}"
        click(app, move)
        assert app.error is None and app.on_script, f"{slug} step {i + 1}: {app.last_error}"
    assert app.finished and 'data-testid="guide-end"' in app.html
    assert app.state == first.states()[-1]


# ---------------------------------------------------------------- what a first game says is so

NUMBER_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                            "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                                            "twenty".split())}
EACH = re.compile(r"\b(\d+|" + "|".join(NUMBER_WORDS) + r")\s+(cards?|counters?)\s+each\b", re.IGNORECASE)
FULL_GAME = re.compile(r"\b(full|whole|real) (game|match|deal)\b|\brule book\b", re.IGNORECASE)


def number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


def each(state, noun: str) -> set[int]:
    """How many cards (or counters) each player has in ``state``, as the table shows it."""
    view = state.view(None)
    if noun.startswith("card"):
        return {len(seat.hand) for seat in view.seats}
    return {int(m.group(1)) for seat in view.seats for m in [re.search(r"(\d+) counters?", seat.info or "")] if m}


def clauses(text: str) -> list[str]:
    return [c for c in re.split(r"(?<=[.;!?])\s+|;\s*", " ".join(text.split())) if c]


def texts_of(first) -> list[str]:
    return [first.intro, first.end] + [t for step in first.steps for t in (step.say, step.play_out,
                                                                            *step.other.values()) if t]


@pytest.mark.parametrize("slug", first_games())
def test_the_learners_seat_is_named_you_in_every_first_game(slug):
    first = load_first_game(slug)
    names = first.start().view(first.seat).seats
    assert names[first.seat].name == "You", f"{slug}: the learner's seat is {names[first.seat].name!r}"
    assert all(seat.name != "You" for i, seat in enumerate(names) if i != first.seat)


@pytest.mark.parametrize("slug", first_games())
def test_every_count_each_a_first_game_says_is_the_tables_and_a_full_games_is_said_beside_it(slug):
    """"N cards each", "N counters each": N is the prepared deal's, or in a clause about the full game the rule
    book's (the game dealt with no options); where the two differ, the intro says both."""
    first = load_first_game(slug)
    here = first.start()
    full = get_game(slug).start(players=first.players, seed=1)
    for text in texts_of(first):
        for clause in clauses(text):
            for match in EACH.finditer(clause):
                noun = match.group(2).lower()
                truth = each(full if FULL_GAME.search(clause) else here, noun)
                assert {number(match.group(1))} == truth, f"{slug}: “{clause}” — the table says {truth}"
    for noun in ("cards", "counters"):
        ours, theirs = each(here, noun), each(full, noun)
        if ours and ours != theirs:
            said = {(bool(FULL_GAME.search(c)), number(m.group(1))) for c in clauses(first.intro)
                    for m in EACH.finditer(c) if m.group(2).lower().startswith(noun[:-1])}
            assert said == {(False, *ours), (True, *theirs)}, \
                f"{slug}: {noun} each here {ours}, in a full game {theirs}; the intro says {sorted(said)}"


@pytest.mark.parametrize("slug", first_games())
def test_every_first_game_ends_on_the_games_result_and_its_end_says_the_scores_the_engine_gave(slug):
    """The script's last move ends the game (the table stays as it ended: no next deal), and the words at the end
    name the winner the engine names and the scores it gave: "you win", "X scored N, Y M", "N to M", "with N",
    "X's N", "X still holds N"."""
    first = load_first_game(slug)
    state = first.states()[-1]
    assert state.is_over, f"{slug}: after the last step the game goes on ({state.status()})"
    result = state.result()
    names = [seat.name for seat in state.view(first.seat).seats]
    score = {name.lower(): result.scores[i] for i, name in enumerate(names)}
    end = " ".join(first.end.split())
    assert bool(re.search(r"\byou (and \w+ )?win\b", end, re.IGNORECASE)) == (first.seat in result.winners), end
    others = [result.scores[i] for i in range(len(names)) if i != first.seat and i not in result.winners]
    claims = []
    for clause in clauses(end):
        claims += [(m.group(1), m.group(2)) for m in re.finditer(r"\b(\w+) (?:scored|still holds) (\d+)", clause)]
        claims += [(m.group(1), m.group(2)) for m in re.finditer(r"\b(\w+)['’]s (\d+)", clause)]
        if re.search(r"\bscored \d+", clause):
            claims += [(m.group(1), m.group(2)) for m in re.finditer(r", (\w+) (\d+)\b", clause)]
        claims += [("you", m.group(1)) for m in re.finditer(r"\b(?:win|wins|won) (?:\w+ )?with (\d+)", clause)]
        for m in re.finditer(r"\b(\d+) to (\d+)\b", clause):
            claims += [("you", m.group(1))]
            assert int(m.group(2)) == max(others), f"{slug}: “{clause}” — the others' best is {max(others)}"
    assert claims or slug in ("gnav", "pig"), f"{slug}: the end says no score"  # counters and letters: who is out
    for name, said in claims:
        assert name.lower() in score, f"{slug}: “{end}” names {name!r}, no seat"
        assert int(said) == score[name.lower()], f"{slug}: “{end}” — {name}: the engine says {score[name.lower()]}"


def play_to(app: FirstGameWidget, step: int) -> None:
    """Follow the script's suggestions until its step ``step`` is the learner's to make."""
    while app.on_script and app.step < step:
        click(app, shown_suggestion(app)[0])


@pytest.mark.parametrize("slug", first_games())
def test_off_the_script_the_tutor_says_what_each_other_move_changes_and_suggests_in_its_own_voice(slug):
    """At the learner's first steps, every other legal move (up to three) is answered with which move it was
    instead of the suggested one, and what it did; then the tutor suggests the strong bot's moves, spoken to the
    learner (never the bot's "I"), to the game's end, which says who won."""
    first = load_first_game(slug)
    game = get_game(slug)
    played_on = False
    for i in first.learner_steps[:3]:
        state = first.states()[i]
        own = str(game.parse_action(state, first.steps[i].move))
        suggested = state.prompt(game.parse_action(state, own))
        others = [a for a in state.legal_actions() if str(a) != own][:3]
        for action in others:
            app = FirstGameWidget(slug)
            play_to(app, i)
            if not app.handle("move", str(action)) or app.on_script:
                continue  # not the learner's move to make (another seat's, in a round everyone plays at once)
            assert app.changed.startswith(f"You chose “{state.prompt(action)}” where I suggested “{suggested}”."), \
                f"{slug} step {i + 1}: {app.changed}"
            assert 'data-testid="changed"' in app.html
            if played_on:
                continue
            played_on = True
            for _ in range(300):
                if app.finished:
                    break
                text, move = app.suggestion()
                assert text and not re.search(r"\b(I|me|my|I'm)\b", text), f"{slug}: {text}"
                click(app, move)
            assert app.finished, f"{slug}: off the script the first game did not end"
            end = app.end_words()
            assert "You wins" not in end and "You's" not in end, end
            if app.state.is_over:
                won = first.seat in app.state.result().winners
                assert re.match(r"You (and \w+ )?win!" if won else r"[A-Z][\w &]+ wins?\.", end), end
            else:
                assert end.startswith("The deal is over."), end
    choice = any(len(first.states()[i].legal_actions()) > 1 for i in first.learner_steps)
    assert played_on or not choice, f"{slug}: no other legal move at the learner's first steps"
