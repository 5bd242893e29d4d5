/*
 * The page glue: starts the ImGui app (fbclens-app.js) and the catalog's worker client
 * (fbclens-client.js), exposes window.fbclens, feeds the worker folders and files from the pickers
 * and from drops on the app, shows load progress with a Cancel button, carries the app's
 * questions to the worker, and mirrors the findings as DOM text kept in sync with the app's
 * selection. Handlers are attached to the app's own elements only (never window/document), so the
 * app can be embedded in other pages.
 *
 * window.fbclens:
 *   ready                        resolves once the app runs and the sample catalog is shown
 *   loadFiles(files)             FileList, File[] or [{path, data}] → Summary (fbclens-api.js);
 *                                rejects with an Error named 'AbortError' when cancelled
 *   loadSample()                 the built-in sample → Summary
 *   cancel()                     cancels the load in flight (true if there was one)
 *   summary()                    the Summary of the catalog shown
 *   upgradePath(request)         as FbclensApi.upgradePath, answered by the worker
 *   bundle({package, channel, bundle})  one channel entry's bundle in full (FbclensApi.bundle)
 *   show({package, channel})     draws that channel (or, without channel, the whole package with
 *                                its channels as lanes); resolves with graphStats() once drawn
 *   graphStats()                 {package, channel, nodes, edges: {replaces, skips, skipRange},
 *                                 skipRangeDrawn, heads, fps, frames}
 *   appStatus()                  the app's selection and frame counters (web/main.cpp)
 *   selectFinding(index)         selects Summary finding `index` in the app
 *   setTheme('dark'|'light')
 *   memory()                     {app: {wasmBytes}, worker: {wasmBytes, highWater}} (bytes)
 *   on('load'|'progress', fn)
 */
(function () {
  'use strict';
  const appRoot = document.getElementById('fbclens-app');
  const canvas = document.getElementById('canvas');
  const canvasWrap = document.getElementById('canvas-wrap');
  const status = document.getElementById('status');
  const progress = document.getElementById('progress');
  const progressBar = document.getElementById('progress-bar');
  const progressText = document.getElementById('progress-text');
  const cancelButton = document.getElementById('cancel');
  const findingsList = document.getElementById('findings-list');

  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  let app = null;  // the ImGui module
  const client = FbclensClient.create();

  // Calls app function `name` with string arguments, copied into the app's heap (not its stack:
  // a catalog view can be megabytes).
  function callWithStrings(name, strings) {
    const pointers = strings.map((text) => {
      const size = app.lengthBytesUTF8(text) + 1;
      const ptr = app._malloc(size);
      app.stringToUTF8(text, ptr, size);
      return ptr;
    });
    try { return app['_' + name](...pointers); } finally { pointers.forEach((p) => app._free(p)); }
  }

  const formatBytes = (n) => (n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + ' MB' : Math.ceil(n / 1024) + ' KB');

  client.on('progress', (p) => {
    progress.hidden = false;
    if (p.phase === 'reading') {
      progressBar.value = p.totalBytes ? p.bytes / p.totalBytes : 0;
      progressText.textContent = 'Reading ' + p.files + ' / ' + p.totalFiles + ' files, ' +
        formatBytes(p.bytes) + ' of ' + formatBytes(p.totalBytes);
    } else {
      progressBar.value = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : 0;
      progressText.textContent = 'Validating: ' + formatBytes(p.bytes) + ' of ' + formatBytes(p.totalBytes) + ' parsed';
    }
  });

  async function loaded(summaryPromise) {
    status.textContent = 'Loading…';
    status.className = '';
    try {
      const summary = await summaryPromise;
      callWithStrings('fbclens_app_set_catalog', [await client.view()]);
      showSummary(summary);
      return summary;
    } catch (error) {
      const shown = client.summary();
      status.textContent = (error.name === 'AbortError' ? 'Load cancelled' : 'Could not load: ' + error.message) +
        (shown ? ' — still showing the previous catalog' : '');
      status.className = error.name === 'AbortError' ? '' : 'invalid';
      throw error;
    } finally {
      if (!client.loading()) progress.hidden = true;
    }
  }

  window.fbclens = {
    ready,
    async loadFiles(files) { await ready; return loaded(client.loadFiles(files)); },
    async loadSample() { await ready; return loaded(client.loadSample()); },
    cancel() { return client.cancel(); },
    summary() { return client.summary(); },
    async upgradePath(request) { await ready; return client.upgradePath(request); },
    async bundle(request) { await ready; return client.bundle(request); },
    appStatus() { return app ? JSON.parse(app.UTF8ToString(app._fbclens_app_status())) : null; },
    async memory() { return { app: { wasmBytes: app ? app.HEAPU8.length : 0 }, worker: await client.memory() }; },
    async show({ package: pkg, channel }) {
      await ready;
      if (!callWithStrings('fbclens_app_show', [pkg, channel || ''])) {
        throw new Error('fbclens: ' + (channel ? 'no channel ' + channel + ' in package ' + pkg : 'no package ' + pkg));
      }
      const start = window.fbclens.graphStats().frames;
      await new Promise((resolve) => {
        const tick = () => {
          const s = window.fbclens.graphStats();
          if (s.frames >= start + 2 && s.package === pkg && s.channel === (channel || '')) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return window.fbclens.graphStats();
    },
    graphStats() { return app ? JSON.parse(app.UTF8ToString(app._fbclens_app_graph_stats())) : null; },
    selectFinding(index) { return app ? app._fbclens_app_select_finding(index) === 1 : false; },
    setTheme(theme) { if (app) app._fbclens_app_set_theme(theme === 'light' ? 1 : 0); },
    on(event, fn) { client.on(event, fn); },
  };

  // The findings as DOM text, grouped package > channel > bundle in the app's order.
  let findingItems = [];
  function showSummary(summary) {
    status.textContent = summary.verdict + ' · ' + summary.files + ' files · ' + summary.packages + ' packages · ' +
      summary.bundles + ' bundles · ' + summary.findings.length + ' findings';
    status.className = summary.verdict === 'VALID' ? 'valid' : 'invalid';
    const groupOf = (f) => (f.package ? 'package ' + f.package : 'catalog files') +
      (f.channel ? ' > channel ' + f.channel : '') + (f.bundle ? ' > bundle ' + f.bundle : '');
    const rows = summary.findings.map((f, index) => ({ f, index, group: groupOf(f) }));
    rows.sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0));  // stable, as the app's
    findingItems = [];
    const groups = [];
    let list = null;
    for (const { f, index, group } of rows) {
      if (!list || list.dataset.group !== group) {
        const heading = document.createElement('li');
        heading.textContent = group;
        list = document.createElement('ol');
        list.dataset.group = group;
        heading.append(list);
        groups.push(heading);
      }
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'finding';
      const where = f.file ? f.file + (f.line ? ':' + f.line + ':' + f.column : '') : '(catalog)';
      button.textContent = where + ' ' + f.code + ' [' + f.severity + '] ' + f.message +
        (f.opmMessage ? ' — opm: ' + f.opmMessage : '');
      button.addEventListener('click', () => window.fbclens.selectFinding(index));
      item.append(button);
      list.append(item);
      findingItems[index] = button;
    }
    findingsList.replaceChildren(...groups);
  }

  function onFindingSelected(index) {
    for (const b of findingsList.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
    const button = findingItems[index];
    if (!button) return;
    button.setAttribute('aria-current', 'true');
    if (button.closest('details').open) button.scrollIntoView({ block: 'nearest' });
  }

  // The app's questions for the worker (web/main.cpp fbclens_request), answered asynchronously.
  const requests = {
    layout: (args) => client.layout(args.package, args.channel),  // already JSON text
    upgrade: (args) => client.upgradePath(args.request).then((r) => JSON.stringify(r)),
    excerpt: (args) => client.excerpt(args.file, args.line, 4).then((r) => JSON.stringify(r)),
    bundle: (args) => client.bundle(args.request).then((r) => JSON.stringify(r)),
  };
  function answerRequest(kind, args) {
    const ask = requests[kind] ? requests[kind](args) : Promise.reject(new Error('unknown request ' + kind));
    ask.catch((error) => JSON.stringify({ requestError: String(error.message || error) }))
      .then((text) => callWithStrings('fbclens_app_receive', [kind, args.key, text]));
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

  const quiet = (error) => { if (error.name !== 'AbortError') console.warn('fbclens: load failed', error); };
  for (const id of ['folder-input', 'files-input']) {
    document.getElementById(id).addEventListener('change', (e) => {
      if (e.target.files.length) window.fbclens.loadFiles(e.target.files).catch(quiet);
    });
  }
  cancelButton.addEventListener('click', () => client.cancel());
  appRoot.addEventListener('dragover', (e) => { e.preventDefault(); canvasWrap.classList.add('dragging'); });
  appRoot.addEventListener('dragleave', (e) => { if (e.target === canvasWrap || e.target === canvas) canvasWrap.classList.remove('dragging'); });
  appRoot.addEventListener('drop', (e) => {
    e.preventDefault();
    canvasWrap.classList.remove('dragging');
    loadDropped(e.dataTransfer).catch(quiet);
  });

  createFbclensApp({
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    fbclensRequest: answerRequest,
    onFindingSelected,
    onThemeChanged: (theme) => { appRoot.dataset.theme = theme; },
  }).then(async (Module) => {
    app = Module;
    await client.ready;
    await loaded(client.loadSample());
    resolveReady(window.fbclens);
  }).catch((error) => {
    status.textContent = 'fbclens could not start: ' + (error && error.message ? error.message : error);
    rejectReady(error);
  });
})();
