// The embed path's size budget (issue: docs-site embeds; spec operatorhub-and-ux.md §4.2): what a
// page with <fbc-lens> downloads — the element's script, the scripts it loads, the worker's
// scripts and both .wasm files — at most 1 MB brotli-compressed (quality 11, as a static host
// precompresses). Fails above it, and prints every file's size either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { join } from 'node:path';
import { repo } from './chromium.mjs';

const BUDGET = 1024 * 1024;
// fbc-lens.js's SCRIPTS, then what the worker imports, then the modules.
const EMBED_PATH = ['fbc-lens.js', 'fbclens-api.js', 'fbclens-client.js', 'fbclens-app.js', 'catalog-source.js', 'simulator.js',
  'page.js', 'fbclens-worker.js', 'fbclens-core.js', 'fbclens-app.wasm', 'fbclens-core.wasm'];

test('the embed path is at most 1 MB brotli', () => {
  // The element's own list must be the one measured here.
  const element = readFileSync(join(repo, 'dist/fbc-lens.js'), 'utf8');
  const listed = JSON.parse(element.match(/const SCRIPTS = (\[[^\]]*\])/)[1].replace(/'/g, '"'));
  for (const name of listed) assert.ok(EMBED_PATH.includes(name), name + ' is measured');
  let total = 0, raw = 0;
  for (const name of EMBED_PATH) {
    const bytes = readFileSync(join(repo, 'dist', name));
    const compressed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    total += compressed;
    raw += bytes.length;
    console.log(`# size: ${name.padEnd(20)} ${String(bytes.length).padStart(8)} B, brotli ${String(compressed).padStart(7)} B`);
  }
  console.log(`# size: embed path total ${raw} B, brotli ${total} B (budget ${BUDGET} B)`);
  assert.ok(total <= BUDGET, `the embed path is ${total} B brotli, over the ${BUDGET} B budget`);
});
