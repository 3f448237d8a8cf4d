"""JupyterLab for a learner: their own copy of the notebooks, and no question before the first lesson.

``python -m tutor.jupyter.lab`` (what ``bash .ci/lab`` runs) copies the notebooks
into the learner's own folder the first time (``~/gwari-notebooks``, or
``$GWARI_LAB_NOTEBOOKS``), adds the notebooks that are new since on later starts
and keeps every one the learner has, so their runs and changes never touch the
repository's notebooks (a teacher's ``git pull`` stays clean).  It then opens
JupyterLab on that folder, the gallery first.

JupyterLab's first start asks whether to fetch Jupyter's news and may ask which
kernel a notebook should start; ``SETTINGS`` answers both (no news, the
notebook's own kernel).  They are written where JupyterLab reads settings every
user shares (``<prefix>/share/jupyter/lab/settings/overrides.d``), here and by
binder/postBuild on Binder; a learner can still change them in JupyterLab.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

from tutor.jupyter import jupyter_path

SETTINGS = {
    # no "Would you like to get notified about official Jupyter news?", and no request to the news feed
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # a notebook starts the kernel it names (Python 3), without a "Select Kernel" dialog
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
}
COPY_ENV = "GWARI_LAB_NOTEBOOKS"


def settings_file(prefix: Path | str = sys.prefix) -> Path:
    """Where Gwari's JupyterLab settings go in the environment at ``prefix``."""
    return Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "gwari.json"


def write_settings(prefix: Path | str = sys.prefix) -> Path:
    """Write ``SETTINGS`` for the JupyterLab of the environment at ``prefix``; the file written."""
    path = settings_file(prefix)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.{os.getpid()}")
    part.write_text(json.dumps(SETTINGS, indent=2) + "\n", encoding="utf-8")
    part.replace(path)  # whole: a JupyterLab starting meanwhile reads the old file or the new one
    return path


def learner_folder() -> Path:
    """The learner's own notebooks: ``$GWARI_LAB_NOTEBOOKS``, else ``~/gwari-notebooks``."""
    return Path(os.environ.get(COPY_ENV) or Path.home() / "gwari-notebooks").expanduser()


def copy_notebooks(source: Path, dest: Path) -> list[str]:
    """Copy the notebooks of ``source`` that ``dest`` lacks (a learner's own notebooks are never replaced); the
    names copied."""
    if not any(source.glob("*.ipynb")):
        raise ValueError(f"No notebooks to copy: {source} holds no .ipynb file.")
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for notebook in sorted(source.glob("*.ipynb")):
        if not (dest / notebook.name).exists():
            shutil.copyfile(notebook, dest / notebook.name)
            copied.append(notebook.name)
    return copied


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tutor.jupyter.lab", description=__doc__.split("\n\n")[0],
                                     allow_abbrev=False)
    parser.add_argument("--notebooks", type=Path, default=Path("notebooks"),
                        help="the notebooks to copy (default: ./notebooks, the repository's)")
    parser.add_argument("--to", type=Path, default=None, help=f"the learner's folder (default: ${COPY_ENV}, else "
                                                               "~/gwari-notebooks)")
    parser.add_argument("--settings-only", action="store_true",
                        help="only write the JupyterLab settings into this environment (binder/postBuild)")
    args, lab_args = parser.parse_known_args(argv)
    written = write_settings()
    if args.settings_only:
        print(written)
        return
    dest = (args.to or learner_folder()).expanduser().resolve()
    copied = copy_notebooks(args.notebooks.resolve(), dest)
    print(f"Your notebooks: {dest}" + (f" ({len(copied)} copied from {args.notebooks})" if copied else ""))
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(filter(None, [str(jupyter_path()),
                                                                       os.environ.get("JUPYTER_PATH")]))}
    command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={dest}",
               "--LabApp.default_url=/lab/tree/index.ipynb", *lab_args]
    os.execvpe(command[0], command, env)


if __name__ == "__main__":
    main()
