// The package's two wasm builds, inside a worker: the format core (format, formatDocument, version, the docs examples' judgeExample and unknownSchema;
// tens of KB) started at once, the full build (validation, classification, host checks) loaded
// only when asked, with its download progress in bytes. worker-server.js serves them; the toolbox
// page's worker and `<mcp-json>`'s (element-worker.js) are each a `serve(...)` of their own URLs.

import { fetchModule } from './fetch.js';
import { apiNames, startGlue } from './glue.js';

/** The callable API of a glue module: its functions (classes such as `Validator` are not RPC targets). */
function apiFunctions(glue) {
  return apiNames(glue).filter((name) => typeof glue[name] === 'function' && !/^[A-Z]/.test(name));
}

/**
 * The two builds, each `{ glue, wasm, asset, total? }`: `glue` the wasm-bindgen web glue (the
 * module itself, imported statically so that bundlers see it, or a function that imports it: no
 * `import()` of a computed URL here, which bundlers cannot follow and webpack warns of), `wasm`
 * the URL of its .wasm, `asset` that file's name in the package (for load errors, `load.js`);
 * `full.total` optionally its size in bytes, for progress when it is served compressed.
 * `onProgress(loaded, total)` follows the full build's download; `onFull(error)` is told when it
 * has loaded (`error` undefined) or failed.
 *
 * `ready` resolves when the core runs, to `{ functions, core, version }`: `functions` is every
 * function of both builds (from the full build's glue, its .wasm not fetched), `core` those the
 * core runs. `glueFor(fn)` gives the initialised glue that runs `fn`, loading the full build first
 * if `fn` needs it; `loadFull()` starts that load (once) and resolves when done.
 */
export class Builds {
  constructor({ core, full, onProgress = () => {}, onFull = () => {} }) {
    this.full = full;
    this.onProgress = onProgress;
    this.onFull = onFull;
    // Imported once: for the function list now, initialised by `loadFull` later.
    this.fullGlue = glueModule(full.glue);
    // Without the full build's glue (it failed to load) the caller simply lacks its functions.
    this.ready = Promise.all([start(core), this.fullGlue.catch(() => undefined)]).then(([glue, fullGlue]) => {
      this.core = glue;
      this.coreFunctions = new Set(apiFunctions(glue));
      const functions = new Set([...this.coreFunctions, ...(fullGlue ? apiFunctions(fullGlue) : [])]);
      return { functions, core: this.coreFunctions, version: glue.version() };
    });
  }

  /** Starts loading the full build (once); resolves to its initialised glue. */
  loadFull() {
    const { full } = this;
    if (!this.fullLoad) {
      this.onProgress(0, full.total);
      this.fullLoad = (async () => {
        const [glue, module] = await Promise.all([
          this.fullGlue,
          fetchModule(full.wasm, full.asset, { total: full.total, onProgress: this.onProgress }),
        ]);
        return startGlue(glue, module);
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

/** A glue given as a module, or as a function that imports it. */
async function glueModule(glue) {
  return typeof glue === 'function' ? glue() : glue;
}

/** The core's glue, initialised with its .wasm (fetched and checked by `fetchModule`). */
async function start({ glue, wasm, asset }) {
  const [module, compiled] = await Promise.all([glueModule(glue), fetchModule(wasm, asset)]);
  return startGlue(module, compiled);
}
