// The Streamable HTTP proxy (`proxy --upstream URL`, runtime/proxy/http/): loopback only.
// - The official Python SDK 2.3.0 server (tests/fixtures/python/booking_server.py; with sessions
//   and SSE answers, and stateless with JSON answers) behind the proxy, driven by the Python SDK's
//   own client (http_client.py: 2025-11-25 with an `elicitation/create` inside the open SSE
//   answer, 2026-07-28 with `input_required` rounds) and by the TypeScript SDK v2 client: the
//   results through the proxy equal a direct connection's, the recording replays to the findings
//   the live report gave, and the bearer token the client sent is not in a recording made without
//   --record-secrets (and is with it).
// - A scripted upstream (this file) for what a real server does not do on demand: the bytes both
//   ways and the headers as sent, an SSE event reaching the host before the answer ends, a
//   stream cut mid-event and an upstream that cannot be reached, each said on stderr; an https
//   upstream with a self-signed certificate (a TLS error, unless --insecure).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startUvicorn } from './uvicorn.mjs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'pkg/cli.js');
const PYTHON = join(ROOT, '.venv/bin/python');
const FIXTURES = join(ROOT, 'tests/fixtures/python');
assert.ok(existsSync(CLI), 'pkg/ is missing: run make pkg first');
assert.ok(existsSync(PYTHON), '.venv/ is missing: run scripts/setup.sh python (make setup)');
const TEMP = mkdtempSync(join(tmpdir(), 'proxy-http-'));
const { replaySession } = await import(join(ROOT, 'pkg/node.js'));
const TOKEN = 'sk-test-0d5c1e9a7b3f4e2d';

/** A child process's output so far and its end. */
function started(command, args) {
  const child = spawn(command, args, { cwd: TEMP, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (c) => (out.stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c) => (out.stderr += c));
  const closed = new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal, ...out })));
  return { child, out, closed };
}

/** Waits until `out.stderr` matches `pattern` (a child's line), up to 60 s (a Python start on a
 * busy machine). */
async function waitFor(out, pattern, what) {
  for (const end = Date.now() + 60000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const found = pattern.exec(out.stderr);
    if (found) return found;
  }
  throw new Error(`${what} did not start within 60 s: ${out.stderr}`);
}

/** booking_server.py over Streamable HTTP on a port the system gives it (tests/node/uvicorn.mjs):
 * `{ url, stop }`. */
async function pythonServer(...flags) {
  const { url, child } = await startUvicorn(PYTHON, [join(FIXTURES, 'booking_server.py'), 'http', '0', ...flags], `booking_server.py ${flags}`);
  return { url, stop: () => child.kill() };
}

/** The proxy in front of `upstream` with `options`: `{ url, stop() → { status, stderr }, paths }`. */
async function proxy(upstream, name, ...options) {
  const paths = { record: join(TEMP, `${name}.jsonl`), report: join(TEMP, `${name}.report.jsonl`) };
  const run = started(process.execPath, [CLI, 'proxy', '--upstream', upstream, '--record', paths.record, '--report', paths.report, ...options]);
  const [, port] = await waitFor(run.out, /listening on http:\/\/127\.0\.0\.1:(\d+)\//, 'the proxy');
  const path = new URL(upstream).pathname;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    out: run.out,
    paths,
    async stop() {
      run.child.kill('SIGTERM');
      return run.closed;
    },
  };
}

/** The Python SDK client's `{ protocolVersion, result }` from each of `urls`, in turn. */
async function pythonClient(urls, mode, answer) {
  const run = started(PYTHON, [join(FIXTURES, 'http_client.py'), mode, JSON.stringify(answer), TOKEN, ...urls]);
  const done = await run.closed;
  assert.equal(done.status, 0, done.stderr);
  return done.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

/** The TypeScript SDK v2 client: the tool list and an `echo` call, through `url`. */
async function typescriptClient(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } });
  const client = new Client({ name: 'proxy-http-test', version: '1.0.0' });
  await client.connect(transport);
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  const echoed = await client.callTool({ name: 'echo', arguments: { text: 'through the proxy' } });
  await client.close();
  return { tools, echoed: echoed.content };
}

/** The live report's findings and the recording's replay, in the same terms. */
function findingsOf(paths) {
  const live = readFileSync(paths.report, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .map((f) => `${f.severity} ${f.code} #${f.index}`).sort();
  const replayed = replaySession(readFileSync(paths.record, 'utf8')).diagnostics
    .map((d) => `${d.severity} ${d.code} #${d.instancePath.split('/')[1]}`).sort();
  return { live, replayed };
}

/** The two Python servers, started once (each Python start costs a second or more). */
const starting = Promise.all([pythonServer(), pythonServer('--stateless')]);
starting.catch(() => {}); // the tests that need them report it
/** The Python servers by kind, once started. */
const servers = async () => {
  const [sessions, stateless] = await starting;
  return { sessions, stateless };
};
after(async () => {
  for (const server of await starting.catch(() => [])) server.stop();
  rmSync(TEMP, { recursive: true, force: true });
});

const ANSWER = { action: 'accept', content: { confirm: true, seats: 2 } };

// A stateless server answering with JSON has no stream to ask on: 2025-11-25 elicitation needs
// the server with sessions (directly as through the proxy). The cases run side by side.
const CASES = [['sessions', 'legacy'], ['sessions', 'auto'], ['stateless', 'auto']];
describe('the Python SDK client behind the proxy', { concurrency: true }, () => {
  for (const [kind, mode] of CASES) {
    test(`${kind} server, ${mode === 'auto' ? '2026-07-28 (input_required rounds)' : '2025-11-25 (elicitation inside the SSE answer)'}: the result through the proxy is the direct one, the recording replays to the live findings and holds no token`, { timeout: 90000 }, async () => {
      const upstream = (await servers())[kind].url;
      const proxied = await proxy(upstream, `${kind}-${mode}`);
      const [direct, through] = await pythonClient([upstream, proxied.url], mode, ANSWER);
      const stopped = await proxied.stop();
      assert.deepEqual(through, direct);
      assert.equal(direct.result.content[0].text, 'booked 2 on friday');
      assert.equal(stopped.status, 0, stopped.stderr);
      assert.match(stopped.stderr, /mcp-json-toolbox proxy: \d+ messages checked/);
      const { live, replayed } = findingsOf(proxied.paths);
      assert.deepEqual(live, replayed, 'the recording replays to the same findings');
      const recording = readFileSync(proxied.paths.record, 'utf8');
      const entries = recording.trim().split('\n').map((l) => JSON.parse(l));
      assert.ok(entries.some((e) => e.direction === 'client' && e.http?.method === 'POST'), 'requests recorded with their http envelope');
      if (mode === 'auto') assert.ok(entries.some((e) => e.message.result?.resultType === 'input_required'), 'an input_required round');
      else assert.ok(entries.some((e) => e.message.method === 'elicitation/create'), 'the elicitation inside the SSE answer');
      assert.ok(!recording.includes(TOKEN), 'the bearer token is not in the recording');
      assert.match(recording, /"Authorization":"\[REDACTED\]"/);
    });
  }
});

test('TypeScript SDK v2 client: the same tools and results through the proxy as directly; --record-secrets keeps the token', { timeout: 90000 }, async () => {
  const upstream = (await servers()).sessions.url;
  const direct = await typescriptClient(upstream);
  const proxied = await proxy(upstream, 'typescript', '--record-secrets');
  const through = await typescriptClient(proxied.url);
  const stopped = await proxied.stop();
  assert.deepEqual(through, direct);
  assert.equal(stopped.status, 0, stopped.stderr);
  assert.ok(readFileSync(proxied.paths.record, 'utf8').includes(`Bearer ${TOKEN}`), '--record-secrets keeps it');
  const { live, replayed } = findingsOf(proxied.paths);
  assert.deepEqual(live, replayed);
});

/** A scripted upstream: `handler(request, body, response)`; resolves `{ url, received, close }`
 * with `received` every request as it arrived (`{ method, url, rawHeaders, body }`). */
async function scripted(handler) {
  const received = [];
  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    received.push({ method: request.method, url: request.url, rawHeaders: request.rawHeaders, body });
    handler(request, body, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}/mcp`, received, close: () => server.close() };
}

test('bytes and headers as sent both ways; an SSE event reaches the host while its answer is still open; a stream cut mid-event and an unreachable upstream are said and cut for the host too', { timeout: 60000 }, async () => {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const first = 'id: 1\ndata: {"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"mode":"form","message":"Sure?","requestedSchema":{"type":"object","properties":{}}}}\n\n';
  const last = 'id: 2\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}]}}\n\n';
  const upstream = await scripted(async (request, body, response) => {
    if (request.headers['x-case'] === 'cut') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('data: {"jsonrpc":"2.0","id":1,"res');
      setTimeout(() => response.socket.destroy(), 50);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'abc', 'X-Echo': 'one' });
    response.write(first);
    await released;
    response.end(last);
  });
  const proxied = await proxy(upstream.url, 'scripted');
  const body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"é":"🙂"}}}';
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': 'abc', 'MCP-Protocol-Version': '2025-11-25', 'Last-Event-ID': '7', 'X-Custom-Case': 'v' };
  const response = await fetch(proxied.url, { method: 'POST', headers, body });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('mcp-session-id'), 'abc');
  const reader = response.body.getReader();
  let seen = '';
  while (!seen.includes('\n\n')) seen += Buffer.from((await reader.read()).value).toString();
  assert.equal(seen, first, 'the first event arrived whole before the upstream ended its answer');
  release();
  for (let part = await reader.read(); !part.done; part = await reader.read()) seen += Buffer.from(part.value).toString();
  assert.equal(seen, first + last, 'the answer byte for byte');
  const [sent] = upstream.received;
  assert.equal(sent.body.toString(), body, 'the request body byte for byte');
  for (const [name, value] of Object.entries(headers)) {
    const at = sent.rawHeaders.indexOf(name);
    assert.ok(at >= 0 && sent.rawHeaders[at + 1] === value, `${name} as sent: ${sent.rawHeaders}`);
  }
  await assert.rejects(fetch(proxied.url, { method: 'POST', headers: { ...headers, 'X-Case': 'cut' }, body }).then((r) => r.text()), 'the host sees the stream cut');
  const stopped = await proxied.stop();
  assert.match(stopped.stderr, /POST .*: the answer was cut: cut mid-event/);
  upstream.close();
  const gone = await proxy(upstream.url.replace(/:\d+\//, ':1/'), 'gone');
  await assert.rejects(fetch(gone.url, { method: 'POST', headers, body }), 'the host cannot reach it either');
  const ended = await gone.stop();
  assert.match(ended.stderr, /error\[upstream-failed\]: POST .*: cannot reach the upstream: ECONNREFUSED/);
  // Reported as the other findings: in --report, and in the exit code.
  const reported = readFileSync(gone.paths.report, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(reported.map((f) => [f.severity, f.code, f.index]), [['error', 'upstream-failed', null]]);
  assert.equal(ended.status, 1);
});

test('stopping the proxy while hosts hold GET streams open cuts them without an upstream-failed finding (the proxy cut them; whichever side\'s close it sees first)', { timeout: 60000 }, async () => {
  // Which close the proxy sees first, the host's or the upstream's, is up to the system: before
  // the fix about one stop in ten said "GET …: cut before its end". Twelve stops side by side.
  const upstream = await scripted((request, body, response) => {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write(': open\n\n');
  });
  const stops = await Promise.all(Array.from({ length: 12 }, async (_, i) => {
    const proxied = await proxy(upstream.url, `stopped-${i}`);
    const answer = await fetch(proxied.url, { headers: { Accept: 'text/event-stream' } });
    const reader = answer.body.getReader();
    assert.equal(Buffer.from((await reader.read()).value).toString(), ': open\n\n', 'the stream is open');
    const stopped = await proxied.stop();
    await reader.read().catch(() => {}); // the host's stream ends with the proxy
    return stopped;
  }));
  upstream.close();
  for (const stopped of stops) {
    assert.equal(stopped.status, 0, stopped.stderr);
    assert.doesNotMatch(stopped.stderr, /upstream-failed/);
    assert.match(stopped.stderr, /0 messages checked\n/);
  }
});

test('an https upstream with a certificate no CA signed: a TLS error said on stderr and the host\'s connection closed; --insecure (by flag only) passes the traffic', { timeout: 60000 }, async (t) => {
  const key = join(TEMP, 'key.pem');
  const cert = join(TEMP, 'cert.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  if (made.status !== 0) {
    t.skip('openssl is not available to make a self-signed certificate');
    return;
  }
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const upstream = `https://127.0.0.1:${server.address().port}/mcp`;
  const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const strict = await proxy(upstream, 'tls-strict');
  await assert.rejects(fetch(strict.url, { method: 'POST', headers, body }), 'the host sees no answer');
  const refused = await strict.stop();
  assert.match(refused.stderr, /POST https:\/\/127\.0\.0\.1:\d+\/mcp: TLS error: /);
  const insecure = await proxy(upstream, 'tls-insecure', '--insecure');
  const answer = await fetch(insecure.url, { method: 'POST', headers, body });
  assert.equal(await answer.text(), '{"jsonrpc":"2.0","id":1,"result":{}}');
  const passed = await insecure.stop();
  assert.equal(passed.status, 0, passed.stderr);
  server.close();
});

/** A 2026-07-28 request: `{ body, headers }` with the standard headers, `extra` added. */
function request2026(id, method, params, extra = {}) {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'proxy-http-test', version: '1.0.0' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } });
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...extra };
  return { body, headers };
}

/** Sends each request to `url` in turn: their HTTP statuses. */
async function sendAll(url, requests) {
  const statuses = [];
  for (const { body, headers } of requests) {
    const answer = await fetch(url, { method: 'POST', headers, body });
    await answer.text();
    statuses.push(answer.status);
  }
  return statuses;
}

/** The HTTP findings of a proxy's --report, `code #index`, and those of its recording replayed. */
function httpFindings(paths) {
  const { live, replayed } = findingsOf(paths);
  const http = (list) => list.filter((f) => / http-|upstream/.test(f)).map((f) => f.replace(/^\w+ /, ''));
  return { live: http(live), replayed: http(replayed) };
}

test('answer statuses (2026-07-28): the Python SDK 2.3.0 server refuses mismatched headers with 400/-32020 and an unknown method with 404/-32601, no finding on them; a scripted server that answers them otherwise is found, live and replayed', { timeout: 90000 }, async () => {
  const server = await startUvicorn(PYTHON, [join(FIXTURES, 'region_server.py'), '0'], 'region_server.py');
  const call = (extra) => request2026(2, 'tools/call', { name: 'where', arguments: { region: 'eu', query: 'q' } }, { 'Mcp-Name': 'where', ...extra });
  const requests = [
    request2026(1, 'tools/list', {}),
    call({ 'Mcp-Param-Region': 'eu' }),
    call({ 'Mcp-Param-Region': 'eu', 'Mcp-Name': 'other' }),
    call({}),
    request2026(3, 'foo/bar', {}),
  ];
  const proxied = await proxy(server.url, 'region-statuses');
  try {
    assert.deepEqual(await sendAll(proxied.url, requests), [200, 200, 400, 400, 404]);
  } finally {
    server.child.kill();
  }
  const stopped = await proxied.stop();
  assert.equal(stopped.status, 1, stopped.stderr);
  // The requests' headers are found (messages 4 and 6: Mcp-Name differs, Mcp-Param-Region
  // missing); the SDK's answers are as the spec says, so nothing on them.
  const sdk = httpFindings(proxied.paths);
  assert.deepEqual(sdk.live, ['http-header-mismatch #4', 'http-header-missing #6']);
  assert.deepEqual(sdk.replayed, sdk.live);

  // A server that answers the same requests otherwise.
  const upstream = await scripted((request, body, response) => {
    const { id, method } = JSON.parse(body);
    const json = (status, message) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id, ...message }));
    };
    // `get.weather`: a name the default targets' anthropic/name refuses, the mcp target takes.
    const weather = { name: 'get.weather', inputSchema: { type: 'object', properties: {}, additionalProperties: false } };
    if (method === 'tools/list') json(200, { result: { resultType: 'complete', tools: [{ name: 'where', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } } } }, weather] } });
    else if (method === 'foo/bar') json(200, { error: { code: -32601, message: 'Method not found' } });
    else if (request.headers['mcp-name'] !== 'where') json(200, { error: { code: -32020, message: 'Header mismatch' } });
    else json(200, { result: { resultType: 'complete', content: [{ type: 'text', text: 'q in eu' }] } });
  });
  // With the options of the other commands: findings as workflow annotations, one target.
  const wrong = await proxy(upstream.url, 'scripted-statuses', '--format', 'github', '--target', 'mcp');
  assert.deepEqual(await sendAll(wrong.url, requests), [200, 200, 200, 200, 200]);
  const ended = await wrong.stop();
  assert.match(ended.stderr, /^::error .*title=http-mismatch-accepted::/m);
  assert.doesNotMatch(ended.stderr, /anthropic\/name/, 'only the mcp target judged the tools');
  upstream.close();
  const found = httpFindings(wrong.paths);
  assert.deepEqual(found.live, [
    'http-header-mismatch #4', 'http-error-status #5', // -32020 with 200
    'http-header-missing #6', 'http-mismatch-accepted #7', // answered instead of refused
    'http-error-status #9', // -32601 with 200
  ].sort());
  assert.deepEqual(found.replayed, found.live);
});
