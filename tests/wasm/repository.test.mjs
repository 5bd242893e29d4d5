// A catalog repository in the worker (issue 22 item 6; wasm/repository_state.h): loading a folder
// of several catalogs and templates answers the newest version's view with `repository`; the
// matrix and repositoryReport rows equal the native CLI's `matrix REPO --output json` and
// `validate REPO --output json`; selectRoot switches the catalog the other rows answer about.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const createFbclensCore = require(join(repo, 'build/wasm/fbclens-core.js'));
const { attach } = require(join(repo, 'wasm/fbclens-api.js'));
const cli = join(repo, 'build/native/fbclens');

function filesOf(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ path: relative(dir, full), data: new Uint8Array(readFileSync(full)) });
    }
  };
  walk(dir);
  return out;
}

// Run from inside the repository, so the CLI's paths are repository-relative like the worker's.
function native(dir, ...args) {
  const r = spawnSync(cli, [...args, '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 });
  return JSON.parse(r.stdout);
}

const fixtures = join(repo, 'tests/fixtures/repository');
const repositories = [
  ['d01-drift-kinds', join(fixtures, 'd01-drift-kinds/repo')],
  ['l03-catalogs-version-packages', join(fixtures, 'l03-catalogs-version-packages/repo')],
  ['t04-semver-minor-channels', join(fixtures, 't04-semver-minor-channels/repo')],
  ['mtv-fbc', join(repo, '../shared/catalogs/mtv-fbc')],
  ['koku-metrics-fbc', join(repo, '../shared/catalogs/koku-metrics-fbc')],
];

for (const [name, dir] of repositories) {
  test(`repository ${name}: load, matrix and repositoryReport equal the CLI`, { skip: !existsSync(dir) && '../shared is absent' }, async () => {
    const api = attach(await createFbclensCore());
    const summary = await api.loadFiles(filesOf(dir));
    assert.ok(summary.verdict);
    const report = JSON.parse(api.call('repositoryReport', '{}'));
    const cliReport = native(dir, 'validate', '--output', 'json');
    assert.deepEqual(report, cliReport);
    const matrix = JSON.parse(api.call('matrix', '{}'));
    assert.deepEqual(matrix, native(dir, 'matrix', '--output', 'json'));
    // The newest version's catalog is the one shown; selectRoot shows another.
    const roots = cliReport.catalogs.map((c) => c.root);
    const first = JSON.parse(api.call('selectRoot', JSON.stringify({ root: roots[0] })));
    assert.equal(first.repository.current, roots[0]);
    assert.deepEqual(first.repository.roots.map((r) => r.root), roots);
    assert.deepEqual(first.summary.findingCounts, cliReport.catalogs[0].summary.findingCounts);
    assert.throws(() => api.call('selectRoot', '{"root": "no/such"}'), (e) => e.kind === 'notFound');
  });
}

// A repository's roots are validated while discovery still reads, before its size is known: with
// deferAnalysesFrom over its bytes the root shown has its analyses run before the answer (its
// Summary is a load's without deferral), the other roots' wait; from its bytes on, as deferAnalyses.
test('deferAnalysesFrom and a repository: under its bytes the root shown is analysed at once, the others wait', async () => {
  const dir = join(fixtures, 'l03-catalogs-version-packages/repo');
  const given = filesOf(dir);
  const bytes = given.reduce((n, f) => n + f.data.length, 0);
  const plain = attach(await createFbclensCore());
  const from = attach(await createFbclensCore());
  const deferred = attach(await createFbclensCore());
  const whole = JSON.parse(plain.loadText(given, {}));
  const view = JSON.parse(from.loadText(given, { deferAnalysesFrom: bytes + 1 }));
  assert.ok(view.repository.roots.length > 1);
  assert.deepEqual(view.summary, whole.summary);
  assert.deepEqual(view.repository.roots.map((r) => [r.root, r.analysesComplete]),
                   whole.repository.roots.map((r) => [r.root, r.root === whole.repository.current]));
  assert.equal(from.call('repositoryReport', '{}'), plain.call('repositoryReport', '{}'));
  assert.equal(from.loadText(given, { deferAnalysesFrom: bytes }), deferred.loadText(given, { deferAnalyses: true }));
});

// The page loads with the load's arguments ({folder} from the picked folder's name) and reports
// progress while the files parse; selecting a root afterwards validates it again and must not call
// back into that finished load (it once did, through a callback left in the kept options: the
// worker failed with a bare number).
test('selectRoot after a load with arguments: every root answers, as the CLI validates it', async () => {
  const dir = join(fixtures, 'l01-version-folders/repo');
  const cliReport = native(dir, 'validate', '--output', 'json');
  for (const args of [{ folder: 'repo' }, { folder: 'v4.17' }, { profiles: ['operatorhub'] }]) {
    const api = attach(await createFbclensCore());
    api.loadText(filesOf(dir), args);
    for (const [i, root] of cliReport.catalogs.map((c) => c.root).entries()) {
      const view = JSON.parse(api.call('selectRoot', JSON.stringify({ root })));
      assert.equal(view.repository.current, root, JSON.stringify(args));
      if (!args.profiles) assert.deepEqual(view.summary.findingCounts, cliReport.catalogs[i].summary.findingCounts);
    }
  }
});

// A folder whose paths make it one catalog is loaded as one without discovery reading its files
// first (repo::TemplateWatch); a template among them still makes it a repository, as for the CLI.
test('one catalog folder with a template beside its packages: a repository, as the CLI says', async () => {
  const from = join(fixtures, 't01-basic-bundle-fields/repo/v4.16');
  const dir = mkdtempSync(join(tmpdir(), 'fbclens-template-beside-'));
  mkdirSync(join(dir, 'foo'));
  writeFileSync(join(dir, 'foo/catalog.json'), readFileSync(join(from, 'catalog/foo/catalog.json')));
  writeFileSync(join(dir, 'template.json'), readFileSync(join(from, 'catalog-template.json')));
  const api = attach(await createFbclensCore());
  const view = JSON.parse(api.loadText(filesOf(dir), {}));
  assert.ok(view.repository, 'answered as a repository');
  assert.deepEqual(JSON.parse(api.call('repositoryReport', '{}')), native(dir, 'validate', '--output', 'json'));
  const timings = await api.loadTimings({});
  assert.equal(timings.stages[0].name, 'discover');
  // Without the template, one catalog: its view has no repository.
  const alone = JSON.parse(api.loadText(filesOf(dir).filter((f) => f.path !== 'template.json'), {}));
  assert.equal(alone.repository, undefined);
});

test('loadTimings of a repository: every root\'s stages added up, the files of the catalog shown', async () => {
  const dir = join(fixtures, 'l01-version-folders/repo');
  const api = attach(await createFbclensCore());
  api.loadText(filesOf(dir), {});
  const timings = await api.loadTimings({});
  const ms = Object.fromEntries(timings.stages.map((s) => [s.name, s.ms]));
  // Each root's files are parsed and decoded: a repository's load is not a load of nothing.
  assert.ok(ms.parse > 0, JSON.stringify(timings.stages));
  assert.ok(timings.stages.reduce((n, s) => n + s.ms, 0) > ms.parse);
  const shown = JSON.parse(api.call('catalogSummary', '{}'));
  assert.equal(timings.files, shown.files);
  assert.equal(timings.bytes, shown.bytes);
});

// A load with deferAnalyses leaves the analyses beyond opm of every root for later (issue 21): each
// entry in the overview says so and counts opm's and the profiles' findings only, verdicts and
// the templates' findings are whole at once (repositoryReport {catalogs: false}); the analyses op
// completes the root shown; the whole repositoryReport runs what is missing first (validating the
// other roots again), so it is still the CLI's, and so does selecting another root (the root left
// is released). The roots here have advice findings, so an outcome left incomplete would differ.
for (const [name, dir, args, flags] of [
  ['l03-catalogs-version-packages', join(fixtures, 'l03-catalogs-version-packages/repo'), {}, []],
  ['kueue-fbc, operatorhub profile', join(repo, '../shared/catalogs/kueue-fbc'), { profiles: ['operatorhub'] }, ['--profile', 'operatorhub']],
]) {
  test(`repository ${name} with deferAnalyses: every root waits, the report is still the CLI's`, { skip: !existsSync(dir) && '../shared is absent' }, async () => {
    const cliReport = native(dir, 'validate', '--output', 'json', ...flags);
    const whole = attach(await createFbclensCore());
    const wholeView = JSON.parse(whole.loadText(filesOf(dir), args));

    const api = attach(await createFbclensCore());
    const view = JSON.parse(api.loadText(filesOf(dir), { ...args, deferAnalyses: true }));
    const shown = view.repository.current;
    assert.equal(view.summary.analyses.complete, false);
    for (const r of view.repository.roots) assert.equal(r.analysesComplete, false, r.root);
    assert.deepEqual(view.repository.roots.map((r) => r.verdict), wholeView.repository.roots.map((r) => r.verdict));
    assert.deepEqual(view.repository.templates, wholeView.repository.templates);
    const cliShown = cliReport.catalogs.find((c) => c.root === shown);
    assert.ok(cliShown.findings.some((f) => f.phase === 'advice'), 'the root shown has advice findings');
    assert.ok(view.summary.findings.length < cliShown.findings.length, 'its advice is not in the first answer');
    // The templates' and the repository's own findings, before any analysis ran.
    assert.deepEqual(JSON.parse(api.call('repositoryReport', '{"catalogs":false}')),
      { repository: true, templates: cliReport.templates, findings: cliReport.findings });
    assert.equal(JSON.parse(api.call('repositoryOverview', '{}')).roots.filter((r) => r.analysesComplete).length, 0);
    assert.throws(() => api.call('repositoryReport', '{"catalogs":"no"}'), (e) => e.kind === 'badRequest');

    // The page's analyses complete the root shown, and only it.
    JSON.parse(api.call('analyses', '{"findings":false}'));
    for (const r of JSON.parse(api.call('repositoryOverview', '{}')).roots) assert.equal(r.analysesComplete, r.root === shown, r.root);

    assert.deepEqual(JSON.parse(api.call('repositoryReport', '{}')), cliReport);
    const overview = JSON.parse(api.call('repositoryOverview', '{}'));
    assert.deepEqual(overview, wholeView.repository);
    const complete = JSON.parse(api.call('catalogSummary', '{}'));
    assert.equal(complete.analyses, undefined, 'the Summary of a load that deferred nothing');
    assert.deepEqual(complete.findingCounts, cliShown.summary.findingCounts);

    // Selecting another root before the analyses ran: the root left keeps what they find.
    const early = attach(await createFbclensCore());
    early.loadText(filesOf(dir), { ...args, deferAnalyses: true });
    const other = cliReport.catalogs.find((c) => c.root !== shown).root;
    const otherView = JSON.parse(early.call('selectRoot', JSON.stringify({ root: other })));
    assert.equal(otherView.summary.analyses.complete, false, 'a root selected later waits too');
    // Left before its analyses ran too: they run as it is left.
    const third = cliReport.catalogs.find((c) => c.root !== shown && c.root !== other).root;
    early.call('selectRoot', JSON.stringify({ root: third }));
    assert.deepEqual(JSON.parse(early.call('repositoryReport', '{}')), cliReport);
    assert.deepEqual(JSON.parse(early.call('repositoryOverview', '{}')).roots, wholeView.repository.roots);
  });
}

test('repositoryOverview without a repository is noCatalog', async () => {
  const api = attach(await createFbclensCore());
  api.loadText(filesOf(join(fixtures, 'd01-drift-kinds/repo/v4.16/catalog')), {});
  assert.throws(() => api.call('repositoryOverview', '{}'), (e) => e.kind === 'noCatalog');
});

// The page loads a repository with shownFirstFrom: the answer is its newest root alone (found from its
// newest version folders: repo::find_shown_root), `pending`; finishRepository then validates the
// rest and answers exactly as a load without it, the fingerprint included. On every fixture
// repository, with and without deferAnalyses; a folder that is one catalog answers as before.
test('shownFirstFrom: the newest root alone first, then finishRepository answers as the whole load', async () => {
  let previewed = 0;
  // Two modules for every load (each load replaces the last): a pending repository never leaks
  // into the next load.
  const plain = attach(await createFbclensCore());
  const api = attach(await createFbclensCore());
  for (const id of readdirSync(fixtures)) {
    const dir = join(fixtures, id, 'repo');
    const given = filesOf(dir);
    for (const args of [{}, { deferAnalyses: true }]) {
      const whole = JSON.parse(plain.loadText(given, args));
      const first = JSON.parse(api.loadText(given, { ...args, shownFirstFrom: 0 }));
      const newest = whole.repository && whole.repository.roots.filter((r) => r.ocpVersion !== null).pop();
      if (!newest) {
        assert.deepEqual(first, whole, id);  // no version folder: loaded as before
        continue;
      }
      previewed++;
      assert.equal(first.repository.pending, true, id);
      assert.equal(first.repository.current, newest.root, id);
      assert.equal(whole.repository.current, newest.root, id);
      assert.deepEqual(first.repository.roots.map((r) => r.root), [newest.root], id);
      assert.deepEqual(first.repository.templates, [], id);
      assert.equal(first.summary.fingerprint, '', id);
      // The root shown is the load's: its findings and packages already.
      assert.deepEqual(first.packages, whole.packages, id);
      assert.deepEqual(first.summary.findings, whole.summary.findings, id);
      const rest = JSON.parse(api.call('finishRepository', '{}'));
      assert.deepEqual(rest, whole, id);
      assert.equal(rest.repository.pending, false, id);
      // Nothing pending any more: the view again.
      assert.deepEqual(JSON.parse(api.call('finishRepository', '{}')), whole, id);
      assert.equal(api.call('repositoryReport', '{}'), plain.call('repositoryReport', '{}'), id);
    }
  }
  assert.ok(previewed >= 10, `previewed ${previewed} fixture loads`);
});

// Whatever needs the whole repository finishes it first (selectRoot, matrix, repositoryReport).
test('shownFirstFrom: selectRoot, matrix and repositoryReport before finishRepository see the whole repository', async () => {
  const dir = join(fixtures, 'l01-version-folders/repo');
  const given = filesOf(dir);
  const plain = attach(await createFbclensCore());
  plain.loadText(given, {});
  for (const [op, args] of [['matrix', '{}'], ['repositoryReport', '{}'], ['repositoryReport', '{"catalogs": false}']]) {
    const api = attach(await createFbclensCore());
    assert.equal(JSON.parse(api.loadText(given, { shownFirstFrom: 0 })).repository.pending, true);
    assert.equal(api.call(op, args), plain.call(op, args), op);
  }
  const api = attach(await createFbclensCore());
  const first = JSON.parse(api.loadText(given, { shownFirstFrom: 0 }));
  const other = JSON.parse(plain.call('repositoryOverview', '{}')).roots.find((r) => r.root !== first.repository.current).root;
  const view = JSON.parse(api.call('selectRoot', JSON.stringify({ root: other })));
  assert.equal(view.repository.pending, false);
  assert.deepEqual(view, JSON.parse(plain.call('selectRoot', JSON.stringify({ root: other }))));
  assert.throws(() => api.loadText(given, { shownFirstFrom: 'yes' }), (e) => e.kind === 'badRequest');
  assert.throws(() => api.loadText(given, { shownFirstFrom: -1 }), (e) => e.kind === 'badRequest');
});

// shownFirstFrom counts the rest of the repository (the files outside the newest version's folders,
// those of unknown size as 1 MiB each): under it the repository is answered whole, as without it
// (its newest root validated first, the rest then).
test('shownFirstFrom over the rest of the repository\'s bytes: answered whole', async () => {
  const dir = join(fixtures, 'l01-version-folders/repo');
  const given = filesOf(dir);
  // v4.18 holds a template only, v4.17 the newest catalog: the rest is v4.16's.
  const rest = given.filter((f) => f.path.startsWith('v4.16/')).reduce((n, f) => n + f.data.length, 0);
  const plain = attach(await createFbclensCore());
  const api = attach(await createFbclensCore());
  assert.equal(api.loadText(given, { shownFirstFrom: rest + 1 }), plain.loadText(given, {}));
  const names = (t) => t.stages.map((stage) => stage.name);
  assert.deepEqual(names(await api.loadTimings({})), names(await plain.loadTimings({})));
  assert.equal(JSON.parse(api.loadText(given, { shownFirstFrom: rest })).repository.pending, true);
});
