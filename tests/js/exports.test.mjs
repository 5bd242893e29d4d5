// The Share & export menu's saves (web/io/exports.js), outside the browser: what each reads from the
// worker and what file it hands the browser. Only `save` touches the DOM (an anchor it clicks), so a
// stand-in document records the anchor instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createExports } from '../../web/io/exports.js';

// A stand-in page: the anchors save() clicks, and a store and instance with what each test gives.
function harness(catalog) {
  const saved = [];
  globalThis.document = { createElement: () => ({ click() { saved.push(this); } }) };
  const requests = [];
  let state = { catalog, selection: { package: '', channel: '', bundle: '', lanes: false } };
  const exports = createExports({
    store: {
      get: () => state,
      set: (patch) => { state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) }; },
    },
    instance: () => ({
      request: async (op, args) => {
        requests.push(op);
        if (op === 'repositoryReport') return { repository: true, catalogs: [], templates: [], findings: [] };
        // The worker's overview once every root's analyses have run.
        if (op === 'repositoryOverview') {
          return { roots: catalog.repository.overview.roots.map((r) => ({ ...r, analysesComplete: true })) };
        }
        if (op === 'report') return { text: '{"findings":[]}\n' };
        throw new Error('unexpected request ' + op);
      },
    }),
    appUrl: () => 'https://example.invalid/',
    note: (text) => saved.push({ note: text }),
    onMermaid: () => {},
  });
  return { exports, saved, requests, state: () => state };
}
const textOf = async (anchor) => (await fetch(anchor.href)).text();

test('Save findings as JSON on a repository asks the worker for the whole report; one catalog\'s through report', async () => {
  // The store holds the templates' findings only (repositoryReport {catalogs: false}): saving them
  // would lose every catalog's, so the whole report is asked for.
  const slim = { repository: true, templates: [], findings: [] };
  const overview = { roots: [{ root: 'v4.17/catalog', analysesComplete: true }, { root: 'v4.18/catalog', analysesComplete: false }] };
  const { exports, saved, requests, state } = harness({ repository: { overview, report: slim, findings: [] }, source: { kind: 'files' } });
  await exports.save('findings-json');
  // The overview after the report: every root's analyses have run.
  assert.deepEqual(requests, ['repositoryReport', 'repositoryOverview']);
  // The wait for the other catalogs' analyses is said while it lasts.
  assert.deepEqual(saved.filter((s) => 'note' in s).map((s) => s.note), ['Running the analyses beyond opm of 1 catalog for the report…', '']);
  const files = saved.filter((s) => !('note' in s));
  assert.equal(files.length, 1, JSON.stringify(saved));
  assert.equal(files[0].download, 'fbclens-repository-findings.json');
  assert.deepEqual(JSON.parse(await textOf(files[0])), { repository: true, catalogs: [], templates: [], findings: [] });
  assert.deepEqual(state().catalog.repository.overview.roots.map((r) => r.analysesComplete), [true, true]);
  assert.equal(state().catalog.repository.report, slim, 'the rest of the repository stays');

  // A second save waits for nothing, so it says nothing of it.
  saved.length = 0;
  requests.length = 0;
  await exports.save('findings-json');
  assert.deepEqual(requests, ['repositoryReport']);
  assert.deepEqual(saved.filter((s) => 'note' in s), []);
  assert.equal(saved.length, 1);

  const one = harness({ repository: null, source: { kind: 'files' } });
  await one.exports.save('findings-json');
  assert.deepEqual(one.requests, ['report']);
  assert.equal(one.saved[0].download, 'fbclens-findings.json');
});
