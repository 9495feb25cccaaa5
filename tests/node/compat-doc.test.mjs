// docs/compat.md's generated blocks are the ones the compatibility data and the built package give (scripts/compat-table.mjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

test('docs/compat.md: the targets and rules tables, the reference servers matrix and compat --help are generated and up to date', () => {
  const script = new URL('../../scripts/compat-table.mjs', import.meta.url).pathname;
  const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
});
