// FbclensApp.mount(element, options): one app instance in `element`: the page shell (header,
// explorer, docked panels) around the graph canvas, its own worker, and one store that the view,
// the canvas and the URL all follow. Any number of instances can live on one page; each listens
// only on its own elements (nothing on window or document).
//
//   const app = FbclensApp.mount(element, {
//     catalog,          // optional: what loadFiles accepts (FileList, File[], [{path, data}])
//     catalogUrl,       // optional: a URL loadUrl accepts (when no catalog is given)
//     sample,           // true: load the built-in sample (when no catalog is given)
//     maxCatalogBytes,  // the cap on a catalog from a URL or an archive (default 256 MiB)
//     theme,            // 'light' | 'dark' | 'system' (default; follows prefers-color-scheme)
//     view,             // the starting view (shell/url-state.js): {package, channel, bundle, lanes,
//                       // panel, console, finding, simulator}; or the older names 'channel' |
//                       // 'package' | 'hub' | 'upgrade' | 'findings' with package/channel/bundle
//     waitFor,          // a view of a catalog opened from disk ({fingerprint, ...view}): shown once
//                       // the user opens that catalog; said in the status until then
//     embed,            // a docs-site embed: only `embedView` ('graph' | 'package' | 'hub' |
//                       // 'findings' | 'upgrade') is shown; no header, no drop target
//     console, simulate, package, channel, bundle,  // as in `view`, for embeds and older callers
//     heading,          // the page's heading, for an instance that is the page (index.html): a
//                       // visually hidden <h1> in its header landmark
//     base,             // where fbclens-app.wasm and the worker's files are (default: beside the page script)
//     appUrl,           // the full app's address for share links (default: this page's)
//   });
//
// The instance (window.fbclens on the app page; embeds and tests drive it):
//   ready, loadFiles(files, options), loadUrl(url, options), loadSample(), selectRoot(root), source(), startError(),
//   defaultChannel(package), state(), view(), setView(view), show({package, channel, bundle, lanes}),
//   selectFinding(index), openPanel(id), compareWith(files), setConsole(v), setTheme(t), cancel(),
//   summary(), request(op, args), one method per protocol operation (upgradePath, bundle, ...),
//   hubPreview(request), simulate(request), appStatus(), graphStats(), memory(), requestStats(),
//   exportGraph(format), exportPng(), exportReport(format), exportWalks(), lastMermaid(),
//   on('load' | 'progress' | 'select' | 'theme' | 'view', fn), element, canvas, unmount().
// See README "The page's handle" for each.
import { render, h } from 'preact';
import FbclensApi from '../../wasm/fbclens-api.js';
import '../../wasm/fbclens-client.js';
import { createStore } from './store.js';
import { createAnswers } from './answers.js';
import { createActions } from './actions.js';
import { createLoads, folderOf } from './loads.js';
import { catalogFindings } from './repository.js';
import { resolveSelection } from './catalog-index.js';
import { startCanvas } from './canvas.js';
import { EMPTY_VIEW, namedView } from './url-state.js';
import { simulatorRequest, routesOf } from '../panels/simulator-request.js';
import { changeMarks } from '../panels/changes.js';
import { installRequest } from '../panels/install.js';
import { Shell } from './view.js';
import { createExports } from '../io/exports.js';
import STYLE from './shell.css';
import PANEL_STYLE from '../panels/panels.css';

const scriptBase = typeof document !== 'undefined' && document.currentScript
  ? document.currentScript.src.replace(/[^/]*$/, '') : '';
const FbclensClient = globalThis.FbclensClient;
const NARROW_PX = 1000;   // below it the panels become tabs and the explorer a drawer
let instances = 0;        // ids in an instance's DOM are prefixed with its number: unique on a page
const SHOW_FRAMES = 1200;  // how many animation frames show() waits for its layout (~20 s at 60 Hz)

const abortError = (message) => Object.assign(new Error('fbclens: ' + message), { name: 'AbortError' });

/** The starting view from mount's options (the object form, or the older names). */
function startingView(options) {
  const v = typeof options.view === 'object' && options.view ? options.view : {};
  const old = typeof options.view === 'string' ? namedView(options.view) : {};
  return {
    ...EMPTY_VIEW, ...old, ...v,
    package: v.package || options.package || '', channel: v.channel || options.channel || '',
    bundle: v.bundle || options.bundle || '', console: v.console || options.console || '',
    simulator: v.simulator || options.simulate || null,
  };
}

export function mount(element, options = {}) {
  const base = options.base || scriptBase;
  const embed = !!options.embed;
  const start = startingView(options);
  element.replaceChildren();
  const root = document.createElement('div');
  root.className = 'fbclens';
  if (embed) root.dataset.embed = options.embedView || 'graph';
  const style = document.createElement('style');
  style.textContent = STYLE + PANEL_STYLE;
  // The canvas lives outside Preact's tree and is moved into the graph pane, so no render ever
  // recreates it (the WebGL context and the module's input are bound to it).
  const canvas = document.createElement('canvas');
  canvas.className = 'fbclens-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('aria-label', 'Upgrade graph: arrow keys follow the edges, Home goes to the channel head');
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  const mountPoint = document.createElement('div');
  mountPoint.className = 'fbclens-mount';
  root.append(style, mountPoint);
  element.append(root);

  const store = createStore({
    embed: embed ? options.embedView || 'graph' : '',
    narrow: false, explorerOpen: false,
    theme: options.theme || start.theme || 'system', shownTheme: 'dark',
    catalog: null, loading: null, status: { text: 'Starting…', tone: '' }, note: '',
    waiting: options.waitFor || null,
    selection: { package: '', channel: '', bundle: '', lanes: !!start.lanes },
    // The Findings panel beside the graph to start with; in a narrow instance (one view at a time)
    // the graph first, the findings a tab away.
    panel: start.panel || (embed || element.clientWidth < NARROW_PX ? 'none' : 'findings'), panelWidth: 460,
    console: start.console || '', finding: -1,
    findingsFilter: { error: true, warning: true, info: true, onlyOpm: false, text: '' },
    simulator: null, compare: null,
    checks: { profiles: '', ocpVersion: '' },
  });
  const actions = createActions(store);
  const listeners = { load: [], progress: [], select: [], theme: [], view: [] };
  const emit = (event, value) => {
    for (const fn of listeners[event]) {
      try { fn(value); } catch (e) { console.error('fbclens ' + event + ' listener failed', e); }
    }
  };

  // The app keeps a worker started for the next load; an embed usually shows one catalog.
  const client = FbclensClient.create({ base, keepSpare: !embed });
  client.on('progress', (p) => emit('progress', p));
  const answers = createAnswers((op, args) => client.request(op, JSON.stringify(args)), () => renderSoon());
  let unmounted = false;
  let startError = null;
  let canvasApp = null;
  let lastMermaid = '';

  // After every load: the view the link or the caller asked for when it fits the catalog, else
  // the package shown before (a check profile changed), else the first package.
  // The console versions the OperatorHub and Install panels offer: the worker's table, asked once
  // a catalog is loaded (the worker answers nothing before), else the panels' fallback list.
  function askConsoles() {
    if (context.consoles || !client.consoles) return;
    client.consoles().then((answer) => {
      context.consoles = { names: answer.consoles.map((c) => c.name), default: answer.default };
      renderSoon();
    }, () => {});
  }

  function onLoaded(summary, source) {
    askConsoles();
    const state = store.get();
    const waiting = state.waiting;
    let wanted = state.selection.package ? state.selection : null;
    if (waiting && source.kind === 'files') {
      const matches = waiting.fingerprint === 'unknown' ||
        (summary.fingerprint && summary.fingerprint.startsWith(waiting.fingerprint));
      store.set({ waiting: null, note: matches ? 'Restored the view of the link.'
        : 'This is not the catalog the link was made from (its content differs), so the link\'s view was not restored.' });
      if (matches) {
        wanted = applyView(waiting);
        // A link to another catalog of a repository: that root's load ends the way this one would.
        if (linkedRoot(waiting)) {
          switchRoot(waiting, wanted, () => showLoaded(summary, wanted, state.selection.lanes));
          return;
        }
      }
    }
    showLoaded(summary, wanted, state.selection.lanes);
  }

  // The end of a load: the selection wanted when it fits the catalog, else its first package;
  // the graph told a new catalog is there; 'load' emitted (unless `preview`: a repository's newest
  // catalog shown while the rest is validated, whose load ends later).
  function showLoaded(summary, wanted, lanes, preview = false) {
    const index = store.get().catalog.index;
    const selection = (wanted && actions.select(wanted)) ||
      actions.select({ package: index.packages.length ? index.packages[0].name : '', lanes });
    if (!selection) store.set({ selection: { package: '', channel: '', bundle: '', lanes } });
    if (canvasApp) canvasApp.newCatalog();
    if (!preview) emit('load', summary);
  }

  // A repository's newest catalog, shown before its load ends: the package shown before if it has
  // it, else its first. A link's view waits for the load's end (onLoaded), which may switch roots.
  function onPreview(summary) {
    const state = store.get();
    showLoaded(summary, state.selection.package ? state.selection : null, state.selection.lanes, true);
  }

  // Whether `view` (a link's, setView's) names another root of the repository loaded, one it has.
  function linkedRoot(view) {
    const repository = store.get().catalog && store.get().catalog.repository;
    return !!(view.root && repository && repository.overview.current !== view.root &&
      repository.overview.roots.some((r) => r.root === view.root));
  }

  // Selects the root `view` names, then the view's selection and finding in it (the root's load
  // resolves `selection` against its catalog, as onLoaded does). If the root cannot be shown,
  // `otherwise()` ends the load that is shown. Resolves when done.
  function switchRoot(view, selection, otherwise) {
    store.set({ selection: { package: selection.package || '', channel: selection.channel || '', bundle: selection.bundle || '', lanes: !!selection.lanes } });
    return loads.selectRoot(view.root).then(() => {
      // The link's finding, without moving the selection the link also names.
      if (Number.isInteger(view.finding) && view.finding >= 0 && view.finding < catalogFindings(store.get().catalog).length) {
        store.set({ finding: view.finding });
      }
    }, (error) => {
      quiet(error);
      otherwise();
    });
  }

  // Puts a view's panel, console, finding and simulator into the store; returns its selection.
  function applyView(view) {
    const patch = {};
    if (view.panel) patch.panel = view.panel;
    if (view.console) patch.console = view.console;
    if (view.theme && view.theme !== 'system') patch.theme = view.theme;
    if (Number.isInteger(view.finding)) patch.finding = view.finding;
    if (view.simulator) patch.simulator = { ...view.simulator, package: view.simulator.package || view.package };
    store.set(patch);
    return { package: view.package, channel: view.channel, bundle: view.bundle, lanes: !!view.lanes };
  }

  let workerDefersAnalyses = false;  // the worker's table has the analyses operation (set once it starts)
  let workerShowsFirst = false;  // ... and finishRepository (a repository's newest catalog first)
  const loads = createLoads({
    store, client, answers, maxCatalogBytes: options.maxCatalogBytes, onLoaded, onPreview,
    deferAnalyses: () => workerDefersAnalyses, showsFirst: () => workerShowsFirst,
  });

  // The check profiles the header's "Checks" and "OCP" choose, for the next load of `files`.
  function checkOptions(files) {
    const { profiles, ocpVersion } = store.get().checks;
    const o = {};
    if (profiles) o.profiles = profiles.split(',');
    if (ocpVersion.trim()) o.ocpVersion = ocpVersion.trim();
    const folder = folderOf(files);
    if (folder) o.folder = folder;
    return Object.keys(o).length ? o : undefined;
  }

  // ---- store → canvas: the selection, the routes of the simulator, the diff's marks, the theme
  const systemLight = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : null;
  const shownTheme = (choice) => (choice === 'light' || (choice === 'system' && systemLight && systemLight.matches) ? 'light' : 'dark');
  const pushed = { selection: '', routes: '', changes: '', risks: '', theme: '' };
  function pushToCanvas(state) {
    const theme = shownTheme(state.theme);
    if (root.dataset.theme !== theme) {
      root.dataset.theme = theme;
      emit('theme', theme);
    }
    if (canvasApp && theme !== pushed.theme) {
      pushed.theme = theme;
      canvasApp.setTheme(theme);
    }
    if (!canvasApp || !state.catalog) return;
    const sel = JSON.stringify(state.selection);
    if (sel !== pushed.selection) {
      pushed.selection = sel;
      canvasApp.show(state.selection);
    }
    const request = state.panel === 'simulator' ? simulatorRequest(state) : null;
    const simulated = request ? answers.get('upgradePath', request) : null;
    const routes = JSON.stringify(simulated && simulated.state === 'ok' ? routesOf(simulated.value) : null);
    if (routes !== pushed.routes) {
      pushed.routes = routes;
      canvasApp.setRoutes(JSON.parse(routes));
    }
    const changes = JSON.stringify(state.compare && state.compare.diff ? changeMarks(state.compare.diff) : null);
    if (changes !== pushed.changes) {
      pushed.changes = changes;
      canvasApp.setChanges(JSON.parse(changes));
    }
    // With the Install panel open, the steps that lose an install mode (its answer's upgradeRisks).
    const install = state.panel === 'install' ? installRequest(state, context) : null;
    const preview = install ? answers.get('installPreview', install) : null;
    const risks = JSON.stringify(preview && preview.state === 'ok' ? preview.value.upgradeRisks
      .map((r) => ({ package: r.package, channel: r.channel, from: r.from, to: r.to })) : null);
    if (risks !== pushed.risks) {
      pushed.risks = risks;
      canvasApp.setInstallRisks(JSON.parse(risks));
    }
  }
  const followSystem = () => pushToCanvas(store.get());
  if (systemLight) systemLight.addEventListener('change', followSystem);

  // ---- the view: rendered from the store whenever it changes (batched by the store)
  let renderQueued = false;
  function renderSoon() {
    if (renderQueued || unmounted) return;
    renderQueued = true;
    queueMicrotask(() => {
      renderQueued = false;
      if (!unmounted) draw(store.get());
    });
  }
  const context = { store, actions, answers, canvas, instance: null, loads, checkOptions, embed,
    uid: 'fbclens' + ++instances + '-', heading: options.heading || '' };
  let lastSelection = '';
  function draw(state) {
    render(h(Shell, { state, context }), mountPoint);
    pushToCanvas(state);
    const sel = JSON.stringify(state.selection);
    if (sel !== lastSelection) {
      lastSelection = sel;
      const { package: pkg, channel, bundle } = state.selection;
      emit('select', { package: pkg, channel, bundle });
    }
    emit('view', instance.state());
  }
  store.subscribe(() => renderSoon());

  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => {
    const narrow = root.clientWidth < NARROW_PX;
    if (narrow !== store.get().narrow) store.set({ narrow });
  }) : null;
  if (resize) resize.observe(root);
  store.set({ narrow: root.clientWidth < NARROW_PX });

  // Drops: a folder or files dropped anywhere on the app (an embed is no drop target: a file
  // dropped on a docs page must not replace the demo).
  if (!embed) {
    root.addEventListener('dragover', (e) => { e.preventDefault(); root.dataset.dragging = ''; });
    root.addEventListener('dragleave', (e) => { if (e.target === root || e.target === canvas) delete root.dataset.dragging; });
    root.addEventListener('drop', (e) => {
      e.preventDefault();
      delete root.dataset.dragging;
      import('../io/drops.js').then(({ droppedFiles }) => droppedFiles(e.dataTransfer))
        .then((files) => instance.loadFiles(files)).catch(quiet);
    });
  }
  const quiet = (error) => { if (error.name !== 'AbortError') console.warn('fbclens:', error); };
  // '/' anywhere in the instance (the graph included) goes to the explorer's search, as in code
  // hosts and docs sites; typed into a field, it is a character.
  if (!embed) {
    root.addEventListener('keydown', (e) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
      e.preventDefault();
      if (store.get().narrow) actions.setExplorerOpen(true);
      queueMicrotask(() => { const search = root.querySelector('.fl-search'); if (search) search.focus(); });
    });
  }

  // ---- the graph canvas
  const canvasStarted = startCanvas({
    canvas, base, embed, compile: FbclensClient.compile,
    ask: (op, argsText) => client.request(op, argsText),
    onSelect: (sel) => {
      const state = store.get();
      // The canvas moved: keep the store's lane when the whole package is shown and the canvas
      // names none (a toolbar toggle), so the simulator and the Bundle panel keep their channel.
      actions.select({ ...sel, channel: sel.channel || state.selection.channel }, { from: 'graph' });
      pushed.selection = JSON.stringify(store.get().selection);
    },
    // A ghost clicked: its finding (one about its channel that names it), else the entry naming it.
    onGhost: ({ package: pkg, channel, names, declarer }) => {
      const findings = catalogFindings(store.get().catalog);
      const index = findings.findIndex((f) => f.package === pkg && (!f.channel || f.channel === channel) &&
        names.some((n) => f.message.includes(n)));
      if (index >= 0) {
        actions.selectFinding(index);
        actions.openPanel('findings');
      } else if (declarer) {
        actions.select({ ...store.get().selection, channel, bundle: declarer }, { from: 'graph' });
      }
    },
  }).then((app) => {
    if (unmounted) {
      app.stop();
      return;
    }
    canvasApp = app;
    pushToCanvas(store.get());
  });
  const started = Promise.all([canvasStarted, client.ready]).then(([, protocol]) => {
    for (const op of protocol.ops) if (!op.loads && !(op.name in instance)) instance[op.name] = client[op.name];
    workerDefersAnalyses = protocol.ops.some((op) => op.name === 'analyses');
    workerShowsFirst = protocol.ops.some((op) => op.name === 'finishRepository');
  });

  const exportsOf = createExports({ instance: () => instance, store, client, appUrl: () => options.appUrl || location.href,
    note: (text) => actions.note(text), onMermaid: (text) => { lastMermaid = text; } });

  const instance = {
    element,
    canvas,
    get ready() { return ready; },
    async loadFiles(files, loadOptions) {
      await started;
      return loads.loadFiles(files, loadOptions || checkOptions(files));
    },
    async loadUrl(url, loadOptions) {
      await started;
      return loads.loadUrl(new URL(url, location.href).href, loadOptions);
    },
    async loadSample() {
      await started;
      return loads.loadSample();
    },
    /** Shows another catalog (root) of the repository loaded, as load's repository.roots[].root
     *  names it; resolves to its Summary (shell/loads.js selectRoot). */
    async selectRoot(root) {
      await started;
      return loads.selectRoot(String(root));
    },
    /** Where the catalog shown came from: {kind: 'sample'|'url'|'files', url?, name?}, or null. */
    source() {
      const c = store.get().catalog;
      return c ? { kind: c.source.kind, url: c.source.url, name: c.source.name } : null;
    },
    startError: () => startError,
    defaultChannel: (name) => (store.get().catalog ? store.get().catalog.index.defaultChannel(name) : ''),
    /** The view as a share link carries it (shell/url-state.js's view), plus the older fields
     *  wholePackage and view ('channel' | 'package' | 'hub' | 'upgrade' | 'findings'). */
    state() {
      const s = store.get();
      const sel = s.selection;
      const fingerprint = s.catalog && s.catalog.source.kind === 'files' ? (s.catalog.summary.fingerprint || 'unknown') : '';
      const view = s.panel === 'simulator' ? 'upgrade' : s.panel === 'hub' ? 'hub' : sel.lanes ? 'package' : 'channel';
      return {
        package: sel.package, channel: sel.channel, bundle: sel.bundle, lanes: sel.lanes, wholePackage: sel.lanes,
        panel: s.panel, view, console: s.console, theme: s.theme, finding: s.finding,
        simulator: s.simulator, fingerprint,
        root: s.catalog && s.catalog.repository ? s.catalog.repository.overview.current : '',
      };
    },
    /** Applies a view (url-state.js's shape, or an older name); resolves once it is drawn. */
    async setView(view) {
      await ready;
      const v = typeof view === 'string' ? namedView(view) : view || {};
      // Another catalog of the repository first; a root it lacks (or no repository) leaves the one shown.
      if (linkedRoot(v)) await loads.selectRoot(v.root).catch(quiet);
      const sel = applyView({ ...instance.state(), ...v });
      if (typeof view === 'string') store.set({ selection: { ...store.get().selection, lanes: view === 'package' } });
      else if (sel.package) actions.select(sel);
    },
    openPanel: (id) => actions.openPanel(id),
    async show({ package: pkg, channel, bundle, lanes }) {
      await started;
      if (unmounted) throw abortError('the app was unmounted');
      const state = store.get();
      const index = state.catalog && state.catalog.index;
      const whole = lanes !== undefined ? !!lanes : !channel;
      if (!index || !index.package(pkg) || (channel && !index.channel(pkg, channel)) ||
          (bundle && !(channel ? index.hasEntry(pkg, channel, bundle) : index.channelsOf(pkg, bundle).length))) {
        throw new Error('fbclens: ' + (channel ? 'no channel ' + channel + ' in package ' + pkg : 'no package ' + pkg) +
          (bundle ? ' (or no entry ' + bundle + ')' : ''));
      }
      actions.select({ package: pkg, channel, bundle, lanes: whole });
      return waitForGraph(pkg, whole ? '' : store.get().selection.channel);
    },
    selectFinding: (index) => actions.selectFinding(index),
    async compareWith(files, name) {
      await started;
      actions.openPanel('changes');
      return loads.compare(files, name || folderOf(files) || 'the older catalog');
    },
    setConsole: (v) => actions.setConsole(String(v)),
    setTheme: (t) => actions.setTheme(t),
    cancel: () => loads.cancel(),
    summary: () => (store.get().catalog ? store.get().catalog.summary : null),
    async request(op, args) { await started; return answers.fetch(op, args || {}); },
    async hubPreview(request) { await started; return answers.fetch('hubPreview', request); },
    /** Opens the simulator on an upgradePath request and resolves to its explained answer. */
    async simulate(request) {
      await started;
      const r = { explain: true, ...request };
      if (r.package && r.package !== store.get().selection.package) actions.select({ package: r.package });
      store.set({ simulator: r, panel: 'simulator' });
      try {
        return await answers.fetch('upgradePath', simulatorRequest(store.get()));
      } catch {
        return null;
      }
    },
    appStatus() {
      const s = store.get();
      const canvasStatus = canvasApp ? canvasApp.status() : {};
      return { ...canvasStatus, package: s.selection.package, channel: s.selection.channel, bundle: s.selection.bundle,
        wholePackage: s.selection.lanes, lanes: s.selection.lanes, panel: s.panel, finding: s.finding,
        findingCode: s.finding >= 0 && s.catalog ? catalogFindings(s.catalog)[s.finding].code : '',
        narrow: s.narrow, theme: shownTheme(s.theme) };
    },
    graphStats: () => (canvasApp ? canvasApp.graphStats() : null),
    async memory() { return { app: { wasmBytes: canvasApp ? canvasApp.heapBytes() : 0 }, worker: await client.memory() }; },
    requestStats: () => answers.stats(),
    exportGraph: (format) => exportsOf.graph(format),
    exportPng: () => exportsOf.png(),
    exportReport: (format) => exportsOf.report(format),
    exportWalks: () => exportsOf.walks(),
    lastMermaid: () => lastMermaid,
    on(event, fn) {
      if (!Object.hasOwn(listeners, event)) throw new Error('fbclens: unknown event ' + event);
      listeners[event].push(fn);
    },
    unmount() {
      unmounted = true;
      if (systemLight) systemLight.removeEventListener('change', followSystem);
      if (resize) resize.disconnect();
      client.close();
      if (canvasApp) canvasApp.stop();
      canvasApp = null;
      render(null, mountPoint);
      element.replaceChildren();
    },
  };
  context.instance = instance;
  context.exports = exportsOf;

  // Resolves once the graph shows `pkg`/`channel` ('' = the whole package), fitted and drawn
  // twice; rejects when the selection moves elsewhere first or SHOW_FRAMES pass.
  function waitForGraph(pkg, channel) {
    const sel = JSON.stringify(store.get().selection);
    let waited = 0;
    return new Promise((resolve, reject) => {
      const tick = () => {
        if (unmounted) return reject(abortError('the app was unmounted'));
        const stats = canvasApp && canvasApp.graphStats();
        if (stats && stats.package === pkg && stats.channel === channel && stats.settledFrames >= 2) return resolve(stats);
        if (JSON.stringify(store.get().selection) !== sel) return reject(abortError('show() gave up: the selection changed before it was drawn'));
        if (++waited > SHOW_FRAMES) return reject(abortError('show() gave up: not drawn within ' + SHOW_FRAMES + ' frames'));
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  // The starting catalog, then the starting view.
  const ready = started.then(async () => {
    if (unmounted) return instance;
    if (start.package && !options.waitFor) store.set({ waiting: null });
    const starting = options.catalog ? instance.loadFiles(options.catalog)
      : options.catalogUrl ? instance.loadUrl(options.catalogUrl)
        : options.sample ? instance.loadSample() : null;
    if (!starting) {
      store.set({ status: { text: options.waitFor ? '' : 'Open a catalog folder or files, or drop them here.', tone: '' } });
      return instance;
    }
    try {
      await starting;
    } catch (error) {
      if (unmounted) throw error;
      startError = error;
      return instance;
    }
    if (linkedRoot(start)) {
      // A link to a repository's root: that root first (an unknown one leaves the newest).
      await loads.selectRoot(start.root).catch(quiet);
    }
    if (start.package || start.simulator) {
      const problems = [];
      const sel = applyView(start);
      const index = store.get().catalog.index;
      if (sel.package && !index.package(sel.package)) problems.push('no package ' + sel.package);
      else if (sel.package) {
        const resolved = resolveSelection(index, sel, problems);
        actions.select(resolved);
        await waitForGraph(resolved.package, resolved.lanes ? '' : resolved.channel).catch(() => {});
      }
      if (problems.length) {
        startError = new Error('fbclens: ' + problems.join('; '));
        store.set({ status: { text: 'Cannot show that view: ' + problems.join('; '), tone: 'invalid' } });
      }
    }
    return instance;
  }).catch((error) => {
    if (unmounted) return instance;
    store.set({ status: { text: 'fbclens could not start: ' + (error && error.message ? error.message : error), tone: 'invalid' } });
    throw error;
  });
  renderSoon();
  return instance;
}

export const FbclensApp = { mount, FbclensError: FbclensApi.FbclensError };
