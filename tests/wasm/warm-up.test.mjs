// The made-up catalog a waiting worker loads to warm the core's code up (wasm/fbclens-warm-up.js,
// the worker's 'warmUp'). It is only worth its time if it takes the paths a real load takes, so:
// it must be VALID with every object decoded (a load error would stop short of the model and
// validation), both its files must be read (a YAML file and a JSON stream), and the native CLI
// must find the same, so the module is not warming a path the real readers do not take (a CSV
// read out of a bundle object among them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { repo, cli, createFbclensCore, attach, nativeSummary } from './module-helpers.mjs';

const { files } = createRequire(import.meta.url)(join(repo, 'wasm/fbclens-warm-up.js'));

test('the warm-up catalog is VALID, fully decoded, and the CLI finds the same', async () => {
  const catalog = files();
  assert.deepEqual(catalog.map((f) => f.path), ['warm-up-yaml/catalog.yaml', 'warm-up-json/catalog.json']);
  const api = attach(await createFbclensCore());
  const { summary } = JSON.parse(api.loadText(catalog, { deferAnalyses: true }));
  assert.equal(summary.verdict, 'VALID');
  assert.equal(summary.findingCounts.error, 0);
  assert.equal(summary.files, 2);
  assert.equal(summary.packages, 2);
  assert.equal(summary.channels, 2);
  assert.equal(summary.bundles, 48);  // 24 a package (files()'s default)
  assert.equal(summary.blobs, 2 * (1 + 1 + 24));

  const dir = mkdtempSync(join(tmpdir(), 'fbclens-warm-up-'));
  try {
    for (const { path, data } of catalog) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), data);
    }
    const native = nativeSummary(dir);
    assert.equal(native.verdict, 'VALID');
    assert.equal(native.bundles, 48);
    // The module's findings here are opm's alone (the analyses were deferred); the CLI's include
    // the analyses, so only errors are compared: none on either side.
    assert.deepEqual(native.findings.filter((f) => f.severity === 'error'), []);
    // The channel head (1.23.0) carries its CSV as a bundle object: OperatorHub's tile and title
    // come from that manifest, so the decoder read it (its icon through the long-string path).
    const hub = JSON.parse(spawnSync(cli, ['hub-preview', '.', '--package', 'warm-up-json', '--output', 'json'],
      { cwd: dir, encoding: 'utf8' }).stdout);
    assert.equal(hub.details.title, 'Gadget 23 (CSV)');
    assert.equal(hub.tile.icon.mediatype, 'image/svg+xml');
    assert.ok(hub.tile.icon.base64data.length >= 256);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a smaller warm-up catalog is as valid (the count is only a size)', async () => {
  const api = attach(await createFbclensCore());
  const { summary } = JSON.parse(api.loadText(files(3), {}));
  assert.equal(summary.verdict, 'VALID');
  assert.equal(summary.bundles, 6);
});
