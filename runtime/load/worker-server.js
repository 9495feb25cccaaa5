// The worker side of the wasm RPC (the page side is worker-client.js): no wasm call ever runs on the
// page's thread. The worker serves the package's builds (builds.js): on start it reports
// every function of them, those the format core runs and those the server build runs (callers
// feature-detect with it); the full build is loaded when the caller sends `{load: 'full'}` or when
// a call needs it, reported as `{progress: {loaded, total}}` and then `{full: true}` (or
// `{full: false, error}`); the server build (when served) when a call it runs comes before the
// full build has loaded, reported as `{progress: {loaded, total}, build: 'server'}` and then
// `{server: true}` (or `{server: false, error}`). Each
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

/** Serves the builds `{ core, server?, full }` (as `Builds` takes them) in this worker, with `after` and `local` (see above).
 * @param {{ core: import('./builds.js').Build, server?: import('./builds.js').Build, full: import('./builds.js').Build, after?: object, local?: object }} builds */
export function serve({ core, server, full, after = {}, local = {} }) {
  const builds = new Builds({
    core,
    server,
    full,
    onProgress: (loaded, total, build) => self.postMessage({ progress: { loaded, total }, ...(build === 'server' ? { build } : {}) }),
    onFull: (error) => self.postMessage(error ? { full: false, error: plainError(error) } : { full: true }),
    onServer: (error) => self.postMessage(error ? { server: false, error: plainError(error) } : { server: true }),
  });

  builds.ready.then(
    ({ functions, core: coreFunctions, server: serverFunctions, version }) =>
      self.postMessage({ ready: true, functions: [...functions, ...Object.keys(local)], core: [...coreFunctions], server: [...serverFunctions], version }),
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
