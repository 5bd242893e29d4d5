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

// Run from inside the catalog, so the CLI's paths (relative to where it runs) are catalog-relative
// like the JS API's.
function nativeSummary(dir) {
  try {
    return JSON.parse(execFileSync(cli, ['validate', '.', '--output', 'json'], { cwd: dir, maxBuffer: 1 << 28 }).toString());
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
  assert.equal(summary.packages, 3);
  assert.deepEqual(api.summary(), summary);
  // The seed example is in the sample: divergence lists its entries; an explained upgradePath
  // says why Classic stays on 1.0.0 (an entry its channel order drops) while v1 moves.
  const d = await api.divergence({ package: 'upgrade-seed' });
  assert.equal(d.defaultChannel, 'stable');
  assert.deepEqual(d.rows.map((r) => r.installed), ['upgrade-seed.v3.0.0', 'upgrade-seed.v2.0.0']);
  const r = await api.upgradePath({ package: 'upgrade-seed', installedBundle: 'upgrade-seed.v1.0.0', installedVersion: '1.0.0',
    explain: true });
  assert.deepEqual(r.classic.steps[0].considered.map((c) => [c.bundle, c.verdict]), [['upgrade-seed.v2.0.0', 'off-chain']]);
  assert.deepEqual(r.v1.steps.map((s) => s.to), ['upgrade-seed.v2.0.0', 'upgrade-seed.v3.0.0', null]);
  await assert.rejects(api.divergence({ package: 'nope' }), (e) => e.kind === 'notFound');
  await assert.rejects(api.upgradePath({ package: 'upgrade-seed', explain: 'yes' }), (e) => e.kind === 'badRequest');
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

// Issue 15: Classic's upgrade answer resolves dependencies (tests/fixtures/update/deps), and the
// resolve op is the CLI's `resolve --output json`. The CLI runs inside the catalog so that file
// names in the answers are the same catalog-relative names the JS API was given.
test('upgradePath with dependencies and resolve answer like the CLI (deps fixture)', async () => {
  const dir = join(repo, 'tests/fixtures/update/deps');
  const api = attach(await createFbclensCore());
  await api.loadFiles([{ path: 'catalog.yaml', data: readFileSync(join(dir, 'catalog.yaml'), 'utf8') }]);
  const run = (args) => {
    try {
      return JSON.parse(execFileSync(cli, args, { cwd: dir }).toString());
    } catch (e) {
      return JSON.parse(e.stdout.toString());  // resolve exits 1 when nothing resolves
    }
  };
  const cases = [
    [{ package: 'app', installedBundle: 'app.v1', explain: true }, ['--installed-bundle', 'app.v1', '--explain']],
    [{ package: 'app', installedBundle: 'app.v2', clusterProvides: ['cert-manager.io/v1/Certificate'] },
      ['--installed-bundle', 'app.v2', '--cluster-provides', 'cert-manager.io/v1/Certificate']],
    [{ package: 'app', installedBundle: 'app.v1', ignoreDependencies: true }, ['--installed-bundle', 'app.v1', '--ignore-dependencies']],
    [{ package: 'broken', installedBundle: 'broken.v1' }, ['--installed-bundle', 'broken.v1']],
  ];
  for (const [request, flags] of cases) {
    const viaApi = await api.upgradePath(request);
    assert.deepEqual(viaApi, run(['upgrade-path', '.', '--package', request.package, ...flags, '--output', 'json']));
  }
  const skipped = await api.upgradePath(cases[0][0]);
  assert.equal(skipped.classic.next, 'app.v2');
  assert.equal(skipped.classic.steps[0].considered.find((c) => c.bundle === 'app.v3').verdict, 'unmet-dependencies');
  assert.equal(skipped.classic.resolution.candidates[0].unmet[0].failureMessage, 'install cert-manager first');
  assert.equal((await api.upgradePath(cases[2][0])).classic.next, 'app.v3');
  assert.equal((await api.upgradePath(cases[3][0])).classic.error, "Last element in range is '||'");

  for (const [request, flags] of [
    [{ package: 'app' }, []],
    [{ package: 'app', channel: 'stable', clusterProvides: ['cert-manager.io/v1/Certificate'] },
      ['--channel', 'stable', '--cluster-provides', 'cert-manager.io/v1/Certificate']],
    [{ package: 'app', startingBundle: 'app.v3' }, ['--starting-bundle', 'app.v3']],
    [{ package: 'app', installedBundle: 'app.v1' }, ['--installed-bundle', 'app.v1']],
    [{ package: 'app', installedBundle: 'app.v2', clusterProvides: ['cert-manager.io/v1/Certificate'] },
      ['--installed-bundle', 'app.v2', '--cluster-provides', 'cert-manager.io/v1/Certificate']],
    [{ package: 'nope' }, []],
  ]) {
    const viaApi = await api.resolve(request);
    assert.deepEqual(viaApi, run(['resolve', '.', '--package', request.package, ...flags, '--output', 'json']));
  }
  const r = await api.resolve({ package: 'app' });
  assert.deepEqual(r.installs.map((i) => i.bundle), ['app.v2', 'db.v1.5.0']);
  assert.equal((await api.resolve({ package: 'app', startingBundle: 'app.v3' })).ok, false);
  assert.deepEqual((await api.resolve({ package: 'app', installedBundle: 'app.v1' })).installs.map((i) => i.bundle),
    ['app.v2', 'db.v1.5.0']);
  const kind = (k, pattern) => (e) => e.name === 'FbclensError' && e.kind === k && pattern.test(e.message);
  await assert.rejects(api.resolve({}), kind('badRequest', /request needs a package/));
  await assert.rejects(api.resolve({ package: 'app', clusterProvides: ['x'] }), kind('badRequest', /expected group\/version\/Kind/));
  await assert.rejects(api.upgradePath({ package: 'app', clusterProvides: 'g/v/K' }),
    kind('badRequest', /clusterProvides must be an array of strings/));
  await assert.rejects(api.upgradePath({ package: 'app', ignoreDependencies: 1 }), kind('badRequest', /must be a boolean/));
});

test('hubPreview answers like the CLI (hub fixture with deprecations), one protocol row', async () => {
  const dir = join(repo, 'tests/fixtures/hub/deprecations');
  const api = attach(await createFbclensCore());
  await api.loadFiles([{ path: 'catalog.json', data: readFileSync(join(dir, 'catalog.json'), 'utf8') }]);
  const PACKAGE = 'demo';
  const cliJson = (args) => JSON.parse(execFileSync(cli, ['hub-preview', dir, ...args, '--output', 'json']).toString());
  const at418 = cliJson(['--package', PACKAGE, '--console', '4.18']);
  assert.equal(at418.console, '4.18');
  assert.deepEqual(await api.hubPreview({ package: PACKAGE, console: '4.18' }), at418);
  assert.deepEqual(await api.hubPreview({ package: PACKAGE }), cliJson(['--package', PACKAGE]));
  await assert.rejects(api.hubPreview({ package: PACKAGE, console: '3.11' }), /unknown console version 3.11/);
  await assert.rejects(api.hubPreview({ package: 'nope' }), /nope/);
});

test('consoles lists the console versions the CLI takes; hubPreview on 5.0 shows lifecycle columns like the CLI', async () => {
  const api = attach(await createFbclensCore());
  // No catalog needed: the table is the core's (core/hub/consoles.h).
  const table = await api.consoles({});
  const names = table.consoles.map((c) => c.name);
  assert.deepEqual(names, ['4.16', '4.17', '4.18', '4.19', '4.20', '4.21', '4.22', '5.0']);
  assert.equal(table.default, '4.21');
  assert.deepEqual(table.consoles.filter((c) => c.lifecycle).map((c) => c.name), ['5.0']);
  // The CLI's --console takes the same versions from the same table (CLI11's allowed values).
  let usage = '';
  try { execFileSync(cli, ['hub-preview', '.', '--package', 'x', '--console', '4.15'], { stdio: 'pipe' }); } catch (e) { usage = e.stderr.toString(); }
  assert.match(usage, new RegExp(`--console: unknown value 4\\.15 \\(${names.join('|').replaceAll('.', '\\.')}\\)`));

  const dir = join(repo, 'tests/fixtures/validation/f81-advice-lifecycle/catalog');
  await api.loadFiles([{ path: 'catalog.yaml', data: readFileSync(join(dir, 'catalog.yaml'), 'utf8') }]);
  const cliJson = (args) => JSON.parse(execFileSync(cli, ['hub-preview', dir, ...args, '--output', 'json']).toString());
  for (const version of ['2.0.0', '1.1.0', '1.0.0']) {
    const args = { package: 'ops', channel: 'stable', version, console: '5.0', date: '2026-06-01' };
    const native = cliJson(['--package', 'ops', '--channel', 'stable', '--version', version, '--console', '5.0', '--date', '2026-06-01']);
    assert.deepEqual(await api.hubPreview(args), native);
  }
  const active = await api.hubPreview({ package: 'ops', console: '5.0', date: '2026-06-01' });
  assert.equal(active.lifecycle.supportPhase.text, 'Full support');
  assert.equal('lifecycle' in (await api.hubPreview({ package: 'ops', console: '4.22' })), false);
  await assert.rejects(api.hubPreview({ package: 'ops', console: '5.0', date: '2026-13-01' }), /date 2026-13-01 is not a YYYY-MM-DD date/);
});

// What the page's worker asks of the module (wasm/fbclens-worker.js): the protocol's operations
// (wasm/protocol.cpp) and the progress callback during a load.
test('the protocol operations: load answers the view, layout, excerpt, bundle, load progress', async () => {
  const Module = await createFbclensCore();
  const api = attach(Module);
  const progress = [];
  Module.onLoadProgress = (files, bytes) => progress.push([files, bytes]);
  const yaml = readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8');
  const json = readFileSync(join(repo, 'samples/catalog/lens-demo/catalog.json'), 'utf8');
  // A load answers with the explorer view, the Summary inside it (one serialisation of both).
  const view = JSON.parse(api.loadText([{ path: 'a/catalog.yaml', data: yaml }, { path: 'b/catalog.json', data: json }]));
  // One report per file parsed, bytes adding up to the catalog's size.
  assert.equal(progress.length, 2);
  assert.equal(progress[1][1], Buffer.byteLength(yaml) + Buffer.byteLength(json));
  assert.deepEqual(view.packages.map((p) => p.name), ['cert-watcher', 'lens-demo']);
  assert.equal(view.summary.packages, 2);

  const channel = await api.layout({ package: 'cert-watcher', channel: 'stable' });
  assert.equal(channel.nodes.length, 4);
  // Lane 1 holds the ghost of cert-watcher.v1.1.1 (1.2.0 skips it; no channel lists it), in a
  // column of its own before 1.2.0: five columns.
  assert.deepEqual(channel.bands, [{ channel: 'stable', firstLane: 0, lanes: 2, columns: 5, heads: 1, isDefault: true,
                                     deprecated: false }]);
  assert.deepEqual(channel.ghosts.map((g) => [g.name, g.layer, g.lane, g.listedIn]), [['cert-watcher.v1.1.1', 2, 1, '']]);
  assert.deepEqual(channel.ghostEdges, [{ ghost: 0, to: 2, kind: 'skips' }]);
  const whole = await api.layout({ package: 'cert-watcher', channel: '' });
  assert.deepEqual(whole.bands.map((b) => b.channel), ['stable', 'alpha', 'fast']);
  const notFound = (pattern) => (e) => e.name === 'FbclensError' && e.kind === 'notFound' && pattern.test(e.message);
  await assert.rejects(api.layout({ package: 'cert-watcher', channel: 'nope' }), notFound(/no channel nope/));
  await assert.rejects(api.layout({ package: 'nope' }), notFound(/not in the catalog/));

  const excerpt = await api.excerpt({ file: 'a/catalog.yaml', line: 3, context: 1 });
  assert.deepEqual(excerpt.lines, [[2, 'schema: olm.package'], [3, 'name: cert-watcher'], [4, 'defaultChannel: stable']]);
  await assert.rejects(api.excerpt({ file: 'nope.yaml', line: 1 }), notFound(/no file/));

  // One entry's bundle in full: where it is declared in the files handed over, and its properties.
  const details = await api.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'cert-watcher.v2.0.0' });
  assert.equal(details.where, 'a/catalog.yaml:' + (yaml.split('\n').findIndex((l, i, all) =>
    l === 'schema: olm.bundle' && all[i + 2] === 'name: cert-watcher.v2.0.0') + 1));
  assert.equal(details.skipRange, '>=1.0.0 <2.0.0');
  assert.ok(details.properties.some((p) => p.type === 'olm.package.required'));
  await assert.rejects(api.bundle({ package: 'cert-watcher', channel: 'stable', bundle: 'nope' }), notFound(/no entry nope/));

  // installedVersion defaults to the installed bundle's own version.
  const r = await api.upgradePath({ package: 'cert-watcher', installedBundle: 'cert-watcher.v1.0.0', subscriptionChannel: 'stable' });
  assert.equal(r.classic.next, 'cert-watcher.v2.0.0');
  const memory = await api.memory();
  assert.ok(memory.wasmBytes >= memory.highWater && memory.highWater > 0);
});

test('the protocol: failures are typed, and the README lists every operation of the table', async () => {
  const api = attach(await createFbclensCore());
  const kind = (k, pattern) => (e) => e.name === 'FbclensError' && e.kind === k && pattern.test(e.message);
  await assert.rejects(api.layout({ package: 'x' }), kind('noCatalog', /no catalog is loaded/));
  await api.loadSample();
  await assert.rejects(api.layout({}), kind('badRequest', /argument package must be a string/));
  await assert.rejects(api.upgradePath({ package: 'cert-watcher', policy: 'Any' }), kind('badRequest', /unknown policy Any/));
  assert.throws(() => api.call('nope', '{}'), kind('badRequest', /unknown operation nope/));
  assert.throws(() => api.call('layout', '[1]'), kind('badRequest', /must be a JSON object/));
  assert.deepEqual(api.protocol.failures, ['none', 'badRequest', 'noCatalog', 'notFound']);
  // The README's protocol table is the table's documentation: one row per operation.
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const documented = [...readme.matchAll(/^\| `(\w+)` \| /gm)].map((m) => m[1]);
  assert.deepEqual(documented, api.protocol.ops.map((o) => o.name));
});
