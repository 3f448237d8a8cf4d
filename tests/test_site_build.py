"""The static site's ``sitecustomize`` (site-build/sitecustomize.py): Python in the browser finds no module in the
notebooks' folder (/drive), without looking there, and everywhere else imports as usual."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "site-build" / "sitecustomize.py"


@pytest.fixture(scope="module")
def hook_module():
    spec = importlib.util.spec_from_file_location("gwari_site_sitecustomize", SOURCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # under another name: nothing is installed in this process
    return module


@pytest.mark.parametrize("entry", ["/drive", "/drive/lessons"])
def test_the_notebooks_folder_gets_the_finder_that_finds_nothing(hook_module, entry):
    finder = hook_module.no_modules_in_drive(entry)
    assert finder is hook_module.NothingHere
    assert finder.find_spec("tutor") is None and finder.find_spec("json") is None


@pytest.mark.parametrize("entry", ["/drivers", "/lib/python3.13/site-packages", "/lib/python313.zip", ""])
def test_every_other_path_is_left_to_the_usual_hooks(hook_module, entry):
    with pytest.raises(ImportError):
        hook_module.no_modules_in_drive(entry)


def test_as_sitecustomize_it_hooks_in_first_and_a_module_in_drive_is_not_found(tmp_path):
    """Run as Python runs it at start (module name ``sitecustomize``), with a module waiting in a folder named
    like the drive: the folder's module is not found, the standard library still is."""
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "waiting_here.py").write_text("X = 1\n")
    program = f"""
import runpy, sys
runpy.run_path({str(SOURCE)!r}, run_name="sitecustomize")
sys.path_hooks[0].__globals__["DRIVE"] = {str(drive)!r}  # the hook reads DRIVE from its module
sys.path_importer_cache.clear()
assert sys.path_hooks[0].__name__ == "no_modules_in_drive"
sys.path.insert(0, {str(drive)!r})
try:
    import waiting_here
except ImportError:
    pass
else:
    raise SystemExit("a module in the drive was imported")
import json, email.message
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_as_sitecustomize_installed_packages_are_found_without_listing_the_drive(tmp_path):
    """``importlib.metadata`` still finds what is installed, never lists the drive (each listing is a request in
    the browser) and finds no distribution waiting there, the working folder (``''``) included."""
    drive = tmp_path / "drive"
    (drive / "waiting-1.0.dist-info").mkdir(parents=True)
    (drive / "waiting-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: waiting\nVersion: 1.0\n")
    program = f"""
import os, runpy, sys
runpy.run_path({str(SOURCE)!r}, run_name="sitecustomize")
sys.path_hooks[0].__globals__["DRIVE"] = {str(drive)!r}
os.chdir({str(drive)!r})
sys.path[:0] = ["", {str(drive)!r}]
listed = []
sys.addaudithook(lambda event, args: listed.append(args[0]) if event in ("os.listdir", "os.scandir") else None)
import importlib.metadata as metadata
assert metadata.version("pytest"), "an installed package is found"
try:
    metadata.version("waiting")
except metadata.PackageNotFoundError:
    pass
else:
    raise SystemExit("a distribution in the drive was found")
assert not [p for p in listed if os.path.abspath(p or ".").startswith({str(drive)!r})], listed
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_change_to_a_served_file_is_made_only_where_its_text_is_found_once():
    """The build changes third-party files (an IPython line, JupyterLite's front end) only where the text it was
    written for is found exactly once; found nowhere or twice, the build stops rather than ship a guess."""
    sys.path.insert(0, str(SOURCE.parent))
    try:
        from pyodide_compile import replace_once
    finally:
        sys.path.remove(str(SOURCE.parent))
    assert replace_once("a(1)||b", r"a\(1\)\|\|b", "c", "x.js") == "c"
    assert replace_once("if(s&&s!==P||!s){", r"if\(s&&s!==(\w+)\|\|!s\)\{", r"if(s&&s!==\1){", "y.js") == "if(s&&s!==P){"
    for text in ("nothing here", "a(1)||b a(1)||b"):
        with pytest.raises(SystemExit, match="x.js"):
            replace_once(text, r"a\(1\)\|\|b", "c", "x.js")
