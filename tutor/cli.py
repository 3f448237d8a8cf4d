"""``gwari``: serve the apps, run the class service or a hub's learner server, and look after the class's records.

- ``gwari serve [--classroom] [--port=N] [--class-size=N] [--class-apps=a,b] [Voilà's options]``: the gallery,
  as ``bash .ci/serve`` serves it, from the installed package (its notebooks, voila.json and page template);
- ``gwari service``: the class service (``tutor.service.app.main``), which JupyterHub runs as a managed service;
- ``gwari singleuser [--apps-only] [--class-apps=a,b] [--pool-size=N] [server options]``: what a hub's
  ``Spawner.cmd`` runs, ``jupyterhub-singleuser`` in Gwari's served mode (``tutor.jupyter.singleuser``);
- ``gwari where|backup|export|import|move``: the records' tools (``python -m tutor.progress``).
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
import tempfile
from pathlib import Path
from typing import Sequence

RECORDS = ("where", "backup", "export", "import", "move")
USAGE = """usage: gwari COMMAND [options]

  serve        serve the gallery and the apps with Voilà (--classroom: on the classroom network too)
  service      the class service, run by JupyterHub as a managed service
  singleuser   a learner's server under JupyterHub (--apps-only: the apps and nothing else)
  where        where the class's records are
  backup FILE  a safe copy of the records' file, even while the server runs
  export       every learner's records as JSON
  import FILE  merge records exported elsewhere
  move FILE ADDRESS  copy a class's SQLite file into an empty PostgreSQL database

gwari COMMAND --help says more about each."""


def _class_pools(size: int | str, notebooks: Path, apps: str) -> dict:
    """Voilà's ``kernel_pools_config``: ``size`` warm kernels in each app named in ``apps`` (every app voila.json
    warms when none is), none in the others; a size or an app that is not there is refused (ValueError)."""
    from tutor.serving import warmed_apps

    if isinstance(size, str):
        size = int(size) if size.isdigit() else size
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise ValueError(f"--pool-size: a number of warm kernels (0 or more), not {size!r}.")
    names = warmed_apps(notebooks, apps.split(","))
    return {"default": {"pool_size": 0}, **{name: {"pool_size": size} for name in names}}


def _addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (not the loopback), as ``.ci/serve`` finds them
    (``hostname -I``, else the addresses its name resolves to)."""
    import subprocess

    try:
        said = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    except (OSError, subprocess.SubprocessError):
        said = []
    if not said:
        try:
            said = [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            said = []
    return list(dict.fromkeys(a for a in said if not a.startswith("127.") and ":" not in a))


def serve(argv: Sequence[str]) -> int:
    """``gwari serve``: Voilà over the package's notebooks, as ``.ci/serve`` runs it from the repository."""
    import argparse

    from tutor.jupyter import jupyter_path, notebooks_dir
    from tutor.serving import DEFAULT_POOL, KERNEL_MB, class_options, warmed_apps

    parser = argparse.ArgumentParser(prog="gwari serve", allow_abbrev=False,
                                     description="Serve the gallery and the apps with Voilà (the gallery is "
                                                 "voila/render/index.ipynb).  Other options go to Voilà.")
    parser.add_argument("--classroom", action="store_true", default=os.environ.get("GWARI_CLASSROOM") == "1",
                        help="also on the classroom network (default: this machine only)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("GWARI_PORT") or 8866))
    parser.add_argument("--class-size", default=os.environ.get("GWARI_CLASS_SIZE", ""),
                        help="a warm kernel per learner in each app")
    parser.add_argument("--class-apps", default=os.environ.get("GWARI_CLASS_APPS", ""),
                        help="only in these apps (comma-separated; default: every play app and the drill)")
    args, voila_args = parser.parse_known_args(argv)
    notebooks = notebooks_dir()
    options: list[str] = []
    if args.class_size:
        size = int(args.class_size) if args.class_size.isdigit() else args.class_size
        try:
            warmed = warmed_apps(notebooks, args.class_apps.split(","))
            options = class_options(size, notebooks, warmed)  # type: ignore[arg-type]
        except ValueError as exc:
            print(f"gwari serve: {exc}", file=sys.stderr)
            return 2
        print(f"Warming {size} kernels in each of {len(warmed)} app(s) before the class (about "
              f"{int(size) * len(warmed) * KERNEL_MB} MB; {DEFAULT_POOL} in the others).", file=sys.stderr)
    gallery = "voila/render/index.ipynb"
    ip = "0.0.0.0" if args.classroom else "127.0.0.1"
    print(f"Gwari gallery on this machine: http://127.0.0.1:{args.port}/{gallery}")
    if args.classroom:
        print("Give the class this address (same network):")
        for address in _addresses() or [socket.gethostname()]:
            print(f"  http://{address}:{args.port}/{gallery}")
    sys.stdout.flush()
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(filter(None, [str(jupyter_path()),
                                                                       os.environ.get("JUPYTER_PATH")]))}
    command = [sys.executable, "-m", "voila", "--no-browser", f"--port={args.port}", f"--Voila.ip={ip}",
               "--Voila.port_retries=0", "--VoilaConfiguration.template=gwari",
               f"--Voila.config_file_paths={jupyter_path()}", str(notebooks.resolve()), *options, *voila_args]
    os.execvpe(command[0], command, env)
    return 0  # not reached


def singleuser(argv: Sequence[str]) -> int:
    """``gwari singleuser``: ``jupyterhub-singleuser`` with Gwari's served mode (``tutor.jupyter.singleuser``)."""
    import argparse

    from tutor.jupyter import jupyter_path, notebooks_dir
    from tutor.jupyter.lab import copy_notebooks, learner_folder
    from tutor.jupyter.singleuser import APPS_ONLY, apps_only_arguments, served_config, write_config

    parser = argparse.ArgumentParser(prog="gwari singleuser", allow_abbrev=False,
                                     description="A learner's server under JupyterHub (its Spawner.cmd), serving "
                                                 "Gwari's apps as gwari serve does.  Other options go to "
                                                 "jupyterhub-singleuser.")
    parser.add_argument("--apps-only", action="store_true",
                        help="the apps and nothing else: no JupyterLab, terminals or kernels API, and no code "
                             "sent from a page is run")
    parser.add_argument("--class-apps", default="",
                        help="keep warm kernels only in these apps (comma-separated; default: every play app and "
                             "the drill)")
    parser.add_argument("--pool-size", default="1",
                        help="warm kernels kept in each of those apps (default 1; 0: none)")
    args, server_args = parser.parse_known_args(argv)
    try:  # checked before anything is copied or started
        pools = _class_pools(args.pool_size, notebooks_dir(), args.class_apps)
    except ValueError as exc:
        print(f"gwari singleuser: {exc}", file=sys.stderr)
        return 2
    if args.apps_only:
        notebooks = notebooks_dir().resolve()  # read only: the learner changes nothing
    else:
        notebooks = learner_folder().expanduser().resolve()  # their own copy, to change in JupyterLab
        copy_notebooks(notebooks_dir(), notebooks)
    folder = Path(tempfile.mkdtemp(prefix="gwari-singleuser-"))
    try:
        write_config(folder, served_config(notebooks, apps_only=args.apps_only, pools=pools))
        os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join(filter(None, [str(folder),
                                                                          os.environ.get("JUPYTER_CONFIG_PATH")]))
        os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(jupyter_path()),
                                                                   os.environ.get("JUPYTER_PATH")]))
        arguments = list(server_args)
        if args.apps_only:
            os.environ[APPS_ONLY] = "1"
            os.environ["JUPYTERHUB_DISABLE_USER_CONFIG"] = "1"  # the learner's own Jupyter settings are not read
            arguments += apps_only_arguments()
        else:
            os.environ.pop(APPS_ONLY, None)
        if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in arguments:
            arguments.append("--allow-root")  # a container run as root: without it the server stops at once
        os.chdir(notebooks)
        from jupyterhub.singleuser import main as singleuser_main

        singleuser_main(arguments)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


def service(argv: Sequence[str]) -> int:
    """``gwari service``: the class service (``python -m tutor.service``)."""
    from tutor.service.app import main as service_main

    return service_main(list(argv)) or 0


def main(argv: Sequence[str] | None = None) -> int:
    """``gwari COMMAND ...``; the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "serve":
        return serve(rest)
    if command == "singleuser":
        return singleuser(rest)
    if command == "service":
        return service(rest)
    if command in RECORDS:
        from tutor.progress.cli import main as records_main

        return records_main([command, *rest], prog="gwari")
    print(f"gwari: there is no command {command!r}.\n\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
