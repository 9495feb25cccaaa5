// Starts the wasm worker as soon as the page's script runs: main.js imports this module first, so
// the worker (and the format core it loads) is on its way while the rest of the bundle, CodeMirror
// above all, is still being evaluated. main.js sets the worker's callbacks afterwards.
import { WasmWorker } from '../runtime/load/worker-client.js';

/** The page's wasm worker. */
export const wasm = new WasmWorker(new URL('./worker.js', import.meta.url));
