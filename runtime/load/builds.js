// The package's wasm builds, inside a worker: the format core (format, formatDocument, version, the docs examples' judgeExample and unknownSchema;
// tens of KB) started at once, the full build (validation, classification, host checks) loaded
// only when asked, with its download progress in bytes, and optionally the server build
// (validation alone), which serves what it has while the full build is not there: the toolbox
// page's Validate tab answers without waiting for sessions, logs and compatibility. worker-server.js
// serves them; the toolbox page's worker and `<mcp-json>`'s (element-worker.js) are each a
// `serve(...)` of their own URLs.

import { fetchModule } from './fetch.js';
import { apiFunctions, startGlue } from './glue.js';

/**
 * The builds, each `{ glue, wasm, asset, total? }`: `glue` the wasm-bindgen web glue (the
 * module itself, imported statically so that bundlers see it, or a function that imports it: no
 * `import()` of a computed URL here, which bundlers cannot follow and webpack warns of), `wasm`
 * the URL of its .wasm, `asset` that file's name in the package (for load errors, `load.js`);
 * `total` optionally its size in bytes, for progress when it is served compressed; `functions`
 * optionally its function list (`apiFunctions` of glue.js, taken when the page was built): the
 * server and full builds' glues are then imported when the build loads, not at start for the list.
 * `onProgress(loaded, total, build)` follows the download of the full build (`build` 'full') or
 * of the server build ('server'); `onFull(error)` is told when the full build has loaded (`error`
 * undefined) or failed, `onServer(error)` the same of the server build.
 *
 * `ready` resolves when the core runs, to `{ functions, core, server, version }`: `functions` is
 * every function of the builds (from their `functions` or their glues, their .wasm not fetched),
 * `core` those the core runs, `server` those the server build runs. `glueFor(fn)` gives the
 * initialised glue that runs `fn`: the core's if it has `fn`; else the full build's once it has
 * loaded; else the server build's if it has `fn` (loaded first; the full build's if it fails to
 * load, or if the full build is downloading with fewer bytes to go than the server build has in
 * all); else the full build's (loaded first). The server build
 * gives the full build's verdicts (the crate's differential tests hold them equal); what it lacks
 * is the full build's extra findings (the schema lint's). `loadFull()` starts the full build's
 * load (once) and resolves when done; while the server build downloads for a call and no call
 * needs the full build, the full build's download waits (and one under way stops, to start again
 * after it), so that the call does not share the link with it.
 *
 * @typedef {{ glue: object | (() => Promise<object>), wasm: URL | string, asset: string, total?: number, functions?: string[] }} Build
 */
export class Builds {
  /** @param {{ core: Build, server?: Build, full: Build, onProgress?: (loaded: number, total: number | undefined, build: 'full' | 'server') => void, onFull?: (error?: unknown) => void, onServer?: (error?: unknown) => void }} builds */
  constructor({ core, server, full, onProgress = () => {}, onFull = () => {}, onServer = () => {} }) {
    this.full = full;
    this.server = server;
    this.onProgress = onProgress;
    this.onFull = onFull;
    this.onServer = onServer;
    // Imported once: for the function list now (unless the build lists them), initialised when it loads.
    this.fullGlue = full.functions ? undefined : glueModule(full.glue);
    this.serverGlue = server && !server.functions ? glueModule(server.glue) : undefined;
    this.fullLoaded = false;
    // Without the full build's glue (it failed to load) the caller simply lacks its functions.
    const list = (build, glue) => build?.functions ?? glue?.then(apiFunctions, () => []) ?? [];
    this.ready = Promise.all([start(core), list(full, this.fullGlue), list(server, this.serverGlue)]).then(([glue, fullFunctions, serverFunctions]) => {
      this.core = glue;
      this.coreFunctions = new Set(apiFunctions(glue));
      this.serverFunctions = new Set(serverFunctions.filter((fn) => !this.coreFunctions.has(fn)));
      const functions = new Set([...this.coreFunctions, ...this.serverFunctions, ...fullFunctions]);
      return { functions, core: this.coreFunctions, server: this.serverFunctions, version: glue.version() };
    });
  }

  /** Starts loading the full build (once); resolves to its initialised glue. */
  loadFull() {
    if (!this.fullLoad) {
      this.fullGlue ??= glueModule(this.full.glue);
      this.fullLoad = this.#downloadFull();
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
      this.serverLoading = true;
      this.serverGlue ??= glueModule(this.server.glue);
      this.serverLoad = this.#load(this.server, this.serverGlue, 'server');
      this.serverLoad.finally(() => (this.serverLoading = false)).catch(() => {});
      this.serverLoad.then(() => this.onServer(), (error) => this.onServer(error));
    }
    return this.serverLoad;
  }

  /**
   * The full build's load. The server build goes first while no call needs the full build (the
   * link's bandwidth to the build a call waits for): a background load waits for the server
   * build's to end, and one under way stops when a call of the server build comes, to start again
   * after it (`#yieldFull`).
   */
  async #downloadFull() {
    for (;;) {
      await this.#fullTurn();
      const download = { controller: new AbortController(), loaded: 0 };
      this.fullDownload = download;
      try {
        return await this.#load(this.full, this.fullGlue, 'full', download);
      } catch (error) {
        if (error !== YIELDED) throw error;
      } finally {
        this.fullDownload = undefined;
      }
    }
  }

  /** Resolves when the full build may download: at once, unless the server build is loading and no call needs the full build (then when either changes). */
  #fullTurn() {
    if (this.fullNeeded || !this.serverLoading) return undefined;
    return new Promise((resolve) => {
      this.fullWanted = resolve;
      this.serverLoad.then(resolve, resolve);
    });
  }

  /** A call needs the full build: it downloads now, whatever the server build does. */
  #needFull() {
    this.fullNeeded = true;
    this.fullWanted?.();
  }

  /** Whether the full build is downloading, with fewer bytes to go than the server build (not asked for yet) has in all. */
  #fullFirst() {
    const download = this.fullDownload;
    return Boolean(download && !this.serverLoad && this.full.total - download.loaded <= this.server.total);
  }

  /** Stops the full build's background download in favour of the server build's (see `#downloadFull`). */
  #yieldFull() {
    const download = this.fullDownload;
    if (download && !this.fullNeeded && this.serverLoading) download.controller.abort(YIELDED);
  }

  /** `build`'s glue (`glue`, being imported) started with its .wasm, fetched with progress (counted in `download.loaded`, stopped by its controller). */
  async #load(build, glue, name, download) {
    this.onProgress(0, build.total, name);
    const onProgress = (loaded, total) => {
      if (download) download.loaded = loaded;
      this.onProgress(loaded, total, name);
    };
    const signal = download?.controller.signal;
    const [module, compiled] = await Promise.all([glue, fetchModule(build.wasm, build.asset, { total: build.total, onProgress, signal })]);
    return startGlue(module, compiled);
  }

  /** The initialised glue that runs `fn` (see the class's comment). */
  async glueFor(fn) {
    await this.ready;
    if (this.coreFunctions.has(fn)) return this.core;
    if (!this.fullLoaded && this.serverFunctions.has(fn)) {
      // The full build on its way has less to download than the server build in all: it serves the call.
      if (this.#fullFirst()) {
        this.#needFull();
        return this.loadFull();
      }
      const server = this.loadServer();
      this.#yieldFull();
      // A server build that fails to load leaves its calls to the full build.
      return server.catch(() => {
        this.#needFull();
        return this.loadFull();
      });
    }
    this.#needFull();
    return this.loadFull();
  }
}

/** The reason a background download of the full build stops for the server build's (`#yieldFull`). */
const YIELDED = new Error('the full build yields to the server build');

/** A glue given as a module, or as a function that imports it. */
async function glueModule(glue) {
  return typeof glue === 'function' ? glue() : glue;
}

/** The core's glue, initialised with its .wasm (fetched and checked by `fetchModule`). */
async function start({ glue, wasm, asset }) {
  const [module, compiled] = await Promise.all([glueModule(glue), fetchModule(wasm, asset)]);
  return startGlue(module, compiled);
}
