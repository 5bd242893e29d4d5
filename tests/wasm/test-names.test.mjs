// CTest (catch_discover_tests) splits a Catch2 test's name at ';', and each fragment then runs no
// test and still passes: a test named with a ';' is hollow in ctest. None may have one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const unit = resolve(dirname(fileURLToPath(import.meta.url)), '../unit');

test('no Catch2 test name holds a semicolon', () => {
  const bad = [];
  for (const file of readdirSync(unit).filter((f) => f.endsWith('.cpp'))) {
    for (const m of readFileSync(join(unit, file), 'utf8').matchAll(/(?:TEST_CASE|register_test)\(\s*"([^"]*)"/g)) {
      if (m[1].includes(';')) bad.push(file + ': ' + m[1]);
    }
  }
  assert.deepEqual(bad, []);
});
