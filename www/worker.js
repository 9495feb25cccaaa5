// The page's wasm worker: the package's builds served by runtime/load/worker-server.js, so no wasm call
// ever runs on the page's thread. The format core starts at once; the full build is loaded when
// the page sends `{load: 'full'}` (when idle) or when a call needs it, with its download progress;
// until it has loaded, the Validate tab's `validateToolArguments` runs on the server build (the same
// verdicts without the schema lint: the page runs the tab again when the full build is there), so
// that the first validation does not wait for sessions, logs and compatibility.
// The format core's glue is bundled into this file (one request less before the first format);
// the server and full builds' glues are imported from pkg/ when their build loads (their function
// lists are written in here by www/build.mjs), so nothing but the core is fetched before the first format.
// A replay's sequence is kept here and sent to the page a screen at a time (sequence-store.js).
import * as coreGlue from '../pkg/mcp_json_toolbox_format.js';
import { serve } from '../runtime/load/worker-server.js';
import { keepSequence, sequenceRows } from './sequence-store.js';

/** Raw size of the full build's .wasm, filled in by www/build.mjs (progress total when served compressed). */
const FULL_WASM_BYTES = __FULL_WASM_BYTES__;
/** The same of the server build's .wasm. */
const SERVER_WASM_BYTES = __SERVER_WASM_BYTES__;
/** The full build's functions, and the server build's, from their glues (filled in by www/build.mjs). */
const FULL_FUNCTIONS = __FULL_FUNCTIONS__;
const SERVER_FUNCTIONS = __SERVER_FUNCTIONS__;

const pkg = (file) => new URL(`./pkg/${file}`, import.meta.url).href;
/** A .wasm of pkg/ as `Builds` takes it: its URL, and its name for load errors. */
const wasmFile = (file) => ({ wasm: pkg(file), asset: file });
serve({
  core: { glue: coreGlue, ...wasmFile('mcp_json_toolbox_format_bg.wasm') },
  server: { glue: () => import(pkg('mcp_json_toolbox_validator.js')), ...wasmFile('mcp_json_toolbox_validator_bg.wasm'), total: SERVER_WASM_BYTES, functions: SERVER_FUNCTIONS },
  full: { glue: () => import(pkg('mcp_json_toolbox.js')), ...wasmFile('mcp_json_toolbox_bg.wasm'), total: FULL_WASM_BYTES, functions: FULL_FUNCTIONS },
  // A replay's sequence stays here (sequence-store.js): the page gets its layout and asks for rows.
  after: { replayLog: keepSequence, replaySession: keepSequence },
  local: { sequenceRows },
});
