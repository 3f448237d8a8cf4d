"""The teacher's page under the class service (``$GWARI_SERVICE_URL`` set): it opens for the class's teachers, the
hub's teachers group as the service tells it (``whoami``, from the kernel's hub token), with no class key; anyone
else is told, in words, whom the page is for.  The records it reads are the service's (``RemoteProgress``), which
refuses a learner every teacher's action whatever this page is made to do.
"""

from __future__ import annotations

from typing import Any, Callable

from tutor.progress import class_records
from tutor.service.remote_records import service_url, whoami, whoami_problem
from tutor.widgets.base import button, esc, heading

FOR_TEACHERS = "This page is for the class's teachers (the hub's teachers group)."


def under_service() -> bool:
    """Whether the class's records are kept by the class service (the page opens by hub group, not by key)."""
    return service_url() is not None


def signed_in_teacher(*, fresh: bool = True) -> bool:
    """Whether the service says the person signed in is one of the class's teachers (asked again: ``fresh``)."""
    return whoami(fresh=fresh).get("teacher") is True


def read_records(progress: Any) -> dict[str, list[dict[str, Any]]]:
    """Everything for the teacher's view: read by the service (``RemoteProgress.class_records``), or from a store
    on this machine (``tutor.progress.class_records``)."""
    ask = getattr(progress, "class_records", None)
    return ask() if callable(ask) else class_records(progress)


def gate_html(h: int) -> str:
    """The page before it opens under the service: for a teacher who locked it, "Open"; for anyone else, whom it
    is for."""
    if signed_in_teacher(fresh=False):
        return (f'<div class="gw-panel gw-teacher">{heading(h, "Open the class view")}<p>The class view is locked.'
                f'</p><div class="gw-row">{button("Open", "key", primary=True, key="open")}</div></div>')
    problem = whoami_problem()
    return (f'<div class="gw-panel gw-teacher">{heading(h, "The class view")}'
            f'<p class="gw-error" data-testid="teachers-only">{FOR_TEACHERS}</p>'
            + (f'<p class="gw-small">{esc(problem)}</p>' if problem else "") + "</div>")


def table_rows(local: Callable[[], Any]) -> list[dict[str, Any]]:
    """Every table's progress (no card of any hand): asked of the service, or read from the store ``local()``
    opens on this machine."""
    if under_service():
        from tutor.service.remote import ask_tables

        return ask_tables("list", {})
    from tutor.tables import class_tables

    return class_tables(local())


def fill_tables(local: Callable[[], Any], game: str, learners: list[str], size: int) -> list[str]:
    """Seat ``learners`` at tables of ``size`` of ``game`` (the service does it under a hub); their codes."""
    if under_service():
        from tutor.service.remote import ask_tables

        return ask_tables("fill", {"game": game, "learners": list(learners), "size": size})
    from tutor.tables import fill_tables as fill

    return fill(local(), game, learners, size)


def table_action(local: Callable[[], Any], code: Any, action: str) -> str:
    """Start or close (``action``) table ``code`` from the teacher's page; its code as written."""
    from tutor.tables import Table, table_code

    if under_service():
        from tutor.service.remote import ask_tables

        code = table_code(code)
        ask_tables(action, {"code": code})
        return code
    table = Table(local(), str(code))
    getattr(table, action)()
    return table.code


__all__ = ["FOR_TEACHERS", "fill_tables", "gate_html", "read_records", "signed_in_teacher", "table_action",
           "table_rows", "under_service"]
