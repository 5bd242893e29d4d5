// An axe-core audit of the page (WCAG 2.1 A and AA, and axe's best practices) in Chromium with a
// real catalog loaded (rhtpa v4.18 from ../shared/catalogs, else the sample) and every DOM panel
// open: no violations. The canvas itself is one labelled, focusable element; everything it shows
// as text is mirrored in the DOM (findings, explorer, bundle details, OperatorHub preview, upgrade
// simulator), which is what this audits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, startPage } from './chromium.mjs';

const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
const axeSource = readFileSync(join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8');
let server, browser, page;
const consoleErrors = [];

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function audit() {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary) }));
  });
}

for (const theme of ['dark', 'light']) {
  test(`axe finds no violations with a real catalog loaded and every panel open (${theme} theme)`, async () => {
    if (existsSync(rhtpa)) {
      const files = countCatalog(rhtpa).paths.map((p) => ({ path: p, data: readFileSync(join(rhtpa, p), 'utf8') }));
      await page.evaluate((c) => window.fbclens.loadFiles(c), files);
    }
    await page.evaluate((t) => window.fbclens.setTheme(t), theme);
    const pkg = await page.evaluate(() => window.fbclens.appStatus().package);
    await page.evaluate((p) => window.fbclens.simulate({ package: p }), pkg);
    for (const d of await page.$$('.fbclens details')) await d.evaluate((e) => { e.open = true; });
    await page.waitForTimeout(300);
    const violations = await audit();
    assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  });
}
