"""A class on a real JupyterHub (6.1.1), from the README's recipe (docs/jupyterhub_config.py, the very lines).

The hub runs as root with JupyterHub's own proxy (npm's configurable-http-proxy, which ``.ci/test`` puts in
``.cache/hub-npm``), the DummyAuthenticator with a password, and the LocalProcessSpawner, which starts each
learner's server as their own account on this machine: the test makes two learners and a teacher with
``useradd`` (and removes them after).  The class service runs as the hub's managed service, its records in a
folder only root may open.  The learners' servers run ``gwari`` from a Python every account can run (the tests'
own when it is, else the system's Python of the same version, given the tests' packages and the checkout).

Two learners and the teacher sign in with Chromium and open the gallery: the pages come up in the gwari template
and ask nothing of any other host.  The learners' servers show the apps only: JupyterLab, the terminals and the
kernels API are refused in words, and code sent down a page's own kernel websocket is never run (the teacher's
server, which opens JupyterLab too, runs it: the check can tell).
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hub_server import RECIPE, ROOT, Hub, running_hub, sign_in

_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # two test workers running a hub each: accounts of their own
LEARNERS = tuple(f"gwt-{name}{'-' + _WORKER if _WORKER else ''}" for name in ("ana", "ben"))
TEACHER = f"gwt-pascoe{'-' + _WORKER if _WORKER else ''}"

pytestmark = [
    pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                       reason="the hub starts each learner's server as their own account: run as root (CI does)"),
    pytest.mark.skipif(shutil.which("useradd") is None, reason="useradd makes the learners' accounts"),
]


def recipe_block(readme: str) -> str:
    """The README's hub recipe: the python block after the line naming docs/jupyterhub_config.py."""
    found = re.search(r"docs/jupyterhub_config\.py`[^\n]*\n+```python\n(.*?)```", readme, re.S)
    assert found, "the README shows the hub recipe in a python block after naming docs/jupyterhub_config.py"
    return found.group(1)


def test_the_readme_shows_the_recipe_the_hub_test_runs():
    assert recipe_block((ROOT / "README.md").read_text()) == RECIPE.read_text()


@pytest.fixture(scope="module")
def hub():
    """JupyterHub from the recipe, with the accounts made for it; stopped and the accounts removed after."""
    with running_hub(LEARNERS, TEACHER) as running:
        yield running


SEND_CODE = """async ([base, marker]) => {
  const html = document.documentElement.outerHTML;
  const kernel = (html.match(/"kernelId":\\s*"([0-9a-f-]{36})"/) || html.match(/kernel_id=([0-9a-f-]{36})/)
                  || html.match(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/))[1];
  const url = location.origin.replace(/^http/, "ws") + base + "api/kernels/" + kernel + "/channels";
  const socket = new WebSocket(url);
  const seen = [];
  const header = (type) => ({msg_id: crypto.randomUUID(), msg_type: type, username: "", session: "s",
                             date: new Date().toISOString(), version: "5.3"});
  const message = (type, content) => JSON.stringify({channel: "shell", header: header(type), parent_header: {},
                                                     metadata: {}, content, buffers: []});
  return await new Promise((resolve, reject) => {
    socket.onerror = () => reject("the websocket did not open");
    socket.onopen = () => {
      socket.send(message("execute_request", {code: `open(${JSON.stringify(marker)}, "w").write("ran")`,
                                              silent: false, store_history: false, user_expressions: {},
                                              allow_stdin: false, stop_on_error: true}));
      socket.send(message("kernel_info_request", {}));
    };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      seen.push(msg.header.msg_type);
      if (msg.header.msg_type === "kernel_info_reply") { socket.close(); resolve(seen); }
    };
  });
}"""


def send_code(page, name: str, marker: Path) -> list[str]:
    """Send code down the page's own kernel websocket, then ask for the kernel's info (answered after the code,
    when the code is let through); the kinds of message the page got back."""
    return page.evaluate(SEND_CODE, [f"/user/{name}/", str(marker)])


@pytest.fixture(scope="module")
def pages(hub, browser):
    """The two learners and the teacher signed in with Chromium, each on the gallery their server opens with."""
    signed = {}
    try:
        for name in (*LEARNERS, TEACHER):
            signed[name] = sign_in(browser, hub, name)
        yield signed
    finally:
        for page in signed.values():
            page.context.close()


@pytest.mark.browser
def test_learners_and_teacher_get_the_gwari_gallery_and_only_learners_are_kept_to_the_apps(hub, pages):
    for name, page in pages.items():
        config = json.loads(page.locator("#jupyter-config-data").text_content())
        assert "Gwari" in page.title() and config["fullMathjaxUrl"] is None, (
            f"{name}: the gwari template (the page titled by its heading, MathJax from the page's own bundle)")
        outside = [u for u in page.asked if not u.startswith(("http://127.0.0.1:", "ws://127.0.0.1:",
                                                               "data:", "blob:"))]
        assert not outside, f"{name}'s gallery asked other hosts: {outside[:5]}"
    ana, teacher = pages[LEARNERS[0]], pages[TEACHER]
    marker = Path(pwd.getpwnam(LEARNERS[0]).pw_dir) / "code-ran.txt"
    seen = send_code(ana, LEARNERS[0], marker)
    assert "kernel_info_reply" in seen and "execute_reply" not in seen and "execute_input" not in seen, seen
    assert not marker.exists(), "code sent down a learner's page websocket was run"
    teacher_marker = Path(pwd.getpwnam(TEACHER).pw_dir) / "code-ran.txt"
    seen = send_code(teacher, TEACHER, teacher_marker)
    assert "execute_reply" in seen and teacher_marker.exists(), f"the teacher's server runs code: {seen}"
    for path in ("lab", "tree", "terminals/1", "notebooks/index.ipynb"):
        answer = ana.request.get(f"{hub.url}/user/{LEARNERS[0]}/{path}")
        assert answer.status == 403 and "apps only" in answer.text(), (path, answer.status)
    for path in ("api/kernels", "api/contents", "api/sessions", "api/terminals", "api/kernelspecs"):
        answer = ana.request.get(f"{hub.url}/user/{LEARNERS[0]}/{path}")
        assert answer.status == 403 and "apps only" in answer.json()["message"], (path, answer.status)
    answer = teacher.request.get(f"{hub.url}/user/{TEACHER}/api/kernels")
    assert answer.status == 200, "the teacher's own server answers its kernels API"
    answer = teacher.request.get(f"{hub.url}/user/{TEACHER}/lab")
    assert answer.status == 200 and "JupyterLab" in answer.text(), "the teacher's server opens JupyterLab"
    assert re.search(r"Kernel pool of pig-play\.ipynb is filled", hub.log.read_text()), \
        "today's app keeps a warm kernel (the recipe's --class-apps=pig-play)"


def server_environment(name: str) -> dict[str, str]:
    """The environment of the learner's own server (its hub token, the service's address): read from the server's
    process, as any code the learner runs in it would find them."""
    uid = pwd.getpwnam(name).pw_uid
    for proc in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if proc.name.isdigit() and proc.stat().st_uid == uid and b"singleuser" in (proc / "cmdline").read_bytes():
                pairs = [item.split(b"=", 1) for item in (proc / "environ").read_bytes().split(b"\0") if b"=" in item]
                env = {k.decode(): v.decode() for k, v in pairs}
                return env
    raise AssertionError(f"{name}'s server is not running")


def as_learner(hub: Hub, name: str, *args: str, wait: bool = True):
    """Run tests/hub_learner.py as the learner's own account, with their server's token: its JSON answer (or the
    running process, ``wait=False``)."""
    home = pwd.getpwnam(name).pw_dir
    server = server_environment(name)
    env = {"PATH": f"{hub.bin}{os.pathsep}/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
           **{k: server[k] for k in ("JUPYTERHUB_API_TOKEN", "GWARI_SERVICE_URL", "JUPYTERHUB_USER")}}
    account = pwd.getpwnam(name)
    command = [str(hub.bin / "python"), str(ROOT / "tests" / "hub_learner.py"), *args]
    proc = subprocess.Popen(command, env=env, cwd=home, user=account.pw_uid, group=account.pw_gid, extra_groups=[],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc if not wait else finished(proc)


def finished(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=180)
    assert proc.returncode == 0, err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def class_records(hub: Hub) -> str:
    """Every learner's records in the class service's file, read as root."""
    from tutor.progress.store import Progress

    return Progress(hub.data / "progress.sqlite3").export_json()


@pytest.mark.browser
def test_a_learners_own_code_cannot_touch_a_classmate_and_the_two_play_at_one_table_the_teacher_sees(hub, pages):
    ana, ben = LEARNERS
    server = server_environment(ana)
    assert not {"GWARI_PROGRESS", "GWARI_TABLES", "GWARI_CLASS_KEY"} & set(server), "the stores are the service's"
    assert server["GWARI_SERVICE_URL"] == f"{hub.url}/services/gwari/"
    code = as_learner(hub, ben, "open", "cassino", "2")["code"]
    assert as_learner(hub, ana, "join", code)["seat"] == 1
    as_learner(hub, ben, "start", code)
    hand = as_learner(hub, ben, "hand", code)["hand"]
    assert hand and all(hand)
    before = class_records(hub)
    said = as_learner(hub, ana, "attack", code, ben, str(hub.data / "progress.sqlite3"))
    assert json.loads(said["whoami"]) == {"name": ana, "teacher": False}
    assert json.loads(said["whoami as the victim's name"])["name"] == ana, "the service goes by the token alone"
    assert said["victim's turn"] == "True" and said["table changed"] == "False"
    words = {"write records": "signed in as", "keep a game": "signed in as", "read records": "teacher",
             "move for the seat": "turn, not yours", "take the seat": "signed in as", "read the record": "over",
             "read the tables": "teacher", "deal a seed": "seed", "claim the name": "signed in as",
             "open the records' file": "Permission denied", "open the class key": "Permission denied",
             "list the records' folder": "Permission denied"}
    for what, word in words.items():
        assert said[what] != "DONE" and word in said[what], f"{what}: {said[what]}"
    assert json.loads(said["hand seen"]) == [None] * len(hand), "no card of the classmate's hand"
    answers = json.loads(said["answers"])  # every answer the service sent the learner's code, as JSON text
    assert answers and not [card for card in hand for text in answers if f'"{card}"' in text], \
        "a card of the classmate's hand was sent to the learner"
    texts = set(json.loads(said["texts"]))  # everything in the positions the service packed for the learner's seat
    mine = as_learner(hub, ana, "hand", code)["hand"]
    assert set(mine) <= texts, "the learner's own cards are found where the check looks"
    assert not set(hand) & texts, f"the classmate's cards were sent to the learner: {set(hand) & texts}"
    assert class_records(hub) == before, "nothing changed in the records"
    players = [as_learner(hub, name, "play", code, str(seed), wait=False) for seed, name in enumerate(LEARNERS)]
    results = [finished(proc) for proc in players]
    assert all(r["over"] for r in results) and sorted(r["seat"] for r in results) == [0, 1]
    teacher = pages[TEACHER]
    teacher.goto(f"{hub.url}/user/{TEACHER}/voila/render/teacher.ipynb", timeout=120_000)
    for name in LEARNERS:
        teacher.get_by_text(name).first.wait_for(timeout=120_000)
