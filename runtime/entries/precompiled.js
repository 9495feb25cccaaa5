// Cloudflare Workers (`workerd` export condition) and Vercel's Edge Runtime (`edge-light`): both
// forbid compiling WebAssembly from bytes at run time, so the .wasm is imported as a module that
// the platform's bundler compiles ahead, and this entry only instantiates it (synchronously, in
// global scope, as Workers recommend).
// - wrangler uploads `.wasm` and `.wasm?module` imports as separate modules and the import's value
//   is a WebAssembly.Module: https://developers.cloudflare.com/workers/wrangler/bundling/ (checked
//   2026-12-03).
// - Vercel: "Pre-compiled WebAssembly can be imported with the ?module suffix"; WebAssembly.instantiate
//   on a buffer is not supported in the Edge Runtime: https://vercel.com/docs/functions/wasm
//   (checked 2026-12-03).
// The `?module` suffix is what Vercel requires and one of wrangler's default module rules.
import wasm from './mcp_json_toolbox_bg.wasm?module';
import { createGlue } from './mcp_json_toolbox_factory.js';
import { packageApi } from './api.js';
import { instanceHost } from './load/recover.js';
import { precompiledModule } from './load/runtimes.js';
const host = instanceHost(createGlue, precompiledModule(wasm, 'mcp_json_toolbox_bg.wasm'));
export const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
