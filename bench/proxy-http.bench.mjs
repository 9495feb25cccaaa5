// The Streamable HTTP proxy's overhead (`mcp-json-toolbox proxy --upstream URL`, pkg/cli.js), side
// by side with the same upstream reached directly, in one run, loopback only: the latency it adds
// to a small JSON-answered POST (a `tools/call` answered at once; direct and proxied requests
// taking turns over keep-alive connections; the request and its answer both pass the proxy, and
// the table gives the whole difference), and the time from sending a POST to the first SSE event
// of an answer that stays open (the upstream writes one event, then holds the stream), direct and
// proxied. Targets (issue 39): added latency p50 ≤ 1 ms; first SSE event ≤ 5 ms later than direct.
// Run with `make bench` (builds pkg/ first).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { machine, PKG_DIR } from './variant.mjs';

const CLI = join(PKG_DIR, 'cli.js');
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run make pkg first`);
const ROUNDS = 2000;
const STREAMS = 200;

const ANSWER = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'x'.repeat(200) }] } });
const EVENT = `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } })}\n\n`;
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });

/** The upstream: JSON answers at once, or (header `x-stream`) one SSE event and a held stream. */
const upstream = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.headers['x-stream']) {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write(EVENT);
      setTimeout(() => response.end(), 20);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(ANSWER);
  });
});
upstream.listen(0, '127.0.0.1');
await new Promise((resolve) => upstream.once('listening', resolve));
const direct = `http://127.0.0.1:${upstream.address().port}/mcp`;

const proxy = spawn(process.execPath, [CLI, 'proxy', '--quiet', '--upstream', direct], { stdio: ['ignore', 'ignore', 'pipe'] });
let said = '';
const port = await new Promise((resolve, reject) => {
  proxy.stderr.setEncoding('utf8').on('data', (chunk) => {
    said += chunk;
    const found = /127\.0\.0\.1:(\d+)\//.exec(said);
    if (found) resolve(found[1]);
  });
  proxy.once('exit', (code) => reject(new Error(`the proxy exited (${code}): ${said}`)));
});
const proxied = `http://127.0.0.1:${port}/mcp`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One POST to `url`: resolves the ms to the first body byte and to the end. */
function post(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } }, (response) => {
      let first;
      response.on('data', () => (first ??= performance.now() - start));
      response.on('end', () => resolve({ first, total: performance.now() - start }));
    });
    request.on('error', reject);
    request.end(BODY);
  });
}

const quantile = (list, q) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))];

// Warm both paths (connections, the proxy's checker thread and its wasm).
for (let i = 0; i < 200; i++) await post(i % 2 ? direct : proxied);
const times = { direct: [], proxied: [] };
for (let i = 0; i < ROUNDS; i++) {
  times.direct.push((await post(direct)).total);
  times.proxied.push((await post(proxied)).total);
}
const firsts = { direct: [], proxied: [] };
for (let i = 0; i < STREAMS; i++) {
  firsts.direct.push((await post(direct, { 'x-stream': '1' })).first);
  firsts.proxied.push((await post(proxied, { 'x-stream': '1' })).first);
}
proxy.kill('SIGTERM');
agent.destroy();
upstream.close();

const added = (q) => quantile(times.proxied, q) - quantile(times.direct, q);
const later = (q) => quantile(firsts.proxied, q) - quantile(firsts.direct, q);
console.log(`HTTP proxy overhead — ${machine()}\n`);
console.log(`| measure (${ROUNDS} requests, ${STREAMS} streams, taking turns) | direct | through the proxy | added | target |`);
console.log('|---|---:|---:|---:|---|');
console.log(`| POST answered with JSON, p50 (ms) | ${quantile(times.direct, 0.5).toFixed(3)} | ${quantile(times.proxied, 0.5).toFixed(3)} | ${added(0.5).toFixed(3)} ms | ≤ 1 ms: ${added(0.5) <= 1 ? 'met' : 'NOT met'} |`);
console.log(`| POST answered with JSON, p99 (ms) | ${quantile(times.direct, 0.99).toFixed(3)} | ${quantile(times.proxied, 0.99).toFixed(3)} | ${added(0.99).toFixed(3)} ms | – |`);
console.log(`| POST to the first SSE event, p50 (ms) | ${quantile(firsts.direct, 0.5).toFixed(3)} | ${quantile(firsts.proxied, 0.5).toFixed(3)} | ${later(0.5).toFixed(3)} ms | ≤ 5 ms: ${later(0.5) <= 5 ? 'met' : 'NOT met'} |`);
console.log(`| POST to the first SSE event, p99 (ms) | ${quantile(firsts.direct, 0.99).toFixed(3)} | ${quantile(firsts.proxied, 0.99).toFixed(3)} | ${later(0.99).toFixed(3)} ms | – |`);
