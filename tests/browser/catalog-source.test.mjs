// web/io/catalog-source.js (and web/io/tar.js through it) under Node (its fetch and
// DecompressionStream), as ES modules: catalogs from a URL (a file, a .tar.gz made by the system's
// tar, an index file), archives picked or dropped, and every failure with its kind: a 404, an
// archive over the cap (announced and not), corrupt gzip, a tar whose header checksum is wrong, an
// index naming a path outside its folder. These are worked examples against real servers and the
// system's tar; the property-based (fast-check) tests of the same modules are in tests/js/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as Sources from '../../web/io/catalog-source.js';
import { readTar } from '../../web/io/tar.js';
import { countCatalog } from '../support/count-catalog.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sample = join(repo, 'samples/catalog');

let dir, server, base;
const files = {};  // URL path → {body, headers}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fbclens-sources-'));
  // The sample as an archive of its folder, as `tar czf catalog.tar.gz catalog` makes it.
  execFileSync('tar', ['czf', join(dir, 'sample.tar.gz'), '-C', join(repo, 'samples'), 'catalog']);
  files['/sample.tar.gz'] = { body: readFileSync(join(dir, 'sample.tar.gz')) };
  files['/sample.tgz-no-extension'] = files['/sample.tar.gz'];
  files['/lens-demo.json'] = { body: readFileSync(join(sample, 'lens-demo/catalog.json')) };
  files['/noname'] = { body: Buffer.from('---\nschema: olm.package\nname: x\n') };
  files['/corrupt.tar.gz'] = { body: Buffer.concat([readFileSync(join(dir, 'sample.tar.gz')).subarray(0, 30), Buffer.alloc(200, 7)]) };
  files['/big.tar.gz'] = { body: readFileSync(join(dir, 'sample.tar.gz')) };
  files['/unannounced.tar.gz'] = { body: readFileSync(join(dir, 'sample.tar.gz')), chunked: true };
  files['/site/index.json'] = { body: Buffer.from(JSON.stringify({ fbclensCatalogIndex: 1, files: ['cert-watcher/catalog.yaml', 'lens-demo/catalog.json'] })) };
  files['/site/cert-watcher/catalog.yaml'] = { body: readFileSync(join(sample, 'cert-watcher/catalog.yaml')) };
  files['/site/lens-demo/catalog.json'] = { body: readFileSync(join(sample, 'lens-demo/catalog.json')) };
  files['/site/bad-index.json'] = { body: Buffer.from('{"fbclensCatalogIndex": 1, "files": ["../secret.yaml"]}') };
  server = createServer((req, res) => {
    const f = files[new URL(req.url, 'http://x').pathname];
    if (!f) { res.writeHead(404, 'Not Found'); return res.end('not found'); }
    if (f.chunked) { res.writeHead(200); res.write(f.body.subarray(0, 100)); return setTimeout(() => res.end(f.body.subarray(100)), 5); }
    res.writeHead(200, { 'Content-Length': f.body.length });
    res.end(f.body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const samplePaths = () => countCatalog(sample).paths.map((p) => 'catalog/' + p).sort();

test('a .tar.gz at a URL gives the folder it was made from, byte for byte', async () => {
  const got = await Sources.fromUrl(base + '/sample.tar.gz');
  assert.equal(got.kind, 'archive');
  const paths = got.files.map((f) => f.path).filter((p) => !p.endsWith('/'));
  // Every catalog file the folder holds (and its README and .indexignore: the loader decides).
  for (const p of samplePaths()) assert.ok(paths.includes(p), p + ' is in the archive');
  const yaml = got.files.find((f) => f.path === 'catalog/cert-watcher/catalog.yaml');
  assert.deepEqual(Buffer.from(yaml.data), readFileSync(join(sample, 'cert-watcher/catalog.yaml')));
  assert.ok(paths.includes('catalog/.indexignore'));
});

test('gzip is known by its bytes, not the name', async () => {
  const got = await Sources.fromUrl(base + '/sample.tgz-no-extension');
  assert.equal(got.kind, 'archive');
  assert.ok(got.files.some((f) => f.path === 'catalog/lens-demo/catalog.json'));
});

test('one JSON or YAML file, named by the URL or by its first byte', async () => {
  const json = await Sources.fromUrl(base + '/lens-demo.json');
  assert.deepEqual(json.files.map((f) => f.path), ['lens-demo.json']);
  assert.equal(json.kind, 'file');
  const yaml = await Sources.fromUrl(base + '/noname');
  assert.deepEqual(yaml.files.map((f) => f.path), ['catalog.yaml']);
});

// Defect (web/io/catalog-source.js): indexFiles calls catalogPath, which lives in web/io/tar.js
// and is neither exported nor imported, so every index file fails with "ReferenceError:
// catalogPath is not defined" (not an FbclensSourceError) before a single file is fetched.

test('an index file lists the files beside it', async () => {
  const got = await Sources.fromUrl(base + '/site/index.json');
  assert.equal(got.kind, 'index');
  assert.deepEqual(got.files.map((f) => f.path), ['cert-watcher/catalog.yaml', 'lens-demo/catalog.json']);
  assert.deepEqual(Buffer.from(got.files[1].data), readFileSync(join(sample, 'lens-demo/catalog.json')));
});

test('failures say what went wrong, with their kind', async () => {
  const failure = async (url, options) => {
    try { await Sources.fromUrl(url, options); } catch (e) { return e; }
    assert.fail(url + ' loaded');
  };
  let e = await failure(base + '/missing.tar.gz');
  assert.equal(e.kind, 'http');
  assert.match(e.message, /HTTP 404 Not Found/);
  e = await failure(base + '/big.tar.gz', { maxBytes: 100 });
  assert.equal(e.kind, 'size');
  assert.match(e.message, /larger than the 0\.0 MB fbclens accepts/);
  e = await failure(base + '/unannounced.tar.gz', { maxBytes: 150 });  // no Content-Length: caught while reading
  assert.equal(e.kind, 'size');
  e = await failure(base + '/sample.tar.gz', { maxBytes: files['/sample.tar.gz'].body.length + 10 });  // the gzip bomb case
  assert.equal(e.kind, 'size');
  assert.match(e.message, /decompressed archive/);
  e = await failure(base + '/corrupt.tar.gz');
  assert.equal(e.kind, 'archive');
  e = await failure('http://127.0.0.1:1/nothing-listens-here.json');
  assert.equal(e.kind, 'network');
  assert.match(e.message, /CORS/);
});

test('an index naming a path outside its folder is refused, with its kind', async () => {
  let e = null;
  try { await Sources.fromUrl(base + '/site/bad-index.json'); } catch (error) { e = error; }
  assert.ok(e, 'the bad index loaded');
  assert.equal(e.kind, 'index');
  assert.match(e.message, /"\.\.\/secret\.yaml", which is not a path inside its folder/);
});

test('catalog-source re-exports the tar reader it uses', () => {
  assert.equal(Sources.readTar, readTar);
});

test('a tar with a damaged header is refused, not half read', () => {
  const tar = execFileSync('tar', ['cf', '-', '-C', sample, 'lens-demo']);
  const bad = Buffer.from(tar);
  bad[10] ^= 0xff;  // inside the first header's name
  assert.throws(() => readTar(new Uint8Array(bad)), (e) => e.kind === 'archive' && /checksum/.test(e.message));
  const good = readTar(new Uint8Array(tar));
  assert.deepEqual(good.map((f) => f.path), ['lens-demo/catalog.json']);
});

test('long names (pax and GNU) and macOS companions', () => {
  const work = mkdtempSync(join(tmpdir(), 'fbclens-tar-'));
  try {
    const deep = join(work, 'c', 'a'.repeat(60), 'b'.repeat(60));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, 'catalog.yaml'), 'x');
    writeFileSync(join(work, 'c', '._catalog.yaml'), 'apple double');
    for (const format of ['pax', 'gnu']) {
      const tar = execFileSync('tar', ['cf', '-', '--format=' + format, '-C', work, 'c']);
      const paths = readTar(new Uint8Array(tar)).map((f) => f.path);
      assert.deepEqual(paths, ['c/' + 'a'.repeat(60) + '/' + 'b'.repeat(60) + '/catalog.yaml'], format);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('picked files: archives are opened, other files pass through', async () => {
  const tgz = readFileSync(join(dir, 'sample.tar.gz'));
  const out = await Sources.expandArchives([{ path: 'sample.tgz', data: new Uint8Array(tgz) }, { path: 'extra.yaml', data: new Uint8Array([120]) }]);
  assert.ok(out.some((f) => f.path === 'catalog/cert-watcher/catalog.yaml'));
  assert.equal(out[out.length - 1].path, 'extra.yaml');
  const plain = [{ path: 'a.yaml', data: new Uint8Array([1]) }];
  assert.equal(await Sources.expandArchives(plain), plain);
});
