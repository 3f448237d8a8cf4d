"""The class's records on every store, for the same tests: ``stores`` is parametrized over SQLite and PostgreSQL and
opens stores by name (the same name opens the same store again: a file in the test's folder, or a database of its
own on the worker's PostgreSQL server, dropped after the test).

A test module takes it with ``from tests.progress_stores import stores``; the server is ``postgres_url``
(tests/conftest.py), one per test worker.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tutor.progress import Progress
from tutor.progress.store import Records
from tutor.vocab.schedule import Clock, utc_now

KINDS = ("sqlite", "postgresql")
_numbers = itertools.count(1)


def open_address(kind: str, address: str, *, clock: Clock = utc_now) -> Records:
    """The store of ``kind`` at ``address`` (a file's path, or a PostgreSQL address), as another kernel opens it."""
    if kind == "sqlite":
        return Progress(address, clock=clock)
    from tutor.progress.pg_store import PostgresProgress

    return PostgresProgress(address, clock=clock)


def database_url(url: str, database: str) -> str:
    """``url`` naming another database on the same server."""
    return urlunsplit(urlsplit(url)._replace(path="/" + database))


class Stores:
    """Stores of one kind for one test, each opened by name."""

    def __init__(self, kind: str, folder: Path, server: str = "") -> None:
        self.kind, self.folder, self.server = kind, folder, server
        self.databases: dict[str, str] = {}  # name → the database's own name on the server
        self.opened: list[Any] = []

    def __repr__(self) -> str:
        return f"Stores({self.kind!r})"

    def address(self, name: str = "progress") -> str:
        """Where the store ``name`` is: a file's path, or a PostgreSQL address (its database made the first time)."""
        if self.kind == "sqlite":
            return str(self.folder / f"{name}.sqlite3")
        if name not in self.databases:
            database = f"records_{next(_numbers)}"
            self._admin(f'CREATE DATABASE "{database}"')
            self.databases[name] = database
        return database_url(self.server, self.databases[name])

    def __call__(self, name: str = "progress", *, clock: Clock = utc_now) -> Records:
        """The store ``name`` (made empty the first time)."""
        store = open_address(self.kind, self.address(name), clock=clock)
        self.opened.append(store)
        return store

    def sql(self, name: str, statement: str) -> list[tuple]:
        """Run one statement on the store ``name`` as its database's owner, outside the store (rows it returns)."""
        if self.kind == "sqlite":
            import sqlite3

            with sqlite3.connect(self.address(name)) as conn:
                return conn.execute(statement).fetchall()
        import psycopg

        with psycopg.connect(self.address(name), autocommit=True) as conn:
            cursor = conn.execute(statement)
            return cursor.fetchall() if cursor.description else []

    def _admin(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.server, autocommit=True) as conn:
            conn.execute(statement)

    def close_connections(self) -> None:
        """Close the connections the stores opened keep (a file's close after each call); the next call opens one."""
        for store in self.opened:
            getattr(store, "close", lambda: None)()

    def close(self) -> None:
        """Close the stores' connections and drop the databases."""
        self.close_connections()
        for database in self.databases.values():
            self._admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


@pytest.fixture(params=KINDS)
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """Stores of one kind (SQLite, then PostgreSQL) opened by name: ``stores("a")``."""
    server = request.getfixturevalue("postgres_url") if request.param == "postgresql" else ""
    made = Stores(request.param, tmp_path, server)
    yield made
    made.close()
