// How tests/runtimes/ (and bench/runtimes.bench.mjs) build and run a module on the two platforms
// that take a bundle: Cloudflare Workers (wrangler's own bundling, run by Miniflare's workerd) and
// Vercel's Edge Runtime (the `edge-runtime` package, bundled as Vercel's build does).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { runInContext } from 'node:vm';
import { ROOT, run } from '../pkg/install.mjs';

const BIN = join(ROOT, 'node_modules', '.bin');
/** The newest date the pinned workerd supports (its version, `workerd --version`). */
export const COMPATIBILITY_DATE = '2026-04-26';

/**
 * `main` (a module in `app`) bundled by wrangler exactly as `wrangler deploy` uploads it: `wrangler
 * deploy --dry-run --outdir` (https://developers.cloudflare.com/workers/wrangler/bundling/, checked
 * 2026-12-03), into `app/outdir`. Returns `{ dir, main, modules, upload }`: that folder, its entry, the files
 * in it, and wrangler's "Total Upload" line (raw and gzip sizes). No network: a dry run does not log in.
 */
export function workerBundle(app, work, main, outdir = 'dist') {
  writeFileSync(join(app, 'wrangler.toml'), `name = "runtimes-test"\nmain = "${main}"\ncompatibility_date = "${COMPATIBILITY_DATE}"\n`);
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    // No banner: it would ask the npm registry for a newer wrangler (the only network here is 127.0.0.1).
    WRANGLER_HIDE_BANNER: 'true',
    XDG_CONFIG_HOME: join(work, 'config'),
    WRANGLER_LOG_PATH: join(work, 'wrangler-logs'),
    NO_COLOR: '1',
    CI: 'true',
  };
  const out = run(join(BIN, 'wrangler'), ['deploy', '--dry-run', '--outdir', outdir], app, { env });
  const dir = join(app, outdir);
  const modules = readdirSync(dir);
  return { dir, main: `${basename(main, '.mjs').replace(/\.js$/, '')}.js`, modules, upload: out.match(/Total Upload: [^\n]*/)?.[0] };
}

/**
 * Runs a wrangler bundle (`workerBundle`) in workerd through Miniflare, on 127.0.0.1, and calls
 * `use(dispatch)` with a fetch that dispatches into it in-process; returns what `use` does, by
 * default the answer to one request, as JSON.
 */
export async function workerRun({ dir, main }, use = defaultUse) {
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    host: '127.0.0.1',
    modules: true,
    scriptPath: join(dir, main),
    modulesRoot: dir,
    // As uploaded: wrangler's default module rule makes each .wasm a compiled module.
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: COMPATIBILITY_DATE,
  });
  try {
    return await use((url, init) => mf.dispatchFetch(url, init));
  } finally {
    await mf.dispose();
  }
}

/** The worker's answer to one request, as JSON. */
async function defaultUse(dispatch) {
  const response = await dispatch('http://127.0.0.1/');
  const text = await response.text();
  if (!response.ok) throw new Error(`the worker answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * `source` (written to `app/name`; it exports `handler`, sync or async) bundled for Vercel's Edge
 * Runtime: the `edge-light` condition, a script (the Edge Runtime evaluates one), and each
 * `.wasm?module` import a WebAssembly.Module compiled at build time and bound as a global, as
 * Next.js does for its edge functions (https://vercel.com/docs/functions/wasm, checked 2026-12-03).
 * `wasmAsBytes`: the .wasm's bytes instead, as a bundler that does not compile .wasm would give.
 * Returns `{ code, wasm }` (`wasm`: the bound global's name → the .wasm's path).
 */
export async function edgeBundle(app, name, source, { wasmAsBytes = false } = {}) {
  writeFileSync(join(app, name), source);
  const { build } = await import('esbuild');
  const wasm = {};
  const wasmModules = {
    name: 'wasm-module',
    setup(b) {
      b.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\?module$/, '')), namespace: 'wasm-module' }));
      b.onLoad({ filter: /.*/, namespace: 'wasm-module' }, (args) => {
        if (wasmAsBytes) return { contents: readFileSync(args.path), loader: 'binary' };
        const binding = `wasm_${basename(args.path, '.wasm')}`;
        wasm[binding] = args.path;
        return { contents: `export default globalThis[${JSON.stringify(binding)}];`, loader: 'js' };
      });
    },
  };
  const result = await build({
    entryPoints: [join(app, name)],
    absWorkingDir: app,
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__edge',
    platform: 'browser',
    conditions: ['edge-light'],
    target: 'es2022',
    plugins: [wasmModules],
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0].text, wasm };
}

/**
 * Runs an `edgeBundle` in Vercel's Edge Runtime and answers one fetch with its `handler()`'s
 * result (JSON). `compileFromBytes: false` is production's rule (the VM's wasm code generation
 * off; strings are always off). `globals` are set on the VM's global. An error thrown while the
 * bundle loads is returned as its message.
 */
export async function edgeRun({ code, wasm }, { compileFromBytes, globals = {} }) {
  const { EdgeRuntime } = await import('edge-runtime');
  const respond = `
addEventListener('fetch', (event) => event.respondWith(Promise.resolve().then(() => __edge.handler()).then(
  (result) => new Response(JSON.stringify(result)),
  (error) => new Response(String(error && error.stack || error), { status: 500 }),
)));`;
  let runtime;
  try {
    runtime = new EdgeRuntime({
      codeGeneration: { strings: false, wasm: compileFromBytes },
      extend(context) {
        // Compiled here, outside the VM (whose compiling is off), and handed over as a module of the
        // VM's own realm, as the platform's runtime hands the function one: wasm-bindgen's glue
        // checks `instanceof WebAssembly.Module` of its realm.
        const prototype = runInContext('WebAssembly.Module.prototype', context);
        for (const [binding, path] of Object.entries(wasm)) {
          context[binding] = Object.setPrototypeOf(new WebAssembly.Module(readFileSync(path)), prototype);
        }
        Object.assign(context, globals);
        return context;
      },
      initialCode: code + respond,
    });
  } catch (error) {
    return error.message;
  }
  const response = await runtime.dispatchFetch('http://127.0.0.1/');
  const text = await response.text();
  if (!response.ok) throw new Error(`the edge function answered ${response.status}: ${text}`);
  return JSON.parse(text);
}
