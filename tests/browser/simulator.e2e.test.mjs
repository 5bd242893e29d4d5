// The upgrade simulator (web/panels/simulator.js, the dock's "Upgrade simulator" panel since issue
// 20) on the built-in sample: the seed example (upgrade-seed, 1.0.0 installed though no longer in
// the catalog) shows OLM Classic staying, with the entry its channel order drops, beside OLM v1's
// walk 1.0.0 -> 2.0.0 -> 3.0.0; both walks are drawn as routes on the graph
// (graphStats().routes); the divergence table lists where the OLMs differ and its rows drive the
// inputs; the inputs (v1 channels, range) change the answer; OLM Classic's Dependencies section
// shows what installs along (cert-watcher 2.0.0 needs lens-demo) and, when the edited
// cluster-provides list pins lens-demo below the range, the skipped candidate marked unmet.
// Screenshots go to build/browser/ (simulator-seed.png at 1280x800, simulator-800x500.png,
// simulator-deps.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { shots, startPage } from './chromium.mjs';
import { panel } from './page-helpers.mjs';

let server, browser, page;
const consoleErrors = [];
const sim = () => panel(page, 'Upgrade simulator');
const side = (olm) => sim().getByRole('region', { name: olm });
const text = (locator) => locator.textContent();
const versionRange = () => sim().getByRole('textbox', { name: 'version', exact: true });
const clusterProvides = () => sim().getByRole('textbox', { name: /^cluster provides/ });
const resolveDependencies = () => sim().getByRole('checkbox', { name: 'resolve dependencies' });
// Waits until the side of `olm` ('OLM Classic' | 'OLM v1') says what `pattern` matches.
const sideSays = (olm, pattern) => page.waitForFunction(({ olm, source }) => {
  const region = [...document.querySelectorAll('section[aria-label]')].find((s) => s.getAttribute('aria-label') === olm);
  return region && new RegExp(source).test(region.textContent);
}, { olm, source: pattern.source }, { timeout: 30000 });

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
  // The app selected the package and opened the simulator; the panel shows the answer as text.
  const status = await page.evaluate(() => window.fbclens.appStatus());
  assert.deepEqual([status.package, status.panel], ['upgrade-seed', 'simulator']);
  assert.equal(await page.getByRole('tab', { name: 'Upgrade simulator' }).getAttribute('aria-selected'), 'true');
  await sideSays('OLM Classic', /Stays on upgrade-seed\.v1\.0\.0/);
  const classic = await text(side('OLM Classic'));
  assert.match(classic, /Stays on upgrade-seed\.v1\.0\.0/);
  assert.match(classic, /dropped by channel order/);
  assert.match(classic, /upgrade-seed\.v2\.0\.0 \(2\.0\.0\): skipped by upgrade-seed\.v3\.0\.0 in channel "stable"/);
  assert.match(classic, /via channel "stable": skipRange ">=1\.0\.0 <2\.0\.0" contains 1\.0\.0/);
  const v1 = await text(side('OLM v1'));
  assert.match(v1, /Next: upgrade-seed\.v2\.0\.0/);
  assert.match(v1, /Walk: upgrade-seed\.v1\.0\.0 → upgrade-seed\.v2\.0\.0 → upgrade-seed\.v3\.0\.0 \(2 steps\)/);
  assert.match(v1, /OLM v1 upgrades upgrade-seed\.v2\.0\.0 to upgrade-seed\.v3\.0\.0/);
  // The inputs show the question asked: a bundle no longer in the catalog, by name and version.
  assert.equal(await sim().getByRole('combobox', { name: 'Installed bundle' }).evaluate((s) => s.selectedOptions[0].textContent),
    'A bundle no longer in the catalog…');
  assert.equal(await sim().getByRole('textbox', { name: 'Installed bundle name (not in the catalog)' }).inputValue(), 'upgrade-seed.v1.0.0');
  const version = sim().getByRole('textbox', { name: 'Installed version (not in the catalog)' });
  assert.equal(await version.isVisible(), true);
  assert.equal(await version.inputValue(), '1.0.0');
  // On the graph: v1's 2.0.0 -> 3.0.0 step is drawn (1.0.0 is not in the catalog, so its first
  // step has no node to start from); Classic does not move.
  await page.waitForFunction(() => window.fbclens.graphStats().routes.v1 === 1, null, { timeout: 30000 });
  assert.equal((await page.evaluate(() => window.fbclens.graphStats())).routes.classic, 0);
  await page.screenshot({ path: join(shots, 'simulator-seed.png') });
});

test('inputs change the answer: v1 channels and version range, and the walks route on the graph', async () => {
  const answer = await page.evaluate(() => window.fbclens.simulate({ package: 'upgrade-seed', installedBundle: 'upgrade-seed.v2.0.0',
    version: '<3.0.0' }));
  assert.equal(answer.classic.next, 'upgrade-seed.v3.0.0');
  assert.equal(answer.v1.next, 'upgrade-seed.v2.0.0');  // 3.0.0 is outside the range: v1 stays
  await sideSays('OLM v1', /Stays on upgrade-seed\.v2\.0\.0/);
  const v1 = await text(side('OLM v1'));
  assert.match(v1, /Stays on upgrade-seed\.v2\.0\.0/);
  assert.match(v1, /outside range/);
  assert.match(v1, /version 3\.0\.0 is outside the range "<3\.0\.0"/);
  assert.equal(await versionRange().inputValue(), '<3.0.0');
  await page.waitForFunction(() => window.fbclens.graphStats().routes.classic === 1, null, { timeout: 30000 });
  assert.equal((await page.evaluate(() => window.fbclens.graphStats())).routes.v1, 0);
  // Typing a range and pressing Enter asks again, with the range cleared.
  await versionRange().fill('');
  await versionRange().press('Enter');
  await sideSays('OLM v1', /Next: upgrade-seed\.v3\.0\.0/);
  assert.equal(await page.evaluate(() => window.fbclens.state().simulator.version), undefined, 'the question has no range now');
});

test('the divergence table lists where the two OLMs differ, and a row asks that question', async () => {
  await page.evaluate(() => window.fbclens.simulate({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.0.0' }));
  const table = sim().getByRole('heading', { name: 'Where the two OLMs differ' }).locator('xpath=following-sibling::*[1]').getByRole('table');
  await table.waitFor({ timeout: 30000 });
  const rows = await table.locator('tbody').getByRole('row').evaluateAll((trs) => trs.map((tr) => tr.cells[1].textContent));
  assert.ok(rows.includes('cert-watcher.v1.2.0'), rows.join(', '));
  await table.getByRole('button', { name: 'Simulate cert-watcher.v1.2.0 in stable' }).click();
  await sideSays('OLM Classic', /Next: cert-watcher\.v2\.0\.0/);
  assert.equal(await sim().getByRole('combobox', { name: 'Installed bundle' }).inputValue(), 'cert-watcher.v1.2.0');
  assert.equal(await sim().getByRole('combobox', { name: /^spec\.channel/ }).inputValue(), 'stable');
  assert.match(await text(side('OLM v1')), /Fails: validating bundle "cert-watcher\.v2\.0\.0"/);
  // At 800×500 the dock is tabs, one view at a time: the simulator, whole.
  await page.setViewportSize({ width: 800, height: 500 });
  await page.waitForFunction(() => window.fbclens.appStatus().narrow === true, null, { timeout: 30000 });
  assert.equal(await sim().isVisible(), true);
  assert.equal(await sim().getByRole('combobox', { name: 'Installed bundle' }).inputValue(), 'cert-watcher.v1.2.0', 'the question is kept');
  await page.screenshot({ path: join(shots, 'simulator-800x500.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.fbclens.appStatus().narrow === false, null, { timeout: 30000 });
  assert.deepEqual(consoleErrors, []);
});

test('Dependencies: what installs along, the cluster-provides list re-asks, unmet constraints marked', async () => {
  const answer = await page.evaluate(() => window.fbclens.simulate({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.2.0',
    subscriptionChannel: 'stable' }));
  assert.equal(answer.classic.next, 'cert-watcher.v2.0.0');
  assert.deepEqual(answer.classic.resolution.installs.map((i) => i.bundle), ['cert-watcher.v2.0.0', 'lens-demo.v0.3.0']);
  const classic = side('OLM Classic');
  const installedAlong = classic.getByRole('list', { name: 'Installed along' });
  await installedAlong.waitFor({ timeout: 30000 });
  const along = await text(installedAlong);
  assert.match(along, /cert-watcher\.v2\.0\.0 installs 1 bundle along:/);
  assert.match(along, /lens-demo\.v0\.3\.0 \(package lens-demo, channel [^)]+\)/);
  assert.match(along, /bundle cert-watcher\.v2\.0\.0 requires an operator with package: lens-demo and with version in range: >=0\.2\.0/);
  assert.equal(await resolveDependencies().isChecked(), true);

  // The cluster already runs lens-demo 0.1.0: 2.0.0 cannot have lens-demo >=0.2.0, Classic stays.
  await clusterProvides().fill('lens-demo@0.1.0');
  await clusterProvides().press('Enter');
  await sideSays('OLM Classic', /Stays on cert-watcher\.v1\.2\.0/);
  const skipped = await text(classic.getByRole('list', { name: 'Skipped candidates' }));
  assert.match(skipped, /✗cert-watcher\.v2\.0\.0 skipped:/);
  assert.match(skipped, /the cluster already has package lens-demo \(--cluster-provides\)/);
  const steps = await text(classic.getByRole('heading', { name: 'Why, step by step' }).locator('xpath=following-sibling::ol[1]'));
  assert.match(steps, /unmet dependencies/);
  assert.match(steps, /unmet: .*the cluster already has package lens-demo/, 'the candidate is marked unmet in the steps too');
  assert.deepEqual((await page.evaluate(() => window.fbclens.simulate({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.2.0',
    subscriptionChannel: 'stable', clusterProvides: ['lens-demo@0.1.0'] }))).classic.walk, ['cert-watcher.v1.2.0']);
  assert.equal(await clusterProvides().inputValue(), 'lens-demo@0.1.0');
  await page.screenshot({ path: join(shots, 'simulator-deps.png') });

  // Unchecking "resolve dependencies" answers from the graph alone: 2.0.0 again.
  await resolveDependencies().uncheck();
  await sideSays('OLM Classic', /Next: cert-watcher\.v2\.0\.0/);
  assert.match(await text(classic), /Not resolved: the answer comes from the upgrade graph alone\./);
  await resolveDependencies().check();
  await clusterProvides().fill('');
  await clusterProvides().press('Enter');
  await sideSays('OLM Classic', /installs 1 bundle along/);
  assert.deepEqual(consoleErrors, []);
});
