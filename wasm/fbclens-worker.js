/*
 * The fbclens Web Worker: holds one catalog in its own instance of the core module
 * (fbclens-core.js) so reading, parsing and validating never run on the page's UI thread.
 * The page talks to it only through wasm/fbclens-client.js.
 *
 * Its operations are the protocol table (wasm/protocol.cpp); this file knows none of them by name
 * except the two it must do work for first:
 *   {id, op: 'init', wasmModule}               compiled fbclens-core.wasm; answers with the table,
 *                                               and suspendingReads: whether the core's reads can
 *                                               wait (then a load's files may be the page's)
 *   {id, op: 'load', files: [{path, file}], args?, readOnPage?}  names the files (File/Blob,
 *                                               Uint8Array or string) to the module, which reads
 *                                               each while it parses it, and runs the table's 'load'
 *                                               with `args` (its arguments' JSON text); with
 *                                               readOnPage the page reads the Files for it (below),
 *                                               and a file without `file` is one the page keeps
 *                                               (only with suspendingReads): read by the page
 *                                               then, source excerpts too, its size learned then
 *   {readDone, bytes}                          the page's answer to a read it was asked for
 *                                               (readDone: the read's id; bytes: an ArrayBuffer,
 *                                               transferred, or null when the browser could not
 *                                               read the File); handled at once, not queued
 *   {id, op: 'finishRepository', readOnPage?}   after a load with shownFirstFrom whose repository was
 *                                               pending: the table's 'finishRepository', the rest of
 *                                               the repository's Files read ahead as the load's were
 *                                               (by the page with readOnPage); answers as a load
 *   {id, op: 'compare', files}                 reads the files as the older catalog and runs the
 *                                               table's 'compare' against the catalog loaded
 *   {id, op: 'warmUp'}                         while the worker waits for its first load: loads
 *                                               a made-up catalog (fbclens-warm-up.js) a few
 *                                               times, so the core's hot code is optimised before
 *                                               a real load; stops early once another request
 *                                               arrives, and leaves no catalog loaded; answers
 *                                               {rounds, ms} (how many loads it ran, in how long)
 *   {id, op, args}                              any other operation of the table; `args` is the
 *                                               arguments' JSON text, passed on unparsed
 * Worker → page:
 *   {id, text}                                 the answer's JSON text, unparsed (a load's: the
 *                                               explorer view with the Summary inside)
 *   {id, text, timings}                        a load's answer, with timings: {started, posted (ms
 *                                               since the epoch), stages: [{name, ms}] (the
 *                                               loadTimings operation), readAhead?: {files,
 *                                               waited, waitedMs, plans, kept, onPage} (Files
 *                                               read ahead; of them, how many the core still
 *                                               waited for, and how long in all; the core's read
 *                                               plans followed; files taken from what an earlier
 *                                               read kept; Files the page read)}
 *   {id, error: {op, kind, message}}           a typed failure (kind: a failure of the table, or
 *                                               'worker' when the worker itself failed); the
 *                                               worker stays usable
 *   {id, read: {read, handle}}                 during and after a load with readOnPage: read File
 *                                               `handle` (an index into the load's files) and
 *                                               answer {readDone: read, bytes}
 *   {id, progress: {phase, files, totalFiles, bytes, totalBytes}}  during loads, at most every
 *     150 ms and at each change of phase; phase 'reading' (compare: bytes into the worker), 'parsing' (files read, parsed and
 *     decoded; `files` counts files done, ignored ones included; validation follows the last file).
 */
'use strict';
importScripts('fbclens-core.js', 'fbclens-api.js');

let api = null;  // FbclensApi over this worker's core module, once 'init' has run
let progressOf = null;  // the load in flight: (phase, files, bytes) → posts progress, throttled

// Each report redraws the header's bar and text, and the browser composites a frame for it: under
// a software renderer (SwiftShader) CPU taken from the cores the load needs. In a 0.6-0.7 s load of
// community v4.21 on 2 cores, the GPU process spent 190-280 ms with a report every 50 ms and
// 110-140 ms with one every 150 ms (tests/bench/bench-page.mjs). A bar that moves 6-7 times a
// second still reads as moving.
const PROGRESS_INTERVAL_MS = 150;

function throttledProgress(id, totalFiles, totalBytes) {
  let last = 0;
  let lastPhase = null;
  return (phase, files, bytes, force) => {
    const now = performance.now();
    if (!force && phase === lastPhase && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    lastPhase = phase;
    self.postMessage({ id, progress: { phase, files, totalFiles, bytes, totalBytes } });
  };
}

async function readAll(id, files) {
  const totalBytes = files.reduce((n, f) => n + (f.file.size !== undefined ? f.file.size : f.file.length || 0), 0);
  progressOf = throttledProgress(id, files.length, totalBytes);
  const out = [];
  let bytes = 0;
  for (let i = 0; i < files.length; i++) {
    const { path, file } = files[i];
    const data = typeof file === 'string' || file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
    bytes += data.length;
    out.push({ path, data });
    progressOf('reading', i + 1, bytes, i + 1 === files.length);
  }
  return out;
}

// Starts the core module; answers with the protocol table's text, as the module gives it.
async function init(wasmModule) {
  let suspendingReads = false;
  const Module = await createFbclensCore({
    instantiateWasm(imports, receive) {
      // Where the browser has JS Promise Integration, the core's reads may wait for a File's
      // bytes, and a load reads its Files ahead, several at once (FbclensApi.suspendReads).
      suspendingReads = FbclensApi.suspendReads(imports);
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance));
      return {};
    },
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  });
  // Called by the core once per file parsed (wasm/api.cpp), from inside the synchronous load.
  Module.onLoadProgress = (files, bytes) => {
    if (progressOf) progressOf('parsing', files, bytes, false);
  };
  api = FbclensApi.attach(Module, { suspendingReads });
  return { text: api.protocolText, suspendingReads };
}

// How many requests have arrived and not yet started (the warm-up gives way to them).
let waitingRequests = 0;

// At most this many loads of the made-up catalog, and not past this much time. V8 optimises on
// background threads once a function is hot, so most of the gain comes after the rounds, while
// the worker still waits: in Chromium here, 8 rounds moved 1.3 s of compiling out of the next
// load of community-operators v4.21 and 3 rounds 0.5 s (tests/bench/README.md).
const WARM_UP_ROUNDS = 8;
const WARM_UP_MS = 1500;

// 'warmUp': V8 runs a fresh module's functions as its baseline compiler made them and optimises
// each only once it has run for a while; the page loads every catalog in a fresh worker. So the
// worker waiting for the next load runs a few loads of a made-up catalog first, one at a time,
// letting any request that arrives meanwhile go first (it then waits for one round at most).
async function warmUp() {
  if (typeof FbclensWarmUp === 'undefined') importScripts('fbclens-warm-up.js');  // only the app's workers warm up
  // Encoded once here, not by every round's load (320 KB of text).
  const utf8 = new TextEncoder();
  const files = FbclensWarmUp.files().map(({ path, data }) => ({ path, data: utf8.encode(data) }));
  const start = performance.now();
  const stop = start + WARM_UP_MS;
  let rounds = 0;
  while (rounds < WARM_UP_ROUNDS && waitingRequests === 0 && performance.now() < stop) {
    await api.loadTextAsync(files, '{"deferAnalyses":true}');
    rounds++;
    await new Promise((resolve) => setTimeout(resolve, 0));  // a request that arrived is counted now
  }
  // No catalog stays loaded: the next load starts from an empty session, as in a worker that
  // never warmed up (the heap the rounds grew is reused).
  if (rounds) await api.loadTextAsync([], '{"deferAnalyses":true}');
  return { text: JSON.stringify({ rounds, ms: Math.round(performance.now() - start) }) };
}

// A load's File reads done by the page (a load request with readOnPage): the read-ahead asks the
// page for each File's bytes, and they come back in one message, transferred. Why not here: reading
// a File costs the thread that asked for it CPU as the bytes arrive (in Chromium here about 10 ms a
// MB), and it gets them only while it is free, and during a load this thread is parsing. Read here,
// community-operators v4.21's 13.9 MB arrived over 415-560 ms, in bursts between files parsed, and
// the worker spent 490 ms of CPU (median) on a load; read by the page, whose thread is idle during a
// load, 425 ms, and the union's 3.6-4.2 s became 2.0-2.4 s (tests/bench/README.md).
let loadedFiles = 0;  // how many files the last load named (finishRepository's progress counts them again)
const pageReads = new Map();  // each read asked and not yet answered: its id → {resolve, reject}
let nextPageRead = 1;
/** The read-ahead's readFile for load `loadId`: (handle) → a promise of the File's ArrayBuffer. */
function readOnPage(loadId) {
  const reader = (handle) => new Promise((resolve, reject) => {
    const read = nextPageRead++;
    reader.asked++;
    pageReads.set(read, { resolve, reject });
    self.postMessage({ id: loadId, read: { read, handle } });
  });
  reader.asked = 0;  // how many Files it asked the page for
  return reader;
}
// The page's answer to one read: {readDone: id, bytes: ArrayBuffer or null when it failed}.
function pageReadDone(message) {
  const waiting = pageReads.get(message.readDone);
  if (!waiting) return;
  pageReads.delete(message.readDone);
  if (message.bytes) waiting.resolve(message.bytes);
  else waiting.reject(new Error('the page could not read the file'));
}

// Milliseconds since the epoch (performance.timeOrigin-based), comparable with the page's clock.
const epochNow = () => performance.timeOrigin + performance.now();

// The answer as {text} ({text, timings} for an operation that loads).
async function answer(message) {
  if (message.op === 'init') return init(message.wasmModule);
  if (!api) throw new FbclensApi.FbclensError(message.op, 'worker', 'the core module is not ready');
  if (message.op === 'warmUp') return warmUp();
  let text;
  let started = 0;
  let pageReader = null;
  if (message.op === 'load') {
    // The Files are not read before the load: the core reads each one while it parses it (from
    // what was read ahead, by the page with readOnPage, where the browser can wait; else with
    // FileReaderSync), and again for a source excerpt, so the catalog's text never stays in the
    // worker.
    // A file without `file` is one the page keeps (FbclensApi.PAGE_FILE): its size is not known
    // before it is read, and then neither is the load's total.
    const onPage = message.files.some((f) => f.file === undefined);
    const totalBytes = onPage ? 0 : message.files.reduce((n, f) => n + (f.file.size !== undefined ? f.file.size : f.file.length || 0), 0);
    loadedFiles = message.files.length;
    progressOf = throttledProgress(message.id, message.files.length, totalBytes);
    started = epochNow();
    pageReader = message.readOnPage ? readOnPage(message.id) : null;
    const entries = message.files.map(({ path, file }) => ({ path, data: file === undefined ? FbclensApi.PAGE_FILE : file }));
    text = await api.loadTextAsync(entries, message.args || '', pageReader || undefined);
    progressOf = null;
  } else if (message.op === 'finishRepository') {
    // The rest of a repository whose newest root the load answered with: read ahead as the load's
    // Files were, by the page when it keeps them.
    progressOf = throttledProgress(message.id, loadedFiles, 0);
    started = epochNow();
    pageReader = message.readOnPage ? readOnPage(message.id) : null;
    text = await api.finishRepositoryText(pageReader || undefined);
    progressOf = null;
  } else if (message.op === 'compare') {
    text = await api.compareTextAsync(await readAll(message.id, message.files));
    progressOf = null;
  } else {
    text = await api.callAsync(message.op, message.args);
  }
  const row = api.protocol.ops.find((o) => o.name === message.op);
  const finishing = message.op === 'finishRepository';
  if (!finishing && (!row || !row.loads)) return { text };
  if (!started) started = epochNow();
  // The core's stages laid end to end from when the load started (they ran one after the other),
  // and the time the answer left the worker: the page turns them into performance measures.
  const timings = { started, posted: epochNow(), stages: JSON.parse(await api.callAsync('loadTimings', '')).stages };
  const readAhead = message.op === 'load' || finishing ? api.readAheadStats() : null;
  if (readAhead) timings.readAhead = Object.assign(readAhead, { onPage: pageReader ? pageReader.asked : 0 });
  return { text, timings };
}

// One request at a time, in order: the module is single-threaded, and a load that waits for its
// Files (readAhead) must not be entered by the next request meanwhile.
let queue = Promise.resolve();
self.onmessage = (event) => {
  const message = event.data;
  // Not queued: the load in flight waits for it.
  if (message.readDone !== undefined) return pageReadDone(message);
  waitingRequests++;
  queue = queue.then(async () => {
    waitingRequests--;
    try {
      self.postMessage(Object.assign({ id: message.id }, await answer(message)));
    } catch (error) {
      progressOf = null;
      const typed = error instanceof FbclensApi.FbclensError;
      self.postMessage({ id: message.id, error: {
        op: message.op, kind: typed ? error.kind : 'worker', message: String(error && error.message ? error.message : error),
      } });
    }
  });
};
