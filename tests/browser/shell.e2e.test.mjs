// The page shell of issue 20, one test per defect it lists: each fails on the page before the shell
// (panels squeezing the graph, two findings lists, lost share links, the Compare crash, the
// explorer, the simulator, labels, missing bundles, the status, hidden content, sizes, notes, the
// docs example). Headless Chromium, 1280×800 unless the test says otherwise.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo, shots, startBrowser } from './chromium.mjs';

const community = join(repo, '../shared/catalogs/community-operators-prod-v4.21/catalogs/v4.21');
let server, browser, dir;
const errors = [];

before(async () => {
  ({ server, browser } = await startBrowser());
  dir = mkdtempSync(join(tmpdir(), 'fbclens-shell-'));
});
after(async () => {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(width = 1280, height = 800, hash = '', query = '') {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + 'index.html' + query + hash);
  await page.evaluate(() => window.fbclens.ready);
  return page;
}
// The explorer row of a package, channel or bundle: its data-key joins the names with newlines,
// which a CSS string writes as the escape \a.
const treeitem = (...names) => `[role=treeitem][data-key="${names.join('\\a ')}"]`;
const box = (page, selector) => page.locator(selector).first().boundingBox();
const loadFolder = async (page, folder) => {
  const loaded = page.evaluate(() => new Promise((resolve) => window.fbclens.on('load', resolve)));
  await page.locator('input[type=file][webkitdirectory]').first().setInputFiles(folder);
  return loaded;
};
/** A catalog folder `name` under the test's temp dir, from {path: text}. */
function folder(name, files) {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('panels dock beside the graph, which keeps at least half of the main area with each of them open', async () => {
  const page = await open();
  for (const panel of ['findings', 'bundle', 'hub', 'simulator']) {
    await page.evaluate((p) => window.fbclens.openPanel(p), panel);
    await page.waitForTimeout(300);
    const main = await box(page, 'main.fl-main'), graph = await box(page, '.fl-graph'), side = await box(page, '.fl-panel');
    assert.ok(graph.width >= main.width / 2 - 8, panel + ': the graph is ' + graph.width + ' of ' + main.width + ' px wide');
    assert.ok(graph.height >= main.height - 2, panel + ': the graph keeps the whole height');
    assert.ok(side.x + side.width <= 1280 && side.y < 800 && side.height > 300, panel + ': the panel is in view beside it');
  }
  await page.screenshot({ path: join(shots, 'shell-1280-simulator.png') });
  await page.close();
});

test('800×500: the panels are tabs, each taking the main area; the graph is a tab of its own', async () => {
  const page = await open(800, 500);
  const main = await box(page, 'main.fl-main');
  let graph = await box(page, '.fl-graph');
  assert.ok(graph.height >= main.height - 40 && graph.width >= main.width - 2, 'the graph fills the main area below its tabs');
  await page.getByRole('tab', { name: /OperatorHub/ }).click();
  assert.equal(await page.locator('.fl-graph').isHidden(), true);
  const hub = await box(page, '.fl-panel');
  assert.ok(hub.height >= main.height - 40, 'the preview gets the main area, not a strip (' + hub.height + ' px)');
  await page.screenshot({ path: join(shots, 'shell-800-hub.png') });
  await page.getByRole('tab', { name: 'Graph' }).click();
  graph = await box(page, '.fl-graph');
  assert.ok(graph.height >= main.height - 40);
  const stats = await page.evaluate(() => window.fbclens.graphStats());
  assert.equal(stats.keyShown, true, 'the key is drawn at 800×500 when it is checked');
  await page.close();
});

test('one findings list, in the DOM, that draws only what is in view of 20,000 findings', async () => {
  const bundles = [];
  for (let i = 0; i < 20000; i++) {
    bundles.push(JSON.stringify({ schema: 'olm.bundle', package: 'many', name: 'many.v0.0.' + i, image: 'i',
      properties: [{ type: 'olm.package', value: { packageName: 'many', version: '0.0.' + i } }] }));
  }
  const root = folder('many', {
    'catalog.json': [JSON.stringify({ schema: 'olm.package', name: 'many', defaultChannel: 'stable' }),
      JSON.stringify({ schema: 'olm.channel', package: 'many', name: 'stable', entries: [{ name: 'many.v0.0.0' }] }), ...bundles].join('\n'),
  });
  const page = await open();
  const summary = await loadFolder(page, root);
  assert.ok(summary.findings.length >= 19999, summary.findings.length + ' findings');
  assert.equal(await page.getByRole('listbox').count(), 1, 'one findings list');
  const list = page.getByRole('listbox');
  assert.ok(await list.locator('[role=option]').count() < 200, 'only the rows in view are in the DOM');
  await list.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.waitForTimeout(300);
  const last = summary.findings.length - 1;
  assert.equal(await page.locator(`[data-finding="${last}"]`).count(), 1, 'the last finding is drawn once scrolled to');
  await list.focus();
  await page.keyboard.press('End');
  assert.equal((await page.evaluate(() => window.fbclens.state())).finding, last);
  await page.close();
});

test('the explorer is a tree: arrow keys walk it, typing jumps, Enter shows; a package click shows it', async () => {
  const page = await open();
  const tree = page.getByRole('tree');
  await tree.locator('[role=treeitem][tabindex="0"]').focus();
  await page.keyboard.press('Home');
  const first = page.locator('[role=treeitem]').first();
  assert.equal(await first.evaluate((e) => e === document.activeElement), true);
  await page.keyboard.press('ArrowDown');
  assert.equal(await first.evaluate((e) => e === document.activeElement), false);
  await page.keyboard.type('u');
  const focused = await page.evaluate(() => document.activeElement.dataset.key);
  assert.equal(focused, 'upgrade-seed');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('[data-key="upgrade-seed"]').getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.fbclens.graphStats().package === 'upgrade-seed');
  // A click on a package name shows the package, not only opens it.
  await page.locator('[data-key="lens-demo"] .fl-label').click();
  await page.waitForFunction(() => window.fbclens.graphStats().package === 'lens-demo');
  await page.close();
});

test('picking a channel keeps the whole-package view; Ctrl+A in the search box selects its text only', async () => {
  const page = await open();
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', lanes: true }));
  await page.locator(treeitem('cert-watcher', 'fast')).click();
  const state = await page.evaluate(() => window.fbclens.state());
  assert.equal(state.lanes, true);
  assert.equal(state.channel, 'fast');
  const search = page.getByRole('searchbox', { name: /Search packages/ });
  await search.fill('cert');
  await search.press('Control+a');
  const selected = await page.evaluate(() => ({ page: String(window.getSelection()), start: document.activeElement.selectionStart,
    end: document.activeElement.selectionEnd }));
  assert.deepEqual([selected.start, selected.end], [0, 4]);
  assert.ok(!selected.page.includes('fbclens'), 'the page text is not selected');
  await page.close();
});

test('selecting a bundle never moves the graph; the Bundle panel names the channel it answers for, as the simulator does', async () => {
  const page = await open();
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', lanes: true }));
  const before = await box(page, '.fbclens-canvas');
  await page.locator('.fbclens-canvas').focus();
  await page.keyboard.press('Home');  // the first lane's head
  await page.keyboard.press('ArrowDown');  // the next lane
  // The canvas handles each key on a frame of its own and the panel renders after the store: wait
  // until the selection and the panel's heading agree (Home's bundle may be shown for a frame).
  await page.waitForFunction(() => {
    const s = window.fbclens.state();
    const h = [...document.querySelectorAll('.fl-panel h3')].find((e) => e.textContent.includes('is installed'));
    return s.bundle !== '' && h && h.textContent.includes('If ' + s.bundle + ' is installed') &&
           h.textContent.includes('(subscribed to channel ' + s.channel + ')');
  });
  const state = await page.evaluate(() => window.fbclens.state());
  assert.deepEqual(await box(page, '.fbclens-canvas'), before, 'the canvas stays where it was');
  assert.equal(state.panel, 'bundle', 'a bundle picked in the graph brings the Bundle panel forward');
  const heading = page.locator('.fl-panel h3', { hasText: 'is installed' });
  assert.match(await heading.textContent(), new RegExp('subscribed to channel ' + state.channel));
  const classic = await page.locator('.fl-facts dt:has-text("OLM Classic") + dd').textContent();
  await page.evaluate(() => window.fbclens.openPanel('simulator'));
  await page.locator('.fl-sim-side[data-olm=classic] .answer').waitFor();
  assert.equal(await page.locator('select.fbclens-sim-installed').inputValue(), state.bundle, 'the simulator starts on the selected bundle');
  const next = classic.match(/^next (\S+),/);
  const answer = await page.locator('.fl-sim-side[data-olm=classic] .answer').textContent();
  assert.equal(answer, next ? 'Next: ' + next[1] : 'Stays on ' + state.bundle, 'the two panels show one answer');
  assert.deepEqual(await page.evaluate(() => window.fbclens.requestStats()).then((s) => s.asked > 0), true);
  await page.close();
});

test('one click asks the worker each question once: the bundle, and where the OLMs take it', async () => {
  const page = await open();
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  await page.evaluate(() => window.fbclens.openPanel('bundle'));
  const before = await page.evaluate(() => window.fbclens.requestStats());
  await page.locator(treeitem('cert-watcher', 'stable', 'cert-watcher.v1.2.0')).click();
  await page.locator('.fl-facts dt:has-text("OLM v1")').waitFor();
  await page.evaluate(() => window.fbclens.openPanel('simulator'));
  await page.locator('.fl-sim-side[data-olm=v1] .answer').waitFor();
  const after = await page.evaluate(() => window.fbclens.requestStats());
  // bundle + upgradePath for the click; the simulator adds its divergence table only.
  assert.equal(after.asked - before.asked, 3);
  assert.equal(after.parsed - before.parsed, 3);
  await page.close();
});

test('simulator: bundle names in its table stay whole; a question asked from the table is read from its top', async () => {
  const page = await open();
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  await page.evaluate(() => window.fbclens.openPanel('simulator'));
  const cell = page.locator('.fl-sim-table td.name').first();
  await cell.waitFor();
  // The lines its text takes: the distinct tops of its rectangles.
  const lines = await cell.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  assert.ok(lines <= 1, 'a bundle name in the table is on one line');
  await page.locator('.fl-sim-table button').first().click();
  await page.waitForTimeout(500);
  const results = await box(page, '.fl-sim-results'), panel = await box(page, '.fl-panel');
  assert.ok(results.y >= panel.y - 1 && results.y < panel.y + panel.height - 40, 'the new answer is in view from its top');
  await page.close();
});

test('a large whole-package view is drawn at a zoom its labels read at, each inside its own lane', { skip: !existsSync(community) && 'needs ../shared/catalogs (absent)' }, async () => {
  const page = await open();
  await loadFolder(page, community);
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'opendatahub-operator', lanes: true }));
  assert.ok(stats.lanes.length >= 5);
  assert.ok(stats.zoom >= 0.5, 'zoom ' + stats.zoom);
  assert.equal(stats.labelsOutsideLane, 0);
  assert.equal(stats.labelsOverlapping, 0);
  assert.ok(stats.lanes[0].visibleNodes > 0, 'the default channel\'s lane is in view');
  await page.screenshot({ path: join(shots, 'shell-odh-lanes.png') });
  await page.close();
});

test('a channel entry whose bundle is missing is drawn as missing; skipRange counts sit off their arcs', async () => {
  const root = folder('missing', {
    'c.yaml': '---\nschema: olm.package\nname: p\ndefaultChannel: s\n---\nschema: olm.channel\npackage: p\nname: s\nentries:\n' +
      '- name: p.v1\n- name: p.v2\n  replaces: p.v1\n---\nschema: olm.bundle\npackage: p\nname: p.v1\nimage: i\nproperties:\n' +
      '- type: olm.package\n  value: {packageName: p, version: 1.0.0}\n',
  });
  const page = await open();
  let stats = await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  assert.ok(stats.skipRangeDrawn > 0);
  assert.equal(stats.rangeLabelsOnArc, 0);
  await loadFolder(page, root);
  stats = await page.evaluate(() => window.fbclens.show({ package: 'p', channel: 's' }));
  assert.equal(stats.missingBundles, 1);
  await page.close();
});

test('a failing check turns the status red and is named as that check; the OCP box shows the version from the folder', async () => {
  const root = join(dir, 'v4.17');
  cpSync(join(repo, 'tests/fixtures/validation/p09-konflux-images/catalog'), root, { recursive: true });
  const page = await open();
  await page.getByLabel('Checks', { exact: true }).selectOption({ label: 'opm + Konflux' });
  const summary = await loadFolder(page, root);
  assert.equal(summary.verdict, 'VALID');
  const verdict = page.locator('.fl-verdict');
  assert.match(await verdict.textContent(), /konflux check failed/);
  assert.match(await verdict.getAttribute('class'), /invalid/);
  assert.match(await page.locator('.fl-ocp').getAttribute('placeholder'), /4\.17/);
  const index = summary.findings.findIndex((f) => f.code === 'FBC5107');
  await page.evaluate((i) => { window.fbclens.openPanel('findings'); window.fbclens.selectFinding(i); }, index);
  assert.match(await page.locator('.fl-detail-head').textContent(), /check: konflux \(fails the run\)/);
  await page.close();
});

test('a folder whose content .indexignore hides says so; the OperatorHub panel says there is no package', async () => {
  const root = folder('hidden', { '.indexignore': '*.yaml\n', 'pkg/catalog.yaml': '---\nschema: olm.package\nname: p\n' });
  const page = await open();
  await loadFolder(page, root);
  assert.match(await page.locator('.fl-explorer').textContent(), /\.indexignore leaves out/);
  await page.evaluate(() => window.fbclens.openPanel('hub'));
  assert.match(await page.locator('.fl-panel').textContent(), /no package/);
  await page.close();
});

test('sizes and counts never break inside; a note appearing never moves the page', async () => {
  const page = await open(800, 500);
  for (const stat of await page.locator('.fl-stat').all()) {
    assert.equal(await stat.evaluate((e) => e.getClientRects().length), 1, await stat.textContent());
  }
  const before = await box(page, '.fl-main');
  await page.evaluate(() => window.fbclens.setView({ panel: 'none' }));
  await page.getByRole('button', { name: /Share & export/ }).click();
  await page.getByRole('menuitem', { name: 'Copy embed snippet (iframe)' }).click();
  await page.locator('.fl-note').filter({ hasText: /./ }).waitFor();
  assert.deepEqual(await box(page, '.fl-main'), before);
  await page.close();
});

test('a share link of a catalog opened from disk waits for it, keeps its hash, and restores exactly its view', async () => {
  const root = folder('shared', { 'a/c.yaml': readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8') });
  let page = await open();
  await loadFolder(page, root);
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'fast', bundle: 'cert-watcher.v2.0.0' }));
  await page.evaluate(() => window.fbclens.openPanel('hub'));
  await page.waitForTimeout(500);
  const link = await page.evaluate(() => location.hash);
  const view = await page.evaluate(() => window.fbclens.state());
  assert.match(link, /fp=[0-9a-f]{16}/);
  await page.close();

  page = await open(1280, 800, link);
  await page.waitForTimeout(2500);
  assert.equal(await page.evaluate(() => location.hash), link, 'the hash is kept while the catalog is not open');
  assert.equal(await page.evaluate(() => window.fbclens.summary()), null, 'the sample is not shown in its place');
  assert.match(await page.locator('.fl-empty').textContent(), /catalog opened from disk/);
  await loadFolder(page, root);
  await page.waitForFunction(() => window.fbclens.graphStats().channel === 'fast');
  const restored = await page.evaluate(() => window.fbclens.state());
  for (const key of ['package', 'channel', 'bundle', 'panel', 'fingerprint']) assert.equal(restored[key], view[key], key);

  // Another catalog: the link's view is not forced on it, and the page says why.
  const other = folder('other', { 'a/c.yaml': readFileSync(join(repo, 'samples/catalog/upgrade-seed/catalog.yaml'), 'utf8') });
  const page2 = await open(1280, 800, link);
  await loadFolder(page2, other);
  assert.match(await page2.locator('.fl-note').textContent(), /not the catalog the link was made from/);
  await page.close();
  await page2.close();
});

test('Compare with an older folder, from the menu: the chooser opens, the tab keeps running, the changes are listed', async () => {
  const older = folder('older', { 'c.yaml': readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8').replace(/- name: cert-watcher.v2.1.0-rc.1[\s\S]*?skipRange: ">=1.2.0 <2.1.0-rc.1"\n/, '') });
  const page = await open();
  let crashed = false;
  page.on('crash', () => { crashed = true; });
  await page.getByRole('button', { name: /Share & export/ }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Compare with an older folder…' }).click()]);
  await chooser.setFiles(older);
  await page.getByRole('tab', { name: 'Changes' }).waitFor();
  await page.locator('.fl-compare').waitFor();
  assert.equal(crashed, false);
  assert.match(await page.locator('.fl-compare').textContent(), /changes since/);
  await page.close();
});

test("the Install panel: a bundle's install modes, its OperatorGroups, the console's page, and the step that drops a mode", async () => {
  const page = await open();
  await loadFolder(page, join(repo, 'tests/fixtures/validation/f72-advice-install-mode-lost/catalog'));
  await page.evaluate(() => window.fbclens.show({ package: 'demo', channel: 'stable', bundle: 'demo.v1.0.0' }));
  await page.evaluate(() => window.fbclens.openPanel('install'));
  const install = page.locator('.fl-install');
  await install.getByText('Installing demo.v1.0.0').waitFor({ timeout: 30000 });
  // OwnNamespace and AllNamespaces supported, the other two not.
  assert.deepEqual(await install.locator('.fl-modes li').evaluateAll((items) => items.map((i) => i.className)), ['on', 'off', 'off', 'on']);
  assert.equal(await install.locator('table tbody tr').count(), 4, 'one row per OperatorGroup shape');
  assert.match(await install.textContent(), /The console's install page \(console 4\.21, Software Catalog\)/);
  assert.match(await install.textContent(), /demo\.v1\.0\.0 → demo\.v2\.0\.0 in channel stable \(replaces\): drops OwnNamespace/);
  // The graph marks that step (one red band) while the panel is open, with a line in its key; not after.
  await page.waitForFunction(() => window.fbclens.graphStats().installRisksMarked === 1, null, { timeout: 30000 });
  await page.screenshot({ path: join(shots, 'install-risk-marked.png') });
  await page.evaluate(() => window.fbclens.openPanel('findings'));
  await page.waitForFunction(() => window.fbclens.graphStats().installRisksMarked === 0, null, { timeout: 30000 });
  await page.evaluate(() => window.fbclens.openPanel('install'));
  await page.waitForFunction(() => window.fbclens.graphStats().installRisksMarked === 1, null, { timeout: 30000 });
  // The console versions are the worker's table (core/hub/consoles.h), 4.21 by default.
  await page.waitForFunction(() => [...document.querySelectorAll('.fl-install select option')].some((o) => o.value === '5.0'));
  // The console picked here is the OperatorHub panel's too.
  await install.getByLabel('Console version').selectOption('4.18');
  await install.getByText('(console 4.18, OperatorHub)').waitFor({ timeout: 30000 });
  assert.equal(await page.evaluate(() => window.fbclens.state().console), '4.18');
  await page.close();
});

test('the docs example: the OperatorHub view shows the console\'s tile, icon and the deprecated channel\'s alert', async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + 'docs-example.html');
  await page.locator('#hub button').click();
  await page.locator('#hub .pf-tile-title').waitFor({ timeout: 60000 });
  const text = await page.locator('#hub').textContent();
  assert.doesNotMatch(text, /no-channel-with-csv|Not listed/);
  assert.match(await page.locator('#hub .pf-tile-title').textContent(), /Cert Watcher/);
  assert.match(text, /The alpha channel is no longer updated/);
  assert.match(await page.locator('#hub img.pf-icon').getAttribute('src'), /^data:image\/svg\+xml;base64,/);
  await page.locator('#upgrade button').click();
  await page.locator('#upgrade .fl-sim-side[data-olm=classic] .answer').waitFor({ timeout: 60000 });
  assert.doesNotMatch(await page.locator('#upgrade').textContent(), /No candidate has its dependencies met/);
  await page.screenshot({ path: join(shots, 'shell-docs-example.png'), fullPage: true });
  await page.close();
});

test('no console errors', () => {
  assert.deepEqual(errors, []);
});
