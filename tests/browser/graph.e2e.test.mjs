// The graph on real packages (issue 13, "The graph"): every channel lane shows its own nodes when
// the whole package opens and after Fit, long channels wrap into a serpentine, labels never
// overlap at any zoom, every channel head is ringed, names outside a channel are ghosts, nodes
// never draw over the toolbar and key, and at 800×500 the graph stays visible. Since issue 20 a
// fit goes no lower than a zoom labels read at (kReadableZoom, web/canvas/graph_panel.cpp): a graph
// too big for the canvas at that zoom is shown from its first lane down, its rows wrapped to the
// canvas's width, and scrolled (Shift+wheel) to the rest, where before it was shrunk until all of
// it was in view; the tests check that instead wherever a graph is that big. Counts are taken
// from the catalog files themselves (a small reader of opm's rendered YAML below, the JSON reader
// of tests/support). Catalogs are opened as a user does: the header's "Open folder…" and the
// browser's file chooser. Screenshots go to build/browser/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jsonObjects } from '../support/count-catalog.mjs';
import { repo, shots, startPage } from './chromium.mjs';
import { openFolder, waitShown } from './page-helpers.mjs';

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
  await openFolder(page, dir);
  await page.waitForFunction((n) => window.fbclens.source()?.kind === 'files' && window.fbclens.source().name === n,
                             dir.split('/').pop(), { timeout: 120000 });
  await waitShown(page, firstPackage);
}

// The graph canvas's box in the page, and a point in it at fractions (fx, fy) of its size.
const canvasBox = () => page.evaluate(() => {
  const r = window.fbclens.canvas.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
});
const at = (box, fx, fy) => [Math.round(box.x + box.width * fx), Math.round(box.y + box.height * fy)];

// The least zoom a fit goes to (web/canvas/graph_panel.cpp kReadableZoom).
const READABLE_ZOOM = 0.5;

// What a fit shows: the whole graph when it fits at a zoom labels read at; else that zoom, the
// graph from its first lane down (the first lane shows nodes; below the first lane cut off, no lane
// shows any).
function checkInView(stats, name) {
  const lanes = JSON.stringify(stats.lanes);
  assert.ok(stats.zoom >= READABLE_ZOOM - 1e-3, `${name}: a fit never goes below zoom ${READABLE_ZOOM}: ${stats.zoom}`);
  if (stats.zoom > READABLE_ZOOM + 1e-3) {
    for (const lane of stats.lanes) assert.equal(lane.visibleNodes, lane.nodes, `${name}/${lane.channel}: every node in view after Fit ${lanes}`);
    return;
  }
  assert.ok(stats.lanes[0].visibleNodes > 0, `${name}: the first lane shows its nodes ${lanes}`);
  const cut = stats.lanes.findIndex((l) => l.visibleNodes < l.nodes);
  for (const lane of cut < 0 ? [] : stats.lanes.slice(cut + 1)) {
    assert.equal(lane.visibleNodes, 0, `${name}/${lane.channel}: shown from the first lane down ${lanes}`);
  }
}

// Scrolls the graph `p` shows down with Shift+wheel (the canvas focused, as Tab leaves it), 40 px a
// notch, until its last lane is whole in view or everything has passed through the view (a lane
// taller than the canvas); every lane must show its own nodes on the way. Fits again after.
async function scrollThrough(p, name) {
  const start = await p.evaluate(() => window.fbclens.graphStats());
  if (start.lanes.every((l) => l.visibleNodes === l.nodes)) return;
  const seen = start.lanes.map((l) => l.visibleNodes);
  const box = await p.evaluate(() => { window.fbclens.canvas.focus(); const r = window.fbclens.canvas.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  await p.mouse.move(box.x, box.y);
  await p.keyboard.down('Shift');
  let stats = start;
  const lastWhole = () => stats.lanes.at(-1).visibleNodes === stats.lanes.at(-1).nodes;
  const nothing = () => stats.lanes.every((l) => l.visibleNodes === 0);
  try {
    for (let i = 0; i < 300 && !lastWhole() && !nothing(); i++) {
      await p.mouse.wheel(0, 120);
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      stats = await p.evaluate(() => window.fbclens.graphStats());
      stats.lanes.forEach((l, k) => { seen[k] = Math.max(seen[k], l.visibleNodes); });
    }
  } finally {
    await p.keyboard.up('Shift');
  }
  assert.ok(Math.abs(stats.zoom - start.zoom) < 1e-3, `${name}: Shift+wheel scrolls, it does not zoom (${start.zoom} → ${stats.zoom})`);
  assert.ok(lastWhole() || nothing(), `${name}: scrolled to the end of the graph ${JSON.stringify(stats.lanes)}`);
  stats.lanes.forEach((l, k) => assert.ok(seen[k] > 0, `${name}/${l.channel}: its nodes come into view when scrolled to`));
  await p.mouse.move(box.x, box.y);
  await p.keyboard.press('f');
  await p.waitForFunction(() => window.fbclens.graphStats().settledFrames >= 2, null, { timeout: 30000 });
}

// Every lane of the whole-package view, as drawn: the default channel first, each lane with all
// its entries, in view as checkInView says, no two labels overlapping, every head ringed.
function checkWholePackage(stats, want, name) {
  assert.equal(stats.channel, '', name);
  assert.equal(stats.lanes.length, Object.keys(want.channels).length, `${name}: one lane per channel`);
  assert.equal(stats.lanes[0].channel, want.defaultChannel, `${name}: the default channel first`);
  for (const lane of stats.lanes) {
    const w = want.channels[lane.channel];
    assert.ok(w, `${name}: lane ${lane.channel} is a channel`);
    assert.equal(lane.nodes, w.nodes, `${name}/${lane.channel}: entries`);
  }
  checkInView(stats, name);
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
  await page.mouse.move(...at(await canvasBox(), 0.5, 0.5));  // over the canvas: F fits
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
    await scrollThrough(page, name);
    // Pan away, then Fit brings every lane back.
    const box = await canvasBox();
    await page.mouse.move(...at(box, 0.7, 0.5));
    await page.mouse.down();
    await page.mouse.move(...at(box, 0.2, 0.25), { steps: 4 });
    await page.mouse.up();
    const fitted = await pressFit();
    checkWholePackage(fitted, want, `${name} after Fit`);
    assert.deepEqual(fitted.lanes, opened.lanes, `${name}: Fit shows what opening showed`);
  }
});

test('Shift+wheel over a graph too big for the canvas scrolls it, whether or not the canvas has keyboard focus', { skip }, async () => {
  await ensureCommunity();
  const opened = await page.evaluate(() => window.fbclens.show({ package: 'hive-operator' }));
  assert.ok(opened.lanes.some((l) => l.visibleNodes < l.nodes), 'the graph is too big for the canvas');
  try {
    await page.evaluate(() => { document.activeElement?.blur(); });
    await page.mouse.move(...at(await canvasBox(), 0.5, 0.5));
    await page.keyboard.down('Shift');
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, 120);
      await frames();
    }
    await page.keyboard.up('Shift');
    const after = await page.evaluate(() => window.fbclens.graphStats());
    assert.equal(after.zoom, opened.zoom, 'Shift+wheel does not zoom');
    assert.notDeepEqual(after.lanes, opened.lanes, 'Shift+wheel scrolled');
  } finally {
    await pressFit();
  }
});

test('a long channel reads left to right in rows: hive-operator alpha, labels at every zoom', { skip }, async () => {
  await ensureCommunity();
  const want = yamlPackage(join(community, 'hive-operator/catalog.yaml')).channels.alpha;
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'hive-operator', channel: 'alpha' }));
  assert.equal(stats.nodes, want.nodes);
  assert.ok(stats.nodes >= 74);
  assert.ok(stats.columnsPerRow > 1 && stats.columnsPerRow < stats.nodes, `wrapped into rows: ${stats.columnsPerRow} a row`);
  assert.deepEqual(stats.lanes.map((l) => [l.channel, l.nodes]), [['alpha', want.nodes]]);
  checkInView(stats, 'hive-operator/alpha');
  assert.ok(stats.labelsDrawn >= stats.lanes[0].visibleNodes / 3, `labels at the fitted zoom: ${stats.labelsDrawn}`);
  assert.equal(stats.labelsOverlapping, 0);
  assert.equal(stats.ghosts, 1, 'its oldest entry replaces a bundle the channel does not list');
  await page.mouse.move(5, 5);
  await frames();
  await page.screenshot({ path: join(shots, 'graph-hive-operator-alpha.png') });
  await scrollThrough(page, 'hive-operator/alpha');
  // Zoomed far out and far in: labels still drawn, still never overlapping.
  await page.mouse.move(...at(await canvasBox(), 0.5, 0.5));
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
  // The canvas's top rows (title, toolbar, key), above the graph's own rectangle (graphCanvas).
  const box = await canvasBox();
  const graphHeight = (await page.evaluate(() => window.fbclens.appStatus().graphCanvas)).height;
  const clip = { x: box.x, y: box.y, width: box.width, height: Math.round(box.height - graphHeight - 16) };
  assert.ok(clip.height >= 60, 'the toolbar and key rows: ' + JSON.stringify(clip));
  const before = await page.screenshot({ clip, path: join(shots, 'graph-toolbar-before.png') });
  await page.mouse.move(...at(box, 0.6, 0.3));
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -120);
  // Drag the graph up under the toolbar, from a spot with no node under it (pressing on a node
  // selects it, and the selection would change the rows compared).
  const start = await page.evaluate(() => window.fbclens.appStatus().bundle);
  for (const [fx, fy] of [[0.6, 0.3], [0.7, 0.35], [0.5, 0.25], [0.8, 0.4], [0.4, 0.38]]) {
    const [x, y] = at(box, fx, fy);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await frames();
    if ((await page.evaluate(() => window.fbclens.appStatus().bundle)) === start) {
      await page.mouse.move(x, box.y + 5, { steps: 4 });
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
  await openFolder(small, community);
  await waitShown(small, 'apicurio-registry-3');
  const want = yamlPackage(join(community, 'hive-operator/catalog.yaml'));
  const stats = await small.evaluate(() => window.fbclens.show({ package: 'hive-operator' }));
  for (const lane of stats.lanes) assert.equal(lane.nodes, want.channels[lane.channel].nodes, lane.channel);
  checkInView(stats, 'hive-operator at 800×500');
  assert.equal(stats.labelsOverlapping, 0);
  assert.ok(stats.labelsDrawn > 0);
  const status = await small.evaluate(() => window.fbclens.appStatus());
  // A narrow window: the explorer folds away into a drawer its "Catalog" button opens.
  assert.equal(status.narrow, true);
  assert.equal(await small.getByRole('navigation', { name: 'Catalog explorer' }).isVisible(), false, 'the explorer folds away');
  assert.equal(await small.getByRole('banner').getByRole('button', { name: 'Catalog' }).getAttribute('aria-expanded'), 'false');
  assert.ok(status.graphCanvas.width >= 450 && status.graphCanvas.height >= 120, JSON.stringify(status.graphCanvas));
  await small.mouse.move(5, 5);
  await small.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await small.screenshot({ path: join(shots, 'graph-800x500.png') });
  await scrollThrough(small, 'hive-operator at 800×500');
  await small.close();
});

// The app draws only after something changed (input, an answer, a call from the page), and once
// idle it stops asking the browser for animation frames: a loop that ticked every frame and drew
// nothing cost the idle page 100-150 ms of CPU a second (tests/bench/README.md).
test('an idle graph pauses its frame loop, and the mouse over the canvas starts it again', async () => {
  await page.mouse.move(5, 5);
  await page.waitForTimeout(3000);  // the half-second of frames after input, then 2 s idle
  const idle = await page.evaluate(async () => {
    const before = window.fbclens.appStatus().ticks;
    await new Promise((resolve) => setTimeout(resolve, 500));
    return window.fbclens.appStatus().ticks - before;
  });
  assert.equal(idle, 0, 'main-loop ticks while idle');
  const frames = await page.evaluate(() => window.fbclens.appStatus().frames);
  await page.mouse.move(...at(await canvasBox(), 0.5, 0.5));
  await page.waitForFunction((f) => window.fbclens.appStatus().frames > f + 2, frames, { timeout: 10000 });
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
