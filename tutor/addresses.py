"""Where the class's stores are: ``$GWARI_TABLES`` and ``$GWARI_PROGRESS`` read as what they are.

An address is one of:

- the path of an SQLite file on this machine (``/srv/gwari/progress.sqlite3``, ``class/tables.sqlite3``,
  ``~/gwari.sqlite3``), or the same written ``sqlite:`` + path (``sqlite:class/tables.sqlite3``) or as a file URI,
  ``sqlite:///srv/gwari/progress.sqlite3`` (an absolute path; ``sqlite://localhost/...`` is the same);
- a PostgreSQL server: ``postgresql://user@host:5432/database`` (or ``postgres://``), as libpq reads it;
- a Redis server, for the tables only: ``redis://host:6379/0``, ``rediss://`` (over TLS), ``unix:///path/redis.sock``.

Anything else that starts with a scheme (``http://``, ``mysql://``, a mistyped ``postgresq://``) is refused with an
``AddressError`` naming the variable and the addresses understood: it is never taken as a file's name, which would
give every server its own store and keep classmates on different machines apart without a word.  A file whose name
holds a colon is written ``./name:1.sqlite3``.

An address is shown (``Address.shown``, in every message) without its password, whether written in the address
(``postgresql://gwari:secret@host/db``) or as a ``password=`` parameter.  Nothing here opens a store or reaches a
server: ``tutor.tables.store.tables_store`` and ``tutor.progress.opening.open_progress`` do, and the server
refuses at its start an address that cannot be used (``tutor.serving.store_problems``).  Python in the browser
reads neither variable: the learner apps there keep progress in the page.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

__all__ = ["KINDS", "SCHEMES", "Address", "AddressError", "not_opened", "postgres_missing", "read_address", "shown"]

SCHEMES = {"sqlite": "sqlite", "postgresql": "postgresql", "postgres": "postgresql", "redis": "redis",
           "rediss": "redis", "unix": "redis"}
"""The schemes understood, and the kind of store each names."""
KINDS = ("sqlite", "postgresql", "redis")
WRITTEN = {"sqlite": "the path of a file (or sqlite:PATH)", "postgresql": "postgresql://…",
           "redis": "redis://… (rediss://…, unix://…)"}
EXAMPLES = {"postgresql": "postgresql://gwari@db.school.internal:5432/gwari",
            "postgres": "postgres://gwari@db.school.internal:5432/gwari",
            "redis": "redis://tables.school.internal:6379/0", "rediss": "rediss://tables.school.internal:6380/0",
            "unix": "unix:///run/redis/redis.sock"}
_NAMES = {"postgresql": "PostgreSQL", "redis": "Redis", "sqlite": "SQLite"}
_WHAT = {"GWARI_PROGRESS": "the learners' records", "GWARI_TABLES": "the tables of classmates"}
_UNANSWERED = ("OperationalError", "ConnectionTimeout", "ConnectionError", "TimeoutError")
"""The drivers' errors for a server that did not answer (psycopg's, redis's), named so nothing is imported here."""
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_LONGEST = 2000  # characters: an address longer than this is not one


class AddressError(ValueError):
    """An address that is not understood, or names a store not offered for it: the message names the variable."""


@dataclass(frozen=True)
class Address:
    """One store's address: the variable it was read from, the kind of store (``sqlite``, ``postgresql``,
    ``redis``), and the file's path (SQLite) or the server's address as given (the others)."""

    variable: str
    kind: str
    path: Path | None = None
    url: str = ""

    @property
    def server(self) -> bool:
        """Whether the store is a server reached over the network or a socket (not a file on this machine)."""
        return self.kind != "sqlite"

    @property
    def shown(self) -> str:
        """The address as it may be written in a message or a log: a file's path, or the server's address without
        any password."""
        return str(self.path) if self.path is not None else shown(self.url)

    def scrub(self, text: str) -> str:
        """``text`` (a driver's error, say) with the address and its password replaced by what may be shown."""
        if not self.url:
            return text
        text = text.replace(self.url, self.shown)
        for password in sorted(_passwords(self.url), key=len, reverse=True):
            text = text.replace(password, "***")
        return text

    def __str__(self) -> str:
        return self.shown


def _passwords(url: str) -> set[str]:
    """The password written in ``url``, as written and as meant (percent-decoded); none when there is none."""
    try:
        parts = urlsplit(url)
        found = [parts.password or ""] + [value for key, value in parse_qsl(parts.query, keep_blank_values=True)
                                          if key.lower() == "password"]
    except ValueError:
        return set()
    return {form for raw in found if raw for form in (raw, unquote(raw))}


def shown(url: str) -> str:
    """A server's address without its password (in the user part or as a ``password`` parameter); one that cannot
    be read as an address is shown as its scheme only."""
    try:
        parts = urlsplit(url)
    except ValueError:
        match = _SCHEME.match(url)
        return f"{match.group(1)}://…" if match else "(an address that cannot be read)"
    netloc = parts.netloc
    if "@" in netloc:
        user_info, _, host = netloc.rpartition("@")
        user = user_info.partition(":")[0]
        netloc = f"{user}@{host}" if user else host
    kept = [item for item in parts.query.split("&") if item and unquote(item.partition("=")[0]).lower() != "password"]
    query = "&".join(kept)
    if netloc == parts.netloc and query == parts.query:
        return url
    head = f"{parts.scheme}://{netloc}" if url[len(parts.scheme) + 1:].startswith("//") else f"{parts.scheme}:"
    return head + parts.path + (f"?{query}" if query else "") + (f"#{parts.fragment}" if parts.fragment else "")


def _understood(kinds: tuple[str, ...]) -> str:
    """The addresses understood for a store of one of ``kinds``, in words ("A, B or C")."""
    said = [WRITTEN[kind] for kind in kinds]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


def read_address(variable: str, text: object, kinds: tuple[str, ...] = KINDS) -> Address:
    """The address ``text`` given in ``variable``, read as what it is, or an ``AddressError`` naming the variable:
    a scheme not understood, a store of a kind not in ``kinds``, or an address that cannot be one (empty, a NUL,
    a server's address with no server part).  ``~`` at the start of a path is the user's home."""
    if isinstance(text, os.PathLike):
        text = os.fspath(text)
    if not isinstance(text, str):
        raise AddressError(f"{variable}: give the address as text, not {type(text).__name__}.")
    given = text.strip()
    if not given:
        raise AddressError(f"{variable}: the address is empty; give {_understood(kinds)}.")
    if "\x00" in given or len(given) > _LONGEST:
        raise AddressError(f"{variable}: {shown(given)[:60]!r}… is not an address"
                           f"{' (it holds a NUL character)' if chr(0) in given else ''}; give {_understood(kinds)}.")
    match = _SCHEME.match(given)
    drive = match is not None and len(match.group(1)) == 1 and given[2:3] in ("\\", "/")  # C:\ on Windows
    if match is None or drive:
        return _file(variable, given, given, kinds)
    scheme = match.group(1).lower()
    kind = SCHEMES.get(scheme)
    if kind is None:
        raise AddressError(f"{variable}: {shown(given)} is not an address Gwari reads: its scheme {scheme}: is none "
                           f"of {', '.join(s + ':' for s in SCHEMES)}.  Give {_understood(kinds)}; a file whose name "
                           "holds a colon is written ./name.")
    if kind not in kinds:
        raise AddressError(f"{variable}: {shown(given)} is a {_NAMES[kind]} server, which does not keep "
                           f"{_WHAT.get(variable, 'this store')}; give {_understood(kinds)}.")
    if kind == "sqlite":
        return _sqlite(variable, given, kinds)
    return _server(variable, given, scheme, kind)


def _file(variable: str, path: str, given: str, kinds: tuple[str, ...]) -> Address:
    if "sqlite" not in kinds:
        raise AddressError(f"{variable}: {given} is a file's path; give {_understood(kinds)}.")
    if not path.strip():
        raise AddressError(f"{variable}: {given} names no file; give its path, like sqlite:class/progress.sqlite3.")
    return Address(variable, "sqlite", path=Path(path).expanduser())


def _sqlite(variable: str, given: str, kinds: tuple[str, ...]) -> Address:
    rest = given.split(":", 1)[1]
    if rest.startswith("//"):  # a file URI: sqlite:///abs/path or sqlite://localhost/abs/path
        host, slash, path = rest[2:].partition("/")
        if host.lower() not in ("", "localhost"):
            raise AddressError(f"{variable}: {given} names the host {host}, but an SQLite file is on this machine; "
                               "write sqlite:///absolute/path or sqlite:relative/path.")
        return _file(variable, "/" + path.lstrip("/") if slash and path.strip("/") else "", given, kinds)
    return _file(variable, rest, given, kinds)


def _server(variable: str, given: str, scheme: str, kind: str) -> Address:
    try:
        parts = urlsplit(given)
        parts.port  # noqa: B018 - a port that is not a number is refused here
    except ValueError as exc:
        raise AddressError(f"{variable}: {shown(given)} cannot be read as a {_NAMES[kind]} address ({exc}).") from None
    if not given[len(scheme) + 1:].startswith("//"):
        raise AddressError(f"{variable}: {shown(given)} is not written as a {_NAMES[kind]} address; write "
                           f"{scheme}://… (like {EXAMPLES[scheme]}).")
    if scheme == "unix" and not parts.path.strip("/"):
        raise AddressError(f"{variable}: {shown(given)} names no socket; write unix:///path/to/redis.sock.")
    return Address(variable, kind, url=given)


def postgres_missing(address: Address, exc: ImportError) -> str:
    """Why a PostgreSQL address cannot be opened here (the driver, or Gwari's store for it, cannot be imported)."""
    return (f"PostgreSQL needs the psycopg driver and Gwari's PostgreSQL store (pip install 'gwari[server,postgres]'), "
            f"and here {exc.name or 'one of them'} cannot be imported; {address.shown} was not opened.")


def not_opened(address: Address, exc: BaseException) -> Exception:
    """The error to raise when a server's store could not be opened: a ``ConnectionError`` when the server did not
    answer (the driver's connection error), else a ``ValueError`` (it answered and refused); the message names the
    variable and shows the address, and the driver's words, without the password."""
    reason = address.scrub(str(exc)) or type(exc).__name__
    name = _NAMES[address.kind]
    if isinstance(exc, OSError) or type(exc).__name__ in _UNANSWERED:
        return ConnectionError(f"{address.variable}: the {name} server at {address.shown} cannot be reached "
                               f"({reason}).")
    return ValueError(f"{address.variable}: the {name} store at {address.shown} could not be opened ({reason}).")
