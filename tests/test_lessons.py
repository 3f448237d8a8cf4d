"""Lessons: every game has one; every entry is shown happening; bad files are reported precisely."""

import pytest

from tutor.games import GAMES
from tutor.lessons import LessonError, load_lesson, parse_lesson

SLUGS = sorted(GAMES)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_lesson_entry_is_shown_by_its_scenario_or_refused_tries(slug):
    lesson = load_lesson(slug)
    for rule in lesson.rules:
        assert rule.id.startswith(GAMES[slug].rule_prefix + ".")
        shown = set()
        if rule.scenario is not None:
            shown |= {event.rule for state in rule.scenario.states() for event in state.events}
            shown |= {exc.rule for exc in rule.scenario.refusals()}
        if rule.id == f"{GAMES[slug].rule_prefix}.players":
            with pytest.raises(Exception) as info:
                GAMES[slug].start(players=GAMES[slug].max_players + 1)
            shown.add(getattr(info.value, "rule", ""))
        assert rule.id in shown, f"{rule.id}: its scenario does not show it happening"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_check_has_a_right_answer_that_the_check_accepts(slug):
    for rule in load_lesson(slug).rules:
        check = rule.check
        if check is None:
            continue
        if check.kind == "choice":
            assert check.is_right(check.answer)
            assert not any(check.is_right(i) for i in range(len(check.choices)) if i != check.answer)
        else:
            assert all(check.is_right(move) for move in check.accept)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_rule_has_a_check(slug):
    assert all(rule.check is not None for rule in load_lesson(slug).rules)


def minimal(**rule):
    base = {"id": "pyskessa.ask", "section": "A turn", "title": "Ask", "text": "Ask someone."}
    return {"slug": "gwra-pyskessa", "title": "T", "summary": "S", "rule": [{**base, **rule}]}


@pytest.mark.parametrize("data, fragment", [
    ({"slug": "gwra-pyskessa", "title": "T", "summary": "S"}, "at least one"),
    (minimal(title=""), "'title' must be non-empty"),
    (minimal(scenario={"players": 2}), "give a 'deal' or a 'seed'"),
    (minimal(scenario={"players": 2, "deal": {"hands": [["7S"], ["7S"]]}}), "7S is there 2 times"),
    (minimal(scenario={"players": 2, "seed": 1, "actions": ["ask 5 for 7"]}), "scenario"),
    (minimal(check={"kind": "choice", "question": "Q", "explain": "E", "choices": ["a"], "answer": 0}), "two or more"),
    (minimal(check={"kind": "move", "question": "Q", "explain": "E",
                    "scenario": {"players": 2, "deal": {"hands": [["7S"], ["7H"]]}}, "accept": ["ask 1 for K"]}),
     "'accept' must list legal moves"),
    (minimal(check={"kind": "essay", "question": "Q", "explain": "E"}), "'kind' must be"),
])
def test_bad_lesson_data_names_the_file_and_field(data, fragment):
    with pytest.raises(LessonError) as info:
        parse_lesson(data, source="x.toml")
    assert "x.toml" in str(info.value) and fragment in str(info.value)


def test_duplicate_rule_ids_are_refused():
    data = minimal()
    data["rule"] = data["rule"] * 2
    with pytest.raises(LessonError, match="appears twice"):
        parse_lesson(data, source="x.toml")


def test_a_missing_lesson_file_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv("GWARI_LESSONS", str(tmp_path))
    load_lesson.cache_clear()
    try:
        with pytest.raises(LessonError, match="No lesson file"):
            load_lesson("gwra-pyskessa")
        (tmp_path / "gwra-pyskessa.toml").write_text("slug = [", encoding="utf-8")
        with pytest.raises(LessonError, match="gwra-pyskessa.toml"):
            load_lesson("gwra-pyskessa")
    finally:
        load_lesson.cache_clear()
