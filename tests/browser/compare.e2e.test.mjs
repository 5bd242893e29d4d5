// "Compare with…" (issue: the CI gate, item 2): an older version of the sample against the sample
// shown. The Changes region lists what `fbclens diff` finds, the graph rings the added entry and
// the entry whose skips changed, and a change's button shows it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo, shots, startPage } from './chromium.mjs';

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
  const region = await page.textContent('.fbclens-compare');
  assert.match(region, /Changes\s*\d+ since the older catalog \(1 files, \d+ bundles, VALID\)/);
  assert.match(region, /cert-watcher \/ stable: cert-watcher\.v1\.2\.0 skips \(none\) → cert-watcher\.v1\.1\.1/);
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  await page.waitForFunction(() => window.fbclens.graphStats().changesMarked === 2);
  await page.screenshot({ path: join(shots, 'compare.png') });
  // A change's button shows it: the new package lens-demo, its three entries ringed as added.
  await page.click('.fbclens-compare li.added button >> text=lens-demo');
  await page.waitForFunction(() => window.fbclens.graphStats().package === 'lens-demo' && window.fbclens.graphStats().changesMarked === 3);
  // Loading another catalog forgets the comparison.
  await page.evaluate(() => window.fbclens.loadSample());
  assert.equal(await page.isVisible('.fbclens-compare'), false);
  await page.waitForFunction(() => window.fbclens.graphStats().changesMarked === 0);
  assert.deepEqual(errors, []);
});
