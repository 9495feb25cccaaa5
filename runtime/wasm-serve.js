// The worker side of the wasm RPC (the page side is wasm-rpc.js): no wasm call ever runs on the
// page's thread. On start the worker reports which functions this build exports (callers
// feature-detect with it); then each `{id, fn, args}` message is answered with
// `{id, ok: true, value}` or `{id, ok: false, error}`. Used by the toolbox page's worker and by
// element-worker.js, the one worker all `<mcp-json>` elements of a page share.

/** Exports that are glue, not API. */
const GLUE = new Set(['default', 'initSync']);

/** The callable API of a glue module (functions only; classes such as `Validator` are not RPC targets). */
function apiFunctions(wasm) {
  return Object.keys(wasm).filter(
    (name) => !GLUE.has(name) && typeof wasm[name] === 'function' && !/^[A-Z]/.test(name),
  );
}

/** A thrown value as a plain, cloneable object keeping `name`, `message` and typed fields (line, column…). */
export function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...Object.fromEntries(Object.entries(error)), name: error.name, message: error.message };
}

/** Serves the wasm-bindgen glue `wasm` in this worker once `init(initArg)` has loaded its module. */
export function serve(init, wasm, initArg) {
  const ready = init(initArg).then(
    () => {
      const functions = apiFunctions(wasm);
      self.postMessage({ ready: true, functions, version: wasm.version() });
      return new Set(functions);
    },
    (error) => {
      self.postMessage({ ready: false, error: plainError(error) });
      throw error;
    },
  );

  self.onmessage = async ({ data: { id, fn, args } }) => {
    try {
      const functions = await ready;
      if (!functions.has(fn)) throw new Error(`${fn} is not available in this build`);
      self.postMessage({ id, ok: true, value: wasm[fn](...args) });
    } catch (error) {
      self.postMessage({ id, ok: false, error: plainError(error) });
    }
  };
}
