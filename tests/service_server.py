"""A class service's web app served on a free port of 127.0.0.1 in a thread of the test's process (its own event
loop), and people known by fake tokens: what the service's tests reach over real HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any, Iterator

from tutor.service.people import Person, Refused


class TokenPeople:
    """People by token, as the hub would tell them (``people.person(token)``); any other token is refused."""

    def __init__(self, people: dict[str, Person]) -> None:
        self.people = people

    def person(self, token: str) -> Person:
        if token not in self.people:
            raise Refused("Sign in through the hub first.")
        return self.people[token]


@contextlib.contextmanager
def serving(app: Any, *, max_body_size: int | None = None) -> Iterator[str]:
    """Serve ``app`` (a tornado application) until the block ends; yields its address, ``http://127.0.0.1:PORT/``."""
    from tornado.httpserver import HTTPServer
    from tornado.testing import bind_unused_port

    sock, port = bind_unused_port()
    started = threading.Event()
    held: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)

        async def start() -> None:
            held["server"] = HTTPServer(app, max_body_size=max_body_size)
            held["server"].add_sockets([sock])

        loop.run_until_complete(start())
        held["loop"] = loop
        started.set()
        loop.run_forever()
        held["server"].stop()
        loop.run_until_complete(held["server"].close_all_connections())
        loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(30), "the test's service did not start"
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        held["loop"].call_soon_threadsafe(held["loop"].stop)
        thread.join(30)
