"""Compile the static site's Python to bytecode, inside Pyodide itself (run under Node by site-build/build.py).

Python in the browser otherwise compiles every module it imports from source, at every start, in WebAssembly:
the npm package's standard library is sources only, and so are the pure-Python wheels.  Compiled here by the
very interpreter the browser runs, the bytecode's version matches by construction.  ``ARGS`` (JSON, set by the
Node side) names:

* ``folder``: where the site's wheels and its copy of ``python_stdlib.zip`` are (mounted from the build);
* ``keep``: projects whose wheels keep their sources beside the bytecode;
* ``patch``: per project, changes to its wheel's sources, ``[file, text, replacement]`` (the reasons are in
  build.py); each text must be found exactly once;
* ``sitecustomize``: the source of the ``sitecustomize`` module added to the standard library.

Wheels: each module becomes ``x.pyc`` in place of ``x.py`` (sourceless, as Pyodide serves its own packages),
except in the ``keep`` projects, where the source stays and ``__pycache__/x.<tag>.pyc`` is added.  The standard
library's zip gets ``x.pyc`` in place of ``x.py``.  All bytecode is hash-based and unchecked: it is used without
reading or hashing any source.  A file that does not compile (data that happens to end in ``.py``) stays as it
is, and each wheel's RECORD is rewritten to match its files.  Prints a JSON summary: modules compiled per
wheel and in the standard library, and the changes made per ``patch`` project.
"""

from __future__ import annotations

import base64
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import json
import os
import re
import sys
import zipfile

SITE_PACKAGES = next((p for p in sys.path if p.endswith("site-packages")), "")
STDLIB_ZIP = next((p for p in sys.path if p.endswith(".zip")), "")
TAG = sys.implementation.cache_tag


def bytecode(source: bytes, filename: str) -> bytes | None:
    """Hash-based, unchecked bytecode for ``source`` (None when it does not compile)."""
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError:
        return None
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def entry(arc: str, data: bytes, like: zipfile.ZipInfo | None = None) -> tuple[zipfile.ZipInfo, bytes]:
    info = zipfile.ZipInfo(arc, date_time=like.date_time if like else (1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = like.external_attr if like else 0o644 << 16
    return info, data


def write_zip(path: str, entries: list[tuple[zipfile.ZipInfo, bytes]]) -> None:
    with zipfile.ZipFile(path + ".part", "w") as out:
        for info, data in entries:
            out.writestr(info, data)
    os.replace(path + ".part", path)


def write_wheel(path: str, entries: list[tuple[zipfile.ZipInfo, bytes]], record_arc: str) -> None:
    """Write a wheel of ``entries`` with its RECORD (each file's sha256 and size) at ``record_arc``."""
    record = []
    for info, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{info.filename},sha256={digest},{len(data)}")
    record.append(f"{record_arc},,")
    write_zip(path, [*entries, entry(record_arc, ("\n".join(record) + "\n").encode())])


def replace_once(text: str, pattern: str, replacement, where: str) -> str:
    """``text`` with the one match of the regular expression ``pattern`` replaced (``replacement`` as for
    ``re.sub``).  No match or several stop the build: ``where`` is not what the change was written for."""
    found = len(re.findall(pattern, text))
    if found != 1:
        raise SystemExit(f"site-build: the text to change in {where} is found {found} times, not once")
    return re.sub(pattern, replacement, text)


def patched(items: list[tuple[zipfile.ZipInfo, bytes]], changes: list[list[str]]) -> int:
    """Make each ``[file, text, replacement]`` change in ``items`` (in place); returns how many were made."""
    by_name = {info.filename: i for i, (info, _) in enumerate(items)}
    for arc, old, new in changes:
        if arc not in by_name:
            raise SystemExit(f"site-build: no {arc} to change")
        info, data = items[by_name[arc]]
        text = replace_once(data.decode("utf-8"), re.escape(old), lambda _match, new=new: new, arc)
        items[by_name[arc]] = (info, text.encode("utf-8"))
    return len(changes)


def compile_wheel(path: str, keep_sources: bool, changes: list[list[str]] = ()) -> tuple[int, int]:
    """Compile one wheel in place, after making ``changes`` to its sources; returns (modules compiled, changes)."""
    with zipfile.ZipFile(path) as src:
        items = [(info, src.read(info)) for info in src.infolist()]
    made = patched(items, list(changes))
    record_arc = next(info.filename for info, _ in items if info.filename.endswith(".dist-info/RECORD"))
    out, compiled = [], 0
    for info, data in items:
        arc = info.filename
        if arc == record_arc:
            continue
        pyc = None
        if arc.endswith(".py") and not arc.split("/")[0].endswith((".dist-info", ".data")):
            pyc = bytecode(data, f"{SITE_PACKAGES}/{arc}")
        if pyc is None:
            out.append(entry(arc, data, info))
        elif keep_sources:
            folder, _, base = arc.rpartition("/")
            out.append(entry(arc, data, info))
            out.append(entry(f"{folder + '/' if folder else ''}__pycache__/{base[:-3]}.{TAG}.pyc", pyc, info))
        else:
            out.append(entry(arc + "c", pyc, info))
        compiled += pyc is not None
    write_wheel(path, out, record_arc)
    return compiled, made


def compile_stdlib(path: str, sitecustomize: str) -> int:
    out, compiled = [], 0
    with zipfile.ZipFile(STDLIB_ZIP) as src:
        names = set(src.namelist())
        if "sitecustomize.py" in names:
            raise SystemExit("this Pyodide's standard library has its own sitecustomize; merge ours into it")
        items = [(info, src.read(info)) for info in src.infolist()]
    items.append(entry("sitecustomize.py", sitecustomize.encode()))
    for info, data in items:
        pyc = bytecode(data, f"{STDLIB_ZIP}/{info.filename}") if info.filename.endswith(".py") else None
        out.append(entry(info.filename + "c", pyc, info) if pyc is not None else entry(info.filename, data, info))
        compiled += pyc is not None
    write_zip(path, out)
    return compiled


def main(args: dict) -> dict:
    folder, keep, patch = args["folder"], set(args["keep"]), args["patch"]
    wheels, changed = {}, {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".whl"):
            project = name.split("-")[0].replace("_", "-").lower()
            wheels[name], made = compile_wheel(f"{folder}/{name}", project in keep, patch.get(project, ()))
            if project in patch:
                changed[project] = made
    stdlib = compile_stdlib(f"{folder}/python_stdlib.zip", args["sitecustomize"])
    return {"wheels": wheels, "changed": changed, "stdlib": stdlib}


if __name__ == "__main__":  # in Pyodide, run by build.py (which also imports write_wheel from here)
    print(json.dumps(main(json.loads(ARGS))))  # noqa: F821 (ARGS is set by the Node side)
