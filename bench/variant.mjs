// Shared by the benches: builds the all-opt-level-3 comparison package (profile `release-o3`,
// wasm-opt -O3) into bench/results/pkg-o3, next to the shipped size-tuned pkg/.
import { execFileSync } from 'node:child_process';
import { cpus as cpus_ } from 'node:os';
import { fileURLToPath } from 'node:url';

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

/** Machine, runtime and date, for the header of a results table. */
export function machine() {
  const cpus = cpus_();
  return `${cpus[0]?.model ?? 'unknown CPU'} (${cpus.length} cores), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}
