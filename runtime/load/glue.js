// A wasm-bindgen glue module of the package (`<glue>.js`, or a copy from `<glue>_factory.js`): which
// of its exports are the API, and starting its instance from a compiled module. The entries
// (entries/), trap recovery (recover.js), the two builds of a worker (builds.js) and
// scripts/build-pkg.mjs all ask here.

/**
 * Exports of a wasm-bindgen glue that are glue, not API: its two init functions, and `start`, the
 * `#[wasm_bindgen(start)]` hook (panic messages to the console) that the glue runs itself when it
 * instantiates the module.
 */
const NOT_API = new Set(['default', 'initSync', 'start']);

/** The names of the API of `glue` (functions, classes), in the glue's order. */
export function apiNames(glue) {
  return Object.keys(glue).filter((name) => !NOT_API.has(name));
}

/** The callable API of a glue module: its functions (classes such as `Validator` are not RPC targets). */
export function apiFunctions(glue) {
  return apiNames(glue).filter((name) => typeof glue[name] === 'function' && !/^[A-Z]/.test(name));
}

/** Starts the instance of `glue` from the compiled wasm `module`, synchronously; returns `glue`. */
export function startGlueSync(glue, module) {
  glue.initSync({ module });
  return glue;
}

/** Starts the instance of `glue` from the compiled wasm `module`; resolves to `glue`. */
export async function startGlue(glue, module) {
  await glue.default({ module_or_path: module });
  return glue;
}
