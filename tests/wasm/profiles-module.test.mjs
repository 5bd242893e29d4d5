// Check profiles through the core module (the load operation's arguments, wasm/protocol.cpp):
// the catalog's own .fbclens.yaml applies as in the CLI, and the Summary equals the native CLI's
// `validate --output json` with the same profiles; bad arguments and a broken config are typed
// failures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFbclensCore, attach, fixture, files, nativeSummary } from './module-helpers.mjs';

for (const name of ['p04-profile-config-in-catalog', 'p07-konflux-metadata-4.17', 'p09-konflux-images', 'p12-operatorhub-gate']) {
  test(`the catalog's .fbclens.yaml selects its profiles as in the CLI: ${name}`, async () => {
    const api = attach(await createFbclensCore());
    const summary = await api.loadFiles(files(fixture(name)));
    assert.ok(summary.profiles, 'the fixture selects profiles');
    assert.deepEqual(summary, nativeSummary(fixture(name)));
  });
}

test('load arguments: profiles over the file, the version from ocpVersion or the folder name', async () => {
  const api = attach(await createFbclensCore());
  const catalog = files(fixture('p07-konflux-metadata-4.17'));
  const older = await api.loadFiles(catalog, { profiles: ['konflux', 'operator-pipelines'], ocpVersion: '4.16' });
  const native = nativeSummary(fixture('p07-konflux-metadata-4.17'), ['--profile', 'konflux,operator-pipelines', '--ocp-version', '4.16']);
  assert.equal(native.profiles.ocpVersionFrom, '--ocp-version');
  assert.equal(older.profiles.ocpVersionFrom, 'the ocpVersion argument');  // each names its own source
  native.profiles.ocpVersionFrom = older.profiles.ocpVersionFrom;
  assert.deepEqual(older, native);
  assert.deepEqual(older.findings.filter((f) => f.code.startsWith('FBC5')).map((f) => f.code), ['FBC5105', 'FBC5106', 'FBC5105']);
  // No file, no arguments: opm alone, no `profiles` key.
  const plain = files(fixture('p09-konflux-images')).filter((f) => !f.path.startsWith('.'));
  assert.equal((await api.loadFiles(plain)).profiles, undefined);
  // The folder's name gives the version; registries replace the defaults.
  const named = await api.loadFiles(plain, { profiles: 'konflux', folder: 'fbc/v4.18/catalog', konfluxRegistries: ['quay.io/'] });
  assert.equal(named.profiles.ocpVersion, '4.18');
  assert.equal(named.profiles.ocpVersionFrom, 'folder v4.18');
  assert.deepEqual(named.findings.filter((f) => f.code === 'FBC5108').map((f) => f.bundle), ['demo.v1.0.0', 'demo.v1.1.0', 'demo.v1.4.0']);
});

test('load arguments and config files that are wrong are badRequest failures', async () => {
  const api = attach(await createFbclensCore());
  const catalog = files(fixture('p01-profile-pass-4.17'));
  const bad = (pattern) => (e) => e.name === 'FbclensError' && e.kind === 'badRequest' && pattern.test(e.message);
  await assert.rejects(api.loadFiles(catalog, { profiles: 'konflux,nope' }), bad(/unknown profile "nope"/));
  await assert.rejects(api.loadFiles(catalog, { profiles: 7 }), bad(/argument profiles must be a string or a list of strings/));
  await assert.rejects(api.loadFiles(catalog, { ocpVersion: 'latest' }), bad(/ocpVersion must be an OpenShift version/));
  await assert.rejects(api.loadFiles(catalog, { folder: 1 }), bad(/argument folder must be a string/));
  const broken = catalog.map((f) => (f.path === '.fbclens.yaml' ? { path: f.path, data: 'profiles: [konflux]\nocp: 4\n' } : f));
  await assert.rejects(api.loadFiles(broken), bad(/^\.fbclens\.yaml:2:6: unknown setting "ocp"/));
});
