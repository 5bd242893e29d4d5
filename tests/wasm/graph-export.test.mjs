// The exports the page downloads, through the core module's protocol (wasm/protocol.cpp), against
// the native CLI on the same catalog: graphExport equals `fbclens export-graph` byte for byte (DOT,
// SVG in both themes, layout JSON), report equals `fbclens validate --output json|sarif|text` run
// inside the catalog folder (SARIF: but for the base URI a browser cannot name). Also the CLI's
// exit statuses for export-graph.
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
const run = (args, options = {}) => spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });

const sample = join(repo, 'samples/catalog');
const hostile = join(repo, 'tests/fixtures/graph-export/hostile');
const rhtpa = resolve(repo, '../shared/catalogs/rhtpa-fbc/v4.18/catalog');
const mtv = resolve(repo, '../shared/catalogs/mtv-fbc/v5.0/catalog');
const noShared = (dir) => !existsSync(dir) && 'needs ../shared (absent)';

// The module with every file of `dir` handed over, as the page hands over a dropped folder.
async function loaded(dir) {
  const api = attach(await createFbclensCore());
  await api.loadFiles(walk(dir).map((p) => ({ path: relative(dir, p), data: new Uint8Array(readFileSync(p)) })));
  return api;
}

test('export-graph: exit 2 with a message for usage errors and an unknown package or channel', () => {
  const usage = (args, pattern) => {
    const r = run(['export-graph', ...args]);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, pattern);
  };
  // Usage errors name the option and its allowed values, then show export-graph's usage.
  usage([sample, '--format', 'svg'], /^fbclens: --package is required\nusage: fbclens export-graph CATALOG --package PKG /);
  usage([sample, '--package', 'cert-watcher'], /^fbclens: --format is required\nusage: fbclens export-graph /);
  usage([sample, '--package', 'cert-watcher', '--format', 'png'], /^fbclens: --format: unknown value png \(dot\|svg\|json\)\nusage: fbclens export-graph /);
  usage([sample, '--package', 'cert-watcher', '--format', 'svg', '--theme', 'blue'],
    /^fbclens: --theme: unknown value blue \(light\|dark\)\nusage: fbclens export-graph /);
  usage([sample, '--package', 'nope', '--format', 'dot'], /^fbclens: package nope is not in the catalog\n$/);
  usage([sample, '--package', 'cert-watcher', '--channel', 'nope', '--format', 'dot'], /^fbclens: package cert-watcher has no channel nope\n$/);
  usage([join(repo, 'no-such-folder'), '--package', 'x', '--format', 'dot'], /no-such-folder/);
  const ok = run(['export-graph', sample, '--package', 'cert-watcher', '--format', 'svg']);
  assert.equal(ok.status, 0);
  assert.match(ok.stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
});

for (const [name, dir, pkg] of [
  ['sample', sample, 'cert-watcher'],
  ['hostile names', hostile, 'p<script>alert(1)</script>&"q"'],
  ['rhtpa v4.18', rhtpa, null],
]) {
  test(`graphExport equals the CLI's export-graph: ${name}`, { skip: noShared(dir) }, async () => {
    const api = await loaded(dir);
    const target = pkg ?? await firstPackage(dir);
    const channels = (await api.layout({ package: target, channel: '' })).bands.map((b) => b.channel);
    assert.ok(channels.length > 0);
    for (const channel of ['', channels[0]]) {
      for (const [format, theme] of [['dot', 'light'], ['svg', 'light'], ['svg', 'dark'], ['json', 'light'], ['dot', 'dark']]) {
        const args = ['export-graph', dir, '--package', target, '--format', format, '--theme', theme];
        if (channel) args.push('--channel', channel);
        const native = run(args);
        assert.equal(native.status, 0, native.stderr);
        const answer = await api.graphExport({ package: target, channel, format, theme });
        assert.equal(answer.text, native.stdout, `${format} ${theme} ${channel || '(package)'}`);
      }
    }
    const wrapped = await api.graphExport({ package: target, format: 'svg', columnsPerRow: 2 });
    assert.equal(wrapped.text, run(['export-graph', dir, '--package', target, '--format', 'svg', '--columns-per-row', '2']).stdout);
    await assert.rejects(api.graphExport({ package: target, format: 'png' }), (e) => e.kind === 'badRequest' && /unknown format png/.test(e.message));
    await assert.rejects(api.graphExport({ package: target, format: 'svg', theme: 'blue' }), (e) => e.kind === 'badRequest');
    await assert.rejects(api.graphExport({ package: 'nope', format: 'svg' }), (e) => e.kind === 'notFound' && e.message === 'package nope is not in the catalog');
    await assert.rejects(api.graphExport({ package: target, channel: 'nope', format: 'dot' }), (e) => e.kind === 'notFound');
  });
}

// The first package of a catalog, from the module's explorer view (validate's JSON lists none).
async function firstPackage(dir) {
  const Module = await createFbclensCore();
  const api = attach(Module);
  const view = JSON.parse(api.loadText(walk(dir).map((p) => ({ path: relative(dir, p), data: new Uint8Array(readFileSync(p)) }))));
  return view.packages[0].name;
}

// validate's document for `dir`, run from inside it (so files are named catalog-relative).
function validateInside(dir, output) {
  return run(['validate', '.', '--output', output], { cwd: dir }).stdout;
}

// SARIF without what only a command line can say: where SRCROOT is.
function withoutBase(sarif) {
  const s = JSON.parse(sarif);
  for (const r of s.runs) {
    delete r.originalUriBaseIds;
    for (const result of r.results) {
      for (const l of [...(result.locations || []), ...(result.relatedLocations || [])]) delete l.physicalLocation?.artifactLocation?.uriBaseId;
    }
    for (const a of r.artifacts || []) delete a.location?.uriBaseId;
  }
  return s;
}

for (const [name, dir] of [['sample', sample], ['hostile names (invalid)', hostile], ['mtv v5.0 (invalid)', mtv]]) {
  test(`report equals the CLI's validate output: ${name}`, { skip: noShared(dir) }, async () => {
    const api = await loaded(dir);
    for (const format of ['json', 'text']) {
      assert.equal((await api.report({ format })).text, validateInside(dir, format), format);
    }
    const sarif = (await api.report({ format: 'sarif' })).text;
    const native = validateInside(dir, 'sarif');
    assert.deepEqual(JSON.parse(sarif).runs[0].originalUriBaseIds, undefined);
    assert.deepEqual(JSON.parse(sarif), withoutBase(native));
    if (name !== 'sample') assert.ok(JSON.parse(sarif).runs[0].results.length > 0);
    await assert.rejects(api.report({ format: 'opm' }), (e) => e.kind === 'badRequest' && /unknown format opm/.test(e.message));
  });
}

test('report and graphExport need a loaded catalog', async () => {
  const api = attach(await createFbclensCore());
  await assert.rejects(api.report({ format: 'json' }), (e) => e.kind === 'noCatalog');
  await assert.rejects(api.graphExport({ package: 'x', format: 'svg' }), (e) => e.kind === 'noCatalog');
});
