// Benchmark (not a test): the wasm core module under Node, fed through the JS API as the page's worker
// feeds it (files named to the module, which copies each one in while it parses it). Files are read
// from disk first; the timed part is the load operation (with {deferAnalyses: true} as the new page
// asks, and without, as before) and the Summary. Prints, per catalog: best wall time of N runs, MB/s,
// the stages of the last deferred load (the loadTimings operation) and the full loads' analyses stage
// (best of the runs), and the wasm memory after the loads as a
// ratio to the catalog's bytes (a fresh module per catalog, as the page uses a fresh worker per load;
// the heap only grows, so its size is the high-water mark). --json: one JSON line per catalog too.
// --module DIR and --api DIR run another build (DIR/fbclens-core.js, DIR/fbclens-api.js), e.g. the
// build before a change (whose loads ignore deferAnalyses and have no loadTimings).
//   NODE_OPTIONS=--no-experimental-fetch node tests/bench/bench-wasm.mjs [--runs N] [--json] [--module DIR] [--api DIR] CATALOG_DIR...
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { walk } from '../support/count-catalog.mjs';
import { join, relative, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const args = process.argv.slice(2);
let runs = 3, json = false, moduleDir = join(repo, 'build/wasm'), apiDir = join(repo, 'wasm');
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--json') json = true;
  else if (args[i] === '--module') moduleDir = resolve(args[++i]);
  else if (args[i] === '--api') apiDir = resolve(args[++i]);
  else dirs.push(args[i]);
}
const createFbclensCore = require(join(moduleDir, 'fbclens-core.js'));
const { attach } = require(join(apiDir, 'fbclens-api.js'));

const mb = (b) => (b / 1e6).toFixed(1);
console.log('catalog'.padEnd(60), 'MB'.padStart(7), 'defer s'.padStart(8), 'full s'.padStart(8), 'MB/s'.padStart(7),
            'wasm MB'.padStart(8), 'x input'.padStart(8), 'verdict'.padStart(11));
for (const dir of dirs) {
  const files = walk(dir).map((p) => ({ path: relative(dir, p), data: new Uint8Array(readFileSync(p)) }));
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  const api = attach(await createFbclensCore());
  const best = {};
  let verdict = '', stages = null;
  let analysesMs = Infinity;  // the analyses beyond opm inside a full load, best of the runs
  for (const defer of [true, false]) {
    best[defer] = Infinity;
    for (let r = 0; r < runs; r++) {
      const start = performance.now();
      api.loadText(files, { deferAnalyses: defer });
      const summary = JSON.parse(api.call('catalogSummary', ''));
      best[defer] = Math.min(best[defer], (performance.now() - start) / 1000);
      verdict = summary.verdict;
      if (api.protocol.ops.some((o) => o.name === 'loadTimings')) {
        const timings = JSON.parse(api.call('loadTimings', '')).stages;
        if (defer) stages = timings;
        else analysesMs = Math.min(analysesMs, (timings.find((t) => t.name === 'analyses') || { ms: Infinity }).ms);
      }
    }
  }
  const memory = await api.memory();  // the protocol's memory operation: {wasmBytes, highWater}
  const name = dir.length > 60 ? '…' + dir.slice(-59) : dir;
  console.log(name.padEnd(60), mb(bytes).padStart(7), best[true].toFixed(3).padStart(8), best[false].toFixed(3).padStart(8),
              (bytes / 1e6 / best[true]).toFixed(1).padStart(7), mb(memory.wasmBytes).padStart(8),
              (memory.wasmBytes / bytes).toFixed(2).padStart(8), verdict.padStart(11));
  if (stages) {
    console.log(''.padEnd(60), 'stages ms (deferred):', stages.map((s) => `${s.name} ${s.ms.toFixed(0)}`).join(', ') +
                `; the full load's analyses ${analysesMs.toFixed(0)}`);
  }
  if (json) {
    console.log(JSON.stringify({ catalog: dir, bytes, deferred: best[true], full: best[false], wasmBytes: memory.wasmBytes,
                                 highWater: memory.highWater, verdict, stages,
                                 fullAnalysesMs: Number.isFinite(analysesMs) ? analysesMs : null }));
  }
}
