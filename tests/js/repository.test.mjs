// A repository's findings beside a root's (web/shell/repository.js) and the Versions panel's
// change lines (web/panels/versions.js): which templates' findings a root shows, that the
// Summary's findings keep their indexes, and how a diff reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogFindings, countSeverities, repositoryFindings } from '../../web/shell/repository.js';
import { changeLine } from '../../web/panels/versions.js';

const finding = (code, severity, group = 'catalog') => ({ code, severity, group, message: code, file: 't.json', line: 1 });
const report = {
  templates: [
    { file: 'v4.16/catalog-template.json', renders: 'v4.16/catalog', rendersAlso: [], findings: [finding('FBC7101', 'error', 'package "foo"')] },
    { file: 'shared/template.yaml', renders: 'v4.16/catalog', rendersAlso: ['v4.17/catalog'], findings: [finding('FBC7109', 'info')] },
    { file: 'v4.18/catalog-template.json', renders: null, rendersAlso: [], findings: [finding('FBC7010', 'warning')] },
  ],
  findings: [finding('FBC7201', 'warning')],
};

test('a root shows the findings of the templates that render it, of unpaired templates, and of the repository', () => {
  const codes = (root) => repositoryFindings(report, root).map((f) => f.code);
  assert.deepEqual(codes('v4.16/catalog'), ['FBC7101', 'FBC7109', 'FBC7010', 'FBC7201']);
  assert.deepEqual(codes('v4.17/catalog'), ['FBC7109', 'FBC7010', 'FBC7201'], 'rendersAlso counts; another root\'s template does not');
  const [drift] = repositoryFindings(report, 'v4.16/catalog');
  assert.equal(drift.template, 'v4.16/catalog-template.json');
  assert.equal(drift.group, 'template v4.16/catalog-template.json > package "foo"');
  assert.equal(repositoryFindings(report, 'v4.16/catalog')[1].group, 'template shared/template.yaml');
  const own = repositoryFindings(report, 'v4.16/catalog')[3];
  assert.equal(own.template, '');
  assert.equal(own.group, 'repository');
  assert.deepEqual(repositoryFindings(null, 'x'), []);
});

test('the findings listed: the Summary\'s first (same indexes), then the repository\'s; one list per pair', () => {
  const summary = { findings: [finding('FBC3101', 'error')] };
  assert.equal(catalogFindings({ summary }), summary.findings, 'a single catalog: the Summary\'s list itself');
  const extra = repositoryFindings(report, 'v4.17/catalog');
  const catalog = { summary, repository: { findings: extra } };
  const listed = catalogFindings(catalog);
  assert.deepEqual(listed.map((f) => f.code), ['FBC3101', 'FBC7109', 'FBC7010', 'FBC7201']);
  assert.equal(catalogFindings({ ...catalog }), listed, 'joined once for the same Summary and repository findings');
  assert.deepEqual(countSeverities(listed), { error: 1, warning: 2, info: 1 });
  assert.deepEqual(catalogFindings(null), []);
});

test('a change line counts each part of the diff, with the default channel moves', () => {
  const empty = { packages: { added: [], removed: [] }, channels: { added: [], removed: [] }, bundles: { added: [], removed: [], changed: [] },
    entries: { added: [], removed: [] }, edges: [], upgrades: [], deprecations: { added: [], removed: [] }, defaultChannels: [] };
  assert.equal(changeLine(empty), 'no change');
  const diff = { ...empty, bundles: { added: [{}, {}], removed: [{}], changed: [{}] }, bundlesOnly: true, edges: [{}],
    channels: { added: [], removed: [{}] }, defaultChannels: [{ package: 'foo', old: 'stable-v1', new: 'stable-v2' }] };
  assert.equal(changeLine(diff), "channels −1; bundles +2 −1, 1 changed; 1 entry's replaces/skips/skipRange changed; foo: default channel stable-v1 → stable-v2");
  assert.equal(changeLine({ ...empty, bundles: { added: [], removed: [], changed: [{}, {}] }, upgrades: [{}, {}] }),
    "bundles 2 changed; 2 installed versions' upgrades changed");
});
