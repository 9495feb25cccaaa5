// Where the package's WebAssembly cannot run, an Error that names the runtime and what to do,
// instead of a ReferenceError or a CompileError from deep inside the glue. Used by the entries
// (runtime/entries/): `wasmModule` where they compile the .wasm from bytes (Node, Deno, Bun, the
// browser entry), `precompiledModule` where the runtime or its bundler compiled it ahead (Cloudflare
// Workers, Vercel's Edge Runtime: the `workerd` and `edge-light` export conditions).

/**
 * The JavaScript runtime this runs in, for messages: Cloudflare Workers, Vercel's Edge Runtime,
 * Deno, Bun, Node.js (with their versions where known), a browser, or "this JavaScript runtime".
 * Each by its own global: `navigator.userAgent` is "Cloudflare-Workers" in workerd (tests/runtimes/
 * asserts it in workerd 2026-04-26; Cloudflare's docs page for it was not re-read on 2026-12-03);
 * `EdgeRuntime` is a string in Vercel's Edge Runtime (edge-runtime 4.0.1 defines it as
 * "edge-runtime", read 2026-12-03; the check Vercel's users rely on, unverified in Vercel's own
 * docs today); `Deno.version`, `Bun.version`, `process.versions.node` in the others.
 */
export function runtimeName() {
  const g = globalThis;
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return 'Cloudflare Workers';
  if (typeof g.EdgeRuntime === 'string') return `Vercel's Edge Runtime (${g.EdgeRuntime})`;
  if (typeof g.Deno?.version?.deno === 'string') return `Deno ${g.Deno.version.deno}`;
  if (typeof g.Bun?.version === 'string') return `Bun ${g.Bun.version}`;
  if (typeof g.process?.versions?.node === 'string') return `Node.js ${g.process.versions.node}`;
  if (typeof g.document === 'object' || typeof g.WorkerGlobalScope === 'function') return 'this browser';
  return 'this JavaScript runtime';
}

/** The Error for a runtime without WebAssembly at all (Node's `--jitless`, some locked-down hosts). */
function noWebAssembly(asset) {
  return new Error(
    `mcp-json-toolbox cannot run in ${runtimeName()}: it has no WebAssembly (globalThis.WebAssembly is ` +
      `${typeof globalThis.WebAssembly}), and the package's validator is WebAssembly (${asset}). ` +
      `Run it where WebAssembly is enabled (in Node.js, without --jitless; in a browser, with WebAssembly allowed).`,
  );
}

/** Throws `noWebAssembly` unless the runtime has the WebAssembly API. */
export function requireWebAssembly(asset) {
  if (typeof globalThis.WebAssembly !== 'object' || typeof globalThis.WebAssembly.Instance !== 'function') {
    throw noWebAssembly(asset);
  }
}

/**
 * The Error for a runtime that forbids compiling WebAssembly from bytes at run time (`error`, what
 * compiling threw): Cloudflare Workers do (`WebAssembly.compile`, `compileStreaming`, `instantiate`
 * with a buffer: https://developers.cloudflare.com/workers/runtime-apis/web-standards/, checked
 * 2026-12-03), Vercel's Edge Runtime does (https://vercel.com/docs/functions/wasm), a CSP without
 * 'wasm-unsafe-eval' does, and so does a V8 embedder that disallows wasm code generation (V8's
 * message: "Wasm code generation disallowed by embedder"). Such runtimes import a .wasm as a
 * module their bundler compiles ahead: the `workerd` and `edge-light` export conditions do that.
 */
export function compileForbidden(asset, error) {
  return new Error(
    `mcp-json-toolbox cannot compile its WebAssembly (${asset}) in ${runtimeName()}: the runtime forbids ` +
      `compiling WebAssembly from bytes at run time (${error?.message ?? error}). Import the package where ` +
      `its bundler compiles the .wasm ahead as a module: Cloudflare Workers (wrangler) resolve the "workerd" ` +
      `export condition and Vercel's Edge Runtime the "edge-light" one (docs/api.md, "Runtimes"); in a ` +
      `browser, allow 'wasm-unsafe-eval' in the Content-Security-Policy.`,
    { cause: error },
  );
}

/** Whether `error` (thrown by a WebAssembly compile) says the runtime forbids compiling: not a bad module. */
export function isCompileForbidden(error) {
  return /disallowed by embedder|code generation|not allowed|unsafe-eval|CSP|Content Security Policy/i.test(String(error?.message ?? error));
}

/**
 * `new WebAssembly.Module(bytes)` (the .wasm `asset` of the package), throwing `noWebAssembly` or
 * `compileForbidden` where the runtime cannot, and any other error as it is.
 */
export function wasmModule(bytes, asset) {
  requireWebAssembly(asset);
  try {
    return new WebAssembly.Module(bytes);
  } catch (error) {
    throw isCompileForbidden(error) ? compileForbidden(asset, error) : error;
  }
}

/**
 * The `WebAssembly.Module` a runtime or its bundler made of `import wasm from './<asset>?module'`
 * (`imported`). A bundler that does not compile .wasm imports gives a URL or bytes instead: an
 * Error then says which export condition that bundler should not resolve.
 */
export function precompiledModule(imported, asset) {
  requireWebAssembly(asset);
  if (imported instanceof WebAssembly.Module || Object.prototype.toString.call(imported) === '[object WebAssembly.Module]') {
    return imported;
  }
  const got = imported === null ? 'null' : typeof imported === 'object' ? Object.prototype.toString.call(imported) : typeof imported;
  throw new Error(
    `mcp-json-toolbox: the import of ${asset} gave ${got}, not a WebAssembly.Module, in ${runtimeName()}. ` +
      `The package's "workerd" and "edge-light" entries need a bundler that compiles .wasm imports ahead ` +
      `(wrangler for Cloudflare Workers, Next.js or Vercel's build for the Edge Runtime); elsewhere do not ` +
      `resolve those export conditions (docs/api.md, "Runtimes").`,
  );
}
