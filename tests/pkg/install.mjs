// The npm package as a user gets it: `npm pack pkg/` and the tarball installed into a fresh project
// (offline, no links). Shared by the tests/pkg/*.test.mjs files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentKey } from '../../scripts/content-cache.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PKG = join(ROOT, 'pkg');
export const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
export const NAME = 'mcp-json-toolbox';

/** Runs a command, returning stdout; on failure the error carries stdout and stderr. */
export function run(cmd, args, cwd, options = {}) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  } catch (e) {
    const error = new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`);
    Object.assign(error, { status: e.status, stdout: e.stdout, stderr: e.stderr });
    throw error;
  }
}

/** Where `packedTarball` keeps the tarball of pkg/, a folder for each content (under target/). */
const TARBALLS = join(ROOT, 'target', 'pkg-tarball');

/**
 * `npm pack pkg/`, once for each content of pkg/: `{ tarball, files }`, the tarball's path and the
 * paths it holds. The package tests, the bundler tests and the runtime tests install the same
 * package, five projects in all, and each packed it again (1.6 CPU s a pack, most of it the gzip of
 * the three .wasm builds; 2026-12-06). Keyed by every file of pkg/, its path and bytes: a package
 * built again is packed again. Made in a staging folder, renamed into place whole.
 */
export function packedTarball() {
  assert.ok(existsSync(join(PKG, 'package.json')), `${PKG}/package.json is missing: run make pkg first`);
  const paths = readdirSync(PKG, { recursive: true }).filter((path) => statSync(join(PKG, path)).isFile()).sort();
  const folder = join(TARBALLS, contentKey(...paths.flatMap((path) => [path, readFileSync(join(PKG, path))])));
  if (!existsSync(folder)) {
    mkdirSync(TARBALLS, { recursive: true });
    const stage = mkdtempSync(join(TARBALLS, '.stage-'));
    const [packed] = JSON.parse(run('npm', ['pack', PKG, '--json', '--pack-destination', stage], stage));
    writeFileSync(join(stage, 'packed.json'), JSON.stringify({ filename: packed.filename, files: packed.files.map((f) => f.path) }));
    // The older packages' folders go (one package is current).
    for (const name of readdirSync(TARBALLS)) if (!name.startsWith('.stage-')) rmSync(join(TARBALLS, name), { recursive: true, force: true });
    try {
      renameSync(stage, folder);
    } catch (error) {
      // Another test file packed the same package meanwhile: the same bytes.
      if (!existsSync(folder)) throw error;
      rmSync(stage, { recursive: true, force: true });
    }
  }
  const { filename, files } = JSON.parse(readFileSync(join(folder, 'packed.json'), 'utf8'));
  return { tarball: join(folder, filename), files };
}

/**
 * Installs pkg/'s tarball (`packedTarball`) into `<work>/app`, a fresh ES module project:
 * `{ work, app, files }` (`files`: the paths in the tarball). The caller removes `work`.
 */
export function installTarball(prefix) {
  const { tarball, files } = packedTarball();
  const work = mkdtempSync(join(tmpdir(), prefix));
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], app);
  return { work, app, files };
}

/**
 * Type-checks `good` and the files of `bad` (file → the error it must give, a RegExp on tsc's
 * `FILE(LINE,COL): error TSNNNN: …` line) with `tsc FLAGS…` in `cwd`, in one run of tsc (each run
 * costs seconds of CPU loading TypeScript and its lib): tsc exits 0 when `bad` is empty, each bad
 * file gives its error, and every error tsc reports is in a bad file (none in a good file, in a
 * type of the package, or without a file). Each file is a module of its own, so one file's errors
 * do not depend on another's being in the same run.
 */
export function typeCheck(cwd, flags, good, bad = {}) {
  const files = [...good, ...Object.keys(bad)];
  let output;
  let status = 0;
  try {
    output = run(process.execPath, [TSC, ...flags, ...files], cwd);
  } catch (e) {
    if (e.status === undefined) throw e;
    ({ status } = e);
    output = `${e.stdout}${e.stderr}`;
  }
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
  const outside = errors.filter((line) => !Object.keys(bad).some((file) => line.startsWith(`${file}(`)));
  assert.deepEqual(outside, [], `errors outside ${Object.keys(bad).join(', ') || 'no file'}:\n${output}`);
  assert.equal(status === 0, errors.length === 0, `tsc exited ${status}:\n${output}`);
  for (const [file, expected] of Object.entries(bad)) {
    assert.ok(errors.some((line) => line.startsWith(`${file}(`) && expected.test(line)), `${file}: ${expected}\n${output}`);
  }
}
