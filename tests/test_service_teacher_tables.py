"""The teacher's page under the class service seats the class at tables, starts and closes them, and lists their
progress, all asked of the service (the kernel opens no tables' store of its own); a table closed because its
record is damaged is listed with the sentence that says where."""

from __future__ import annotations

import pytest

from service_server import TokenPeople, serving
from tutor import classroom
from tutor.progress import Progress
from tutor.service import remote_records
from tutor.service.app import make_app
from tutor.service.hub import PeopleArea
from tutor.service.people import Person
from tutor.service.records import RecordsArea
from tutor.service.tables import TablesArea
from tutor.tables import Table
from tutor.tables.store import SQLiteTables

TESS, ANN = Person("tess", teacher=True), Person("ann")
PEOPLE = TokenPeople({"t-tess": TESS, "t-ann": ANN})


@pytest.fixture()
def stores(tmp_path):
    return Progress(tmp_path / "records.sqlite3"), SQLiteTables(tmp_path / "tables.sqlite3")


@pytest.fixture()
def page(monkeypatch, stores, tmp_path):
    """The teacher's page in a kernel signed in to the service as tess; the kernel's own tables' address names a
    file that must never be made."""
    progress, tables = stores
    for name in ("ann", "bob", "cai"):
        progress.reach(name, "burn", "burn.deal")
    areas = {"people": PeopleArea(), "records": RecordsArea(progress), "tables": TablesArea(tables)}
    monkeypatch.setattr(remote_records, "_whoami", {})
    monkeypatch.setattr(remote_records, "_whoami_failed", {})
    monkeypatch.setattr(classroom, "_store", None)
    with serving(make_app(areas, PEOPLE)) as url:
        monkeypatch.setenv("GWARI_SERVICE_URL", url)
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-tess")
        monkeypatch.setenv("GWARI_PROGRESS", str(tmp_path / "kernel" / "records.sqlite3"))
        monkeypatch.setenv("GWARI_TABLES", str(tmp_path / "kernel" / "tables.sqlite3"))
        from tutor.widgets.teacher import TeacherWidget

        yield TeacherWidget()
    assert not (tmp_path / "kernel").exists()


def test_the_teacher_seats_starts_and_closes_the_class_tables_through_the_service(page, stores):
    _progress, tables = stores
    assert page.unlocked
    page.handle("filltables", None, {"tablegame": "burn", "tablesize": "4"})
    assert not page.trouble, page.message
    codes = tables.codes()
    assert len(codes) == 1 and codes[0] in page.message
    assert tables.meta(codes[0])["names"][:3] == ["ann", "bob", "cai"]
    shown = page.render()
    assert codes[0] in shown and "waiting to start" in shown
    page.handle("starttable", codes[0])
    assert tables.meta(codes[0])["status"] == "playing" and page.message == f"Table {codes[0]} has started."
    assert "to play" in page.render()
    page.handle("closetable", codes[0])
    assert tables.meta(codes[0])["status"] == "closed" and f"<code>{codes[0]}</code>" not in page.render()


def test_a_table_closed_for_a_damaged_record_is_listed_with_why(page, stores):
    _progress, tables = stores
    page.handle("filltables", None, {"tablegame": "burn", "tablesize": "4"})
    code = tables.codes()[0]
    page.handle("starttable", code)
    tables.append(code, tables.version(code), [{"seat": 0, "move": "play ZZ99", "kind": "move", "by": "learner"}])
    Table(tables, code)  # the referee reads the log: the damaged entry closes the table
    shown = page.render()
    assert f"closed: Table {code}: its record is damaged at move" in shown
    assert f'data-value="{code}"' not in shown.split(code, 1)[1].split("</tr>")[0]  # no Start or Close for it


def test_a_learner_is_refused_the_teachers_table_actions(stores, monkeypatch):
    from tutor.service.remote import ask_tables
    from tutor.tables import TableError

    progress, tables = stores
    areas = {"people": PeopleArea(), "records": RecordsArea(progress), "tables": TablesArea(tables)}
    with serving(make_app(areas, PEOPLE)) as url:
        monkeypatch.setenv("GWARI_SERVICE_URL", url)
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-ann")
        with pytest.raises(TableError, match="teacher"):
            ask_tables("fill", {"game": "burn", "learners": ["ann", "bob"], "size": 4})
        with pytest.raises(TableError, match="teacher"):
            ask_tables("list", {})
    assert tables.codes() == []
