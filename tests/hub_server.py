"""A real JupyterHub (6.1.1) from the README's recipe (docs/jupyterhub_config.py, the very lines), for the tests
(tests/test_hub.py) and the benchmark of a class under the hub (benchmarks/hub_load.py).

The hub runs as root with JupyterHub's own proxy (npm's configurable-http-proxy, which ``.ci/test`` puts in
``.cache/hub-npm``), the DummyAuthenticator with one password, and the LocalProcessSpawner, which starts each
learner's server as their own account on this machine: ``running_hub`` makes the accounts with ``useradd`` (marked,
and removed after).  The class service runs as the hub's managed service, its records in a folder only root may
open.  The learners' servers run ``gwari`` from a Python every account can run (this one when it is, else the
system's Python of the same version, given this environment's packages and the checkout).
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
from typing import Iterator

import pytest

from browser.conftest import free_port, log_path

ROOT = Path(__file__).resolve().parents[1]
RECIPE = ROOT / "docs" / "jupyterhub_config.py"
CHP = ROOT / ".cache" / "hub-npm" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "slate-owl-7"
MARK = "Gwari hub test"  # the accounts' comment: only accounts carrying it are ever removed


def _runnable_by_all(path: Path) -> bool:
    """Whether every account may run ``path`` (each folder above it may be passed through)."""
    real = path.resolve()
    return all(os.stat(p).st_mode & 0o001 for p in [*real.parents, real])


def learners_python(folder: Path) -> Path:
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


def make_account(name: str) -> None:
    with contextlib.suppress(KeyError):
        if pwd.getpwnam(name).pw_gecos != MARK:
            pytest.skip(f"an account {name} exists already, not made by this test")
        remove_account(name)  # left by a run that was stopped
    subprocess.run(["useradd", "--create-home", "--comment", MARK, "--shell", "/bin/sh", name], check=True,
                   capture_output=True)


def remove_account(name: str) -> None:
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


def hub_config(*, port: int, hub_port: int, proxy_port: int, service_port: int, data: Path,
               learners: tuple[str, ...], teacher: str) -> str:
    """The recipe as the README gives it, on this run's ports and folders, then what a test hub adds: the
    DummyAuthenticator with a password, the proxy from .cache, and the teacher's test account."""
    text = RECIPE.read_text()
    for old, new in (("http://:8000", f"http://127.0.0.1:{port}"), ("127.0.0.1:8000", f"127.0.0.1:{port}"),
                     ("127.0.0.1:8765", f"127.0.0.1:{service_port}"), ("/srv/gwari", str(data)),
                     ('"ms-pascoe"', f'"{teacher}"')):
        assert old in text, f"the recipe no longer says {old}"
        text = text.replace(old, new)
    return text + f"""
# Added by tests/test_hub.py
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_port}"
c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allowed_users = {set([*learners, teacher])!r}
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


@contextlib.contextmanager
def running_hub(learners: tuple[str, ...], teacher: str) -> Iterator[Hub]:
    """JupyterHub from the recipe, with the accounts made for ``learners`` and ``teacher``; stopped and the accounts
    removed after."""
    if not CHP.exists():
        pytest.fail(f"configurable-http-proxy is missing from {CHP.parent}: run bash .ci/test, which installs it")
    work = Path(tempfile.mkdtemp(prefix="gwari-hub-"))
    work.chmod(0o755)  # the learners' accounts run the Python inside it
    data = work / "class"
    data.mkdir(mode=0o700)  # the class service's records: root's alone
    state = Path(tempfile.mkdtemp(prefix="gwari-hub-state-"))  # the hub's database and cookie secret
    bin_dir = learners_python(work)
    for name in (*learners, teacher):
        make_account(name)
    port, hub_port, proxy_port, service_port = free_port(), free_port(), free_port(), free_port()
    (state / "jupyterhub_config.py").write_text(hub_config(port=port, hub_port=hub_port, proxy_port=proxy_port,
                                                           service_port=service_port, data=data,
                                                           learners=learners, teacher=teacher))
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
        for name in (*learners, teacher):
            remove_account(name)
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
