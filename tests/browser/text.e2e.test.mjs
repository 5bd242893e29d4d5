// What the canvas shows, as DOM text: the findings region says "No findings" for a clean catalog
// and is read without expanding anything; the explorer's tree and the selected bundle are text a
// search finds (a bundle name, an image digest); Enter in the explorer's search opens the first
// match (keyboard only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, startPage } from './chromium.mjs';

const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
let server, browser, page;
const consoleErrors = [];
const files = (dir) => countCatalog(dir).paths.map((p) => ({ path: p, data: readFileSync(join(dir, p), 'utf8') }));

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('a clean catalog: the findings region says "No findings", in a region with a heading', async () => {
  const seed = readFileSync(join(repo, 'samples/catalog/upgrade-seed/catalog.yaml'), 'utf8');
  const summary = await page.evaluate((data) => window.fbclens.loadFiles([{ path: 'catalog.yaml', data }]), seed);
  assert.equal(summary.findings.length, 0);
  const region = await page.$eval('section.fbclens-findings', (s) => ({
    label: s.getAttribute('aria-label'), heading: s.querySelector('h2').textContent,
    none: s.querySelector('.fbclens-findings-none').hidden ? '' : s.querySelector('.fbclens-findings-none').textContent }));
  assert.deepEqual(region, { label: 'Findings', heading: 'Findings', none: 'No findings: opm validate would pass this catalog.' });
  // The sample has findings: counted in words, the list in the accessibility tree though out of sight.
  await page.evaluate(() => window.fbclens.loadSample());
  assert.match(await page.textContent('.fbclens-findings-count'), /\(\d+ warnings?\)/);
  const snapshot = await page.locator('section.fbclens-findings').ariaSnapshot();
  assert.match(snapshot, /FBC4101/);
  assert.equal(await page.$eval('.fbclens-findings-list button', (b) => b.tabIndex), -1);  // not a Tab stop while out of sight
});

test('the explorer and the selected bundle as text: a search finds a bundle name and an image digest', { skip: !existsSync(rhtpa) }, async () => {
  await page.evaluate((c) => window.fbclens.loadFiles(c), files(rhtpa));
  await page.waitForFunction(() => /rhtpa-operator\.v1\.0\.2/.test(document.querySelector('.fbclens-text-explorer').textContent));
  const digest = await page.$eval('.fbclens-text-explorer', (e) => (e.textContent.match(/@sha256:[0-9a-f]{64}/) || [''])[0]);
  assert.ok(digest, 'an image digest is in the explorer text');
  await page.evaluate(() => window.fbclens.show({ package: 'rhtpa-operator', channel: 'stable', bundle: 'rhtpa-operator.v1.0.2' }));
  await page.waitForFunction(() => /bundlerhtpa-operator\.v1\.0\.2/.test(document.querySelector('.fbclens-text-bundle').textContent), null, { timeout: 10000 });
  const bundle = await page.textContent('.fbclens-text-bundle');
  assert.match(bundle, /channelstable/);
  assert.match(bundle, /deprecatedrhtpa-operator\.v1\.0\.2 is deprecated/);
  assert.match(bundle, /olm\.package: \{"packageName":"rhtpa-operator","version":"1\.0\.2"\}/);
});

test('keyboard only: "/" focuses the search, Enter opens the first match', async () => {
  await page.evaluate(() => window.fbclens.loadSample());
  await page.focus('.fbclens-canvas');
  await page.keyboard.press('/');
  await page.keyboard.type('lens', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.fbclens.appStatus().package === 'lens-demo', null, { timeout: 5000 });
  assert.equal((await page.evaluate(() => window.fbclens.appStatus())).channel, 'stable');
  await page.keyboard.press('/');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('v2.1.0', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.fbclens.appStatus().bundle === 'cert-watcher.v2.1.0-rc.1', null, { timeout: 5000 });
  assert.equal((await page.evaluate(() => window.fbclens.appStatus())).channel, 'fast');
  assert.deepEqual(consoleErrors, []);
});
