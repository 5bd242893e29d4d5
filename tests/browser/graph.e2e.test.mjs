// The graph on real packages (issue 13, "The graph"): every channel lane shows its own nodes when
// the whole package opens and after Fit, long channels wrap into a serpentine, labels never
// overlap at any zoom, every channel head is ringed, names outside a channel are ghosts, nodes
// never draw over the toolbar and key, and at 800×500 the graph stays visible. Counts are taken
// from the catalog files themselves (a small reader of opm's rendered YAML below, the JSON reader
// of tests/support). Screenshots go to build/browser/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jsonObjects } from '../support/count-catalog.mjs';
import { repo, shots, startPage } from './chromium.mjs';

const community = resolve(repo, '../shared/catalogs/community-operators-prod-v4.21/catalogs/v4.21');
const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
const haveShared = existsSync(community) && existsSync(rhtpa);
const skip = !haveShared && 'needs ../shared/catalogs (absent)';

let server, browser, page;
const consoleErrors = [];

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// The package's default channel and, per channel, its entries and heads, from an `opm render`-style
// YAML file (documents split by "---", entries as "- name:" with "  replaces:" / "  skips:" lists).
function yamlPackage(file) {
  const docs = readFileSync(file, 'utf8').split(/^---$/m);
  const field = (doc, key) => (doc.match(new RegExp(`^${key}: (.*)$`, 'm')) || [])[1];
  const result = { defaultChannel: null, channels: {} };
  for (const doc of docs) {
    const schema = field(doc, 'schema');
    if (schema === 'olm.package') result.defaultChannel = field(doc, 'defaultChannel');
    if (schema !== 'olm.channel') continue;
    const entries = [];
    let inSkips = false;
    for (const line of doc.split('\n')) {
      let m;
      if ((m = line.match(/^- name: (.*)$/))) { entries.push({ name: m[1], named: [] }); inSkips = false; }
      else if ((m = line.match(/^ {2}replaces: (.*)$/))) { entries.at(-1).named.push(m[1]); inSkips = false; }
      else if (/^ {2}skips:\s*$/.test(line)) inSkips = true;
      else if (inSkips && (m = line.match(/^ {2}- (.*)$/))) entries.at(-1).named.push(m[1]);
      else if (/^ {2}\S/.test(line) || /^\S/.test(line)) inSkips = false;
    }
    result.channels[field(doc, 'name')] = lanesOf(entries);
  }
  return result;
}

// Entries, heads (entries no entry of the channel replaces or skips) and names outside the channel.
function lanesOf(entries) {
  const names = new Set(entries.map((e) => e.name));
  const named = new Set(entries.flatMap((e) => e.named));
  const outside = new Set(entries.flatMap((e) => e.named).filter((n) => n && !names.has(n)));
  return { nodes: entries.length, heads: entries.filter((e) => !named.has(e.name)).length, ghosts: outside.size };
}

function jsonPackage(file) {
  const objects = jsonObjects(readFileSync(file, 'utf8'));
  const result = { defaultChannel: objects.find((o) => o.schema === 'olm.package').defaultChannel, channels: {} };
  for (const ch of objects.filter((o) => o.schema === 'olm.channel')) {
    result.channels[ch.name] = lanesOf(ch.entries.map((e) => ({ name: e.name, named: [e.replaces, ...(e.skips || [])].filter(Boolean) })));
  }
  return result;
}

const frames = (n = 2) => page.evaluate((k) => new Promise((r) => {
  const step = (left) => (left ? requestAnimationFrame(() => step(left - 1)) : r());
  step(k);
}), n);

// The community catalog, unless it is the one shown (each test can run alone).
async function ensureCommunity() {
  if ((await page.evaluate(() => window.fbclens.summary()?.packages)) !== 33) await loadFolder(community, 'apicurio-registry-3');
}

async function loadFolder(dir, firstPackage) {
  await page.setInputFiles('.fbclens-folder-input', dir);
  await page.waitForFunction((p) => document.querySelector('.fbclens-progress').hidden && window.fbclens.appStatus().package === p,
                             firstPackage, { timeout: 120000 });
}

// Every lane of the whole-package view, as drawn: the default channel first, each lane with all
// its entries, all of them in view, no two labels overlapping, every head ringed.
function checkWholePackage(stats, want, name) {
  assert.equal(stats.channel, '', name);
  assert.equal(stats.lanes.length, Object.keys(want.channels).length, `${name}: one lane per channel`);
  assert.equal(stats.lanes[0].channel, want.defaultChannel, `${name}: the default channel first`);
  for (const lane of stats.lanes) {
    const w = want.channels[lane.channel];
    assert.ok(w, `${name}: lane ${lane.channel} is a channel`);
    assert.equal(lane.nodes, w.nodes, `${name}/${lane.channel}: entries`);
    assert.ok(lane.visibleNodes > 0, `${name}/${lane.channel}: no nodes in view`);
    assert.equal(lane.visibleNodes, lane.nodes, `${name}/${lane.channel}: every node in view after Fit`);
  }
  const heads = Object.values(want.channels).reduce((n, c) => n + c.heads, 0);
  assert.equal(stats.heads, heads, `${name}: heads`);
  assert.equal(stats.headsRinged, stats.heads, `${name}: every head ringed`);
  assert.equal(stats.ghostNames, Object.values(want.channels).reduce((n, c) => n + c.ghosts, 0), `${name}: names outside channels`);
  assert.ok(stats.ghosts <= stats.ghostNames && (stats.ghosts > 0) === (stats.ghostNames > 0), `${name}: ghosts`);
  assert.ok(stats.labelsDrawn > 0, `${name}: labels at the fitted zoom`);
  assert.equal(stats.labelsOverlapping, 0, `${name}: overlapping labels`);
}

async function pressFit() {
  const before = await page.evaluate(() => window.fbclens.appStatus().frames);
  await page.mouse.move(900, 380);  // over the canvas: F fits
  await page.keyboard.press('f');
  await page.waitForFunction((f) => window.fbclens.appStatus().frames > f + 2 && window.fbclens.graphStats().settledFrames >= 2,
                             before, { timeout: 10000 });
  await page.mouse.move(5, 5);
  await frames();
  return page.evaluate(() => window.fbclens.graphStats());
}

const packages = [
  ['hive-operator', () => yamlPackage(join(community, 'hive-operator/catalog.yaml'))],
  ['project-quay', () => yamlPackage(join(community, 'project-quay/catalog.yaml'))],
  ['aws-neuron-operator', () => yamlPackage(join(community, 'aws-neuron-operator/catalog.yaml'))],
];

test('whole package: every lane shows its own nodes on opening and after Fit (community v4.21)', { skip }, async () => {
  await ensureCommunity();
  for (const [name, read] of packages) {
    const want = read();
    const opened = await page.evaluate((p) => window.fbclens.show({ package: p }), name);
    checkWholePackage(opened, want, name);
    await page.mouse.move(5, 5);
    await frames();
    await page.screenshot({ path: join(shots, `graph-${name}.png`) });
    // Pan away, then Fit brings every lane back.
    await page.mouse.move(900, 380);
    await page.mouse.down();
    await page.mouse.move(600, 200, { steps: 4 });
    await page.mouse.up();
    checkWholePackage(await pressFit(), want, `${name} after Fit`);
  }
});

test('a long channel reads left to right in rows: hive-operator alpha, labels at every zoom', { skip }, async () => {
  await ensureCommunity();
  const want = yamlPackage(join(community, 'hive-operator/catalog.yaml')).channels.alpha;
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'hive-operator', channel: 'alpha' }));
  assert.equal(stats.nodes, want.nodes);
  assert.ok(stats.nodes >= 74);
  assert.ok(stats.columnsPerRow > 1 && stats.columnsPerRow < stats.nodes, `wrapped into rows: ${stats.columnsPerRow} a row`);
  assert.deepEqual(stats.lanes, [{ channel: 'alpha', nodes: want.nodes, visibleNodes: want.nodes }]);
  assert.ok(stats.labelsDrawn >= stats.nodes / 3, `labels at the fitted zoom: ${stats.labelsDrawn}`);
  assert.equal(stats.labelsOverlapping, 0);
  assert.equal(stats.ghosts, 1, 'its oldest entry replaces a bundle the channel does not list');
  await page.mouse.move(5, 5);
  await frames();
  await page.screenshot({ path: join(shots, 'graph-hive-operator-alpha.png') });
  // Zoomed far out and far in: labels still drawn, still never overlapping.
  await page.mouse.move(900, 380);
  for (const [notches, delta] of [[12, 120], [24, -120]]) {
    for (let i = 0; i < notches; i++) await page.mouse.wheel(0, delta);
    await frames(3);
    const s = await page.evaluate(() => window.fbclens.graphStats());
    assert.ok(s.labelsDrawn > 0, `labels at zoom ${s.zoom}`);
    assert.equal(s.labelsOverlapping, 0, `overlapping labels at zoom ${s.zoom}`);
  }
  assert.ok((await page.evaluate(() => window.fbclens.graphStats())).zoom > 1.5);
  await page.screenshot({ path: join(shots, 'graph-hive-operator-alpha-zoomed.png') });
});

test('nodes never draw over the toolbar or the key, however far the graph is zoomed and panned', { skip }, async () => {
  await ensureCommunity();
  await page.evaluate(() => window.fbclens.show({ package: 'hive-operator' }));
  await page.mouse.move(5, 5);
  await frames();
  // The graph pane's top rows (title, toolbar, key), above the canvas.
  const clip = { x: 380, y: 70, width: 880, height: 58 };
  const before = await page.screenshot({ clip, path: join(shots, 'graph-toolbar-before.png') });
  await page.mouse.move(700, 200);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -120);
  // Drag the graph up under the toolbar, from a spot with no node under it (pressing on a node
  // selects it, and the selection's upgrade text would change the rows compared).
  const start = await page.evaluate(() => window.fbclens.appStatus().bundle);
  for (const [x, y] of [[700, 200], [760, 230], [640, 170], [820, 260], [580, 240]]) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await frames();
    if ((await page.evaluate(() => window.fbclens.appStatus().bundle)) === start) {
      await page.mouse.move(x, 20, { steps: 4 });
      await page.mouse.up();
      break;
    }
    await page.mouse.up();
    await page.evaluate(() => window.fbclens.show({ package: 'hive-operator' }).catch(() => {}));
  }
  await page.mouse.move(5, 5);
  await frames(3);
  assert.ok((await page.evaluate(() => window.fbclens.graphStats())).zoom > 1);
  const afterShot = await page.screenshot({ clip, path: join(shots, 'graph-toolbar-after.png') });
  assert.ok(before.equals(afterShot), 'the toolbar and key look the same with the graph under them');
  await page.screenshot({ path: join(shots, 'graph-zoomed-under-toolbar.png') });
});

test('rhtpa: deprecated lanes show their nodes, with their headings filled and marked', { skip }, async () => {
  await loadFolder(rhtpa, 'rhtpa-operator');
  const want = jsonPackage(join(rhtpa, 'rhtpa-operator/catalog.json'));
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'rhtpa-operator' }));
  checkWholePackage(stats, want, 'rhtpa-operator');
  await page.mouse.move(5, 5);
  await frames();
  await page.screenshot({ path: join(shots, 'graph-rhtpa-operator.png') });
  checkWholePackage(await pressFit(), want, 'rhtpa-operator after Fit');
});

// A package made for the marks: deprecated as a whole, its default channel with two heads, an
// entry replacing a bundle no channel lists, a deprecated channel.
function marksCatalog() {
  const bundle = (name, version) => ({ schema: 'olm.bundle', package: 'marks', name, image: `quay.io/x/marks:${version}`,
    properties: [{ type: 'olm.package', value: { packageName: 'marks', version } }] });
  return [
    { schema: 'olm.package', name: 'marks', defaultChannel: 'stable' },
    { schema: 'olm.channel', package: 'marks', name: 'stable', entries: [
      { name: 'marks.v1.0.0', replaces: 'marks.v0.9.0' }, { name: 'marks.v1.1.0', replaces: 'marks.v1.0.0' },
      { name: 'marks.v2.0.0' }, { name: 'marks.v2.1.0', replaces: 'marks.v2.0.0' }] },
    { schema: 'olm.channel', package: 'marks', name: 'old', entries: [{ name: 'marks.v1.0.0' }] },
    bundle('marks.v1.0.0', '1.0.0'), bundle('marks.v1.1.0', '1.1.0'), bundle('marks.v2.0.0', '2.0.0'), bundle('marks.v2.1.0', '2.1.0'),
    { schema: 'olm.deprecations', package: 'marks', entries: [
      { reference: { schema: 'olm.package' }, message: 'marks is end of life' },
      { reference: { schema: 'olm.channel', name: 'old' }, message: 'old is gone' }] },
  ].map((o) => JSON.stringify(o)).join('\n');
}

test('marks: both heads of a two-headed channel ringed, a ghost for a missing name, deprecation on the title and lane', async () => {
  const summary = await page.evaluate((data) => window.fbclens.loadFiles([{ path: 'marks.json', data }]), marksCatalog());
  assert.ok(summary.findings.some((f) => f.code === 'FBC3103'), 'opm calls two heads an error');
  const channel = await page.evaluate(() => window.fbclens.show({ package: 'marks', channel: 'stable' }));
  assert.equal(channel.heads, 2);
  assert.equal(channel.headsRinged, 2, 'both heads ringed');
  assert.equal(channel.ghosts, 1, 'marks.v0.9.0 is in no channel');
  assert.equal(channel.labelsOverlapping, 0);
  await page.mouse.move(5, 5);
  await frames();
  await page.screenshot({ path: join(shots, 'graph-marks-stable.png') });
  // Selecting a head keeps its ring (the selection is a halo around it).
  const selected = await page.evaluate(() => window.fbclens.show({ package: 'marks', channel: 'stable', bundle: 'marks.v2.1.0' }));
  assert.equal(selected.headsRinged, 2);
  const whole = await page.evaluate(() => window.fbclens.show({ package: 'marks' }));
  assert.deepEqual(whole.lanes.map((l) => l.channel), ['stable', 'old']);
  assert.ok(whole.lanes.every((l) => l.visibleNodes === l.nodes));
  assert.equal(whole.headsRinged, whole.heads);
  await page.mouse.move(5, 5);
  await frames();
  await page.screenshot({ path: join(shots, 'graph-marks-whole-package.png') });
  await page.evaluate(() => window.fbclens.loadSample());
});

test('800×500: the panes make room and the graph stays visible', { skip }, async () => {
  const small = await browser.newPage({ viewport: { width: 800, height: 500 } });
  small.on('pageerror', (e) => consoleErrors.push(String(e)));
  small.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  await small.goto(server.url);
  await small.evaluate(() => window.fbclens.ready);
  await small.setInputFiles('.fbclens-folder-input', community);
  await small.waitForFunction(() => document.querySelector('.fbclens-progress').hidden &&
                              window.fbclens.appStatus().package === 'apicurio-registry-3', null, { timeout: 120000 });
  const want = yamlPackage(join(community, 'hive-operator/catalog.yaml'));
  const stats = await small.evaluate(() => window.fbclens.show({ package: 'hive-operator' }));
  for (const lane of stats.lanes) {
    assert.equal(lane.nodes, want.channels[lane.channel].nodes, lane.channel);
    assert.equal(lane.visibleNodes, lane.nodes, `${lane.channel}: every node in view at 800×500`);
  }
  assert.equal(stats.labelsOverlapping, 0);
  assert.ok(stats.labelsDrawn > 0);
  const status = await small.evaluate(() => window.fbclens.appStatus());
  assert.equal(status.explorer, false, 'the explorer folds away in a narrow window');
  assert.ok(status.graphCanvas.width >= 450 && status.graphCanvas.height >= 120, JSON.stringify(status.graphCanvas));
  await small.mouse.move(5, 5);
  await small.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await small.screenshot({ path: join(shots, 'graph-800x500.png') });
  await small.close();
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
