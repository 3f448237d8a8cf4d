"""Tables of classmates: one game, several learners each in their own seat, in real time, for every game.

- ``interface``: what every store offers (``TableStore``), the error a table refuses with, the tables' codes;
- ``store``: where tables live: ``SQLiteTables`` on one machine (the default, no set-up), ``RedisTables``
  (``redis_store``) when learners' servers run on several machines; ``tables_store()`` picks by ``$GWARI_TABLES``.
- ``referee``: ``Table``, one seat's hold on a table: opening, joining, starting and closing; the seat's moves
  checked by the game's engine; the seat's view only; bots for empty and away seats; races decided by the
  store's clock; the teacher's look with no hand (``summary``, ``class_tables``, ``fill_tables``).

Only the server runs this (a learner's kernel under Voilà or JupyterLab); the page holds no key but its own seat's,
and is sent only what that seat may see.  No game is named here.
"""

from tutor.tables.referee import (AWAY_MS, BOT_STEP_MS, OFFER_WAIT_MS, Table, TableBusy, class_tables,
                                  fill_tables, open_tables)
from tutor.tables.store import STORE_ENV, SQLiteTables, TableError, TableStore, table_code, tables_store

__all__ = ["AWAY_MS", "BOT_STEP_MS", "OFFER_WAIT_MS", "STORE_ENV", "SQLiteTables", "Table", "TableBusy", "TableError",
           "TableStore", "class_tables", "fill_tables", "open_tables", "table_code", "tables_store"]
