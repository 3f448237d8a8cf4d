"""What each learner of a class did, kept in one SQLite file: lessons, checks, games and the Cornish drill.

The file is ``$GWARI_PROGRESS`` if set, else ``$XDG_DATA_HOME/gwari/progress.sqlite3``
(``~/.local/share/gwari/progress.sqlite3``).  ``$GWARI_PROGRESS`` is read as what it is
(``schema.progress_address``, ``tutor.addresses``): a path or ``sqlite:PATH`` is the file, a
``postgresql://`` address a PostgreSQL server (``pg_store``); any other scheme, Redis's among them,
is refused naming the variable, never taken as a file's name.  Several learners share one store,
each under the name they type once in their browser.  Kept per learner:

- the rules of each lesson they reached and every check they answered (the
  answer given, right or wrong, in order, so "right first time" can be told);
- every game they finished against the bots (game, options, deal code, seats,
  scores, whether they won, its length);
- the drill's FSRS cards and answers, and the words fumbled in play;
- and, for the whole class, a few settings (the class deal for today, the tries at the class key).

One schema, versioned with SQLite's ``user_version``: a store written by an
earlier release is brought up to date when it is opened, losing nothing (the
first release's store has version 0).  A store written by a later release is
refused, untouched.  WAL mode, a busy timeout and one transaction per write let
many kernels record at once without losing anything.  A file that really is a
broken database is moved aside (``recovered`` names where) and a new one is
started; a path that cannot be a store (a folder, say) is refused, touching
nothing.  ``export_json``/``import_json`` carry progress between machines; every
field is checked, the same way, when an app writes it and when an export is read.

The parts: ``fields`` (what each field may hold, learner names, the records' types), ``schema`` (the file, its
schema and migrations), ``store`` (``Progress``: the records of learners), ``transfer`` (export and import),
``browser`` (``BrowserProgress``: the same in memory, for Python in the browser) and ``cli``
(``python -m tutor.progress where|backup|export|import``).

Python in the browser (Pyodide) has no ``sqlite3`` offline: the learner apps
run there without a store, and ``Progress`` says it cannot keep progress.
"""

from __future__ import annotations

from tutor.progress.fields import MAX_TEXT, CheckAnswer, PlayedGame, learner_name
from tutor.progress.schema import (BUSY_MS, FORMAT, VERSION, StoreError, StoreVersionError, progress_address,
                                   progress_path, sqlite3)
from tutor.progress.store import Progress, class_records, keep_fumbles
from tutor.progress.browser import BrowserProgress
from tutor.progress.cli import backup, main
from tutor.progress.transfer import read_export

__all__ = ["BUSY_MS", "FORMAT", "MAX_TEXT", "VERSION", "BrowserProgress", "CheckAnswer", "PlayedGame", "Progress",
           "StoreError", "StoreVersionError", "backup", "class_records", "keep_fumbles", "learner_name", "main",
           "progress_address", "progress_path", "read_export", "sqlite3"]
