// The live proxy's overhead (`mcp-json-toolbox proxy`, pkg/cli.js), side by side with the same
// server run directly, in one run: the latency it adds per message on small messages (a ping
// answered by a tiny stdio server, direct and proxied round trips taking turns; each round trip
// is two messages through the proxy, so the added latency per message is half the difference),
// the throughput of a 50 MB stream of tool results (server to host, as fast as the pipes go), and
// the proxy's peak RSS (VmHWM, the checker thread included) over a 10,000-message session. The
// stream also goes through a bare Node relay (spawn and pipe, nothing else): what any Node proxy
// costs before it checks anything.
// Targets (issue 26): added latency p50 ≤ 0.2 ms, p99 ≤ 2 ms; throughput ≥ 80 % of direct;
// RSS ≤ 60 MB. Run with `make bench` (builds pkg/ first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { machine, PKG_DIR } from './variant.mjs';

const CLI = join(PKG_DIR, 'cli.js');
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run make pkg first`);

/** A server answering every request line with a small result; `flood N` first writes N bytes of tool results. */
const SERVER = `
const flood = Number(process.argv[1] ?? 0);
const result = (id) => JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'x'.repeat(1900) }], isError: false } }) + '\\n';
if (flood > 0) {
  const block = Buffer.from(Array.from({ length: 32 }, (_, i) => result(i)).join(''));
  let left = flood;
  const more = () => {
    while (left > 0) {
      const piece = left >= block.length ? block : block.subarray(0, left);
      left -= piece.length;
      if (!process.stdout.write(piece)) return process.stdout.once('drain', more);
    }
    process.exit(0);
  };
  more();
} else {
  let buffer = '';
  process.stdin.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    for (let n = buffer.indexOf('\\n'); n >= 0; n = buffer.indexOf('\\n')) {
      const { id } = JSON.parse(buffer.slice(0, n));
      buffer = buffer.slice(n + 1);
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: {} }) + '\\n');
    }
  });
}
`;

/** A bare Node relay (the server's stdio piped both ways, nothing else): the floor under the proxy's cost. */
const RELAY = `
const [cmd, ...args] = JSON.parse(process.argv[1]);
const child = require('node:child_process').spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
`;

/** Starts the server: `direct`, behind the `proxy`, or behind the bare `relay`. */
function start(how, flood = 0) {
  const server = [process.execPath, '-e', SERVER, String(flood)];
  const commands = {
    direct: server,
    proxy: [process.execPath, CLI, 'proxy', '--quiet', '--', ...server],
    relay: [process.execPath, '-e', RELAY, JSON.stringify(server)],
  };
  const [cmd, ...args] = commands[how];
  return spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
}

/** A ping client over a started server: `ping()` resolves with the round trip in ms. */
function pinger(child) {
  let buffer = '';
  let waiting;
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    const n = buffer.indexOf('\n');
    if (n >= 0) {
      buffer = buffer.slice(n + 1);
      waiting();
    }
  });
  let id = 0;
  return () => new Promise((resolve) => {
    const start = performance.now();
    waiting = () => resolve(performance.now() - start);
    child.stdin.write(`{"jsonrpc":"2.0","id":${++id},"method":"ping"}\n`);
  });
}

/** Ends a child: stdin closed, then its exit awaited. */
function stop(child) {
  child.stdin.end();
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('close', resolve)));
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Round trips direct and proxied, taking turns: the two sorted lists. */
async function latency(samples, warmup) {
  const direct = start('direct');
  const proxied = start('proxy');
  const [pingDirect, pingProxied] = [pinger(direct), pinger(proxied)];
  const times = { direct: [], proxied: [] };
  for (let i = 0; i < warmup + samples; i++) {
    const a = await pingDirect();
    const b = await pingProxied();
    if (i >= warmup) {
      times.direct.push(a);
      times.proxied.push(b);
    }
  }
  await Promise.all([stop(direct), stop(proxied)]);
  return { direct: times.direct.sort((x, y) => x - y), proxied: times.proxied.sort((x, y) => x - y) };
}

/**
 * Receiving `bytes` of tool results from a flooding server: `{ seconds, startMs }`, the seconds
 * from the first byte to the last (the stream's throughput) and the ms from the spawn to the
 * first byte (starting the server, and the proxy when proxied).
 */
async function stream(how, bytes) {
  const spawned = performance.now();
  const child = start(how, bytes);
  let received = 0;
  let first;
  const last = await new Promise((resolve) => child.stdout.on('data', (chunk) => {
    first ??= performance.now();
    received += chunk.length;
    if (received === bytes) resolve(performance.now());
  }));
  await stop(child);
  return { seconds: (last - first) / 1000, startMs: first - spawned };
}

/** Peak RSS (MB) of the proxy (or the bare `relay`) over a session of `messages` messages (request/answer pairs). */
async function sessionRss(messages, how = 'proxy') {
  const child = start(how);
  const ping = pinger(child);
  for (let i = 0; i < messages / 2; i++) await ping();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
  await stop(child);
  return peak;
}

const { direct, proxied } = await latency(3000, 300);
const added = (q) => (quantile(proxied, q) - quantile(direct, q)) / 2;
const BYTES = 50e6;
const runs = { direct: [], proxy: [], relay: [] };
// Five rounds taking turns: on a loaded machine a direct run alone moved by 3× between runs.
const ROUNDS = 5;
for (let i = 0; i < ROUNDS; i++) for (const how of Object.keys(runs)) runs[how].push(await stream(how, BYTES));
const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
const mbps = (how) => BYTES / 1e6 / median(runs[how].map((r) => r.seconds));
const throughput = { direct: mbps('direct'), proxied: mbps('proxy'), relay: mbps('relay') };
const startup = { direct: median(runs.direct.map((r) => r.startMs)), proxied: median(runs.proxy.map((r) => r.startMs)) };
const ratio = throughput.proxied / throughput.direct;
const rss = await sessionRss(10000);
const relayRss = await sessionRss(10000, 'relay');

console.log(`proxy overhead — ${machine()}\n`);
console.log('| measure | direct | proxied | added per message | target |');
console.log('|---|---:|---:|---:|---|');
console.log(`| round trip p50 (ms) | ${quantile(direct, 0.5).toFixed(3)} | ${quantile(proxied, 0.5).toFixed(3)} | ${added(0.5).toFixed(3)} ms | ≤ 0.2 ms: ${added(0.5) <= 0.2 ? 'met' : 'NOT met'} |`);
console.log(`| round trip p99 (ms) | ${quantile(direct, 0.99).toFixed(3)} | ${quantile(proxied, 0.99).toFixed(3)} | ${added(0.99).toFixed(3)} ms | ≤ 2 ms: ${added(0.99) <= 2 ? 'met' : 'NOT met'} |`);
console.log(`| 50 MB of tool results, first to last byte (MB/s, median of 5) | ${throughput.direct.toFixed(0)} | ${throughput.proxied.toFixed(0)} | ${(ratio * 100).toFixed(0)} % of direct | ≥ 80 %: ${ratio >= 0.8 ? 'met' : 'NOT met'} |`);
console.log(`| the same through a bare Node pipe relay, no checker (MB/s) | ${throughput.direct.toFixed(0)} | ${throughput.relay.toFixed(0)} | ${((throughput.relay / throughput.direct) * 100).toFixed(0)} % of direct | (floor) |`);
console.log(`| start to first byte (ms, median of 5) | ${startup.direct.toFixed(0)} | ${startup.proxied.toFixed(0)} | ${(startup.proxied - startup.direct).toFixed(0)} ms once | – |`);
console.log(`| proxy peak RSS, 10,000-message session (MB) | – | ${rss.toFixed(1)} | – | ≤ 60 MB: ${rss <= 60 ? 'met' : 'NOT met'} |`);
console.log(`| the bare Node relay's peak RSS, same session (MB) | – | ${relayRss.toFixed(1)} | – | (floor) |`);
