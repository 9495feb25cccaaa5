// The worker side of the wasm RPC (the page side is worker-client.js): no wasm call ever runs on the
// page's thread. The worker serves the package's two builds (builds.js): on start it reports
// every function of both and those the format core runs (callers feature-detect with it); the full
// build is loaded when the caller sends `{load: 'full'}` or when a call needs it, reported as
// `{progress: {loaded, total}}` and then `{full: true}` (or `{full: false, error}`). Each
// `{id, fn, args}` message is answered with `{id, ok: true, value}` or `{id, ok: false, error}`;
// a function that reports its progress (`PROGRESS_ARGUMENT`) is given a callback that posts
// `{id, progress: {read, total}}` while it runs. A server may shape what an answer sends across
// (`after[fn](value)`, run in the worker: the toolbox page keeps a replay's sequence there) and add
// functions of its own (`local[fn](...args)`, reported with the builds' functions).
// The toolbox page's worker and element-worker.js (the one worker all `<mcp-json>` elements of a
// page share) are each one `serve(...)`.
import { Builds } from './builds.js';
import { laidOut } from './columns.js';

/** A thrown value as a plain, cloneable object keeping `name`, `message` and typed fields (line, column…). */
function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...Object.fromEntries(Object.entries(error)), name: error.name, message: error.message };
}

/** The functions that take a progress callback `(read, total)`, and the index of that argument. */
const PROGRESS_ARGUMENT = { replayLog: 2 };

/** `args` of call `id` to `fn`, with the progress callback where `fn` takes one. */
function withProgress(id, fn, args) {
  const at = PROGRESS_ARGUMENT[fn];
  if (at === undefined) return args;
  const full = [...args];
  full[at] = (read, total) => self.postMessage({ id, progress: { read, total } });
  return full;
}

/** Serves the builds `{ core, full }` (as `Builds` takes them) in this worker, with `after` and `local` (see above). */
export function serve({ core, full, after = {}, local = {} }) {
  const builds = new Builds({
    core,
    full,
    onProgress: (loaded, total) => self.postMessage({ progress: { loaded, total } }),
    onFull: (error) => self.postMessage(error ? { full: false, error: plainError(error) } : { full: true }),
  });

  builds.ready.then(
    ({ functions, core: coreFunctions, version }) =>
      self.postMessage({ ready: true, functions: [...functions, ...Object.keys(local)], core: [...coreFunctions], version }),
    (error) => self.postMessage({ ready: false, error: plainError(error) }),
  );

  self.onmessage = async ({ data: { id, fn, args, load } }) => {
    if (load === 'full') return builds.loadFull().catch(() => {});
    try {
      if (Object.hasOwn(local, fn)) return self.postMessage({ id, ok: true, value: local[fn](...args) });
      const { functions } = await builds.ready;
      if (!functions.has(fn)) throw new Error(`${fn} is not available in this build`);
      const glue = await builds.glueFor(fn);
      const value = laidOut(fn, glue[fn](...withProgress(id, fn, args)), args);
      self.postMessage({ id, ok: true, value: Object.hasOwn(after, fn) ? after[fn](value) : value });
    } catch (error) {
      self.postMessage({ id, ok: false, error: plainError(error) });
    }
  };
}
