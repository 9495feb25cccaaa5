// Loading a .wasm of the package in browsers and bundles (the entry `index.js`, and any other entry
// with a .wasm of its own, uses this): fetch it, check what came back, compile it, and start the
// first instance. A missing or wrong file is an Error that names the URL fetched, what the server
// answered (the HTTP status, or the content type of something that is not WebAssembly) and what to
// do, instead of a CompileError about magic words.
import { startGlue } from './glue.js';
import { instanceHost } from './recover.js';

/** The first bytes of every WebAssembly module: `\0asm`. */
const MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * The Error for a .wasm of the package (`asset`, its name in the package) that could not be loaded
 * from `url`: `answer` says what went wrong; `cause` is the underlying error, if any.
 */
function loadError(url, asset, answer, cause) {
  const message =
    `mcp-json-toolbox could not load its WebAssembly module ${asset} from ${url}: ${answer}. ` +
    `Serve the package's ${asset} at that URL: a bundler that does not emit it (esbuild, Rollup) ` +
    `needs it copied next to the bundle, e.g. cp node_modules/mcp-json-toolbox/${asset} dist/ ` +
    `(the package README, "Bundlers", has a recipe per bundler).`;
  return new Error(message, cause === undefined ? undefined : { cause });
}

/** The start of a body that is not WebAssembly, printable, for an error message. */
function preview(bytes) {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 32));
  return JSON.stringify(text.replace(/\s+/g, ' '));
}

/**
 * `response` with its body counted as it streams: `onProgress(loaded, total)` after each chunk,
 * `loaded` the bytes of the module so far (after any content encoding is undone), `total` the
 * given one, else the response's length when it is not compressed, else `undefined`.
 */
function counted(response, total, onProgress) {
  const length = Number(response.headers.get('content-length'));
  const known = total ?? (!response.headers.get('content-encoding') && length > 0 ? length : undefined);
  let loaded = 0;
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      onProgress(loaded, known);
      controller.enqueue(chunk);
    },
  }));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Fetches and compiles the .wasm at `url` (`asset` is its name in the package, for errors). A failed
 * request, an HTTP error status, a body that is not WebAssembly (an HTML fallback page, say) or one
 * that does not compile throws `loadError`. Served as `application/wasm` it compiles while it
 * downloads; any other content type is read whole and checked first. With `onProgress`, the
 * download is reported as it goes (see `counted`; `total` is the module's size when the caller
 * knows it, for a response served compressed). `signal` (an AbortSignal) stops the download: the
 * promise then rejects with the signal's reason.
 * @param {URL | string} url
 * @param {string} asset
 * @param {{ total?: number, onProgress?: (loaded: number, total: number | undefined) => void, signal?: AbortSignal }} [options]
 */
export async function fetchModule(url, asset, { total, onProgress, signal } = {}) {
  try {
    return await fetchAndCompile(url, asset, { total, onProgress, signal });
  } catch (error) {
    // Stopped by its caller: the caller's reason, not a load error.
    throw signal?.aborted ? signal.reason : error;
  }
}

/**
 * `fetchModule` without the abort: `signal` stops the request and its body.
 * @param {URL | string} url
 * @param {string} asset
 * @param {{ total?: number, onProgress?: (loaded: number, total: number | undefined) => void, signal?: AbortSignal }} options
 */
async function fetchAndCompile(url, asset, { total, onProgress, signal }) {
  let response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw loadError(url, asset, `the request failed (${error?.message ?? error})`, error);
  }
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (!response.ok) throw loadError(url, asset, `the server answered ${status}`);
  if (onProgress) response = counted(response, total, onProgress);
  const type = response.headers.get('content-type') ?? '';
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\s*(;|$)/i.test(type)) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (error) {
      throw loadError(url, asset, `${status} (application/wasm) did not compile: ${error?.message ?? error}`, error);
    }
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!MAGIC.every((byte, i) => bytes[i] === byte)) {
    const what = type ? `content type ${type}` : 'no content type';
    throw loadError(url, asset, `${status} with ${what} is not WebAssembly (it starts with ${preview(bytes)})`);
  }
  try {
    return await WebAssembly.compile(bytes);
  } catch (error) {
    throw loadError(url, asset, `${status} did not compile: ${error?.message ?? error}`, error);
  }
}

/**
 * The `host` of recover.js's `recoverable` for the .wasm at `url`: fetched and compiled by
 * `fetchModule`, its first instance made asynchronously by a glue from `createGlue`; a fresh
 * instance is made only after a trap.
 */
export async function loadHost(createGlue, url, asset) {
  const module = await fetchModule(url, asset);
  return instanceHost(createGlue, module, await startGlue(createGlue(), module));
}
