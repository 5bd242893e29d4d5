/*
 * fbclens client: the page's handle on the loaded catalog, which lives in a Web Worker
 * (fbclens-worker.js running fbclens-core.wasm), so the page stays responsive while a catalog of
 * any size loads.
 *
 *   const client = FbclensClient.create();          // finds its files beside this script
 *   client.on('progress', (p) => ...);               // p: {phase: 'reading'|'parsing', files,
 *                                                    //     totalFiles, bytes, totalBytes}
 *   const summary = await client.loadFiles(files);   // as FbclensApi.loadFiles (fbclens-api.js)
 *   client.cancel();                                 // the load in flight rejects with an Error
 *                                                    // named 'AbortError'; the catalog shown stays
 *   await client.view();                             // explorer view JSON text (catalog_view_json.h)
 *   await client.layout(pkg, channel);               // layout JSON text; channel '' = whole package
 *   await client.upgradePath(request);               // as FbclensApi.upgradePath
 *   await client.excerpt(file, line, context);       // {file, line, lines: [[number, text]]}
 *   await client.bundle({package, channel, bundle}); // one entry's bundle in full (FbclensApi.bundle)
 *   await client.memory();                           // {wasmBytes, highWater} of the catalog's worker
 *
 * Every load runs in a fresh worker. Only when it succeeds does that worker become the current one
 * and the previous worker (holding the previous catalog) end. So a cancelled or failed load never
 * costs the catalog on screen, and every catalog starts from an empty wasm heap. Requests other
 * than loads go to the current worker; they reject when no catalog is loaded or the request is bad.
 */
(function (root) {
  'use strict';

  const scriptBase = typeof document !== 'undefined' && document.currentScript
    ? document.currentScript.src.replace(/[^/]*$/, '') : '';

  function abortError() {
    const error = new Error('fbclens: load cancelled');
    error.name = 'AbortError';
    return error;
  }

  function compile(url) {
    const fallback = async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer());
    if (!WebAssembly.compileStreaming) return fallback();
    return WebAssembly.compileStreaming(fetch(url)).catch(fallback);  // e.g. served without application/wasm
  }

  // A started worker with its request/answer bookkeeping.
  async function spawn(base, wasmModule) {
    const worker = new Worker(base + 'fbclens-worker.js');
    const waiting = new Map();
    let nextId = 1;
    const failAll = (error) => {
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
    };
    worker.onmessage = (event) => {
      const message = event.data;
      const w = waiting.get(message.id);
      if (!w) return;
      if (message.progress) {
        if (w.onProgress) w.onProgress(message.progress);
        return;
      }
      waiting.delete(message.id);
      if (message.error !== undefined) w.reject(new Error('fbclens: ' + message.error));
      else w.resolve(message.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(new Error('fbclens: the worker failed: ' + (event.message || 'unknown error')));
    };
    const call = (op, args, onProgress) => new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject, onProgress });
      worker.postMessage(Object.assign({ id, op }, args));
    });
    await call('init', { wasmModule: await wasmModule });
    return { worker, call, failAll };
  }

  function create({ base = scriptBase } = {}) {
    const wasmModule = compile(base + 'fbclens-core.wasm');
    const listeners = { load: [], progress: [] };
    let current = null;  // the worker holding the catalog on screen
    let pending = null;  // the load in flight: {handle, cancelled}
    let last = null;

    function emit(event, value) {
      for (const fn of listeners[event]) {
        try { fn(value); } catch (e) { console.error('fbclens ' + event + ' listener failed', e); }
      }
    }

    async function load(op, args, totals) {
      cancel();  // one load at a time: a new one replaces the one in flight
      const ticket = { handle: null, cancelled: false };
      pending = ticket;
      try {
        ticket.handle = await spawn(base, wasmModule);
        if (ticket.cancelled) throw abortError();
        emit('progress', Object.assign({ phase: 'reading', files: 0, bytes: 0 }, totals));
        const result = await ticket.handle.call(op, args, (p) => emit('progress', p));
        const previous = current;
        current = ticket.handle;
        if (previous) previous.worker.terminate();
        last = JSON.parse(result.summary);
        emit('load', last);
        return last;
      } catch (error) {
        if (ticket.handle && ticket.handle !== current) ticket.handle.worker.terminate();
        throw ticket.cancelled ? abortError() : error;
      } finally {
        if (pending === ticket) pending = null;
      }
    }

    function cancel() {
      if (!pending) return false;
      const ticket = pending;
      pending = null;
      ticket.cancelled = true;
      if (ticket.handle) {
        ticket.handle.failAll(abortError());
        ticket.handle.worker.terminate();
      }
      return true;
    }

    async function ask(op, args) {
      if (!current) throw new Error('fbclens: no catalog is loaded');
      return current.call(op, args);
    }

    return {
      ready: wasmModule.then(() => true),
      loadFiles(files) {
        const entries = FbclensApi.catalogEntries(files);
        const totalBytes = entries.reduce((n, e) => n + (e.file.size !== undefined ? e.file.size : e.file.length || 0), 0);
        return load('loadFiles', { files: entries }, { totalFiles: entries.length, totalBytes });
      },
      loadSample() { return load('loadSample', {}, { totalFiles: 0, totalBytes: 0 }); },
      cancel,
      loading() { return pending !== null; },
      summary() { return last; },
      view() { return ask('view', {}); },
      layout(pkg, channel) { return ask('layout', { package: pkg, channel: channel || '' }); },
      upgradePath(request) { return ask('upgradePath', { request: request || {} }); },
      bundle(request) { return ask('bundle', { request: request || {} }); },
      excerpt(file, line, context) { return ask('excerpt', { file, line, context: context === undefined ? 4 : context }); },
      memory() { return ask('memory', {}); },
      on(event, fn) {
        if (!listeners[event]) throw new Error('fbclens: unknown event ' + event);
        listeners[event].push(fn);
      },
    };
  }

  root.FbclensClient = { create };
})(typeof globalThis !== 'undefined' ? globalThis : this);
