// Make the static site's start-up snapshot: Python started, the kernel's packages installed and the kernel and
// Gwari imported, kept as a picture of Pyodide's memory and of its installed files, which the kernel restores at
// every start instead of doing all that again (site-build/build.py, make_snapshot).  Run by build.py with Node:
//
//   node memory_snapshot.mjs <pyodide folder> <snapshot file> <settings JSON>
//
// The settings give `packages` (what the kernel loads at start, as jupyter-lite.json's loadPyodideOptions) and
// `imports` (Python run once they are installed).  The file written (gzip-compressed) holds, in this order:
//
//   "gwari-snapshot/2" (16 bytes), the length of a JSON header (4 bytes, little-endian), the header, Pyodide's
//   memory snapshot (header.memory bytes) without its pages of zeros (header.runs: [offset, length] of each run
//   of the other pages, in order), then the installed files' contents one after another (header.files: [path,
//   size] each; header.dirs: every folder; header.loadedPackages: what Pyodide had installed, by name).
//
// The files are not in Pyodide's memory (its file system lives in JavaScript), and installing the packages from
// their wheels took about a second of every start; writing them from the snapshot takes a few milliseconds.
// The snapshot is then restored here as the browser restores it (snapshot_loader.js, which the kernel's worker
// runs), and a cell run in the restored kernel, so a snapshot that cannot serve fails the build instead of a
// learner's page.
//
// Python in the snapshot may hold on to JavaScript objects of Pyodide's own: its API (`import pyodide_js`) and
// functions of it (loadPackagesFromImports, which the Pyodide kernel imports; loadPackage and two of the API's
// internals, which micropip imports).  Each is written as its path in the API, and the loader gives back
// stand-ins that forward to the restored Pyodide; any other object fails the build.  Pyodide checks that
// nothing was in `loadedPackages` when the snapshot was made, so the list is moved into the header first.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [folder, output, settingsJSON] = process.argv.slice(2);
if (!folder || !output || !settingsJSON) {
  console.error("usage: node memory_snapshot.mjs <pyodide folder> <snapshot file> <settings JSON>");
  process.exit(2);
}
const { packages, imports } = JSON.parse(settingsJSON);
const indexURL = folder.endsWith("/") ? folder : folder + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);

const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };
const made = await loadPyodide({ indexURL, packages, ...quiet, _makeSnapshot: true });
await made.runPythonAsync(imports);
const randomState = "import random\nrepr(random.getstate()[1][:8])";
const randomInSnapshot = made.runPython(randomState);

// The installed files.
const { FS } = made;
const root = made._api.sitepackages;
const dirs = [root], files = [], contents = [];
(function walk(dir) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const path = `${dir}/${name}`;
    if (FS.isDir(FS.stat(path).mode)) {
      dirs.push(path);
      walk(path);
    } else {
      const data = FS.readFile(path);
      files.push([path, data.length]);
      contents.push(data);
    }
  }
})(root);
const loadedPackages = { ...made.loadedPackages };
for (const name of Object.keys(made.loadedPackages)) delete made.loadedPackages[name];

function pathInAPI(object) {
  if (object === made) return "";
  for (const [prefix, holder] of [["", made], ["_api.", made._api]]) {
    for (const name of Object.getOwnPropertyNames(holder)) {
      if (typeof holder[name] === "function" && holder[name] === object) return prefix + name;
    }
  }
  throw new Error(`the snapshot's Python holds a JavaScript object that is not Pyodide's: ${object}`.slice(0, 300));
}
const memory = made.makeMemorySnapshot({ serializer: (object) => ({ pyodide_js: pathInAPI(object) }) });

// Memory pages that are all zeros (about a quarter) are left out: `runs` says where the others go.
const PAGE = 4096, runs = [];
for (let at = 0; at < memory.length; at += PAGE) {
  const page = memory.subarray(at, Math.min(at + PAGE, memory.length));
  if (page.every((byte) => byte === 0)) continue;
  const last = runs[runs.length - 1];
  if (last && last[0] + last[1] === at) last[1] += page.length; else runs.push([at, page.length]);
}
const header = Buffer.from(JSON.stringify({ memory: memory.length, runs, loadedPackages, dirs, files }));
const head = Buffer.alloc(20 + header.length);
head.write("gwari-snapshot/2", 0, "ascii");
head.writeUInt32LE(header.length, 16);
header.copy(head, 20);
const stored = runs.map(([at, length]) => memory.subarray(at, at + length));
writeFileSync(output, gzipSync(Buffer.concat([head, ...stored, ...contents]), { level: 6 }));

// Restore it with the loader the kernel's worker uses, run a cell there that reads an installed file, and check
// that Python's random numbers were reseeded (else every page would draw the same ones as the snapshot would).
const loader = (0, eval)(`(${readFileSync(new URL("snapshot_loader.js", import.meta.url), "utf-8")})`);
const served = pathToFileURL(output).href;
globalThis.fetch = async (url) => url === served ? new Response(readFileSync(output))
  : new Response(null, { status: 404 });
const warnings = [];
console.warn = (...args) => warnings.push(args.join(" "));
const restored = await loader(loadPyodide, { indexURL, packages, ...quiet, memorySnapshotURL: served });
if (warnings.length) throw new Error(`the snapshot was not restored: ${warnings.join("; ")}`);
const cell = "import pyodide_js, tutor.data\\nfrom tutor.widgets import play\\n"
  + "assert sorted(tutor.data.data_dir('lessons').glob('*.toml')), 'no lessons'\\npyodide_js.version";
const answer = await restored.runPythonAsync(`
import pyodide_kernel
_reply = await pyodide_kernel.kernel_instance.run("${cell}")
_reply["status"] + " " + str(_reply.get("evalue", ""))
`);
if (answer.trim() !== "ok") throw new Error(`a cell in the restored kernel answered ${answer}`);
if (restored.runPython(randomState) === randomInSnapshot) {
  throw new Error("Python's random numbers were not reseeded: every page would draw the same ones");
}
const kept = runs.reduce((sum, [, length]) => sum + length, 0);
console.log(`start-up snapshot: ${memory.length} bytes of memory (${kept} not zeros) and ${files.length} files (${
  contents.reduce((sum, data) => sum + data.length, 0)} bytes), ${readFileSync(output).length} gzip-compressed`);
