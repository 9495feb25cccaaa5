// Loading the .wasm in browsers and bundles (pkg/load/fetch.js, what `index.js` runs; pkg/load/builds.js,
// what the page's worker and `<mcp-json>`'s run), here in Node against a local HTTP server: a
// missing or wrong file is an Error naming the URL, what the server answered and what to do; a good
// one compiles, whatever its content type; the download is reported as it goes; the builds
// start with the format core alone and fetch the full build only when a function needs it, and a
// function of the server build runs on it until the full build has loaded, the full build's
// background download giving way to the server build's (stopped, started again after it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { createGlue } from '../../pkg/mcp_json_toolbox_factory.js';
import { fetchModule, loadHost } from '../../pkg/load/fetch.js';
import { recoverable } from '../../pkg/load/recover.js';
import { Builds } from '../../pkg/load/builds.js';
import * as coreGlue from '../../pkg/mcp_json_toolbox_format.js';
import * as fullGlue from '../../pkg/mcp_json_toolbox.js';
import * as serverGlue from '../../pkg/mcp_json_toolbox_validator.js';

const ASSET = 'mcp_json_toolbox_bg.wasm';
const CORE_ASSET = 'mcp_json_toolbox_format_bg.wasm';
const SERVER_ASSET = 'mcp_json_toolbox_validator_bg.wasm';
const pkgFile = (file) => readFileSync(new URL(`../../pkg/${file}`, import.meta.url));
/** The smallest valid module: magic word and version. */
const EMPTY_MODULE = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
/** What each path answers: [status, content type, body]. */
const ROUTES = {
  '/missing.wasm': [404, 'text/plain', 'not found'],
  '/fallback.wasm': [200, 'text/html; charset=utf-8', '<!doctype html>\n<title>My app</title>'],
  '/octet.wasm': [200, 'application/octet-stream', EMPTY_MODULE],
  '/typed.wasm': [200, 'application/wasm', EMPTY_MODULE],
  '/broken.wasm': [200, 'application/wasm', Buffer.concat([EMPTY_MODULE, Buffer.from([0xff])])],
  '/untyped.wasm': [200, undefined, 'nothing'],
  '/real.wasm': [200, 'application/wasm', pkgFile(ASSET)],
  '/core.wasm': [200, 'application/wasm', pkgFile(CORE_ASSET)],
  '/server.wasm': [200, 'application/wasm', pkgFile(SERVER_ASSET)],
  '/held.wasm': [200, 'application/wasm', pkgFile(ASSET)],
};
/** The paths asked for, in order. */
const asked = [];
/**
 * How the next request of /held.wasm is held, if it is: `{ bytes, release }`, its first `bytes`
 * sent, the rest once `release` (a promise) resolves, never without one (until the client gives up).
 */
let holdNext;
/** Called once a held response's first part is sent. */
let onHeld = () => {};

function hold(res) {
  const { bytes, release } = holdNext;
  holdNext = undefined;
  const body = pkgFile(ASSET);
  res.writeHead(200, { 'content-type': 'application/wasm', 'content-length': body.length });
  res.write(body.subarray(0, bytes), () => onHeld());
  release?.then(() => res.end(body.subarray(bytes)));
}

let server;
let base;

before(async () => {
  server = createServer((req, res) => {
    asked.push(req.url);
    if (req.url === '/held.wasm' && holdNext) return hold(res);
    const [status, type, body] = ROUTES[req.url] ?? [500, 'text/plain', 'no route'];
    res.writeHead(status, { ...(type && { 'content-type': type }), 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => new Promise((ok) => server.close(ok)));

/** Asserts that loading `path` rejects with an Error whose message holds every pattern. */
async function rejects(path, ...patterns) {
  const url = `${base}${path}`;
  await assert.rejects(fetchModule(url, ASSET), (error) => {
    assert.ok(error instanceof Error && error.constructor === Error, `a plain Error, got ${error?.name}`);
    assert.ok(error.message.startsWith(`mcp-json-toolbox could not load its WebAssembly module ${ASSET} from ${url}: `), error.message);
    assert.ok(error.message.includes(`cp node_modules/mcp-json-toolbox/${ASSET} dist/`), error.message);
    for (const pattern of patterns) assert.match(error.message, pattern);
    return true;
  });
}

test('a missing .wasm names the URL, the HTTP status and what to do', () => rejects('/missing.wasm', /the server answered HTTP 404 Not Found\./));

test('an HTML page where the .wasm belongs names its content type and how it starts', () =>
  rejects('/fallback.wasm', /HTTP 200 OK with content type text\/html; charset=utf-8 is not WebAssembly \(it starts with "<!doctype html> <title>My app/));

test('a body with no content type that is not WebAssembly says so', () =>
  rejects('/untyped.wasm', /HTTP 200 OK with no content type is not WebAssembly \(it starts with "nothing"\)/));

test('application/wasm that does not compile keeps the CompileError as its cause', async () => {
  await rejects('/broken.wasm', /HTTP 200 OK \(application\/wasm\) did not compile: /);
  await fetchModule(`${base}/broken.wasm`, ASSET).catch((error) => assert.ok(error.cause instanceof WebAssembly.CompileError));
});

test('a request that fails names the URL and the failure', async () => {
  const closed = createServer();
  await new Promise((ok) => closed.listen(0, '127.0.0.1', ok));
  const port = closed.address().port;
  await new Promise((ok) => closed.close(ok));
  const url = `http://127.0.0.1:${port}/x.wasm`;
  await assert.rejects(fetchModule(url, ASSET), (error) => error.message.includes(` from ${url}: the request failed (`) && error.cause !== undefined);
});

test('a good module compiles whether served as application/wasm or not', async () => {
  for (const path of ['/typed.wasm', '/octet.wasm']) {
    assert.ok((await fetchModule(`${base}${path}`, ASSET)) instanceof WebAssembly.Module, path);
  }
});

test('loadHost starts the real package from a URL, one instance until a trap', async () => {
  const made = [];
  const counting = () => {
    const glue = createGlue();
    made.push(glue);
    return glue;
  };
  const host = await loadHost(counting, `${base}/real.wasm`, ASSET);
  const api = recoverable(host);
  assert.equal(api.format('{"a":[1.50]}', { minify: true }), '{"a":[1.50]}');
  assert.equal(new api.Validator('{"type":"object"}').isValid('{}'), true);
  assert.equal(made.length, 1, 'no spare instance before a trap');
  assert.throws(() => api.format(5), { name: 'InternalError' }); // unchecked: a real trap
  assert.equal(made.length, 2);
  assert.equal(api.format('[2]', { minify: true }), '[2]');
});

test('fetchModule with onProgress reports the bytes as they stream, up to the length served', async () => {
  const reports = [];
  const module = await fetchModule(`${base}/real.wasm`, ASSET, { onProgress: (loaded, total) => reports.push([loaded, total]) });
  assert.ok(module instanceof WebAssembly.Module);
  const size = pkgFile(ASSET).length;
  assert.ok(reports.length > 1, `several chunks: ${reports.length}`);
  assert.ok(reports.every(([loaded], i) => i === 0 || loaded > reports[i - 1][0]), 'loaded only grows');
  assert.deepEqual(reports.at(-1), [size, size], 'all of it, of the content length');
  const given = [];
  await fetchModule(`${base}/real.wasm`, ASSET, { total: 7, onProgress: (loaded, total) => given.push(total) });
  assert.ok(given.every((total) => total === 7), 'a given total wins');
});

/** How often a `Builds` imported the full build's glue (through the function the page's worker gives). */
let fullImports = 0;

/** The package's two builds served from this test's server (`full` the full build's .wasm path). */
function builds(full = '/real.wasm', events = []) {
  fullImports = 0;
  return new Builds({
    core: { glue: coreGlue, wasm: `${base}/core.wasm`, asset: CORE_ASSET },
    full: { glue: async () => (fullImports += 1, fullGlue), wasm: `${base}${full}`, asset: ASSET },
    onProgress: (loaded) => events.push(`progress ${loaded > 0 ? 'some' : 0}`),
    onFull: (error) => events.push(error ? `failed: ${error.message}` : 'full'),
  });
}

test('Builds: the format core runs at once; the full build is fetched only for a function of its own', async () => {
  asked.length = 0;
  const events = [];
  const two = builds('/real.wasm', events);
  const { functions, core, version } = await two.ready;
  assert.ok(core.has('formatDocument') && !core.has('validateArguments'), [...core].join(' '));
  assert.ok(functions.has('validateArguments') && functions.has('classify'), 'the full build\'s functions are listed before it loads');
  assert.equal(version, JSON.parse(pkgFile('package.json')).version);
  const format = await two.glueFor('format');
  assert.equal(format.format('{"a":1.50}', { minify: true }), '{"a":1.50}');
  assert.deepEqual(asked, ['/core.wasm'], 'the core alone');
  const full = await two.glueFor('validateArguments');
  assert.equal(full.validateArguments('{"minimum":0}', '-1').valid, false);
  assert.deepEqual(asked, ['/core.wasm', '/real.wasm']);
  await two.glueFor('classify');
  assert.deepEqual(asked, ['/core.wasm', '/real.wasm'], 'fetched once');
  assert.equal(fullImports, 1, 'the full build\'s glue imported once, for the list and the load');
  assert.deepEqual([events[0], events.at(-2), events.at(-1)], ['progress 0', 'progress some', 'full']);
});

test('Builds: a missing full build fails the calls that need it with the load error; the core goes on', async () => {
  const events = [];
  const two = builds('/missing.wasm', events);
  await two.ready;
  await assert.rejects(two.glueFor('classify'), (error) => {
    assert.match(error.message, new RegExp(`could not load its WebAssembly module ${ASSET} from ${base}/missing\\.wasm: the server answered HTTP 404`));
    return true;
  });
  assert.match(events.at(-1), /^failed: mcp-json-toolbox could not load/);
  assert.equal((await two.glueFor('format')).format('[1]', { minify: true }), '[1]');
});

test('Builds with the server build: its functions run on it until the full build has loaded, then on the full build', async () => {
  asked.length = 0;
  const events = [];
  const served = (serverWasm) => new Builds({
    core: { glue: coreGlue, wasm: `${base}/core.wasm`, asset: CORE_ASSET },
    server: { glue: async () => serverGlue, wasm: `${base}${serverWasm}`, asset: SERVER_ASSET },
    full: { glue: async () => fullGlue, wasm: `${base}/real.wasm`, asset: ASSET },
    onProgress: (loaded, _total, build) => events.push(`${build} ${loaded > 0 ? 'some' : 0}`),
    onFull: (error) => events.push(error ? 'full failed' : 'full'),
    onServer: (error) => events.push(error ? 'server failed' : 'server'),
  });
  const three = served('/server.wasm');
  const { server, core } = await three.ready;
  assert.ok(server.has('validateToolArguments') && server.has('checkSchema') && !server.has('classify'), [...server].join(' '));
  assert.ok(!server.has('formatDocument') && core.has('formatDocument'), 'the core runs what it has');
  const early = await three.glueFor('validateToolArguments');
  assert.equal(early, await three.glueFor('checkSchema'), 'one server build');
  assert.equal(early.validateToolArguments('{"minimum": 0}', '-1').valid, false);
  assert.deepEqual(asked, ['/core.wasm', '/server.wasm'], 'the server build, not the full build');
  assert.deepEqual([events[0], events.at(-2), events.at(-1)], ['server 0', 'server some', 'server'], events.join(', '));
  // A function only the full build has loads it; from then on it runs the server build's too.
  const full = await three.glueFor('classify');
  assert.deepEqual(asked, ['/core.wasm', '/server.wasm', '/real.wasm']);
  assert.equal(await three.glueFor('validateToolArguments'), full);
  assert.equal(full.validateToolArguments('{"minimum": 0}', '-1').valid, false);
  // A server build that cannot be loaded leaves its calls to the full build.
  asked.length = 0;
  const fallback = served('/missing.wasm');
  const glue = await fallback.glueFor('validateToolArguments');
  assert.deepEqual(asked, ['/core.wasm', '/missing.wasm', '/real.wasm']);
  assert.equal(glue.validateToolArguments('{"minimum": 0}', '1').valid, true);
  assert.ok(events.includes('server failed'));
});

test('Builds: a background download of the full build stops for the server build\'s, and starts again after it', async () => {
  asked.length = 0;
  const events = [];
  let imports = 0;
  const size = (file) => pkgFile(file).length;
  const builds = new Builds({
    core: { glue: coreGlue, wasm: `${base}/core.wasm`, asset: CORE_ASSET },
    server: { glue: async () => (imports += 1, serverGlue), wasm: `${base}/server.wasm`, asset: SERVER_ASSET, total: size(SERVER_ASSET), functions: ['validateToolArguments'] },
    full: { glue: async () => (imports += 1, fullGlue), wasm: `${base}/held.wasm`, asset: ASSET, total: size(ASSET), functions: ['validateToolArguments', 'classify'] },
    onProgress: (loaded, _total, build) => events.push(`${build} ${loaded > 0 ? 'some' : 0}`),
    onFull: (error) => events.push(error ? `full failed: ${error.message}` : 'full'),
    onServer: (error) => events.push(error ? 'server failed' : 'server'),
  });
  const { functions, server } = await builds.ready;
  assert.ok(functions.has('classify') && server.has('validateToolArguments'), 'the listed functions');
  assert.equal(imports, 0, 'listed, the glues are not imported before their build loads');
  // The full build starts in the background; part of it arrives, then a call of the server build comes.
  holdNext = { bytes: 65536 };
  const held = new Promise((resolve) => (onHeld = resolve));
  const full = builds.loadFull();
  await held;
  const glue = await builds.glueFor('validateToolArguments');
  assert.equal(glue, serverGlue);
  assert.deepEqual(asked, ['/core.wasm', '/held.wasm', '/server.wasm']);
  // Once the server build is there, the full build downloads again, whole, and loads.
  assert.equal(await full, fullGlue);
  assert.deepEqual(asked, ['/core.wasm', '/held.wasm', '/server.wasm', '/held.wasm']);
  const restarted = events.lastIndexOf('full 0');
  assert.ok(events.indexOf('server') < restarted && restarted < events.indexOf('full'), events.join(', '));
  assert.ok(!events.some((event) => event.startsWith('full failed')), 'stopping is no failure');
});

test('Builds: a call of the server build goes to the full build when that has fewer bytes to go than the server build in all', async () => {
  asked.length = 0;
  const size = (file) => pkgFile(file).length;
  // The full build downloading, with fewer bytes to go than the server build's.
  const bytes = size(ASSET) - size(SERVER_ASSET) + 1024;
  let loaded = 0;
  let arrived;
  const enough = new Promise((resolve) => (arrived = resolve));
  const builds = new Builds({
    core: { glue: coreGlue, wasm: `${base}/core.wasm`, asset: CORE_ASSET },
    server: { glue: async () => serverGlue, wasm: `${base}/server.wasm`, asset: SERVER_ASSET, total: size(SERVER_ASSET), functions: ['validateToolArguments'] },
    full: { glue: async () => fullGlue, wasm: `${base}/held.wasm`, asset: ASSET, total: size(ASSET), functions: ['validateToolArguments', 'classify'] },
    onProgress: (bytesIn, _total, build) => {
      if (build === 'full') loaded = bytesIn;
      if (loaded >= bytes) arrived();
    },
  });
  await builds.ready;
  let release;
  holdNext = { bytes, release: new Promise((resolve) => (release = resolve)) };
  const full = builds.loadFull();
  await enough;
  const glue = builds.glueFor('validateToolArguments');
  release();
  assert.equal(await glue, fullGlue);
  assert.equal(await full, fullGlue);
  assert.deepEqual(asked, ['/core.wasm', '/held.wasm'], 'the server build never asked for');
});
