// Catalog text is text (issue "docs-site embeds", item 8): names, messages and descriptions from a
// catalog never become markup or script in any DOM surface. A catalog full of <script>, an
// attribute break-out with onerror, a javascript: link and Mermaid/HTML metacharacters is loaded
// and every view opened in turn (the explorer, and each panel of the dock: Findings, Bundle,
// OperatorHub, Upgrade simulator, Changes): no dialog, no script runs, and the text is shown as
// written. The share snippets come from web/io/share.js itself (a pure module, imported here).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage } from './chromium.mjs';
import { panel } from './page-helpers.mjs';
import { snippets } from '../../web/io/share.js';

let server, browser, page;
const consoleErrors = [];
const dialogs = [];
const SCRIPT = '<script>window.pwned = "script"</script>';
const BREAKOUT = '"><img src=x onerror="window.pwned=\'img\'">';
const LINK = '[click](javascript:window.pwned=\'link\') <a href="javascript:window.pwned=1">a</a>';
const MERMAID = 'x --> y; click y call pwned() %%{init: {}}%% ]] ))';

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('hostile catalog text stays text in the findings, explorer, bundle, OperatorHub and simulator views', async () => {
  const catalog = [
    { schema: 'olm.package', name: 'evil', defaultChannel: 'stable', description: SCRIPT },
    { schema: 'olm.channel', package: 'evil', name: 'stable', entries: [{ name: 'evil.v1.0.0' }, { name: 'evil.v2.0.0', replaces: 'evil.v1.0.0', skips: [BREAKOUT] }] },
    ...['1.0.0', '2.0.0'].map((v) => ({ schema: 'olm.bundle', package: 'evil', name: 'evil.v' + v, image: 'quay.io/x/evil:' + v,
      properties: [{ type: 'olm.package', value: { packageName: 'evil', version: v } },
        { type: 'olm.csv.metadata', value: { displayName: BREAKOUT, provider: { name: SCRIPT }, description: LINK } }] })),
    { schema: 'olm.deprecations', package: 'evil', entries: [
      { reference: { schema: 'olm.package' }, message: SCRIPT + ' ' + LINK },
      { reference: { schema: 'olm.channel', name: 'stable' }, message: BREAKOUT + ' ' + MERMAID },
      { reference: { schema: 'olm.bundle', name: 'evil.v1.0.0' }, message: MERMAID }] },
    { schema: 'olm.package', name: BREAKOUT, defaultChannel: SCRIPT },
  ];
  const data = catalog.map((o) => JSON.stringify(o)).join('\n');
  const summary = await page.evaluate((d) => window.fbclens.loadFiles([{ path: 'catalog.json', data: d }]), data);
  assert.ok(summary.findings.length > 0);
  await page.evaluate(() => window.fbclens.show({ package: 'evil', channel: 'stable', bundle: 'evil.v1.0.0' }));
  // Compared with an older version without the hostile package and the deprecations, so the
  // Changes panel lists them.
  const older = catalog.filter((o) => o.schema !== 'olm.deprecations' && o.name !== BREAKOUT).map((o) => JSON.stringify(o)).join('\n');
  await page.evaluate((d) => window.fbclens.compareWith([{ path: 'catalog.json', data: d }]), older);
  await page.evaluate(() => window.fbclens.simulate({ package: 'evil', installedBundle: 'evil.v1.0.0' }));
  // The explorer, opened all the way down (its search shows every row that matches).
  await page.getByRole('searchbox', { name: 'Search packages, channels, bundles' }).fill('e');
  let text = await page.evaluate(() => window.fbclens.element.textContent);
  const views = { explorer: await page.getByRole('tree').textContent() };
  // Each panel of the dock in turn, once its answer is drawn.
  const ready = { Findings: /FBC/, Bundle: /evil\.v1\.0\.0/, OperatorHub: /OpenShift [\d.]+ console/, 'Upgrade simulator': /OLM Classic/, Changes: / since / };
  for (const [tab, drawn] of Object.entries(ready)) {
    await page.getByRole('tab', { name: new RegExp('^' + tab) }).click();
    await panel(page, new RegExp('^' + tab)).getByText(drawn).first().waitFor({ timeout: 30000 });
    for (const d of await page.locator('details').all()) await d.evaluate((e) => { e.open = true; });
    await page.waitForTimeout(300);
    views[tab] = await panel(page, new RegExp('^' + tab)).textContent();
    text += views[tab];
    assert.equal(await page.evaluate(() => window.pwned), undefined, 'no catalog text ran as script (' + tab + ')');
    // No element came from the catalog: no <img>, <script>, <a> or <iframe> inside the app.
    assert.equal(await page.evaluate(() => window.fbclens.element.querySelectorAll('img, script, a, iframe').length), 0, tab);
  }
  assert.deepEqual(dialogs, []);
  for (const hostile of [SCRIPT, BREAKOUT]) assert.ok(text.includes(hostile), 'shown as written: ' + hostile);
  assert.ok(text.includes(MERMAID));
  assert.ok(views.explorer.includes(BREAKOUT), 'the explorer names the hostile package as written');
  // (Findings quote names Go-style, so their quotes come escaped: look for what has none.)
  assert.ok(views.Findings.includes('<img src=x onerror=') || views.Findings.includes('<script>window.pwned'), 'the findings quote catalog text as text');
  assert.ok(views.OperatorHub.includes(SCRIPT + ' ' + LINK), 'the package deprecation in the console preview, as written');
  assert.ok(views.Changes.includes(BREAKOUT) && views.Changes.includes(MERMAID), 'the changes name the added package and deprecations as written');
  await page.getByRole('searchbox', { name: 'Search packages, channels, bundles' }).fill('');
  assert.deepEqual(consoleErrors, []);
});

test('exports, share snippets and <fbc-lens> keep hostile text as text', async () => {
  // The hostile catalog of the test above is loaded; its package "evil" has a ghost named BREAKOUT.
  const out = await page.evaluate(async ({ BREAKOUT, SCRIPT, snippet }) => {
    const app = window.fbclens;
    await app.show({ package: 'evil', channel: 'stable' });
    const svg = await app.exportGraph('svg');
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    // An SVG shown as an image runs nothing; parsed into the page it must hold no element from the catalog.
    const elements = [...doc.querySelectorAll('*')].map((e) => e.localName);
    const host = document.createElement('template');
    host.innerHTML = snippet.element + snippet.iframe;
    const lens = host.content.querySelector('fbc-lens');
    const iframe = host.content.querySelector('iframe');
    return {
      parseError: doc.querySelector('parsererror')?.textContent || null,
      foreign: elements.filter((n) => ['script', 'img', 'a', 'foreignObject', 'iframe'].includes(n)),
      svgText: doc.documentElement.textContent,
      snippetElements: [...host.content.querySelectorAll('*')].map((e) => e.localName),
      lensPackage: lens.getAttribute('package'), lensChannel: lens.getAttribute('channel'),
      iframePackage: new URL(iframe.getAttribute('src')).searchParams.get('package'),
      dot: await app.exportGraph('dot'),
    };
  }, { BREAKOUT, SCRIPT, snippet: snippets(server.url, { package: BREAKOUT, channel: SCRIPT, view: 'graph' }, 'https://x.test/c.json') });
  assert.equal(out.parseError, null);
  assert.deepEqual(out.foreign, []);
  assert.ok(out.svgText.includes('evil'), 'the package is named in the SVG');
  assert.deepEqual(out.snippetElements, ['script', 'fbc-lens', 'iframe'], 'the snippets are one script, one element and one iframe');
  assert.equal(out.lensPackage, BREAKOUT);
  assert.equal(out.lensChannel, SCRIPT);
  assert.equal(out.iframePackage, BREAKOUT);
  assert.ok(!/\n\s*[^\s"]*<script/.test(out.dot), 'DOT has no unquoted markup');
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.deepEqual(dialogs, []);
});

test('the embed route and <fbc-lens> show hostile names from the URL as text', async () => {
  const embed = await browser.newPage();
  embed.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await embed.goto(server.url + 'index.html?mode=embed&sample=1&view=hub&package=' + encodeURIComponent(BREAKOUT));
  await embed.evaluate(() => window.fbclens.ready);
  // No such package: the status says so, with the name as written.
  const status = embed.getByRole('status');
  await status.getByText(/^Cannot show that view/).waitFor({ timeout: 30000 });
  assert.ok((await status.textContent()).includes('Cannot show that view: no package ' + BREAKOUT));
  // The one image allowed is the OperatorHub tile's icon, a data: URI of an image type from the catalog.
  assert.equal(await embed.evaluate(() => window.fbclens.element.querySelectorAll('script, a, iframe, img:not(.pf-icon)').length), 0);
  assert.ok(await embed.evaluate(() => [...window.fbclens.element.querySelectorAll('img.pf-icon')]
    .every((i) => /^data:image\/(svg\+xml|png|jpeg|gif);base64,/.test(i.getAttribute('src')))));
  await embed.evaluate(({ BREAKOUT, SCRIPT }) => new Promise((resolve) => {
    const s = document.createElement('script');
    s.src = 'fbc-lens.js';
    s.onload = () => {
      const lens = document.createElement('fbc-lens');
      lens.setAttribute('sample', '');
      lens.setAttribute('package', BREAKOUT);
      lens.setAttribute('channel', SCRIPT);
      document.body.append(lens);
      resolve();
    };
    document.head.append(s);
  }), { BREAKOUT, SCRIPT });
  const placeholder = await embed.textContent('fbc-lens .fbc-lens-placeholder');
  assert.ok(placeholder.includes(BREAKOUT) && placeholder.includes(SCRIPT), 'the placeholder names them as written');
  assert.equal(await embed.$$eval('fbc-lens img, fbc-lens script', (n) => n.length), 0);
  assert.equal(await embed.evaluate(() => window.pwned), undefined);
  assert.deepEqual(dialogs, []);
  await embed.close();
});
