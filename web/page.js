/*
 * The page glue: starts the wasm app, exposes window.fbclens (see wasm/fbclens-api.js for the API),
 * feeds it folders and files from the pickers and from drops on the app, and mirrors the findings
 * as DOM text. Handlers are attached to the app's own elements only (never window/document), so
 * the app can be embedded in other pages.
 */
(function () {
  'use strict';
  const appRoot = document.getElementById('fbclens-app');
  const canvas = document.getElementById('canvas');
  const canvasWrap = document.getElementById('canvas-wrap');
  const status = document.getElementById('status');
  const findingsList = document.getElementById('findings-list');

  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  let api = null;

  // window.fbclens exists at once; its methods wait for the module.
  window.fbclens = {
    ready,
    async loadFiles(files) { await ready; return show(await api.loadFiles(files)); },
    async loadSample() { await ready; return show(await api.loadSample()); },
    async upgradePath(request) { await ready; return api.upgradePath(request); },
    summary() { return api ? api.summary() : null; },
    appStatus() {
      if (!api) return null;
      const status = JSON.parse(api.module.UTF8ToString(api.module._fbclens_app_status()));
      status.memory = { wasmBytes: api.module.HEAPU8.length, highWater: api.module._fbclens_heap_high_water() };
      return status;
    },
    // show({package, channel}): draws that channel's graph; resolves with graphStats() once it is drawn.
    async show({ package: pkg, channel }) {
      await ready;
      const ok = api.module.ccall('fbclens_app_show', 'number', ['string', 'string'], [pkg, channel]);
      if (!ok) throw new Error('fbclens: no channel ' + channel + ' in package ' + pkg);
      const start = window.fbclens.graphStats().frames;
      await new Promise((resolve) => {
        const tick = () => {
          const s = window.fbclens.graphStats();
          if (s.frames >= start + 2 && s.package === pkg && s.channel === channel) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return window.fbclens.graphStats();
    },
    // graphStats(): {package, channel, nodes, edges: {replaces, skips, skipRange}, heads, fps, frames} of the graph in view.
    graphStats() { return api ? JSON.parse(api.module.UTF8ToString(api.module._fbclens_app_graph_stats())) : null; },
  };

  function show(summary) {
    status.textContent = summary.verdict + ' · ' + summary.files + ' files · ' + summary.packages + ' packages · ' +
      summary.bundles + ' bundles · ' + summary.findings.length + ' findings';
    status.className = summary.verdict === 'VALID' ? 'valid' : 'invalid';
    findingsList.replaceChildren(...summary.findings.map((f) => {
      const li = document.createElement('li');
      const where = f.file ? f.file + (f.line ? ':' + f.line + ':' + f.column : '') : '(catalog)';
      li.textContent = where + ' ' + f.code + ' ' + f.message + (f.opmMessage ? ' — opm: ' + f.opmMessage : '');
      return li;
    }));
    return summary;
  }

  // Drops: folders through webkitGetAsEntry (walked with readEntries until empty), else plain files.
  function readEntry(entry, prefix, out) {
    if (entry.isFile) {
      return new Promise((resolve, reject) => entry.file((f) => {
        f.fbclensPath = prefix + entry.name;
        out.push(f);
        resolve();
      }, reject));
    }
    const reader = entry.createReader();
    return new Promise((resolve, reject) => {
      const batch = () => reader.readEntries(async (entries) => {
        if (!entries.length) return resolve();
        for (const e of entries) await readEntry(e, prefix + entry.name + '/', out);
        batch();
      }, reject);
      batch();
    });
  }

  async function loadDropped(dataTransfer) {
    const entries = Array.from(dataTransfer.items || []).map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    if (!entries.length) return window.fbclens.loadFiles(dataTransfer.files);
    const files = [];
    for (const e of entries) await readEntry(e, '', files);
    return window.fbclens.loadFiles(files);
  }

  function report(error) {
    status.textContent = 'Could not load: ' + (error && error.message ? error.message : error);
    status.className = 'invalid';
    console.warn('fbclens: load failed', error);
  }

  document.getElementById('folder-input').addEventListener('change', (e) => {
    if (e.target.files.length) window.fbclens.loadFiles(e.target.files).catch(report);
  });
  document.getElementById('files-input').addEventListener('change', (e) => {
    if (e.target.files.length) window.fbclens.loadFiles(e.target.files).catch(report);
  });
  appRoot.addEventListener('dragover', (e) => { e.preventDefault(); canvasWrap.classList.add('dragging'); });
  appRoot.addEventListener('dragleave', (e) => { if (e.target === canvasWrap || e.target === canvas) canvasWrap.classList.remove('dragging'); });
  appRoot.addEventListener('drop', (e) => {
    e.preventDefault();
    canvasWrap.classList.remove('dragging');
    loadDropped(e.dataTransfer).catch(report);
  });

  createFbclensApp({
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  }).then(async (Module) => {
    api = FbclensApi.attach(Module);
    api.module = Module;
    show(await api.loadSample());
    resolveReady(window.fbclens);
  }).catch((error) => {
    status.textContent = 'fbclens could not start: ' + error;
    rejectReady(error);
  });
})();
