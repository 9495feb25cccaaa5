// `mcp-json-toolbox/raw`: the plain wasm-bindgen glue of the full build (initialised by the caller
// with `init`/`initSync`, no trap recovery), but for the glue's results that cross as columns
// (`readLog`, `replayLog`: src/wasm/columns.rs), laid out here as load/columns.js lays them out
// for the entries, so that each function returns what the glue's .d.ts declares. Copied into pkg/
// beside the glue by scripts/build-pkg.mjs.
import * as glue from './mcp_json_toolbox.js';
import { laidOut } from './load/columns.js';

export * from './mcp_json_toolbox.js';
export { default } from './mcp_json_toolbox.js';

/** `readLog` as declared: the glue's columns laid out as the plain `Log`.
 * @param {Parameters<typeof glue.readLog>} args */
export function readLog(...args) {
  return laidOut('readLog', glue.readLog(...args), args);
}

/** `replayLog` as declared: the glue's columns laid out as the plain `LogReport`.
 * @param {Parameters<typeof glue.replayLog>} args */
export function replayLog(...args) {
  return laidOut('replayLog', glue.replayLog(...args), args);
}
