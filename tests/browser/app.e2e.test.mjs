// Browser end-to-end test: serve dist/ on 127.0.0.1 (a free port), drive Debian's Chromium headless
// with playwright-core, and check the app as a user gets it: the built-in sample on start, a real
// catalog through the folder picker and through window.fbclens.loadFiles, counts against numbers
// computed independently (tests/support/count-catalog.mjs), the WebGL2 graph pass drawing, no
// console errors. Screenshots go to build/browser/.
// The real catalog comes from ../shared; without it that part is skipped with a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { channelGraphCounts, countCatalog, jsonObjects } from '../support/count-catalog.mjs';
import { repo, shots, startPage } from './chromium.mjs';

const sample = join(repo, 'samples/catalog');
const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');


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

async function waitForFrames(n) {
  await page.waitForFunction((want) => window.fbclens.appStatus().frames >= want, n, { timeout: 20000 });
}

test('the built-in sample catalog is shown on start and drawn with the graph shaders', async () => {
  const summary = await page.evaluate(() => window.fbclens.summary());
  expectCounts(summary, countCatalog(sample));
  assert.equal(summary.verdict, 'VALID');
  // The layout comes from the worker a few frames after the catalog: wait for it.
  await page.waitForFunction(() => window.fbclens.appStatus().nodes === 4, null, { timeout: 20000 });
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
  const bundle = async () => page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return window.fbclens.appStatus().bundle;
  });
  await page.mouse.click(900, 400);  // the graph canvas, away from the nodes
  await page.keyboard.press('Home');
  assert.equal(await bundle(), 'cert-watcher.v2.0.0', 'Home: the channel head');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await bundle(), 'cert-watcher.v1.2.0', 'Left: the entry the head replaces');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await bundle(), 'cert-watcher.v1.1.0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await bundle(), 'cert-watcher.v1.2.0', 'Right: the entry replacing it');
  // The selection asks the worker where each OLM goes from there.
  await page.waitForFunction(() => /^If cert-watcher\.v1\.2\.0 is installed:\n  OLM Classic next cert-watcher\.v2\.0\.0, ends at cert-watcher\.v2\.0\.0 \(1 step\)\n  OLM v1      error: validating bundle/
    .test(window.fbclens.appStatus().upgrade), null, { timeout: 5000 });
});

test('selecting a bundle shows it in full in the Bundle tab; selecting a finding goes back to the findings', async () => {
  // The arrow-key test left cert-watcher.v1.2.0 of stable selected.
  await page.waitForFunction(() => window.fbclens.appStatus().details === 'cert-watcher.v1.2.0', null, { timeout: 5000 });
  const status = await page.evaluate(() => window.fbclens.appStatus());
  assert.equal(status.lowerTab, 'bundle');
  // The same answer through the page API, checked against the sample's YAML.
  const d = await page.evaluate(() => window.fbclens.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'cert-watcher.v1.2.0' }));
  assert.equal(status.detailsProperties, d.properties.length);
  assert.equal(d.replaces, 'cert-watcher.v1.1.0');
  assert.deepEqual(d.skips, ['cert-watcher.v1.1.1']);
  assert.deepEqual(d.properties[0], { type: 'olm.package', value: '{"packageName":"cert-watcher","version":"1.2.0"}', truncated: false });
  await page.screenshot({ path: join(shots, 'sample-bundle-tab.png') });
  await assert.rejects(page.evaluate(() => window.fbclens.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'nope' })),
                       /channel stable has no entry nope/);
});

test('themes: dark and light, the page around the canvas and the graph follow', async () => {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => window.fbclens.setTheme(t), theme);
    // The graph's scene is rebuilt with the theme's colours, not only ImGui's style.
    await page.waitForFunction((t) => window.fbclens.appStatus().theme === t && window.fbclens.appStatus().sceneTheme === t &&
      document.querySelector('.fbclens').dataset.theme === t, theme, { timeout: 5000 });
    await page.screenshot({ path: join(shots, `sample-${theme}.png`) });
  }
});

test("'/' focuses the explorer search", async () => {
  await page.mouse.click(900, 350);  // the graph canvas, away from any widget
  await page.keyboard.press('/');
  await page.waitForFunction(() => { const n = window.fbclens.appStatus().frames; return n > 0; });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.keyboard.type('lens', { delay: 50 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await page.evaluate(() => window.fbclens.appStatus().search), 'lens');
  await page.keyboard.press('Escape');  // leave the box
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
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
  assert.match(await page.textContent('.fbclens-status'), /^VALID · .* · 2 warnings$/);
  const list = await page.textContent('.fbclens-findings-list');
  assert.match(list, /catalog\.json:15:5 FBC4001 \[warning\] with "demo\.v1\.0\.0" installed, OLM Classic stays on it/);
  assert.doesNotMatch(list, /opm:/, 'opm says nothing about advice');
  await page.evaluate(() => window.fbclens.loadSample());  // the tests after this one start from the sample
});

test('a real catalog through the folder picker and through loadFiles', { skip: !existsSync(rhtpa) && 'needs ../shared/catalogs (absent)' }, async () => {
  const counts = countCatalog(rhtpa);
  await page.setInputFiles('.fbclens-folder-input', rhtpa);
  await page.waitForFunction((n) => window.fbclens.summary()?.files === n && window.fbclens.summary()?.bundles > 0,
                             counts.files, { timeout: 30000 });
  const viaPicker = await page.evaluate(() => window.fbclens.summary());
  expectCounts(viaPicker, counts);
  assert.equal(viaPicker.verdict, 'VALID', 'opm validate calls rhtpa v4.18 valid (expected.json)');
  const start = await page.evaluate(() => window.fbclens.appStatus().frames);
  await waitForFrames(start + 5);
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
  await page.setInputFiles('.fbclens-folder-input', mtv);
  await page.waitForFunction(() => window.fbclens.summary()?.verdict === 'INVALID', null, { timeout: 30000 });
  const summary = await page.evaluate(() => window.fbclens.summary());
  assert.equal(summary.findings.length, 1);
  assert.equal(summary.findings[0].code, 'FBC3101');
  assert.equal(summary.findings[0].opmMessage, 'channel must contain at least one bundle');
  // The DOM mirror carries the same finding as text.
  assert.match(await page.textContent('.fbclens-findings-list'), /mtv-operator\/catalog\.json:4:23 FBC3101/);
  // Click down the findings list until a row is selected (its place depends on the layout).
  let status = null;
  for (let y = 530; y < 640 && !(status && status.finding >= 0); y += 6) {  // below the filter checkboxes
    await page.mouse.click(430, y);
    status = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return window.fbclens.appStatus();
    });
  }
  assert.equal(status.finding, 0, 'a finding row was clicked');
  assert.equal(status.findingCode, 'FBC3101');
  assert.equal(status.package, 'mtv-operator');
  assert.equal(status.channel, 'release-v5.0');
  // The source excerpt comes from the worker; the DOM list marks the same finding.
  await page.waitForFunction(() => document.querySelector('.fbclens-findings-list [aria-current]') !== null);
  assert.match(await page.textContent('.fbclens-findings-list [aria-current]'), /FBC3101/);
  await page.mouse.move(900, 300);  // off the row, so its tooltip goes
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  await page.screenshot({ path: join(shots, 'findings-mtv-v5.0.png') });
  // And the other way: a click in the DOM list selects the finding in the app.
  await page.evaluate(() => window.fbclens.show({ package: 'mtv-operator', channel: 'release-v5.0' }));
  await page.click('.fbclens-findings summary');
  await page.click('.fbclens-findings-list button.finding');
  await page.waitForFunction(() => window.fbclens.appStatus().findingCode === 'FBC3101');
  await page.click('.fbclens-findings summary');
});

const dense = resolve(repo, '../shared/catalogs/community-operators-prod-v4.16/catalogs/v4.16');
test('a dense graph: the 80-entry channel of patterns-operator', { skip: !existsSync(dense) && 'needs ../shared/catalogs (absent)' }, async () => {
  await page.setInputFiles('.fbclens-folder-input', dense);
  await page.waitForFunction(() => window.fbclens.summary()?.packages === 18, null, { timeout: 60000 });
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
    window.fbclens.on('progress', (p) => {
      window.progressSeen.push(Object.assign({ ticks: window.fbclens.appStatus().ticks }, p));
      // Cancel from inside the load, through the page's own button, while the worker parses.
      if (window.cancelOnParsing && p.phase === 'parsing') {
        window.cancelOnParsing = false;
        document.querySelector('.fbclens-cancel').click();
      }
    });
  });
  // 1. A full load of the 57 MB catalog: the app keeps drawing frames while the worker works.
  await page.setInputFiles('.fbclens-folder-input', certified);
  await page.waitForFunction(() => window.fbclens.summary()?.bytes > 50e6, null, { timeout: 120000 });
  // Animation frames the app ran between the first and the last progress report: none if the load
  // ran on the UI thread (its progress callbacks would all run inside one synchronous call).
  const seen = await page.evaluate(() => window.progressSeen);
  const ticksWhileLoading = seen.at(-1).ticks - seen[0].ticks;
  assert.ok(ticksWhileLoading > 2, `app frames while loading: ${ticksWhileLoading} (${seen.length} reports)`);
  const phases = await page.evaluate(() => [...new Set(window.progressSeen.map((p) => p.phase))]);
  assert.deepEqual(phases, ['reading', 'parsing']);
  const last = await page.evaluate(() => window.progressSeen.at(-1));
  assert.ok(last.totalBytes > 50e6 && last.totalFiles >= 1 && last.bytes > 0, JSON.stringify(last));
  // The Summary is there a moment before the page has taken the catalog view and hidden the bar.
  await page.waitForFunction(() => document.querySelector('.fbclens-progress').hidden, null, { timeout: 10000 });
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
  await page.setInputFiles('.fbclens-folder-input', certified);
  await page.waitForFunction(() => /cancelled/.test(document.querySelector('.fbclens-status').textContent), null, { timeout: 60000 });
  assert.match(await page.textContent('.fbclens-status'), /Load cancelled — still showing the previous catalog/);
  assert.equal(await page.evaluate(() => window.fbclens.summary().packages), 3, 'the sample is still the catalog');
  assert.equal(await page.isVisible('.fbclens-progress'), false);
  // Requests still go to the catalog shown.
  const r = await page.evaluate(() => window.fbclens.upgradePath({ package: 'cert-watcher' }));
  assert.equal(r.classic.next, 'cert-watcher.v2.0.0');
});

test('HiDPI: the canvas has device pixels, clicks land where they are drawn', async () => {
  const hidpi = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  hidpi.on('pageerror', (e) => consoleErrors.push(String(e)));
  await hidpi.goto(server.url);
  await hidpi.evaluate(() => window.fbclens.ready);
  const size = await hidpi.evaluate(() => {
    const c = document.querySelector('.fbclens-canvas');
    return { width: c.width, css: c.clientWidth, ratio: window.fbclens.appStatus().pixelRatio };
  });
  assert.equal(size.ratio, 2);
  assert.equal(size.width, size.css * 2);
  // The explorer row "fast" (after the default channel stable, then alpha) sits at the same CSS place as at ratio 1.
  await hidpi.waitForFunction(() => window.fbclens.appStatus().nodes === 4, null, { timeout: 20000 });
  await hidpi.mouse.click(72, 156);
  await hidpi.waitForFunction(() => window.fbclens.appStatus().channel === 'fast', null, { timeout: 5000 });
  await hidpi.waitForFunction(() => window.fbclens.graphStats().channel === 'fast' && window.fbclens.appStatus().nodes === 3);
  await hidpi.screenshot({ path: join(shots, 'sample-hidpi.png') });
  await hidpi.close();
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
