// Bundles the page's ES modules for dist/ with esbuild (a well-kept bundler from npm: one native
// binary, no plugins needed): dist/fbclens-page.js (the shell, its panels, the embed route, the
// worker's client) and dist/fbc-lens.js (the <fbc-lens> element, with the size of what an element
// loads written into its placeholder). Run by cmake/app.cmake after the wasm modules are built:
//   node web/build.mjs --dist DIST
import { build } from 'esbuild';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dist = args[args.indexOf('--dist') + 1];
if (!dist || args.indexOf('--dist') < 0) {
  console.error('usage: node web/build.mjs --dist DIST');
  process.exit(2);
}

const common = { bundle: true, format: 'iife', target: ['es2020'], minify: true, sourcemap: 'linked', legalComments: 'none',
  loader: { '.css': 'text' }, logLevel: 'warning' };
await build({ ...common, entryPoints: [join(web, 'index.js')], outfile: join(dist, 'fbclens-page.js') });

// What an element downloads beside fbc-lens.js: the page script, the graph module and the worker's.
const loaded = ['fbclens-page.js', 'fbclens-app.js', 'fbclens-app.wasm', 'fbclens-worker.js', 'fbclens-api.js', 'fbclens-core.js', 'fbclens-core.wasm'];
const bytes = loaded.reduce((n, name) => n + statSync(join(dist, name)).size, 0);
await build({ ...common, sourcemap: false, entryPoints: [join(web, 'embed/fbc-lens.js')], outfile: join(dist, 'fbc-lens.js'),
  define: { __FBCLENS_EMBED_BYTES__: String(bytes) } });
// The pages themselves, as they are.
for (const [from, to] of [['../index.html', 'index.html'], ['embed/docs-example.html', 'docs-example.html']]) {
  writeFileSync(join(dist, to), readFileSync(join(web, from)));
}
