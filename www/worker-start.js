// Starts the wasm worker as soon as the page's script runs: main.js imports this module first, so
// the worker is on its way while the rest of the bundle, CodeMirror above all, is still being
// evaluated. The format core's .wasm is fetched and compiled here at the same time, not after the
// worker's script has arrived (one round trip less before the first format), and handed to the
// worker. main.js sets the worker's callbacks afterwards.
import { WasmWorker } from './rpc.js';

/** The format core, compiled while it downloads (undefined if that fails: the worker fetches it). */
const coreModule = WebAssembly.compileStreaming(fetch(new URL('./pkg/mcp_json_toolbox_format_bg.wasm', import.meta.url)));

/** The page's wasm worker. */
export const wasm = new WasmWorker(new URL('./worker.js', import.meta.url), { coreModule });
