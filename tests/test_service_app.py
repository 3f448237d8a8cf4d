"""The class service's web server over real HTTP: who asks is told by the token alone (fake people here, and
``HubPeople`` against a small hub answering as JupyterHub 6.1.1 does), answers and refusals are JSON in words with
their statuses, and each person's requests are limited."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from argparse import Namespace

import pytest
import tornado.web

from service_server import TokenPeople, serving
from tutor.checks import IllegalMove
from tutor.progress import StoreError
from tutor.service.app import listen_address, make_app
from tutor.service.hub import GROUP_CACHE_S, HubPeople, PeopleArea
from tutor.service.limits import Buckets
from tutor.service.people import Person, Refused
from tutor.service.transport import HttpTransport
from tutor.tables import TableError

ANN, BOB, TESS = Person("ann"), Person("bob"), Person("tess", teacher=True)
PEOPLE = TokenPeople({"t-ann": ANN, "t-bob": BOB, "t-tess": TESS})


class Troubled:
    """An area whose ops fail each in its own way, and echo what they were given."""

    ops = ("echo", "refused", "table", "illegal", "value", "store", "broken", "teapot")

    def call(self, person: Person, op: str, args: dict) -> object:
        if op == "echo":
            return {"person": person.name, "args": args}
        if op == "teapot":
            raise Refused("Not served by this area.", 404)
        raise {"refused": lambda: Refused("You may not do that, ann.", 409),
               "table": lambda: TableError("That table is closed."),
               "illegal": lambda: IllegalMove("pig.hand", "That card is not in your hand."),
               "value": lambda: ValueError("'seat' must be 0 to 3."),
               "store": lambda: StoreError("database is locked"),
               "broken": lambda: RuntimeError("a secret detail")}[op]()


def post(base: str, path: str, body: bytes | None = b"{}", token: str | None = "t-ann") -> tuple[int, dict]:
    """POST ``body`` to ``base + path``; the status and the JSON answered."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"token {token}"
    request = urllib.request.Request(base + path, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture(scope="module")
def service():
    with serving(make_app({"people": PeopleArea(), "trouble": Troubled()}, PEOPLE,
                          prefix="/services/gwari/")) as url:
        yield url


def test_health_answers_anyone(service):
    with urllib.request.urlopen(service + "api/health", timeout=30) as answer:
        assert json.loads(answer.read()) == {"value": "ok"}


def test_whoami_is_who_the_token_says(service):
    assert post(service, "api/people/whoami") == (200, {"value": {"name": "ann", "teacher": False}})
    assert post(service, "api/people/whoami", token="t-tess") == (200, {"value": {"name": "tess", "teacher": True}})
    assert HttpTransport(service, "t-bob").call("people", "whoami", {}) == {"name": "bob", "teacher": False}


def test_served_under_the_hubs_prefix_as_well(service):
    assert post(service, "services/gwari/api/people/whoami") == (200, {"value": {"name": "ann", "teacher": False}})


@pytest.mark.parametrize("token", [None, "", "t-nobody", "t-ann t-bob"])
def test_no_token_or_a_wrong_one_is_refused_in_words(service, token):
    status, body = post(service, "api/trouble/echo", token=token)
    assert (status, body) == (403, {"error": "Sign in through the hub first."})


def test_a_name_in_the_request_changes_nothing(service):
    status, body = post(service, "api/trouble/echo", json.dumps({"learner": "bob", "name": "bob"}).encode())
    assert (status, body["value"]["person"]) == (200, "ann")


@pytest.mark.parametrize("op, status, words", [
    ("refused", 409, "You may not do that, ann."),
    ("table", 400, "That table is closed."),
    ("value", 400, "'seat' must be 0 to 3."),
    ("teapot", 404, "Not served by this area."),
])
def test_refusals_keep_their_words_and_status(service, op, status, words):
    assert post(service, f"api/trouble/{op}") == (status, {"error": words})
    with pytest.raises(Refused, match=words.replace(".", r"\.")) as caught:
        HttpTransport(service, "t-ann").call("trouble", op, {})
    assert caught.value.status == status


def test_an_illegal_move_says_its_reason_and_names_its_rule_apart(service):
    assert post(service, "api/trouble/illegal") == (400, {"error": "That card is not in your hand.",
                                                          "rule": "pig.hand"})


def test_a_store_that_fails_is_503_and_a_fault_500_without_its_detail(service):
    status, body = post(service, "api/trouble/store")
    assert status == 503 and "records cannot be reached just now" in body["error"]
    status, body = post(service, "api/trouble/broken")
    assert status == 500 and "secret" not in body["error"] and "tell your teacher" in body["error"]


def test_an_area_or_op_not_served_is_404_in_words(service):
    status, body = post(service, "api/nowhere/echo")
    assert status == 404 and "no 'nowhere'" in body["error"] and "people, trouble" in body["error"]
    status, body = post(service, "api/trouble/fly")
    assert status == 404 and "no 'fly' among trouble" in body["error"]
    status, body = post(service, "api/people/whoareyou")
    assert status == 404 and "'whoareyou'" in body["error"]


@pytest.mark.parametrize("body, kind", [(b"[1, 2]", "a list"), (b'"hello"', "a string"), (b"3", "a number"),
                                        (b"null", "null"), (b"{nope", "it is not JSON")])
def test_a_body_that_is_not_a_json_object_is_400_naming_it(service, body, kind):
    status, answer = post(service, "api/trouble/echo", body)
    assert status == 400 and "must be a JSON object" in answer["error"] and kind in answer["error"]


def test_an_empty_body_is_no_arguments(service):
    assert post(service, "api/trouble/echo", b"") == (200, {"value": {"person": "ann", "args": {}}})


# ---------------------------------------------------------------- the request limit


def test_a_person_over_the_limit_waits_and_no_one_else_does():
    app = make_app({"people": PeopleArea()}, PEOPLE, limits=Buckets(rate=1e-6, burst=3))
    with serving(app) as url:
        assert [post(url, "api/people/whoami")[0] for _ in range(3)] == [200, 200, 200]
        assert post(url, "api/people/whoami") == (429, {"error": "Too many requests from ann: wait a moment."})
        assert post(url, "api/people/whoami", token="t-bob")[0] == 200
        with pytest.raises(Refused, match="Too many requests from ann") as caught:
            HttpTransport(url, "t-ann").call("people", "whoami", {})
        assert caught.value.status == 429


def test_a_bucket_refills_at_its_rate_up_to_its_burst():
    now = [0.0]
    buckets = Buckets(rate=2.0, burst=2, clock=lambda: now[0])
    assert [buckets.take("ann"), buckets.take("ann"), buckets.take("ann")] == [True, True, False]
    now[0] += 0.5  # one request's worth
    assert [buckets.take("ann"), buckets.take("ann")] == [True, False]
    now[0] += 100  # never more than the burst
    assert [buckets.take("ann") for _ in range(3)] == [True, True, False]
    assert buckets.take("bob")


def test_a_bucket_without_room_is_refused_in_words():
    with pytest.raises(ValueError, match="request limit"):
        Buckets(rate=0, burst=1)


# ---------------------------------------------------------------- sign-in through a hub (as JupyterHub 6.1.1)

SERVICE_TOKEN = "service-secret"
ACCESS = "access:services!service=gwari"
HUB_TOKENS = {
    "hub-ann": {"kind": "user", "name": "ann", "scopes": ["access:servers!server=ann/", ACCESS,
                                                          "users:activity!user=ann"]},
    "hub-tess": {"kind": "user", "name": "tess", "scopes": ["access:servers!server=tess/", ACCESS,
                                                            "users:activity!user=tess"]},
    "hub-bob-no-access": {"kind": "user", "name": "bob", "scopes": ["access:servers!server=bob/",
                                                                    "users:activity!user=bob"]},
    "hub-other-service": {"kind": "service", "name": "other", "scopes": [ACCESS]},
}


class FakeHub:
    """The hub's API as the service uses it: ``GET /hub/api/user`` (the token's owner, 403 for a token it does not
    know) and ``GET /hub/api/groups/<name>`` (only with the service's token)."""

    def __init__(self) -> None:
        self.groups = {"teachers": ["tess"]}
        self.group_reads = 0

    def app(self) -> tornado.web.Application:
        hub = self

        class Api(tornado.web.RequestHandler):
            def token(self) -> str:
                return self.request.headers.get("Authorization", "").removeprefix("token ").strip()

            def refuse(self, status: int, message: str) -> None:
                self.set_status(status)
                self.finish({"status": status, "message": message})

        class User(Api):
            def get(self) -> None:
                model = HUB_TOKENS.get(self.token())
                if model is None:
                    return self.refuse(403, "Forbidden")
                self.finish({**model, "admin": False, "groups": [], "roles": ["user"], "server": None,
                             "pending": None, "created": "2026-12-01T09:00:00Z", "last_activity": None,
                             "servers": {}, "token_id": "a1", "session_id": None})

        class Group(Api):
            def get(self, name: str) -> None:
                hub.group_reads += 1
                if self.token() != SERVICE_TOKEN:
                    return self.refuse(403, "Action is not authorized with current scopes; requires any of "
                                            "[read:groups]")
                if name not in hub.groups:
                    return self.refuse(404, f"No such group: {name}")
                self.finish({"kind": "group", "name": name, "users": hub.groups[name], "roles": [],
                             "properties": {}})

        return tornado.web.Application([(r"/hub/api/user", User), (r"/hub/api/groups/([^/]+)", Group)])


@pytest.fixture()
def hub_service():
    """A fake hub, and a service signing people in through it (its clock held by the test)."""
    hub, now = FakeHub(), [0.0]
    with serving(hub.app()) as hub_url:
        people = HubPeople(api_url=hub_url + "hub/api", api_token=SERVICE_TOKEN, service="gwari",
                           clock=lambda: now[0])
        with serving(make_app({"people": PeopleArea()}, people)) as url:
            yield url, hub, now, people


def whoami(url: str, token: str) -> dict:
    return HttpTransport(url, token).call("people", "whoami", {})


def test_the_hub_tells_who_owns_a_token_and_who_teaches(hub_service):
    url, _hub, _now, _people = hub_service
    assert whoami(url, "hub-ann") == {"name": "ann", "teacher": False}
    assert whoami(url, "hub-tess") == {"name": "tess", "teacher": True}


@pytest.mark.parametrize("token, words", [
    ("not-a-token", "The hub does not know the token"),
    ("hub-bob-no-access", "needs access to the service gwari"),
    ("hub-other-service", "not its services"),
])
def test_tokens_the_hub_does_not_vouch_for_here_are_refused_in_words(hub_service, token, words):
    url = hub_service[0]
    with pytest.raises(Refused, match=words) as caught:
        whoami(url, token)
    assert caught.value.status == 403 and str(caught.value).startswith("Sign in through the hub first.")


def test_the_teachers_group_is_read_again_after_its_time(hub_service):
    url, hub, now, _people = hub_service
    assert whoami(url, "hub-ann")["teacher"] is False
    hub.groups["teachers"].append("ann")
    now[0] += GROUP_CACHE_S / 2
    assert whoami(url, "hub-ann")["teacher"] is False  # kept
    assert hub.group_reads == 1
    now[0] += GROUP_CACHE_S
    assert whoami(url, "hub-ann")["teacher"] is True
    assert hub.group_reads == 2


def test_without_the_group_or_the_right_to_read_it_nobody_teaches(hub_service):
    url, hub, now, people = hub_service
    hub.groups.clear()
    assert whoami(url, "hub-tess")["teacher"] is False
    hub.groups["teachers"] = ["tess"]
    people.api_token = "not-the-service"
    now[0] += 2 * GROUP_CACHE_S
    assert whoami(url, "hub-tess")["teacher"] is False


def test_the_teachers_group_is_named_by_the_environment(monkeypatch):
    monkeypatch.setenv("GWARI_TEACHERS_GROUP", "staff")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_NAME", "cards")
    people = HubPeople(api_url="http://127.0.0.1:1/hub/api", api_token="x")
    assert (people.group, people.auth.access_scopes) == ("staff", {"access:services!service=cards"})


# ---------------------------------------------------------------- starting the service


def service_env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTERHUB_", "GWARI_"))}
    return env | values


def test_the_service_refuses_to_start_on_a_store_it_cannot_use_naming_the_variable(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tutor.service", "--port", "1"], capture_output=True, text=True,
                          timeout=120, env=service_env(GWARI_PROGRESS="redis://127.0.0.1:1/0"))
    assert done.returncode == 2
    assert "The class's store cannot be used: GWARI_PROGRESS:" in done.stderr and "Redis" in done.stderr


def test_the_service_starts_where_the_hub_says_and_answers(tmp_path):
    from tornado.testing import bind_unused_port

    sock, port = bind_unused_port()
    sock.close()
    env = service_env(GWARI_PROGRESS=str(tmp_path / "records.sqlite3"), JUPYTERHUB_API_TOKEN="service-secret",
                      JUPYTERHUB_SERVICE_URL=f"http://127.0.0.1:{port}", JUPYTERHUB_SERVICE_NAME="gwari",
                      JUPYTERHUB_SERVICE_PREFIX="/services/gwari/", JUPYTERHUB_API_URL="http://127.0.0.1:9/hub/api")
    said = tmp_path / "service.log"
    service = subprocess.Popen([sys.executable, "-m", "tutor.service"], env=env, stdout=subprocess.DEVNULL,
                               stderr=said.open("w"))
    try:
        deadline, answer = time.monotonic() + 120, None
        while answer is None and time.monotonic() < deadline and service.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/services/gwari/api/health", timeout=5) as r:
                    answer = json.loads(r.read())
            except OSError:
                time.sleep(0.1)  # polling until it listens, not waiting a fixed time
        assert answer == {"value": "ok"}, said.read_text()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/services/gwari/", timeout=5) as r:  # the hub's check
            assert json.loads(r.read()) == {"value": "ok"}
        status, body = post(f"http://127.0.0.1:{port}/", "api/records/reached")  # the hub is not there to ask
        assert status == 503 and body["error"].startswith("The hub could not be asked who you are just now")
    finally:
        service.terminate()
        service.wait(30)


def test_the_listening_address_comes_from_the_options_else_the_hub(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://10.0.0.5:10101")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/gwari/")
    assert listen_address(Namespace(ip="", port=0)) == ("10.0.0.5", 10101, "/services/gwari/")
    assert listen_address(Namespace(ip="127.0.0.1", port=8000)) == ("127.0.0.1", 8000, "/services/gwari/")
