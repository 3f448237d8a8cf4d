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
        if check.kind == "order":
            assert check.is_right(list(check.answer)) and not check.is_right(range(len(check.items)))
        elif check.kind == "move":
            assert all(check.is_right(move) for move in check.accept)
        else:
            assert check.is_right(check.answer), rule.id
            assert not any(check.is_right(i) for i in range(len(check.choices)) if i != check.answer)


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
    (minimal(check={"kind": "choice", "question": "Q", "explain": "E", "choices": list("abcdef"), "answer": 0}),
     "at most 5"),
    (minimal(check={"kind": "choice", "question": "Q", "explain": "E", "choices": ["a", "b"], "answer": True}),
     "'answer' must be the index"),
    (minimal(check={"kind": "choice", "question": "Q", "explain": "E", "choices": ["a", "b"], "answer": 0,
                    "why": ["", "no", "extra"]}), "'why' must be a list of 2 texts"),
    (minimal(check={"kind": "choice", "question": "Q", "explain": "E", "choices": ["a", "b"], "answer": 0,
                    "why": ["", " "]}), "'why' for wrong choice 1 ('b')"),
    (minimal(check={"kind": "choice", "question": "Q", "explain": "E", "choices": ["a", "b"], "answer": 0,
                    "why": ["right", "no"]}), "'why' for the answer (choice 0)"),
    (minimal(check={"kind": "spot", "question": "Q", "explain": "E", "choices": ["a", "b"], "answer": 0}),
     "'why' must be a list"),
    (minimal(check={"kind": "score", "question": "Q", "explain": "E", "choices": ["a", "b"], "answer": 0,
                    "why": ["", "no"], "items": ["x"]}), "unknown field 'items'"),
    (minimal(check={"kind": "order", "question": "Q", "explain": "E", "items": ["a", "b"], "answer": [1, 0]}),
     "'why' must be non-empty"),
    (minimal(check={"kind": "order", "question": "Q", "explain": "E", "why": "W", "items": ["a", "b", "c"],
                    "answer": [1, 1, 0]}), "'answer' must list each item's index"),
    (minimal(check={"kind": "order", "question": "Q", "explain": "E", "why": "W", "items": ["a", "b"],
                    "answer": [0, 1]}), "already in the right order"),
    (minimal(check={"kind": "order", "question": "Q", "explain": "E", "why": "W", "items": ["a"], "answer": [0]}),
     "'items' must be a list of 2 to 10"),
    (minimal(check={"kind": "move", "question": "Q", "explain": "E", "accept": ["ask 1 for 7"],
                    "scenario": {"players": 2, "deal": {"hands": [["7S", "8S"], ["7H", "9C"]]}},
                    "why": {"ask 1 for 9": "no"}}), "'why' names 'ask 1 for 9'"),
    (minimal(check={"kind": "move", "question": "Q", "explain": "E", "accept": ["ask 1 for 7"],
                    "scenario": {"players": 2, "deal": {"hands": [["7S", "8S"], ["7H", "9C"]]}},
                    "why": {"ask 1 for 7": "no"}}), "which 'accept' lists as right"),
    (minimal(check={"kind": "move", "question": "Q", "explain": "E", "accept": ["ask 1 for 7"],
                    "scenario": {"players": 2, "deal": {"hands": [["7S", "8S", "9S"], ["7H", "9C"]]}},
                    "why": {"ask 1 for 8": "no"}}), "'otherwise' is needed"),
    (minimal(check={"kind": "move", "question": "Q", "explain": "E", "accept": ["ask 1 for 7"],
                    "scenario": {"players": 2, "deal": {"hands": [["7S", "8S"], ["7H", "9C"]]}},
                    "otherwise": ""}), "'otherwise' must be non-empty"),
    (minimal(check={"kind": "move", "question": "Q", "explain": "E", "accept": ["ask 1 for 7"],
                    "scenario": {"players": 2, "deal": {"hands": [["7S", "8S"], ["7H", "9C"]]}},
                    "why": ["no"]}), "'why' must be a table"),
    ({**minimal(), "chapter": [{"title": "One", "sections": ["Other"]}]}, "'A turn' is in no chapter"),
    ({**minimal(), "chapter": [{"title": "One", "sections": ["A turn", "Other"]}]}, "'Other', which no rule has"),
    ({**minimal(), "chapter": [{"title": "One", "sections": ["A turn"]}, {"title": "Two", "sections": ["A turn"]}]},
     "which chapter 1 already holds"),
    ({**minimal(), "chapter": [{"title": "", "sections": ["A turn"]}]}, "chapter 1: 'title' must be non-empty"),
    ({**minimal(), "chapter": [{"title": "One", "sections": "A turn"}]}, "'sections' must be a list"),
    ({**minimal(), "chapter": [{"title": "One", "sections": ["A turn"], "minutes": 5}]}, "unknown field 'minutes'"),
    ({**minimal(), "chapter": []}, "at least one"),
    ({**minimal(), "terms": {"ask": "pyskessa.nothing"}}, "terms 'ask': must name a rule id"),
    ({**minimal(), "terms": {"ask": "pyskessa.ask", "Ask": "pyskessa.ask"}}, "given twice"),
    ({**minimal(), "terms": ["ask"]}, "'terms' must be a table"),
    ({**minimal(), "note": "Look out"}, "'note' must be an array of tables"),
    ({**minimal(), "note": [{"title": "N", "text": "T"}, "Look out"]}, "note 2: must be a table"),
    ({**minimal(), "example": [{"title": "E", "text": "T"}]}, "x.toml example 1: 'players'"),
    ({**minimal(), "rule": ["ask"]}, "x.toml rule 1: must be a table"),
    (minimal(scenario={"players": 2, "seed": 1, "actions": "ask 1 for 7"}), "'actions' must be a list of texts"),
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


def two_sections(first="A turn", second="Sets"):
    data = minimal()
    data["rule"].append({"id": "pyskessa.sets", "section": "Sets", "title": "Sets", "text": "Four of a rank."})
    data["chapter"] = [{"title": "The essentials", "sections": [first]}, {"title": "More", "sections": [second]}]
    return data


def test_chapters_hold_their_sections_rules_in_order():
    lesson = parse_lesson(two_sections(), source="x.toml")
    assert [c.title for c in lesson.chapters] == ["The essentials", "More"]
    assert [[r.id for r in c.rules] for c in lesson.chapters] == [["pyskessa.ask"], ["pyskessa.sets"]]
    assert lesson.chapter_of("pyskessa.sets") == 2
    with pytest.raises(KeyError, match="chapters 1 to 2, not 3"):
        lesson.chapter(3)


def test_rules_out_of_chapter_order_are_refused_naming_the_rule():
    with pytest.raises(LessonError, match="x.toml rule 'pyskessa.sets': section 'Sets' comes after"):
        parse_lesson(two_sections("Sets", "A turn"), source="x.toml")


def test_a_lesson_without_chapters_is_one_chapter():
    lesson = parse_lesson(minimal(), source="x.toml")
    assert len(lesson.chapters) == 1 and lesson.chapters[0].rules == lesson.rules
