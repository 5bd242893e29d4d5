// The OperatorHub preview panel (web/panels/hub.js, the dock's "OperatorHub" tab since issue 20):
// window.fbclens.hubPreview answers what the CLI's `hub-preview --output json` answers
// (tests/fixtures/hub/deprecations and, from ../shared, rhtpa v4.18); the panel's DOM shows the
// alert's messages verbatim after a deprecated channel is chosen, its title follows the console
// version (4.18 "Deprecated warnings", 4.20 "Deprecation warnings"), and the author view labels
// each message with its scope. The console's own parts are found by PatternFly's class names
// (pf-*), which the preview reproduces on purpose; the rest by roles and labels. Screenshots
// (tile, details in 4.18 and 4.20 styles, author view; 1280x800 and 800x500) go to build/browser/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, shots, startPage } from './chromium.mjs';
import { frames, panel, words } from './page-helpers.mjs';

const fixture = join(repo, 'tests/fixtures/hub/deprecations');
const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
const haveRhtpa = existsSync(rhtpa);
const cli = join(repo, 'build/native/fbclens');
const haveCli = existsSync(cli);
if (!haveRhtpa) console.log('# hub test: ../shared/catalogs absent; the rhtpa comparison is skipped');
if (!haveCli) console.log('# hub test: build/native/fbclens absent (scripts/build.sh native); the CLI comparisons are skipped');

let server, browser, page;
const consoleErrors = [];

const files = (dir) => countCatalog(dir).paths.map((p) => ({ path: p, data: readFileSync(join(dir, p), 'utf8') }));
const load = (dir) => page.evaluate((catalog) => window.fbclens.loadFiles(catalog).then((s) => s.verdict), files(dir));

/** The CLI's answer for the same request. */
function cliPreview(dir, { package: pkg, channel, version, console: minor }) {
  const args = ['hub-preview', dir, '--package', pkg, '--output', 'json'];
  if (channel) args.push('--channel', channel);
  if (version) args.push('--version', version);
  if (minor) args.push('--console', minor);
  return JSON.parse(execFileSync(cli, args, { encoding: 'utf8' }));
}

const hub = () => panel(page, 'OperatorHub');
const tile = () => hub().getByRole('article', { name: 'Tile' });
const details = () => hub().getByRole('article', { name: 'Details' });
const alert = () => details().getByLabel('Warning alert');
const channelSelect = () => hub().getByRole('combobox', { name: 'Channel', exact: true });
const consoleSelect = () => hub().getByRole('combobox', { name: 'Console version' });
const author = () => hub().getByRole('heading', { name: 'Author view: deprecations by scope' }).locator('..');
// The console view's caption names the console version it draws ("OpenShift 4.18 console, ...").
const consoleShown = (version) => page.waitForFunction((v) => [...document.querySelectorAll('[role=tabpanel] p')]
  .some((p) => p.textContent.startsWith('OpenShift ' + v + ' console,')), version, { timeout: 30000 });
// A screenshot of one part of the panel (Playwright scrolls the panel to it).
const shot = (locator, file) => locator.screenshot({ path: join(shots, file) });
const alertTitle = () => alert().locator('.pf-alert-title-text').textContent();
const alertMessages = () => alert().locator('.pf-alert-message').allTextContents();
const openHub = async () => {
  await page.getByRole('tab', { name: 'OperatorHub' }).click();
  await hub().waitFor();
};

before(async () => {
  ({ server, browser, page } = await startPage(consoleErrors));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('hubPreview on the page equals the CLI on the deprecations fixture', { skip: !haveCli && 'needs build/native/fbclens' }, async () => {
  assert.equal(await load(fixture), 'VALID');
  for (const request of [{ package: 'demo' }, { package: 'demo', channel: 'fast', console: '4.18' },
    { package: 'demo', channel: 'stable', version: '1.1.0', console: '4.20' }, { package: 'plain', channel: 'beta', version: '0.1.0' }]) {
    const answer = await page.evaluate((r) => window.fbclens.hubPreview(r), request);
    assert.deepEqual(answer, cliPreview(fixture, request), JSON.stringify(request));
  }
  const failure = await page.evaluate(() => window.fbclens.hubPreview({ package: 'demo', channel: 'nope' }).catch((e) => e.kind));
  assert.equal(failure, 'notFound');
});

test('hubPreview on the page equals the CLI on rhtpa v4.18', { skip: (!haveRhtpa && 'needs ../shared/catalogs (absent)') || (!haveCli && 'needs build/native/fbclens') }, async () => {
  assert.equal(await load(rhtpa), 'VALID');
  const base = await page.evaluate(() => window.fbclens.hubPreview({ package: 'rhtpa-operator' }));
  assert.deepEqual(base, cliPreview(rhtpa, { package: 'rhtpa-operator' }));
  for (const c of base.channels) {
    for (const console of ['4.18', '4.20']) {
      const request = { package: 'rhtpa-operator', channel: c.name, console };
      assert.deepEqual(await page.evaluate((r) => window.fbclens.hubPreview(r), request), cliPreview(rhtpa, request), JSON.stringify(request));
    }
  }
});

test('the panel: a deprecated channel shows its messages in the alert, the title follows the console version', async () => {
  assert.equal(await load(fixture), 'VALID');
  await page.evaluate(() => window.fbclens.show({ package: 'demo', channel: 'stable' }));
  await openHub();
  await page.waitForFunction(() => /Demo Operator/.test(document.querySelector('[role=tabpanel]').textContent), null, { timeout: 30000 });
  assert.match(await hub().textContent(), /What the OpenShift console shows for demo/);
  // The tile: the package is deprecated, so it carries the label, its message as tooltip.
  const tileBadge = await tile().locator('[title]').getAttribute('title');
  assert.equal(tileBadge, 'demo is end of life.\n', '4.21 shows the raw message');
  await shot(tile(), 'hub-tile.png');

  const fastText = await channelSelect().evaluate((s) => [...s.options].find((o) => o.value === 'fast').textContent);
  assert.equal(fastText, '⚠ fast');
  await channelSelect().selectOption('fast');
  await page.waitForFunction(() => [...document.querySelectorAll('[role=tabpanel] [aria-label="Warning alert"] p')]
    .some((p) => p.textContent === 'fast is gone; use stable.'), null, { timeout: 30000 });
  assert.deepEqual(await alertMessages(), ['demo is end of life.\n', 'fast is gone; use stable.']);
  assert.equal(await alertTitle(), 'Deprecation warnings');
  assert.equal(await alert().locator('.pf-alert-message').first().evaluate((p) => getComputedStyle(p).whiteSpace), 'pre-wrap');

  // The same selection in the 4.18 style: another alert title, the badge tooltip with its prefix.
  for (const [version, title] of [['4.18', 'Deprecated warnings'], ['4.20', 'Deprecation warnings']]) {
    await consoleSelect().selectOption(version);
    await consoleShown(version);
    await page.waitForFunction(() => [...document.querySelectorAll('[role=tabpanel] [aria-label="Warning alert"] p')]
      .some((p) => p.textContent === 'fast is gone; use stable.'), null, { timeout: 30000 });
    assert.equal(await alertTitle(), title);
    assert.equal(await channelSelect().inputValue(), 'fast', 'the channel stays chosen');
    assert.deepEqual(await alertMessages(), ['demo is end of life.\n', 'fast is gone; use stable.']);
    await shot(details(), `hub-details-${version}.png`);
  }
  assert.equal(await details().locator('[title]').first().getAttribute('title'), 'demo is end of life.\n');
  await consoleSelect().selectOption('4.18');
  await consoleShown('4.18');
  await page.waitForFunction(() => document.querySelector('[role=tabpanel] article[aria-label=Details] [title]')?.title === 'Deprecated: demo is end of life.\n',
    null, { timeout: 30000 });
  assert.match(await details().textContent(), /3\.0\.0 provided by Acme|provided by Acme/);
  assert.equal(await page.evaluate(() => window.fbclens.state().console), '4.18', 'the console version is the view\'s');

  // The author view: each message with its scope, the overlap, the core's advice for the package.
  const said = await author().textContent();
  assert.match(said, /package demo: \(in the alert now\) demo is end of life\./);
  assert.match(said, /channel fast: \(in the alert now\) fast is gone; use stable\./);
  assert.match(said, /Overlapping deprecations: the alert shows 2 messages/);
  assert.match(said, /FBC4203/, 'the legacy olm.deprecated bundles');
  await shot(author(), 'hub-author.png');
  await hub().evaluate((section) => section.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'hub-1280x800.png') });

  // A version deprecated in the stable channel: three scopes, labelled.
  await channelSelect().selectOption('stable');
  await page.waitForFunction(() => document.querySelector('[role=tabpanel] select[aria-label=Channel]')?.value === 'stable', null, { timeout: 30000 });
  await hub().getByRole('combobox', { name: 'Version', exact: true }).selectOption('1.1.0');
  await page.waitForFunction(() => /bundle demo\.v1\.1\.0 \(1\.1\.0\): \(in the alert now\) 1\.1\.0 has a CVE\./
    .test(document.querySelector('[role=tabpanel]').textContent), null, { timeout: 30000 });
  assert.deepEqual(await alertMessages(), ['demo is end of life.\n', '1.1.0 has a CVE.']);
  assert.match(await author().textContent(), /the package is deprecated, and so is channel fast; choosing it shows both messages/);
  assert.ok(await details().getByRole('note').filter({ hasText: 'On the install page' }).isVisible(), 'a non-head version: the install note');
});

test('dark theme, and 800x500 stays usable', async () => {
  await page.evaluate(() => window.fbclens.setTheme('dark'));
  await page.waitForFunction(() => window.fbclens.element.firstElementChild.dataset.theme === 'dark', null, { timeout: 30000 });
  await shot(details(), 'hub-details-dark.png');
  // At 800×500 the dock is tabs (issue 20: one view at a time, never a squeeze): the preview
  // fills the main area, and the Graph tab gives the graph its room back.
  await page.setViewportSize({ width: 800, height: 500 });
  await page.waitForFunction(() => window.fbclens.appStatus().narrow === true, null, { timeout: 30000 });
  await frames(page);
  await hub().evaluate((section) => section.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'hub-800x500.png') });
  const box = await hub().boundingBox();
  assert.ok(box.y + box.height <= 500 + 1, 'the panel stays inside the page: ' + JSON.stringify(box));
  assert.ok(box.height >= 250, 'the panel has the main area: ' + JSON.stringify(box));
  await channelSelect().scrollIntoViewIfNeeded();
  assert.ok(await channelSelect().isVisible(), 'the dropdowns can be reached');
  await page.getByRole('tab', { name: 'Graph' }).click();
  await page.waitForFunction(() => window.fbclens.canvas.getBoundingClientRect().height >= 120, null, { timeout: 30000 });
  const canvas = await page.evaluate(() => window.fbclens.canvas.getBoundingClientRect().height);
  assert.ok(canvas >= 120, 'the graph keeps room: ' + canvas);
  await openHub();
  await page.evaluate(() => window.fbclens.setTheme('system'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.fbclens.appStatus().narrow === false, null, { timeout: 30000 });
});

test('a package OperatorHub hides says why (the hidden reasons and the core\'s FBC41xx messages)', async () => {
  const hidden = join(repo, 'tests/fixtures/hub/hidden');
  await load(hidden);
  const pkgs = await page.evaluate(() => [...new Set(window.fbclens.summary().findings.filter((f) => /^FBC41/.test(f.code)).map((f) => f.package))]);
  assert.ok(pkgs.length > 0, 'the hidden fixture has FBC41xx findings');
  await page.evaluate((p) => window.fbclens.show({ package: p }), pkgs[0]);
  await openHub();
  // The 4.21 console calls OperatorHub the Software Catalog.
  await consoleSelect().selectOption('4.21');
  await consoleShown('4.21');
  const note = hub().getByRole('note').filter({ hasText: /^Not listed in / });
  await note.waitFor({ timeout: 30000 });
  const said = await words(note);
  assert.match(said, /^Not listed in the Software Catalog: /);
  const preview = await page.evaluate((p) => window.fbclens.hubPreview({ package: p, console: '4.21' }), pkgs[0]);
  assert.ok(preview.hiddenReasons.length > 0);
  for (const reason of preview.hiddenReasons) assert.ok(said.includes('(' + reason + ')'), 'the reason ' + reason + ' is named');
  // The author view's warnings carry the core's FBC41xx finding about the package.
  const codes = await page.evaluate((p) => window.fbclens.summary().findings.filter((f) => f.package === p && /^FBC41/.test(f.code)).map((f) => f.code), pkgs[0]);
  const warned = await author().textContent();
  for (const code of codes) assert.ok(warned.includes(code), code + ' in the author view');
  // In a console before 4.20 it is OperatorHub.
  await consoleSelect().selectOption('4.18');
  await page.waitForFunction(() => [...document.querySelectorAll('[role=tabpanel] [role=note]')]
    .some((n) => n.textContent.startsWith('Not listed in OperatorHub:')), null, { timeout: 30000 });
  await shot(note, 'hub-hidden.png');
});

test("mount's view: 'hub' opens the panel of that instance only, on the starting package", async () => {
  const answer = await page.evaluate(async (catalog) => {
    const slot = document.createElement('div');
    slot.style.cssText = 'width: 800px; height: 500px';
    document.body.append(slot);
    const app = FbclensApp.mount(slot, { catalog, view: 'hub', package: 'plain', theme: 'dark' });
    await app.ready;
    const deadline = Date.now() + 30000;
    const panel = () => slot.querySelector('[role=tabpanel]');
    while (!(panel() && /OpenShift [\d.]+ console/.test(panel().textContent)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const tab = slot.querySelector('[role=tab][aria-selected=true]');
    const result = { open: tab && tab.textContent, panel: app.appStatus().panel, package: app.appStatus().package,
      labelledBy: panel().getAttribute('aria-labelledby') === tab.id,
      text: panel().textContent, outside: document.querySelectorAll('[role=tabpanel]').length,
      preview: await app.hubPreview({ package: 'plain', channel: 'beta' }) };
    app.unmount();
    slot.remove();
    return result;
  }, files(fixture));
  // Its own dock shows the OperatorHub tab (an 800 px instance: tabs), labelled by that tab.
  assert.deepEqual([answer.open, answer.panel, answer.package, answer.labelledBy], ['OperatorHub', 'hub', 'plain', true]);
  assert.match(answer.text, /What the OpenShift console shows for plain/);
  assert.match(answer.text, /OpenShift [\d.]+ console[^]*plain/, 'the package name is the title when the CSV has no display name');
  // The page's own app kept its panel.
  assert.equal(await page.evaluate(() => window.fbclens.appStatus().panel), 'hub');
  assert.deepEqual(answer.preview.details.alert.messages, ['beta is closed.']);
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
