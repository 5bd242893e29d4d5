// The header's catalog-wide actions (the ImGui bar's before issue 20): "Checks" validates the
// catalog shown again with check profiles (the CLI's validate --profile; core/profiles), the OCP box
// gives their OpenShift version, and "Share & export" → "Copy Mermaid" copies the selected package
// as `fbclens render-graph -p` (byte for byte opm's `alpha render-graph`) prints it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo, startPage } from './chromium.mjs';
import { headerNote, shareMenu } from './page-helpers.mjs';

const cli = join(repo, 'build/native/fbclens');
const fixture = join(repo, 'tests/fixtures/validation/p09-konflux-images/catalog');
let server, browser, page;
const consoleErrors = [];

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('Checks: choosing Konflux validates the catalog shown again, with the profile\'s findings', async () => {
  const data = readFileSync(join(fixture, 'demo/catalog.yaml'), 'utf8');
  const plain = await page.evaluate((d) => window.fbclens.loadFiles([{ path: 'demo/catalog.yaml', data: d }]), data);
  assert.equal(plain.findings.filter((f) => /^FBC5/.test(f.code)).length, 0);
  const ocp = page.getByRole('textbox', { name: /^OpenShift version the checks assume/ });
  await ocp.fill('4.18');
  await page.evaluate(() => { window.loads = 0; window.fbclens.on('load', () => { window.loads++; }); });
  await ocp.press('Tab');  // the box's change: it validates again
  await page.waitForFunction(() => window.loads === 1, null, { timeout: 60000 });
  await page.getByRole('combobox', { name: 'Checks' }).selectOption({ label: 'opm + Konflux' });
  await page.waitForFunction(() => (window.fbclens.summary().findings || []).some((f) => f.code === 'FBC5107'), null, { timeout: 60000 });
  const codes = await page.evaluate(() => window.fbclens.summary().findings.map((f) => f.code).filter((c) => /^FBC51/.test(c)).sort());
  assert.deepEqual(codes, ['FBC5107', 'FBC5107', 'FBC5108', 'FBC5108']);
  const profiles = await page.evaluate(() => window.fbclens.summary().profiles);
  assert.deepEqual([profiles.ocpVersion, profiles.ocpVersionFrom], ['4.18', 'the ocpVersion argument'], 'the OCP box\'s version is kept');
  await page.getByRole('combobox', { name: 'Checks' }).selectOption({ label: 'opm' });
  await page.waitForFunction(() => !window.fbclens.summary().findings.some((f) => /^FBC51/.test(f.code)), null, { timeout: 60000 });
});

test('Copy Mermaid: the selected package as render-graph prints it', { skip: !existsSync(cli) && 'needs build/native/fbclens' }, async () => {
  await page.evaluate(() => window.fbclens.loadSample());
  await page.evaluate(() => window.fbclens.show({ package: 'cert-watcher', channel: 'stable' }));
  await shareMenu(page, 'Copy Mermaid');
  const note = headerNote(page);
  await page.waitForFunction(() => /copied/.test(window.fbclens.element.querySelector('header').textContent), null, { timeout: 30000 });
  const expected = execFileSync(cli, ['render-graph', join(repo, 'samples/catalog'), '--package-name', 'cert-watcher'], { encoding: 'utf8' });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected);
  assert.equal(await page.evaluate(() => window.fbclens.lastMermaid()), expected);
  assert.match(await note.textContent(), /^Mermaid of cert-watcher copied \(\d+ characters, \d+ edges\)$/);
  assert.deepEqual(consoleErrors, []);
});
