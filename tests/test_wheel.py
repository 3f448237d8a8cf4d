"""The wheel: built from the checkout and installed elsewhere, Gwari needs nothing beside it.

The wheel is built from a copy of the sources (``pyproject.toml``, ``README.md``,
``tutor/``, ``lessons/``, ``vocab/``, ``notebooks/``, ``voila.json``) with the test extra's setuptools and no build
isolation, so no package index is needed.  It is installed with ``--no-deps`` into a
fresh virtual environment whose third-party packages come from this one (a ``.pth``
line naming this environment's site-packages; its own ``.pth`` files, among them the
editable install of the checkout, are not run).  There, from a folder outside the
repository, every lesson and the word list load from the package, the Voilà
template is found, and a play notebook runs without an error.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from importlib.metadata import version
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "tutor", "lessons", "vocab", "notebooks", "voila.json")
NOTEBOOK = "gwra-pyskessa-play.ipynb"
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")

CHECK = """
import json, tutor
from tutor.games import GAMES
from tutor.jupyter import jupyter_path, template_dir
from tutor.lessons import lessons_dir, load_lesson
from tutor.vocab import load_vocab
from tutor.vocab.words import VOCAB_DIR
lessons = {slug: len(load_lesson(slug).rules) for slug in GAMES}
print(json.dumps({"tutor": tutor.__file__, "lessons_dir": str(lessons_dir()), "vocab_dir": str(VOCAB_DIR),
                  "jupyter_path": str(jupyter_path()), "template": sorted(p.name for p in template_dir().iterdir()),
                  "lessons": lessons, "words": len(load_vocab())}))
"""
EXECUTE = """
import sys, nbformat
from nbclient import NotebookClient
nb = nbformat.read(sys.argv[1], as_version=4)
NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()
errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
assert not errors, errors
print(nb.cells[-1].outputs[0]["text"].strip())
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the sources (so no stale build folder of the checkout creeps in)."""
    assert int(version("setuptools").split(".")[0]) >= 77, "setuptools 77 or newer is needed: run bash .ci/setup test"
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=SKIP)
        else:
            shutil.copy2(ROOT / name, src / name)
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                          "--no-index", "--wheel-dir", str(tmp / "dist"), str(src)],
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    (built,) = (tmp / "dist").glob("gwari-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment holding the wheel, with this environment's third-party packages."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (Path(purelib) / "gwari-test-deps.pth").write_text("".join(f"{path}\n" for path in ours))
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-index", str(wheel)], check=True, timeout=180, capture_output=True)
    return venv


def _run(venv: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """Run the environment's Python in ``cwd``, with no Jupyter, Python or virtual-environment settings of ours."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "VIRTUAL_ENV", "PYTHON", "GWARI"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    for name in ("JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"):
        env[name] = str(cwd / ".jupyter" / name.split("_")[1].lower())
    return subprocess.run([str(venv / "bin" / "python"), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=240)


def test_the_wheel_holds_every_file_of_the_package_the_lessons_the_words_and_the_template(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    want = {f"tutor/{p.relative_to(ROOT / 'tutor').as_posix()}" for p in (ROOT / "tutor").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    want |= {f"tutor/data/lessons/{p.name}" for p in (ROOT / "lessons").glob("*.toml")}
    want |= {f"tutor/data/lessons/first-games/{p.name}" for p in (ROOT / "lessons" / "first-games").glob("*.toml")}
    want |= {f"tutor/data/vocab/{p.name}" for p in (ROOT / "vocab").glob("*.tsv")}
    assert not want - names, f"missing from the wheel (list the package in pyproject.toml): {sorted(want - names)}"
    assert "tutor/jupyter/voila/templates/gwari/index.html.j2" in names
    notebooks = {f"tutor/data/notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert notebooks and not notebooks - names, f"notebooks missing from the wheel: {sorted(notebooks - names)}"
    served = json.loads(zipfile.ZipFile(wheel).read("tutor/jupyter/voila.json"))
    assert served == json.loads((ROOT / "voila.json").read_text()), "the wheel's served settings are voila.json"


def test_the_installed_wheel_finds_its_lessons_words_and_template_inside_itself(venv, tmp_path):
    out = _run(venv, tmp_path, "-c", CHECK)
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout)
    site = str(venv)
    assert found["tutor"].startswith(site), f"the checkout was imported, not the wheel: {found['tutor']}"
    for key in ("lessons_dir", "vocab_dir", "jupyter_path"):
        assert found[key].startswith(site) and "site-packages" in found[key], (key, found[key])
    assert found["template"] == ["conf.json", "index.html.j2", "page.html"]
    from tutor.games import WHERE  # Gwari's own games (the tests register one more, which no wheel holds)

    assert set(found["lessons"]) == set(WHERE) and all(found["lessons"].values())
    assert found["words"] > 50
    printed = _run(venv, tmp_path, "-m", "tutor.jupyter")
    assert printed.stdout.strip() == found["jupyter_path"]


def test_a_play_notebook_runs_with_the_installed_wheel(venv, tmp_path):
    notebook = nbformat.read(ROOT / "notebooks" / NOTEBOOK, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("import tutor; print(tutor.__file__)"))
    nbformat.write(notebook, tmp_path / NOTEBOOK)
    out = _run(venv, tmp_path, "-c", EXECUTE, NOTEBOOK)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().splitlines()[-1].startswith(str(venv)), "the kernel imported the wheel's tutor"


def test_gwari_serves_the_gallery_from_the_installed_wheel(venv, tmp_path):
    """``gwari serve`` from a folder holding nothing: the notebooks, voila.json and the template come from the wheel
    (the page in the gwari template, no address of another host in it)."""
    import re
    import urllib.request

    from browser.conftest import serving

    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "VIRTUAL_ENV", "PYTHON", "GWARI"))}
    env |= {"PATH": f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", "VIRTUAL_ENV": str(venv),
            "GWARI_PROGRESS": str(tmp_path / "progress.sqlite3"),
            # Voilà's own templates, installed with it in this environment (the wheel's has only its packages)
            "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter")}
    where = subprocess.run([str(venv / "bin" / "gwari"), "where"], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=60)
    assert where.returncode == 0 and where.stdout.strip() == str(tmp_path / "progress.sqlite3"), where.stderr
    command = [str(venv / "bin" / "gwari"), "serve", "--VoilaConfiguration.preheat_kernel=False"]
    with serving(command, cwd=tmp_path, ready="/voila/tree", what="Wheel-Voila", env=env) as url:
        with urllib.request.urlopen(f"{url}/voila/render/index.ipynb", timeout=180) as answer:
            html = answer.read().decode()
    assert re.search(r"<title>[^<]*Gwari[^<]*</title>", html), "the gwari template titles the page by its heading"
    assert not re.search(r'(href|src)="https?://', html), "nothing fetched from outside"
    assert "Traceback" not in html and "from tutor" not in html, "voila.json's served mode: no sources, no errors"
