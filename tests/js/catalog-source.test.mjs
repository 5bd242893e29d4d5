// Catalogs from a URL (web/io/catalog-source.js) under fast-check: whatever a server answers (any
// bytes, gzip of anything, tar of anything, index files naming anything, lying Content-Length),
// fromUrl gives files with catalog paths within the cap, or fails with a typed FbclensSourceError.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { fromUrl, readFilesFirst, FbclensSourceError } from '../../web/io/catalog-source.js';

const RUNS = Number(process.env.FBCLENS_PROPERTY_RUNS || 150);
const KINDS = ['network', 'http', 'size', 'archive', 'index'];
let server, base;
let routes = new Map();  // path → {status, body, headers}

before(async () => {
  server = createServer((req, res) => {
    const r = routes.get(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!r) { res.writeHead(404); res.end(); return; }
    try {
      res.writeHead(r.status, r.headers);
      res.end(Buffer.from(r.body));
    } catch {
      res.destroy();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = 'http://127.0.0.1:' + server.address().port;
});
after(() => server.close());

const body = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.string({ maxLength: 500 }).map((s) => new TextEncoder().encode(s)),
  fc.uint8Array({ maxLength: 3000 }).map((b) => new Uint8Array(gzipSync(b))),
  fc.record({ fbclensCatalogIndex: fc.constantFrom(1, 2, '1'), files: fc.array(fc.oneof(fc.string({ maxLength: 30 }),
    fc.constantFrom('../x', '/etc/passwd', 'a/../../b', 'ok.yaml', '', 'a//b.json')), { maxLength: 5 }) })
    .map((o) => new TextEncoder().encode(JSON.stringify(o))));
const name = fc.constantFrom('c.json', 'c.yaml', 'c.tar.gz', 'c.tgz', 'c.tar', 'index.json', 'noext');

test('catalog source: any answer of a server gives catalog files or a typed error', async () => {
  await fc.assert(fc.asyncProperty(body, name, fc.constantFrom(200, 200, 200, 404, 500), fc.option(fc.nat(100000)),
    fc.integer({ min: 100, max: 5000 }), async (bytes, file, status, length, maxBytes) => {
      routes = new Map([['/' + file, { status, body: bytes, headers: length === null ? {} : { 'content-length': String(length) } }],
        ['/ok.yaml', { status: 200, body: new TextEncoder().encode('schema: olm.package\nname: p\n'), headers: {} }]]);
      let got;
      try {
        got = await fromUrl(base + '/' + file, { maxBytes });
      } catch (error) {
        assert.ok(error instanceof FbclensSourceError, String(error && error.stack));
        assert.ok(KINDS.includes(error.kind), error.kind);
        return;
      }
      let total = 0;
      for (const f of got.files) {
        assert.equal(typeof f.path, 'string');
        assert.ok(!f.path.split('/').includes('..') && !f.path.startsWith('/'), f.path);
        assert.ok(f.data instanceof Uint8Array);
        total += f.data.length;
      }
      assert.ok(total <= maxBytes, total + ' > ' + maxBytes);
    }), { numRuns: RUNS });
});

// readFilesFirst: every File read, in the entries' order, without asking any its size; null (load
// the Files as they are) past the byte limit or when one cannot be read; an AbortError when
// cancelled. Stand-in Files count the reads and refuse `size`, which a real one would look up.
test('readFilesFirst reads every File in order, never asks a size, and gives up past the limit or on a failed read', async () => {
  let reads = 0;
  const file = (text, fails = false) => ({
    arrayBuffer: async () => { reads++; if (fails) throw new Error('NotReadableError'); return new TextEncoder().encode(text).buffer; },
    get size() { throw new Error('size asked'); },
  });
  const entries = Array.from({ length: 100 }, (_, i) => ({ path: `p/${i}.json`, file: file('x'.repeat(i)) }));
  const progress = [];
  const read = await readFilesFirst(entries, { maxBytes: 1 << 20, onProgress: (p) => progress.push(p) });
  assert.deepEqual(read.map((e) => e.path), entries.map((e) => e.path));
  assert.deepEqual(read.map((e) => e.data.length), entries.map((_, i) => i));
  assert.equal(reads, 100);
  assert.deepEqual(progress.at(-1), { phase: 'reading', files: 100, totalFiles: 100, bytes: 4950 });

  assert.equal(await readFilesFirst(entries, { maxBytes: 4949 }), null, 'one byte over the limit');
  assert.equal((await readFilesFirst(entries, { maxBytes: 4950 })).length, 100, 'at the limit');
  const broken = entries.map((e, i) => (i === 50 ? { path: e.path, file: file('', true) } : e));
  assert.equal(await readFilesFirst(broken), null, 'a File that cannot be read');

  const controller = new AbortController();
  controller.abort();
  await assert.rejects(readFilesFirst(entries, { signal: controller.signal }), { name: 'AbortError' });
});
