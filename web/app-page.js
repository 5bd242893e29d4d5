/*
 * The app page (index.html): one app filling the page, in the mode its URL asks for.
 *
 * Full app (default):
 *   index.html[?catalog=<url>][#pkg=&ch=&b=&view=&console=&theme=&lanes=1&sim=1&...]
 *   The catalog is the one at `catalog` (a JSON or YAML file, a .tar.gz/.tgz of a catalog folder,
 *   or an index file: web/catalog-source.js), else the built-in sample. The view state lives in
 *   the hash (web/share.js), restored on load and kept up to date as the user moves, so the
 *   address bar is always a share link.
 *
 * Embed route (docs sites, spec operatorhub-and-ux.md §3.6, §4.1, §6 P0 7):
 *   index.html?mode=embed&(catalog=<url>|sample=1)&package=&channel=&bundle=
 *             &view=graph|hub|findings|upgrade&console=&theme=light|dark|system&origin=<origins>
 *   With view=upgrade, installedBundle= (and installedVersion=) start the simulator there.
 *   (both modes also take maxBytes=<n>: the catalog's size cap, default 256 MiB)
 *   Just that view (FbclensApp.mount's `embed`): no header or pickers, no drop target, keys only
 *   while the canvas has focus. The URL is never rewritten (a restored iframe keeps its state).
 *   A postMessage API lets the host page drive it (below).
 *
 * postMessage API (embed route). Every message is {fbclens: 1, type, ...}; others are ignored.
 *   From the host (accepted only from the parent or opener window, and only from an allowed
 *   origin: `origin=` as a comma-separated list, default the embedding page's own origin):
 *     {type: 'ping'}                          answered with 'pong' (the host pings until it is
 *                                             answered: the channel is not buffered)
 *     {type: 'load', url} | {type: 'load', files: [{path, data: string|ArrayBuffer|Uint8Array}]}
 *     {type: 'select', package, channel?, bundle?, view?}   (no channel: the default channel)
 *     Commands may carry an `id`; the answer is {type: 'done', id} or {type: 'error', id, message}.
 *   To the host (posted to the allowed origin the parent has):
 *     {type: 'pong', version: 1, ready}       ready: the app has shown its first catalog
 *     {type: 'ready', summary}                once, when the first catalog is shown (summary null,
 *                                             then an 'error', when it did not load)
 *     {type: 'validated', summary}            after every load: {verdict, files, packages,
 *                                             channels, bundles, findingCounts, findings (count)}
 *     {type: 'selectionChanged', package, channel, bundle}
 */
(function () {
  'use strict';

  const PROTOCOL_VERSION = 1;
  const query = new URLSearchParams(location.search);
  const element = document.getElementById('fbclens-app');
  const THEMES = ['light', 'dark', 'system'];
  const theme = (t) => (THEMES.includes(t) ? t : undefined);

  function catalogOptions(options) {
    if (Number(query.get('maxBytes')) > 0) options.maxCatalogBytes = Number(query.get('maxBytes'));
    if (query.get('catalog')) options.catalogUrl = query.get('catalog');
    else options.sample = true;
    return options;
  }

  // The Summary as the host sees it: counts, not the findings themselves.
  const summaryOf = (s) => ({
    verdict: s.verdict, files: s.files, packages: s.packages, channels: s.channels, bundles: s.bundles,
    findingCounts: s.findingCounts, findings: s.findings.length,
  });

  function startEmbed() {
    document.documentElement.dataset.mode = 'embed';
    const view = ['graph', 'hub', 'findings', 'upgrade', 'package'].includes(query.get('view')) ? query.get('view') : 'graph';
    const app = FbclensApp.mount(element, catalogOptions({
      embed: true, view, theme: theme(query.get('theme')) || 'system',
      package: query.get('package') || undefined, channel: query.get('channel') || undefined,
      bundle: query.get('bundle') || undefined, console: query.get('console') || undefined,
      simulate: view === 'upgrade' && query.get('package') && query.get('installedBundle')
        ? Object.assign({ package: query.get('package'), installedBundle: query.get('installedBundle'), explain: true },
          query.get('installedVersion') ? { installedVersion: query.get('installedVersion') } : {}) : undefined,
    }));
    window.fbclens = app;

    // The host: the parent (or opener) window, from an allowed origin.
    const host = window.parent !== window ? window.parent : window.opener;
    const parentOrigin = location.ancestorOrigins && location.ancestorOrigins.length ? location.ancestorOrigins[0]
      : document.referrer ? new URL(document.referrer).origin : '';
    const listed = (query.get('origin') || '').split(',').map((o) => o.trim()).filter(Boolean);
    const allowed = listed.length ? listed : [parentOrigin || location.origin];
    const post = (message) => {
      if (!host) return;
      const to = allowed.includes(parentOrigin) ? [parentOrigin] : allowed;
      for (const origin of to) host.postMessage(Object.assign({ fbclens: PROTOCOL_VERSION }, message), origin);
    };

    let ready = false;
    app.ready.then(() => {
      ready = true;
      const s = app.summary();
      post({ type: 'ready', summary: s ? summaryOf(s) : null });
      if (app.startError()) post({ type: 'error', message: String(app.startError().message) });
    }, () => {});
    app.on('load', (summary) => post({ type: 'validated', summary: summaryOf(summary) }));
    app.on('select', (selection) => post(Object.assign({ type: 'selectionChanged' }, selection)));

    const bytes = (data) => (typeof data === 'string' ? new TextEncoder().encode(data)
      : data instanceof ArrayBuffer ? new Uint8Array(data) : data);
    const commands = {
      ping: async () => post({ type: 'pong', version: PROTOCOL_VERSION, ready }),
      load: async (m) => {
        if (typeof m.url === 'string') return app.loadUrl(new URL(m.url, location.href).href);
        if (!Array.isArray(m.files)) throw new Error('load needs url or files');
        return app.loadFiles(m.files.map((f) => ({ path: String(f.path), data: bytes(f.data) })));
      },
      select: async (m) => {
        if (m.view) app.setView(String(m.view));
        if (!m.package) return;
        const channel = m.channel || (m.view === 'package' ? '' : app.defaultChannel(String(m.package)));
        await app.show({ package: String(m.package), channel, bundle: m.bundle ? String(m.bundle) : '' });
      },
    };
    window.addEventListener('message', (event) => {
      const m = event.data;
      if (!m || m.fbclens !== PROTOCOL_VERSION || !commands[m.type]) return;
      if (!allowed.includes(event.origin) || (event.source !== window.parent && event.source !== window.opener)) return;
      commands[m.type](m).then(
        () => { if (m.id !== undefined && m.type !== 'ping') post({ type: 'done', id: m.id }); },
        (error) => post({ type: 'error', id: m.id, message: String(error && error.message ? error.message : error) }));
    });
  }

  function startFull() {
    const state = FbclensShare.fromHash(location.hash);
    const options = catalogOptions({ theme: theme(state.theme) || theme(query.get('theme')) || 'system' });
    // A link made from a catalog opened from disk cannot bring it: its view waits for that catalog.
    const waiting = state.local && !options.catalogUrl ? state : null;
    if (!waiting) {
      Object.assign(options, { package: state.package, channel: state.channel, bundle: state.bundle, console: state.console,
        view: state.wholePackage && !state.channel ? 'package' : state.view, simulate: state.simulator });
    }
    const app = FbclensApp.mount(element, options);
    window.fbclens = app;
    const note = (text) => { const n = element.querySelector('.fbclens-copy-note'); if (n) n.textContent = text; };

    // The hash follows the view (replaceState: moving around is not history).
    let pending = 0;
    const keepHash = () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        const s = app.state();
        const src = app.source();
        const hash = FbclensShare.toHash(Object.assign({}, s, { local: !!(src && src.kind === 'files') }));
        if (hash !== location.hash) history.replaceState(null, '', location.pathname + location.search + hash);
      }, 250);
    };
    app.ready.then(() => {
      if (waiting) {
        note('This link shows a view of a catalog opened from disk' + (waiting.package ? ' (package ' + waiting.package + ')' : '') +
          ': open the same catalog (Open folder…) to see it.');
        app.on('load', () => {
          if (!waiting.package) return;
          app.show({ package: waiting.package, channel: waiting.channel || (waiting.wholePackage ? '' : app.defaultChannel(waiting.package)),
            bundle: waiting.bundle }).then(() => (waiting.simulator ? app.simulate(waiting.simulator) : null)).catch(() => {});
          waiting.package = '';
        });
      }
      app.on('select', keepHash);
      app.on('theme', keepHash);
      app.on('load', keepHash);
      element.addEventListener('change', keepHash, true);
      element.addEventListener('toggle', keepHash, true);
      keepHash();
    }, () => {});
  }

  if (query.get('mode') === 'embed') startEmbed();
  else startFull();
})();
