// The full app's URL: ?catalog= loads a .tar.gz served beside it (and says clearly when it is
// missing or too big), a picked .tar.gz opens like a folder, the view state lives in the hash and
// a share link restores the same view in a fresh page; the exports (SVG, PNG, DOT, findings as
// JSON and SARIF, the upgrade walks) are the core's data, well-formed. Since issue 20 the hash
// names the open panel (panel=hub; the older view=hub still reads), the header's status says what
// failed, and "Share & export" is a menu button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, shots, startBrowser } from './chromium.mjs';
import { headerNote, headerStatus, openFiles, panel, shareMenu, within, words } from './page-helpers.mjs';

let server, browser, context, dir;
const sampleTgz = execFileSync('tar', ['czf', '-', '-C', join(repo, 'samples'), 'catalog']);
const sample = countCatalog(join(repo, 'samples/catalog'));

before(async () => {
  ({ server, browser } = await startBrowser());
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await context.route(server.url + 'catalogs/sample.tar.gz', (route) => route.fulfill({ contentType: 'application/gzip', body: sampleTgz }));
  dir = mkdtempSync(join(tmpdir(), 'fbclens-share-'));
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await within(page.evaluate(() => window.fbclens.ready.catch(() => null)), 120000, 'the app at ' + url);
  return { page, errors };
}

test('?catalog= loads a .tar.gz; a 404 and an oversize archive are reported clearly', async () => {
  let { page, errors } = await open(server.url + '?catalog=catalogs/sample.tar.gz');
  const summary = await page.evaluate(() => window.fbclens.summary());
  assert.equal(summary.files, sample.files);
  assert.equal(summary.bundles, sample.bundles);
  assert.deepEqual(await page.evaluate(() => window.fbclens.source()), { kind: 'url', url: server.url + 'catalogs/sample.tar.gz', name: 'sample.tar.gz' });
  assert.deepEqual(errors, []);
  await page.close();

  ({ page } = await open(server.url + '?catalog=catalogs/missing.tar.gz'));
  await headerStatus(page).getByText(/^Could not load/).waitFor({ timeout: 30000 });
  assert.match(await words(headerStatus(page)),
    /^Could not load the catalog: the catalog .*\/catalogs\/missing\.tar\.gz: HTTP 404 Not Found$/);
  assert.equal(await page.evaluate(() => window.fbclens.summary()), null);
  await page.screenshot({ path: join(shots, 'catalog-url-404.png') });
  await page.close();

  ({ page } = await open(server.url + '?catalog=catalogs/sample.tar.gz&maxBytes=2000'));
  await headerStatus(page).getByText(/^Could not load/).waitFor({ timeout: 30000 });
  assert.match(await words(headerStatus(page)), /is larger than the 0\.0 MB fbclens accepts/);
  await page.close();
});

test('a picked .tar.gz opens like the folder it was made from', async () => {
  const archive = join(dir, 'sample.tar.gz');
  writeFileSync(archive, sampleTgz);
  const { page } = await open(server.url);
  await openFiles(page, archive);
  await page.waitForFunction((files) => window.fbclens.source()?.kind === 'files' && window.fbclens.summary().files === files,
    sample.files, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.fbclens.summary().bundles), sample.bundles);
  await page.close();
});

test('the hash keeps the view; a copied link restores it in a fresh page', async () => {
  const { page } = await open(server.url + '?catalog=catalogs/sample.tar.gz');
  await page.evaluate(async () => {
    const app = window.fbclens;
    await app.show({ package: 'cert-watcher', channel: 'fast', bundle: 'cert-watcher.v1.2.0' });
    app.setView('hub');
    app.setConsole('4.18');
  });
  await page.waitForFunction(() => /pkg=cert-watcher/.test(location.hash) && /console=4\.18/.test(location.hash) && /panel=hub/.test(location.hash),
    null, { timeout: 30000 });
  const state = await page.evaluate(() => window.fbclens.state());
  assert.deepEqual([state.view, state.panel], ['hub', 'hub']);
  // Copy link, from the menu.
  await shareMenu(page, 'Copy link');
  await headerNote(page).getByText(/^Link copied/).waitFor({ timeout: 30000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, await page.evaluate(() => location.href.replace(location.search,
    '?catalog=' + encodeURIComponent(new URL('catalogs/sample.tar.gz', location.href).href))));
  // The embed snippets name the same view.
  await shareMenu(page, 'Copy embed snippet (element)');
  await headerNote(page).getByText(/element\) copied/).waitFor({ timeout: 30000 });
  const element = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(element, /<script src="[^"]*\/fbc-lens\.js" async><\/script>\n<fbc-lens catalog="http:\/\/127\.0\.0\.1:\d+\/catalogs\/sample\.tar\.gz" package="cert-watcher" channel="fast" bundle="cert-watcher\.v1\.2\.0" console="4\.18" view="hub"/);
  await page.close();

  const fresh = await open(link);
  await fresh.page.waitForFunction(() => window.fbclens.appStatus()?.channel === 'fast', null, { timeout: 30000 });
  const restored = await fresh.page.evaluate(() => window.fbclens.state());
  for (const key of ['package', 'channel', 'bundle', 'view', 'panel', 'console']) assert.equal(restored[key], state[key], key);
  // The OperatorHub panel is the one open, showing the 4.18 console for the package.
  assert.equal(await fresh.page.getByRole('tab', { name: 'OperatorHub' }).getAttribute('aria-selected'), 'true');
  await panel(fresh.page, 'OperatorHub').getByText(/^OpenShift 4\.18 console,/).waitFor({ timeout: 30000 });
  assert.equal(await panel(fresh.page, 'OperatorHub').getByRole('combobox', { name: 'Console version' }).inputValue(), '4.18');
  await fresh.page.close();
});

let simulatorLink = '';
test('the hash carries the upgrade simulator\'s question', async () => {
  const { page } = await open(server.url);
  await page.evaluate(() => window.fbclens.simulate({ package: 'upgrade-seed', installedBundle: 'upgrade-seed.v1.0.0', installedVersion: '1.0.0' }));
  await page.waitForFunction(() => /sim=1/.test(location.hash) && /installedVersion=1\.0\.0/.test(location.hash), null, { timeout: 30000 });
  simulatorLink = await page.evaluate(() => location.href);
  const hash = new URLSearchParams(new URL(simulatorLink).hash.slice(1));
  assert.deepEqual([hash.get('pkg'), hash.get('panel'), hash.get('installed'), hash.get('installedVersion')],
    ['upgrade-seed', 'simulator', 'upgrade-seed.v1.0.0', '1.0.0']);
  await page.close();
});

test('a link with the upgrade simulator restores its question and both walks', async () => {
  assert.ok(simulatorLink, 'the test above made the link');
  const fresh = await open(simulatorLink);
  try {
    await fresh.page.waitForFunction(() => window.fbclens.graphStats()?.routes.v1 > 0, null, { timeout: 30000 });
    const sim = await fresh.page.evaluate(() => window.fbclens.state().simulator);
    assert.equal(sim.installedBundle, 'upgrade-seed.v1.0.0');
    assert.equal(sim.installedVersion, '1.0.0');
    assert.equal(await fresh.page.evaluate(() => window.fbclens.state().panel), 'simulator', 'the simulator is the panel open');
    assert.equal(await panel(fresh.page, 'Upgrade simulator').getByRole('textbox', { name: 'Installed version (not in the catalog)' }).inputValue(), '1.0.0');
  } finally {
    await fresh.page.close();
  }
});

test('exports: SVG parses and names every node, PNG has the device pixels, findings and walks are the core\'s', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
  await page.goto(server.url);
  await within(page.evaluate(() => window.fbclens.ready), 120000, 'the app');
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  const result = await page.evaluate(async () => {
    const app = window.fbclens;
    const svg = await app.exportGraph('svg');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const layout = await app.layout({ package: 'cert-watcher', channel: 'stable' });
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent);
    const png = await app.exportPng();
    const bitmap = await createImageBitmap(png);
    const root = doc.documentElement;
    return {
      parseError: doc.querySelector('parsererror')?.textContent || null,
      missing: layout.nodes.map((n) => n.label).filter((label) => !texts.includes(label)),
      width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')),
      png: { type: png.type, width: bitmap.width, height: bitmap.height },
      dot: await app.exportGraph('dot'),
      sarif: JSON.parse(await app.exportReport('sarif')),
      findings: JSON.parse(await app.exportReport('json')),
      shown: app.summary().findings.length,
      walks: JSON.parse(await app.exportWalks()),
    };
  });
  assert.equal(result.parseError, null);
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.png, { type: 'image/png', width: Math.round(result.width * 2), height: Math.round(result.height * 2) });
  assert.match(result.dot, /\ndigraph "upgrade graph" \{\n/);
  assert.equal(result.sarif.version, '2.1.0');
  assert.equal(result.findings.findings.length, result.shown);
  assert.equal(result.sarif.runs[0].results.length, result.shown);
  assert.ok('classic' in result.walks && 'v1' in result.walks);
  await page.close();
});
