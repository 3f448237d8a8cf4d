"""Build the static Gwari site (Voici: Voilà's static sibling, Python in the browser by Pyodide) into site/.

Run by ``bash .ci/site`` with the build tools' Python (.venv-site), after it has fetched

* the npm package pyodide@0.29.0 (the runtime and standard library, no packages) into ``--npm``,
* the pure-Python wheels of site-build/browser-requirements.txt and Gwari's own wheel into ``--wheels``.

It then lays out a JupyterLite folder in ``--work``:

* ``static/pyodide/``: the npm Pyodide, the wheels beside it, and a Pyodide lock file written from the wheels
  (each one's dependencies read from its metadata and kept to what is here), so Pyodide and micropip load
  every package from the site itself.  The wheels are served compiled to bytecode by Pyodide's own Python
  (see ``compile_for_pyodide``), as is the standard library, so the browser does not compile IPython and
  the rest at every start;
* ``files/``: the notebooks a learner uses in the browser.  The pages that need the server (the teacher's page,
  the rule sheets, and any notebook importing pandas) are replaced by a one-cell notebook that says so;
* ``jupyter-lite.json``: site-build/jupyter-lite.json: the kernel loads Gwari and what the kernel itself needs,
  its own wheels included (``KERNEL_WHEELS``), from the lock file at start (``loadPyodideOptions.packages``)
  and never falls back to PyPI (``disablePyPIFallback``), starting from the build's snapshot of Python with all
  of that installed and imported (``make_snapshot``, ``memorySnapshotURL``); the build adds ``pyodideUrl``
  (./static/pyodide/pyodide.js) and ``pipliteUrls`` (the kernel's own wheels, for piplite).  Voici's page
  carries its own widget manager, so the federated
  ``@jupyter-widgets/jupyterlab-manager`` (and the Voilà preview for JupyterLab) are disabled there.

and runs ``voici build`` into the output folder.  Last, every page is made to load nothing from other hosts
and to follow the notebooks' links (``x.ipynb``) to their static pages (``x.html``); a check then fails the
build if any page or config still names another host to load from.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from pyodide_compile import entry, replace_once, write_wheel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: Where Pyodide runs: the environment its packages' markers are read in.
PYODIDE_ENV = {**default_environment(), "python_version": "3.13", "python_full_version": "3.13.2",
               "sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
               "os_name": "posix", "implementation_name": "cpython", "platform_python_implementation": "CPython",
               "extra": ""}

#: Dependencies deliberately not served, by the package that declares them, with the reason.
NOT_SERVED = {
    # Server-side only (pyproject.toml's `server` extra, which the markers already leave out; named here too
    # so that moving one back into the base dependencies cannot pull it into the browser unnoticed):
    # the learner apps never import them (tests/test_layers.py checks pandas and sqlite3), and ipykernel comes
    # as the Pyodide kernel's own stand-in from its extension's pypi/ folder.
    "gwari": {"ipykernel", "jupyterlab", "voila", "pandas", "tqdm", "matplotlib"},
    # The widgets' front end is in the page (Voici's bundle), not in Python.
    "ipywidgets": {"widgetsnbextension", "jupyterlab-widgets"},
    # IPython's terminal (IPython.embed and the console) needs prompt_toolkit; a kernel does not, and the site
    # imports the terminal only if IPython.embed is called (PATCH), which no page does.
    "ipython": {"prompt-toolkit"},
}

#: Empty placeholder distributions (metadata only) served under these names, so that the Pyodide kernel, which
#: installs both at start, finds them, and importing them fails with ImportError, which their users expect:
#:
#: * ``sqlite3``: Pyodide's sqlite3 (a compiled module) is not in the npm package.  tutor.progress keeps
#:   nothing without it (the browser's storage serves instead); IPython keeps no history.
#: * ``jedi``: IPython imports it for code completion, which no page of the site offers, and goes on without
#:   it.  Importing jedi and its parser, parso, and unpacking them, took about 0.3 s of every start.
PLACEHOLDERS = ("sqlite3", "jedi")

#: Notebooks that need the server, besides any notebook whose code imports pandas or the strategy helpers (pandas,
#: matplotlib and tqdm are not served to the browser).
SERVER_ONLY = {"teacher.ipynb", "rule-sheets.ipynb"}
NEEDS_SERVER_CODE = re.compile(r"^\s*(import pandas|from pandas|from tutor\.widgets\.teacher|import sqlite3|"
                               r"from tutor\.strategy|import tutor\.strategy)",
                               re.MULTILINE)

#: Pages: follow links to notebooks (the gallery's, drawn by widgets) to their static pages.
LINK_SCRIPT = """<script>
/* Gwari static site: a link to a notebook (x.ipynb) opens its static page (x.html). */
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  if (!link) return;
  const href = link.getAttribute("href");
  if (/^[^:?#]*\\.ipynb([?#].*)?$/.test(href)) link.setAttribute("href", href.replace(/\\.ipynb(?=[?#]|$)/, ".html"));
}, true);
</script>"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_metadata(path: Path) -> tuple[str, list[str], list[str]]:
    """A wheel's project name, its requirements, and the top-level names it can be imported by."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(whl.read(meta_name).decode("utf-8"))
    imports = set()
    for name in names:
        top = name.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            imports.add(top)
        elif name.endswith(".py"):
            imports.add(name[:-3])
    return meta["Name"], meta.get_all("Requires-Dist") or [], sorted(i for i in imports if i.isidentifier())


def placeholder_wheel(folder: Path, name: str, version: str = "1.0.0") -> Path:
    """An empty distribution (metadata only), so that installing ``name`` succeeds and importing it does not."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            f"Summary: Placeholder: the static Gwari site has no {name}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: gwari-site-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    write_wheel(str(path), [entry(arc, text.encode()) for arc, text in files.items()], f"{dist}/RECORD")
    return path


#: Wheels served with their sources beside the bytecode: Gwari's options panel reads each option's explanation
#: from the source of its rules class (tutor.widgets.options.field_docs).
KEEP_SOURCES = {"gwari"}

#: Changes to served wheels' sources, per project: ``[file, text, replacement]``, the text found exactly once
#: (site-build/pyodide_compile.py makes them before compiling).
#:
#: * IPython's ``__init__`` imports ``IPython.embed`` from its terminal at once, and with it prompt_toolkit:
#:   about 0.35 s of every start in the browser, for a terminal no page has.  Here ``IPython.embed`` imports
#:   the terminal when it is called.
PATCH = {
    "ipython": [["IPython/__init__.py", "from .terminal.embed import embed\n", '''
def embed(*args, **kwargs):
    """IPython.embed, its terminal imported when it is called (Gwari's static site: site-build/build.py)."""
    from .terminal.embed import embed as embed_in_terminal

    return embed_in_terminal(*args, **kwargs)
''']],
}

#: The Node side of ``compile_for_pyodide``: start Pyodide from the npm package, mount the site's Pyodide
#: folder, run site-build/pyodide_compile.py there, and report Python's traceback (not Pyodide's minified
#: source) if it fails.
NODE_COMPILE = """
const [pyodideDir, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", packages: [] });
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/site");
pyodide.globals.set("ARGS", process.env.GWARI_COMPILE_ARGS);
try {
  pyodide.runPython(process.env.GWARI_COMPILE_PROGRAM, { filename: "pyodide_compile.py" });
} catch (error) {
  console.log(String(error.message || error));
  process.exitCode = 1;
}
"""


def compile_for_pyodide(npm_pyodide: Path, folder: Path) -> dict:
    """Compile the wheels in ``folder`` and its ``python_stdlib.zip`` to bytecode, in place, with the Python the
    browser runs (Pyodide from the npm package, started by Node), and add site-build/sitecustomize.py to the
    standard library; see site-build/pyodide_compile.py.  Returns its summary (modules compiled per wheel and
    in the standard library).  A start in the browser then loads bytecode instead of compiling IPython,
    the standard library and the rest in WebAssembly (benchmarks/RESULTS.md, "With no server")."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        sys.exit("site-build: Node is needed to compile the site's Python with Pyodide (it comes with npm)")
    args = {"folder": "/site", "keep": sorted(KEEP_SOURCES), "patch": PATCH,
            "sitecustomize": (HERE / "sitecustomize.py").read_text(encoding="utf-8")}
    with tempfile.TemporaryDirectory() as scratch:  # a script file: Pyodide does not start from ``node -e``
        script = Path(scratch) / "compile.mjs"
        script.write_text(NODE_COMPILE, encoding="utf-8")
        done = subprocess.run([node, str(script), str(npm_pyodide.resolve()), str(folder.resolve())],
                              capture_output=True, text=True,
                              env={**os.environ, "GWARI_COMPILE_ARGS": json.dumps(args),
                                   "GWARI_COMPILE_PROGRAM": (HERE / "pyodide_compile.py").read_text(encoding="utf-8")})
    if done.returncode != 0:
        tail = "\n".join(line[:300] for line in (done.stdout + done.stderr).splitlines()[-20:])
        sys.exit(f"site-build: compiling the site's Python in Pyodide failed:\n{tail}")
    return json.loads(done.stdout.strip().splitlines()[-1])


#: The Pyodide kernel's own wheels (from its extension's ``pypi/`` folder in the build tools' environment),
#: served from the lock file too: the kernel then takes them with everything else in one load at start
#: (site-build/jupyter-lite.json lists them in ``loadPyodideOptions.packages``) instead of installing each
#: with piplite, which resolves it through micropip first.
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel")
KERNEL_PYPI = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
               / "static" / "pypi")


def kernel_wheels() -> list[Path]:
    found = []
    for name in KERNEL_WHEELS:
        matches = sorted(KERNEL_PYPI.glob(f"{name}-*-py3-none-any.whl"))
        if len(matches) != 1:
            sys.exit(f"site-build: expected one {name} wheel in {KERNEL_PYPI}, found {len(matches)}")
        found.append(matches[0])
    return found


#: Python run once the kernel's packages are installed, before the start-up snapshot is made (``make_snapshot``):
#: the kernel and its package installer (piplite, with micropip), as its worker starts them, then what the site's
#: notebooks import, so that a page starts with all of it in memory.  Each game and widget module is imported
#: (on a server they are imported when first asked for).  Last, what the pages work out the same way every time
#: and keep (each function caches its answer): the lessons and the word list read, the games' option controls
#: read from the rules' sources, and the gallery's time estimates, which play a game of each with the bots.
SNAPSHOT_IMPORTS = """\
import piplite.piplite, pyodide_kernel
import anywidget, ipywidgets, IPython.display
import tutor.bots, tutor.render, tutor.tournament, tutor.widgets, tutor.games
for slug in tutor.games.WHERE:
    tutor.games.GAMES[slug]
for name in tutor.widgets.LAZY:
    getattr(tutor.widgets, name)

from tutor.lessons import load_lesson
from tutor.vocab.words import load_vocab
from tutor.play_minutes import game_minutes
from tutor.widgets.gallery import lesson_time
from tutor.widgets.options import option_specs
load_vocab()
for slug in tutor.games.WHERE:
    load_lesson(slug), option_specs(tutor.games.GAMES[slug]), lesson_time(slug), game_minutes(slug)
"""
SNAPSHOT_FILE = "gwari-snapshot.dat"


def make_snapshot(pyodide_dir: Path, packages: list[str]) -> str:
    """Write the start-up snapshot (site-build/memory_snapshot.mjs, run by Node) into ``pyodide_dir``: Pyodide's
    memory once ``SNAPSHOT_IMPORTS`` has run, and the files its packages installed.

    A kernel starting from it restores Python with its packages installed and Gwari imported instead of doing
    all that again (benchmarks/RESULTS.md, "With no server"); its worker loads it by ``snapshot_loader.js``
    (``FRONT_END_CHANGES``), and starts as before if it cannot.  Returns the file's address for
    ``loadPyodideOptions.memorySnapshotURL``, with its hash, so a browser that kept an older snapshot fetches the
    new one."""
    node = shutil.which("node")
    if node is None:
        sys.exit("site-build: Node.js (which comes with npm) is needed to make Pyodide's memory snapshot")
    out = pyodide_dir / SNAPSHOT_FILE
    settings = json.dumps({"packages": packages, "imports": SNAPSHOT_IMPORTS})
    subprocess.run([node, str(HERE / "memory_snapshot.mjs"), str(pyodide_dir), str(out), settings], check=True)
    return f"./static/pyodide/{SNAPSHOT_FILE}?v={sha256(out)[:16]}"


def write_pyodide(npm_pyodide: Path, wheels: list[Path], dest: Path) -> list[str]:
    """Pyodide from npm plus the wheels, with a lock file listing exactly those wheels; returns their names."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for item in npm_pyodide.iterdir():
        if item.suffix in (".ts", ".map", ".html") or item.name in ("package.json", "README.md"):
            continue  # types, source maps and the demo consoles are not needed by the site
        shutil.copy2(item, dest / item.name)
    lock = json.loads((npm_pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    for whl in wheels:
        shutil.copy2(whl, dest / whl.name)
    compiled = compile_for_pyodide(npm_pyodide, dest)
    missing = sorted(w.name for w in wheels if not compiled["wheels"].get(w.name))
    if missing or not compiled["stdlib"]:
        sys.exit(f"site-build: nothing compiled in {', '.join(missing) or 'the standard library'}")
    unchanged = sorted(project for project in PATCH if compiled["changed"].get(project) != len(PATCH[project]))
    if unchanged:
        sys.exit(f"site-build: {', '.join(unchanged)} not changed as PATCH says (is its wheel served?)")
    print(f"site-build: compiled {sum(compiled['wheels'].values())} modules in {len(wheels)} wheels and "
          f"{compiled['stdlib']} in the standard library, with Pyodide's Python; changed "
          + ", ".join(f"{p} ({n})" for p, n in sorted(compiled["changed"].items())))
    clash = sorted({canonicalize_name(wheel_metadata(w)[0]) for w in wheels} & set(PLACEHOLDERS))
    if clash:
        sys.exit(f"site-build: {', '.join(clash)} is both served and a placeholder (see PLACEHOLDERS)")
    served = {}
    for whl in [*(dest / w.name for w in wheels), *(placeholder_wheel(dest, name) for name in PLACEHOLDERS)]:
        name, requires, imports = wheel_metadata(whl)
        served[canonicalize_name(name)] = (whl, name, requires, imports)
    packages = {}
    for key, (whl, name, requires, imports) in sorted(served.items()):
        depends = []
        for text in requires:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(PYODIDE_ENV):
                continue
            dep = canonicalize_name(req.name)
            if dep in NOT_SERVED.get(key, set()):
                continue
            if dep not in served:
                sys.exit(f"site-build: {name} needs {req.name}, which is neither served nor listed in NOT_SERVED "
                         "(add it to site-build/browser-requirements.txt)")
            depends.append(dep)
        packages[key] = {
            "name": key, "version": parse_wheel_filename(whl.name)[1].public, "file_name": whl.name,
            "install_dir": "site", "sha256": sha256(whl), "package_type": "package",
            "imports": [] if key in PLACEHOLDERS else imports, "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return sorted(packages)


def server_note(original: dict, name: str) -> dict:
    """A one-cell notebook standing in for a page that needs the Gwari server."""
    title = name.removesuffix(".ipynb")
    for cell in original.get("cells", []):
        if cell.get("cell_type") == "markdown":
            first = "".join(cell.get("source", "")).splitlines()[:1]
            if first and first[0].startswith("# "):
                title = first[0][2:].strip()
            break
    text = (f"# {title}\n\n"
            "**This page needs the Gwari server (`bash .ci/serve`).**  This static site runs Python in your "
            "browser and keeps nothing on a server, so it cannot show this page: start Gwari with "
            "`bash .ci/serve` (see the README) and open it there.\n\n[Back to the gallery](index.ipynb)")
    return {"cells": [{"cell_type": "markdown", "id": "needs-the-server", "metadata": {},
                       "source": text.splitlines(keepends=True)}],
            "metadata": original.get("metadata", {}), "nbformat": 4, "nbformat_minor": 5}


def write_contents(notebooks: Path, dest: Path) -> tuple[list[str], list[str]]:
    """Copy the notebooks; the ones that need the server become a note saying so.  Returns (apps, notes)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    apps, notes = [], []
    for path in sorted(notebooks.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        code = "\n".join("".join(c.get("source", "")) for c in nb.get("cells", []) if c.get("cell_type") == "code")
        if path.name in SERVER_ONLY or NEEDS_SERVER_CODE.search(code):
            nb = server_note(nb, path.name)
            notes.append(path.name)
        else:
            for cell in nb.get("cells", []):
                if cell.get("cell_type") == "code":
                    cell["outputs"], cell["execution_count"] = [], None
            apps.append(path.name)
        (dest / path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return apps, notes


LOADS_FROM = re.compile(r"""(?:(?:src|href)\s*=\s*|import\s*\(\s*|url\(\s*)["']?(https?:)?//(?!127\.0\.0\.1)""",
                        re.IGNORECASE)


#: The kernel worker's start (``FRONT_END_CHANGES``).
SNAPSHOT_LOADER = (HERE / "snapshot_loader.js").read_text(encoding="utf-8").strip()

#: Changes to JupyterLite's minified front end (jupyterlite-core 0.7, as Voici 0.10 bundles it), each a regular
#: expression that must match in at least one file, and exactly once in every file it is looked for in, or, where
#: the last item says "each", in each copy of the code (the kernel's bundle holds three copies of its worker):
#:
#: * The service worker answers the kernel's requests for the notebooks' folder (``/api/drive``).  It also took
#:   every other request of the site and fetched it again itself, though its own cache is off (as here): every
#:   byte of Pyodide (its 8.6 MB WebAssembly, the wheels) went through the worker's thread, about half a
#:   second of each start on two cores (benchmarks/RESULTS.md).  With its cache off it now leaves those
#:   requests to the browser.
#: * The page registers the service worker at the first visit without noting its version, and at the next
#:   visit takes the missing note for a new version: it unregisters the worker and registers it again, which
#:   the kernel waits for (about half a second of a learner's second visit).  A missing note now counts as no
#:   change; a different version still unregisters the old worker.
#: * The Pyodide kernel's worker starts Pyodide by ``snapshot_loader.js``: from the site's start-up snapshot
#:   (``make_snapshot``) when ``loadPyodideOptions.memorySnapshotURL`` names one, as before otherwise.
FRONT_END_CHANGES = (
    ("**/*.js", r"this\._pyodide=await (\w+)\(\{indexURL:",
     lambda m: f"this._pyodide=await ({SNAPSHOT_LOADER})({m[1]},{{indexURL:", "each"),
    ("service-worker.js", r"shouldDrop\(t,a\)\|\|\(n=maybeFromCache\(e\)\)",
     "enableCache&&!shouldDrop(t,a)&&(n=maybeFromCache(e))", "once"),
    ("**/*.js", r'if\(s&&s!==(\w+)\|\|!s\)(\{console\.info\("New version, unregistering)', r"if(s&&s!==\1)\2",
     "once"),
)


def finish_front_end(site: Path) -> None:
    for pattern, old, new, times in FRONT_END_CHANGES:
        changed = 0
        for path in sorted(site.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            if re.search(old, text):
                where = str(path.relative_to(site))
                text = re.sub(old, new, text) if times == "each" else replace_once(text, old, new, where)
                path.write_text(text, encoding="utf-8")
                changed += 1
        if not changed:
            sys.exit(f"site-build: no {pattern} to change as FRONT_END_CHANGES says (a new jupyterlite-core?)")


def finish_pages(site: Path) -> None:
    """Every page: no stylesheet or script from another host, notebook links followed to static pages."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = re.sub(r"""<link[^>]*href=["']https?://[^"']*["'][^>]*>\s*""", "", text)
        new = re.sub(r"""<script[^>]*src=["']https?://[^"']*["'][^>]*>\s*</script>\s*""", "", new)
        if "/voici/render/" in page.as_posix() and "Gwari static site" not in new:
            new = new.replace("</body>", LINK_SCRIPT + "\n</body>", 1)
        if new != text:
            page.write_text(new, encoding="utf-8")
        left = LOADS_FROM.findall(new)
        if left:
            sys.exit(f"site-build: {page.relative_to(site)} still loads from another host")
    # The site's front door: the gallery.
    (site / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>Gwari</title>'
        '<meta http-equiv="refresh" content="0; url=voici/render/index.html">'
        '<a href="voici/render/index.html">Gwari: the gallery</a>\n', encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--npm", type=Path, required=True, help="the npm pyodide package folder")
    parser.add_argument("--wheels", type=Path, required=True, help="folder of the wheels to serve")
    parser.add_argument("--work", type=Path, required=True, help="scratch folder for the JupyterLite sources")
    parser.add_argument("--out", type=Path, required=True, help="the site folder to write")
    args = parser.parse_args()

    work, out = args.work.resolve(), args.out.resolve()
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    wheels = sorted(args.wheels.glob("*.whl")) + kernel_wheels()
    packages = write_pyodide(args.npm, wheels, work / "static" / "pyodide")
    apps, notes = write_contents(ROOT / "notebooks", work / "files")
    config = json.loads((HERE / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    options = kernel["loadPyodideOptions"]
    options["memorySnapshotURL"] = make_snapshot(work / "static" / "pyodide", options["packages"])
    (work / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")

    tmp_out = out.with_name(out.name + ".building")
    if tmp_out.exists():
        shutil.rmtree(tmp_out)
    command = [str(Path(sys.executable).with_name("voici")), "build", "--lite-dir", str(work),
               "--contents", str(work / "files"), "--output-dir", str(tmp_out), "--no-sourcemaps",
               "--no-unused-shared-packages",
               # Gwari's Voilà page template (tutor/jupyter/voila/templates/gwari): the "lab" template with no
               # requests to other hosts, pages titled by their first heading, cells in a <main> landmark.
               "--template", "gwari", "--show_tracebacks", "False", "--strip_sources", "True"]
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(filter(None, [str(ROOT / "tutor" / "jupyter"),
                                                                        os.environ.get("JUPYTER_PATH")]))}
    subprocess.run(command, cwd=work, check=True, env=env)
    finish_pages(tmp_out)
    finish_front_end(tmp_out)
    if out.exists():
        shutil.rmtree(out)
    tmp_out.rename(out)
    print(f"site-build: {len(apps)} notebooks, {len(notes)} server-only notes ({', '.join(notes)}), "
          f"{len(packages)} Python packages served: {', '.join(packages)}")


if __name__ == "__main__":
    main()
