// Browser end-to-end test: serve dist/ on 127.0.0.1 (a free port), drive Debian's Chromium headless
// with playwright-core, and check the app as a user gets it: the built-in sample on start, a real
// catalog through the header's "Open folder…" (the browser's file chooser) and through
// window.fbclens.loadFiles, counts against numbers computed independently
// (tests/support/count-catalog.mjs), the WebGL2 graph pass drawing, the dock's Findings and Bundle
// panels (web/panels/) beside it, no console errors. Screenshots go to build/browser/.
// The real catalog comes from ../shared; without it that part is skipped with a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { channelGraphCounts, countCatalog, jsonObjects } from '../support/count-catalog.mjs';
import { repo, shots, startPage } from './chromium.mjs';
import { frames, headerStatus, openFolder, panel, within, words } from './page-helpers.mjs';

const sample = join(repo, 'samples/catalog');
const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');

// Where stable's head (2.0.0) is drawn in the canvas of a fresh 1280×800 page, CSS pixels from the
// canvas's top left (build/browser/sample.png shows it).
const HEAD_AT = { x: 186, y: 597 };

let server, browser, page;
const consoleErrors = [];

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

function expectCounts(summary, counts) {
  for (const key of ['files', 'blobs', 'packages', 'channels', 'bundles', 'deprecations']) {
    assert.equal(summary[key], counts[key], `${key}: app says ${summary[key]}, files say ${counts[key]}`);
  }
}

// A second 1280×800 page on the app (`options`: more of newPage's), its errors counted with the
// first's, once the sample's graph is drawn (the canvas takes its size in the module's first frames).
async function freshPage(name, options = {}) {
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...options });
  p.on('pageerror', (e) => consoleErrors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  await p.goto(server.url);
  await within(p.evaluate(() => window.fbclens.ready), 120000, name + '\'s app ready');
  await p.waitForFunction(() => window.fbclens.appStatus().nodes === 4 && window.fbclens.graphStats().settledFrames >= 2,
    null, { timeout: 60000 });
  return p;
}

// A spot of the graph canvas away from the nodes (its bottom right corner), in page pixels.
async function emptyGraphSpot(p = page) {
  const box = await p.evaluate(() => { const r = window.fbclens.canvas.getBoundingClientRect(); return { x: r.right, y: r.bottom }; });
  return { x: box.x - 30, y: box.y - 30 };
}

test('the built-in sample catalog is shown on start and drawn with the graph shaders', async () => {
  const summary = await page.evaluate(() => window.fbclens.summary());
  expectCounts(summary, countCatalog(sample));
  assert.equal(summary.verdict, 'VALID');
  // The layout comes from the worker a few frames after the catalog: wait for it.
  await page.waitForFunction(() => window.fbclens.appStatus().nodes === 4, null, { timeout: 60000 });
  const status = await page.evaluate(() => window.fbclens.appStatus());
  assert.equal(status.graphOk, true, 'the GLSL ES 3.00 pass compiled and linked');
  assert.equal(status.package, 'cert-watcher');
  assert.equal(status.channel, 'stable');
  assert.equal(status.nodes, 4, 'stable has four entries');
  // One skipRange (>=1.0.0 <2.0.0) matching three entries: three edges, drawn as one when collapsed.
  const stats = await page.evaluate(() => window.fbclens.graphStats());
  assert.deepEqual(stats.edges, { replaces: 3, skips: 0, skipRange: 3 });
  assert.equal(stats.skipRangeDrawn, 1);
  await page.screenshot({ path: join(shots, 'sample.png') });
  // A click on the head's node selects it (the place the HiDPI test clicks at ratio 2).
  await page.waitForFunction(() => window.fbclens.graphStats().settledFrames >= 2, null, { timeout: 60000 });
  const at = await page.evaluate(() => { const r = window.fbclens.canvas.getBoundingClientRect(); return { x: r.x, y: r.y }; });
  await page.mouse.click(at.x + HEAD_AT.x, at.y + HEAD_AT.y);
  await page.waitForFunction(() => window.fbclens.appStatus().bundle === 'cert-watcher.v2.0.0', null, { timeout: 30000 });
  await page.mouse.move(5, 5);
});

test('the whole package with its channels as lanes', async () => {
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher' }));
  // Entries per channel, counted from the YAML: stable 4, fast 3, alpha 1; one head each.
  const yaml = readFileSync(join(sample, 'cert-watcher/catalog.yaml'), 'utf8');
  const entries = yaml.split('\n---').filter((d) => /schema: olm\.channel/.test(d))
    .reduce((n, d) => n + (d.match(/^  - name: /gm) || []).length, 0);
  assert.equal(entries, 8);
  assert.equal(stats.nodes, entries);
  assert.equal(stats.channel, '');
  assert.equal(stats.heads, 3);
  assert.equal((await page.evaluate(() => window.fbclens.appStatus())).wholePackage, true);
  await page.screenshot({ path: join(shots, 'sample-whole-package.png') });
  // Another package as a whole: its own default channel is selected, not the previous package's.
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'fast' }));
  await page.evaluate(() => window.fbclens.show({ package: 'lens-demo' }));
  const other = await page.evaluate(() => window.fbclens.appStatus());
  assert.deepEqual([other.package, other.channel, other.wholePackage], ['lens-demo', 'stable', true]);
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
});

test('arrow keys walk the channel graph along its edges', async () => {
  // The bundle selected once the key's selection has reached the page (the canvas handles a key in
  // a frame to come): `expected` is waited for up to 10 s, and what is selected then is returned.
  const bundle = async (expected) => {
    await page.waitForFunction((b) => window.fbclens.appStatus().bundle === b, expected, { timeout: 10000 }).catch(() => {});
    return page.evaluate(() => window.fbclens.appStatus().bundle);
  };
  // The test before ends by showing cert-watcher / stable: its layout comes from the worker a few
  // frames later (graphStats names the layout drawn), and the keys walk the graph drawn. (A run in
  // CI once pressed Home too early and selected nothing.)
  await page.waitForFunction(() => {
    const g = window.fbclens.graphStats();
    return g && g.package === 'cert-watcher' && g.channel === 'stable' && g.settledFrames >= 2;
  }, null, { timeout: 60000 });
  const spot = await emptyGraphSpot();
  await page.mouse.click(spot.x, spot.y);  // the graph canvas, away from the nodes
  assert.equal(await page.evaluate(() => document.activeElement === window.fbclens.canvas), true, 'the click focused the graph');
  await page.keyboard.press('Home');
  assert.equal(await bundle('cert-watcher.v2.0.0'), 'cert-watcher.v2.0.0', 'Home: the channel head');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await bundle('cert-watcher.v1.2.0'), 'cert-watcher.v1.2.0', 'Left: the entry the head replaces');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await bundle('cert-watcher.v1.1.0'), 'cert-watcher.v1.1.0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await bundle('cert-watcher.v1.2.0'), 'cert-watcher.v1.2.0', 'Right: the entry replacing it');
  // The selection asks the worker where each OLM goes from there. (The ImGui app's "If … is
  // installed" lines above the graph are gone with issue 20: the Bundle panel, which a bundle
  // picked in the graph brings forward, says it.)
  const bundlePanel = panel(page, 'Bundle');
  const ifInstalled = bundlePanel.getByRole('heading', { name: 'If cert-watcher.v1.2.0 is installed (subscribed to channel stable)' });
  await ifInstalled.waitFor({ timeout: 30000 });
  const classic = bundlePanel.getByRole('definition').filter({ hasText: /^next cert-watcher\.v2\.0\.0/ });
  await classic.waitFor({ timeout: 30000 });
  assert.equal(await classic.textContent(), 'next cert-watcher.v2.0.0, ends at cert-watcher.v2.0.0 (1 step)');
  const terms = await bundlePanel.getByRole('term').allTextContents();
  const answers = await bundlePanel.getByRole('definition').allTextContents();
  assert.equal(answers[terms.indexOf('OLM Classic')], 'next cert-watcher.v2.0.0, ends at cert-watcher.v2.0.0 (1 step)');
  assert.match(answers[terms.indexOf('OLM v1')], /^fails: validating bundle "cert-watcher\.v2\.0\.0"/);
});

test('selecting a bundle shows it in full in the Bundle panel; selecting a finding goes back to the findings', async () => {
  // The arrow-key test left cert-watcher.v1.2.0 of stable selected; the Bundle panel (the ImGui
  // app's lower "Bundle" tab before issue 20) is the dock's open tab and shows it.
  const bundlePanel = panel(page, 'Bundle');
  await bundlePanel.getByRole('heading', { name: 'cert-watcher.v1.2.0', exact: true }).waitFor({ timeout: 30000 });
  const status = await page.evaluate(() => window.fbclens.appStatus());
  assert.equal(status.panel, 'bundle');
  assert.equal(await page.getByRole('tab', { name: 'Bundle' }).getAttribute('aria-selected'), 'true');
  // The same answer through the page API, checked against the sample's YAML.
  const d = await page.evaluate(() => window.fbclens.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'cert-watcher.v1.2.0' }));
  const properties = bundlePanel.getByRole('heading', { name: 'Properties' }).locator('xpath=following-sibling::ul[1]').getByRole('listitem');
  assert.equal(await properties.count(), d.properties.length);
  assert.equal(await properties.first().textContent(), 'olm.package {"packageName":"cert-watcher","version":"1.2.0"}');
  assert.equal(d.replaces, 'cert-watcher.v1.1.0');
  assert.deepEqual(d.skips, ['cert-watcher.v1.1.1']);
  assert.deepEqual(d.properties[0], { type: 'olm.package', value: '{"packageName":"cert-watcher","version":"1.2.0"}', truncated: false });
  await page.screenshot({ path: join(shots, 'sample-bundle-tab.png') });
  await assert.rejects(page.evaluate(() => window.fbclens.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'nope' })),
                       /channel stable has no entry nope/);
  // Selecting a finding brings the findings back (its object selected in the graph).
  await page.getByRole('tab', { name: /^Findings/ }).click();
  const findings = panel(page, /^Findings/);
  await findings.getByRole('option', { name: /FBC4202/ }).click();
  await page.waitForFunction(() => window.fbclens.appStatus().findingCode === 'FBC4202', null, { timeout: 30000 });
  const after = await page.evaluate(() => window.fbclens.appStatus());
  assert.deepEqual([after.panel, after.package, after.channel, after.bundle], ['findings', 'cert-watcher', 'alpha', 'cert-watcher.v1.0.0']);
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
});

test('themes: dark and light, the page around the canvas and the graph follow', async () => {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => window.fbclens.setTheme(t), theme);
    // The graph's scene is rebuilt with the theme's colours, not only ImGui's style.
    await page.waitForFunction((t) => window.fbclens.appStatus().theme === t && window.fbclens.appStatus().sceneTheme === t &&
      window.fbclens.element.firstElementChild.dataset.theme === t, theme, { timeout: 30000 });
    assert.equal(await page.getByRole('combobox', { name: 'Theme' }).inputValue(), theme, 'the header says the theme chosen');
    await page.screenshot({ path: join(shots, `sample-${theme}.png`) });
  }
});

// The explorer is the DOM tree now (issue 20); '/' pressed in the graph still has to take the
// keyboard to its search box.

test("'/' focuses the explorer search", async () => {
  const spot = await emptyGraphSpot();
  await page.mouse.click(spot.x, spot.y);  // the graph canvas, away from any node
  await page.keyboard.press('/');
  await frames(page);
  await page.keyboard.type('lens', { delay: 50 });
  await frames(page);
  const search = page.getByRole('searchbox', { name: 'Search packages, channels, bundles' });
  try {
    assert.equal(await search.inputValue(), 'lens');
    assert.equal(await search.evaluate((e) => e === document.activeElement), true);
  } finally {
    await search.fill('');
  }
});

test('upgradePath on the page: where Classic and v1 take cert-watcher 1.0.0', async () => {
  const r = await page.evaluate(() => window.fbclens.upgradePath({
    package: 'cert-watcher', installedBundle: 'cert-watcher.v1.0.0', installedVersion: '1.0.0', subscriptionChannel: 'stable',
  }));
  // stable: v2.0.0's skipRange >=1.0.0 <2.0.0 covers 1.0.0 and it is closest to the head.
  assert.equal(r.classic.next, 'cert-watcher.v2.0.0');
  assert.deepEqual(r.classic.candidates, ['cert-watcher.v2.0.0', 'cert-watcher.v1.1.0']);
  // v1 picks the same bundle, but then rejects it: 2.0.0 declares olm.package.required, which
  // operator-controller does not support (it does not fall back to another candidate).
  assert.equal(r.v1.next, null);
  assert.equal(r.v1.error, 'validating bundle "cert-watcher.v2.0.0": bundle "cert-watcher.v2.0.0" has a dependency ' +
    'declared via property "olm.package.required" which is currently not supported');
  assert.deepEqual(r.v1.successors, ['cert-watcher.v1.0.0', 'cert-watcher.v1.1.0', 'cert-watcher.v2.0.0']);
});

test('a broken file gives findings with file:line, and the rest is still read', async () => {
  const files = [
    { path: 'good/catalog.yaml', data: readFileSync(join(sample, 'cert-watcher/catalog.yaml'), 'utf8') },
    { path: 'bad/catalog.json', data: '{"schema":"olm.package","name":"broken","defaultChannel":"x"}\n{"schema": "olm.channel", "name": ' },
  ];
  const summary = await page.evaluate((f) => window.fbclens.loadFiles(f), files);
  assert.equal(summary.verdict, 'LOAD ERROR');
  assert.equal(summary.packages, 2, 'the good file and the first object of the bad one are still read');
  const syntax = summary.findings.find((f) => f.code === 'FBC1002');
  assert.ok(syntax, 'a JSON syntax finding');
  assert.equal(syntax.file, 'bad/catalog.json');
  assert.equal(syntax.line, 2);
  assert.equal(syntax.reportedByOpm, true);
});

test('advice beyond opm: a valid catalog where OLM Classic strands a bundle shows it, as a warning, not "no findings"', async () => {
  const dir = join(repo, 'tests/fixtures/validation/f56-advice-classic-strands/catalog');
  const files = [{ path: 'catalog.json', data: readFileSync(join(dir, 'catalog.json'), 'utf8') }];
  const summary = await page.evaluate((f) => window.fbclens.loadFiles(f), files);
  assert.equal(summary.verdict, 'VALID');
  assert.deepEqual(summary.findingCounts, { error: 0, warning: 2, info: 0 });
  const strands = summary.findings.find((f) => f.code === 'FBC4001');
  assert.equal(strands.severity, 'warning');
  assert.equal(strands.reportedByOpm, false);
  assert.equal(strands.where, 'catalog.json:15:5');
  const status = await words(headerStatus(page));
  assert.match(status, /^VALID .* 0 errors 2 warnings$/);
  const findings = panel(page, /^Findings/);
  const row = findings.getByRole('option', { name: /^warning FBC4001 catalog\.json:15:5 with "demo\.v1\.0\.0" installed, OLM Classic stays on it/ });
  await row.first().waitFor();  // the panel draws the new catalog's findings after the load resolves
  assert.equal(await row.count(), 1);
  // Selected, it says who reports it: fbclens's advice, not opm's.
  await row.click();
  const detail = findings.getByLabel('The selected finding');
  await detail.waitFor();
  const said = await words(detail);
  assert.match(said, /FBC4001 .*fbclens advice/);
  assert.doesNotMatch(said, /opm validate|opm says/, 'opm says nothing about advice');
  await page.evaluate(() => window.fbclens.loadSample());  // the tests after this one start from the sample
});

test('a real catalog through the folder picker and through loadFiles', { skip: !existsSync(rhtpa) && 'needs ../shared/catalogs (absent)' }, async () => {
  const counts = countCatalog(rhtpa);
  await openFolder(page, rhtpa);
  await page.waitForFunction((n) => window.fbclens.source()?.kind === 'files' && window.fbclens.summary()?.files === n &&
                             window.fbclens.summary()?.bundles > 0, counts.files, { timeout: 60000 });
  const viaPicker = await page.evaluate(() => window.fbclens.summary());
  expectCounts(viaPicker, counts);
  assert.equal(viaPicker.verdict, 'VALID', 'opm validate calls rhtpa v4.18 valid (expected.json)');
  // Drawn: the canvas draws a few frames after each answer, until its graph is fitted and settled.
  await page.waitForFunction(() => window.fbclens.appStatus().package === 'rhtpa-operator' &&
                             window.fbclens.graphStats()?.settledFrames >= 2, null, { timeout: 60000 });
  const status = await page.evaluate(() => window.fbclens.appStatus());
  assert.equal(status.package, 'rhtpa-operator');
  assert.ok(status.nodes > 0, 'the default channel is drawn');
  await page.screenshot({ path: join(shots, 'rhtpa-v4.18.png') });

  // Every channel drawn through show(), checked against counts taken from the JSON itself.
  const objects = counts.paths.flatMap((p) => jsonObjects(readFileSync(join(rhtpa, p), 'utf8')));
  for (const ch of objects.filter((o) => o.schema === 'olm.channel')) {
    for (const e of ch.entries) assert.equal(e.skipRange, undefined, 'this catalog has no skipRange (so 0 skipRange edges)');
    const { entries, replaces, skips, heads } = channelGraphCounts(ch);
    const stats = await page.evaluate((r) => window.fbclens.show(r), { package: ch.package, channel: ch.name });
    assert.equal(stats.nodes, entries, ch.name);
    assert.deepEqual(stats.edges, { replaces, skips, skipRange: 0 }, ch.name);
    assert.equal(stats.heads, heads, ch.name);
  }
  await assert.rejects(page.evaluate(() => window.fbclens.show({ package: 'rhtpa-operator', channel: 'nope' })));

  const files = counts.paths.map((p) => ({ path: p, data: readFileSync(join(rhtpa, p), 'utf8') }));
  const viaApi = await page.evaluate((f) => window.fbclens.loadFiles(f), files);
  expectCounts(viaApi, counts);
  assert.deepEqual(viaApi.findings, viaPicker.findings);
});

const mtv = resolve(repo, '../shared/catalogs/mtv-fbc/v5.0/catalog');
test('findings of an invalid catalog: clicking one selects its object and shows its source', { skip: !existsSync(mtv) && 'needs ../shared/catalogs (absent)' }, async () => {
  await openFolder(page, mtv);
  await page.waitForFunction(() => window.fbclens.summary()?.verdict === 'INVALID', null, { timeout: 60000 });
  const summary = await page.evaluate(() => window.fbclens.summary());
  assert.equal(summary.findings.length, 1);
  assert.equal(summary.findings[0].code, 'FBC3101');
  assert.equal(summary.findings[0].opmMessage, 'channel must contain at least one bundle');
  // The one findings list (the dock's Findings panel; issue 20 merged the ImGui table and the DOM
  // list into it) carries the finding, and a click selects it and its object in the graph.
  await page.getByRole('tab', { name: /^Findings/ }).click();
  const findings = panel(page, /^Findings/);
  const row = findings.getByRole('option', { name: /^error FBC3101 mtv-operator\/catalog\.json:4:23 / });
  assert.equal(await row.count(), 1);
  await row.click();
  await page.waitForFunction(() => window.fbclens.appStatus().finding === 0, null, { timeout: 30000 });
  const status = await page.evaluate(() => window.fbclens.appStatus());
  assert.equal(status.findingCode, 'FBC3101');
  assert.equal(status.package, 'mtv-operator');
  assert.equal(status.channel, 'release-v5.0');
  assert.equal(await row.getAttribute('aria-selected'), 'true', 'the list marks the finding selected');
  // The selected finding in full, with its source (an excerpt the worker reads) around line 4.
  const detail = findings.getByLabel('The selected finding');
  assert.match(await words(detail), /FBC3101 .*opm validate \(fails the run\)/);
  const source = detail.getByLabel('Source around mtv-operator/catalog.json:4:23');
  await source.waitFor({ timeout: 30000 });
  const line4 = readFileSync(join(mtv, 'mtv-operator/catalog.json'), 'utf8').split('\n')[3];
  assert.ok((await source.textContent()).includes('    4  ' + line4), 'the excerpt holds line 4 as the file has it');
  await page.mouse.move(5, 5);  // off the row, so its tooltip goes
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await page.screenshot({ path: join(shots, 'findings-mtv-v5.0.png') });
  // (The old test also clicked the same finding in a second, DOM list; issue 20 left one list.)
});

test('the source excerpt of the selected finding reads line by line', { skip: !existsSync(mtv) && 'needs ../shared/catalogs (absent)' }, async () => {
  // The mtv finding of the test above is selected.
  const source = panel(page, /^Findings/).getByLabel('Source around mtv-operator/catalog.json:4:23');
  await source.waitFor({ timeout: 30000 });
  const lines = readFileSync(join(mtv, 'mtv-operator/catalog.json'), 'utf8').split('\n');
  const shown = (await source.innerText()).split('\n').filter(Boolean);
  // Four lines of context either side of line 4: lines 1 to 8, each "    N  text" on its own line
  // (a very long line, like the icon's base64 on line 6, may be cut short by the worker).
  assert.equal(shown.length, 8, JSON.stringify(shown).slice(0, 300));
  shown.forEach((text, i) => {
    const prefix = String(i + 1).padStart(5) + '  ';
    assert.ok(text.startsWith(prefix) && lines[i].startsWith(text.slice(prefix.length)), 'line ' + (i + 1) + ': ' + text.slice(0, 80));
  });
  assert.equal(shown[3], '    4  ' + lines[3]);
});

const dense = resolve(repo, '../shared/catalogs/community-operators-prod-v4.16/catalogs/v4.16');
test('a dense graph: the 80-entry channel of patterns-operator', { skip: !existsSync(dense) && 'needs ../shared/catalogs (absent)' }, async () => {
  await openFolder(page, dense);
  await page.waitForFunction(() => window.fbclens.summary()?.packages === 18, null, { timeout: 120000 });
  // Entries of the fast channel, counted from the YAML text.
  const yaml = readFileSync(join(dense, 'patterns-operator/catalog.yaml'), 'utf8');
  const doc = yaml.split('\n---').find((d) => /\nschema: olm\.channel/.test('\n' + d) && /\nname: fast\s*(\n|$)/.test('\n' + d));
  const entries = (doc.match(/^- name: /gm) || []).length + (doc.match(/^  - name: /gm) || []).length;
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'patterns-operator', channel: 'fast' }));
  assert.equal(stats.nodes, entries);
  assert.ok(stats.nodes >= 80);
  assert.equal(stats.heads, 1);
  await page.screenshot({ path: join(shots, 'dense-patterns-operator-fast.png') });
});

const certified = resolve(repo, '../shared/catalogs/certified-operators-v4.14-json/catalogs/v4.14');
test('loading runs in a worker: progress, frames while loading, cancel keeps the catalog shown', { skip: !existsSync(certified) && 'needs ../shared/catalogs (absent)' }, async () => {
  await page.evaluate(() => {
    window.progressSeen = [];
    window.cancelOnParsing = false;
    // The page's animation frames, counted by the test (the app's own loop pauses while it has
    // nothing to draw, so its ticks say nothing of a thread the load would block).
    window.animationFrames = 0;
    window.countFrames = true;
    const count = () => { window.animationFrames++; if (window.countFrames) requestAnimationFrame(count); };
    requestAnimationFrame(count);
    window.fbclens.on('progress', (p) => {
      const box = window.fbclens.canvas.getBoundingClientRect();
      window.progressSeen.push(Object.assign({ pageFrames: window.animationFrames, canvas: [box.width, box.height] }, p));
      // Cancel from inside the load, through the header's own button, while the worker parses.
      if (window.cancelOnParsing && p.phase === 'parsing') {
        window.cancelOnParsing = false;
        const cancel = [...window.fbclens.element.querySelectorAll('header button')].find((b) => b.textContent === 'Cancel');
        if (cancel) cancel.click();
        else window.cancelMissing = true;
      }
    });
  });
  // 1. A full load of the 57 MB catalog: the app keeps drawing frames while the worker works.
  const canvasBox = () => page.evaluate(() => { const r = window.fbclens.canvas.getBoundingClientRect(); return [r.width, r.height]; });
  const boxBefore = await canvasBox();
  await openFolder(page, certified);
  await page.waitForFunction(() => window.fbclens.summary()?.bytes > 50e6, null, { timeout: 300000 });
  // Animation frames the page ran between the first and the last progress report: none if the load
  // ran on the UI thread (its progress callbacks would all run inside one synchronous call).
  const seen = await page.evaluate(() => { window.countFrames = false; return window.progressSeen; });
  const framesWhileLoading = seen.at(-1).pageFrames - seen[0].pageFrames;
  assert.ok(framesWhileLoading > 2, `page frames while loading: ${framesWhileLoading} (${seen.length} reports)`);
  const phases = await page.evaluate(() => [...new Set(window.progressSeen.map((p) => p.phase))]);
  assert.deepEqual(phases, ['reading', 'parsing']);
  const last = await page.evaluate(() => window.progressSeen.at(-1));
  // The page asks no picked File its size before the worker reads it, so the total is unknown (0)
  // and progress counts files; the bytes parsed are counted as they come.
  assert.ok(last.totalBytes === 0 && last.totalFiles >= 1 && last.files >= 1 && last.bytes > 0, JSON.stringify(last));
  // The Summary is there a moment before the page has taken the catalog view and hidden the bar.
  await page.getByRole('banner').getByRole('progressbar').waitFor({ state: 'detached', timeout: 60000 });
  // The header's load row (bar, text, Cancel) is exactly as tall as the status row it replaces: the
  // canvas keeps its size, to the subpixel, so it is not redrawn at the start and end of every load.
  for (const p of seen) assert.deepEqual(p.canvas, boxBefore, `the canvas while ${p.phase}`);
  assert.deepEqual(await canvasBox(), boxBefore, 'the canvas once loaded');
  await page.screenshot({ path: join(shots, 'certified-v4.14.png') });

  // The package with the most channel entries among the real catalogs here (9 channels, 164
  // entries), every channel as a lane, against counts taken from its JSON.
  const channels = jsonObjects(readFileSync(join(certified, 'scaleops-operator/catalog.json'), 'utf8'))
    .filter((o) => o.schema === 'olm.channel');
  const want = channels.map(channelGraphCounts).reduce((a, c) => ({ entries: a.entries + c.entries,
    replaces: a.replaces + c.replaces, skips: a.skips + c.skips, heads: a.heads + c.heads }));
  const whole = await page.evaluate(() => window.fbclens.show({ package: 'scaleops-operator' }));
  assert.equal(channels.length, 9);
  assert.equal(whole.nodes, want.entries);
  assert.equal(whole.edges.replaces, want.replaces);
  assert.equal(whole.edges.skips, want.skips);
  assert.equal(whole.heads, want.heads);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await page.screenshot({ path: join(shots, 'whole-package-scaleops-operator.png') });

  // 2. Cancel: the sample first, then a load cancelled while it parses.
  await page.evaluate(() => window.fbclens.loadSample());
  await page.evaluate(() => { window.cancelOnParsing = true; });
  await openFolder(page, certified);
  await page.waitForFunction(() => window.cancelMissing || /cancelled/.test(window.fbclens.element.querySelector('header').textContent),
    null, { timeout: 300000 });
  assert.equal(await page.evaluate(() => window.cancelMissing), undefined, 'the header shows Cancel while the worker parses');
  assert.match(await words(headerStatus(page)), /Load cancelled \(still showing the previous catalog\)/);
  assert.equal(await page.evaluate(() => window.fbclens.summary().packages), 3, 'the sample is still the catalog');
  assert.equal(await page.getByRole('banner').getByRole('progressbar').count(), 0);
  // Requests still go to the catalog shown.
  const r = await page.evaluate(() => window.fbclens.upgradePath({ package: 'cert-watcher' }));
  assert.equal(r.classic.next, 'cert-watcher.v2.0.0');
});

test('HiDPI: the canvas has device pixels, clicks land where they are drawn', async () => {
  const hidpi = await freshPage('the HiDPI page', { deviceScaleFactor: 2 });
  const size = await hidpi.evaluate(() => {
    const c = window.fbclens.canvas;
    return { width: c.width, css: c.clientWidth, ratio: window.fbclens.appStatus().pixelRatio };
  });
  assert.equal(size.ratio, 2);
  assert.equal(size.width, size.css * 2);
  // A click on a node in the graph selects that node: the channel head 2.0.0, drawn at the same
  // CSS place as at ratio 1 (the bottom node of stable's fitted layout; the explorer the old test
  // clicked is DOM now, so the canvas's own hit testing is what is checked here).
  const at = await hidpi.evaluate(() => { const r = window.fbclens.canvas.getBoundingClientRect(); return { x: r.x, y: r.y }; });
  await hidpi.mouse.click(at.x + HEAD_AT.x, at.y + HEAD_AT.y);
  await hidpi.waitForFunction(() => window.fbclens.appStatus().bundle === 'cert-watcher.v2.0.0', null, { timeout: 30000 });
  // And the explorer's row "fast" shows that channel.
  await hidpi.getByRole('treeitem', { name: /^fast/ }).click();
  await hidpi.waitForFunction(() => window.fbclens.appStatus().channel === 'fast', null, { timeout: 30000 });
  await hidpi.waitForFunction(() => window.fbclens.graphStats().channel === 'fast' && window.fbclens.appStatus().nodes === 3,
    null, { timeout: 60000 });
  await hidpi.screenshot({ path: join(shots, 'sample-hidpi.png') });
  await hidpi.close();
});

test('keyboard first, then the mouse: keys pressed as Tab lands in the graph walk it, and the wheel still zooms', async () => {
  // A fresh page whose graph has never seen the mouse. Home goes in right after Tab (no frame
  // between): with ImGui's own keyboard navigation on, that key also moved ImGui's focus to a
  // toolbar button, after which ImGui ignored the mouse's hover until the pointer moved inside
  // the canvas, and a pointer entering it in one event does not: the wheel zoomed nothing. (A
  // race with the canvas's frames: on the old canvas this failed in 5 of the 7 tries I made.)
  const fresh = await freshPage('the fresh page');
  for (let i = 0; i < 40 && !(await fresh.evaluate(() => document.activeElement === window.fbclens.canvas)); i++) {
    await fresh.keyboard.press('Tab');
  }
  await fresh.keyboard.press('Home');
  await fresh.waitForFunction(() => window.fbclens.appStatus().bundle === 'cert-watcher.v2.0.0', null, { timeout: 30000 });
  await fresh.keyboard.press('ArrowLeft');
  await fresh.waitForFunction(() => window.fbclens.appStatus().bundle === 'cert-watcher.v1.2.0', null, { timeout: 30000 });
  await fresh.keyboard.press('Tab');
  await frames(fresh);
  const zoom = await fresh.evaluate(() => window.fbclens.graphStats().zoom);
  const spot = await emptyGraphSpot(fresh);
  await fresh.mouse.move(spot.x, spot.y);
  for (let i = 0; i < 3; i++) {
    await fresh.mouse.wheel(0, -120);
    await frames(fresh);
  }
  const zoomed = await fresh.evaluate(() => window.fbclens.graphStats().zoom);
  assert.ok(zoomed > zoom * 1.3, `three notches zoom in: ${zoom} -> ${zoomed}`);
  await fresh.close();
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
