// What the build gives the checked JavaScript that no module declares (tsconfig.json includes it).

/** A `.wasm` imported with `?module` (runtime/entries/precompiled.js): the runtime or its bundler
 * compiles it ahead and the import's value is the compiled module. */
declare module '*.wasm?module' {
  const module: WebAssembly.Module;
  export default module;
}

/** Raw size in bytes of the full build's .wasm, a number www/build.mjs defines (esbuild `define`). */
declare const __FULL_WASM_BYTES__: number;
/** The same of the server build's .wasm. */
declare const __SERVER_WASM_BYTES__: number;
/** The page's build (www/sw.js): its version and the files to precache, written in by www/build.mjs. */
declare const __BUILD__: { version: string; files: string[] };
/** The full build's functions (`apiFunctions` of its glue), an array www/build.mjs defines. */
declare const __FULL_FUNCTIONS__: string[];
/** The same of the server build. */
declare const __SERVER_FUNCTIONS__: string[];
