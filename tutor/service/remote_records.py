"""The class's records as a learner's kernel sees them under the class service: ``RemoteProgress``, the methods of
``tutor.progress.Progress`` asked of the service's "records" area (``tutor.service.records``) over a ``Transport``,
their answers rebuilt (sets, ``CheckAnswer``, ``PlayedGame``, a drill ``Deck`` of FSRS cards, tuples).

``tutor.classroom.store`` opens it (``open_remote``) when ``$GWARI_SERVICE_URL`` is set, and takes the learner's
name from the service (``service_learner``: its ``whoami``, told by the hub from the kernel's token), never from
``$JUPYTERHUB_USER``, which code in the kernel can change.  As with a store on this machine, a service that cannot
be reached (or asks to wait) is a ``StoreError`` and a field refused a ``ValueError``, both in words; what the
person may not do stays the service's ``Refused`` (a ``PermissionError``).

Only the standard library and ``tutor.progress``: no server's library is imported here.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Mapping

from tutor.progress.fields import CheckAnswer, PlayedGame
from tutor.progress.schema import StoreError
from tutor.service.people import Refused
from tutor.service.transport import HttpTransport, ServiceError, Transport, service_url
from tutor.vocab.schedule import Answered, Clock, Deck, utc_now

__all__ = ["RemoteProgress", "open_remote", "service_learner", "service_url", "whoami", "whoami_problem"]

WHOAMI_RETRY_S = 30.0  # after the service could not say who is signed in, ask again no sooner than this
_whoami: dict[str, dict[str, Any]] = {}  # the service's URL -> its answer (the name never changes in a kernel)
_whoami_failed: dict[str, tuple[float, str]] = {}  # the service's URL -> when it could not answer, and why


def _asked(transport: Transport, area: str, op: str, args: dict[str, Any]) -> Any:
    try:
        return transport.call(area, op, args)
    except ServiceError as exc:
        raise StoreError(str(exc)) from None
    except Refused as exc:
        if exc.status == 400:
            raise ValueError(str(exc)) from None
        if exc.status == 429 or exc.status >= 500:
            raise StoreError(str(exc)) from None
        raise


class RemoteProgress:
    """The class's records kept by the class service: the same methods as ``Progress``, each one request."""

    path = None  # no file on this machine: nothing (the class key's file, say) lives beside these records
    report = ""
    recovered = None
    migrated_from = None

    def __init__(self, transport: Transport, *, clock: Clock = utc_now, where: str = "") -> None:
        self.transport = transport
        self.clock = clock
        self.left_out: list[str] = []
        self.where = where or getattr(transport, "url", "") or "this process"

    @property
    def address(self) -> str:
        """Where the records are, as the teacher's page shows it."""
        return f"the class service at {self.where}"

    def _ask(self, op: str, **args: Any) -> Any:
        return _asked(self.transport, "records", op, args)

    # ------------------------------------------------------------ learners

    def add_learner(self, learner: str) -> str:
        return self._ask("add_learner", learner=learner)

    def learners(self) -> list[str]:
        return list(self._ask("learners"))

    def since(self, learner: str) -> str:
        return self._ask("since", learner=learner)

    def reset(self, learner: str) -> None:
        self._ask("reset", learner=learner)

    def delete(self, learner: str) -> None:
        self._ask("delete", learner=learner)

    # ------------------------------------------------------------ lessons and games

    def reach(self, learner: str, lesson: str, rule: str) -> None:
        self._ask("reach", learner=learner, lesson=lesson, rule=rule)

    def reached(self, learner: str) -> dict[str, set[str]]:
        return {lesson: set(rules) for lesson, rules in self._ask("reached", learner=learner).items()}

    def answer_check(self, learner: str, lesson: str, rule: str, question: str, answer: str, correct: bool) -> None:
        self._ask("answer_check", learner=learner, lesson=lesson, rule=rule, question=question, answer=answer,
                  correct=correct)

    def checks(self, learner: str) -> list[CheckAnswer]:
        return [CheckAnswer(**row) for row in self._ask("checks", learner=learner)]

    def keep_game(self, learner: str, game: PlayedGame) -> None:
        row = game.row() if isinstance(game, PlayedGame) else game
        self._ask("keep_game", learner=learner, game=row)

    def games(self, learner: str) -> list[PlayedGame]:
        return [PlayedGame.from_row(row) for row in self._ask("games", learner=learner)]

    # ------------------------------------------------------------ the class's settings

    def setting(self, key: str) -> str:
        return self._ask("setting", key=key)

    def set_setting(self, key: str, value: str) -> None:
        self._ask("set_setting", key=key, value=value)

    def update_settings(self, keys: Iterable[str], change: Callable[[dict[str, str]], Mapping[str, str]],
                        ) -> dict[str, str]:
        """Not served: the settings that count wrong class keys stay in the service (there is no class key under
        the hub); refused in words."""
        raise Refused("The class's settings are changed by the class service only: under the hub there is no class "
                      "key; the class's teachers are the hub's teachers group.")

    # ------------------------------------------------------------ the drill

    def deck(self, learner: str, *, clock: Clock | None = None) -> Deck:
        from fsrs import Card as FsrsCard

        cards = self._ask("deck", learner=learner)
        return Deck({key: FsrsCard.from_dict(card) for key, card in cards.items()}, clock=clock or self.clock)

    def record(self, learner: str, answered: Answered, card: Any) -> None:
        from tutor.service.records import answer_data

        self._ask("record", learner=learner, answered=answer_data(answered), card=card.to_dict())

    def answers(self, learner: str) -> list[tuple[str, bool, bool, str]]:
        return [tuple(row) for row in self._ask("answers", learner=learner)]  # type: ignore[misc]

    def record_fumbles(self, learner: str, fumbles: Iterable[tuple[str, str]], entries: Iterable[Any] = (),
                       ) -> list[str]:
        """As ``Progress.record_fumbles``; the words are marked among the service's own vocabulary, the entries
        given naming which of its words may be (by key)."""
        return list(self._ask("record_fumbles", learner=learner, fumbles=[list(pair) for pair in fumbles],
                              entries=[entry.key for entry in entries]))

    def fumbles(self, learner: str) -> list[tuple[str, str]]:
        return [tuple(pair) for pair in self._ask("fumbles", learner=learner)]  # type: ignore[misc]

    # ------------------------------------------------------------ the teacher's page

    def class_records(self) -> dict[str, list[dict[str, Any]]]:
        """Everything for the teacher's view (``tutor.progress.class_records``), read by the service."""
        return self._ask("class_records")

    def export_json(self) -> str:
        return self._ask("export_json")

    def import_json(self, text: str) -> list[str]:
        return list(self._ask("import_json", text=text))


def open_remote(url: str) -> RemoteProgress:
    """The records kept by the class service at ``url``, asked with this kernel's hub token."""
    return RemoteProgress(HttpTransport(url), where=url)


def whoami(transport: Transport | None = None, *, fresh: bool = False) -> dict[str, Any]:
    """Who the service says is signed in (``{"name", "teacher"}``), asked once per kernel (``fresh``: again);
    ``{}`` when it cannot say, the reason kept (``whoami_problem``) and asked again after ``WHOAMI_RETRY_S``."""
    url = service_url() or ""
    key = url if transport is None else f"{url}#{id(transport)}"
    if not fresh and key in _whoami:
        return _whoami[key]
    failed = _whoami_failed.get(key)
    if not fresh and failed is not None and time.monotonic() - failed[0] < WHOAMI_RETRY_S:
        return {}
    try:
        answer = _asked(transport or HttpTransport(url), "people", "whoami", {})
        if not isinstance(answer, dict) or not isinstance(answer.get("name"), str):
            raise StoreError("The class service did not say who you are.")
    except (StoreError, OSError, ValueError) as exc:
        _whoami_failed[key] = (time.monotonic(), f"The class service cannot say who you are just now ({exc}).")
        return {}
    _whoami_failed.pop(key, None)
    _whoami[key] = {"name": answer["name"], "teacher": answer.get("teacher") is True}
    return _whoami[key]


def whoami_problem() -> str:
    """Why the service could not say who is signed in ("" when it could, or was not asked)."""
    failed = _whoami_failed.get(service_url() or "")
    return failed[1] if failed else ""


def service_learner() -> str:
    """The name the class service keeps this kernel's learner's records under ("" when it cannot say)."""
    return whoami().get("name", "")
