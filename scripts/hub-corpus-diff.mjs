#!/usr/bin/env node
// Compares two dumps of build/native/fbclens_hub_corpus (the OperatorHub preview of every real
// package, tests/tools/hub_corpus.cpp) and prints where they differ, grouped by root and package:
// which console versions and channel selections, which fields, and for the version list the
// entries whose order changed. Rows only one dump has (a console version the other revision does
// not know) are counted, not compared. Exit status 0 when no common row differs, 1 otherwise.
//   node scripts/hub-corpus-diff.mjs OLD.jsonl NEW.jsonl
import { readFileSync } from 'node:fs';

function read(path) {
  const rows = new Map();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line);
    rows.set(JSON.stringify([row.root, row.package, row.console, row.channel]), row);
  }
  return rows;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// What differs between two previews, one phrase per field.
function describe(a, b) {
  const out = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (same(a[key], b[key])) continue;
    if (key === 'versions' && Array.isArray(a[key]) && Array.isArray(b[key])) {
      const names = (list) => list.map((v) => v.bundle);
      if (same([...names(a[key])].sort(), [...names(b[key])].sort())) {
        const moved = names(b[key]).filter((n, i) => names(a[key])[i] !== n);
        out.push(`versions reordered (${moved.join(', ')})`);
        continue;
      }
    }
    out.push(`${key}: ${JSON.stringify(a[key])} -> ${JSON.stringify(b[key])}`);
  }
  return out;
}

const [oldPath, newPath] = process.argv.slice(2);
if (!oldPath || !newPath) {
  console.error('usage: node scripts/hub-corpus-diff.mjs OLD.jsonl NEW.jsonl');
  process.exit(2);
}
const older = read(oldPath);
const newer = read(newPath);
const byPackage = new Map();
let common = 0;
let differing = 0;
for (const [key, o] of older) {
  const n = newer.get(key);
  if (!n) continue;
  ++common;
  if (same(o.preview, n.preview)) continue;
  ++differing;
  const group = `${o.root} ${o.package}`;
  if (!byPackage.has(group)) byPackage.set(group, new Map());
  const changes = describe(o.preview, n.preview).join('; ');
  const where = byPackage.get(group);
  if (!where.has(changes)) where.set(changes, []);
  where.get(changes).push(`${o.console}${o.channel === null ? '' : ' channel ' + o.channel}`);
}
const onlyOld = [...older.keys()].filter((k) => !newer.has(k)).length;
const onlyNew = [...newer.keys()].filter((k) => !older.has(k)).length;
for (const [group, changes] of byPackage) {
  console.log(group);
  for (const [what, where] of changes) console.log(`  [${where.join(', ')}] ${what}`);
}
console.log(`${common} rows in both, ${differing} differ (${byPackage.size} packages); ${onlyOld} only in OLD, ${onlyNew} only in NEW`);
process.exit(differing ? 1 : 0);
