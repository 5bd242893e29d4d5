/*
 * fbclens client: the page's handle on the loaded catalog, which lives in a Web Worker
 * (fbclens-worker.js running fbclens-core.wasm), so the page stays responsive while a catalog of
 * any size loads. One client per app instance; it keeps no state outside itself.
 *
 *   const client = FbclensClient.create();          // finds its files beside this script
 *   await client.ready;                              // resolves to the protocol table, which is
 *                                                    // then client.protocol
 *   client.on('progress', (p) => ...);               // p: {phase: 'reading'|'parsing', files,
 *                                                    //     totalFiles, bytes, totalBytes}; totalBytes
 *                                                    //     is 0 (unknown) for a load of Files
 *   client.on('preview', ({summary, view}) => ...);  // a load with shownFirstFrom of a big repository: its
 *                                                    // newest catalog, validated alone first
 *                                                    // (view.repository.pending true), while the
 *                                                    // load goes on with the rest; the load then
 *                                                    // resolves as it would have without shownFirstFrom
 *   const {summary, view} = await client.loadFiles(files, options);  // as FbclensApi.loadFiles
 *                                                    // (options: the load operation's arguments:
 *                                                    // the check profiles, deferAnalyses,
 *                                                    // deferAnalysesFrom; optional);
 *                                                    // view: the explorer view (parsed once),
 *                                                    // summary: the Summary inside it
 *   client.cancel();                                 // the load in flight rejects with an Error
 *                                                    // named 'AbortError'; the catalog shown stays
 *   client.loading();                                // true while a load is in flight
 *   client.summary();                                // the Summary of the catalog loaded (or null)
 *   await client.compareFiles(files);                // the diff of `files` (older) → the loaded
 *   client.close();                                  // ends the workers; in-flight requests reject
 *                                                    // and later loads and requests reject
 *   await client.request(op, argsText);              // any operation of the table: its answer's
 *                                                    // JSON text, unparsed (the app's requests)
 *   await client.layout({package, channel});         // one method per operation of the table
 *   await client.upgradePath(request);               // (wasm/protocol.cpp), answers parsed:
 *   await client.bundle({package, channel, bundle}); // upgradePath, bundle, layout, excerpt,
 *   await client.memory();                           // memory, ... (see FbclensApi)
 * Failed operations reject with an FbclensError (fbclens-api.js): `kind` says why.
 * Every load leaves User Timing entries named 'fbclens:*' (see mark() below): the stages of the load
 * in the worker and on the page's thread. A load that previewed a repository's newest catalog also
 * leaves 'fbclens:preview-emitted' (the 'preview' listeners have run), 'fbclens:repository-received'
 * (the rest's answer is on the page's thread) and the rest's stages as 'fbclens:rest-*' measures.
 *
 * The page's thread reads a load's Files for the worker, as the worker asks for each (readForWorker
 * below; fbclens-worker.js readOnPage says why), and hands it the bytes.
 *
 * Every load runs in a fresh worker (the first one is started at once, which also tells the
 * client the table). Only when it succeeds does that worker become the current one and the
 * previous worker (holding the previous catalog) end. So a cancelled or failed load never costs
 * the catalog on screen, and every catalog starts from an empty wasm heap.
 */
(function (root) {
  'use strict';

  const scriptBase = typeof document !== 'undefined' && document.currentScript
    ? document.currentScript.src.replace(/[^/]*$/, '') : '';

  // The page-side account of a load, as User Timing entries any page (and tests/bench/bench-page.mjs)
  // can read: marks 'fbclens:load-requested' (loadFiles called), 'fbclens:answer-received' (the
  // worker's answer is on the page's thread), 'fbclens:view-parsed', 'fbclens:load-emitted' (the
  // 'load' listeners have run); and a measure per stage of the worker's load ('fbclens:read',
  // 'fbclens:parse', ... as the loadTimings operation names them, laid end to end from when the worker
  // started) and 'fbclens:sent' (the answer's way from the worker to the page); and a mark
  // 'fbclens:read-ahead' whose detail is {files, waited, waitedMs, plans, kept, onPage, early} when the worker
  // read the Files ahead of the core (fbclens-api.js readAhead; early: of the Files the page read for
  // it, how many it had started before the worker asked, readEarly). Each load replaces the previous
  // load's entries. Apart from loads, a mark 'fbclens:warm-up' whose detail is {rounds, ms} when a
  // waiting worker has warmed up (the worker's 'warmUp'); each replaces the one before.
  const timing = typeof performance !== 'undefined' && performance.mark && performance.measure ? performance : null;
  const timingNames = new Set();
  function mark(name) {
    if (!timing) return;
    timingNames.add('fbclens:' + name);
    timing.mark('fbclens:' + name);
  }
  function clearTimings() {
    if (!timing) return;
    for (const name of timingNames) { timing.clearMarks(name); timing.clearMeasures(name); }
  }
  // `prefix`: 'fbclens:' for the load's answer, 'fbclens:rest-' for a repository's finishRepository.
  function measureWorker(timings, prefix = 'fbclens:') {
    if (!timing || !timings || !timings.stages) return;
    const origin = timing.timeOrigin || 0;
    let at = timings.started - origin;
    try {
      for (const { name, ms } of timings.stages) {
        timingNames.add(prefix + name);
        timing.measure(prefix + name, { start: at, end: at + ms });
        at += ms;
      }
      timingNames.add(prefix + 'sent');
      timing.measure(prefix + 'sent', { start: timings.posted - origin, end: timing.now() });
      if (timings.readAhead) {  // the Files were read ahead of the core: {files, waited, waitedMs, plans, kept, onPage, early}
        timingNames.add(prefix + 'read-ahead');
        timing.mark(prefix + 'read-ahead', { detail: timings.readAhead });
      }
    } catch (e) { /* a browser without User Timing Level 3 measures: marks only */ }
  }

  function markWarmUp(detail) {
    if (!timing) return;
    timing.clearMarks('fbclens:warm-up');
    try { timing.mark('fbclens:warm-up', { detail }); } catch (e) { /* no User Timing Level 3 */ }
  }

  // Resolves once the page has asked `handle` what a catalog just shown asks for at first (the
  // graph's layout), `before` being its count of messages sent then: right after the task that
  // sent the first message since (a microtask, so before the page renders; what that task sent
  // goes first); when the page sends none, after two frames (a catalog with nothing to draw; 100 ms
  // where no frame comes, a hidden page). The union's preview asked for its layout 20-40 ms after
  // it was shown, and then rendered its DOM for 50-80 ms: waiting for frames, or for a timer,
  // left the worker idle through that rendering.
  function requestsMade(handle, before) {
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        handle.afterSend = null;
        resolve();
      };
      if (handle.sent > before) return queueMicrotask(finish);
      handle.afterSend = () => queueMicrotask(finish);
      let frames = 0;
      const frame = () => {
        if (done) return;
        if (++frames >= 2) finish();
        else requestAnimationFrame(frame);
      };
      if (typeof requestAnimationFrame === 'function') requestAnimationFrame(frame);
      setTimeout(finish, 100);
    });
  }

  function abortError() {
    const error = new Error('fbclens: load cancelled');
    error.name = 'AbortError';
    return error;
  }

  // Compiled modules by URL, shared by every client and app on the page: several embeds download
  // and compile each .wasm once (a WebAssembly.Module can be posted to any number of workers and
  // instantiated any number of times). A failed compile is forgotten, so a later one tries again.
  const compiled = new Map();
  function compile(url) {
    if (!compiled.has(url)) {
      const fallback = async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer());
      const promise = !WebAssembly.compileStreaming ? fallback()
        : WebAssembly.compileStreaming(fetch(url)).catch(fallback);  // e.g. served without application/wasm
      promise.catch(() => compiled.delete(url));
      compiled.set(url, promise);
    }
    return compiled.get(url);
  }

  // How many bytes of a load's Files the page starts reading at once, before the worker asks.
  const EARLY_BYTES = 4 << 20;
  // The core's walk order (core/load/file_source.cpp walk_order_less) of paths split at '/':
  // compared component by component (as UTF-16 units here, bytes there: the same order for ASCII
  // names, and a wrong guess only costs readEarly a read), a folder before what is in it.
  function walkOrder(pa, pb) {
    for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
      if (pa[i] !== pb[i]) return pa[i] < pb[i] ? -1 : 1;
    }
    return pa.length - pb.length;
  }
  // The Files the core reads first, started as the load is asked for (EARLY_BYTES of them): its
  // .indexignore files, then the walk's first files, as the core's first read plans will ask. The
  // worker asks once it has started and named the files to the core (20-70 ms later); a guess that
  // is wrong costs a read (dropped at the end of the load). handle → a promise of the ArrayBuffer.
  function readEarly(files) {
    const isIgnoreFile = (path) => path === '.indexignore' || path.endsWith('/.indexignore');
    // Each path split once, not at every comparison: 20,002 paths sorted in 26-29 ms instead of
    // 98-113 (Node), on the page's thread before the worker is asked.
    const blobs = [];
    files.forEach((e, handle) => {
      if (e.file instanceof Blob) blobs.push({ file: e.file, handle, ignore: isIgnoreFile(e.path) ? 0 : 1, parts: e.path.split('/') });
    });
    blobs.sort((a, b) => a.ignore - b.ignore || walkOrder(a.parts, b.parts));
    const early = Object.assign(new Map(), { taken: 0 });  // taken: how many the worker asked for
    let bytes = 0;
    for (const e of blobs) {
      if (bytes >= EARLY_BYTES) break;
      const read = e.file.arrayBuffer();
      read.catch(() => {});  // a File never asked for may fail unseen
      early.set(e.handle, read);
      bytes += e.file.size;
    }
    return early;
  }

  // Runs `fn` when the page is next idle (within 2 s), or after 300 ms where there is no
  // requestIdleCallback (Safari).
  const whenIdle = (fn) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 300));

  // A started worker with its request/answer bookkeeping; `protocol` is the table it answered
  // 'init' with.
  async function spawn(base, wasmModule) {
    const worker = new Worker(base + 'fbclens-worker.js');
    const waiting = new Map();
    let nextId = 1;
    let suspendingReads = false;  // the worker's core can wait for a read (its 'init' answer says)
    // The last load's files read here for the worker ({files, early}), during the load and after
    // it, for its source excerpts.
    let pageFiles = null;
    const failAll = (error) => {
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
    };
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.read) return readForWorker(message.read);
      const w = waiting.get(message.id);
      if (!w) return;
      if (message.progress) {
        if (w.onProgress) w.onProgress(message.progress);
        return;
      }
      waiting.delete(message.id);
      if (message.error) w.reject(new FbclensApi.FbclensError(message.error.op, message.error.kind, message.error.message));
      else w.resolve(message);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(new FbclensApi.FbclensError('', 'worker', 'the worker failed: ' + (event.message || 'unknown error')));
    };
    // A load's File read that the worker asks of this thread ({read, handle}: handle indexes the
    // load's files, pageFiles): the bytes go back transferred (what was read before the worker
    // asked, `early`, is used first), or null when the browser could not read them. The File is
    // not asked its size: looked up here, one File at a time, the look-ups held the browser's reads
    // up (the union's core waited 215-295 ms for its Files instead of 110-165).
    const readForWorker = ({ read, handle }) => {
      const entry = pageFiles && pageFiles.files[handle];
      const early = pageFiles && pageFiles.early;
      let bytes = early && early.get(handle);
      if (bytes) {
        early.delete(handle);
        early.taken++;
      } else {
        bytes = entry && entry.file instanceof Blob ? entry.file.arrayBuffer() : Promise.reject();
      }
      bytes.then((b) => worker.postMessage({ readDone: read, bytes: b }, [b]),
                 () => worker.postMessage({ readDone: read, bytes: null }));
    };
    // What the client holds of the worker: its send, call and end, the protocol table, and `sent`,
    // how many messages the page has sent it (loads, requests).
    // `afterSend`: called after each message is posted, while set (requestsMade).
    const workerHandle = { worker, send: null, call: null, end: null, protocol: null, sent: 0, afterSend: null };
    // The worker's whole answer ({text}, or a load's {text, summary}); `call`: its text alone.
    // `early`: a load's Files read before the worker asks (readEarly).
    // A load read on the page goes to a worker that can wait for its reads with the Files' paths
    // only: posting a File makes the same synchronous look-up as asking its size (40-75 ms for the
    // 212 Files of ../shared/catalogs' union, before the worker could start).
    const send = (message, onProgress, early) => new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, onProgress });
      if (message.op === 'load' && message.readOnPage) {
        pageFiles = { files: message.files, early };
        if (suspendingReads) {
          message = Object.assign({}, message, { files: message.files.map((e) => (e.file instanceof Blob ? { path: e.path } : e)) });
        }
      }
      worker.postMessage(Object.assign({ id }, message));
      workerHandle.sent++;
      if (workerHandle.afterSend) workerHandle.afterSend();
    });
    const call = (message) => send(message).then((answer) => answer.text);
    // Ends the worker; what is still waiting on it rejects with `error`, or a 'worker' failure.
    const end = (error, why) => {
      failAll(error || new FbclensApi.FbclensError('', 'worker', 'the worker ended (' + why + ')'));
      worker.terminate();
    };
    Object.assign(workerHandle, { send, call, end });
    try {
      const started = await send({ op: 'init', wasmModule: await wasmModule });
      suspendingReads = !!started.suspendingReads;
      workerHandle.protocol = JSON.parse(started.text);
      return workerHandle;
    } catch (error) {
      worker.terminate();  // a worker that never started is ended, not left idle
      throw error;
    }
  }

  /**
   * A client whose worker files are at `base` (default: beside this script). With `keepSpare` (the
   * default) a worker for the next load is kept started after every load, and the first one warms
   * the module's code up while it waits; without, only before the first, and none warms up (a docs
   * embed that shows one catalog keeps no idle worker and spends no time on one).
   */
  function create({ base = scriptBase, keepSpare = true } = {}) {
    const wasmModule = compile(base + 'fbclens-core.wasm');
    const listeners = { load: [], progress: [], preview: [] };
    let spare = null;  // the next load's worker, started ahead (startSpare)
    let current = null;  // the worker holding the catalog on screen
    let pending = null;  // the load in flight: {handle, cancelled}
    let last = null;
    let closed = false;  // close() ran: no worker starts again
    let warm = false;  // a warm-up was asked of one of this client's workers (startSpare)
    const closedError = (op) => new FbclensApi.FbclensError(op, 'worker', 'the client is closed');

    // Starts the next load's worker ahead of it, so a load does not wait for a worker to start and
    // instantiate the module (100-200 ms in Chromium): at creation, and again once a load has
    // taken the spare. A spare that fails to start is dropped (the next load starts its own), and
    // so is one a load takes while it is still failing (load starts another).
    function startSpare() {
      if (closed || spare) return spare;
      const started = spawn(base, wasmModule);
      started.catch(() => { if (spare === started) spare = null; });
      spare = started;
      // Once the page is idle, a spare no load has taken yet warms the module's code up (the
      // worker's 'warmUp'): a load that takes it meanwhile waits for one round of it at most. Once
      // per client: the code V8 optimises is the module's, which every later worker shares (a
      // load before it, such as the app's small sample, warms little).
      if (keepSpare && !warm) {
        started.then((handle) => whenIdle(() => {
          if (spare !== started || warm) return;
          warm = true;
          handle.call({ op: 'warmUp' }).then((text) => markWarmUp(JSON.parse(text)), () => {});
        }), () => {});
      }
      return started;
    }

    function emit(event, value) {
      for (const fn of listeners[event]) {
        try { fn(value); } catch (e) { console.error('fbclens ' + event + ' listener failed', e); }
      }
    }

    async function load(message, totals) {
      if (closed) throw closedError(message.op);
      cancel();  // one load at a time: a new one replaces the one in flight
      const ticket = { handle: null, cancelled: false, previewed: false };
      pending = ticket;
      clearTimings();
      mark('load-requested');
      const early = message.readOnPage ? readEarly(message.files) : null;
      try {
        const taken = spare;
        spare = null;
        // A spare that failed to start is replaced by a worker started now (which fails too when
        // the module cannot be had at all).
        ticket.handle = taken ? await taken.catch(() => spawn(base, wasmModule)) : await spawn(base, wasmModule);
        if (ticket.cancelled) throw abortError();
        emit('progress', Object.assign({ phase: 'reading', files: 0, bytes: 0 }, totals));
        const answer = await ticket.handle.send(message, (p) => emit('progress', p), early);
        mark('answer-received');
        if (early && answer.timings && answer.timings.readAhead) answer.timings.readAhead.early = early.taken;
        measureWorker(answer.timings);
        const previous = current;
        current = ticket.handle;
        if (previous) previous.end(null, 'its catalog was replaced');
        // Parsed once, here: the page's explorer and panels read the view, the Summary is inside it.
        let view = JSON.parse(answer.text);
        if (view.repository && view.repository.pending) {
          // A repository's newest catalog, validated alone first (load's shownFirstFrom): shown now
          // ('preview'; the worker answers its requests first), while the worker validates the
          // rest, whose answer is the load's.
          ticket.previewed = true;
          const before = ticket.handle.sent;
          emit('preview', { summary: view.summary, view });
          mark('preview-emitted');
          // The worker answers in order: the requests the preview makes first (the graph's layout,
          // the panels') go before the rest's validation.
          await requestsMade(ticket.handle, before);
          const rest = await ticket.handle.send({ op: 'finishRepository', args: '', readOnPage: true }, (p) => emit('progress', p));
          // A load that replaced this one meanwhile (cancel kept this worker for the catalog shown)
          // gives the next catalog: this one's answer is not emitted.
          if (ticket.cancelled) throw abortError();
          mark('repository-received');
          measureWorker(rest.timings, 'fbclens:rest-');
          view = JSON.parse(rest.text);
        }
        last = view.summary;
        mark('view-parsed');
        emit('load', last);
        mark('load-emitted');
        return { summary: last, view };
      } catch (error) {
        if (ticket.handle && ticket.handle !== current) ticket.handle.end(null, 'its load failed');
        throw ticket.cancelled ? abortError() : error;
      } finally {
        if (pending === ticket) pending = null;
        // Once the page is idle after the answer (a worker starting meanwhile would slow the first
        // frames down), and not while another load (one that cancelled this one) runs: that one
        // starts the spare when done.
        if (keepSpare) whenIdle(() => { if (!pending) startSpare(); });
      }
    }

    function cancel() {
      if (!pending) return false;
      const ticket = pending;
      pending = null;
      ticket.cancelled = true;
      // A load that previewed a repository's newest catalog: its worker holds the catalog shown,
      // and stays (finishing the rest; the next load's answer ends it).
      if (ticket.handle && !ticket.previewed) ticket.handle.end(abortError());
      return true;
    }

    async function request(op, argsText) {
      if (closed) throw closedError(op);
      if (!current) throw new FbclensApi.FbclensError(op, 'noCatalog', 'no catalog is loaded');
      return current.call({ op, args: argsText || '' });
    }

    const client = {
      ready: startSpare().then((handle) => handle.protocol),
      protocol: null,  // the protocol table, once `ready`
      loadFiles(files, options) {
        const entries = FbclensApi.catalogEntries(files);
        // The total of bytes given whole; Files are not asked their sizes (send), so with any the
        // total is unknown (0) and progress counts files.
        const totalBytes = entries.some((e) => e.file instanceof Blob) ? 0
          : entries.reduce((n, e) => n + (e.file.size !== undefined ? e.file.size : e.file.length || 0), 0);
        const args = options ? JSON.stringify(options) : '';
        return load({ op: 'load', files: entries, args, readOnPage: true }, { totalFiles: entries.length, totalBytes });
      },
      loadSample() { return load({ op: 'loadSample', args: '' }, { totalFiles: 0, totalBytes: 0 }); },
      /** "Compare with…": `files` (as loadFiles) against the catalog loaded → {old, diff}, parsed. */
      async compareFiles(files) {
        if (closed) throw closedError('compare');
        if (!current) throw new FbclensApi.FbclensError('compare', 'noCatalog', 'no catalog is loaded');
        const answer = await current.send({ op: 'compare', files: FbclensApi.catalogEntries(files), args: '' });
        return JSON.parse(answer.text);
      },
      cancel,
      loading() { return pending !== null; },
      summary() { return last; },
      request,
      /** Ends the client's workers (an unmounted app); later loads and requests reject. */
      close() {
        closed = true;
        cancel();
        if (current) current.end(null, 'the client was closed');
        if (spare) spare.then((h) => h.end(null, 'the client was closed'), () => {});
        current = spare = null;
      },
      on(event, fn) {
        if (!listeners[event]) throw new Error('fbclens: unknown event ' + event);
        listeners[event].push(fn);
      },
    };
    client.ready.then((protocol) => {
      client.protocol = protocol;
      FbclensApi.addOperations(client, protocol, request);
    }, () => {});
    return client;
  }

  /** `url`'s compiled WebAssembly.Module, downloaded and compiled once per page (shared). */
  root.FbclensClient = { create, compile };
})(typeof globalThis !== 'undefined' ? globalThis : this);
