// Shared by the benches: builds the all-opt-level-3 comparison package (profile `release-o3`,
// wasm-opt -O3) into bench/results/pkg-o3, next to the shipped size-tuned pkg/, and the
// engine-alone program bench/engine-floor.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { cpus as cpus_ } from 'node:os';
import { fileURLToPath } from 'node:url';
import { wasmOpt } from '../scripts/wasm-opt.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The shipped package's directory. */
export const PKG_DIR = fileURLToPath(new URL('../pkg/', import.meta.url));
/** The comparison package's directory. */
export const O3_DIR = fileURLToPath(new URL('./results/pkg-o3/', import.meta.url));

/** Builds (incrementally) the all-O3 package; its cargo output goes to stderr. */
export function buildO3Variant() {
  execFileSync(
    process.execPath,
    ['scripts/build-pkg.mjs', '--out', 'bench/results/pkg-o3', '--profile', 'release-o3', '--opt=-O3'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return O3_DIR;
}

/**
 * Builds bench/engine-floor for wasm32 with every crate at `optLevel` ('z' for its size, '3' for
 * its speed), runs wasm-bindgen on it (jsonschema's getrandom imports from JS) and wasm-opt at the
 * same level. Returns the directory with `engine_floor.js` (glue, web target) and
 * `engine_floor_bg.wasm`.
 */
export function buildEngineFloor(optLevel) {
  const target = join(ROOT, 'bench', 'results', `engine-floor-${optLevel}`);
  execFileSync('cargo', ['build', '--quiet', '--release', '--target', 'wasm32-unknown-unknown'], {
    cwd: join(ROOT, 'bench', 'engine-floor'),
    env: { ...process.env, CARGO_TARGET_DIR: target, CARGO_PROFILE_RELEASE_OPT_LEVEL: optLevel },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const out = join(target, 'pkg');
  const built = join(target, 'wasm32-unknown-unknown', 'release', 'engine_floor.wasm');
  execFileSync('wasm-bindgen', ['--target', 'web', '--out-dir', out, built], { stdio: ['ignore', 'ignore', 'inherit'] });
  const wasm = join(out, 'engine_floor_bg.wasm');
  wasmOpt(`-O${optLevel}`, wasm, wasm);
  return out;
}

/** Machine, runtime and date, for the header of a results table. */
export function machine() {
  const cpus = cpus_();
  return `${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}
