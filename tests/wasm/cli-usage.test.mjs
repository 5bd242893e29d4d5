// The native CLI's usage is generated from its verbs' CLI11 definitions (cli/verb.h). These tests
// hold the README's CLI block to it (each synopsis there must be what `fbclens VERB --help` prints),
// and check --help, usage errors (exit 2, "fbclens: <message>" first, then the verb's usage),
// aliases and repeatable options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(repo, 'build/native/fbclens');
const sample = join(repo, 'samples/catalog');
const fixture = (name) => join(repo, 'tests/fixtures/validation', name, 'catalog');
const run = (...args) => spawnSync(cli, args, { encoding: 'utf8' });
const squeeze = (s) => s.replace(/\s+/g, ' ').trim();

// The README's CLI block: each "build/native/fbclens ..." line joined with its indented
// continuation lines, whitespace squeezed, without "build/native/".
function readmeSynopses() {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const section = readme.split('\n## CLI\n')[1];
  assert.ok(section, 'README has a "## CLI" section');
  const block = section.split('```sh\n')[1].split('\n```')[0];
  const entries = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('build/native/fbclens ')) entries.push(line.slice('build/native/'.length));
    else if (/^\s+\S/.test(line) && entries.length > 0) entries[entries.length - 1] += ' ' + line;
    else assert.equal(line.trim(), '', `unexpected line in the README's CLI block: ${line}`);
  }
  return entries.map(squeeze);
}

// The synopsis a verb's help opens with: "usage: " up to the first blank line, squeezed.
function usageOf(help) {
  const m = help.match(/^usage: ([^]*?)\n\n/);
  assert.ok(m, `help starts with a usage paragraph:\n${help}`);
  return squeeze(m[1]);
}

// The verbs `fbclens --help` lists, with the synopsis it shows for each (its first line at 2
// columns, the rest at 8; the summary below it is at 6).
function overview() {
  const r = run('--help');
  assert.equal(r.status, 0, r.stderr);
  const verbs = new Map();
  let current = null;
  for (const line of r.stdout.split('\n')) {
    const m = line.match(/^ {2}fbclens (\S+)/);
    if (m) verbs.set((current = m[1]), line);
    else if (current && /^ {8}\S/.test(line)) verbs.set(current, verbs.get(current) + ' ' + line);  // synopsis goes on
    else current = null;
  }
  return { text: r.stdout, verbs: new Map([...verbs].map(([k, v]) => [k, squeeze(v)])) };
}

test('the README\'s CLI synopses are exactly what each verb\'s --help prints, for every verb', () => {
  const readme = readmeSynopses();
  const { verbs } = overview();
  assert.deepEqual(readme.map((s) => s.split(' ')[1]).sort(), [...verbs.keys()].sort(),
    'the README lists every verb fbclens --help lists, and no other');
  for (const entry of readme) {
    const verb = entry.split(' ')[1];
    if (verb === '--version') {
      assert.equal(entry, 'fbclens --version');
      continue;
    }
    const help = run(verb, '--help');
    assert.equal(help.status, 0, help.stderr);
    assert.equal(help.stderr, '');
    assert.equal(entry, usageOf(help.stdout), `README synopsis of ${verb} (update the README from \`fbclens ${verb} --help\`)`);
  }
});

test('fbclens --help shows each verb\'s synopsis as its own --help does, its summary, and the exit statuses', () => {
  const { text, verbs } = overview();
  assert.match(text, /^usage: fbclens VERB/);
  for (const [verb, synopsis] of verbs) {
    if (verb === '--version') continue;
    assert.equal(synopsis, usageOf(run(verb, '--help').stdout), verb);
  }
  assert.ok(verbs.size >= 10, [...verbs.keys()].join(' '));
  assert.match(text, /\n {6}Prints 'VERSION true\|false' per version;/);
  assert.match(text, /\nexit status: 0 valid\/success, 1 invalid \(or a selected profile failed\), 2 usage or I\/O error, 3 \(validate\)/);
  // `help` and `-h` are --help; `version` is --version.
  assert.equal(run('help').stdout, text);
  assert.equal(run('-h').stdout, text);
  assert.equal(run('version').stdout, run('--version').stdout);
});

test('a verb\'s help lists its arguments and options with value names, allowed values, defaults and repeats', () => {
  const validate = run('validate', '--help').stdout;
  assert.match(validate, /^usage: fbclens validate PATH \[--output\|-o text\|json\|sarif\|opm\]/);
  assert.match(validate, /\narguments:\n {2}PATH +A catalog folder, or a single file/);
  assert.match(validate, /\n {2}-o, --output text\|json\|sarif\|opm\n +text: findings for people[^]*?\(default\s+text\)\n/);
  assert.match(validate, /\n {2}--profile opm\|konflux\|operator-pipelines\|operatorhub\[,\.\.\.\]\n +Check profiles[^]*?\(repeatable\)\n/);
  assert.match(validate, /\n {2}-h, --help +Print this help and exit 0\.\n$/);
  const upgrade = run('upgrade-path', '--help').stdout;
  assert.match(usageOf(upgrade), / --package PKG /);  // required: no brackets
  assert.match(usageOf(upgrade), / \[--channel CH\]\.\.\. /);
  assert.match(usageOf(upgrade), / \[--policy CatalogProvided\|SelfCertified\] /);
  assert.match(usageOf(run('render-graph', '--help').stdout), /^fbclens render-graph CATALOG \[--package-name\|-p PKG\] /);
  assert.match(usageOf(run('hub-preview', '--help').stdout), / \[--console 4\.16\.\.4\.22\|5\.0\] \[--date YYYY-MM-DD\] /);
  assert.match(usageOf(run('semver', '--help').stdout), / \[VERSION\.\.\.\]$/);  // any number, none too
});

test('usage errors exit 2 with "fbclens: <message>" first, then the verb\'s usage', () => {
  const cases = [
    [['diff', sample, sample, '--output', 'xml'], 'diff', '--output: unknown value xml (text|json|sarif)'],
    [['diff', sample], 'diff', 'NEW is required'],
    [['export-graph', sample, '--package', 'cert-watcher'], 'export-graph', '--format is required'],
    [['export-graph', sample, '--package', 'cert-watcher', '--format', 'svg', '--columns-per-row', '-3'], 'export-graph',
      '--columns-per-row: needs a number >= 0'],
    [['upgrade-path', sample, '--package', 'cert-watcher', '--policy', 'Never'], 'upgrade-path',
      '--policy: unknown value Never (CatalogProvided|SelfCertified)'],
    [['hub-preview', sample, '--package', 'cert-watcher', '--console', '4.15'], 'hub-preview',
      '--console: unknown value 4.15 (4.16|4.17|4.18|4.19|4.20|4.21|4.22|5.0)'],
    [['render-graph', sample, '--draw-v0-semantics=maybe'], 'render-graph', '--draw-v0-semantics: invalid value maybe (true or false)'],
    [['validate', sample, '--profile', 'konflux,pipelines'], 'validate',
      'unknown profile "pipelines" (profiles: opm, konflux, operator-pipelines, operatorhub)'],
    [['resolve', sample, '--package', 'cert-watcher', '--starting-bundle', 'a', '--installed-bundle', 'b'], 'resolve',
      'give startingBundle or installedBundle, not both'],
  ];
  for (const [args, verb, message] of cases) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
    const [first, ...rest] = r.stderr.split('\n');
    assert.equal(first, `fbclens: ${message}`, args.join(' '));
    assert.equal(rest.join('\n'), run(verb, '--help').stdout, `${args.join(' ')}: the verb's whole help follows`);
  }
  const unknown = run('frobnicate');
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, 'fbclens: unknown command frobnicate\n' + run('--help').stdout);
  const none = run();
  assert.equal(none.status, 2);
  assert.equal(none.stderr, 'fbclens: missing command\n' + run('--help').stdout);
});

test('aliases, --name=value spellings and repeatable options read as before', () => {
  const base = run('render-graph', sample, '--package-name', 'cert-watcher');
  assert.equal(base.status, 0, base.stderr);
  assert.match(base.stdout, /^graph LR\n/);
  assert.notEqual(base.stdout, run('render-graph', sample).stdout, 'the package filter takes effect');
  for (const args of [['-p', 'cert-watcher'], ['-p=cert-watcher'], ['-pcert-watcher'], ['--package-name=cert-watcher']]) {
    const r = run('render-graph', sample, ...args);
    assert.deepEqual([r.status, r.stdout, r.stderr], [base.status, base.stdout, base.stderr], args.join(' '));
  }
  // An option given twice keeps the last value.
  assert.equal(run('render-graph', sample, '-p', 'nope', '-p', 'cert-watcher').stdout, base.stdout);
  // --name= is an empty value; it does not take the next argument as its value.
  const empty = run('export-graph', sample, '--package', 'cert-watcher', '--channel=', '--format', 'dot');
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /^fbclens: --channel needs a channel name\n/);
  // Repeatable options: every occurrence counts, each takes one value.
  const catalog = fixture('p12-operatorhub-gate');
  const together = run('validate', catalog, '--profile', 'konflux,operatorhub', '--ocp-version', '4.17', '--output', 'json');
  const apart = run('validate', catalog, '--profile', 'konflux', '--profile=operatorhub', '--ocp-version', '4.17', '--output', 'json');
  assert.deepEqual(JSON.parse(apart.stdout).profiles, JSON.parse(together.stdout).profiles);
  assert.deepEqual(JSON.parse(together.stdout).profiles.results.map((p) => p.name), ['opm', 'konflux', 'operatorhub']);
  const extra = run('upgrade-path', sample, '--package', 'cert-watcher', '--channel', 'stable', 'extra');
  assert.equal(extra.status, 2);
  assert.match(extra.stderr, /^fbclens: .*extra/);
});
