// The wasm worker: a generic RPC over postMessage, so no wasm call ever runs on the page's thread.
// On start it reports which functions this build exports (the page feature-detects tabs with it);
// then each `{id, fn, args}` message is answered with `{id, ok: true, value}` or `{id, ok: false, error}`.
import init, * as wasm from './pkg/mcp_json_toolbox.js';

/** Exports that are glue, not API. */
const GLUE = new Set(['default', 'initSync']);

/** The callable API of this build (functions only; classes such as `Validator` are not RPC targets). */
function apiFunctions() {
  return Object.keys(wasm).filter(
    (name) => !GLUE.has(name) && typeof wasm[name] === 'function' && !/^[A-Z]/.test(name),
  );
}

/** A thrown value as a plain, cloneable object keeping `name`, `message` and typed fields (line, column…). */
function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  return { ...Object.fromEntries(Object.entries(error)), name: error.name, message: error.message };
}

const ready = init().then(
  () => {
    const functions = apiFunctions();
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
