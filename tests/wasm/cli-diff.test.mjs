// `fbclens diff OLD NEW` (core/diff, README "Catalog diff"): the text and JSON outputs, the
// pruning profile's exit status and exemption, the certified-operators YAML/JSON twins, usage errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(repo, 'build/native/fbclens');
const shared = resolve(repo, '../shared');
const run = (args) => spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 64 << 20 });

// Package p with channels `stable` (named by the caller) and fast, both p.v1 <- p.v2 <- p.v3;
// `stableEntries` lists stable's entries (a subset of the three, in order).
function catalog(stable = 'stable', stableEntries = ['p.v1', 'p.v2', 'p.v3']) {
  const entry = (name) => `  - name: ${name}\n` + (name === 'p.v1' ? '' : `    replaces: p.v${Number(name.slice(3)) - 1}\n`);
  let text = `---\nschema: olm.package\nname: p\ndefaultChannel: ${stable}\n`;
  text += `---\nschema: olm.channel\npackage: p\nname: ${stable}\nentries:\n${stableEntries.map(entry).join('')}`;
  text += `---\nschema: olm.channel\npackage: p\nname: fast\nentries:\n${['p.v1', 'p.v2', 'p.v3'].map(entry).join('')}`;
  for (const v of [1, 2, 3]) {
    text += `---\nschema: olm.bundle\npackage: p\nname: p.v${v}\nimage: quay.io/x/p-bundle:v${v}\nproperties:\n` +
            `  - type: olm.package\n    value: {packageName: p, version: ${v}.0.0}\n`;
  }
  return text;
}

function withCatalogs(texts, body) {
  const dir = mkdtempSync(join(tmpdir(), 'fbclens-diff-'));
  try {
    const paths = Object.entries(texts).map(([name, text]) => {
      mkdirSync(join(dir, name, 'p'), { recursive: true });
      writeFileSync(join(dir, name, 'p/catalog.yaml'), text);
      return join(dir, name);
    });
    body(...paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const empty = {
  packages: { added: [], removed: [] }, channels: { added: [], removed: [] }, entries: { added: [], removed: [] },
  bundles: { added: [], removed: [], changed: [] }, defaultChannels: [], edges: [], deprecations: { added: [], removed: [] }, upgrades: [],
};

test('a removed entry: text, JSON, and --profile pruning fails with exit 1', () => {
  withCatalogs({ old: catalog(), new: catalog('stable', ['p.v2', 'p.v3']) }, (oldDir, newDir) => {
    const text = run(['diff', oldDir, newDir]);
    assert.equal(text.status, 0, text.stderr);  // differences alone never fail
    assert.equal(text.stdout, '- entry p/stable/p.v1\n1 difference\n');
    const json = run(['diff', oldDir, newDir, '--output', 'json']);
    assert.deepEqual(JSON.parse(json.stdout), { ...empty, entries: { added: [], removed: [{ package: 'p', channel: 'stable', bundle: 'p.v1', within: null }] } });
    assert.equal(run(['diff', oldDir, newDir, '--output=json']).stdout, json.stdout, 'same bytes on every run');

    const pruning = run(['diff', oldDir, newDir, '--profile', 'pruning']);
    assert.equal(pruning.status, 1);
    // Each removal at its place in OLD (absolute: the scratch folder is not under the current directory).
    assert.ok(pruning.stdout.endsWith(`\n${join(oldDir, 'p/catalog.yaml')}:10:5: pruning: removes p.v1 from channel p/stable\n` +
                                      'Profile pruning: failed (1 removal)\n'), pruning.stdout);
    const pruningJson = JSON.parse(run(['diff', oldDir, newDir, '--profile', 'pruning', '--output', 'json']).stdout);
    assert.deepEqual(pruningJson.pruning, { passed: false, violations: [{ package: 'p', channel: 'stable', bundle: 'p.v1',
                                                                          where: `${join(oldDir, 'p/catalog.yaml')}:10:5` }] });
    // Adding it back is no pruning.
    const back = run(['diff', newDir, oldDir, '--profile', 'pruning']);
    assert.equal(back.status, 0);
    assert.match(back.stdout, /^\+ entry p\/stable\/p\.v1\n1 difference\nProfile pruning: passed\n$/);
  });
});

test('--profile pruning exempts channels named like dev-preview, pre-ga or candidate', () => {
  withCatalogs({ old: catalog('candidate-v1'), new: catalog('candidate-v1', ['p.v2', 'p.v3']) }, (oldDir, newDir) => {
    const r = run(['diff', oldDir, newDir, '--profile', 'pruning']);
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '- entry p/candidate-v1/p.v1\n1 difference\nProfile pruning: passed\n');
  });
});

test('nested channels and entries, and bundles changed after release (tests/fixtures/diff/d02)', () => {
  const root = join(repo, 'tests/fixtures/diff/d02-nested-and-immutable');
  const json = JSON.parse(run(['diff', join(root, 'old'), join(root, 'new'), '--output', 'json']).stdout);
  assert.deepEqual(json.entries.removed.map((e) => [e.bundle, e.within]),
    [['gone.v1', 'package'], ['gone.v2', 'package'], ['p.b1', 'channel']]);
  assert.deepEqual(json.bundles.changed.map((c) => [c.bundle, c.severity, c.changes.length]), [['p.v1', 'warning', 3], ['p.v2', 'info', 2]]);
  // The pruning verdict is the one removed channel's, as before nested entries were listed.
  const pruning = JSON.parse(run(['diff', join(root, 'old'), join(root, 'new'), '--profile', 'pruning', '--output', 'json']).stdout);
  assert.deepEqual(pruning.pruning.violations.map((v) => [v.channel, v.bundle]), [['beta', null]]);
  // SARIF: one result per difference, the changed bundles at NEW's olm.bundle.
  const sarif = JSON.parse(run(['diff', join(root, 'old'), join(root, 'new'), '--output', 'sarif']).stdout);
  const rules = sarif.runs[0].results.map((r) => r.ruleId);
  assert.deepEqual(rules, ['FBC6001', 'FBC6002', 'FBC6003', 'FBC6004', 'FBC6008', 'FBC6017', 'FBC6018']);
  assert.equal(sarif.runs[0].results[5].level, 'warning');
  assert.equal(sarif.runs[0].results[6].level, 'note');
  assert.equal(sarif.runs[0].properties.differences, 7);
});

test('a catalog opm rejects is compared as far as it loaded, with a warning', () => {
  // stable without p.v2: p.v3 replaces a bundle not in the channel, p.v1 is a second head.
  withCatalogs({ old: catalog(), new: catalog('stable', ['p.v1', 'p.v3']) }, (oldDir, newDir) => {
    const r = run(['diff', oldDir, newDir]);
    assert.equal(r.status, 0);
    assert.match(r.stderr, /warning: .*new is INVALID/);
    assert.match(r.stdout, /^- entry p\/stable\/p\.v2\n/);
    assert.match(r.stdout, /~ upgrade p\/stable from p\.v1:\n    OLM Classic: next p\.v2, ends at p\.v3 -> error: /);
  });
});

test('certified-operators v4.14 as YAML and as JSON: no difference', { skip: !existsSync(join(shared, 'catalogs')) }, () => {
  const yaml = join(shared, 'catalogs/certified-operators-v4.14/catalogs/v4.14');
  const json = join(shared, 'catalogs/certified-operators-v4.14-json/catalogs/v4.14');
  const text = run(['diff', yaml, json, '--profile', 'pruning']);
  assert.equal(text.status, 0, text.stderr);
  assert.equal(text.stdout, 'no differences\nProfile pruning: passed\n');
  assert.deepEqual(JSON.parse(run(['diff', yaml, json, '--output', 'json']).stdout), empty);
});

test('usage errors exit 2', () => {
  withCatalogs({ old: catalog() }, (oldDir) => {
    assert.equal(run(['diff', oldDir]).status, 2);
    assert.equal(run(['diff', oldDir, oldDir, '--output', 'xml']).status, 2);
    assert.equal(run(['diff', oldDir, oldDir, '--profile', 'konflux']).status, 2);
    assert.equal(run(['diff', oldDir, oldDir, '--bogus', 'x']).status, 2);
    const missing = run(['diff', oldDir, join(oldDir, 'does-not-exist')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /does-not-exist/);
  });
});
