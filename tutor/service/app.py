"""The class service's web server (``python -m tutor.service``, ``gwari service``): JSON over HTTP for the learners'
kernels, each request signed in through JupyterHub.

An area is any object with ``call(person, op, args)`` (and, when it lists them, ``ops``, the ops it serves).
``make_app(areas, people)`` serves ``POST /api/<area>/<op>`` (and the same under ``$JUPYTERHUB_SERVICE_PREFIX``, as
the hub's proxy passes it on) with a JSON object of arguments: ``people.person(token)`` (``HubPeople``, or any
object answering it, awaited or not) tells who asks from the ``Authorization: token …`` header alone; each person
may make ``limits.BURST`` requests at once, refilled at ``limits.REQUESTS_PER_SECOND``; then
``areas[area].call(person, op, args)`` answers, in a pool of ``AREA_THREADS`` threads (an area is called from
several threads at once, as its stores are from several processes).  The answer is ``{"value": …}``; a refusal is
``{"error": words}`` with its status: ``Refused`` its own, a bad request (``ValueError``: ``TableError`` and
``IllegalMove`` among them, the move's reason in words and its rule's id as ``rule``) 400, an area or an op not served 404, too many requests 429, a store that cannot be
reached 503.  ``GET /api/health`` (and ``GET`` of the service's address, the hub's own check) answers
``{"value": "ok"}`` to anyone.

``main()`` listens where ``$JUPYTERHUB_SERVICE_URL`` says (or ``--ip``/``--port``), opens the records and the
tables from its own ``$GWARI_PROGRESS`` and ``$GWARI_TABLES`` (refusing to start, exit 2, naming the variable, as
the notebook server does: ``tutor.serving.store_problems``), and serves the areas "people", "records", "tables"
and "tournament".
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import logging
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlparse

import tornado.web

from tutor.service.limits import Buckets
from tutor.service.people import Refused

AREA_THREADS = 4
MAX_BODY = 16 * 1024 * 1024  # an imported file of records may be 5 MB, sent inside JSON (escaped)
TOKEN = re.compile(r"(?:token|bearer)\s+(\S+)\s*$", re.IGNORECASE)
log = logging.getLogger("tutor.service")


class ApiHandler(tornado.web.RequestHandler):
    """``POST /api/<area>/<op>``: one request of one signed-in person."""

    def initialize(self, areas: dict[str, Any], people: Any, limits: Buckets, pool: ThreadPoolExecutor) -> None:
        self.areas, self.people, self.limits, self.pool = areas, people, limits, pool

    def check_xsrf_cookie(self) -> None:
        """Requests are signed with a token in a header, never a cookie: nothing for a forged page to borrow."""

    def answer(self, status: int, body: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))

    async def post(self, area_name: str, op: str) -> None:
        try:
            value = await self._serve(area_name, op)
        except Refused as exc:
            self.answer(exc.status, {"error": str(exc)})
        except ValueError as exc:  # TableError and IllegalMove are ValueErrors: a bad request, in words
            rule = getattr(exc, "rule", None)  # an illegal move: its reason in words, the rule's id beside it
            self.answer(400, {"error": getattr(exc, "reason", None) or str(exc)} | ({"rule": rule} if rule else {}))
        except Exception as exc:
            from tutor.progress import StoreError

            if isinstance(exc, (StoreError, OSError)):
                log.warning("%s/%s: the store could not be used: %s", area_name, op, exc)
                self.answer(503, {"error": f"The class's records cannot be reached just now ({exc}); try again "
                                           "in a moment, and tell your teacher if it goes on."})
                return
            log.exception("%s/%s failed", area_name, op)
            self.answer(500, {"error": "Something went wrong in the class service; tell your teacher."})
        else:
            self.answer(200, {"value": value})

    async def _serve(self, area_name: str, op: str) -> Any:
        found = TOKEN.match(self.request.headers.get("Authorization", ""))
        person = self.people.person(found.group(1) if found else "")
        if inspect.isawaitable(person):
            person = await person
        if not self.limits.take(person.name):
            raise Refused(self.limits.words(person.name), 429)
        area = self.areas.get(area_name)
        if area is None:
            raise Refused(f"The class service has no {area_name!r}: it serves {', '.join(sorted(self.areas))}.",
                          404)
        ops = getattr(area, "ops", None)
        if ops is not None and op not in ops:
            raise Refused(f"The class service has no {op!r} among {area_name}.", 404)
        try:
            args = json.loads(self.request.body or b"{}")
        except ValueError:
            raise ValueError("The request's body must be a JSON object of arguments; it is not JSON.") from None
        if not isinstance(args, dict):
            raise ValueError(f"The request's body must be a JSON object of arguments, not {_kind(args)}.")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, area.call, person, op, args)


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", bool: "true or false", int: "a number", float: "a number",
            type(None): "null"}.get(type(value), type(value).__name__)


class HealthHandler(tornado.web.RequestHandler):
    """``GET /api/health``, and ``GET`` of the service's own address (which the hub asks every minute to see that
    its managed service is up): the service is up (no sign-in)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"value": "ok"}))


def make_app(areas: dict[str, Any], people: Any, *, limits: Buckets | None = None, prefix: str = "/",
             threads: int = AREA_THREADS) -> tornado.web.Application:
    """The service's web application: ``areas`` by name, ``people.person(token)`` telling who asks, the
    requests limited per person by ``limits``; served at ``/api/`` and, when given, under ``prefix`` too."""
    prefixes = {"/", "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"}
    settings = {"areas": areas, "people": people, "limits": limits or Buckets(),
                "pool": ThreadPoolExecutor(threads, thread_name_prefix="gwari-area")}
    routes: list[Any] = []
    for base in sorted(prefixes):
        routes += [(rf"{re.escape(base)}(?:api/health)?", HealthHandler),
                   (rf"{re.escape(base)}api/([^/]+)/([^/]+)", ApiHandler, settings)]
    return tornado.web.Application(routes, xsrf_cookies=False)


def open_areas(progress: Any, tables: Any) -> dict[str, Any]:
    """The areas served: people, the records (``RecordsArea``) and, where it is written, the tables."""
    from tutor.service.hub import PeopleArea
    from tutor.service.records import RecordsArea

    areas: dict[str, Any] = {"people": PeopleArea(), "records": RecordsArea(progress)}
    try:
        from tutor.service.tables import TablesArea
        from tutor.service.tournaments import TournamentArea
    except ImportError as exc:
        log.warning("The tables of classmates are not served: %s", exc)
    else:
        areas["tables"] = TablesArea(tables)
        areas["tournament"] = TournamentArea(tables)  # the class's tournament, kept in the tables' store
    return areas


def listen_address(args: argparse.Namespace) -> tuple[str, int, str]:
    """Where to listen (ip, port) and the path prefix, from ``--ip``/``--port`` else ``$JUPYTERHUB_SERVICE_URL``."""
    import os

    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "") or "http://127.0.0.1:8765/")
    ip = args.ip or url.hostname or "127.0.0.1"
    port = args.port or url.port or 8765
    return ip, port, os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "") or "/"


def main(argv: list[str] | None = None) -> int:
    """Run the class service until stopped; exit 2, in words, when a store cannot be used."""
    parser = argparse.ArgumentParser(prog="gwari service", description="The class service: the class's records "
                                     "and tables, for the learners' kernels, signed in through JupyterHub.")
    parser.add_argument("--ip", default="", help="the address to listen on (default: $JUPYTERHUB_SERVICE_URL's)")
    parser.add_argument("--port", type=int, default=0, help="the port (default: $JUPYTERHUB_SERVICE_URL's, else 8765)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # said by the hub's package as it is imported
    from tutor.serving import store_problems

    problems = store_problems()
    if problems:
        for problem in problems:
            log.critical("The class's store cannot be used: %s", problem)
        return 2
    from tutor.progress.opening import open_progress
    from tutor.service.hub import HubPeople
    from tutor.tables import tables_store

    try:
        progress, tables = open_progress(), tables_store()
    except Exception as exc:  # each store's own refusal, in words
        log.critical("The class's store cannot be used: %s", exc)
        return 2
    ip, port, prefix = listen_address(args)
    app = make_app(open_areas(progress, tables), HubPeople(), prefix=prefix)

    async def serve() -> None:
        app.listen(port, ip, max_body_size=MAX_BODY)
        log.info("The class service listens on http://%s:%d%s (records in %s)", ip, port, prefix,
                 getattr(progress, "address", "?"))
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
