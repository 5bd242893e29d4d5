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
  const exports = createExports({
    store: { get: () => ({ catalog, selection: { package: '', channel: '', bundle: '', lanes: false } }) },
    instance: () => ({
      request: async (op, args) => {
        requests.push(op);
        if (op === 'repositoryReport') return { repository: true, catalogs: [], templates: [], findings: [] };
        if (op === 'report') return { text: '{"findings":[]}\n' };
        throw new Error('unexpected request ' + op);
      },
    }),
    appUrl: () => 'https://example.invalid/',
    note: (text) => saved.push({ note: text }),
    onMermaid: () => {},
  });
  return { exports, saved, requests };
}
const textOf = async (anchor) => (await fetch(anchor.href)).text();

test('Save findings as JSON on a repository whose report is not read yet asks the worker for it', async () => {
  // A load that deferred the root's analyses: the page reads the report only once they have run.
  const { exports, saved, requests } = harness({ repository: { overview: {}, report: null, findings: [], pending: true }, source: { kind: 'files' } });
  await exports.save('findings-json');
  assert.deepEqual(requests, ['repositoryReport']);
  assert.equal(saved.length, 1, JSON.stringify(saved));
  assert.equal(saved[0].download, 'fbclens-repository-findings.json');
  assert.deepEqual(JSON.parse(await textOf(saved[0])), { repository: true, catalogs: [], templates: [], findings: [] });
});

test('Save findings as JSON: a repository\'s report already read is saved as it is; one catalog\'s through report', async () => {
  const report = { repository: true, catalogs: [{ root: 'v4.17/catalog' }], templates: [], findings: [] };
  const repo = harness({ repository: { overview: {}, report, findings: [] }, source: { kind: 'files' } });
  await repo.exports.save('findings-json');
  assert.deepEqual(repo.requests, []);
  assert.deepEqual(JSON.parse(await textOf(repo.saved[0])), report);

  const one = harness({ repository: null, source: { kind: 'files' } });
  await one.exports.save('findings-json');
  assert.deepEqual(one.requests, ['report']);
  assert.equal(one.saved[0].download, 'fbclens-findings.json');
});
