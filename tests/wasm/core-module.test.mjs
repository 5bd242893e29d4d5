// The headless core module (build/wasm/fbclens-core.js) under Node, through the same JS API the
// page uses (wasm/fbclens-api.js): its Summary must equal the native CLI's `validate --output
// json` on the same catalog, byte for byte after parsing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countCatalog } from '../support/count-catalog.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const createFbclensCore = require(join(repo, 'build/wasm/fbclens-core.js'));
const { attach } = require(join(repo, 'wasm/fbclens-api.js'));
const cli = join(repo, 'build/native/fbclens');

function nativeSummary(dir) {
  try {
    return JSON.parse(execFileSync(cli, ['validate', dir, '--output', 'json'], { maxBuffer: 1 << 28 }).toString());
  } catch (e) {
    return JSON.parse(e.stdout.toString());  // exit 1 = invalid catalog, output still JSON
  }
}

async function wasmSummary(dir) {
  const api = attach(await createFbclensCore());
  const files = countCatalog(dir).paths.map((p) => ({ path: p, data: new Uint8Array(readFileSync(join(dir, p))) }));
  // .indexignore and ignored files are part of the catalog too: hand over everything.
  for (const extra of ['.indexignore', 'README.md']) {
    if (existsSync(join(dir, extra))) files.push({ path: extra, data: readFileSync(join(dir, extra), 'utf8') });
  }
  return api.loadFiles(files);
}

for (const [name, dir] of [
  ['sample', join(repo, 'samples/catalog')],
  ['mtv v5.0 (invalid)', resolve(repo, '../shared/catalogs/mtv-fbc/v5.0/catalog')],
  ['rhtpa v4.18', resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog')],
]) {
  test(`wasm core module equals native CLI: ${name}`, { skip: !existsSync(dir) && 'needs ../shared (absent)' }, async () => {
    const wasm = await wasmSummary(dir);
    const native = nativeSummary(dir);
    assert.deepEqual(wasm, native);
    assert.ok(wasm.blobs > 0);
  });
}

test('the built-in sample loads through loadSample()', async () => {
  const api = attach(await createFbclensCore());
  const summary = await api.loadSample();
  assert.equal(summary.verdict, 'VALID');
  assert.equal(summary.packages, 2);
  assert.deepEqual(api.summary(), summary);
});

test('upgradePath answers like the CLI (seed example)', async () => {
  const dir = join(repo, 'tests/fixtures/update/seed');
  const api = attach(await createFbclensCore());
  await api.loadFiles([{ path: 'catalog.yaml', data: readFileSync(join(dir, 'catalog.yaml'), 'utf8') }]);
  const request = { package: 'example', installedBundle: 'example.v1.0.0', installedVersion: '1.0.0', subscriptionChannel: 'stable' };
  const viaApi = await api.upgradePath(request);
  const viaCli = JSON.parse(execFileSync(cli, ['upgrade-path', dir, '--package', 'example', '--installed-bundle', 'example.v1.0.0',
    '--installed-version', '1.0.0', '--subscription-channel', 'stable', '--output', 'json']).toString());
  assert.deepEqual(viaApi, viaCli);
  assert.equal(viaApi.classic.next, null);
  assert.deepEqual(viaApi.v1.walk, ['example.v1.0.0', 'example.v2.0.0', 'example.v3.0.0']);
  await assert.rejects(api.upgradePath({ package: 'nope' }), /not in the catalog/);
});

// What the page's worker asks of the module (wasm/fbclens-worker.js): the explorer view, layouts
// and source excerpts, and the progress callback during a load.
test('the worker-facing functions: view, layout, excerpt, load progress', async () => {
  const Module = await createFbclensCore();
  const api = attach(Module);
  const progress = [];
  Module.onLoadProgress = (files, bytes) => progress.push([files, bytes]);
  const yaml = readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8');
  const json = readFileSync(join(repo, 'samples/catalog/lens-demo/catalog.json'), 'utf8');
  await api.loadFiles([{ path: 'a/catalog.yaml', data: yaml }, { path: 'b/catalog.json', data: json }]);
  // One report per file parsed, bytes adding up to the catalog's size.
  assert.equal(progress.length, 2);
  assert.equal(progress[1][1], Buffer.byteLength(yaml) + Buffer.byteLength(json));
  const call = (name, types, args) => JSON.parse(Module.UTF8ToString(Module.ccall(name, 'number', types, args)));

  const view = JSON.parse(Module.UTF8ToString(Module._fbclens_catalog_view()));
  assert.deepEqual(view.packages.map((p) => p.name), ['cert-watcher', 'lens-demo']);
  assert.deepEqual(view.summary, api.summary());

  const channel = call('fbclens_layout', ['string', 'string'], ['cert-watcher', 'stable']);
  assert.equal(channel.nodes.length, 4);
  assert.deepEqual(channel.bands, [{ channel: 'stable', firstLane: 0, lanes: 1 }]);
  const whole = call('fbclens_layout', ['string', 'string'], ['cert-watcher', '']);
  assert.deepEqual(whole.bands.map((b) => b.channel), ['stable', 'alpha', 'fast']);
  assert.match(call('fbclens_layout', ['string', 'string'], ['cert-watcher', 'nope']).requestError, /no channel nope/);
  assert.match(call('fbclens_layout', ['string', 'string'], ['nope', '']).requestError, /not in the catalog/);

  const excerpt = call('fbclens_source_excerpt', ['string', 'number', 'number'], ['a/catalog.yaml', 3, 1]);
  assert.deepEqual(excerpt.lines, [[2, 'schema: olm.package'], [3, 'name: cert-watcher'], [4, 'defaultChannel: stable']]);
  assert.match(call('fbclens_source_excerpt', ['string', 'number', 'number'], ['nope.yaml', 1, 1]).requestError, /no file/);

  // One entry's bundle in full: where it is declared in the files handed over, and its properties.
  const details = await api.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'cert-watcher.v2.0.0' });
  assert.equal(details.where, 'a/catalog.yaml:' + (yaml.split('\n').findIndex((l, i, all) =>
    l === 'schema: olm.bundle' && all[i + 2] === 'name: cert-watcher.v2.0.0') + 1));
  assert.equal(details.skipRange, '>=1.0.0 <2.0.0');
  assert.ok(details.properties.some((p) => p.type === 'olm.package.required'));
  await assert.rejects(api.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'nope' }), /no entry nope/);

  // installedVersion defaults to the installed bundle's own version.
  const r = await api.upgradePath({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.0.0', subscriptionChannel: 'stable' });
  assert.equal(r.classic.next, 'cert-watcher.v2.0.0');
});
