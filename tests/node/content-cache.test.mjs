// scripts/content-cache.mjs: what `make serve` after `make test` relies on to serve within seconds
// (build-pkg.mjs's glue and www/build.mjs's compressed files made once per content).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cachedFolder, contentKey, pruneShelf } from '../../scripts/content-cache.mjs';

const SHELF = `test-${process.pid}`;
const SHELF_DIR = new URL(`../../target/content-cache/${SHELF}`, import.meta.url).pathname;
after(() => rmSync(SHELF_DIR, { recursive: true, force: true }));

test('a key is made once per content: a second ask, and two at once, reuse the entry', async () => {
  let made = 0;
  const produce = async (folder) => {
    made += 1;
    await new Promise((resolve) => setImmediate(resolve));
    writeFileSync(join(folder, 'out'), 'bytes');
  };
  const key = contentKey('same input');
  const [first, second] = await Promise.all([cachedFolder(SHELF, key, produce), cachedFolder(SHELF, key, produce)]);
  assert.equal(made, 1);
  assert.equal(first.folder, second.folder);
  assert.equal(readFileSync(join(first.folder, 'out'), 'utf8'), 'bytes');
  const again = await cachedFolder(SHELF, key, produce);
  assert.deepEqual([again.hit, made], [true, 1]);
  const other = await cachedFolder(SHELF, contentKey('other input'), produce);
  assert.deepEqual([other.hit, made], [false, 2]);
});

test('keys differ with the content and with how the parts are cut', () => {
  assert.notEqual(contentKey('ab', 'c'), contentKey('a', 'bc'));
  assert.notEqual(contentKey(Buffer.from('x')), contentKey(Buffer.from('y')));
  assert.equal(contentKey('x', Buffer.from('y')), contentKey('x', 'y'));
});

test('a failed make leaves no entry; keepOne and pruneShelf keep only what is asked', async () => {
  const failing = cachedFolder(SHELF, contentKey('fails'), async () => {
    throw new Error('build failed');
  });
  await assert.rejects(failing, /build failed/);
  assert.equal(existsSync(join(SHELF_DIR, contentKey('fails'))), false);
  const write = async (folder) => writeFileSync(join(folder, 'out'), 'x');
  await cachedFolder(SHELF, contentKey('one'), write, { keepOne: true });
  const { folder } = await cachedFolder(SHELF, contentKey('two'), write, { keepOne: true });
  assert.deepEqual(readdirSync(SHELF_DIR).filter((name) => !name.includes('.partial-')), [contentKey('two')]);
  pruneShelf(SHELF, new Set());
  assert.equal(existsSync(folder), false);
});
