"""The class's tournament as the class service runs it (``tutor.tables.tournament_play``): the teacher starts it,
opens and starts each round, and the teacher's page ticks it on (bots play where nobody is left, finished tables'
results are kept); a learner may read the standings only.

``TournamentArea(store).call(person, op, args)`` answers one request (``tutor.service.app`` routes ``tournament``
requests here).  The same area answers a page on one machine, with no service (``ask``), so the rules of who may do
what are the same everywhere.  Nothing a learner's request says changes a tournament; what any page is sent is
``tutor.tables.tournament_play.public``: teams, standings, results, never the event's number (the tables' seeds
are made from it) or a hand.

Ops for a teacher: ``start`` (game, learners, drawn), ``round`` (open the next round), ``begin`` (start the round's
tables), ``tick``, ``show``, ``final`` (open the final's table); for anyone signed in: ``standings`` (of the last
tournament of a game).
"""

from __future__ import annotations

import threading
from typing import Any

from tutor.service.people import Person, Refused
from tutor.tables import TableError, TableStore
from tutor.tables import tournament_play as play

__all__ = ["TournamentArea", "ask"]


class TournamentArea:
    """The class's tournaments, kept in the tables' store, for the people the hub signs in."""

    LEARNER_OPS = ("standings",)
    TEACHER_OPS = ("start", "round", "begin", "tick", "show", "final")
    ops = LEARNER_OPS + TEACHER_OPS

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.kept: dict[str, dict[str, Any]] = {}  # per tournament: the referees of its tables, between ticks
        self._lock = threading.Lock()

    def call(self, person: Person, op: str, args: dict[str, Any]) -> Any:
        """Do ``op`` for ``person`` with ``args`` (JSON values); a refusal is ``Refused`` (what the person may not
        do) or a ``TableError`` (a bad request), in words naming the field."""
        if not isinstance(person, Person):
            raise Refused("Sign in through the hub first.")
        if not isinstance(args, dict):
            raise TableError("A request about the tournament is a mapping of names to values.")
        if op in self.TEACHER_OPS and not person.teacher:
            raise Refused(f"You are signed in as {person.name}: only a teacher runs the class's tournament.")
        if op not in self.ops:
            raise TableError(f"The tournament has no request {str(op)[:30]!r}.")
        with self._lock:
            return getattr(self, f"_{op}")(args)

    def _meta(self, args: dict[str, Any]) -> dict[str, Any]:
        if args.get("code") is None:
            meta = play.latest(self.store)
            if meta is None:
                raise TableError("tournament: no tournament has been started yet.")
            return meta
        return play.record(self.store, args["code"])

    def _show(self, args: dict[str, Any]) -> dict[str, Any] | None:
        """The tournament for the teacher's page (the last one unless ``code`` names another); None when there is
        none."""
        if args.get("code") is None and play.latest(self.store) is None:
            return None
        return play.public(self._meta(args), teacher=True)

    def _start(self, args: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(args) - {"game", "learners", "drawn", "level", "away_ms"})
        if unknown:
            raise TableError(f"{unknown[0][:30]}: a tournament is started with its game, learners and teams "
                             "(drawn or in order).")
        code = play.start(self.store, args.get("game"), args.get("learners"), drawn=args.get("drawn", False),
                          level=args.get("level", "strong"), away_ms=args.get("away_ms", play.AWAY_MS))
        return play.public(play.record(self.store, code), teacher=True)

    def _round(self, args: dict[str, Any]) -> dict[str, Any]:
        meta = self._meta(args)
        play.open_round(self.store, meta["code"])
        return play.public(play.record(self.store, meta["code"]), teacher=True)

    def _begin(self, args: dict[str, Any]) -> dict[str, Any]:
        meta = self._meta(args)
        if not play.begin_round(self.store, meta["code"]):
            raise TableError("round: no table of the round is waiting to start.")
        return play.public(play.record(self.store, meta["code"]), teacher=True)

    def _tick(self, args: dict[str, Any]) -> dict[str, Any]:
        meta = self._meta(args)
        kept = self.kept.setdefault(meta["code"], {})
        return play.public(play.advance(self.store, meta["code"], kept), teacher=True)

    def _final(self, args: dict[str, Any]) -> dict[str, Any]:
        meta = self._meta(args)
        play.open_final(self.store, meta["code"])
        return play.public(play.record(self.store, meta["code"]), teacher=True)

    def _standings(self, args: dict[str, Any]) -> dict[str, Any] | None:
        """The last tournament of ``game`` as a learner sees it (standings over the rounds ended); None if none."""
        game = args.get("game")
        if game is not None and game not in play.GAMES:
            raise TableError(f"game: a tournament is of Pymtheg or Burn, not {str(game)[:30]!r}.")
        meta = play.latest(self.store, game)
        return None if meta is None else play.public(meta)


_local: dict[str, TournamentArea] = {}


def ask(op: str, args: dict[str, Any], *, teacher: bool, name: str = "teacher", store: Any = None) -> Any:
    """One request about the class's tournament: to the class service under a hub (``$GWARI_SERVICE_URL``), which
    knows who asks from the kernel's token; else to the tables' store on this machine (``store``, else
    ``tutor.tables.tables_store()``), as ``teacher`` or as the learner ``name``.  A refusal is a ``TableError`` in
    words."""
    from tutor.service.transport import transport

    way = transport()
    if way is not None:
        try:
            return way.call("tournament", op, args)
        except (Refused, ConnectionError) as exc:
            raise TableError(str(exc)) from None
    if store is None:
        from tutor.tables import tables_store

        store = tables_store()
    where = getattr(store, "path", None)  # one machine's SQLite file: its tables' referees kept between ticks
    area = _local.get(str(where)) if where is not None else None
    if area is None:
        area = TournamentArea(store)
        if where is not None:
            _local[str(where)] = area
    try:
        return area.call(Person(name, teacher=teacher), op, args)
    except Refused as exc:
        raise TableError(str(exc)) from None
