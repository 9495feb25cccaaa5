// Node entry (also Deno's and Bun's: the `deno` and `bun` export conditions): compiles the .wasm
// next to this file synchronously. Where the runtime has no WebAssembly or forbids compiling it,
// an Error names the runtime and what to do (load/runtimes.js).
import { readFileSync } from 'node:fs';
import { createGlue } from './mcp_json_toolbox_factory.js';
import { packageApi } from './api.js';
import { instanceHost } from './load/recover.js';
import { wasmModule } from './load/runtimes.js';
const host = instanceHost(
  createGlue,
  wasmModule(readFileSync(new URL('./mcp_json_toolbox_bg.wasm', import.meta.url)), 'mcp_json_toolbox_bg.wasm'),
);
export const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
