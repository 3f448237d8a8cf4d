"""How a learner's kernel reaches the class service: ``call(area, op, args)`` sends one request and returns the
answer's JSON value, or raises the service's refusal in words.

``HttpTransport`` posts to ``$GWARI_SERVICE_URL`` with the kernel's hub token (``$JUPYTERHUB_API_TOKEN``, which the
hub gives every single-user server and its kernels): the service tells who is asking from the token alone, never
from anything the request says.  ``LocalTransport`` calls a service object in this process as a given ``Person``,
through the same JSON both ways (what the tests use, and what a service's own code may use).

Only ``urllib`` from the standard library: nothing here is imported by learner code in the browser (Pyodide), where
there is no service.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any, Callable, Protocol

from tutor.service.people import Person, Refused

__all__ = ["SERVICE_ENV", "HttpTransport", "LocalTransport", "Transport", "ServiceError", "service_url",
           "transport"]

SERVICE_ENV = "GWARI_SERVICE_URL"
TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
TIMEOUT_S = 10.0


class ServiceError(ConnectionError):
    """The service could not be reached, or answered with something that is not its JSON: in words."""


class Transport(Protocol):
    def call(self, area: str, op: str, args: dict[str, Any]) -> Any:
        """Ask the service to do ``op`` in ``area`` (``records``, ``tables``, ``people``) with ``args``."""


def service_url() -> str | None:
    """The class service's address (``$GWARI_SERVICE_URL``), or None: no service, the stores are opened here."""
    url = os.environ.get(SERVICE_ENV, "").strip()
    return url or None


class HttpTransport:
    """Requests to the service at ``url`` signed with ``token`` (the hub token of this kernel's server)."""

    def __init__(self, url: str, token: str | None = None, timeout: float = TIMEOUT_S) -> None:
        self.url = url.rstrip("/") + "/"
        self.token = os.environ.get(TOKEN_ENV, "") if token is None else token
        self.timeout = timeout

    def call(self, area: str, op: str, args: dict[str, Any]) -> Any:
        body = json.dumps(args).encode("utf-8")
        request = urllib.request.Request(f"{self.url}api/{area}/{op}", data=body, method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": f"token {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return _answer(answer.read())["value"]
        except urllib.error.HTTPError as exc:
            words = _answer(exc.read()).get("error") or f"the class service answered {exc.code}."
            raise Refused(words, exc.code) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ServiceError(f"The class service at {self.url} could not be reached ({reason}).") from None


def _answer(raw: bytes) -> dict[str, Any]:
    try:
        value = json.loads(raw or b"{}")
    except ValueError:
        raise ServiceError("The class service answered with something that is not its answer.") from None
    if not isinstance(value, dict):
        raise ServiceError("The class service answered with something that is not its answer.")
    return value


class LocalTransport:
    """Calls ``handler(person, area, op, args)`` in this process as ``person``, the arguments and the answer passed
    through JSON as over HTTP."""

    def __init__(self, handler: Callable[[Person, str, str, dict[str, Any]], Any], person: Person) -> None:
        self.handler, self.person = handler, person

    def call(self, area: str, op: str, args: dict[str, Any]) -> Any:
        value = self.handler(self.person, area, op, json.loads(json.dumps(args)))
        return json.loads(json.dumps(value))


def transport() -> Transport | None:
    """The way to the service named by ``$GWARI_SERVICE_URL``, or None when there is none."""
    url = service_url()
    return None if url is None else HttpTransport(url)
