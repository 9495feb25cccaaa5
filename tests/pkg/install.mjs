// The npm package as a user gets it: `npm pack pkg/` and the tarball installed into a fresh project
// (offline, no links). Shared by the tests/pkg/*.test.mjs files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/**
 * Packs pkg/ and installs the tarball into `<work>/app`, a fresh ES module project:
 * `{ work, app, files }` (`files`: the paths in the tarball). The caller removes `work`.
 */
export function installTarball(prefix) {
  assert.ok(existsSync(join(PKG, 'package.json')), `${PKG}/package.json is missing: run make pkg first`);
  const work = mkdtempSync(join(tmpdir(), prefix));
  const packed = JSON.parse(run('npm', ['pack', PKG, '--json', '--pack-destination', work], work));
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, packed[0].filename)], app);
  return { work, app, files: packed[0].files.map((f) => f.path) };
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
