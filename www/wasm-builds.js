// Loading the two wasm builds inside a worker: the format core (format, formatDocument, version;
// tens of KB) at once, the full build (validation, classification, host checks) only when asked —
// in the background when the page is idle, or at once when a call needs it — with its download
// progress in bytes. Reusable by any worker that serves these builds (the page's worker.js; an
// embedded element's worker may load the core alone by never asking for the full build).

/**
 * Fetches the .wasm at `url` and compiles it while it downloads, telling `onProgress(loaded, total)`
 * after each chunk: `loaded` counts the bytes of the module (after any content encoding is
 * undone); `total` is `options.total` if given, else the response's length when it is not
 * compressed, else `undefined`. A failed request or an HTTP error is an Error naming the URL and
 * the status.
 */
export async function compileWithProgress(url, { total, onProgress = () => {} } = {}) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status} ${response.statusText}`.trim());
  const length = Number(response.headers.get('content-length'));
  const known = total ?? (!response.headers.get('content-encoding') && length > 0 ? length : undefined);
  let loaded = 0;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      onProgress(loaded, known);
      controller.enqueue(chunk);
    },
  }));
  return WebAssembly.compileStreaming(new Response(counted, { headers: { 'content-type': 'application/wasm' } }));
}

/** Exports of a wasm-bindgen glue module that are glue, not API. */
const GLUE = new Set(['default', 'initSync']);

/** The callable API of a glue module: its functions (classes such as `Validator` are not RPC targets). */
export function apiFunctions(glue) {
  return Object.keys(glue).filter((name) => !GLUE.has(name) && typeof glue[name] === 'function' && !/^[A-Z]/.test(name));
}

/**
 * The two builds, each `{ glue, wasm }`: the wasm-bindgen web glue (its URL, or for the core also the
 * module itself, bundled into the worker) and the URL of its .wasm; `full` optionally with `total`
 * (its size in bytes, for progress when it is served compressed).
 * `onProgress(loaded, total)` follows the full build's download; `onFull(error)` is told when it
 * has loaded (`error` undefined) or failed.
 *
 * `ready` resolves when the core runs, to `{ functions, core, version }`: `functions` is every
 * function of both builds (the full build's glue is imported for its list, its .wasm not fetched),
 * `core` those the core runs. `glueFor(fn)` gives the initialised glue that runs `fn`, loading the
 * full build first if `fn` needs it; `loadFull()` starts that load (once) and resolves when done.
 */
export class Builds {
  constructor({ core, full, onProgress = () => {}, onFull = () => {} }) {
    this.urls = { core, full };
    this.onProgress = onProgress;
    this.onFull = onFull;
    this.fullLoad = undefined;
    // Without the full build's glue (it failed to load) the page simply lacks its functions.
    const fullGlue = full ? import(full.glue).catch(() => undefined) : undefined;
    this.ready = Promise.all([this.start(core), fullGlue]).then(([glue, fullGlue]) => {
      this.core = glue;
      this.coreFunctions = new Set(apiFunctions(glue));
      const functions = new Set([...this.coreFunctions, ...(fullGlue ? apiFunctions(fullGlue) : [])]);
      return { functions, core: this.coreFunctions, version: glue.version() };
    });
  }

  /** Imports and instantiates the core (the glue fetches its own .wasm, compiling while it streams). */
  async start({ glue, wasm }) {
    const module = typeof glue === 'string' ? await import(glue) : glue;
    await module.default({ module_or_path: wasm });
    return module;
  }

  /** Starts loading the full build (once); resolves to its initialised glue. */
  loadFull() {
    const { full } = this.urls;
    if (!full) return Promise.reject(new Error('this worker has no full build'));
    if (!this.fullLoad) {
      this.onProgress(0, full.total);
      this.fullLoad = (async () => {
        const [glue, module] = await Promise.all([
          import(full.glue),
          compileWithProgress(full.wasm, { total: full.total, onProgress: this.onProgress }),
        ]);
        await glue.default({ module_or_path: module });
        return glue;
      })();
      this.fullLoad.then(() => this.onFull(), (error) => this.onFull(error));
    }
    return this.fullLoad;
  }

  /** The initialised glue that runs `fn`: the core's if it has `fn`, else the full build's. */
  async glueFor(fn) {
    await this.ready;
    return this.coreFunctions.has(fn) ? this.core : this.loadFull();
  }
}
