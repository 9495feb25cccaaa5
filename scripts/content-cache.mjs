// A cache of build outputs by the content of their inputs, under target/content-cache/ (never
// committed, removed by `make clean` with target/): what `make serve` right after `make test` needs
// to serve within seconds, since the three builds would otherwise bind, optimize and compress again
// files whose inputs did not change. Used by scripts/build-pkg.mjs (wasm-bindgen + wasm-opt of each
// build, keyed by the built .wasm) and www/build.mjs (brotli and gzip of each page file, keyed by
// its bytes).
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'target', 'content-cache');

/** The sha256 (hex) of `parts` (strings or buffers), each length-prefixed so no two lists collide. */
export function contentKey(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest('hex');
}

/** The sha256 key of the files `paths` (their bytes, in order). */
export function filesKey(paths) {
  return contentKey(...paths.flatMap((path) => [path, readFileSync(path)]));
}

/**
 * The folder of `shelf`'s entry `key`, filled by `await produce(folder)` on a miss (written into a
 * temporary folder first, so that a build stopped halfway leaves no entry). Resolves with
 * `{ folder, hit }`. With `keepOne`, the shelf's other entries are removed on a miss: a shelf for
 * one output (a build's glue) keeps only its newest.
 */
export function cachedFolder(shelf, key, produce, { keepOne = false } = {}) {
  const folder = join(CACHE, shelf, key);
  if (existsSync(folder)) return Promise.resolve({ folder, hit: true });
  // Two files of the same bytes in one build share one entry, made once.
  const id = `${shelf}/${key}`;
  if (!making.has(id)) making.set(id, fill(shelf, folder, produce, keepOne).finally(() => making.delete(id)));
  return making.get(id);
}

/** The entries being made by this process, by shelf and key. */
const making = new Map();

/** Makes the entry `folder` of `shelf` (see `cachedFolder`). */
async function fill(shelf, folder, produce, keepOne) {
  const staging = `${folder}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  await produce(staging);
  if (keepOne) for (const name of readdirSync(join(CACHE, shelf))) if (!name.includes('.partial-')) rmSync(join(CACHE, shelf, name), { recursive: true, force: true });
  try {
    renameSync(staging, folder);
  } catch (error) {
    // Another process made the same entry meanwhile: the same bytes, so it serves.
    if (!existsSync(folder)) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  return { folder, hit: false };
}

/** Copies the folder `from` into `to` (merging with what `to` holds), times kept. */
export function copyInto(from, to) {
  cpSync(from, to, { recursive: true, preserveTimestamps: true });
}

/** Removes the entries of shelf `shelf` whose keys are not in `keep`. */
export function pruneShelf(shelf, keep) {
  const dir = join(CACHE, shelf);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (!keep.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
}
