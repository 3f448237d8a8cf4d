"""Load and faults: a class of thirty opens the play app within ten seconds on a server warmed for it
(``--class-size 30``, as ``bash .ci/serve --classroom --class-size=30`` runs), plays, and leaves
(benchmarks/load.py).

A separate command, not part of the default run: ``bash .ci/test tests/test_load.py -m load``.
Thirty kernels starting on two cores make its timing depend on whatever else the
machine is doing, so it runs on its own; its last result is in benchmarks/RESULTS.md.

Twenty-seven learners are websocket clients doing what a page does, three are
Chromium pages; everything stays on 127.0.0.1 and every wait is bounded.  The
figures go to the test log (``pytest -s`` prints them); benchmarks/RESULTS.md
keeps a run's.  Forged messages and tracebacks are tested in test_serving.py and
test_widgets.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from load import CULL_IDLE, CULL_INTERVAL, run_load  # noqa: E402

LEARNERS, BROWSERS, MOVES = 30, 3, 3


@pytest.mark.load
@pytest.mark.browser
def test_a_class_of_thirty_all_play_and_their_kernels_are_released():
    result = run_load(LEARNERS, BROWSERS, MOVES, release_limit=CULL_IDLE + 4 * CULL_INTERVAL + 30,
                      class_size=LEARNERS, spread=10)
    print(result.summary())
    assert result.problems == []
    assert len(result.learners) == LEARNERS and all(x.kernel for x in result.learners)
    assert all(x.interactive_s > 0 for x in result.learners), "every page became interactive"
    assert all(x.moves >= 1 for x in result.learners), "every learner could move"
    assert len({x.kernel for x in result.learners}) == LEARNERS, "a kernel each"
    assert result.released_s is not None, "every kernel was released after the class left"
