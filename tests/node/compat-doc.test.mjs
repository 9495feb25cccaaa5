// docs/compat.md's rules table is the one the compatibility data gives (scripts/compat-table.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

test('docs/compat.md: the rules table is generated from compat-data/ and up to date', () => {
  const script = new URL('../../scripts/compat-table.mjs', import.meta.url).pathname;
  const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
});
