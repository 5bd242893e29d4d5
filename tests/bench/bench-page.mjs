// Benchmark (not a test): the app in headless Chromium (SwiftShader WebGL2).
//   - time to load and validate a catalog folder through the folder picker (the 57.6 MB JSON one
//     by default; pass another folder as the first argument);
//   - frame time of the graph view with 100, 1,000 and 5,000 nodes (synthetic channels: a replaces
//     chain with a skips edge every 5 entries and a skipRange every 10): frames drawn per second
//     while the mouse drags (pans) the graph, and the animation-frame period once it is idle;
//   - the longest gap between the page's animation frames during that load (the UI thread's
//     responsiveness: the catalog loads in a Web Worker);
//   - the worker's wasm memory size and allocator high-water mark, and the app's wasm memory.
//   node tests/bench/bench-page.mjs [CATALOG_DIR]   (needs dist/ built)
import { chromium } from 'playwright-core';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const catalog = process.argv[2] || resolve(repo, '../shared/catalogs/certified-operators-v4.14-json/catalogs/v4.14');
const server = await startServer({ root: resolve(repo, 'dist') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(server.url);
await page.evaluate(() => window.fbclens.ready);

const mb = (b) => (b / 1e6).toFixed(1) + ' MB';
// Record every animation frame's gap from now until the load resolves.
await page.evaluate(() => {
  window.benchGaps = [];
  let last = performance.now();
  const tick = (t) => {
    window.benchGaps.push(t - last);
    last = t;
    if (!window.benchDone) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.fbclens.on('load', () => { window.benchDone = true; });
});
const start = Date.now();
await page.setInputFiles('.fbclens-folder-input', catalog);
await page.waitForFunction(() => (window.fbclens.summary()?.bytes || 0) > 1e6, null, { timeout: 300000, polling: 50 });
const seconds = (Date.now() - start) / 1000;
const loaded = await page.evaluate(async () => ({ s: window.fbclens.summary(), m: await window.fbclens.memory(),
                                                  gaps: window.benchGaps }));
const longest = Math.max(...loaded.gaps);
console.log(`load + validate ${catalog}: ${seconds.toFixed(2)} s (${mb(loaded.s.bytes)}, ${loaded.s.verdict}); ` +
            `${loaded.gaps.length} frames drawn meanwhile, longest frame gap ${longest.toFixed(0)} ms; ` +
            `worker wasm memory ${mb(loaded.m.worker.wasmBytes)}, allocator high-water ${mb(loaded.m.worker.highWater)}; ` +
            `app wasm memory ${mb(loaded.m.app.wasmBytes)}`);

function syntheticChannel(n) {
  const objects = [{ schema: 'olm.package', name: 'bench', defaultChannel: 'stable' }];
  const entries = [];
  for (let i = 1; i <= n; i++) {
    const e = { name: `bench.v${i}.0.0` };
    if (i > 1) e.replaces = `bench.v${i - 1}.0.0`;
    if (i % 5 === 0 && i > 2) e.skips = [`bench.v${i - 2}.0.0`];
    if (i % 10 === 0) e.skipRange = `>=${i - 9}.0.0 <${i}.0.0`;
    entries.push(e);
    objects.push({ schema: 'olm.bundle', package: 'bench', name: e.name, image: `quay.io/bench/b:v${i}`,
                   properties: [{ type: 'olm.package', value: { packageName: 'bench', version: `${i}.0.0` } }] });
  }
  objects.splice(1, 0, { schema: 'olm.channel', package: 'bench', name: 'stable', entries });
  return objects.map((o) => JSON.stringify(o)).join('\n');
}

for (const n of [100, 1000, 5000]) {
  await page.evaluate((data) => window.fbclens.loadFiles([{ path: 'bench.json', data }]), syntheticChannel(n));
  const stats = await page.evaluate(() => window.fbclens.show({ package: 'bench', channel: 'stable' }));
  // Frames drawn per second while the user pans the graph (every frame redraws), and the cost of a
  // frame when nothing changes (the app then stops drawing).
  const before = await page.evaluate(() => ({ frames: window.fbclens.appStatus().frames, t: performance.now() }));
  await page.mouse.move(700, 300);
  await page.mouse.down();
  for (let k = 0; k < 60; k++) await page.mouse.move(700 + 200 * Math.sin(k / 6), 300 + 80 * Math.cos(k / 6), { steps: 2 });
  await page.mouse.up();
  const after = await page.evaluate(() => ({ frames: window.fbclens.appStatus().frames, t: performance.now(),
                                             frameMs: window.fbclens.appStatus().frameMs }));
  const panning = (after.t - before.t) / (after.frames - before.frames);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1500)));  // let it settle
  const idle = await page.evaluate(() => new Promise((resolveFrames) => {
    const times = [];
    let last = performance.now();
    const tick = (t) => {
      times.push(t - last);
      last = t;
      if (times.length < 60) requestAnimationFrame(tick);
      else resolveFrames(times.slice(5));
    };
    requestAnimationFrame(tick);
  }));
  const idleMean = idle.reduce((a, b) => a + b, 0) / idle.length;
  console.log(`${n} nodes (${stats.edges.replaces + stats.edges.skips + stats.edges.skipRange} edges, ` +
              `${stats.edges.replaces + stats.edges.skips + stats.skipRangeDrawn} drawn with skipRange collapsed): ` +
              `panning ${panning.toFixed(1)} ms per frame drawn (${(1000 / panning).toFixed(1)} fps, ` +
              `${after.frames - before.frames} frames; main thread ${after.frameMs.toFixed(1)} ms of each); ` +
              `idle ${idleMean.toFixed(1)} ms per animation frame`);
}
await browser.close();
await server.close();
