"""The static site's start-up snapshot loader (site-build/snapshot_loader.js), run by Node against a stand-in
``loadPyodide`` and ``fetch``: a good snapshot gives Pyodide its memory, the installed files and the list of
packages, and reseeds Python's ``random``; a missing, foreign, short or long one leaves Pyodide to start as it
did without a snapshot (its packages from their wheels), saying why in a warning, never failing the page.

The snapshots here are written by this file from the format memory_snapshot.mjs documents, so the two are
checked against each other; the real one is restored and used by the site build itself and the browser tests.
"""

from __future__ import annotations

import base64
import gzip
import json
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOADER = ROOT / "site-build" / "snapshot_loader.js"
PAGE = 4096

#: Drives the loader once: argv[2] is the snapshot file to serve (or "none" for a 404), argv[3] the options'
#: snapshot address (or "none").  Prints what the stand-in Pyodide was given, as JSON.
DRIVER = r"""
const { readFileSync } = require("node:fs");
const loader = (0, eval)(`(${readFileSync(process.argv[2], "utf-8")})`);
const [served, address] = process.argv.slice(3);
const seen = { loads: [], files: {}, dirs: [], python: [], warnings: [] };
console.warn = (...args) => seen.warnings.push(args.map(String).join(" "));
globalThis.fetch = async (url) => url === "http://site/snapshot.dat" && served !== "none"
  ? new Response(readFileSync(served)) : new Response("missing", { status: 404, statusText: "Not Found" });
async function load(options) {
  const memory = options._loadSnapshot ? await options._loadSnapshot : null;
  const call = { packages: options.packages, snapshot: memory ? Buffer.from(memory).toString("base64") : null,
                 deserializer: typeof options._snapshotDeserializer };
  seen.loads.push(call);
  const pyodide = {
    loadedPackages: {}, answer: (x) => `answered ${x}`,
    FS: { mkdirTree: (dir) => seen.dirs.push(dir),
          writeFile: (path, data) => { seen.files[path] = Buffer.from(data).toString("utf-8"); } },
    runPython: (code) => seen.python.push(code),
  };
  if (options._snapshotDeserializer) {
    call.standIns = [options._snapshotDeserializer({ pyodide_js: "answer" }),
                     options._snapshotDeserializer({ pyodide_js: "" })];
  }
  seen.pyodide = pyodide;
  return pyodide;
}
(async () => {
  const options = { indexURL: "http://site/pyodide/", packages: ["gwari", "ipython"] };
  if (address !== "none") options.memorySnapshotURL = address;
  const pyodide = await loader(load, options);
  const call = seen.loads[seen.loads.length - 1];
  if (call.standIns) {
    call.standIns = [call.standIns[0](7), call.standIns[1].answer(8), "answer" in call.standIns[1]];
  }
  seen.loadedPackages = pyodide.loadedPackages;
  delete seen.pyodide;
  console.log(JSON.stringify(seen));
})();
"""

MEMORY = bytes(PAGE) + b"python heap".ljust(PAGE, b"\x01") + bytes(2 * PAGE) + b"more".ljust(PAGE + 8, b"\x02")
FILES = [("/lib/python3.13/site-packages/tutor/__init__.py", b"# tutor\n"),
         ("/lib/python3.13/site-packages/tutor/data/lessons/pig.toml", b"title = 'Pig'\n")]
DIRS = ["/lib/python3.13/site-packages", "/lib/python3.13/site-packages/tutor",
        "/lib/python3.13/site-packages/tutor/data", "/lib/python3.13/site-packages/tutor/data/lessons"]


def snapshot_bytes(memory: bytes = MEMORY, files=FILES, magic: bytes = b"gwari-snapshot/2", extra: bytes = b"",
                   cut: int = 0) -> bytes:
    """A snapshot in memory_snapshot.mjs's format: header, the memory's non-zero pages, the files (gzipped)."""
    runs = []
    for at in range(0, len(memory), PAGE):
        if any(memory[at:at + PAGE]):
            size = len(memory[at:at + PAGE])
            if runs and runs[-1][0] + runs[-1][1] == at:
                runs[-1][1] += size
            else:
                runs.append([at, size])
    header = json.dumps({"memory": len(memory), "runs": runs, "loadedPackages": {"gwari": "default channel"},
                         "dirs": DIRS, "files": [[path, len(data)] for path, data in files]}).encode()
    body = magic + struct.pack("<I", len(header)) + header
    body += b"".join(memory[at:at + size] for at, size in runs) + b"".join(data for _, data in files) + extra
    return gzip.compress(body[:len(body) - cut] if cut else body, mtime=0)  # same bytes every time


@pytest.fixture(scope="module")
def node():
    found = shutil.which("node")
    assert found, "Node.js is needed (the site build needs it too: bash .ci/site installs npm, which brings it)"
    return found


def run_loader(node, tmp_path, data: bytes | None, address: str = "http://site/snapshot.dat") -> dict:
    served = "none"
    if data is not None:
        served = str(tmp_path / "snapshot.dat")
        Path(served).write_bytes(data)
    driver = tmp_path / "driver.cjs"
    driver.write_text(DRIVER, encoding="utf-8")
    done = subprocess.run([node, str(driver), str(LOADER), served, address], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_snapshot_gives_pyodide_its_memory_files_and_packages_and_a_fresh_random(node, tmp_path):
    seen = run_loader(node, tmp_path, snapshot_bytes())
    assert seen["warnings"] == []
    [call] = seen["loads"]
    assert call["packages"] == [], "the packages come from the snapshot, not from their wheels"
    assert base64.b64decode(call["snapshot"]) == MEMORY, "the memory, its pages of zeros put back"
    assert call["deserializer"] == "function"
    assert call["standIns"] == ["answered 7", "answered 8", True], "stand-ins forward to the restored Pyodide"
    assert seen["files"] == {path: data.decode() for path, data in FILES}
    assert set(DIRS) <= set(seen["dirs"])
    assert seen["loadedPackages"] == {"gwari": "default channel"}
    [python] = seen["python"]
    assert "random.seed()" in python and "invalidate_caches" in python


def test_a_memory_of_zeros_only_is_ready_at_once(node, tmp_path):
    seen = run_loader(node, tmp_path, snapshot_bytes(memory=bytes(3 * PAGE)))
    assert seen["warnings"] == []
    [call] = seen["loads"]
    assert base64.b64decode(call["snapshot"]) == bytes(3 * PAGE)


@pytest.mark.parametrize("case, data, said", [
    ("missing", None, "404"),
    ("not a snapshot", gzip.compress(b"<!doctype html><p>some other page</p>" * 20, mtime=0), "not a Gwari start-up snapshot"),
    ("not gzip", b"gwari-snapshot/2" + bytes(64), ""),
    ("cut short in the files", snapshot_bytes(cut=5), "shorter than its header says"),
    ("cut short in the memory", snapshot_bytes(cut=PAGE * 2), "shorter than its header says"),
    ("longer than its header", snapshot_bytes(extra=b"left over"), "longer than its header says"),
    ("another version", snapshot_bytes(magic=b"gwari-snapshot/1"), "not a Gwari start-up snapshot"),
], ids=lambda value: value if isinstance(value, str) else "-")  # named by the case: the two workers collect alike
def test_a_bad_snapshot_leaves_pyodide_to_start_from_its_wheels(node, tmp_path, case, data, said):
    seen = run_loader(node, tmp_path, data)
    assert len(seen["warnings"]) == 1 and "without its start-up snapshot" in seen["warnings"][0], seen["warnings"]
    assert said in seen["warnings"][0]
    last = seen["loads"][-1]
    assert last["packages"] == ["gwari", "ipython"] and last["snapshot"] is None, "started as without a snapshot"
    assert seen["python"] == [], "nothing run in a Pyodide started from a bad snapshot"


def test_without_a_snapshot_address_pyodide_starts_as_before(node, tmp_path):
    seen = run_loader(node, tmp_path, snapshot_bytes(), address="none")
    assert seen["warnings"] == []
    assert seen["loads"] == [{"packages": ["gwari", "ipython"], "snapshot": None, "deserializer": "undefined"}]
