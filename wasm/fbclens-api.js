/*
 * fbclens JavaScript API over one instance of the core module (fbclens-core.js): what the Web
 * Worker (fbclens-worker.js) and the Node tests use. The page reaches it through the worker with
 * FbclensClient (fbclens-client.js), whose methods mirror these; window.fbclens is in web/page.js.
 *
 *   const api = FbclensApi.attach(Module);   // Module: the headless core module
 *   await api.ready;                          // resolves once the module can take files
 *   const summary = await api.loadFiles(files);
 *   api.summary();                            // the last Summary (or null)
 *
 * loadFiles(files): `files` is a FileList (from <input type=file> or a drop) or an array of
 *   {path, data} where `data` is a string (UTF-8) or a Uint8Array. Paths are relative to the
 *   catalog root, '/'-separated. For a FileList from a folder pick, the picked folder itself is
 *   the root (its name is stripped from every webkitRelativePath).
 *   Resolves to a Summary:
 *     {files, ignoredFiles, bytes, blobs, schemas: {schema: count}, packages, channels, bundles,
 *      deprecations, verdict: "VALID"|"INVALID"|"LOAD ERROR", opm: <opm's exact output>,
 *      findings: [{code, name, severity, phase, message, opmMessage, reportedByOpm,
 *                  file, line, column, package, channel, bundle}]}
 *   packages/channels/bundles count the olm.package/olm.channel/olm.bundle objects read; `files`
 *   counts files parsed (not excluded by .indexignore). line/column are 1-based, 0 = unknown.
 *   Rejects only if the module itself fails; bad catalogs resolve with findings.
 * loadSample(): loads the built-in sample catalog; resolves to its Summary.
 * upgradePath({package, installedBundle, installedVersion, subscriptionChannel, startingCsv, channels,
 *   version, policy}): what OLM Classic (Subscription fields) and OLM v1 (ClusterExtension fields:
 *   channels, version range, policy "CatalogProvided"|"SelfCertified") pick next in the loaded
 *   catalog. Resolves to the CLI's `upgrade-path --output json` object:
 *     {classic: {candidates, next, error, walk}, v1: {successors, next, error, walk}}
 *   Omit installedBundle for a fresh install. Rejects for an unknown package or a bad request.
 * bundle({package, channel, bundle}): one channel entry's bundle in full, for a details view:
 *     {package, channel, name, version, release, image, where: "file:line", head, deprecation: TEXT|null,
 *      replaces, skips: [..], skipRange, properties: [{type, value: compact JSON text, truncated}],
 *      relatedImages: [{name, image}], bundleObjects, bundleObjectBytes}
 *   (core/export/bundle_details_json.h: values over 240 bytes are cut and marked truncated).
 *   Rejects when the package, channel or entry is not in the loaded catalog.
 * on('load', fn): calls fn(summary) after every load (the page's DOM findings list uses it).
 */
(function (root) {
  'use strict';

  function toBytes(data) {
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (typeof data === 'string') return new TextEncoder().encode(data);
    throw new TypeError('fbclens: file data must be a string, Uint8Array or ArrayBuffer');
  }

  // A catalog's files as [{path, file}] without reading them: `files` is a FileList / File[] (the
  // picked folder's own name is removed from every path) or [{path, data}] (`file` = the data).
  function catalogEntries(files) {
    if (Array.isArray(files) && (files.length === 0 || 'path' in files[0])) {
      return files.map((f) => ({ path: String(f.path), file: f.data instanceof ArrayBuffer ? new Uint8Array(f.data) : f.data }));
    }
    const list = Array.from(files);
    const paths = list.map((f) => f.fbclensPath || f.webkitRelativePath || f.name);
    const firsts = new Set(paths.map((p) => (p.includes('/') ? p.split('/')[0] : null)));
    const strip = firsts.size === 1 && !firsts.has(null);
    return list.map((file, i) => ({ path: strip ? paths[i].slice(paths[i].indexOf('/') + 1) : paths[i], file }));
  }

  // FileList / File[] → [{path, data}], read.
  async function fromFileList(list) {
    const out = [];
    for (const { path, file } of catalogEntries(list)) out.push({ path, data: new Uint8Array(await file.arrayBuffer()) });
    return out;
  }

  function attach(Module) {
    let last = null;
    const listeners = { load: [] };

    function finish(ptr) {
      last = JSON.parse(Module.UTF8ToString(ptr));
      for (const fn of listeners.load) {
        try { fn(last); } catch (e) { console.error('fbclens load listener failed', e); }
      }
      return last;
    }

    const api = {
      ready: Promise.resolve(Module),

      async loadFiles(files) {
        const entries = Array.isArray(files) && (files.length === 0 || 'path' in files[0])
          ? files.map((f) => ({ path: String(f.path), data: toBytes(f.data) }))
          : await fromFileList(files);
        Module._fbclens_reset();
        for (const { path, data } of entries) {
          const ptr = Module._malloc(Math.max(1, data.length));
          Module.HEAPU8.set(data, ptr);
          Module.ccall('fbclens_add_file', 'number', ['string', 'number', 'number'], [path, ptr, data.length]);
          Module._free(ptr);
        }
        return finish(Module._fbclens_load());
      },

      async loadSample() { return finish(Module._fbclens_load_sample()); },

      async upgradePath(request) {
        const ptr = Module.ccall('fbclens_upgrade_path', 'number', ['string'], [JSON.stringify(request || {})]);
        const result = JSON.parse(Module.UTF8ToString(ptr));
        if (result.requestError) throw new Error('fbclens: ' + result.requestError);
        return result;
      },

      async bundle({ package: pkg, channel, bundle } = {}) {
        const ptr = Module.ccall('fbclens_bundle_details', 'number', ['string', 'string', 'string'],
                                 [String(pkg || ''), String(channel || ''), String(bundle || '')]);
        const result = JSON.parse(Module.UTF8ToString(ptr));
        if (result.requestError) throw new Error('fbclens: ' + result.requestError);
        return result;
      },

      summary() { return last; },

      on(event, fn) {
        if (!listeners[event]) throw new Error('fbclens: unknown event ' + event);
        listeners[event].push(fn);
      },
    };
    return api;
  }

  const exported = { attach, catalogEntries, fromFileList };
  if (typeof module !== 'undefined' && module.exports) module.exports = exported;
  root.FbclensApi = exported;
})(typeof globalThis !== 'undefined' ? globalThis : this);
