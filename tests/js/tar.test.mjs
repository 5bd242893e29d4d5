// The page's tar reader (web/io/tar.js) under fast-check: archives made by the system's tar read
// back file for file; any bytes at all either read as files with catalog paths or fail with an
// 'archive' error, never anything else, and never a path climbing out of the archive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { readTar } from '../../web/io/tar.js';

const RUNS = Number(process.env.FBCLENS_PROPERTY_RUNS || 150);
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/).filter((s) => s !== '.' && s !== '..' && !s.startsWith('._'));
const files = fc.uniqueArray(fc.record({ path: fc.array(segment, { minLength: 1, maxLength: 4 }).map((p) => p.join('/')),
  data: fc.uint8Array({ maxLength: 3000 }) }), { selector: (f) => f.path, minLength: 1, maxLength: 6 })
  // No file may also be a folder of another.
  .filter((list) => list.every((a) => list.every((b) => a === b || !b.path.startsWith(a.path + '/'))));

test('tar: what the system tar packs, readTar reads back, path for path and byte for byte', () => {
  fc.assert(fc.property(files, (list) => {
    const dir = mkdtempSync(join(tmpdir(), 'fbclens-tar-'));
    try {
      for (const f of list) {
        mkdirSync(dirname(join(dir, 'c', f.path)), { recursive: true });
        writeFileSync(join(dir, 'c', f.path), f.data);
      }
      execFileSync('tar', ['cf', join(dir, 'a.tar'), '-C', join(dir, 'c'), '.']);
      const read = readTar(new Uint8Array(readFileSync(join(dir, 'a.tar'))));
      const byPath = new Map(read.map((f) => [f.path, f.data]));
      assert.equal(byPath.size, list.length);
      for (const f of list) assert.deepEqual(Buffer.from(byPath.get(f.path)), Buffer.from(f.data));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }), { numRuns: Math.min(RUNS, 60) });
});

test('tar: hostile bytes give files with catalog paths or an archive error, nothing else', () => {
  // A valid header mutated, or bytes from nowhere.
  const header = (name, size, type) => {
    const b = new Uint8Array(512);
    const put = (s, at) => { for (let i = 0; i < s.length; i++) b[at + i] = s.charCodeAt(i) & 0xff; };
    put(name, 0);
    put(size.toString(8).padStart(11, '0'), 124);
    b[156] = type.charCodeAt(0);
    put('ustar', 257);
    for (let i = 148; i < 156; i++) b[i] = 0x20;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += b[i];
    put(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    return b;
  };
  const archive = fc.tuple(fc.string({ maxLength: 120 }), fc.integer({ min: 0, max: 4096 }), fc.constantFrom('0', '5', 'L', 'x', '7', 'g'),
    fc.uint8Array({ maxLength: 2048 }), fc.array(fc.tuple(fc.nat(2559), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }))
    .map(([name, size, type, body, flips]) => {
      const b = new Uint8Array(512 + body.length + 1024);
      b.set(header(name, size, type), 0);
      b.set(body, 512);
      for (const [at, v] of flips) if (at < b.length) b[at] = v;
      return b;
    });
  fc.assert(fc.property(fc.oneof(archive, fc.uint8Array({ maxLength: 4096 })), (bytes) => {
    let read;
    try {
      read = readTar(bytes);
    } catch (error) {
      assert.equal(error.name, 'FbclensSourceError');
      assert.equal(error.kind, 'archive');
      return;
    }
    for (const f of read) {
      assert.equal(typeof f.path, 'string');
      assert.ok(f.path.length > 0);
      assert.ok(!f.path.split('/').includes('..'), f.path);
      assert.ok(!f.path.startsWith('/'), f.path);
      assert.ok(f.data instanceof Uint8Array);
    }
  }), { numRuns: RUNS * 5 });
});
