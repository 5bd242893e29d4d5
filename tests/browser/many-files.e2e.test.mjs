// Browser end-to-end test of a folder of many Files (web/shell/loads.js READ_FIRST_FILES): the page
// reads them before the worker starts and never asks a File its size, which in Chromium costs a
// synchronous look-up per File. What the load gives must be what the same files give as strings,
// to each finding's file (named without the picked folder's own name), line and column.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPage } from './chromium.mjs';
import { openFolder } from './page-helpers.mjs';

let server, browser, page, dir;
const consoleErrors = [];
const BUNDLES = 1000;  // with the package's file, one File more than READ_FIRST_FILES

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
  // A file per bundle; the channel lists only the first, so each other bundle is a finding.
  dir = join(mkdtempSync(join(tmpdir(), 'fbclens-many-')), 'many');
  mkdirSync(join(dir, 'pkg'), { recursive: true });
  const bundle = (i) => `pkg.v1.0.${i}`;
  writeFileSync(join(dir, 'pkg', 'package.json'),
    JSON.stringify({ schema: 'olm.package', name: 'pkg', defaultChannel: 'stable' }) + '\n' +
    JSON.stringify({ schema: 'olm.channel', package: 'pkg', name: 'stable', entries: [{ name: bundle(0) }] }) + '\n');
  for (let i = 0; i < BUNDLES; i++) {
    writeFileSync(join(dir, 'pkg', bundle(i) + '.json'), JSON.stringify({
      schema: 'olm.bundle', package: 'pkg', name: bundle(i), image: 'example.com/pkg:' + i,
      properties: [{ type: 'olm.package', value: { packageName: 'pkg', version: '1.0.' + i } }],
    }, null, 2) + '\n');
  }
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

test('a folder of 1,001 Files is read on the page first and validates as its files given as strings', async () => {
  const shape = () => page.evaluate(() => {
    const s = window.fbclens.summary();
    return { verdict: s.verdict, files: s.files, bytes: s.bytes, bundles: s.bundles,
      findings: s.findings.map((f) => `${f.code} ${f.file}:${f.line}:${f.column} ${f.message}`) };
  });
  const loaded = page.evaluate(() => new Promise((resolve) => {
    performance.clearMarks('fbclens:read-ahead');
    window.fbclens.on('load', resolve);
  }));
  await openFolder(page, dir);
  await loaded;
  const picked = await shape();
  // The worker was given bytes, not Files: nothing was read ahead of its core.
  assert.equal(await page.evaluate(() => performance.getEntriesByName('fbclens:read-ahead').length), 0);

  // The same files as strings, paths relative to the folder.
  const texts = readdirSync(join(dir, 'pkg')).map((name) => ['pkg/' + name, readFileSync(join(dir, 'pkg', name), 'utf8')]);
  await page.evaluate((files) => window.fbclens.loadFiles(files.map(([path, data]) => ({ path, data }))), texts);
  const fromStrings = await shape();
  assert.equal(picked.bundles, BUNDLES);
  assert.equal(picked.files, BUNDLES + 1);
  assert.ok(picked.findings.some((f) => f.includes(' pkg/pkg.v1.0.1.json:')), 'paths without the folder\'s name: ' + picked.findings[0]);
  assert.deepEqual(picked, fromStrings);
  assert.deepEqual(consoleErrors, []);
});
