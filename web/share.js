/*
 * Share links and embed snippets: the view state of an app (FbclensApp instance.state()) as a URL
 * hash and back, a link to the full app, and the two forms of an embed (the <fbc-lens> element and
 * an iframe of the embed route). Catalogs are far too big for a URL, so a link carries the view
 * state in the hash (never sent to a server) and points at the catalog with ?catalog=<url> when it
 * came from one (spec operatorhub-and-ux.md §3.1, §6 P1 9). No DOM beyond strings.
 *
 *   FbclensShare.toHash(state)       → '#pkg=...&ch=...' ('' for an empty state)
 *   FbclensShare.fromHash(hash)      → state (only the keys present)
 *   FbclensShare.link(appUrl, state, catalogUrl)  → the full app's URL with that state
 *   FbclensShare.embedUrl(appUrl, state, catalogUrl)  → the embed route's URL (index.html?mode=embed&...)
 *   FbclensShare.snippets(appUrl, state, catalogUrl)  → {element, iframe}: HTML text to paste
 *
 * state: {package, channel, bundle, wholePackage, view, console, theme, simulator: an upgradePath
 * request or null, local: the catalog was opened from disk}. Values are kept as written; the snippets escape them for HTML attributes.
 */
(function (root) {
  'use strict';

  // Hash keys: short, as people read and edit them (Godbolt, the CUE playground).
  const KEYS = [['package', 'pkg'], ['channel', 'ch'], ['bundle', 'b'], ['view', 'view'], ['console', 'console'], ['theme', 'theme']];
  const DEFAULTS = { view: 'channel', theme: 'system' };  // left out of links
  // The simulator's request, key by key (channels joined with ',', which no channel name holds:
  // channel names are DNS-1123 labels, validation.md).
  const SIM_KEYS = [['installedBundle', 'installed'], ['installedVersion', 'installedVersion'],
    ['subscriptionChannel', 'subscription'], ['version', 'range'], ['policy', 'policy']];

  function toHash(state) {
    const p = new URLSearchParams();
    for (const [key, short] of KEYS) if (state[key] && state[key] !== DEFAULTS[key]) p.set(short, state[key]);
    if (state.wholePackage && !state.channel) p.set('lanes', '1');
    if (state.local) p.set('src', 'local');  // the catalog was opened from disk: the link cannot bring it
    const sim = state.simulator;
    if (sim) {
      p.set('sim', '1');
      for (const [key, short] of SIM_KEYS) if (sim[key]) p.set(short, sim[key]);
      if (sim.channels && sim.channels.length) p.set('channels', sim.channels.join(','));
    }
    const text = p.toString();
    return text ? '#' + text : '';
  }

  function fromHash(hash) {
    const p = new URLSearchParams(String(hash || '').replace(/^#/, ''));
    const state = {};
    for (const [key, short] of KEYS) if (p.get(short)) state[key] = p.get(short);
    if (p.get('lanes') === '1') state.wholePackage = true;
    if (p.get('src') === 'local') state.local = true;
    if (p.get('sim') === '1') {
      const sim = { package: state.package || '', explain: true };
      for (const [key, short] of SIM_KEYS) if (p.get(short)) sim[key] = p.get(short);
      if (p.get('channels')) sim.channels = p.get('channels').split(',').filter(Boolean);
      state.simulator = sim;
    }
    return state;
  }

  const pageOf = (appUrl) => { const u = new URL(appUrl); u.search = ''; u.hash = ''; return u; };

  function link(appUrl, state, catalogUrl) {
    const u = pageOf(appUrl);
    if (catalogUrl) u.searchParams.set('catalog', catalogUrl);
    return u.href + toHash(state);
  }

  // The embed route's query: mode=embed and the state as query parameters (an iframe's URL is
  // written once, by the author; the embed never rewrites it).
  function embedUrl(appUrl, state, catalogUrl) {
    const u = pageOf(appUrl);
    u.searchParams.set('mode', 'embed');
    if (catalogUrl) u.searchParams.set('catalog', catalogUrl);
    else u.searchParams.set('sample', '1');
    for (const key of ['package', 'channel', 'bundle', 'console', 'theme']) {
      if (state[key] && state[key] !== DEFAULTS[key]) u.searchParams.set(key, state[key]);
    }
    u.searchParams.set('view', embedView(state.view));
    return u.href;
  }
  const embedView = (view) => (['hub', 'findings', 'upgrade'].includes(view) ? view : 'graph');

  const attr = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  function snippets(appUrl, state, catalogUrl) {
    const scriptUrl = new URL('fbc-lens.js', pageOf(appUrl)).href;
    const attrs = [catalogUrl ? 'catalog="' + attr(catalogUrl) + '"' : 'sample'];
    for (const key of ['package', 'channel', 'bundle', 'console', 'theme']) {
      if (state[key] && state[key] !== DEFAULTS[key]) attrs.push(key + '="' + attr(state[key]) + '"');
    }
    attrs.push('view="' + embedView(state.view) + '"');
    return {
      element: '<script src="' + attr(scriptUrl) + '" async></script>\n<fbc-lens ' + attrs.join(' ') +
        ' style="display: block; height: 480px"></fbc-lens>',
      iframe: '<iframe src="' + attr(embedUrl(appUrl, state, catalogUrl)) + '" width="800" height="480" ' +
        'style="border: 1px solid #ccc" title="fbclens: ' + attr(state.package || 'catalog') + '" loading="lazy"></iframe>',
    };
  }

  const exported = { toHash, fromHash, link, embedUrl, snippets };
  if (typeof module !== 'undefined' && module.exports) module.exports = exported;
  root.FbclensShare = exported;
})(typeof globalThis !== 'undefined' ? globalThis : this);
