// The app as a component: two FbclensApp.mount instances on one page (the sample in one, a real
// catalog in the other), each with its own summary, selection and keys; Tab moves through the
// instance's header, its dock's tabs and into and out of its canvas; the wheel zooms without
// console warnings. The page is served by the test beside dist/ (same origin, so the workers
// start); it loads the graph module (fbclens-app.js) and the bundled page (fbclens-page.js, which
// defines FbclensApp and FbclensClient), as an embedding page does. Screenshots go to
// build/browser/. The real catalog comes from ../shared; without it the other instance loads the
// sample's second package and the rhtpa check is skipped with a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, shots, startBrowser } from './chromium.mjs';
import { headerStatus, words } from './page-helpers.mjs';

const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
const haveRhtpa = existsSync(rhtpa);
const otherDir = haveRhtpa ? rhtpa : join(repo, 'samples/catalog/lens-demo');
if (!haveRhtpa) console.log('# mount test: ../shared/catalogs absent; the second instance loads samples/catalog/lens-demo');

// A host page of its own: two elements sized by CSS, the app's scripts, nothing else.
const HOST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>two apps</title><style>body { margin: 0; } .slot { width: 800px; height: 500px; }</style></head>
<body><div class="slot" id="a"></div><div class="slot" id="b"></div>
<script src="fbclens-app.js"></script><script src="fbclens-page.js"></script></body></html>`;

let server, browser, page;
const messages = [];

before(async () => {
  ({ server, browser } = await startBrowser());
  page = await browser.newPage({ viewport: { width: 800, height: 500 } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') messages.push(m.type() + ': ' + m.text()); });
  page.on('pageerror', (e) => messages.push('pageerror: ' + e));
  await page.route(server.url + 'two.html', (route) => route.fulfill({ contentType: 'text/html', body: HOST }));
  await page.goto(server.url + 'two.html');
  const files = countCatalog(otherDir).paths.map((p) => ({ path: p, data: readFileSync(join(otherDir, p), 'utf8') }));
  await page.evaluate(async (catalog) => {
    window.appA = FbclensApp.mount(document.getElementById('a'), { sample: true, theme: 'dark' });
    window.appB = FbclensApp.mount(document.getElementById('b'), { catalog, theme: 'light' });
    await Promise.all([window.appA.ready, window.appB.ready]);
  }, files);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test('two instances, each with its own catalog and summary', async () => {
  const [a, b] = await page.evaluate(() => [window.appA.summary(), window.appB.summary()]);
  const sample = countCatalog(join(repo, 'samples/catalog'));
  const other = countCatalog(otherDir);
  assert.equal(a.files, sample.files);
  assert.equal(a.packages, sample.packages);
  assert.equal(b.files, other.files);
  assert.equal(b.bundles, other.bundles);
  assert.match(await words(headerStatus(page.locator('#a'))), new RegExp('^VALID ' + sample.files + ' files '));
  assert.match(await words(headerStatus(page.locator('#b'))), new RegExp(' ' + other.files + (other.files === 1 ? ' file ' : ' files ')));
  // Each draws its own graph in its own theme; neither has the page's window.fbclens.
  await page.waitForFunction(() => window.appA.appStatus().nodes > 0 && window.appB.appStatus().nodes > 0, null, { timeout: 60000 });
  const [sa, sb] = await page.evaluate(() => [window.appA.appStatus(), window.appB.appStatus()]);
  assert.equal(sa.package, 'cert-watcher');
  assert.notEqual(sb.package, 'cert-watcher');
  assert.equal(sa.theme, 'dark');
  assert.equal(sb.theme, 'light');
  assert.equal(await page.evaluate(() => typeof window.fbclens), 'undefined');
  await page.screenshot({ path: join(shots, 'two-instances.png'), fullPage: true });
});

test('rhtpa v4.18 in the second instance', { skip: !haveRhtpa && 'needs ../shared/catalogs (absent)' }, async () => {
  const b = await page.evaluate(() => window.appB.summary());
  assert.equal(b.verdict, 'VALID');
  assert.equal((await page.evaluate(() => window.appB.appStatus())).package, 'rhtpa-operator');
});

test('Tab goes from the top of the page through the header to "Open folder…", into the canvas and out of it', async () => {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const a = page.locator('#a');
  const slotOfFocus = () => page.evaluate(() => document.activeElement.closest('.slot')?.id || '');
  const isFocused = (locator) => locator.evaluate((e) => e === document.activeElement);
  const canvasA = () => page.evaluate(() => document.activeElement === window.appA.canvas);
  // An 800 px instance: the explorer is a drawer its "Catalog" button opens, the dock is tabs.
  await page.keyboard.press('Tab');
  assert.equal(await isFocused(a.getByRole('banner').getByRole('button', { name: 'Catalog' })), true, 'first: the explorer\'s button');
  await page.keyboard.press('Tab');
  assert.equal(await isFocused(a.getByRole('button', { name: 'Open folder…' })), true, 'then "Open folder…"');
  assert.equal(await slotOfFocus(), 'a');
  await page.screenshot({ path: join(shots, 'focus-open-folder.png') });
  // Then the header's controls in order, the dock's selected tab (Graph), then the canvas.
  for (const [role, name] of [['button', 'Open files…'], ['combobox', 'Checks'], ['textbox', /^OpenShift version the checks assume/],
    ['combobox', 'Theme'], ['button', /^Share & export/], ['tab', 'Graph']]) {
    await page.keyboard.press('Tab');
    assert.equal(await isFocused(a.getByRole(role, { name })), true, role + ' ' + name);
  }
  await page.keyboard.press('Tab');
  assert.equal(await canvasA(), true, 'then the canvas');
  await frames();
  await page.screenshot({ path: join(shots, 'focus-canvas.png') });
  await page.keyboard.press('Tab');
  assert.equal(await canvasA(), false, 'Tab leaves the canvas');
  assert.notEqual(await page.evaluate(() => document.activeElement.tagName), 'BODY', 'to the next control');
  // Keys outside the canvas do not reach the app.
  const before = await page.evaluate(() => window.appA.appStatus().bundle);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowLeft');
  await frames();
  assert.equal(await page.evaluate(() => window.appA.appStatus().bundle), before);
  await page.keyboard.press('Shift+Tab');
  assert.equal(await canvasA(), true, 'Shift+Tab comes back');
  // Keys reach the app with focus: Home selects the channel head.
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.appA.appStatus().bundle === 'cert-watcher.v2.0.0', null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.appB.appStatus().bundle), '', 'the other instance did not react');
});

test('a narrow instance keeps the graph and its keyboard focus while the keys walk it', async () => {
  // The test above pressed Home in instance a's canvas.
  assert.equal(await page.evaluate(() => window.appA.appStatus().bundle), 'cert-watcher.v2.0.0');
  assert.equal(await page.evaluate(() => window.appA.canvas.checkVisibility()), true, 'the graph is still shown');
  assert.equal(await page.evaluate(() => document.activeElement === window.appA.canvas), true, 'the graph keeps the focus');
  await page.keyboard.press('ArrowLeft');  // along the head's replaces edge
  await page.waitForFunction(() => window.appA.appStatus().bundle === 'cert-watcher.v1.2.0', null, { timeout: 10000 });
});

test("typing into one instance's search box keeps every character, the other's stays empty", async () => {
  // The explorer is a DOM tree now (issue 20); in an 800 px instance it is a drawer. ('/' from the
  // graph to the search is app.e2e's test.)
  const b = page.locator('#b');
  await b.scrollIntoViewIfNeeded();
  const drawer = b.getByRole('banner').getByRole('button', { name: 'Catalog' });
  await drawer.click();
  assert.equal(await drawer.getAttribute('aria-expanded'), 'true');
  const searchB = b.getByRole('searchbox', { name: 'Search packages, channels, bundles' });
  await searchB.click();
  await page.keyboard.type('lens');  // no pause between keys
  assert.equal(await searchB.inputValue(), 'lens');
  assert.equal(await page.locator('#a').getByRole('searchbox', { name: 'Search packages, channels, bundles', includeHidden: true }).inputValue(), '');
  await page.keyboard.press('Escape');  // clears the search
  assert.equal(await searchB.inputValue(), '');
  await drawer.click();
  assert.equal(await drawer.getAttribute('aria-expanded'), 'false');
  await page.evaluate(() => window.scrollTo(0, 0));
});

test('two instances on one page: every element id is unique, so ARIA references stay inside their instance', async () => {
  const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.deepEqual([...new Set(twice)], []);
  const references = await page.evaluate(() => [...document.querySelectorAll('[aria-labelledby], [aria-activedescendant], [aria-controls]')]
    .flatMap((e) => ['aria-labelledby', 'aria-activedescendant', 'aria-controls'].filter((a) => e.hasAttribute(a))
      .flatMap((a) => e.getAttribute(a).split(/\s+/).map((id) => ({ from: e.closest('.slot')?.id, to: document.getElementById(id)?.closest('.slot')?.id, id })))));
  assert.deepEqual(references.filter((r) => r.from !== r.to), []);
});

test('the wheel zooms the graph: the page does not scroll, no console errors or warnings', async () => {
  await page.evaluate(() => window.scrollTo(0, 0));
  // The graph of instance a in view (its dock's Graph tab: a bundle picked above may have brought
  // the Bundle panel forward).
  await page.locator('#a').getByRole('tab', { name: 'Graph' }).click();
  await page.waitForFunction(() => window.appA.canvas.checkVisibility(), null, { timeout: 30000 });
  const box = await page.evaluate(() => { const r = window.appA.canvas.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width }; });
  assert.ok(box.width > 600, 'the graph fills the instance: ' + box.width);
  const zoom = await page.evaluate(() => window.appA.graphStats().zoom);
  await page.mouse.move(box.x + 600, box.y + 250);
  for (let i = 0; i < 5; i++) {
    await page.mouse.wheel(0, -120);
    await frames();
  }
  await page.mouse.wheel(0, 240);
  await frames();
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the wheel was the graph\'s, not the page\'s');
  assert.ok((await page.evaluate(() => window.appA.graphStats().zoom)) > zoom * 1.1, 'the graph zoomed in');
  assert.deepEqual(messages, []);
});

test('options: the starting selection, the whole-package view, and the system theme', async () => {
  await page.emulateMedia({ colorScheme: 'light' });
  const [picked, whole] = await page.evaluate(async () => {
    const c = document.createElement('div');
    const d = document.createElement('div');
    c.className = d.className = 'slot';
    document.body.append(c, d);
    const one = FbclensApp.mount(c, { sample: true, package: 'cert-watcher', channel: 'fast', bundle: 'cert-watcher.v1.2.0' });
    const two = FbclensApp.mount(d, { sample: true, theme: 'system', view: 'package', package: 'cert-watcher' });
    await Promise.all([one.ready, two.ready]);
    const result = [one.appStatus(), two.appStatus()];
    one.unmount();
    two.unmount();
    c.remove();
    d.remove();
    return result;
  });
  assert.deepEqual([picked.package, picked.channel, picked.bundle, picked.wholePackage, picked.theme],
                   ['cert-watcher', 'fast', 'cert-watcher.v1.2.0', false, 'light']);  // 'system' is the default
  assert.deepEqual([whole.package, whole.wholePackage, whole.theme], ['cert-watcher', true, 'light']);
  assert.equal(await page.evaluate(() => window.appA.appStatus().theme), 'dark', "an explicit 'dark' stays");
  await page.emulateMedia({ colorScheme: 'dark' });
});

test('unmount stops one instance and empties its element; the other keeps running', async () => {
  await page.evaluate(() => window.appB.unmount());
  assert.equal(await page.evaluate(() => document.getElementById('b').children.length), 0);
  const before = await page.evaluate(() => window.appA.graphStats().frames);
  await page.evaluate(() => window.appA.show({ package: 'cert-watcher', channel: 'fast' }));
  assert.ok((await page.evaluate(() => window.appA.graphStats().frames)) > before);
  assert.deepEqual(messages, []);
});

// Unmounting before `ready`: the module that arrives later is stopped at once, and no worker
// (neither the one started with the client nor a load's) is left running.
test('unmount right after mount: no worker and no frame loop stay alive', async () => {
  const seen = await page.evaluate(async () => {
    const workers = [];
    const RealWorker = window.Worker;
    const realCreate = window.createFbclensApp;
    let module = null;
    window.Worker = class extends RealWorker {
      constructor(...args) { super(...args); this.ended = false; workers.push(this); }
      terminate() { this.ended = true; super.terminate(); }
    };
    window.createFbclensApp = (options) => realCreate(options).then((m) => { module = m; return m; });
    const slot = document.createElement('div');
    slot.className = 'slot';
    document.body.append(slot);
    try {
      const app = FbclensApp.mount(slot, { sample: true, package: 'cert-watcher' });
      app.unmount();
      await app.ready;
      const ticks = () => JSON.parse(module.UTF8ToString(module._fbclens_app_status())).ticks;
      await new Promise((r) => setTimeout(r, 500));
      const first = ticks();
      await new Promise((r) => setTimeout(r, 500));
      return { workers: workers.length, alive: workers.filter((w) => !w.ended).length, ticks: ticks() - first,
               children: slot.children.length };
    } finally {
      window.Worker = RealWorker;
      window.createFbclensApp = realCreate;
      slot.remove();
    }
  });
  assert.ok(seen.workers >= 1, 'the client started its worker');
  assert.deepEqual({ alive: seen.alive, ticks: seen.ticks, children: seen.children }, { alive: 0, ticks: 0, children: 0 });
  assert.deepEqual(messages, []);
});

// A load does not wait for a worker to start: the client keeps one started for the next load (not
// an embed's: keepSpare false), and close() ends it with the others.
test('a client keeps the next load\'s worker started; keepSpare: false keeps none; close ends them', async () => {
  // A page of its own: the two apps of this file's page start workers of their own.
  const alone = await browser.newPage();
  await alone.route(server.url + 'client.html', (route) => route.fulfill({ contentType: 'text/html',
    body: '<!doctype html><html lang="en"><head><title>client</title></head><body><script src="fbclens-page.js"></script></body></html>' }));
  await alone.goto(server.url + 'client.html');
  const seen = await alone.evaluate(async () => {
    const workers = [];
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(...args) { super(...args); this.ended = false; workers.push(this); }
      terminate() { this.ended = true; super.terminate(); }
    };
    const alive = () => workers.filter((w) => !w.ended).length;
    // Until `count` workers have been started (the spare starts when the page is idle), or 3 s.
    const settle = async (count = 0) => {
      for (let waited = 0; waited < 3000 && workers.length < count; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300));
    };
    try {
      const client = FbclensClient.create();
      await client.ready;
      await client.loadSample();
      await settle(2);
      const afterFirst = { started: workers.length, alive: alive() };
      const second = client.loadSample();  // takes the spare: no worker is started for it
      const startedBySecond = workers.length - afterFirst.started;
      await second;
      await settle(3);
      const afterSecond = { started: workers.length, alive: alive() };
      client.close();
      await settle();  // a spare still starting is ended once it has
      const afterClose = alive();
      workers.length = 0;
      const lone = FbclensClient.create({ keepSpare: false });
      await lone.loadSample();
      await settle();
      const loneAlive = alive();
      lone.close();
      return { afterFirst, startedBySecond, afterSecond, afterClose, loneAlive };
    } finally {
      window.Worker = RealWorker;
    }
  });
  await alone.close();
  // The catalog's worker and a spare, after each load; the second load started no worker of its own.
  assert.deepEqual(seen.afterFirst, { started: 2, alive: 2 });
  assert.equal(seen.startedBySecond, 0);
  assert.deepEqual(seen.afterSecond, { started: 3, alive: 2 });
  assert.equal(seen.afterClose, 0);
  assert.equal(seen.loneAlive, 1);
});

// Requests in flight when the client's worker ends settle (they reject) instead of hanging.
test('closing a client rejects its requests in flight', async () => {
  const outcome = await page.evaluate(async () => {
    const client = FbclensClient.create();
    await client.loadSample();
    const inFlight = client.layout({ package: 'cert-watcher', channel: 'stable' });
    client.close();
    const settled = await Promise.race([
      inFlight.then(() => 'resolved', (e) => e.name + ' ' + e.kind),
      new Promise((r) => setTimeout(() => r('still pending'), 3000)),
    ]);
    const later = await client.loadSample().then(() => 'loaded', (e) => e.name + ' ' + e.kind);
    return { settled, later };
  });
  assert.deepEqual(outcome, { settled: 'FbclensError worker', later: 'FbclensError worker' });
});

// show() always settles: a newer show() ends an older one's wait, and unmounting rejects it.
test('show(): a newer call supersedes an older one; unmounting rejects a waiting or later call', async () => {
  const outcome = await page.evaluate(async () => {
    const name = (p) => Promise.race([p.then((s) => 'drawn ' + s.channel, (e) => e.name),
                                      new Promise((r) => setTimeout(() => r('still pending'), 5000))]);
    const first = name(window.appA.show({ package: 'cert-watcher', channel: 'stable' }));
    const second = name(window.appA.show({ package: 'cert-watcher', channel: 'fast' }));
    const slot = document.createElement('div');
    slot.className = 'slot';
    document.body.append(slot);
    const other = FbclensApp.mount(slot, { sample: true });
    await other.ready;
    const waiting = name(other.show({ package: 'cert-watcher', channel: 'fast' }));
    await new Promise((r) => setTimeout(r, 0));
    other.unmount();
    const later = await name(other.show({ package: 'cert-watcher', channel: 'stable' }));
    slot.remove();
    return { first: await first, second: await second, waiting: await waiting, later };
  });
  assert.deepEqual(outcome, { first: 'AbortError', second: 'drawn fast', waiting: 'AbortError', later: 'AbortError' });
  assert.deepEqual(messages, []);
});

// Unmounting gives the WebGL context back (ImGui and its GL backend are shut down first).
test('unmount releases the WebGL context', async () => {
  const lost = await page.evaluate(async () => {
    const slot = document.createElement('div');
    slot.className = 'slot';
    document.body.append(slot);
    const app = FbclensApp.mount(slot, { sample: true });
    await app.ready;
    const canvas = app.canvas;
    const before = canvas.getContext('webgl2').isContextLost();
    app.unmount();
    slot.remove();
    return [before, canvas.getContext('webgl2').isContextLost()];
  });
  assert.deepEqual(lost, [false, true]);
  assert.deepEqual(messages, []);
});
