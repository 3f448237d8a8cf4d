"""A real Redis server for the tables' tests and benchmark: Debian's redis-server on a socket of its own in
``folder`` (no port, nothing saved), stopped on leaving."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from pathlib import Path
from typing import Iterator

SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """Start the server and yield its address (``unix://…``) once its socket is there."""
    sock = folder / "redis.sock"
    proc = subprocess.Popen([SERVER, "--port", "0", "--unixsocket", str(sock), "--save", "", "--appendonly", "no",
                             "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):  # the socket appears once the server listens
            if sock.exists() or proc.poll() is not None:
                break
            time.sleep(0.025)
        yield f"unix://{sock}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
