// "Compare with…" (issue: the CI gate, item 2): an older version of the sample against the sample
// shown. The dock's Changes panel (a region under the graph before issue 20) lists what
// `fbclens diff` finds, the graph rings the added entry and the entry whose skips changed, and a
// change's button shows it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo, shots, startPage } from './chromium.mjs';
import { panel, words } from './page-helpers.mjs';

let server, browser, page;
const errors = [];
before(async () => { ({ server, browser, page } = await startPage(errors)); });
after(async () => { await browser?.close(); await server?.close(); });

test('an older catalog: its changes listed and ringed on the graph', async () => {
  // The older cert-watcher: stable had no 2.0.0 yet and 1.2.0 skipped nothing; the other packages came later.
  const now = readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8');
  const older = now.replace('  - name: cert-watcher.v2.0.0\n    replaces: cert-watcher.v1.2.0\n    skipRange: ">=1.0.0 <2.0.0"\n', '')
    .replace('    skips:\n      - cert-watcher.v1.1.1\n', '');
  assert.notEqual(older, now);
  const answer = await page.evaluate((text) => window.fbclens.compareWith([{ path: 'cert-watcher/catalog.yaml', data: text }]), older);
  assert.deepEqual(answer.diff.packages.added, ['lens-demo', 'upgrade-seed']);
  assert.deepEqual(answer.diff.entries.added.filter((e) => e.package === 'cert-watcher'),
    [{ package: 'cert-watcher', channel: 'stable', bundle: 'cert-watcher.v2.0.0', within: null }]);
  assert.deepEqual(answer.diff.edges, [{ package: 'cert-watcher', channel: 'stable', bundle: 'cert-watcher.v1.2.0', field: 'skips',
    old: [], new: ['cert-watcher.v1.1.1'] }]);
  // The Changes panel opens with it; the older catalog is named by its folder (cert-watcher/).
  const tab = page.getByRole('tab', { name: 'Changes' });
  assert.equal(await tab.getAttribute('aria-selected'), 'true');
  const changes = panel(page, 'Changes');
  await changes.getByText(/ since cert-watcher /).waitFor({ timeout: 30000 });
  const region = await words(changes);
  // The panel's (visually hidden) heading, then its summary.
  assert.match(region, /^Changes \d+ changes since cert-watcher \(1 files, \d+ bundles, VALID\)/);
  assert.match(region, /cert-watcher \/ stable: cert-watcher\.v1\.2\.0 skips \(none\) → cert-watcher\.v1\.1\.1/);
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  await page.waitForFunction(() => window.fbclens.graphStats().changesMarked === 2, null, { timeout: 30000 });
  await page.screenshot({ path: join(shots, 'compare.png') });
  // A change's button shows it: the new package lens-demo, its three entries ringed as added.
  await changes.getByRole('button', { name: 'lens-demo', exact: true }).click();
  await page.waitForFunction(() => window.fbclens.graphStats().package === 'lens-demo' && window.fbclens.graphStats().changesMarked === 3,
    null, { timeout: 30000 });
  // Loading another catalog forgets the comparison: no Changes tab, no changes listed, no rings.
  await page.evaluate(() => window.fbclens.loadSample());
  await tab.waitFor({ state: 'detached', timeout: 30000 });
  assert.equal(await page.getByText(/ changes since /).count(), 0);
  await page.waitForFunction(() => window.fbclens.graphStats().changesMarked === 0, null, { timeout: 30000 });
  await page.screenshot({ path: join(shots, 'compare-forgotten.png') });
  assert.deepEqual(errors, []);
});

test('with the comparison forgotten, the dock shows a panel whose tab is there', async () => {
  // The test above compared, then loaded the sample.
  assert.equal(await page.getByRole('tab', { name: 'Changes' }).count(), 0);
  const selected = page.getByRole('tab', { selected: true });
  assert.equal(await selected.count(), 1, 'one tab of the dock is selected');
  const id = await selected.getAttribute('id');
  assert.equal(await page.getByRole('tabpanel').getAttribute('aria-labelledby'), id, 'the panel shown is the selected tab\'s');
  assert.notEqual(await page.evaluate(() => window.fbclens.appStatus().panel), 'changes');
});
