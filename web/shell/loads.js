// Loading catalogs into the worker: files picked or dropped (archives expanded), a URL, the
// built-in sample, and "Compare with…". Each load runs in a fresh worker (wasm/fbclens-client.js)
// that replaces the current one only when it succeeds, so Cancel or a failure leaves the catalog
// on screen as it was. The outcome goes into the store; nothing here draws.
import FbclensApi from '../../wasm/fbclens-api.js';
import { expandArchives, fromUrl, readFilesFirst, DEFAULT_MAX_BYTES } from '../io/catalog-source.js';
import { indexCatalog } from './catalog-index.js';
import { formatBytes } from './format.js';
import { repositoryFindings } from './repository.js';

/** From this many bytes of catalog input on, a load leaves the analyses beyond opm for later. */
export const DEFER_ANALYSES_BYTES = 8 * 1024 * 1024;

/**
 * From this many bytes of files on (a picked File, whose size is not asked, counted as 1 MiB), a
 * repository is shown by its newest catalog first, while the worker validates the rest (load's
 * shownFirstFrom). A smaller one comes whole: showing a catalog meanwhile costs the rest's load
 * CPU on a 2-core machine (the page's thread reads the worker's Files), and mtv-fbc's 12 MB in 23
 * files came whole 0.05-0.25 s later with its newest catalog shown first (tests/bench/README.md).
 */
export const SHOWN_FIRST_BYTES = 32 * 1024 * 1024;

/**
 * From this many Files on, a load reads them on the page before the worker starts (readFilesFirst
 * in io/catalog-source.js), without asking any its size: in Chromium each first `size` of a picked
 * File costs about 0.18 ms, the page frozen, before the worker could start (a file per bundle,
 * 20,002 Files: 3.6-4.1 s). Fewer Files go to the worker as they are, which reads each as it
 * parses it: 1,000 sizes cost about 0.2 s.
 */
export const READ_FIRST_FILES = 1000;
/**
 * At most this many bytes are read first; a folder of more goes to the worker as Files after all.
 * The worker keeps the bytes it is given for source excerpts until the next load (as a URL's),
 * where it keeps only the handles of Files, so this is for many small files: 20,002 of them hold
 * 6.6 MB, and a folder of big files pays its sizes' look-ups (1,000 Files: about 0.2 s) instead.
 */
export const READ_FIRST_MAX_BYTES = 64 * 1024 * 1024;

const abortError = (message) => Object.assign(new Error('fbclens: ' + message), { name: 'AbortError' });

/**
 * The folder a picked or dropped file list came from, when they share one (its name may give the
 * OpenShift version, "v4.18"), else ''.
 */
export function folderOf(files) {
  const list = files && typeof files.length === 'number' ? Array.from(files) : [];
  const roots = new Set(list.map((f) => {
    const p = String(f.path || f.fbclensPath || f.webkitRelativePath || '');
    return p.includes('/') ? p.split('/')[0] : '';
  }));
  return roots.size === 1 ? [...roots][0] : '';
}

/**
 * createLoads({store, client, answers, maxCatalogBytes, onLoaded, deferAnalyses}) → {loadFiles,
 * loadUrl, loadSample, selectRoot, compare, cancel, loading}.
 *   deferAnalyses() says whether the worker can leave the analyses beyond opm to its `analyses`
 *   operation (issue 21): loads then ask for them, the verdict and opm's findings are shown at once,
 *   and once the analyses have run the Summary is replaced by the complete one (the findings panel
 *   says while they are pending).
 *   showsFirst() says whether the worker can answer a repository's load with its newest catalog
 *   first (load's shownFirstFrom, then finishRepository): that catalog is then shown at once, the header
 *   saying the other catalogs are being validated (not cancellable: its worker holds the catalog
 *   shown), and onPreview(summary, source) runs (the shell selects a package in it); the load's
 *   answer follows as without it.
 *   onLoaded(summary, source) runs after a catalog replaced the previous one (the shell then
 *   restores or resets the view). Loads reject with an Error named 'AbortError' when cancelled, an
 *   FbclensSourceError for a URL or archive that cannot be read, an FbclensError for a load the
 *   worker refuses (an unknown check profile); the status says so in every case.
 */
export function createLoads({ store, client, answers, maxCatalogBytes = DEFAULT_MAX_BYTES, onLoaded, onPreview = () => {},
                             deferAnalyses = () => false, showsFirst = () => false }) {
  let download = null;  // the download in flight: its AbortController
  let generation = 0;
  let running = 0;  // runs in flight (a link's root is selected from within the load that opened it)

  const setStatus = (text, tone = '') => store.set({ status: { text, tone } });
  const stillShowing = () => (store.get().catalog ? ' (still showing the previous catalog)' : '');

  // A load of picked Files does not know its total of bytes (the page asks no File its size
  // before the worker reads it: wasm/fbclens-client.js), so it counts files.
  client.on('progress', (p) => {
    const fraction = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : p.totalFiles ? Math.min(1, p.files / p.totalFiles) : null;
    const ofTotal = p.totalBytes ? ' of ' + formatBytes(p.totalBytes) : '';
    const counted = formatBytes(p.bytes) + ofTotal + ' parsed' + (p.totalBytes ? '' : ', ' + p.files + ' of ' + p.totalFiles + ' files');
    const text = p.phase === 'reading'
      ? 'Reading ' + p.files + ' of ' + p.totalFiles + ' files, ' + formatBytes(p.bytes) + ofTotal
      : previewShownBy ? 'Validating the repository\'s other catalogs: ' + counted : 'Validating: ' + counted;
    // Once a repository's newest catalog is shown, the rest's validation is not cancelled: the
    // worker validating it holds the catalog shown.
    store.set({ loading: { text, fraction, cancellable: !previewShownBy } });
  });

  // A load of a repository shows its newest catalog as soon as the worker has validated it alone
  // (the client's 'preview'), while the worker validates the rest; the load's own answer then
  // replaces it (the same catalog, with the whole repository). `previewing` is the load in flight's
  // handler (set by run), `previewShownBy` the run whose preview is on screen (null: none). Each
  // run clears only its own: a load started while a previewed one still finishes keeps its state.
  let previewing = null;
  let previewShownBy = null;
  let latestRun = null;  // the run started last
  client.on('preview', (p) => { if (previewing) previewing.show(p); });

  // Runs one load (`start` → the client's {summary, view}) and puts its outcome in the store.
  // `repositoryReport`: the report of the repository already shown, when `start` selects another
  // of its roots (the report is the whole repository's, the same for every root).
  async function run(start, source, { repositoryReport = null, loadingText = 'Starting…', cancellable = true } = {}) {
    setStatus('Loading…');
    store.set({ loading: { text: loadingText, fraction: null, cancellable } });
    running++;
    let previewed = null;  // the root this load previewed (shown before its answer), if any
    const thisRun = {
      show(preview) {
        previewed = preview.view.repository.current;
        previewShownBy = thisRun;
        showPreview(preview, source);
      },
    };
    previewing = thisRun;
    latestRun = thisRun;
    const endPreview = () => {
      if (previewing === thisRun) previewing = null;
      if (previewShownBy === thisRun) previewShownBy = null;
    };
    try {
      const { summary, view } = await start();
      endPreview();
      const deferred = !!(summary.analyses && summary.analyses.complete === false);
      // A repository: its templates' and its own findings join the root's (shell/repository.js).
      // They need no root's analyses (catalogs: false), so they come at once, deferred or not.
      const repository = !view.repository ? null
        : await repositoryOf(view.repository, repositoryReport || client.repositoryReport({ catalogs: false }));
      // The catalog previewed is the one answered (as it must be): what was asked of it stays
      // good, and it keeps its generation (the explorer's and the graph's state).
      const same = previewed !== null && !!view.repository && view.repository.current === previewed;
      if (!same) answers.clear();
      // A comparison was with the catalog shown before: it goes, and its panel with it.
      store.set((s) => ({
        catalog: { generation: same ? generation : ++generation, summary, view, index: indexCatalog(view), source, repository },
        status: { text: '', tone: '' }, compare: same ? s.compare : null, finding: same ? s.finding : -1,
        panel: s.panel === 'changes' || (s.panel === 'versions' && !repository) ? 'findings' : s.panel,
      }));
      if (repository && repository.error) setStatus('The templates\' findings could not be read: ' + repository.error, 'invalid');
      onLoaded(summary, source);
      if (deferred) completeAnalyses(generation);
      return summary;
    } catch (error) {
      const cancelled = error.name === 'AbortError';
      // A load replaced by a later one says nothing: the later one's status is the page's (a
      // previewed repository's load ends after the load that replaced it has shown its catalog).
      if (latestRun === thisRun) {
        setStatus((cancelled ? 'Load cancelled' : 'Could not load: ' + error.message) + stillShowing(), cancelled ? '' : 'invalid');
      }
      throw error;
    } finally {
      endPreview();
      running--;
      if (!client.loading() && !running) store.set({ loading: null });
    }
  }

  // A repository's newest catalog, validated alone, shown while the worker validates the rest
  // (the load's answer follows): as a load's catalog, its repository `pending` (one root, no
  // templates' findings yet).
  function showPreview({ summary, view }, source) {
    answers.clear();
    store.set((s) => ({
      catalog: { generation: ++generation, summary, view, index: indexCatalog(view), source,
                 repository: { overview: view.repository, report: null, findings: [], error: '' } },
      status: { text: '', tone: '' }, compare: null, finding: -1,
      panel: s.panel === 'changes' ? 'findings' : s.panel,
      loading: { text: 'Validating the repository\'s other catalogs…', fraction: null, cancellable: false },
    }));
    onPreview(summary, source);
  }

  // The store's `repository` of a load whose view has one: {overview: the view's repository (roots,
  // templates, current), report: the worker's repositoryReport without the catalogs (`report`, a
  // promise of it or the answer itself: the templates' and the repository's own findings),
  // findings: those shown beside the current root}.
  // The catalog is shown even when the report cannot be had (its templates' findings are then
  // missing, and the status says so): the worker already holds the new catalog.
  async function repositoryOf(overview, report) {
    let error = '';
    try {
      report = await report;
    } catch (e) {
      report = null;
      error = e.message;
    }
    return { overview, report, findings: repositoryFindings(report, overview.current), error };
  }

  // The analyses a load left to the worker: run them all, then show the complete Summary, unless
  // another catalog replaced this one meanwhile. A failure leaves opm's findings shown, and says so.
  async function completeAnalyses(loaded) {
    const current = () => store.get().catalog && store.get().catalog.generation === loaded;
    // A repository's overview now counts them for the root shown.
    const shown = store.get().catalog;
    const readOverview = !!(shown && shown.repository);
    try {
      // Asked for together: the worker answers in order, each request right after the one before,
      // without waiting for the page (busy drawing the catalog) to ask for the next. Counts only
      // from analyses: the complete Summary holds the findings, so they cross the worker once.
      const requests = [client.analyses({ findings: false }), client.catalogSummary()];
      if (readOverview) requests.push(client.repositoryOverview({}));
      const [, summary, overview] = await Promise.all(requests);
      // catalogSummary has no fingerprint (the load's answer does): the share link keeps it.
      if (current()) {
        store.set((s) => ({ catalog: { ...s.catalog,
          repository: overview && s.catalog.repository ? { ...s.catalog.repository, overview } : s.catalog.repository,
          summary: { ...summary, fingerprint: s.catalog.summary.fingerprint } } }));
      }
    } catch (error) {
      if (current()) setStatus('The analyses beyond opm failed: ' + error.message, 'invalid');
    }
  }

  // The load's arguments: the check profiles, and, when the worker has the operation, the analyses
  // deferred if the catalog is big enough for them to delay the first answer noticeably (on
  // community v4.21, 14 MB, they are a quarter of the load); a smaller catalog's findings come
  // complete at once. The worker decides by the bytes it read (deferAnalysesFrom): the page does
  // not know a picked File's size before it is read. Of a repository only the root shown's may come
  // at once (the others are validated before its size is known). A caller's own deferAnalyses is
  // kept.
  // A big repository is shown by its newest catalog first (shownFirstFrom; the client's 'preview'),
  // unless the caller says otherwise.
  const withDefer = (options) => {
    const defer = deferAnalyses() && !(options && 'deferAnalyses' in options) ? { deferAnalysesFrom: DEFER_ANALYSES_BYTES } : {};
    const first = showsFirst() && !(options && 'shownFirstFrom' in options) ? { shownFirstFrom: SHOWN_FIRST_BYTES } : {};
    return { ...(options || {}), ...defer, ...first };
  };

  // READ_FIRST_FILES or more Files (not bytes already) → [{path, data}] read here, the header saying
  // so and Cancel stopping it (like a download); the Files as they are when there are fewer, when
  // they hold more than READ_FIRST_MAX_BYTES (or maxCatalogBytes), or when one cannot be read (the
  // worker then says which).
  async function readFirst(list) {
    const items = Array.from(list || []);
    if (items.length < READ_FIRST_FILES || !items.every((f) => typeof Blob !== 'undefined' && f instanceof Blob)) return list;
    if (download) download.abort();
    const controller = new AbortController();
    download = controller;
    setStatus('Loading…');
    store.set({ loading: { text: 'Reading ' + items.length + ' files', fraction: 0 } });
    let shown = 0;  // when the progress was last shown: each showing renders the header
    try {
      // The paths as a load of the Files would name them (the picked folder's own name removed).
      const read = await readFilesFirst(FbclensApi.catalogEntries(items), {
        maxBytes: Math.min(maxCatalogBytes, READ_FIRST_MAX_BYTES), signal: controller.signal,
        onProgress: (p) => {
          const now = Date.now();
          if (now - shown < 150 && p.files < p.totalFiles) return;
          shown = now;
          store.set({ loading: { text: 'Reading ' + p.files + ' of ' + p.totalFiles + ' files, ' + formatBytes(p.bytes), fraction: p.files / p.totalFiles } });
        },
      });
      return read || list;
    } catch (error) {
      // Cancelled; by a newer load too, whose own progress then stays shown.
      if (download === controller) {
        setStatus('Load cancelled' + stillShowing());
        store.set({ loading: null });
      }
      throw error;
    } finally {
      if (download === controller) download = null;
    }
  }

  async function expand(files) {
    try {
      return await expandArchives(files, { maxBytes: maxCatalogBytes });
    } catch (error) {
      setStatus('Could not open the archive: ' + error.message + stillShowing(), 'invalid');
      throw error;
    }
  }

  return {
    /** Files (FileList, File[] or [{path, data}]); `options` are the load's check profiles. */
    async loadFiles(files, options) {
      const expanded = await expand(files);
      const name = folderOf(files);
      // The worker gets the bytes read first; the catalog's source keeps the Files (a new check
      // choice loads them again), not a copy of their bytes.
      const given = await readFirst(expanded);
      return run(() => client.loadFiles(given, withDefer(options)), { kind: 'files', name, files: expanded });
    },
    async loadUrl(url, options) {
      if (download) download.abort();
      const controller = new AbortController();
      download = controller;
      setStatus('Downloading the catalog…');
      store.set({ loading: { text: 'Downloading ' + url, fraction: null } });
      let fetched;
      try {
        fetched = await fromUrl(url, {
          maxBytes: maxCatalogBytes, signal: controller.signal,
          onProgress: (p) => store.set({ loading: {
            text: 'Downloading ' + formatBytes(p.bytes) + (p.totalBytes ? ' of ' + formatBytes(p.totalBytes) : ''),
            fraction: p.totalBytes ? p.bytes / p.totalBytes : null } }),
        });
      } catch (error) {
        const cancelled = error.name === 'AbortError';
        setStatus((cancelled ? 'Download cancelled' : 'Could not load the catalog: ' + error.message) + stillShowing(),
          cancelled ? '' : 'invalid');
        store.set({ loading: null });
        throw cancelled ? abortError('load cancelled') : error;
      } finally {
        if (download === controller) download = null;
      }
      return run(() => client.loadFiles(fetched.files, withDefer(options)), { kind: 'url', url, name: fetched.name, files: fetched.files });
    },
    loadSample() { return run(() => client.loadSample(), { kind: 'sample', name: 'the built-in sample' }); },
    /**
     * Shows another root of the repository loaded (`root` as its overview's roots[].root names it):
     * the worker validates it again and every answer is then about it. Resolves to its Summary;
     * rejects when no repository is loaded or it has no such root (the status says so).
     */
    async selectRoot(root) {
      const shown = store.get().catalog;
      if (!shown || !shown.repository) throw new Error('fbclens: no repository is loaded');
      if (shown.repository.overview.current === root) return shown.summary;
      const roots = shown.repository.overview.roots.map((r) => r.root);
      if (!roots.includes(root)) {
        setStatus('The repository has no catalog ' + root + ' (it has ' + roots.join(', ') + ')', 'invalid');
        throw new Error('fbclens: the repository has no catalog ' + root);
      }
      return run(async () => {
        const view = await client.selectRoot({ root });
        // The fingerprint names the files opened (the whole repository), the same for every root.
        const summary = { ...view.summary, fingerprint: view.summary.fingerprint || shown.summary.fingerprint };
        return { summary, view: { ...view, summary } };
      }, shown.source, { repositoryReport: shown.repository.report, loadingText: 'Validating ' + root + '…', cancellable: false });
    },
    /** "Compare with…": `files` (an older catalog) against the one shown → {old, diff}. */
    async compare(files, name) {
      const expanded = await expand(files);
      store.set({ compare: { pending: true, name } });
      try {
        const answer = await client.compareFiles(expanded);
        store.set({ compare: { ...answer, name } });
        return answer;
      } catch (error) {
        store.set({ compare: { error: error.message, name } });
        throw error;
      }
    },
    cancel() {
      if (download) {
        download.abort();
        return true;
      }
      return client.cancel();
    },
    loading: () => !!download || client.loading(),
  };
}
