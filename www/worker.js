// The wasm worker: a generic RPC over postMessage, so no wasm call ever runs on the page's thread.
// It starts the format core at once and reports every function of both builds (the page
// feature-detects tabs with it); the full build is loaded when the page sends `{load: 'full'}`
// (when idle) or when a call needs it, reporting `{progress: {loaded, total}}` and then
// `{full: true}` (or `{full: false, error}`). Each `{id, fn, args}` message is answered with
// `{id, ok: true, value}` or `{id, ok: false, error}`.
// The format core's glue is bundled into this file (one request less before the first format);
// the full build's is imported when needed.
import * as coreGlue from '../pkg/mcp_json_toolbox_format.js';
import { Builds } from './wasm-builds.js';
import { plainError } from '../runtime/wasm-serve.js';

/** Raw size of the full build's .wasm, filled in by www/build.mjs (progress total when served compressed). */
const FULL_WASM_BYTES = __FULL_WASM_BYTES__;

const pkg = (file) => new URL(`./pkg/${file}`, import.meta.url).href;
const builds = new Builds({
  core: { glue: coreGlue, wasm: pkg('mcp_json_toolbox_format_bg.wasm') },
  full: { glue: pkg('mcp_json_toolbox.js'), wasm: pkg('mcp_json_toolbox_bg.wasm'), total: FULL_WASM_BYTES },
  onProgress: (loaded, total) => self.postMessage({ progress: { loaded, total } }),
  onFull: (error) => self.postMessage(error ? { full: false, error: plainError(error) } : { full: true }),
});

builds.ready.then(
  ({ functions, core, version }) => self.postMessage({ ready: true, functions: [...functions], core: [...core], version }),
  (error) => self.postMessage({ ready: false, error: plainError(error) }),
);

self.onmessage = async ({ data: { id, fn, args, load } }) => {
  if (load === 'full') return builds.loadFull().catch(() => {});
  try {
    const { functions } = await builds.ready;
    if (!functions.has(fn)) throw new Error(`${fn} is not available in this build`);
    const glue = await builds.glueFor(fn);
    self.postMessage({ id, ok: true, value: glue[fn](...args) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: plainError(error) });
  }
};
