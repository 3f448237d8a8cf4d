async (load, options) => {
  /* Gwari: start Pyodide from the site's start-up snapshot (site-build/snapshot_loader.js, inserted here by the
     site build; memory_snapshot.mjs says what the snapshot holds), or as before if there is none or it cannot
     be used. */
  const url = options.memorySnapshotURL;
  if (url) {
    try {
      /* Unzipped as it arrives, while Pyodide itself is fetched: the memory is ready (for loadPyodide) before
         the installed files are (for after it). */
      const ready = {}, failed = [];
      const memory = new Promise((resolve, reject) => { ready.memory = resolve; failed.push(reject); });
      const files = new Promise((resolve, reject) => { ready.files = resolve; failed.push(reject); });
      files.catch(() => {});
      (async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
        const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
        /* The bytes after the header fill these pieces in order: the runs of memory, then the files. */
        let head = new Uint8Array(0), header, memoryBytes, data, pieces, p = 0, o = 0;
        const advance = () => {
          while (p < pieces.length && o === pieces[p].length) {
            p += 1;
            o = 0;
            if (p === pieces.length - 1) ready.memory(memoryBytes);
          }
        };
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          let chunk = value;
          if (!pieces) {
            const joined = new Uint8Array(head.length + chunk.length);
            joined.set(head);
            joined.set(chunk, head.length);
            head = joined;
            if (head.length < 20) continue;
            if (new TextDecoder().decode(head.subarray(0, 16)) !== "gwari-snapshot/2") {
              throw new Error(`${url} is not a Gwari start-up snapshot`);
            }
            const length = new DataView(head.buffer, 16, 4).getUint32(0, true);
            if (head.length < 20 + length) continue;
            header = JSON.parse(new TextDecoder().decode(head.subarray(20, 20 + length)));
            memoryBytes = new Uint8Array(header.memory);
            data = new Uint8Array(header.files.reduce((sum, [, size]) => sum + size, 0));
            pieces = [...header.runs.map(([at, size]) => memoryBytes.subarray(at, at + size)), data];
            if (pieces.length === 1) ready.memory(memoryBytes);
            advance();
            chunk = head.subarray(20 + length);
          }
          for (let from = 0; from < chunk.length;) {
            if (p === pieces.length) throw new Error(`${url} is longer than its header says`);
            const n = Math.min(pieces[p].length - o, chunk.length - from);
            pieces[p].set(chunk.subarray(from, from + n), o);
            from += n;
            o += n;
            advance();
          }
        }
        if (!pieces || p !== pieces.length) throw new Error(`${url} is shorter than its header says`);
        ready.files({ header, data });
      })().catch((error) => failed.forEach((reject) => reject(error)));
      let pyodide;
      /* What the snapshot's Python held of Pyodide's API, by its path there. */
      const find = (path) => path.split(".").reduce((object, key) => object[key], pyodide);
      const standIn = ({ pyodide_js: path }) => path ? (...args) => find(path)(...args)
        : new Proxy({}, { get: (_, key) => pyodide[key], has: (_, key) => key in pyodide });
      pyodide = await load({ ...options, packages: [], _loadSnapshot: memory, _snapshotDeserializer: standIn });
      const { header, data } = await files;
      for (const dir of header.dirs) pyodide.FS.mkdirTree(dir);
      let at = 0;
      for (const [path, size] of header.files) {
        pyodide.FS.writeFile(path, data.subarray(at, at + size));
        at += size;
      }
      Object.assign(pyodide.loadedPackages, header.loadedPackages);
      pyodide.runPython("import importlib, random\nimportlib.invalidate_caches()\nrandom.seed()");
      return pyodide;
    } catch (error) {
      console.warn("Gwari: starting Python without its start-up snapshot:", error);
    }
  }
  return load(options);
}
