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
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser.conftest import free_port, log_path

ROOT = Path(__file__).resolve().parents[1]
RECIPE = ROOT / "docs" / "jupyterhub_config.py"
CHP = ROOT / ".cache" / "hub-npm" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "slate-owl-7"
MARK = "Gwari hub test"  # the accounts' comment: only accounts carrying it are ever removed
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


def _runnable_by_all(path: Path) -> bool:
    """Whether every account may run ``path`` (each folder above it may be passed through)."""
    real = path.resolve()
    return all(os.stat(p).st_mode & 0o001 for p in [*real.parents, real])


def _learners_python(folder: Path) -> Path:
    """A bin folder holding ``python`` and ``gwari`` that every account can run: a virtual environment over this
    Python, or over the system's Python of the same version when this one sits where others may not go, seeing
    this environment's packages, its Jupyter files and the checkout."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    base = Path(sys.executable)
    if not _runnable_by_all(base):
        base = Path("/usr/bin") / version
        if not base.exists() or not _runnable_by_all(base):
            pytest.skip(f"no {version} that every account may run (this one is {sys.executable})")
    venv = folder / "venv"
    subprocess.run([str(base.resolve()), "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    purelib = subprocess.run([str(venv / "bin" / "python"), "-c",
                              "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    ours = dict.fromkeys([str(ROOT), *(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))])
    (Path(purelib) / "gwari-hub-test.pth").write_text("".join(f"{p}\n" for p in ours))
    for shared in ("share", "etc"):  # the Jupyter data (Voilà's templates, the widgets) and extensions switched on
        if (Path(sys.prefix) / shared).is_dir():
            shutil.rmtree(venv / shared, ignore_errors=True)
            (venv / shared).symlink_to(Path(sys.prefix) / shared)
    gwari = venv / "bin" / "gwari"
    gwari.write_text(f"#!{venv / 'bin' / 'python'}\nimport sys\nfrom tutor.cli import main\nsys.exit(main())\n")
    gwari.chmod(0o755)
    return venv / "bin"


def _make_account(name: str) -> None:
    with contextlib.suppress(KeyError):
        if pwd.getpwnam(name).pw_gecos != MARK:
            pytest.skip(f"an account {name} exists already, not made by this test")
        _remove_account(name)  # left by a run that was stopped
    subprocess.run(["useradd", "--create-home", "--comment", MARK, "--shell", "/bin/sh", name], check=True,
                   capture_output=True)


def _remove_account(name: str) -> None:
    """Remove an account this test made, after stopping what still runs as it (its server and kernels, each by
    its process id)."""
    with contextlib.suppress(KeyError):
        account = pwd.getpwnam(name)
        if account.pw_gecos == MARK:
            for proc in Path("/proc").iterdir():
                with contextlib.suppress(OSError):
                    if proc.name.isdigit() and proc.stat().st_uid == account.pw_uid:
                        os.kill(int(proc.name), signal.SIGKILL)
            subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)


def hub_config(*, port: int, hub_port: int, proxy_port: int, service_port: int, data: Path) -> str:
    """The recipe as the README gives it, on this run's ports and folders, then what a test hub adds: the
    DummyAuthenticator with a password, the proxy from .cache, and the teacher's test account."""
    text = RECIPE.read_text()
    for old, new in (("http://:8000", f"http://127.0.0.1:{port}"), ("127.0.0.1:8000", f"127.0.0.1:{port}"),
                     ("127.0.0.1:8765", f"127.0.0.1:{service_port}"), ("/srv/gwari", str(data)),
                     ('"ms-pascoe"', f'"{TEACHER}"')):
        assert old in text, f"the recipe no longer says {old}"
        text = text.replace(old, new)
    return text + f"""
# Added by tests/test_hub.py
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_port}"
c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allowed_users = {set([*LEARNERS, TEACHER])!r}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
"""


class Hub:
    """A running hub: its address, its log and its folders."""

    def __init__(self, url: str, log: Path, data: Path, bin_dir: Path) -> None:
        self.url, self.log, self.data, self.bin = url, log, data, bin_dir

    def api(self, path: str, token: str, method: str = "GET", body: dict | None = None) -> tuple[int, str]:
        """A request to the hub (or through it to a server or the service) signed with ``token``."""
        request = urllib.request.Request(self.url + path, method=method, headers={"Authorization": f"token {token}"},
                                         data=None if body is None else json.dumps(body).encode())
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()


@pytest.fixture(scope="module")
def hub():
    """JupyterHub from the recipe, with the accounts made for it; stopped and the accounts removed after."""
    if not CHP.exists():
        pytest.fail(f"configurable-http-proxy is missing from {CHP.parent}: run bash .ci/test, which installs it")
    work = Path(tempfile.mkdtemp(prefix="gwari-hub-"))
    work.chmod(0o755)  # the learners' accounts run the Python inside it
    data = work / "class"
    data.mkdir(mode=0o700)  # the class service's records: root's alone
    state = Path(tempfile.mkdtemp(prefix="gwari-hub-state-"))  # the hub's database and cookie secret
    bin_dir = _learners_python(work)
    for name in (*LEARNERS, TEACHER):
        _make_account(name)
    port, hub_port, proxy_port, service_port = free_port(), free_port(), free_port(), free_port()
    (state / "jupyterhub_config.py").write_text(hub_config(port=port, hub_port=hub_port, proxy_port=proxy_port,
                                                           service_port=service_port, data=data))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GWARI", "JUPYTER", "PYTHONPATH", "VIRTUAL_ENV"))}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    log = log_path("Hub")
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(state / "jupyterhub_config.py")],
                                cwd=state, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/hub/health", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterHub did not start; see {log}") from None
                time.sleep(0.3)
        yield Hub(url, log, data, bin_dir)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        for name in (*LEARNERS, TEACHER):
            _remove_account(name)
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)


def sign_in(browser, hub: Hub, name: str):
    """A page signed in to the hub as ``name``, on the gallery its server opens with; every address it asked for
    is in ``page.asked``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.asked = []
    page.on("request", lambda request: page.asked.append(request.url))
    page.goto(f"{hub.url}/hub/login", timeout=60_000)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(re.compile(rf"/user/{name}/voila/render/index\.ipynb"), timeout=180_000)
    page.locator(".gwari").first.wait_for(timeout=180_000)
    return page


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
    assert class_records(hub) == before, "nothing changed in the records"
    players = [as_learner(hub, name, "play", code, str(seed), wait=False) for seed, name in enumerate(LEARNERS)]
    results = [finished(proc) for proc in players]
    assert all(r["over"] for r in results) and sorted(r["seat"] for r in results) == [0, 1]
    teacher = pages[TEACHER]
    teacher.goto(f"{hub.url}/user/{TEACHER}/voila/render/teacher.ipynb", timeout=120_000)
    for name in LEARNERS:
        teacher.get_by_text(name).first.wait_for(timeout=120_000)
