// Catalog text is text (issue "docs-site embeds", item 8): names, messages and descriptions from a
// catalog never become markup or script in any DOM surface. A catalog full of <script>, an
// attribute break-out with onerror, a javascript: link and Mermaid/HTML metacharacters is loaded
// with every panel open: no dialog, no script runs, and the text is shown as written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPage } from './chromium.mjs';

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
  await page.evaluate(() => window.fbclens.simulate({ package: 'evil', installedBundle: 'evil.v1.0.0' }));
  for (const d of await page.$$('.fbclens details')) await d.evaluate((e) => { e.open = true; });
  await page.click('.fbclens-findings-toggle');
  await page.waitForFunction(() => /evil\.v1\.0\.0/.test(document.querySelector('.fbclens-text-bundle').textContent), null, { timeout: 10000 });
  await page.waitForFunction(() => document.querySelector('.fbclens-hub-console').textContent.length > 0, null, { timeout: 10000 });
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => window.pwned), undefined, 'no catalog text ran as script');
  assert.deepEqual(dialogs, []);
  // No element came from the catalog: no <img>, <script> or <a> inside the app.
  assert.equal(await page.$$eval('.fbclens img, .fbclens script, .fbclens a', (n) => n.length), 0);
  const text = await page.textContent('.fbclens');
  for (const hostile of [SCRIPT, BREAKOUT]) assert.ok(text.includes(hostile), 'shown as written: ' + hostile);
  assert.ok(text.includes(MERMAID));
  assert.deepEqual(consoleErrors, []);
});
