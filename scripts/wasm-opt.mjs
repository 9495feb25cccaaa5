// binaryen's wasm-opt from npm (never Debian's: v108 corrupts wasm-bindgen output), with the
// features rustc enables by default for wasm32-unknown-unknown. Used by build-pkg.mjs and the
// size bench.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WASM_OPT = join(ROOT, 'node_modules', '.bin', 'wasm-opt');
/** Features rustc enables by default for wasm32-unknown-unknown, which wasm-opt must accept. */
const WASM_FEATURES = [
  '--enable-bulk-memory',
  '--enable-nontrapping-float-to-int',
  '--enable-sign-ext',
  '--enable-mutable-globals',
  '--enable-reference-types',
  '--enable-multivalue',
];

/** Optimizes `input` into `output` at `level` (`-Oz`, `-O3`, ...), without debug info or producers. */
export function wasmOpt(level, input, output) {
  if (!existsSync(WASM_OPT)) throw new Error(`${WASM_OPT} is missing: run npm ci (never use Debian's wasm-opt)`);
  const args = [level, ...WASM_FEATURES, '--strip-debug', '--strip-producers', input, '-o', output];
  console.error(`  $ wasm-opt ${args.join(' ')}`);
  execFileSync(WASM_OPT, args, { stdio: 'inherit' });
}
