// The app page (index.html): one app filling the page, in the mode its URL asks for.
//
// Full app (default):
//   index.html[?catalog=<url>][#pkg=&ch=&b=&lanes=1&panel=&console=&theme=&finding=&sim=1&...&fp=]
//   The catalog is the one at `catalog` (a JSON or YAML file, a .tar.gz/.tgz of a catalog folder,
//   or an index file: web/io/catalog-source.js), else the built-in sample. The view lives in the
//   hash (web/shell/url-state.js), restored on load and kept up to date as the user moves, so the
//   address bar is always a share link. A link to a catalog opened from disk carries its
//   fingerprint (fp=): the page then waits for that catalog (it does not show the sample, and
//   keeps the link's hash until a catalog is opened), restores the view when the catalog opened
//   matches, and says so when it does not.
//
// Embed route (docs sites, spec operatorhub-and-ux.md §3.6, §4.1):
//   index.html?mode=embed&(catalog=<url>|sample=1)&package=&channel=&bundle=
//             &view=graph|package|hub|findings|upgrade&console=&theme=light|dark|system&origin=<origins>
//   With view=upgrade, installedBundle= (and installedVersion=) start the simulator there.
//   (both modes also take maxBytes=<n>: the catalog's size cap, default 256 MiB)
//   Just that view: no header, no drop target, keys only while the canvas has focus; the URL is
//   never rewritten. A postMessage API lets the host page drive it (embed/post-message.js).
import { mount } from '../shell/mount.js';
import { fromHash, toHash } from '../shell/url-state.js';
import { createMessageHandler, summaryOf, PROTOCOL_VERSION } from './post-message.js';

const THEMES = ['light', 'dark', 'system'];

function catalogOptions(query, options) {
  if (Number(query.get('maxBytes')) > 0) options.maxCatalogBytes = Number(query.get('maxBytes'));
  if (query.get('catalog')) options.catalogUrl = query.get('catalog');
  else options.sample = true;
  return options;
}

function startEmbed(element, query) {
  document.documentElement.dataset.mode = 'embed';
  const embedView = ['graph', 'hub', 'findings', 'upgrade', 'package'].includes(query.get('view')) ? query.get('view') : 'graph';
  const pkg = query.get('package') || '';
  const simulate = embedView === 'upgrade' && pkg && query.get('installedBundle')
    ? { package: pkg, installedBundle: query.get('installedBundle'), explain: true,
      ...(query.get('installedVersion') ? { installedVersion: query.get('installedVersion') } : {}) } : null;
  const app = mount(element, catalogOptions(query, {
    embed: true, embedView, theme: THEMES.includes(query.get('theme')) ? query.get('theme') : 'system',
    view: { package: pkg, channel: query.get('channel') || '', bundle: query.get('bundle') || '', lanes: embedView === 'package',
      console: query.get('console') || '', simulator: simulate, panel: simulate ? 'simulator' : '' },
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
    for (const origin of to) host.postMessage({ fbclens: PROTOCOL_VERSION, ...message }, origin);
  };
  const handler = createMessageHandler({ app, allowed, hosts: [window.parent, window.opener].filter((w) => w && w !== window),
    post, baseUrl: location.href });
  app.ready.then(() => {
    handler.setReady();
    post({ type: 'ready', summary: summaryOf(app.summary()) });
    if (app.startError()) post({ type: 'error', message: String(app.startError().message) });
  }, () => {});
  app.on('load', (summary) => post({ type: 'validated', summary: summaryOf(summary) }));
  app.on('select', (selection) => post({ type: 'selectionChanged', ...selection }));
  window.addEventListener('message', (event) => handler.handle(event));
}

function startFull(element, query) {
  const view = fromHash(location.hash);
  const waiting = view.fingerprint && !query.get('catalog');
  const options = catalogOptions(query, { theme: view.theme !== 'system' ? view.theme : THEMES.includes(query.get('theme')) ? query.get('theme') : 'system',
    heading: 'fbclens: File-Based Catalog validator and visualizer' });
  if (waiting) {
    delete options.sample;  // the link is about another catalog: do not show the sample in its place
    options.waitFor = view;
  } else {
    options.view = view;
  }
  const app = mount(element, options);
  window.fbclens = app;
  // The hash follows the view (replaceState: moving around is not history), except while the
  // link's catalog has not been opened yet: then the link's hash stays as it was. Nor while a
  // folder's fingerprint is not known yet (a big repository's newest catalog is shown while the
  // rest is read): a link of that moment would open on any folder as if it were this one; the
  // hash follows once the load ends.
  let written = location.hash;
  app.on('view', (state) => {
    if (app.source() === null || state.fingerprint === 'unknown') return;
    const hash = toHash(state);
    if (hash !== written && hash !== location.hash) {
      written = hash;
      history.replaceState(null, '', location.pathname + location.search + hash);
    }
  });
  // A hash edited by hand (or a link followed within the page) moves the view.
  window.addEventListener('hashchange', () => {
    if (location.hash === written) return;
    written = location.hash;
    app.setView(fromHash(location.hash)).catch(() => {});
  });
}

/** Starts the app page in #fbclens-app, as its URL asks. */
export function startPage() {
  const element = document.getElementById('fbclens-app');
  if (!element) return;
  const query = new URLSearchParams(location.search);
  if (query.get('mode') === 'embed') startEmbed(element, query);
  else startFull(element, query);
}
