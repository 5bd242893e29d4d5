// What the tests of the core module (build/wasm/fbclens-core.js) against the native CLI share:
// the module, its JS API, the CLI, the validation fixtures, a catalog folder as the file list the
// page hands the worker, and the CLI's Summary of the same folder.
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
export const createFbclensCore = require(join(repo, 'build/wasm/fbclens-core.js'));
export const { attach } = require(join(repo, 'wasm/fbclens-api.js'));
export const cli = join(repo, 'build/native/fbclens');
export const fixture = (name) => join(repo, 'tests/fixtures/validation', name, 'catalog');

/** Every file of `dir` (dotfiles included: .fbclens.yaml and .indexignore are part of the catalog). */
export function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath || e.path, e.name))
    .map((p) => ({ path: relative(dir, p), data: new Uint8Array(readFileSync(p)) }));
}

/** `fbclens validate . --output json ARGS` run inside `dir`, so its paths are catalog-relative like the module's. */
export const nativeSummary = (dir, args = []) =>
  JSON.parse(spawnSync(cli, ['validate', '.', '--output', 'json', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout);
