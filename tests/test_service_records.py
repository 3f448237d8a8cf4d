"""The class's records kept by the class service: each learner keeps and reads only their own, whatever a request
names; the class's teachers read everyone's and do the teacher's page's actions; a learner's kernel reaches them
through ``RemoteProgress`` (the same methods as ``Progress``, rebuilt from JSON), takes its name from the service,
and the teacher's page opens for the hub's teachers group alone."""

from __future__ import annotations

import inspect

import pytest

from service_server import TokenPeople, serving
from tutor import classroom
from tutor.progress import PlayedGame, Progress
from tutor.progress.store import Records
from tutor.service import remote_records
from tutor.service.app import make_app
from tutor.service.hub import PeopleArea
from tutor.service.people import Person, Refused
from tutor.service.records import OPS, RecordsArea
from tutor.service.remote_records import RemoteProgress
from tutor.service.transport import HttpTransport, LocalTransport
from tutor.vocab.words import load_vocab

ANN, BOB, TESS = Person("ann"), Person("bob"), Person("tess", teacher=True)
PEOPLE = TokenPeople({"t-ann": ANN, "t-bob": BOB, "t-tess": TESS})
GAME = PlayedGame("pig", {"target": 50}, "2-15", ("ann", "Bot"), 0, (52, 31), True, 12, "easy", "")
NUMBER = next(e for e in load_vocab() if e.category == "number")


@pytest.fixture()
def progress(tmp_path):
    return Progress(tmp_path / "service.sqlite3")


@pytest.fixture()
def areas(progress):
    return {"people": PeopleArea(), "records": RecordsArea(progress)}


def handler(areas):
    return lambda person, area, op, args: areas[area].call(person, op, args)


@pytest.fixture(params=["local", "http"])
def remote(request, areas):
    """``remote(person)``: that person's ``RemoteProgress``, in this process or over HTTP."""
    if request.param == "local":
        yield lambda person: RemoteProgress(LocalTransport(handler(areas), person))
        return
    tokens = {person: token for token, person in PEOPLE.people.items()}
    with serving(make_app(areas, PEOPLE)) as url:
        yield lambda person: RemoteProgress(HttpTransport(url, tokens[person]))


def test_remote_progress_offers_every_op_the_records_area_serves():
    offered = {name for name, _ in inspect.getmembers(RemoteProgress, inspect.isfunction) if not name.startswith("_")}
    assert offered - {"update_settings"} == set(OPS)
    used = {name for name, _ in inspect.getmembers(Records, inspect.isfunction) if not name.startswith("_")}
    assert used - {"update_settings"} <= set(OPS)  # the class key's tries alone are not served


def test_every_op_round_trips_for_a_learner(remote, progress, tmp_path):
    ann = remote(ANN)
    assert ann.add_learner("ann") == "ann" and ann.since("ann") == progress.since("ann") != ""
    ann.reach("ann", "pig", "pig.turn")
    ann.answer_check("ann", "pig", "pig.hold", "When do you hold?", "at 20", True)
    assert ann.reached("ann") == progress.reached("ann") == {"pig": {"pig.turn", "pig.hold"}}
    assert ann.checks("ann") == progress.checks("ann") and ann.checks("ann")[0].correct is True
    ann.keep_game("ann", GAME)
    assert ann.games("ann") == progress.games("ann") and ann.games("ann")[0].seats == ("ann", "Bot")
    deck = ann.deck("ann")
    answered = deck.review(NUMBER.key, True)
    ann.record("ann", answered, deck.cards[NUMBER.key])
    again = ann.deck("ann", clock=deck.clock)
    assert again.cards[NUMBER.key].to_dict() == progress.deck("ann").cards[NUMBER.key].to_dict()
    assert again.cards[NUMBER.key].to_dict() == deck.cards[NUMBER.key].to_dict()
    assert ann.answers("ann") == progress.answers("ann") and isinstance(ann.answers("ann")[0], tuple)
    local = Progress(tmp_path / "here.sqlite3")
    fumbled = [(NUMBER.cornish, "nope")]
    assert ann.record_fumbles("ann", fumbled, load_vocab()) == local.record_fumbles("ann", fumbled, load_vocab())
    assert ann.record_fumbles("ann", fumbled) == []  # no entries given: no word marked, as the store does
    assert ann.fumbles("ann") == progress.fumbles("ann") == fumbled * 2
    assert ann.setting("class_deal") == ""


def test_every_teachers_op_round_trips(remote, progress):
    progress.reach("ann", "pig", "pig.turn")
    progress.reach("bob", "pig", "pig.hold")
    tess = remote(TESS)
    assert tess.learners() == ["ann", "bob"]
    assert tess.class_records() == classroom_records(progress)
    assert tess.reached("bob") == {"pig": {"pig.hold"}} and tess.since("ann") != ""
    tess.set_setting("class_deal", "4-1821")
    assert remote(ANN).setting("class_deal") == "4-1821" == progress.setting("class_deal")
    exported = tess.export_json()
    tess.reset("ann")
    assert progress.reached("ann") == {} and progress.learners() == ["ann", "bob"]
    tess.delete("bob")
    assert progress.learners() == ["ann"]
    assert tess.import_json(exported) == ["ann", "bob"]
    assert progress.reached("bob") == {"pig": {"pig.hold"}}
    assert "the class service" in tess.address


def classroom_records(progress):
    from tutor.progress import class_records

    return class_records(progress)


# ---------------------------------------------------------------- what a learner may not do


WRITES = [("add_learner", ()), ("reach", ("pig", "pig.turn")), ("answer_check", ("pig", "pig.hold", "Q?", "A", False)),
          ("keep_game", (GAME,)), ("record_fumbles", ([(NUMBER.cornish, "x")], load_vocab()))]
READS = ["since", "reached", "checks", "games", "deck", "answers", "fumbles"]


@pytest.mark.parametrize("op, args", WRITES, ids=[op for op, _ in WRITES])
@pytest.mark.parametrize("who", [ANN, TESS], ids=["learner", "teacher"])
def test_nobody_writes_another_learners_records(remote, progress, op, args, who):
    progress.reach("bob", "pig", "pig.hold")
    before = progress.export_json()
    with pytest.raises(Refused) as caught:
        getattr(remote(who), op)("bob", *args)
    assert caught.value.status == 403
    assert str(caught.value) == f"You are signed in as {who.name}: you keep {who.name}'s records, not bob's."
    assert progress.export_json() == before


@pytest.mark.parametrize("op", READS)
def test_a_learner_reads_only_their_own_and_a_teacher_everyones(remote, progress, op):
    progress.reach("bob", "pig", "pig.hold")
    with pytest.raises(Refused, match="You are signed in as ann: you read ann's records, not bob's.") as caught:
        getattr(remote(ANN), op)("bob")
    assert caught.value.status == 403
    assert getattr(remote(TESS), op)("bob") is not None
    assert getattr(remote(TESS), op)("ann") is not None


@pytest.mark.parametrize("op, args", [("learners", ()), ("class_records", ()), ("reset", ("bob",)),
                                      ("delete", ("bob",)), ("export_json", ()), ("import_json", ("{}",)),
                                      ("set_setting", ("class_deal", "4-1821")), ("reset", ("ann",))])
def test_the_teachers_actions_are_refused_to_a_learner(remote, progress, op, args):
    progress.reach("bob", "pig", "pig.hold")
    progress.reach("ann", "pig", "pig.turn")
    before = progress.export_json()
    with pytest.raises(Refused, match="only the class's teachers \\(the hub's teachers group\\) may") as caught:
        getattr(remote(ANN), op)(*args)
    assert caught.value.status == 403 and progress.export_json() == before


def test_the_class_keys_tries_are_not_served(remote, progress):
    for key in classroom.KEY_TRIES:
        with pytest.raises(Refused, match="serves the class deal"):
            remote(ANN).setting(key)
        with pytest.raises(Refused, match="serves the class deal"):
            remote(TESS).set_setting(key, "")
    with pytest.raises(Refused, match="no class key"):
        remote(TESS).update_settings(classroom.KEY_TRIES, lambda now: {})


def test_bad_requests_are_refused_naming_the_field_and_change_nothing(areas, progress):
    records = areas["records"]
    with pytest.raises(ValueError, match="'correct' must be true or false"):
        records.call(ANN, "answer_check", {"lesson": "pig", "rule": "r", "question": "q", "answer": "a",
                                           "correct": "yes"})
    with pytest.raises(ValueError, match="takes learner, lesson, rule; not 'name'"):
        records.call(ANN, "reach", {"lesson": "pig", "rule": "r", "name": "bob"})
    with pytest.raises(ValueError, match="'rule' is missing"):
        records.call(ANN, "reach", {"lesson": "pig"})
    with pytest.raises(ValueError, match="'learner' is missing"):
        records.call(TESS, "delete", {})
    with pytest.raises(ValueError, match="deal"):
        records.call(TESS, "set_setting", {"key": "class_deal", "value": "tomorrow"})
    with pytest.raises(ValueError, match="'answered' must be an object"):
        records.call(ANN, "record", {"answered": [], "card": {}})
    with pytest.raises(Refused, match="no 'drop_table'") as caught:
        records.call(TESS, "drop_table", {})
    assert caught.value.status == 404
    assert progress.learners() == [] and progress.setting("class_deal") == ""


def test_a_learner_keeps_records_under_their_own_name_when_none_is_given(areas, progress):
    areas["records"].call(ANN, "reach", {"lesson": "pig", "rule": "pig.turn"})
    assert progress.reached("ann") == {"pig": {"pig.turn"}}


def test_a_bad_field_is_a_value_error_in_the_kernel_as_with_a_store_here(remote, progress):
    with pytest.raises(ValueError, match="'correct' must be true or false"):
        remote(ANN).answer_check("ann", "pig", "r", "q", "a", "yes")
    assert progress.learners() == []


# ---------------------------------------------------------------- the learner's kernel under the service


@pytest.fixture()
def kernel(monkeypatch, areas):
    """A learner's kernel under the service: ``kernel(token)`` signs it in with that hub token."""
    monkeypatch.setattr(remote_records, "_whoami", {})
    monkeypatch.setattr(remote_records, "_whoami_failed", {})
    with serving(make_app(areas, PEOPLE)) as url:
        monkeypatch.setenv("GWARI_SERVICE_URL", url)
        monkeypatch.setenv("GWARI_PROGRESS", "/nonexistent/kernel-records.sqlite3")

        def sign_in(token: str) -> None:
            monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)
            monkeypatch.setattr(remote_records, "_whoami", {})
            monkeypatch.setattr(classroom, "_store", None)

        yield sign_in


def test_the_kernel_keeps_records_through_the_service_under_the_name_it_tells(kernel, progress, monkeypatch):
    kernel("t-ann")
    monkeypatch.setenv("JUPYTERHUB_USER", "bob")  # code in the kernel can change this; it is not asked
    assert isinstance(classroom.store(), RemoteProgress)
    assert classroom.under_hub() and classroom.learner() == "ann"
    assert classroom.keep_rule_reached("pig", "pig.turn")
    assert classroom.keep_game(GAME)
    assert progress.reached("ann") == {"pig": {"pig.turn"}} and len(progress.games("ann")) == 1
    with pytest.raises(ValueError, match="you signed in to this class server as ann"):
        classroom.set_learner("bob")
    assert progress.learners() == ["ann"]


def test_without_the_service_the_kernel_opens_its_own_store(monkeypatch, tmp_path):
    monkeypatch.delenv("GWARI_SERVICE_URL", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert isinstance(classroom.store(), Progress) and not classroom.under_hub()


def test_a_service_that_cannot_be_reached_is_said_in_words(monkeypatch):
    monkeypatch.setattr(remote_records, "_whoami", {})
    monkeypatch.setattr(remote_records, "_whoami_failed", {})
    monkeypatch.setenv("GWARI_SERVICE_URL", "http://127.0.0.1:9/")
    assert classroom.learner() == "" and not classroom.keep_rule_reached("pig", "pig.turn")
    assert "The class service cannot say who you are just now" in classroom.store_problem()


def test_the_teachers_page_opens_for_a_teacher_without_a_key(kernel, progress):
    from tutor.widgets.teacher import TeacherWidget
    from tutor.widgets.teacher_hub import FOR_TEACHERS

    progress.reach("ann", "pig", "pig.turn")
    kernel("t-tess")
    page = TeacherWidget()
    assert page.unlocked and page.names == ["ann"]
    shown = page.render()
    assert FOR_TEACHERS not in shown and 'data-testid="class-table"' in shown and "no class key" not in shown
    page.handle("deal", "4-2611")
    assert progress.setting("class_deal") == "4-2611"
    page.handle("show", "ann")
    page.handle("ask", "reset")
    page.handle("confirm")
    assert progress.reached("ann") == {}


def test_the_teachers_page_is_closed_to_a_learner_in_words(kernel, progress):
    from tutor.widgets.teacher import TeacherWidget
    from tutor.widgets.teacher_hub import FOR_TEACHERS

    progress.reach("bob", "pig", "pig.turn")
    kernel("t-ann")
    page = TeacherWidget()
    assert not page.unlocked and FOR_TEACHERS in page.render() and "bob" not in page.render()
    with pytest.raises(ValueError, match="for the class's teachers"):
        page.on_key("anything", {})
    assert not page.unlocked and page.records == {}
    page.unlocked = True  # even a page forced open reads nothing: the service refuses
    page.handle("refresh")
    assert page.records["learners"] == [] and "could not be read" in page.message
    assert progress.reached("bob") == {"pig": {"pig.turn"}}


def test_the_class_deal_is_read_from_the_service_before_anything_is_kept(kernel, progress, monkeypatch):
    progress.set_setting("class_deal", "4-1821")
    kernel("t-ann")
    monkeypatch.setattr(classroom, "_class_deal_read", ("", None, ""))
    assert classroom.class_deal() == "4-1821" and classroom.todays_deal() is not None
