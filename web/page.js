/*
 * fbclens as a component: FbclensApp.mount(element, options) puts a whole app into `element`
 * (its own canvas, worker, DOM text mirror of the findings, status and progress), sized by the
 * element's CSS box. Any number of instances can live on one page; each keeps its state in its
 * own closure and listens only on its own elements (nothing on window or document).
 *
 *   const app = FbclensApp.mount(element, {
 *     catalog,          // optional: what loadFiles accepts (FileList, File[], [{path, data}])
 *     sample,           // true: load the built-in sample (when no catalog is given)
 *     theme,            // 'light' | 'dark' | 'system' (default; follows prefers-color-scheme)
 *     view,             // 'channel' (default) | 'package' (every channel of the package as lanes)
 *     package, channel, bundle,  // the selection to start on (default: the first package's
 *                                // default channel; a package alone: its default channel)
 *     base,             // where fbclens-app.js and the worker's files are (default: beside page.js)
 *   });
 *
 * The instance:
 *   ready                        resolves (to the instance) once the app runs and the starting
 *                                catalog, if any, is shown
 *   loadFiles(files)             FileList, File[] or [{path, data}] → Summary (fbclens-api.js);
 *                                rejects with an Error named 'AbortError' when cancelled
 *   loadSample()                 the built-in sample → Summary
 *   cancel()                     cancels the load in flight (true if there was one)
 *   summary()                    the Summary of the catalog shown
 *   request(op, args)            any operation of the protocol table (wasm/protocol.cpp), parsed;
 *                                and one method per operation: upgradePath(request),
 *                                bundle({package, channel, bundle}), layout(...), excerpt(...)
 *                                (present once `ready`); failures reject with an FbclensError
 *   show({package, channel, bundle})  draws that channel (or, without channel, the whole package
 *                                with its channels as lanes), selecting `bundle` if given;
 *                                resolves with graphStats() once drawn; rejects with an
 *                                AbortError when a newer show() or another selection comes
 *                                first, the layout is not drawn within SHOW_FRAMES frames, or
 *                                the instance is unmounted
 *   graphStats()                 {package, channel, nodes, edges: {replaces, skips, skipRange},
 *                                 skipRangeDrawn, heads, fps, frames}
 *   appStatus()                  the app's selection and frame counters (web/selection.cpp)
 *   selectFinding(index)         selects Summary finding `index` in the app
 *   setTheme('dark'|'light'|'system')
 *   memory()                     {app: {wasmBytes}, worker: {wasmBytes, highWater}} (bytes)
 *   on('load'|'progress', fn)
 *   element, canvas              the element mounted into and the app's canvas
 *   unmount()                    stops the app and its workers and empties the element
 *
 * [SECTION] index
 *   - Markup and style of an instance
 *   - Drops: folders and files dropped on the app
 *   - The findings as DOM text
 *   - mount(): one instance, its wiring and its methods
 */
(function (root) {
  'use strict';

  const scriptBase = typeof document !== 'undefined' && document.currentScript
    ? document.currentScript.src.replace(/[^/]*$/, '') : '';

  // [SECTION] Markup and style of an instance
  // Scoped to the instance's root (class fbclens); injected with it so a host page needs nothing
  // but page.js and its scripts.
  const STYLE = `
.fbclens { color-scheme: dark; --bg: #171a21; --fg: #dfe3ea; --dim: #9aa3b2; --accent: #5aa9e6; --bad: #ee5c54;
  --good: #66cc73; --line: #2b303b; --button: #2b3240; --button-line: #3b4455;
  display: flex; flex-direction: column; height: 100%; min-height: 0; background: var(--bg); color: var(--fg);
  font: 14px system-ui, sans-serif; box-sizing: border-box; }
.fbclens[data-theme=light] { color-scheme: light; --bg: #f0f0f2; --fg: #1d2129; --dim: #5a6270; --accent: #1f6fb2;
  --bad: #c0302a; --good: #1d7f33; --line: #c9ccd3; --button: #e2e5ea; --button-line: #b9bec8; }
.fbclens * { box-sizing: border-box; }
.fbclens-bar { display: flex; gap: 12px; align-items: center; padding: 6px 12px; border-bottom: 1px solid var(--line); flex: none; }
.fbclens-title { font-size: 16px; font-weight: bold; margin: 0 8px 0 0; }
.fbclens-button, .fbclens-bar button { background: var(--button); color: var(--fg); border: 1px solid var(--button-line);
  border-radius: 4px; padding: 4px 10px; cursor: pointer; font: inherit; }
.fbclens-progress { display: flex; gap: 8px; align-items: center; color: var(--dim); }
.fbclens-progress[hidden] { display: none; }
.fbclens-progress progress { width: 180px; }
.fbclens-button:hover { border-color: var(--accent); }
.fbclens-button:focus-within { outline: 2px solid var(--accent); outline-offset: 1px; }
.fbclens-bar input[type=file] { position: absolute; width: 1px; height: 1px; opacity: 0; }
.fbclens-status { color: var(--dim); }
.fbclens-status.invalid { color: var(--bad); } .fbclens-status.valid { color: var(--good); }
.fbclens-canvas-wrap { flex: 1; position: relative; min-height: 0; }
.fbclens-canvas { display: block; width: 100%; height: 100%; outline: none; }
.fbclens-canvas:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.fbclens-canvas-wrap.dragging::after { content: "Drop a catalog folder or files to validate"; position: absolute; inset: 0;
  display: grid; place-items: center; background: rgba(90,169,230,.15); border: 2px dashed var(--accent); font-size: 20px; }
.fbclens-findings { flex: none; max-height: 20vh; overflow: auto; border-top: 1px solid var(--line); padding: 0 12px; }
.fbclens-findings summary { cursor: pointer; padding: 4px 0; color: var(--dim); }
.fbclens-findings ol { margin: 0; padding-left: 20px; font: 12px ui-monospace, monospace; }
.fbclens-findings ul { margin: 0; padding-left: 20px; list-style: none; color: var(--dim); }
.fbclens-findings button.finding { all: unset; cursor: pointer; white-space: pre-wrap; }
.fbclens-findings button.finding:focus-visible { outline: 1px solid var(--accent); }
.fbclens-findings button.finding[aria-current] { background: rgba(232, 150, 15, .35); }`;

  const TEMPLATE = `<style>${STYLE}</style>
<div class="fbclens-bar">
  <span class="fbclens-title">fbclens</span>
  <label class="fbclens-button">Open folder…<input class="fbclens-folder-input" type="file" webkitdirectory multiple></label>
  <label class="fbclens-button">Open files…<input class="fbclens-files-input" type="file" multiple></label>
  <span class="fbclens-status" role="status" aria-live="polite">Starting…</span>
  <span class="fbclens-progress" hidden><progress max="1" value="0"></progress>
    <span class="fbclens-progress-text"></span><button class="fbclens-cancel" type="button">Cancel</button></span>
</div>
<div class="fbclens-canvas-wrap">
  <canvas class="fbclens-canvas" tabindex="0" aria-label="Catalog explorer, findings and channel graph"></canvas>
</div>
<details class="fbclens-findings">
  <summary>Findings as text (for find, copy and screen readers)</summary>
  <ol class="fbclens-findings-list"></ol>
</details>`;

  const formatBytes = (n) => (n >= 1 << 20 ? (n / (1 << 20)).toFixed(1) + ' MB' : Math.ceil(n / 1024) + ' KB');

  // [SECTION] Drops: folders and files dropped on the app
  // Folders dropped on the app: walked with webkitGetAsEntry/readEntries (until an empty batch).
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

  async function droppedFiles(dataTransfer) {
    const entries = Array.from(dataTransfer.items || []).map((i) => i.webkitGetAsEntry && i.webkitGetAsEntry()).filter(Boolean);
    if (!entries.length) return dataTransfer.files;
    const files = [];
    for (const e of entries) await readEntry(e, '', files);
    return files;
  }

  // "2 errors · 1 warning" (only the severities present), or "no findings".
  function countsText(counts) {
    const parts = [['error', 'errors'], ['warning', 'warnings'], ['info', 'info']]
      .filter(([key]) => counts[key] > 0)
      .map(([key, plural]) => counts[key] + ' ' + (counts[key] === 1 ? key : plural));
    return parts.length ? parts.join(' · ') : 'no findings';
  }

  // [SECTION] The findings as DOM text, grouped in the app's order, from the core's own strings
  // (group, where, notes): nothing is formatted here.
  function findingsMirror(list, onSelect) {
    let items = [];
    return {
      show(summary) {
        const rows = summary.findings.map((f, index) => ({ f, index }));
        rows.sort((a, b) => (a.f.group < b.f.group ? -1 : a.f.group > b.f.group ? 1 : 0));  // stable, as the app's
        items = [];
        const groups = [];
        let ol = null;
        for (const { f, index } of rows) {
          if (!ol || ol.dataset.group !== f.group) {
            const heading = document.createElement('li');
            heading.textContent = f.group;
            ol = document.createElement('ol');
            ol.dataset.group = f.group;
            heading.append(ol);
            groups.push(heading);
          }
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'finding';
          button.textContent = (f.where || '(catalog)') + ' ' + f.code + ' [' + f.severity + '] ' + f.message +
            (f.opmMessage ? ' — opm: ' + f.opmMessage : '');
          button.addEventListener('click', () => onSelect(index));
          item.append(button);
          if (f.notes && f.notes.length) {
            const notes = document.createElement('ul');
            for (const n of f.notes) {
              const li = document.createElement('li');
              li.textContent = 'note: ' + (n.where ? n.where + ' ' : '') + n.message;
              notes.append(li);
            }
            item.append(notes);
          }
          ol.append(item);
          items[index] = button;
        }
        list.replaceChildren(...groups);
      },
      select(index) {
        for (const b of list.querySelectorAll('[aria-current]')) b.removeAttribute('aria-current');
        const button = items[index];
        if (!button) return;
        button.setAttribute('aria-current', 'true');
        if (button.closest('details').open) button.scrollIntoView({ block: 'nearest' });
      },
    };
  }

  // [SECTION] mount(): one instance, its wiring and its methods
  const abortError = (message) => Object.assign(new Error('fbclens: ' + message), { name: 'AbortError' });
  const unmountedError = () => abortError('the app was unmounted');
  const supersededError = (why) => abortError('show() gave up: ' + why);
  const SHOW_FRAMES = 1200;  // how many animation frames show() waits for its layout (~20 s at 60 Hz)

  /** Mounts an app into `element` (see the top of this file); returns the instance. */
  function mount(element, options = {}) {
    const base = options.base || scriptBase;
    element.innerHTML = '';
    const rootEl = document.createElement('div');
    rootEl.className = 'fbclens';
    rootEl.innerHTML = TEMPLATE;
    element.append(rootEl);
    const part = (name) => rootEl.querySelector('.fbclens-' + name);
    const canvas = part('canvas'), canvasWrap = part('canvas-wrap'), status = part('status');
    const progress = part('progress'), progressBar = progress.querySelector('progress'), progressText = part('progress-text');

    let app = null;  // this instance's ImGui module
    let showCalls = 0;  // show() calls so far: a newer one ends an older one's wait
    let unmounted = false;  // unmount() ran: a module or load that arrives later is stopped, not started
    const client = FbclensClient.create({ base });
    let themeChoice = options.theme || 'system';
    const systemLight = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : null;
    const followSystem = () => { if (themeChoice === 'system') applyTheme(); };
    if (systemLight) systemLight.addEventListener('change', followSystem);

    // Calls app function `name` with string arguments, copied into the app's heap (not its stack:
    // a catalog view can be megabytes).
    function callWithStrings(name, strings, numbers = []) {
      const pointers = strings.map((text) => {
        const size = app.lengthBytesUTF8(text) + 1;
        const ptr = app._malloc(size);
        app.stringToUTF8(text, ptr, size);
        return ptr;
      });
      try { return app['_' + name](...pointers, ...numbers); } finally { pointers.forEach((p) => app._free(p)); }
    }
    const appJson = (name) => (app ? JSON.parse(app.UTF8ToString(app['_' + name]())) : null);

    function applyTheme() {
      const light = themeChoice === 'light' || (themeChoice === 'system' && systemLight && systemLight.matches);
      if (app) app._fbclens_app_set_theme(light ? 1 : 0);
    }

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

    const findings = findingsMirror(part('findings-list'), (index) => instance.selectFinding(index));

    async function loaded(loading) {
      status.textContent = 'Loading…';
      status.className = 'fbclens-status';
      try {
        const { summary, viewText } = await loading;
        if (unmounted) throw unmountedError();
        callWithStrings('fbclens_app_set_catalog', [viewText]);  // the app parses it, once
        status.textContent = summary.verdict + ' · ' + summary.files + ' files · ' + summary.packages + ' packages · ' +
          summary.bundles + ' bundles · ' + countsText(summary.findingCounts);
        status.className = 'fbclens-status ' + (summary.verdict === 'VALID' ? 'valid' : 'invalid');
        findings.show(summary);
        return summary;
      } catch (error) {
        const shown = client.summary();
        status.textContent = (error.name === 'AbortError' ? 'Load cancelled' : 'Could not load: ' + error.message) +
          (shown ? ' — still showing the previous catalog' : '');
        status.className = 'fbclens-status' + (error.name === 'AbortError' ? '' : ' invalid');
        throw error;
      } finally {
        if (!client.loading()) progress.hidden = true;
      }
    }

    // The app's questions for the worker (web/requests.cpp): the arguments' and the answer's JSON
    // text pass through unparsed; a failure reaches the app as its kind and message.
    function answerRequest(op, key, argsText) {
      client.request(op, argsText).then(
        (text) => ({ failure: 0, text }),
        (error) => ({ failure: Math.max(1, client.protocol.failures.indexOf(error.kind)), text: String(error.message) }))
        .then(({ failure, text }) => { if (app) callWithStrings('fbclens_app_receive', [op, key, text], [failure]); });
    }

    let ready = null;
    const instance = {
      element,
      canvas,
      get ready() { return ready; },
      async loadFiles(files) { await started; return loaded(client.loadFiles(files)); },
      async loadSample() { await started; return loaded(client.loadSample()); },
      cancel() { return client.cancel(); },
      summary() { return client.summary(); },
      async request(op, args) { await started; return JSON.parse(await client.request(op, JSON.stringify(args || {}))); },
      appStatus() { return appJson('fbclens_app_status'); },
      graphStats() { return appJson('fbclens_app_graph_stats'); },
      async memory() { return { app: { wasmBytes: app ? app.HEAPU8.length : 0 }, worker: await client.memory() }; },
      async show({ package: pkg, channel, bundle }) {
        await started;
        if (unmounted) throw unmountedError();
        if (!callWithStrings('fbclens_app_show', [pkg, channel || '', bundle || ''])) {
          throw new Error('fbclens: ' + (channel ? 'no channel ' + channel + ' in package ' + pkg : 'no package ' + pkg) +
            (bundle ? ' (or no entry ' + bundle + ')' : ''));
        }
        // Drawn: two frames with the layout of that selection. Given up on when a newer show()
        // starts, the selection moves elsewhere, the app is unmounted or SHOW_FRAMES pass.
        const call = ++showCalls;
        const start = instance.graphStats().frames;
        await new Promise((resolve, reject) => {
          let waited = 0;
          const tick = () => {
            if (unmounted) return reject(unmountedError());
            const s = instance.graphStats(), now = instance.appStatus();
            if (s.frames >= start + 2 && s.package === pkg && s.channel === (channel || '')) return resolve();
            const moved = call !== showCalls || now.package !== pkg || now.wholePackage !== !channel ||
              (channel && now.channel !== channel);
            if (moved) return reject(supersededError('the selection changed before it was drawn'));
            if (++waited > SHOW_FRAMES) return reject(supersededError('not drawn within ' + SHOW_FRAMES + ' frames'));
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
        return instance.graphStats();
      },
      selectFinding(index) { return app ? app._fbclens_app_select_finding(index) === 1 : false; },
      setTheme(theme) { themeChoice = theme; applyTheme(); },
      on(event, fn) { client.on(event, fn); },
      unmount() {
        unmounted = true;
        if (systemLight) systemLight.removeEventListener('change', followSystem);
        client.close();
        if (app) app._fbclens_app_stop();
        app = null;
        element.innerHTML = '';
      },
    };

    const quiet = (error) => { if (error.name !== 'AbortError') console.warn('fbclens: load failed', error); };
    for (const name of ['folder-input', 'files-input']) {
      part(name).addEventListener('change', (e) => {
        if (e.target.files.length) instance.loadFiles(e.target.files).catch(quiet);
      });
    }
    part('cancel').addEventListener('click', () => client.cancel());
    rootEl.addEventListener('dragover', (e) => { e.preventDefault(); canvasWrap.classList.add('dragging'); });
    rootEl.addEventListener('dragleave', (e) => { if (e.target === canvasWrap || e.target === canvas) canvasWrap.classList.remove('dragging'); });
    rootEl.addEventListener('drop', (e) => {
      e.preventDefault();
      canvasWrap.classList.remove('dragging');
      droppedFiles(e.dataTransfer).then((files) => instance.loadFiles(files)).catch(quiet);
    });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());

    // The app runs and the worker knows the protocol: then the starting catalog and selection.
    const started = Promise.all([
      createFbclensApp({
        canvas,
        locateFile: (path) => base + path,
        print: (text) => console.log(text),
        printErr: (text) => console.warn(text),
        fbclensRequest: answerRequest,
        onFindingSelected: (index) => findings.select(index),
        onThemeChanged: (theme) => { rootEl.dataset.theme = theme; },
      }),
      client.ready,
    ]).then(([Module, protocol]) => {
      if (unmounted) {  // unmounted while starting: stop the app that just started
        Module._fbclens_app_stop();
        return;
      }
      app = Module;
      applyTheme();
      for (const op of protocol.ops) if (!op.loads && !(op.name in instance)) instance[op.name] = client[op.name];
    });
    ready = started.then(async () => {
      if (unmounted) return instance;
      if (options.catalog) await loaded(client.loadFiles(options.catalog));
      else if (options.sample) await loaded(client.loadSample());
      if (options.package) {
        const channel = options.view === 'package' ? ''
          : options.channel || app.UTF8ToString(callWithStrings('fbclens_app_package_channel', [options.package]));
        await instance.show({ package: options.package, channel, bundle: options.bundle });
      }
      return instance;
    }).catch((error) => {
      if (unmounted) return instance;  // unmounted while starting or loading: nothing to report
      status.textContent = 'fbclens could not start: ' + (error && error.message ? error.message : error);
      throw error;
    });
    return instance;
  }

  root.FbclensApp = { mount };
})(typeof globalThis !== 'undefined' ? globalThis : this);
