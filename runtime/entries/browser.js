// Browser and bundler entry: fetches the .wasm next to this file (top-level await, so an ES module).
// Without WebAssembly, or where compiling it is forbidden (a CSP without 'wasm-unsafe-eval'), an
// Error names the runtime and what to do (load/runtimes.js).
import { createGlue } from './mcp_json_toolbox_factory.js';
import { packageApi } from './api.js';
import { loadHost } from './load/fetch.js';
import { compileForbidden, isCompileForbidden, requireWebAssembly } from './load/runtimes.js';
requireWebAssembly('mcp_json_toolbox_bg.wasm');
// A bundler that rejects top-level await (esbuild's default "iife" format) quotes the next line.
const host = await loadHost( // esbuild: --format=esm
  createGlue,
  new URL('./mcp_json_toolbox_bg.wasm', import.meta.url),
  'mcp_json_toolbox_bg.wasm',
).catch((error) => {
  throw isCompileForbidden(error.cause) ? compileForbidden('mcp_json_toolbox_bg.wasm', error.cause) : error;
});
export const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
