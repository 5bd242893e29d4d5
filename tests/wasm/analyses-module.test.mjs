// The analyses beyond opm on demand (issue 21 §2), through the core module as the page's worker uses
// it: a load with {deferAnalyses: true} answers with opm's findings only and says the rest is pending;
// the `analyses` operation computes them per package and keeps them; once every package is analysed
// the Summary, and the report operation at any time, equal the native CLI's `validate --output json`.
// Also the stages of a load (loadTimings), and source excerpts read again from the files the module
// was handed (it keeps no copy of their text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repo, createFbclensCore, attach, fixture, files, nativeSummary } from './module-helpers.mjs';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const beyondOpm = (findings) => findings.filter((f) => f.phase === 'advice');

test('deferAnalyses: opm first, the rest per package on request, then what the CLI prints', async () => {
  const dir = fixture('f56-advice-classic-strands');
  const native = nativeSummary(dir, ['--profile', 'operatorhub']);
  assert.ok(beyondOpm(native.findings).length > 0);
  const api = attach(await createFbclensCore());
  const view = JSON.parse(api.loadText(files(dir), { profiles: 'operatorhub', deferAnalyses: true }));
  const pending = view.summary;
  assert.deepEqual(pending.analyses, { complete: false });
  assert.equal(pending.verdict, native.verdict);
  assert.equal(pending.opm, native.opm);
  assert.deepEqual(beyondOpm(pending.findings), []);
  assert.deepEqual(pending.profiles.results[1], { name: 'operatorhub', failures: null, passed: null, pending: true });
  // catalogSummary is the same Summary without the load's fingerprint.
  const { fingerprint, ...withoutFingerprint } = pending;
  assert.match(fingerprint, /^[0-9a-f]{16}$/);
  assert.deepEqual(JSON.parse(api.call('catalogSummary', '')), withoutFingerprint);

  const answer = await api.analyses({ packages: ['demo'] });
  assert.deepEqual(answer.findings, beyondOpm(native.findings));
  assert.deepEqual(answer.notAnalysed, []);
  assert.equal(answer.pending, 0);
  assert.equal(answer.complete, true);
  assert.deepEqual(answer.findingCounts, native.findingCounts);
  assert.deepEqual(answer.profiles, native.profiles);
  // Complete now: the Summary is the CLI's, and asking again computes nothing new.
  assert.deepEqual(JSON.parse(api.call('catalogSummary', '')), native);
  assert.deepEqual((await api.analyses({})).findings, beyondOpm(native.findings));
  await assert.rejects(api.analyses({ packages: ['nope'] }), (e) => e.kind === 'notFound' && /nope/.test(e.message));
  await assert.rejects(api.analyses({ packages: 'demo' }), (e) => e.kind === 'badRequest');
  assert.throws(() => api.loadText(files(dir), { deferAnalyses: 'yes' }), (e) => e.kind === 'badRequest');
});

test('analyses {findings: false}: the analyses run and the counts come, the findings only in the Summary read next', async () => {
  const dir = fixture('f56-advice-classic-strands');
  const native = nativeSummary(dir, ['--profile', 'operatorhub']);
  const api = attach(await createFbclensCore());
  api.loadText(files(dir), { profiles: 'operatorhub', deferAnalyses: true });
  const answer = await api.analyses({ findings: false });
  assert.deepEqual(answer.findings, []);
  assert.equal(answer.complete, true);
  assert.equal(answer.pending, 0);
  assert.deepEqual(answer.findingCounts, native.findingCounts);
  assert.deepEqual(answer.profiles, native.profiles);
  assert.deepEqual(JSON.parse(api.call('catalogSummary', '')), native);
  // Asked again once complete: still no findings in the answer, and with findings: true (the default) they come.
  assert.deepEqual((await api.analyses({ findings: false })).findings, []);
  assert.deepEqual((await api.analyses({ findings: true })).findings, beyondOpm(native.findings));
  await assert.rejects(api.analyses({ findings: 'no' }), (e) => e.kind === 'badRequest' && /findings/.test(e.message));
});

test('deferAnalyses: the report operation computes what is missing and prints what the CLI prints', async () => {
  const dir = fixture('f61-advice-deprecated-head');
  const api = attach(await createFbclensCore());
  api.loadText(files(dir), { deferAnalyses: true });
  const report = JSON.parse((await api.report({ format: 'json' })).text);
  assert.deepEqual(report, nativeSummary(dir));
  // A package opm rejects is listed as not analysed.
  const rejected = attach(await createFbclensCore());
  rejected.loadText(files(fixture('f48-stranded')), { deferAnalyses: true });
  const answer = await rejected.analyses({ packages: ['demo'] });
  assert.deepEqual(answer.notAnalysed, ['demo']);
  assert.deepEqual(answer.findings, []);
  assert.equal(answer.complete, true);
});

test('a load without deferAnalyses answers as before; analyses then reads the report', async () => {
  const dir = fixture('f70-advice-dependency-unsatisfiable');
  const api = attach(await createFbclensCore());
  const summary = await api.loadFiles(files(dir));
  assert.equal(summary.analyses, undefined);
  assert.deepEqual(summary, nativeSummary(dir));
  const answer = await api.analyses({ packages: ['demo'] });
  assert.deepEqual(answer.findings, beyondOpm(summary.findings));
  assert.equal(answer.complete, true);
});

// The page asks no picked File its size before the worker reads it, so the worker decides whether a
// load is big enough to defer the analyses: by the bytes it read.
test('deferAnalysesFrom: under the bytes given a load answers as one without deferral, from them on as deferAnalyses', async () => {
  const dir = fixture('f56-advice-classic-strands');
  const bytes = files(dir).reduce((n, f) => n + f.data.length, 0);
  const api = attach(await createFbclensCore());
  const whole = api.loadText(files(dir), { profiles: 'operatorhub' });
  const deferred = api.loadText(files(dir), { profiles: 'operatorhub', deferAnalyses: true });
  assert.notEqual(deferred, whole);
  assert.equal(api.loadText(files(dir), { profiles: 'operatorhub', deferAnalysesFrom: bytes + 1 }), whole);
  assert.equal(JSON.parse(api.call('catalogSummary', '')).analyses, undefined);
  assert.equal(api.loadText(files(dir), { profiles: 'operatorhub', deferAnalysesFrom: bytes }), deferred);
  assert.equal(api.loadText(files(dir), { profiles: 'operatorhub', deferAnalysesFrom: 0 }), deferred);
  // deferAnalyses given too wins, as the page keeps a caller's own choice.
  assert.equal(api.loadText(files(dir), { profiles: 'operatorhub', deferAnalyses: true, deferAnalysesFrom: bytes + 1 }), deferred);
  for (const bad of ['8', -1, true]) {
    assert.throws(() => api.loadText(files(dir), { deferAnalysesFrom: bad }), (e) => e.kind === 'badRequest' && /deferAnalysesFrom/.test(e.message));
  }
  // The time the analyses took after the load is in its stages.
  api.loadText(files(dir), { deferAnalysesFrom: bytes + 1 });
  const analyses = (await api.loadTimings({})).stages.find((s) => s.name === 'analyses');
  assert.ok(analyses.ms > 0, JSON.stringify(analyses));
});

test('loadTimings: the stages of the last load, in order; excerpts read the files again', async () => {
  const api = attach(await createFbclensCore());
  const yaml = readFileSync(join(repo, 'samples/catalog/cert-watcher/catalog.yaml'), 'utf8');
  api.loadText([{ path: 'a/catalog.yaml', data: yaml }], { deferAnalyses: true });
  const timings = await api.loadTimings({});
  // One catalog by its paths: discovery's look comes after the load (repo::validate_folder).
  assert.deepEqual(timings.stages.map((s) => s.name),
                   ['read', 'parse', 'decode', 'model', 'validate', 'discover', 'profiles', 'analyses', 'view', 'serialise']);
  assert.ok(timings.stages.every((s) => s.ms >= 0));
  assert.equal(timings.files, 1);
  assert.equal(timings.bytes, Buffer.byteLength(yaml));
  const excerpt = await api.excerpt({ file: 'a/catalog.yaml', line: 3, context: 1 });
  assert.deepEqual(excerpt.lines, [[2, 'schema: olm.package'], [3, 'name: cert-watcher'], [4, 'defaultChannel: stable']]);
});

const community = resolve(repo, '../shared/catalogs/community-operators-prod-v4.21/catalogs/v4.21');
test('community v4.21: analysed a few packages at a time, the Summary ends as the CLI\'s', { skip: !existsSync(community) && 'needs ../shared (absent)' }, async () => {
  const native = nativeSummary(community);
  const api = attach(await createFbclensCore());
  const view = JSON.parse(api.loadText(files(community), { deferAnalyses: true }));
  const names = view.packages.map((p) => p.name);
  const found = [];
  for (let i = 0; i < names.length; i += 5) {
    const answer = await api.analyses({ packages: names.slice(i, i + 5) });
    found.push(...answer.findings);
    assert.equal(answer.complete, i + 5 >= names.length);
  }
  // Per package, so catalog-wide findings (a dependency cycle) come with their package's batch.
  const sorted = (list) => list.map((f) => JSON.stringify(f)).sort();
  assert.deepEqual(sorted(found), sorted(beyondOpm(native.findings)));
  assert.deepEqual(JSON.parse(api.call('catalogSummary', '')), native);
});
