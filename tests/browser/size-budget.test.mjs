// The embed path's size budget (issue: docs-site embeds; spec operatorhub-and-ux.md §4.2; issue 20
// keeps it): what a page with <fbc-lens> downloads — the element's script, the scripts it loads
// (the graph canvas's module and the bundled page), the worker with what it imports, and both
// .wasm files — at most 1 MB brotli-compressed (quality 11, as a static host precompresses).
// Fails above it, and prints every file's size either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { join } from 'node:path';
import { repo } from './chromium.mjs';

const BUDGET = 1024 * 1024;
const dist = join(repo, 'dist');
// fbc-lens.js, its SCRIPTS (web/embed/fbc-lens.js), the graph module's .wasm, the worker the page
// starts (wasm/fbclens-client.js) and what it imports, the core's .wasm.
const EMBED_PATH = ['fbc-lens.js', 'fbclens-app.js', 'fbclens-page.js', 'fbclens-app.wasm', 'fbclens-worker.js',
  'fbclens-api.js', 'fbclens-core.js', 'fbclens-core.wasm'];
// What only the app loads: the made-up catalog its waiting worker warms up with (an embed's client
// keeps no spare worker, and only a spare warms up).
const APP_ONLY = ['fbclens-warm-up.js'];

test('the embed path is every script and module the element loads', () => {
  // The element's own list (its source; the built file is minified) is measured here.
  const source = readFileSync(join(repo, 'web/embed/fbc-lens.js'), 'utf8');
  const listed = JSON.parse(source.match(/const SCRIPTS = (\[[^\]]*\])/)[1].replace(/'/g, '"'));
  assert.deepEqual(listed, ['fbclens-app.js', 'fbclens-page.js']);
  const element = readFileSync(join(dist, 'fbc-lens.js'), 'utf8');
  for (const name of listed) {
    assert.ok(EMBED_PATH.includes(name), name + ' is measured');
    assert.ok(element.includes('"' + name + '"'), name + ' is in the built element');
  }
  // The worker the page starts, and what the worker imports.
  assert.match(readFileSync(join(dist, 'fbclens-page.js'), 'utf8'), /"fbclens-worker\.js"/);
  const imports = readFileSync(join(dist, 'fbclens-worker.js'), 'utf8').match(/importScripts\(([^)]*)\)/)[1]
    .split(',').map((s) => s.trim().replace(/^['"]|['"]$/g, ''));
  assert.deepEqual(imports.sort(), ['fbclens-api.js', 'fbclens-core.js']);
  for (const name of imports) assert.ok(EMBED_PATH.includes(name), name + ' is measured');
  assert.match(readFileSync(join(dist, 'fbclens-worker.js'), 'utf8'), /importScripts\('fbclens-warm-up\.js'\)/);
  assert.match(readFileSync(join(repo, 'web/shell/mount.js'), 'utf8'), /keepSpare: !embed/);
  // Nothing else in dist/ is code a page could load (the source map is fetched only by devtools).
  const code = readdirSync(dist).filter((n) => /\.(js|wasm)$/.test(n));
  assert.deepEqual(code.sort(), [...EMBED_PATH, ...APP_ONLY].sort());
  // The placeholder's announced size is the raw size of what the element loads beside itself.
  const beside = EMBED_PATH.filter((n) => n !== 'fbc-lens.js').reduce((n, name) => n + readFileSync(join(dist, name)).length, 0);
  // The minifier writes a number in its shortest form (2427000 as 2427e3), so compare values.
  const numbers = (element.match(/\b\d+(?:e\d+)?\b/g) || []).map(Number);
  assert.ok(numbers.includes(beside), 'the built element announces ' + beside + ' bytes');
});

test('the embed path is at most 1 MB brotli', () => {
  let total = 0, raw = 0;
  for (const name of EMBED_PATH) {
    const bytes = readFileSync(join(dist, name));
    const compressed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    total += compressed;
    raw += bytes.length;
    console.log(`# size: ${name.padEnd(20)} ${String(bytes.length).padStart(8)} B, brotli ${String(compressed).padStart(7)} B`);
  }
  console.log(`# size: embed path total ${raw} B, brotli ${total} B (budget ${BUDGET} B)`);
  assert.ok(total <= BUDGET, `the embed path is ${total} B brotli, over the ${BUDGET} B budget`);
});
