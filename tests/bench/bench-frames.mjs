// Benchmark (not a test): what a frame of the graph canvas costs in headless Chromium (SwiftShader
// WebGL2), as ratios within one run so runs on a loaded or another machine compare:
//   - an (almost) empty graph: one node, the reference;
//   - the sample's cert-watcher/stable (4 nodes) and a real 74-entry channel (hive-operator alpha,
//     community v4.21, when ../shared is there);
//   - synthetic channels of 100, 1,000 and 5,000 entries (a replaces chain, a skips every 5 entries,
//     a skipRange every 10).
// For each: frames drawn per second while the mouse drags (pans) the graph, where every frame
// redraws, and the main thread's share of a frame (appStatus().frameMs: building and submitting it;
// what the GPU, here SwiftShader, spends after is not in it).
//   node tests/bench/bench-frames.mjs [--dist DIR] [--runs N]    (needs the site built; default dist/)
// Pass --dist of an older build to compare it with this one in the same run (the page's handle,
// window.fbclens, and its show/loadFiles/appStatus have kept their meaning).
import { chromium } from 'playwright-core';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/static-server.mjs';
import { syntheticChannel } from './synthetic-channel.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : fallback; };
const dists = process.argv.flatMap((a, i) => (a === '--dist' ? [resolve(process.argv[i + 1])] : []));
if (!dists.length) dists.push(resolve(repo, 'dist'));
const runs = Number(arg('--runs', 2));
const hive = resolve(repo, '../shared/catalogs/community-operators-prod-v4.21/catalogs/v4.21/hive-operator');

const folderFiles = (dir) => readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f)).map((f) => ({ path: f, data: readFileSync(join(dir, f), 'utf8') }));

const cases = [
  { name: 'empty (1 node)', files: [{ path: 'bench.json', data: syntheticChannel(1) }], show: { package: 'bench', channel: 'stable' } },
  { name: 'sample cert-watcher/stable (4 nodes)', sample: true, show: { package: 'cert-watcher', channel: 'stable' } },
  ...(existsSync(hive) ? [{ name: 'hive-operator alpha (community v4.21)', files: folderFiles(hive), show: { package: 'hive-operator', channel: 'alpha' } }] : []),
  ...[100, 1000, 5000].map((n) => ({ name: n + ' nodes', files: [{ path: 'bench.json', data: syntheticChannel(n) }], show: { package: 'bench', channel: 'stable' } })),
];

async function measure(page) {
  const before = await page.evaluate(() => ({ frames: window.fbclens.appStatus().frames, t: performance.now() }));
  await page.mouse.move(560, 300);
  await page.mouse.down();
  for (let k = 0; k < 60; k++) await page.mouse.move(560 + 120 * Math.sin(k / 6), 300 + 60 * Math.cos(k / 6), { steps: 2 });
  await page.mouse.up();
  const after = await page.evaluate(() => ({ frames: window.fbclens.appStatus().frames, t: performance.now(), frameMs: window.fbclens.appStatus().frameMs }));
  return { fps: (after.frames - before.frames) * 1000 / (after.t - before.t), mainMs: after.frameMs };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const results = new Map();  // dist → case → [{fps, mainMs}]
for (let run = 0; run < runs; run++) {
  for (const dist of dists) {  // alternated, so load on the machine falls on both alike
    const server = await startServer({ root: dist });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    await page.evaluate(() => window.fbclens.ready);
    for (const c of cases) {
      await page.evaluate((files) => (files ? window.fbclens.loadFiles(files) : window.fbclens.loadSample()), c.sample ? null : c.files);
      const stats = await page.evaluate((s) => window.fbclens.show(s), c.show);
      const m = await measure(page);
      m.nodes = stats.nodes;
      if (!results.has(dist)) results.set(dist, new Map());
      if (!results.get(dist).has(c.name)) results.get(dist).set(c.name, []);
      results.get(dist).get(c.name).push(m);
    }
    await page.close();
    await server.close();
  }
}
await browser.close();
for (const [dist, byCase] of results) {
  console.log('\n' + dist);
  const best = (list, key, max) => list.reduce((b, m) => (max ? Math.max(b, m[key]) : Math.min(b, m[key])), max ? 0 : Infinity);
  const empty = byCase.get(cases[0].name), sample = byCase.get(cases[1].name);
  for (const [name, list] of byCase) {
    const fps = best(list, 'fps', true), main = best(list, 'mainMs', false);
    console.log(`  ${name.padEnd(40)} ${String(list[0].nodes).padStart(5)} nodes  ${fps.toFixed(1).padStart(5)} fps ` +
      `(${(fps / best(sample, 'fps', true)).toFixed(2)}x the sample's)  main thread ${main.toFixed(1).padStart(5)} ms ` +
      `(${(main / best(empty, 'mainMs', false)).toFixed(2)}x an empty frame's)`);
  }
}
