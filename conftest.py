"""How the test run is spread over pytest-xdist's workers (``--dist loadgroup``, as ``.ci/test`` runs it).

Here, at the top of the checkout, so that it applies to ``tests/`` and ``notebooks/`` alike, in the workers and in
the controller that checks the grouping held.
"""

from __future__ import annotations

import pytest

VOILA_GROUP = "voila"


# Modules whose tests share servers started once per module (their fixtures); spread over two workers, each
# worker would start its own.
SERVER_MODULES = {"test_serving", "test_static_site", "test_binder", "test_rulesheet", "test_hub"}


def _group_of(item) -> str | None:
    """The tests that share one worker: those using the session's Voilà server (``voila_url``) or JupyterLab, each
    notebook's cells (they share one kernel), and each module of ``SERVER_MODULES``."""
    if {"voila_url", "lab_url"} & set(getattr(item, "fixturenames", ())):
        return VOILA_GROUP
    if item.path.suffix == ".ipynb":
        return f"notebook-{item.path.stem}"
    if item.path.stem in SERVER_MODULES:
        return item.path.stem
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """Group tests for ``--dist loadgroup`` (``_group_of``); every other test goes to whichever worker is free.  The
    pages served by the session's Voilà server load one at a time, on one worker: two Chromiums and two servers
    filling their pools on two cores left pages waiting 90 s for a kernel (tried again with the browser suite in
    two halves on three workers: the same).  This hook runs first: xdist reads the group marks in its own hook, and a mark added after that is ignored.  Whether
    the grouping held is checked when the run ends (``pytest_sessionfinish``)."""
    for item in items:
        group = _group_of(item)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))


_GROUP_WORKERS: dict[str, set[str]] = {}


def pytest_runtest_logreport(report):
    """On the controller of a parallel run: note which worker ran each grouped test ("?" when its node id does not
    carry its group, which xdist appends)."""
    worker = getattr(getattr(report, "node", None), "gateway", None)
    if worker is not None and report.when == "call" and "xdist_group" in report.keywords:
        group = report.nodeid.rsplit("@", 1)[1] if "@" in report.nodeid else "?"
        _GROUP_WORKERS.setdefault(group, set()).add(worker.id)


def pytest_sessionfinish(session, exitstatus):
    """A run with ``--dist loadgroup`` fails if a group's tests were spread over several workers, or carried no group
    (as with pytest 9.2 and xdist 3.8, where xdist's group suffix was lost and the tests spread without a word)."""
    if session.config.getoption("dist", "no") != "loadgroup":
        return
    wrong = {group: workers for group, workers in _GROUP_WORKERS.items() if group == "?" or len(workers) > 1}
    if wrong:
        writer = session.config.get_terminal_writer()
        writer.line()
        writer.line("--dist loadgroup did not keep each group on one worker: " + "; ".join(
            f"{'tests with no group' if g == '?' else g} ran on {', '.join(sorted(w))}" for g, w in sorted(wrong.items())),
            red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _notebook_kernels_start_again_once() -> None:
    """A notebook's kernel that dies before it first answers (its port taken by another process between the moment
    its ports are chosen and the moment it binds them, on a machine where many servers start at once) is started
    again, once, as a learner restarts a kernel that did not come up; any other failure, or a second death, fails
    the notebook as before."""
    from nbval.plugin import IPyNbFile

    setup = IPyNbFile.setup

    def setup_once_more(self) -> None:
        try:
            setup(self)
        except RuntimeError as exc:
            if "Kernel died before replying" not in str(exc):
                raise
            setup(self)

    IPyNbFile.setup = setup_once_more


_notebook_kernels_start_again_once()
