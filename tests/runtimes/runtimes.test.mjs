// The packed package (`npm pack pkg/`, installed in a fresh project as a user does) in each real
// runtime an MCP server is deployed on, every one pinned in package.json: Deno and Bun run
// tests/runtimes/scenario.mjs as it is (the `deno` and `bun` export conditions); Cloudflare's
// workerd runs it bundled by wrangler exactly as `wrangler deploy` would upload it (`--dry-run
// --outdir`, the `workerd` condition, the .wasm an uploaded module), in Miniflare, dispatched
// in-process; Vercel's Edge Runtime (`edge-runtime`) runs it bundled with the `edge-light`
// condition, the .wasm compiled ahead as Vercel's build does, with WebAssembly compilation from
// bytes disallowed as in production. Each validates arguments (positions too), classifies,
// formats with both builds, and validates a real MCP server's structuredContent against its
// outputSchema with `mcp-json-toolbox/mcp-sdk` in SDK v1 (@modelcontextprotocol/sdk) and v2
// (@modelcontextprotocol/server + client): the client's check (Server + Client of each), and the
// server's own (v2's McpServer with fromJsonSchema); in workerd that McpServer also serves
// Streamable HTTP to a client in Node, every request dispatched into workerd in-process, and a
// Worker with that server alone uploads only the server build's .wasm (`mcp-json-toolbox/mcp-sdk`
// runs on `mcp-json-toolbox/validator`, which every runtime also validates with directly). Where a
// runtime cannot run it, the error names the runtime and what to do. The SDKs come from this
// repository's node_modules, linked in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAME, ROOT, installTarball, run } from '../pkg/install.mjs';
import { edgeBundle, edgeRun, workerBundle, workerRun } from './platforms.mjs';

const BIN = join(ROOT, 'node_modules', '.bin');
const SDKS = ['sdk', 'client', 'server', 'core'];

let work;
let app;

before(() => {
  ({ work, app } = installTarball('mcp-json-toolbox-runtimes-'));
  mkdirSync(join(app, 'node_modules', '@modelcontextprotocol'));
  for (const sdk of SDKS) {
    symlinkSync(join(ROOT, 'node_modules', '@modelcontextprotocol', sdk), join(app, 'node_modules', '@modelcontextprotocol', sdk));
  }
  for (const file of ['scenario.mjs', 'weather-server.mjs']) copyFileSync(join(ROOT, 'tests', 'runtimes', file), join(app, file));
  writeFileSync(join(app, 'main.mjs'), "import { scenario } from './scenario.mjs';\nconsole.log(JSON.stringify(await scenario()));\n");
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The SDK's error for the bad structuredContent, listing both errors with their paths. */
const SDK_BAD = /output schema: \/temperature: "temperature" must be a number, got string; \/unit: "unit" must be one of "C", "F", got "K"/;

/** v2's McpServer's isError answer for its own bad structuredContent, checked by the provider. */
const SERVER_BAD = /^Output validation error: Invalid structured content for tool weather: \/temperature: "temperature" must be a number, got string; \/unit: "unit" must be one of "C", "F", got "K"$/;

/** Asserts what scenario.mjs returned in runtime `where`. */
function check(where, result) {
  const { sdkV1, sdkV2, sdkV2McpServer, ...plain } = result;
  assert.deepEqual(plain, {
    good: true,
    bad: [{ code: 'minimum', instancePath: '/shard', line: 2, column: 12 }],
    server: { good: true, bad: [{ code: 'minimum', instancePath: '/shard', line: 2, column: 12 }] },
    kind: 'CallToolRequest',
    format: '{\n  "price": 1.50,\n  "b": [\n    1\n  ]\n}',
    notJson: 'JsonError 1:7',
    core: '{"a":2,"b":1}',
    coreVersion: 'string',
  }, where);
  for (const [generation, outcome] of Object.entries({ sdkV1, sdkV2 })) {
    assert.deepEqual(outcome.good, { temperature: 21.5, unit: 'C' }, `${where} ${generation}: ${JSON.stringify(outcome)}`);
    assert.match(outcome.bad, SDK_BAD, `${where} ${generation}`);
  }
  assert.deepEqual(sdkV2McpServer.good, { temperature: 21.5, unit: 'C' }, `${where} McpServer: ${JSON.stringify(sdkV2McpServer)}`);
  assert.match(sdkV2McpServer.bad, SERVER_BAD, `${where} McpServer`);
}

/** The last line of a runtime's output, parsed. */
const lastJson = (out) => JSON.parse(out.trim().split('\n').at(-1));

test('Deno: the `deno` condition (the .wasm a source phase import), run as it is with no permission', () => {
  const env = { ...process.env, DENO_DIR: join(work, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  check('deno', lastJson(run(join(BIN, 'deno'), ['run', 'main.mjs'], app, { env })));
});

test('Bun: the `bun` condition, run as it is', () => {
  const env = { ...process.env, BUN_INSTALL_CACHE_DIR: join(work, 'bun-cache'), NO_COLOR: '1' };
  check('bun', lastJson(run(join(BIN, 'bun'), ['main.mjs'], app, { env })));
});

test('Cloudflare workerd: bundled by wrangler as deployed (`workerd` condition, the .wasm an uploaded module), run in Miniflare', async () => {
  // `/`: the scenario, and navigator.userAgent (how load/runtimes.js names Workers in its errors);
  // `/mcp`: an MCP server over Streamable HTTP (SDK v2, stateless, JSON answers), as deployed.
  writeFileSync(
    join(app, 'worker.mjs'),
    `import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { scenario, weatherMcpServer } from './scenario.mjs';
export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== '/mcp') return Response.json({ ...(await scenario()), userAgent: navigator.userAgent });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await weatherMcpServer().connect(transport);
    return transport.handleRequest(request);
  },
};
`,
  );
  const bundle = workerBundle(app, work, 'worker.mjs');
  assert.ok(bundle.modules.some((m) => m.endsWith('mcp_json_toolbox_bg.wasm')), `the .wasm is an uploaded module: ${bundle.modules}`);
  const { result, overHttp } = await workerRun(bundle, async (dispatch) => ({
    result: await (await dispatch('http://127.0.0.1/')).json(),
    overHttp: await callOverHttp(dispatch),
  }));
  const { userAgent, ...plain } = result;
  assert.equal(userAgent, 'Cloudflare-Workers');
  check('workerd', plain);
  checkOverHttp(overHttp);
});

/** A client in Node calling the Worker's MCP server at `/mcp`, every request dispatched into workerd in-process: the good and the bad call's results. */
async function callOverHttp(dispatch) {
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const client = new Client({ name: 'host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), { fetch: dispatch }));
  const call = async (city) => (await client.callTool({ name: 'weather', arguments: { city } }));
  const overHttp = { good: await call('Paris'), bad: await call('Oslo') };
  await client.close();
  return overHttp;
}

/** The good call's structuredContent, and the bad call's isError answer from the provider's check. */
function checkOverHttp(overHttp) {
  assert.deepEqual(overHttp.good.structuredContent, { temperature: 21.5, unit: 'C' });
  assert.equal(overHttp.bad.isError, true);
  assert.match(overHttp.bad.content[0].text, SERVER_BAD);
}

test('Cloudflare workerd, an MCP server with `mcp-json-toolbox/mcp-sdk` alone: only the server build\'s .wasm is uploaded', async () => {
  writeFileSync(
    join(app, 'server-worker.mjs'),
    `import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { weatherMcpServer } from './weather-server.mjs';
export default {
  async fetch(request) {
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await weatherMcpServer().connect(transport);
    return transport.handleRequest(request);
  },
};
`,
  );
  const bundle = workerBundle(app, work, 'server-worker.mjs', 'dist-server');
  assert.deepEqual(bundle.modules.filter((m) => m.endsWith('.wasm')).map((m) => m.replace(/^[0-9a-f]+-/, '')), ['mcp_json_toolbox_validator_bg.wasm']);
  checkOverHttp(await workerRun(bundle, callOverHttp));
});

test('Cloudflare workerd, the format core alone (`mcp-json-toolbox/format`): only its .wasm is uploaded', async () => {
  writeFileSync(
    join(app, 'core-worker.mjs'),
    "import { format } from 'mcp-json-toolbox/format';\nexport default { fetch(request) { return Response.json(format('{\"a\":[1,2]}', { indent: 1 })); } };\n",
  );
  const bundle = workerBundle(app, work, 'core-worker.mjs', 'dist-core');
  assert.deepEqual(bundle.modules.filter((m) => m.endsWith('.wasm')).map((m) => m.replace(/^[0-9a-f]+-/, '')), ['mcp_json_toolbox_format_bg.wasm']);
  const [, raw, gzip] = bundle.upload.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/).map(Number);
  assert.ok(raw < 512 && gzip < 256, `the core's Worker stays small: ${bundle.upload}`);
  assert.equal(await workerRun(bundle), '{\n "a": [\n  1,\n  2\n ]\n}');
});

test("Vercel's Edge Runtime: the `edge-light` condition, the .wasm compiled ahead, no compiling from bytes", async () => {
  check('edge-runtime', await edgeRun(await edgeBundle(app, 'main-edge.mjs', scenarioHandler()), { compileFromBytes: false }));
});

/** An edge function answering the scenario's result. */
function scenarioHandler() {
  return "import { scenario } from './scenario.mjs';\nexport const handler = () => scenario();\n";
}

test('no WebAssembly (Node --jitless): an Error naming the runtime and what to do', () => {
  writeFileSync(join(app, 'load.mjs'), `import('${NAME}').then(() => console.log('loaded'), (e) => console.log(e.message));\n`);
  writeFileSync(join(app, 'load.cjs'), `try { require('${NAME}'); console.log('loaded'); } catch (e) { console.log(e.message); }\n`);
  const expected = new RegExp(`^mcp-json-toolbox cannot run in Node\\.js ${process.versions.node.replaceAll('.', '\\.')}: it has no WebAssembly \\(globalThis\\.WebAssembly is undefined\\).*Run it where WebAssembly is enabled \\(in Node\\.js, without --jitless`);
  for (const file of ['load.mjs', 'load.cjs']) assert.match(run(process.execPath, ['--jitless', file], app), expected, file);
});

test('Edge Runtime, compiling from bytes forbidden: the error names the runtime and the export conditions to use', async () => {
  // The package's loader handed bytes where the Edge Runtime forbids compiling them (V8's "Wasm
  // code generation disallowed by embedder"): load/runtimes.js's wasmModule, as the Node entry calls it.
  const wasm = join(app, 'node_modules', NAME, 'mcp_json_toolbox_format_bg.wasm');
  const source = `import { wasmModule } from './node_modules/${NAME}/load/runtimes.js';
export const handler = () => { try { wasmModule(new Uint8Array(globalThis.bytes), 'x_bg.wasm'); return 'compiled'; } catch (e) { return e.message; } };\n`;
  const message = await edgeRun(await edgeBundle(app, 'bytes-edge.mjs', source), { compileFromBytes: false, globals: { bytes: [...readFileSync(wasm)] } });
  assert.match(message, /^mcp-json-toolbox cannot compile its WebAssembly \(x_bg\.wasm\) in Vercel's Edge Runtime \(edge-runtime\): the runtime forbids compiling WebAssembly from bytes at run time \(.*disallowed by embedder\)\. Import the package where its bundler compiles the \.wasm ahead as a module: .*"workerd".*"edge-light"/);
  // A bundler that gives the `edge-light` entry the .wasm's bytes instead of a compiled module.
  const raw = await edgeRun(await edgeBundle(app, 'raw-edge.mjs', scenarioHandler(), { wasmAsBytes: true }), { compileFromBytes: false });
  assert.match(raw, /^mcp-json-toolbox: the import of mcp_json_toolbox_bg\.wasm gave \[object Uint8Array\], not a WebAssembly\.Module, in Vercel's Edge Runtime \(edge-runtime\)\. The package's "workerd" and "edge-light" entries need a bundler that compiles \.wasm imports ahead/);
});
