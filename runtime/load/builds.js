// The package's wasm builds, inside a worker: the format core (format, formatDocument, version, the docs examples' judgeExample and unknownSchema;
// tens of KB) started at once, the full build (validation, classification, host checks) loaded
// only when asked, with its download progress in bytes, and optionally the server build
// (validation alone), which serves what it has while the full build is not there: the toolbox
// page's Validate tab answers without waiting for sessions, logs and compatibility. worker-server.js
// serves them; the toolbox page's worker and `<mcp-json>`'s (element-worker.js) are each a
// `serve(...)` of their own URLs.

import { fetchModule } from './fetch.js';
import { apiNames, startGlue } from './glue.js';

/** The callable API of a glue module: its functions (classes such as `Validator` are not RPC targets). */
function apiFunctions(glue) {
  return apiNames(glue).filter((name) => typeof glue[name] === 'function' && !/^[A-Z]/.test(name));
}

/**
 * The builds, each `{ glue, wasm, asset, total? }`: `glue` the wasm-bindgen web glue (the
 * module itself, imported statically so that bundlers see it, or a function that imports it: no
 * `import()` of a computed URL here, which bundlers cannot follow and webpack warns of), `wasm`
 * the URL of its .wasm, `asset` that file's name in the package (for load errors, `load.js`);
 * `total` optionally its size in bytes, for progress when it is served compressed.
 * `onProgress(loaded, total, build)` follows the download of the full build (`build` 'full') or
 * of the server build ('server'); `onFull(error)` is told when the full build has loaded (`error`
 * undefined) or failed, `onServer(error)` the same of the server build.
 *
 * `ready` resolves when the core runs, to `{ functions, core, server, version }`: `functions` is
 * every function of the builds (from the glues, their .wasm not fetched), `core` those the core
 * runs, `server` those the server build runs. `glueFor(fn)` gives the initialised glue that runs
 * `fn`: the core's if it has `fn`; else the full build's once it has loaded; else the server
 * build's if it has `fn` (loaded first; the full build's if it fails to load); else the full
 * build's (loaded first). The server build
 * gives the full build's verdicts (the crate's differential tests hold them equal); what it lacks
 * is the full build's extra findings (the schema lint's). `loadFull()` starts the full build's
 * load (once) and resolves when done.
 *
 * @typedef {{ glue: object | (() => Promise<object>), wasm: URL | string, asset: string, total?: number }} Build
 */
export class Builds {
  /** @param {{ core: Build, server?: Build, full: Build, onProgress?: (loaded: number, total: number | undefined, build: 'full' | 'server') => void, onFull?: (error?: unknown) => void, onServer?: (error?: unknown) => void }} builds */
  constructor({ core, server, full, onProgress = () => {}, onFull = () => {}, onServer = () => {} }) {
    this.full = full;
    this.server = server;
    this.onProgress = onProgress;
    this.onFull = onFull;
    this.onServer = onServer;
    // Imported once: for the function list now, initialised by `loadFull` later.
    this.fullGlue = glueModule(full.glue);
    this.serverGlue = server ? glueModule(server.glue) : Promise.resolve(undefined);
    this.fullLoaded = false;
    // Without the full build's glue (it failed to load) the caller simply lacks its functions.
    const optional = (glue) => glue.catch(() => undefined);
    this.ready = Promise.all([start(core), optional(this.fullGlue), optional(this.serverGlue)]).then(([glue, fullGlue, serverGlue]) => {
      this.core = glue;
      this.coreFunctions = new Set(apiFunctions(glue));
      this.serverFunctions = new Set(serverGlue ? apiFunctions(serverGlue).filter((fn) => !this.coreFunctions.has(fn)) : []);
      const functions = new Set([...this.coreFunctions, ...this.serverFunctions, ...(fullGlue ? apiFunctions(fullGlue) : [])]);
      return { functions, core: this.coreFunctions, server: this.serverFunctions, version: glue.version() };
    });
  }

  /** Starts loading the full build (once); resolves to its initialised glue. */
  loadFull() {
    if (!this.fullLoad) {
      this.fullLoad = this.#load(this.full, this.fullGlue, 'full');
      this.fullLoad.then(() => {
        this.fullLoaded = true;
        this.onFull();
      }, (error) => this.onFull(error));
    }
    return this.fullLoad;
  }

  /** Starts loading the server build (once); resolves to its initialised glue. */
  loadServer() {
    if (!this.serverLoad) {
      this.serverLoad = this.#load(this.server, this.serverGlue, 'server');
      this.serverLoad.then(() => this.onServer(), (error) => this.onServer(error));
    }
    return this.serverLoad;
  }

  /** `build`'s glue (`glue`, being imported) started with its .wasm, fetched with progress. */
  async #load(build, glue, name) {
    this.onProgress(0, build.total, name);
    const onProgress = (loaded, total) => this.onProgress(loaded, total, name);
    const [module, compiled] = await Promise.all([glue, fetchModule(build.wasm, build.asset, { total: build.total, onProgress })]);
    return startGlue(module, compiled);
  }

  /** The initialised glue that runs `fn` (see the class's comment). */
  async glueFor(fn) {
    await this.ready;
    if (this.coreFunctions.has(fn)) return this.core;
    // A server build that fails to load leaves its calls to the full build.
    if (!this.fullLoaded && this.serverFunctions.has(fn)) return this.loadServer().catch(() => this.loadFull());
    return this.loadFull();
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
