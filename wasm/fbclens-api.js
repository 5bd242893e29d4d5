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
 * with an FbclensError; `api.call(name, argsText)` gives the answer's text unparsed, and
 * `api.callAsync` its promise (the worker uses that, so an answer is never parsed on its way to the
 * page, and a module attached with suspendingReads is always called as it must be).
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
 *   {deferAnalysesFrom: bytes}: the same when the files come to that many bytes or more, else a
 *   whole load, but for a repository's roots other than the one shown, whose analyses wait in any
 *   case (what the page asks: it does not know a picked File's size before it is read).
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

  // A File or Blob (read when the core asks for it), as opposed to bytes or text given whole; false
  // in a runtime without Blob.
  const isBlob = (data) => typeof Blob !== 'undefined' && data instanceof Blob;
  /**
   * The `data` of a file the page keeps and reads when asked (loadTextAsync's readFile): the worker
   * is given its path only, so the page need not ask the File its size before the load starts (in
   * Chromium each first look-up blocks the page about 0.2 ms a File, and posting a File to a worker
   * makes the same look-up: tests/bench/README.md). Its size is learned from its bytes.
   */
  const PAGE_FILE = Object.freeze({ onPage: true });
  // A file read when the core asks for it: a File or Blob here, or one the page keeps.
  const readLater = (data) => isBlob(data) || data === PAGE_FILE;
  const utf8 = new TextEncoder();

  function toBytes(data) {
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (typeof data === 'string') return utf8.encode(data);
    throw new TypeError('fbclens: file data must be a string, Uint8Array or ArrayBuffer');
  }

  // How many bytes of a load's Files may be read ahead of the core and not yet taken (readAhead).
  const READ_AHEAD_BYTES = 16 << 20;
  // What a file the page keeps counts for against READ_AHEAD_BYTES until its bytes arrive (its size
  // is not known before): about a real catalog file's (the union of ../shared/catalogs averages
  // 0.9 MB a file), so about as many files are read at once as when the sizes were known.
  const ASSUMED_FILE_BYTES = 1 << 20;
  // How many bytes of Files taken under a plan that says they are read again (a repository's
  // discovery, whose files the catalog roots' loads read next) are kept for that second read
  // (readAhead): the 256 MiB the app accepts from a URL or an archive (DEFAULT_MAX_BYTES in
  // web/io/catalog-source.js), so a repository up to that size is read from the browser once; of a
  // larger one, the files discovery read first. Freed as they are taken again, and when the load
  // ends. Reading the union of ../shared/catalogs (183.5 MB) twice from the browser cost more than
  // the bytes' second read: 230-300 ms of waiting in the core, and the browser's CPU beside the
  // worker's on 2 cores (tests/bench/README.md, "No root's analyses in a repository's load"). Since
  // each root is validated as soon as discovery has read its folder (core/repo/discover.h
  // RootFound), what is kept at once is about a root's files: 57.6 MB of the union's 183.5 MB.
  const KEEP_BYTES = 256 << 20;

  /**
   * A load's Files read ahead of the core with File.arrayBuffer(), several at once. A File's bytes
   * reach this worker only while its thread is free; FileReaderSync, one File after another as the
   * core gets to each, paid the browser's whole reading time (250-450 ms for 13.9 MB in 33 Files,
   * 60-100 MB/s), while files read side by side arrive in about half of it.
   * `files`: [{path, data}] as staged (a File's handle is its index); those that are Blobs are read
   * in the order of the core's read plans (below), while at most READ_AHEAD_BYTES are read and not
   * yet taken (a larger file is read alone); nothing is read ahead before the first plan. take(handle,
   * copyIn): calls copyIn(bytes) (a Uint8Array, or null when the browser could not read the file)
   * and returns its result, at once when the file has been read and otherwise as a promise, on
   * which the core's read waits (suspends: WebAssembly JS Promise Integration) while the reads in
   * flight go on. A file's bytes are dropped once taken; files the core skips (ignored by an
   * .indexignore) are dropped when a later one is taken. plan(handles, readAgain): the core's read
   * plan (FileSource::plan_reads: the files it reads next, in order; a catalog's .indexignore
   * files, then the files of its walk; a repository's discovery, and each catalog root's, which
   * names discovery's next reads after its own when discovery has more to read) replaces
   * the order, and reads started that it does not hold are dropped; under a plan read again, the
   * bytes taken are kept (up to KEEP_BYTES) and the next take of the same file gets them without
   * reading it again. stats: {files taken, read (Files read from the browser, each at most once a
   * plan), waited (of those taken, how many the core waited for), plans, kept (of those taken, how
   * many came from what was kept), keptPeakBytes (the most bytes kept at once), waitedMs (how long
   * the core waited for them, in all)}. `readFile(handle)`:
   * how a File's bytes are had, a promise of an ArrayBuffer or Uint8Array; by default the File's own
   * arrayBuffer(), read on this thread (the app's worker has its page read them instead:
   * fbclens-worker.js readOnPage says why). A file the page keeps (PAGE_FILE) counts as
   * ASSUMED_FILE_BYTES against READ_AHEAD_BYTES until its bytes arrive.
   */
  function readAhead(files, readFile) {
    const read = readFile || ((handle) => files[handle].data.arrayBuffer());
    let order = [];  // handles, in the order of the last plan
    let position = new Map();  // handle → its index in `order`
    const reads = new Map();  // handle → {bytes, done, promise, size}: started and not yet taken
    const stats = { files: 0, read: 0, waited: 0, waitedMs: 0, plans: 0, kept: 0, keptPeakBytes: 0 };
    let next = 0;      // the next file of `order` to start reading
    let passed = 0;    // files of `order` before this position are taken or skipped
    let inFlight = 0;  // bytes started and not yet taken
    let keeping = false;    // whether the plan followed says its files are read again
    const kept = new Map();  // handle → bytes taken under such a plan, not taken again yet
    let keptBytes = 0;
    const start = (handle) => {
      const data = files[handle].data;
      const reading = { bytes: null, done: false, size: data === PAGE_FILE ? ASSUMED_FILE_BYTES : data.size };
      stats.read++;
      reading.promise = Promise.resolve().then(() => read(handle))
        .then((b) => { reading.bytes = b instanceof Uint8Array ? b : new Uint8Array(b); }, () => {})
        .then(() => {
          reading.done = true;
          if (data === PAGE_FILE && reads.get(handle) === reading) {  // its real size in place of the assumed one
            const size = reading.bytes ? reading.bytes.length : 0;
            inFlight += size - reading.size;
            reading.size = size;
          }
        });
      reads.set(handle, reading);
      inFlight += reading.size;
      return reading;
    };
    const drop = (handle) => {
      const read = reads.get(handle);
      if (!read) return;
      inFlight -= read.size;
      reads.delete(handle);
    };
    // Starts reading the plan's next files. `next` moves past files taken already (or skipped) and
    // files being read or kept before it looks at the budget: a plan that arrives with 16 MB in
    // flight must not leave `next` on a file that is taken meanwhile, or that file is read twice.
    const fill = () => {
      next = Math.max(next, passed);
      while (next < order.length) {
        const handle = order[next];
        if (reads.has(handle) || kept.has(handle)) { next++; continue; }
        if (inFlight >= READ_AHEAD_BYTES && reads.size > 0) break;
        start(handle);
        next++;
      }
    };
    return {
      stats,
      plan(handles, readAgain) {
        stats.plans++;
        keeping = !!readAgain;
        order = Array.from(handles).filter((handle) => readLater(files[handle] && files[handle].data));
        position = new Map(order.map((handle, i) => [handle, i]));
        for (const handle of [...reads.keys()]) if (!position.has(handle)) drop(handle);
        next = 0;
        passed = 0;
        fill();
      },
      take(handle, copyIn) {
        const at = position.has(handle) ? position.get(handle) : -1;
        for (; passed < at; passed++) drop(order[passed]);  // skipped by the core
        if (at === passed) passed++;
        stats.files++;
        if (kept.has(handle)) {
          const bytes = kept.get(handle);
          kept.delete(handle);
          keptBytes -= bytes.length;
          stats.kept++;
          fill();
          return copyIn(bytes);
        }
        const read = reads.get(handle) || start(handle);
        const finish = () => {
          drop(handle);
          if (keeping && read.bytes && keptBytes + read.bytes.length <= KEEP_BYTES) {
            kept.set(handle, read.bytes);
            keptBytes += read.bytes.length;
            stats.keptPeakBytes = Math.max(stats.keptPeakBytes, keptBytes);
          }
          fill();
          return copyIn(read.bytes);
        };
        if (read.done) return finish();
        stats.waited++;
        const waitStart = performance.now();
        return read.promise.then(() => {
          stats.waitedMs += performance.now() - waitStart;
          return finish();
        });
      },
    };
  }

  /**
   * Makes the core's file reads able to wait (WebAssembly JS Promise Integration, where the
   * browser has it: Chromium 137 and later): wraps the module's import fbclens_read_staged_file
   * (wasm/staged_files.cpp) in `imports` with WebAssembly.Suspending. Call from the module's
   * instantiateWasm hook, before instantiating, and pass {suspendingReads: true} to attach when it
   * returns true. Returns false (and changes nothing) without JSPI or without that import.
   */
  function suspendReads(imports) {
    if (typeof WebAssembly === 'undefined' || typeof WebAssembly.Suspending !== 'function' ||
        typeof WebAssembly.promising !== 'function') return false;
    for (const module of Object.values(imports)) {
      for (const [name, value] of Object.entries(module)) {
        // Emscripten minifies import names, not the JS function's own name.
        if (typeof value === 'function' && value.name === 'fbclens_read_staged_file') {
          module[name] = new WebAssembly.Suspending(value);
          return true;
        }
      }
    }
    return false;
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
  function attach(Module, options) {
    // With suspendingReads (the module made with suspendReads), every call into the core goes
    // through WebAssembly.promising and a load of Files reads them ahead (readAhead); without it
    // every read is synchronous (FileReaderSync).
    const suspendingReads = !!(options && options.suspendingReads);
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

    // The answer's text of operation `op`, called through WebAssembly.promising so that the core's
    // file reads may wait on the browser (readAhead); only with suspendingReads. The strings go on
    // the module's stack as ccall puts them; nothing else calls into the module meanwhile (the
    // worker answers one request at a time).
    let promisingCall = null;
    async function callSuspending(op, argsText) {
      if (!promisingCall) {
        // Emscripten's glue replaces Module._fbclens_call with the module's own export on its
        // first call; JSPI wraps only a WebAssembly function. 'memory' is the cheapest operation.
        call('memory', '');
        promisingCall = WebAssembly.promising(Module._fbclens_call);
      }
      const onStack = (text) => {
        const bytes = utf8.encode(text);
        const pointer = Module.stackAlloc(bytes.length + 1);
        Module.HEAPU8.set(bytes, pointer);
        Module.HEAPU8[pointer + bytes.length] = 0;
        return pointer;
      };
      const stack = Module.stackSave();
      let failure;
      try {
        failure = await promisingCall(onStack(op), onStack(argsText || ''));
      } finally {
        Module.stackRestore(stack);
      }
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

    // The older catalog of "Compare with…" ([{path, data}]), copied into the module.
    const stageCompared = (entries) =>
      stage(entries.map(({ path, data }) => ({ path, data: toBytes(data) })), 'fbclens_add_compare_file');

    // The next load's files, named to the module without copying them in (fbclens_add_file_ref):
    // the core asks for each one's bytes while it parses it, and again for a source excerpt, through
    // Module.fbclensReadFile, so the module never holds the catalog's text (wasm/staged_files.h).
    // `data`: a Uint8Array, a string (encoded once, here) or a File/Blob, read with FileReaderSync
    // (Web Workers only) when the core asks for it, or, during a load with reading ahead
    // (loadTextAsync), from what the browser has read ahead meanwhile.
    let staged = [];
    let ahead = null;  // the reading ahead of the load in flight (readAhead), or null
    let lastReadAhead = null;  // the last load's {files, waited, plans, kept, keptPeakBytes} (readAhead), or null
    let readPageFile = null;  // the load's readFile (loadTextAsync): how a PAGE_FILE is read, after its load too
    // A file of unknown size taken and not yet copied in: {handle, bytes} (bytes null when it could
    // not be read).
    let taken = null;
    // (handle, pointer, size) → the bytes written, or -1 (wasm/staged_files.cpp). With size -1 (a
    // PAGE_FILE, whose size the core does not know) the bytes are taken and only their number is
    // answered; the next call for the handle copies them in (or drops them: a size below theirs).
    Module.fbclensReadFile = (handle, pointer, size) => {
      if (size >= 0 && taken && taken.handle === handle) {
        const { bytes } = taken;
        taken = null;
        if (!bytes || bytes.length > size) return -1;
        Module.HEAPU8.set(bytes, pointer);
        return bytes.length;
      }
      const data = staged[handle];
      const copyIn = size < 0
        ? (bytes) => {
          taken = { handle, bytes };
          return bytes ? bytes.length : -1;
        }
        : (bytes) => {
          if (!bytes || bytes.length > size) return -1;
          Module.HEAPU8.set(bytes, pointer);
          return bytes.length;
        };
      if (ahead && readLater(data)) return ahead.take(handle, copyIn);
      if (data === PAGE_FILE) {  // after its load (a source excerpt): asked of the page, the core waiting
        if (!readPageFile) return -1;
        return Promise.resolve().then(() => readPageFile(handle)).then(
          (b) => copyIn(b instanceof Uint8Array ? b : new Uint8Array(b)), () => copyIn(null));
      }
      let bytes = data;
      if (data && !(data instanceof Uint8Array)) {
        try {
          bytes = new Uint8Array(new FileReaderSync().readAsArrayBuffer(data));
        } catch (e) {
          return -1;
        }
      }
      return copyIn(bytes);
    };
    Module.fbclensPlanReads = (handles, readAgain) => { if (ahead) ahead.plan(handles, readAgain); };
    function stageRefs(entries) {
      Module._fbclens_reset();
      staged = [];
      taken = null;
      readPageFile = null;
      for (const { path, data } of entries) {
        const kept = readLater(data) ? data : toBytes(data);
        const handle = staged.push(kept) - 1;
        const size = kept === PAGE_FILE ? -1 : kept instanceof Uint8Array ? kept.length : kept.size;
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
       * loadText, but with the Files read ahead, several at once, whenever the core waits for one
       * (readAhead): resolves to the view's text. Only with attach's suspendingReads (the module
       * made with suspendReads); elsewhere the same as loadText, and an entry may not be a
       * PAGE_FILE. Source excerpts read later are read as loadText's are, a PAGE_FILE's with
       * `readFile` again. `readFile`: how the read-ahead gets a File's bytes (readAhead; optional,
       * but needed for a PAGE_FILE).
       */
      async loadTextAsync(entries, args, readFile) {
        const argsText = typeof args === 'string' ? args : JSON.stringify(args || {});
        lastReadAhead = null;
        if (!suspendingReads) return api.loadText(entries, argsText);
        stageRefs(entries);
        readPageFile = readFile || null;
        if (entries.some((e) => readLater(e.data))) ahead = readAhead(entries, readFile);
        try {
          return await callSuspending('load', argsText);
        } finally {
          if (ahead) lastReadAhead = ahead.stats;
          ahead = null;
        }
      },
      /**
       * After a load with shownFirstFrom whose answer's repository was pending: the finishRepository
       * operation's text (the rest of the repository validated: the answer that load would have
       * given without shownFirstFrom), its Files read ahead as a load's are (loadTextAsync, the same
       * `readFile`, by default the load's), the read-ahead's statistics then readAheadStats'.
       * Without suspendingReads, the operation called synchronously.
       */
      async finishRepositoryText(readFile) {
        lastReadAhead = null;
        if (!suspendingReads) return call('finishRepository', '');
        const read = readFile || readPageFile || undefined;
        if (staged.some((data) => readLater(data))) ahead = readAhead(staged.map((data) => ({ data })), read);
        try {
          return await callSuspending('finishRepository', '');
        } finally {
          if (ahead) lastReadAhead = ahead.stats;
          ahead = null;
        }
      },
      /**
       * How the last loadTextAsync read its Files: {files (taken from what was read ahead), read
       * (File reads started), waited (of those taken, how many the core waited for), plans (the
       * core's read plans it followed), kept (of those taken, how many were read once for two
       * reads)}, or null when it read none ahead.
       */
      readAheadStats() { return lastReadAhead; },
      /**
       * "Compare with…": stages `entries` ([{path, data}]) as the older catalog and runs the
       * `compare` operation against the catalog loaded; its answer's text ({old, diff}).
       */
      compareText(entries) {
        stageCompared(entries);
        return call('compare', '');
      },
      /**
       * call, as a promise: through WebAssembly.promising where the module's reads can wait
       * (attach's suspendingReads: there every call into the core must be, as the browser refuses
       * a waiting import called from any other), else call's answer.
       */
      async callAsync(op, argsText) {
        return suspendingReads ? callSuspending(op, argsText) : call(op, argsText);
      },
      /** compareText, as a promise (see callAsync). */
      async compareTextAsync(entries) {
        stageCompared(entries);
        return api.callAsync('compare', '');
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
    return addOperations(api, protocol, (op, argsText) => api.callAsync(op, argsText));
  }

  const exported = { attach, addOperations, catalogEntries, fromFileList, suspendReads, FbclensError, PAGE_FILE };
  if (typeof module !== 'undefined' && module.exports) module.exports = exported;
  root.FbclensApi = exported;
})(typeof globalThis !== 'undefined' ? globalThis : this);
