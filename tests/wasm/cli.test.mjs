// The native CLI's exit statuses and messages that scripts and CI rely on (build/native/fbclens):
// --version, divergence's exit 1 on a stranded bundle (and --report-only), advice never changing
// validate's status, a symlinked directory named as the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, symlinkSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(repo, 'build/native/fbclens');
const fixture = (name) => join(repo, 'tests/fixtures/validation', name, 'catalog');
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8' });

test('--version names fbclens and the opm it follows', () => {
  const r = run('--version');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^fbclens \d+\.\d+\.\d+ \(follows opm v1\.73\.0 \(operator-registry 4f9d6f222b01\)\)\n$/);
});

test('divergence exits 1 when OLM Classic strands a bundle, 0 with --report-only or when none is stranded', () => {
  const stranded = run('divergence', fixture('f56-advice-classic-strands'));
  assert.equal(stranded.status, 1);
  assert.match(stranded.stdout, /demo\.v1\.0\.0: \[stranded by Classic\]/);
  assert.equal(run('divergence', fixture('f56-advice-classic-strands'), '--report-only').status, 0);
  assert.equal(run('divergence', join(repo, 'samples/catalog')).status, 0);
});

test('advice is printed with its severity and never changes validate\'s exit status', () => {
  const r = run('validate', fixture('f56-advice-classic-strands'));
  assert.equal(r.status, 0);
  assert.match(r.stdout, /catalog\.json:15:5: warning\[FBC4001\]: with "demo\.v1\.0\.0" installed, OLM Classic stays on it/);
  assert.equal(run('validate', fixture('f56-advice-classic-strands'), '--output', 'opm').stdout, 'VALID\n');
});

test('a folder with no catalog content is VALID for opm but exits 3 with a warning', () => {
  const r = run('validate', fixture('f67-advice-no-catalog-content'));
  assert.equal(r.status, 3);
  assert.match(r.stdout, /warning\[FBC4000\]: no catalog content found/);
  const opm = run('validate', fixture('f67-advice-no-catalog-content'), '--output', 'opm');
  assert.equal(opm.stdout, 'VALID\n');
  assert.equal(opm.status, 0, "opm's own output keeps opm's status");
});

test('paths are relative to where the command runs, as compilers print them; SARIF names that directory SRCROOT', () => {
  const catalog = 'tests/fixtures/validation/f13-pkg-duplicate/catalog';
  const fromRepo = spawnSync(cli, ['validate', catalog], { cwd: repo, encoding: 'utf8' });
  assert.match(fromRepo.stdout, new RegExp('^  ' + catalog + '/catalog\\.yaml:31:7: error\\[FBC2002\\]', 'm'));
  assert.match(fromRepo.stdout, new RegExp('^  ' + catalog + '/catalog\\.yaml:3:7: note: ', 'm'));
  const json = JSON.parse(spawnSync(cli, ['validate', catalog, '--output', 'json'], { cwd: repo, encoding: 'utf8' }).stdout);
  assert.equal(json.findings[0].where, catalog + '/catalog.yaml:31:7');
  const sarif = JSON.parse(spawnSync(cli, ['validate', catalog, '--output', 'sarif'], { cwd: repo, encoding: 'utf8' }).stdout);
  const run0 = sarif.runs[0];
  assert.equal(run0.originalUriBaseIds.SRCROOT.uri, 'file://' + repo + '/');
  assert.deepEqual(run0.results[0].locations[0].physicalLocation.artifactLocation,
                   { uri: catalog + '/catalog.yaml', uriBaseId: 'SRCROOT' });
  // From a directory the catalog is not under (a fresh one: the clone itself may sit in the temp
  // folder): absolute paths, and file: URIs with no base.
  const elsewhere = mkdtempSync(join(tmpdir(), 'fbclens-cwd-'));
  try {
    const outside = JSON.parse(spawnSync(cli, ['validate', join(repo, catalog), '--output', 'sarif'], { cwd: elsewhere, encoding: 'utf8' }).stdout);
    assert.equal(outside.runs[0].originalUriBaseIds, undefined);
    assert.equal(outside.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri,
                 'file://' + join(repo, catalog, 'catalog.yaml'));
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('a symlink to a directory is named as the link and said to be a symlink opm does not follow', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fbclens-cli-'));
  try {
    mkdirSync(join(dir, 'real'));
    mkdirSync(join(dir, 'catalog'));
    copyFileSync(join(fixture('f01-valid-base'), 'catalog.yaml'), join(dir, 'catalog', 'catalog.yaml'));
    symlinkSync(join(dir, 'real'), join(dir, 'catalog', 'linked'));
    const r = run('validate', join(dir, 'catalog'));
    assert.equal(r.status, 1);
    assert.match(r.stdout, /linked: error\[FBC1013\]: linked is a symbolic link to a directory: opm does not follow symlinks/);
    assert.equal(run('validate', join(dir, 'catalog'), '--output', 'opm').stdout, 'LOAD ERROR:\nread linked: is a directory\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ---- upgrade-path --explain and hub-preview on real catalogs (../shared/catalogs) ----
const shared = resolve(repo, '../shared/catalogs');
const haveShared = existsSync(join(shared, 'expected.json'));
const seed = join(repo, 'tests/fixtures/update/seed');

test('upgrade-path --explain says why Classic strands the seed example and v1 does not', () => {
  const r = run('upgrade-path', seed, '--package', 'example', '--installed-bundle', 'example.v1.0.0',
    '--installed-version', '1.0.0', '--explain');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /OLM Classic stays on example\.v1\.0\.0: no entry in its channel order \("stable"\) replaces, skips or skipRanges it\n/);
  assert.match(r.stdout, /- example\.v2\.0\.0 \(2\.0\.0\) \[off-chain\] skipped by example\.v3\.0\.0 in channel "stable"/);
  assert.match(r.stdout, / via channel "stable": skipRange ">=1\.0\.0 <2\.0\.0" contains 1\.0\.0\n/);
  assert.match(r.stdout, /1\. OLM v1 upgrades example\.v1\.0\.0 to example\.v2\.0\.0\n/);
  assert.match(r.stdout, /2\. OLM v1 upgrades example\.v2\.0\.0 to example\.v3\.0\.0\n/);
  const json = JSON.parse(run('upgrade-path', seed, '--package', 'example', '--installed-bundle', 'example.v1.0.0',
    '--installed-version', '1.0.0', '--explain', '--output', 'json').stdout);
  assert.deepEqual(json.v1.steps.map((s) => s.to), ['example.v2.0.0', 'example.v3.0.0', null]);
  assert.deepEqual(json.classic.steps[0].considered.map((c) => c.verdict), ['off-chain']);
  // Without --explain the JSON keeps its shape.
  const plain = JSON.parse(run('upgrade-path', seed, '--package', 'example', '--output', 'json').stdout);
  assert.equal(plain.classic.steps, undefined);
});

test('upgrade-path: OLM v1 refuses an installed version that is not SemVer, in operator-controller\'s words', () => {
  const r = run('upgrade-path', seed, '--package', 'example', '--installed-bundle', 'example.v1.0.0',
    '--installed-version', 'v1.0.0', '--output', 'json');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).v1.error, 'error walking catalogs: error finding upgrade edges: failed to get version ' +
    'and release of installed bundle: Invalid character(s) found in major number "v1"');
  const missing = run('upgrade-path', seed, '--package', 'example', '--installed-bundle', 'example.v0.9.0');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /installed bundle example\.v0\.9\.0 is not in package example/);
});

test('hub-preview on rhtpa-fbc: the deprecated channel and version in the alert, console 4.18', { skip: !haveShared }, () => {
  const r = run('hub-preview', join(shared, 'rhtpa-fbc/v4.18/catalog'), '--package', 'rhtpa-operator', '--channel', 'stable',
    '--console', '4.18', '--output', 'json');
  assert.equal(r.status, 0, r.stderr);
  const p = JSON.parse(r.stdout);
  assert.equal(p.visible, true);
  assert.deepEqual(p.details.alert, { title: 'Deprecated warnings', messages: [
    'stable is no longer supported. Please switch to a not deprecated channel for continued support.',
    'rhtpa-operator.v1.0.2 is deprecated. Please consider updating for continued support.'] });
  assert.deepEqual(p.channels.map((c) => [c.name, c.deprecated]),
    [['stable-v3', false], ['stable-v1.1', false], ['stable-v1.0', true], ['stable', true]]);
  assert.equal(p.selectedVersion, '1.0.2');
  const unknown = run('hub-preview', join(shared, 'rhtpa-fbc/v4.18/catalog'), '--package', 'rhtpa-operator', '--channel', 'nope');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /nope/);
});

test('hub-preview on olm-e2e-testdata: a deprecated package without CSV data is not listed, and says why', { skip: !haveShared }, () => {
  const catalog = join(shared, 'olm-e2e-testdata/test/e2e/testdata/subscription/example-operator.v0.3.0-deprecations.yaml');
  const p = JSON.parse(run('hub-preview', catalog, '--package', 'test-package', '--output', 'json').stdout);
  assert.equal(p.visible, false);
  assert.deepEqual(p.hiddenReasons, ['no-channel-with-csv']);
  assert.equal(p.tile, null);  // no package manifest: nothing the console could open
  const v = run('validate', catalog);
  assert.equal(v.status, 0);
  assert.match(v.stdout, /warning\[FBC41\d\d\]/);
});

test('hub-preview on deprecated-catalog-content: a deprecations file the .indexignore hides serves no package', { skip: !haveShared }, () => {
  const catalog = join(shared, 'deprecated-catalog-content/redhat-operator-index/4.15/example-mypackage');
  const v = run('validate', catalog);
  assert.equal(v.status, 3);  // valid for opm, but nothing to serve
  assert.match(v.stdout, /warning\[FBC4000\]: no catalog content found/);
  const p = run('hub-preview', catalog, '--package', 'mypackage');
  assert.equal(p.status, 2);
  assert.equal(p.stderr, 'fbclens: package mypackage is not in the catalog\n');
});

test('a finding opm does not report says so plainly: "opm: — not reported"', () => {
  const r = run('validate', fixture('f14-pkg-name-invalid'));
  assert.equal(r.status, 1);
  assert.match(r.stdout, /\n {6}opm: — not reported; its text would be: /);
  assert.doesNotMatch(r.stdout, /\(not reported by opm\)/);
});
