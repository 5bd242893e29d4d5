// Benchmark (not a test): the wasm core module under Node, fed through the JS API as the page feeds
// it. Files are read into memory first; the timed part is loadFiles (copy into wasm + load +
// validate). Prints best wall time, MB/s, peak RSS of the Node process and the wasm heap size.
//   NODE_OPTIONS=--no-experimental-fetch node tests/bench/bench-wasm.mjs [--runs N] CATALOG_DIR...
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { walk } from '../support/count-catalog.mjs';
import { join, relative, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const createFbclensCore = require(join(repo, 'build/wasm/fbclens-core.js'));
const { attach } = require(join(repo, 'wasm/fbclens-api.js'));

const args = process.argv.slice(2);
let runs = 3;
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else dirs.push(args[i]);
}

let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 20);
const Module = await createFbclensCore();
const api = attach(Module);
console.log('catalog'.padEnd(70), 'bytes'.padStart(10), 'best s'.padStart(9), 'MB/s'.padStart(9), 'verdict'.padStart(12));
for (const dir of dirs) {
  const files = walk(dir).map((p) => ({ path: relative(dir, p), data: new Uint8Array(readFileSync(p)) }));
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  let best = Infinity, verdict = '';
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    const summary = await api.loadFiles(files);
    best = Math.min(best, (performance.now() - start) / 1000);
    verdict = summary.verdict;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  console.log(dir.padEnd(70), String(bytes).padStart(10), best.toFixed(3).padStart(9), (bytes / 1e6 / best).toFixed(1).padStart(9), verdict.padStart(12));
}
clearInterval(sampler);
const memory = await api.memory();  // the protocol's memory operation: {wasmBytes, highWater}
console.log(`peak RSS of the Node process: ${(peakRss / 1e6).toFixed(1)} MB; wasm memory: ${(memory.wasmBytes / 1e6).toFixed(1)} MB; ` +
            `allocator high-water: ${(memory.highWater / 1e6).toFixed(1)} MB`);
