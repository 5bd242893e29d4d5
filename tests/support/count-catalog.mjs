// Counts the objects of a catalog folder independently of fbclens's C++ code (another language,
// another algorithm), so tests can check the app's Summary against numbers it did not compute.
// Handles what the test catalogs use: JSON streams (objects split by brace depth, strings
// respected) and multi-document YAML (a document's schema is its top-level "schema:" line).
// .indexignore support is limited to plain file names listed in the root .indexignore.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file below `dir`, depth-first, names sorted (absolute paths). */
export function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** The objects of a JSON stream, split by brace depth (strings respected). */
export function jsonObjects(text) {
  const objects = [];
  let depth = 0, start = -1, inString = false, escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') { if (depth++ === 0) start = i; }
    else if (c === '}') { if (--depth === 0) objects.push(JSON.parse(text.slice(start, i + 1))); }
  }
  return objects;
}

/**
 * What a channel's upgrade graph holds, from its olm.channel object alone: {entries, replaces,
 * skips, heads}. replaces/skips count the edges whose older end is an entry of the channel; heads
 * are the entries nothing in the channel replaces or skips. (skipRange needs a semver range
 * evaluator, so it is not counted here.)
 */
export function channelGraphCounts(channel) {
  const names = new Set(channel.entries.map((e) => e.name));
  const incoming = new Set();
  let replaces = 0, skips = 0;
  for (const e of channel.entries) {
    if (e.replaces && names.has(e.replaces)) { replaces++; incoming.add(e.replaces); }
    for (const s of e.skips || []) if (names.has(s)) { skips++; incoming.add(s); }
  }
  return { entries: names.size, replaces, skips, heads: [...names].filter((n) => !incoming.has(n)).length };
}

/** Returns {files, blobs, packages, channels, bundles, deprecations, paths} for `root`. */
export function countCatalog(root) {
  const ignoreFile = join(root, '.indexignore');
  const ignored = new Set(existsSync(ignoreFile)
    ? readFileSync(ignoreFile, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    : []);
  const counts = { files: 0, blobs: 0, packages: 0, channels: 0, bundles: 0, deprecations: 0, paths: [] };
  const bump = (schema) => {
    counts.blobs++;
    if (schema === 'olm.package') counts.packages++;
    if (schema === 'olm.channel') counts.channels++;
    if (schema === 'olm.bundle') counts.bundles++;
    if (schema === 'olm.deprecations') counts.deprecations++;
  };
  for (const file of walk(root)) {
    const rel = relative(root, file).split('\\').join('/');
    const base = rel.split('/').pop();
    if (base === '.indexignore' || ignored.has(rel) || ignored.has(base)) continue;
    counts.files++;
    counts.paths.push(rel);
    const text = readFileSync(file, 'utf8');
    if (text.trimStart().startsWith('{')) {
      for (const o of jsonObjects(text)) bump(o.schema);
    } else {
      for (const line of text.split('\n')) {
        const m = /^schema:\s*"?([^"\s#]+)"?\s*$/.exec(line);
        if (m) bump(m[1]);
      }
    }
  }
  return counts;
}
