// The page side of the worker RPC (the worker runs wasm-serve.js): promises for calls, a "busy"
// signal, and Cancel (terminate + restart). Used by the toolbox page and by `<mcp-json>`.
import { internalError } from './recover.js';

/** Rejection reason of calls that were cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'Cancelled';
  }
}

/** Error names that mean the wasm instance trapped (a panic, a stack overflow): it is unusable. */
export const TRAPS = new Set(['RuntimeError', 'RangeError', 'InternalError']);

/** A wasm worker that can be called, cancelled and restarted. */
export class WasmWorker {
  /** `url` is the worker script (or a function making the Worker); `onBusy(busy)` is told when the first call starts and the last one ends. */
  constructor(url, onBusy = () => {}) {
    // A function making the Worker lets a caller write `new Worker(new URL('./w.js', import.meta.url))`
    // literally, the pattern by which Vite and webpack find and bundle a worker.
    this.create = typeof url === 'function' ? url : () => new Worker(url, { type: 'module' });
    this.onBusy = onBusy;
    this.nextId = 1;
    this.start();
  }

  /** Starts a fresh worker; `this.ready` resolves to `{functions: Set, version}`. */
  start() {
    this.pending = new Map();
    this.worker = this.create();
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if ('ready' in data) {
          if (data.ready) resolve({ functions: new Set(data.functions), version: data.version });
          else reject(Object.assign(new Error(data.error.message), data.error));
          return;
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

  /** Calls wasm function `fn` with `args` in the worker. */
  call(fn, ...args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, fn });
      this.changed();
      this.worker.postMessage({ id, fn, args });
    });
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
