// Browser end-to-end test of the waiting worker's warm-up (wasm/fbclens-client.js startSpare, the
// worker's 'warmUp', wasm/fbclens-warm-up.js): once the page is idle, the worker kept for the next
// load loads a made-up catalog a few times so the core's code is optimised before a real catalog
// arrives. It must actually run in the app (the 'fbclens:warm-up' mark), and it must leave nothing
// behind: the next load shows only its own catalog, with its own findings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
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

const CATALOG = [
  'schema: olm.package', 'name: solo', 'defaultChannel: stable', '---',
  'schema: olm.channel', 'package: solo', 'name: stable', 'entries:', '  - name: solo.v1.0.0', '  - name: solo.v1.1.0',
  '    replaces: solo.v1.0.0', '---',
  'schema: olm.bundle', 'package: solo', 'name: solo.v1.0.0', 'image: example.com/solo:1.0', 'properties:',
  '  - type: olm.package', '    value:', '      packageName: solo', '      version: 1.0.0', ''].join('\n');

test('the waiting worker warms up once the page is idle, and the next load shows only its catalog', async () => {
  const warmUp = await page.waitForFunction(
    () => (performance.getEntriesByName('fbclens:warm-up').pop() || {}).detail, null, { timeout: 20000, polling: 100 });
  const detail = await warmUp.jsonValue();
  assert.ok(detail.rounds >= 1 && detail.rounds <= 8, `rounds ${detail.rounds}`);
  assert.ok(detail.ms > 0, `ms ${detail.ms}`);

  const summary = await page.evaluate((data) => window.fbclens.loadFiles([{ path: 'solo/catalog.yaml', data }]), CATALOG);
  assert.equal(summary.packages, 1);
  assert.equal(summary.files, 1);
  // solo.v1.1.0 is a channel entry no olm.bundle declares: the load's own finding, and no other
  // file (none of the made-up catalog's) is named by any finding.
  assert.equal(summary.verdict, 'INVALID');
  assert.ok(summary.findings.some((f) => f.severity === 'error' && f.message.includes('solo.v1.1.0')), JSON.stringify(summary.findings));
  assert.deepEqual([...new Set(summary.findings.map((f) => f.file))], ['solo/catalog.yaml']);
  // The page's explorer lists the one package.
  const explorer = await page.evaluate(() => document.body.innerText);
  assert.ok(!explorer.includes('warm-up-yaml') && !explorer.includes('warm-up-json'), 'the made-up packages are nowhere on the page');
  assert.deepEqual(consoleErrors, []);
});
