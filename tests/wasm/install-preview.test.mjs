// The install preview through the core module's protocol (wasm/protocol.cpp, op installPreview)
// against the native CLI on the same catalog: the answer equals `fbclens install-preview --output
// json` for the whole catalog, one package, and one bundle with each console version; typed
// failures for bad arguments. Also the CLI's exit statuses for install-preview.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walk } from '../support/count-catalog.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const createFbclensCore = require(join(repo, 'build/wasm/fbclens-core.js'));
const { attach } = require(join(repo, 'wasm/fbclens-api.js'));
const cli = join(repo, 'build/native/fbclens');
const run = (args) => spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });

const fixture = join(repo, 'tests/fixtures/install/console');
const webhook = join(repo, 'tests/fixtures/validation/f76-advice-conversion-webhook/catalog');
const certified = resolve(repo, '../shared/catalogs/certified-operators-v4.14-json/catalogs/v4.14');
const noShared = (dir) => !existsSync(dir) && 'needs ../shared (absent)';

async function loaded(dir) {
  const api = attach(await createFbclensCore());
  await api.loadFiles(walk(dir).map((p) => ({ path: relative(dir, p), data: new Uint8Array(readFileSync(p)) })));
  return api;
}

// The CLI's JSON for `args` (exit 0 expected).
function cliJson(dir, args) {
  const r = run(['install-preview', dir, ...args, '--output', 'json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('install-preview: exit 2 with a message for usage errors and unknown names', () => {
  const usage = (args, pattern) => {
    const r = run(['install-preview', ...args]);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, pattern);
  };
  usage([fixture, '--package', 'nope'], /package nope is not in the catalog/);
  usage([fixture, '--package', 'both', '--bundle', 'nope'], /bundle nope is not in package both/);
  usage([fixture, '--bundle', 'both.v2.0.0'], /--bundle requires --package/);
  usage([fixture, '--console', '4.15'], /4\.15/);
  usage([fixture, '--output', 'yaml'], /yaml/);
  const text = run(['install-preview', fixture, '--package', 'both', '--bundle', 'both.v1.1.0']);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /both\.v1\.0\.0 -> both\.v1\.1\.0 .*loses OwnNamespace, SingleNamespace/);
});

for (const [name, dir] of [['the console fixture', fixture], ['a bundle-object catalog with a conversion webhook', webhook],
  ['certified-operators v4.14', certified]]) {
  test(`installPreview equals the CLI's install-preview: ${name}`, { skip: noShared(dir) }, async () => {
    const api = await loaded(dir);
    assert.deepEqual(await api.installPreview({}), cliJson(dir, []));
    const whole = cliJson(dir, []);
    const pkg = whole.bundles[0].package;
    assert.deepEqual(await api.installPreview({ package: pkg }), cliJson(dir, ['--package', pkg]));
    const bundle = whole.bundles.find((b) => b.package === pkg).bundle;
    for (const console of ['4.16', '4.19', '4.21']) {
      const viaApi = await api.installPreview({ package: pkg, bundle, console });
      assert.deepEqual(viaApi, cliJson(dir, ['--package', pkg, '--bundle', bundle, '--console', console]));
      assert.ok('operatorGroups' in viaApi && 'console' in viaApi);
    }
  });
}

test('installPreview: typed failures', async () => {
  const api = await loaded(fixture);
  const kind = (k, pattern) => (e) => e.name === 'FbclensError' && e.kind === k && pattern.test(e.message);
  await assert.rejects(api.installPreview({ bundle: 'both.v2.0.0' }), kind('badRequest', /bundle needs package/));
  await assert.rejects(api.installPreview({ package: 'both', console: '4.2' }), kind('badRequest', /unknown console version 4\.2/));
  await assert.rejects(api.installPreview({ package: 'nope' }), kind('notFound', /package nope is not in the catalog/));
  const p = await api.installPreview({ package: 'both', bundle: 'both.v1.1.0' });
  assert.deepEqual(p.upgradeRisks.map((r) => [r.from, r.to, r.lostModes]), [['both.v1.0.0', 'both.v1.1.0', ['OwnNamespace', 'SingleNamespace']]]);
  assert.equal(p.console.defaultApproval, 'Manual');
});
