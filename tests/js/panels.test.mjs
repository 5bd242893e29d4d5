// The panel table (web/panels/index.js): every row has its module in web/panels/, a component, and
// a browser test that opens it, so adding a view stays a row in a table and cannot skip its test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PANELS, panelById } from '../../web/panels/index.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const browserTests = readdirSync(join(repo, 'tests/browser')).filter((f) => f.endsWith('.e2e.test.mjs'))
  .map((f) => readFileSync(join(repo, 'tests/browser', f), 'utf8')).join('\n');

test('every panel row has its module, a component, a title and a browser test that opens it', () => {
  assert.ok(PANELS.length >= 5);
  assert.equal(new Set(PANELS.map((p) => p.id)).size, PANELS.length, 'ids are unique');
  for (const p of PANELS) {
    assert.match(p.id, /^[a-z]+$/, 'an id the URL hash can carry');
    assert.ok(existsSync(join(repo, 'web/panels', p.id + '.js')), 'web/panels/' + p.id + '.js');
    assert.equal(typeof p.component, 'function', p.id);
    assert.ok(p.title, p.id);
    const opened = new RegExp("openPanel\\('" + p.id + "'\\)|panel: '" + p.id + "'|name: ['/]" + p.title.split(' ')[0]);
    assert.match(browserTests, opened, 'a browser test opens the ' + p.id + ' panel');
    assert.equal(panelById(p.id), p);
  }
  assert.equal(panelById('none'), null);
  assert.equal(panelById(''), null);
});
