// Browser and bundler entry: fetches the .wasm next to this file (top-level await, so an ES module).
import { createGlue } from './mcp_json_toolbox_factory.js';
import { packageApi } from './api.js';
import { loadHost } from './load/fetch.js';
// A bundler that rejects top-level await (esbuild's default "iife" format) quotes the next line.
const host = await loadHost( // esbuild: --format=esm
  createGlue,
  new URL('./mcp_json_toolbox_bg.wasm', import.meta.url),
  'mcp_json_toolbox_bg.wasm',
);
export const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
