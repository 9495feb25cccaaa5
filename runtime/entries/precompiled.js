// The .wasm imported as a module the runtime or its bundler compiles ahead, so nothing compiles
// WebAssembly from bytes at run time; this entry only instantiates it (synchronously, in global
// scope, as Workers recommend).
// - Cloudflare Workers (`workerd` export condition, → edge.js): wrangler uploads `.wasm` and
//   `.wasm?module` imports as separate modules and the import's value is a WebAssembly.Module:
//   https://developers.cloudflare.com/workers/wrangler/bundling/ (checked 2026-12-03).
// - Vercel's Edge Runtime (`edge-light`, → edge.js): "Pre-compiled WebAssembly can be imported with
//   the ?module suffix"; compiling from a buffer is not supported there:
//   https://vercel.com/docs/functions/wasm (checked 2026-12-03). The `?module` suffix is what Vercel
//   requires and one of wrangler's default module rules.
// - Deno (`deno`, → deno.js): scripts/build-pkg.mjs writes the import below as a source phase import
//   (`import source wasm from './…_bg.wasm'`, a WebAssembly.Module compiled as Deno loads the module
//   graph: no --allow-read needed, unlike the Node entry's node:fs read;
//   https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Statements/import/source,
//   checked 2026-12-03; Deno 2.9.6 runs it in tests/runtimes/).
import wasm from './mcp_json_toolbox_bg.wasm?module';
import { createGlue } from './mcp_json_toolbox_factory.js';
import { packageApi } from './api.js';
import { instanceHost } from './load/recover.js';
import { precompiledModule } from './load/runtimes.js';
const host = instanceHost(createGlue, precompiledModule(wasm, 'mcp_json_toolbox_bg.wasm'));
export const { /* the glue's API */ } = packageApi(host, /* the glue's string arguments */ {});
