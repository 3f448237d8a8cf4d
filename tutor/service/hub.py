"""Who is asking the class service, told by JupyterHub from the request's token alone (``HubPeople``), and the
service's "people" area (``PeopleArea``: ``whoami``).

A learner's kernel signs each request with its server's hub token (``Authorization: token …``).  ``HubPeople``
asks the hub who owns it (``jupyterhub.services.auth.HubAuth.user_for_token``: ``GET {api_url}/user`` with that
token, the answer kept ``TOKEN_CACHE_S`` seconds, an unknown token's refusal kept as long), and takes it only when
the token may reach this service: it must carry ``access:services!service=<name>`` (``HubAuth.check_scopes``).  A
server's token carries it when the hub is told so (``docs/jupyterhub_config.py``: the ``server`` role given
``access:services!service=gwari`` beside its own ``users:activity!user`` and ``access:servers!server``, and the
``user`` role granting it).  A service's token is not a person, and is refused.

The class's teachers are the members of the hub group ``$GWARI_TEACHERS_GROUP`` (default "teachers"), read with
the service's own token (``GET {api_url}/groups/{group}``, kept ``GROUP_CACHE_S`` seconds): the service's role in
the hub must hold ``read:groups`` (e.g. ``{"name": "gwari-service", "scopes": ["read:groups!group=teachers"],
"services": ["gwari"]}`` in ``c.JupyterHub.load_roles``).  Without it nobody is a teacher, and the log says why.

The hub's settings come from the environment JupyterHub gives a managed service: ``JUPYTERHUB_API_URL``,
``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_SERVICE_NAME``.  ``jupyterhub`` is imported only when ``HubPeople`` is made.
"""

from __future__ import annotations

import json
import logging
import os
import time
from typing import Any, Callable
from urllib.parse import quote

from tutor.progress.fields import NAME_LIMIT, learner_name
from tutor.service.people import Person, Refused

TEACHERS_ENV = "GWARI_TEACHERS_GROUP"
TEACHERS_GROUP = "teachers"
TOKEN_CACHE_S = 60
"""How long the hub's word on a token is kept (JupyterHub's own default is 300 s): a token the hub revokes is
refused here within a minute."""
GROUP_CACHE_S = 10.0
"""How long the teachers group is kept: a teacher added in the hub is one here within seconds."""
SERVICE_NAME = "gwari"
SIGN_IN = "Sign in through the hub first."

log = logging.getLogger("tutor.service")


def hub_name(raw: Any) -> str:
    """The name a hub user keeps records under: their hub name, spaces run together and cut to the longest name a
    learner may have (as a learner's kernel takes it, ``tutor.classroom.hub_learner``); a name that cannot be used
    is refused in words."""
    try:
        return learner_name(" ".join(str(raw).split())[:NAME_LIMIT])
    except ValueError:
        raise Refused("The name you signed in to the hub with cannot be used to keep records here; tell your "
                      "teacher.") from None


class HubPeople:
    """Tokens turned into ``Person``s by the hub (``person(token)``, awaited), teachers by the hub group."""

    def __init__(self, *, api_url: str | None = None, api_token: str | None = None, service: str | None = None,
                 group: str | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        from jupyterhub.services.auth import HubAuth

        self.api_url = (api_url or os.environ.get("JUPYTERHUB_API_URL") or "http://127.0.0.1:8081/hub/api").rstrip("/")
        self.api_token = os.environ.get("JUPYTERHUB_API_TOKEN", "") if api_token is None else api_token
        self.service = service or os.environ.get("JUPYTERHUB_SERVICE_NAME", "").strip() or SERVICE_NAME
        self.group = group or os.environ.get(TEACHERS_ENV, "").strip() or TEACHERS_GROUP
        self.clock = clock
        self.auth = HubAuth(api_url=self.api_url, api_token=self.api_token, cache_max_age=TOKEN_CACHE_S,
                            access_scopes={f"access:services!service={self.service}"})
        self._teachers: tuple[float, frozenset[str]] | None = None  # when read, and who

    async def person(self, token: str) -> Person:
        """The hub user owning ``token``; refused (403, in words) for no token, a token the hub does not know, a
        token that may not reach this service, or a service's token.  The hub unreachable: 503."""
        from tornado.web import HTTPError

        if not token:
            raise Refused(SIGN_IN)
        try:
            model = await self.auth.user_for_token(token, sync=False)
        except HTTPError as exc:
            log.error("The hub could not be asked who owns a token: %s", exc)
            raise Refused("The hub could not be asked who you are just now: try again in a moment.", 503) from None
        if not model:
            raise Refused(f"{SIGN_IN} The hub does not know the token your request was signed with.")
        if model.get("kind", "user") != "user":
            raise Refused(f"{SIGN_IN} The class service serves the hub's users, not its services.")
        if not self.auth.check_scopes(self.auth.access_scopes, model | {"scopes": model.get("scopes", [])}):
            raise Refused(f"{SIGN_IN} Your hub token does not let you use the class service (it needs access to "
                          f"the service {self.service}); tell your teacher.")
        name = hub_name(model.get("name", ""))
        return Person(name, name in await self.teachers())

    async def teachers(self) -> frozenset[str]:
        """The names in the hub's teachers group, read with the service's token and kept ``GROUP_CACHE_S``
        seconds (nobody, said in the log, when the hub refuses or has no such group)."""
        now = self.clock()
        if self._teachers is not None and now - self._teachers[0] < GROUP_CACHE_S:
            return self._teachers[1]
        from tornado.httpclient import AsyncHTTPClient, HTTPClientError

        url = f"{self.api_url}/groups/{quote(self.group, safe='')}"
        names: frozenset[str] = frozenset()
        try:
            answer = await AsyncHTTPClient().fetch(url, headers={"Authorization": f"token {self.api_token}"},
                                                   request_timeout=10)
            names = frozenset(hub_name(n) for n in json.loads(answer.body).get("users", []) if _usable(n))
        except HTTPClientError as exc:
            why = {403: "the service's role may not read it (it needs read:groups)",
                   404: "the hub has no such group"}.get(exc.code, f"the hub answered {exc.code}")
            log.warning("The teachers group %r cannot be read: %s; nobody is a teacher.", self.group, why)
        except (OSError, ValueError, AttributeError) as exc:
            log.warning("The teachers group %r cannot be read (%s); nobody is a teacher.", self.group, exc)
            if self._teachers is not None:  # the hub unreachable: the last group read stands for now
                return self._teachers[1]
        self._teachers = (now, names)
        return names


def _usable(name: Any) -> bool:
    try:
        hub_name(name)
    except Refused:
        return False
    return True


class PeopleArea:
    """The "people" area: ``whoami`` -> ``{"name", "teacher"}``, the signed-in person as the service knows them."""

    ops = ("whoami",)

    def call(self, person: Person, op: str, args: dict[str, Any]) -> Any:
        if op != "whoami":
            raise Refused(f"The class service has no {op!r} among people: it answers whoami.", 404)
        return {"name": person.name, "teacher": person.teacher}
