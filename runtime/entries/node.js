// Node entry: compiles the .wasm next to this file synchronously.
import { readFileSync } from 'node:fs';
import { createGlue } from './mcp_json_toolbox_factory.js';
import { packageApi } from './api.js';
import { instanceHost } from './load/recover.js';
const host = instanceHost(createGlue, new WebAssembly.Module(readFileSync(new URL('./mcp_json_toolbox_bg.wasm', import.meta.url))));
export const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
