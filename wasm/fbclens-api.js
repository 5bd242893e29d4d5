/*
 * fbclens JavaScript API over one instance of the core module (fbclens-core.js): what the Web
 * Worker (fbclens-worker.js) and the Node tests use. The page reaches it through the worker with
 * FbclensClient (fbclens-client.js), whose methods come from the same protocol table.
 *
 *   const api = FbclensApi.attach(Module);   // Module: the headless core module
 *   const summary = await api.loadFiles(files);
 *   api.summary();                            // the last Summary (or null)
 *   await api.layout({package, channel});     // one method per protocol operation (below)
 *
 * The protocol: every operation is a row of the table in wasm/protocol.cpp (name, arguments,
 * answer); `api.protocol` is that table ({ops: [{name, args, answer, loads}], failures}). For each
 * operation that does not load, `api[name](args)` resolves to its answer (parsed) and rejects
 * with an FbclensError; `api.call(name, argsText)` gives the answer's text unparsed (the worker
 * uses it, so an answer is never parsed on its way to the page).
 *
 * loadFiles(files): `files` is a FileList (from <input type=file> or a drop) or an array of
 *   {path, data} where `data` is a string (UTF-8) or a Uint8Array. Paths are relative to the
 *   catalog root, '/'-separated. For a FileList from a folder pick, the picked folder itself is
 *   the root (its name is stripped from every webkitRelativePath).
 *   Resolves to a Summary:
 *     {files, ignoredFiles, bytes, blobs, schemas: {schema: count}, packages, channels, bundles,
 *      deprecations, verdict: "VALID"|"INVALID"|"LOAD ERROR", opm: <opm's exact output>,
 *      findings: [{code, name, severity, phase, message, opmMessage, reportedByOpm,
 *                  file, line, column, package, channel, bundle, group, where, notes}]}
 *   packages/channels/bundles count distinct packages, channels and bundles (one declared twice
 *   counts once; `schemas` counts objects); `files`
 *   counts files parsed (not excluded by .indexignore). line/column are 1-based, 0 = unknown.
 *   Rejects only if the module itself fails; bad catalogs resolve with findings.
 * loadFiles(files, {profiles, ocpVersion, konfluxRegistries, operatorPipelinesRegistries, folder}):
 *   the same with check profiles (the load operation's arguments, as the CLI's validate flags; the
 *   catalog's own .fbclens.yaml applies under them): the Summary then has `profiles` and the
 *   profiles' findings. Rejects with an FbclensError (badRequest) for an unknown profile or version,
 *   or a .fbclens.yaml that does not parse.
 * loadFiles(files, {deferAnalyses: true}): opm's verdict and findings only; the findings beyond opm
 *   come from analyses({packages}) when asked for (see the load and analyses rows of the table).
 * The module is handed the files without their bytes (fbclens_add_file_ref): it copies each one in
 *   while it parses it, and again for a source excerpt, through Module.fbclensReadFile, so it never
 *   holds the catalog's text; the entries are kept here until the next load.
 * loadSample(): loads the built-in sample catalog; resolves to its Summary.
 * upgradePath({package, installedBundle, installedVersion, subscriptionChannel, startingCsv, channels,
 *   version, policy}): what OLM Classic and OLM v1 pick next (core/export/upgrade_json.h).
 * bundle({package, channel, bundle}): one channel entry's bundle in full
 *   (core/export/bundle_details_json.h).
 * layout({package, channel}), excerpt({file, line, context}), memory(): see the table.
 * on('load', fn): calls fn(summary) after every load.
 *
 * FbclensError: what a failed operation rejects with. name 'FbclensError', `kind` one of the
 * table's failures ('badRequest', 'noCatalog', 'notFound', or 'worker' from the page's client
 * when its worker failed or ended), `op` the operation, `message` the core's message as it is
 * (the name says whose it is; nothing is added or stripped on the way to the page).
 */
(function (root) {
  'use strict';

  /** A failed operation: `op`, `kind` (a failure of the table, or 'worker') and the raw message. */
  class FbclensError extends Error {
    constructor(op, kind, message) {
      super(message);
      this.name = 'FbclensError';
      this.op = op;
      this.kind = kind;
    }
  }

  function toBytes(data) {
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (typeof data === 'string') return new TextEncoder().encode(data);
    throw new TypeError('fbclens: file data must be a string, Uint8Array or ArrayBuffer');
  }

  const isPathList = (files) => Array.isArray(files) && (files.length === 0 || 'path' in files[0]);

  // A catalog's files as [{path, file}] without reading them: `files` is a FileList / File[] (the
  // picked folder's own name is removed from every path) or [{path, data}] (`file` = the data).
  function catalogEntries(files) {
    if (isPathList(files)) {
      return files.map((f) => ({ path: String(f.path), file: f.data instanceof ArrayBuffer ? new Uint8Array(f.data) : f.data }));
    }
    const list = Array.from(files);
    const paths = list.map((f) => f.fbclensPath || f.webkitRelativePath || f.name);
    const firsts = new Set(paths.map((p) => (p.includes('/') ? p.split('/')[0] : null)));
    const strip = firsts.size === 1 && !firsts.has(null);
    return list.map((file, i) => ({ path: strip ? paths[i].slice(paths[i].indexOf('/') + 1) : paths[i], file }));
  }

  // FileList / File[] → [{path, data}], read.
  async function fromFileList(list) {
    const out = [];
    for (const { path, file } of catalogEntries(list)) out.push({ path, data: new Uint8Array(await file.arrayBuffer()) });
    return out;
  }

  // For each operation of `protocol` that does not load, a method `name(args)` on `target` that
  // sends JSON.stringify(args) through `send(name, argsText)` (a promise of the answer's text) and
  // parses the answer once. This is how every JS side gets its methods from the one table.
  function addOperations(target, protocol, send) {
    for (const op of protocol.ops) {
      if (op.loads) continue;
      target[op.name] = async (args) => JSON.parse(await send(op.name, JSON.stringify(args || {})));
    }
    return target;
  }

  /**
   * The API over `Module`, a ready instance of the core module. Returns {protocol, protocolText
   * (the table's JSON text, for the worker to pass on), call, loadText, loadFiles, loadSample,
   * summary, on, ...one method per operation}.
   */
  function attach(Module) {
    let last = null;
    const listeners = { load: [] };
    const protocolText = Module.UTF8ToString(Module._fbclens_protocol());
    const protocol = JSON.parse(protocolText);

    // The answer's text of operation `op`; throws an FbclensError when the operation failed.
    function call(op, argsText) {
      const failure = Module.ccall('fbclens_call', 'number', ['string', 'string'], [op, argsText || '']);
      const text = Module.UTF8ToString(Module._fbclens_answer());
      if (failure !== 0) throw new FbclensError(op, protocol.failures[failure] || 'badRequest', text);
      return text;
    }

    // A load resolves to the Summary, read alone (catalogSummary), not out of the whole view.
    function finish() {
      last = JSON.parse(call('catalogSummary', ''));
      for (const fn of listeners.load) {
        try { fn(last); } catch (e) { console.error('fbclens load listener failed', e); }
      }
      return last;
    }

    // Copies `entries` into the module with `adder` (fbclens_add_compare_file: the catalog
    // `compare` compares the loaded one with).
    function stage(entries, adder) {
      for (const { path, data } of entries) {
        const ptr = Module._malloc(Math.max(1, data.length));
        Module.HEAPU8.set(data, ptr);
        Module.ccall(adder, 'number', ['string', 'number', 'number'], [path, ptr, data.length]);
        Module._free(ptr);
      }
    }

    // The next load's files, named to the module without copying them in (fbclens_add_file_ref):
    // the core asks for each one's bytes while it parses it, and again for a source excerpt, through
    // Module.fbclensReadFile, so the module never holds the catalog's text (wasm/staged_files.h).
    // `data`: a Uint8Array, a string (encoded once, here) or a File/Blob, read with FileReaderSync
    // (Web Workers only) when the core asks for it.
    let staged = [];
    Module.fbclensReadFile = (handle, pointer, size) => {
      const data = staged[handle];
      let bytes = data;
      if (data && !(data instanceof Uint8Array)) {
        try {
          bytes = new Uint8Array(new FileReaderSync().readAsArrayBuffer(data));
        } catch (e) {
          return -1;
        }
      }
      if (!bytes || bytes.length > size) return -1;
      Module.HEAPU8.set(bytes, pointer);
      return bytes.length;
    };
    function stageRefs(entries) {
      Module._fbclens_reset();
      staged = [];
      for (const { path, data } of entries) {
        const kept = typeof Blob !== 'undefined' && data instanceof Blob ? data : toBytes(data);
        const handle = staged.push(kept) - 1;
        const size = kept instanceof Uint8Array ? kept.length : kept.size;
        Module.ccall('fbclens_add_file_ref', 'number', ['string', 'number', 'number'], [path, size, handle]);
      }
    }

    const api = {
      protocol,
      protocolText,
      call,
      /**
       * Names `entries` ([{path, data: Uint8Array|string|File}]; a File only in a Web Worker, where
       * FileReaderSync reads it) to the module and loads them with the load operation's arguments
       * `args` (an object or its JSON text; optional); the view's text. The module copies each file
       * in while it parses it and frees it after; the entries are kept for source excerpts until
       * the next load.
       */
      loadText(entries, args) {
        stageRefs(entries);
        return call('load', typeof args === 'string' ? args : JSON.stringify(args || {}));
      },
      /**
       * "Compare with…": stages `entries` ([{path, data}]) as the older catalog and runs the
       * `compare` operation against the catalog loaded; its answer's text ({old, diff}).
       */
      compareText(entries) {
        stage(entries.map(({ path, data }) => ({ path, data: toBytes(data) })), 'fbclens_add_compare_file');
        return call('compare', '');
      },
      async loadFiles(files, options) {
        const entries = isPathList(files) ? files : await fromFileList(files);
        api.loadText(entries, options);
        return finish();
      },
      async loadSample() {
        call('loadSample', '');
        return finish();
      },
      summary() { return last; },
      on(event, fn) {
        if (!listeners[event]) throw new Error('fbclens: unknown event ' + event);
        listeners[event].push(fn);
      },
    };
    return addOperations(api, protocol, async (op, argsText) => call(op, argsText));
  }

  const exported = { attach, addOperations, catalogEntries, fromFileList, FbclensError };
  if (typeof module !== 'undefined' && module.exports) module.exports = exported;
  root.FbclensApi = exported;
})(typeof globalThis !== 'undefined' ? globalThis : this);
