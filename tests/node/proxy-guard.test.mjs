// The HTTP proxy's guard (runtime/proxy/http/guard.js, issue 56): the proxy is a web server on
// the user's machine, so what a web page sends it is refused (403, a one-line reason, not
// forwarded: the scripted upstream here records every request it receives) and said as a
// `request-refused` warning; what the user's own hosts send passes as before (the Python and
// TypeScript SDK clients through the HTTP proxy: tests/node/proxy-http.test.mjs). The table is the
// issue's: a plain POST; a foreign `Origin`; a foreign `Host` and `Origin` (a page after DNS
// rebinding); then the other ways in (a GET stream, DELETE, a target off the proxy, no Host).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'pkg/cli.js');
assert.ok(existsSync(CLI), 'pkg/ is missing: run make pkg first');
const TEMP = mkdtempSync(join(tmpdir(), 'proxy-guard-'));
/** How to stop every proxy and upstream started, run at the end even when a test failed before
 * stopping its own. */
const stops = [];
after(() => {
  for (const stop of stops) stop();
  rmSync(TEMP, { recursive: true, force: true });
});

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'guard-test', version: '1.0.0' } } });
const ANSWER = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"scripted","version":"1.0.0"}}}';

/** An upstream that checks nothing (as many development servers): JSON to a POST, an SSE
 * stream with one comment to a GET, 200 to a DELETE; `received` every request as it arrived. */
async function upstream() {
  const received = [];
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (request.method === 'GET') {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.end(': open\n\n');
      } else if (request.method === 'DELETE') {
        response.writeHead(200).end();
      } else {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(ANSWER);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stops.push(() => server.close());
  return { url: `http://127.0.0.1:${server.address().port}/mcp`, received, close: () => server.close() };
}

/** The proxy in front of `url` with `options`: `{ port, stop() → { status, stderr }, report() }`. */
async function proxy(url, name, ...options) {
  const report = join(TEMP, `${name}.report.jsonl`);
  const child = spawn(process.execPath, [CLI, 'proxy', '--upstream', url, '--report', report, ...options], { stdio: ['ignore', 'ignore', 'pipe'] });
  stops.push(() => child.kill('SIGTERM'));
  let stderr = '';
  const closed = new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })));
  const port = await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (listening) resolve(Number(listening[1]));
    });
    closed.then(() => reject(new Error(`the proxy ended before it listened: ${stderr}`)));
  });
  return {
    port,
    stop: () => {
      child.kill('SIGTERM');
      return closed;
    },
    report: () => readFileSync(report, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)),
  };
}

/** One request to the proxy on `port` with exactly these headers (`Host` included: fetch would
 * not send a foreign one): `{ status, body }`, the body read whole (a GET stream's first chunk). */
function send(port, { method = 'POST', path = '/mcp', headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { Host: `127.0.0.1:${port}`, ...headers }, setHost: false, agent: false }, (answer) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk) => {
        text += chunk;
        if (method === 'GET' && answer.statusCode === 200) answer.destroy(); // the stream stays open
      });
      answer.on('end', () => resolve({ status: answer.statusCode, body: text, type: answer.headers['content-type'] }));
      answer.on('close', () => resolve({ status: answer.statusCode, body: text, type: answer.headers['content-type'] }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const POST = { headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: INITIALIZE };
const EVIL = 'http://evil.example';

test('the issue\'s table: a plain POST forwarded; a foreign Origin, and a foreign Host and Origin (DNS rebinding), refused with 403 and a one-line reason, nothing forwarded, each a request-refused warning (exit 0)', { timeout: 60000 }, async () => {
  const server = await upstream();
  const proxied = await proxy(server.url, 'table');
  const { port } = proxied;
  const plain = await send(port, POST);
  assert.deepEqual([plain.status, plain.body], [200, ANSWER]);
  assert.equal(server.received.length, 1);
  assert.equal(server.received[0].body, INITIALIZE);

  const origin = await send(port, { ...POST, headers: { ...POST.headers, Origin: EVIL, Authorization: 'Bearer page-token' } });
  const rebound = await send(port, { ...POST, headers: { ...POST.headers, Host: 'evil.example', Origin: EVIL } });
  for (const refused of [origin, rebound]) {
    assert.equal(refused.status, 403);
    assert.equal(refused.type, 'text/plain; charset=utf-8');
    assert.match(refused.body, /^mcp-json-toolbox proxy refused this request: [^\n]+\n$/);
  }
  assert.match(origin.body, /its Origin is neither this proxy's own nor one given with --allow-origin/);
  assert.match(rebound.body, /its Host is not this proxy's address/);
  assert.equal(server.received.length, 1, 'no byte of a refused request reached the upstream');

  const stopped = await proxied.stop();
  server.close();
  assert.equal(stopped.status, 0, 'a refusal is a warning: the run has no error');
  assert.match(stopped.stderr, new RegExp(`warning\\[request-refused\\]: POST "/mcp": refused with 403 and not forwarded: its Origin "${EVIL}" is neither the proxy's own`));
  assert.match(stopped.stderr, /warning\[request-refused\]: POST "\/mcp": refused with 403 and not forwarded: its Host "evil\.example" is not the proxy's own address \(127\.0\.0\.1:\d+, localhost:\d+ or \[::1\]:\d+\)/);
  assert.doesNotMatch(stopped.stderr, /page-token/);
  const reported = proxied.report().map((f) => [f.severity, f.code, f.index]);
  assert.deepEqual(reported.filter(([, code]) => code === 'request-refused'), [['warning', 'request-refused', null], ['warning', 'request-refused', null]]);
});

test('--allow-origin lets that origin through (compared normalised), not a foreign Host; the proxy\'s own names and origins pass: localhost, [::1], the bound port only', { timeout: 60000 }, async () => {
  const server = await upstream();
  const proxied = await proxy(server.url, 'allowed', '--allow-origin', 'HTTP://Evil.Example:80/', '--allow-origin', 'https://app.example:8443');
  const { port } = proxied;
  const passes = [
    { Origin: EVIL },
    { Origin: 'https://app.example:8443' },
    { Host: `localhost:${port}` },
    { Host: `[::1]:${port}` },
    { Host: `LOCALHOST:${port}`, Origin: `http://localhost:${port}` },
    { Origin: `http://[::1]:${port}` },
    { Origin: `http://127.0.0.1:${port}` },
  ];
  const refused = [
    { Host: 'evil.example', Origin: EVIL }, // --allow-origin allows an origin, never another Host
    { Host: `evil.example:${port}` },
    { Host: `127.0.0.1:${port + 1}` },
    { Host: '127.0.0.1' },
    { Origin: `http://127.0.0.1:${port + 1}` },
    { Origin: `https://127.0.0.1:${port}` },
    { Origin: 'http://app.example:8443' },
    { Origin: 'null' },
    { Origin: `${EVIL}/path` },
  ];
  for (const headers of passes) {
    const answer = await send(port, { ...POST, headers: { ...POST.headers, ...headers } });
    assert.equal(answer.status, 200, JSON.stringify(headers));
  }
  for (const headers of refused) {
    const answer = await send(port, { ...POST, headers: { ...POST.headers, ...headers } });
    assert.equal(answer.status, 403, JSON.stringify(headers));
  }
  assert.equal(server.received.length, passes.length, 'only those that passed were forwarded');
  assert.equal(server.received[0].headers.origin, EVIL, 'the Origin forwarded as sent');
  const stopped = await proxied.stop();
  server.close();
  assert.equal(stopped.status, 0, stopped.stderr);
  assert.equal(proxied.report().filter((f) => f.code === 'request-refused').length, refused.length);
});

test('a GET stream and DELETE are guarded too, and a target off the proxy (//host/…, an absolute URL) or a request with no Host is refused', { timeout: 60000 }, async () => {
  const server = await upstream();
  const proxied = await proxy(server.url, 'methods');
  const { port } = proxied;
  const stream = { method: 'GET', headers: { Accept: 'text/event-stream' } };
  assert.deepEqual(await send(port, stream).then((a) => [a.status, a.body]), [200, ': open\n\n']);
  assert.equal((await send(port, { method: 'DELETE', headers: { 'Mcp-Session-Id': 'abc' } })).status, 200);
  assert.equal(server.received.length, 2);

  assert.equal((await send(port, { ...stream, headers: { ...stream.headers, Origin: EVIL } })).status, 403);
  assert.equal((await send(port, { ...stream, headers: { ...stream.headers, Host: 'evil.example' } })).status, 403);
  assert.equal((await send(port, { method: 'DELETE', headers: { 'Mcp-Session-Id': 'abc', Origin: EVIL } })).status, 403);
  const offProxy = await send(port, { ...stream, path: '//evil.example/x' });
  assert.equal(offProxy.status, 403);
  assert.match(offProxy.body, /its target is not a path on this proxy/);
  assert.equal((await send(port, { ...stream, path: '/\\evil.example/x' })).status, 403);
  assert.equal((await send(port, { ...stream, path: 'http://evil.example/mcp' })).status, 403);
  // HTTP/1.0 may leave Host out (Node's server refuses an HTTP/1.1 request without one itself).
  const socket = net.connect(port, '127.0.0.1');
  socket.end('GET /mcp HTTP/1.0\r\n\r\n');
  let raw = '';
  for await (const chunk of socket) raw += chunk;
  assert.match(raw, /^HTTP\/1\.1 403 /);
  assert.equal(server.received.length, 2, 'nothing refused reached the upstream');

  const stopped = await proxied.stop();
  server.close();
  const said = [...stopped.stderr.matchAll(/warning\[request-refused\]: (.*)/g)].map((m) => m[1]);
  assert.equal(said.length, 7, stopped.stderr);
  assert.match(said[0], /^GET "\/mcp": refused .*: its Origin/);
  assert.match(said[2], /^DELETE "\/mcp": refused .*: its Origin/);
  assert.match(said[3], /^GET "\/\/evil\.example\/x": refused .*: its target is not a path on the proxy/);
  assert.match(said[6], /^GET "\/mcp": refused .*: it has no Host header/);
});

test('a page that keeps trying: the first ten refusals said one by one, the rest counted, their number said at the end', { timeout: 60000 }, async () => {
  const server = await upstream();
  const proxied = await proxy(server.url, 'flood');
  for (let i = 0; i < 150; i += 1) {
    const answer = await send(proxied.port, { ...POST, headers: { ...POST.headers, Origin: EVIL } });
    assert.equal(answer.status, 403);
  }
  assert.equal(server.received.length, 0);
  const stopped = await proxied.stop();
  server.close();
  assert.equal(stopped.status, 0, stopped.stderr);
  const said = [...stopped.stderr.matchAll(/warning\[request-refused\]: (.*)/g)].map((m) => m[1]);
  assert.equal(said.length, 11, stopped.stderr);
  assert.match(said[9], /\(the 10th refused request: those after it are counted, not said one by one\)$/);
  assert.match(said[10], /^150 requests were refused with 403 and not forwarded in all, 140 of them after the first 10/);
  assert.equal(proxied.report().filter((f) => f.code === 'request-refused').length, 11);
});

test('--allow-origin takes an origin only, and only with --upstream: a usage error (exit 2) otherwise', () => {
  const run = (...args) => spawnSync(process.execPath, [CLI, 'proxy', ...args], { encoding: 'utf8', timeout: 30000 });
  const path = run('--upstream', 'http://127.0.0.1:1/mcp', '--allow-origin', 'http://app.example/page');
  assert.equal(path.status, 2);
  assert.match(path.stderr, /--allow-origin http:\/\/app\.example\/page: not an origin/);
  const stdio = run('--allow-origin', 'http://app.example', '--', 'node', '-e', '');
  assert.equal(stdio.status, 2);
  assert.match(stdio.stderr, /--allow-origin goes with --upstream URL/);
  const help = run('--help');
  assert.match(help.stdout, /--allow-origin URL/);
  assert.match(help.stdout, /listen on 127\.0\.0\.1 \(only/);
});
