// `fbclens validate --profile` (core/profiles, README "Check profiles"): the flags, the config
// files (.fbclens.yaml in the catalog's folder or above, --config, an operator repository's
// config.yaml), the OpenShift version from a vX.Y folder, the exit statuses, and opm's output
// never changing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, cpSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(repo, 'build/native/fbclens');
const fixture = (name) => join(repo, 'tests/fixtures/validation', name, 'catalog');
const run = (args, options = {}) => spawnSync(cli, args, { encoding: 'utf8', ...options });
const json = (r) => JSON.parse(r.stdout);
const codes = (r) => json(r).findings.map((f) => f.code).filter((c) => c.startsWith('FBC5'));

// A scratch folder; `layout` maps relative paths to file contents (or to a fixture file to copy).
function scratch(layout) {
  const dir = mkdtempSync(join(tmpdir(), 'fbclens-profiles-'));
  for (const [path, text] of Object.entries(layout)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
// The package file of a fixture, to lay out in scratch folders (without its .fbclens.yaml).
const packageFile = (name) => readFileSync(join(fixture(name), 'demo/catalog.yaml'), 'utf8');

test('--profile runs a profile, names the version a vX.Y folder gives, and fails the run on its findings', () => {
  const dir = scratch({ 'v4.17/catalog/demo/catalog.yaml': packageFile('p07-konflux-metadata-4.17') });
  try {
    const catalog = join(dir, 'v4.17/catalog');
    const r = run(['validate', catalog, '--profile', 'konflux']);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /demo\/catalog\.yaml:39:5: error\[FBC5103\]: bundle "demo\.v1\.1\.0" carries olm\.bundle\.object/);
    assert.match(r.stdout, /\nProfiles \(OpenShift 4\.17, from folder v4\.17\): opm passed, konflux failed \(3 findings\)\n$/);
    // Without --profile: opm alone, the output of before (no profile finding, no profiles line, status 0).
    const plain = run(['validate', catalog]);
    assert.equal(plain.status, 0);
    assert.doesNotMatch(plain.stdout, /FBC5|Profiles/);
    assert.equal(json(run(['validate', catalog, '--output', 'json'])).profiles, undefined);
    assert.deepEqual(json(run(['validate', catalog, '--output', 'json', '--profile', 'opm'])),
                     json(run(['validate', catalog, '--output', 'json'])));
    // --ocp-version wins over the folder: 4.16 rules instead (and =value spelling): v1.0.0 has
    // olm.csv.metadata only, v1.1.0 olm.bundle.object only (now right), v1.2.0 both.
    const older = run(['validate', catalog, '--profile=konflux', '--ocp-version=4.16', '--output', 'json']);
    assert.deepEqual(codes(older), ['FBC5105', 'FBC5106', 'FBC5105']);
    assert.equal(json(older).profiles.ocpVersionFrom, '--ocp-version');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("profiles never change --output opm or its status", () => {
  for (const name of ['p07-konflux-metadata-4.17', 'p05-konflux-no-package-folder', 'p04-profile-config-in-catalog']) {
    const withProfiles = run(['validate', fixture(name), '--output', 'opm', '--profile', 'konflux,operator-pipelines,operatorhub']);
    const alone = run(['validate', fixture(name), '--output', 'opm', '--profile', 'opm', '--config', '/dev/null']);
    assert.equal(withProfiles.stdout, alone.stdout, name);
    assert.equal(withProfiles.status, alone.status, name);
  }
  assert.equal(run(['validate', fixture('p07-konflux-metadata-4.17'), '--output', 'opm']).stdout, 'VALID\n');
  assert.equal(run(['validate', fixture('p07-konflux-metadata-4.17'), '--output', 'opm']).status, 0);
});

test('exit statuses: a failed profile is 1 (an empty folder too, instead of 3); bad flags are 2', () => {
  assert.equal(run(['validate', fixture('p01-profile-pass-4.17')]).status, 0);
  assert.equal(run(['validate', fixture('p12-operatorhub-gate')]).status, 1);
  assert.equal(run(['validate', fixture('p12-operatorhub-gate'), '--profile', 'opm']).status, 0, 'advice alone never fails');
  const empty = mkdtempSync(join(tmpdir(), 'fbclens-empty-'));
  try {
    assert.equal(run(['validate', empty]).status, 3);
    const r = run(['validate', empty, '--profile', 'konflux', '--ocp-version', '4.17', '--output', 'json']);
    assert.equal(r.status, 1);
    assert.deepEqual(codes(r), ['FBC5101', 'FBC5102']);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
  const unknown = run(['validate', fixture('p01-profile-pass-4.17'), '--profile', 'konflux,pipelines']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^fbclens: unknown profile "pipelines" \(profiles: opm, konflux, operator-pipelines, operatorhub\)\n/);
  const version = run(['validate', fixture('p01-profile-pass-4.17'), '--ocp-version', '4']);
  assert.equal(version.status, 2);
  assert.match(version.stderr, /--ocp-version must be an OpenShift version such as 4\.17, not "4"/);
  assert.equal(run(['validate', fixture('p01-profile-pass-4.17'), '--profile']).status, 2);
});

test('allow-lists from flags replace the defaults', () => {
  const r = run(['validate', fixture('p09-konflux-images'), '--konflux-registries', 'quay.io/', '--output', 'json']);
  const registry = json(r).findings.filter((f) => f.code === 'FBC5108').map((f) => f.bundle);
  assert.deepEqual(registry, ['demo.v1.0.0', 'demo.v1.1.0', 'demo.v1.4.0']);
  const pipelines = run(['validate', fixture('p10-pipelines-registries'), '--operator-pipelines-registries',
                         'quay.io/org-foo/,quay.io/org-bar/', '--output', 'json']);
  assert.deepEqual(codes(pipelines), ['FBC5201']);  // quay.io/org-foo-bar/ is still no prefix match
  assert.equal(pipelines.status, 1);
});

test('the config file: found above the catalog (up to the repository root), --config, errors with file:line', () => {
  const dir = scratch({
    '.fbclens.yaml': 'profiles: [konflux]\nkonflux:\n  allowedRegistries: [quay.io/example/]\n',
    'fbc/v4.17/catalog/demo/catalog.yaml': packageFile('p09-konflux-images'),
    'other.yaml': 'profiles: [operator-pipelines]\nocpVersion: "4.18"\n',
    'broken.yaml': 'profiles: [konflux]\nocp-version: 4.17\n',
  });
  try {
    const catalog = join(dir, 'fbc/v4.17/catalog');
    const found = run(['validate', catalog, '--output', 'json']);
    assert.equal(found.status, 1);
    assert.deepEqual(json(found).profiles.results.map((p) => p.name), ['opm', 'konflux']);
    // Allowed: quay.io/example/ only; not pinned: v1.1.0 and v1.3.0 whatever the registry.
    assert.deepEqual(json(found).findings.filter((f) => f.code.startsWith('FBC51')).map((f) => `${f.code} ${f.bundle}`),
                     ['FBC5108 demo.v1.0.0', 'FBC5107 demo.v1.1.0', 'FBC5108 demo.v1.1.0', 'FBC5107 demo.v1.3.0', 'FBC5108 demo.v1.4.0']);
    // A config outside the catalog is no catalog file: no FBC5002.
    assert.ok(!codes(found).includes('FBC5002'));
    // --profile replaces the file's profiles; --config replaces the file.
    assert.deepEqual(json(run(['validate', catalog, '--profile', 'operatorhub', '--output', 'json'])).profiles.results.map((p) => p.name),
                     ['opm', 'operatorhub']);
    const other = json(run(['validate', catalog, '--config', join(dir, 'other.yaml'), '--output', 'json']));
    assert.deepEqual(other.profiles.results.map((p) => p.name), ['opm', 'operator-pipelines']);
    assert.equal(other.profiles.ocpVersion, '4.18');
    assert.equal(other.profiles.ocpVersionFrom, 'ocpVersion in ' + join(dir, 'other.yaml'));
    const broken = run(['validate', catalog, '--config', join(dir, 'broken.yaml')]);
    assert.equal(broken.status, 2);
    assert.equal(broken.stderr, `fbclens: ${join(dir, 'broken.yaml')}:2:14: unknown setting "ocp-version" (known: profiles, ocpVersion, konflux, operator-pipelines)\n`);
    assert.equal(run(['validate', catalog, '--config', join(dir, 'missing.yaml')]).status, 2);
    // A repository root (.git) ends the search: the file above it is not this catalog's.
    mkdirSync(join(dir, 'fbc/.git'));
    assert.equal(json(run(['validate', catalog, '--output', 'json'])).profiles, undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an operator repository's config.yaml gives operator-pipelines its allow-list", () => {
  const dir = scratch({
    'config.yaml': 'organization: community-operators\nallowed_bundle_registries:\n  - quay.io/org-foo/\n',
    'catalogs/v4.16/demo/catalog.yaml': packageFile('p10-pipelines-registries'),
  });
  try {
    const catalog = join(dir, 'catalogs/v4.16');
    const r = run(['validate', catalog, '--profile', 'operator-pipelines', '--output', 'json']);
    assert.deepEqual(json(r).findings.filter((f) => f.code === 'FBC5201').map((f) => f.bundle), ['demo.v1.1.0', 'demo.v1.2.0']);
    assert.equal(r.status, 1);
    // The flag wins over it; konflux never reads it.
    assert.equal(run(['validate', catalog, '--profile', 'operator-pipelines', '--operator-pipelines-registries', 'quay.io/']).status, 0);
    assert.deepEqual(codes(run(['validate', catalog, '--profile', 'konflux', '--output', 'json'])).filter((c) => c === 'FBC5201'), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a single-file catalog: no package-folder check, the version from its folder', () => {
  const dir = scratch({ 'v4.16/catalog.yaml': packageFile('p08-konflux-metadata-4.16') });
  try {
    const r = run(['validate', join(dir, 'v4.16/catalog.yaml'), '--profile', 'konflux', '--output', 'json']);
    assert.deepEqual(codes(r), ['FBC5105', 'FBC5106']);
    assert.equal(json(r).profiles.ocpVersion, '4.16');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SARIF carries the profile rules with their upstream check and the profiles of the run', () => {
  const sarif = json(run(['validate', fixture('p11-pipelines-bundle-object-4.17'), '--output', 'sarif']));
  const rule = sarif.runs[0].tool.driver.rules.find((x) => x.id === 'FBC5202');
  assert.match(rule.shortDescription.text, /check_olm_bundle_object_in_fbc/);
  assert.equal(sarif.runs[0].results.find((x) => x.ruleId === 'FBC5202').level, 'error');
  assert.deepEqual(sarif.runs[0].properties.profiles.results.map((p) => [p.name, p.passed]),
                   [['opm', true], ['operator-pipelines', false]]);
});
