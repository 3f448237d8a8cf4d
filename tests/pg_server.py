"""A real PostgreSQL server for the stores' tests and benchmarks: Debian's PostgreSQL, initialised in a folder of its
own, listening on a socket there (no TCP port), stopped and removed on leaving.

PostgreSQL refuses to run as root: as root the server runs as the ``postgres`` user Debian's package makes (the
folder is handed to it); as anyone else, as that user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator
from urllib.parse import quote

DATABASE = "gwari"


def binaries() -> Path:
    """Debian's PostgreSQL programs (the newest installed version)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=lambda p: int(Path(p).parts[4]))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: bash .ci/test installs Debian's postgresql package.")
    return Path(found[-1]).parent


def _as_owner(command: list[str], user: str | None, **kwargs) -> subprocess.CompletedProcess:
    if user is None:
        return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)
    return subprocess.run(["runuser", "-u", user, "--", *command], check=True, capture_output=True, text=True,
                          **kwargs)


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server with an empty database ``gwari`` and yield its address (``postgresql://…`` over the socket in
    its folder), once it answers."""
    bin_dir = binaries()
    user = "postgres" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="gwari-pg-"))
    data, sock = folder / "data", folder / "sock"
    sock.mkdir()
    if user is not None:
        owner = pwd.getpwnam(user)
        for path in (folder, sock):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    role = user or pwd.getpwuid(os.geteuid()).pw_name
    _as_owner([str(bin_dir / "initdb"), "-D", str(data), "-U", role, "--auth=trust", "-E", "UTF8", "--no-sync"],
              user)
    proc = subprocess.Popen(
        (["runuser", "-u", user, "--"] if user else [])
        + [str(bin_dir / "postgres"), "-D", str(data), "-k", str(sock), "-c", "listen_addresses=",
           "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):  # the server answers once it accepts connections on its socket
            ready = subprocess.run([str(bin_dir / "pg_isready"), "-h", str(sock), "-U", role], capture_output=True)
            if ready.returncode == 0 or proc.poll() is not None:
                break
            time.sleep(0.05)
        _as_owner([str(bin_dir / "createdb"), "-h", str(sock), "-U", role, DATABASE], user)
        yield f"postgresql://{quote(role)}@/{DATABASE}?host={quote(str(sock), safe='')}"
    finally:
        # pg_ctl stops the server itself (a fast shutdown: sessions ended, no checkpoint wait); terminating the
        # runuser in front of it as root would leave runuser waiting seconds for its child.
        stopped = subprocess.run((["runuser", "-u", user, "--"] if user else [])
                                 + [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "-t", "20", "stop"],
                                 capture_output=True)
        try:
            proc.wait(timeout=20 if stopped.returncode == 0 else 0.1)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(folder, ignore_errors=True)
