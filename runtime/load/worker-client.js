// The page side of the worker RPC (the worker runs worker-server.js, or the toolbox page's two-build
// worker): promises for calls, a "busy" signal, the full build's loading state, and Cancel
// (terminate + restart). Used by the toolbox page and by `<mcp-json>`. A trap becomes the
// package's `InternalError` (recover.js, the one copy).
import { internalError } from './recover.js';

/** Rejection reason of calls that were cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

/** Error names that mean the wasm instance trapped (a panic, a stack overflow): it is unusable. */
const TRAPS = new Set(['RuntimeError', 'RangeError', 'InternalError']);

/** A wasm worker that can be called, cancelled and restarted. */
export class WasmWorker {
  /**
   * `url` is the worker script, or a function making the Worker (so a caller can write
   * `new Worker(new URL('./w.js', import.meta.url))` literally, the pattern by which Vite and
   * webpack find and bundle a worker). `onBusy(busy)` is told when the first call starts and the last one ends; `onProgress(progress)`
   * when a running call reports how far it is (`this.progress`) or the server build's download
   * progresses (`this.server`: `{state, loaded, total}`, while a call of it waits: `waitingFor`); `onFull(full)` when
   * the full build's state changes (`this.full`: `{state: 'idle' | 'loading' | 'loaded' |
   * 'failed', loaded, total, error?}`).
   * @param {string | URL | (() => Worker)} url
   * @param {{ onBusy?: (busy: boolean) => void, onFull?: (full: object) => void, onProgress?: (progress: object) => void }} [callbacks]
   */
  constructor(url, { onBusy = () => {}, onFull = () => {}, onProgress = () => {} } = {}) {
    this.create = typeof url === 'function' ? url : () => new Worker(url, { type: 'module' });
    this.onBusy = onBusy;
    this.onProgress = onProgress;
    this.onFull = onFull;
    this.nextId = 1;
    this.wantFull = false;
    this.start();
  }

  /** Starts a fresh worker; `this.ready` resolves to `{functions: Set, core: Set, version}`. */
  start() {
    this.pending = new Map();
    this.full = { state: 'idle', loaded: 0 };
    this.server = { state: 'idle', loaded: 0 };
    this.worker = this.create();
    // A restarted worker loads the full build again if the one before was asked to.
    if (this.wantFull) this.loadFull();
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if ('ready' in data) {
          this.core = new Set(data.core);
          this.serverFunctions = new Set(data.server);
          if (data.ready) resolve({ functions: new Set(data.functions), core: this.core, server: this.serverFunctions, version: data.version });
          else reject(Object.assign(new Error(data.error.message), data.error));
          return;
        }
        if ('progress' in data && data.id !== undefined) return this.callProgressed(data.id, data.progress);
        if ('progress' in data && data.build === 'server') {
          this.server = { ...this.server, state: 'loading', ...data.progress };
          return this.onProgress(this.progress);
        }
        if ('server' in data) {
          this.server = { ...this.server, state: data.server ? 'loaded' : 'failed' };
          return this.onProgress(this.progress);
        }
        if ('progress' in data) return this.fullChanged({ state: 'loading', ...data.progress });
        if ('full' in data) {
          const error = data.full ? undefined : Object.assign(new Error(data.error.message), data.error);
          return this.fullChanged({ state: data.full ? 'loaded' : 'failed', error });
        }
        const call = this.pending.get(data.id);
        if (!call) return;
        this.pending.delete(data.id);
        this.changed();
        if (data.ok) return call.resolve(data.value);
        const error = Object.assign(new Error(data.error.message), data.error);
        if (!TRAPS.has(error.name)) return call.reject(error);
        // A wasm trap (e.g. a panic) leaves the instance unusable: start a fresh one.
        const internal = internalError(call.fn, error);
        call.reject(internal);
        this.restart(internal);
      };
      this.worker.onerror = (event) => reject(new Error(event.message || 'the wasm worker failed to start'));
    });
  }

  /** Asks the worker to load the full build now (once per worker; no-op when loading or loaded). */
  loadFull() {
    this.wantFull = true;
    if (this.full.state !== 'idle') return;
    this.fullChanged({ state: 'loading' });
    this.worker.postMessage({ load: 'full' });
  }

  fullChanged(change) {
    this.full = { ...this.full, ...change };
    this.onFull(this.full);
  }

  /** Calls wasm function `fn` with `args` in the worker (which loads the full build first if `fn` needs it). */
  call(fn, ...args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, fn });
      this.changed();
      this.worker.postMessage({ id, fn, args });
    });
  }

  /** A running call reported how far it is. */
  callProgressed(id, progress) {
    const call = this.pending.get(id);
    if (!call) return;
    call.progress = progress;
    this.onProgress(this.progress);
  }

  /** How far the running call that reports its progress is: `{fn, read, total}`, or undefined. */
  get progress() {
    for (const call of this.pending.values()) if (call.progress) return { fn: call.fn, ...call.progress };
    return undefined;
  }

  /** Whether a running call waits for the full build to load. */
  get waitingForFull() {
    return this.waitingFor === 'full';
  }

  /**
   * The build a running call waits for while it downloads: 'server' (the worker serves a call of
   * the server build from it until the full build has loaded, once it loads it), 'full' (also for a
   * call of the server build while the worker has not started the server build: it gives such a
   * call to a full build that has less to download), or undefined.
   */
  get waitingFor() {
    const calls = [...this.pending.values()].filter((call) => !this.core?.has(call.fn));
    const onServer = (call) => this.full.state !== 'loaded' && this.server.state !== 'failed' && this.serverFunctions?.has(call.fn);
    if (this.server.state === 'loading' && calls.some(onServer)) return 'server';
    const onFull = (call) => !onServer(call) || this.server.state === 'idle';
    if (this.full.state === 'loading' && calls.some(onFull)) return 'full';
    return undefined;
  }

  /** Whether calls are running. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Stops every running call (their promises reject with `Cancelled`) and starts a new worker. */
  cancel() {
    this.restart(new Cancelled());
  }

  /** Terminates the worker, rejects the calls still running with `reason`, and starts a new worker. */
  restart(reason) {
    this.worker.terminate();
    const calls = [...this.pending.values()];
    this.start();
    this.changed();
    for (const call of calls) call.reject(reason);
  }

  changed() {
    this.onBusy(this.busy);
  }
}
