/*
 * Exports and sharing for an app instance (web/page.js): the bar's "Share & export" menu and the
 * instance methods behind it. Everything exported is the core's own output through the protocol
 * (wasm/protocol.cpp): the graph as DOT, SVG or layout JSON (`graphExport`, core/export/dot.h and
 * svg.h), the findings as JSON or SARIF (`report`, as `fbclens validate --output json|sarif`), the
 * upgrade walks (`upgradePath`); only the PNG is made here, by drawing the SVG at the device pixel
 * ratio. Links and snippets come from share.js.
 *
 *   FbclensExports.graph(instance, format)   'dot' | 'svg' | 'json' → the text, of the graph shown
 *                                            (package, channel or lanes, the instance's theme)
 *   FbclensExports.png(instance)             → a PNG Blob of the SVG, at devicePixelRatio
 *   FbclensExports.report(instance, format)  'json' | 'sarif' → the findings' text
 *   FbclensExports.walks(instance)           → the upgrade walks' JSON text: the simulator's
 *                                            question when it is open, else where both OLMs take
 *                                            the selected bundle (or a fresh install)
 *   FbclensExports.attach(menu, instance, {appUrl(), note(text)})  wires the menu's buttons
 */
(function (root) {
  'use strict';

  function shown(instance) {
    const s = instance.state();
    if (!s.package) throw new Error('no package is shown');
    return s;
  }

  async function graph(instance, format) {
    const s = shown(instance);
    const theme = instance.element.querySelector('.fbclens').dataset.theme === 'light' ? 'light' : 'dark';
    // The wrap shown (the serpentine's columns per row), so the export looks like the view.
    const args = { package: s.package, format, theme, columnsPerRow: instance.graphStats().columnsPerRow };
    if (s.channel) args.channel = s.channel;
    return (await instance.request('graphExport', args)).text;
  }

  // Draws the SVG into a canvas of its size × devicePixelRatio. The SVG is self-contained (no
  // external fonts or images), so the canvas is not tainted and toBlob works.
  async function png(instance) {
    const svg = await graph(instance, 'svg');
    const size = svg.match(/<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/);
    if (!size) throw new Error('the SVG has no width and height');
    const ratio = root.devicePixelRatio || 1;
    const [width, height] = [Math.round(Number(size[1]) * ratio), Math.round(Number(size[2]) * ratio)];
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').drawImage(image, 0, 0, width, height);
      return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))), 'image/png'));
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  async function report(instance, format) { return (await instance.request('report', { format })).text; }

  async function walks(instance) {
    const s = shown(instance);
    const request = s.simulator || Object.assign({ package: s.package, explain: true }, s.bundle ? { installedBundle: s.bundle } : {},
      s.channel ? { subscriptionChannel: s.channel } : {});
    return JSON.stringify(await instance.request('upgradePath', request), null, 2) + '\n';
  }

  function save(name, content, type) {
    const blob = content instanceof Blob ? content : new Blob([content], { type });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  // A file name from catalog text: only the characters every file system takes.
  const safe = (text) => String(text).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'catalog';
  const graphName = (s, ext) => safe(s.package) + (s.channel ? '-' + safe(s.channel) : '-channels') + '.' + ext;

  function attach(menu, instance, { appUrl, note }) {
    const share = root.FbclensShare;
    // Links and snippets name the catalog by its full URL: they are opened elsewhere.
    const catalogUrl = (src) => (src && src.kind === 'url' ? new URL(src.url, location.href).href : '');
    const copy = async (text, message) => { await navigator.clipboard.writeText(text); note(message); };
    const actions = {
      link: async () => {
        const src = instance.source();
        const state = instance.state();
        const url = share.link(appUrl(), Object.assign({}, state, src && src.kind === 'files' ? { local: true } : {}),
          catalogUrl(src));
        await copy(url, src && src.kind === 'files'
          ? 'Link copied. It restores this view, but the catalog was opened from this computer: whoever opens the link must open the same catalog'
          : 'Link copied');
      },
      element: async () => {
        const src = instance.source();
        if (src && src.kind === 'files') throw new Error('an embed needs the catalog at a URL (open it with ?catalog=<url>), not from this computer');
        await copy(share.snippets(appUrl(), instance.state(), catalogUrl(src)).element, 'Embed snippet (<fbc-lens> element) copied');
      },
      iframe: async () => {
        const src = instance.source();
        if (src && src.kind === 'files') throw new Error('an embed needs the catalog at a URL (open it with ?catalog=<url>), not from this computer');
        await copy(share.snippets(appUrl(), instance.state(), catalogUrl(src)).iframe, 'Embed snippet (iframe) copied');
      },
      dot: async () => save(graphName(shown(instance), 'dot'), await graph(instance, 'dot'), 'text/vnd.graphviz'),
      svg: async () => save(graphName(shown(instance), 'svg'), await graph(instance, 'svg'), 'image/svg+xml'),
      png: async () => save(graphName(shown(instance), 'png'), await png(instance)),
      'findings-json': async () => save('fbclens-findings.json', await report(instance, 'json'), 'application/json'),
      sarif: async () => save('fbclens-findings.sarif', await report(instance, 'sarif'), 'application/sarif+json'),
      walks: async () => save(safe(shown(instance).package) + '-upgrade-walks.json', await walks(instance), 'application/json'),
    };
    // The menu closes with Escape and when focus leaves it (no listener on the page: an app
    // never installs page-wide handlers).
    menu.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && menu.open) { menu.open = false; menu.querySelector('summary').focus(); }
    });
    menu.addEventListener('focusout', (e) => { if (!menu.contains(e.relatedTarget)) menu.open = false; });
    menu.addEventListener('click', async (e) => {
      const button = e.target.closest('button[data-export]');
      if (!button) return;
      menu.open = false;
      try {
        await actions[button.dataset.export]();
      } catch (error) {
        note('Could not ' + button.textContent.toLowerCase() + ': ' + error.message);
      }
    });
  }

  root.FbclensExports = { graph, png, report, walks, attach };
})(typeof globalThis !== 'undefined' ? globalThis : this);
