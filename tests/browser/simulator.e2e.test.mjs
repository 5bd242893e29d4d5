// The upgrade simulator (web/simulator.js) on the built-in sample: the seed example (upgrade-seed,
// 1.0.0 installed though no longer in the catalog) shows OLM Classic staying, with the entry its
// channel order drops, beside OLM v1's walk 1.0.0 -> 2.0.0 -> 3.0.0; both walks are drawn as routes
// on the graph (graphStats().routes); the divergence table lists where the OLMs differ and its
// rows drive the inputs; the inputs (v1 channels, range) change the answer; OLM Classic's
// Dependencies section shows what installs along (cert-watcher 2.0.0 needs lens-demo) and, when the
// edited cluster-provides list pins lens-demo below the range, the skipped candidate marked unmet.
// Screenshots go to build/browser/ (simulator-seed.png at 1280x800, simulator-800x500.png,
// simulator-deps.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { shots, startPage } from './chromium.mjs';

let server, browser, page;
const consoleErrors = [];
const sim = '.fbclens-sim';
const text = (selector) => page.$eval(selector, (e) => e.textContent);

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the seed example: Classic stays on 1.0.0, v1 walks to 3.0.0, each step explained and routed', async () => {
  const answer = await page.evaluate(() => window.fbclens.simulate(
    { package: 'upgrade-seed', installedBundle: 'upgrade-seed.v1.0.0', installedVersion: '1.0.0' }));
  assert.ok(answer, 'simulate() answers');
  assert.deepEqual(answer.classic.walk, ['upgrade-seed.v1.0.0']);
  assert.deepEqual(answer.v1.walk, ['upgrade-seed.v1.0.0', 'upgrade-seed.v2.0.0', 'upgrade-seed.v3.0.0']);
  // The app selected the package; the panel shows the answer as text.
  assert.equal((await page.evaluate(() => window.fbclens.appStatus())).package, 'upgrade-seed');
  const classic = await text(sim + ' [data-olm=classic]');
  assert.match(classic, /Stays on upgrade-seed\.v1\.0\.0/);
  assert.match(classic, /dropped by channel order/);
  assert.match(classic, /upgrade-seed\.v2\.0\.0 \(2\.0\.0\): skipped by upgrade-seed\.v3\.0\.0 in channel "stable"/);
  assert.match(classic, /via channel "stable": skipRange ">=1\.0\.0 <2\.0\.0" contains 1\.0\.0/);
  const v1 = await text(sim + ' [data-olm=v1]');
  assert.match(v1, /Next: upgrade-seed\.v2\.0\.0/);
  assert.match(v1, /Walk: upgrade-seed\.v1\.0\.0 → upgrade-seed\.v2\.0\.0 → upgrade-seed\.v3\.0\.0 \(2 steps\)/);
  assert.match(v1, /OLM v1 upgrades upgrade-seed\.v2\.0\.0 to upgrade-seed\.v3\.0\.0/);
  // The inputs show the question asked: a bundle no longer in the catalog, by name and version.
  assert.equal(await page.$eval(sim + ' .fbclens-sim-other-name', (i) => i.value), 'upgrade-seed.v1.0.0');
  assert.equal(await page.$eval(sim + ' .fbclens-sim-other-version', (i) => i.hidden), false);
  // On the graph: v1's 2.0.0 -> 3.0.0 step is drawn (1.0.0 is not in the catalog, so its first
  // step has no node to start from); Classic does not move.
  await page.waitForFunction(() => window.fbclens.graphStats().routes.v1 === 1, null, { timeout: 10000 });
  assert.equal((await page.evaluate(() => window.fbclens.graphStats())).routes.classic, 0);
  await page.locator(sim).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'simulator-seed.png') });
});

test('inputs change the answer: v1 channels and version range, and the walks route on the graph', async () => {
  const answer = await page.evaluate(() => window.fbclens.simulate({ package: 'upgrade-seed', installedBundle: 'upgrade-seed.v2.0.0',
    version: '<3.0.0' }));
  assert.equal(answer.classic.next, 'upgrade-seed.v3.0.0');
  assert.equal(answer.v1.next, 'upgrade-seed.v2.0.0');  // 3.0.0 is outside the range: v1 stays
  const v1 = await text(sim + ' [data-olm=v1]');
  assert.match(v1, /Stays on upgrade-seed\.v2\.0\.0/);
  assert.match(v1, /outside range/);
  assert.match(v1, /version 3\.0\.0 is outside the range "<3\.0\.0"/);
  assert.equal(await page.$eval(sim + ' .fbclens-sim-version', (i) => i.value), '<3.0.0');
  await page.waitForFunction(() => window.fbclens.graphStats().routes.classic === 1, null, { timeout: 10000 });
  assert.equal((await page.evaluate(() => window.fbclens.graphStats())).routes.v1, 0);
  // Typing a range and pressing Enter asks again, with the range cleared.
  await page.fill(sim + ' .fbclens-sim-version', '');
  await page.press(sim + ' .fbclens-sim-version', 'Enter');
  await page.waitForFunction(() => /Next: upgrade-seed\.v3\.0\.0/.test(document.querySelector('.fbclens-sim [data-olm=v1]').textContent),
    null, { timeout: 10000 });
});

test('the divergence table lists where the two OLMs differ, and a row asks that question', async () => {
  await page.evaluate(() => window.fbclens.simulate({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.0.0' }));
  const rows = await page.$$eval(sim + ' .fbclens-sim-divergence tbody tr', (trs) => trs.map((tr) => tr.cells[1].textContent));
  assert.ok(rows.includes('cert-watcher.v1.2.0'), rows.join(', '));
  await page.click(sim + ' .fbclens-sim-divergence button[aria-label="Simulate cert-watcher.v1.2.0 in stable"]');
  await page.waitForFunction(() => document.querySelector('.fbclens-sim-installed').value === 'cert-watcher.v1.2.0' &&
    /Next: cert-watcher\.v2\.0\.0/.test(document.querySelector('.fbclens-sim [data-olm=classic]').textContent), null, { timeout: 10000 });
  assert.equal(await page.$eval(sim + ' .fbclens-sim-classic-channel', (s) => s.value), 'stable');
  assert.match(await text(sim + ' [data-olm=v1]'), /Fails: validating bundle "cert-watcher\.v2\.0\.0"/);
  await page.setViewportSize({ width: 800, height: 500 });
  await page.locator(sim).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'simulator-800x500.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(consoleErrors, []);
});

test('Dependencies: what installs along, the cluster-provides list re-asks, unmet constraints marked', async () => {
  const answer = await page.evaluate(() => window.fbclens.simulate({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.2.0',
    subscriptionChannel: 'stable' }));
  assert.equal(answer.classic.next, 'cert-watcher.v2.0.0');
  assert.deepEqual(answer.classic.resolution.installs.map((i) => i.bundle), ['cert-watcher.v2.0.0', 'lens-demo.v0.3.0']);
  const classic = sim + ' [data-olm=classic]';
  const along = await text(classic + ' ul.deps-tree[aria-label="Installed along"]');
  assert.match(along, /cert-watcher\.v2\.0\.0 installs 1 bundle along:/);
  assert.match(along, /lens-demo\.v0\.3\.0 \(package lens-demo, channel [^)]+\)/);
  assert.match(along, /bundle cert-watcher\.v2\.0\.0 requires an operator with package: lens-demo and with version in range: >=0\.2\.0/);
  assert.equal(await page.$eval(sim + ' .fbclens-sim-deps', (b) => b.checked), true);

  // The cluster already runs lens-demo 0.1.0: 2.0.0 cannot have lens-demo >=0.2.0, Classic stays.
  await page.fill(sim + ' .fbclens-sim-cluster', 'lens-demo@0.1.0');
  await page.press(sim + ' .fbclens-sim-cluster', 'Enter');
  await page.waitForFunction(() => /Stays on cert-watcher\.v1\.2\.0/.test(document.querySelector('.fbclens-sim [data-olm=classic]').textContent),
    null, { timeout: 10000 });
  const skipped = await text(classic + ' ul.deps-tree[aria-label="Skipped candidates"]');
  assert.match(skipped, /✗cert-watcher\.v2\.0\.0 skipped:/);
  assert.match(skipped, /the cluster already has package lens-demo \(--cluster-provides\)/);
  assert.equal(await page.$$eval(classic + ' .deps-unmet', (n) => n.length) > 0, true);
  assert.match(await text(classic + ' ol.steps'), /unmet dependencies/);
  assert.deepEqual((await page.evaluate(() => window.fbclens.simulate({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.2.0',
    subscriptionChannel: 'stable', clusterProvides: ['lens-demo@0.1.0'] }))).classic.walk, ['cert-watcher.v1.2.0']);
  assert.equal(await page.$eval(sim + ' .fbclens-sim-cluster', (i) => i.value), 'lens-demo@0.1.0');
  await page.locator(classic).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'simulator-deps.png') });

  // Unchecking "resolve dependencies" answers from the graph alone: 2.0.0 again.
  await page.uncheck(sim + ' .fbclens-sim-deps');
  await page.waitForFunction(() => /Next: cert-watcher\.v2\.0\.0/.test(document.querySelector('.fbclens-sim [data-olm=classic]').textContent),
    null, { timeout: 10000 });
  assert.match(await text(classic), /Not resolved: the answer comes from the upgrade graph alone\./);
  await page.check(sim + ' .fbclens-sim-deps');
  await page.fill(sim + ' .fbclens-sim-cluster', '');
  await page.press(sim + ' .fbclens-sim-cluster', 'Enter');
  assert.deepEqual(consoleErrors, []);
});
