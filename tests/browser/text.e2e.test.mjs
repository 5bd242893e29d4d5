// What the app shows is DOM text (issue 20: the explorer is an ARIA tree and the panels are DOM,
// so the canvas's old "Catalog as text" mirror has no job left; these tests check the
// replacements): the Findings panel says "No findings" for a clean catalog and is read without
// expanding anything; the explorer tree finds a bundle by name and the Bundle panel shows the
// selected bundle in full (its image digest, its deprecation, its properties) as text the browser's
// find reaches; Enter in the explorer's search opens the first match (keyboard only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, startPage } from './chromium.mjs';
import { panel, words } from './page-helpers.mjs';

const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
let server, browser, page;
const consoleErrors = [];
const files = (dir) => countCatalog(dir).paths.map((p) => ({ path: p, data: readFileSync(join(dir, p), 'utf8') }));
const search = () => page.getByRole('searchbox', { name: 'Search packages, channels, bundles' });

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('a clean catalog: the Findings panel says "No findings", in a labelled region', async () => {
  const seed = readFileSync(join(repo, 'samples/catalog/upgrade-seed/catalog.yaml'), 'utf8');
  const summary = await page.evaluate((data) => window.fbclens.loadFiles([{ path: 'catalog.yaml', data }]), seed);
  assert.equal(summary.findings.length, 0);
  // The panel is open beside the graph from the start: nothing to expand.
  const findings = panel(page, /^Findings/);
  assert.equal(await page.getByRole('tab', { name: /^Findings/ }).getAttribute('aria-selected'), 'true');
  assert.equal(await words(page.getByRole('tab', { name: /^Findings/ })), 'Findings 0');
  assert.equal(await findings.getByText(/^No findings/).textContent(),
    'No findings: opm validate would pass this catalog, and fbclens has no advice.');
  assert.equal(await findings.getByRole('listbox').count(), 0);
  // The sample has findings: counted in words, the list in the accessibility tree.
  await page.evaluate(() => window.fbclens.loadSample());
  const n = await page.evaluate(() => window.fbclens.summary().findings.length);
  const warnings = await page.evaluate(() => window.fbclens.summary().findingCounts.warning);
  assert.ok(warnings > 0);
  const list = findings.getByRole('listbox');
  assert.equal(await list.getAttribute('aria-label'), n + '\u00a0findings shown of ' + n);
  assert.equal(await words(findings.getByRole('button', { name: /^Warnings/ })), 'Warnings ' + warnings);
  const snapshot = await findings.ariaSnapshot();
  assert.match(snapshot, /FBC4101/);
  // One Tab stop for the whole list (arrow keys move in it), not one per finding.
  assert.equal(await list.getAttribute('tabindex'), '0');
  assert.deepEqual(await list.getByRole('option').evaluateAll((os) => os.filter((o) => o.tabIndex >= 0).length), 0);
});

test('the explorer finds a bundle by name, and the Bundle panel shows it in full as text (an image digest)', { skip: !existsSync(rhtpa) && 'needs ../shared/catalogs (absent)' }, async () => {
  await page.evaluate((c) => window.fbclens.loadFiles(c), files(rhtpa));
  // A bundle name typed into the explorer's search: the tree shows its entries, as text.
  await search().fill('rhtpa-operator.v1.0.2');
  const tree = page.getByRole('tree', { name: 'Packages, channels and bundles' });
  const hits = tree.getByRole('treeitem', { name: /rhtpa-operator\.v1\.0\.2/ });
  await hits.first().waitFor();
  assert.deepEqual(await hits.evaluateAll((items) => items.map((i) => i.getAttribute('aria-level'))), ['3', '3'],
    'the two channels listing it (stable, stable-v1.0)');
  assert.equal(await tree.getByRole('treeitem', { name: /rhtpa-operator\.v1\.1\.0/ }).count(), 0, 'the search keeps only what matches');
  await search().fill('');
  // The selected bundle in full: the Bundle panel, as text.
  await page.evaluate(() => window.fbclens.show({ package: 'rhtpa-operator', channel: 'stable', bundle: 'rhtpa-operator.v1.0.2' }));
  await page.getByRole('tab', { name: 'Bundle' }).click();
  const bundle = panel(page, 'Bundle');
  await bundle.getByRole('heading', { name: 'rhtpa-operator.v1.0.2', exact: true }).waitFor({ timeout: 30000 });
  const facts = Object.fromEntries(await bundle.getByRole('term').evaluateAll((terms) =>
    terms.map((t) => [t.textContent, t.nextElementSibling && t.nextElementSibling.textContent])));
  assert.equal(facts.channel, 'stable');
  assert.match(facts.image, /@sha256:[0-9a-f]{64}$/, 'an image digest is text in the panel');
  assert.match(facts.deprecated, /rhtpa-operator\.v1\.0\.2 is deprecated/);
  const text = await bundle.textContent();
  assert.ok(text.includes('olm.package {"packageName":"rhtpa-operator","version":"1.0.2"}'), 'its olm.package property');
  assert.ok(text.includes(facts.image));
});

test('keyboard only: Enter in the explorer search opens the first match', async () => {
  // (How the keyboard reaches the search box from the graph, '/', is app.e2e's test.)
  await page.evaluate(() => window.fbclens.loadSample());
  await search().focus();
  await page.keyboard.type('lens', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.fbclens.appStatus().package === 'lens-demo', null, { timeout: 30000 });
  assert.equal((await page.evaluate(() => window.fbclens.appStatus())).channel, 'stable');
  // Ctrl+A selects the box's text (not the page's), so typing replaces it.
  await search().focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('v2.1.0', { delay: 30 });
  assert.equal(await search().inputValue(), 'v2.1.0');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.fbclens.appStatus().bundle === 'cert-watcher.v2.1.0-rc.1', null, { timeout: 30000 });
  assert.equal((await page.evaluate(() => window.fbclens.appStatus())).channel, 'fast');
  assert.deepEqual(consoleErrors, []);
});
