"""The README's Binder badges, built from where the repository is published.

    python binder/badges.py                      # from `git remote get-url origin`
    python binder/badges.py https://github.com/ann/gwari
    python binder/badges.py ann/gwari --readme   # also write them into README.md, between the markers

Each badge opens mybinder.org on the repository's default branch: the gallery
and two apps in Voilà (Gwari's page template, nothing fetched from outside), and
JupyterLab at the gallery.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- binder badges: python binder/badges.py --readme -->", "<!-- end of binder badges -->"
BADGES = (("gallery", "voila/render/notebooks/index.ipynb"),
          ("play Gwra Pyskessa", "voila/render/notebooks/gwra-pyskessa-play.ipynb"),
          ("the lesson", "voila/render/notebooks/gwra-pyskessa-lesson.ipynb"),
          ("JupyterLab", "lab/tree/notebooks/index.ipynb"))
GITHUB = re.compile(r"^(?:https?://github\.com/|git@github\.com:|ssh://git@github\.com/)?"
                    r"(?P<owner>[A-Za-z0-9][A-Za-z0-9-]*)/(?P<name>[A-Za-z0-9._-]+?)(?:\.git)?/?$")


def repository(address: str) -> tuple[str, str]:
    """``(owner, name)`` of a GitHub repository from its address (https, ssh or ``owner/name``)."""
    match = GITHUB.match(address.strip())
    if not match:
        raise ValueError(f"Not a GitHub repository's address: {address!r} (give https://github.com/<owner>/<name>, "
                         "git@github.com:<owner>/<name>.git or <owner>/<name>).")
    return match["owner"], match["name"]


def badges(owner: str, name: str, branch: str = "HEAD") -> str:
    """The badges' Markdown, one a line."""
    base = f"https://mybinder.org/v2/gh/{owner}/{name}/{branch}"
    return "\n".join(f"[![Binder: {label}](https://mybinder.org/badge_logo.svg)]({base}?urlpath={quote(path)})"
                     for label, path in BADGES)


def write_readme(text: str, readme: Path = ROOT / "README.md") -> None:
    """Put ``text`` between the README's badge markers."""
    content = readme.read_text(encoding="utf-8")
    if START not in content or END not in content:
        raise ValueError(f"{readme} has no badge markers ({START} ... {END}).")
    head, rest = content.split(START, 1)
    readme.write_text(f"{head}{START}\n{text}\n{END}{rest.split(END, 1)[1]}", encoding="utf-8")


def main(argv: list[str]) -> int:
    args = [a for a in argv if a != "--readme"]
    try:
        address = args[0] if args else subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, check=True,
                                                      capture_output=True, text=True).stdout
        text = badges(*repository(address))
    except subprocess.CalledProcessError:
        print("This repository has no remote called origin: give its address, "
              "e.g. python binder/badges.py https://github.com/<owner>/<name>", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(text)
    if "--readme" in argv:
        write_readme(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
