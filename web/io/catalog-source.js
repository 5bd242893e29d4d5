/*
 * fbclens catalog sources: what a user points at (a URL, or picked and dropped files that may be
 * archives) turned into the files the loader takes, [{path, data: Uint8Array}], with sizes capped.
 * Runs in pages and under Node 18+ (fetch, DecompressionStream); no DOM.
 *
 *   const {files, name, bytes, kind} = await fromUrl(url, {maxBytes, onProgress, signal});
 *       url: a JSON or YAML file, a .tar.gz / .tgz (or .tar) of a catalog folder, or an index file
 *       (below); kind: 'file' | 'archive' | 'index'; bytes: what the catalog's files hold;
 *       onProgress({phase: 'downloading', bytes, totalBytes}) (totalBytes 0 when not announced)
 *   const files = await expandArchives(list, {maxBytes});
 *       list: FileList, File[] or [{path, data}]; every .tar.gz / .tgz / .tar in it is replaced by
 *       its entries ([{path, data}]); without archives `list` comes back as it was
 *   const files = await readFilesFirst(entries, {maxBytes, onProgress, signal});
 *       entries: [{path, file: File}]; every File read here, several at once → [{path, data}], or
 *       null when they hold more than maxBytes or one cannot be read (the caller then loads the
 *       Files themselves); onProgress({phase: 'reading', files, totalFiles, bytes})
 *   readTar(bytes)    a tar archive's regular files → [{path, data}]
 *   gunzip(bytes, maxBytes)
 *   DEFAULT_MAX_BYTES  256 MiB
 *
 * Every failure is an FbclensSourceError {kind, message}, kind one of 'network' (the request
 * failed: offline, DNS, or a server that does not allow cross-origin reads: the browser does not
 * say which), 'http' (a status other than 2xx), 'size' (over maxBytes, compressed or not),
 * 'archive' (not gzip or tar, or corrupt), 'index' (an index file that does not parse or names
 * a path outside its folder).
 *
 * The index file is ours: a JSON object {"fbclensCatalogIndex": 1, "files": ["pkg/catalog.yaml",
 * ...]} whose paths are relative to the index's own URL (no "..", no leading "/"). It lets a
 * static docs site serve a catalog folder as it is, without an archive.
 */
import { FbclensSourceError } from './source-error.js';
import { catalogPath, readTar } from './tar.js';

export { FbclensSourceError, readTar };
// 256 MiB: the Red Hat catalog, the biggest there is, is about 118 MiB (spec operatorhub-and-ux.md
// §3.8), and the browser keeps two or three copies of a catalog while it loads (the bytes here,
// the worker's copy and the wasm heap); mount({maxCatalogBytes}) and <fbc-lens max-bytes> change it.
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;
const INDEX_FETCHES_AT_ONCE = 6;  // a browser's connections per host

const fail = (kind, message) => { throw new FbclensSourceError(kind, message); };
const mib = (n) => (n / (1024 * 1024)).toFixed(n < 10 * 1024 * 1024 ? 1 : 0) + ' MB';
const tooBig = (what, maxBytes) => fail('size', what + ' is larger than the ' + mib(maxBytes) + ' fbclens accepts');

// A stream's bytes, at most maxBytes of them (else an error naming `what`).
async function readCapped(stream, maxBytes, what, onChunk) {
  const reader = stream.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      tooBig(what, maxBytes);
    }
    chunks.push(value);
    if (onChunk) onChunk(total);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

const isGzip = (b) => b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
const isTar = (b) => b.length >= 512 && String.fromCharCode(...b.subarray(257, 262)) === 'ustar';

/** Gunzips `bytes` (Uint8Array) with the platform's DecompressionStream; at most maxBytes out. */
export async function gunzip(bytes, maxBytes = DEFAULT_MAX_BYTES) {
  if (typeof DecompressionStream !== 'function') fail('archive', 'this browser cannot decompress gzip (no DecompressionStream)');
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  try {
    return await readCapped(stream, maxBytes, 'the decompressed archive');
  } catch (e) {
    if (e instanceof FbclensSourceError) throw e;
    return fail('archive', 'the gzip data is corrupt or truncated (' + (e && e.message ? e.message : e) + ')');
  }
}

// How many Files readFilesFirst reads at once: 20,002 `arrayBuffer()`s started together failed
// with NotReadableError in Chromium here.
const FILES_READ_AT_ONCE = 32;

/**
 * Reads every File of `entries` ([{path, file}]) on this thread, FILES_READ_AT_ONCE at a time, and
 * never asks a File its size: in Chromium the Files of a picked folder come without their sizes,
 * and the first `size` of each asks the browser process for it synchronously, about 0.18 ms a File
 * (20,002 Files: 3.6-4.1 s with the page frozen), while reading one does not
 * (tests/bench/README.md, "A file per bundle"). Resolves to [{path, data: Uint8Array}] in the
 * entries' order; to null when the bytes read pass `maxBytes` or a File cannot be read (the caller
 * loads the Files as they are, and the loader reports the one it cannot read), the reads in flight
 * being left to finish unseen. Rejects with an AbortError when `signal` aborts.
 */
export async function readFilesFirst(entries, { maxBytes = DEFAULT_MAX_BYTES, onProgress, signal } = {}) {
  const out = new Array(entries.length);
  let next = 0, done = 0, bytes = 0, giveUp = false;
  const aborted = () => signal && signal.aborted;
  async function worker() {
    while (next < entries.length && !giveUp && !aborted()) {
      const at = next++;
      let data;
      try {
        data = new Uint8Array(await entries[at].file.arrayBuffer());
      } catch (e) {
        giveUp = true;
        return;
      }
      bytes += data.length;
      if (bytes > maxBytes) giveUp = true;
      out[at] = { path: entries[at].path, data };
      done++;
      if (onProgress) onProgress({ phase: 'reading', files: done, totalFiles: entries.length, bytes });
    }
  }
  await Promise.all(Array.from({ length: Math.min(FILES_READ_AT_ONCE, entries.length) }, worker));
  if (aborted()) throw Object.assign(new Error('fbclens: reading the files was cancelled'), { name: 'AbortError' });
  return giveUp ? null : out;
}

/** An archive's bytes (gzip or not) → its files; `what` names it in errors. */
async function archiveFiles(bytes, maxBytes, what) {
  const tar = isGzip(bytes) ? await gunzip(bytes, maxBytes) : bytes;
  if (!isTar(tar)) fail('archive', what + ' is not a tar archive' + (isGzip(bytes) ? ' (it is gzip, but what it holds is not tar)' : ''));
  return readTar(tar);
}

const ARCHIVE_NAME = /\.(tar\.gz|tgz|tar)$/i;

async function fetchBytes(url, { maxBytes, onProgress, signal, what }) {
  let response;
  try {
    response = await fetch(url, { signal, credentials: 'omit' });
  } catch (e) {
    if (e && e.name === 'AbortError') throw e;
    return fail('network', 'could not fetch ' + what + ' ' + url + ': the network failed, or the server does not allow ' +
      'this page to read it (CORS: it must send Access-Control-Allow-Origin)');
  }
  if (!response.ok) fail('http', what + ' ' + url + ': HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : ''));
  const announced = Number(response.headers.get('Content-Length')) || 0;
  if (announced > maxBytes) {
    if (response.body) response.body.cancel().catch(() => {});
    tooBig(what + ' (' + mib(announced) + ')', maxBytes);
  }
  try {
    if (!response.body) return new Uint8Array(await response.arrayBuffer());
    return await readCapped(response.body, maxBytes, what, (bytes) => onProgress && onProgress({ phase: 'downloading', bytes, totalBytes: announced }));
  } catch (e) {
    // A connection cut mid-body (or a Content-Length the body does not keep) is the network's
    // failure, said as one, not the stream's own TypeError.
    if (e instanceof FbclensSourceError || (e && e.name === 'AbortError')) throw e;
    return fail('network', 'the download of ' + what + ' ' + url + ' broke off: ' + (e && e.message ? e.message : e));
  }
}

const lastSegment = (url) => decodeURIComponent(new URL(url, 'http://x/').pathname.split('/').pop() || '');
const startsLikeJson = (b) => {
  for (const c of b.subarray(0, 64)) if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xef && c !== 0xbb && c !== 0xbf) return c === 0x7b || c === 0x5b;
  return false;
};
const INDEX_KEY = /^\s*\{\s*"fbclensCatalogIndex"/;

async function indexFiles(url, bytes, options) {
  let index;
  try { index = JSON.parse(new TextDecoder().decode(bytes)); } catch (e) { fail('index', 'the index ' + url + ' is not JSON: ' + e.message); }
  if (index.fbclensCatalogIndex !== 1 || !Array.isArray(index.files) || !index.files.every((f) => typeof f === 'string')) {
    fail('index', 'the index ' + url + ' must be {"fbclensCatalogIndex": 1, "files": ["relative/path", ...]}');
  }
  const paths = index.files.map((f) => {
    const path = catalogPath(f);
    if (path === null || f.startsWith('/') || f.split('/').includes('..')) fail('index', 'the index ' + url + ' names "' + f + '", which is not a path inside its folder');
    return path;
  });
  const base = new URL(url, typeof location !== 'undefined' ? location.href : undefined);
  const files = new Array(paths.length);
  let total = 0, next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      const fileUrl = new URL(paths[i].split('/').map(encodeURIComponent).join('/'), base).href;
      const data = await fetchBytes(fileUrl, { ...options, maxBytes: options.maxBytes - total, what: 'the catalog file' });
      total += data.length;
      if (total > options.maxBytes) tooBig('the catalog the index lists', options.maxBytes);
      if (options.onProgress) options.onProgress({ phase: 'downloading', bytes: total, totalBytes: 0 });
      files[i] = { path: paths[i], data };
    }
  };
  await Promise.all(Array.from({ length: Math.min(INDEX_FETCHES_AT_ONCE, paths.length) }, worker));
  return files;
}

/** The catalog at `url` (see the top of this file) → {files, name, bytes, kind}. */
export async function fromUrl(url, { maxBytes = DEFAULT_MAX_BYTES, onProgress, signal } = {}) {
  const options = { maxBytes, onProgress, signal };
  const bytes = await fetchBytes(url, { ...options, what: 'the catalog' });
  const name = lastSegment(url);
  let files, kind;
  if (isGzip(bytes) || isTar(bytes) || ARCHIVE_NAME.test(name)) {
    files = await archiveFiles(bytes, maxBytes, 'the catalog ' + url);
    kind = 'archive';
  } else if (INDEX_KEY.test(new TextDecoder().decode(bytes.subarray(0, 200)))) {
    files = await indexFiles(url, bytes, options);
    kind = 'index';
  } else {
    // One file: named as the URL names it, or by what it starts with when the name says neither.
    const path = /\.(json|ya?ml)$/i.test(name) ? name : startsLikeJson(bytes) ? 'catalog.json' : 'catalog.yaml';
    files = [{ path, data: bytes }];
    kind = 'file';
  }
  return { files, name: name || url, bytes: files.reduce((n, f) => n + f.data.length, 0), kind };
}

const nameOf = (f) => String(f.path || f.fbclensPath || f.webkitRelativePath || f.name || '');

/** `list` with each archive replaced by its files (see the top of this file). */
export async function expandArchives(list, { maxBytes = DEFAULT_MAX_BYTES } = {}) {
  const items = Array.from(list);
  if (!items.some((f) => ARCHIVE_NAME.test(nameOf(f)))) return list;
  const out = [];
  let total = 0;
  for (const f of items) {
    const bytes = f.data !== undefined ? (f.data instanceof ArrayBuffer ? new Uint8Array(f.data) : f.data)
      : new Uint8Array(await f.arrayBuffer());
    total += bytes.length;
    if (total > maxBytes) tooBig('what was opened', maxBytes);
    if (ARCHIVE_NAME.test(nameOf(f))) out.push(...await archiveFiles(bytes, maxBytes, nameOf(f)));
    else out.push({ path: nameOf(f), data: bytes });
  }
  return out;
}
