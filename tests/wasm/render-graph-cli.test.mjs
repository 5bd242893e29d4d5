// `fbclens render-graph` (build/native/fbclens) byte for byte against opm's output: every
// expected-FLAGS.mmd / .stderr of tests/fixtures/render-graph and ../shared/spec/validation-fixtures
// /render-graph through the real command line (flags as opm spells them), and the exit statuses:
// 0 drawn, 1 where opm fails (log.Fatal), 2 for usage and I/O errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, mkdtempSync, mkdirSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(repo, 'build/native/fbclens');
const run = (...args) => spawnSync(cli, ['render-graph', ...args], { encoding: 'utf8' });
const local = join(repo, 'tests/fixtures/render-graph');
const spec = join(repo, '../shared/spec/validation-fixtures/render-graph');

// "minimum-edge-a.v1.1.0+draw-v0-semantics" → ['--minimum-edge', 'a.v1.1.0', '--draw-v0-semantics']
function flagsOf(key) {
  const args = [];
  for (const part of key.split('+')) {
    if (part === 'default') continue;
    else if (part === 'draw-v0-semantics') args.push('--draw-v0-semantics');
    else if (part.startsWith('minimum-edge-')) args.push('--minimum-edge', part.slice('minimum-edge-'.length));
    else if (part.startsWith('package-name-')) args.push('--package-name', part.slice('package-name-'.length));
    else throw new Error('unknown flag part ' + part);
  }
  return args;
}

function samples(root) {
  const out = [];
  for (const id of readdirSync(root).sort()) {
    const dir = join(root, id);
    if (!existsSync(join(dir, 'catalog'))) continue;
    const keys = new Set(readdirSync(dir).filter((f) => /^expected-.*\.(mmd|stderr)$/.test(f))
      .map((f) => f.replace(/^expected-/, '').replace(/\.(mmd|stderr)$/, '')));
    for (const key of [...keys].sort()) out.push({ id, dir, key });
  }
  return out;
}

const read = (path) => (existsSync(path) ? readFileSync(path, 'utf8') : '');

const roots = [local, ...(existsSync(spec) ? [spec] : [])];
for (const root of roots) {
  for (const { id, dir, key } of samples(root)) {
    test(`render-graph ${root === spec ? 'spec/' : ''}${id} ${key}: stdout, stderr and status as opm`, () => {
      const r = run(join(dir, 'catalog'), ...flagsOf(key));
      const expectedErr = read(join(dir, `expected-${key}.stderr`));
      assert.equal(r.stdout, read(join(dir, `expected-${key}.mmd`)));
      // opm's fatal line has a date where ours has "fbclens: "; warnings are verbatim.
      assert.equal(r.stderr.replace(/^fbclens: /m, ''), expectedErr);
      const fails = !existsSync(join(dir, `expected-${key}.mmd`));
      assert.equal(r.status, fails ? 1 : 0);
    });
  }
}

test('render-graph: -p is --package-name, --draw-v0-semantics=false is the default, flags may use =', () => {
  const catalog = join(local, 'linkstyle-order/catalog');
  const expected = readFileSync(join(local, 'linkstyle-order/expected-package-name-a+draw-v0-semantics.mmd'), 'utf8');
  assert.equal(run(catalog, '-p', 'a', '--draw-v0-semantics').stdout, expected);
  assert.equal(run(catalog, '--package-name=a', '--draw-v0-semantics=true').stdout, expected);
  assert.equal(run(catalog, '--draw-v0-semantics=false').stdout, readFileSync(join(local, 'linkstyle-order/expected-default.mmd'), 'utf8'));
  assert.equal(run(catalog, '--draw-v0-semantics=maybe').status, 2);
});

test('render-graph: usage and I/O errors exit 2, a catalog that does not load exits 1 as opm', () => {
  assert.equal(run().status, 2);
  assert.equal(run(join(local, 'skiprange/catalog'), '--bogus', 'x').status, 2);
  assert.equal(run(join(local, 'skiprange/catalog'), join(local, 'name-quirks/catalog')).status, 2);
  const missing = run(join(repo, 'no/such/catalog'));
  assert.equal(missing.status, 2);
  assert.equal(missing.stdout, '');

  const dir = mkdtempSync(join(tmpdir(), 'fbclens-render-graph-'));
  try {
    mkdirSync(join(dir, 'broken'));
    copyFileSync(join(local, 'skiprange/catalog/catalog.yaml'), join(dir, 'broken', 'a.yaml'));
    copyFileSync(join(repo, 'README.md'), join(dir, 'broken', 'README.md'));  // opm parses every file
    const broken = run(join(dir, 'broken'));
    assert.equal(broken.status, 1);
    assert.equal(broken.stdout, '');
    assert.match(broken.stderr, new RegExp('^fbclens: render reference "' + join(dir, 'broken').replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '": '));

    // A folder with manifests/ and metadata/ is a bundle directory, which render-graph refuses.
    mkdirSync(join(dir, 'bundle', 'manifests'), { recursive: true });
    mkdirSync(join(dir, 'bundle', 'metadata'));
    const bundle = run(join(dir, 'bundle'));
    assert.equal(bundle.status, 1);
    assert.match(bundle.stderr, /cannot render bundle directory ".*bundle": not allowed\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('render-graph: a single file is drawn as a folder holding just it', () => {
  const r = run(join(local, 'skiprange/catalog/catalog.yaml'));
  assert.equal(r.status, 0);
  assert.equal(r.stdout, readFileSync(join(local, 'skiprange/expected-default.mmd'), 'utf8'));
});
