// Browser end-to-end test of reading a load's Files ahead of the core (readAhead in
// wasm/fbclens-api.js): where Chromium has WebAssembly JS Promise Integration, the worker's core
// waits for each File while the browser reads the next ones, in the order of the core's read plans
// (FileSource::plan_reads). The same catalog given as Files (read ahead) and as strings (no reading
// at all) must give the same Summary, to the finding's file, line and column, with an .indexignore
// (read before the walk) and files it excludes; a file read again afterwards (a source excerpt,
// outside the load) is read as before; a repository, read twice (discovery, then each root), too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPage } from './chromium.mjs';

let server, browser, page;
const consoleErrors = [];

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// A catalog of several folders in an order the walk changes (z before a in the list), an
// .indexignore that excludes a folder whose file would be a load error, and a finding at a known
// line (b's channel names a bundle no olm.bundle declares).
const CATALOG = {
  'z/catalog.json': JSON.stringify({ schema: 'olm.package', name: 'zeta', defaultChannel: 'stable' }) + '\n' +
    JSON.stringify({ schema: 'olm.channel', package: 'zeta', name: 'stable', entries: [{ name: 'zeta.v1.0.0' }] }) + '\n' +
    JSON.stringify({ schema: 'olm.bundle', package: 'zeta', name: 'zeta.v1.0.0', image: 'example.com/zeta:1',
      properties: [{ type: 'olm.package', value: { packageName: 'zeta', version: '1.0.0' } }] }) + '\n',
  '.indexignore': 'ignored/\n',
  'ignored/broken.json': '{ this is not json',
  'a/catalog.yaml': [
    'schema: olm.package', 'name: alpha', 'defaultChannel: stable', '---',
    'schema: olm.channel', 'package: alpha', 'name: stable', 'entries:', '  - name: alpha.v1.0.0', '---',
    'schema: olm.bundle', 'package: alpha', 'name: alpha.v1.0.0', 'image: example.com/alpha:1', 'properties:',
    '  - type: olm.package', '    value:', '      packageName: alpha', '      version: 1.0.0', ''].join('\n'),
  'b/nested/catalog.yaml': [
    'schema: olm.package', 'name: beta', 'defaultChannel: stable', '---',
    'schema: olm.channel', 'package: beta', 'name: stable', 'entries:', '  - name: beta.v2.0.0', ''].join('\n'),
};

test('Files read ahead of the core give the Summary that strings give, and excerpts still read', async () => {
  const hasJspi = await page.evaluate(() => typeof WebAssembly.Suspending === 'function');
  assert.ok(hasJspi, 'this Chromium has JS Promise Integration (without it the read-ahead path is not taken)');

  const summaries = await page.evaluate(async (catalog) => {
    const entries = Object.entries(catalog);
    const findingsOf = (s) => s.findings.map((f) => `${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`);
    const fromStrings = await window.fbclens.loadFiles(entries.map(([path, data]) => ({ path, data })));
    const stringsAhead = performance.getEntriesByName('fbclens:read-ahead').length;
    const files = entries.map(([path, data]) => {
      const file = new File([data], path.split('/').pop());
      Object.defineProperty(file, 'fbclensPath', { value: path });
      return file;
    });
    const fromFiles = await window.fbclens.loadFiles(files);
    const ahead = performance.getEntriesByName('fbclens:read-ahead').map((e) => e.detail);
    const excerpt = await window.fbclens.excerpt({ file: 'b/nested/catalog.yaml', line: 9, context: 1 });
    return {
      strings: { verdict: fromStrings.verdict, files: fromStrings.files, bundles: fromStrings.bundles, findings: findingsOf(fromStrings) },
      files: { verdict: fromFiles.verdict, files: fromFiles.files, bundles: fromFiles.bundles, findings: findingsOf(fromFiles) },
      stringsAhead, ahead, excerpt,
    };
  }, CATALOG);

  assert.equal(summaries.stringsAhead, 0, 'strings are not read ahead');
  assert.deepEqual(summaries.ahead.length, 1, 'the load of Files was read ahead');
  // The .indexignore (read first), a, b/nested and z, and the ignored file once more for the
  // catalog's fingerprint (wasm/staged_files.cpp hashes every file).
  assert.ok(summaries.ahead[0].files >= 4 && summaries.ahead[0].waited <= summaries.ahead[0].files, JSON.stringify(summaries.ahead[0]));
  assert.equal(summaries.ahead[0].kept, 0, 'one catalog: each file read once, nothing kept for a second read');
  // The page's thread read them for the worker (fbclens-worker.js readOnPage), every one.
  assert.equal(summaries.ahead[0].onPage, summaries.ahead[0].read, JSON.stringify(summaries.ahead[0]));
  // All five Files are small: the page started every one as the load was asked for (readEarly in
  // wasm/fbclens-client.js), and the worker asked for each once.
  assert.equal(summaries.ahead[0].early, 5, JSON.stringify(summaries.ahead[0]));
  // The core's plans alone order the reads: the .indexignore files, then the walk's files, then
  // the .indexignore files once more, for the rules discovery would apply when the template watch
  // looks for a template schema in the files the load did not parse (repo/discover.cpp).
  assert.equal(summaries.ahead[0].plans, 3, JSON.stringify(summaries.ahead[0]));
  assert.ok(summaries.strings.findings.some((f) => f.includes('b/nested/catalog.yaml:')),
    'the catalog has a finding in b/nested/catalog.yaml: ' + JSON.stringify(summaries.strings.findings));
  assert.deepEqual(summaries.files, summaries.strings);
  assert.equal(summaries.files.files, 3, 'a, b/nested and z parsed; .indexignore and ignored/ not');
  assert.deepEqual(summaries.excerpt.lines.map(([n]) => n), [8, 9, 10]);
  assert.match(summaries.excerpt.lines[1][1], /beta\.v2\.0\.0/);
  assert.deepEqual(consoleErrors, []);
});

// Loads `catalog` ({path: text}) as strings and as Files; both Summaries with the root shown (a
// repository's), and the read-ahead marks of the loads.
const loadBothWays = (page, catalog) => page.evaluate(async (c) => {
  const entries = Object.entries(c);
  const shape = (s) => ({ verdict: s.verdict, files: s.files, bundles: s.bundles,
    findings: s.findings.map((f) => `${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`),
    root: window.fbclens.state().root });
  const strings = shape(await window.fbclens.loadFiles(entries.map(([path, data]) => ({ path, data }))));
  performance.clearMarks('fbclens:read-ahead');
  const files = shape(await window.fbclens.loadFiles(entries.map(([path, data]) => {
    const file = new File([data], path.split('/').pop());
    Object.defineProperty(file, 'fbclensPath', { value: path });
    return file;
  })));
  return { strings, files, ahead: performance.getEntriesByName('fbclens:read-ahead').map((e) => e.detail) };
}, catalog);

test('a repository read ahead: discovery plans its reads, then each catalog root its own, and the Summary is the strings\'', async () => {
  const root = (version, bundle) => ({
    [`v${version}/catalog/p/catalog.json`]: [
      { schema: 'olm.package', name: 'p', defaultChannel: 'stable' },
      { schema: 'olm.channel', package: 'p', name: 'stable', entries: [{ name: bundle }] },
      { schema: 'olm.bundle', package: 'p', name: bundle, image: 'example.com/p:' + version,
        properties: [{ type: 'olm.package', value: { packageName: 'p', version: '1.0.0' } }] },
    ].map((o) => JSON.stringify(o)).join('\n') + '\n',
  });
  const repository = { ...root('4.20', 'p.v1.0.0'), ...root('4.21', 'p.v1.0.0'), 'README.md': '# catalogs\n' };
  const { strings, files, ahead } = await loadBothWays(page, repository);
  assert.equal(strings.root, 'v4.21/catalog', 'a repository, its newest catalog shown: ' + JSON.stringify(strings));
  assert.deepEqual(files, strings);
  assert.equal(ahead.length, 1, 'the load of Files was read ahead');
  // Discovery's plan, then one per root (each root's loader plans its own files); what discovery
  // read, the roots took again without reading it again.
  assert.ok(ahead[0].plans >= 3, JSON.stringify(ahead[0]));
  assert.equal(ahead[0].kept, 2, 'both roots\' files came from what discovery kept: ' + JSON.stringify(ahead[0]));
  // v4.20's root is validated as soon as discovery has read its folder, before it reads v4.21's
  // (core/repo/discover.h RootFound): one catalog file kept at a time, nothing else.
  const sizes = Object.entries(repository).filter(([path]) => path.endsWith('.json')).map(([, text]) => text.length);
  assert.equal(ahead[0].keptPeakBytes, Math.max(...sizes), 'one catalog file kept at a time: ' + JSON.stringify(ahead[0]));
  assert.ok(ahead[0].files >= 4 && ahead[0].waited <= ahead[0].files, JSON.stringify(ahead[0]));
  assert.deepEqual(consoleErrors, []);
});

// A load through JSPI runs the core on a stack the browser switches to; nesting as deep as the core
// accepts (Go's limit, 10,000 levels: core/load/document.h kMaxNestingDepth) must still be parsed
// and validated there, and one level more must be a finding, not a crash.
test('values nested as deep as the core accepts load through the waiting reads; one level more is a finding', async () => {
  const load = (depth) => page.evaluate(async (n) => {
    const nested = '['.repeat(n) + ']'.repeat(n);
    const file = (path, text) => {
      const f = new File([text], path.split('/').pop());
      Object.defineProperty(f, 'fbclensPath', { value: path });
      return f;
    };
    const summary = await window.fbclens.loadFiles([
      file('p/catalog.json', `{"schema":"olm.package","name":"p"}\n{"schema":"olm.bundle","package":"p","name":"b","x":${nested}}\n`),
      file('q/catalog.yaml', `schema: olm.package\nname: q\n---\nschema: olm.bundle\npackage: q\nname: c\nx: ${nested}\n`),
    ]);
    return { verdict: summary.verdict, blobs: summary.blobs, findings: summary.findings.map((f) => `${f.code} ${f.file}:${f.line} ${f.message}`) };
  }, depth);

  const deepest = await load(9999);  // with the object around it: 10,000 levels
  assert.equal(deepest.verdict, 'INVALID', JSON.stringify(deepest));
  assert.equal(deepest.blobs, 4, 'both bundles were read');
  assert.ok(deepest.findings.some((f) => f.startsWith('FBC2211 q/catalog.yaml:')), JSON.stringify(deepest.findings));

  const deeper = await load(10000);
  assert.equal(deeper.verdict, 'LOAD ERROR');
  assert.ok(deeper.findings.some((f) => f.startsWith('FBC1012 p/catalog.json:2') && f.includes('max depth of 10000')), JSON.stringify(deeper.findings));
  assert.ok(deeper.findings.some((f) => f.startsWith('FBC1012 q/catalog.yaml:')), JSON.stringify(deeper.findings));
  assert.deepEqual(consoleErrors, []);
});

// Files larger together than what is read ahead at once (16 MB, READ_AHEAD_BYTES): each File is
// read from the browser once. A read-ahead whose position stayed on a file the core had taken
// started that file again (the reads of certified v4.14's 56 MB took 830-1,030 ms, and 510-700 ms
// once each file was read once).
test('Files larger together than the read-ahead budget are each read once', async () => {
  const stats = await page.evaluate(async () => {
    const packageFile = (name) => {
      const description = 'x'.repeat(7 << 20);  // 7 MB: three of them are more than the budget
      const f = new File([JSON.stringify({ schema: 'olm.package', name, description }) + '\n'], 'catalog.json');
      Object.defineProperty(f, 'fbclensPath', { value: `${name}/catalog.json` });
      return f;
    };
    performance.clearMarks('fbclens:read-ahead');
    const summary = await window.fbclens.loadFiles(['a', 'b', 'c', 'd'].map(packageFile), { deferAnalyses: true });
    const ahead = performance.getEntriesByName('fbclens:read-ahead').map((e) => e.detail);
    return { verdict: summary.verdict, files: summary.files, ahead };
  });
  assert.equal(stats.files, 4, JSON.stringify(stats));
  assert.equal(stats.ahead.length, 1, 'the load of Files was read ahead');
  assert.equal(stats.ahead[0].files, 4, JSON.stringify(stats.ahead[0]));
  assert.equal(stats.ahead[0].read, 4, 'each File read once: ' + JSON.stringify(stats.ahead[0]));
  // The page starts 4 MB of Files before the worker asks: the first 7 MB File alone.
  assert.equal(stats.ahead[0].early, 1, JSON.stringify(stats.ahead[0]));
  assert.deepEqual(consoleErrors, []);
});

// The page reads the Files for the worker; a File the browser can no longer read (removed after it
// was picked) is the core's FBC1001 on that file, and the rest of the catalog still loads.
// A valid package of one bundle, as a JSON stream.
const onePackage = (name) => [
  { schema: 'olm.package', name, defaultChannel: 'stable' },
  { schema: 'olm.channel', package: name, name: 'stable', entries: [{ name: name + '.v1.0.0' }] },
  { schema: 'olm.bundle', package: name, name: name + '.v1.0.0', image: 'example.com/' + name + ':1',
    properties: [{ type: 'olm.package', value: { packageName: name, version: '1.0.0' } }] },
].map((o) => JSON.stringify(o)).join('\n') + '\n';

// Picks `folder` in a folder input of the test's own, `#id` (made on first use).
async function pickFolder(id, folder) {
  await page.evaluate((id) => {
    if (document.getElementById(id)) return;
    const input = Object.assign(document.createElement('input'), { type: 'file', id, hidden: true });
    input.webkitdirectory = true;
    document.body.append(input);
  }, id);
  await page.setInputFiles('#' + id, folder);
}

test('a picked File removed before the load is FBC1001 on it, and the other files load', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fbclens-unreadable-'));
  for (const name of ['kept', 'removed']) {
    mkdirSync(join(dir, 'catalog', name), { recursive: true });
    writeFileSync(join(dir, 'catalog', name, 'catalog.json'), onePackage(name));
  }
  try {
    await pickFolder('unreadable-input', join(dir, 'catalog'));
    rmSync(join(dir, 'catalog', 'removed', 'catalog.json'));
    const loaded = await page.evaluate(async () => {
      performance.clearMarks('fbclens:read-ahead');
      const summary = await window.fbclens.loadFiles(document.getElementById('unreadable-input').files);
      return { verdict: summary.verdict, packages: summary.packages,
               findings: summary.findings.map((f) => `${f.code} ${f.file} ${f.message}`),
               ahead: performance.getEntriesByName('fbclens:read-ahead').map((e) => e.detail) };
    });
    assert.equal(loaded.verdict, 'LOAD ERROR', JSON.stringify(loaded));
    assert.ok(loaded.findings.some((f) => f.startsWith('FBC1001 removed/catalog.json') && f.includes('could not read')),
      JSON.stringify(loaded.findings));
    assert.equal(loaded.packages, 1, 'the package whose file was read still loaded');
    // Both files through the page (the one it could not read is tried again for the catalog's
    // fingerprint: wasm/staged_files.cpp hashes every file).
    assert.ok(loaded.ahead[0].onPage >= 2 && loaded.ahead[0].onPage === loaded.ahead[0].read, JSON.stringify(loaded.ahead));
    assert.deepEqual(consoleErrors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// The page asks no File its size (posting a File to a worker would ask it too): the worker names
// each file to the core without one and learns it from the bytes. A File over the core's limit
// (512 MiB, core/load/loader.h) is reported as any file over the limit, and is never copied into
// the module, for the load or for the catalog's fingerprint (which once copied in every file whole).
test('a picked File over the size limit: the finding names the limit, the other files load, the module never holds it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fbclens-too-large-'));
  mkdirSync(join(dir, 'catalog', 'small'), { recursive: true });
  mkdirSync(join(dir, 'catalog', 'big'), { recursive: true });
  writeFileSync(join(dir, 'catalog', 'small', 'catalog.json'), onePackage('small'));
  const big = join(dir, 'catalog', 'big', 'catalog.json');
  writeFileSync(big, '');
  truncateSync(big, 600 * 1024 * 1024);  // sparse: nothing written to disk
  try {
    await pickFolder('too-large-input', join(dir, 'catalog'));
    const loaded = await page.evaluate(async () => {
      const summary = await window.fbclens.loadFiles(document.getElementById('too-large-input').files);
      return { packages: summary.packages, findings: summary.findings.map((f) => `${f.code} ${f.file} ${f.message}`),
               worker: (await window.fbclens.memory()).worker };
    });
    assert.equal(loaded.packages, 1, JSON.stringify(loaded));
    assert.ok(loaded.findings.some((f) => f.startsWith('FBC1001 big/catalog.json') && f.includes('larger than the limit of 536870912 bytes')),
      JSON.stringify(loaded.findings));
    // Never copied into the module (its memory would have grown past the file's 600 MiB).
    assert.ok(loaded.worker.wasmBytes < 200e6, JSON.stringify(loaded.worker));
    assert.deepEqual(consoleErrors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
