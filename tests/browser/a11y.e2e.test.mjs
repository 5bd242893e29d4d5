// An axe-core audit of the page (WCAG 2.1 A and AA, and axe's best practices) in Chromium with a
// real catalog loaded (rhtpa v4.18 from ../shared/catalogs, else the sample) and every panel of the
// dock open in turn (issue 20: one panel beside the graph at a time): no violations. The canvas
// itself is one labelled, focusable element; everything else is DOM (the header, the explorer
// tree, the findings, the bundle's details, the OperatorHub preview, the upgrade simulator), which
// is what this audits; then a catalog repository (its Version picker and Versions panel).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, startPage } from './chromium.mjs';
import { panel } from './page-helpers.mjs';

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

let axeAdded = false;
async function audit() {
  if (!axeAdded) await page.addScriptTag({ content: axeSource });
  axeAdded = true;
  return page.evaluate(async () => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary) }));
  });
}

// Each panel, and what shows it has drawn its answer.
const PANELS = [['Findings', /./], ['Bundle', /If .* is installed/], ['OperatorHub', /OpenShift [\d.]+ console/], ['Upgrade simulator', /OLM Classic/], ['Install', /Installing/]];


for (const theme of ['dark', 'light']) {
  test(`axe: with a real catalog loaded and every panel open, no violations (${theme} theme)`, async () => {
    if (existsSync(rhtpa) && (await page.evaluate(() => window.fbclens.source().kind)) !== 'files') {
      const files = countCatalog(rhtpa).paths.map((p) => ({ path: p, data: readFileSync(join(rhtpa, p), 'utf8') }));
      await page.evaluate((c) => window.fbclens.loadFiles(c), files);
    }
    await page.evaluate((t) => window.fbclens.setTheme(t), theme);
    await page.waitForFunction((t) => window.fbclens.appStatus().theme === t, theme, { timeout: 30000 });
    // A bundle picked in the explorer (the Bundle panel shows it), then each panel in turn.
    await page.getByRole('treeitem', { level: 3 }).first().click();
    await page.waitForFunction(() => window.fbclens.appStatus().bundle !== '', null, { timeout: 30000 });
    const all = [];
    for (const [tab, drawn] of PANELS) {
      await page.getByRole('tab', { name: new RegExp('^' + tab) }).click();
      await panel(page, new RegExp('^' + tab)).getByText(drawn).first().waitFor({ timeout: 30000 });
      for (const d of await page.locator('details').all()) await d.evaluate((e) => { e.open = true; });
      await page.waitForTimeout(300);
      all.push(...(await audit()).map((v) => ({ panel: tab, ...v })));
    }
    assert.deepEqual(all, [], JSON.stringify(all, null, 2));
  });

}

test('axe: a catalog repository: the Version picker and the Versions panel, no violations', async () => {
  const dir = join(repo, 'tests/fixtures/repository/l01-version-folders/repo');
  const files = countCatalog(dir).paths.map((p) => ({ path: p, data: readFileSync(join(dir, p), 'utf8') }));
  await page.evaluate((c) => window.fbclens.loadFiles(c), files);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await panel(page, 'Versions').getByRole('button', { name: /v4\.16\/catalog/ }).waitFor({ timeout: 30000 });
  const violations = await audit();
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
});
