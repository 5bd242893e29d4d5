// The Share & export menu's work: everything exported is the core's own output through the
// protocol (wasm/protocol.cpp): the graph as DOT, SVG or layout JSON (`graphExport`,
// core/export/dot.h and svg.h), the findings as JSON or SARIF (`report`, as `fbclens validate
// --output json|sarif`), the upgrade walks (`upgradePath`), the Mermaid of `opm alpha
// render-graph` (`mermaid`); only the PNG is made here, by drawing the SVG at the device pixel
// ratio. Links and snippets come from share.js.
import { link, snippets } from './share.js';
import { simulatorRequest } from '../panels/simulator-request.js';

// A file name from catalog text: only the characters every file system takes.
const safe = (text) => String(text).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'catalog';

function save(name, content, type) {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

/**
 * createExports({instance(), store, appUrl(), note(text), onMermaid(text)}) →
 *   graph(format)   'dot' | 'svg' | 'json' → the text of the graph shown (package, channel or
 *                   lanes, in the theme shown, with the wrap shown)
 *   png()           → a PNG Blob of the SVG at devicePixelRatio
 *   report(format)  'json' | 'sarif' → the findings' text
 *   walks()         → the upgrade walks' JSON text (the simulator's question)
 *   copy('link' | 'element' | 'iframe'), copyMermaid(), save(kind): the menu's items, which say
 *   what they did (or why not) through note()
 */
export function createExports({ instance, store, appUrl, note, onMermaid }) {
  const shown = () => {
    const s = store.get();
    if (!s.catalog || !s.selection.package) throw new Error('no package is shown');
    return s;
  };
  async function graph(format) {
    const s = shown();
    const stats = instance().graphStats();
    const args = { package: s.selection.package, format, theme: instance().appStatus().theme, columnsPerRow: stats ? stats.columnsPerRow : -1 };
    if (!s.selection.lanes) args.channel = s.selection.channel;
    return (await instance().request('graphExport', args)).text;
  }
  // Draws the SVG into a canvas of its size × devicePixelRatio. The SVG is self-contained (no
  // external fonts or images), so the canvas is not tainted and toBlob works.
  async function png() {
    const svg = await graph('svg');
    const size = svg.match(/<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/);
    if (!size) throw new Error('the SVG has no width and height');
    const ratio = globalThis.devicePixelRatio || 1;
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
  const report = async (format) => (await instance().request('report', { format })).text;
  const walks = async () => JSON.stringify(await instance().request('upgradePath', simulatorRequest(shown())), null, 2) + '\n';
  const graphName = (ext) => {
    const sel = shown().selection;
    return safe(sel.package) + (sel.lanes ? '-channels' : '-' + safe(sel.channel)) + '.' + ext;
  };
  const catalogUrl = () => {
    const c = store.get().catalog;
    return c && c.source.kind === 'url' ? new URL(c.source.url, location.href).href : '';
  };
  const fromDisk = () => { const c = store.get().catalog; return !!c && c.source.kind === 'files'; };
  // A link names a folder from disk by the fingerprint of all its files. A big repository's newest
  // catalog is shown before the rest is read (shell/loads.js showPreview), without one yet (the
  // view's fingerprint is then 'unknown', and the address bar waits too: embed/route.js), and a
  // link without one opens on any folder as if it were this one; so a link asked for meanwhile is
  // copied when the load ends, or not at all if another catalog came.
  const fingerprintPending = () => {
    const s = store.get();
    return !!(s.loading && fromDisk() && !s.catalog.summary.fingerprint);
  };
  const fingerprintKnown = () => new Promise((resolve) => {
    const off = store.subscribe(() => { if (!fingerprintPending()) { off(); resolve(); } });
  });
  const clipboard = async (text, message) => { await navigator.clipboard.writeText(text); note(message); };
  const attempt = (what, run) => run().catch((error) => note('Could not ' + what + ': ' + error.message));
  return {
    graph, png, report, walks,
    copy(kind) {
      return attempt('copy the ' + (kind === 'link' ? 'link' : 'embed snippet'), async () => {
        if (kind === 'link' && fingerprintPending()) {
          const source = store.get().catalog.source;
          note('The link will be copied once the repository\'s other catalogs are validated…');
          await fingerprintKnown();
          const c = store.get().catalog;
          if (!c || c.source !== source || !c.summary.fingerprint) {
            throw new Error('the repository\'s load did not end with this folder shown');
          }
        }
        const view = instance().state();
        if (kind === 'link') {
          return clipboard(link(appUrl(), view, catalogUrl()), fromDisk()
            ? 'Link copied. It names this catalog by a fingerprint of its content: whoever opens it must open the same catalog folder.'
            : 'Link copied');
        }
        if (fromDisk()) throw new Error('an embed needs the catalog at a URL (open it with ?catalog=<url>), not from this computer');
        return clipboard(snippets(appUrl(), view, catalogUrl())[kind], 'Embed snippet (' + (kind === 'element' ? '<fbc-lens> element' : 'iframe') + ') copied');
      });
    },
    copyMermaid() {
      return attempt('copy the Mermaid text', async () => {
        const pkg = shown().selection.package;
        const m = await instance().request('mermaid', { package: pkg });
        if (m.error) throw new Error(m.error);
        let message = 'Mermaid of ' + pkg + ' copied (' + m.textSize + ' characters, ' + m.edges + ' edges)';
        if (m.textTooLarge || m.tooManyEdges) {
          message += '. Over Mermaid\'s default ' + (m.textTooLarge ? 'maxTextSize (' + m.maxTextSize + ')' : '') +
            (m.textTooLarge && m.tooManyEdges ? ' and ' : '') + (m.tooManyEdges ? 'maxEdges (' + m.maxEdges + ')' : '') +
            ': raise them in mermaid.initialize to draw it';
        }
        onMermaid(m.text);
        await clipboard(m.text, message);
      });
    },
    save(kind) {
      const runs = {
        dot: async () => save(graphName('dot'), await graph('dot'), 'text/vnd.graphviz'),
        svg: async () => save(graphName('svg'), await graph('svg'), 'image/svg+xml'),
        png: async () => save(graphName('png'), await png()),
        'findings-json': async () => {
          // A repository's: every catalog's and template's findings, as `validate REPO --output json`.
          const repository = store.get().catalog && store.get().catalog.repository;
          if (repository) {
            // The store holds the templates' findings only (catalogs: false); the whole report has
            // every catalog's, whose deferred analyses the worker runs first (once, for every root,
            // validating each again: on a large repository, a second or two), so the page says so.
            const waiting = ((repository.overview && repository.overview.roots) || []).filter((r) => r.analysesComplete === false).length;
            if (waiting) note('Running the analyses beyond opm of ' + waiting + (waiting === 1 ? ' catalog' : ' catalogs') + ' for the report…');
            const full = await instance().request('repositoryReport', {});
            if (waiting) {
              note('');
              // Every root's analyses have run now: the store takes the worker's overview, which
              // says so (and counts their findings), so a second save has nothing to wait for.
              const overview = await instance().request('repositoryOverview', {});
              store.set((s) => (s.catalog && s.catalog.repository === repository
                ? { catalog: { ...s.catalog, repository: { ...repository, overview } } } : {}));
            }
            return save('fbclens-repository-findings.json', JSON.stringify(full, null, 2) + '\n', 'application/json');
          }
          return save('fbclens-findings.json', await report('json'), 'application/json');
        },
        sarif: async () => save('fbclens-findings.sarif', await report('sarif'), 'application/sarif+json'),
        walks: async () => save(safe(shown().selection.package) + '-upgrade-walks.json', await walks(), 'application/json'),
      };
      return attempt('save ' + kind, runs[kind]);
    },
  };
}
