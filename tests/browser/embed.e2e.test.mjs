// Docs-site embeds: the example page's three <fbc-lens> elements (web/embed/docs-example.html) load
// nothing until clicked, then each renders its view, sharing one download of the app; the page's
// scroll, Tab order and text selection keep working. The embed route in an iframe on one port is
// driven by a host page on another through postMessage (handshake, load, select, events), and a
// host on a third origin is ignored. Timings (click → first graph) are printed for the note. An
// element loads the graph module (fbclens-app.js/.wasm), the bundled page (fbclens-page.js) and
// the worker's files (fbclens-worker.js, fbclens-api.js, fbclens-core.js/.wasm).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, shots, startBrowser } from './chromium.mjs';

let server, browser;
let docsPage = null;  // the docs example as the first test leaves it (the todo test after it reads it)
let focusAfterEnter = '';  // where the keyboard test's Enter left the focus
before(async () => { ({ server, browser } = await startBrowser()); });
after(async () => { await browser?.close(); await server?.close(); });

const APP_FILES = /\/fbclens-[a-z-]+\.(js|wasm)$/;

test('the docs example: nothing loads before a click, then each element renders its view', async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(server.url + 'docs-example.html');
  await page.waitForFunction(() => customElements.get('fbc-lens') && document.querySelectorAll('fbc-lens .fbc-lens-placeholder').length === 3);
  await page.waitForTimeout(500);
  assert.deepEqual(requested.filter((p) => APP_FILES.test(p)), [], 'no app file before a click');
  const placeholder = await page.textContent('#graph .fbc-lens-placeholder');
  assert.match(placeholder, /Show the live upgrade graph of cert-watcher \(stable\)/);
  assert.match(placeholder, /Loads fbclens \(\d+\.\d MB, less compressed; once for every view on this page\) and the built-in sample catalog/);
  await page.screenshot({ path: join(shots, 'docs-example-placeholders.png'), fullPage: true });

  // The page is still a page: Tab reaches the placeholders in order, text selects, the wheel scrolls.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('fbc-lens')?.id), 'graph');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('fbc-lens')?.id), 'hub');
  const selected = await page.evaluate(() => {
    const p = document.querySelector('main p');
    getSelection().selectAllChildren(p);
    return getSelection().toString();
  });
  assert.match(selected, /File-Based Catalog describes each operator/);

  // Click the graph: it renders the channel; the time from click to the first drawn graph is measured.
  const clickToGraph = await page.evaluate(async () => {
    const el = document.getElementById('graph');
    const start = performance.now();
    el.querySelector('button').click();
    const app = await el.load();
    for (;;) {
      const s = app.graphStats();
      if (s.channel === 'stable' && s.nodes > 0 && s.settledFrames >= 1) return performance.now() - start;
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
  console.log('# timing: docs example, click to first drawn graph (sample): ' + Math.round(clickToGraph) + ' ms');
  const graph = await page.evaluate(() => document.getElementById('graph').app.graphStats());
  assert.equal(graph.package, 'cert-watcher');
  assert.equal(graph.nodes, 4);
  // Only the graph: no header and its controls, no explorer, no dock, and the other two still wait.
  const graphEl = page.locator('#graph');
  assert.equal(await graphEl.getByRole('banner').count(), 0, 'no header');
  assert.equal(await graphEl.getByRole('button', { name: 'Open folder…' }).count(), 0);
  assert.equal(await graphEl.getByRole('navigation', { name: 'Catalog explorer' }).count(), 0, 'no explorer');
  assert.equal(await graphEl.getByRole('tablist').count(), 0, 'no dock');
  assert.equal(await page.locator('fbc-lens .fbc-lens-placeholder').count(), 2);

  // The wheel over the prose scrolls the page; over the unfocused graph it scrolls too (no zoom).
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('#graph canvas').boundingBox();
  const zoom = await page.evaluate(() => document.getElementById('graph').app.graphStats().zoom);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 300);
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal(await page.evaluate(() => document.getElementById('graph').app.graphStats().zoom), zoom, 'the graph did not zoom');

  // The other two, from their placeholders; the app's files were fetched once for all three.
  await page.click('#hub .fbc-lens-placeholder');
  // The preview alone, in the console the element names (4.20), with the author view beside it.
  const hubView = page.locator('#hub').getByRole('region', { name: 'OperatorHub' });
  await hubView.getByText(/^OpenShift 4\.20 console,/).waitFor({ timeout: 60000 });
  assert.match(await hubView.textContent(), /What the OpenShift console shows for cert-watcher/);
  assert.match(await hubView.getByRole('heading', { name: 'Author view: deprecations by scope' }).locator('..').textContent(), /cert-watcher/);
  assert.equal(await page.isVisible('#hub canvas'), false, 'the hub view shows no graph');
  await page.click('#upgrade .fbc-lens-placeholder');
  await page.waitForFunction(() => document.getElementById('upgrade').app?.graphStats()?.package === 'upgrade-seed', null, { timeout: 60000 });
  assert.equal(await page.locator('#upgrade').getByRole('region', { name: 'Upgrade simulator' }).isVisible(), true);
  assert.equal(await page.isVisible('#upgrade canvas'), true, 'the upgrade view shows the graph beside the simulator');
  for (const file of ['fbclens-app.wasm', 'fbclens-core.wasm', 'fbclens-page.js', 'fbclens-app.js']) {
    assert.equal(requested.filter((p) => p.endsWith('/' + file)).length, 1, file + ' fetched once');
  }
  await page.locator('#upgrade').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'docs-example-loaded.png'), fullPage: true });
  assert.deepEqual(errors, []);
  docsPage = page;
});

test('the docs example\'s upgrade view starts on the seed example: both walks drawn', async () => {
  assert.ok(docsPage, 'the test above loaded the docs example');
  try {
    const sim = await docsPage.evaluate(() => document.getElementById('upgrade').app.state().simulator);
    assert.equal(sim && sim.installedBundle, 'upgrade-seed.v1.0.0');
    assert.equal(sim && sim.installedVersion, '1.0.0');
    await docsPage.waitForFunction(() => document.getElementById('upgrade').app.graphStats().routes.v1 > 0, null, { timeout: 30000 });
  } finally {
    await docsPage.close();
  }
});

test('keyboard alone: Enter on a placeholder loads it, the keyboard reaches its graph, arrows move, Tab leaves', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  await page.goto(server.url + 'docs-example.html');
  await page.waitForSelector('#graph .fbc-lens-placeholder');
  const where = () => page.evaluate(() => {
    const e = document.activeElement, lens = e.closest('fbc-lens');
    return (lens?.id || '') + ' ' + (lens?.app && e === lens.app.canvas ? 'graph canvas' : e.className);
  });
  await page.keyboard.press('Tab');
  assert.equal(await where(), 'graph fbc-lens-placeholder');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('graph').app?.graphStats()?.nodes === 4, null, { timeout: 60000 });
  await page.evaluate(() => document.getElementById('graph').app.ready);  // the element's last focus move is done by then
  focusAfterEnter = await where();  // the graph's canvas, says the test below
  // Tab brings the keyboard into the graph (the first focusable of the page now), or keeps it there.
  if (focusAfterEnter !== 'graph graph canvas') {
    await page.keyboard.press('Tab');
    assert.equal(await where(), 'graph graph canvas');
  }
  await page.keyboard.press('Home');  // the channel head
  await page.waitForFunction(() => document.getElementById('graph').app.appStatus().bundle === 'cert-watcher.v2.0.0');
  await page.keyboard.press('ArrowLeft');  // along its replaces edge
  await page.waitForFunction(() => document.getElementById('graph').app.appStatus().bundle === 'cert-watcher.v1.2.0');
  await page.keyboard.press('Tab');
  assert.equal(await where(), 'hub fbc-lens-placeholder');
  await page.close();
});

test('keyboard alone: after Enter on a placeholder the focus is in the view that replaced it', () => {
  assert.equal(focusAfterEnter, 'graph graph canvas');
});

test('loading="visible" loads when scrolled into view; attributes update the view', async () => {
  const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
  await page.route(server.url + 'visible.html', (route) => route.fulfill({ contentType: 'text/html', body:
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>t</title>
     <script src="fbc-lens.js"></script></head><body><div style="height: 1500px">prose</div>
     <fbc-lens id="v" sample loading="visible" package="cert-watcher" style="height: 400px"></fbc-lens></body></html>` }));
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(server.url + 'visible.html');
  await page.waitForTimeout(500);
  assert.equal(requested.filter((p) => p.endsWith('.wasm')).length, 0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => document.getElementById('v').app?.graphStats()?.channel === 'stable', null, { timeout: 30000 });
  // Attribute changes: another channel, then the whole package as lanes.
  await page.evaluate(() => document.getElementById('v').setAttribute('channel', 'fast'));
  await page.waitForFunction(() => document.getElementById('v').app.graphStats().channel === 'fast');
  await page.evaluate(() => { const v = document.getElementById('v'); v.removeAttribute('channel'); v.setAttribute('view', 'package'); });
  await page.waitForFunction(() => document.getElementById('v').app.graphStats().lanes.length === 3);
  await page.close();
});

// The embed route on the dist server's origin, in an iframe of a host page on other origins
// (served by route, so the origins differ only by port, as a docs site and a CDN would).
const hostPage = (embedUrl) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>host</title></head>
<body><iframe id="e" src="${embedUrl}" width="800" height="480"></iframe>
<script>
  window.received = [];
  addEventListener('message', (e) => { if (e.data && e.data.fbclens === 1) received.push(Object.assign({ origin: e.origin }, e.data)); });
  window.send = (m) => document.getElementById('e').contentWindow.postMessage(Object.assign({ fbclens: 1 }, m), '*');
</script></body></html>`;

test('postMessage: a host on another origin drives the embed; a third origin is ignored', async () => {
  const embedOrigin = new URL(server.url).origin;
  // Two more servers, two more origins (real ones: Chromium's local-network checks refuse a
  // loopback iframe in a page a test fulfilled by route).
  let embedUrl = '';
  const hosts = await Promise.all([0, 1].map(() => new Promise((done) => {
    const host = createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'text/html' }); res.end(hostPage(embedUrl)); });
    host.listen(0, '127.0.0.1', () => done(host));
  })));
  const [hostOrigin, strangerOrigin] = hosts.map((h) => `http://127.0.0.1:${h.address().port}`);
  embedUrl = `${server.url}index.html?mode=embed&sample=1&package=cert-watcher&view=graph&origin=${encodeURIComponent(hostOrigin)}`;
  const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
  await page.goto(hostOrigin + '/host.html');
  // Handshake: ping until pong (the channel is not buffered), then 'ready' with the Summary.
  await page.waitForFunction(() => { send({ type: 'ping' }); return received.some((m) => m.type === 'pong'); }, null, { timeout: 30000, polling: 200 });
  await page.waitForFunction(() => received.some((m) => m.type === 'ready'), null, { timeout: 30000 });
  const ready = await page.evaluate(() => received.find((m) => m.type === 'ready'));
  assert.equal(ready.origin, embedOrigin);
  assert.equal(ready.summary.packages, 3);
  assert.equal(ready.summary.verdict, 'VALID');
  // select → selectionChanged; load (files) → validated.
  await page.evaluate(() => send({ type: 'select', id: 1, package: 'lens-demo' }));
  await page.waitForFunction(() => received.some((m) => m.type === 'selectionChanged' && m.package === 'lens-demo'));
  await page.waitForFunction(() => received.some((m) => m.type === 'done' && m.id === 1));
  const one = readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8');
  await page.evaluate((text) => send({ type: 'load', id: 2, files: [{ path: 'cert-watcher/catalog.yaml', data: text }] }), one);
  await page.waitForFunction(() => received.some((m) => m.type === 'validated' && m.summary.packages === 1), null, { timeout: 30000 });
  await page.evaluate(() => send({ type: 'select', id: 3, package: 'no-such-package' }));
  await page.waitForFunction(() => received.some((m) => m.type === 'error' && m.id === 3));
  assert.match(await page.evaluate(() => received.find((m) => m.id === 3).message), /no package no-such-package/);
  // The embed never rewrote its URL.
  assert.equal(await page.frames()[1].evaluate(() => location.href), embedUrl);
  await page.screenshot({ path: join(shots, 'embed-iframe.png') });

  // The same embed in a page of a third origin (not in origin=): pings go unanswered, selects do nothing.
  await page.goto(strangerOrigin + '/host.html');
  const frame = page.frames()[1];
  await frame.waitForFunction(() => window.fbclens && window.fbclens.summary(), null, { timeout: 30000 });
  for (let i = 0; i < 10; i++) {
    await page.evaluate(() => { send({ type: 'ping' }); send({ type: 'select', package: 'lens-demo' }); });
    await page.waitForTimeout(100);
  }
  assert.deepEqual(await page.evaluate(() => received.map((m) => m.type)), [], 'the embed answered no one');
  assert.equal(await frame.evaluate(() => window.fbclens.appStatus().package), 'cert-watcher');
  await page.close();
  for (const h of hosts) h.close();
});

const rhtpaDir = resolve(repo, '../shared/catalogs/rhtpa-fbc');
test('an element loads rhtpa-fbc from a .tar.gz: click to first drawn graph', { skip: !existsSync(rhtpaDir) && 'needs ../shared/catalogs (absent)' }, async () => {
  const root = 'v4.18/catalog';
  const archive = execFileSync('tar', ['czf', '-', '-C', rhtpaDir, root]);
  const expected = countCatalog(join(rhtpaDir, root));
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.route(server.url + 'rhtpa.tar.gz', (route) => route.fulfill({ contentType: 'application/gzip', body: archive }));
  await page.route(server.url + 'rhtpa.html', (route) => route.fulfill({ contentType: 'text/html', body:
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>t</title>
     <script src="fbc-lens.js"></script></head><body><fbc-lens id="r" catalog="rhtpa.tar.gz"
     style="height: 500px"></fbc-lens></body></html>` }));
  await page.goto(server.url + 'rhtpa.html');
  await page.waitForSelector('#r .fbc-lens-placeholder');
  assert.match(await page.textContent('#r .fbc-lens-placeholder'), /the catalog rhtpa\.tar\.gz from 127\.0\.0\.1/);
  const result = await page.evaluate(async () => {
    const el = document.getElementById('r');
    const start = performance.now();
    el.querySelector('button').click();
    const app = await el.load();
    const loaded = performance.now() - start;
    for (;;) {
      const s = app.graphStats();
      if (s.nodes > 0 && s.settledFrames >= 1) break;
      await new Promise((r) => requestAnimationFrame(r));
    }
    return { loaded, drawn: performance.now() - start, summary: app.summary(), stats: app.graphStats() };
  });
  console.log('# timing: rhtpa-fbc ' + root + ' as .tar.gz (' + archive.length + ' bytes), click to first drawn graph: ' +
    Math.round(result.drawn) + ' ms (loaded and validated at ' + Math.round(result.loaded) + ' ms)');
  assert.equal(result.summary.bundles, expected.bundles);
  assert.equal(result.summary.files, expected.files);
  assert.ok(result.stats.nodes > 0);
  await page.screenshot({ path: join(shots, 'embed-rhtpa.png') });
  await page.close();
});
