"""Tables of classmates: one game, several learners each in their own seat, in real time, for every game.

- ``interface``: what every store offers (``TableStore``), the error a table refuses with, the tables' codes;
- ``store``: where tables live: ``SQLiteTables`` on one machine (the default, no set-up), ``RedisTables``
  (``redis_store``) when learners' servers run on several machines; ``tables_store()`` picks by ``$GWARI_TABLES``.
- ``referee``: ``Table``, one seat's hold on a table: what a shared table adds to the game's driver
  (``tutor.driver``, which plays the game, its bots and their seeds): the store, the seats' keys and the log;
  the seat's moves checked by the game's engine; the seat's view only; bots for empty and away seats; the
  teacher's look with no hand (``summary``, ``class_tables``);
- ``seating``: the table's card and the seats' keys: opening, joining, starting, the open tables, a class's
  tables filled (``open_tables``, ``fill_tables``);
- ``rounds``: decisions made ahead in a round everyone decides at once, and the race's ticks settled by the
  store's clock;
- ``questions``: a question put to a learner's seat, awaiting its answer;
- ``tournament_play``: a class tournament of Pymtheg or Burn (the rule book's league, then its final) played at
  the class's tables, its record kept in the same store;
- ``shown``: what a seat shows of the game its driver holds (the position, the record, the narration, the bots'
  reasons), for a table played here and one the class service keeps alike;
- ``damage``: a table's card and each entry of its log checked as they are read; a damaged one closes the table in
  words (an old backup, a hand edit, a program that wrote what the referee never would).

Only the server runs this (a learner's kernel under Voilà or JupyterLab); the page holds no key but its own seat's,
and is sent only what that seat may see.  No game is named here.
"""

from tutor.tables.referee import (AWAY_MS, BOT_STEP_MS, OFFER_WAIT_MS, Table, TableBusy, class_tables,
                                  fill_tables, open_tables)
from tutor.tables.store import STORE_ENV, SQLiteTables, TableError, TableStore, table_code, tables_store

__all__ = ["AWAY_MS", "BOT_STEP_MS", "OFFER_WAIT_MS", "STORE_ENV", "SQLiteTables", "Table", "TableBusy", "TableError",
           "TableStore", "class_tables", "fill_tables", "open_tables", "table_code", "tables_store"]
