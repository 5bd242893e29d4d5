// The OperatorHub preview panel (web/page.js, hubPanel): window.fbclens.hubPreview answers what
// the CLI's `hub-preview --output json` answers (tests/fixtures/hub/deprecations and, from
// ../shared, rhtpa v4.18); the panel's DOM shows the alert's messages verbatim after a deprecated
// channel is chosen, its title follows the console version (4.18 "Deprecated warnings", 4.20
// "Deprecation warnings"), and the author view labels each message with its scope. Screenshots
// (tile, details in 4.18 and 4.20 styles, author view; 1280x800 and 800x500) go to build/browser/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countCatalog } from '../support/count-catalog.mjs';
import { repo, shots, startPage } from './chromium.mjs';

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

const hub = '.fbclens-hub';
// A screenshot of one part of the panel: the panel scrolled so that the part starts just below
// its sticky heading (the panel is a scroll box; Playwright alone may leave it under the heading).
async function shot(selector, file) {
  await page.$eval(selector, (part) => {
    const section = part.closest('.fbclens-hub');
    const heading = section.querySelector('summary').getBoundingClientRect().height;
    section.scrollTop += part.getBoundingClientRect().top - section.getBoundingClientRect().top - heading - 4;
  });
  await page.locator(selector).screenshot({ path: join(shots, file) });
}
const alertTitle = () => page.textContent(hub + ' .pf-alert-title-text');
const alertMessages = () => page.$$eval(hub + ' .pf-alert-message', (ps) => ps.map((p) => p.textContent));

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
  if (!(await page.$eval(hub + ' details', (d) => d.open))) await page.click(hub + ' summary');
  await page.waitForFunction(() => /Demo Operator/.test(document.querySelector('.fbclens-hub-console').textContent), null, { timeout: 10000 });
  assert.match(await page.textContent(hub + ' summary'), /OperatorHub preview — demo/);
  // The tile: the package is deprecated, so it carries the label, its message as tooltip.
  const tileBadge = await page.getAttribute(hub + ' .pf-tile .pf-label', 'title');
  assert.equal(tileBadge, 'demo is end of life.\n', '4.21 shows the raw message');
  await shot(hub + ' .pf-tile', 'hub-tile.png');

  const channelSelect = hub + ' select[aria-label=Channel]';
  const fastText = await page.$eval(channelSelect, (s) => [...s.options].find((o) => o.value === 'fast').textContent);
  assert.equal(fastText, '⚠ fast');
  await page.selectOption(channelSelect, 'fast');
  await page.waitForFunction(() => [...document.querySelectorAll('.fbclens-hub .pf-alert-message')]
    .some((p) => p.textContent === 'fast is gone; use stable.'), null, { timeout: 10000 });
  assert.deepEqual(await alertMessages(), ['demo is end of life.\n', 'fast is gone; use stable.']);
  assert.equal(await alertTitle(), 'Deprecation warnings');
  assert.equal(await page.$eval(hub + ' .pf-alert-message', (p) => getComputedStyle(p).whiteSpace), 'pre-wrap');

  // The same selection in the 4.18 style: another alert title, the badge tooltip with its prefix.
  const consoleSelect = hub + ' .fbclens-hub-console-select';
  for (const [version, title] of [['4.18', 'Deprecated warnings'], ['4.20', 'Deprecation warnings']]) {
    await page.selectOption(consoleSelect, version);
    await page.waitForFunction((v) => document.querySelector('.fbclens-hub-console').dataset.console === v, version, { timeout: 10000 });
    assert.equal(await alertTitle(), title);
    assert.equal(await page.$eval(channelSelect, (s) => s.value), 'fast', 'the channel stays chosen');
    assert.deepEqual(await alertMessages(), ['demo is end of life.\n', 'fast is gone; use stable.']);
    await shot(hub + ' .pf-details', `hub-details-${version}.png`);
  }
  assert.equal(await page.getAttribute(hub + ' .pf-details .pf-label', 'title'), 'demo is end of life.\n');
  await page.selectOption(consoleSelect, '4.18');
  await page.waitForFunction(() => document.querySelector('.fbclens-hub-console').dataset.console === '4.18', null, { timeout: 10000 });
  assert.equal(await page.getAttribute(hub + ' .pf-details .pf-label', 'title'), 'Deprecated: demo is end of life.\n');
  assert.match(await page.textContent(hub + ' .pf-details'), /3\.0\.0 provided by Acme|provided by Acme/);

  // The author view: each message with its scope, the overlap, the core's advice for the package.
  const author = await page.textContent(hub + ' .fbclens-hub-author');
  assert.match(author, /package demo: \(in the alert now\) demo is end of life\./);
  assert.match(author, /channel fast: \(in the alert now\) fast is gone; use stable\./);
  assert.match(author, /Overlapping deprecations: the alert shows 2 messages/);
  assert.match(author, /FBC4203/, 'the legacy olm.deprecated bundles');
  await shot(hub + ' .fbclens-hub-author', 'hub-author.png');
  await page.$eval(hub, (section) => section.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'hub-1280x800.png') });

  // A version deprecated in the stable channel: three scopes, labelled.
  await page.selectOption(channelSelect, 'stable');
  await page.waitForFunction(() => document.querySelector('.fbclens-hub select[aria-label=Channel]')?.value === 'stable', null, { timeout: 10000 });
  await page.selectOption(hub + ' select[aria-label=Version]', '1.1.0');
  await page.waitForFunction(() => /bundle demo\.v1\.1\.0 \(1\.1\.0\): \(in the alert now\) 1\.1\.0 has a CVE\./
    .test(document.querySelector('.fbclens-hub-author').textContent), null, { timeout: 10000 });
  assert.deepEqual(await alertMessages(), ['demo is end of life.\n', '1.1.0 has a CVE.']);
  assert.match(await page.textContent(hub + ' .fbclens-hub-author'),
    /the package is deprecated, and so is channel fast; choosing it shows both messages/);
  assert.ok(await page.isVisible(hub + ' .pf-alert.info'), 'a non-head version: the install note');
});

test('dark theme, and 800x500 stays usable', async () => {
  await page.evaluate(() => window.fbclens.setTheme('dark'));
  await page.waitForFunction(() => document.querySelector('.fbclens').dataset.theme === 'dark', null, { timeout: 10000 });
  await shot(hub + ' .pf-details', 'hub-details-dark.png');
  await page.setViewportSize({ width: 800, height: 500 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.$eval(hub, (section) => section.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'hub-800x500.png') });
  const sizes = await page.evaluate(() => ({
    canvas: document.querySelector('.fbclens-canvas').getBoundingClientRect().height,
    hub: document.querySelector('.fbclens-hub').getBoundingClientRect(),
    scrolls: document.querySelector('.fbclens-hub').scrollHeight > document.querySelector('.fbclens-hub').clientHeight,
  }));
  assert.ok(sizes.canvas >= 120, 'the graph keeps room: ' + sizes.canvas);
  assert.ok(sizes.hub.bottom <= 500 + 1, 'the panel stays inside the page');
  await page.locator(hub + ' select[aria-label=Channel]').scrollIntoViewIfNeeded();
  assert.ok(await page.isVisible(hub + ' select[aria-label=Channel]'), 'the dropdowns can be reached');
  await page.evaluate(() => window.fbclens.setTheme('system'));
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a package OperatorHub hides says why (the hidden reasons and the core\'s FBC41xx messages)', async () => {
  const hidden = join(repo, 'tests/fixtures/hub/hidden');
  await load(hidden);
  const pkgs = await page.evaluate(() => [...new Set(window.fbclens.summary().findings.filter((f) => /^FBC41/.test(f.code)).map((f) => f.package))]);
  assert.ok(pkgs.length > 0, 'the hidden fixture has FBC41xx findings');
  await page.evaluate((p) => window.fbclens.show({ package: p }), pkgs[0]);
  await page.waitForFunction(() => /Not listed in OperatorHub/.test(document.querySelector('.fbclens-hub-console').textContent), null, { timeout: 10000 });
  assert.match(await page.textContent(hub + ' .pf-hidden'), /Not listed in OperatorHub: [a-z-]+/);
  await shot(hub + ' .pf-hidden', 'hub-hidden.png');
});

test("mount's view: 'hub' opens the panel of that instance only, on the starting package", async () => {
  const answer = await page.evaluate(async (catalog) => {
    const slot = document.createElement('div');
    slot.style.cssText = 'width: 800px; height: 500px';
    document.body.append(slot);
    const app = FbclensApp.mount(slot, { catalog, view: 'hub', package: 'plain', theme: 'dark' });
    await app.ready;
    const panel = slot.querySelector('.fbclens-hub');
    const deadline = Date.now() + 10000;
    while (!/plain/.test(panel.querySelector('.fbclens-hub-console').textContent) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = { open: panel.querySelector('details').open, landmark: panel.getAttribute('aria-label'),
      text: panel.querySelector('.fbclens-hub-console').textContent,
      preview: await app.hubPreview({ package: 'plain', channel: 'beta' }) };
    app.unmount();
    slot.remove();
    return result;
  }, files(fixture));
  assert.equal(answer.open, true);
  assert.equal(answer.landmark, 'OperatorHub preview');
  assert.match(answer.text, /plain/, 'the package name is the title when the CSV has no display name');
  assert.deepEqual(answer.preview.details.alert.messages, ['beta is closed.']);
});

test('no console errors', () => {
  assert.deepEqual(consoleErrors, []);
});
