// The share link's view state (web/shell/url-state.js) under fast-check: any view survives a trip
// through the hash unchanged, and any hash text, however hostile, reads as a view of known keys and
// types without throwing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EMPTY_VIEW, MAX_VALUE_LENGTH, fromHash, toHash, namedView } from '../../web/shell/url-state.js';

const RUNS = Number(process.env.FBCLENS_PROPERTY_RUNS || 150);
// Catalog names: anything printable but ',' in list items (channel names are DNS-1123 labels).
const name = fc.string({ minLength: 1, maxLength: 40 });
const listItem = name.filter((s) => !s.includes(','));
const simulator = fc.record({
  package: fc.constant('p'), explain: fc.constant(true),
  installedBundle: name, installedVersion: name, subscriptionChannel: name, version: name,
  policy: fc.constantFrom('CatalogProvided', 'SelfCertified'),
  channels: fc.array(listItem, { minLength: 1, maxLength: 4 }), clusterProvides: fc.array(listItem, { minLength: 1, maxLength: 3 }),
  ignoreDependencies: fc.constant(true),
}, { requiredKeys: ['package', 'explain'] });
const view = fc.record({
  package: fc.constant('p'), channel: name, bundle: name, lanes: fc.boolean(), panel: fc.constantFrom('', 'findings', 'hub', 'simulator'),
  console: fc.constantFrom('', '4.16', '4.21'), theme: fc.constantFrom('light', 'dark', 'system'),
  finding: fc.integer({ min: -1, max: 100000 }), simulator: fc.option(simulator, { nil: null }),
  fingerprint: fc.constantFrom('', '0123456789abcdef'), root: fc.constantFrom('', 'v4.18/catalog', 'catalog-4-14'),
});

test('url state: every view comes back from its hash as it was', () => {
  fc.assert(fc.property(view, (v) => {
    const back = fromHash(toHash(v));
    const expected = { ...EMPTY_VIEW, ...v };
    if (expected.simulator) expected.simulator = { ...expected.simulator, package: v.package };
    assert.deepEqual(back, expected);
  }), { numRuns: RUNS });
});

test('url state: any hash reads as a view with the known keys and types, never throwing', () => {
  const hostile = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.webUrl().map((u) => '#' + u),
    fc.dictionary(fc.constantFrom('pkg', 'ch', 'b', 'panel', 'theme', 'finding', 'sim', 'channels', 'provides', 'fp', 'view', 'src', 'lanes', 'root', 'x'),
      fc.string({ maxLength: 2000 })).map((d) => '#' + new URLSearchParams(d).toString()));
  fc.assert(fc.property(hostile, (hash) => {
    const v = fromHash(hash);
    assert.deepEqual(Object.keys(v).sort(), Object.keys(EMPTY_VIEW).sort());
    for (const key of ['package', 'channel', 'bundle', 'panel', 'console', 'fingerprint', 'root']) {
      assert.equal(typeof v[key], 'string');
      assert.ok(v[key].length <= MAX_VALUE_LENGTH);
    }
    assert.ok(['light', 'dark', 'system'].includes(v.theme));
    assert.ok(/^[a-z]*$/.test(v.panel));
    assert.ok(Number.isInteger(v.finding) && v.finding >= -1);
    assert.equal(typeof v.lanes, 'boolean');
    assert.ok(v.simulator === null || (typeof v.simulator === 'object' && v.simulator.explain === true));
  }), { numRuns: RUNS });
  assert.deepEqual(fromHash(undefined), { ...EMPTY_VIEW });
  assert.deepEqual(fromHash('#%E0%A4%A'), { ...EMPTY_VIEW });
  // Names Object.prototype holds read as nothing (fast-check found '#view=toString' giving a function).
  for (const inherited of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
    assert.deepEqual(fromHash('#view=' + inherited), { ...EMPTY_VIEW });
  }
});

test('url state: links made before panels keep their meaning', () => {
  assert.equal(fromHash('#pkg=a&view=package').lanes, true);
  assert.equal(fromHash('#pkg=a&view=hub').panel, 'hub');
  assert.equal(fromHash('#pkg=a&view=upgrade').panel, 'simulator');
  assert.equal(fromHash('#pkg=a&src=local').fingerprint, 'unknown');
  assert.equal(toHash(EMPTY_VIEW), '');
  // A panel the hash names wins over the old name's.
  assert.equal(fromHash('#pkg=a&view=hub&panel=findings').panel, 'findings');
});

test('url state: a view\'s name (a hash\'s view=, mount\'s view, an embed) stands for the lanes or one panel', () => {
  assert.deepEqual(namedView('package'), { lanes: true });
  assert.deepEqual(namedView('hub'), { panel: 'hub' });
  assert.deepEqual(namedView('upgrade'), { panel: 'simulator' });
  assert.deepEqual(namedView('findings'), { panel: 'findings' });
  for (const other of ['', 'graph', 'toString', '__proto__', 'constructor', undefined, null]) assert.deepEqual(namedView(other), {});
});
