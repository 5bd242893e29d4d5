/*
 * The fbclens Web Worker: holds one catalog in its own instance of the core module
 * (fbclens-core.js) so reading, parsing and validating never run on the page's UI thread.
 * The page talks to it only through wasm/fbclens-client.js; this is the protocol between them.
 *
 * Page → worker: {id, op, ...arguments}
 *   {op: 'init', wasmModule}                 compiled fbclens-core.wasm (a WebAssembly.Module), once
 *   {op: 'loadFiles', files: [{path, file}]}  `file` is a File/Blob, a Uint8Array or a string
 *   {op: 'loadSample'}
 *   {op: 'view'}                             → the explorer view JSON text (export/catalog_view_json.h)
 *   {op: 'layout', package, channel}         → layout JSON text; channel '' = the whole package
 *   {op: 'upgradePath', request}             → the upgrade-path object (see fbclens-api.js)
 *   {op: 'excerpt', file, line, context}     → {file, line, lines: [[number, text]]}
 *   {op: 'bundle', request}                  → one entry's bundle in full (FbclensApi.bundle)
 *   {op: 'memory'}                           → {wasmBytes, highWater}
 * Worker → page:
 *   {id, result}                             the answer; for loads: {summary: JSON text}
 *   {id, error}                              a message; the worker stays usable
 *   {id, progress: {phase, files, totalFiles, bytes, totalBytes}}  during loads, at most every
 *     50 ms; phase 'reading' (bytes into the worker), then 'parsing' (files parsed and decoded;
 *     `files` counts files done, ignored ones included; validation follows the last file).
 */
'use strict';
importScripts('fbclens-core.js', 'fbclens-api.js');

let api = null;  // FbclensApi over this worker's core module, once 'init' has run
let progressOf = null;  // the load in flight: (phase, files, bytes) → posts progress, throttled

function throttledProgress(id, totalFiles, totalBytes) {
  let last = 0;
  return (phase, files, bytes, force) => {
    const now = performance.now();
    if (!force && now - last < 50) return;
    last = now;
    self.postMessage({ id, progress: { phase, files, totalFiles, bytes, totalBytes } });
  };
}

// The core's answers are JSON text; a failed request is the one-key object {"requestError": TEXT}.
function checked(text) {
  if (text.startsWith('{"requestError"')) throw new Error(JSON.parse(text).requestError);
  return text;
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

const handlers = {
  async init({ wasmModule }) {
    const Module = await createFbclensCore({
      instantiateWasm(imports, receive) {
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
    api = FbclensApi.attach(Module);
    api.module = Module;
    return true;
  },
  async loadFiles({ id, files }) {
    const entries = await readAll(id, files);
    const summary = await api.loadFiles(entries);
    progressOf = null;
    return { summary: JSON.stringify(summary) };
  },
  async loadSample() { return { summary: JSON.stringify(await api.loadSample()) }; },
  view() { return checked(api.module.UTF8ToString(api.module._fbclens_catalog_view())); },
  layout({ package: pkg, channel }) {
    return checked(api.module.UTF8ToString(
      api.module.ccall('fbclens_layout', 'number', ['string', 'string'], [pkg, channel || ''])));
  },
  upgradePath({ request }) { return api.upgradePath(request); },
  bundle({ request }) { return api.bundle(request); },
  excerpt({ file, line, context }) {
    return JSON.parse(checked(api.module.UTF8ToString(
      api.module.ccall('fbclens_source_excerpt', 'number', ['string', 'number', 'number'], [file, line, context]))));
  },
  memory() { return { wasmBytes: api.module.HEAPU8.length, highWater: api.module._fbclens_heap_high_water() }; },
};

// One request at a time, in order: the module is single-threaded and loads are synchronous in it.
let queue = Promise.resolve();
self.onmessage = (event) => {
  const message = event.data;
  queue = queue.then(async () => {
    try {
      const handler = handlers[message.op];
      if (!handler) throw new Error('unknown operation ' + message.op);
      if (!api && message.op !== 'init') throw new Error('the core module is not ready');
      self.postMessage({ id: message.id, result: await handler(message) });
    } catch (error) {
      progressOf = null;
      self.postMessage({ id: message.id, error: String(error && error.message ? error.message : error) });
    }
  });
};
